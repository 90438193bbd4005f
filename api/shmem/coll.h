/* api/shmem/coll.h: the building blocks of the collective protocols.
 *
 * Every collective runs as a protocol over the simulated network: data and
 * flags travel as puts and atomic adds into the caller's pSync (and pWrk)
 * on other PEs, on a per-PE channel of its own (so fences order a flag after
 * its data without touching the program's contexts), and each PE waits on
 * its own pSync words.  Two flag disciplines are used, as real libraries do:
 *
 *  - counted (barrier, sync): senders add one, the waiter takes one off.
 *    An early signal of the next call is kept, so back-to-back reuse of one
 *    pSync is safe, as the specification allows for these routines;
 *  - sequenced (everything else): senders write increasing values, the
 *    waiter waits for ">= value", and each PE restores its own words to
 *    SHMEM_SYNC_VALUE on exit.  Reusing one pSync before every member has
 *    left the previous call is then as hazardous as on a cluster: a restore
 *    can erase a fast PE's next signal (a hang) or data can be overwritten
 *    before it is read (a wrong result), the same way for a given seed.
 *
 * Active sets are (PE_start, logPE_stride, PE_size); members are numbered
 * 0..size-1 ("index"), and the root of a tree is index 0 unless given. */
#ifndef SHMEM_COLL_H
#define SHMEM_COLL_H

#include "settings.h"
#include "shmem_impl.h"
#include "hb.h"

#include <shmemx.h>

typedef struct coll_set {
    int start;   /* first PE */
    int stride;  /* distance between members, 1 << logPE_stride */
    int size;    /* members */
    int me;      /* the caller's index */
    const int *members; /* a team's list of world PEs, or NULL: start, stride */
} coll_set_t;

/* The PE of member idx. */
static inline int coll_pe(const coll_set_t *s, int idx)
{
    return s->members ? s->members[idx] : s->start + idx * s->stride;
}

/* Builds the active set; raises a finding and returns -1 when the triplet is
 * invalid or the caller is not a member. */
int coll_set_make(const char *call, int start, int log_stride, int size, coll_set_t *s);
/* The members of team as a set (the team's list, if it has one); -1, with
 * a finding, for an invalid team. */
int coll_set_of_team(const char *call, shmem_team_t team, coll_set_t *s);
/* The whole job as a set. */
void coll_set_world(coll_set_t *s);

/* A tree over the set, rooted at index root: binomial (depth log2 size) or
 * flat (every other member is a child of the root). */
typedef struct coll_tree {
    int size;      /* members */
    int root;      /* index of the root */
    int rel;       /* the caller's position relative to the root */
    int binomial;  /* 1 binomial, 0 flat */
    int parent;    /* index of the parent, -1 at the root */
    int nchildren; /* number of children */
} coll_tree_t;
void coll_tree_make(const coll_set_t *s, int root, int binomial, coll_tree_t *t);
/* Index of child i (0 <= i < nchildren), smallest subtree first. */
int coll_tree_child(const coll_tree_t *t, int i);

/* A message of n payload bytes for dst (symmetric, as the caller sees it)
 * on pe, charged and ready for coll_send; set its deliver function. */
sim_msg_t *coll_msg(const char *call, void *dst, size_t n, int pe);
/* Sends m on the caller's collective channel. */
void coll_send(sim_msg_t *m);
/* Puts n bytes from private src to dst (symmetric, as the caller sees it) on pe. */
void coll_put(const char *call, void *dst, const void *src, size_t n, int pe);
/* Writes value into the long word (symmetric) on pe. */
void coll_set_word(const char *call, long *word, long value, int pe);
/* Adds value to the long word (symmetric) on pe, atomically at the target. */
void coll_add_word(const char *call, long *word, long value, int pe);
/* Orders the caller's later collective messages to each PE after earlier ones. */
void coll_fence(void);
/* Waits until the caller's own *word >= value.  why names the call. */
void coll_wait_ge(const sim_why_t *why, long *word, long value);
/* Counted discipline: waits for *word >= value, then takes value off. */
void coll_wait_take(const sim_why_t *why, long *word, long value);
/* Where a block sent with coll_put_placed goes, decided by its target when
 * it arrives, as an active message's handler would. */
typedef struct coll_placer coll_placer_t;
struct coll_placer {
    /* Runs at the target (m->dst) on arrival of m, from m->src, in
     * scheduler context.  at is the target's home address of the word the
     * sender named.  Returns the offset from the block's dst where it
     * goes, and sets *n (the block's bytes on entry) to how many of them
     * to write there. */
    size_t (*place)(coll_placer_t *p, const sim_msg_t *m, void *at, size_t *n);
};
/* One message to pe carrying n bytes of private src.  At delivery the
 * target's placer picks their offset from dst (symmetric, as the caller
 * sees it, like at); they are written there (never past the end of the
 * target's heap or data), then how many were written as a size_t to
 * size_at (symmetric, or NULL for none), then 1 is added to the long
 * *count (symmetric): a put-with-signal whose signal counts the blocks
 * that have landed.  placer must stay valid until it has run. */
void coll_put_placed(const char *call, void *dst, void *at, const void *src, size_t n,
                     size_t *size_at, long *count, int pe, coll_placer_t *placer);
/* Waits until every collective message the caller sent is acknowledged. */
void coll_quiet(const char *call);

/* What a member passes to a collective, for the checkers (coll_check.c). */
typedef struct coll_args {
    const char *call;            /* routine name */
    int start, stride, size;     /* the active set */
    int root;                    /* PE_root, or -1 */
    size_t count;                /* elements or bytes */
    int count_may_differ;        /* collect: counts may differ per member */
    const void *target, *source, *work; /* symmetric objects, or NULL */
    const int *members;          /* a team's world PEs (size of them), or NULL: start, stride */
} coll_args_t;
/* Records that the caller enters a collective on psync, of which the
 * routine needs psync_words words; raises psync-reuse, psync-uninitialized,
 * psync-modified, collective-args-mismatch and collective-order-mismatch. */
void coll_check_enter(const coll_args_t *a, const long *psync, size_t psync_words);
/* Records a protocol write of n bytes at home (an address of pe's) by from's
 * call what, for psync-modified. */
void coll_check_delivered(int pe, const void *home, size_t n, int from, const char *what);
/* Records that the caller left its collective on psync. */
void coll_check_leave(const long *psync);

/* The protocols, over a set the caller has checked (active-set routines
 * wrap them with argument checks and the pSync checker; team routines use
 * the team's internal pSync).  psync points at the caller's words. */
void coll_bcast_core(const char *call, const coll_set_t *s, void *dest, const void *src,
                     size_t n, int root, long *psync);
void coll_fcollect_core(const char *call, const coll_set_t *s, void *dest, const void *src,
                        size_t n, long *psync);
void coll_collect_core(const char *call, const coll_set_t *s, void *dest, const void *src,
                       size_t n, long *psync);
void coll_alltoall_core(const char *call, const coll_set_t *s, void *dest, const void *src,
                        size_t es, size_t nelems, ptrdiff_t dst, ptrdiff_t sst, long *psync);
typedef void (*coll_combine_fn)(void *acc, const void *in, size_t n);
/* coll_op_TYPENAME_OP: acc[i] = acc[i] OP in[i] for every reduction type
 * and operation (coll_ops.c). */
#define COLL_DECL_OP(T, N, OP) void coll_op_##N##_##OP(void *acc, const void *in, size_t n);
#define COLL_DECL_BITWISE(T, N) \
    COLL_DECL_OP(T, N, and) COLL_DECL_OP(T, N, or) COLL_DECL_OP(T, N, xor)
#define COLL_DECL_MINMAX(T, N) COLL_DECL_OP(T, N, min) COLL_DECL_OP(T, N, max)
#define COLL_DECL_ARITH(T, N) COLL_DECL_OP(T, N, sum) COLL_DECL_OP(T, N, prod)
SHMEM_TEAM_BITWISE_TYPES(COLL_DECL_BITWISE)
SHMEM_TEAM_STD_TYPES(COLL_DECL_MINMAX)
SHMEM_TEAM_STD_TYPES(COLL_DECL_ARITH)
SHMEM_TEAM_COMPLEX_TYPES(COLL_DECL_ARITH)
/* Reduction in chunks of wrk elements of the symmetric pwrk. */
void coll_reduce_core(const char *call, const coll_set_t *s, void *target, const void *source,
                      size_t nreduce, size_t es, coll_combine_fn op, void *pwrk, size_t wrk,
                      long *psync);

/* Barrier/sync over an active set with the counted discipline (no quiet). */
void coll_sync(const char *call, const coll_set_t *s, long *psync);

/* The active-set routines under another interface's routine names (the
 * Fortran bindings): the same checks, checkers and protocols; the caller
 * has marked the call with call.  Sizes are bytes, strides elements. */
void coll_broadcast_as(const char *call, void *dest, const void *src, size_t bytes, int root,
                       int start, int log_stride, int size, long *psync);
void coll_collect_as(const char *call, void *dest, const void *src, size_t bytes, int start,
                     int log_stride, int size, long *psync);
void coll_fcollect_as(const char *call, void *dest, const void *src, size_t bytes, int start,
                      int log_stride, int size, long *psync);
void coll_alltoalls_as(const char *call, void *dest, const void *src, size_t es, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int start, int log_stride, int size,
                       long *psync);
void coll_reduce_as(const char *call, void *target, const void *source, int nreduce, size_t es,
                    coll_combine_fn op, int start, int log_stride, int size, void *pwrk,
                    long *psync);

#endif
