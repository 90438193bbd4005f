/* shmem.h: the OpenSHMEM interface implemented by shmemsim.
 *
 * Programs include this unchanged and are built with shmemsim-cc; every
 * routine runs against the simulator's memories and network.  Typed
 * families are generated from the type tables below. */
#ifndef SHMEM_H
#define SHMEM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define SHMEM_MAX_NAME_LEN 256
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define SHMEM_VENDOR_STRING "shmemsim (deterministic SHMEM simulator)"
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING

/* Point-to-point comparison operators. */
#define SHMEM_CMP_EQ 1
#define SHMEM_CMP_NE 2
#define SHMEM_CMP_GT 3
#define SHMEM_CMP_GE 4
#define SHMEM_CMP_LT 5
#define SHMEM_CMP_LE 6
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_GE SHMEM_CMP_GE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_LE SHMEM_CMP_LE

/* Library setup and query */
void shmem_init(void);
void shmem_finalize(void);
int shmem_my_pe(void);
int shmem_n_pes(void);
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);

/* Symmetric heap */
void *shmem_malloc(size_t size);
void *shmem_calloc(size_t count, size_t size);
void *shmem_align(size_t alignment, size_t size);
void *shmem_realloc(void *ptr, size_t size);
void shmem_free(void *ptr);
void *shmalloc(size_t size);
void *shmemalign(size_t alignment, size_t size);
void *shrealloc(void *ptr, size_t size);
void shfree(void *ptr);

/* Ordering, completion and synchronisation */
void shmem_quiet(void);
void shmem_fence(void);
void shmem_barrier_all(void);

#include "shmem_p2p.h"

/* ---- Active-set collectives ------------------------------------------
 * pSync sizes are what shmemsim's protocols use: the dissemination barrier
 * needs one word per round (up to 2^20 PEs), the other collectives at most
 * four.  pSync must hold SHMEM_SYNC_VALUE before first use and is restored
 * on return. */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_BARRIER_SYNC_SIZE 24
#define SHMEM_BCAST_SYNC_SIZE 4
#define SHMEM_REDUCE_SYNC_SIZE 4
#define SHMEM_COLLECT_SYNC_SIZE 4
#define SHMEM_ALLTOALL_SYNC_SIZE 4
#define SHMEM_ALLTOALLS_SYNC_SIZE 4
#define SHMEM_SYNC_SIZE 24
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 16
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_ALLTOALL_SYNC_SIZE SHMEM_ALLTOALL_SYNC_SIZE
#define _SHMEM_ALLTOALLS_SYNC_SIZE SHMEM_ALLTOALLS_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE

/* Reduction types: X(TYPE, TYPENAME).  Integer types take and/or/xor,
 * min/max and sum/prod; floating types min/max and sum/prod; complex types
 * sum/prod. */
#define SHMEM_REDUCE_INT_TYPES(X) \
    X(short, short) X(int, int) X(long, long) X(long long, longlong)
#define SHMEM_REDUCE_FLOAT_TYPES(X) \
    X(float, float) X(double, double) X(long double, longdouble)
#ifndef __cplusplus
#define SHMEM_REDUCE_COMPLEX_TYPES(X) \
    X(float _Complex, complexf) X(double _Complex, complexd)
#else
#define SHMEM_REDUCE_COMPLEX_TYPES(X)
#endif

void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_sync_all(void);
void shmem_broadcast32(void *dest, const void *source, size_t nelems, int PE_root,
                       int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_broadcast64(void *dest, const void *source, size_t nelems, int PE_root,
                       int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_collect32(void *dest, const void *source, size_t nelems, int PE_start,
                     int logPE_stride, int PE_size, long *pSync);
void shmem_collect64(void *dest, const void *source, size_t nelems, int PE_start,
                     int logPE_stride, int PE_size, long *pSync);
void shmem_fcollect32(void *dest, const void *source, size_t nelems, int PE_start,
                      int logPE_stride, int PE_size, long *pSync);
void shmem_fcollect64(void *dest, const void *source, size_t nelems, int PE_start,
                      int logPE_stride, int PE_size, long *pSync);
void shmem_alltoall32(void *dest, const void *source, size_t nelems, int PE_start,
                      int logPE_stride, int PE_size, long *pSync);
void shmem_alltoall64(void *dest, const void *source, size_t nelems, int PE_start,
                      int logPE_stride, int PE_size, long *pSync);
void shmem_alltoalls32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                       size_t nelems, int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_alltoalls64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                       size_t nelems, int PE_start, int logPE_stride, int PE_size, long *pSync);

#define SHMEM_DECL_TO_ALL(T, N, OP)                                                  \
    void shmem_##N##_##OP##_to_all(T *target, const T *source, int nreduce,          \
                                   int PE_start, int logPE_stride, int PE_size,      \
                                   T *pWrk, long *pSync);
#define SHMEM_DECL_BITWISE(T, N) \
    SHMEM_DECL_TO_ALL(T, N, and) SHMEM_DECL_TO_ALL(T, N, or) SHMEM_DECL_TO_ALL(T, N, xor)
#define SHMEM_DECL_MINMAX(T, N) SHMEM_DECL_TO_ALL(T, N, min) SHMEM_DECL_TO_ALL(T, N, max)
#define SHMEM_DECL_ARITH(T, N) SHMEM_DECL_TO_ALL(T, N, sum) SHMEM_DECL_TO_ALL(T, N, prod)
SHMEM_REDUCE_INT_TYPES(SHMEM_DECL_BITWISE)
SHMEM_REDUCE_INT_TYPES(SHMEM_DECL_MINMAX)
SHMEM_REDUCE_FLOAT_TYPES(SHMEM_DECL_MINMAX)
SHMEM_REDUCE_INT_TYPES(SHMEM_DECL_ARITH)
SHMEM_REDUCE_FLOAT_TYPES(SHMEM_DECL_ARITH)
SHMEM_REDUCE_COMPLEX_TYPES(SHMEM_DECL_ARITH)
#undef SHMEM_DECL_TO_ALL
#undef SHMEM_DECL_BITWISE
#undef SHMEM_DECL_MINMAX
#undef SHMEM_DECL_ARITH
/* ---- end of active-set collectives ---- */

#ifdef __cplusplus
}
#endif

#endif
