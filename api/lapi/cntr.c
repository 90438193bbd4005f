/* api/lapi/cntr: counters, progress, fences and recovery (Getcntr,
 * Setcntr, Setcntr_wstatus, Waitcntr, Nopoll_wait, Probe, Msgpoll,
 * Fence, Gfence, Purge_totask, Resume_totask).
 *
 * A counter is memory of the task that owns it; deliveries add to it and
 * wake whoever waits on it (sim_mem_written).  Waitcntr returns once the
 * counter reaches val and then subtracts val.  While a context waits
 * inside a LAPI call the task's dispatcher runs, so waits make progress in
 * polling mode too; Nopoll_wait is the exception: it does not dispatch. */
#include "lapi_impl.h"

#include <stdio.h>
#include <stdlib.h>

int LAPI_Getcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int *val)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Getcntr", LX_SITE(), hndl, LX_LOCAL);
    if (rc == LAPI_SUCCESS && cntr && val && sim_pe_poll_idle("LAPI_Getcntr (polling)", cntr))
        lx_poll(c.t, 0);
    if (rc == LAPI_SUCCESS && !cntr)
        rc = LAPI_ERR_CNTR_NULL;
    if (rc == LAPI_SUCCESS && !val)
        rc = LAPI_ERR_RET_PTR_NULL;
    if (rc == LAPI_SUCCESS) {
        *val = cntr->cntr;
        lx_race_cntr_read(c.t, sim_mem_home(c.t->id, cntr), c.name, c.site);
    }
    return lx_end(&c, rc);
}

int LAPI_Setcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int val)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Setcntr", LX_SITE(), hndl, LX_LOCAL);
    if (rc == LAPI_SUCCESS && !cntr)
        rc = LAPI_ERR_CNTR_NULL;
    if (rc == LAPI_SUCCESS) {
        cntr->cntr = val;
        sim_mem_written(c.t->id, sim_mem_home(c.t->id, cntr), sizeof cntr->cntr);
        lx_race_cntr_set(c.t->id, sim_mem_home(c.t->id, cntr));
    }
    return lx_end(&c, rc);
}

static void forget_wstatus(lx_task_t *t, void *home)
{
    for (lx_wstatus_t **p = &t->wstatus; *p;) {
        lx_wstatus_t *w = *p;
        if (w->cntr == home) {
            *p = w->next;
            free(w->dest);
            free(w);
        } else {
            p = &w->next;
        }
    }
}

/* Sets the counter to 0 and attaches dest_list/dest_status to it: each
 * status starts as LAPI_MSG_INITIAL, becomes LAPI_MSG_RECVD when a message
 * from that task bumps the counter, and LAPI_MSG_PURGED(_RCVD) when this
 * task purges it. */
int LAPI_Setcntr_wstatus(lapi_handle_t hndl, lapi_cntr_t *cntr, int num_dest, uint *dest_list,
                         int *dest_status)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Setcntr_wstatus", LX_SITE(), hndl, LX_LOCAL);
    if (rc == LAPI_SUCCESS && !cntr)
        rc = LAPI_ERR_CNTR_NULL;
    if (rc == LAPI_SUCCESS && num_dest > 0 && (!dest_list || !dest_status))
        rc = LAPI_ERR_RET_PTR_NULL;
    for (int i = 0; rc == LAPI_SUCCESS && i < num_dest; i++)
        if (dest_list[i] >= (uint)sim_npes())
            rc = LAPI_ERR_TGT;
    if (rc != LAPI_SUCCESS)
        return lx_end(&c, rc);
    lx_task_t *t = c.t;
    void *home = sim_mem_home(t->id, cntr);
    forget_wstatus(t, home);
    cntr->cntr = 0;
    sim_mem_written(t->id, home, sizeof cntr->cntr);
    if (num_dest > 0) {
        lx_wstatus_t *w = sim_xcalloc(1, sizeof *w);
        w->cntr = home;
        w->ndest = num_dest;
        w->dest = sim_xmalloc((size_t)num_dest * sizeof *w->dest);
        for (int i = 0; i < num_dest; i++) {
            w->dest[i] = dest_list[i];
            dest_status[i] = LAPI_MSG_INITIAL;
        }
        w->status = sim_mem_home(t->id, dest_status);
        w->next = t->wstatus;
        t->wstatus = w;
    }
    return lx_end(&c, LAPI_SUCCESS);
}

/* Whether a wstatus counter lists a destination that was purged. */
static int purged_dest(lx_task_t *t, void *home)
{
    for (lx_wstatus_t *w = t->wstatus; w; w = w->next) {
        if (w->cntr != home)
            continue;
        for (int i = 0; i < w->ndest; i++) {
            int st = *(int *)sim_mem_live(t->id, &w->status[i]);
            if (st == LAPI_MSG_PURGED || st == LAPI_MSG_PURGED_RCVD)
                return 1;
        }
    }
    return 0;
}

/* Waits until *cntr >= val, then subtracts val.  nopoll: the wait does
 * not dispatch, and a purged wstatus destination ends it early. */
static int wait_cntr(lx_call_t *c, lapi_cntr_t *cntr, int val, int *cur, int nopoll)
{
    lx_task_t *t = c->t;
    void *home = sim_mem_home(t->id, cntr);
    for (int i = 0; i < t->nwaiters; i++)
        if (t->waiters[i].home == home)
            return LAPI_ERR_MULTIPLE_WAITERS;
    char why[200], name[96];
    snprintf(why, sizeof why, "%s(cntr=%s, val=%d)%s", c->name,
             sim_mem_name(cntr, name, sizeof name), val,
             lx_in_completion_thread() ? " in a completion handler" : "");
    int rc = LAPI_SUCCESS;
    if (nopoll && c->counted) {
        t->in_lapi--; /* waits without running the dispatcher */
        c->counted = 0;
    }
    lx_waiter_add(t, home);
    while (cntr->cntr < val) {
        if (nopoll && purged_dest(t, home)) {
            rc = LAPI_ERR_TGT_PURGED;
            break;
        }
        lx_waiter_iwait(t, nopoll); /* a purge wakes it too */
        sim_pe_block_on(why, cntr, sizeof cntr->cntr);
    }
    lx_waiter_remove(t);
    if (rc == LAPI_SUCCESS) {
        cntr->cntr -= val;
        lx_race_cntr_read(t, home, c->name, c->site);
    }
    if (cur)
        *cur = cntr->cntr;
    return rc;
}

int LAPI_Waitcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int val, int *cur_cntr_val)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Waitcntr", LX_SITE(), hndl, LX_BLOCKING);
    if (rc == LAPI_SUCCESS && !cntr)
        rc = LAPI_ERR_CNTR_NULL;
    if (rc == LAPI_SUCCESS)
        rc = wait_cntr(&c, cntr, val, cur_cntr_val, 0);
    return lx_end(&c, rc);
}

int LAPI_Nopoll_wait(lapi_handle_t hndl, lapi_cntr_t *cntr_ptr, int val, int *cur_cntr_val)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Nopoll_wait", LX_SITE(), hndl, LX_BLOCKING);
    if (rc == LAPI_SUCCESS && !cntr_ptr)
        rc = LAPI_ERR_CNTR_NULL;
    if (rc == LAPI_SUCCESS && val <= 0)
        rc = LAPI_ERR_CNTR_VAL;
    if (rc == LAPI_SUCCESS)
        rc = wait_cntr(&c, cntr_ptr, val, cur_cntr_val, 1);
    return lx_end(&c, rc);
}

int LAPI_Probe(lapi_handle_t hndl)
{
    lx_call_t c;
    /* lx_begin already makes the dispatcher pass. */
    int rc = lx_begin(&c, "LAPI_Probe", LX_SITE(), hndl, LX_COMM);
    if (rc == LAPI_SUCCESS && sim_pe_poll_idle("LAPI_Probe (polling)", (const void *)LAPI_Probe))
        lx_poll(c.t, 0);
    return lx_end(&c, rc);
}

/* Up to cnt dispatcher passes, each costing a call's CPU time, until a
 * send or a receive of this task completes. */
int LAPI_Msgpoll(lapi_handle_t hndl, uint cnt, lapi_msg_info_t *info)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Msgpoll", LX_SITE(), hndl, LX_COMM);
    if (rc == LAPI_SUCCESS && !info)
        rc = LAPI_ERR_MSG_INFO_NULL;
    if (rc == LAPI_SUCCESS && c.t->msgpolling) {
        info->status = LAPI_POLLING_NET;
        rc = LAPI_ERR_POLLING_NET;
    }
    if (rc != LAPI_SUCCESS)
        return lx_end(&c, rc);
    lx_task_t *t = c.t;
    t->msgpolling = 1;
    uint64_t sent = t->sends_done, recvd = t->recvs_done;
    for (uint i = 1; i < cnt && t->sends_done == sent && t->recvs_done == recvd; i++)
        lx_poll(t, sim_net_params()->call_ns);
    t->msgpolling = 0;
    info->status = (t->sends_done != sent ? LAPI_SEND_COMPLETE : 0) |
                   (t->recvs_done != recvd ? LAPI_RECV_COMPLETE : 0);
    if (info->status == LAPI_COMPLETE)
        info->status = LAPI_DISP_CNTR;
    return lx_end(&c, LAPI_SUCCESS);
}

static void fence(lx_task_t *t, const char *call)
{
    char why[120];
    snprintf(why, sizeof why, "%s (waiting for this task's operations to complete)", call);
    while (t->outstanding > 0)
        lx_iwait(t, why);
    lx_race_fence(t);
}

int LAPI_Fence(lapi_handle_t hndl)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Fence", LX_SITE(), hndl, LX_BLOCKING);
    if (rc == LAPI_SUCCESS)
        fence(c.t, c.name);
    return lx_end(&c, rc);
}

/* Dissemination barrier: in round k, signal task me + 2^k and wait for
 * the signal of me - 2^k.  Counting signals (not flags) lets a fast task's
 * signal for the next Gfence arrive early without being lost. */
static void barrier(lx_call_t *c)
{
    lx_task_t *t = c->t;
    int me = t->id, n = sim_npes();
    lx_bar(t);
    char why[160];
    for (int k = 0, dist = 1; dist < n; k++, dist <<= 1) {
        sim_charge(sim_net_params()->overhead_ns);
        lx_t *x = lx_new(LX_BARRIER, me, (me + dist) % n);
        x->what = c->name;
        x->site = c->site;
        x->round = k;
        lx_race_signal(x);
        lx_send(x, 0);
        snprintf(why, sizeof why, "%s (barrier round %d: waiting for task %d)", c->name, k,
                 ((me - dist) % n + n) % n);
        while (t->bar[k] == 0)
            lx_iwait(t, why);
        t->bar[k]--;
        lx_race_signal_take(t, k);
    }
}

int LAPI_Gfence(lapi_handle_t hndl)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Gfence", LX_SITE(), hndl, LX_BLOCKING);
    if (rc == LAPI_SUCCESS) {
        fence(c.t, c.name);
        barrier(&c);
    }
    return lx_end(&c, rc);
}

/* Cancels this task's operations to dest: messages in flight are dropped
 * when they arrive, Fence stops waiting for them, and sends to dest fail
 * with LAPI_ERR_TGT_PURGED until LAPI_Resume_totask. */
int LAPI_Purge_totask(lapi_handle_t hndl, css_task_t dest)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Purge_totask", LX_SITE(), hndl, LX_LOCAL);
    if (rc == LAPI_SUCCESS && dest >= (uint)sim_npes())
        rc = LAPI_ERR_TGT;
    if (rc != LAPI_SUCCESS)
        return lx_end(&c, rc);
    lx_task_t *t = c.t;
    lx_peer_t *p = lx_peer(t, (int)dest);
    t->outstanding -= p->outstanding;
    p->outstanding = 0;
    p->gen++;
    p->purged = 1;
    for (lx_wstatus_t *w = t->wstatus; w; w = w->next)
        for (int i = 0; i < w->ndest; i++) {
            if (w->dest[i] != dest)
                continue;
            int *st = sim_mem_live(t->id, &w->status[i]);
            *st = *st == LAPI_MSG_RECVD ? LAPI_MSG_PURGED_RCVD : LAPI_MSG_PURGED;
            sim_mem_written(t->id, &w->status[i], sizeof *st);
        }
    lx_kick(t);
    return lx_end(&c, LAPI_SUCCESS);
}

int LAPI_Resume_totask(lapi_handle_t hndl, css_task_t dest)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Resume_totask", LX_SITE(), hndl, LX_LOCAL);
    if (rc == LAPI_SUCCESS && dest >= (uint)sim_npes())
        rc = LAPI_ERR_TGT;
    if (rc == LAPI_SUCCESS)
        lx_peer(c.t, (int)dest)->purged = 0;
    return lx_end(&c, rc);
}
