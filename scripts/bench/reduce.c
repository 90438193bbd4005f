/* scripts/bench/reduce: argv[1] iterations of a max reduction written with
 * puts and waits, plus shmem_barrier_all.  Every PE puts its value into its
 * slot on PE 0; after a barrier PE 0 takes the maximum and sends it to every
 * PE followed (after a fence) by a flag each PE waits on.  Every PE checks
 * the result and exits 1 on a wrong maximum. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

long flag, result;

static long value(int pe, long it)
{
    return (pe * 7919L + it * 104729L) % 1000003L;
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int iters = argc > 1 ? atoi(argv[1]) : 10;
    long *slot = shmem_calloc((size_t)n, sizeof(long));
    for (long it = 1; it <= iters; it++) {
        shmem_long_p(&slot[me], value(me, it), 0);
        shmem_barrier_all();
        if (me == 0) {
            long max = slot[0];
            for (int i = 1; i < n; i++)
                max = slot[i] > max ? slot[i] : max;
            for (int i = 0; i < n; i++) {
                shmem_long_p(&result, max, i);
                shmem_fence();
                shmem_long_p(&flag, it, i);
            }
        }
        shmem_long_wait_until(&flag, SHMEM_CMP_GE, it);
        long want = 0;
        for (int i = 0; i < n; i++)
            want = value(i, it) > want ? value(i, it) : want;
        if (result != want) {
            printf("PE %d: max %ld, want %ld\n", me, result, want);
            return 1;
        }
    }
    shmem_barrier_all();
    shmem_free(slot);
    shmem_finalize();
    return 0;
}
