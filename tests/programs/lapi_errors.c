/* Provokes every LAPI return code the interface documents for the
 * simulated routines, each in the situation its documentation describes,
 * and checks the code: prints "provoked NAME (routine)" per case, or
 * "MISMATCH ..." when another code came back.  Also checks LAPI_Msg_string
 * for every code 400..528.  Run with 2 or more tasks; task 0 does the
 * work, task 1 helps with the recovery (wstatus) cases.
 *
 * The cases that need two contexts of one task (MULTIPLE_WAITERS,
 * POLLING_NET, TGT_PURGED from Nopoll_wait) use a completion handler of
 * an active message task 0 sends to itself. */
#include <lapi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_TASKS 1024

lapi_handle_t h;
int me, n, errors;
lapi_cntr_t c_main, c_flag, c_wst, c_done; /* c_done: a completion handler stored ctx_rc */
int ctx_rc = -1;                       /* what the completion handler's call returned */
int st[1];                             /* wstatus of task 1 */
void *wst_addr[MAX_TASKS];

static void expect(const char *name, const char *what, int want, int got, int line)
{
    if (got == want) {
        printf("provoked %s (%s)\n", name, what);
    } else {
        printf("MISMATCH line %d: %s wanted from %s, got %d\n", line, name, what, got);
        errors++;
    }
}
#define EXPECT(want, call) expect(#want, #call, want, (call), __LINE__)

/* ---- completion handlers run by the self-sent active messages ---- */

void ch_wait_same(lapi_handle_t *hp, void *info)
{
    (void)info;
    ctx_rc = LAPI_Waitcntr(*hp, &c_main, 1, NULL);
    LAPI_Setcntr(*hp, &c_main, 1); /* lets the main program go on */
}

void ch_nopoll_same(lapi_handle_t *hp, void *info)
{
    (void)info;
    ctx_rc = LAPI_Nopoll_wait(*hp, &c_main, 1, NULL);
    LAPI_Setcntr(*hp, &c_main, 1);
}

void ch_msgpoll(lapi_handle_t *hp, void *info)
{
    (void)info;
    lapi_msg_info_t mi;
    LAPI_Setcntr(*hp, &c_flag, 1); /* the main program may start polling */
    usleep(10);
    ctx_rc = LAPI_Msgpoll(*hp, 1, &mi);
    LAPI_Setcntr(*hp, &c_done, 1); /* ctx_rc is the main program's to read */
}

void ch_purge(lapi_handle_t *hp, void *info)
{
    (void)info;
    ctx_rc = LAPI_Purge_totask(*hp, 1);
    LAPI_Setcntr(*hp, &c_done, 1);
}

compl_hndlr_t *next_ch;

void *self_hdr(lapi_handle_t *hp, void *uhdr, uint *uhdr_len, ulong *msg_len,
               compl_hndlr_t **comp, void **uinfo)
{
    (void)hp; (void)uhdr; (void)uhdr_len; (void)msg_len;
    *comp = next_ch;
    *uinfo = NULL;
    return NULL;
}

static void self_am(compl_hndlr_t *ch)
{
    next_ch = ch;
    ctx_rc = -1;
    int rc = LAPI_Amsend(h, (uint)me, (void *)self_hdr, NULL, 0, NULL, 0, NULL, NULL, NULL);
    if (rc != LAPI_SUCCESS)
        errors++;
}

/* ---- the cases ---- */

static void before_init(void)
{
    int v;
    lapi_info_t info;
    lapi_extend_t ext;
    lapi_udp_t addrs[MAX_TASKS];
    char buf[LAPI_MAX_ERR_STRING];
    ulong ra;
    EXPECT(LAPI_ERR_HNDL_INVALID, LAPI_Qenv(0, TASK_ID, &v));
    EXPECT(LAPI_SUCCESS, LAPI_Msg_string(LAPI_ERR_TGT, buf)); /* allowed before Init */
    EXPECT(LAPI_SUCCESS, LAPI_Address(&v, &ra));
    EXPECT(LAPI_ERR_ORG_ADDR_NULL, LAPI_Address(NULL, &ra));
    EXPECT(LAPI_ERR_TGT_ADDR_NULL, LAPI_Address(&v, NULL));
    EXPECT(LAPI_ERR_INFO_NULL, LAPI_Init(&h, NULL));
    memset(&info, 0, sizeof info);
    info.info6 = 1;
    EXPECT(LAPI_ERR_INFO_NONZERO, LAPI_Init(&h, &info));
    memset(&info, 0, sizeof info);
    memset(&ext, 0, sizeof ext);
    info.add_info = &ext;
    EXPECT(LAPI_ERR_NO_UDP_HNDLR, LAPI_Init(&h, &info));
    memset(addrs, 0, sizeof addrs);
    ext.add_udp_addrs = addrs;
    ext.num_udp_addr = 99999; /* not one entry per task */
    EXPECT(LAPI_ERR_UDP_PORT_INFO, LAPI_Init(&h, &info));
    EXPECT(LAPI_ERR_RET_PTR_NULL, LAPI_Init(NULL, &info));
}

static void setup_errors(void)
{
    int v;
    char buf[LAPI_MAX_ERR_STRING];
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    lapi_handle_t h2;
    EXPECT(LAPI_ERR_ALL_HNDL_IN_USE, LAPI_Init(&h2, &info));
    EXPECT(LAPI_ERR_HNDL_INVALID, LAPI_Qenv(h + 7, TASK_ID, &v));
    EXPECT(LAPI_ERR_QUERY_TYPE, LAPI_Qenv(h, LAST_QUERY, &v));
    EXPECT(LAPI_ERR_RET_PTR_NULL, LAPI_Qenv(h, TASK_ID, NULL));
    EXPECT(LAPI_ERR_SET_VAL, LAPI_Senv(h, ERROR_CHK, 2));
    EXPECT(LAPI_ERR_SET_VAL, LAPI_Senv(h, INTERRUPT_SET, -1));
    EXPECT(LAPI_ERR_SET_VAL, LAPI_Senv(h, ACK_THRESHOLD, 31));
    EXPECT(LAPI_ERR_QUERY_TYPE, LAPI_Senv(h, TASK_ID, 1));
    EXPECT(LAPI_ERR_CODE_UNKNOWN, LAPI_Msg_string(12345, buf));
    EXPECT(LAPI_ERR_RET_PTR_NULL, LAPI_Msg_string(LAPI_ERR_TGT, NULL));
    lapi_util_t u;
    memset(&u, 0, sizeof u);
    u.Util_type = LAPI_REGISTER_DGSP;
    EXPECT(LAPI_ERR_UTIL_CMD, LAPI_Util(h, &u));
    /* RDMA's remote context: its types exist, the utility is refused */
    lapi_remote_cxt_t rc;
    memset(&rc, 0, sizeof rc);
    rc.Util_type = LAPI_REMOTE_RCXT;
    rc.dest = 0;
    EXPECT(LAPI_ERR_UTIL_CMD, LAPI_Util(h, (lapi_util_t *)&rc));
    lapi_user_cxt_t rcxt = rc.usr_rcxt;
    (void)rcxt;
    EXPECT(LAPI_ERR_ADDR_HNDL_RANGE, LAPI_Addr_set(h, (void *)self_hdr, 0));
    EXPECT(LAPI_ERR_ADDR_HNDL_RANGE, LAPI_Addr_set(h, (void *)self_hdr, 100000));
    void *a;
    EXPECT(LAPI_ERR_ADDR_HNDL_RANGE, LAPI_Addr_get(h, &a, -1));
    EXPECT(LAPI_ERR_RET_PTR_NULL, LAPI_Addr_get(h, NULL, 1));
    EXPECT(LAPI_ERR_ADDR_TBL_NULL, LAPI_Address_init(h, &v, NULL));
    EXPECT(LAPI_ERR_ADDR_TBL_NULL, LAPI_Address_init64(h, 0, NULL));
}

static char buf_a[64], buf_b[64];

static void contiguous_errors(void)
{
    ulong big = (ulong)LAPI_MAX_MSG_SZ + 1;
    EXPECT(LAPI_ERR_TGT, LAPI_Put(h, (uint)n, 8, buf_a, buf_b, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_DATA_LEN, LAPI_Put(h, 1, big, buf_a, buf_b, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_ADDR_NULL, LAPI_Put(h, 1, 8, buf_a, NULL, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_TGT_ADDR_NULL, LAPI_Put(h, 1, 8, NULL, buf_b, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_TGT, LAPI_Get(h, (uint)n + 3, 8, buf_a, buf_b, NULL, NULL));
    EXPECT(LAPI_ERR_DATA_LEN, LAPI_Get(h, 1, big, buf_a, buf_b, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_ADDR_NULL, LAPI_Get(h, 1, 8, buf_a, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_TGT_ADDR_NULL, LAPI_Get(h, 1, 8, NULL, buf_b, NULL, NULL));
    /* A zero-length transfer may name no buffers. */
    EXPECT(LAPI_SUCCESS, LAPI_Put(h, 1, 0, NULL, NULL, NULL, NULL, NULL));
}

static void vector_errors(void)
{
    void *info_ok[2] = {buf_a, buf_a + 8}, *info_null[2] = {buf_a, NULL};
    ulong len_ok[2] = {4, 4}, len_other[2] = {4, 5};
    ulong len_huge[2] = {(ulong)LAPI_MAX_MSG_SZ, 2};
    lapi_vec_t ok = {LAPI_GEN_IOVECTOR, 2, info_ok, len_ok};
    lapi_vec_t badtype = {(lapi_vectype_t)9, 2, info_ok, len_ok};
    lapi_vec_t nulladdr = {LAPI_GEN_IOVECTOR, 2, info_null, len_ok};
    lapi_vec_t huge = {LAPI_GEN_IOVECTOR, 2, info_ok, len_huge};
    lapi_vec_t other_len = {LAPI_GEN_IOVECTOR, 2, info_ok, len_other};
    lapi_vec_t one = {LAPI_GEN_IOVECTOR, 1, info_ok, len_ok};
    lapi_vec_t generic = {LAPI_GEN_GENERIC, 2, info_ok, len_ok};
    void *s_ok[3] = {buf_a, (void *)4, (void *)8};
    void *s_wide[3] = {buf_a, (void *)8, (void *)4};        /* block > stride */
    void *s_null[3] = {NULL, (void *)4, (void *)8};
    void *s_far[3] = {buf_a, (void *)4, (void *)(1UL << 62)}; /* extent > max */
    lapi_vec_t st_ok = {LAPI_GEN_STRIDED_XFER, 4, s_ok, NULL};
    lapi_vec_t st_wide = {LAPI_GEN_STRIDED_XFER, 4, s_wide, NULL};
    lapi_vec_t st_null = {LAPI_GEN_STRIDED_XFER, 4, s_null, NULL};
    lapi_vec_t st_far = {LAPI_GEN_STRIDED_XFER, 4, s_far, NULL};
    void *s_blk[3] = {buf_b, (void *)2, (void *)8};
    lapi_vec_t st_blk = {LAPI_GEN_STRIDED_XFER, 4, s_blk, NULL};

    EXPECT(LAPI_ERR_ORG_VEC_NULL, LAPI_Putv(h, 1, &ok, NULL, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_TGT_VEC_NULL, LAPI_Putv(h, 1, NULL, &ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_VEC_TYPE, LAPI_Putv(h, 1, &ok, &badtype, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_TGT_VEC_TYPE, LAPI_Putv(h, 1, &badtype, &ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_VEC_TYPE_DIFF, LAPI_Putv(h, 1, &generic, &ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_VEC_ADDR, LAPI_Putv(h, 1, &ok, &nulladdr, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_TGT_VEC_ADDR, LAPI_Putv(h, 1, &nulladdr, &ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_VEC_LEN, LAPI_Putv(h, 1, &ok, &huge, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_TGT_VEC_LEN, LAPI_Putv(h, 1, &huge, &ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_VEC_NUM_DIFF, LAPI_Putv(h, 1, &one, &ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_VEC_LEN_DIFF, LAPI_Putv(h, 1, &other_len, &ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_STRIDE, LAPI_Putv(h, 1, &st_ok, &st_wide, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_TGT_STRIDE, LAPI_Putv(h, 1, &st_wide, &st_ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_STRIDE_ORG_VEC_ADDR_NULL, LAPI_Putv(h, 1, &st_ok, &st_null, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_STRIDE_TGT_VEC_ADDR_NULL, LAPI_Putv(h, 1, &st_null, &st_ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_EXTENT, LAPI_Putv(h, 1, &st_ok, &st_far, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_TGT_EXTENT, LAPI_Putv(h, 1, &st_far, &st_ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_VEC_LEN_DIFF, LAPI_Putv(h, 1, &st_blk, &st_ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_VEC_NUM_DIFF, LAPI_Getv(h, 1, &one, &ok, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_VEC_NULL, LAPI_Getv(h, 1, &ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_TGT, LAPI_Getv(h, (uint)n, &ok, &ok, NULL, NULL));
    /* The seed's Amsendv list. */
    EXPECT(LAPI_ERR_ORG_VEC_NULL, LAPI_Amsendv(h, 1, (void *)self_hdr, NULL, 0, NULL, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_VEC_TYPE, LAPI_Amsendv(h, 1, (void *)self_hdr, NULL, 0, &badtype, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_VEC_ADDR, LAPI_Amsendv(h, 1, (void *)self_hdr, NULL, 0, &nulladdr, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_VEC_LEN, LAPI_Amsendv(h, 1, (void *)self_hdr, NULL, 0, &huge, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_STRIDE, LAPI_Amsendv(h, 1, (void *)self_hdr, NULL, 0, &st_wide, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_EXTENT, LAPI_Amsendv(h, 1, (void *)self_hdr, NULL, 0, &st_far, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_STRIDE_ORG_VEC_ADDR_NULL, LAPI_Amsendv(h, 1, (void *)self_hdr, NULL, 0, &st_null, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_HDR_HNDLR_NULL, LAPI_Amsendv(h, 1, NULL, NULL, 0, &ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_TGT, LAPI_Amsendv(h, (uint)n, (void *)self_hdr, NULL, 0, &ok, NULL, NULL, NULL));
    long long hdr[200] = {0};
    EXPECT(LAPI_ERR_UHDR_NULL, LAPI_Amsendv(h, 1, (void *)self_hdr, NULL, 8, &ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_UHDR_LEN, LAPI_Amsendv(h, 1, (void *)self_hdr, hdr, 12, &ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_UHDR_LEN, LAPI_Amsendv(h, 1, (void *)self_hdr, hdr, sizeof hdr, &ok, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_HNDL_INVALID, LAPI_Amsendv(h + 1, 1, (void *)self_hdr, NULL, 0, &ok, NULL, NULL, NULL));
}

static void am_errors(void)
{
    long long hdr[200] = {0};
    ulong big = (ulong)LAPI_MAX_MSG_SZ + 1;
    EXPECT(LAPI_ERR_HDR_HNDLR_NULL, LAPI_Amsend(h, 1, NULL, NULL, 0, NULL, 0, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_ADDR_HNDL_RANGE, LAPI_Amsend(h, 1, (void *)300, NULL, 0, NULL, 0, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_UHDR_NULL, LAPI_Amsend(h, 1, (void *)self_hdr, NULL, 16, NULL, 0, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_UHDR_LEN, LAPI_Amsend(h, 1, (void *)self_hdr, hdr, sizeof hdr, NULL, 0, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_HDR_LEN, LAPI_Amsend(h, 1, (void *)self_hdr, hdr, 12, NULL, 0, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_DATA_LEN, LAPI_Amsend(h, 1, (void *)self_hdr, NULL, 0, buf_a, big, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_ORG_ADDR_NULL, LAPI_Amsend(h, 1, (void *)self_hdr, NULL, 0, NULL, 8, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_TGT, LAPI_Amsend(h, (uint)n, (void *)self_hdr, NULL, 0, NULL, 0, NULL, NULL, NULL));
    /* With error checking off, uhdr lengths need not be doubleword multiples. */
    LAPI_Senv(h, ERROR_CHK, 0);
    lapi_cntr_t oc, cc;
    LAPI_Setcntr(h, &oc, 0);
    LAPI_Setcntr(h, &cc, 0);
    EXPECT(LAPI_SUCCESS, LAPI_Amsend(h, (uint)me, (void *)self_hdr, hdr, 4, NULL, 0, NULL, &oc, &cc));
    LAPI_Waitcntr(h, &oc, 1, NULL);
    LAPI_Waitcntr(h, &cc, 1, NULL); /* its header handler has read next_ch */
    LAPI_Senv(h, ERROR_CHK, 1);
}

static void rmw_xfer_errors(void)
{
    int v = 0, in[2] = {0, 1}, prev;
    long long v64 = 0, in64[2] = {0, 1};
    EXPECT(LAPI_ERR_RMW_OP, LAPI_Rmw(h, (RMW_ops_t)7, 1, &v, in, &prev, NULL));
    EXPECT(LAPI_ERR_IN_VAL_NULL, LAPI_Rmw(h, SWAP, 1, &v, NULL, &prev, NULL));
    EXPECT(LAPI_ERR_TGT_VAR_NULL, LAPI_Rmw(h, SWAP, 1, NULL, in, &prev, NULL));
    EXPECT(LAPI_ERR_TGT, LAPI_Rmw(h, SWAP, (uint)n, &v, in, &prev, NULL));
    EXPECT(LAPI_ERR_RMW_OP, LAPI_Rmw64(h, (RMW_ops_t)-1, 1, &v64, in64, NULL, NULL));
    EXPECT(LAPI_ERR_IN_VAL_NULL, LAPI_Rmw64(h, FETCH_AND_ADD, 1, &v64, NULL, NULL, NULL));
    EXPECT(LAPI_ERR_TGT_VAR_NULL, LAPI_Rmw64(h, FETCH_AND_ADD, 1, NULL, in64, NULL, NULL));
    EXPECT(LAPI_ERR_TGT, LAPI_Rmw64(h, FETCH_AND_ADD, (uint)n + 1, &v64, in64, NULL, NULL));
    lapi_xfer_t x;
    memset(&x, 0, sizeof x);
    x.Xfer_type = LAPI_DGSP_XFER;
    EXPECT(LAPI_ERR_XFER_CMD, LAPI_Xfer(h, &x));
    x.Xfer_type = LAPI_LAST_XFER;
    EXPECT(LAPI_ERR_XFER_CMD, LAPI_Xfer(h, &x));
    EXPECT(LAPI_ERR_XFER_CMD, LAPI_Xfer(h, NULL));
    memset(&x, 0, sizeof x);
    x.Rmw.Xfer_type = LAPI_RMW_XFER;
    x.Rmw.op = FETCH_AND_ADD;
    x.Rmw.tgt = 1;
    x.Rmw.size = 16;
    x.Rmw.tgt_var = (lapi_long_t)(uintptr_t)&v;
    x.Rmw.in_val = in;
    EXPECT(LAPI_ERR_OP_SZ, LAPI_Xfer(h, &x));
    memset(&x, 0, sizeof x);
    x.Am.Xfer_type = LAPI_AM_LW_XFER;
    x.Am.tgt = 1;
    x.Am.hdr_hdl = 5; /* nothing registered at 5 */
    x.Am.udata = buf_a;
    x.Am.udata_len = 8;
    EXPECT(LAPI_ERR_NO_HNDLR_SET, LAPI_Xfer(h, &x));
    int pkt;
    LAPI_Qenv(h, MAX_PKT_SZ, &pkt);
    char *lw = calloc((size_t)pkt + 1, 1);
    LAPI_Addr_set(h, (void *)self_hdr, 5);
    x.Am.udata = lw;
    x.Am.udata_len = (ulong)pkt + 1;
    EXPECT(LAPI_ERR_LW_DATA_LEN, LAPI_Xfer(h, &x));
    free(lw);
    x.Am.Xfer_type = LAPI_AM_XFER;
    x.Am.hdr_hdl = 0;
    EXPECT(LAPI_ERR_HDR_HNDLR_NULL, LAPI_Xfer(h, &x));
}

static void counter_errors(void)
{
    int v;
    lapi_msg_info_t mi;
    uint dest[1] = {(uint)n};
    EXPECT(LAPI_ERR_CNTR_NULL, LAPI_Getcntr(h, NULL, &v));
    EXPECT(LAPI_ERR_RET_PTR_NULL, LAPI_Getcntr(h, &c_main, NULL));
    EXPECT(LAPI_ERR_CNTR_NULL, LAPI_Setcntr(h, NULL, 1));
    EXPECT(LAPI_ERR_CNTR_NULL, LAPI_Waitcntr(h, NULL, 1, NULL));
    EXPECT(LAPI_ERR_CNTR_NULL, LAPI_Nopoll_wait(h, NULL, 1, NULL));
    EXPECT(LAPI_ERR_CNTR_VAL, LAPI_Nopoll_wait(h, &c_main, 0, NULL));
    EXPECT(LAPI_ERR_CNTR_NULL, LAPI_Setcntr_wstatus(h, NULL, 1, dest, st));
    EXPECT(LAPI_ERR_RET_PTR_NULL, LAPI_Setcntr_wstatus(h, &c_wst, 1, dest, NULL));
    EXPECT(LAPI_ERR_TGT, LAPI_Setcntr_wstatus(h, &c_wst, 1, dest, st));
    EXPECT(LAPI_ERR_MSG_INFO_NULL, LAPI_Msgpoll(h, 1, NULL));
    EXPECT(LAPI_ERR_TGT, LAPI_Purge_totask(h, (uint)n));
    EXPECT(LAPI_ERR_TGT, LAPI_Resume_totask(h, (uint)n + 9));

    /* Two contexts of this task waiting on one counter. */
    LAPI_Setcntr(h, &c_main, 0);
    self_am(ch_wait_same);
    LAPI_Waitcntr(h, &c_main, 1, NULL);
    EXPECT(LAPI_ERR_MULTIPLE_WAITERS, ctx_rc);
    LAPI_Setcntr(h, &c_main, 0);
    self_am(ch_nopoll_same);
    LAPI_Waitcntr(h, &c_main, 1, NULL);
    EXPECT(LAPI_ERR_MULTIPLE_WAITERS, ctx_rc);
    /* Two contexts polling at once. */
    LAPI_Setcntr(h, &c_flag, 0);
    LAPI_Setcntr(h, &c_done, 0);
    self_am(ch_msgpoll);
    LAPI_Waitcntr(h, &c_flag, 1, NULL);
    LAPI_Fence(h); /* nothing left to complete: Msgpoll keeps polling */
    LAPI_Msgpoll(h, 1000000, &mi);
    LAPI_Waitcntr(h, &c_done, 1, NULL);
    EXPECT(LAPI_ERR_POLLING_NET, ctx_rc);
}

/* Recovery: a wstatus counter records task 1's message, then a purge of
 * task 1 (from the completion thread) ends a Nopoll_wait early. */
static void recovery_errors(void)
{
    void *dummy[MAX_TASKS];
    uint dest[1] = {1};
    if (me == 0)
        EXPECT(LAPI_SUCCESS, LAPI_Setcntr_wstatus(h, &c_wst, 1, dest, st));
    LAPI_Address_init(h, &c_wst, wst_addr);
    if (me == 1)
        LAPI_Put(h, 0, 0, NULL, NULL, wst_addr[0], NULL, NULL);
    if (me == 0) {
        EXPECT(LAPI_SUCCESS, LAPI_Nopoll_wait(h, &c_wst, 1, NULL));
        EXPECT(LAPI_MSG_RECVD, st[0]);
        LAPI_Setcntr(h, &c_done, 0);
        self_am(ch_purge);
        EXPECT(LAPI_ERR_TGT_PURGED, LAPI_Nopoll_wait(h, &c_wst, 1, NULL));
        LAPI_Waitcntr(h, &c_done, 1, NULL);
        EXPECT(LAPI_SUCCESS, ctx_rc);
        EXPECT(LAPI_MSG_PURGED_RCVD, st[0]);
        int v = 0, in = 1;
        EXPECT(LAPI_ERR_TGT_PURGED, LAPI_Put(h, 1, 8, buf_a, buf_b, NULL, NULL, NULL));
        EXPECT(LAPI_ERR_TGT_PURGED, LAPI_Get(h, 1, 8, buf_a, buf_b, NULL, NULL));
        EXPECT(LAPI_ERR_TGT_PURGED, LAPI_Amsend(h, 1, (void *)self_hdr, NULL, 0, NULL, 0, NULL, NULL, NULL));
        void *info_ok[1] = {buf_a};
        ulong len_ok[1] = {4};
        lapi_vec_t ok = {LAPI_GEN_IOVECTOR, 1, info_ok, len_ok};
        EXPECT(LAPI_ERR_TGT_PURGED, LAPI_Amsendv(h, 1, (void *)self_hdr, NULL, 0, &ok, NULL, NULL, NULL));
        EXPECT(LAPI_ERR_TGT_PURGED, LAPI_Rmw(h, SWAP, 1, &v, &in, NULL, NULL));
        EXPECT(LAPI_SUCCESS, LAPI_Resume_totask(h, 1));
        EXPECT(LAPI_SUCCESS, LAPI_Put(h, 1, 8, buf_a, buf_b, NULL, NULL, NULL));
    }
    LAPI_Address_init(h, NULL, dummy);
}

/* Every code 400..528 has a message of at most LAPI_MAX_ERR_STRING bytes. */
static void messages(void)
{
    char buf[LAPI_MAX_ERR_STRING + 64];
    int good = 0;
    for (int code = LAPI_ERR_FIRSTCODE; code <= LAPI_ERR_LASTCODE; code++) {
        memset(buf, 'x', sizeof buf);
        int rc = LAPI_Msg_string(code, buf);
        size_t len = strnlen(buf, sizeof buf);
        if (rc == LAPI_SUCCESS && len > 10 && len < LAPI_MAX_ERR_STRING)
            good++;
        else
            printf("MISMATCH: LAPI_Msg_string(%d) gave %d, '%.40s'\n", code, rc, buf);
    }
    LAPI_Msg_string(LAPI_ERR_ORG_STRIDE, buf);
    printf("messages for %d codes; %s\n", good, buf);
    errors += good != LAPI_ERR_LASTCODE - LAPI_ERR_FIRSTCODE + 1;
}

int main(void)
{
    lapi_info_t info;
    memset(&info, 0, sizeof info);
    n = 2;
    if (getpid() == 10000) /* task 0: provoke the errors of LAPI_Init first */
        before_init();
    if (LAPI_Init(&h, &info) != LAPI_SUCCESS)
        return 2;
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    LAPI_Gfence(h);
    if (me == 0) {
        LAPI_Senv(h, ERROR_CHK, 1); /* (off by default) the uhdr length rules apply */
        setup_errors();
        contiguous_errors();
        vector_errors();
        am_errors();
        rmw_xfer_errors();
        counter_errors();
        messages();
    }
    LAPI_Gfence(h);
    recovery_errors();
    LAPI_Gfence(h);
    EXPECT(LAPI_SUCCESS, LAPI_Term(h));
    if (me == 0) {
        int v;
        EXPECT(LAPI_ERR_HNDL_INVALID, LAPI_Term(h));
        EXPECT(LAPI_ERR_HNDL_INVALID, LAPI_Getcntr(h, &c_main, &v));
        EXPECT(LAPI_ERR_HNDL_INVALID, LAPI_Fence(h));
        EXPECT(LAPI_ERR_HNDL_INVALID, LAPI_Gfence(h));
        EXPECT(LAPI_ERR_HNDL_INVALID, LAPI_Probe(h));
    }
    if (errors == 0)
        printf("task %d ok\n", me);
    return errors != 0;
}
