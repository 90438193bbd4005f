/* Mutual exclusion: every PE increments a counter on PE 0 ITER times with a
 * get and a put (not atomic), inside a critical section (argv[1]):
 *   lock     shmem_set_lock / shmem_clear_lock
 *   test     shmem_test_lock until it succeeds, then shmem_clear_lock
 *   nolock   no lock at all (the control: updates get lost)
 *   misuse   PE 1 clears a lock it does not hold
 * Inside, a fetch-and-increment of an occupancy word must find it 0.
 * PE 0 prints "counter C expected E overlaps O". */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#define ITER 20
long lock, counter, inside, overlaps;

int main(int argc, char **argv)
{
    shmem_init();
    const char *mode = argc > 1 ? argv[1] : "lock";
    int me = shmem_my_pe(), n = shmem_n_pes();
    if (!strcmp(mode, "misuse")) {
        if (me == 1)
            shmem_clear_lock(&lock);
        shmem_barrier_all();
        printf("PE %d done\n", me);
        shmem_finalize();
        return 0;
    }
    for (int i = 0; i < ITER; i++) {
        if (!strcmp(mode, "lock"))
            shmem_set_lock(&lock);
        else if (!strcmp(mode, "test"))
            while (shmem_test_lock(&lock))
                ;
        if (shmem_long_atomic_fetch_inc(&inside, 0) != 0)
            shmem_long_atomic_inc(&overlaps, 0);
        long c = shmem_long_g(&counter, 0);
        shmem_long_p(&counter, c + 1, 0);
        shmem_long_atomic_add(&inside, -1, 0);
        shmem_quiet();
        if (strcmp(mode, "nolock"))
            shmem_clear_lock(&lock);
    }
    shmem_barrier_all();
    if (me == 0)
        printf("counter %ld expected %d overlaps %ld\n", counter, n * ITER, overlaps);
    shmem_finalize();
    return 0;
}
