/* Three threads released together by a barrier append their numbers to a
 * list under a mutex; the program prints the order.  Which thread runs
 * first is the simulator's choice, drawn from the seed: one seed always
 * gives one order, other seeds other orders. */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>

static pthread_barrier_t go;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int order[3], n;

static void *worker(void *arg)
{
    pthread_barrier_wait(&go);
    pthread_mutex_lock(&mu);
    order[n++] = (int)(long)arg;
    pthread_mutex_unlock(&mu);
    return NULL;
}

int main(void)
{
    shmem_init();
    pthread_barrier_init(&go, NULL, 4);
    pthread_t t[3];
    for (long i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    pthread_barrier_wait(&go);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    if (shmem_my_pe() == 0)
        printf("order %d %d %d\n", order[0], order[1], order[2]);
    shmem_finalize();
    return 0;
}
