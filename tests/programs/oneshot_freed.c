/* PE 0 prints a counter the other PEs are still incrementing, with
 * nothing ordering its load after their atomics, and frees the counter:
 * the load is a one-shot read of a word being updated (a data race),
 * reported before the block is gone, so that it names the block. */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int *counter = shmem_calloc(1, sizeof *counter); /* BLOCK */
    if (me != 0)
        for (int i = 0; i < 50; i++)
            shmem_int_atomic_inc(counter, 0);
    else
        printf("counter %d so far\n", *counter); /* ONESHOT */
    shmem_free(counter);
    shmem_finalize();
    return 0;
}
