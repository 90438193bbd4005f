/* Symmetric heap: equal offsets on every PE, data written remotely into
 * shmem_malloc'd/calloc'd/aligned/realloc'd memory; argv[1] == "mismatch"
 * makes PE 1 ask for a different size. */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), errors = 0;
    size_t sz = argc > 1 && !strcmp(argv[1], "mismatch") && me == 1 ? 200 : 100;
    long *a = shmem_malloc(sz * sizeof(long));
    long *z = shmem_calloc(10, sizeof(long));
    char *al = shmem_align(4096, 64);
    errors += ((uintptr_t)al % 4096) != 0;
    for (int i = 0; i < 10; i++)
        errors += z[i] != 0;
    long v = me;
    shmem_putmem(&a[me], &v, sizeof v, (me + 1) % n);
    shmem_barrier_all();
    errors += a[(me + n - 1) % n] != (me + n - 1) % n;
    a = shmem_realloc(a, 1000 * sizeof(long));
    errors += a[(me + n - 1) % n] != (me + n - 1) % n;
    shmem_free(z);
    long *b = shmalloc(8 * sizeof(long));
    shfree(b);
    shmem_free(al);
    shmem_free(a);
    printf("PE %d heap errors %d\n", me, errors);
    shmem_finalize();
    return errors != 0;
}
