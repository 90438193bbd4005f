/* shmemx_alltoallv with variable sizes: PE i sends i+1+j longs of value
 * 1000*i + j to member j, which places them at t_offsets[i] (chosen so each
 * sender has its own region) and reports t_sizes[i].
 *
 * With argument "tight", every t_sizes entry accepts only n longs, and the
 * target object ends n + 1 longs into the last sender's region (16 n^2
 * bytes in all, so the heap adds no padding), so PE i's data for PE j does
 * not fit when i + 1 + j > n (SHMEM_ALLTOALLV_TSIZE_CHK abort or trunc),
 * or when i = n - 1 and j > 1 (none: the object's end); each PE then
 * prints the t_sizes it got.  A second argument "skip" makes the last PE
 * leave the call out, so the others wait for it forever.  With argument
 * "wild", the last PE's t_offsets entry for PE 0 lies far past its
 * symmetric memory; each PE then prints the t_sizes it got. */
#include <shmem.h>
#include <shmemx.h>
#include <stdio.h>
#include <string.h>

static long pSync[SHMEM_ALLTOALL_SYNC_SIZE];

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), errors = 0;
    int tight = argc > 1 && strcmp(argv[1], "tight") == 0;
    int wild = argc > 1 && strcmp(argv[1], "wild") == 0;
    size_t slot = (size_t)(2 * n + 1) * sizeof(long); /* room per sender */
    long *target = shmem_malloc(tight ? slot * (n - 1) + (n + 1) * sizeof(long) : slot * n);
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
        t_sizes[j] = tight ? n * sizeof(long) : slot; /* the most accepted, for TSIZE_CHK */
    }
    if (wild && me == n - 1)
        t_offsets[0] = (size_t)1 << 40;
    shmem_barrier_all();
    if (!(tight && argc > 2 && strcmp(argv[2], "skip") == 0 && me == n - 1))
        shmemx_alltoallv(target, t_offsets, t_sizes, source, s_offsets, s_sizes, 0, 0, n, pSync);
    if (tight || wild) {
        printf("PE %d: t_sizes", me);
        for (int i = 0; i < n; i++)
            printf(" %zu", t_sizes[i]);
        printf("\n");
        shmem_barrier_all();
        shmem_finalize();
        return 0;
    }
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
