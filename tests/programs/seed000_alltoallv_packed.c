#include <shmem.h>
#include <shmemx.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

int main(void)
{
    static long pSync[SHMEM_ALLTOALL_SYNC_SIZE];
    int *source, *target, *counts;
    size_t *s_offsets, *s_sizes;
    size_t target_len, t_size, expected_tsize;
    int  i, maxcount, pe, idx;

    shmem_init();

    maxcount  = 64;
    target    = (int *) shmem_malloc(maxcount * shmem_n_pes() * sizeof(int));
    source    = (int *) shmem_malloc(maxcount * shmem_n_pes() * sizeof(int));
    s_offsets = (size_t *) shmem_malloc(shmem_n_pes() * sizeof(size_t));
    s_sizes   = (size_t *) shmem_malloc(shmem_n_pes() * sizeof(size_t));

    target_len     = maxcount * shmem_n_pes() * sizeof(int);
    t_size         = 0;
    expected_tsize = target_len;

    for (pe=0; pe <shmem_n_pes(); pe++) {
        /* set source sizes */
        s_sizes[pe] = maxcount * sizeof(int);

        /* calculate source offsets */
        s_offsets[pe] = pe * maxcount * sizeof(int);
    }

    /* assign source values */
    for (idx=0,pe=0; pe<shmem_n_pes(); pe++) {
        for (i=0; i<s_sizes[pe]/sizeof(int); i++) {
            source[idx++] = shmem_my_pe();
        }
    }

    for (i=0; i < _SHMEM_ALLTOALL_SYNC_SIZE; i++) {
        pSync[i] = _SHMEM_SYNC_VALUE;
    }

    /* wait for all PEs to initialize pSync */
    shmem_barrier_all();

    /* alltoallv on all PES */
    shmemx_alltoallv_packed(target, target_len, &t_size, source,
                            s_offsets, s_sizes, 0, 0, shmem_n_pes(), pSync);

    /* verify t_size result */
    if (t_size != expected_tsize) {
       printf("[%d] ERROR: t_size=%ld, should be %ld\n",
              shmem_my_pe(), t_size, expected_tsize);
    }

    /* verify results - note order is indeterminate */
    counts = (int *) malloc(maxcount * shmem_n_pes() * sizeof(int));
    bzero(counts,maxcount * shmem_n_pes() * sizeof(int));

    for (i=0; i<t_size/sizeof(int); i++) {
        counts[target[i]] ++;
    }

    for (pe=0; pe<shmem_n_pes(); pe++) {
        if (counts[pe] != maxcount) {
            printf("[%d] ERROR: received %d elements of value %d, "
                   "should be %d\n", shmem_my_pe(), counts[pe], pe, maxcount);
        }
    }

    shmem_barrier_all();
    shmem_free(s_sizes);
    shmem_free(s_offsets);
    shmem_free(target);
    shmem_free(source);
    free(counts);

    shmem_finalize();
    return 0;
}
