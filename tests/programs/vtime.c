/* Time functions return virtual time: sleeping advances it exactly, and
 * two runs print the same times.  The wall clock starts at a fixed date,
 * so srand(time(NULL) + pe) gives each PE its own numbers, as on a
 * cluster; the processor time a PE has used (clock, times, getrusage) is
 * its virtual time.  clock_nanosleep (relative, and to an absolute time
 * on the wall clock), C11's thrd_sleep, and select and poll with nothing
 * to watch sleep in virtual time too. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/time.h>
#include <sys/times.h>
#include <threads.h>
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
    struct timespec ms1 = {0, 1000000}, ms3 = {0, 3000000}, until, c0, c1, c2, c3;
    clock_gettime(CLOCK_MONOTONIC, &c0);
    clock_nanosleep(CLOCK_MONOTONIC, 0, &ms1, NULL);
    clock_gettime(CLOCK_MONOTONIC, &c1);
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 2000000;
    if (until.tv_nsec >= 1000000000) {
        until.tv_nsec -= 1000000000;
        until.tv_sec++;
    }
    clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &until, NULL);
    clock_gettime(CLOCK_MONOTONIC, &c2);
    thrd_sleep(&ms3, NULL);
    clock_gettime(CLOCK_MONOTONIC, &c3);
    struct timeval ms4 = {0, 4000};
    select(0, NULL, NULL, NULL, &ms4);
    poll(NULL, 0, 5);
    struct timespec c4;
    clock_gettime(CLOCK_MONOTONIC, &c4);
    printf("PE %d other sleeps %lld %lld %lld %lld ns\n", me,
           (c1.tv_sec - c0.tv_sec) * 1000000000LL + (c1.tv_nsec - c0.tv_nsec),
           (c2.tv_sec - c1.tv_sec) * 1000000000LL + (c2.tv_nsec - c1.tv_nsec),
           (c3.tv_sec - c2.tv_sec) * 1000000000LL + (c3.tv_nsec - c2.tv_nsec),
           (c4.tv_sec - c3.tv_sec) * 1000000000LL + (c4.tv_nsec - c3.tv_nsec));
    shmem_finalize();
    return 0;
}
