/* A poll with a growing back-off and no simulator call: PE 0 reads a flag
 * PE 1 puts, and between reads counts ever longer, as a linear back-off
 * does, so each round takes longer than the one before.
 *   poll_backoff global: the count is kept in a global (a load and a
 *                        store a round besides the flag's);
 *   poll_backoff local:  in a local (the flag's load is the round's only
 *                        access).
 * Prints "flag 1 after N rounds" on PE 0. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

static long flag;
static double work;

int main(int argc, char **argv)
{
    int global = argc > 1 && strcmp(argv[1], "global") == 0;
    shmem_init();
    int me = shmem_my_pe();
    shmem_barrier_all();
    if (me == 1) {
        shmem_long_p(&flag, 1, 0);
    } else if (me == 0) {
        long rounds = 0;
        double local = 0;
        while (*(volatile long *)&flag == 0) {
            rounds++;
            double w = global ? work : local;
            for (long i = 0; i < 1000 * rounds; i++)
                w += 1.0;
            if (global)
                work = w;
            else
                local = w;
            __asm__ volatile("" ::: "memory"); /* work is stored and read again each round */
        }
        printf("flag %ld after %ld rounds%s\n", flag, rounds, local < 0 || work < 0 ? "?" : "");
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
