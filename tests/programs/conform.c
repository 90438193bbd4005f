/* Correct programs that real runtimes run and the specification defines,
 * one per argv[1]; each prints "ok" per PE, or what went wrong.  Cases:
 *   calloc-flags   flags from shmem_calloc, put into the moment it returns
 *   malloc-quiet   a put, then shmem_malloc: the put has landed after it
 *   free-nbi       put_signal_nbi from a block freed right after
 *   zero-sizes     shmem_malloc(0) & co. return NULL; PE 0 frees NULL alone
 *   align          every power-of-two alignment is an address alignment
 *   align-bad      shmem_align with an alignment that is not a power of two
 *   zero-coll      zero-length collectives and team collectives on NULL
 *   test-any       test_any/wait_until_any(_vector) return every index
 *   test-loop      a loop of shmem_test until another PE sets the flag
 *   alt-psync      back-to-back broadcasts alternating two pSyncs
 *   inplace-bcast  broadcast with dest == source (an overlap finding)
 *   self-put-same  a put to itself of an array onto itself (an overlap finding)
 *   oob-put        a put past its heap block lands in the next block
 *   heap-full      shmem_malloc larger than the heap returns NULL
 */
#include <shmem.h>

#include "expect.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int me, npes, errors;


static void calloc_flags(void)
{
    for (int round = 0; round < 40; round++) {
        long *flag = shmem_calloc(2, sizeof(long));
        EXPECT(flag[0] == 0); /* flag[1] may already hold the neighbour's put */
        shmem_long_atomic_set(&flag[1], round + 1, (me + 1) % npes);
        shmem_long_wait_until(&flag[1], SHMEM_CMP_EQ, round + 1);
        shmem_free(flag);
    }
}

static long landing[8];

static void malloc_quiet(void)
{
    for (int round = 0; round < 20; round++) {
        long v = 100 * round + me;
        shmem_long_put(&landing[round % 8], &v, 1, (me + 1) % npes);
        long *block = shmem_malloc(64);
        EXPECT(landing[round % 8] == 100 * round + (me + npes - 1) % npes);
        shmem_free(block);
    }
}

static void free_nbi(void)
{
    static long sig;
    static long dest[16];
    for (int round = 0; round < 10; round++) {
        long *src = shmem_malloc(16 * sizeof(long));
        for (int i = 0; i < 16; i++)
            src[i] = round * 16 + i;
        shmem_long_put_signal_nbi(dest, src, 16, &sig, 1, SHMEM_SIGNAL_ADD, (me + 1) % npes);
        shmem_free(src); /* its barrier quiets the put first */
        long *reuse = shmem_malloc(16 * sizeof(long));
        for (int i = 0; i < 16; i++)
            reuse[i] = -1;
        shmem_signal_wait_until((uint64_t *)&sig, SHMEM_CMP_EQ, (uint64_t)round + 1);
        EXPECT(dest[15] == round * 16 + 15);
        shmem_barrier_all();
        shmem_free(reuse);
    }
}

static void zero_sizes(void)
{
    EXPECT(shmem_malloc(0) == NULL);
    EXPECT(shmem_calloc(0, 8) == NULL);
    EXPECT(shmem_calloc(8, 0) == NULL);
    EXPECT(shmem_align(64, 0) == NULL);
    EXPECT(shmem_realloc(NULL, 0) == NULL);
    if (me == 0)
        shmem_free(NULL); /* alone: no barrier to wait in */
    long *p = shmem_malloc(sizeof(long));
    EXPECT(p != NULL);
    EXPECT(shmem_realloc(p, 0) == NULL);
    shmem_barrier_all();
}

static void align(void)
{
    for (size_t a = 1; a <= (size_t)8 << 20; a <<= 1) {
        char *p = shmem_align(a, 24);
        EXPECT(p != NULL && (uintptr_t)p % a == 0);
        if (p)
            shmem_char_p(p, 'x', (me + 1) % npes);
        shmem_barrier_all();
        EXPECT(p == NULL || p[0] == 'x');
        shmem_free(p);
    }
}

static void align_bad(void)
{
    void *p = shmem_align(48, 64); /* BAD(align-bad) */
    EXPECT(p == NULL);
}

static long psync_a[SHMEM_COLLECT_SYNC_SIZE], psync_b[SHMEM_COLLECT_SYNC_SIZE];

static void zero_coll(void)
{
    for (int i = 0; i < SHMEM_COLLECT_SYNC_SIZE; i++)
        psync_a[i] = psync_b[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    shmem_broadcast32(NULL, NULL, 0, 0, 0, 0, npes, psync_a);
    shmem_broadcast64(NULL, NULL, 0, 0, 0, 0, npes, psync_b);
    shmem_collect32(NULL, NULL, 0, 0, 0, npes, psync_a);
    shmem_fcollect64(NULL, NULL, 0, 0, 0, npes, psync_b);
    shmem_alltoall32(NULL, NULL, 0, 0, 0, npes, psync_a);
    shmem_alltoalls64(NULL, NULL, 1, 1, 0, 0, 0, npes, psync_b);
    shmem_barrier_all();
    EXPECT(shmem_broadcastmem(SHMEM_TEAM_WORLD, NULL, NULL, 0, 0) == 0);
    EXPECT(shmem_int_broadcast(SHMEM_TEAM_WORLD, NULL, NULL, 0, 0) == 0);
    EXPECT(shmem_collectmem(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0);
    EXPECT(shmem_long_fcollect(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0);
    EXPECT(shmem_alltoallmem(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0);
    EXPECT(shmem_int_alltoalls(SHMEM_TEAM_WORLD, NULL, NULL, 1, 1, 0) == 0);
    EXPECT(shmem_int_sum_reduce(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0);
    shmem_putmem(NULL, NULL, 0, (me + 1) % npes);
    shmem_getmem(NULL, NULL, 0, (me + 1) % npes);
    shmem_putmem_nbi(NULL, NULL, 0, (me + 1) % npes);
    shmem_quiet();
}

#define NFLAGS 6
static int flags[NFLAGS];

static void test_any(void)
{
    for (int i = 0; i < NFLAGS; i++)
        shmem_int_atomic_set(&flags[i], 1, (me + 1) % npes);
    shmem_barrier_all();
    int seen[NFLAGS] = {0}, vseen[NFLAGS] = {0}, wseen[NFLAGS] = {0};
    int cmp_values[NFLAGS] = {1, 1, 1, 1, 1, 1};
    for (int k = 0; k < 4 * NFLAGS; k++) {
        size_t i = shmem_int_test_any(flags, NFLAGS, NULL, SHMEM_CMP_EQ, 1);
        size_t v = shmem_int_test_any_vector(flags, NFLAGS, NULL, SHMEM_CMP_EQ, cmp_values);
        size_t w = shmem_int_wait_until_any(flags, NFLAGS, NULL, SHMEM_CMP_EQ, 1);
        EXPECT(i < NFLAGS && v < NFLAGS && w < NFLAGS);
        if (i < NFLAGS)
            seen[i]++;
        if (v < NFLAGS)
            vseen[v]++;
        if (w < NFLAGS)
            wseen[w]++;
    }
    for (int i = 0; i < NFLAGS; i++)
        EXPECT(seen[i] > 0 && vseen[i] > 0 && wseen[i] > 0);
}

/* PE 0 spins on shmem_test until PE 1, after 2 ms of computing, sets
 * the flag: the loop must end, with the value, at the right time. */
static void test_loop(void)
{
    static long flag;
    shmem_barrier_all();
    if (me == 1) {
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
        shmem_long_atomic_set(&flag, 7, 0);
    }
    if (me == 0) {
        long polls = 0;
        while (!shmem_long_test(&flag, SHMEM_CMP_EQ, 7))
            polls++;
        EXPECT(flag == 7 && polls > 0);
        printf("PE 0 polled %ld times\n", polls);
    }
    shmem_barrier_all();
}

static void alt_psync(void)
{
    static int32_t val[600][4], src[4]; /* a dest per call: no reuse races */
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++)
        psync_a[i] = psync_b[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    for (int k = 0; k < 600; k++) {
        for (int i = 0; i < 4; i++)
            src[i] = k + i;
        shmem_broadcast32(val[k], src, 4, 0, 0, 0, npes, k % 2 ? psync_b : psync_a);
        if (me != 0)
            EXPECT(val[k][0] == k && val[k][3] == k + 3);
    }
}

static void inplace_bcast(void)
{
    static double v[3];
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++)
        psync_a[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < 3; i++)
        v[i] = me == 1 ? 2.5 * (i + 1) : -1;
    shmem_barrier_all();
    shmem_broadcast64(v, v, 3, 1, 0, 0, npes, psync_a); /* BAD(inplace-bcast) */
    shmem_barrier_all();
    EXPECT(me == 1 ? v[0] == 2.5 : v[0] == 2.5 && v[2] == 7.5);
}

static void self_put_same(void)
{
    static int w[4];
    for (int i = 0; i < 4; i++)
        w[i] = me * 10 + i;
    shmem_putmem(w, w, sizeof w, me); /* BAD(self-put-same) */
    shmem_quiet();
    shmem_int_iput(w, w, 2, 2, 2, me);
    shmem_quiet();
    EXPECT(w[0] == me * 10 && w[3] == me * 10 + 3);
}

static void oob_put(void)
{
    long *a = shmem_malloc(4 * sizeof(long));
    long *b = shmem_malloc(4 * sizeof(long));
    for (int i = 0; i < 4; i++)
        b[i] = 0;
    shmem_barrier_all();
    long v[5] = {1, 2, 3, 4, 5};
    if (me == 0)
        shmem_long_put(a, v, 5, 1); /* BAD(oob-put) */
    shmem_barrier_all();
    if (me == 1) {
        EXPECT(a[0] == 1 && a[3] == 4);
        EXPECT(b[0] == 5); /* the 5th long ran into the next block */
    }
    shmem_free(b);
    shmem_free(a);
}

/* OpenSHMEM 1.6: a series of matching initialisation and finalisation
 * calls.  An inner shmem_finalize is a barrier and leaves the library
 * initialised; the last one ends it; it may then be initialised again.
 * (main's own shmem_init and shmem_finalize are the outer pair.) */
static long series_word;

static void init_series(void)
{
    int flag = -1;
    shmem_init();
    shmem_init_thread(SHMEM_THREAD_SINGLE, NULL);
    shmem_finalize(); /* inner: a barrier */
    shmem_finalize(); /* inner */
    shmem_query_initialized(&flag);
    EXPECT(flag != 0);
    shmem_long_p(&series_word, me + 1, (me + 1) % npes);
    shmem_barrier_all();
    EXPECT(series_word == (me + npes - 1) % npes + 1);
    shmem_finalize(); /* main's: the last, the library is uninitialised */
    shmem_query_initialized(&flag);
    EXPECT(flag == 0);
    shmem_init(); /* again, for main's shmem_finalize */
    shmem_query_initialized(&flag);
    EXPECT(flag != 0);
    shmem_long_p(&series_word, 0, (me + 1) % npes);
    shmem_barrier_all();
    EXPECT(series_word == 0 && shmem_my_pe() == me);
}

int main(int argc, char **argv)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    const char *c = argc > 1 ? argv[1] : "";
    if (!strcmp(c, "calloc-flags"))
        calloc_flags();
    else if (!strcmp(c, "malloc-quiet"))
        malloc_quiet();
    else if (!strcmp(c, "free-nbi"))
        free_nbi();
    else if (!strcmp(c, "zero-sizes"))
        zero_sizes();
    else if (!strcmp(c, "align"))
        align();
    else if (!strcmp(c, "align-bad"))
        align_bad();
    else if (!strcmp(c, "zero-coll"))
        zero_coll();
    else if (!strcmp(c, "test-any"))
        test_any();
    else if (!strcmp(c, "test-loop"))
        test_loop();
    else if (!strcmp(c, "alt-psync"))
        alt_psync();
    else if (!strcmp(c, "inplace-bcast"))
        inplace_bcast();
    else if (!strcmp(c, "oob-put"))
        oob_put();
    else if (!strcmp(c, "self-put-same"))
        self_put_same();
    else if (!strcmp(c, "init-series"))
        init_series();
    else if (!strcmp(c, "init-unmatched"))
        shmem_init(); /* one more than main's shmem_finalize matches */
    else if (!strcmp(c, "heap-full"))
        EXPECT(shmem_malloc((size_t)1 << 40) == NULL);
    else {
        fprintf(stderr, "conform: unknown case '%s'\n", c);
        shmem_global_exit(2);
    }
    printf("PE %d %s\n", me, errors ? "FAILED" : "ok");
    shmem_finalize();
    return errors != 0;
}
