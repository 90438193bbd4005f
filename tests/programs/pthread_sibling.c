/* A thread waits with shmem_wait_until for a plain store by a sibling
 * thread of its PE (no SHMEM call in between, as in tests-sos mt_membar):
 * the waiter must see it once the storing thread calls the simulator or
 * ends. */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>
#include <unistd.h>

static int flag, step;
static pthread_barrier_t bar;

static void *waiter(void *arg)
{
    (void)arg;
    shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1); /* set by a plain store, then a barrier */
    shmem_int_wait_until(&step, SHMEM_CMP_EQ, 2); /* set by a plain store, then the end */
    pthread_barrier_wait(&bar);
    return NULL;
}

static void *storer(void *arg)
{
    (void)arg;
    usleep(10); /* the waiter is blocked by then */
    flag = 1;
    return NULL;
}

int main(void)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    pthread_barrier_init(&bar, NULL, 2);
    pthread_t w, s;
    pthread_create(&w, NULL, waiter, NULL);
    pthread_create(&s, NULL, storer, NULL);
    pthread_join(s, NULL);
    usleep(10);
    step = 2;
    pthread_barrier_wait(&bar);
    pthread_join(w, NULL);
    printf("PE %d: sibling stores seen\n", shmem_my_pe());
    shmem_finalize();
    return 0;
}
