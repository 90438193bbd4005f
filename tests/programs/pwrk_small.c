/* A reduction of 64 elements with a pWrk of 8 (it needs 33): argv[1] ==
 * "ok" uses a big enough one, "joined" a pWrk of 8 from shmem_malloc with
 * the call's own pSync in the block allocated next, "many" a pWrk of 8
 * that small variables follow.  The array after pWrk is checked. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

long psync[SHMEM_REDUCE_SYNC_SIZE];
long small_wrk[8];
long after[64];
long big_wrk[64 / 2 + 1 + SHMEM_REDUCE_MIN_WRKDATA_SIZE];
long src[64], dst[64];
/* (in reverse order in memory: small variables, then tail, follow tiny_wrk) */
long tail[64];
long v1, v2, v3, v4, v5, v6;
long tiny_wrk[8];

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), ok = argc > 1 && !strcmp(argv[1], "ok");
    int join = argc > 1 && !strcmp(argv[1], "joined");
    int many = argc > 1 && !strcmp(argv[1], "many");
    for (int i = 0; i < 64; i++)
        src[i] = me + i;
    long *wrk = shmem_malloc(8 * sizeof(long));
    long *sync = shmem_malloc(SHMEM_REDUCE_SYNC_SIZE * sizeof(long));
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        sync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    shmem_long_sum_to_all(dst, src, 64, 0, 0, n, ok ? big_wrk : join ? wrk : many ? tiny_wrk : small_wrk,
                          join ? sync : psync);
    printf("PE %d: dst[63] = %ld\n", me, dst[63]);
    shmem_finalize();
    return 0;
}
