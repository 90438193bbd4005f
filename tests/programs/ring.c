/* Puts, gets and wait_until around a ring, several laps: each PE checks
 * what it receives and exits 1 on a wrong value. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#define N 64
long inbox[N];
long token;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), errors = 0;
    int right = (me + 1) % n, left = (me + n - 1) % n;
    long out[N], got[N];
    for (int lap = 1; lap <= 3; lap++) {
        for (int i = 0; i < N; i++)
            out[i] = me * 1000 + lap * 100 + i;
        shmem_putmem(inbox, out, sizeof out, right);
        shmem_fence();
        shmem_long_p(&token, lap, right);
        shmem_long_wait_until(&token, SHMEM_CMP_GE, lap);
        for (int i = 0; i < N; i++)
            errors += inbox[i] != left * 1000 + lap * 100 + i;
        shmem_barrier_all();
        shmem_getmem(got, inbox, sizeof got, right);
        for (int i = 0; i < N; i++)
            errors += got[i] != me * 1000 + lap * 100 + i;
        errors += shmem_long_g(&token, left) != lap;
        shmem_barrier_all();
    }
    printf("PE %d errors %d\n", me, errors);
    shmem_finalize();
    return errors != 0;
}
