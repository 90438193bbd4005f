/* A busy-wait on the clock (2.5 ms, as a benchmark's "compute for a
 * while" loop does) makes no simulator call: virtual time must pass
 * anyway, or the loop would never end.  Every PE busy-waits, so the
 * pollers also hand the turn to each other.  Prints "PE n: waited ok". */
#include <shmem.h>
#include <stdio.h>
#include <time.h>

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(void)
{
    shmem_init();
    long long t0 = now_ns(), t1;
    while ((t1 = now_ns()) - t0 < 2500000) /* BUSY */
        ;
    printf("PE %d: waited %s\n", shmem_my_pe(), t1 - t0 < 2600000 ? "ok" : "too long");
    shmem_finalize();
    return 0;
}
