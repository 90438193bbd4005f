/* scripts/bench/a2av: one shmemx_alltoallv with argv[1] ints per peer,
 * results checked (exit 1 on an error). */
#include <shmem.h>
#include <shmemx.h>
#include <stdio.h>
#include <stdlib.h>

static long pSync[SHMEM_ALLTOALL_SYNC_SIZE];

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), k = argc > 1 ? atoi(argv[1]) : 64;
    size_t blk = (size_t)k * sizeof(int);
    int *target = shmem_malloc(blk * n), *source = shmem_malloc(blk * n);
    size_t *so = shmem_malloc(n * sizeof(size_t)), *ss = shmem_malloc(n * sizeof(size_t));
    size_t *to = shmem_malloc(n * sizeof(size_t)), *ts = shmem_malloc(n * sizeof(size_t));
    for (int j = 0; j < n; j++) {
        so[j] = to[j] = j * blk;
        ss[j] = ts[j] = blk;
        for (int i = 0; i < k; i++)
            source[j * k + i] = me * 100000 + j;
    }
    shmem_barrier_all();
    shmemx_alltoallv(target, to, ts, source, so, ss, 0, 0, n, pSync);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < k; i++)
            if (target[j * k + i] != j * 100000 + me) {
                printf("PE %d: wrong data from PE %d\n", me, j);
                return 1;
            }
    shmem_finalize();
    return 0;
}
