/* scripts/bench/puts: many small puts (events per second). Every PE sends
 * argv[1] shmem_long_p to its right neighbour, with a quiet every 64. */
#include <shmem.h>
#include <stdlib.h>

long box[64];

int main(int argc, char **argv)
{
    shmem_init();
    long n = argc > 1 ? atol(argv[1]) : 100000;
    int right = (shmem_my_pe() + 1) % shmem_n_pes();
    for (long i = 0; i < n; i++) {
        shmem_long_p(&box[i % 64], i, right);
        if (i % 64 == 63)
            shmem_quiet();
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
