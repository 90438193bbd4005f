/* pthread_races CASE bad|good: races that involve a PE's threads.
 *
 * As in races.c, the bad case has two conflicting accesses no
 * synchronisation orders, on lines marked A(case) and B(case), and the
 * good twin orders them.  Runs on 3 PEs (PE 2 only takes part in the
 * barriers).
 *
 *   fence       a thread of PE 0 puts x to PE 1 and calls shmem_fence;
 *               the main thread then sets the flag PE 1 waits for.  A
 *               fence orders its calling thread's operations only, so the
 *               flag may arrive before x.  Good: the thread that put x
 *               sets the flag after its fence.
 *   nbi-buffer  a thread of PE 0 tells the main thread it started, then
 *               gets x from PE 1 into a buffer of the main thread with
 *               shmem_long_get_nbi and quiets; the main thread reads the
 *               buffer after hearing the thread started, not after the
 *               quiet.  Good: it joins the thread first.
 *   stack-read  the main thread starts a thread that reads a local of
 *               the main thread's stack, then gets x into that local with
 *               shmem_long_get_nbi and quiets: the read races with the
 *               get, before it is issued or after.  Good: the main
 *               thread joins the reader before the get.
 *   shared-quiet a thread of PE 0 fills a buffer and puts it to PE 1
 *               with shmem_putmem_nbi, three times, while the main
 *               thread calls shmem_quiet on the same (default) context
 *               over and over.  Bad: the thread refills the buffer with
 *               no quiet of its own.  Good: it quiets before each refill
 *               (the main thread's quiets may have completed its puts
 *               first: its own quiet orders them all the same).
 *   barrier-round two threads of PE 0 pass a pthread barrier three
 *               times.  Bad: both store into one global between the
 *               first and the second (whichever leaves the first late
 *               must not be taken as ordered after what the other did
 *               on its way to the second).  Good: one stores before the
 *               second, the other after it. */
#include <pthread.h>
#include <shmem.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static long x = 7, flag;
static int me, bad;
static atomic_int started;

static void *put_and_fence(void *arg)
{
    (void)arg;
    shmem_long_p(&x, 1, 1); /* A(fence) */
    shmem_fence();
    if (!bad)
        shmem_long_atomic_set(&flag, 1, 1);
    return NULL;
}

static void fence(void)
{
    if (me == 0) {
        pthread_t t;
        pthread_create(&t, NULL, put_and_fence, NULL);
        if (bad) {
            usleep(100);
            shmem_long_atomic_set(&flag, 1, 1);
        }
        pthread_join(t, NULL);
    } else if (me == 1) {
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
        printf("x=%ld\n", x); /* B(fence) */
    }
}

static void *get_into(void *arg)
{
    atomic_store_explicit(&started, 1, memory_order_release);
    shmem_long_get_nbi(arg, &x, 1, 1); /* A(nbi-buffer) */
    shmem_quiet();
    return NULL;
}

static void nbi_buffer(void)
{
    if (me != 0)
        return;
    long buf = 0;
    pthread_t t;
    pthread_create(&t, NULL, get_into, &buf);
    if (!bad)
        pthread_join(t, NULL);
    while (!atomic_load_explicit(&started, memory_order_acquire))
        usleep(1);
    usleep(100);
    printf("buf=%ld\n", buf); /* B(nbi-buffer) */
    if (bad)
        pthread_join(t, NULL);
}

static long dest[8];

static void *fill_and_put(void *arg)
{
    (void)arg;
    long buf[8];
    for (int it = 0; it < 3; it++) {
        if (!bad)
            shmem_quiet();
        for (int j = 0; j < 8; j++)
            buf[j] = it * 100 + j; /* B(shared-quiet) */
        shmem_putmem_nbi(dest, buf, sizeof buf, 1); /* A(shared-quiet) */
    }
    shmem_quiet();
    return NULL;
}

static void shared_quiet(void)
{
    if (me != 0)
        return;
    pthread_t t;
    pthread_create(&t, NULL, fill_and_put, NULL);
    for (int i = 0; i < 50; i++)
        shmem_quiet();
    pthread_join(t, NULL);
}

static void *read_it(void *arg)
{
    printf("buf=%ld\n", *(long *)arg); /* B(stack-read) */
    return NULL;
}

static void stack_read(void)
{
    if (me != 0)
        return;
    long buf = 0;
    pthread_t t;
    pthread_create(&t, NULL, read_it, &buf);
    if (!bad)
        pthread_join(t, NULL);
    shmem_long_get_nbi(&buf, &x, 1, 1); /* A(stack-read) */
    shmem_quiet();
    if (bad)
        pthread_join(t, NULL);
}

/* (Not static: a store to a variable no other file can see may be moved
 * across the barrier calls.) */
static pthread_barrier_t rounds;
long after;

static void *round_thread(void *arg)
{
    (void)arg;
    pthread_barrier_wait(&rounds);
    if (bad)
        after = 1; /* A(barrier-round) */
    pthread_barrier_wait(&rounds);
    if (!bad)
        after = 1;
    pthread_barrier_wait(&rounds);
    return NULL;
}

static void barrier_round(void)
{
    if (me != 0)
        return;
    pthread_barrier_init(&rounds, NULL, 2);
    pthread_t t;
    pthread_create(&t, NULL, round_thread, NULL);
    pthread_barrier_wait(&rounds);
    after = 2; /* B(barrier-round) */
    pthread_barrier_wait(&rounds);
    pthread_barrier_wait(&rounds);
    pthread_join(t, NULL);
    pthread_barrier_destroy(&rounds);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: pthread_races CASE bad|good\n");
        return 2;
    }
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    me = shmem_my_pe();
    bad = strcmp(argv[2], "bad") == 0;
    shmem_barrier_all();
    if (strcmp(argv[1], "fence") == 0)
        fence();
    else if (strcmp(argv[1], "nbi-buffer") == 0)
        nbi_buffer();
    else if (strcmp(argv[1], "stack-read") == 0)
        stack_read();
    else if (strcmp(argv[1], "shared-quiet") == 0)
        shared_quiet();
    else if (strcmp(argv[1], "barrier-round") == 0)
        barrier_round();
    else {
        fprintf(stderr, "pthread_races: no case %s\n", argv[1]);
        return 2;
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
