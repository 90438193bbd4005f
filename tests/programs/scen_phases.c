/* Each PE computes for 100 us of virtual time without communicating, then
 * the PEs pass a token around a ring three times, with a barrier after each
 * lap.  A fault that loses a message of the ring phase hangs it. */
#include <shmem.h>
#include <stdio.h>
#include <unistd.h>

long token;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;
    usleep(100); /* the compute phase */
    for (long lap = 1; lap <= 3; lap++) {
        shmem_long_p(&token, lap * 1000 + me, right);
        shmem_long_wait_until(&token, SHMEM_CMP_EQ, lap * 1000 + left);
        shmem_barrier_all();
    }
    printf("PE %d done\n", me);
    shmem_finalize();
    return 0;
}
