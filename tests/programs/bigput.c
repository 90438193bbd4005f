/* Large transfers: each PE puts (or, with "get", gets) MiB mebibytes to
 * or from its neighbour COUNT times, each time with a different pattern,
 * and checks the last one.  Usage: bigput [put|get|put_signal] MiB COUNT */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    const char *how = argc > 1 ? argv[1] : "put";
    size_t bytes = (size_t)(argc > 2 ? atoi(argv[2]) : 16) << 20;
    int count = argc > 3 ? atoi(argv[3]) : 100;
    size_t words = bytes / sizeof(long);
    long *dst = shmem_malloc(bytes);
    long *src = malloc(bytes);
    static uint64_t sig;
    int right = (me + 1) % n, left = (me + n - 1) % n;
    for (int k = 0; k < count; k++) {
        for (size_t i = 0; i < words; i += 4096)
            src[i] = (long)k * 1000 + me;
        src[words - 1] = k;
        if (!strcmp(how, "get"))
            shmem_getmem(src, dst, bytes, right);
        else if (!strcmp(how, "put_signal"))
            shmem_putmem_signal(dst, src, bytes, &sig, 1, SHMEM_SIGNAL_ADD, right);
        else
            shmem_putmem(dst, src, bytes, right);
        shmem_fence(); /* the next one lands after this one */
    }
    shmem_barrier_all();
    int errors = 0;
    if (strcmp(how, "get") != 0) {
        for (size_t i = 0; i < words; i += 4096)
            errors += dst[i] != (long)(count - 1) * 1000 + left;
        errors += dst[words - 1] != count - 1;
    }
    if (!strcmp(how, "put_signal"))
        errors += sig != (uint64_t)count;
    printf("PE %d %s\n", me, errors ? "FAILED" : "ok");
    free(src);
    shmem_free(dst);
    shmem_finalize();
    return errors != 0;
}
