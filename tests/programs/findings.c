/* One mistake per finding id, for the tests that check each finding's id,
 * PE and line.  argv[1] picks the case, argv[2] is "bad" (commit the
 * mistake) or "good" (the corrected program, which must raise nothing).
 * The line that makes the mistake carries a BAD(case) marker comment, which
 * the test looks up to learn the line the finding must name.  Run with 4
 * PEs.  Every case ends with "PE n done". */
#include <pthread.h>
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

long sym, small[4], after_small[4];
long buf[8], other[8];
long psync[SHMEM_BCAST_SYNC_SIZE], psync2[SHMEM_BCAST_SYNC_SIZE];
long rsync[SHMEM_REDUCE_SYNC_SIZE];
long bsync[SHMEM_BARRIER_SYNC_SIZE], bsync2[SHMEM_BARRIER_SYNC_SIZE];
long wrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
/* A broadcast-sized pSync with the reduction's pWrk right after it in
 * memory (GCC places these in the reverse of their order here). */
double short_wrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
long short_ps[SHMEM_BCAST_SYNC_SIZE];
double short_val;
long src[2], dst[2];
long lock;
long unzeroed = 5; /* a lock word that must be zeroed before use */

static int bad;

static void init_syncs(void)
{
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++)
        psync[i] = psync2[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        rsync[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; i++)
        bsync[i] = bsync2[i] = SHMEM_SYNC_VALUE;
}

static void invalid_pe(int me, int n)
{
    if (me == 0)
        shmem_long_p(&sym, 1, bad ? n : n - 1); /* BAD(invalid-pe) */
}

static void null_pointer(int me)
{
    if (me == 0)
        shmem_putmem(bad ? NULL : &sym, &buf, 8, 1); /* BAD(null-pointer) */
}

static void nonsymmetric(int me)
{
    long local = 0;
    if (me == 0)
        shmem_long_put(bad ? &local : &sym, buf, 1, 1); /* BAD(nonsymmetric-address) */
}

/* An integer passed where an address belongs (a PE number, here). */
static void integer_dest(int me)
{
    if (me == 0)
        shmem_long_put(bad ? (long *)(intptr_t)8 : &sym, buf, 1, 1); /* BAD(integer-dest) */
}

/* PE 1 keeps the lock (bad): the others wait for it for ever. */
static long held_lock;
static void lock_held(int me)
{
    if (me == 1)
        shmem_set_lock(&held_lock); /* HOLD(lock-held) */
    shmem_barrier_all();
    if (me == 1 && !bad)
        shmem_clear_lock(&held_lock);
    if (me != 1) {
        shmem_set_lock(&held_lock);
        shmem_clear_lock(&held_lock);
    }
    shmem_barrier_all();
}

/* PE 0 skips a barrier: its next barrier meets the others' skipped one,
 * and its shmem_finalize their next barrier. */
static void barrier_skipped(int me)
{
    if (me != 0 || !bad)
        shmem_barrier_all(); /* BAD(barrier-skipped) */
    shmem_barrier_all();
}

/* shmem_ptr of a local: NULL, and a warning naming the argument. */
static void ptr_nonsymmetric(int me)
{
    long local = 0;
    if (me == 0 && shmem_ptr(bad ? (void *)&local : (void *)&sym, 1) == NULL) /* BAD(ptr-nonsymmetric) */
        printf("PE %d: shmem_ptr gave NULL\n", me);
}

static void out_of_bounds(int me)
{
    if (me == 1)
        shmem_long_put(small, buf, bad ? 5 : 4, 2); /* BAD(symmetric-out-of-bounds) */
}

static void out_of_bounds_heap(int me)
{
    long *block = shmem_malloc(3 * sizeof(long)); /* ALLOC(oob-heap) */
    long *next = shmem_malloc(3 * sizeof(long));
    if (me == 1)
        shmem_long_put(block, buf, bad ? 4 : 3, 2); /* BAD(oob-heap) */
    shmem_barrier_all();
    shmem_free(next);
    shmem_free(block);
}

/* A block freed and allocated again, smaller, at the same address: the
 * same put that fitted the old block runs past the new one. */
static void oob_reused(int me)
{
    long *block = shmem_malloc(4 * sizeof(long));
    if (me == 1)
        shmem_long_put(block, buf, 4, 2);
    shmem_barrier_all();
    shmem_free(block);
    long *again = shmem_malloc((bad ? 2 : 4) * sizeof(long)); /* ALLOC(oob-reused) */
    if (me == 1 && again == block)
        shmem_long_put(again, buf, 4, 2); /* BAD(oob-reused) */
    shmem_barrier_all();
    shmem_free(again);
}

/* A put that starts past the end of its block, in the heap's padding:
 * inside no object, so only the heap knows it is outside the block. */
static void oob_padding(int me)
{
    float *one = shmem_malloc(sizeof(float)); /* ALLOC(oob-padding) */
    float v = 1;
    if (me == 1)
        shmem_float_put(bad ? &one[1] : &one[0], &v, 1, 2); /* BAD(oob-padding) */
    shmem_barrier_all();
    shmem_free(one);
}

/* Each PE sends its heap block's address to the next; PE 1 then stores
 * through the one it received (bad) or through its own (good). */
static void foreign_memory(int me)
{
    static long *got;
    long *mine = shmem_malloc(sizeof(long));
    shmem_putmem(&got, &mine, sizeof mine, (me + 1) % shmem_n_pes());
    shmem_barrier_all();
    if (me == 1)
        *(bad ? got : mine) = 7; /* BAD(foreign-memory) */
    shmem_barrier_all();
    shmem_free(mine);
}

/* The same with a global's address: each PE's own copy of the variable
 * is at another address here (and at the same one on a cluster). */
static void foreign_data(int me)
{
    static long mine, *got;
    long *p = &mine;
    shmem_putmem(&got, &p, sizeof p, (me + 1) % shmem_n_pes());
    shmem_barrier_all();
    if (me == 1)
        *(bad ? got : &mine) = 7; /* BAD(foreign-data) */
    shmem_barrier_all();
}

static void overlap(int me)
{
    if (me == 2)
        shmem_putmem(&buf[1], bad ? &buf[0] : &other[0], 2 * sizeof(long), me); /* BAD(overlap) */
}

/* A team collective checks its arguments as the active-set ones do: an
 * alltoall whose dest starts inside its source (bad) or beside it (good);
 * a reduction in place, which the specification allows, either way. */
static void overlap_team(void)
{
    static long a2a[12];
    shmem_long_alltoall(SHMEM_TEAM_WORLD, bad ? &a2a[2] : &a2a[4], a2a, 1); /* BAD(overlap-team) */
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, a2a, a2a, 4);
}

/* The odd PE comes last, so the finding is raised on it (each PE is
 * compared with the first to arrive). */
static void heap_mismatch(int me)
{
    if (me == 3)
        usleep(20);
    void *p = shmem_malloc(bad && me == 3 ? 32 : 16); /* BAD(heap-size-mismatch) */
    shmem_free(p);
}

static void not_member(int me)
{
    init_syncs();
    shmem_barrier_all();
    /* The active set is PEs 0 and 1; PE 3 joins by mistake. */
    if (me < 2 || (bad && me == 3))
        shmem_broadcast64(buf, other, 1, 0, 0, 0, 2, psync); /* BAD(collective-not-member) */
}

static void args_mismatch(int me)
{
    init_syncs();
    shmem_barrier_all();
    shmem_long_sum_to_all(dst, src, bad && me == 2 ? 2 : 1, 0, 0, 4, wrk, rsync); /* BAD(collective-args-mismatch) */
}

/* PE 2 passes another element of the same array as its source. */
static void args_offset(int me)
{
    init_syncs();
    shmem_barrier_all();
    shmem_long_sum_to_all(dst, bad && me == 2 ? &src[1] : src, 1, 0, 0, 4, wrk, rsync); /* BAD(args-offset) */
}

static void order_mismatch(int me)
{
    init_syncs();
    shmem_barrier_all();
    if (me == 1)
        usleep(20); /* last to arrive, as above */
    if (bad && me == 1)
        shmem_long_max_to_all(dst, src, 1, 0, 0, 4, wrk, rsync); /* BAD(collective-order-mismatch) */
    else
        shmem_long_sum_to_all(dst, src, 1, 0, 0, 4, wrk, rsync);
}

/* Two broadcasts from PE 0 on one pSync: PE 1 leaves the first when it has
 * the data and enters the second while the root still waits in the first
 * for PE 1's acknowledgement. */
static void psync_reuse(int me)
{
    init_syncs();
    shmem_barrier_all();
    if (me == 1)
        usleep(50);
    if (me < 2) {
        shmem_broadcast64(buf, other, 1, 0, 0, 0, 2, psync);
        shmem_broadcast64(buf, other, 1, 0, 0, 0, 2, bad ? psync : psync2); /* BAD(psync-reuse) */
    }
}

/* One pSync for a barrier of each PE alone, then for a barrier of the
 * pair: PE 1 is in the pair's barrier before PE 0 has had its own, so PE 0
 * enters a barrier on a pSync a collective it belongs to is using (not a
 * pair's barrier called with other arguments). */
static void psync_reuse_sets(int me)
{
    init_syncs();
    shmem_barrier_all();
    if (me == 0)
        usleep(50);
    if (me < 2) {
        shmem_barrier(me, 0, 1, bsync); /* BAD(psync-reuse-sets) */
        shmem_barrier(0, 0, 2, bad ? bsync : bsync2);
    }
}

/* pSync from shmem_malloc holds garbage until the program sets it. */
static void psync_uninitialized(int me)
{
    long *ps = shmem_malloc(SHMEM_BCAST_SYNC_SIZE * sizeof(long));
    if (!bad)
        for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++)
            ps[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    if (me != 0)
        usleep(50); /* PE 0 starts the broadcast */
    shmem_broadcast64(buf, other, 1, 0, 0, 0, 4, ps); /* BAD(psync-uninitialized) */
    shmem_barrier_all();
    shmem_free(ps);
}

/* A reduction's pSync set for a broadcast's size only: the rest holds the
 * heap's fill. */
static void psync_prefix(int me)
{
    (void)me;
    long *ps = shmem_malloc(SHMEM_REDUCE_SYNC_SIZE * sizeof(long));
    int n = bad ? SHMEM_BCAST_SYNC_SIZE : SHMEM_REDUCE_SYNC_SIZE;
    for (int i = 0; i < n; i++)
        ps[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    shmem_long_max_to_all(dst, src, 1, 0, 0, 4, wrk, ps); /* BAD(psync-prefix) */
    shmem_barrier_all();
    shmem_free(ps);
}

/* A reduction given a pSync declared for a broadcast: too short, and the
 * finding names the constant it needed and the one it has. */
static void psync_short(int me)
{
    (void)me;
    static long rps[SHMEM_REDUCE_SYNC_SIZE], bps[SHMEM_BCAST_SYNC_SIZE];
    long *ps = bad ? bps : rps;
    for (int i = 0; i < (bad ? SHMEM_BCAST_SYNC_SIZE : SHMEM_REDUCE_SYNC_SIZE); i++)
        ps[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    shmem_long_max_to_all(dst, src, 1, 0, 0, 4, wrk, ps); /* BAD(psync-short) */
    shmem_barrier_all();
}

/* Atomics on heap words nothing set since shmem_malloc (a warning each);
 * the corrected program sets them first, by a store, a put and an atomic
 * set.  A word from shmem_calloc needs nothing. */
static void amo_unset(int me)
{
    long *ctr = shmem_malloc(3 * sizeof *ctr), *zeroed = shmem_calloc(1, sizeof *zeroed);
    if (!bad && me == 0)
        ctr[0] = 0;
    if (!bad && me == 2)
        shmem_long_p(&ctr[1], 0, 0);
    if (!bad && me == 3)
        shmem_long_atomic_set(&ctr[2], 0, 0);
    shmem_barrier_all();
    if (me == 1) {
        shmem_long_atomic_fetch_add(&ctr[0], 1, 0); /* BAD(amo-uninitialized) */
        shmem_long_atomic_inc(&ctr[1], 0);
        if (shmem_long_atomic_compare_swap(&ctr[2], 0, 1, 0) != 0 && !bad)
            printf("PE 1: the compare-and-swap failed\n");
        shmem_long_atomic_inc(zeroed, 0);
    }
    shmem_barrier_all();
    shmem_free(zeroed);
    shmem_free(ctr);
}

/* Waits and tests that hold on heap words nothing set since shmem_malloc
 * (a warning each); the corrected program sets them first.  A wait for a
 * value a put brings is clean even on an unset word, and so is a word
 * from shmem_calloc. */
static void wait_unset(int me)
{
    long *flag = shmem_malloc(3 * sizeof *flag);
    int *word = shmem_malloc(sizeof *word), *zeroed = shmem_calloc(1, sizeof *zeroed);
    if (!bad) {
        flag[0] = flag[1] = 1;
        *word = 1;
    }
    shmem_barrier_all();
    if (me == 0)
        shmem_long_p(&flag[2], 7, 1);
    if (me == 1) {
        shmem_long_wait_until(&flag[0], SHMEM_CMP_NE, 0); /* BAD(wait-uninitialized) */
        if (!shmem_int_test(word, SHMEM_CMP_NE, 0))
            printf("PE 1: the test failed\n");
        if (shmem_long_wait_until_any(flag, 2, NULL, SHMEM_CMP_NE, 0) == SIZE_MAX)
            printf("PE 1: the wait for any returned none\n");
        shmem_long_wait_until(&flag[2], SHMEM_CMP_EQ, 7);
        shmem_int_wait_until(zeroed, SHMEM_CMP_EQ, 0);
    }
    shmem_barrier_all();
    shmem_free(zeroed);
    shmem_free(word);
    shmem_free(flag);
}

/* A get_nbi's destination and a put_nbi's source in malloc'd blocks the
 * PE frees before a quiet completes the calls (the reply wrote into the
 * freed block and the simulator's own allocator aborted); the corrected
 * program quiets first. */
static void nbi_freed(int me)
{
    static double remote[512], landing[512];
    static char big[1 << 20], big_landing[1 << 20];
    double *in = malloc(sizeof remote), *out = malloc(sizeof remote);
    for (int i = 0; i < 512; i++)
        out[i] = me;
    int right = (me + 1) % shmem_n_pes(), left = (me + shmem_n_pes() - 1) % shmem_n_pes();
    shmem_double_get_nbi(in, remote, 512, right);
    /* (a megabyte ahead of it keeps the put of out at the port until
     * after the free, which must not send what free left there) */
    shmem_putmem_nbi(big_landing, big, sizeof big, right);
    shmem_double_put_nbi(landing, out, 512, right);
    if (!bad)
        shmem_quiet();
    free(in); /* BAD(nbi-freed-buffer) */
    free(out);
    shmem_barrier_all();
    for (int i = 0; i < 512; i++)
        if (landing[i] != left) {
            printf("PE %d: landing[%d] is %g, not %d\n", me, i, landing[i], left);
            break;
        }
}

/* The same, with the pWrk the call is given right after the short pSync:
 * the pSync runs into it, one fault, reported once (not also as an
 * overlap of the two arguments). */
static void psync_short_wrk(int me)
{
    long *ps = bad ? short_ps : rsync;
    for (int i = 0; i < (bad ? SHMEM_BCAST_SYNC_SIZE : SHMEM_REDUCE_SYNC_SIZE); i++)
        ps[i] = SHMEM_SYNC_VALUE;
    short_val = me;
    shmem_barrier_all();
    shmem_double_max_to_all(&short_val, &short_val, 1, 0, 0, 4, short_wrk, ps); /* BAD(psync-short-wrk) */
    shmem_barrier_all();
}

/* PE 1 "re-initialises" its pSync just before the call, after the root's
 * signal has arrived in it: the signal is erased and PE 1 waits forever. */
static void psync_modified(int me)
{
    init_syncs();
    shmem_barrier_all();
    if (me == 1) {
        usleep(50);
        if (bad)
            for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++)
                psync[i] = SHMEM_SYNC_VALUE;
    }
    if (me < 2)
        shmem_broadcast64(buf, other, 1, 0, 0, 0, 2, psync); /* BAD(psync-modified) */
}

/* PE 2 puts into PE 1's pSync while PE 1 waits in a broadcast. */
static void psync_put(int me)
{
    init_syncs();
    shmem_barrier_all();
    if (me == 0)
        usleep(100); /* the root is late */
    if (me == 2) {
        usleep(50);
        shmem_long_p(bad ? &psync[0] : &sym, 7, 1); /* BAD(psync-put) */
    }
    if (me < 2)
        shmem_broadcast64(buf, other, 1, 0, 0, 0, 2, psync);
}

static void nbi_modified(int me)
{
    static long out[4] = {1, 2, 3, 4};
    if (me == 0) {
        shmem_long_put_nbi(buf, out, 4, 1); /* BAD(nbi-buffer-modified) */
        if (bad)
            out[0] = 99;
        shmem_quiet();
        out[0] = 98;
    }
}

static void lock_misuse(int me)
{
    if (me == 0)
        shmem_set_lock(&lock);
    shmem_barrier_all();
    if (me == (bad ? 1 : 0))
        shmem_clear_lock(&lock); /* BAD(lock-misuse) */
}

/* lock-unzeroed: PE 1 takes a lock whose word still holds 5 (no queue
 * of 4 PEs: a lock never zeroed); the corrected program zeroes it and
 * waits for every PE to have done so. */
static void lock_unzeroed(int me, int test)
{
    if (!bad) {
        unzeroed = 0;
        shmem_barrier_all();
    }
    if (me == 1) {
        if (test)
            while (shmem_test_lock(&unzeroed)) /* BAD(lock-unzeroed-test) */
                ;
        else
            shmem_set_lock(&unzeroed); /* BAD(lock-unzeroed) */
        shmem_clear_lock(&unzeroed);
    }
}

static void pending_lock(int me)
{
    if (me == 3)
        shmem_set_lock(&lock);
    if (me == 3 && !bad)
        shmem_clear_lock(&lock);
}

/* thread-level: a second thread of PE 1 puts, after shmem_init_thread
 * provided SHMEM_THREAD_FUNNELED; the corrected program asks for
 * SHMEM_THREAD_MULTIPLE. */
static void *second_thread(void *arg)
{
    (void)arg;
    shmem_long_p(&sym, 1, 0); /* BAD(thread-level) */
    return NULL;
}

static void thread_level(int me)
{
    if (me != 1)
        return;
    pthread_t t;
    pthread_create(&t, NULL, second_thread, NULL);
    pthread_join(t, NULL);
}

/* thread-serialized: at SHMEM_THREAD_SERIALIZED, PE 1's second thread
 * puts to PE 1 while its main thread waits for that put inside
 * shmem_long_wait_until; the corrected program joins the thread first. */
static void *serial_thread(void *arg)
{
    (void)arg;
    shmem_long_p(&sym, 1, 1); /* BAD(thread-serialized) */
    return NULL;
}

static void thread_serialized(int me)
{
    if (me != 1)
        return;
    pthread_t t;
    pthread_create(&t, NULL, serial_thread, NULL);
    if (!bad)
        pthread_join(t, NULL);
    shmem_long_wait_until(&sym, SHMEM_CMP_EQ, 1);
    if (bad)
        pthread_join(t, NULL);
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    bad = argc > 2 && strcmp(argv[2], "bad") == 0;
    if (strcmp(what, "not-initialized") == 0 && bad)
        printf("%d PEs\n", shmem_n_pes()); /* BAD(not-initialized) */
    int provided;
    if (strcmp(what, "thread-level") == 0)
        shmem_init_thread(bad ? SHMEM_THREAD_FUNNELED : SHMEM_THREAD_MULTIPLE, &provided);
    else if (strcmp(what, "thread-serialized") == 0)
        shmem_init_thread(SHMEM_THREAD_SERIALIZED, &provided);
    else
        shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    if (strcmp(what, "invalid-pe") == 0)
        invalid_pe(me, n);
    else if (strcmp(what, "null-pointer") == 0)
        null_pointer(me);
    else if (strcmp(what, "nonsymmetric-address") == 0)
        nonsymmetric(me);
    else if (strcmp(what, "ptr-nonsymmetric") == 0)
        ptr_nonsymmetric(me);
    else if (strcmp(what, "integer-dest") == 0)
        integer_dest(me);
    else if (strcmp(what, "barrier-skipped") == 0)
        barrier_skipped(me);
    else if (strcmp(what, "lock-held") == 0)
        lock_held(me);
    else if (strcmp(what, "symmetric-out-of-bounds") == 0)
        out_of_bounds(me);
    else if (strcmp(what, "oob-heap") == 0)
        out_of_bounds_heap(me);
    else if (strcmp(what, "oob-padding") == 0)
        oob_padding(me);
    else if (strcmp(what, "foreign-memory") == 0)
        foreign_memory(me);
    else if (strcmp(what, "foreign-data") == 0)
        foreign_data(me);
    else if (strcmp(what, "overlap") == 0)
        overlap(me);
    else if (strcmp(what, "overlap-team") == 0)
        overlap_team();
    else if (strcmp(what, "heap-size-mismatch") == 0)
        heap_mismatch(me);
    else if (strcmp(what, "collective-not-member") == 0)
        not_member(me);
    else if (strcmp(what, "collective-args-mismatch") == 0)
        args_mismatch(me);
    else if (strcmp(what, "args-offset") == 0)
        args_offset(me);
    else if (strcmp(what, "collective-order-mismatch") == 0)
        order_mismatch(me);
    else if (strcmp(what, "psync-reuse") == 0)
        psync_reuse(me);
    else if (strcmp(what, "psync-reuse-sets") == 0)
        psync_reuse_sets(me);
    else if (strcmp(what, "psync-uninitialized") == 0)
        psync_uninitialized(me);
    else if (strcmp(what, "psync-prefix") == 0)
        psync_prefix(me);
    else if (strcmp(what, "psync-short") == 0)
        psync_short(me);
    else if (strcmp(what, "psync-short-wrk") == 0)
        psync_short_wrk(me);
    else if (strcmp(what, "amo-uninitialized") == 0)
        amo_unset(me);
    else if (strcmp(what, "wait-uninitialized") == 0)
        wait_unset(me);
    else if (strcmp(what, "nbi-freed-buffer") == 0)
        nbi_freed(me);
    else if (strcmp(what, "psync-modified") == 0)
        psync_modified(me);
    else if (strcmp(what, "psync-put") == 0)
        psync_put(me);
    else if (strcmp(what, "nbi-buffer-modified") == 0)
        nbi_modified(me);
    else if (strcmp(what, "lock-misuse") == 0)
        lock_misuse(me);
    else if (strcmp(what, "oob-reused") == 0)
        oob_reused(me);
    else if (strcmp(what, "lock-unzeroed") == 0 || strcmp(what, "lock-unzeroed-test") == 0)
        lock_unzeroed(me, strcmp(what, "lock-unzeroed-test") == 0);
    else if (strcmp(what, "pending-lock") == 0)
        pending_lock(me);
    else if (strcmp(what, "thread-level") == 0)
        thread_level(me);
    else if (strcmp(what, "thread-serialized") == 0)
        thread_serialized(me);
    shmem_barrier_all();
    printf("PE %d done\n", me);
    if (strcmp(what, "pending-exit") == 0 && me == 2) {
        shmem_long_put_nbi(buf, other, 8, 3); /* BAD(pending-exit) */
        if (bad)
            return 0; /* without shmem_finalize */
    }
    shmem_finalize(); /* BAD(pending-lock) */
    return 0;
}
