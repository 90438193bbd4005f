/* api/shmem/amo: atomic memory operations.
 *
 * An atomic is a message that executes in its delivery event at the
 * target: it reads the word, computes, writes, and (when fetching) sends
 * the old value back.  Events run one at a time, so atomics on a word are
 * atomic with respect to each other, with no help from the target PE.  The
 * request travels on the context's channel (fence orders it, quiet
 * completes it); a fetching nbi atomic also holds the channel until its
 * value has landed in the fetch buffer.
 *
 * Everything works on bit patterns of 4 or 8 bytes: two's complement
 * addition, bitwise operations and equality are the same for signed and
 * unsigned types, and floating types only use fetch, set and swap.
 *
 * Request fields: dst_addr the word (home), arg[0] op | size << 8 | fetch
 * << 16, arg[1] the value, arg[2] cond, ptr the completion (fetching). */
#include "race.h"
#include "shmem_impl.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How a fetching atomic completes. */
typedef struct amo_done {
    int done;          /* blocking: the value has landed */
    uint64_t value;    /* blocking: the old value */
    void *fetch_to;    /* nbi: home address of the fetch buffer */
    sim_hb_rec_t seen; /* blocking: the write whose value was fetched (race detector) */
    sim_chan_t *chan;  /* nbi: the channel held until then (this is heap memory) */
    sim_hb_rec_t op;   /* nbi: the atomic's record, which writes the fetch buffer */
    /* nbi, race detector on: its PE's list (shm_pe_t.fetched), which the
     * quiet on its channel that makes the value known observes (seen, with
     * done, once the reply has landed) */
    const char *call;
    const void *site;
    struct amo_done *next;
} amo_done_t;

static uint64_t apply(shm_amo_op_t op, uint64_t old, uint64_t v, uint64_t cond, size_t size)
{
    uint64_t mask = size == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * size)) - 1;
    switch (op) {
    case SHM_AMO_FETCH:
        return old;
    case SHM_AMO_SET:
    case SHM_AMO_SWAP:
        return v;
    case SHM_AMO_CSWAP:
        return old == (cond & mask) ? v : old;
    case SHM_AMO_ADD:
        return (old + v) & mask;
    case SHM_AMO_AND:
        return old & v;
    case SHM_AMO_OR:
        return old | v;
    case SHM_AMO_XOR:
        return old ^ v;
    case SHM_AMO_FP: /* a flag, taken off before */
        break;
    }
    return old;
}

static void reply_deliver(sim_msg_t *m)
{
    amo_done_t *d = m->ptr;
    if (d->chan) {
        sim_hb_op_access(d->op, m->dst, d->fetch_to, m->bytes, 1, 0, SIM_HB_WRITE);
        sim_hb_unref(d->op);
        memcpy(sim_mem_live(m->dst, d->fetch_to), &m->arg[1], m->bytes);
        sim_mem_written(m->dst, d->fetch_to, m->bytes);
        sim_chan_release(d->chan);
        if (!d->call) {
            free(d);
            return;
        }
        d->seen = sim_hb_hold(m->hb);
        d->done = 1;
        return;
    }
    d->value = m->arg[1];
    d->seen = sim_hb_hold(m->hb);
    d->done = 1;
    sim_pe_wake(sim_pe_get(m->dst));
}

/* An atomic that reads (all but a set) heap bytes no one has set since
 * the block was allocated (told only while the race detector is on). */
static void check_unset(const sim_msg_t *m, size_t size)
{
    if (!sim_finding_on(SHM_CHECK(AMO_UNINITIALIZED)) || !shm_heap_unset(m->dst, m->dst_addr, size))
        return;
    char obj[256], val[24];
    sim_mem_object_name(m->dst, m->dst_addr, obj, sizeof obj);
    shm_heap_fill_text(size, val, sizeof val);
    sim_finding_raise(SHM_CHECK(AMO_UNINITIALIZED), SIM_SEV_WARNING, m->src, m->what,
                      (const void *)(uintptr_t)m->arg[3],
                      "The atomic read %zu bytes of PE %d's memory (in %s) that nothing had "
                      "set since the block was allocated: shmem_malloc leaves a block's "
                      "contents undefined (here they hold %s; on some systems fresh memory "
                      "happens to be zero), so what the atomic compared, fetched or updated "
                      "is garbage (a compare-and-swap against 0 fails every time). Set the "
                      "word before the first atomic on it, with a barrier between, or "
                      "allocate with shmem_calloc.", size, m->dst, obj, val);
}

static void amo_deliver(sim_msg_t *m)
{
    shm_amo_op_t op = (shm_amo_op_t)(m->arg[0] & 0xff);
    size_t size = (m->arg[0] >> 8) & 0xff;
    unsigned char *p = sim_mem_live(m->dst, m->dst_addr);
    uint64_t old = 0;
    memcpy(&old, p, size);
    if (op != SHM_AMO_SET)
        check_unset(m, size);
    sim_hb_rec_t seen = m->ptr ? sim_hb_last_write(m->dst, m->dst_addr) : 0;
    uint64_t now = apply(op, old, m->arg[1], m->arg[2], size);
    /* An atomic that changes nothing (a failed compare-and-swap, setting
     * the value already there) only reads, for the race detector. */
    sim_hb_op_access(m->hb, m->dst, m->dst_addr, size, 1, 0,
                     op == SHM_AMO_FETCH || now == old ? SIM_HB_READ : SIM_HB_WRITE);
    if (now != old || op == SHM_AMO_SET || op == SHM_AMO_SWAP) {
        memcpy(p, &now, size);
        sim_mem_written(m->dst, m->dst_addr, size);
    }
    if (!m->ptr)
        return;
    /* The value rides in the reply's arguments; bytes says how many count. */
    sim_msg_t *r = sim_msg_new(m->dst, m->src, SIM_OP_REPLY, size);
    r->hb = seen;
    r->what = m->what;
    r->arg[1] = old;
    r->ptr = m->ptr;
    r->deliver = reply_deliver;
    sim_net_send(r);
}

/* What a fetching atomic waits for (made only for a deadlock report). */
typedef struct amo_wait {
    const char *call;
    const void *dest;
    int pe;
} amo_wait_t;

static void amo_why(char *buf, size_t len, const void *arg)
{
    const amo_wait_t *w = arg;
    char dn[96];
    snprintf(buf, len, "%s(dest=%s, pe=%d), waiting for the fetched value", w->call,
             sim_mem_name(w->dest, dn, sizeof dn), w->pe);
}

void shm_amo_fetched(const sim_chan_t *chan)
{
    for (amo_done_t **pp = &shm_self()->fetched, *d; (d = *pp);) {
        if (d->chan != chan || !d->done) {
            pp = &d->next;
            continue;
        }
        *pp = d->next;
        sim_hb_observe_rec(d->seen, d->call, d->site);
        sim_hb_unref(d->seen);
        free(d);
    }
}

void shm_amo_forget(shm_pe_t *s)
{
    for (amo_done_t *d = s->fetched, *next; d; d = next) {
        next = d->next;
        if (!d->done) { /* its reply, still to land, frees it */
            d->call = NULL;
            continue;
        }
        sim_hb_unref(d->seen);
        free(d);
    }
    s->fetched = NULL;
}

uint64_t shm_amo_do(const char *call, shm_ctx_t *c, int wpe, shm_amo_op_t op, void *dest,
                    size_t size, uint64_t value, uint64_t cond, int fetch, void *fetch_to)
{
    int me = shm_me();
    int fp = (op & SHM_AMO_FP) != 0;
    op &= ~SHM_AMO_FP;
    sim_charge(sim_net_params()->overhead_ns);
    amo_done_t local = {0}, *d = fetch == 1 ? &local : NULL;
    if (fetch == 2) {
        d = sim_xcalloc(1, sizeof *d);
        d->fetch_to = sim_mem_home(me, fetch_to);
        d->chan = c->chan;
        sim_chan_hold(c->chan);
    }
    sim_msg_t *m = sim_msg_new(me, wpe, SIM_OP_AMO, size);
    m->what = call;
    m->chan = c->chan;
    m->dst_addr = sim_mem_xlate(me, dest, wpe);
    m->arg[0] = (uint64_t)op | (uint64_t)size << 8;
    m->arg[1] = value;
    m->arg[2] = cond;
    m->arg[3] = (uint64_t)(uintptr_t)sim_pe_self()->call_site;
    m->ptr = d;
    m->deliver = amo_deliver;
    m->hb = shm_race_op(call, c->chan, wpe, SHM_RACE_AMO(size, fp, c->team->domain), fetch == 2);
    sim_hb_rec_t hb = fetch == 1 ? sim_hb_hold(m->hb) : 0;
    if (fetch == 2 && m->hb) {
        /* The fetch buffer is the library's until the quiet, which then
         * observes the write whose value was fetched, as a blocking fetch
         * does when it returns. */
        d->op = sim_hb_hold(m->hb);
        sim_hb_nbi_buffer((uintptr_t)c->chan, fetch_to, size);
        shm_pe_t *s = shm_self();
        d->call = call;
        d->site = sim_pe_self()->call_site;
        d->next = s->fetched;
        s->fetched = d;
    }
    sim_net_send(m);
    if (fetch != 1)
        return 0;
    amo_wait_t w = {call, dest, wpe};
    while (!local.done)
        sim_pe_block_lazy(amo_why, &w, NULL, 0);
    sim_hb_op_complete(hb);
    sim_hb_unref(hb);
    sim_hb_observe_rec(local.seen, call, sim_pe_self()->call_site);
    sim_hb_unref(local.seen);
    return local.value;
}

uint64_t shm_amo(const char *call, shmem_ctx_t h, int pe, shm_amo_op_t op, void *dest,
                 size_t size, uint64_t value, uint64_t cond, int fetch, void *fetch_to)
{
    shm_ctx_t *c;
    int wpe;
    if (shm_target(call, h, pe, &c, &wpe) || shm_check_sym(call, "dest", dest, size) ||
        (fetch == 2 && shm_check_ptr(call, "fetch", fetch_to, size)))
        return 0;
    if ((op & ~SHM_AMO_FP) != SHM_AMO_FETCH)
        coll_check_user_write(call, wpe, dest, size);
    return shm_amo_do(call, c, wpe, op, dest, size, value, cond, fetch, fetch_to);
}

/* ---- the public families ----
 * RUN performs one atomic of routine name on T and leaves the old value's
 * bits in b; V converts them back to T (the low bytes, on this little-endian
 * machine). */
#define RUN(T, name, ctx, op, d, v, cond, fetch, to)                                    \
    SHM_ENTER(name);                                                                    \
    uint64_t b = shm_amo(name, ctx, pe, (op) | ((T)0.5 != 0 ? SHM_AMO_FP : 0),          \
                         (void *)(d), sizeof(T),                                        \
                         shm_bits(&(T){v}, sizeof(T)), shm_bits(&(T){cond}, sizeof(T)), \
                         fetch, to);                                                    \
    SHM_LEAVE()
#define V(T) (((union { uint64_t u; T t; }){.u = b}).t)

/* Fetching with a value operand (swap, fetch_add, fetch_and, ...), the
 * blocking and nbi forms, plain and ctx_. */
#define DEFINE_FOP(T, N, op, OP)                                                        \
    T shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, T value, int pe)                      \
    {                                                                                   \
        RUN(T, "shmem_ctx_" #N #op, ctx, OP, dest, value, 0, 1, NULL);                  \
        return V(T);                                                                    \
    }                                                                                   \
    T shmem_##N##op(T *dest, T value, int pe)                                           \
    {                                                                                   \
        RUN(T, "shmem_" #N #op, SHMEM_CTX_DEFAULT, OP, dest, value, 0, 1, NULL);        \
        return V(T);                                                                    \
    }                                                                                   \
    void shmem_ctx_##N##op##_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe)   \
    {                                                                                   \
        RUN(T, "shmem_ctx_" #N #op "_nbi", ctx, OP, dest, value, 0, 2, fetch);          \
        (void)b;                                                                        \
    }                                                                                   \
    void shmem_##N##op##_nbi(T *fetch, T *dest, T value, int pe)                        \
    {                                                                                   \
        RUN(T, "shmem_" #N #op "_nbi", SHMEM_CTX_DEFAULT, OP, dest, value, 0, 2, fetch); \
        (void)b;                                                                        \
    }
/* Non-fetching with a value operand (set, add, and, ...). */
#define DEFINE_NOP(T, N, op, OP)                                                        \
    void shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, T value, int pe)                   \
    {                                                                                   \
        RUN(T, "shmem_ctx_" #N #op, ctx, OP, dest, value, 0, 0, NULL);                  \
        (void)b;                                                                        \
    }                                                                                   \
    void shmem_##N##op(T *dest, T value, int pe)                                        \
    {                                                                                   \
        RUN(T, "shmem_" #N #op, SHMEM_CTX_DEFAULT, OP, dest, value, 0, 0, NULL);        \
        (void)b;                                                                        \
    }

#define DEFINE_FETCH(T, N, a)                                                           \
    T shmem_ctx_##N##_atomic_fetch(shmem_ctx_t ctx, const T *source, int pe)            \
    {                                                                                   \
        RUN(T, "shmem_ctx_" #N "_atomic_fetch", ctx, SHM_AMO_FETCH, source, 0, 0, 1, NULL); \
        return V(T);                                                                    \
    }                                                                                   \
    T shmem_##N##_atomic_fetch(const T *source, int pe)                                 \
    {                                                                                   \
        RUN(T, "shmem_" #N "_atomic_fetch", SHMEM_CTX_DEFAULT, SHM_AMO_FETCH, source, 0, 0, \
            1, NULL);                                                                   \
        return V(T);                                                                    \
    }                                                                                   \
    void shmem_ctx_##N##_atomic_fetch_nbi(shmem_ctx_t ctx, T *fetch, const T *source, int pe) \
    {                                                                                   \
        RUN(T, "shmem_ctx_" #N "_atomic_fetch_nbi", ctx, SHM_AMO_FETCH, source, 0, 0, 2, \
            fetch);                                                                     \
        (void)b;                                                                        \
    }                                                                                   \
    void shmem_##N##_atomic_fetch_nbi(T *fetch, const T *source, int pe)                \
    {                                                                                   \
        RUN(T, "shmem_" #N "_atomic_fetch_nbi", SHMEM_CTX_DEFAULT, SHM_AMO_FETCH, source, \
            0, 0, 2, fetch);                                                            \
        (void)b;                                                                        \
    }                                                                                   \
    DEFINE_NOP(T, N, _atomic_set, SHM_AMO_SET)                                          \
    DEFINE_FOP(T, N, _atomic_swap, SHM_AMO_SWAP)

#define DEFINE_ARITH(T, N, a)                                                           \
    T shmem_ctx_##N##_atomic_compare_swap(shmem_ctx_t ctx, T *dest, T cond, T value, int pe) \
    {                                                                                   \
        RUN(T, "shmem_ctx_" #N "_atomic_compare_swap", ctx, SHM_AMO_CSWAP, dest, value, \
            cond, 1, NULL);                                                             \
        return V(T);                                                                    \
    }                                                                                   \
    T shmem_##N##_atomic_compare_swap(T *dest, T cond, T value, int pe)                 \
    {                                                                                   \
        RUN(T, "shmem_" #N "_atomic_compare_swap", SHMEM_CTX_DEFAULT, SHM_AMO_CSWAP, dest, \
            value, cond, 1, NULL);                                                      \
        return V(T);                                                                    \
    }                                                                                   \
    void shmem_ctx_##N##_atomic_compare_swap_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T cond, \
                                                 T value, int pe)                       \
    {                                                                                   \
        RUN(T, "shmem_ctx_" #N "_atomic_compare_swap_nbi", ctx, SHM_AMO_CSWAP, dest, value, \
            cond, 2, fetch);                                                            \
        (void)b;                                                                        \
    }                                                                                   \
    void shmem_##N##_atomic_compare_swap_nbi(T *fetch, T *dest, T cond, T value, int pe) \
    {                                                                                   \
        RUN(T, "shmem_" #N "_atomic_compare_swap_nbi", SHMEM_CTX_DEFAULT, SHM_AMO_CSWAP, \
            dest, value, cond, 2, fetch);                                               \
        (void)b;                                                                        \
    }                                                                                   \
    T shmem_ctx_##N##_atomic_fetch_inc(shmem_ctx_t ctx, T *dest, int pe)                \
    {                                                                                   \
        RUN(T, "shmem_ctx_" #N "_atomic_fetch_inc", ctx, SHM_AMO_ADD, dest, 1, 0, 1, NULL); \
        return V(T);                                                                    \
    }                                                                                   \
    T shmem_##N##_atomic_fetch_inc(T *dest, int pe)                                     \
    {                                                                                   \
        RUN(T, "shmem_" #N "_atomic_fetch_inc", SHMEM_CTX_DEFAULT, SHM_AMO_ADD, dest, 1, 0, \
            1, NULL);                                                                   \
        return V(T);                                                                    \
    }                                                                                   \
    void shmem_ctx_##N##_atomic_fetch_inc_nbi(shmem_ctx_t ctx, T *fetch, T *dest, int pe) \
    {                                                                                   \
        RUN(T, "shmem_ctx_" #N "_atomic_fetch_inc_nbi", ctx, SHM_AMO_ADD, dest, 1, 0, 2, \
            fetch);                                                                     \
        (void)b;                                                                        \
    }                                                                                   \
    void shmem_##N##_atomic_fetch_inc_nbi(T *fetch, T *dest, int pe)                    \
    {                                                                                   \
        RUN(T, "shmem_" #N "_atomic_fetch_inc_nbi", SHMEM_CTX_DEFAULT, SHM_AMO_ADD, dest, 1, \
            0, 2, fetch);                                                               \
        (void)b;                                                                        \
    }                                                                                   \
    void shmem_ctx_##N##_atomic_inc(shmem_ctx_t ctx, T *dest, int pe)                   \
    {                                                                                   \
        RUN(T, "shmem_ctx_" #N "_atomic_inc", ctx, SHM_AMO_ADD, dest, 1, 0, 0, NULL);   \
        (void)b;                                                                        \
    }                                                                                   \
    void shmem_##N##_atomic_inc(T *dest, int pe)                                        \
    {                                                                                   \
        RUN(T, "shmem_" #N "_atomic_inc", SHMEM_CTX_DEFAULT, SHM_AMO_ADD, dest, 1, 0, 0, \
            NULL);                                                                      \
        (void)b;                                                                        \
    }                                                                                   \
    DEFINE_FOP(T, N, _atomic_fetch_add, SHM_AMO_ADD)                                    \
    DEFINE_NOP(T, N, _atomic_add, SHM_AMO_ADD)

#define DEFINE_BITWISE(T, N, a)                                                         \
    DEFINE_FOP(T, N, _atomic_fetch_and, SHM_AMO_AND)                                    \
    DEFINE_NOP(T, N, _atomic_and, SHM_AMO_AND)                                          \
    DEFINE_FOP(T, N, _atomic_fetch_or, SHM_AMO_OR)                                      \
    DEFINE_NOP(T, N, _atomic_or, SHM_AMO_OR)                                            \
    DEFINE_FOP(T, N, _atomic_fetch_xor, SHM_AMO_XOR)                                    \
    DEFINE_NOP(T, N, _atomic_xor, SHM_AMO_XOR)

/* The deprecated names: the same operations on the default context.  P
 * is the prefix (shmem_, or Cray's shmemx_ for its short ones). */
#define DEFINE_DEPR_FETCHING(P, T, N)                                                   \
    T P##N##_fadd(T *dest, T value, int pe)                                             \
    {                                                                                   \
        RUN(T, #P #N "_fadd", SHMEM_CTX_DEFAULT, SHM_AMO_ADD, dest, value, 0, 1, NULL); \
        return V(T);                                                                    \
    }                                                                                   \
    T P##N##_finc(T *dest, int pe)                                                      \
    {                                                                                   \
        RUN(T, #P #N "_finc", SHMEM_CTX_DEFAULT, SHM_AMO_ADD, dest, 1, 0, 1, NULL);     \
        return V(T);                                                                    \
    }                                                                                   \
    T P##N##_cswap(T *dest, T cond, T value, int pe)                                    \
    {                                                                                   \
        RUN(T, #P #N "_cswap", SHMEM_CTX_DEFAULT, SHM_AMO_CSWAP, dest, value, cond, 1,  \
            NULL);                                                                      \
        return V(T);                                                                    \
    }
#define DEFINE_DEPR_SWAP(P, T, N)                                                       \
    T P##N##_swap(T *dest, T value, int pe)                                             \
    {                                                                                   \
        RUN(T, #P #N "_swap", SHMEM_CTX_DEFAULT, SHM_AMO_SWAP, dest, value, 0, 1, NULL); \
        return V(T);                                                                    \
    }
#define DEFINE_DEPR_ADD(P, T, N)                                                        \
    void P##N##_add(T *dest, T value, int pe)                                           \
    {                                                                                   \
        RUN(T, #P #N "_add", SHMEM_CTX_DEFAULT, SHM_AMO_ADD, dest, value, 0, 0, NULL);  \
        (void)b;                                                                        \
    }                                                                                   \
    void P##N##_inc(T *dest, int pe)                                                    \
    {                                                                                   \
        RUN(T, #P #N "_inc", SHMEM_CTX_DEFAULT, SHM_AMO_ADD, dest, 1, 0, 0, NULL);      \
        (void)b;                                                                        \
    }
#define DEFINE_DEPR(T, N, a) DEFINE_DEPR_ADD(shmem_, T, N) DEFINE_DEPR_FETCHING(shmem_, T, N)
#define DEFINE_DEPR_EXT(T, N, a)                                                        \
    T shmem_##N##_fetch(const T *source, int pe)                                        \
    {                                                                                   \
        RUN(T, "shmem_" #N "_fetch", SHMEM_CTX_DEFAULT, SHM_AMO_FETCH, source, 0, 0, 1, NULL); \
        return V(T);                                                                    \
    }                                                                                   \
    void shmem_##N##_set(T *dest, T value, int pe)                                      \
    {                                                                                   \
        RUN(T, "shmem_" #N "_set", SHMEM_CTX_DEFAULT, SHM_AMO_SET, dest, value, 0, 0, NULL); \
        (void)b;                                                                        \
    }                                                                                   \
    DEFINE_DEPR_SWAP(shmem_, T, N)

SHMEM_AMO_EXT_TYPES(DEFINE_FETCH, )
SHMEM_AMO_TYPES(DEFINE_ARITH, )
SHMEM_AMO_BIT_TYPES(DEFINE_BITWISE, )
SHMEM_AMO_DEPR_TYPES(DEFINE_DEPR, )
SHMEM_AMO_DEPR_EXT_TYPES(DEFINE_DEPR_EXT, )

/* Cray's legacy atomics on short: the same 2-byte operations, under
 * shmem_ (fetching ones and swap) and shmemx_ (all six) names. */
#define DEFINE_CRAY_SHORT(T, N, a)                                                      \
    DEFINE_DEPR_FETCHING(shmem_, T, N) DEFINE_DEPR_SWAP(shmem_, T, N)                   \
    DEFINE_DEPR_ADD(shmemx_, T, N) DEFINE_DEPR_FETCHING(shmemx_, T, N)                  \
    DEFINE_DEPR_SWAP(shmemx_, T, N)
SHMEM_AMO_CRAY_SHORT_TYPES(DEFINE_CRAY_SHORT, )

/* The untyped legacy swap; in C11 programs the name is the generic macro
 * of <shmem.h>, hence the parentheses. */
long(shmem_swap)(long *target, long value, int pe)
{
    long *dest = target;
    RUN(long, "shmem_swap", SHMEM_CTX_DEFAULT, SHM_AMO_SWAP, dest, value, 0, 1, NULL);
    return V(long);
}
