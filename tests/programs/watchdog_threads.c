/* PE 0 computes for ever without a simulator call, so the watchdog
 * stops it; PE 1 waits in pthread_join for a thread that waits
 * on a condition nobody signals.  The watchdog's message says where
 * PE 1 and its thread were. */
#include <pthread.h>
#include <shmem.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;

static void *waiter(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    shmem_init();
    if (shmem_my_pe() == 0) {
        volatile unsigned long i = 0;
        for (;;)
            i++;
    } else {
        pthread_t t;
        pthread_create(&t, NULL, waiter, NULL);
        pthread_join(t, NULL);
    }
    shmem_finalize();
    return 0;
}
