/* shmemx.h: Cray SHMEM extensions (shmemx_*) implemented by shmemsim. */
#ifndef SHMEMX_H
#define SHMEMX_H

#include <shmem.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Each PE sends s_sizes[i] bytes at source + s_offsets[i] to member i of the
 * active set, which stores them at target + t_offsets[j] (j = the sender's
 * index); on return t_sizes[j] holds the bytes received from member j.  With
 * SHMEM_ALLTOALLV_TSIZE_CHK=abort|trunc, t_sizes[j] must hold on entry the
 * most bytes accepted from member j. */
void shmemx_alltoallv(void *target, size_t *t_offsets, size_t *t_sizes, const void *source,
                      size_t *s_offsets, size_t *s_sizes, int PE_start, int logPE_stride,
                      int PE_size, long *pSync);
/* Like shmemx_alltoallv, but incoming data is packed contiguously into
 * target in an order the network decides; *t_size receives the bytes
 * deposited, at most target_len are expected. */
void shmemx_alltoallv_packed(void *target, size_t target_len, size_t *t_size,
                             const void *source, size_t *s_offsets, size_t *s_sizes,
                             int PE_start, int logPE_stride, int PE_size, long *pSync);

#ifdef __cplusplus
}
#endif

#endif
