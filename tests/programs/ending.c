/* Runs that end in a deadlock or a stack overflow, the way argv[1] says,
 * for the deadlock and stack-overflow findings.  The lines the tests expect
 * in call sites carry a marker comment ("@name"), so the tests find them
 * by scanning this file rather than by number.
 *
 *   deadlock          PE 1 waits for a flag nobody writes, PE 3 returns,
 *                     the others wait in a barrier
 *   scattered         odd PEs wait for the flag, even PEs in the barrier
 *   overflow          PE 2 recurses in its own code until its stack ends
 *   overflow-in-call  PE 1 calls the library with almost no stack left */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long flag;
static char *top; /* near the top of the PE's stack (main's frame) */

/* @overflow-in-own-code: all of deep is on the next line, so the fault is there */
static int deep(int n) { volatile char b[1024]; b[0] = 1; return n ? deep(n - 1) + b[0] : 0; }

/* Recurses until fewer than margin bytes (512, or argv[2]) of a stack of
 * `size` bytes are left, then calls the library, whose frames do not fit
 * (a barrier's message and block take more than that).  A sanitizer
 * build's frames above main are larger, so its test leaves more. */
static size_t margin = 512;
static int near_the_end(size_t size)
{
    volatile char b[256];
    b[0] = 1;
    if ((size_t)(top - (char *)b) + margin < size)
        return near_the_end(size) + b[0];
    shmem_barrier_all(); /* @overflow-in-call */
    return b[0];
}

int main(int argc, char **argv)
{
    char here;
    top = &here;
    shmem_init();
    int me = shmem_my_pe();
    const char *mode = argc > 1 ? argv[1] : "";
    if (!strcmp(mode, "deadlock") && me == 1)
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1); /* @deadlock-wait */
    if (!strcmp(mode, "deadlock") && me == 3)
        return 0;
    if (!strcmp(mode, "scattered") && me % 2)
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1); /* @scattered-wait */
    if (!strcmp(mode, "overflow") && me == 2)
        deep(1 << 20);
    if (argc > 2)
        margin = (size_t)atoi(argv[2]);
    if (!strcmp(mode, "overflow-in-call") && me == 1)
        near_the_end(64 * 1024);
    shmem_barrier_all(); /* @barrier */
    shmem_finalize();
    return 0;
}
