/* pthread_query: what a program asks about its own threads.
 *
 * Each PE, for its main program and for a thread it starts: the stack
 * pthread_getattr_np gives holds a local variable (Rust's runtime asks
 * this before main); the CPU set, the CPU-time clock and the scheduling
 * of the thread can be read, and a time-sharing policy set; a try-join of
 * the running thread is EBUSY and a timed join ETIMEDOUT at its deadline,
 * then a join gets its result.  Prints one line per check. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <shmem.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int me;
static atomic_int go;

/* "stack ok" when the thread's stack, as pthread_getattr_np tells it,
 * holds one of its locals. */
static const char *stack_check(void)
{
    pthread_attr_t a;
    void *lo;
    size_t size;
    int local = 0;
    if (pthread_getattr_np(pthread_self(), &a) != 0)
        return "getattr failed";
    int rc = pthread_attr_getstack(&a, &lo, &size);
    pthread_attr_destroy(&a);
    if (rc != 0)
        return "no stack";
    char *p = (char *)&local;
    return p >= (char *)lo && p < (char *)lo + size ? "stack ok" : "stack elsewhere";
}

static void queries(const char *who)
{
    pthread_t t = pthread_self();
    cpu_set_t set;
    clockid_t clk;
    struct timespec ts;
    struct sched_param sp = {0};
    int policy = -1;
    CPU_ZERO(&set);
    int aff = pthread_getaffinity_np(t, sizeof set, &set);
    int clock = pthread_getcpuclockid(t, &clk) == 0 && clock_gettime(clk, &ts) == 0;
    int sched = pthread_getschedparam(t, &policy, &sp);
    int set_other = pthread_setschedparam(t, SCHED_OTHER, &sp);
    printf("PE %d %s: %s, affinity %d (%s), cpu clock %s, policy %s %d, set %d\n", me, who,
           stack_check(), aff, CPU_COUNT(&set) > 0 ? "some CPU" : "none", clock ? "read" : "no",
           sched == 0 && policy == SCHED_OTHER ? "other" : "?", sp.sched_priority, set_other);
}

static void *worker(void *arg)
{
    (void)arg;
    queries("thread");
    while (!atomic_load(&go))
        sched_yield();
    return (void *)42;
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    queries("main");
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    void *ret = NULL;
    int try = pthread_tryjoin_np(t, &ret);
    struct timespec when;
    clock_gettime(CLOCK_REALTIME, &when);
    when.tv_nsec += 5000; /* 5 us from now */
    if (when.tv_nsec >= 1000000000L) {
        when.tv_sec++;
        when.tv_nsec -= 1000000000L;
    }
    int timed = pthread_timedjoin_np(t, &ret, &when);
    atomic_store(&go, 1);
    int joined = pthread_join(t, &ret);
    printf("PE %d joins: try %s, timed %s, join %d returned %ld\n", me,
           try == EBUSY ? "EBUSY" : "?", timed == ETIMEDOUT ? "ETIMEDOUT" : "?", joined,
           (long)ret);
    shmem_finalize();
    return 0;
}
