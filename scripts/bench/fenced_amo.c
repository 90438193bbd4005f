/* Fenced atomics never quieted: each PE sets a bit with an atomic or,
 * fences, and counts with an atomic increment at its neighbour, argv[1]
 * times, with no shmem_quiet until the final barrier (a distributed
 * bit vector's update, as hoover's).  Every fence opens an epoch while
 * every earlier atomic is still pending: the detector's cost per epoch
 * must not grow with them. */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 50000;
    shmem_init();
    int me = shmem_my_pe(), right = (me + 1) % shmem_n_pes();
    uint64_t *bits = shmem_calloc(256, sizeof *bits), *count = shmem_calloc(1, sizeof *count);
    for (long i = 0; i < rounds; i++) {
        shmem_uint64_atomic_or(&bits[i % 256], (uint64_t)1 << (i % 64), right);
        shmem_fence();
        shmem_uint64_atomic_inc(count, right);
    }
    shmem_barrier_all();
    if (*count != (uint64_t)rounds)
        printf("PE %d: count %llu, not %ld\n", me, (unsigned long long)*count, rounds);
    shmem_free(bits);
    shmem_free(count);
    shmem_finalize();
    return 0;
}
