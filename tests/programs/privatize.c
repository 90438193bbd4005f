/* Each PE increments its own copy of a static counter: every PE must print 1. */
#include <shmem.h>
#include <stdio.h>

static int counter;

int main(void)
{
    shmem_init();
    counter++;
    shmem_barrier_all();
    printf("PE %d counter %d\n", shmem_my_pe(), counter);
    shmem_finalize();
    return 0;
}
