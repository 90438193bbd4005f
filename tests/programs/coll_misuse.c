/* Collective calls that break the rules, picked by argv[1]:
 * root  — PE 3 passes another PE_root to a broadcast;
 * order — PE 3 calls max where the others call sum (same pSync);
 * count — PE 3 reduces 2 elements where the others reduce 1;
 * none  — the correct program. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

long psync[SHMEM_SYNC_SIZE], wrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE], src[2], dst[2];

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), odd = me == 3;
    const char *mode = argc > 1 ? argv[1] : "none";
    shmem_barrier_all();
    if (!strcmp(mode, "root"))
        shmem_broadcast64(dst, src, 1, odd ? 1 : 0, 0, 0, n, psync);
    else if (!strcmp(mode, "order") && odd)
        shmem_long_max_to_all(dst, src, 1, 0, 0, n, wrk, psync);
    else if (!strcmp(mode, "count"))
        shmem_long_sum_to_all(dst, src, odd ? 2 : 1, 0, 0, n, wrk, psync);
    else
        shmem_long_sum_to_all(dst, src, 1, 0, 0, n, wrk, psync);
    shmem_barrier_all();
    printf("PE %d done\n", me);
    shmem_finalize();
    return 0;
}
