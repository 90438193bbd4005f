/* api/shmem/race: the SHMEM layer's side of race detection.
 *
 * sim/hb knows clocks, records and memory; this file tells it what SHMEM
 * operations mean: which ops a routine issues (with its context's channel
 * and fence epoch), what completes them (quiet, a blocking reply), which
 * reads synchronise (waits, tests, fetching atomics, signal waits), what
 * the barrier and collective protocols' messages carry, and how locks hand
 * over.  It also words the data-race finding in SHMEM terms, with the
 * synchronisation that would have ordered the two accesses. */
#include "race.h"

#include "loader.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int sim_tsan_seen;

/* ---- locks: the holder's clock passes to the next holder ---- */

typedef struct lock_clock {
    const void *lock;   /* the lock word, as PE 0 holds it */
    sim_hb_rec_t rel;   /* the last holder's clock when it cleared the lock */
} lock_clock_t;

/* This module's part of the run's state (shm_run). */
typedef struct shm_race_run {
    lock_clock_t *locks;
    size_t nlocks, caplocks;
} shm_race_run_t;

static shm_race_run_t *race_run(void)
{
    shm_run_t *run = shm_run();
    if (!run->race)
        run->race = sim_xcalloc(1, sizeof *run->race);
    return run->race;
}

static lock_clock_t *lock_of(const void *lock)
{
    const void *key = sim_mem_xlate(shm_me(), lock, 0);
    shm_race_run_t *r = race_run();
    for (size_t i = 0; i < r->nlocks; i++)
        if (r->locks[i].lock == key)
            return &r->locks[i];
    if (r->nlocks == r->caplocks) {
        r->caplocks = r->caplocks ? r->caplocks * 2 : 8;
        r->locks = sim_xrealloc(r->locks, r->caplocks * sizeof *r->locks);
    }
    r->locks[r->nlocks] = (lock_clock_t){key, 0};
    return &r->locks[r->nlocks++];
}

/* ---- the report ---- */

/* The synchronisation that would have ordered first before second. */
/* Whether op side s was issued on a context other than its PE's default
 * one. */
static int on_own_context(const sim_hb_side_t *s)
{
    const shm_pe_t *st = shm_of(sim_pe_get(s->pe));
    return s->chan && st && s->chan != (uintptr_t)&st->chan;
}

static void advice(const sim_hb_side_t *a, const sim_hb_side_t *b, int mem_pe,
                   const sim_hb_hint_t *h, char *buf, size_t len)
{
    char s1[200], s2[200];
    if (a->direct && a->pe != b->pe && h->seen_call && !h->after_seen) {
        snprintf(buf, len,
                 "PE %d's %s at %s saw %s issued at %s after PE %d's store, which says nothing "
                 "of the store: a store through a pointer from shmem_ptr is delivered like a "
                 "put, ordered before a later put or atomic to the same PE only by shmem_fence, "
                 "and complete only after shmem_quiet (or shmem_sync_all, or a barrier). Put "
                 "shmem_fence between the store and the %s, or make the flag a C11 atomic "
                 "store (release) through the pointer, loaded with an atomic load (acquire).",
                 b->pe, h->by_call, sim_hb_where(h->by_site, s1, sizeof s1), h->seen_call,
                 sim_hb_where(h->seen_site, s2, sizeof s2), a->pe, h->seen_call);
    } else if (h->seen_call && h->other_pe >= 0 && a->write) {
        snprintf(buf, len,
                 "PE %d's %s at %s returned on seeing PE %d's %s issued at %s, which says "
                 "nothing of PE %d's %s. Wait until the value shows this one too: a signal or "
                 "counter that every such operation adds to, waited for with the count of all "
                 "of them, or a flag PE %d sets after it (with shmem_fence between).", b->pe,
                 h->by_call, sim_hb_where(h->by_site, s1, sizeof s1), h->other_pe, h->seen_call,
                 sim_hb_where(h->seen_site, s2, sizeof s2), a->pe,
                 a->call ? a->call : "operation", a->pe);
    } else if (h->seen_call && h->after_seen) {
        snprintf(buf, len,
                 "PE %d's %s at %s observed %s issued at %s, but PE %d issued this %s after "
                 "that, so what PE %d observed says nothing of it. To read the data, wait for "
                 "a flag PE %d sets after it (with shmem_fence between the two), or wait on "
                 "the data itself with shmem_wait_until or shmem_test rather than plain loads.",
                 b->pe, h->by_call, sim_hb_where(h->by_site, s1, sizeof s1), h->seen_call,
                 sim_hb_where(h->seen_site, s2, sizeof s2), a->pe,
                 a->call ? a->call : "access", b->pe, a->pe);
    } else if (h->seen_call && h->other_target && !h->after_seen) {
        snprintf(buf, len,
                 "PE %d's %s at %s observed %s issued at %s, and took the data as complete; "
                 "but that %s went to another PE than this %s, and shmem_fence orders only "
                 "operations to one PE. Put shmem_quiet (which completes operations to every "
                 "PE) between the %s and the %s.", b->pe, h->by_call,
                 sim_hb_where(h->by_site, s1, sizeof s1), h->seen_call,
                 sim_hb_where(h->seen_site, s2, sizeof s2), h->seen_call,
                 a->call ? a->call : "access", a->call ? a->call : "access", h->seen_call);
    } else if (h->seen_call && h->same_epoch) {
        snprintf(buf, len,
                 "PE %d's %s at %s observed %s issued at %s, and took the data as complete; "
                 "but PE %d issued that %s with no shmem_fence or shmem_quiet after this %s, "
                 "so the network may deliver the two in either order. Put shmem_fence (or "
                 "shmem_quiet) between them.", b->pe, h->by_call, sim_hb_where(h->by_site, s1, sizeof s1),
                 h->seen_call, sim_hb_where(h->seen_site, s2, sizeof s2), a->pe, h->seen_call,
                 a->call ? a->call : "access");
    } else if (h->blind_call) {
        const sim_hb_side_t *plain = !a->is_op ? a : b, *op = !a->is_op ? b : a;
        snprintf(buf, len,
                 "PE %d's %s at %s returned at once: its condition already held for the value "
                 "it found, which no other PE had written, so the wait ordered nothing. Wait "
                 "for the value PE %d sets once its %s is complete, with a comparison the value "
                 "before it fails (SHMEM_CMP_EQ with the value the signal or flag sets, say).",
                 plain->pe, h->blind_call, sim_hb_where(h->blind_site, s1, sizeof s1), op->pe,
                 op->call ? op->call : "operation");
    } else if (a->unheld || b->unheld) {
        const sim_hb_side_t *c = a->unheld ? a : b, *o = a->unheld ? b : a;
        snprintf(buf, len,
                 "A collective owns its dest and source on each PE until that PE returns from "
                 "it, and a PE's return says nothing of the others': PE %d's %s may still be "
                 "using these bytes of PE %d. Put a barrier between the collective and PE %d's "
                 "access (or a flag PE %d sets after the call and PE %d waits on).",
                 c->pe, c->call ? c->call : "collective", mem_pe, o->pe, c->pe, o->pe);
    } else if (a->atomic && b->atomic && a->atomic != SHM_RACE_SIGNAL &&
               b->atomic != SHM_RACE_SIGNAL && SHM_RACE_AMO_TYPE(a->atomic) == SHM_RACE_AMO_TYPE(b->atomic)) {
        snprintf(buf, len,
                 "Both are atomics of one type, but on contexts of teams in different "
                 "atomicity domains (teams split from SHMEM_TEAM_SHARED are a domain apart "
                 "from those of SHMEM_TEAM_WORLD), and atomics are atomic with each other "
                 "only within one domain: issue both on contexts of one team, or order them "
                 "(a barrier, or a wait on a flag set after shmem_quiet).");
    } else if (a->atomic || b->atomic) {
        snprintf(buf, len,
                 "Atomic operations are atomic only with respect to atomics of the same type "
                 "and size; a plain access, a different atomic, or a C11 atomic of the program "
                 "on the same bytes needs ordering like any other access (a barrier, or a "
                 "wait on a flag set after shmem_quiet).");
    } else if (a->pe == b->pe && a->tid != b->tid) {
        snprintf(buf, len,
                 "Two threads of PE %d reach these bytes and nothing orders them: hold one "
                 "mutex (or omp critical) around both, make both atomic, or order the threads "
                 "(pthread_join, a barrier, a semaphore, a flag stored with release and "
                 "loaded with acquire). " SIM_HB_ASM_NOTE, a->pe);
    } else if (a->is_op && a->pe != b->pe && !a->write && !a->atomic && !a->nbi) {
        /* A blocking get is complete when it returns: what is missing is
         * the other PE knowing it was done. */
        snprintf(buf, len,
                 "PE %d's %s read these bytes of PE %d, and nothing tells PE %d that it has: "
                 "PE %d must not touch them until PE %d is done reading (a barrier both pass, "
                 "or a flag PE %d sets after the %s and PE %d waits on).", a->pe,
                 a->call ? a->call : "get", mem_pe, b->pe, b->pe, a->pe, a->pe,
                 a->call ? a->call : "get", b->pe);
    } else if (a->is_op && a->pe != b->pe && on_own_context(a)) {
        snprintf(buf, len,
                 "PE %d issued its %s on a context of its own, and shmem_quiet, shmem_fence "
                 "and shmem_barrier_all complete or order only the default context's "
                 "operations: PE %d must complete it with shmem_ctx_quiet on that context (or "
                 "order it before a flag put on the same context with shmem_ctx_fence), and "
                 "PE %d must wait for it (on that flag, or a barrier both pass after the "
                 "shmem_ctx_quiet) before touching these bytes.", a->pe,
                 a->call ? a->call : "operation", a->pe, b->pe);
    } else if (a->is_op && a->pe != b->pe && !a->write && !a->atomic) {
        /* A get_nbi: a fence orders puts and atomics, never a get. */
        snprintf(buf, len,
                 "Nothing orders them: PE %d must complete its %s with shmem_quiet (shmem_fence "
                 "orders puts and atomics, not gets) and PE %d must wait for it (on a flag PE "
                 "%d puts after the quiet, or a barrier both pass) before touching these bytes.",
                 a->pe, a->call ? a->call : "get", b->pe, a->pe);
    } else if (a->is_op && a->pe != b->pe && h->issue_known) {
        snprintf(buf, len,
                 "PE %d had learnt, through a synchronisation (a flag, an atomic, a sync), "
                 "that PE %d had issued its %s, but issuing an operation is not completing it. "
                 "PE %d must put shmem_fence between it and a flag it puts to the same PE, or "
                 "shmem_quiet before any other synchronisation (shmem_sync_all and "
                 "shmem_team_sync complete nothing; shmem_barrier_all does).", b->pe, a->pe,
                 a->call ? a->call : "operation", a->pe);
    } else if (a->is_op && a->pe != b->pe && a->call && strstr(a->call, "_signal")) {
        snprintf(buf, len,
                 "PE %d's %s delivers its data before its signal, but PE %d touched these "
                 "bytes without having seen that signal: wait for it first "
                 "(shmem_signal_wait_until, or a wait or test on the signal word, for the value "
                 "the %s sets), and touch the data only once the wait has returned.", a->pe,
                 a->call, b->pe, a->call);
    } else if (a->is_op && a->pe != b->pe) {
        snprintf(buf, len,
                 "Nothing orders them: PE %d must complete its %s (shmem_quiet, or shmem_fence "
                 "before a flag put%s) and PE %d must wait for it (shmem_wait_until on that flag, "
                 "or a barrier both pass) before touching these bytes.", a->pe,
                 a->call ? a->call : "operation",
                 a->tid > 0 ? " by the same thread: a fence orders only its caller's operations"
                            : "", b->pe);
    } else if (b->is_op && a->pe != b->pe && !a->write && b->write) {
        snprintf(buf, len,
                 "PE %d's %s may reach PE %d's memory while PE %d reads these bytes with plain "
                 "loads: PE %d must not issue it until PE %d is done with them (a barrier both "
                 "pass, or a flag PE %d sets after its last use and PE %d waits on). If PE %d's "
                 "loads poll for the value the put brings, wait on it with shmem_wait_until or "
                 "shmem_test instead (or read it with an atomic fetch): a plain load that sees "
                 "a put's value orders nothing.", b->pe, b->call ? b->call : "operation",
                 mem_pe, a->pe, b->pe, a->pe, a->pe, b->pe, a->pe);
    } else if (b->is_op && a->pe != b->pe) {
        snprintf(buf, len,
                 "PE %d's %s may reach PE %d's memory while PE %d still uses these bytes: "
                 "PE %d must not issue it until PE %d is done with them (a barrier both pass, "
                 "or a flag PE %d sets after its last use and PE %d waits on).", b->pe,
                 b->call ? b->call : "operation", mem_pe, a->pe, b->pe, a->pe, a->pe, b->pe);
    } else if (a->is_op && b->is_op && ((!a->nbi && !b->nbi) || mem_pe != a->pe) &&
               ((!a->write && !a->atomic) || (!b->write && !b->atomic))) {
        /* (Non-blocking ones too, where they meet at the target rather
         * than in the issuer's buffers.) */
        snprintf(buf, len,
                 "A get and a put of one PE to the same bytes may be served in either order, "
                 "and shmem_fence orders only puts and atomics: put shmem_quiet between "
                 "them.%s", mem_pe == a->pe && mem_pe == b->pe
                               ? " Operations a PE addresses to itself are no exception: an "
                                 "implementation may send them through the network too."
                               : "");
    } else if (a->is_op && b->is_op && ((!a->nbi && !b->nbi) || mem_pe != a->pe)) {
        snprintf(buf, len,
                 "Two operations of one PE to the same target may be delivered in either "
                 "order: put shmem_fence (or shmem_quiet) between them.");
    } else if ((a->is_op && !a->nbi && mem_pe == a->pe) || (b->is_op && !b->nbi && mem_pe == b->pe)) {
        const sim_hb_side_t *op = a->is_op ? a : b;
        snprintf(buf, len,
                 "PE %d's %s to its own memory is delivered like any other: it is complete "
                 "only after shmem_quiet (or a barrier), so call that before the PE touches "
                 "these bytes again, rather than reading them to see whether it arrived.",
                 op->pe, op->call ? op->call : "operation");
    } else if (!a->is_op && !b->is_op && a->pe != b->pe) {
        const sim_hb_side_t *far = a->pe != mem_pe ? a : b;
        snprintf(buf, len,
                 "Both are plain loads or stores of the programs (PE %d's through a pointer "
                 "into PE %d's memory), and nothing orders them: a barrier both pass, or a "
                 "flag one PE stores with a C11 atomic store (release) after its accesses and "
                 "the other loads with an atomic load (acquire) before its own.", far->pe,
                 mem_pe);
    } else if ((a->is_op && !b->is_op && a->pe == b->pe && mem_pe != a->pe && !a->nbi) ||
               (b->is_op && !a->is_op && a->pe == b->pe && mem_pe != b->pe && !b->nbi)) {
        const sim_hb_side_t *op = a->is_op ? a : b;
        snprintf(buf, len,
                 "PE %d's %s to PE %d is complete only after shmem_quiet (its return means only "
                 "that its source may be reused): call shmem_quiet before PE %d touches those "
                 "bytes of PE %d through a pointer.", op->pe,
                 op->call ? op->call : "operation", mem_pe, op->pe, mem_pe);
    } else {
        snprintf(buf, len,
                 "The buffer of a non-blocking call belongs to the library until shmem_quiet "
                 "(or a barrier) completes the call: do not touch it before then.");
    }
}

static void report(const sim_hb_side_t *a, const sim_hb_side_t *b, int mem_pe, const void *addr,
                   size_t len, const sim_hb_hint_t *hint)
{
    char adv[1000];
    advice(a, b, mem_pe, hint, adv, sizeof adv);
    /* The source of a put_nbi changed before its quiet keeps its own id. */
    const sim_hb_side_t *op = a->is_op ? a : b, *other = a->is_op ? b : a;
    int nbi_source = op->is_op && op->nbi && !op->write && !other->is_op && other->write &&
                     op->pe == other->pe;
    const sim_check_t *rule = nbi_source ? SHM_CHECK(NBI_BUFFER_MODIFIED) : SIM_CHECK(DATA_RACE);
    if (sim_finding_on(rule))
        sim_hb_raise(rule, a, b, mem_pe, addr, len, nbi_source ? op : NULL, adv);
}

void shm_race_free_run(shm_run_t *run)
{
    shm_race_run_t *r = run->race;
    if (!r)
        return;
    free(r->locks);
    free(r);
    run->race = NULL;
}

void shm_race_start(void)
{
    if (!sim_hb_on && (sim_finding_on(SIM_CHECK(DATA_RACE)) || sim_finding_on(SHM_CHECK(NBI_BUFFER_MODIFIED))))
        sim_hb_start(sim_npes(), report,
                     sim_finding_named(SIM_CHECK(DATA_RACE)) ||
                         sim_finding_named(SHM_CHECK(NBI_BUFFER_MODIFIED)));
}

int shm_race_instrumented(void)
{
    return sim_hb_on && sim_tsan_seen;
}

/* ---- ops ---- */

static sim_hb_rec_t op_issue(const char *call, const sim_chan_t *chan, int wpe, int atomic,
                             int nbi, int unheld)
{
    if (!sim_hb_on)
        return 0;
    sim_hb_opdesc_t d = {call, sim_pe_self()->call_site, (uintptr_t)chan, wpe, chan->fences,
                         atomic, nbi, unheld};
    return sim_hb_op_issue(&d);
}

sim_hb_rec_t shm_race_op(const char *call, const sim_chan_t *chan, int wpe, int atomic, int nbi)
{
    sim_pe_t *me = sim_pe_self();
    shm_pe_t *s = shm_of(me);
    s->last_op = call;
    s->last_op_site = me->call_site;
    return op_issue(call, chan, wpe, atomic, nbi, 0);
}

sim_hb_rec_t shm_race_coll_op(const char *call, const sim_chan_t *chan, int wpe, int unheld)
{
    return op_issue(call, chan, wpe, 0, 0, unheld);
}

void shm_race_coll_done(const char *call, shm_race_span_t dest, shm_race_span_t src)
{
    if (!sim_hb_on)
        return;
    static const char no_chan; /* the call's own: no fence orders it with other ops */
    sim_pe_t *me = sim_pe_self();
    sim_hb_opdesc_t d = {call, me->call_site, (uintptr_t)&no_chan, me->id, 0, 0, 0, 1};
    sim_hb_rec_t op = sim_hb_op_issue(&d);
    const shm_race_span_t *span[2] = {&dest, &src};
    for (int k = 0; k < 2; k++)
        if (span[k]->count && span[k]->elem)
            sim_hb_op_access(op, me->id, sim_mem_home(me->id, span[k]->addr), span[k]->elem,
                             span[k]->count, span[k]->stride, k ? SIM_HB_READ : SIM_HB_WRITE);
    sim_hb_op_complete(op);
    sim_hb_unref(op);
}

void shm_race_lock_acquired(const void *lock)
{
    if (sim_hb_on)
        sim_hb_acquire(lock_of(lock)->rel);
}

void shm_race_lock_released(const void *lock)
{
    if (!sim_hb_on)
        return;
    lock_clock_t *l = lock_of(lock);
    sim_hb_unref(l->rel);
    l->rel = sim_hb_release();
}
