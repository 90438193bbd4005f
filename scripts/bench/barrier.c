/* scripts/bench/barrier: a few barriers, for the largest-PE-count figure. */
#include <shmem.h>

int main(void)
{
    shmem_init();
    for (int i = 0; i < 3; i++)
        shmem_barrier_all();
    shmem_finalize();
    return 0;
}
