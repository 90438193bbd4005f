/* scale: what a large job does, checked at every PE: a barrier over all
 * PEs, a max reduction over all PEs (the PEs' values are a permutation of
 * 0..n-1), and an all-to-all in rows of 32 PEs (the row teams of a 2-D
 * split).  Prints one line from PE 0; a wrong value exits 1 naming it. */
#include <shmem.h>
#include <stdio.h>

#define ROW 32

long psync[SHMEM_REDUCE_SYNC_SIZE], wrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE], src, dst;
long out[ROW], in[ROW];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        psync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    src = (me * 7919L + 1) % n; /* a permutation while n is not a multiple of 7919 */
    shmem_long_max_to_all(&dst, &src, 1, 0, 0, n, wrk, psync);
    if (dst != n - 1) {
        printf("PE %d: max %ld, want %d\n", me, dst, n - 1);
        return 1;
    }
    shmem_team_t row, col;
    if (shmem_team_split_2d(SHMEM_TEAM_WORLD, ROW, NULL, 0, &row, NULL, 0, &col) != 0) {
        printf("PE %d: shmem_team_split_2d failed\n", me);
        return 1;
    }
    int rme = shmem_team_my_pe(row), rn = shmem_team_n_pes(row);
    for (int j = 0; j < rn; j++)
        out[j] = (long)me * ROW + j;
    shmem_long_alltoall(row, in, out, 1);
    for (int j = 0; j < rn; j++) {
        long from = shmem_team_translate_pe(row, j, SHMEM_TEAM_WORLD);
        if (in[j] != from * ROW + rme) {
            printf("PE %d: all-to-all slot %d holds %ld, want %ld\n", me, j, in[j], from * ROW + rme);
            return 1;
        }
    }
    shmem_barrier_all();
    if (me == 0)
        printf("%d PEs: barrier, max %ld, all-to-all in rows of %d: ok\n", n, dst, rn);
    shmem_finalize();
    return 0;
}
