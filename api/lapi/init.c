/* api/lapi/init: the task state, how every call starts and ends, and the
 * setup routines LAPI_Init, LAPI_Term, LAPI_Qenv, LAPI_Senv. */
#include "lapi_impl.h"
#include "loader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MIN_TIMEOUT_S 10
#define MAX_TIMEOUT_S 86400

sim_check_t lx_checks[LX_F_COUNT] = {LX_FINDINGS(SIM_CHECK_ENTRY)};

static void free_task(sim_pe_t *ctx);
static void free_run(void);

static sim_layer_t lx_layer;

/* A Get (or Getv) of this task still on its way: its origin buffer in
 * the block the program frees is a lapi-freed-buffer, and that part of
 * the data is dropped when it lands. */
static void on_free(const void *p, size_t n, const void *site)
{
    const sim_pe_t *me = sim_pe_self();
    if (!me || !*sim_layer_run(&lx_layer))
        return;
    int id = sim_pe_main((sim_pe_t *)me)->id;
    for (lx_t *x = *lx_live(); x; x = x->live_next) {
        if (x->origin != id || (x->kind != LX_GET_REQ && x->kind != LX_GET_REPLY))
            continue;
        for (int i = 0; i < x->nto; i++) {
            if (!x->to[i].home || !sim_mem_overlaps(x->to[i].home, x->to[i].len, p, n))
                continue;
            char where[200];
            sim_mem_site_name(x->site, where, sizeof where);
            lx_finding(id, LX_CHECK(FREED_BUFFER), "free", site,
                       "task %d freed the block that holds %zu bytes of the origin buffer of a "
                       "%s from task %d (called from %s) before the data arrived: LAPI would "
                       "write memory the allocator may already have handed out again. Those "
                       "bytes were not written. Wait for the call's origin counter "
                       "(LAPI_Waitcntr) before freeing its buffer.",
                       id, x->to[i].len, x->what, x->peer, where);
            x->to[i].home = NULL;
        }
    }
}

static sim_layer_t lx_layer = {.name = "lapi",
                               .rank = 2,
                               .checks = lx_checks,
                               .nchecks = LX_F_COUNT,
                               .on_free = on_free,
                               .free_ctx = free_task,
                               .free_run = free_run,
                               .busy_wait_hint = "LAPI_Waitcntr on a counter the transfer "
                                                 "increments"};

__attribute__((constructor)) static void register_layer(void)
{
    sim_layer_register(&lx_layer);
}

lx_task_t *lx_task(int pe, int create)
{
    void **slot = &sim_pe_get(pe)->layer[lx_layer.slot];
    if (!*slot && create) {
        lx_task_t *t = sim_xcalloc(1, sizeof *t);
        t->id = pe;
        t->interrupt = 1;
        t->error_chk = 0; /* IBM's LAPI_Senv page: off by default */
        t->timeout = 900;
        t->ack_threshold = 30;
        *slot = t;
    }
    return *slot;
}

/* The layer's state for the run (its sim_layer_run slot). */
typedef struct lx_run {
    lx_t *live;              /* transfers not yet freed (lx_new, lx_free) */
} lx_run_t;

lx_t **lx_live(void)
{
    void **slot = sim_layer_run(&lx_layer);
    if (!*slot)
        *slot = sim_xcalloc(1, sizeof(lx_run_t));
    return &((lx_run_t *)*slot)->live;
}

/* A task's state (its threads have none of their own). */
static void free_task(sim_pe_t *ctx)
{
    lx_task_t *t = ctx->owner ? NULL : ctx->layer[lx_layer.slot];
    if (!t)
        return;
    lx_peer_t *p, *tmp;
    HASH_ITER(hh, t->peers, p, tmp) { /* freeing only: the order is of no matter */
        HASH_DEL(t->peers, p);
        free(p);
    }
    for (lx_wstatus_t *w = t->wstatus, *next; w; w = next) {
        next = w->next;
        free(w->dest);
        free(w);
    }
    for (int k = 0; k < t->nbarq; k++)
        free(t->barq[k].v);
    free(t->barq);
    free(t->fenced.v);
    lx_cntr_w_t *w, *wn;
    HASH_ITER(hh, t->cw, w, wn) { /* (frees only: no order shows) */
        HASH_DEL(t->cw, w);
        free(w->v);
        free(w);
    }
    free(t->bar);
    free(t->waiters);
    free(t->addr_in[0]);
    free(t->addr_in[1]);
    free(t);
    ctx->layer[lx_layer.slot] = NULL;
}

/* Transfers still queued or in flight when the run ended. */
static void free_run(void)
{
    void **slot = sim_layer_run(&lx_layer);
    lx_run_t *run = *slot;
    while (run && run->live)
        lx_free(run->live);
    free(run);
    *slot = NULL;
}

lx_peer_t *lx_peer_find(lx_task_t *t, int id)
{
    lx_peer_t *p;
    HASH_FIND_INT(t->peers, &id, p);
    return p;
}

lx_peer_t *lx_peer(lx_task_t *t, int id)
{
    lx_peer_t *p = lx_peer_find(t, id);
    if (!p) {
        p = sim_xcalloc(1, sizeof *p);
        p->id = id;
        HASH_ADD_INT(t->peers, id, p);
    }
    return p;
}

int lx_in_completion_thread(void)
{
    sim_pe_t *self = sim_pe_self();
    return self == sim_pe_main(self)->helper;
}

void lx_waiter_add(lx_task_t *t, const void *home)
{
    sim_pe_t *self = sim_pe_self();
    for (int i = t->nwaiters - 1; i >= 0; i--)
        if (t->waiters[i].ctx == self) { /* (one a wait abandoned left: a context waits once) */
            t->nwaiters--;
            t->waiters[i] = t->waiters[t->nwaiters];
        }
    if (t->nwaiters == t->capwaiters) {
        t->capwaiters = t->capwaiters ? 2 * t->capwaiters : 4;
        t->waiters = sim_xrealloc(t->waiters, (size_t)t->capwaiters * sizeof *t->waiters);
    }
    t->waiters[t->nwaiters++] = (lx_waiter_t){self, home, 0};
}

/* The running context's record (it waits). */
static lx_waiter_t *my_record(lx_task_t *t)
{
    sim_pe_t *self = sim_pe_self();
    for (int i = 0; i < t->nwaiters; i++)
        if (t->waiters[i].ctx == self)
            return &t->waiters[i];
    SIM_ASSERT(0);
    return NULL;
}

void lx_waiter_iwait(lx_task_t *t, int on)
{
    my_record(t)->iwait = on;
}

void lx_waiter_remove(lx_task_t *t)
{
    lx_waiter_t *w = my_record(t);
    t->nwaiters--;
    *w = t->waiters[t->nwaiters];
}

void lx_kick(lx_task_t *t)
{
    for (int i = 0; i < t->nwaiters; i++)
        if (t->waiters[i].iwait)
            sim_pe_wake(t->waiters[i].ctx);
}

void lx_iwait(lx_task_t *t, const char *why)
{
    lx_waiter_add(t, NULL);
    lx_waiter_iwait(t, 1);
    sim_pe_block(why);
    lx_waiter_remove(t);
}

void lx_poll(lx_task_t *t, uint64_t ns)
{
    if (t && t->rxq && lx_can_dispatch(t))
        lx_dispatch_soon(t);
    sim_charge(ns);
}

static const sim_check_t *class_rule(lx_class_t cls)
{
    return cls == LX_BLOCKING ? LX_CHECK(BLOCKING_IN_HEADER_HANDLER)
                              : LX_CHECK(COMMUNICATION_IN_HEADER_HANDLER);
}

/* A routine called from a header handler (or an inline completion
 * handler): allowed only when it neither communicates nor waits. */
static int check_handler_context(lx_call_t *c, lx_class_t cls)
{
    if (!sim_pe_borrowed() || cls == LX_LOCAL)
        return LAPI_SUCCESS;
    lx_finding(sim_pe_self()->id, class_rule(cls), c->name, c->site,
               "%s was called from a header handler (or a LAPI_LOCAL_STATE completion handler). "
               "Header handlers run in LAPI's dispatcher when the first packet arrives, one at a "
               "time, and must return without %s; do that in the completion handler instead. "
               "The call returned LAPI_ERR_UNKNOWN and did nothing.", c->name,
               cls == LX_BLOCKING ? "waiting" : "starting communication");
    return LAPI_ERR_UNKNOWN;
}

/* A task that sends active messages may get a completion-handler thread,
 * a helper context with its own stack: the loader counts one per task for
 * a module that calls these. */
__attribute__((constructor)) static void count_completion_threads(void)
{
    sim_loader_helper_symbol("LAPI_Amsend");
    sim_loader_helper_symbol("LAPI_Amsendv");
    sim_loader_helper_symbol("LAPI_Xfer");
}

int lx_begin(lx_call_t *c, const char *name, const void *site, lapi_handle_t hndl,
             lx_class_t cls)
{
    memset(c, 0, sizeof *c);
    c->name = name;
    c->site = site;
    sim_pe_t *ctx = sim_pe_self();
    if (!ctx)
        return LAPI_ERR_UNKNOWN; /* not from a task (e.g. a load-time constructor) */
    sim_call_enter(name, site);
    lx_task_t *t = lx_task(sim_pe_main(ctx)->id, 0);
    c->t = t;
    if (!t || !t->inited || hndl != LX_HANDLE)
        return LAPI_ERR_HNDL_INVALID;
    int rc = check_handler_context(c, cls);
    if (rc != LAPI_SUCCESS || sim_pe_borrowed())
        return rc;
    t->in_lapi++;
    c->counted = 1;
    lx_race_call_begin(t);
    lx_poll(t, sim_net_params()->call_ns);
    return LAPI_SUCCESS;
}

int lx_end(lx_call_t *c, int rc)
{
    if (c->counted) {
        c->t->in_lapi--;
        lx_race_call_end(c->t);
    }
    if (sim_pe_self())
        sim_call_leave();
    return rc;
}

/* ---- LAPI_Init / LAPI_Term ---- */

static int check_info(const lapi_info_t *info)
{
    if (!info)
        return LAPI_ERR_INFO_NULL;
    if (info->epoch_num != 0 || info->info6 != 0)
        return LAPI_ERR_INFO_NONZERO;
    const lapi_extend_t *x = info->add_info;
    if (!x)
        return LAPI_SUCCESS;
    for (int i = 0; i < 8; i++)
        if (x->reserve[i])
            return LAPI_ERR_INFO_NONZERO;
    if (!x->udp_hndlr && !x->udp_ext_hndlr && !x->add_udp_addrs && !x->add_udp_ext_addrs)
        return LAPI_ERR_NO_UDP_HNDLR;
    if ((x->add_udp_addrs || x->add_udp_ext_addrs) && x->num_udp_addr != (uint)sim_npes())
        return LAPI_ERR_UDP_PORT_INFO;
    return LAPI_SUCCESS;
}

int LAPI_Init(lapi_handle_t *hndl, lapi_info_t *lapi_info)
{
    sim_pe_t *ctx = sim_pe_self();
    if (!ctx)
        return LAPI_ERR_UNKNOWN;
    lx_call_t c = {"LAPI_Init", LX_SITE(), NULL, 0};
    sim_call_enter(c.name, c.site);
    int rc = LAPI_SUCCESS;
    if (sim_pe_borrowed())
        rc = check_handler_context(&c, LX_BLOCKING);
    if (rc == LAPI_SUCCESS && !hndl)
        rc = LAPI_ERR_RET_PTR_NULL;
    if (rc == LAPI_SUCCESS)
        rc = check_info(lapi_info);
    lx_task_t *t = lx_task(sim_pe_main(ctx)->id, 1);
    if (rc == LAPI_SUCCESS && t->inited)
        rc = LAPI_ERR_ALL_HNDL_IN_USE; /* one instance per task */
    if (rc == LAPI_SUCCESS) {
        t->inited = t->ever_inited = 1;
        t->interrupt = !(lapi_info->protocol & LAPI_INTERRUPT_OFF);
        t->err_hndlr = lapi_info->err_hndlr;
        t->lib_vers = lapi_info->lib_vers;
        *hndl = LX_HANDLE;
        lx_race_start();
        /* Messages that arrived before Init waited for this. */
        lx_poll(t, sim_net_params()->call_ns);
    }
    sim_call_leave();
    return rc;
}

int LAPI_Term(lapi_handle_t hndl)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Term", LX_SITE(), hndl, LX_BLOCKING);
    if (rc != LAPI_SUCCESS)
        return lx_end(&c, rc);
    lx_task_t *t = c.t;
    /* Local: what this task started completes; queued completion handlers
     * run (unless this is the completion thread itself). */
    while (t->outstanding > 0)
        lx_iwait(t, "LAPI_Term (completing outstanding operations)");
    while (!lx_in_completion_thread() && (t->cq || t->cq_busy))
        lx_iwait(t, "LAPI_Term (waiting for completion handlers)");
    t->inited = 0;
    return lx_end(&c, LAPI_SUCCESS);
}

/* ---- LAPI_Qenv / LAPI_Senv ---- */

int lx_max_uhdr(void)
{
    uint64_t pkt = sim_net_params()->packet_bytes;
    uint64_t m = pkt < LX_MAX_UHDR ? pkt : LX_MAX_UHDR;
    return (int)(m & ~(uint64_t)7);
}

static int query(lx_task_t *t, lapi_query_t q, int *ret)
{
    uint64_t pkt = sim_net_params()->packet_bytes;
    int pkt_i = pkt > 0x7fffffff ? 0x7fffffff : (int)pkt;
    switch (q) {
    case TASK_ID: *ret = t->id; break;
    case NUM_TASKS: *ret = sim_npes(); break;
    case MAX_UHDR_SZ: *ret = lx_max_uhdr(); break;
    case MAX_DATA_SZ: *ret = 0x7fffffff; break;
    case ERROR_CHK: *ret = t->error_chk; break;
    case TIMEOUT: *ret = t->timeout; break;
    case MIN_TIMEOUT: *ret = MIN_TIMEOUT_S; break;
    case MAX_TIMEOUT: *ret = MAX_TIMEOUT_S; break;
    case INTERRUPT_SET: *ret = t->interrupt; break;
    case MAX_PORTS: *ret = 1; break;
    case MAX_PKT_SZ: case REX_BUF_SZ: *ret = pkt_i; break;
    case NUM_REX_BUFS: *ret = 64; break;
    case LOC_ADDRTBL_SZ: *ret = LX_ADDRTBL; break;
    case EPOCH_NUM: *ret = 0; break;
    case USE_THRESH: *ret = 0; break;
    case RCV_FIFO_SIZE: *ret = 0; break;
    case MAX_ATOM_SIZE: *ret = 8; break;
    case BUF_CP_SIZE: *ret = 128; break;
    case MAX_PKTS_OUT: *ret = 32; break;
    case ACK_THRESHOLD: *ret = t->ack_threshold; break;
    case QUERY_SHM_ENABLED: case QUERY_SHM_NUM_TASKS: *ret = 0; break;
    case QUERY_SHM_TASKS: break; /* no task shares memory with another */
    case QUERY_STATISTICS:
        memcpy(ret, &t->stats, sizeof t->stats);
        break;
    case QUERY_SHM_STATISTICS: case QUERY_LOCAL_SEND_STATISTICS:
        memset(ret, 0, sizeof(lapi_statistics_t));
        break;
    case PRINT_STATISTICS:
        printf("LAPI task %d: %llu packets sent, %llu received, %llu data bytes sent, %llu "
               "received\n", t->id, t->stats.Tot_pkt_sent_cnt, t->stats.Tot_pkt_recv_cnt,
               t->stats.Tot_data_sent, t->stats.Tot_data_recv);
        break;
    case BULK_XFER: case BULK_MIN_MSG_SIZE: case RDMA_REMOTE_RCXT_AVAIL:
    case RDMA_REMOTE_RCXT_TOTAL: case RC_MAX_QP: case RC_QP_IN_USE: case RC_QP_USE_LRU:
    case RC_QP_USE_LMC: case RC_QP_INIT_SETUP:
        *ret = 0;
        break;
    default:
        return LAPI_ERR_QUERY_TYPE;
    }
    return LAPI_SUCCESS;
}

int LAPI_Qenv(lapi_handle_t hndl, lapi_query_t query_, int *ret_val)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Qenv", LX_SITE(), hndl, LX_LOCAL);
    if (rc == LAPI_SUCCESS && (int)query_ >= 0 && query_ < LAST_QUERY && query_ != PRINT_STATISTICS &&
        !ret_val)
        rc = LAPI_ERR_RET_PTR_NULL;
    if (rc == LAPI_SUCCESS)
        rc = query(c.t, query_, ret_val);
    return lx_end(&c, rc);
}

static int set_env(lx_task_t *t, lapi_query_t q, int v)
{
    switch (q) {
    case ERROR_CHK:
        if (v != 0 && v != 1)
            return LAPI_ERR_SET_VAL;
        t->error_chk = v;
        return LAPI_SUCCESS;
    case INTERRUPT_SET:
        if (v != 0 && v != 1)
            return LAPI_ERR_SET_VAL;
        t->interrupt = v;
        if (v && t->rxq && lx_can_dispatch(t))
            lx_dispatch_soon(t);
        return LAPI_SUCCESS;
    case TIMEOUT:
        if (v < MIN_TIMEOUT_S || v > MAX_TIMEOUT_S)
            return LAPI_ERR_SET_VAL;
        t->timeout = v;
        return LAPI_SUCCESS;
    case ACK_THRESHOLD:
        if (v < 1 || v > 30)
            return LAPI_ERR_SET_VAL;
        t->ack_threshold = v;
        return LAPI_SUCCESS;
    default:
        return LAPI_ERR_QUERY_TYPE;
    }
}

int LAPI_Senv(lapi_handle_t hndl, lapi_query_t query_, int set_val)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Senv", LX_SITE(), hndl, LX_LOCAL);
    if (rc == LAPI_SUCCESS)
        rc = set_env(c.t, query_, set_val);
    return lx_end(&c, rc);
}
