/* omp_round bad|good: the two threads of an OpenMP team pass a barrier,
 * then store into one global.  Bad: both store before the next barrier,
 * which nothing orders, however late one of them leaves the first
 * barrier.  Good: thread 1 stores after the next barrier. */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>

long after; /* (not static: see pthread_races.c) */

/* (Functions of their own, so the two stores keep their lines.) */
static __attribute__((noinline)) void first(void)
{
    after = 1; /* A(round) */
}

static __attribute__((noinline)) void second(void)
{
    after = 2; /* B(round) */
}

int main(int argc, char **argv)
{
    shmem_init();
    int bad = argc > 1 && strcmp(argv[1], "bad") == 0;
#pragma omp parallel num_threads(2)
    {
        int t = omp_get_thread_num();
#pragma omp barrier
        if (t == 0)
            first();
        else if (bad)
            second();
#pragma omp barrier
        if (t == 1 && !bad)
            second();
    }
    printf("PE %d after %ld\n", shmem_my_pe(), after);
    shmem_finalize();
    return 0;
}
