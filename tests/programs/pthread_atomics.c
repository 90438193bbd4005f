/* Producer/consumer over SHMEM atomics with POSIX threads: on every PE two
 * producer threads push work items into the right neighbour's queue with
 * atomic fetch-and-add on its tail, and a consumer thread drains its own
 * queue, waiting on the tail with shmem_wait_until; a mutex and condition
 * variable hand the consumer's total to the main thread. */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>

#define PER_PRODUCER 8
#define ITEMS (2 * PER_PRODUCER)
static long tail;                 /* symmetric: slots claimed in queue */
static long queue[ITEMS];         /* symmetric */
static long ready[ITEMS];         /* symmetric: slot filled */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static long total = -1;

static void *producer(void *arg)
{
    int id = (int)(long)arg, right = (shmem_my_pe() + 1) % shmem_n_pes();
    for (int i = 0; i < PER_PRODUCER; i++) {
        long slot = shmem_long_atomic_fetch_add(&tail, 1, right);
        shmem_long_p(&queue[slot], 100L * shmem_my_pe() + 10L * id + i, right);
        shmem_fence();
        shmem_long_atomic_set(&ready[slot], 1, right);
    }
    return NULL;
}

static void *consumer(void *arg)
{
    (void)arg;
    long sum = 0;
    for (int slot = 0; slot < ITEMS; slot++) {
        shmem_long_wait_until(&ready[slot], SHMEM_CMP_EQ, 1);
        sum += queue[slot];
    }
    pthread_mutex_lock(&mu);
    total = sum;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&mu);
    return NULL;
}

int main(void)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    int me = shmem_my_pe(), left = (me + shmem_n_pes() - 1) % shmem_n_pes();
    pthread_t p[2], c;
    pthread_create(&c, NULL, consumer, NULL);
    for (long i = 0; i < 2; i++)
        pthread_create(&p[i], NULL, producer, (void *)i);
    pthread_mutex_lock(&mu);
    while (total < 0)
        pthread_cond_wait(&cv, &mu);
    pthread_mutex_unlock(&mu);
    for (int i = 0; i < 2; i++)
        pthread_join(p[i], NULL);
    pthread_join(c, NULL);
    long want = 0;
    for (int id = 0; id < 2; id++)
        for (int i = 0; i < PER_PRODUCER; i++)
            want += 100L * left + 10L * id + i;
    shmem_barrier_all();
    printf("PE %d: provided %d, consumed %ld of %ld: %s\n", me, provided, total, want,
           total == want ? "right" : "WRONG");
    shmem_finalize();
    return total != want;
}
