/* A counting barrier meets a duplicated message.  After a first barrier,
 * PE 0 waits 50 us and writes x on PE 1; both meet in a second barrier and
 * PE 1 checks x.  If PE 1 got through the second barrier before PE 0 came
 * (an extra barrier signal), x is still 0: it says so and exits 1. */
#include <shmem.h>
#include <stdio.h>
#include <unistd.h>

long x;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    shmem_barrier_all();
    if (me == 0) {
        usleep(50);
        shmem_long_p(&x, 1, 1);
    }
    shmem_barrier_all();
    if (me == 1 && x != 1) {
        printf("PE 1 left the barrier before PE 0 arrived: x is %ld\n", x);
        return 1;
    }
    if (me == 1)
        printf("PE 1 saw x = 1 after the barrier\n");
    shmem_finalize();
    return 0;
}
