/* A reduction given a broadcast-sized pSync (4 longs) that is the
 * program's last symmetric variable but one: most of the 96 bytes the
 * call would use past it lie beyond the program's data altogether, and
 * the finding says so rather than lay them all on the last variable. */
#include <shmem.h>
#include <stdio.h>

/* (GCC lays these out in the reverse order of their definitions: last
 * at the end of the program's data, sync_words just before it.) */
int last;
long sync_words[SHMEM_BCAST_SYNC_SIZE];
double work[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
double sum, mine;

int main(void)
{
    shmem_init();
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++)
        sync_words[i] = SHMEM_SYNC_VALUE;
    mine = 1.0;
    last = 1;
    shmem_barrier_all();
    shmem_double_sum_to_all(&sum, &mine, 1, 0, 0, shmem_n_pes(), work, sync_words);
    printf("PE %d: sum %g, last %d\n", shmem_my_pe(), sum, last);
    shmem_finalize();
    return 0;
}
