/* The main thread polls a flag under a mutex, making no other call, while
 * a second thread sets it under the mutex 5 us of virtual time later: a
 * queue polled under a lock.  The poll must let the second thread run and
 * time pass, as a machine's threads would.  argv[1] "two": each round
 * first looks the flag up under another mutex (tests-sos's mt_lock shape:
 * a table's lock, then the entry's). */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER, table = PTHREAD_MUTEX_INITIALIZER;
static int ready;

static void *setter(void *arg)
{
    (void)arg;
    usleep(5);
    pthread_mutex_lock(&lock);
    ready = 1;
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(int argc, char **argv)
{
    int two = argc > 1 && argv[1][0] == 't';
    shmem_init();
    pthread_t t;
    pthread_create(&t, NULL, setter, NULL);
    int seen = 0;
    while (!seen) {
        if (two) {
            pthread_mutex_lock(&table);
            pthread_mutex_unlock(&table);
        }
        pthread_mutex_lock(&lock);
        seen = ready;
        pthread_mutex_unlock(&lock);
    }
    pthread_join(t, NULL);
    printf("PE %d saw the flag\n", shmem_my_pe());
    shmem_finalize();
    return 0;
}
