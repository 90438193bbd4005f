/* Two threads of each PE take two mutexes in opposite orders: the run
 * deadlocks, and the report names each thread's pthread_mutex_lock.  With
 * an argument, the thread is sent a signal instead (thread-unsupported). */
#include <pthread.h>
#include <shmem.h>
#include <signal.h>
#include <stdio.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t bar;

static void *other(void *x)
{
    (void)x;
    pthread_mutex_lock(&b);
    pthread_barrier_wait(&bar);
    pthread_mutex_lock(&a); /* waits for main's a */
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    shmem_init();
    pthread_barrier_init(&bar, NULL, 2);
    pthread_t t;
    pthread_create(&t, NULL, other, NULL);
    if (argc > 1) {
        printf("kill failed: %d\n", pthread_kill(t, SIGUSR1) != 0);
        shmem_finalize(); /* the thread ends with its PE */
        return 0;
    }
    pthread_mutex_lock(&a);
    pthread_barrier_wait(&bar);
    pthread_mutex_lock(&b); /* waits for the thread's b */
    pthread_join(t, NULL);
    shmem_finalize();
    return 0;
}
