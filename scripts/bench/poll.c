/* scripts/bench/poll: PE 0 makes argv[1] round trips (shmem_long_g) and
 * then tells every other PE it is done; they wait for that with a plain
 * loop over three words (argv[2] "loop") or with shmem_long_wait_until
 * ("wait").  The polling PEs look again at every event of the run: what
 * that costs against the wait routine is the price of a plain poll. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long done, cancel, other, far;

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 20000;
    int loop = argc > 2 && strcmp(argv[2], "loop") == 0;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    if (me == 0) {
        long sum = 0;
        for (long i = 0; i < rounds; i++)
            sum += shmem_long_g(&far, 1);
        for (int pe = 1; pe < n; pe++)
            shmem_long_p(&done, 1, pe);
        printf("sum %ld\n", sum);
    } else if (loop) {
        while (!*(volatile long *)&done && !*(volatile long *)&cancel &&
               !*(volatile long *)&other)
            ;
    } else {
        shmem_long_wait_until(&done, SHMEM_CMP_NE, 0);
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
