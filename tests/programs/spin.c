/* A PE that waits for a flag with plain loads (no shmem_wait_until): the
 * simulator lets the others run once it sees the same load repeat, so the
 * put lands and the loop ends (and the race detector names the load and the
 * put).  spin flag: PE 1 puts the flag after computing a while; spin never:
 * nobody writes it, a deadlock that names the spin; spin many: every PE
 * but 0 spins, and PE 0 puts each its flag, so the spinners must not hand
 * the turn to each other at one instant for ever.  Prints "PE n: done". */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

int flag;

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe();
    int never = argc > 1 && strcmp(argv[1], "never") == 0;
    int many = argc > 1 && strcmp(argv[1], "many") == 0;
    shmem_barrier_all();
    if (many) {
        if (me == 0)
            for (int pe = 1; pe < shmem_n_pes(); pe++)
                shmem_int_p(&flag, 1, pe);
        else
            while (!*(volatile int *)&flag)
                ;
    } else if (me == 0) {
        while (!*(volatile int *)&flag) /* SPIN */
            ;
    } else if (me == 1 && !never) {
        shmem_int_p(&flag, 1, 0);
    }
    printf("PE %d: done\n", me);
    shmem_finalize();
    return 0;
}
