/* The seed 000 exchange with the target allocated, and target_len set, to
 * half of what arrives; a symmetric canary array follows the target.
 * Prints t_size, how many canary words changed, and the values seen. */
#include <shmem.h>
#include <shmemx.h>
#include <stdio.h>

static long pSync[SHMEM_ALLTOALL_SYNC_SIZE];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), maxcount = 64;
    size_t full = (size_t)maxcount * n * sizeof(int), half = full / 2;
    int *target = shmem_malloc(half);
    int *canary = shmem_malloc(full);
    int *source = shmem_malloc(full);
    size_t *s_offsets = shmem_malloc(n * sizeof(size_t));
    size_t *s_sizes = shmem_malloc(n * sizeof(size_t));
    for (int i = 0; i < maxcount * n; i++) {
        canary[i] = -7;
        source[i] = me;
    }
    for (int pe = 0; pe < n; pe++) {
        s_sizes[pe] = maxcount * sizeof(int);
        s_offsets[pe] = pe * maxcount * sizeof(int);
    }
    shmem_barrier_all();
    size_t t_size = 0;
    shmemx_alltoallv_packed(target, half, &t_size, source, s_offsets, s_sizes, 0, 0, n, pSync);
    int changed = 0;
    for (int i = 0; i < maxcount * n; i++)
        changed += canary[i] != -7;
    printf("PE %d: t_size %zu of %zu, canary words overwritten %d\n", me, t_size, full, changed);
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
