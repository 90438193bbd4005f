/* One PE misbehaves in the way argv[1] names; the others carry on into a
 * barrier.  Every PE first writes a partial line, which must not be lost. */
#include <shmem.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long flag;

static int deep(int n)
{
    volatile char buf[4096];
    buf[0] = (char)n;
    return n ? deep(n - 1) + buf[0] : 0;
}

/* A program's own SIGSEGV handler, which says nothing of the stack. */
static void segv_handler(int sig)
{
    (void)sig;
    fprintf(stderr, "fatal error\n");
    abort();
}

static void at_exit_handler(void)
{
    printf("atexit handler\n");
}

static void on_exit_handler(int status, void *arg)
{
    printf("on_exit handler: status %d, arg %d\n", status, *(int *)arg);
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe();
    const char *mode = argc > 1 ? argv[1] : "";
    printf("PE %d starting %s;", me, mode);
    if (!strcmp(mode, "deadlock") && me == 1)
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
    if (!strcmp(mode, "segv") && me == 2)
        *(volatile int *)(uintptr_t)8 = 1;
    if (!strcmp(mode, "overflow") && me == 1)
        deep(100000);
    if (!strcmp(mode, "overflow-handled") && me == 1) {
        signal(SIGSEGV, segv_handler);
        deep(100000);
    }
    if (!strcmp(mode, "exit3") && me == 3)
        exit(3);
    static int arg = 42;
    if (!strcmp(mode, "handlers") && me == 3) { /* the last registered runs first */
        atexit(at_exit_handler);
        on_exit(on_exit_handler, &arg);
        exit(3);
    }
    if (!strcmp(mode, "pollall")) /* every PE tests for a put no one makes */
        while (!shmem_long_test(&flag, SHMEM_CMP_EQ, 1))
            ;
    if (!strcmp(mode, "exit0") && me == 3)
        exit(0);
    if (!strcmp(mode, "abort") && me == 0)
        abort();
    if (!strcmp(mode, "spin") && me == 0) {
        /* A runaway loop: it reads nothing another PE could write (a loop
         * spinning on shared memory lets the writer run instead). */
        volatile long local = 0;
        while (local == 0)
            ;
    }
    printf(" PE %d done\n", me);
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
