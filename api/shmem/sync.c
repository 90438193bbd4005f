/* api/shmem/sync: quiet, fence, barrier_all, and point-to-point waits and
 * tests.
 *
 * barrier_all is a dissemination barrier: in round k each PE adds one to
 * round counter k of PE (me + 2^k) mod n with a network message and waits
 * until its own counter k is non-zero, then takes one off.  The counters sit
 * in the heap's internal area at the same offset on every PE; counting
 * (rather than setting a flag) lets a fast PE's signal for the next barrier
 * arrive early without being lost or mistaken. */
#include "race.h"
#include "shmem_impl.h"
#include "util.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* PE pe's world barrier round counters.  Kept together for all PEs, not
 * in each PE's heap: a barrier at thousands of PEs touches every PE's,
 * and in one array they share pages (and the TLB) rather than each
 * taking its own. */
static long *round_counters(int pe)
{
    shm_run_t *r = shm_run();
    if (!r->barrier)
        r->barrier = sim_xcalloc((size_t)sim_npes(), sizeof *r->barrier);
    return r->barrier[pe];
}

static void count_deliver(sim_msg_t *m)
{
    long *ctr = m->ptr; /* not dst_addr: no memory of the PE's */
    (*ctr)++;
    sim_mem_written(m->dst, ctr, sizeof *ctr);
}

static void signal_round(int me, int to, int k, const char *call)
{
    sim_charge(sim_net_params()->overhead_ns);
    sim_msg_t *m = sim_msg_new(me, to, SIM_OP_CTRL, sizeof(long));
    m->what = call;
    m->ptr = round_counters(to) + k;
    m->deliver = count_deliver;
    sim_net_send(m);
}

/* The kind of routine a barrier of all PEs is part of: start-up, the end,
 * a barrier or sync of all, or an allocation routine of the symmetric
 * heap (which of those does not matter: they meet alike). */
static int world_kind(const char *call)
{
    if (strstr(call, "finalize"))
        return 2;
    if (strcmp(call, "shmem_init") == 0 || strcmp(call, "shmem_init_thread") == 0 ||
        strcmp(call, "start_pes") == 0)
        return 1;
    if (strcmp(call, "shmem_barrier_all") == 0 || strcmp(call, "shmem_sync_all") == 0)
        return 3;
    return 4;
}

/* Every PE's nth barrier of all PEs must be a call of the same kind: a PE
 * that skipped one (or made one more) pairs its next with the others'
 * skipped one, and the run then ends somewhere else (a deadlock in
 * shmem_finalize, say) with nothing pointing at the call.  The first PE
 * to arrive at the nth records its call; one of another kind is a finding.
 * No PE can be two barriers ahead of another, so two records do. */
static void check_world_order(const char *call, uint64_t nth)
{
    static struct {
        const void *world; /* the run it belongs to */
        uint64_t nth;
        const char *call;
        const void *site;
        int pe;
    } first[2];
    sim_pe_t *self = sim_pe_self();
    int me = shm_me();
    if (first[nth & 1].nth != nth || first[nth & 1].world != sim_world_key()) {
        first[nth & 1].world = sim_world_key();
        first[nth & 1].nth = nth;
        first[nth & 1].call = call;
        first[nth & 1].site = self->call_site;
        first[nth & 1].pe = me;
        return;
    }
    if (world_kind(first[nth & 1].call) == world_kind(call) || first[nth & 1].pe == me)
        return;
    char there[200];
    sim_mem_site_name(first[nth & 1].site, there, sizeof there);
    sim_finding_raise(SHM_CHECK(COLLECTIVE_ORDER_MISMATCH), SIM_SEV_ERROR, me, call,
                      self->call_site, "PE %d called %s where PE %d called %s (called from %s), "
                      "as the same synchronisation of all PEs (the %llu%s since the start). "
                      "Every PE must call the collective routines in the same order: one of "
                      "them skipped a barrier (or a collective allocation) before this, or made "
                      "one more, and its next call met the others' earlier one.", me, call,
                      first[nth & 1].pe, first[nth & 1].call, there, (unsigned long long)nth,
                      nth % 10 == 1 && nth % 100 != 11 ? "st"
                      : nth % 10 == 2 && nth % 100 != 12 ? "nd"
                      : nth % 10 == 3 && nth % 100 != 13 ? "rd" : "th");
}

/* The race detector takes the barrier as one sync of all PEs (its rounds'
 * messages carry no clocks): what each PE knew on arriving, every PE
 * knows on leaving, at a cost of two merges per PE rather than two per
 * round. */
void shm_barrier_world(const char *call)
{
    shm_wake_after_direct_stores();
    int me = shm_me(), n = sim_npes();
    long *ctr = round_counters(me);
    uint64_t nth = ++shm_self()->world_barriers;
    check_world_order(call, nth);
    sim_hb_all_arrive(nth);
    for (int k = 0, dist = 1; dist < n; k++, dist <<= 1) {
        signal_round(me, (me + dist) % n, k, call);
        int from = ((me - dist) % n + n) % n;
        sim_why_t why = sim_why("%s (barrier round %d: waiting for PE %d)", call, k, from);
        while (ctr[k] == 0)
            sim_pe_block_why(&why, &ctr[k], sizeof ctr[k]);
        ctr[k]--;
    }
    sim_hb_all_leave(nth);
}

void shmem_quiet(void)
{
    SHM_ENTER("shmem_quiet");
    shm_charge_call();
    shm_quiet(&shm_self()->chan, "shmem_quiet (waiting for outstanding operations)");
    shm_wake_after_direct_stores();
    SHM_LEAVE();
}

void shmem_fence(void)
{
    SHM_ENTER("shmem_fence");
    shm_charge_call();
    shm_fence(&shm_self()->chan, "shmem_fence (ordering puts before stores through shmem_ptr)");
    SHM_LEAVE();
}

void shm_barrier_all_as(const char *call)
{
    char why[96];
    snprintf(why, sizeof why, "%s (completing outstanding operations)", call);
    shm_charge_call();
    shm_quiet(&shm_self()->chan, why);
    shm_barrier_world(call);
}

void shmem_barrier_all(void)
{
    SHM_ENTER("shmem_barrier_all");
    shm_barrier_all_as("shmem_barrier_all");
    SHM_LEAVE();
}

/* ---- waits and tests ----
 * One engine serves every typed family: an ivar is loaded as a 64-bit
 * value (sign-extended for signed types) and compared signed or unsigned.
 * A wait blocks on the whole ivars array, so a delivery into any of them
 * wakes it to check again. */

static const char *cmp_name(int cmp)
{
    static const char *const names[] = {"?", "SHMEM_CMP_EQ", "SHMEM_CMP_NE", "SHMEM_CMP_GT",
                                        "SHMEM_CMP_GE", "SHMEM_CMP_LT", "SHMEM_CMP_LE"};
    return cmp >= 1 && cmp <= 6 ? names[cmp] : names[0];
}

static uint64_t load(const void *base, size_t i, size_t size, int is_signed)
{
    const volatile unsigned char *p = (const volatile unsigned char *)base + i * size;
    switch (size) {
    case 2:
        return is_signed ? (uint64_t)(int64_t) * (const volatile int16_t *)p
                         : *(const volatile uint16_t *)p;
    case 4:
        return is_signed ? (uint64_t)(int64_t) * (const volatile int32_t *)p
                         : *(const volatile uint32_t *)p;
    default:
        return *(const volatile uint64_t *)p;
    }
}

#define COMPARE(a, cmp, b)                                                         \
    ((cmp) == SHMEM_CMP_EQ ? (a) == (b) : (cmp) == SHMEM_CMP_NE ? (a) != (b)       \
     : (cmp) == SHMEM_CMP_GT ? (a) > (b) : (cmp) == SHMEM_CMP_GE ? (a) >= (b)      \
     : (cmp) == SHMEM_CMP_LT ? (a) < (b) : (cmp) == SHMEM_CMP_LE ? (a) <= (b) : 0)

static int holds(const shm_wait_t *w, size_t i)
{
    uint64_t a = load(w->ivars, i, w->size, w->is_signed);
    uint64_t b = w->values ? load(w->values, i, w->size, w->is_signed) : w->value;
    if (w->is_signed)
        return COMPARE((int64_t)a, w->cmp, (int64_t)b);
    return COMPARE(a, w->cmp, b);
}

/* Included ivars satisfying the comparison (their indices into w->indices
 * for SOME), the first one in *first, and how many are included.  The
 * scan starts where the PE's last _any result left off, so a series of
 * _any calls returns every satisfied index in turn, never only the
 * lowest, as the specification requires. */
static struct shm_any_cursor *any_cursor(const void *ivars, const char *call)
{
    shm_pe_t *s = shm_self();
    size_t nslots = sizeof s->any / sizeof s->any[0];
    for (size_t k = 0; k < nslots; k++)
        if (s->any[k].ivars == ivars && s->any[k].call == call)
            return &s->any[k];
    struct shm_any_cursor *c = &s->any[s->any_victim++ % nslots];
    *c = (struct shm_any_cursor){ivars, call, 0};
    return c;
}

static size_t scan(const shm_wait_t *w, shm_wait_mode_t mode, size_t *first, size_t *included)
{
    if (w->nelems == 1 && !w->status) { /* a single ivar: most waits */
        *included = 1;
        if (!holds(w, 0)) {
            *first = SIZE_MAX;
            return 0;
        }
        *first = 0;
        if (mode == SHM_WAIT_SOME && w->indices)
            w->indices[0] = 0;
        return 1;
    }
    size_t n = 0, from = mode == SHM_WAIT_ANY && w->nelems
                             ? any_cursor(w->ivars, w->call)->next % w->nelems : 0;
    *first = SIZE_MAX;
    *included = 0;
    for (size_t k = 0; k < w->nelems; k++) {
        size_t i = (from + k) % w->nelems;
        if (w->status && w->status[i])
            continue;
        ++*included;
        if (!holds(w, i))
            continue;
        if (n++ == 0)
            *first = i;
        if (mode == SHM_WAIT_SOME && w->indices)
            w->indices[n - 1] = i;
    }
    return n;
}

/* Whether the wait is over, with the routine's result in *result. */
static int over(const shm_wait_t *w, shm_wait_mode_t mode, size_t *result)
{
    size_t first, included, n = scan(w, mode, &first, &included);
    switch (mode) {
    case SHM_WAIT_ALL:
        *result = n == included;
        return n == included;
    case SHM_WAIT_ANY:
        *result = first;
        if (n > 0)
            any_cursor(w->ivars, w->call)->next = first + 1;
        return n > 0 || included == 0;
    default:
        *result = n;
        return n > 0 || included == 0;
    }
}

static int check(const shm_wait_t *w)
{
    return shm_check_sym(w->call, w->nelems == 1 && !w->values ? "ivar" : "ivars", w->ivars,
                         w->nelems * w->size);
}

/* What a wait is blocked in (made only for a deadlock report). */
static void describe(char *why, size_t len, const void *arg)
{
    const shm_wait_t *w = arg;
    char name[96];
    sim_mem_name(w->ivars, name, sizeof name);
    if (w->nelems == 1 && !w->values && !w->status) {
        uint64_t v = load(w->ivars, 0, w->size, w->is_signed);
        if (w->is_signed)
            snprintf(why, len, "%s(ivar=%s, cmp=%s, cmp_value=%lld), ivar is %lld", w->call,
                     name, cmp_name(w->cmp), (long long)w->value, (long long)v);
        else
            snprintf(why, len, "%s(ivar=%s, cmp=%s, cmp_value=%llu), ivar is %llu", w->call,
                     name, cmp_name(w->cmp), (unsigned long long)w->value,
                     (unsigned long long)v);
        return;
    }
    snprintf(why, len, "%s(ivars=%s, nelems=%zu, cmp=%s%s), not satisfied", w->call, name,
             w->nelems, cmp_name(w->cmp), w->values ? ", cmp_values=..." : "");
}

/* The wait or test read its ivars' values (atomically, as the routines
 * do): it acquires from the writes it read, whether or not they satisfy
 * the comparison; a program may act on a test that failed (a loop while
 * shmem_test(ivar, SHMEM_CMP_EQ, 0), then a read of ivar). */
static void observe(const shm_wait_t *w)
{
    if (!sim_hb_on)
        return;
    int me = shm_me();
    const void *site = sim_pe_self()->call_site;
    for (size_t i = 0; i < w->nelems; i++) {
        if (w->status && w->status[i])
            continue;
        const char *a = (const char *)w->ivars + i * w->size;
        sim_hb_observe(me, sim_mem_home(me, a), w->size, w->call, site);
    }
}

/* A wait or test satisfied by an ivar of heap bytes nothing has set since
 * the block was allocated returned on garbage, not on what a PE wrote
 * (told only while the race detector is on). */
static void check_unset(const shm_wait_t *w)
{
    if (!sim_finding_on(SHM_CHECK(WAIT_UNINITIALIZED)))
        return;
    int me = shm_me();
    for (size_t i = 0; i < w->nelems; i++) {
        const char *a = (const char *)w->ivars + i * w->size;
        if ((w->status && w->status[i]) || !holds(w, i) || !shm_heap_unset(me, a, w->size))
            continue;
        char obj[256], val[24], cmp[64];
        sim_mem_object_name(me, a, obj, sizeof obj);
        shm_heap_fill_text(w->size, val, sizeof val);
        if (w->values)
            snprintf(cmp, sizeof cmp, "%s against cmp_values[%zu]", cmp_name(w->cmp), i);
        else if (w->is_signed)
            snprintf(cmp, sizeof cmp, "%s %lld", cmp_name(w->cmp), (long long)w->value);
        else
            snprintf(cmp, sizeof cmp, "%s %llu", cmp_name(w->cmp), (unsigned long long)w->value);
        sim_finding_raise(SHM_CHECK(WAIT_UNINITIALIZED), SIM_SEV_WARNING, me, w->call,
                          sim_pe_self()->call_site,
                          "The comparison (%s) held on %zu bytes (in %s) that nothing had set "
                          "since the block was allocated: shmem_malloc leaves a block's "
                          "contents undefined (here they hold %s; on some systems fresh memory "
                          "happens to be zero), so the routine went on because of garbage, not "
                          "because a PE wrote the value. Set the ivar before anyone waits on it, "
                          "with a barrier between, or allocate with shmem_calloc.",
                          cmp, w->size, obj, val);
        return;
    }
}

size_t shm_wait_until(const shm_wait_t *w, shm_wait_mode_t mode)
{
    size_t result = mode == SHM_WAIT_ANY ? SIZE_MAX : 0;
    shm_charge_call();
    shm_wake_after_direct_stores();
    if (w->nelems && check(w))
        return result;
    sim_pe_t *self = sim_pe_self();
    self->polls_memory = 1; /* a sibling thread's plain store may satisfy it */
    while (!over(w, mode, &result))
        sim_pe_block_lazy(describe, w, w->ivars, w->nelems * w->size);
    self->polls_memory = 0;
    check_unset(w);
    observe(w);
    return mode == SHM_WAIT_ALL ? 0 : result;
}

size_t shm_test(const shm_wait_t *w, shm_wait_mode_t mode)
{
    size_t result = mode == SHM_WAIT_ANY ? SIZE_MAX : 0;
    shm_charge_call();
    shm_wake_after_direct_stores();
    if (w->nelems && check(w))
        return result;
    /* A loop of tests that sees nothing waits for the next event instead
     * of spinning: nothing it reads can change before then. */
    if (!over(w, mode, &result) && sim_pe_poll_idle(w->call, w->ivars))
        over(w, mode, &result);
    if (mode == SHM_WAIT_ANY ? result != SIZE_MAX : result > 0)
        check_unset(w);
    observe(w);
    return result;
}

/* The typed families: W builds the shm_wait_t of a routine (the compare
 * value widened as load() widens ivars). */
#define SIGNED(T) ((T)-1 < (T)1)
#define W(T, name, iv, n, idx, st, c, v, vs)                                          \
    shm_wait_t w = {name, (void *)(iv), sizeof(T), SIGNED(T), (n), (st), (idx), (c), \
                    SIGNED(T) ? (uint64_t)(int64_t)(T)(v) : (uint64_t)(T)(v), (vs)}

#define DEFINE_WAIT_UNTIL(T, N, a)                                                     \
    void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value)                         \
    {                                                                                  \
        SHM_ENTER("shmem_" #N "_wait_until");                                          \
        W(T, "shmem_" #N "_wait_until", ivar, 1, NULL, NULL, cmp, cmp_value, NULL);    \
        shm_wait_until(&w, SHM_WAIT_ALL);                                              \
        SHM_LEAVE();                                                                   \
    }                                                                                  \
    int shmem_##N##_test(T *ivar, int cmp, T cmp_value)                                \
    {                                                                                  \
        SHM_ENTER("shmem_" #N "_test");                                                \
        W(T, "shmem_" #N "_test", ivar, 1, NULL, NULL, cmp, cmp_value, NULL);          \
        int r = (int)shm_test(&w, SHM_WAIT_ALL);                                       \
        SHM_LEAVE();                                                                   \
        return r;                                                                      \
    }

/* The set forms: BODY runs one and leaves its result in r. */
#define BODY(T, name, idx, v, vs, F, mode)                                             \
    SHM_ENTER(name);                                                                   \
    W(T, name, ivars, nelems, idx, status, cmp, v, vs);                                \
    size_t r = F(&w, mode);                                                            \
    SHM_LEAVE()
#define DEFINE_WAIT_SET(T, N, a)                                                       \
    void shmem_##N##_wait_until_all(T *ivars, size_t nelems, const int *status, int cmp, \
                                    T cmp_value)                                       \
    {                                                                                  \
        BODY(T, "shmem_" #N "_wait_until_all", NULL, cmp_value, NULL, shm_wait_until,  \
             SHM_WAIT_ALL);                                                            \
        (void)r;                                                                       \
    }                                                                                  \
    size_t shmem_##N##_wait_until_any(T *ivars, size_t nelems, const int *status, int cmp, \
                                      T cmp_value)                                     \
    {                                                                                  \
        BODY(T, "shmem_" #N "_wait_until_any", NULL, cmp_value, NULL, shm_wait_until,  \
             SHM_WAIT_ANY);                                                            \
        return r;                                                                      \
    }                                                                                  \
    size_t shmem_##N##_wait_until_some(T *ivars, size_t nelems, size_t *indices,       \
                                       const int *status, int cmp, T cmp_value)        \
    {                                                                                  \
        BODY(T, "shmem_" #N "_wait_until_some", indices, cmp_value, NULL, shm_wait_until, \
             SHM_WAIT_SOME);                                                           \
        return r;                                                                      \
    }                                                                                  \
    void shmem_##N##_wait_until_all_vector(T *ivars, size_t nelems, const int *status, \
                                           int cmp, T *cmp_values)                     \
    {                                                                                  \
        BODY(T, "shmem_" #N "_wait_until_all_vector", NULL, 0, cmp_values,             \
             shm_wait_until, SHM_WAIT_ALL);                                            \
        (void)r;                                                                       \
    }                                                                                  \
    size_t shmem_##N##_wait_until_any_vector(T *ivars, size_t nelems, const int *status, \
                                             int cmp, T *cmp_values)                   \
    {                                                                                  \
        BODY(T, "shmem_" #N "_wait_until_any_vector", NULL, 0, cmp_values,             \
             shm_wait_until, SHM_WAIT_ANY);                                            \
        return r;                                                                      \
    }                                                                                  \
    size_t shmem_##N##_wait_until_some_vector(T *ivars, size_t nelems, size_t *indices, \
                                              const int *status, int cmp, T *cmp_values) \
    {                                                                                  \
        BODY(T, "shmem_" #N "_wait_until_some_vector", indices, 0, cmp_values,         \
             shm_wait_until, SHM_WAIT_SOME);                                           \
        return r;                                                                      \
    }                                                                                  \
    int shmem_##N##_test_all(T *ivars, size_t nelems, const int *status, int cmp,      \
                             T cmp_value)                                              \
    {                                                                                  \
        BODY(T, "shmem_" #N "_test_all", NULL, cmp_value, NULL, shm_test, SHM_WAIT_ALL); \
        return (int)r;                                                                 \
    }                                                                                  \
    size_t shmem_##N##_test_any(T *ivars, size_t nelems, const int *status, int cmp,   \
                                T cmp_value)                                           \
    {                                                                                  \
        BODY(T, "shmem_" #N "_test_any", NULL, cmp_value, NULL, shm_test, SHM_WAIT_ANY); \
        return r;                                                                      \
    }                                                                                  \
    size_t shmem_##N##_test_some(T *ivars, size_t nelems, size_t *indices,             \
                                 const int *status, int cmp, T cmp_value)              \
    {                                                                                  \
        BODY(T, "shmem_" #N "_test_some", indices, cmp_value, NULL, shm_test,          \
             SHM_WAIT_SOME);                                                           \
        return r;                                                                      \
    }                                                                                  \
    int shmem_##N##_test_all_vector(T *ivars, size_t nelems, const int *status, int cmp, \
                                    T *cmp_values)                                     \
    {                                                                                  \
        BODY(T, "shmem_" #N "_test_all_vector", NULL, 0, cmp_values, shm_test,         \
             SHM_WAIT_ALL);                                                            \
        return (int)r;                                                                 \
    }                                                                                  \
    size_t shmem_##N##_test_any_vector(T *ivars, size_t nelems, const int *status, int cmp, \
                                       T *cmp_values)                                  \
    {                                                                                  \
        BODY(T, "shmem_" #N "_test_any_vector", NULL, 0, cmp_values, shm_test,         \
             SHM_WAIT_ANY);                                                            \
        return r;                                                                      \
    }                                                                                  \
    size_t shmem_##N##_test_some_vector(T *ivars, size_t nelems, size_t *indices,      \
                                        const int *status, int cmp, T *cmp_values)     \
    {                                                                                  \
        BODY(T, "shmem_" #N "_test_some_vector", indices, 0, cmp_values, shm_test,     \
             SHM_WAIT_SOME);                                                           \
        return r;                                                                      \
    }

/* Deprecated: wait until *ivar differs from cmp_value. */
#define DEFINE_WAIT_DEPR(T, N, a)                                                      \
    void shmem_##N##_wait(T *ivar, T cmp_value)                                        \
    {                                                                                  \
        SHM_ENTER("shmem_" #N "_wait");                                                \
        W(T, "shmem_" #N "_wait", ivar, 1, NULL, NULL, SHMEM_CMP_NE, cmp_value, NULL); \
        shm_wait_until(&w, SHM_WAIT_ALL);                                              \
        SHM_LEAVE();                                                                   \
    }

SHMEM_P2P_TYPES(DEFINE_WAIT_UNTIL, )
SHMEM_P2P_TYPES(DEFINE_WAIT_SET, )
SHMEM_WAIT_DEPR_TYPES(DEFINE_WAIT_DEPR, )

void shmem_wait(long *ivar, long cmp_value)
{
    SHM_ENTER("shmem_wait");
    W(long, "shmem_wait", ivar, 1, NULL, NULL, SHMEM_CMP_NE, cmp_value, NULL);
    shm_wait_until(&w, SHM_WAIT_ALL);
    SHM_LEAVE();
}

/* The deprecated untyped routine; in C11 programs the name is the generic
 * macro of <shmem.h>, hence the parentheses. */
void(shmem_wait_until)(long *ivar, int cmp, long cmp_value)
{
    SHM_ENTER("shmem_wait_until");
    W(long, "shmem_wait_until", ivar, 1, NULL, NULL, cmp, cmp_value, NULL);
    shm_wait_until(&w, SHM_WAIT_ALL);
    SHM_LEAVE();
}
