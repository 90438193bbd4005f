/* pthread_cancel: deferred cancellation of a PE's threads.
 *
 * Each PE: a watchdog sleeping in usleep is cancelled once a put has
 * landed (as test suites guard a wait with one), and ends at once, not
 * when its sleep would have; a thread waiting on a condition variable is
 * cancelled and its cleanup handler gives the mutex back; cleanup
 * handlers run newest first on a cancel and on pthread_exit, and
 * pthread_cleanup_pop(1) runs one, pop(0) not; a cancel while disabled
 * waits for pthread_testcancel after enabling; cancelling an ended thread
 * does nothing.  Prints one line per check, "PE n ok" at the end. */
#include <errno.h>
#include <pthread.h>
#include <shmem.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int flag;
static int me;
static char order[16];
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static atomic_int disabled_ready, allow;

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void *watchdog(void *arg)
{
    (void)arg;
    for (int i = 0; i < 10; i++)
        usleep(500000);
    printf("PE %d: watchdog fired\n", me);
    return NULL;
}

static void note(void *c)
{
    size_t n = strlen(order);
    order[n] = *(const char *)c;
    order[n + 1] = 0;
}

static void unlock(void *m)
{
    pthread_mutex_unlock(m);
}

static void *waiter(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&mu);
    pthread_cleanup_push(unlock, &mu);
    for (;;)
        pthread_cond_wait(&cv, &mu);
    pthread_cleanup_pop(1);
    return NULL;
}

static void *handlers(void *exit_early)
{
    static const char a = 'a', b = 'b', c = 'c';
    pthread_cleanup_push(note, (void *)&a);
    pthread_cleanup_push(note, (void *)&b);
    pthread_cleanup_push(note, (void *)&c);
    pthread_cleanup_pop(0); /* c: not run */
    if (exit_early)
        pthread_exit((void *)7);
    sleep(100); /* cancelled here */
    pthread_cleanup_pop(1);
    pthread_cleanup_pop(1);
    return NULL;
}

static void *disabled(void *arg)
{
    (void)arg;
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
    disabled_ready = 1;
    usleep(1000); /* a cancellation point, but cancelling is off */
    while (!allow)
        sched_yield();
    printf("PE %d: disabled thread still running\n", me);
    pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
    pthread_testcancel();
    printf("PE %d: not cancelled\n", me);
    return NULL;
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    int npes = shmem_n_pes();
    void *ret;

    /* The watchdog: cancelled after the put it guards has landed. */
    pthread_t t;
    double t0 = now_ms();
    pthread_create(&t, NULL, watchdog, NULL);
    shmem_barrier_all();
    shmem_int_p(&flag, 1, (me + 1) % npes);
    shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);
    pthread_cancel(t);
    pthread_join(t, &ret);
    printf("PE %d: watchdog %s after %s\n", me, ret == PTHREAD_CANCELED ? "cancelled" : "returned",
           now_ms() - t0 < 1000 ? "less than a second" : "its sleeps");

    /* A waiter on a condition variable: its handler unlocks the mutex. */
    pthread_create(&t, NULL, waiter, NULL);
    usleep(100);
    pthread_cancel(t);
    pthread_join(t, &ret);
    printf("PE %d: waiter %s, mutex %s\n", me, ret == PTHREAD_CANCELED ? "cancelled" : "returned",
           pthread_mutex_trylock(&mu) == 0 ? "free" : "held");
    pthread_mutex_unlock(&mu);

    /* Cleanup handlers, on a cancel and on pthread_exit. */
    pthread_create(&t, NULL, handlers, NULL);
    usleep(100);
    pthread_cancel(t);
    pthread_join(t, &ret);
    printf("PE %d: cancel ran handlers '%s'%s\n", me, order,
           ret == PTHREAD_CANCELED ? ", cancelled" : "");
    order[0] = 0;
    pthread_create(&t, NULL, handlers, (void *)1);
    pthread_join(t, &ret);
    printf("PE %d: pthread_exit ran handlers '%s', returned %ld\n", me, order, (long)ret);

    /* Cancelling disabled: acted on only at a cancellation point after
     * enabling. */
    pthread_create(&t, NULL, disabled, NULL);
    while (!disabled_ready)
        sched_yield();
    pthread_cancel(t);
    usleep(5000);
    allow = 1;
    pthread_join(t, &ret);
    printf("PE %d: disabled thread %s\n", me, ret == PTHREAD_CANCELED ? "cancelled" : "returned");

    /* An ended thread: nothing to cancel; a joined one is gone. */
    pthread_create(&t, NULL, disabled, NULL);
    allow = 1;
    usleep(100000);
    int rc = pthread_cancel(t);
    pthread_join(t, &ret);
    printf("PE %d: cancel of an ended thread: %d, it %s; of a joined one: %s\n", me, rc,
           ret == PTHREAD_CANCELED ? "was cancelled" : "returned",
           pthread_cancel(t) == ESRCH ? "ESRCH" : "?");

    shmem_barrier_all();
    printf("PE %d ok\n", me);
    shmem_finalize();
    return 0;
}
