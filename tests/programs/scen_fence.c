/* PE 0 writes a payload into PE 1 and then raises a flag there; PE 1 waits
 * for the flag and checks the payload.  Without shmem_fence between the two
 * puts (argument "fence" adds it) the flag may land first, and PE 1 reads
 * stale data: it says so and exits 1. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#define N 8
long payload[N];
long flag;

int main(int argc, char **argv)
{
    shmem_init();
    int fence = argc > 1 && strcmp(argv[1], "fence") == 0;
    int me = shmem_my_pe();
    if (me == 0) {
        long v[N];
        for (int i = 0; i < N; i++)
            v[i] = 100 + i;
        shmem_putmem(payload, v, sizeof v, 1);
        if (fence)
            shmem_fence();
        shmem_long_p(&flag, 1, 1);
    } else if (me == 1) {
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
        int stale = 0;
        for (int i = 0; i < N; i++)
            stale += payload[i] != 100 + i;
        if (stale) {
            printf("PE 1 read stale data: %d of %d words were not there when the flag was\n",
                   stale, N);
            return 1;
        }
        printf("PE 1 read the payload after the flag\n");
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
