/* Two back-to-back reductions with no synchronisation between them.
 * argv[1] == "same": both use one pSync/pWrk pair, which the specification
 * forbids; "alternate": they alternate two pairs, as the man pages advise;
 * "pairs": PEs 0-1, 2-3, ... each pass some barriers and reduce over
 * their pair at the same time with one pSync for each, which is legal (the sets are disjoint, so no PE's pSync
 * serves two of them); "broadcasts": back-to-back broadcasts from a
 * different root each time, alternating two pSyncs, which the man pages
 * allow for calls on one active set.  Prints whether the results are
 * right (exit 1 if not). */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

long psync_a[SHMEM_REDUCE_SYNC_SIZE], psync_b[SHMEM_REDUCE_SYNC_SIZE];
long bsync[SHMEM_BARRIER_SYNC_SIZE];
long wrk_a[SHMEM_REDUCE_MIN_WRKDATA_SIZE], wrk_b[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
long src1[4], src2[4], dst1[4], dst2[4];
long bsync_a[SHMEM_BCAST_SYNC_SIZE], bsync_b[SHMEM_BCAST_SYNC_SIZE], bsrc[64], bdst[64];

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int same = argc > 1 && strcmp(argv[1], "same") == 0;
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        psync_a[i] = psync_b[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; i++)
        bsync[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++)
        bsync_a[i] = bsync_b[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < 64; i++)
        bsrc[i] = 100L * i + me;
    for (int i = 0; i < 4; i++) {
        src1[i] = me + i;
        src2[i] = 10 * me + i;
    }
    shmem_barrier_all();
    if (argc > 1 && strcmp(argv[1], "pairs") == 0) {
        int first = me & ~1, size = first + 1 < n ? 2 : 1, ok = 1;
        for (int k = 0; k <= first / 2; k++) /* pairs pass different numbers of barriers */
            shmem_barrier(first, 0, size, bsync);
        shmem_long_sum_to_all(dst1, src1, 4, first, 0, size, wrk_a, psync_a);
        for (int i = 0; i < 4; i++)
            ok &= dst1[i] == (size == 2 ? 2L * first + 1 + 2 * i : first + i);
        printf("PE %d: %s\n", me, ok ? "right" : "WRONG");
        shmem_finalize();
        return !ok;
    }
    if (argc > 1 && strcmp(argv[1], "broadcasts") == 0) {
        int ok = 1, calls = 2 * n < 64 ? 2 * n : 64;
        for (int k = 0; k < calls; k++) {
            int root = k % n;
            shmem_broadcast64(&bdst[k], &bsrc[k], 1, root, 0, 0, n, k & 1 ? bsync_b : bsync_a);
            ok &= me == root || bdst[k] == 100L * k + root;
        }
        printf("PE %d: %s\n", me, ok ? "right" : "WRONG");
        shmem_finalize();
        return !ok;
    }
    shmem_long_sum_to_all(dst1, src1, 4, 0, 0, n, wrk_a, psync_a);
    shmem_long_sum_to_all(dst2, src2, 4, 0, 0, n, same ? wrk_a : wrk_b, same ? psync_a : psync_b);
    int ok = 1;
    for (int i = 0; i < 4; i++) {
        long s1 = (long)n * (n - 1) / 2 + (long)n * i, s2 = 10L * n * (n - 1) / 2 + (long)n * i;
        ok &= dst1[i] == s1 && dst2[i] == s2;
    }
    printf("PE %d: %s\n", me, ok ? "right" : "WRONG");
    shmem_finalize();
    return !ok;
}
