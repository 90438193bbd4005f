/* A wait for a flag nobody sets that allocates and frees a large block
 * on every round, so the PE spends most of its time inside the C
 * library's allocator, holding its lock: the watchdog must stop it
 * elsewhere, or the report, which allocates too, would wait for ever. */
#include <shmem.h>
#include <stdlib.h>
#include <string.h>

int flag;
volatile int sink;

int main(void)
{
    shmem_init();
    if (shmem_my_pe() == 0)
        while (!flag) {
            char *p = malloc(1 << 20);
            memset(p, 1, 64);
            sink += p[3];
            free(p);
        }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
