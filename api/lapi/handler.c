/* api/lapi/handler: header handlers, completion handlers and the
 * completion thread.
 *
 * A header handler runs when the first packet of an active message
 * arrives, inside the target's dispatcher (scheduler context, the task's
 * PE borrowed): one at a time, and it may not block or communicate (the
 * LAPI routines refuse with a finding; anything else that would block
 * abandons the handler).  Its uhdr argument is a copy that is freed when
 * it returns.  A completion handler runs after all the data has landed,
 * in the task's completion thread (a helper context started on first use)
 * one at a time in arrival order, and may block and call LAPI; with
 * LAPI_LOCAL_STATE it runs inline in the dispatcher instead, under the
 * header handler's rules. */
#include "lapi_impl.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sites are symbolized as return addresses (one byte back); a function's
 * own address needs one byte forward to name that function. */
static const void *entry_site(const void *fn)
{
    return (const char *)fn + 1;
}

const void *lx_handler_site(const lx_task_t *t, const lx_t *x)
{
    if (t->cur_inline && x->comp)
        return entry_site((const void *)(uintptr_t)x->comp);
    if (x->hdr)
        return entry_site(x->hdr);
    if (x->hdr_index > 0 && x->hdr_index < LX_ADDRTBL && t->addr_tab[x->hdr_index])
        return entry_site(t->addr_tab[x->hdr_index]);
    return x->site;
}

void lx_async_error(lx_task_t *t, lx_t *x, int code, const sim_check_t *rule, const char *fmt, ...)
{
    char text[500];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    lx_finding(t->id, rule, x->what, lx_handler_site(t, x), "%s (asynchronous %s at task %d)", text,
               lx_err_name(code), t->id);
    if (t->err_hndlr) {
        lapi_handle_t h = LX_HANDLE;
        lapi_err_t type = AM_ERR;
        int task = t->id, src = x->origin;
        t->err_hndlr(&h, &code, &type, &task, &src);
    }
}

/* A function pointer kept as data (handler tables, messages). */
static hdr_hndlr_t *as_hdr(void *p)
{
    return (hdr_hndlr_t *)(uintptr_t)p;
}

static vhdr_hndlr_t *as_vhdr(void *p)
{
    return (vhdr_hndlr_t *)(uintptr_t)p;
}

static void header_plain(lx_task_t *t, lx_t *x, void *fn)
{
    uint64_t pkt = sim_net_params()->packet_bytes;
    int one_packet = (uint64_t)x->uhdr_len + x->len <= pkt;
    uint64_t room = pkt > x->uhdr_len ? pkt - x->uhdr_len : 0;
    lapi_return_info_t ri;
    memset(&ri, 0, sizeof ri);
    ri.msg_len = x->len;
    ri.MAGIC = LAPI_RETURN_INFO_MAGIC;
    ri.bytes = x->len < room ? x->len : room;
    ri.src = x->origin;
    ri.udata_one_pkt_ptr = one_packet ? x->data : NULL;
    lapi_handle_t h = LX_HANDLE;
    uint ulen = x->uhdr_len;
    compl_hndlr_t *comp = NULL;
    void *uinfo = NULL;
    void *buf = as_hdr(fn)(&h, x->uhdr_len ? x->uhdr : NULL, &ulen, (ulong *)&ri, &comp, &uinfo);
    x->comp = comp;
    x->uinfo = uinfo;
    x->local_state = ri.ret_flags == LAPI_LOCAL_STATE;
    x->bury = ri.ctl_flags != LAPI_DELIVER_MSG;
    if (x->bury || x->len == 0)
        return;
    if (!buf) {
        lx_async_error(t, x, LAPI_ERR_UNKNOWN, LX_CHECK(NULL_BUFFER),
                       "the header handler of a %s from task %d returned NULL for %zu bytes of "
                       "user data without setting ctl_flags = LAPI_BURY_MSG; the data was "
                       "discarded. Return the buffer the data goes to, or bury the message "
                       "after copying from udata_one_pkt_ptr.", x->what, x->origin, x->len);
        x->bury = 1;
        return;
    }
    x->to = sim_xmalloc(sizeof *x->to);
    x->to[0] = (lx_seg_t){sim_mem_home(t->id, buf), x->len};
    x->nto = 1;
}

/* The target vector must match the origin's shape (IOVECTOR, STRIDED) or
 * only its type (GENERIC). */
static int vector_matches(const lx_t *x, const lapi_vec_t *tv)
{
    int rc = lx_vec_check(tv, 0);
    if (rc != LAPI_SUCCESS)
        return rc;
    if (tv->vec_type != x->vtype)
        return LAPI_ERR_VEC_TYPE_DIFF;
    if (tv->vec_type == LAPI_GEN_GENERIC)
        return LAPI_SUCCESS;
    if (tv->num_vecs != x->vnum)
        return LAPI_ERR_VEC_NUM_DIFF;
    for (uint i = 0; i < x->vnum; i++) {
        ulong l = tv->vec_type == LAPI_GEN_STRIDED_XFER ? (ulong)(uintptr_t)tv->info[1] : tv->len[i];
        if (l != x->vlen[i])
            return LAPI_ERR_VEC_LEN_DIFF;
    }
    return LAPI_SUCCESS;
}

static void header_vector(lx_task_t *t, lx_t *x, void *fn)
{
    lapi_handle_t h = LX_HANDLE;
    uint ulen = x->uhdr_len;
    compl_hndlr_t *comp = NULL;
    void *uinfo = NULL;
    lapi_vec_t *tv = as_vhdr(fn)(&h, x->uhdr_len ? x->uhdr : NULL, &ulen, x->vlen, &comp, &uinfo);
    x->comp = comp;
    x->uinfo = uinfo;
    if (!tv && x->len == 0)
        return;
    int rc = vector_matches(x, tv);
    if (rc != LAPI_SUCCESS) {
        lx_async_error(t, x, rc, LX_CHECK(VECTOR_MISMATCH),
                       "the vector header handler of a %s from task %d returned a target vector "
                       "that does not fit the origin vector: %s. For IOVECTOR and STRIDED the "
                       "type, num_vecs and lengths must match the origin's; GENERIC needs only "
                       "the type. The data was discarded.", x->what, x->origin, lx_err_name(rc));
        x->bury = 1;
        return;
    }
    x->to = lx_vec_segs(tv, t->id, 0, &x->nto);
}

void lx_run_header(lx_task_t *t, lx_t *x)
{
    void *fn = x->hdr;
    if (!fn && x->hdr_index > 0 && x->hdr_index < LX_ADDRTBL)
        fn = t->addr_tab[x->hdr_index];
    if (!fn) {
        x->hdr_done = x->bury = x->dropped = 1;
        lx_async_error(t, x, LAPI_ERR_HDR_HNDLR_NULL, LX_CHECK(HANDLER_NOT_SET),
                       "a %s from task %d names header handler index %d, but task %d has "
                       "registered no handler there with LAPI_Addr_set; the message was "
                       "discarded and its counters will not move. Register the handler on every "
                       "task before the others send to it (e.g. before a LAPI_Gfence).",
                       x->what, x->origin, x->hdr_index, t->id);
        return;
    }
    lx_describe(t, x, "the header handler");
    lx_race_header(x);
    if (x->vector)
        header_vector(t, x, fn);
    else
        header_plain(t, x, fn);
    free(x->uhdr); /* uhdr is valid only during the call */
    x->uhdr = NULL;
    x->hdr_done = 1;
}

/* ---- completion handlers ---- */

static void run_job(lx_task_t *t, lx_t *x)
{
    lapi_handle_t h = LX_HANDLE;
    switch (x->job) {
    case LX_JOB_AM:
        x->comp(&h, x->uinfo);
        lx_am_after_completion(t, x);
        break;
    case LX_JOB_CHNDLR:
        x->chndlr(&h, x->cinfo);
        lx_cntr_add(t->id, x->org_cntr, 1, x->src, x, "org_cntr");
        lx_race_cntr_set(t->id, x->org_cntr);
        lx_race_cntr(t->id, x->org_cntr, x->hb[LX_ORIGIN], 0);
        lx_free(x);
        break;
    default: {
        lapi_sh_info_t si;
        memset(&si, 0, sizeof si);
        si.src = (uint)x->peer;
        si.reason = LAPI_SUCCESS;
        x->shdlr(&h, x->sinfo, &si);
        lx_free(x);
    }
    }
}

/* The completion thread: runs queued handlers one at a time, forever (it
 * ends with its task). */
static void cthread_main(void *arg)
{
    lx_task_t *t = arg;
    for (;;) {
        while (!t->cq) {
            t->cq_idle = 1;
            sim_pe_block(NULL); /* idle: not part of a deadlock */
            t->cq_idle = 0;
        }
        lx_t *x = t->cq;
        t->cq = x->next;
        if (!t->cq)
            t->cq_tail = NULL;
        x->next = NULL;
        t->cq_busy = 1;
        t->cq_cur = x;
        lx_race_dequeued(x);
        run_job(t, x);
        t->cq_cur = NULL;
        t->cq_busy = 0;
        lx_kick(t);
    }
}

void lx_cq_push(lx_task_t *t, lx_t *x)
{
    lx_race_queued(x);
    x->next = NULL;
    if (t->cq_tail)
        t->cq_tail->next = x;
    else
        t->cq = x;
    t->cq_tail = x;
    if (!t->cthread) {
        t->cthread = sim_pe_helper_start(sim_pe_get(t->id), cthread_main, t);
        if (!t->cthread) {
            /* Every task has a stack slot for it; only protecting its
             * guard zone can fail (the system's mapping limit). */
            fprintf(stderr, "shmemsim: cannot start the completion-handler thread of task %d: "
                    "no memory for its stack (%s); use fewer tasks, a smaller --stack-size, "
                    "or raise vm.max_map_count\n", t->id, strerror(errno));
            sim_terminate(SIM_OUT_CRASH, t->id);
        }
    } else if (t->cq_idle) {
        sim_pe_wake(t->cthread);
    }
}

void lx_complete(lx_task_t *t, lx_t *x)
{
    if (!x->local_state) {
        x->job = LX_JOB_AM;
        lx_cq_push(t, x);
        return;
    }
    /* LAPI_LOCAL_STATE: inline, in the dispatcher (borrowed). */
    lx_describe(t, x, "the inline completion handler");
    t->cur_inline = 1;
    lapi_handle_t h = LX_HANDLE;
    x->comp(&h, x->uinfo);
    t->cur_inline = 0;
    lx_am_after_completion(t, x);
}
