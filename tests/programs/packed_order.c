/* Prints, on PE 0, which PE's block landed where in a packed alltoallv:
 * the deposit order is decided by the network, so it depends on the seed
 * (and only on it). */
#include <shmem.h>
#include <shmemx.h>
#include <stdio.h>

static long pSync[SHMEM_ALLTOALL_SYNC_SIZE];
static int target[64], source[64];
static size_t s_offsets[64], s_sizes[64];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    for (int j = 0; j < n; j++) {
        source[j] = me;
        s_offsets[j] = j * sizeof(int);
        s_sizes[j] = sizeof(int);
    }
    shmem_barrier_all();
    size_t t_size;
    shmemx_alltoallv_packed(target, sizeof target, &t_size, source, s_offsets, s_sizes, 0, 0, n,
                            pSync);
    if (me == 0) {
        printf("order:");
        for (size_t i = 0; i < t_size / sizeof(int); i++)
            printf(" %d", target[i]);
        printf("\n");
    }
    shmem_finalize();
    return 0;
}
