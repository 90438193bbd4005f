/* scripts/bench/maxred: argv[1] iterations of shmem_long_max_to_all over
 * all PEs plus shmem_barrier_all, alternating two pSync/pWrk pairs; checks
 * the maximum (in constant time, so the program's own work stays O(1) per
 * PE at any scale) and exits 1 when it is wrong. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

long psync[2][SHMEM_REDUCE_SYNC_SIZE], wrk[2][SHMEM_REDUCE_MIN_WRKDATA_SIZE], src, dst;

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), iters = argc > 1 ? atoi(argv[1]) : 10;
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
            psync[k][i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    for (int it = 0; it < iters; it++) {
        src = (me * 7919L + it) % n; /* a permutation of 0..n-1 (7919 is prime) */
        shmem_long_max_to_all(&dst, &src, 1, 0, 0, n, wrk[it % 2], psync[it % 2]);
        shmem_barrier_all();
        long want = n - 1;
        if (n % 7919 == 0) /* not a permutation: take the maximum the long way */
            for (long p = want = 0; p < n; p++)
                want = (p * 7919L + it) % n > want ? (p * 7919L + it) % n : want;
        if (dst != want) {
            printf("PE %d: max %ld, want %ld\n", me, dst, want);
            return 1;
        }
    }
    shmem_finalize();
    return 0;
}
