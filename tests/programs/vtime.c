/* Time functions return virtual time: sleeping advances it exactly, and
 * two runs print the same times.  The wall clock starts at a fixed date,
 * so srand(time(NULL) + pe) gives each PE its own numbers, as on a
 * cluster; the processor time a PE has used (clock, times, getrusage) is
 * its virtual time. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    usleep(1500 + 10 * me);
    clock_gettime(CLOCK_MONOTONIC, &b);
    long long slept = (b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
    struct timeval tv;
    gettimeofday(&tv, NULL);
    printf("PE %d slept %lld ns, now %ld.%06ld, time() %ld\n", me, slept, (long)tv.tv_sec,
           (long)tv.tv_usec, (long)time(NULL));
    srand((unsigned)time(NULL) + (unsigned)me);
    int r = rand();
    usleep(20000);
    struct tms t;
    clock_t ticks = times(&t);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    char date[32];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));
    printf("PE %d rand %d, date %s, times %ld/%ld ticks, rusage %ld.%06ld s\n", me, r, date,
           (long)ticks, (long)t.tms_utime, (long)ru.ru_utime.tv_sec, (long)ru.ru_utime.tv_usec);
    shmem_finalize();
    return 0;
}
