/* Each PE puts its number into its right neighbour's halo and reads its
 * own after a barrier, but with "bad" the middle PE reads before it: a
 * race between that PE's load and its left neighbour's put, at any job
 * size.  ring_race [bad] */
#include <shmem.h>
#include <stdio.h>

static long halo;

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int bad = argc > 1 && argv[1][0] == 'b';
    shmem_long_p(&halo, me, (me + 1) % n); /* the put */
    if (!bad || me != n / 2)
        shmem_barrier_all();
    long v = halo; /* the load */
    if (bad && me == n / 2)
        shmem_barrier_all();
    if (v != (me + n - 1) % n)
        printf("PE %d: halo %ld\n", me, v);
    shmem_finalize();
    return 0;
}
