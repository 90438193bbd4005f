/* api/fortran/coll_f: the Fortran active-set collectives: barrier,
 * broadcast, collect, fcollect, alltoall(s), every *_TO_ALL reduction, and
 * Cray's alltoallv and alltoallv_packed.
 *
 * They run the C protocols (api/shmem/collectives.c, reduce.c, alltoallv.c)
 * on the caller's pSync, which Fortran declares as a default INTEGER array
 * of the sizes shmem.fh gives: the C sizes in 8-byte words, scaled to
 * INTEGER elements, so the array holds exactly the long[] the protocols
 * use.  The one thing Fortran can get wrong is its alignment (see
 * f_check_psync).  Element sizes follow the Fortran names: the 4 and 32
 * forms move 4-byte elements, the 8 and 64 forms 8-byte ones. */
#include "coll.h"
#include "fortran.h"

#include <string.h>

void shmem_barrier_all_(void)
{
    F_ENTER("SHMEM_BARRIER_ALL");
    shmem_barrier_all();
    F_LEAVE();
}

/* Runs C's shmem_barrier itself: the pSync checker knows barriers (whose
 * pSync may be reused back to back) by that name. */
void shmem_barrier_(const f_int *start, const f_int *log_stride, const f_int *size, long *psync)
{
    F_ENTER("SHMEM_BARRIER");
    if (f_check_psync("SHMEM_BARRIER", psync) == 0)
        shmem_barrier(*start, *log_stride, *size, psync);
    F_LEAVE();
}

/* ---- broadcast, collect, fcollect, alltoall(s): X(BITS, BYTES) ---- */
#define F_COLL_SIZES(X) X(4, 4) X(8, 8) X(32, 4) X(64, 8)
#define F_A2A_SIZES(X) X(32, 4) X(64, 8)

#define DEFINE_COLL(BITS, BYTES)                                                             \
    void shmem_broadcast##BITS##_(void *dest, const void *source, const f_int *nelems,       \
                                  const f_int *root, const f_int *start,                     \
                                  const f_int *log_stride, const f_int *size, long *psync)   \
    {                                                                                        \
        F_ENTER("SHMEM_BROADCAST" #BITS);                                                    \
        if (f_check_psync("SHMEM_BROADCAST" #BITS, psync) == 0)                              \
            coll_broadcast_as("SHMEM_BROADCAST" #BITS, dest, source, f_count(*nelems) * BYTES, \
                              *root, *start, *log_stride, *size, psync);                     \
        F_LEAVE();                                                                           \
    }                                                                                        \
    void shmem_collect##BITS##_(void *dest, const void *source, const f_int *nelems,         \
                                const f_int *start, const f_int *log_stride, const f_int *size, \
                                long *psync)                                                 \
    {                                                                                        \
        F_ENTER("SHMEM_COLLECT" #BITS);                                                      \
        if (f_check_psync("SHMEM_COLLECT" #BITS, psync) == 0)                                \
            coll_collect_as("SHMEM_COLLECT" #BITS, dest, source, f_count(*nelems) * BYTES,   \
                            *start, *log_stride, *size, psync);                              \
        F_LEAVE();                                                                           \
    }                                                                                        \
    void shmem_fcollect##BITS##_(void *dest, const void *source, const f_int *nelems,        \
                                 const f_int *start, const f_int *log_stride,                \
                                 const f_int *size, long *psync)                             \
    {                                                                                        \
        F_ENTER("SHMEM_FCOLLECT" #BITS);                                                     \
        if (f_check_psync("SHMEM_FCOLLECT" #BITS, psync) == 0)                               \
            coll_fcollect_as("SHMEM_FCOLLECT" #BITS, dest, source, f_count(*nelems) * BYTES, \
                             *start, *log_stride, *size, psync);                             \
        F_LEAVE();                                                                           \
    }
F_COLL_SIZES(DEFINE_COLL)

#define DEFINE_A2A(BITS, BYTES)                                                              \
    void shmem_alltoall##BITS##_(void *dest, const void *source, const f_int *nelems,        \
                                 const f_int *start, const f_int *log_stride,                \
                                 const f_int *size, long *psync)                             \
    {                                                                                        \
        F_ENTER("SHMEM_ALLTOALL" #BITS);                                                     \
        if (f_check_psync("SHMEM_ALLTOALL" #BITS, psync) == 0)                               \
            coll_alltoalls_as("SHMEM_ALLTOALL" #BITS, dest, source, BYTES, 1, 1,             \
                              f_count(*nelems), *start, *log_stride, *size, psync);          \
        F_LEAVE();                                                                           \
    }                                                                                        \
    void shmem_alltoalls##BITS##_(void *dest, const void *source, const f_int *dst,          \
                                  const f_int *sst, const f_int *nelems, const f_int *start, \
                                  const f_int *log_stride, const f_int *size, long *psync)   \
    {                                                                                        \
        F_ENTER("SHMEM_ALLTOALLS" #BITS);                                                    \
        if (f_check_psync("SHMEM_ALLTOALLS" #BITS, psync) == 0)                              \
            coll_alltoalls_as("SHMEM_ALLTOALLS" #BITS, dest, source, BYTES, *dst, *sst,      \
                              f_count(*nelems), *start, *log_stride, *size, psync);          \
        F_LEAVE();                                                                           \
    }
F_A2A_SIZES(DEFINE_A2A)

/* ---- Cray's alltoallv: offsets and sizes are INTEGER*8 arrays ---- */

void shmemx_alltoallv_(void *target, int64_t *t_offsets, int64_t *t_sizes, const void *source,
                       int64_t *s_offsets, int64_t *s_sizes, const f_int *start,
                       const f_int *log_stride, const f_int *size, long *psync)
{
    F_ENTER("SHMEMX_ALLTOALLV");
    if (f_check_psync("SHMEMX_ALLTOALLV", psync) == 0)
        shmemx_alltoallv(target, (size_t *)t_offsets, (size_t *)t_sizes, source,
                         (size_t *)s_offsets, (size_t *)s_sizes, *start, *log_stride, *size,
                         psync);
    F_LEAVE();
}

void shmem_alltoallv_packed_(void *target, const int64_t *target_len, int64_t *t_size,
                             const void *source, int64_t *s_offsets, int64_t *s_sizes,
                             const f_int *start, const f_int *log_stride, const f_int *size,
                             long *psync)
{
    F_ENTER("SHMEM_ALLTOALLV_PACKED");
    if (f_check_psync("SHMEM_ALLTOALLV_PACKED", psync) == 0)
        shmemx_alltoallv_packed(target, (size_t)*target_len, (size_t *)t_size, source,
                                (size_t *)s_offsets, (size_t *)s_sizes, *start, *log_stride,
                                *size, psync);
    F_LEAVE();
}

/* ---- REAL*16: gfortran's REAL(16) is IEEE binary128 (C's __float128,
 * not long double), which the C tables lack.  Loads and stores go through
 * memcpy: a program's REAL*16 need not be 16-byte aligned. ---- */

#define REAL16_OP(OP, EXPR)                                                    \
    static void real16_##OP(void *acc, const void *in, size_t n)              \
    {                                                                          \
        for (size_t i = 0; i < n; i++) {                                       \
            __float128 a, b;                                                   \
            memcpy(&a, (char *)acc + i * sizeof a, sizeof a);                  \
            memcpy(&b, (const char *)in + i * sizeof b, sizeof b);             \
            a = (EXPR);                                                        \
            memcpy((char *)acc + i * sizeof a, &a, sizeof a);                  \
        }                                                                      \
    }
REAL16_OP(max, b > a ? b : a)
REAL16_OP(min, b < a ? b : a)
REAL16_OP(sum, a + b)
REAL16_OP(prod, a * b)

/* ---- the reductions ----
 * Types X(link infix, Fortran infix, C type, combine prefix), one table
 * per set of operations: integers take AND, MAX, MIN, OR, PROD, SUM, XOR;
 * reals MAX, MIN, PROD, SUM; complexes PROD and SUM.  INT2 is an
 * extension some implementations have; INT8 is C's long on this machine. */
#define F_RED_INT_TYPES(X)                                                     \
    X(int2, "INT2", int16_t, coll_op_short) X(int4, "INT4", int32_t, coll_op_int) \
    X(int8, "INT8", int64_t, coll_op_long)
#define F_RED_REAL_TYPES(X)                                                    \
    X(real4, "REAL4", float, coll_op_float) X(real8, "REAL8", double, coll_op_double) \
    X(real16, "REAL16", __float128, real16)
#define F_RED_COMP_TYPES(X)                                                    \
    X(comp4, "COMP4", float _Complex, coll_op_complexf)                        \
    X(comp8, "COMP8", double _Complex, coll_op_complexd)

#define DEFINE_RED(L, F, T, FN, op, OP)                                                      \
    void shmem_##L##_##op##_to_all_(T *target, const T *source, const f_int *nreduce,        \
                                    const f_int *start, const f_int *log_stride,             \
                                    const f_int *size, T *pwrk, long *psync)                 \
    {                                                                                        \
        F_ENTER("SHMEM_" F "_" OP "_TO_ALL");                                                \
        if (f_check_psync("SHMEM_" F "_" OP "_TO_ALL", psync) == 0)                          \
            coll_reduce_as("SHMEM_" F "_" OP "_TO_ALL", target, source, *nreduce, sizeof(T), \
                           FN##_##op, *start, *log_stride, *size, pwrk, psync);              \
        F_LEAVE();                                                                           \
    }
#define DEFINE_RED_ARITH(L, F, T, FN) DEFINE_RED(L, F, T, FN, sum, "SUM") DEFINE_RED(L, F, T, FN, prod, "PROD")
#define DEFINE_RED_REAL(L, F, T, FN)                                                         \
    DEFINE_RED_ARITH(L, F, T, FN) DEFINE_RED(L, F, T, FN, max, "MAX") DEFINE_RED(L, F, T, FN, min, "MIN")
#define DEFINE_RED_INT(L, F, T, FN)                                                          \
    DEFINE_RED_REAL(L, F, T, FN) DEFINE_RED(L, F, T, FN, and, "AND")                         \
    DEFINE_RED(L, F, T, FN, or, "OR") DEFINE_RED(L, F, T, FN, xor, "XOR")
F_RED_INT_TYPES(DEFINE_RED_INT)
F_RED_REAL_TYPES(DEFINE_RED_REAL)
F_RED_COMP_TYPES(DEFINE_RED_ARITH)
