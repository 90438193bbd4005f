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
/* As other implementations' headers do: C++ programs written against them
 * use std::complex (and <cmath>, which it brings) without an include. */
#include <complex>
extern "C" {
#endif

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
/* Open MPI's version test (its examples refuse to build without it). */
#ifndef OSHMEM_SPEC_VERSION
#define OSHMEM_SPEC_VERSION (SHMEM_MAJOR_VERSION * 10000 + SHMEM_MINOR_VERSION * 100)
#endif
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
 * four; SHMEM_REDUCE_SYNC_SIZE is SHMEM_REDUCE_MIN_WRKDATA_SIZE, so a pWrk
 * sized like pSync (a habit every implementation's constants tolerate) is
 * big enough for small reductions.  pSync must hold SHMEM_SYNC_VALUE
 * before first use and is restored on return. */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_BARRIER_SYNC_SIZE 24
#define SHMEM_BCAST_SYNC_SIZE 4
#define SHMEM_REDUCE_SYNC_SIZE 16
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
#if !defined(__cplusplus) || defined(__GNUC__) /* g++: GNU complex types */
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

/* ---- Team-based collectives (1.5) ----------------------------------------
 * Type tables X(TYPE, TYPENAME) of the team collectives and reductions. */
/* Each table is built from parts so that the C11 generics below take the
 * types with a C type of their own from the same lists (int16_t is short,
 * ...; a _Generic may name each C type once). */
#define SHMEMI_TEAM_CORE(X, a)                                                \
    X(unsigned char, uchar, a) X(unsigned short, ushort, a) X(unsigned int, uint, a) \
    X(unsigned long, ulong, a) X(unsigned long long, ulonglong, a) X(short, short, a) \
    X(int, int, a) X(long, long, a) X(long long, longlong, a)
#define SHMEMI_TEAM_BIT_SIZED(X, a)                                           \
    X(int16_t, int16, a) X(int32_t, int32, a) X(int64_t, int64, a) X(uint8_t, uint8, a) \
    X(uint16_t, uint16, a) X(uint32_t, uint32, a) X(uint64_t, uint64, a) X(size_t, size, a)
#define SHMEMI_TEAM_STD_ONLY(X, a)                                            \
    X(char, char, a) X(signed char, schar, a) X(float, float, a) X(double, double, a) \
    X(long double, longdouble, a)
#define SHMEMI_X2(T, N, X) X(T, N)
#define SHMEM_TEAM_BITWISE_TYPES(X)                                            \
    SHMEMI_TEAM_CORE(SHMEMI_X2, X) X(int8_t, int8) SHMEMI_TEAM_BIT_SIZED(SHMEMI_X2, X)
#define SHMEM_TEAM_STD_TYPES(X)                                                \
    SHMEM_TEAM_BITWISE_TYPES(X) SHMEMI_TEAM_STD_ONLY(SHMEMI_X2, X) X(ptrdiff_t, ptrdiff)
#if !defined(__cplusplus) || defined(__GNUC__) /* g++: GNU complex types */
#define SHMEM_TEAM_COMPLEX_TYPES(X) X(double _Complex, complexd) X(float _Complex, complexf)
#else
#define SHMEM_TEAM_COMPLEX_TYPES(X)
#endif

int shmem_team_sync(shmem_team_t team);
int shmem_broadcastmem(shmem_team_t team, void *dest, const void *source, size_t nelems,
                       int PE_root);
int shmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_fcollectmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_alltoallmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems);

#define SHMEM_DECL_TEAM_COLL(T, N)                                                           \
    int shmem_##N##_broadcast(shmem_team_t team, T *dest, const T *source, size_t nelems,    \
                              int PE_root);                                                  \
    int shmem_##N##_collect(shmem_team_t team, T *dest, const T *source, size_t nelems);     \
    int shmem_##N##_fcollect(shmem_team_t team, T *dest, const T *source, size_t nelems);    \
    int shmem_##N##_alltoall(shmem_team_t team, T *dest, const T *source, size_t nelems);    \
    int shmem_##N##_alltoalls(shmem_team_t team, T *dest, const T *source, ptrdiff_t dst,    \
                              ptrdiff_t sst, size_t nelems);
#define SHMEM_DECL_REDUCE(T, N, OP) \
    int shmem_##N##_##OP##_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);
#define SHMEM_DECL_TEAM_BITWISE(T, N) \
    SHMEM_DECL_REDUCE(T, N, and) SHMEM_DECL_REDUCE(T, N, or) SHMEM_DECL_REDUCE(T, N, xor)
#define SHMEM_DECL_TEAM_MINMAX(T, N) SHMEM_DECL_REDUCE(T, N, min) SHMEM_DECL_REDUCE(T, N, max)
#define SHMEM_DECL_TEAM_ARITH(T, N) SHMEM_DECL_REDUCE(T, N, sum) SHMEM_DECL_REDUCE(T, N, prod)
SHMEM_TEAM_STD_TYPES(SHMEM_DECL_TEAM_COLL)
SHMEM_TEAM_BITWISE_TYPES(SHMEM_DECL_TEAM_BITWISE)
SHMEM_TEAM_STD_TYPES(SHMEM_DECL_TEAM_MINMAX)
SHMEM_TEAM_STD_TYPES(SHMEM_DECL_TEAM_ARITH)
SHMEM_TEAM_COMPLEX_TYPES(SHMEM_DECL_TEAM_ARITH)
/* Scans (1.6): inclusive and exclusive prefix sums along the team. */
#define SHMEM_DECL_TEAM_SCAN(T, N)                                                           \
    int shmem_##N##_sum_inscan(shmem_team_t team, T *dest, const T *source, size_t nelems);  \
    int shmem_##N##_sum_exscan(shmem_team_t team, T *dest, const T *source, size_t nelems);
SHMEM_TEAM_STD_TYPES(SHMEM_DECL_TEAM_SCAN)
SHMEM_TEAM_COMPLEX_TYPES(SHMEM_DECL_TEAM_SCAN)
#undef SHMEM_DECL_TEAM_SCAN
#undef SHMEM_DECL_TEAM_COLL
#undef SHMEM_DECL_REDUCE
#undef SHMEM_DECL_TEAM_BITWISE
#undef SHMEM_DECL_TEAM_MINMAX
#undef SHMEM_DECL_TEAM_ARITH

/* Cray's untyped active-set collectives (see shmem_broadcast below). */
#define shmemi_broadcast_8(...) shmem_broadcast64(__VA_ARGS__)
#define shmemi_collect_7(...) shmem_collect64(__VA_ARGS__)
#define shmemi_fcollect_7(...) shmem_fcollect64(__VA_ARGS__)
#ifdef __cplusplus
#define shmemi_broadcast_5(...) shmem_broadcast(__VA_ARGS__)
#define shmemi_collect_4(...) shmem_collect(__VA_ARGS__)
#define shmemi_fcollect_4(...) shmem_fcollect(__VA_ARGS__)
#endif

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__cplusplus)
/* Type-generic team collectives: the routine for the type of *dest.  Only
 * types with a C type of their own take part (int8_t is signed char, ...). */
#define SHMEMI_TEAM_BIT(X, a) SHMEMI_TEAM_CORE(X, a) X(int8_t, int8, a)
#define SHMEMI_TEAM_MINMAX(X, a) SHMEMI_TEAM_CORE(X, a) SHMEMI_TEAM_STD_ONLY(X, a)
#define SHMEMI_TEAM_ARITH(X, a) \
    SHMEMI_TEAM_MINMAX(X, a) X(double _Complex, complexd, a) X(float _Complex, complexf, a)
/* By argument count: a team first (1.5), or Cray's untyped active-set
 * form, which moves 64-bit words (8 arguments for a broadcast, 7 for a
 * collect). */
#define shmem_broadcast(...) SHMEMI_ARITY(shmemi_broadcast_, __VA_ARGS__)
#define shmem_collect(...) SHMEMI_ARITY(shmemi_collect_, __VA_ARGS__)
#define shmem_fcollect(...) SHMEMI_ARITY(shmemi_fcollect_, __VA_ARGS__)
#define shmemi_broadcast_5(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_MINMAX, _broadcast, dest)(team, dest, __VA_ARGS__)
#define shmemi_collect_4(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_MINMAX, _collect, dest)(team, dest, __VA_ARGS__)
#define shmemi_fcollect_4(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_MINMAX, _fcollect, dest)(team, dest, __VA_ARGS__)
#define shmem_alltoall(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_MINMAX, _alltoall, dest)(team, dest, __VA_ARGS__)
#define shmem_alltoalls(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_MINMAX, _alltoalls, dest)(team, dest, __VA_ARGS__)
#define shmem_and_reduce(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_BIT, _and_reduce, dest)(team, dest, __VA_ARGS__)
#define shmem_or_reduce(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_BIT, _or_reduce, dest)(team, dest, __VA_ARGS__)
#define shmem_xor_reduce(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_BIT, _xor_reduce, dest)(team, dest, __VA_ARGS__)
#define shmem_min_reduce(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_MINMAX, _min_reduce, dest)(team, dest, __VA_ARGS__)
#define shmem_max_reduce(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_MINMAX, _max_reduce, dest)(team, dest, __VA_ARGS__)
#define shmem_sum_reduce(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_ARITH, _sum_reduce, dest)(team, dest, __VA_ARGS__)
#define shmem_prod_reduce(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_ARITH, _prod_reduce, dest)(team, dest, __VA_ARGS__)
#define shmem_sum_inscan(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_ARITH, _sum_inscan, dest)(team, dest, __VA_ARGS__)
#define shmem_sum_exscan(team, dest, ...) \
    SHMEMI_G(SHMEMI_TEAM_ARITH, _sum_exscan, dest)(team, dest, __VA_ARGS__)
/* shmem_sync(team) is shmem_team_sync; the active-set form keeps 4 args. */
#define shmem_sync(...) SHMEMI_ARITY(shmemi_sync_, __VA_ARGS__)
#define shmemi_sync_1(team) shmem_team_sync(team)
#define shmemi_sync_4(a, b, c, d) (shmem_sync)(a, b, c, d)
#endif
/* ---- end of team-based collectives ---- */

#ifdef __cplusplus
}

/* ---- C++: the generic names as overloads ----------------------------------
 * Made from the same type tables as the routines (the types with a C type
 * of their own; int64_t and the like select the routine of the C type they
 * are).  Each forwards to the typed routine, so findings and traces name
 * that routine (always inlined and marked artificial, so a finding names
 * the program's line); the ctx_ forms take the context first. */
#define SHMEMI_CXXFN inline __attribute__((always_inline, artificial))
#define SHMEMI_CXX_RMA(T, N, a)                                                               \
    SHMEMI_CXXFN void shmem_put(T *d, const T *s, size_t n, int pe) { shmem_##N##_put(d, s, n, pe); } \
    SHMEMI_CXXFN void shmem_put(shmem_ctx_t c, T *d, const T *s, size_t n, int pe)                \
    { shmem_ctx_##N##_put(c, d, s, n, pe); }                                                 \
    SHMEMI_CXXFN void shmem_get(T *d, const T *s, size_t n, int pe) { shmem_##N##_get(d, s, n, pe); } \
    SHMEMI_CXXFN void shmem_get(shmem_ctx_t c, T *d, const T *s, size_t n, int pe)                \
    { shmem_ctx_##N##_get(c, d, s, n, pe); }                                                 \
    SHMEMI_CXXFN void shmem_put_nbi(T *d, const T *s, size_t n, int pe)                           \
    { shmem_##N##_put_nbi(d, s, n, pe); }                                                    \
    SHMEMI_CXXFN void shmem_put_nbi(shmem_ctx_t c, T *d, const T *s, size_t n, int pe)            \
    { shmem_ctx_##N##_put_nbi(c, d, s, n, pe); }                                             \
    SHMEMI_CXXFN void shmem_get_nbi(T *d, const T *s, size_t n, int pe)                           \
    { shmem_##N##_get_nbi(d, s, n, pe); }                                                    \
    SHMEMI_CXXFN void shmem_get_nbi(shmem_ctx_t c, T *d, const T *s, size_t n, int pe)            \
    { shmem_ctx_##N##_get_nbi(c, d, s, n, pe); }                                             \
    SHMEMI_CXXFN void shmem_iput(T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe) \
    { shmem_##N##_iput(d, s, dst, sst, n, pe); }                                             \
    SHMEMI_CXXFN void shmem_iget(T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe) \
    { shmem_##N##_iget(d, s, dst, sst, n, pe); }                                             \
    SHMEMI_CXXFN void shmem_p(T *d, T v, int pe) { shmem_##N##_p(d, v, pe); }                      \
    SHMEMI_CXXFN void shmem_p(shmem_ctx_t c, T *d, T v, int pe) { shmem_ctx_##N##_p(c, d, v, pe); } \
    SHMEMI_CXXFN T shmem_g(const T *s, int pe) { return shmem_##N##_g(s, pe); }                    \
    SHMEMI_CXXFN T shmem_g(shmem_ctx_t c, const T *s, int pe) { return shmem_ctx_##N##_g(c, s, pe); } \
    SHMEMI_CXXFN void shmem_put_signal(T *d, const T *s, size_t n, uint64_t *sig, uint64_t v,      \
                                 int op, int pe)                                             \
    { shmem_##N##_put_signal(d, s, n, sig, v, op, pe); }
SHMEM_RMA_STD_TYPES(SHMEMI_CXX_RMA, )

#define SHMEMI_CXX_AMO_EXT(T, N, a)                                                           \
    SHMEMI_CXXFN T shmem_atomic_fetch(const T *s, int pe) { return shmem_##N##_atomic_fetch(s, pe); } \
    SHMEMI_CXXFN T shmem_atomic_fetch(shmem_ctx_t c, const T *s, int pe)                          \
    { return shmem_ctx_##N##_atomic_fetch(c, s, pe); }                                       \
    SHMEMI_CXXFN void shmem_atomic_set(T *d, T v, int pe) { shmem_##N##_atomic_set(d, v, pe); }    \
    SHMEMI_CXXFN void shmem_atomic_set(shmem_ctx_t c, T *d, T v, int pe)                          \
    { shmem_ctx_##N##_atomic_set(c, d, v, pe); }                                             \
    SHMEMI_CXXFN T shmem_atomic_swap(T *d, T v, int pe) { return shmem_##N##_atomic_swap(d, v, pe); } \
    SHMEMI_CXXFN T shmem_atomic_swap(shmem_ctx_t c, T *d, T v, int pe)                            \
    { return shmem_ctx_##N##_atomic_swap(c, d, v, pe); }
SHMEM_AMO_STD_TYPES(SHMEMI_CXX_AMO_EXT, )
SHMEM_AMO_EXT_ONLY_TYPES(SHMEMI_CXX_AMO_EXT, )

/* The deprecated generic atomics (no ctx forms).  shmem_swap on a long is
 * the untyped legacy routine itself (declared with C linkage above); the
 * other types reach theirs through a template, which that exact match
 * outranks. */
#define SHMEMI_CXX_DEPR_AMO(T, N, a)                                                          \
    SHMEMI_CXXFN void shmem_add(T *d, T v, int pe) { shmem_##N##_add(d, v, pe); }                \
    SHMEMI_CXXFN void shmem_inc(T *d, int pe) { shmem_##N##_inc(d, pe); }                        \
    SHMEMI_CXXFN T shmem_fadd(T *d, T v, int pe) { return shmem_##N##_fadd(d, v, pe); }          \
    SHMEMI_CXXFN T shmem_finc(T *d, int pe) { return shmem_##N##_finc(d, pe); }                  \
    SHMEMI_CXXFN T shmem_cswap(T *d, T c, T v, int pe) { return shmem_##N##_cswap(d, c, v, pe); }
SHMEM_AMO_STD_TYPES(SHMEMI_CXX_DEPR_AMO, )
#define SHMEMI_CXX_DEPR_AMO_EXT(T, N, a)                                                      \
    SHMEMI_CXXFN T shmem_fetch(const T *s, int pe) { return shmem_##N##_fetch(s, pe); }          \
    SHMEMI_CXXFN void shmem_set(T *d, T v, int pe) { shmem_##N##_set(d, v, pe); }                \
    SHMEMI_CXXFN T shmemi_cxx_swap(T *d, T v, int pe) { return shmem_##N##_swap(d, v, pe); }
SHMEM_AMO_STD_TYPES(SHMEMI_CXX_DEPR_AMO_EXT, )
SHMEM_AMO_EXT_ONLY_TYPES(SHMEMI_CXX_DEPR_AMO_EXT, )
template <typename T> SHMEMI_CXXFN T shmem_swap(T *d, T v, int pe) { return shmemi_cxx_swap(d, v, pe); }

#define SHMEMI_CXX_AMO(T, N, a)                                                               \
    SHMEMI_CXXFN T shmem_atomic_compare_swap(T *d, T c, T v, int pe)                              \
    { return shmem_##N##_atomic_compare_swap(d, c, v, pe); }                                 \
    SHMEMI_CXXFN T shmem_atomic_fetch_inc(T *d, int pe) { return shmem_##N##_atomic_fetch_inc(d, pe); } \
    SHMEMI_CXXFN void shmem_atomic_inc(T *d, int pe) { shmem_##N##_atomic_inc(d, pe); }            \
    SHMEMI_CXXFN T shmem_atomic_fetch_add(T *d, T v, int pe)                                      \
    { return shmem_##N##_atomic_fetch_add(d, v, pe); }                                       \
    SHMEMI_CXXFN void shmem_atomic_add(T *d, T v, int pe) { shmem_##N##_atomic_add(d, v, pe); }
SHMEM_AMO_STD_TYPES(SHMEMI_CXX_AMO, )
/* Waits and tests: the point-to-point synchronization types, with the
 * deprecated short and unsigned short. */
#define SHMEMI_CXX_P2P(T, N, a)                                                               \
    SHMEMI_CXXFN void shmem_wait_until_all(T *v, size_t n, const int *st, int cmp, T x)            \
    { shmem_##N##_wait_until_all(v, n, st, cmp, x); }                                        \
    SHMEMI_CXXFN size_t shmem_wait_until_any(T *v, size_t n, const int *st, int cmp, T x)          \
    { return shmem_##N##_wait_until_any(v, n, st, cmp, x); }                                 \
    SHMEMI_CXXFN size_t shmem_wait_until_some(T *v, size_t n, size_t *ix, const int *st, int cmp, T x) \
    { return shmem_##N##_wait_until_some(v, n, ix, st, cmp, x); }                            \
    SHMEMI_CXXFN int shmem_test(T *v, int cmp, T x) { return shmem_##N##_test(v, cmp, x); }        \
    SHMEMI_CXXFN int shmem_test_all(T *v, size_t n, const int *st, int cmp, T x)                  \
    { return shmem_##N##_test_all(v, n, st, cmp, x); }                                       \
    SHMEMI_CXXFN size_t shmem_test_any(T *v, size_t n, const int *st, int cmp, T x)               \
    { return shmem_##N##_test_any(v, n, st, cmp, x); }                                       \
    SHMEMI_CXXFN size_t shmem_test_some(T *v, size_t n, size_t *ix, const int *st, int cmp, T x)  \
    { return shmem_##N##_test_some(v, n, ix, st, cmp, x); }                                  \
    SHMEMI_CXXFN void shmem_wait_until_all_vector(T *v, size_t n, const int *st, int cmp, T *x)    \
    { shmem_##N##_wait_until_all_vector(v, n, st, cmp, x); }                                 \
    SHMEMI_CXXFN size_t shmem_wait_until_any_vector(T *v, size_t n, const int *st, int cmp, T *x)  \
    { return shmem_##N##_wait_until_any_vector(v, n, st, cmp, x); }                          \
    SHMEMI_CXXFN size_t shmem_wait_until_some_vector(T *v, size_t n, size_t *ix, const int *st,    \
                                                     int cmp, T *x)                            \
    { return shmem_##N##_wait_until_some_vector(v, n, ix, st, cmp, x); }                     \
    SHMEMI_CXXFN int shmem_test_all_vector(T *v, size_t n, const int *st, int cmp, T *x)           \
    { return shmem_##N##_test_all_vector(v, n, st, cmp, x); }                                \
    SHMEMI_CXXFN size_t shmem_test_any_vector(T *v, size_t n, const int *st, int cmp, T *x)        \
    { return shmem_##N##_test_any_vector(v, n, st, cmp, x); }                                \
    SHMEMI_CXXFN size_t shmem_test_some_vector(T *v, size_t n, size_t *ix, const int *st, int cmp, \
                                               T *x)                                           \
    { return shmem_##N##_test_some_vector(v, n, ix, st, cmp, x); }
SHMEM_P2P_STD_TYPES(SHMEMI_CXX_P2P, )
/* The 1.6 signal updates with a context (without one: the C routines). */
SHMEMI_CXXFN void shmem_signal_add(shmem_ctx_t c, uint64_t *s, uint64_t v, int pe)
{ shmem_ctx_signal_add(c, s, v, pe); }
SHMEMI_CXXFN void shmem_signal_set(shmem_ctx_t c, uint64_t *s, uint64_t v, int pe)
{ shmem_ctx_signal_set(c, s, v, pe); }
/* shmem_wait_until on long is the deprecated untyped C routine itself. */
#define SHMEMI_CXX_WAIT(T, N, a)                                                              \
    SHMEMI_CXXFN void shmem_wait_until(T *v, int cmp, T x) { shmem_##N##_wait_until(v, cmp, x); }
SHMEMI_CXX_WAIT(int, int, ) SHMEMI_CXX_WAIT(long long, longlong, )
SHMEMI_CXX_WAIT(unsigned int, uint, ) SHMEMI_CXX_WAIT(unsigned long, ulong, )
SHMEMI_CXX_WAIT(unsigned long long, ulonglong, )
SHMEMI_CXX_WAIT(short, short, ) SHMEMI_CXX_WAIT(unsigned short, ushort, )

#define SHMEMI_CXX_BIT(T, N, a)                                                               \
    SHMEMI_CXXFN T shmem_atomic_fetch_and(T *d, T v, int pe)                                      \
    { return shmem_##N##_atomic_fetch_and(d, v, pe); }                                       \
    SHMEMI_CXXFN void shmem_atomic_and(T *d, T v, int pe) { shmem_##N##_atomic_and(d, v, pe); }    \
    SHMEMI_CXXFN T shmem_atomic_fetch_or(T *d, T v, int pe) { return shmem_##N##_atomic_fetch_or(d, v, pe); } \
    SHMEMI_CXXFN void shmem_atomic_or(T *d, T v, int pe) { shmem_##N##_atomic_or(d, v, pe); }      \
    SHMEMI_CXXFN T shmem_atomic_fetch_xor(T *d, T v, int pe)                                      \
    { return shmem_##N##_atomic_fetch_xor(d, v, pe); }                                       \
    SHMEMI_CXXFN void shmem_atomic_xor(T *d, T v, int pe) { shmem_##N##_atomic_xor(d, v, pe); }
SHMEM_AMO_BIT_STD_TYPES(SHMEMI_CXX_BIT, )

/* The ctx_ and _nbi forms and the rest of the RMA family. */
#define SHMEMI_CXX_RMA2(T, N, a)                                                              \
    SHMEMI_CXXFN void shmem_iput(shmem_ctx_t c, T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst,   \
                                 size_t n, int pe)                                           \
    { shmem_ctx_##N##_iput(c, d, s, dst, sst, n, pe); }                                      \
    SHMEMI_CXXFN void shmem_iget(shmem_ctx_t c, T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst,   \
                                 size_t n, int pe)                                           \
    { shmem_ctx_##N##_iget(c, d, s, dst, sst, n, pe); }                                      \
    SHMEMI_CXXFN void shmem_ibput(T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t b,      \
                                  size_t nb, int pe)                                         \
    { shmem_##N##_ibput(d, s, dst, sst, b, nb, pe); }                                        \
    SHMEMI_CXXFN void shmem_ibput(shmem_ctx_t c, T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst,  \
                                  size_t b, size_t nb, int pe)                               \
    { shmem_ctx_##N##_ibput(c, d, s, dst, sst, b, nb, pe); }                                 \
    SHMEMI_CXXFN void shmem_ibget(T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst, size_t b,      \
                                  size_t nb, int pe)                                         \
    { shmem_##N##_ibget(d, s, dst, sst, b, nb, pe); }                                        \
    SHMEMI_CXXFN void shmem_ibget(shmem_ctx_t c, T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst,  \
                                  size_t b, size_t nb, int pe)                               \
    { shmem_ctx_##N##_ibget(c, d, s, dst, sst, b, nb, pe); }                                 \
    SHMEMI_CXXFN void shmem_put_signal(shmem_ctx_t c, T *d, const T *s, size_t n, uint64_t *sig,  \
                                       uint64_t v, int op, int pe)                           \
    { shmem_ctx_##N##_put_signal(c, d, s, n, sig, v, op, pe); }                              \
    SHMEMI_CXXFN void shmem_put_signal_nbi(T *d, const T *s, size_t n, uint64_t *sig, uint64_t v, \
                                           int op, int pe)                                   \
    { shmem_##N##_put_signal_nbi(d, s, n, sig, v, op, pe); }                                 \
    SHMEMI_CXXFN void shmem_put_signal_nbi(shmem_ctx_t c, T *d, const T *s, size_t n,             \
                                           uint64_t *sig, uint64_t v, int op, int pe)        \
    { shmem_ctx_##N##_put_signal_nbi(c, d, s, n, sig, v, op, pe); }
SHMEM_RMA_STD_TYPES(SHMEMI_CXX_RMA2, )

#define SHMEMI_CXX_AMO_EXT_NBI(T, N, a)                                                       \
    SHMEMI_CXXFN void shmem_atomic_fetch_nbi(T *f, const T *s, int pe)                            \
    { shmem_##N##_atomic_fetch_nbi(f, s, pe); }                                              \
    SHMEMI_CXXFN void shmem_atomic_fetch_nbi(shmem_ctx_t c, T *f, const T *s, int pe)             \
    { shmem_ctx_##N##_atomic_fetch_nbi(c, f, s, pe); }                                       \
    SHMEMI_CXXFN void shmem_atomic_swap_nbi(T *f, T *d, T v, int pe)                              \
    { shmem_##N##_atomic_swap_nbi(f, d, v, pe); }                                            \
    SHMEMI_CXXFN void shmem_atomic_swap_nbi(shmem_ctx_t c, T *f, T *d, T v, int pe)               \
    { shmem_ctx_##N##_atomic_swap_nbi(c, f, d, v, pe); }
SHMEM_AMO_STD_TYPES(SHMEMI_CXX_AMO_EXT_NBI, )
SHMEM_AMO_EXT_ONLY_TYPES(SHMEMI_CXX_AMO_EXT_NBI, )

#define SHMEMI_CXX_AMO_CTX(T, N, a)                                                           \
    SHMEMI_CXXFN T shmem_atomic_compare_swap(shmem_ctx_t x, T *d, T c, T v, int pe)               \
    { return shmem_ctx_##N##_atomic_compare_swap(x, d, c, v, pe); }                          \
    SHMEMI_CXXFN T shmem_atomic_fetch_inc(shmem_ctx_t c, T *d, int pe)                            \
    { return shmem_ctx_##N##_atomic_fetch_inc(c, d, pe); }                                   \
    SHMEMI_CXXFN void shmem_atomic_inc(shmem_ctx_t c, T *d, int pe)                               \
    { shmem_ctx_##N##_atomic_inc(c, d, pe); }                                                \
    SHMEMI_CXXFN T shmem_atomic_fetch_add(shmem_ctx_t c, T *d, T v, int pe)                       \
    { return shmem_ctx_##N##_atomic_fetch_add(c, d, v, pe); }                                \
    SHMEMI_CXXFN void shmem_atomic_add(shmem_ctx_t c, T *d, T v, int pe)                          \
    { shmem_ctx_##N##_atomic_add(c, d, v, pe); }                                             \
    SHMEMI_CXXFN void shmem_atomic_compare_swap_nbi(T *f, T *d, T c, T v, int pe)                 \
    { shmem_##N##_atomic_compare_swap_nbi(f, d, c, v, pe); }                                 \
    SHMEMI_CXXFN void shmem_atomic_compare_swap_nbi(shmem_ctx_t x, T *f, T *d, T c, T v, int pe)  \
    { shmem_ctx_##N##_atomic_compare_swap_nbi(x, f, d, c, v, pe); }                          \
    SHMEMI_CXXFN void shmem_atomic_fetch_inc_nbi(T *f, T *d, int pe)                              \
    { shmem_##N##_atomic_fetch_inc_nbi(f, d, pe); }                                          \
    SHMEMI_CXXFN void shmem_atomic_fetch_inc_nbi(shmem_ctx_t c, T *f, T *d, int pe)               \
    { shmem_ctx_##N##_atomic_fetch_inc_nbi(c, f, d, pe); }                                   \
    SHMEMI_CXXFN void shmem_atomic_fetch_add_nbi(T *f, T *d, T v, int pe)                         \
    { shmem_##N##_atomic_fetch_add_nbi(f, d, v, pe); }                                       \
    SHMEMI_CXXFN void shmem_atomic_fetch_add_nbi(shmem_ctx_t c, T *f, T *d, T v, int pe)          \
    { shmem_ctx_##N##_atomic_fetch_add_nbi(c, f, d, v, pe); }
SHMEM_AMO_STD_TYPES(SHMEMI_CXX_AMO_CTX, )

#define SHMEMI_CXX_BIT_CTX1(T, N, op)                                                         \
    SHMEMI_CXXFN T shmem_atomic_fetch_##op(shmem_ctx_t c, T *d, T v, int pe)                      \
    { return shmem_ctx_##N##_atomic_fetch_##op(c, d, v, pe); }                               \
    SHMEMI_CXXFN void shmem_atomic_##op(shmem_ctx_t c, T *d, T v, int pe)                         \
    { shmem_ctx_##N##_atomic_##op(c, d, v, pe); }                                            \
    SHMEMI_CXXFN void shmem_atomic_fetch_##op##_nbi(T *f, T *d, T v, int pe)                      \
    { shmem_##N##_atomic_fetch_##op##_nbi(f, d, v, pe); }                                    \
    SHMEMI_CXXFN void shmem_atomic_fetch_##op##_nbi(shmem_ctx_t c, T *f, T *d, T v, int pe)       \
    { shmem_ctx_##N##_atomic_fetch_##op##_nbi(c, f, d, v, pe); }
#define SHMEMI_CXX_BIT_CTX(T, N, a)                                                           \
    SHMEMI_CXX_BIT_CTX1(T, N, and) SHMEMI_CXX_BIT_CTX1(T, N, or) SHMEMI_CXX_BIT_CTX1(T, N, xor)
SHMEM_AMO_BIT_STD_TYPES(SHMEMI_CXX_BIT_CTX, )

/* Scans, and the complex sums and products (g++'s complex types). */
#define SHMEMI_CXX_SCAN(T, N, a)                                                              \
    SHMEMI_CXXFN int shmem_sum_inscan(shmem_team_t t, T *d, const T *s, size_t n)                 \
    { return shmem_##N##_sum_inscan(t, d, s, n); }                                           \
    SHMEMI_CXXFN int shmem_sum_exscan(shmem_team_t t, T *d, const T *s, size_t n)                 \
    { return shmem_##N##_sum_exscan(t, d, s, n); }
SHMEMI_TEAM_CORE(SHMEMI_CXX_SCAN, )
SHMEMI_TEAM_STD_ONLY(SHMEMI_CXX_SCAN, )
#define SHMEMI_CXX_COMPLEX(T, N)                                                              \
    SHMEMI_CXXFN int shmem_sum_reduce(shmem_team_t t, T *d, const T *s, size_t n)                 \
    { return shmem_##N##_sum_reduce(t, d, s, n); }                                           \
    SHMEMI_CXXFN int shmem_prod_reduce(shmem_team_t t, T *d, const T *s, size_t n)                \
    { return shmem_##N##_prod_reduce(t, d, s, n); }                                          \
    SHMEMI_CXX_SCAN(T, N, )
SHMEM_TEAM_COMPLEX_TYPES(SHMEMI_CXX_COMPLEX)
/* shmem_sync(team) is shmem_team_sync (the active-set form is the C routine). */
SHMEMI_CXXFN int shmem_sync(shmem_team_t t) { return shmem_team_sync(t); }
/* Cray's untyped active-set collectives (64-bit words). */
SHMEMI_CXXFN void shmem_broadcast(void *d, const void *s, size_t n, int root, int start, int lstride,
                                  int size, long *psync)
{ shmem_broadcast64(d, s, n, root, start, lstride, size, psync); }
SHMEMI_CXXFN void shmem_collect(void *d, const void *s, size_t n, int start, int lstride, int size,
                                long *psync)
{ shmem_collect64(d, s, n, start, lstride, size, psync); }
SHMEMI_CXXFN void shmem_fcollect(void *d, const void *s, size_t n, int start, int lstride, int size,
                                 long *psync)
{ shmem_fcollect64(d, s, n, start, lstride, size, psync); }

#define SHMEMI_CXX_TEAM(T, N)                                                                 \
    SHMEMI_CXXFN int shmem_broadcast(shmem_team_t t, T *d, const T *s, size_t n, int root)        \
    { return shmem_##N##_broadcast(t, d, s, n, root); }                                      \
    SHMEMI_CXXFN int shmem_collect(shmem_team_t t, T *d, const T *s, size_t n)                    \
    { return shmem_##N##_collect(t, d, s, n); }                                              \
    SHMEMI_CXXFN int shmem_fcollect(shmem_team_t t, T *d, const T *s, size_t n)                   \
    { return shmem_##N##_fcollect(t, d, s, n); }                                             \
    SHMEMI_CXXFN int shmem_alltoall(shmem_team_t t, T *d, const T *s, size_t n)                   \
    { return shmem_##N##_alltoall(t, d, s, n); }                                             \
    SHMEMI_CXXFN int shmem_alltoalls(shmem_team_t t, T *d, const T *s, ptrdiff_t dst,            \
                                     ptrdiff_t sst, size_t n)                                  \
    { return shmem_##N##_alltoalls(t, d, s, dst, sst, n); }                                  \
    SHMEMI_CXXFN int shmem_max_reduce(shmem_team_t t, T *d, const T *s, size_t n)                 \
    { return shmem_##N##_max_reduce(t, d, s, n); }                                           \
    SHMEMI_CXXFN int shmem_min_reduce(shmem_team_t t, T *d, const T *s, size_t n)                 \
    { return shmem_##N##_min_reduce(t, d, s, n); }                                           \
    SHMEMI_CXXFN int shmem_sum_reduce(shmem_team_t t, T *d, const T *s, size_t n)                 \
    { return shmem_##N##_sum_reduce(t, d, s, n); }                                           \
    SHMEMI_CXXFN int shmem_prod_reduce(shmem_team_t t, T *d, const T *s, size_t n)                \
    { return shmem_##N##_prod_reduce(t, d, s, n); }
#define SHMEMI_CXX_TEAM3(T, N, a) SHMEMI_CXX_TEAM(T, N)
SHMEMI_TEAM_CORE(SHMEMI_CXX_TEAM3, )
SHMEMI_TEAM_STD_ONLY(SHMEMI_CXX_TEAM3, )
#define SHMEMI_CXX_TEAM_BIT(T, N, a)                                                          \
    SHMEMI_CXXFN int shmem_and_reduce(shmem_team_t t, T *d, const T *s, size_t n)                 \
    { return shmem_##N##_and_reduce(t, d, s, n); }                                           \
    SHMEMI_CXXFN int shmem_or_reduce(shmem_team_t t, T *d, const T *s, size_t n)                  \
    { return shmem_##N##_or_reduce(t, d, s, n); }                                            \
    SHMEMI_CXXFN int shmem_xor_reduce(shmem_team_t t, T *d, const T *s, size_t n)                 \
    { return shmem_##N##_xor_reduce(t, d, s, n); }
SHMEMI_TEAM_CORE(SHMEMI_CXX_TEAM_BIT, )
SHMEMI_CXX_TEAM_BIT(int8_t, int8, )
#endif

#endif
