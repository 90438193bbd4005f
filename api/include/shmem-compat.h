/* shmemsim: legacy names some implementations declare beside <shmem.h>
 * (Open MPI's header of this name).  <shmem.h> does not include this
 * file: programs often call their own variables my_pe or num_pes. */
#ifndef SHMEMSIM_SHMEM_COMPAT_H
#define SHMEMSIM_SHMEM_COMPAT_H

#include <shmem.h>

#ifdef __cplusplus
extern "C" {
#endif

int my_pe(void);
int num_pes(void);

#ifdef __cplusplus
}
#endif

#endif
