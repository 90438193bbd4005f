/* api/lapi/race: the LAPI layer's side of race detection (sim/hb).
 *
 * Each transfer is two ops of the origin task, so that each counter
 * completes only what it promises:
 *  - the origin side: a Put's or Amsend's origin buffer (read), a Get's or
 *    Rmw's origin buffer (the reply writes it); non-blocking, so the
 *    program's accesses to the buffer are checked until it completes;
 *  - the target side: a Put's write at the target, a Get's read there, an
 *    Rmw's atomic update (atomic only with Rmws of its size).
 * Counters carry completion: an increment attaches the side it stands for
 * (org_cntr the origin side, tgt_cntr and cmpl_cntr the target side), and
 * the task that reads the counter (Waitcntr, Getcntr) acquires from it.
 * LAPI_Fence completes everything the task issued; Gfence's barrier and
 * Address_init carry the senders' clocks.
 * LAPI does not order two transfers, even to one target, so no fence
 * epochs are kept: nothing but a counter or a fence completes an op.
 *
 * Handlers are the task's handlers' actor (sim/hb), not its program: in
 * interrupt mode the dispatcher (header handlers, inline completion
 * handlers, the landing of an active message's data) runs beside the
 * program, and so does the completion thread in either mode.  A handler
 * knows what the message that runs it carries (the origin's clock at the
 * send); the program learns what handlers did from a counter that moves
 * after them (tgt_cntr of an active message, org_cntr of a Get with a
 * completion handler; cmpl_cntr at the origin), from a Fence whose acks
 * say the data landed (so after a Gfence every task knows the header
 * handlers and data of the messages sent before it), from the LAPI lock
 * (the interrupt-mode dispatcher does not run while a context holds it),
 * and from its own locks and atomics.  In polling mode the dispatcher
 * runs only inside the task's LAPI calls: it knows what a context had done
 * when it entered a LAPI call, and a context leaving one knows what the
 * handlers did. */
#include "lapi_impl.h"

#include <stdio.h>
#include <stdlib.h>

#define RMW_CLASS(bits) (200 + (bits))

/* The synchronisation that would have ordered the two, in either order. */
static void advice(const sim_hb_side_t *a, const sim_hb_side_t *b, char *buf, size_t len)
{
    const sim_hb_side_t *op = a->is_op ? a : b, *other = op == a ? b : a;
    if (a->pe == b->pe && a->tid < 0 && b->tid < 0 && a->tid != b->tid)
        snprintf(buf, len,
                 "Task %d's completion handlers run on the completion thread, beside its "
                 "dispatcher's header handlers: a completion handler comes after its own "
                 "message's header handler, but not before the header handlers of the messages "
                 "that follow. Send those messages once the earlier message's completion "
                 "counter has moved (LAPI_Waitcntr at the origin), or guard the data both "
                 "touch with a mutex or a C11 atomic. " SIM_HB_ASM_NOTE, a->pe);
    else if (a->pe == b->pe && a->tid >= 0 && b->tid >= 0 && a->tid != b->tid)
        snprintf(buf, len,
                 "Two threads of task %d's program reach these bytes and nothing orders them: "
                 "hold one mutex around both, make both atomic, or order the threads "
                 "(pthread_join, a flag stored with release and loaded with acquire). "
                 SIM_HB_ASM_NOTE, a->pe);
    else if (a->pe == b->pe && (a->tid < 0) != (b->tid < 0))
        snprintf(buf, len,
                 "Task %d's handlers run beside its program: in interrupt mode LAPI's "
                 "dispatcher (header handlers, inline completion handlers, the landing of "
                 "active message data) and, in either mode, the completion thread. The "
                 "program knows what a handler did once a counter that moves after it is read "
                 "(the message's tgt_cntr, a LAPI_Setcntr in the handler with LAPI_Waitcntr or "
                 "LAPI_Getcntr in the program), or through the LAPI lock, a mutex or a C11 "
                 "atomic flag; a handler knows what the program did before the message that "
                 "runs it was sent (through LAPI_Gfence or a counter). A plain or volatile "
                 "flag orders nothing. " SIM_HB_ASM_NOTE, a->pe);
    else if (a->atomic || b->atomic)
        snprintf(buf, len,
                 "LAPI_Rmw is atomic only with other LAPI_Rmw of the same size on the same "
                 "variable; any other access to it needs ordering like any other (the Rmw's "
                 "org_cntr, LAPI_Fence, or LAPI_Gfence).");
    else if (other->is_op && a->pe == b->pe)
        snprintf(buf, len,
                 "LAPI does not order two transfers of one task, even to the same target: wait "
                 "for the first one's counter (LAPI_Waitcntr) or call LAPI_Fence between them.");
    else if (!other->is_op && op->pe == other->pe)
        snprintf(buf, len,
                 "The origin buffers of task %d's %s (its data, and an active message's user "
                 "header) belong to LAPI until its origin counter moves (LAPI_Waitcntr on "
                 "org_cntr) or LAPI_Fence returns: do not touch them before then.", op->pe,
                 op->call ? op->call : "transfer");
    else
        snprintf(buf, len,
                 "Whichever of the two is meant to come second must know the first is "
                 "complete: a transfer is complete at its target when its target counter "
                 "moves (LAPI_Waitcntr on tgt_cntr), at its origin when its completion counter "
                 "moves or LAPI_Fence returns, and a task passes that on by a transfer whose "
                 "counter the other waits on; a LAPI_Gfence both tasks call orders everything "
                 "before it.");
}

static void report(const sim_hb_side_t *a, const sim_hb_side_t *b, int mem_pe, const void *addr,
                   size_t len, const sim_hb_hint_t *hint)
{
    (void)hint;
    char adv[1000];
    (void)mem_pe;
    advice(a, b, adv, sizeof adv);
    sim_hb_raise(SIM_CHECK(DATA_RACE), a, b, mem_pe, addr, len, NULL, adv);
}

void lx_race_start(void)
{
    if (!sim_hb_on && sim_finding_on(SIM_CHECK(DATA_RACE)))
        sim_hb_start(sim_npes(), report, sim_finding_named(SIM_CHECK(DATA_RACE)));
}

static sim_hb_rec_t issue(lx_call_t *c, const lx_t *x, int atomic, int nbi)
{
    sim_hb_opdesc_t d = {c->name, c->site, (uintptr_t)c->t, x->peer, 0, atomic, nbi, 0};
    return sim_hb_op_issue(&d);
}

void lx_race_issue(lx_call_t *c, lx_t *x)
{
    if (!sim_hb_on)
        return;
    switch (x->kind) {
    case LX_PUT:
    case LX_AM:
        if (!x->captured) { /* a lightweight message's data was copied at the call */
            x->hb[LX_ORIGIN] = issue(c, x, 0, 1);
            lx_race_segs(x, LX_ORIGIN, x->origin, x->from, x->nfrom, SIM_HB_READ);
            if (x->uhdr_len && x->uhdr_home) /* read when its data is */
                sim_hb_op_access(x->hb[LX_ORIGIN], x->origin, x->uhdr_home, x->uhdr_len, 1, 0,
                                 SIM_HB_READ);
        }
        if (x->kind == LX_PUT) {
            x->hb[LX_TARGET] = issue(c, x, 0, 0);
            sim_hb_op_partner(x->hb[LX_TARGET], x->hb[LX_ORIGIN]); /* data there: read here */
        } else {
            x->hbx = sim_hb_release(); /* what the handlers may rely on */
        }
        break;
    case LX_GET_REQ:
        x->hb[LX_TARGET] = issue(c, x, 0, 0);
        x->hb[LX_ORIGIN] = issue(c, x, 0, 1);
        sim_hb_op_partner(x->hb[LX_ORIGIN], x->hb[LX_TARGET]); /* the reply: read there */
        break;
    case LX_RMW_REQ:
        x->hb[LX_TARGET] = issue(c, x, RMW_CLASS(x->size), 0);
        if (x->prev) {
            x->hb[LX_ORIGIN] = issue(c, x, 0, 1);
            sim_hb_op_partner(x->hb[LX_ORIGIN], x->hb[LX_TARGET]);
        }
        break;
    default:
        break;
    }
}

void lx_race_segs(lx_t *x, int side, int pe, const lx_seg_t *s, int n, sim_hb_dir_t dir)
{
    if (!sim_hb_on || !x->hb[side])
        return;
    for (int i = 0; i < n; i++)
        if (s[i].home && s[i].len)
            sim_hb_op_access(x->hb[side], pe, s[i].home, s[i].len, 1, 0, dir);
}

void lx_race_data_write(lx_t *x, int side, int pe)
{
    sim_hb_rec_t op = x->hb[side];
    if (!sim_hb_on || !op)
        return;
    if (x->nto > 0 && x->to[0].home)
        sim_hb_op_data(op, x->to[0].home, x->data, x->len);
    size_t off = 0;
    for (int i = 0; i < x->nto && off < x->len; i++) {
        size_t n = x->to[i].len < x->len - off ? x->to[i].len : x->len - off;
        /* Bytes that already hold the data (a put repeated, a scatter with
         * a repeated subscript) are a silent write, as for SHMEM's puts. */
        if (x->to[i].home && n)
            sim_hb_op_write(op, pe, x->to[i].home, x->data + off, n);
        off += n;
    }
}

void lx_race_rmw(lx_t *x, int pe)
{
    if (!sim_hb_on || !x->var)
        return;
    /* The fetched value acquires from the write that put it there. */
    x->hbx = sim_hb_last_write(pe, x->var);
    sim_hb_op_access(x->hb[LX_TARGET], pe, x->var, (size_t)x->size / 8, 1, 0, SIM_HB_WRITE);
}

void lx_race_am_data(lx_t *x, int pe)
{
    if (!sim_hb_on)
        return;
    /* Issued by the target's handlers after the header handler and
     * complete for them at once. */
    sim_hb_opdesc_t d = {x->what, x->site, (uintptr_t)lx_task(pe, 1), pe, 0, 0, 0, 1};
    sim_hb_rec_t op = sim_hb_op_issue(&d);
    size_t off = 0;
    for (int i = 0; i < x->nto && off < x->len; i++) {
        size_t n = x->to[i].len < x->len - off ? x->to[i].len : x->len - off;
        if (x->to[i].home && n)
            sim_hb_op_access(op, pe, x->to[i].home, n, 1, 0, SIM_HB_WRITE);
        off += n;
    }
    sim_hb_op_complete(op);
    sim_hb_unref(op);
    /* The data landed, so the origin buffer was read: whoever learns of
     * the landing from the handlers (a target or completion counter, the
     * completion's acknowledgement) knows the buffer is free again. */
    sim_hb_op_complete(x->hb[LX_ORIGIN]);
}

void lx_race_header(lx_t *x)
{
    if (sim_hb_on && x->hbx)
        sim_hb_acquire(x->hbx);
}

sim_hb_rec_t lx_race_completion(void)
{
    return sim_hb_on ? sim_hb_release() : 0;
}

void lx_race_queued(lx_t *x)
{
    if (sim_hb_on)
        x->hbq = sim_hb_release();
}

void lx_race_dequeued(lx_t *x)
{
    if (!sim_hb_on || !x->hbq)
        return;
    sim_hb_acquire(x->hbq);
    sim_hb_unref(x->hbq);
    x->hbq = 0;
}

void lx_race_cntr_set(int pe, void *cntr)
{
    if (!sim_hb_on || !cntr)
        return;
    sim_hb_rec_t rel = sim_hb_release();
    lx_race_cntr(pe, cntr, rel, 1);
    sim_hb_unref(rel);
}

void lx_race_dispatch_begin(lx_task_t *t)
{
    if (!sim_hb_on)
        return;
    sim_hb_handlers_begin();
    t->dispatch_polling = !t->interrupt;
    if (t->dispatch_polling)
        sim_hb_obj_acquire(&t->poll_in);
    else if (!t->lock_owner) /* the dispatcher waits for the lock's holder */
        sim_hb_obj_acquire(&t->lock_owner);
}

void lx_race_dispatch_end(lx_task_t *t)
{
    if (!sim_hb_on)
        return;
    if (t->dispatch_polling)
        sim_hb_obj_release(&t->poll_out);
    else if (!t->lock_owner)
        sim_hb_obj_release(&t->lock_owner);
    sim_hb_handlers_end();
}

void lx_race_call_begin(lx_task_t *t)
{
    if (sim_hb_on && !t->interrupt)
        sim_hb_obj_release(&t->poll_in);
}

void lx_race_call_end(lx_task_t *t)
{
    if (sim_hb_on && !t->interrupt)
        sim_hb_obj_acquire(&t->poll_out);
}

void lx_race_fence_ack(lx_task_t *t, lx_t *a)
{
    if (!sim_hb_on || !a->hbx)
        return;
    lx_relq_t *q = &t->fenced;
    if (q->n == q->cap) {
        q->cap = q->cap ? q->cap * 2 : 8;
        q->v = sim_xrealloc(q->v, q->cap * sizeof *q->v);
    }
    q->v[q->n++] = sim_hb_hold(a->hbx);
}

/* ---- counters ---- */

void lx_race_cntr(int pe, void *cntr, sim_hb_rec_t rec, int release)
{
    if (!sim_hb_on || !cntr || !rec)
        return;
    lx_task_t *t = lx_task(pe, 1);
    lx_cntr_w_t *w;
    HASH_FIND_PTR(t->cw, &cntr, w);
    if (!w) {
        w = sim_xcalloc(1, sizeof *w);
        w->cntr = cntr;
        HASH_ADD_PTR(t->cw, cntr, w);
    }
    if (w->n == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 8;
        w->v = sim_xrealloc(w->v, w->cap * sizeof *w->v);
    }
    w->v[w->n++] = (lx_cntr_hb_t){sim_hb_hold(rec), release};
}

void lx_race_cntr_read(lx_task_t *t, const void *cntr, const char *call, const void *site)
{
    if (!sim_hb_on)
        return;
    lx_cntr_w_t *w;
    HASH_FIND_PTR(t->cw, &cntr, w);
    if (!w)
        return;
    for (size_t i = 0; i < w->n; i++) {
        if (w->v[i].release)
            sim_hb_acquire(w->v[i].rec);
        else
            sim_hb_observe_rec(w->v[i].rec, call, site);
        sim_hb_unref(w->v[i].rec);
    }
    w->n = 0;
}

void lx_race_fence(lx_task_t *t)
{
    if (!sim_hb_on)
        return;
    sim_hb_quiet((uintptr_t)t);
    for (size_t i = 0; i < t->fenced.n; i++) {
        sim_hb_acquire(t->fenced.v[i]);
        sim_hb_unref(t->fenced.v[i]);
    }
    t->fenced.n = 0;
}

/* ---- Gfence's barrier and Address_init ---- */

void lx_race_signal(lx_t *x)
{
    if (sim_hb_on)
        x->hbx = sim_hb_release();
}

void lx_race_signal_arrived(lx_task_t *t, lx_t *x)
{
    if (!sim_hb_on || !x->hbx)
        return;
    if (x->kind == LX_ADDR) {
        sim_hb_sync_deliver(t->id, x->hbx);
        return;
    }
    /* A fast task's signal for the next Gfence may come early: each
     * round keeps its signals in order and a take acquires one. */
    if (t->nbarq < t->nbar) {
        t->barq = sim_xrealloc(t->barq, (size_t)t->nbar * sizeof *t->barq);
        for (int k = t->nbarq; k < t->nbar; k++)
            t->barq[k] = (lx_relq_t){0};
        t->nbarq = t->nbar;
    }
    lx_relq_t *q = &t->barq[x->round];
    if (q->n == q->cap) {
        q->cap = q->cap ? q->cap * 2 : 4;
        q->v = sim_xrealloc(q->v, q->cap * sizeof *q->v);
    }
    q->v[q->n++] = sim_hb_hold(x->hbx);
}

void lx_race_signal_take(lx_task_t *t, int round)
{
    if (!sim_hb_on || round >= t->nbarq)
        return;
    lx_relq_t *q = &t->barq[round];
    if (q->head == q->n)
        return;
    sim_hb_rec_t rel = q->v[q->head++];
    if (q->head == q->n)
        q->head = q->n = 0;
    sim_hb_acquire(rel);
    sim_hb_unref(rel);
}

void lx_race_gathered(void)
{
    sim_hb_sync_acquire();
}

void lx_race_free(lx_t *x)
{
    sim_hb_unref(x->hb[0]);
    sim_hb_unref(x->hb[1]);
    sim_hb_unref(x->hbx);
    sim_hb_unref(x->hbq);
}
