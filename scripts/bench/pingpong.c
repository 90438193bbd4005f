/* scripts/bench/pingpong: PE 0 and PE 1 bounce a counter argv[1] times
 * (a shmem_long_p then a wait for the answer), so the run is one simulated
 * message after another: the wall time per message of the simulator. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

long ball;

int main(int argc, char **argv)
{
    shmem_init();
    long rounds = argc > 1 ? atol(argv[1]) : 100000;
    int me = shmem_my_pe();
    if (me < 2) {
        for (long i = 1; i <= rounds; i++) {
            if (me == 0) {
                shmem_long_p(&ball, 2 * i - 1, 1);
                shmem_long_wait_until(&ball, SHMEM_CMP_EQ, 2 * i);
            } else {
                shmem_long_wait_until(&ball, SHMEM_CMP_EQ, 2 * i - 1);
                shmem_long_p(&ball, 2 * i, 0);
            }
        }
        if (ball != 2 * rounds - (me == 1)) {
            printf("PE %d: ball %ld\n", me, ball);
            return 1;
        }
    }
    shmem_finalize();
    return 0;
}
