/* api/lapi/proto: LAPI messages on the simulated network, the per-task
 * dispatcher, data movement, counters and acknowledgements.
 *
 * An operation's request leaves the origin (its data is read when it is
 * injected, so changing the buffer before org_cntr fires corrupts it, as
 * on hardware), crosses the network, and is handled by the target's
 * dispatcher; the reply or acknowledgement comes back the same way.  The
 * dispatcher handles a task's incoming messages in arrival order, with
 * the task's PE borrowed (so a bad address or a crashing handler ends that
 * task, not the simulator), whenever lx_can_dispatch allows: at once in
 * interrupt mode, only inside LAPI calls in polling mode.  An active
 * message is handled twice: its header handler when its first packet
 * arrives, the rest when its last byte has landed. */
#include "lapi_impl.h"
#include "loader.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static void drain(lx_task_t *t);

lx_t *lx_new(lx_kind_t kind, int src, int dst)
{
    lx_t *x = sim_xcalloc(1, sizeof *x);
    x->kind = kind;
    x->src = x->origin = src;
    x->dst = x->peer = dst;
    lx_t **live = lx_live();
    x->live_next = *live;
    if (*live)
        (*live)->live_prev = x;
    *live = x;
    return x;
}

void lx_free(lx_t *x)
{
    if (x->live_prev)
        x->live_prev->live_next = x->live_next;
    else
        *lx_live() = x->live_next;
    if (x->live_next)
        x->live_next->live_prev = x->live_prev;
    lx_race_free(x);
    free(x->data);
    free(x->from);
    free(x->to);
    free(x->vlen);
    free(x->uhdr);
    free(x->stack_snap);
    free(x);
}

void lx_finding(int pe, const sim_check_t *rule, const char *call, const void *site, const char *fmt, ...)
{
    char text[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    sim_finding_raise(rule, SIM_SEV_ERROR, pe, call, site, "%s", text);
}

const char *lx_describe(lx_task_t *t, const lx_t *x, const char *part)
{
    if (x->origin == t->id)
        snprintf(t->desc, sizeof t->desc, "%s of its %s to task %d", part, x->what, x->peer);
    else
        snprintf(t->desc, sizeof t->desc, "%s of a %s from task %d", part, x->what, x->origin);
    return t->desc;
}

/* ---- memory of a task ---- */

/* An address on another task's stack cannot be meant for pe (a task's
 * stack addresses reach others only through Address_init, from it). */
static void *foreign_stack(int pe, const void *addr, int owner)
{
    sim_pe_t *me = sim_pe_self();
    int from = me ? sim_pe_main(me)->id : pe;
    char name[96];
    lx_finding(from, LX_CHECK(FOREIGN_ADDRESS), me ? me->call : "LAPI", me ? me->call_site : NULL,
               "an address given for task %d's memory (%s) lies on the stack of task %d, so it "
               "cannot be an address in task %d. Pass addresses task %d published with "
               "LAPI_Address_init, or its global/static variables. That part of the transfer "
               "was dropped.", pe, sim_mem_name(addr, name, sizeof name), owner, pe, pe);
    return NULL;
}

void *lx_remote_home(int pe, const void *addr)
{
    int owner;
    if (sim_mem_locate(addr, &owner) == SIM_MEM_PRIVATE) {
        owner = sim_mem_stack_of(addr);
        if (owner >= 0 && owner != pe)
            return foreign_stack(pe, addr, owner);
        return (void *)addr; /* the target's own malloc'd or stack memory */
    }
    void *h = sim_mem_xlate(owner, addr, pe);
    return h ? h : (void *)addr;
}

/* A range of task pe's memory that ends outside the object it starts in,
 * or writes the program's code: reported, and that part dropped. */
static void *wild_range(int pe, const void *addr, size_t len, const char *why)
{
    sim_pe_t *me = sim_pe_self();
    int from = me ? sim_pe_main(me)->id : pe;
    char name[96];
    lx_finding(from, LX_CHECK(FOREIGN_ADDRESS), me ? me->call : "LAPI", me ? me->call_site : NULL,
               "the %zu bytes at %s given for task %d's memory %s, so they cannot be one of "
               "task %d's variables, heap blocks or stack buffers (an address computed from a "
               "function's, or an offset past the end of its object?). That part of the "
               "transfer was dropped.", len, sim_mem_name(addr, name, sizeof name), pe, why, pe);
    return NULL;
}

/* Whether [lo, lo+len) is mapped at all (msync fails with ENOMEM on an
 * unmapped page and touches nothing). */
static int mapped(const void *lo, size_t len)
{
    size_t page = 4096;
    uintptr_t a = (uintptr_t)lo & ~(uintptr_t)(page - 1);
    return msync((void *)a, (uintptr_t)lo + len - a, MS_ASYNC) == 0;
}

void *lx_remote_range(int pe, const void *addr, size_t len, int write)
{
    void *h = lx_remote_home(pe, addr);
    if (!h || len == 0)
        return h;
    const char *a = addr, *last = a + len - 1;
    if (last < a)
        return wild_range(pe, addr, len, "wrap around the address space");
    int o1, o2;
    sim_mem_kind_t k1 = sim_mem_locate(addr, &o1), k2 = sim_mem_locate(last, &o2);
    if (k1 != k2 || o1 != o2 ||
        (k1 == SIM_MEM_PRIVATE && sim_mem_stack_of(addr) != sim_mem_stack_of(last)))
        return wild_range(pe, addr, len, "run past the end of the memory they start in");
    if (k1 == SIM_MEM_IMAGE && write) {
        size_t off;
        const sim_loader_t *l = sim_loader();
        sim_loader_find(l, addr, &off);
        if (off < l->data_off || off + len > l->data_off + l->data_len)
            return wild_range(pe, addr, len, "lie in the program's code or read-only data, "
                              "not in its data or bss");
    }
    if (k1 == SIM_MEM_PRIVATE && !mapped(addr, len))
        return wild_range(pe, addr, len, "are not mapped memory");
    if (k1 == SIM_MEM_PRIVATE && write && !sim_mem_writable(addr, len))
        return wild_range(pe, addr, len, "lie in memory that cannot be written (a library's "
                          "code or read-only data)");
    return h;
}

void lx_gather(int pe, lx_t *x)
{
    size_t total = 0;
    for (int i = 0; i < x->nfrom; i++)
        total += x->from[i].len;
    free(x->data);
    x->data = sim_xmalloc(total ? total : 1);
    size_t off = 0;
    for (int i = 0; i < x->nfrom; i++) {
        if (x->from[i].home) /* NULL: a dropped foreign address */
            memcpy(x->data + off, sim_mem_live(pe, x->from[i].home), x->from[i].len);
        else
            memset(x->data + off, 0, x->from[i].len);
        off += x->from[i].len;
    }
    x->len = total;
}

void lx_scatter(int pe, lx_t *x)
{
    size_t off = 0;
    for (int i = 0; i < x->nto && off < x->len; i++) {
        size_t n = x->to[i].len < x->len - off ? x->to[i].len : x->len - off;
        if (x->to[i].home && !lx_dead_stack(pe, x, "target buffer", x->to[i].home, n)) {
            /* (NULL: a dropped foreign address) */
            memcpy(sim_mem_live(pe, x->to[i].home), x->data + off, n);
            sim_mem_written(pe, x->to[i].home, n);
        }
        off += n;
    }
}

/* Marks src's message in a wstatus counter's status array. */
static void note_wstatus(lx_task_t *t, void *cntr, int src)
{
    for (lx_wstatus_t *w = t->wstatus; w; w = w->next) {
        if (w->cntr != cntr)
            continue;
        for (int i = 0; i < w->ndest; i++) {
            if ((int)w->dest[i] != src)
                continue;
            int *st = sim_mem_live(t->id, &w->status[i]);
            if (*st == LAPI_MSG_INITIAL) {
                *st = LAPI_MSG_RECVD;
                sim_mem_written(t->id, &w->status[i], sizeof *st);
            }
        }
    }
}

/* Whether the counter or buffer [home, home+len) of x is in a stack frame
 * that returned before x completed; raises the finding then (the caller
 * skips the update: the bytes are some other frame's, or will be). */
int lx_dead_stack(int pe, const lx_t *x, const char *which, const void *home, size_t len)
{
    if (!sim_mem_dead_stack(home, len))
        return 0;
    lx_finding(pe, LX_CHECK(DEAD_STACK_BUFFER), x->what, x->site,
               "the %s of this call is on task %d's stack, in a frame that returned before the call "
               "completed: LAPI would write memory the task may be using for other frames by now. "
               "The write was skipped. Keep a call's counters and buffers alive until it completes: "
               "wait for its counters (LAPI_Waitcntr) before the function returns, or make them "
               "static or global.",
               which, sim_mem_stack_of(home));
    return 1;
}

void lx_cntr_add(int pe, void *cntr, int delta, int src, const lx_t *x, const char *which)
{
    if (!cntr || lx_dead_stack(pe, x, which, cntr, sizeof(lapi_cntr_t)))
        return;
    lapi_cntr_t *c = sim_mem_live(pe, cntr);
    c->cntr += delta;
    sim_mem_written(pe, cntr, sizeof c->cntr);
    lx_task_t *t = lx_task(pe, 0);
    if (t && t->wstatus)
        note_wstatus(t, cntr, src);
}

/* ---- origin side ---- */

void lx_op_start(lx_task_t *t, lx_t *x)
{
    lx_peer_t *p = lx_peer(t, x->peer);
    x->origin = t->id;
    x->gen = p->gen;
    x->counted = 1;
    p->outstanding++;
    t->outstanding++;
}

void lx_op_done(lx_task_t *t, lx_t *x)
{
    if (!x->counted)
        return;
    x->counted = 0;
    lx_peer_t *p = lx_peer(t, x->peer);
    if (p->gen != x->gen)
        return; /* purged: already taken off */
    p->outstanding--;
    t->outstanding--;
    lx_kick(t);
}

typedef void (*task_fn)(lx_t *x);

typedef struct as_task_arg {
    task_fn fn;
    lx_t *x;
} as_task_arg_t;

static void as_task_tramp(void *arg)
{
    as_task_arg_t *a = arg;
    a->fn(a->x);
}

/* Runs fn(x) with task pe's memory live: directly when one of pe's
 * contexts is running (the call that sent x), else borrowing pe. */
static sim_borrow_t as_task(int pe, lx_t *x, const char *part, task_fn fn)
{
    sim_pe_t *cur = sim_pe_self();
    if (cur) {
        SIM_ASSERT(sim_pe_main(cur)->id == pe);
        fn(x);
        return SIM_BORROW_OK;
    }
    lx_task_t *t = lx_task(pe, 1);
    as_task_arg_t a = {fn, x};
    return sim_pe_borrow(sim_pe_get(pe), lx_describe(t, x, part), x->site, as_task_tramp, &a);
}

/* x's origin buffers include one on the stack: their bytes now, for
 * injection to compare (a frame that returned, and was reused, before the
 * data left changes them, unseen by the race detector, which leaves
 * stacks alone). */
static void snap_stack_origin(lx_t *x)
{
    int on_stack = 0;
    for (int i = 0; i < x->nfrom && !on_stack; i++)
        on_stack = x->from[i].home && x->from[i].len && sim_mem_stack_of(x->from[i].home) >= 0;
    if (!on_stack)
        return;
    lx_gather(x->src, x);
    x->stack_snap = x->data;
    x->data = NULL;
}

/* Injection read x's origin buffers: on the stack, they must hold what
 * they held at the call. */
static void check_stack_origin(int pe, lx_t *x)
{
    if (!x->stack_snap)
        return;
    if (memcmp(x->stack_snap, x->data, x->len) != 0)
        lx_finding(pe, LX_CHECK(DEAD_STACK_BUFFER), x->what, x->site,
                   "the origin buffer of this call is on task %d's stack and changed before "
                   "LAPI read it (the message left after the call returned): its frame "
                   "returned and other frames reused its bytes, or the task wrote it, so the "
                   "message carries other data. LAPI owns an origin buffer until the call's "
                   "origin counter moves: wait for it (LAPI_Waitcntr on org_cntr) before "
                   "the buffer's function returns or writes it, or send from static or "
                   "global memory.", pe);
    free(x->stack_snap);
    x->stack_snap = NULL;
}

void lx_capture(int pe, lx_t *x)
{
    lx_gather(pe, x);
    check_stack_origin(pe, x);
    if (x->uhdr_len) {
        x->uhdr = sim_xmalloc(x->uhdr_len);
        memcpy(x->uhdr, sim_mem_live(pe, x->uhdr_home), x->uhdr_len);
    }
    x->captured = 1;
}

/* At injection: the origin's data and uhdr are read now (unless the call
 * took them already); the origin counter says the buffers may be reused. */
static void inject_work(lx_t *x)
{
    if (!x->captured)
        lx_capture(x->src, x);
    lx_cntr_add(x->src, x->org_cntr, 1, x->src, x, "org_cntr");
    lx_race_cntr(x->src, x->org_cntr, x->hb[LX_ORIGIN], 0);
    lx_task_t *t = lx_task(x->src, 1);
    t->sends_done++;
    if (x->shdlr) {
        lx_t *j = lx_new(LX_ACK, x->src, x->src);
        j->job = LX_JOB_SHDLR;
        j->shdlr = x->shdlr;
        j->sinfo = x->sinfo;
        j->peer = x->peer;
        lx_cq_push(t, j);
    }
}

static void on_inject(sim_msg_t *m)
{
    lx_t *x = m->ptr;
    if (as_task(x->src, x, "the injection", inject_work) != SIM_BORROW_OK)
        x->len = 0;
}

/* ---- incoming ---- */

int lx_can_dispatch(const lx_task_t *t)
{
    return t->inited && (t->in_lapi > 0 || (t->interrupt && !t->lock_owner));
}

/* A message of an operation that a purge cancelled. */
static int stale(lx_task_t *t, lx_t *x)
{
    if (x->kind == LX_BARRIER || x->kind == LX_ADDR)
        return 0;
    lx_task_t *o = lx_task(x->origin, 0);
    lx_peer_t *p = o ? lx_peer_find(o, x->peer) : NULL;
    if (p && p->gen != x->gen)
        return 1;
    lx_peer_t *q = x->src != t->id ? lx_peer_find(t, x->src) : NULL;
    return q && q->purged;
}

static void enqueue(lx_task_t *t, lx_t *x)
{
    x->next = NULL;
    x->queued = 1;
    if (t->rxq_tail)
        t->rxq_tail->next = x;
    else
        t->rxq = x;
    t->rxq_tail = x;
}

/* Throws x away at its target.  An active message whose head has arrived
 * and whose last byte has not is still the network's: it is freed when
 * that byte lands. */
static void discard(lx_t *x)
{
    if (x->arrived && !x->landed)
        x->discarded = 1;
    else
        lx_free(x);
}

static void rx(lx_t *x)
{
    if (x->discarded) {
        if (x->landed)
            lx_free(x);
        return;
    }
    lx_task_t *t = lx_task(x->dst, 1);
    int ended = sim_pe_get(x->dst)->state == SIM_PE_DONE;
    if (ended && x->queued)
        return;
    if (!x->queued) {
        if (stale(t, x)) {
            discard(x);
            return;
        }
        if ((t->ever_inited && !t->inited) || ended) {
            const char *when = t->inited || !t->ever_inited ? "it had ended" : "its LAPI_Term";
            /* (Two kinds, so that a lost message is never counted under the
             * text of a late acknowledgement from the same line, or back.) */
            if (x->kind == LX_ACK) /* its own call's acknowledgement, back from the target */
                sim_finding_raise_kind(
                    LX_CHECK(MESSAGE_AFTER_TERM), SIM_SEV_WARNING, 1, t->id, x->what, x->site,
                    "the acknowledgement of task %d's %s to task %d came back after %s: the "
                    "data had arrived, but task %d did not wait for the call to complete. Wait "
                    "for its completion counter (or call LAPI_Fence or LAPI_Gfence) before "
                    "LAPI_Term or the end.", t->id, x->what, x->src, when, t->id);
            else
                sim_finding_raise_kind(
                    LX_CHECK(MESSAGE_AFTER_TERM), SIM_SEV_WARNING, 0, t->id, x->what, x->site,
                    "task %d received a message of a %s from task %d after %s; it was "
                    "discarded. Make every task finish communicating (LAPI_Gfence) before any "
                    "of them calls LAPI_Term or ends.", t->id, x->what, x->origin, when);
            discard(x);
            return;
        }
        enqueue(t, x);
    }
    if (lx_can_dispatch(t))
        drain(t);
}

static void on_arrive(sim_msg_t *m)
{
    lx_t *x = m->ptr;
    x->arrived = 1;
    rx(x);
}

static void on_deliver(sim_msg_t *m)
{
    lx_t *x = m->ptr;
    x->landed = 1;
    if (x->src != x->dst) {
        lx_task_t *t = lx_task(x->dst, 1);
        uint64_t pkt = sim_net_params()->packet_bytes;
        t->stats.Tot_pkt_recv_cnt += m->bytes ? (m->bytes + pkt - 1) / pkt : 1;
        t->stats.Tot_data_recv += m->bytes;
        t->stats.Tot_ack_recv += x->kind == LX_ACK;
    }
    rx(x);
}

static sim_op_t op_of(lx_kind_t k)
{
    switch (k) {
    case LX_PUT: return SIM_OP_PUT;
    case LX_GET_REQ: return SIM_OP_GET;
    case LX_RMW_REQ: return SIM_OP_AMO;
    case LX_AM: return SIM_OP_AM;
    case LX_GET_REPLY: case LX_RMW_REPLY: return SIM_OP_REPLY;
    default: return SIM_OP_CTRL;
    }
}

void lx_send(lx_t *x, size_t wire)
{
    sim_msg_t *m = sim_msg_new(x->src, x->dst, op_of(x->kind), 0);
    m->bytes = wire; /* the payload lives in x, not in the message */
    m->what = x->what;
    m->ptr = x;
    if (x->kind == LX_PUT || x->kind == LX_AM) {
        m->on_inject = on_inject;
        if (!x->captured)
            snap_stack_origin(x);
    }
    if (x->kind == LX_AM)
        m->on_arrive = on_arrive;
    m->deliver = on_deliver;
    if (x->src != x->dst) {
        lx_task_t *t = lx_task(x->src, 1);
        uint64_t pkt = sim_net_params()->packet_bytes;
        t->stats.Tot_pkt_sent_cnt += wire ? (wire + pkt - 1) / pkt : 1;
        t->stats.Tot_data_sent += wire;
        t->stats.Tot_ack_sent += x->kind == LX_ACK;
    }
    sim_net_send(m);
}

void lx_ack(lx_t *x, int fence, int cmpl)
{
    void *c = cmpl ? x->cmpl_cntr : NULL;
    if (!fence && !c)
        return;
    lx_t *a = lx_new(LX_ACK, x->dst, x->origin);
    a->what = x->what;
    a->site = x->site;
    a->origin = x->origin;
    a->peer = x->peer;
    a->gen = x->gen;
    a->counted = fence && x->counted;
    a->ack_fence = fence;
    a->cmpl_cntr = c;
    if (x->kind == LX_AM) /* its completion handler is done, or its data landed */
        a->hbx = lx_race_completion();
    else if (c)
        a->hb[LX_TARGET] = sim_hb_hold(x->hb[LX_TARGET]);
    lx_send(a, 0);
}

/* ---- handling at the receiver (borrowed) ---- */

static void finish_put(lx_task_t *t, lx_t *x)
{
    lx_race_data_write(x, LX_TARGET, t->id);
    lx_scatter(t->id, x);
    lx_cntr_add(t->id, x->tgt_cntr, 1, x->origin, x, "tgt_cntr");
    lx_race_cntr(t->id, x->tgt_cntr, x->hb[LX_TARGET], 0);
    t->recvs_done++;
    lx_ack(x, 1, 1);
    lx_free(x);
}

/* The target reads its memory when the request arrives and replies. */
static void serve_get(lx_task_t *t, lx_t *req)
{
    lx_race_segs(req, LX_TARGET, t->id, req->from, req->nfrom, SIM_HB_READ);
    lx_gather(t->id, req);
    lx_cntr_add(t->id, req->tgt_cntr, 1, req->origin, req, "tgt_cntr");
    lx_race_cntr(t->id, req->tgt_cntr, req->hb[LX_TARGET], 0);
    t->recvs_done++;
    lx_t *r = lx_new(LX_GET_REPLY, t->id, req->origin);
    r->what = req->what;
    r->site = req->site;
    r->origin = req->origin;
    r->peer = req->peer;
    r->gen = req->gen;
    r->counted = req->counted;
    r->org_cntr = req->org_cntr;
    r->chndlr = req->chndlr;
    r->cinfo = req->cinfo;
    r->data = req->data;
    r->len = req->len;
    r->to = req->to;
    r->nto = req->nto;
    r->hb[LX_ORIGIN] = req->hb[LX_ORIGIN];
    r->hb[LX_TARGET] = req->hb[LX_TARGET];
    req->hb[LX_ORIGIN] = req->hb[LX_TARGET] = 0;
    req->data = NULL;
    req->to = NULL;
    lx_free(req);
    lx_send(r, r->len);
}

static void got_reply(lx_task_t *t, lx_t *r)
{
    lx_race_segs(r, LX_ORIGIN, t->id, r->to, r->nto, SIM_HB_WRITE);
    lx_scatter(t->id, r);
    lx_op_done(t, r);
    t->recvs_done++;
    if (r->chndlr) {
        r->job = LX_JOB_CHNDLR;
        lx_cq_push(t, r);
        return;
    }
    lx_cntr_add(t->id, r->org_cntr, 1, r->src, r, "org_cntr");
    lx_race_cntr(t->id, r->org_cntr, r->hb[LX_ORIGIN], 0);
    lx_free(r);
}

/* Atomic by construction: it runs within one event. */
static int64_t rmw_apply(lx_t *x, int64_t old)
{
    switch (x->op) {
    case FETCH_AND_ADD: return old + x->in[0];
    case FETCH_AND_OR: return old | x->in[0];
    case SWAP: return x->in[0];
    default: return old == x->in[0] ? x->in[1] : old;
    }
}

static void serve_rmw(lx_task_t *t, lx_t *x)
{
    void *live = x->var ? sim_mem_live(t->id, x->var) : NULL;
    int64_t old = 0;
    lx_race_rmw(x, t->id);
    if (!live) {
        /* a dropped foreign address: nothing to update */
    } else if (x->size == 64) {
        long long v;
        memcpy(&v, live, sizeof v);
        old = v;
        v = (long long)rmw_apply(x, old);
        memcpy(live, &v, sizeof v);
    } else {
        int v;
        memcpy(&v, live, sizeof v);
        old = v;
        v = (int)rmw_apply(x, old);
        memcpy(live, &v, sizeof v);
    }
    if (live)
        sim_mem_written(t->id, x->var, (size_t)x->size / 8);
    x->result = x->op == COMPARE_AND_SWAP ? (old == x->in[0] ? TRUE : FALSE) : old;
    x->kind = LX_RMW_REPLY;
    x->src = t->id;
    x->dst = x->origin;
    x->landed = x->arrived = 0;
    lx_send(x, (size_t)x->size / 8);
}

static void rmw_done(lx_task_t *t, lx_t *x)
{
    if (x->prev) {
        lx_seg_t s = {x->prev, (size_t)x->size / 8};
        lx_race_segs(x, LX_ORIGIN, t->id, &s, 1, SIM_HB_WRITE);
        void *live = sim_mem_live(t->id, x->prev);
        if (x->size == 64) {
            long long v = x->result;
            memcpy(live, &v, sizeof v);
        } else {
            int v = (int)x->result;
            memcpy(live, &v, sizeof v);
        }
        sim_mem_written(t->id, x->prev, (size_t)x->size / 8);
    }
    lx_op_done(t, x);
    lx_cntr_add(t->id, x->org_cntr, 1, x->src, x, "org_cntr");
    lx_race_cntr(t->id, x->org_cntr, x->hb[x->prev ? LX_ORIGIN : LX_TARGET], 0);
    lx_race_cntr(t->id, x->org_cntr, x->hbx, 0); /* the write it fetched */
    t->sends_done++;
    if (x->shdlr) {
        x->job = LX_JOB_SHDLR;
        lx_cq_push(t, x);
        return;
    }
    lx_free(x);
}

void lx_am_after_completion(lx_task_t *t, lx_t *x)
{
    lx_cntr_add(t->id, x->tgt_cntr, 1, x->origin, x, "tgt_cntr");
    lx_race_cntr_set(t->id, x->tgt_cntr);
    lx_ack(x, 0, 1);
    lx_free(x);
}

static void finish_am(lx_task_t *t, lx_t *x)
{
    if (!x->scattered) {
        x->scattered = 1;
        if (!x->bury) {
            lx_race_am_data(x, t->id);
            lx_scatter(t->id, x);
        }
        t->recvs_done++;
        lx_ack(x, 1, 0); /* the data fence: Fence does not wait for handlers */
        if (x->dropped) {
            lx_free(x);
            return;
        }
    }
    if (x->comp)
        lx_complete(t, x);
    else
        lx_am_after_completion(t, x);
}

static void acked(lx_task_t *t, lx_t *a)
{
    if (a->ack_fence) {
        lx_op_done(t, a);
        if (!a->cmpl_cntr)
            lx_race_fence_ack(t, a);
    }
    lx_cntr_add(t->id, a->cmpl_cntr, 1, a->src, a, "cmpl_cntr");
    lx_race_cntr(t->id, a->cmpl_cntr, a->hbx ? a->hbx : a->hb[LX_TARGET], a->hbx != 0);
    t->sends_done++;
    lx_free(a);
}

void lx_bar(lx_task_t *t)
{
    if (t->bar)
        return;
    int n = 1;
    while ((1 << (n - 1)) < sim_npes())
        n++;
    t->nbar = n;
    t->bar = sim_xcalloc((size_t)n, sizeof *t->bar);
}

static void finish(lx_task_t *t, lx_t *x)
{
    switch (x->kind) {
    case LX_PUT: finish_put(t, x); break;
    case LX_GET_REQ: serve_get(t, x); break;
    case LX_GET_REPLY: got_reply(t, x); break;
    case LX_RMW_REQ: serve_rmw(t, x); break;
    case LX_RMW_REPLY: rmw_done(t, x); break;
    case LX_AM: finish_am(t, x); break;
    case LX_ACK: acked(t, x); break;
    case LX_BARRIER:
        lx_bar(t);
        lx_race_signal_arrived(t, x);
        t->bar[x->round]++;
        lx_kick(t);
        lx_free(x);
        break;
    case LX_ADDR:
        if (!t->addr_in[0]) {
            t->addr_in[0] = sim_xcalloc((size_t)sim_npes(), sizeof(lapi_long_t));
            t->addr_in[1] = sim_xcalloc((size_t)sim_npes(), sizeof(lapi_long_t));
        }
        t->addr_in[x->round & 1][x->src] = x->value;
        lx_race_signal_arrived(t, x);
        t->addr_got[x->round & 1]++;
        lx_kick(t);
        lx_free(x);
        break;
    }
}

/* One pass over the incoming queue, in arrival order: header handlers of
 * messages whose head has arrived, the rest of those that have landed.
 * Runs with t's PE borrowed; the queue is consistent whenever program
 * code (a handler) runs, so an abandoned handler leaves it usable. */
static void drain_body(void *arg)
{
    lx_task_t *t = arg;
    sim_pe_t *pe = sim_pe_get(t->id);
    lx_race_dispatch_begin(t);
    lx_t *prev = NULL, *x = t->rxq;
    while (x) {
        lx_t *next = x->next;
        t->cur = x;
        pe->call = lx_describe(t, x, "the delivery");
        pe->call_site = x->site;
        if (x->kind == LX_AM && !x->hdr_done)
            lx_run_header(t, x);
        if (x->landed) {
            if (prev)
                prev->next = next;
            else
                t->rxq = next;
            if (t->rxq_tail == x)
                t->rxq_tail = prev;
            x->queued = 0;
            x->next = NULL;
            finish(t, x);
        } else {
            prev = x;
        }
        x = next;
    }
    t->cur = NULL;
    lx_race_dispatch_end(t);
}

/* A header handler (or inline completion handler) tried to block and was
 * abandoned: report it and carry on as if it had returned NULL. */
static void abandoned(lx_task_t *t)
{
    lx_t *x = t->cur;
    t->cur = NULL;
    if (!x)
        return;
    lx_finding(t->id, LX_CHECK(BLOCKING_IN_HEADER_HANDLER), x->what, lx_handler_site(t, x),
               "the %s handler of a %s from task %d tried to block (in %s). Header handlers and "
               "LAPI_LOCAL_STATE completion handlers run inside LAPI's dispatcher and must "
               "return without waiting; wait in a normal completion handler instead. The "
               "handler was abandoned and the message's data discarded.",
               t->cur_inline ? "inline completion" : "header", x->what, x->origin,
               sim_borrow_why());
    if (t->cur_inline) {
        t->cur_inline = 0;
        x->comp = NULL; /* finish it (counters, ack) on the next pass */
        x->next = t->rxq;
        x->queued = 1;
        t->rxq = x;
        if (!t->rxq_tail)
            t->rxq_tail = x;
    } else {
        x->hdr_done = 1;
        x->bury = 1;
        x->comp = NULL;
    }
}

static void drain(lx_task_t *t)
{
    SIM_ASSERT(sim_pe_self() == NULL);
    while (t->rxq) {
        sim_borrow_t rc = sim_pe_borrow(sim_pe_get(t->id), "the LAPI dispatcher", NULL,
                                        drain_body, t);
        sim_hb_handlers_end(); /* when a handler was abandoned */
        if (rc != SIM_BORROW_BLOCKED)
            return;
        abandoned(t);
    }
}

static void dispatch_ev(void *arg)
{
    lx_task_t *t = arg;
    t->dispatch_queued = 0;
    if (lx_can_dispatch(t) && sim_pe_get(t->id)->state != SIM_PE_DONE)
        drain(t);
}

void lx_dispatch_soon(lx_task_t *t)
{
    if (t->dispatch_queued)
        return;
    t->dispatch_queued = 1;
    sim_at(sim_now(), dispatch_ev, t);
}
