/* For explore: every run raises a warning (a broadcast in place) before
 * an error (two puts to one word with nothing ordering them), and PE 0
 * prints the virtual time it took, which the seed's network changes. */
#include <shmem.h>
#include <shmemx.h>
#include <stdio.h>

static long data[4], word;
static long psync[SHMEM_BCAST_SYNC_SIZE];

int main(void)
{
    shmem_init();
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++)
        psync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    double t0 = shmemx_wtime();
    shmem_broadcast64(data, data, 4, 0, 0, 0, shmem_n_pes(), psync); /* a warning */
    if (shmem_my_pe() == 0) {
        shmem_long_p(&word, 1, 1);
        shmem_long_p(&word, 2, 1); /* an error: no fence between */
    }
    shmem_barrier_all();
    if (shmem_my_pe() == 0)
        printf("took %.0f ns\n", (shmemx_wtime() - t0) * 1e9);
    shmem_finalize();
    return 0;
}
