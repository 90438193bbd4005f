/* Every PE runs a number of barriers (argument, default 100); PE 0 prints
 * the virtual time at the end. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
    shmem_init();
    int iters = argc > 1 ? atoi(argv[1]) : 100;
    for (int i = 0; i < iters; i++)
        shmem_barrier_all();
    if (shmem_my_pe() == 0) {
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        printf("PE 0: %d barriers done at %lld ns\n", iters,
               (long long)t.tv_sec * 1000000000ll + t.tv_nsec);
    }
    shmem_finalize();
    return 0;
}
