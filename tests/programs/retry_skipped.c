/* A loop that retries a call until it succeeds, around a call the
 * simulator skips for an error: PE 0 gets from a local variable (not
 * symmetric) until the value arrives, which it never does. */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_init();
    long local = 5; /* should have been a symmetric variable */
    shmem_barrier_all();
    if (shmem_my_pe() == 0) {
        long got = -1, tries = 0;
        do {
            shmem_getmem(&got, &local, sizeof got, 1); /* RETRY */
            tries++;
        } while (got < 0);
        printf("got %ld after %ld tries\n", got, tries);
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
