/* A poll whose every round also reads 3,000 words (as a poll that scans
 * a message queue's slots, here in no order): PE 1 waits for a flag that PE 0 stores
 * through shmem_ptr 10 us later, with an atomic store and load, so no
 * simulator call is made while it waits. */
#include <shmem.h>
#include <stdio.h>
#include <unistd.h>

long slots[3000]; /* (not static, and written: the compiler must read it) */
static int flag;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    for (int i = 0; i < 3000; i++)
        slots[i] = i;
    shmem_barrier_all();
    if (me == 0) {
        usleep(10);
        __atomic_store_n((int *)shmem_ptr(&flag, 1), 1, __ATOMIC_RELEASE);
    } else if (me == 1) {
        long sum = 0;
        while (!__atomic_load_n(&flag, __ATOMIC_ACQUIRE))
            for (int i = 0; i < 3000; i++)
                sum += slots[i * 37 % 3000]; /* (not in order) */
        printf("PE 1 saw the flag%s\n", sum > 0 ? "" : " (and no slots?)");
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
