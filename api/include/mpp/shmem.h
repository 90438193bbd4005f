/* mpp/shmem.h: the legacy include path, as Cray's: the interface of
 * <shmem.h> with Cray's extensions of <shmemx.h> (programs written for
 * Cray SHMEM call shmemx_ routines with only this header included). */
#include <shmem.h>
#include <shmemx.h>

/* Cray T3D/T3E's all-PE barrier (shmem_barrier_all: it completes the
 * caller's puts first) and job exit (shmem_global_exit). */
void barrier(void);
void globalexit(int status);
