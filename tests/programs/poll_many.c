/* A wait that polls several words with plain loads and stores a count
 * between them, so no one load repeats back to back and no simulator
 * call is made while it waits.
 *   poll_many wait:  PE 0 puts two words to PE 1, which polls for both.
 *   poll_many never: PEs 0 and 1 poll for words nobody writes. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

static long a, b;
static volatile long polls;

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe();
    int never = argc > 1 && strcmp(argv[1], "never") == 0;
    if (me == 0 && !never) {
        shmem_long_p(&a, 1, 1);
        shmem_long_p(&b, 2, 1);
    } else if (me == 1 || (never && me == 0)) {
        while ((*(volatile long *)&a == 0) | (*(volatile long *)&b == 0))
            polls++;
        printf("PE %d saw %ld %ld\n", me, a, b);
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
