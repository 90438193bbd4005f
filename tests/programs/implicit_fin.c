/* implicit_fin MODE: how a PE's end is handled.
 *   legacy   start_pes, a put to the next PE left incomplete, main returns:
 *            the implicit finalisation at exit completes it (no finding);
 *   waits    start_pes; PE 0 returns at once while the others wait for a
 *            flag it never sets: the implicit finalisation is collective,
 *            so PE 0 waits in it too, and the run is a deadlock;
 *   init     shmem_init, the same put, then a mutex, and main returns with
 *            no shmem_finalize: pending-at-finalize at the put's line;
 *   lock     start_pes, and PE 0 returns holding a lock: pending-at-finalize
 *            from its implicit finalisation. */
#include <shmem.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char buf[8];
static long flag, lock;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "legacy";
    if (strcmp(mode, "init") == 0)
        shmem_init();
    else
        start_pes(0); /* START */
    int me = shmem_my_pe(), next = (me + 1) % shmem_n_pes();
    if (strcmp(mode, "waits") == 0) {
        if (me != 0)
            shmem_long_wait_until(&flag, SHMEM_CMP_NE, 0); /* WAIT(waits) */
        return 0;
    }
    if (strcmp(mode, "lock") == 0) {
        if (me == 0)
            shmem_set_lock(&lock);
        return 0;
    }
    shmem_putmem(buf, "hi", 3, next); /* PUT(init) */
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    return 0;
}
