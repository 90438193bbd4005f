/* mpp/shmem.h: the legacy include path, as Cray's: the interface of
 * <shmem.h> with Cray's extensions of <shmemx.h> (programs written for
 * Cray SHMEM call shmemx_ routines with only this header included). */
#include <shmem.h>
#include <shmemx.h>

/* Cray T3D/T3E's all-PE barrier (shmem_barrier_all: it completes the
 * caller's puts first) and job exit (shmem_global_exit). */
void barrier(void);
void globalexit(int status);

/* Cray SHMEM's (MPT 7) non-blocking puts and gets with a transfer handle
 * last (Cray's later shmemx_TYPE_put_nb and the standard _nbi calls are
 * the same transfers): shmem_quiet (or a barrier) completes them; the
 * handle is left as it is. */
#define SHMEMI_CRAY_NB(T, N, a)                                                           \
    void shmem_##N##_put_nb(T *dest, const T *source, size_t nelems, int pe, void **handle); \
    void shmem_##N##_get_nb(T *dest, const T *source, size_t nelems, int pe, void **handle);
SHMEM_RMA_TYPES(SHMEMI_CRAY_NB, )
#define SHMEMI_CRAY_NB_SIZED(BITS, BYTES, a)                                              \
    void shmem_put##BITS##_nb(void *dest, const void *source, size_t nelems, int pe,      \
                              void **handle);                                             \
    void shmem_get##BITS##_nb(void *dest, const void *source, size_t nelems, int pe,      \
                              void **handle);
SHMEM_RMA_SIZES(SHMEMI_CRAY_NB_SIZED, )
void shmem_putmem_nb(void *dest, const void *source, size_t nelems, int pe, void **handle);
void shmem_getmem_nb(void *dest, const void *source, size_t nelems, int pe, void **handle);
#undef SHMEMI_CRAY_NB
#undef SHMEMI_CRAY_NB_SIZED
