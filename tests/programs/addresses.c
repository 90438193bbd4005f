/* addresses: prints where things are, as debug output often does: a
 * symmetric heap block, a global, a malloc block, a local, a function
 * and a C library function.  The same seed must print the same bytes. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

static long global;

static void here(void) {}

int main(void)
{
    shmem_init();
    void *sym = shmem_malloc(64);
    void *priv = malloc(64);
    int local = 0;
    printf("PE %d: heap %p global %p malloc %p stack %p code %p libc %p\n", shmem_my_pe(), sym,
           (void *)&global, priv, (void *)&local, (void *)(size_t)here,
           (void *)(size_t)printf);
    free(priv);
    shmem_free(sym);
    shmem_finalize();
    return 0;
}
