/* A SHMEM program as a user's project builds it: every PE puts its number
 * to the next one and checks what it got; exit status 0 when right. */
#include <shmem.h>
#include <stdio.h>

static int got = -1;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    shmem_int_p(&got, me, (me + 1) % n);
    shmem_barrier_all();
    int ok = got == (me + n - 1) % n;
    printf("hello from PE %d of %d: %s\n", me, n, ok ? "ok" : "WRONG");
    shmem_finalize();
    return !ok;
}
