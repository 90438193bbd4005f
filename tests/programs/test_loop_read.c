/* A loop that waits while shmem_int_test says the variable is still 0,
 * then reads it: the test read the put's value (atomically), so the read
 * after it is ordered, and correct programs written this way must raise
 * no finding.  Prints "PE 0: saw 1". */
#include <shmem.h>
#include <stdio.h>
#include <unistd.h>

int variable;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), one = 1;
    shmem_barrier_all();
    if (me == 0) {
        while (shmem_int_test(&variable, SHMEM_CMP_EQ, 0))
            usleep(100);
        printf("PE 0: saw %d\n", variable);
    } else if (me == 1) {
        shmem_int_put(&variable, &one, 1, 0);
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
