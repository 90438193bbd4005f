/* Time functions return virtual time: sleeping advances it exactly, and
 * two runs print the same times. */
#include <shmem.h>
#include <stdio.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
    shmem_init();
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    usleep(1500 + 10 * shmem_my_pe());
    clock_gettime(CLOCK_MONOTONIC, &b);
    long long slept = (b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
    struct timeval tv;
    gettimeofday(&tv, NULL);
    printf("PE %d slept %lld ns, now %ld.%06ld, time() %ld\n", shmem_my_pe(), slept,
           (long)tv.tv_sec, (long)tv.tv_usec, (long)time(NULL));
    shmem_finalize();
    return 0;
}
