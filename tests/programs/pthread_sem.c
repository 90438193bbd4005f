/* pthread_sem: semaphores and the clock-named timed waits in a PE.
 *
 * A thread hands a value to the main program through an unnamed
 * semaphore: the value is in program data (symmetric), written before
 * sem_post and read after sem_wait, so the hand-off is ordered and no
 * race is reported; with "race" the main program reads it without
 * waiting, a race between the two threads.  Then each timed wait gives up
 * at its deadline, a millisecond of virtual time on: sem_trywait,
 * sem_timedwait (a wall-clock deadline), sem_clockwait,
 * pthread_cond_clockwait and pthread_mutex_clocklock (monotonic ones),
 * and pthread_rwlock_timedwrlock against a reader; a clock-named read
 * lock beside that reader is granted; a thread blocked in sem_wait ends
 * when cancelled.  One line per PE. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static sem_t ready;
static int value;
static pthread_mutex_t held = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_cond_t never = PTHREAD_COND_INITIALIZER;

static void *producer(void *arg)
{
    value = 40 + *(int *)arg; /* the hand-off's write */
    sem_post(&ready);
    return NULL;
}

/* A deadline a millisecond from now on clock c. */
static struct timespec in_1ms(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    t.tv_nsec += 1000000;
    if (t.tv_nsec >= 1000000000) {
        t.tv_nsec -= 1000000000;
        t.tv_sec++;
    }
    return t;
}

static long waited_us(const struct timespec *from)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return ((t.tv_sec - from->tv_sec) * 1000000000L + t.tv_nsec - from->tv_nsec) / 1000;
}

static const char *err(int rc)
{
    return rc == ETIMEDOUT ? "ETIMEDOUT" : rc == EAGAIN ? "EAGAIN" : rc == 0 ? "0" : "other";
}

static void *stuck(void *arg)
{
    sem_wait((sem_t *)arg); /* never posted: only a cancel ends it */
    return arg;
}

static void *hold_locks(void *arg)
{
    pthread_mutex_lock(&held);
    pthread_rwlock_rdlock(&rw);
    sem_post(&ready);
    sem_wait((sem_t *)arg); /* until the main program is done with them */
    pthread_rwlock_unlock(&rw);
    pthread_mutex_unlock(&held);
    return NULL;
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe();
    int racy = argc > 1 && strcmp(argv[1], "race") == 0;
    sem_init(&ready, 0, 0);
    pthread_t t;
    pthread_create(&t, NULL, producer, &me);
    int got;
    if (racy) {
        got = value; /* RACE(sem): no wait before the read */
        sem_wait(&ready);
    } else {
        sem_wait(&ready);
        got = value;
    }
    pthread_join(t, NULL);
    if (racy) {
        printf("PE %d: read %d without waiting\n", me, got);
        shmem_finalize();
        return 0;
    }

    int v = -1;
    sem_getvalue(&ready, &v);
    int trywait = sem_trywait(&ready) == 0 ? 0 : errno;

    struct timespec start, dl;
    clock_gettime(CLOCK_MONOTONIC, &start);
    dl = in_1ms(CLOCK_REALTIME);
    int timed = sem_timedwait(&ready, &dl) == 0 ? 0 : errno;
    long timed_us = waited_us(&start);

    clock_gettime(CLOCK_MONOTONIC, &start);
    dl = in_1ms(CLOCK_MONOTONIC);
    int clocked = sem_clockwait(&ready, CLOCK_MONOTONIC, &dl) == 0 ? 0 : errno;
    long clocked_us = waited_us(&start);

    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&m);
    dl = in_1ms(CLOCK_MONOTONIC);
    int cond = pthread_cond_clockwait(&never, &m, CLOCK_MONOTONIC, &dl);
    pthread_mutex_unlock(&m);

    sem_t done;
    sem_init(&done, 0, 0);
    pthread_create(&t, NULL, hold_locks, &done);
    sem_wait(&ready);
    dl = in_1ms(CLOCK_MONOTONIC);
    int mutex = pthread_mutex_clocklock(&held, CLOCK_MONOTONIC, &dl);
    dl = in_1ms(CLOCK_REALTIME);
    int wr = pthread_rwlock_timedwrlock(&rw, &dl);
    dl = in_1ms(CLOCK_MONOTONIC);
    int rd = pthread_rwlock_clockrdlock(&rw, CLOCK_MONOTONIC, &dl);
    if (rd == 0)
        pthread_rwlock_unlock(&rw);
    sem_post(&done);
    pthread_join(t, NULL);
    sem_destroy(&done);
    sem_destroy(&ready);

    sem_t never_posted;
    sem_init(&never_posted, 0, 0);
    pthread_create(&t, NULL, stuck, &never_posted);
    usleep(100); /* it blocks */
    pthread_cancel(t);
    void *res = NULL;
    pthread_join(t, &res);

    printf("PE %d: got %d, value %d, trywait %s, timedwait %s after %ld us, clockwait %s "
           "after %ld us, cond %s, mutex %s, wrlock %s, rdlock %s, sem_wait %s\n",
           me, got, v, err(trywait), err(timed), timed_us, err(clocked), clocked_us, err(cond),
           err(mutex), err(wr), err(rd), res == PTHREAD_CANCELED ? "cancelled" : "not cancelled");
    shmem_finalize();
    return 0;
}
