/* api/lapi/lapi_impl.h: what the LAPI routines share.
 *
 * A LAPI task is a simulator PE; its state (lx_task_t) hangs off
 * sim_pe_t.lapi.  Each public routine is thin: lx_begin checks the handle
 * and the calling context and counts the call as a dispatcher entry,
 * argument checks return the documented code, one internal operation
 * runs, lx_end returns the code.
 *
 * Every operation travels as simulator messages that carry an lx_t (the
 * message's ptr): the request, and the reply or acknowledgement that
 * brings completion back.  Incoming messages go through the target task's
 * dispatcher (proto.c): in interrupt mode it runs as soon as a message
 * arrives; in polling mode, or while the task's LAPI lock is held, only
 * while one of the task's contexts is inside a LAPI call.  Header handlers
 * and deliveries run in scheduler context with the task's PE borrowed
 * (sim_pe_borrow); completion handlers run in the task's completion
 * thread, a helper context (handler.c).
 *
 * Addresses kept across a context switch are in home form (sim_mem_home
 * for the task's own, lx_remote_home for a target's) and resolved with
 * sim_mem_live when touched, so both privatization strategies work. */
#ifndef LAPI_IMPL_H
#define LAPI_IMPL_H

#include "evq.h"
#include "hb.h"
#include "layer.h"
#include "finding.h"
#include "findings.h"
#include "mem.h"
#include "net.h"
#include "sched.h"
#include "util.h"
#include "world.h"

#include <lapi.h>
#include <stdint.h>
#include <uthash.h>

#define LX_ADDRTBL 256       /* LOC_ADDRTBL_SZ: Addr_set indices 1..255 */
#define LX_MAX_UHDR 1024     /* MAX_UHDR_SZ (capped by the packet size) */
#define LX_HANDLE 0          /* the handle LAPI_Init returns */

/* A stretch of memory: home address in the owning task, and bytes. */
typedef struct lx_seg {
    void *home;
    size_t len;
} lx_seg_t;

typedef enum {
    LX_PUT,       /* data for the target; acked */
    LX_GET_REQ,   /* asks the target for data */
    LX_GET_REPLY, /* the data, back at the origin */
    LX_RMW_REQ,   /* an atomic to do at the target */
    LX_RMW_REPLY, /* its old value, back at the origin */
    LX_AM,        /* an active message (Amsend, Amsendv, Xfer AM/AMV/AM_LW) */
    LX_ACK,       /* completion of a Put or AM, back at the origin */
    LX_BARRIER,   /* a Gfence round signal */
    LX_ADDR       /* one task's entry of an Address_init */
} lx_kind_t;

/* One message of a LAPI operation.  "origin" is the task that called the
 * routine; src/dst are this message's ends (a reply goes dst -> origin). */
typedef struct lx {
    lx_kind_t kind;
    const char *what;        /* routine that started the operation */
    const void *site;        /* its call site (for crash and finding reports) */
    int origin;              /* task that called the routine */
    int peer;                /* the operation's other task (its target) */
    int src, dst;            /* ends of this message */
    uint64_t gen;            /* origin's purge generation of peer when started */
    int counted;             /* counts in the origin's outstanding operations */
    /* Data: gathered at injection (put, am) or at the target (get reply). */
    unsigned char *data;     /* payload */
    size_t len;              /* payload bytes */
    lx_seg_t *from;          /* where the data is read (home in the reader) */
    int nfrom;
    lx_seg_t *to;            /* where it is written (home in the writer) */
    int nto;
    /* Counters, home addresses in their owner (NULL: none). */
    void *tgt_cntr;          /* in the target */
    void *org_cntr;          /* in the origin */
    void *cmpl_cntr;         /* in the origin */
    int ack_fence;           /* LX_ACK: the operation's data is complete */
    /* Active messages. */
    void *hdr;               /* header handler: code address in the target ... */
    int hdr_index;           /* ... or an Addr_set index (hdr NULL) */
    int vector;              /* Amsendv: vector header handler */
    lapi_vectype_t vtype;    /* Amsendv: origin vector type, count, block */
    uint vnum;
    ulong *vlen;             /* Amsendv: the origin's lengths, for the handler */
    void *uhdr_home;         /* origin's uhdr (home) */
    unsigned char *uhdr;     /* copy taken at injection */
    uint uhdr_len;
    int lw;                  /* LAPI_AM_LW_XFER */
    int captured;            /* data and uhdr were copied at the call (LW), not at injection */
    unsigned char *stack_snap; /* an origin buffer on the stack: its bytes at the call,
                              * which must be what injection reads */
    int arrived, landed;     /* head / last byte has reached the target */
    int queued;              /* in the target's incoming queue */
    int discarded;           /* thrown away at its head's arrival, freed when its last byte lands */
    int hdr_done;            /* header handler has run (or was skipped) */
    int bury;                /* discard the data */
    int dropped;             /* no handler: discard, and bump no counter */
    int scattered;           /* data placed and the data fence acked */
    int local_state;         /* run the completion handler inline */
    compl_hndlr_t *comp;     /* completion handler (target's code), or NULL */
    void *uinfo;             /* its parameter */
    /* LAPI_Xfer extras (origin side). */
    scompl_hndlr_t *shdlr;   /* send completion handler */
    void *sinfo;
    compl_hndlr_t *chndlr;   /* Get/Getv origin completion handler */
    void *cinfo;
    /* Read-modify-write. */
    int op, size;            /* RMW_ops_t, 32 or 64 */
    int64_t in[2];           /* operands */
    void *var;               /* target variable (home in the target) */
    void *prev;              /* where the old value goes (home in the origin) */
    int64_t result;          /* old value, or TRUE/FALSE for COMPARE_AND_SWAP */
    int job;                 /* completion-thread job: LX_JOB_* */
    /* Collectives. */
    int round;               /* barrier round, Address_init round */
    lapi_long_t value;       /* Address_init entry */
    /* Race detection (race.c). */
    sim_hb_rec_t hb[2];      /* the ops of its origin side and target side */
    sim_hb_rec_t hbx;        /* a clock it carries, or an Rmw's fetched write */
    sim_hb_rec_t hbq;        /* on the completion queue: the clock of whoever queued it */
    struct lx *next;         /* incoming queue / completion queue */
    struct lx *live_prev, *live_next; /* every lx_t not freed (init.c frees the rest) */
} lx_t;

/* The sides of a transfer (lx_t.hb). */
enum { LX_ORIGIN, LX_TARGET };

/* A counter increment not yet read: who reads the counter acquires rec. */
typedef struct lx_cntr_hb {
    sim_hb_rec_t rec;        /* an op, or a clock (release) */
    int release;
} lx_cntr_hb_t;

/* A counter's increments not yet read, oldest first: a read looks at its
 * own counter's only, however many another counter nobody reads holds. */
typedef struct lx_cntr_w {
    const void *cntr;        /* key: the counter's home address */
    lx_cntr_hb_t *v;
    size_t n, cap;
    UT_hash_handle hh;
} lx_cntr_w_t;

/* Clocks of Gfence signals of one round, oldest at head. */
typedef struct lx_relq {
    sim_hb_rec_t *v;
    size_t head, n, cap;
} lx_relq_t;

/* Jobs of the completion thread. */
enum { LX_JOB_AM = 1, LX_JOB_CHNDLR, LX_JOB_SHDLR };

/* What this task knows about another one (made on first contact). */
typedef struct lx_peer {
    int id;                  /* hash key: the other task */
    uint64_t outstanding;    /* operations to it not yet complete */
    uint64_t gen;            /* purge generation (bumped by Purge_totask) */
    int purged;              /* purged and not yet resumed */
    UT_hash_handle hh;
} lx_peer_t;

/* A counter set with LAPI_Setcntr_wstatus. */
typedef struct lx_wstatus {
    void *cntr;              /* home address of the counter */
    int ndest;
    uint *dest;              /* copy of the destination list */
    int *status;             /* home address of the status array */
    struct lx_wstatus *next;
} lx_wstatus_t;

/* Per-task LAPI state.  Contexts: 0 is the main program, 1 the completion
 * thread. */
typedef struct lx_task {
    int id;                  /* task (PE) number */
    int inited;              /* LAPI_Init done, LAPI_Term not */
    int ever_inited;         /* LAPI_Init was called once */
    int interrupt;           /* interrupt mode (else polling) */
    int error_chk;           /* ERROR_CHK */
    int timeout;             /* TIMEOUT (seconds, kept for Qenv) */
    int ack_threshold;       /* ACK_THRESHOLD */
    lapi_lib_t lib_vers;     /* from lapi_info_t */
    LAPI_err_hndlr *err_hndlr; /* asynchronous error handler */
    void *addr_tab[LX_ADDRTBL]; /* Addr_set table (the task's own code addresses) */
    /* Dispatcher. */
    lx_t *rxq, *rxq_tail;    /* incoming messages not finished, arrival order */
    int in_lapi;             /* contexts inside a LAPI call (dispatching allowed) */
    int dispatch_queued;     /* a dispatch event is pending */
    lx_t *cur;               /* message whose handler is running (borrowed) */
    int cur_inline;          /* ... in its inline completion handler */
    char desc[160];          /* what a borrow of this task is doing (crash reports) */
    /* Completion thread. */
    sim_pe_t *cthread;       /* the helper context, started on first use */
    lx_t *cq, *cq_tail;      /* completion handlers to run */
    int cq_busy;             /* one is running */
    lx_t *cq_cur;            /* the job running (kept here, not only on its stack) */
    int cq_idle;             /* the thread waits for work */
    /* Origin side. */
    lx_peer_t *peers;        /* uthash by id */
    uint64_t outstanding;    /* all operations not yet complete */
    uint64_t sends_done;     /* sends completed (injected, acked, replied) */
    uint64_t recvs_done;     /* incoming messages completed */
    int msgpolling;          /* a context is inside LAPI_Msgpoll */
    /* Waiting. */
    struct lx_waiter *waiters; /* the task's contexts blocked in a call */
    int nwaiters, capwaiters;
    /* Collectives. */
    long *bar;               /* Gfence round counters, one per round */
    int nbar;
    lapi_long_t *addr_in[2]; /* Address_init entries by round parity */
    int addr_got[2];
    int addr_round;          /* Address_init calls so far */
    /* LAPI_GET_THREAD_FUNC lock. */
    sim_pe_t *lock_owner;    /* context holding it, or NULL */
    int lock_depth;          /* recursion */
    lx_wstatus_t *wstatus;   /* LAPI_Setcntr_wstatus counters */
    lapi_statistics_t stats; /* QUERY_STATISTICS */
    /* Race detection (race.c). */
    struct lx_cntr_w *cw;    /* counter increments not yet read, by counter (uthash) */
    lx_relq_t *barq;         /* Gfence signals by round */
    int nbarq;
    lx_relq_t fenced;        /* handlers' clocks from fence acks, for the next Fence */
    char poll_in, poll_out;  /* polling mode: objects (addresses only) carrying clocks
                              * from calls to the dispatcher and back */
    int dispatch_polling;    /* the dispatcher run in progress is polling mode's */
} lx_task_t;

/* What a routine may do from a header handler (borrowed context). */
typedef enum {
    LX_LOCAL,    /* allowed: queries, counters, tables */
    LX_COMM,     /* forbidden: starts communication */
    LX_BLOCKING  /* forbidden: may wait */
} lx_class_t;

/* One public call in progress. */
typedef struct lx_call {
    const char *name;        /* routine */
    const void *site;        /* caller's return address */
    lx_task_t *t;            /* the calling task (NULL before LAPI_Init) */
    int counted;             /* counted in t->in_lapi */
} lx_call_t;

#define LX_SITE() __builtin_return_address(0)

/* ---- init.c ---- */
/* The task state of PE pe, made (uninitialised) when create is set. */
lx_task_t *lx_task(int pe, int create);
/* The head of the run's list of transfers not yet freed (lx_new links,
 * lx_free unlinks; what is left when the world is destroyed is freed). */
lx_t **lx_live(void);
/* Starts a public call: handle and context checks, dispatching in polling
 * mode, the call's CPU cost.  Returns LAPI_SUCCESS or the code to return.
 * PE context; may yield. */
int lx_begin(lx_call_t *c, const char *name, const void *site, lapi_handle_t hndl,
             lx_class_t cls);
/* Ends it; returns rc. */
int lx_end(lx_call_t *c, int rc);
/* Whether the running context is the task's completion thread. */
int lx_in_completion_thread(void);
/* A context of the task blocked in a call: on a counter (home), and/or
 * on internal state (iwait: lx_kick wakes it).  Any context may wait:
 * the program's, a thread it made, the completion thread. */
typedef struct lx_waiter {
    sim_pe_t *ctx;
    const void *home;
    int iwait;
} lx_waiter_t;
/* The running context waits (on home, or NULL); lx_waiter_iwait says
 * whether lx_kick wakes it; lx_waiter_remove: it waits no longer. */
void lx_waiter_add(lx_task_t *t, const void *home);
void lx_waiter_iwait(lx_task_t *t, int on);
void lx_waiter_remove(lx_task_t *t);
/* Runs one dispatcher pass now if messages wait (via an event), then
 * charges ns.  PE context; may yield. */
void lx_poll(lx_task_t *t, uint64_t ns);
/* Wakes t's contexts that wait on internal state (iwait). */
void lx_kick(lx_task_t *t);
/* Blocks the running context until lx_kick.  PE context; yields. */
void lx_iwait(lx_task_t *t, const char *why);
lx_peer_t *lx_peer(lx_task_t *t, int id);
lx_peer_t *lx_peer_find(lx_task_t *t, int id);
/* MAX_UHDR_SZ: LX_MAX_UHDR, or less when packets are smaller. */
int lx_max_uhdr(void);

/* ---- errors.c ---- */
/* "LAPI_ERR_TGT" etc., or NULL for an unknown code. */
const char *lx_err_name(int code);

/* ---- proto.c ---- */
lx_t *lx_new(lx_kind_t kind, int src, int dst);
void lx_free(lx_t *x);
/* Sends x (wire bytes payload) from its src.  Any context. */
void lx_send(lx_t *x, size_t wire);
/* Starts an operation of t to peer (Fence counts it) and stamps x. */
void lx_op_start(lx_task_t *t, lx_t *x);
/* The operation x is complete for Fence purposes. */
void lx_op_done(lx_task_t *t, lx_t *x);
/* Adds delta to the counter at home address cntr of task pe (x's counter
 * called which, e.g. "org_cntr"), updating any wstatus entry for messages
 * from src, and wakes its waiters; nothing but a finding when the counter
 * is in a stack frame that has returned (lx_dead_stack). */
void lx_cntr_add(int pe, void *cntr, int delta, int src, const lx_t *x, const char *which);
/* Whether x's counter or buffer which, [home, home+len) of task pe, is in
 * a stack frame that returned before x completed (lapi-dead-stack-buffer,
 * raised here); the caller then leaves those bytes alone. */
int lx_dead_stack(int pe, const lx_t *x, const char *which, const void *home, size_t len);
/* Copies x's origin data and uhdr now (into x->data, x->uhdr), so the
 * origin's buffers are free; injection then sends the copy. */
void lx_capture(int pe, lx_t *x);
/* Whether t dispatches incoming messages now. */
int lx_can_dispatch(const lx_task_t *t);
/* t's Gfence round counters, made on first use. */
void lx_bar(lx_task_t *t);
/* Queues a dispatcher pass for t at the current time. */
void lx_dispatch_soon(lx_task_t *t);
/* Home address in task pe of addr, an address the caller passed for pe's
 * memory (an address in pe's space, or a symmetric one of its own). */
void *lx_remote_home(int pe, const void *addr);
/* lx_remote_home for the whole range [addr, addr+len) that a Put (write)
 * or Get or Rmw reads or writes: NULL, with a lapi-foreign-address
 * finding, when the range runs out of the object it starts in (the
 * program copy, the symmetric heap, a stack), would write the program's
 * code, or is not mapped. */
void *lx_remote_range(int pe, const void *addr, size_t len, int write);
/* Copies x's data into x->to (at most the room there), in task pe. */
void lx_scatter(int pe, lx_t *x);
/* Gathers x->from (in task pe) into x->data. */
void lx_gather(int pe, lx_t *x);
/* Sends the acknowledgement of x from its target (fence and/or cmpl). */
void lx_ack(lx_t *x, int fence, int cmpl);
/* What happens at the target after an AM's completion handler. */
void lx_am_after_completion(lx_task_t *t, lx_t *x);
/* Raises a LAPI error finding against task pe (the warning of a message
 * after LAPI_Term is raised where it is found, in one of two kinds). */
void lx_finding(int pe, const sim_check_t *rule, const char *call, const void *site, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Sets t->desc to what handling x at t means, for crash reports. */
const char *lx_describe(lx_task_t *t, const lx_t *x, const char *part);

/* ---- handler.c ---- */
/* Runs x's header handler at task t (borrowed context). */
void lx_run_header(lx_task_t *t, lx_t *x);
/* Runs the completion handler of x: inline (LOCAL_STATE) or queued for
 * the completion thread; then lx_am_after_completion. */
void lx_complete(lx_task_t *t, lx_t *x);
/* Queues a completion job (Xfer chndlr/shdlr) for t's completion thread. */
void lx_cq_push(lx_task_t *t, lx_t *x);
/* Where the handler x's problem comes from: the header handler (or the
 * inline completion handler) code, else the send's call site. */
const void *lx_handler_site(const lx_task_t *t, const lx_t *x);
/* Reports an asynchronous error at t: finding plus the error handler. */
void lx_async_error(lx_task_t *t, lx_t *x, int code, const sim_check_t *rule, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* ---- vec.c ---- */
/* Checks one vector; origin selects the ORG_/TGT_ codes. */
int lx_vec_check(const lapi_vec_t *v, int origin);
/* Checks a Putv/Getv pair (tgt_vec, org_vec). */
int lx_vec_pair_check(const lapi_vec_t *tv, const lapi_vec_t *ov);
/* Total bytes a (valid) vector describes. */
size_t lx_vec_bytes(const lapi_vec_t *v);
/* Segments of a (valid) vector, home in pe.  remote: LX_SEG_LOCAL (the
 * caller's own memory), or LX_SEG_READ / LX_SEG_WRITE (addresses meant for
 * task pe, given by another task, checked as ranges the transfer reads or
 * writes, as lx_remote_range does). */
enum { LX_SEG_LOCAL, LX_SEG_READ, LX_SEG_WRITE };
lx_seg_t *lx_vec_segs(const lapi_vec_t *v, int pe, int remote, int *n);
/* The lengths a vector header handler receives (num_vecs entries). */
ulong *lx_vec_lens(const lapi_vec_t *v);

/* ---- race.c: what LAPI operations mean to the race detector ----
 * Every function is a no-op when the detector is off. */
/* Turns the detector on for the run if data-race is selected. */
void lx_race_start(void);
/* PE context.  The ops of x, a transfer c starts (before it is sent). */
void lx_race_issue(lx_call_t *c, lx_t *x);
/* x's side op touches segments s[0..n) of task pe. */
void lx_race_segs(lx_t *x, int side, int pe, const lx_seg_t *s, int n, sim_hb_dir_t dir);
/* x's data written into its to segments at pe by x->hb[side] (a put's
 * target): bytes that already hold it are a silent write, the rest is
 * checked. */
void lx_race_data_write(lx_t *x, int side, int pe);
/* x, an Rmw, updates its variable in task pe (remembers the write it fetched). */
void lx_race_rmw(lx_t *x, int pe);
/* x, an active message, writes its data at task pe, as pe (after its header handler). */
void lx_race_am_data(lx_t *x, int pe);
/* PE context.  x's header handler is about to run: it acquires the origin's clock. */
void lx_race_header(lx_t *x);
/* PE context.  A clock for the origin, at the end of a completion handler. */
sim_hb_rec_t lx_race_completion(void);
/* PE context.  x goes on its task's completion queue: the completion
 * thread, which runs beside the dispatcher, knows what the queuer did. */
void lx_race_queued(lx_t *x);
/* The completion thread takes x off the queue: it acquires that clock. */
void lx_race_dequeued(lx_t *x);
/* PE context.  The running context moves the counter at home address
 * cntr of task pe (LAPI_Setcntr, or LAPI after a handler it ran):
 * whoever reads the counter next acquires what the context has done. */
void lx_race_cntr_set(int pe, void *cntr);
/* PE context (borrowed): t's dispatcher starts (or ends) a run of its
 * handlers. */
void lx_race_dispatch_begin(lx_task_t *t);
void lx_race_dispatch_end(lx_task_t *t);
/* PE context: a context of t enters (or leaves) a LAPI call. */
void lx_race_call_begin(lx_task_t *t);
void lx_race_call_end(lx_task_t *t);
/* a, a fence acknowledgement carrying the target's handlers' clock, came
 * back to t: its next Fence acquires it. */
void lx_race_fence_ack(lx_task_t *t, lx_t *a);
/* The counter at home address cntr of task pe moved for rec (an op, or a
 * clock when release is set). */
void lx_race_cntr(int pe, void *cntr, sim_hb_rec_t rec, int release);
/* PE context.  t's program read the counter: it acquires its increments. */
void lx_race_cntr_read(lx_task_t *t, const void *cntr, const char *call, const void *site);
/* PE context.  t's transfers are complete (LAPI_Fence). */
void lx_race_fence(lx_task_t *t);
/* PE context.  x (a Gfence signal or Address_init entry) carries the sender's clock. */
void lx_race_signal(lx_t *x);
/* x arrived at t. */
void lx_race_signal_arrived(lx_task_t *t, lx_t *x);
/* PE context.  t took one signal of Gfence round round. */
void lx_race_signal_take(lx_task_t *t, int round);
/* PE context.  Address_init has every task's entry. */
void lx_race_gathered(void);
/* Drops what x holds. */
void lx_race_free(lx_t *x);

#endif
