/* Thread-local variables are per thread: a pthread starts from the
 * variable's initial value and its changes stay its own; OpenMP's
 * threadprivate gives each thread of a team its own copy. */
#include <omp.h>
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>

static __thread int tv = 5;
static int tp = 7;
#pragma omp threadprivate(tp)

static void *bump(void *arg)
{
    (void)arg;
    tv += 10;
    return (void *)(long)tv;
}

int main(void)
{
    shmem_init();
    tv = 1;
    pthread_t t;
    void *r;
    pthread_create(&t, NULL, bump, NULL);
    pthread_join(t, &r);
    long sum = 0;
#pragma omp parallel reduction(+ : sum)
    {
        tp += omp_get_thread_num();
        sum += tp;
    }
    printf("PE %d: main tv %d, thread tv %ld, threadprivate sum %ld\n", shmem_my_pe(), tv,
           (long)r, sum);
    shmem_finalize();
    return 0;
}
