/* shmemx_alltoallv with variable sizes: PE i sends i+1+j longs of value
 * 1000*i + j to member j, which places them at t_offsets[i] (chosen so each
 * sender has its own region) and reports t_sizes[i]. */
#include <shmem.h>
#include <shmemx.h>
#include <stdio.h>

static long pSync[SHMEM_ALLTOALL_SYNC_SIZE];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), errors = 0;
    size_t slot = (size_t)(2 * n + 1) * sizeof(long); /* room per sender */
    long *target = shmem_malloc(slot * n);
    long *source = shmem_malloc(slot * n);
    size_t *s_offsets = shmem_malloc(n * sizeof(size_t)), *s_sizes = shmem_malloc(n * sizeof(size_t));
    size_t *t_offsets = shmem_malloc(n * sizeof(size_t)), *t_sizes = shmem_malloc(n * sizeof(size_t));
    size_t off = 0;
    for (int j = 0; j < n; j++) {
        s_sizes[j] = (size_t)(me + 1 + j) * sizeof(long);
        s_offsets[j] = off;
        for (int k = 0; k < me + 1 + j; k++)
            source[off / sizeof(long) + k] = 1000L * me + j;
        off += s_sizes[j];
        t_offsets[j] = (size_t)j * slot;
        t_sizes[j] = slot; /* the most accepted, for SHMEM_ALLTOALLV_TSIZE_CHK */
    }
    shmem_barrier_all();
    shmemx_alltoallv(target, t_offsets, t_sizes, source, s_offsets, s_sizes, 0, 0, n, pSync);
    for (int i = 0; i < n; i++) {
        errors += t_sizes[i] != (size_t)(i + 1 + me) * sizeof(long);
        for (int k = 0; k < i + 1 + me; k++)
            errors += target[i * slot / sizeof(long) + k] != 1000L * i + me;
    }
    printf("PE %d: alltoallv errors %d\n", me, errors);
    shmem_barrier_all();
    shmem_finalize();
    return errors != 0;
}
