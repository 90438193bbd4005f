/* The library called while no PE runs: outside_run [dtor|ctor].
 *
 * dtor: a destructor of the program frees a symmetric block when the
 * process exits, after the run has ended; ctor: a constructor calls
 * shmem_init when the program is loaded, before any PE starts.  Neither
 * can be carried out: the process ends with a message, with the run's
 * status (dtor) or 2 (ctor), never an internal error. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long *block;

__attribute__((destructor)) static void at_exit_free(void)
{
    if (block)
        shmem_free(block);
}

__attribute__((constructor)) static void at_load_init(void)
{
    const char *mode = getenv("OUTSIDE_RUN");
    if (mode && strcmp(mode, "ctor") == 0)
        shmem_init();
}

int main(int argc, char **argv)
{
    shmem_init();
    if (argc > 1 && strcmp(argv[1], "dtor") == 0)
        block = shmem_malloc(64);
    printf("PE %d: main done\n", shmem_my_pe());
    return 0;
}
