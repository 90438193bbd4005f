/* api/shmem/rma: puts and gets over the simulated network.
 *
 * A blocking put copies its source into the message when called (local
 * completion) and writes the target when the delivery event fires.  A
 * put_nbi copies its source when the message leaves the origin port, so a
 * source changed before shmem_quiet is sent changed.  A get sends a
 * request; the target's memory is read when the request arrives and the
 * reply writes the local buffer; a blocking get waits for it, a get_nbi
 * holds its context's channel until then (quiet completes it).  Strided
 * forms (iput/iget) gather at the reader and scatter at the writer, one
 * message per call.
 *
 * Message fields: dst_addr the target's home address, src_addr the
 * origin's (home form), arg[0] element bytes, arg[1] elements, arg[2] the
 * writer's stride, arg[3] the reader's stride (in elements). */
#include "race.h"
#include "shmem_impl.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STRIDE(u) ((ptrdiff_t)(int64_t)(u))

/* Bytes from the lowest to past the highest element touched. */
static size_t extent(size_t elem, size_t n, ptrdiff_t stride)
{
    if (n == 0)
        return 0;
    size_t step = (size_t)(stride < 0 ? -stride : stride);
    return ((n - 1) * step + 1) * elem;
}

/* The lowest byte of n elements from addr at stride (in elements): the
 * last element's when the stride is negative. */
static const char *lowest(const void *addr, size_t elem, size_t n, ptrdiff_t stride)
{
    const char *lo = addr;
    if (n && stride < 0)
        lo += (ptrdiff_t)(n - 1) * stride * (ptrdiff_t)elem;
    return lo;
}

static void gather(unsigned char *out, const unsigned char *src, size_t elem, size_t n,
                   ptrdiff_t stride)
{
    if (stride == 1) {
        memcpy(out, src, n * elem);
        return;
    }
    for (size_t i = 0; i < n; i++)
        memcpy(out + i * elem, src + (ptrdiff_t)i * stride * (ptrdiff_t)elem, elem);
}

static void scatter(unsigned char *dst, const unsigned char *in, size_t elem, size_t n,
                    ptrdiff_t stride)
{
    if (stride == 1) {
        memcpy(dst, in, n * elem);
        return;
    }
    for (size_t i = 0; i < n; i++)
        memcpy(dst + (ptrdiff_t)i * stride * (ptrdiff_t)elem, in + i * elem, elem);
}

/* Tells the race detector that op touched the n elements at home address
 * home of pe, stride elements apart; a contiguous write of data (when
 * known) that leaves the bytes as they were is not an access. */
static void hb_touch(sim_hb_rec_t op, int pe, const void *home, size_t elem, size_t n,
                     ptrdiff_t stride, sim_hb_dir_t dir, const void *data)
{
    if (!op || !n)
        return;
    if (dir == SIM_HB_WRITE && stride == 1)
        sim_hb_op_write(op, pe, home, data, elem * n);
    else
        sim_hb_op_access(op, pe, home, elem, n, stride * (ptrdiff_t)elem, dir);
}

/* The record of a put message's data: a put-with-signal's message carries
 * the signal's, whose partner is the data's. */
static sim_hb_rec_t data_rec(const sim_msg_t *m)
{
    return m->op == SIM_OP_SIGNAL ? sim_hb_partner(m->hb) : m->hb;
}

/* Writes message data at m->dst_addr of m->dst with stride arg[2] and
 * reports the write; the lowest address written is reported from. */
static void write_out(sim_msg_t *m)
{
    size_t elem = m->arg[0], n = m->arg[1];
    ptrdiff_t stride = STRIDE(m->arg[2]);
    if (n == 0)
        return;
    hb_touch(data_rec(m), m->dst, m->dst_addr, elem, n, stride, SIM_HB_WRITE, m->data);
    scatter(sim_mem_live(m->dst, m->dst_addr), m->data, elem, n, stride);
    sim_mem_written(m->dst, lowest(m->dst_addr, elem, n, stride), extent(elem, n, stride));
}

void shm_put_apply(sim_msg_t *m)
{
    write_out(m);
}

/* A put_nbi's source is read as its message leaves the origin, or at the
 * program's free of it if that comes first (then src_addr is NULL). */
static void put_inject(sim_msg_t *m)
{
    if (!m->src_addr)
        return;
    gather(m->data, sim_mem_live(m->src, m->src_addr), m->arg[0], m->arg[1], STRIDE(m->arg[3]));
    hb_touch(data_rec(m), m->src, m->src_addr, m->arg[0], m->arg[1], STRIDE(m->arg[3]),
             SIM_HB_READ, NULL);
    sim_hb_op_data(data_rec(m), m->dst_addr, m->data, m->arg[0] * m->arg[1]);
    m->src_addr = NULL;
}

void shm_put_read_early(sim_msg_t *m, const void *src_home)
{
    /* (m may have been delivered and its slot reused since: act only on
     * a live put_nbi message still to read that source) */
    if (m->data && m->on_inject == put_inject && m->src_addr == src_home)
        put_inject(m);
}

/* shm_rma_check, with by_value: the local side is the routine's own. */
static int rma_check(const shm_xfer_t *x, int is_put, int by_value, shm_ctx_t **c, int *wpe)
{
    size_t dn = extent(x->elem, x->nelems, x->dst_stride);
    size_t sn = extent(x->elem, x->nelems, x->src_stride);
    if (shm_target(x->call, x->ctx, x->pe, c, wpe))
        return -1;
    if (is_put ? shm_check_sym(x->call, "dest", x->dest, dn) ||
                     (!by_value && shm_check_local(x->call, "source", x->src, sn))
               : shm_check_sym(x->call, "source", x->src, sn) ||
                     (!by_value && shm_check_local(x->call, "dest", x->dest, dn)))
        return -1;
    /* To itself, the two buffers are in one memory and must not overlap
     * (the same array, element for element, is a copy onto itself). */
    if (*wpe == shm_me() && !by_value &&
        shm_check_overlap(x->call, "dest", x->dest, dn, "source", x->src, sn,
                          x->dst_stride == x->src_stride ? SHM_SAME_COPY : SHM_SAME_IS_OVERLAP))
        return -1;
    if (is_put)
        coll_check_user_write(x->call, *wpe, x->dest, dn);
    return 0;
}

int shm_rma_check(const shm_xfer_t *x, int is_put, shm_ctx_t **c, int *wpe)
{
    return rma_check(x, is_put, 0, c, wpe);
}

sim_msg_t *shm_put_msg(const shm_xfer_t *x, shm_ctx_t *c, int wpe, int nbi, size_t extra)
{
    int me = shm_me();
    size_t n = x->nelems * x->elem;
    sim_msg_t *m = sim_msg_new(me, wpe, SIM_OP_PUT, n + extra);
    m->what = x->call;
    m->chan = c->chan;
    m->dst_addr = x->nelems ? sim_mem_xlate(me, x->dest, wpe) : NULL;
    m->arg[0] = x->elem;
    m->arg[1] = x->nelems;
    m->arg[2] = (uint64_t)(int64_t)x->dst_stride;
    m->arg[3] = (uint64_t)(int64_t)x->src_stride;
    m->deliver = shm_put_apply;
    m->hb = shm_race_op(x->call, c->chan, wpe, 0, nbi && n);
    if (n && nbi) {
        if (m->hb)
            sim_hb_nbi_buffer((uintptr_t)c->chan, x->src, extent(x->elem, x->nelems, x->src_stride));
        m->src_addr = sim_mem_home(me, x->src);
        m->on_inject = put_inject;
        shm_nbi_record(c->chan, x->call, x->src, extent(x->elem, x->nelems, x->src_stride), m);
    } else if (n) {
        gather(m->data, x->src, x->elem, x->nelems, x->src_stride);
    }
    /* The write may land any time from now: checked now, so a race with an
     * access made before delivery is found even if the run ends first.  A
     * non-blocking put's data is read later; until then it is what its
     * source holds now (a change before then is a finding of its own), so
     * a benchmark's window of puts of one buffer is the same data. */
    const void *data = !nbi ? m->data : x->src_stride == 1 ? x->src : NULL;
    if (data)
        sim_hb_op_data(m->hb, m->dst_addr, data, n);
    hb_touch(m->hb, wpe, m->dst_addr, x->elem, x->nelems, x->dst_stride, SIM_HB_WRITE, data);
    return m;
}

/* A large put's data starts to leave the origin's port. */
static void large_departs(sim_msg_t *m)
{
    shm_pe_t *s = shm_of(sim_pe_get(m->src));
    s->put_departed = 1;
    s->put_gone_at = sim_now() + sim_net_wire_ns(m->bytes);
    sim_pe_wake(sim_pe_get(m->src));
}

void shm_put_send(sim_msg_t *m, int nbi)
{
    if (nbi || m->bytes <= SHM_PUT_EAGER) {
        sim_net_send(m);
        return;
    }
    shm_pe_t *s = shm_self();
    char why[160];
    snprintf(why, sizeof why, "%s (%zu bytes: waiting for them to leave the port)", m->what,
             m->bytes);
    s->put_departed = 0;
    m->on_inject = large_departs;
    sim_net_send(m);
    while (!s->put_departed)
        sim_pe_block(why);
    if (s->put_gone_at > sim_now())
        sim_pe_sleep(s->put_gone_at - sim_now());
}

void shm_rma_put(const shm_xfer_t *x, int mode)
{
    shm_ctx_t *c;
    int wpe, nbi = mode == SHM_RMA_NBI;
    if (rma_check(x, 1, mode == SHM_RMA_BY_VALUE, &c, &wpe))
        return;
    sim_charge(sim_net_params()->overhead_ns);
    shm_put_send(shm_put_msg(x, c, wpe, nbi, 0), nbi);
}

/* How a get completes: a blocking one wakes its PE, an nbi one releases
 * its channel. */
typedef struct get_done {
    int done;          /* the reply has landed */
    sim_chan_t *chan;  /* nbi: the channel held until then (this is heap memory) */
    const void *site;  /* nbi: where the get was called */
    /* nbi: its PE's list of pending ones (shm_pe_t.gets), the destination
     * bytes [lo, lo + len) as the PE sees them, and whether the program
     * freed them before the reply landed (then it is not written) */
    struct get_done *next, **pprev;
    const char *call, *lo;
    size_t len;
    int freed;
} get_done_t;

void shm_rma_on_free(const void *p, size_t n, const void *site)
{
    for (get_done_t *d = shm_self()->gets; d; d = d->next) {
        if (d->freed || !sim_mem_overlaps(d->lo, d->len, p, n))
            continue;
        d->freed = 1;
        shm_nbi_freed("destination", d->len, d->call, d->site, site,
                      "its data would land in memory the allocator may already have handed out "
                      "again (on a cluster, a silent corruption of whatever lives there next). "
                      "It was not written.");
    }
}

/* Whether an nbi get's destination is in a stack frame that returned
 * before the reply landed (nbi-dead-stack-buffer, raised here). */
static int dest_gone(const sim_msg_t *m, const get_done_t *d)
{
    size_t elem = m->arg[0], n = m->arg[1];
    ptrdiff_t stride = STRIDE(m->arg[2]);
    if (n == 0 || !sim_mem_dead_stack(lowest(m->dst_addr, elem, n, stride),
                                      extent(elem, n, stride)))
        return 0;
    sim_finding_raise(SHM_CHECK(NBI_DEAD_STACK_BUFFER), SIM_SEV_ERROR, m->dst, m->what, d->site,
                      "the destination of this %s is on PE %d's stack, in a frame that returned "
                      "before the get completed: the data would land in memory the PE may be using "
                      "for other frames by now. It was not written. Keep a non-blocking call's "
                      "buffers alive until shmem_quiet (or a barrier) completes it: quiet before "
                      "the function returns, or use a static, global or heap buffer.",
                      m->what, m->dst);
    return 1;
}

static void reply_deliver(sim_msg_t *m)
{
    get_done_t *d = m->ptr;
    if (!d->chan || (!d->freed && !dest_gone(m, d)))
        write_out(m);
    if (d->chan) {
        if ((*d->pprev = d->next))
            d->next->pprev = d->pprev;
        sim_chan_release(d->chan);
        free(d);
        return;
    }
    d->done = 1;
    sim_pe_wake(sim_pe_get(m->dst));
}

static void get_request_arrives(sim_msg_t *req)
{
    size_t elem = req->arg[0], n = req->arg[1];
    sim_msg_t *r = sim_msg_new(req->dst, req->src, SIM_OP_REPLY, n * elem);
    if (n)
        gather(r->data, sim_mem_live(req->dst, req->dst_addr), elem, n, STRIDE(req->arg[3]));
    hb_touch(req->hb, req->dst, req->dst_addr, elem, n, STRIDE(req->arg[3]), SIM_HB_READ, NULL);
    r->hb = sim_hb_hold(req->hb);
    r->what = req->what;
    r->dst_addr = req->src_addr;
    r->arg[0] = elem;
    r->arg[1] = n;
    r->arg[2] = req->arg[2];
    r->ptr = req->ptr;
    r->deliver = reply_deliver;
    sim_net_send(r);
}

/* What a blocking get waits for (made only for a deadlock report). */
static void get_why(char *buf, size_t len, const void *arg)
{
    const shm_xfer_t *x = arg;
    char dn[96], sn[96];
    snprintf(buf, len, "%s(dest=%s, source=%s, nelems=%zu, pe=%d), waiting for the reply",
             x->call, sim_mem_name(x->dest, dn, sizeof dn), sim_mem_name(x->src, sn, sizeof sn),
             x->nelems, x->pe);
}

void shm_rma_get(const shm_xfer_t *x, int mode)
{
    shm_ctx_t *c;
    int wpe, me = shm_me(), nbi = mode == SHM_RMA_NBI;
    if (rma_check(x, 0, mode == SHM_RMA_BY_VALUE, &c, &wpe))
        return;
    sim_charge(sim_net_params()->overhead_ns);
    get_done_t local = {0}, *d = &local;
    if (nbi) {
        d = sim_xcalloc(1, sizeof *d);
        d->chan = c->chan;
        d->site = sim_pe_self()->call_site;
        d->call = x->call;
        d->len = extent(x->elem, x->nelems, x->dst_stride);
        d->lo = lowest(x->dest, x->elem, x->nelems, x->dst_stride);
        shm_pe_t *s = shm_self();
        if ((d->next = s->gets))
            s->gets->pprev = &d->next;
        d->pprev = &s->gets;
        s->gets = d;
        sim_chan_hold(c->chan);
    }
    sim_msg_t *m = sim_msg_new(me, wpe, SIM_OP_GET, 0);
    m->what = x->call;
    m->arg[0] = x->elem;
    m->arg[1] = x->nelems;
    m->arg[2] = (uint64_t)(int64_t)x->dst_stride;
    m->arg[3] = (uint64_t)(int64_t)x->src_stride;
    m->dst_addr = x->nelems ? sim_mem_xlate(me, x->src, wpe) : NULL;
    m->src_addr = sim_mem_home(me, x->dest);
    m->ptr = d;
    m->deliver = get_request_arrives;
    m->hb = shm_race_op(x->call, c->chan, wpe, 0, nbi);
    sim_hb_rec_t op = sim_hb_hold(m->hb);
    if (nbi && op)
        sim_hb_nbi_buffer((uintptr_t)c->chan, x->dest, extent(x->elem, x->nelems, x->dst_stride));
    sim_net_send(m);
    if (nbi) {
        sim_hb_unref(op);
        return;
    }
    while (!local.done)
        sim_pe_block_lazy(get_why, x, NULL, 0);
    sim_hb_op_complete(op);
    sim_hb_unref(op);
}

/* The default context's forms, for the rest of the library. */
void shm_put(const char *call, void *dest, const void *src, size_t n, int pe)
{
    shm_xfer_t x = {call, SHMEM_CTX_DEFAULT, dest, src, 1, n, 1, 1, pe};
    shm_rma_put(&x, 0);
}

void shm_get(const char *call, void *dest, const void *src, size_t n, int pe)
{
    shm_xfer_t x = {call, SHMEM_CTX_DEFAULT, dest, src, 1, n, 1, 1, pe};
    shm_rma_get(&x, 0);
}

/* ---- the public families ----
 * Each macro defines the plain routine and its ctx_ form; fn is the
 * internal operation, N the routine's name without "shmem_"/"shmem_ctx_"
 * and its suffix op, E the element size. */
#define XFER(name, E, D, S, DS, SS, NE, P) \
    shm_xfer_t x = {name, ctx, (void *)(D), (const void *)(S), (E), (NE), (DS), (SS), (P)}

/* The routine without a context, by its whole name (NAME in parentheses:
 * Cray's untyped names are also the C11 generics' macros). */
#define DEFINE_CONTIG_PLAIN(T, NAME, E, fn, nbi)                                        \
    void(NAME)(T * dest, const T *source, size_t nelems, int pe)                        \
    {                                                                                   \
        SHM_ENTER(#NAME);                                                               \
        shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                            \
        XFER(#NAME, E, dest, source, 1, 1, nelems, pe);                                 \
        fn(&x, nbi);                                                                    \
        SHM_LEAVE();                                                                    \
    }
#define DEFINE_CONTIG(T, N, E, op, fn, nbi)                                             \
    void shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,    \
                           int pe)                                                      \
    {                                                                                   \
        SHM_ENTER("shmem_ctx_" #N #op);                                                 \
        XFER("shmem_ctx_" #N #op, E, dest, source, 1, 1, nelems, pe);                   \
        fn(&x, nbi);                                                                    \
        SHM_LEAVE();                                                                    \
    }                                                                                   \
    DEFINE_CONTIG_PLAIN(T, shmem_##N##op, E, fn, nbi)
#define DEFINE_STRIDED_PLAIN(T, NAME, E, fn)                                            \
    void(NAME)(T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,  \
               int pe)                                                                  \
    {                                                                                   \
        SHM_ENTER(#NAME);                                                               \
        shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                            \
        XFER(#NAME, E, dest, source, dst, sst, nelems, pe);                             \
        fn(&x, 0);                                                                      \
        SHM_LEAVE();                                                                    \
    }
#define DEFINE_STRIDED(T, N, E, op, fn)                                                 \
    void shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,    \
                           ptrdiff_t sst, size_t nelems, int pe)                        \
    {                                                                                   \
        SHM_ENTER("shmem_ctx_" #N #op);                                                 \
        XFER("shmem_ctx_" #N #op, E, dest, source, dst, sst, nelems, pe);               \
        fn(&x, 0);                                                                      \
        SHM_LEAVE();                                                                    \
    }                                                                                   \
    DEFINE_STRIDED_PLAIN(T, shmem_##N##op, E, fn)
/* p and g: one element, passed by value. */
#define DEFINE_PG(T, N)                                                                 \
    void shmem_ctx_##N##_p(shmem_ctx_t ctx, T *dest, T value, int pe)                   \
    {                                                                                   \
        SHM_ENTER("shmem_ctx_" #N "_p");                                                \
        XFER("shmem_ctx_" #N "_p", sizeof(T), dest, &value, 1, 1, 1, pe);               \
        shm_rma_put(&x, SHM_RMA_BY_VALUE);                                              \
        SHM_LEAVE();                                                                    \
    }                                                                                   \
    void shmem_##N##_p(T *dest, T value, int pe)                                        \
    {                                                                                   \
        SHM_ENTER("shmem_" #N "_p");                                                    \
        shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                            \
        XFER("shmem_" #N "_p", sizeof(T), dest, &value, 1, 1, 1, pe);                   \
        shm_rma_put(&x, SHM_RMA_BY_VALUE);                                              \
        SHM_LEAVE();                                                                    \
    }                                                                                   \
    T shmem_ctx_##N##_g(shmem_ctx_t ctx, const T *source, int pe)                       \
    {                                                                                   \
        T v = 0;                                                                        \
        SHM_ENTER("shmem_ctx_" #N "_g");                                                \
        XFER("shmem_ctx_" #N "_g", sizeof(T), &v, source, 1, 1, 1, pe);                 \
        shm_rma_get(&x, SHM_RMA_BY_VALUE);                                              \
        SHM_LEAVE();                                                                    \
        return v;                                                                       \
    }                                                                                   \
    T shmem_##N##_g(const T *source, int pe)                                            \
    {                                                                                   \
        T v = 0;                                                                        \
        SHM_ENTER("shmem_" #N "_g");                                                    \
        shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                            \
        XFER("shmem_" #N "_g", sizeof(T), &v, source, 1, 1, 1, pe);                     \
        shm_rma_get(&x, SHM_RMA_BY_VALUE);                                              \
        SHM_LEAVE();                                                                    \
        return v;                                                                       \
    }

/* Blocked strided (1.6 ibput/ibget): block k of bsize elements is at
 * dest + k*dst and source + k*sst elements; a transfer per block. */
static void blocked(const shm_xfer_t *x, size_t bsize, size_t nblocks,
                    void (*fn)(const shm_xfer_t *, int))
{
    for (size_t k = 0; k < nblocks; k++) {
        shm_xfer_t b = *x;
        b.dest = (char *)x->dest + (ptrdiff_t)k * x->dst_stride * (ptrdiff_t)x->elem;
        b.src = (const char *)x->src + (ptrdiff_t)k * x->src_stride * (ptrdiff_t)x->elem;
        b.dst_stride = b.src_stride = 1;
        b.nelems = bsize;
        fn(&b, 0);
    }
}
#define DEFINE_BLOCKED(T, N, E, op, fn)                                                 \
    void shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,    \
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)         \
    {                                                                                   \
        SHM_ENTER("shmem_ctx_" #N #op);                                                 \
        XFER("shmem_ctx_" #N #op, E, dest, source, dst, sst, bsize, pe);                \
        blocked(&x, bsize, nblocks, fn);                                                \
        SHM_LEAVE();                                                                    \
    }                                                                                   \
    void shmem_##N##op(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,          \
                       size_t bsize, size_t nblocks, int pe)                            \
    {                                                                                   \
        SHM_ENTER("shmem_" #N #op);                                                     \
        shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                            \
        XFER("shmem_" #N #op, E, dest, source, dst, sst, bsize, pe);                    \
        blocked(&x, bsize, nblocks, fn);                                                \
        SHM_LEAVE();                                                                    \
    }

/* Cray SHMEM's (MPT 7, <mpp/shmem.h>) non-blocking forms with a transfer
 * handle last: the _nbi transfers under their own names.  The handle is
 * left as it is, as by shmemx_TYPE_put_nb: shmem_quiet (or a barrier)
 * completes them. */
#define DEFINE_NB(T, N, E, op, fn)                                                      \
    void shmem_##N##op(T *dest, const T *source, size_t nelems, int pe, void **handle)  \
    {                                                                                   \
        SHM_ENTER("shmem_" #N #op);                                                     \
        shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                            \
        XFER("shmem_" #N #op, E, dest, source, 1, 1, nelems, pe);                       \
        (void)handle;                                                                   \
        fn(&x, 1);                                                                      \
        SHM_LEAVE();                                                                    \
    }

#define DEFINE_TYPED(T, N, a)                                                           \
    DEFINE_NB(T, N, sizeof(T), _put_nb, shm_rma_put)                                    \
    DEFINE_NB(T, N, sizeof(T), _get_nb, shm_rma_get)                                    \
    DEFINE_BLOCKED(T, N, sizeof(T), _ibput, shm_rma_put)                                \
    DEFINE_BLOCKED(T, N, sizeof(T), _ibget, shm_rma_get)                                \
    DEFINE_CONTIG(T, N, sizeof(T), _put, shm_rma_put, 0)                                \
    DEFINE_CONTIG(T, N, sizeof(T), _get, shm_rma_get, 0)                                \
    DEFINE_CONTIG(T, N, sizeof(T), _put_nbi, shm_rma_put, 1)                            \
    DEFINE_CONTIG(T, N, sizeof(T), _get_nbi, shm_rma_get, 1)                            \
    DEFINE_STRIDED(T, N, sizeof(T), _iput, shm_rma_put)                                 \
    DEFINE_STRIDED(T, N, sizeof(T), _iget, shm_rma_get)                                 \
    DEFINE_PG(T, N)
SHMEM_RMA_TYPES(DEFINE_TYPED, )

#define DEFINE_SIZED(BITS, BYTES, a)                                                    \
    DEFINE_NB(void, put##BITS, BYTES, _nb, shm_rma_put)                                 \
    DEFINE_NB(void, get##BITS, BYTES, _nb, shm_rma_get)                                 \
    DEFINE_CONTIG(void, put##BITS, BYTES, , shm_rma_put, 0)                             \
    DEFINE_CONTIG(void, get##BITS, BYTES, , shm_rma_get, 0)                             \
    DEFINE_CONTIG(void, put##BITS, BYTES, _nbi, shm_rma_put, 1)                         \
    DEFINE_CONTIG(void, get##BITS, BYTES, _nbi, shm_rma_get, 1)                         \
    DEFINE_STRIDED(void, iput##BITS, BYTES, , shm_rma_put)                              \
    DEFINE_STRIDED(void, iget##BITS, BYTES, , shm_rma_get)                              \
    DEFINE_BLOCKED(void, ibput##BITS, BYTES, , shm_rma_put)                             \
    DEFINE_BLOCKED(void, ibget##BITS, BYTES, , shm_rma_get)
SHMEM_RMA_SIZES(DEFINE_SIZED, )
DEFINE_CONTIG(void, putmem, 1, , shm_rma_put, 0)
DEFINE_CONTIG(void, getmem, 1, , shm_rma_get, 0)
DEFINE_CONTIG(void, putmem, 1, _nbi, shm_rma_put, 1)
DEFINE_CONTIG(void, getmem, 1, _nbi, shm_rma_get, 1)
/* Cray Research's untyped names (T3D/T3E libsma, <mpp/shmem.h>): 64-bit
 * words, as shmem_put64 and the rest. */
DEFINE_CONTIG_PLAIN(void, shmem_put, 8, shm_rma_put, 0)
DEFINE_CONTIG_PLAIN(void, shmem_get, 8, shm_rma_get, 0)
DEFINE_STRIDED_PLAIN(void, shmem_iput, 8, shm_rma_put)
DEFINE_STRIDED_PLAIN(void, shmem_iget, 8, shm_rma_get)
DEFINE_NB(void, putmem, 1, _nb, shm_rma_put)
DEFINE_NB(void, getmem, 1, _nb, shm_rma_get)
