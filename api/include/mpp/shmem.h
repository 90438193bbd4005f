/* mpp/shmem.h: the legacy include path, as Cray's: the interface of
 * <shmem.h> with Cray's extensions of <shmemx.h> (programs written for
 * Cray SHMEM call shmemx_ routines with only this header included). */
#ifndef SHMEMSIM_MPP_SHMEM_H
#define SHMEMSIM_MPP_SHMEM_H
#include <shmem.h>
#include <shmemx.h>

#ifdef __cplusplus
extern "C" {
#endif
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
#ifdef __cplusplus
}
#endif

/* Cray Research's untyped transfers and collectives (T3D/T3E libsma),
 * which move 64-bit words, as shmem_put64 and the rest do: C routines
 * (the names in parentheses, as C11 makes them generic macros too); a C11
 * generic call whose pointer has no type of its own (void *, a struct)
 * selects them, and in C++ they are overloads for void *. */
#ifndef __cplusplus
void(shmem_put)(void *dest, const void *source, size_t nelems, int pe);
void(shmem_get)(void *dest, const void *source, size_t nelems, int pe);
void(shmem_iput)(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                 int pe);
void(shmem_iget)(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                 int pe);
void(shmem_broadcast)(void *dest, const void *source, size_t nelems, int PE_root, int PE_start,
                      int logPE_stride, int PE_size, long *pSync);
void(shmem_collect)(void *dest, const void *source, size_t nelems, int PE_start,
                    int logPE_stride, int PE_size, long *pSync);
void(shmem_fcollect)(void *dest, const void *source, size_t nelems, int PE_start,
                     int logPE_stride, int PE_size, long *pSync);
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#undef shmemi_put_4
#undef shmemi_get_4
#undef shmemi_iput_6
#undef shmemi_iget_6
#define shmemi_put_4(p, ...) \
    _Generic(*(p), SHMEMI_RMA(SHMEMI_GA, _put) default: (shmem_put))(p, __VA_ARGS__)
#define shmemi_get_4(p, ...) \
    _Generic(*(p), SHMEMI_RMA(SHMEMI_GA, _get) default: (shmem_get))(p, __VA_ARGS__)
#define shmemi_iput_6(p, ...) \
    _Generic(*(p), SHMEMI_RMA(SHMEMI_GA, _iput) default: (shmem_iput))(p, __VA_ARGS__)
#define shmemi_iget_6(p, ...) \
    _Generic(*(p), SHMEMI_RMA(SHMEMI_GA, _iget) default: (shmem_iget))(p, __VA_ARGS__)
#endif
#else
SHMEMI_RMA_FORWARD(SHMEMI_CXXFN, shmem_, , 64)
#endif
#endif
