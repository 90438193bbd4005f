/* Every PE writes two lines, then PE 1 fails in the way argv[1] names while
 * the others wait in a barrier.  The "@name" comments mark the lines the
 * reports must name (tests/check_crash.c reads them from this file). */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile int *volatile nowhere;

static int deep(int n)
{
    volatile char buf[4096];
    buf[0] = (char)n; /* @overflow */
    return n ? deep(n - 1) + buf[0] : 0;
}

static __attribute__((noinline)) void fail(const char *mode, int argc)
{
    if (!strcmp(mode, "segv")) {
        volatile int *p = nowhere + argc;
        *p = 1; /* @segv */
        printf("not reached\n");
    }
    if (!strcmp(mode, "abort"))
        abort(); /* @abort */
    if (!strcmp(mode, "overflow"))
        deep(1 << 20);
    if (!strcmp(mode, "spin"))
        for (;;) { /* @spin */
        }
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe();
    const char *mode = argc > 1 ? argv[1] : "";
    printf("PE %d line 1\n", me);
    printf("PE %d line 2 (partial)", me);
    if (me == 1)
        fail(mode, argc);
    shmem_barrier_all();
    printf(" PE %d done\n", me);
    shmem_finalize();
    return 0;
}
