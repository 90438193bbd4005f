/* lapi.h: the IBM LAPI interface as implemented by shmemsim.
 *
 * Programs written for LAPI include this unchanged and are built with
 * shmemsim-cc; LAPI tasks are the simulator's PEs.  Written for shmemsim
 * from the public description of the interface (names, constant values,
 * routine contracts); it is not IBM's header.
 *
 * The 31 documented routines are declared below, with the types their
 * callers touch.  Every routine returns LAPI_SUCCESS (0) or one of the
 * LAPI_ERR_* codes; LAPI_Msg_string turns a code into text.  Semantics
 * that matter to a program:
 *   - data transfers never block; completion is signalled through
 *     counters (lapi_cntr_t, plain memory of the task that owns them) and
 *     handlers;
 *   - LAPI_Waitcntr waits until a counter reaches a value, then subtracts
 *     that value;
 *   - header handlers run at the target when the first packet arrives and
 *     must not block or communicate; completion handlers run afterwards in
 *     a thread of their own and may do both;
 *   - nothing orders two operations unless LAPI_Fence or LAPI_Gfence
 *     separates them.
 * See README.md, section LAPI, for the simulator's choices and limits. */
#ifndef LAPI_H
#define LAPI_H

#include <netinet/in.h>
#include <pthread.h> /* (as IBM's: its clients use pthread calls without including it) */
#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/* LAPI's prototypes use these BSD names; C11 allows repeating a typedef. */
typedef unsigned int uint;
typedef unsigned long ulong;

#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif

/* ---- Basic types and limits ---- */

typedef unsigned int lapi_handle_t;        /* a LAPI context (opaque) */
#define LAPI_VOID_HANDLE ((lapi_handle_t)-1)
typedef unsigned long long lapi_long_t;    /* 64 bits in every program */
typedef unsigned int css_task_t;           /* a task number */

#define LAPI_ADDR_NULL ((void *)0)
#define LAPI_MAX_ERR_STRING 160            /* LAPI_Msg_string buffer size */
#if defined(__LP64__) || defined(_LP64)
#define LAPI_MAX_MSG_SZ 0x7fffffffffffffffUL
#else
#define LAPI_MAX_MSG_SZ 0x7fffffffUL
#endif

/* A counter: the task that owns it declares it, passes its address, and
 * reads it only through LAPI_Getcntr/LAPI_Waitcntr.  Remote counter
 * arguments are addresses in the target task (from LAPI_Address_init). */
typedef struct {
    volatile int cntr;  /* the value */
    int reserved[3];    /* unused */
} lapi_cntr_t;

/* A condition variable for the LAPI_GET_THREAD_FUNC functions. */
typedef struct {
    volatile int seq;   /* bumped by each signal */
    int reserved[3];    /* unused */
} lapi_cond_t;

/* ---- Initialisation ---- */

typedef unsigned int lapi_dev_t;
/* Flags that may be OR-ed into lapi_info_t.protocol as input. */
#define LAPI_SHARE_PROTOCOL 0x80000000u
#define LAPI_PSS_GPFS       0x40000000u
#define LAPI_INTERRUPT_OFF  0x20000000u   /* start in polling mode */

typedef enum { L1_LIB = 0, L2_LIB, L3_LIB, L4_LIB, LAST_LIB } lapi_lib_t;

typedef enum {
    GET_ERR = 0, PUT_ERR, RMW_ERR, AM_ERR, INT_ERR, TMR_ERR
} lapi_err_t;

/* Called (at the task that noticed it) for an error found asynchronously,
 * e.g. a message whose target has no header handler at the index used. */
typedef void (LAPI_err_hndlr)(lapi_handle_t *hndl, int *error_code, lapi_err_t *err_type,
                              int *task_id, int *src);

typedef struct {
    in_addr_t ip_addr;  /* IP address */
    in_port_t port_no;  /* UDP port */
} lapi_udp_t;

/* Standalone (UDP) start-up: accepted for compatibility and checked for
 * consistency; the simulator needs no addresses. */
typedef int (udp_init_hndlr)(lapi_handle_t *hndl, void *local_addr, void *addr_list, void *info);

typedef struct {
    udp_init_hndlr *udp_hndlr;     /* callback giving the address list, or NULL */
    lapi_udp_t *add_udp_addrs;     /* the address list of every task, or NULL */
    uint num_udp_addr;             /* entries in add_udp_addrs */
    uint pad;
    udp_init_hndlr *udp_ext_hndlr; /* extended callback, or NULL */
    void *add_udp_ext_addrs;       /* extended address list, or NULL */
    ulong reserve[8];
} lapi_extend_t;

typedef struct com_thread_info com_thread_info_t;

/* Zero it, then set what you need (non-zero reserved fields are an error). */
typedef struct {
    lapi_dev_t protocol;               /* in: LAPI_INTERRUPT_OFF etc.; out: device */
    lapi_lib_t lib_vers;               /* library level (L2_LIB for recovery calls) */
    uint epoch_num;                    /* reserved, must be 0 */
    int num_compl_hndlr_thr;           /* ignored */
    uint instance_no;                  /* ignored */
    int info6;                         /* reserved, must be 0 */
    LAPI_err_hndlr *err_hndlr;         /* asynchronous error handler, or NULL */
    com_thread_info_t *lapi_thread_attr; /* ignored */
    void *adapter_name;                /* ignored */
    lapi_extend_t *add_info;           /* standalone start-up information, or NULL */
} lapi_info_t;

/* ---- Queries (LAPI_Qenv, LAPI_Senv) ---- */

typedef enum {
    TASK_ID = 0, NUM_TASKS, MAX_UHDR_SZ, MAX_DATA_SZ, ERROR_CHK, TIMEOUT, MIN_TIMEOUT,
    MAX_TIMEOUT, INTERRUPT_SET, MAX_PORTS, MAX_PKT_SZ, NUM_REX_BUFS, REX_BUF_SZ,
    LOC_ADDRTBL_SZ, EPOCH_NUM, USE_THRESH, RCV_FIFO_SIZE, MAX_ATOM_SIZE, BUF_CP_SIZE,
    MAX_PKTS_OUT, ACK_THRESHOLD, QUERY_SHM_ENABLED, QUERY_SHM_NUM_TASKS, QUERY_SHM_TASKS,
    QUERY_STATISTICS, PRINT_STATISTICS, QUERY_SHM_STATISTICS, QUERY_LOCAL_SEND_STATISTICS,
    BULK_XFER, BULK_MIN_MSG_SIZE, RDMA_REMOTE_RCXT_AVAIL, RDMA_REMOTE_RCXT_TOTAL, RC_MAX_QP,
    RC_QP_IN_USE, RC_QP_USE_LRU, RC_QP_USE_LMC, RC_QP_INIT_SETUP, LAST_QUERY
} lapi_query_t;

/* What QUERY_STATISTICS writes (ret_val points at one). */
typedef struct {
    lapi_long_t Tot_dup_pkt_cnt;
    lapi_long_t Tot_retrans_pkt_cnt;
    lapi_long_t Tot_gho_pkt_cnt;
    lapi_long_t Tot_pkt_sent_cnt;
    lapi_long_t Tot_pkt_recv_cnt;
    lapi_long_t Tot_data_sent;
    lapi_long_t Tot_data_recv;
    lapi_long_t Tot_ack_sent;
    lapi_long_t Tot_ack_recv;
} lapi_statistics_t;

/* ---- Handlers ---- */

/* Completion handler: runs at the target after all data has landed. */
typedef void (compl_hndlr_t)(lapi_handle_t *hndl, void *completion_param);

/* What a header handler may set in lapi_return_info_t. */
typedef int lapi_ret_flags_t;
#define LAPI_NORMAL      0  /* run the completion handler in the completion thread */
#define LAPI_LOCAL_STATE 1  /* run it inline (it must not communicate) */
#define LAPI_SEND_REPLY  2  /* hint; treated as LAPI_NORMAL */
typedef int lapi_ctl_flags_t;
#define LAPI_DELIVER_MSG 0  /* deliver the data into the returned buffer */
#define LAPI_BURY_MSG    1  /* discard the data (return NULL) */
#define LAPI_DROP_PKT    2  /* treated as LAPI_BURY_MSG */
typedef void *lapi_dg_handle_t;

/* The header handler's msg_len argument points at one of these (msg_len
 * first, so a handler declared with ulong *msg_len still works). */
typedef struct {
    ulong msg_len;              /* bytes of user data in the message */
    int MAGIC;                  /* LAPI_RETURN_INFO_MAGIC */
    lapi_ret_flags_t ret_flags; /* out: LAPI_NORMAL, LAPI_LOCAL_STATE, ... */
    lapi_ctl_flags_t ctl_flags; /* out: LAPI_DELIVER_MSG or LAPI_BURY_MSG */
    lapi_dg_handle_t dgsp_handle; /* unused */
    ulong bytes;                /* user data bytes in the first packet */
    int src;                    /* the origin task */
    void *udata_one_pkt_ptr;    /* the user data when the message fits one
                                 * packet, else NULL; valid during the call */
    ulong recv_offset_dgsp_bytes; /* unused */
} lapi_return_info_t;
#define LAPI_RETURN_INFO_MAGIC 0x1a9117f0

/* Header handler for LAPI_Amsend: returns where the user data goes (NULL
 * when there is none or it set LAPI_BURY_MSG); may set *comp_h and *uinfo.
 * uhdr is valid only during the call. */
typedef void *(hdr_hndlr_t)(lapi_handle_t *hndl, void *uhdr, uint *uhdr_len, ulong *msg_len,
                            compl_hndlr_t **comp_h, void **uinfo);

/* Send-completion handler of LAPI_Xfer (replaces waiting on org_cntr). */
typedef struct {
    uint src;           /* the target the message went to */
    uint reason;        /* LAPI_SUCCESS */
    ulong reserve[6];
} lapi_sh_info_t;
typedef void (scompl_hndlr_t)(lapi_handle_t *hndl, void *completion_param, lapi_sh_info_t *info);

/* ---- Vectors ---- */

typedef enum { LAPI_GEN_IOVECTOR = 0, LAPI_GEN_STRIDED_XFER, LAPI_GEN_GENERIC } lapi_vectype_t;

/* IOVECTOR, GENERIC: num_vecs (address, length) pairs in info/len.
 * STRIDED: info[0] = base address, info[1] = block bytes, info[2] = stride
 * bytes, num_vecs = number of blocks, len unused. */
typedef struct {
    lapi_vectype_t vec_type;
    uint num_vecs;
    void **info;
    ulong *len;
} lapi_vec_t;

typedef struct {
    lapi_vectype_t vec_type;
    uint num_vecs;
    lapi_long_t *info;
    lapi_long_t *len;
} lapi_lvec_t;

/* Header handler for LAPI_Amsendv: len_vec holds the origin's num_vecs
 * lengths (the block size repeated, for STRIDED); returns the target
 * vector, which must stay unchanged until the target counter fires. */
typedef lapi_vec_t *(vhdr_hndlr_t)(lapi_handle_t *hndl, void *uhdr, uint *uhdr_len,
                                   ulong *len_vec, compl_hndlr_t **comp_h, void **uinfo);

/* ---- Read-modify-write ---- */

typedef enum { FETCH_AND_ADD = 0, FETCH_AND_OR, SWAP, COMPARE_AND_SWAP } RMW_ops_t;

/* ---- Progress (LAPI_Msgpoll) ---- */

typedef int lapi_msg_state_t;
#define LAPI_COMPLETE       0
#define LAPI_SEND_COMPLETE  1
#define LAPI_RECV_COMPLETE  2
#define LAPI_BOTH_COMPLETE  3
#define LAPI_POLLING_NET    4
#define LAPI_DISP_CNTR      8

typedef struct {
    lapi_msg_state_t status; /* bits above */
    ulong reserve[10];
} lapi_msg_info_t;

/* dest_status entries of LAPI_Setcntr_wstatus. */
#define LAPI_MSG_INITIAL     0
#define LAPI_MSG_RECVD       1
#define LAPI_MSG_PURGED      2
#define LAPI_MSG_PURGED_RCVD 3
#define LAPI_MSG_INVALID     4

/* ---- LAPI_Xfer ---- */

typedef enum {
    LAPI_GET_XFER = 0, LAPI_AM_XFER, LAPI_PUT_XFER, LAPI_GETV_XFER, LAPI_PUTV_XFER,
    LAPI_AMV_XFER, LAPI_RMW_XFER, LAPI_DGSP_XFER, LAPI_RDMA_XFER, LAPI_AM_LW_XFER,
    LAPI_AMX_XFER, LAPI_MC_XFER, LAPI_LAST_XFER
} lapi_xfer_type_t;

/* Xfer flags. */
#define USE_TGT_VEC_TYPE        0x2
#define LAPI_USE_LAZY_ACKS      0x4
#define BUFFER_BOTH_CONTIGUOUS  0x10
#define LAPI_NOT_USE_BULK_XFER  0x20
#define LAPI_USE_BULK_XFER      0x40
#define LAPI_NOT_STRIPE         0x80
#define LAPI_NO_LOCAL_COPY      0x100
#define LAPI_RC_NO_LRU          0x200

typedef struct {
    lapi_xfer_type_t Xfer_type;  /* LAPI_GET_XFER */
    int flags;
    uint tgt;
    lapi_long_t tgt_addr;        /* source, in the target */
    void *org_addr;              /* destination, here */
    ulong len;
    lapi_long_t tgt_cntr;        /* counter in the target, or 0 */
    lapi_cntr_t *org_cntr;
    compl_hndlr_t *chndlr;       /* runs here after the data arrived, or NULL */
    void *cinfo;
} lapi_get_t;

typedef struct {
    lapi_xfer_type_t Xfer_type;  /* LAPI_AM_XFER or LAPI_AM_LW_XFER */
    int flags;
    uint tgt;
    lapi_long_t hdr_hdl;         /* header handler address or LAPI_Addr_set index */
    uint uhdr_len;
    void *uhdr;
    void *udata;
    ulong udata_len;
    scompl_hndlr_t *shdlr;       /* send completion handler, or NULL */
    void *sinfo;
    lapi_long_t tgt_cntr;
    lapi_cntr_t *org_cntr;
    lapi_cntr_t *cmpl_cntr;
} lapi_am_t;

typedef struct {
    lapi_xfer_type_t Xfer_type;  /* LAPI_PUT_XFER */
    int flags;
    uint tgt;
    lapi_long_t tgt_addr;
    void *org_addr;
    ulong len;
    scompl_hndlr_t *shdlr;
    void *sinfo;
    lapi_long_t tgt_cntr;
    lapi_cntr_t *org_cntr;
    lapi_cntr_t *cmpl_cntr;
} lapi_put_t;

typedef struct {
    lapi_xfer_type_t Xfer_type;  /* LAPI_GETV_XFER */
    int flags;
    uint tgt;
    lapi_vec_t *org_vec;         /* destination, here */
    void *tgt_vec;               /* source (a lapi_vec_t, described here) */
    lapi_long_t tgt_cntr;
    lapi_cntr_t *org_cntr;
    compl_hndlr_t *chndlr;
    void *cinfo;
} lapi_getv_t;

typedef struct {
    lapi_xfer_type_t Xfer_type;  /* LAPI_PUTV_XFER */
    int flags;
    uint tgt;
    scompl_hndlr_t *shdlr;
    void *sinfo;
    lapi_vec_t *org_vec;
    void *tgt_vec;               /* a lapi_vec_t */
    lapi_long_t tgt_cntr;
    lapi_cntr_t *org_cntr;
    lapi_cntr_t *cmpl_cntr;
} lapi_putv_t;

typedef struct {
    lapi_xfer_type_t Xfer_type;  /* LAPI_AMV_XFER */
    int flags;
    uint tgt;
    lapi_long_t hdr_hdl;
    uint uhdr_len;
    void *uhdr;
    scompl_hndlr_t *shdlr;
    void *sinfo;
    lapi_vec_t *org_vec;
    lapi_long_t tgt_cntr;
    lapi_cntr_t *org_cntr;
    lapi_cntr_t *cmpl_cntr;
} lapi_amv_t;

typedef struct {
    lapi_xfer_type_t Xfer_type;  /* LAPI_RMW_XFER */
    RMW_ops_t op;
    uint tgt;
    uint size;                   /* 32 or 64 */
    lapi_long_t tgt_var;         /* the variable, in the target */
    void *in_val;                /* operand(s): 1 value, 2 for COMPARE_AND_SWAP */
    void *prev_tgt_val;          /* previous value (or TRUE/FALSE), or NULL */
    lapi_cntr_t *org_cntr;
    scompl_hndlr_t *shdlr;
    void *sinfo;
} lapi_rmw_t;

typedef union {
    lapi_xfer_type_t Xfer_type;
    lapi_get_t Get;
    lapi_am_t Am;
    lapi_put_t Put;
    lapi_getv_t Getv;
    lapi_putv_t Putv;
    lapi_amv_t Amv;
    lapi_rmw_t Rmw;
} lapi_xfer_t;

/* ---- LAPI_Util ---- */

typedef enum {
    LAPI_REGISTER_DGSP = 0, LAPI_RESERVE_DGSP, LAPI_UNRESERVE_DGSP, LAPI_REG_DDM_FUNC,
    LAPI_DGSP_PACK, LAPI_DGSP_UNPACK, LAPI_ADD_UDP_DEST_PORT, LAPI_GET_THREAD_FUNC,
    LAPI_REMOTE_RCXT, LAPI_XLATE_ADDRESS, LAPI_REGISTER_NOTIFICATION, LAPI_TRIGGER_ADD,
    LAPI_TRIGGER_REMOVE, LAPI_ADD_UDP_DEST_EXT, LAPI_STAT_SAVE, LAPI_LAST_UTIL
} lapi_util_type_t;

/* The task's LAPI lock and condition variables, cooperative: a context
 * that waits lets the task's other context (main program or completion
 * thread) run.  Return 0 or an errno value (EBUSY, EPERM, ETIMEDOUT). */
typedef int (lapi_mutex_lock_t)(lapi_handle_t hndl);
typedef int (lapi_mutex_unlock_t)(lapi_handle_t hndl);
typedef int (lapi_mutex_trylock_t)(lapi_handle_t hndl);
/* tid points to a pthread_t: 1 (main program), 2 (completion thread) or 0. */
typedef int (lapi_mutex_getowner_t)(lapi_handle_t hndl, void *tid);
typedef int (lapi_cond_wait_t)(lapi_handle_t hndl, lapi_cond_t *cond);
/* abstime: absolute time of clock_gettime(CLOCK_REALTIME) (virtual). */
typedef int (lapi_cond_timedwait_t)(lapi_handle_t hndl, lapi_cond_t *cond,
                                    struct timespec *abstime);
typedef int (lapi_cond_signal_t)(lapi_handle_t hndl, lapi_cond_t *cond);
typedef int (lapi_cond_init_t)(lapi_handle_t hndl, lapi_cond_t *cond);
typedef int (lapi_cond_destroy_t)(lapi_handle_t hndl, lapi_cond_t *cond);

typedef struct {
    lapi_util_type_t Util_type;  /* LAPI_GET_THREAD_FUNC */
    lapi_mutex_lock_t *mutex_lock;
    lapi_mutex_unlock_t *mutex_unlock;
    lapi_mutex_trylock_t *mutex_trylock;
    lapi_mutex_getowner_t *mutex_getowner;
    lapi_cond_wait_t *cond_wait;
    lapi_cond_timedwait_t *cond_timedwait;
    lapi_cond_signal_t *cond_signal;
    lapi_cond_init_t *cond_init;
    lapi_cond_destroy_t *cond_destroy;
} lapi_thread_func_t;

/* The RDMA utilities' types (LAPI_REMOTE_RCXT: a remote context for
 * RDMA transfers), for programs that declare them whether or not they
 * use RDMA (Global Arrays' ARMCI does).  RDMA itself is not simulated:
 * LAPI_Util refuses LAPI_REMOTE_RCXT, and its operations are not defined. */
typedef uint lapi_user_cxt_t;
typedef struct {
    lapi_util_type_t Util_type;  /* LAPI_REMOTE_RCXT */
    int operation;
    uint dest;
    lapi_user_cxt_t usr_rcxt;
} lapi_remote_cxt_t;

typedef union {
    lapi_util_type_t Util_type;
    lapi_thread_func_t thread;
    char reserved[256];  /* room for the utility types other LAPI versions define */
} lapi_util_t;

/* ---- Return codes ---- */

#define LAPI_SUCCESS 0
#define LAPI_ERR_FIRSTCODE 400
#define LAPI_ERR_UNKNOWN 400
#define LAPI_ERR_ALL_HNDL_IN_USE 401
#define LAPI_ERR_BOTH_NETSTR_SET 402
#define LAPI_ERR_CKPT_LOAD_FAILED 403
#define LAPI_ERR_CSS_LOAD_FAILED 404
#define LAPI_ERR_INFO_NULL 405
#define LAPI_ERR_MSG_API 406
#define LAPI_ERR_NO_NETSTR_SET 407
#define LAPI_ERR_NO_UDP_HNDLR 408
#define LAPI_ERR_HDR_HNDLR_NULL 409
#define LAPI_ERR_PSS_NON_ROOT 410
#define LAPI_WARN_PARM_NULL 411
#define LAPI_ERR_SHM_KE_NOT_LOADED 412
#define LAPI_ERR_TIMEOUT 413
#define LAPI_ERR_REG_TIMER 414
#define LAPI_ERR_UDP_PKT_SZ 415
#define LAPI_ERR_USER_UDP_HNDLR_FAIL 416
#define LAPI_ERR_HNDL_INVALID 417
#define LAPI_ERR_RET_PTR_NULL 418
#define LAPI_ERR_ADDR_HNDL_RANGE 419
#define LAPI_ERR_ADDR_TBL_NULL 420
#define LAPI_ERR_TGT_PURGED 421
#define LAPI_ERR_MULTIPLE_WAITERS 422
#define LAPI_ERR_MEMORY_EXHAUSTED 423
#define LAPI_ERR_INFO_NONZERO 424
#define LAPI_ERR_ORG_ADDR_NULL 425
#define LAPI_ERR_TGT_ADDR_NULL 426
#define LAPI_ERR_DATA_LEN 427
#define LAPI_ERR_TGT 428
#define LAPI_ERR_UHDR_NULL 429
#define LAPI_ERR_UHDR_LEN 430
#define LAPI_ERR_HDR_LEN 431
#define LAPI_ERR_ORG_EXTENT 432
#define LAPI_ERR_ORG_STRIDE 433
#define LAPI_ERR_NO_CONNECTIVITY 434
#define LAPI_ERR_ADAPTERS_DOWN 435
#define LAPI_ERR_RECV_INCOMP 436
#define LAPI_ERR_SEND_INCOMP 437
#define LAPI_ERR_SEND_TIMEOUT 438
#define LAPI_ERR_SHM_SETUP 439
#define LAPI_ERR_ORG_VEC_ADDR 440
#define LAPI_ERR_ORG_VEC_LEN 441
#define LAPI_ERR_ORG_VEC_NULL 442
#define LAPI_ERR_ORG_VEC_TYPE 443
#define LAPI_ERR_STRIDE_ORG_VEC_ADDR_NULL 444
#define LAPI_ERR_STRIDE_TGT_VEC_ADDR_NULL 445
#define LAPI_ERR_TGT_EXTENT 446
#define LAPI_ERR_TGT_STRIDE 447
#define LAPI_ERR_TGT_VEC_ADDR 448
#define LAPI_ERR_TGT_VEC_LEN 449
#define LAPI_ERR_CKPT 450
#define LAPI_ERR_TGT_VEC_NULL 451
#define LAPI_ERR_TGT_VEC_TYPE 452
#define LAPI_ERR_VEC_NUM_DIFF 453
#define LAPI_ERR_VEC_TYPE_DIFF 454
#define LAPI_ERR_VEC_LEN_DIFF 455
#define LAPI_ERR_MSG_INFO_NULL 456
#define LAPI_ERR_POLLING_NET 457
#define LAPI_ERR_CNTR_NULL 458
#define LAPI_ERR_CNTR_VAL 459
#define LAPI_ERR_QUERY_TYPE 460
#define LAPI_ERR_IN_VAL_NULL 461
#define LAPI_ERR_RMW_OP 462
#define LAPI_ERR_TGT_VAR_NULL 463
#define LAPI_ERR_SET_VAL 464
#define LAPI_ERR_DGSP 465
#define LAPI_ERR_DGSP_ATOM 466
#define LAPI_ERR_DGSP_BRANCH 467
#define LAPI_ERR_DGSP_CTL 468
#define LAPI_ERR_DGSP_COPY_SZ 469
#define LAPI_ERR_DGSP_FREE 470
#define LAPI_ERR_DGSP_OPC 471
#define LAPI_ERR_DGSP_REPS 472
#define LAPI_ERR_DGSP_STACK 473
#define LAPI_ERR_OP_SZ 474
#define LAPI_ERR_UDP_PORT_INFO 475
#define LAPI_ERR_XFER_CMD 476
#define LAPI_ERR_UTIL_CMD 477
#define LAPI_ERR_CATALOG_FAIL 478
#define LAPI_ERR_PACK_SZ 479
#define LAPI_ERR_DGSP_OTHER 480
#define LAPI_ERR_UDP_SOCKET 481
#define LAPI_ERR_COLLECTIVE_PSS 482
#define LAPI_ERR_DMA_HNDL 483
#define LAPI_ERR_DMA_TAG 484
/* 485..491: adapter failover conditions */
#define LAPI_ERR_TGT_CONTEXT 492
#define LAPI_ERR_SRC_CONTEXT 493
#define LAPI_ERR_TGT_BUFHNDL 494
#define LAPI_ERR_SRC_BUFHNDL 495
#define LAPI_ERR_TGT_OFFSET 496
#define LAPI_ERR_SRC_OFFSET 497
#define LAPI_ERR_NO_RDMA_RESOURCE 498
#define LAPI_ATT_BULK_ENABLED 499
#define LAPI_ATT_COMM_TIMEOUT 500
#define LAPI_ATT_VERSION 501
/* 502..508: shared-memory attach conditions */
#define LAPI_ATT_PORT_START 509
#define LAPI_ERR_NO_ENV_VAR 510
#define LAPI_ERR_NO_CALLBACK_REG 511
#define LAPI_ERR_NO_CNTR_REG 512
#define LAPI_ERR_XLATE_FAILED 513
#define LAPI_ERR_RDMA_RESOURCES 514
#define LAPI_ERR_LW_DATA_LEN 515
#define LAPI_ERR_NO_HNDLR_SET 516
#define LAPI_ERR_OFFSET_LEN 517
#define LAPI_ERR_RCXT_CANCEL 518
#define LAPI_ERR_CODE_UNKNOWN 519
#define LAPI_ATT_PREEMPT_SETUP_INTERNAL 520
#define LAPI_ERR_DUP_TRIGGER 521
#define LAPI_ERR_TRIGGER_UNKNOWN 522
#define LAPI_ERR_TASK_NUM 523
#define LAPI_ERR_NULL_LIST 524
#define LAPI_ERR_GRP_MEMBER 525
#define LAPI_ERR_NULL_GRP 526
#define LAPI_ERR_GRP 527
#define LAPI_ERR_STAT_SAVE_FAIL 528
#define LAPI_ERR_LASTCODE 528

/* Older names of the same codes, kept for source compatibility. */
#define LAPI_ERR_UNKNOWN_DEVICE 401
#define LAPI_ERR_BAD_PARAMETER 410
#define LAPI_ERR_BAD_FIRST_PARM 425
#define LAPI_ERR_BAD_SECOND_PARM 426
#define LAPI_ERR_BAD_THIRD_PARM 427
#define LAPI_ERR_BAD_FOURTH_PARM 428
#define LAPI_ERR_BAD_FIFTH_PARM 429
#define LAPI_ERR_BAD_SIXTH_PARM 430
#define LAPI_ERR_BAD_SEVENTH_PARM 431
#define LAPI_ERR_BAD_EIGHTH_PARM 432
#define LAPI_ERR_BAD_NINTH_PARM 433
#define LAPI_ERR_CHECKPOINT 450
#define LAPI_ERR_INVALID_SEND_REPLY_TGT 501

/* ---- The routines ---- */

/* Setup and environment */
int LAPI_Init(lapi_handle_t *hndl, lapi_info_t *lapi_info);
int LAPI_Term(lapi_handle_t hndl);
int LAPI_Qenv(lapi_handle_t hndl, lapi_query_t query, int *ret_val);
int LAPI_Senv(lapi_handle_t hndl, lapi_query_t query, int set_val);
int LAPI_Msg_string(int error_code, void *buf);
int LAPI_Util(lapi_handle_t hndl, lapi_util_t *util_p);

/* Data transfer (non-blocking) */
int LAPI_Put(lapi_handle_t hndl, uint tgt, ulong len, void *tgt_addr, void *org_addr,
             lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr);
int LAPI_Get(lapi_handle_t hndl, uint tgt, ulong len, void *tgt_addr, void *org_addr,
             lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr);
int LAPI_Putv(lapi_handle_t hndl, uint tgt, lapi_vec_t *tgt_vec, lapi_vec_t *org_vec,
              lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr);
int LAPI_Getv(lapi_handle_t hndl, uint tgt, lapi_vec_t *tgt_vec, lapi_vec_t *org_vec,
              lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr);
int LAPI_Amsend(lapi_handle_t hndl, uint tgt, void *hdr_hdl, void *uhdr, uint uhdr_len,
                void *udata, ulong udata_len, lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr,
                lapi_cntr_t *cmpl_cntr);
int LAPI_Amsendv(lapi_handle_t hndl, uint tgt, void *hdr_hdl, void *uhdr, uint uhdr_len,
                 lapi_vec_t *org_vec, lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr,
                 lapi_cntr_t *cmpl_cntr);
int LAPI_Rmw(lapi_handle_t hndl, RMW_ops_t op, uint tgt, int *tgt_var, int *in_val,
             int *prev_tgt_val, lapi_cntr_t *org_cntr);
int LAPI_Rmw64(lapi_handle_t hndl, RMW_ops_t op, uint tgt, long long *tgt_var,
               long long *in_val, long long *prev_tgt_val, lapi_cntr_t *org_cntr);
int LAPI_Xfer(lapi_handle_t hndl, lapi_xfer_t *xfer_cmd);

/* Counters and progress */
int LAPI_Getcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int *val);
int LAPI_Setcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int val);
int LAPI_Setcntr_wstatus(lapi_handle_t hndl, lapi_cntr_t *cntr, int num_dest, uint *dest_list,
                         int *dest_status);
int LAPI_Waitcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int val, int *cur_cntr_val);
int LAPI_Nopoll_wait(lapi_handle_t hndl, lapi_cntr_t *cntr_ptr, int val, int *cur_cntr_val);
int LAPI_Probe(lapi_handle_t hndl);
int LAPI_Msgpoll(lapi_handle_t hndl, uint cnt, lapi_msg_info_t *info);
int LAPI_Fence(lapi_handle_t hndl);
int LAPI_Gfence(lapi_handle_t hndl);
int LAPI_Purge_totask(lapi_handle_t hndl, css_task_t dest);
int LAPI_Resume_totask(lapi_handle_t hndl, css_task_t dest);

/* Addresses */
int LAPI_Address(void *my_addr, ulong *ret_addr);
int LAPI_Address_init(lapi_handle_t hndl, void *my_addr, void *add_tab[]);
int LAPI_Address_init64(lapi_handle_t hndl, lapi_long_t my_addr, lapi_long_t *add_tab);
int LAPI_Addr_set(lapi_handle_t hndl, void *addr, int addr_hndl);
int LAPI_Addr_get(lapi_handle_t hndl, void **addr, int addr_hndl);

#ifdef __cplusplus
}
#endif

#endif
