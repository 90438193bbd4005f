/* Two threads of each PE take and release one symmetric lock: OpenSHMEM
 * locks exclude PEs, not threads, so the second thread's shmem_set_lock
 * is a misuse (and the run may then deadlock).  The simulator must say so,
 * not crash on the lock's queue word.  Run with 2 PEs. */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>

static long lock, counter;

static void *take_and_release(void *arg)
{
    for (int i = 0; i < 5; i++) {
        shmem_set_lock(&lock); /* SET */
        long v = shmem_long_g(&counter, 0);
        shmem_long_p(&counter, v + 1, 0);
        shmem_clear_lock(&lock);
    }
    return arg;
}

int main(void)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    pthread_t t;
    pthread_create(&t, NULL, take_and_release, NULL);
    take_and_release(NULL);
    pthread_join(t, NULL);
    shmem_barrier_all();
    if (shmem_my_pe() == 0)
        printf("counter %ld\n", counter);
    shmem_finalize();
    return 0;
}
