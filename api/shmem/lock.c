/* api/shmem/lock: distributed locks, an MCS queue built from atomics.
 *
 * The user's symmetric lock (zero when unlocked, as the specification asks)
 * holds two words on every PE, of 4 bytes each in C's long, of 2 bytes each
 * in a 4-byte lock (Fortran's default INTEGER, which serves up to
 * LOCK2_MAX_PES PEs):
 *   tail (the first word), used on PE 0 only: 1 + the last PE queued, 0 if
 *        none;
 *   node (the second word), PE p's queue entry: bit 0 "the lock was handed
 *        to p", the bits above: 1 + p's successor in the queue, 0 while it
 *        has none.
 * To acquire, p swaps itself into the tail.  An old tail of 0 means the lock
 * was free; otherwise p adds its number into its predecessor's node and
 * waits on its own node until the predecessor hands the lock over by
 * adding 1.  To release, p with no successor yet tries to swap the tail
 * from itself back to 0; if that fails somebody is queueing, so p waits for
 * the successor's number to land in its node, then hands the lock on.
 * Every step is an atomic executed at arrival, so the order of the queue is
 * the order in which swaps reach PE 0: deterministic for a seed, fair, and
 * without spinning over the network.  A PE's node is only written while it
 * is queued, so it is back to 0 when the PE lets go. */
#include "race.h"
#include "shmem_impl.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

#define LOCK_HOME 0 /* the PE whose tail word serves the lock */

/* A lock as the caller names it: its address and the width of its words. */
typedef struct lk {
    void *at;
    size_t w; /* 4, or 2 in a 4-byte lock */
} lk_t;

static void *tail_word(lk_t k)
{
    return k.at;
}

static void *node_word(lk_t k)
{
    return (char *)k.at + k.w;
}

static uint32_t node_get(lk_t k)
{
    return k.w == 4 ? *(volatile uint32_t *)node_word(k) : *(volatile uint16_t *)node_word(k);
}

static void node_set(lk_t k, uint32_t v)
{
    if (k.w == 4)
        *(volatile uint32_t *)node_word(k) = v;
    else
        *(volatile uint16_t *)node_word(k) = (uint16_t)v;
}

static shm_ctx_t *ctx(void)
{
    return &shm_self()->dflt;
}

/* Position of home in set[0..n), or -1. */
static long index_in(void *const *set, size_t n, const void *home)
{
    for (size_t i = 0; i < n; i++)
        if (set[i] == home)
            return (long)i;
    return -1;
}

static long held_index(shm_pe_t *s, const void *home)
{
    return index_in(s->locks, s->nlocks, home);
}

static void add_to(void ***set, size_t *n, size_t *cap, void *home)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 4;
        *set = sim_xrealloc(*set, *cap * sizeof **set);
    }
    (*set)[(*n)++] = home;
}

static void note_held(shm_pe_t *s, void *home)
{
    size_t cap = s->caplocks;
    add_to(&s->locks, &s->nlocks, &s->caplocks, home);
    if (s->caplocks != cap)
        s->lock_sites = sim_xrealloc(s->lock_sites, s->caplocks * sizeof *s->lock_sites);
    s->lock_sites[s->nlocks - 1] = sim_pe_self()->call_site;
}

static void drop_held(shm_pe_t *s, long i)
{
    s->locks[i] = s->locks[--s->nlocks];
    s->lock_sites[i] = s->lock_sites[s->nlocks];
}

/* One of the PE's threads is acquiring the lock at home (from its first
 * step, the swap into the queue, until it holds it or gave up). */
static void queue_enter(void *home)
{
    shm_pe_t *s = shm_self();
    add_to(&s->queued, &s->nqueued, &s->capqueued, home);
}

static void queue_leave(void *home)
{
    shm_pe_t *s = shm_self();
    long q = index_in(s->queued, s->nqueued, home);
    s->queued[q] = s->queued[--s->nqueued];
}

static void misuse(const char *call, const char *what)
{
    sim_pe_t *me = sim_pe_self();
    sim_finding_raise(SHM_CHECK(LOCK_MISUSE), SIM_SEV_ERROR, me->id, call, me->call_site, "%s", what);
}

/* Checks lock; its home address on this PE in *home.  acquire: 1 when the
 * lock must not be held yet, 0 when it must be (to release it). */
static int check(const char *call, lk_t lock, int acquire, void **home)
{
    if (shm_check_sym(call, "lock", lock.at, 2 * lock.w))
        return -1;
    if (lock.w == 2 && sim_npes() > LOCK2_MAX_PES) {
        char text[300];
        snprintf(text, sizeof text, "a 4-byte lock serves at most %d PEs here (its queue "
                 "words hold PE numbers in 16 bits), and this job has %d. Declare the lock "
                 "INTEGER*8 (C's long); the call was skipped.", LOCK2_MAX_PES, sim_npes());
        misuse(call, text);
        return -1;
    }
    shm_pe_t *s = shm_self();
    *home = sim_mem_xlate(shm_me(), lock.at, shm_me());
    long i = held_index(s, *home);
    if (acquire && i < 0 && index_in(s->queued, s->nqueued, *home) >= 0) {
        /* (Its queue entry is the PE's one node: a second would undo the
         * first and hand the lock to no one.) */
        misuse(call, "another thread of this PE is acquiring this lock. OpenSHMEM locks "
                     "exclude PEs, not the threads of one PE: guard the critical section "
                     "between threads with a mutex as well. The call was skipped.");
        return -1;
    }
    if (acquire && i >= 0) {
        misuse(call, sim_pe_main(sim_pe_self())->threads
                     ? "this PE already holds the lock (it or another of its threads took "
                       "it): acquiring it again would wait for the PE itself forever. OpenSHMEM "
                       "locks exclude PEs, not the threads of one PE: guard the critical "
                       "section between threads with a mutex as well. The call was skipped."
                     : "this PE already holds the lock: acquiring it again would wait for "
                       "itself forever. Release it with shmem_clear_lock first; the call was "
                       "skipped.");
        return -1;
    }
    if (!acquire && i < 0) {
        misuse(call, "this PE does not hold the lock it releases. Only the PE that acquired "
                     "a lock with shmem_set_lock (or a successful shmem_test_lock) may clear "
                     "it; the call was skipped.");
        return -1;
    }
    return 0;
}

/* A wait in a lock routine, for its description. */
typedef struct lock_wait {
    const char *call, *what;
    lk_t lock;
    int me;
} lock_wait_t;

/* "shmem_set_lock(lock=&lock), waiting for the lock, which PE 1 holds:
 * it took it at main at prog.c:11 and has not released it" (the holder
 * named when the run ends with the PE still waiting). */
static void lock_why(char *buf, size_t len, const void *arg)
{
    const lock_wait_t *w = arg;
    char name[96], site[200];
    int n = snprintf(buf, len, "%s(lock=%s), %s", w->call,
                     sim_mem_name(w->lock.at, name, sizeof name), w->what);
    for (int p = 0; n > 0 && (size_t)n < len && p < sim_npes(); p++) {
        const shm_pe_t *s = shm_of(sim_pe_get(p));
        void *home = s ? sim_mem_xlate(w->me, w->lock.at, p) : NULL;
        long i = home && p != w->me ? index_in(s->locks, s->nlocks, home) : -1;
        if (i < 0)
            continue;
        sim_mem_site_name(s->lock_sites[i], site, sizeof site);
        snprintf(buf + n, len - (size_t)n, ", which PE %d holds: it took it at %s and has not "
                 "released it", p, site);
        break;
    }
}

static void wait_node(const char *call, lk_t lock, uint32_t mask, const char *what)
{
    lock_wait_t w = {call, what, lock, shm_me()};
    while (!(node_get(lock) & mask))
        sim_pe_block_lazy(lock_why, &w, node_word(lock), lock.w);
}

/* Whether tail, what the lock's tail word held, is no queue this file
 * leaves there (1 + a PE that is not this one, or 0): the lock was not
 * zeroed before its first use.  Said, when so. */
static int not_a_queue(const char *call, lk_t lock, uint32_t tail)
{
    if (tail == 0 || (tail <= (uint32_t)sim_npes() && tail != (uint32_t)shm_me() + 1))
        return 0;
    char text[400];
    snprintf(text, sizeof text, "the lock's word on PE %d held 0x%0*x, which no shmem_set_lock "
             "or shmem_clear_lock leaves there: it was not 0 when this PE took it. A lock must "
             "be 0 on every PE before any PE uses it (a shmem_malloc'd one is not zeroed: "
             "store 0 and call shmem_barrier_all before the first shmem_set_lock). The lock is "
             "taken as if it had been free.", LOCK_HOME, (int)(2 * lock.w), (unsigned)tail);
    misuse(call, text);
    return 1;
}

void shm_lock_set(const char *call, void *at, size_t bytes)
{
    lk_t lock = {at, bytes / 2};
    void *home;
    if (check(call, lock, 1, &home) == 0) {
        int me = shm_me();
        queue_enter(home);
        node_set(lock, 0);
        uint32_t pred = (uint32_t)shm_amo_do(call, ctx(), LOCK_HOME, SHM_AMO_SWAP,
                                             tail_word(lock), lock.w, (uint64_t)me + 1, 0, 1,
                                             NULL);
        if (not_a_queue(call, lock, pred))
            pred = 0;
        if (pred != 0) {
            shm_amo_do(call, ctx(), (int)pred - 1, SHM_AMO_ADD, node_word(lock), lock.w,
                       ((uint64_t)me + 1) << 1, 0, 0, NULL);
            wait_node(call, lock, 1, "waiting for the lock");
        }
        queue_leave(home);
        note_held(shm_self(), home);
        shm_race_lock_acquired(at);
    }
}

int shm_lock_test(const char *call, void *at, size_t bytes)
{
    lk_t lock = {at, bytes / 2};
    void *home;
    int busy = 1;
    if (check(call, lock, 1, &home) == 0) {
        int me = shm_me();
        queue_enter(home);
        node_set(lock, 0);
        uint32_t old = (uint32_t)shm_amo_do(call, ctx(), LOCK_HOME, SHM_AMO_CSWAP,
                                            tail_word(lock), lock.w, (uint64_t)me + 1, 0, 1,
                                            NULL);
        if (not_a_queue(call, lock, old)) { /* taken: put this PE in the word */
            shm_amo_do(call, ctx(), LOCK_HOME, SHM_AMO_SWAP, tail_word(lock), lock.w,
                       (uint64_t)me + 1, 0, 1, NULL);
            old = 0;
        }
        queue_leave(home);
        busy = old != 0;
        if (!busy) {
            note_held(shm_self(), home);
            shm_race_lock_acquired(at);
        }
    }
    return busy;
}

void shm_lock_clear(const char *call, void *at, size_t bytes)
{
    lk_t lock = {at, bytes / 2};
    void *home;
    if (check(call, lock, 0, &home) == 0) {
        int me = shm_me();
        shm_pe_t *s = shm_self();
        /* No longer held from here: the steps below may let another thread
         * of the PE run, and its clear must find the lock released. */
        drop_held(s, held_index(s, home));
        /* What the holder wrote under the lock is complete before it goes. */
        shm_quiet(&s->chan, "shmem_clear_lock (completing the critical section's writes)");
        shm_race_lock_released(at);
        uint32_t old = (uint32_t)(me + 1);
        if ((node_get(lock) >> 1) == 0)
            old = (uint32_t)shm_amo_do(call, ctx(), LOCK_HOME, SHM_AMO_CSWAP, tail_word(lock),
                                       lock.w, 0, (uint64_t)me + 1, 1, NULL);
        if (old != (uint32_t)(me + 1) || (node_get(lock) >> 1) != 0) {
            wait_node(call, lock, ~1u, "waiting for the next PE in the queue to register");
            shm_amo_do(call, ctx(), (int)(node_get(lock) >> 1) - 1, SHM_AMO_ADD,
                       node_word(lock), lock.w, 1, 0, 0, NULL);
        }
        node_set(lock, 0);
    }
}

void shmem_set_lock(long *lock)
{
    SHM_ENTER("shmem_set_lock");
    shm_lock_set("shmem_set_lock", lock, sizeof *lock);
    SHM_LEAVE();
}

int shmem_test_lock(long *lock)
{
    SHM_ENTER("shmem_test_lock");
    int busy = shm_lock_test("shmem_test_lock", lock, sizeof *lock);
    SHM_LEAVE();
    return busy;
}

void shmem_clear_lock(long *lock)
{
    SHM_ENTER("shmem_clear_lock");
    shm_lock_clear("shmem_clear_lock", lock, sizeof *lock);
    SHM_LEAVE();
}
