/* Argument errors the simulator must name: argv[1] picks one. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

long sym;

int main(int argc, char **argv)
{
    shmem_init();
    const char *mode = argc > 1 ? argv[1] : "";
    long local = 5;
    if (shmem_my_pe() == 0) {
        if (!strcmp(mode, "pe"))
            shmem_long_p(&sym, 1, 99);
        if (!strcmp(mode, "stack"))
            shmem_long_p(&local, 1, 1);
        if (!strcmp(mode, "null"))
            shmem_putmem(NULL, &local, 8, 1);
    }
    shmem_barrier_all();
    printf("PE %d done\n", shmem_my_pe());
    shmem_finalize();
    return 0;
}
