/* A first shmemsim program: every PE puts its number into its right
 * neighbour's `got`, then all meet at a barrier and print what arrived. */
#include <shmem.h>
#include <stdio.h>

static int counter; /* private to each PE, as on a cluster */
long got;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    counter++;
    shmem_long_p(&got, me, (me + 1) % n);
    shmem_barrier_all();
    printf("PE %d of %d got %ld from its left neighbour (counter %d)\n", me, n, got, counter);
    shmem_finalize();
    return 0;
}
