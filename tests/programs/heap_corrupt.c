/* A PE corrupts the C library's heap: it overwrites the header of a
 * freed chunk, and the allocator aborts in its next malloc while holding
 * its lock, in the heap every PE and the simulator share.  The run must
 * still end, with a crash's status and a message that names the PE. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    shmem_init();
    printf("PE %d started\n", shmem_my_pe());
    if (shmem_my_pe() == 1) {
        char *a = malloc(2000), *b = malloc(2000);
        free(a);
        ((volatile size_t *)(void *)a)[-1] = 0x7ffff0; /* its chunk's size */
        char *c = malloc(3000);
        printf("%d %d\n", b != NULL, c != NULL);
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
