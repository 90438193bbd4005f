/* Every active-set reduction type and operation, checked against a serial
 * computation.  argv: PE_start logPE_stride PE_size (default: all PEs).
 * Each reduction runs for several nreduce values so that chunking by the
 * pWrk size is exercised; pSync/pWrk pairs alternate between calls.
 * Prints "PE n: reductions N, errors E"; exits 1 on an error. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXN 100
static long psync[2][SHMEM_REDUCE_SYNC_SIZE];
static long double wrk[2][MAXN / 2 + 1 + SHMEM_REDUCE_MIN_WRKDATA_SIZE][2]; /* fits every type */
static long double srcbuf[MAXN][2], dstbuf[MAXN][2];
static int start, log_stride, size, calls, errors;

/* Small exact values, so that any evaluation order gives the same result. */
static long val_bits(int pe, int i) { return (pe * 7 + i * 13 + 1) & 0x3f; }
static long val_minmax(int pe, int i) { return (pe * 37 + i * 11) % 101 - 50; }
static long val_sum(int pe, int i) { return (pe + i) % 7 - 3; }
static long val_prod(int pe, int i) { return (pe + 2 * i) % 9 == 0 ? 2 : (pe + i) % 11 == 0 ? -1 : 1; }

#define IN_SET(pe) ((pe) >= start && ((pe) - start) % (1 << log_stride) == 0 && \
                    ((pe) - start) / (1 << log_stride) < size)

#define CHECK_OP(T, N, OP, VAL, COMB, INIT)                                           \
    static void test_##N##_##OP(int me, int nred)                                     \
    {                                                                                 \
        T *src = (T *)srcbuf, *dst = (T *)dstbuf;                                     \
        for (int i = 0; i < nred; i++) {                                              \
            src[i] = (T)VAL(me, i);                                                   \
            dst[i] = (T)-99;                                                          \
        }                                                                             \
        int k = calls++ % 2;                                                          \
        shmem_##N##_##OP##_to_all(dst, src, nred, start, log_stride, size,            \
                                  (T *)wrk[k], psync[k]);                             \
        for (int i = 0; i < nred; i++) {                                              \
            T want = (T)(INIT);                                                       \
            for (int p = 0; p < size; p++) {                                          \
                T b = (T)VAL(start + (p << log_stride), i);                           \
                want = (p == 0) ? b : (COMB);                                         \
            }                                                                         \
            if (dst[i] != want) {                                                     \
                if (errors++ < 5)                                                     \
                    printf("PE %d: shmem_" #N "_" #OP "_to_all nreduce %d elem %d wrong\n", \
                           me, nred, i);                                              \
            }                                                                         \
        }                                                                             \
    }

#define BITS(T, N)                                                 \
    CHECK_OP(T, N, and, val_bits, want & b, 0)                     \
    CHECK_OP(T, N, or, val_bits, want | b, 0)                      \
    CHECK_OP(T, N, xor, val_bits, want ^ b, 0)
#define MINMAX(T, N)                                               \
    CHECK_OP(T, N, min, val_minmax, b < want ? b : want, 0)        \
    CHECK_OP(T, N, max, val_minmax, b > want ? b : want, 0)
#define ARITH(T, N)                                                \
    CHECK_OP(T, N, sum, val_sum, want + b, 0)                      \
    CHECK_OP(T, N, prod, val_prod, want * b, 0)

SHMEM_REDUCE_INT_TYPES(BITS)
SHMEM_REDUCE_INT_TYPES(MINMAX)
SHMEM_REDUCE_FLOAT_TYPES(MINMAX)
SHMEM_REDUCE_INT_TYPES(ARITH)
SHMEM_REDUCE_FLOAT_TYPES(ARITH)
SHMEM_REDUCE_COMPLEX_TYPES(ARITH)

#define RUN_BITS(T, N) test_##N##_and(me, nred); test_##N##_or(me, nred); test_##N##_xor(me, nred);
#define RUN_MINMAX(T, N) test_##N##_min(me, nred); test_##N##_max(me, nred);
#define RUN_ARITH(T, N) test_##N##_sum(me, nred); test_##N##_prod(me, nred);

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe();
    start = argc > 3 ? atoi(argv[1]) : 0;
    log_stride = argc > 3 ? atoi(argv[2]) : 0;
    size = argc > 3 ? atoi(argv[3]) : shmem_n_pes();
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
            psync[k][i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    if (IN_SET(me)) {
        int sizes[] = {1, 7, MAXN};
        for (int s = 0; s < 3; s++) {
            int nred = sizes[s];
            SHMEM_REDUCE_INT_TYPES(RUN_BITS)
            SHMEM_REDUCE_INT_TYPES(RUN_MINMAX)
            SHMEM_REDUCE_FLOAT_TYPES(RUN_MINMAX)
            SHMEM_REDUCE_INT_TYPES(RUN_ARITH)
            SHMEM_REDUCE_FLOAT_TYPES(RUN_ARITH)
            SHMEM_REDUCE_COMPLEX_TYPES(RUN_ARITH)
        }
        printf("PE %d: reductions %d, errors %d\n", me, calls, errors);
    }
    shmem_finalize();
    return errors != 0;
}
