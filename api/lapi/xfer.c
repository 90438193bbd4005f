/* api/lapi/xfer: the data-transfer routines (Put, Get, Putv, Getv, Amsend,
 * Amsendv, Rmw, Rmw64, Xfer).  Each checks its arguments in a fixed order
 * and returns the first documented code that applies, or starts one
 * operation (proto.c) and returns LAPI_SUCCESS at once.
 *
 * Counters: org_cntr when the origin's buffers may be reused (Put, Amsend:
 * at injection) or the data has arrived (Get, Rmw: at the reply);
 * tgt_cntr at the target when the data has landed (Put), the target
 * buffer has been read (Get), or the completion handler has returned (AM);
 * cmpl_cntr back at the origin once the target side is complete.  Every
 * counter may be NULL; zero-byte transfers count like others. */
#include "lapi_impl.h"

#include <stdlib.h>

/* Small integers name LAPI_Addr_set entries; the first 64 KiB of the
 * address space is never mapped, so no code address is that small. */
#define LX_MAX_INDEX_VALUE 65536

static int check_tgt(lx_task_t *t, uint tgt)
{
    if (tgt >= (uint)sim_npes())
        return LAPI_ERR_TGT;
    lx_peer_t *p = lx_peer_find(t, (int)tgt);
    return p && p->purged ? LAPI_ERR_TGT_PURGED : LAPI_SUCCESS;
}

static lx_seg_t *one_seg(void *home, size_t len, int *n)
{
    *n = len ? 1 : 0;
    lx_seg_t *s = sim_xmalloc(sizeof *s);
    s->home = home;
    s->len = len;
    return s;
}

static void *local_home(lx_task_t *t, const void *p)
{
    return p ? sim_mem_home(t->id, p) : NULL;
}

static void *remote_home(int tgt, const void *p)
{
    return p ? lx_remote_home(tgt, p) : NULL;
}

static lx_t *start(lx_call_t *c, lx_kind_t kind, uint tgt)
{
    sim_charge(sim_net_params()->overhead_ns);
    lx_t *x = lx_new(kind, c->t->id, (int)tgt);
    x->what = c->name;
    x->site = c->site;
    return x;
}

static void send_op(lx_call_t *c, lx_t *x, size_t wire)
{
    lx_race_issue(c, x);
    lx_op_start(c->t, x);
    lx_send(x, wire);
}

/* ---- Put / Get ---- */

typedef struct xfer_args {
    uint tgt;
    lx_seg_t *from, *to;     /* owned; given to the message */
    int nfrom, nto;
    size_t len;
    const void *tgt_cntr;    /* target address */
    lapi_cntr_t *org_cntr, *cmpl_cntr;
    scompl_hndlr_t *shdlr;
    void *sinfo;
    compl_hndlr_t *chndlr;
    void *cinfo;
} xfer_args_t;

static void do_put(lx_call_t *c, xfer_args_t *a)
{
    lx_t *x = start(c, LX_PUT, a->tgt);
    x->from = a->from;
    x->nfrom = a->nfrom;
    x->to = a->to;
    x->nto = a->nto;
    x->len = a->len;
    x->tgt_cntr = remote_home((int)a->tgt, a->tgt_cntr);
    x->org_cntr = local_home(c->t, a->org_cntr);
    x->cmpl_cntr = local_home(c->t, a->cmpl_cntr);
    x->shdlr = a->shdlr;
    x->sinfo = a->sinfo;
    send_op(c, x, a->len);
}

static void do_get(lx_call_t *c, xfer_args_t *a)
{
    lx_t *x = start(c, LX_GET_REQ, a->tgt);
    x->from = a->from; /* read at the target */
    x->nfrom = a->nfrom;
    x->to = a->to;     /* written here */
    x->nto = a->nto;
    x->len = a->len;
    x->tgt_cntr = remote_home((int)a->tgt, a->tgt_cntr);
    x->org_cntr = local_home(c->t, a->org_cntr);
    x->chndlr = a->chndlr;
    x->cinfo = a->cinfo;
    send_op(c, x, 0);
}

static int check_contig(lx_call_t *c, uint tgt, ulong len, const void *tgt_addr,
                        const void *org_addr)
{
    int rc = check_tgt(c->t, tgt);
    if (rc == LAPI_SUCCESS && len > LAPI_MAX_MSG_SZ)
        rc = LAPI_ERR_DATA_LEN;
    if (rc == LAPI_SUCCESS && len && !org_addr)
        rc = LAPI_ERR_ORG_ADDR_NULL;
    if (rc == LAPI_SUCCESS && len && !tgt_addr)
        rc = LAPI_ERR_TGT_ADDR_NULL;
    return rc;
}

static int put_contig(lx_call_t *c, xfer_args_t *a, const void *tgt_addr, const void *org_addr)
{
    int rc = check_contig(c, a->tgt, a->len, tgt_addr, org_addr);
    if (rc != LAPI_SUCCESS)
        return rc;
    a->from = one_seg(local_home(c->t, org_addr), a->len, &a->nfrom);
    a->to = one_seg(tgt_addr ? lx_remote_range((int)a->tgt, tgt_addr, a->len, 1) : NULL,
                    a->len, &a->nto);
    do_put(c, a);
    return LAPI_SUCCESS;
}

static int get_contig(lx_call_t *c, xfer_args_t *a, const void *tgt_addr, void *org_addr)
{
    int rc = check_contig(c, a->tgt, a->len, tgt_addr, org_addr);
    if (rc != LAPI_SUCCESS)
        return rc;
    a->from = one_seg(tgt_addr ? lx_remote_range((int)a->tgt, tgt_addr, a->len, 0) : NULL,
                      a->len, &a->nfrom);
    a->to = one_seg(local_home(c->t, org_addr), a->len, &a->nto);
    do_get(c, a);
    return LAPI_SUCCESS;
}

int LAPI_Put(lapi_handle_t hndl, uint tgt, ulong len, void *tgt_addr, void *org_addr,
             lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Put", LX_SITE(), hndl, LX_COMM);
    if (rc == LAPI_SUCCESS) {
        xfer_args_t a = {.tgt = tgt, .len = len, .tgt_cntr = tgt_cntr, .org_cntr = org_cntr,
                         .cmpl_cntr = cmpl_cntr};
        rc = put_contig(&c, &a, tgt_addr, org_addr);
    }
    return lx_end(&c, rc);
}

int LAPI_Get(lapi_handle_t hndl, uint tgt, ulong len, void *tgt_addr, void *org_addr,
             lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Get", LX_SITE(), hndl, LX_COMM);
    if (rc == LAPI_SUCCESS) {
        xfer_args_t a = {.tgt = tgt, .len = len, .tgt_cntr = tgt_cntr, .org_cntr = org_cntr};
        rc = get_contig(&c, &a, tgt_addr, org_addr);
    }
    return lx_end(&c, rc);
}

/* ---- Putv / Getv ---- */

static int putv(lx_call_t *c, xfer_args_t *a, lapi_vec_t *tv, lapi_vec_t *ov)
{
    int rc = check_tgt(c->t, a->tgt);
    if (rc == LAPI_SUCCESS)
        rc = lx_vec_pair_check(tv, ov);
    if (rc != LAPI_SUCCESS)
        return rc;
    a->from = lx_vec_segs(ov, c->t->id, 0, &a->nfrom);
    a->to = lx_vec_segs(tv, (int)a->tgt, LX_SEG_WRITE, &a->nto);
    a->len = lx_vec_bytes(ov);
    do_put(c, a);
    return LAPI_SUCCESS;
}

static int getv(lx_call_t *c, xfer_args_t *a, lapi_vec_t *tv, lapi_vec_t *ov)
{
    int rc = check_tgt(c->t, a->tgt);
    if (rc == LAPI_SUCCESS)
        rc = lx_vec_pair_check(tv, ov);
    if (rc != LAPI_SUCCESS)
        return rc;
    a->from = lx_vec_segs(tv, (int)a->tgt, LX_SEG_READ, &a->nfrom);
    a->to = lx_vec_segs(ov, c->t->id, 0, &a->nto);
    a->len = lx_vec_bytes(tv);
    do_get(c, a);
    return LAPI_SUCCESS;
}

int LAPI_Putv(lapi_handle_t hndl, uint tgt, lapi_vec_t *tgt_vec, lapi_vec_t *org_vec,
              lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Putv", LX_SITE(), hndl, LX_COMM);
    if (rc == LAPI_SUCCESS) {
        xfer_args_t a = {.tgt = tgt, .tgt_cntr = tgt_cntr, .org_cntr = org_cntr,
                         .cmpl_cntr = cmpl_cntr};
        rc = putv(&c, &a, tgt_vec, org_vec);
    }
    return lx_end(&c, rc);
}

int LAPI_Getv(lapi_handle_t hndl, uint tgt, lapi_vec_t *tgt_vec, lapi_vec_t *org_vec,
              lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Getv", LX_SITE(), hndl, LX_COMM);
    if (rc == LAPI_SUCCESS) {
        xfer_args_t a = {.tgt = tgt, .tgt_cntr = tgt_cntr, .org_cntr = org_cntr};
        rc = getv(&c, &a, tgt_vec, org_vec);
    }
    return lx_end(&c, rc);
}

/* ---- Amsend / Amsendv ---- */

typedef struct am_args {
    uint tgt;
    void *hdr_hdl;
    void *uhdr;
    uint uhdr_len;
    int lw;                  /* LAPI_AM_LW_XFER */
    int vector;              /* Amsendv: uhdr rules of its page */
} am_args_t;

/* hdr_hdl, uhdr and the target, common to every active message. */
static int check_am(lx_call_t *c, const am_args_t *a)
{
    int rc = check_tgt(c->t, a->tgt);
    if (rc != LAPI_SUCCESS)
        return rc;
    uintptr_t h = (uintptr_t)a->hdr_hdl;
    if (h == 0)
        return LAPI_ERR_HDR_HNDLR_NULL;
    if (h >= LX_ADDRTBL && h < LX_MAX_INDEX_VALUE)
        return LAPI_ERR_ADDR_HNDL_RANGE;
    if (a->uhdr_len && !a->uhdr)
        return LAPI_ERR_UHDR_NULL;
    if (a->uhdr_len > (uint)lx_max_uhdr())
        return LAPI_ERR_UHDR_LEN;
    if (c->t->error_chk && a->uhdr_len % 8 != 0)
        return a->vector ? LAPI_ERR_UHDR_LEN : LAPI_ERR_HDR_LEN;
    return LAPI_SUCCESS;
}

static lx_t *start_am(lx_call_t *c, const am_args_t *a, xfer_args_t *d)
{
    lx_t *x = start(c, LX_AM, a->tgt);
    uintptr_t h = (uintptr_t)a->hdr_hdl;
    if (h < LX_ADDRTBL)
        x->hdr_index = (int)h;
    else
        x->hdr = lx_remote_home((int)a->tgt, a->hdr_hdl); /* its own copy: the target's */
    x->uhdr_home = local_home(c->t, a->uhdr);
    x->uhdr_len = a->uhdr_len;
    x->lw = a->lw;
    x->from = d->from;
    x->nfrom = d->nfrom;
    x->len = d->len;
    x->tgt_cntr = remote_home((int)a->tgt, d->tgt_cntr);
    x->org_cntr = local_home(c->t, d->org_cntr);
    x->cmpl_cntr = local_home(c->t, d->cmpl_cntr);
    x->shdlr = d->shdlr;
    x->sinfo = d->sinfo;
    return x;
}

static int amsend(lx_call_t *c, const am_args_t *a, xfer_args_t *d, const void *udata)
{
    int rc = check_am(c, a);
    if (rc == LAPI_SUCCESS && d->len > LAPI_MAX_MSG_SZ)
        rc = LAPI_ERR_DATA_LEN;
    if (rc == LAPI_SUCCESS && d->len && !udata)
        rc = LAPI_ERR_ORG_ADDR_NULL;
    if (rc == LAPI_SUCCESS && a->lw && (uint64_t)a->uhdr_len + d->len > sim_net_params()->packet_bytes)
        rc = LAPI_ERR_LW_DATA_LEN;
    if (rc == LAPI_SUCCESS && a->lw && (uintptr_t)a->hdr_hdl < LX_ADDRTBL &&
        !c->t->addr_tab[(uintptr_t)a->hdr_hdl])
        rc = LAPI_ERR_NO_HNDLR_SET;
    if (rc != LAPI_SUCCESS)
        return rc;
    d->from = one_seg(local_home(c->t, udata), d->len, &d->nfrom);
    lx_t *x = start_am(c, a, d);
    if (a->lw) {
        /* A lightweight message is copied at the call, as real LAPI does:
         * uhdr and udata may be reused as soon as LAPI_Xfer returns, and
         * org_cntr says so at once. */
        lx_capture(c->t->id, x);
        lx_cntr_add(c->t->id, x->org_cntr, 1, c->t->id, x, "org_cntr");
        x->org_cntr = NULL;
    }
    send_op(c, x, a->uhdr_len + d->len);
    return LAPI_SUCCESS;
}

static int amsendv(lx_call_t *c, const am_args_t *a, xfer_args_t *d, lapi_vec_t *ov)
{
    int rc = check_am(c, a);
    if (rc == LAPI_SUCCESS)
        rc = lx_vec_check(ov, 1);
    if (rc != LAPI_SUCCESS)
        return rc;
    d->from = lx_vec_segs(ov, c->t->id, 0, &d->nfrom);
    d->len = lx_vec_bytes(ov);
    lx_t *x = start_am(c, a, d);
    x->vector = 1;
    x->vtype = ov->vec_type;
    x->vnum = ov->num_vecs;
    x->vlen = lx_vec_lens(ov);
    send_op(c, x, a->uhdr_len + d->len);
    return LAPI_SUCCESS;
}

int LAPI_Amsend(lapi_handle_t hndl, uint tgt, void *hdr_hdl, void *uhdr, uint uhdr_len,
                void *udata, ulong udata_len, lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr,
                lapi_cntr_t *cmpl_cntr)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Amsend", LX_SITE(), hndl, LX_COMM);
    if (rc == LAPI_SUCCESS) {
        am_args_t a = {tgt, hdr_hdl, uhdr, uhdr_len, 0, 0};
        xfer_args_t d = {.tgt = tgt, .len = udata_len, .tgt_cntr = tgt_cntr,
                         .org_cntr = org_cntr, .cmpl_cntr = cmpl_cntr};
        rc = amsend(&c, &a, &d, udata);
    }
    return lx_end(&c, rc);
}

int LAPI_Amsendv(lapi_handle_t hndl, uint tgt, void *hdr_hdl, void *uhdr, uint uhdr_len,
                 lapi_vec_t *org_vec, lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr,
                 lapi_cntr_t *cmpl_cntr)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Amsendv", LX_SITE(), hndl, LX_COMM);
    if (rc == LAPI_SUCCESS) {
        am_args_t a = {tgt, hdr_hdl, uhdr, uhdr_len, 0, 1};
        xfer_args_t d = {.tgt = tgt, .tgt_cntr = tgt_cntr, .org_cntr = org_cntr,
                         .cmpl_cntr = cmpl_cntr};
        rc = amsendv(&c, &a, &d, org_vec);
    }
    return lx_end(&c, rc);
}

/* ---- Rmw ---- */

typedef struct rmw_args {
    int op;
    uint tgt;
    int size;               /* 32 or 64 */
    void *tgt_var;
    const void *in_val;
    void *prev;
    lapi_cntr_t *org_cntr;
    scompl_hndlr_t *shdlr;
    void *sinfo;
} rmw_args_t;

static int rmw(lx_call_t *c, const rmw_args_t *a)
{
    int rc = check_tgt(c->t, a->tgt);
    if (rc == LAPI_SUCCESS && (a->op < FETCH_AND_ADD || a->op > COMPARE_AND_SWAP))
        rc = LAPI_ERR_RMW_OP;
    if (rc == LAPI_SUCCESS && a->size != 32 && a->size != 64)
        rc = LAPI_ERR_OP_SZ;
    if (rc == LAPI_SUCCESS && !a->tgt_var)
        rc = LAPI_ERR_TGT_VAR_NULL;
    if (rc == LAPI_SUCCESS && !a->in_val)
        rc = LAPI_ERR_IN_VAL_NULL;
    if (rc != LAPI_SUCCESS)
        return rc;
    lx_t *x = start(c, LX_RMW_REQ, a->tgt);
    int nin = a->op == COMPARE_AND_SWAP ? 2 : 1;
    for (int i = 0; i < nin; i++)
        x->in[i] = a->size == 64 ? ((const long long *)a->in_val)[i] : ((const int *)a->in_val)[i];
    x->op = a->op;
    x->size = a->size;
    x->var = lx_remote_range((int)a->tgt, a->tgt_var, (size_t)a->size / 8, 1);
    x->prev = local_home(c->t, a->prev);
    x->org_cntr = local_home(c->t, a->org_cntr);
    x->shdlr = a->shdlr;
    x->sinfo = a->sinfo;
    send_op(c, x, (size_t)(a->size / 8 * nin));
    return LAPI_SUCCESS;
}

int LAPI_Rmw(lapi_handle_t hndl, RMW_ops_t op, uint tgt, int *tgt_var, int *in_val,
             int *prev_tgt_val, lapi_cntr_t *org_cntr)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Rmw", LX_SITE(), hndl, LX_COMM);
    if (rc == LAPI_SUCCESS) {
        rmw_args_t a = {op, tgt, 32, tgt_var, in_val, prev_tgt_val, org_cntr, NULL, NULL};
        rc = rmw(&c, &a);
    }
    return lx_end(&c, rc);
}

int LAPI_Rmw64(lapi_handle_t hndl, RMW_ops_t op, uint tgt, long long *tgt_var,
               long long *in_val, long long *prev_tgt_val, lapi_cntr_t *org_cntr)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Rmw64", LX_SITE(), hndl, LX_COMM);
    if (rc == LAPI_SUCCESS) {
        rmw_args_t a = {op, tgt, 64, tgt_var, in_val, prev_tgt_val, org_cntr, NULL, NULL};
        rc = rmw(&c, &a);
    }
    return lx_end(&c, rc);
}

/* ---- Xfer ---- */

static void *ptr(lapi_long_t v)
{
    return (void *)(uintptr_t)v;
}

static int xfer(lx_call_t *c, lapi_xfer_t *x)
{
    switch (x->Xfer_type) {
    case LAPI_GET_XFER: {
        lapi_get_t *g = &x->Get;
        xfer_args_t a = {.tgt = g->tgt, .len = g->len, .tgt_cntr = ptr(g->tgt_cntr),
                         .org_cntr = g->org_cntr, .chndlr = g->chndlr, .cinfo = g->cinfo};
        return get_contig(c, &a, ptr(g->tgt_addr), g->org_addr);
    }
    case LAPI_PUT_XFER: {
        lapi_put_t *p = &x->Put;
        xfer_args_t a = {.tgt = p->tgt, .len = p->len, .tgt_cntr = ptr(p->tgt_cntr),
                         .org_cntr = p->org_cntr, .cmpl_cntr = p->cmpl_cntr,
                         .shdlr = p->shdlr, .sinfo = p->sinfo};
        return put_contig(c, &a, ptr(p->tgt_addr), p->org_addr);
    }
    case LAPI_AM_XFER:
    case LAPI_AM_LW_XFER: {
        lapi_am_t *m = &x->Am;
        am_args_t a = {m->tgt, ptr(m->hdr_hdl), m->uhdr, m->uhdr_len,
                       x->Xfer_type == LAPI_AM_LW_XFER, 0};
        xfer_args_t d = {.tgt = m->tgt, .len = m->udata_len, .tgt_cntr = ptr(m->tgt_cntr),
                         .org_cntr = m->org_cntr, .cmpl_cntr = m->cmpl_cntr,
                         .shdlr = m->shdlr, .sinfo = m->sinfo};
        return amsend(c, &a, &d, m->udata);
    }
    case LAPI_GETV_XFER: {
        lapi_getv_t *g = &x->Getv;
        xfer_args_t a = {.tgt = g->tgt, .tgt_cntr = ptr(g->tgt_cntr), .org_cntr = g->org_cntr,
                         .chndlr = g->chndlr, .cinfo = g->cinfo};
        return getv(c, &a, g->tgt_vec, g->org_vec);
    }
    case LAPI_PUTV_XFER: {
        lapi_putv_t *p = &x->Putv;
        xfer_args_t a = {.tgt = p->tgt, .tgt_cntr = ptr(p->tgt_cntr), .org_cntr = p->org_cntr,
                         .cmpl_cntr = p->cmpl_cntr, .shdlr = p->shdlr, .sinfo = p->sinfo};
        return putv(c, &a, p->tgt_vec, p->org_vec);
    }
    case LAPI_AMV_XFER: {
        lapi_amv_t *m = &x->Amv;
        am_args_t a = {m->tgt, ptr(m->hdr_hdl), m->uhdr, m->uhdr_len, 0, 1};
        xfer_args_t d = {.tgt = m->tgt, .tgt_cntr = ptr(m->tgt_cntr), .org_cntr = m->org_cntr,
                         .cmpl_cntr = m->cmpl_cntr, .shdlr = m->shdlr, .sinfo = m->sinfo};
        return amsendv(c, &a, &d, m->org_vec);
    }
    case LAPI_RMW_XFER: {
        lapi_rmw_t *r = &x->Rmw;
        rmw_args_t a = {r->op, r->tgt, (int)r->size, ptr(r->tgt_var), r->in_val,
                        r->prev_tgt_val, r->org_cntr, r->shdlr, r->sinfo};
        return rmw(c, &a);
    }
    default:
        return LAPI_ERR_XFER_CMD; /* DGSP, RDMA, AMX, multicast: not simulated */
    }
}

int LAPI_Xfer(lapi_handle_t hndl, lapi_xfer_t *xfer_cmd)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Xfer", LX_SITE(), hndl, LX_COMM);
    if (rc == LAPI_SUCCESS)
        rc = xfer_cmd ? xfer(&c, xfer_cmd) : LAPI_ERR_XFER_CMD;
    return lx_end(&c, rc);
}
