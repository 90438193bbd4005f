/* api/shmem/p2p.h: internal interface of the point-to-point API:
 * teams and their pSync pool, contexts, and the one internal operation
 * behind each family of public routines.  Included by shmem_impl.h.
 *
 * PE numbers: public routines take PE numbers relative to their context's
 * team (the world for the default context).  shm_target resolves a
 * (ctx, pe) pair into a context and a world PE, raising a finding when
 * either is invalid; everything below it works on world PEs. */
#ifndef SHMEM_P2P_IMPL_H
#define SHMEM_P2P_IMPL_H

#include <stddef.h>
#include <stdint.h>

/* ---- teams (team.c) ----
 *
 * A team is an arithmetic progression of world PEs, member i being world
 * PE start + i * stride, as every standard split makes; or, from a split
 * by colour and key (Cray's), any list of world PEs: members[i], with
 * by_pe (pairs of world PE and index, sorted by PE) to find an index.  A
 * list that is a progression is kept as one.
 *
 * Team pool: each live team owns one slot of the pool, an area of
 * SHM_TEAM_SLOT_BYTES at SHM_OFF_TEAMS + slot * SHM_TEAM_SLOT_BYTES in the
 * heap's internal area, so at a fixed offset that is the same on every
 * member.  Slot 0 is SHMEM_TEAM_WORLD's, slot 1 SHMEM_TEAM_SHARED's.  A
 * split picks the lowest slot free on every PE of the parent team: the
 * parent's members AND their free-slot masks with a dissemination exchange
 * over the network (using the parent's slot), so all members agree without
 * any shared state.  Bytes [0, SHM_TEAM_SYNC_BYTES) of a slot belong to that
 * exchange; [SHM_TEAM_COLL_OFF, SHM_TEAM_SLOT_BYTES) are free for team
 * collectives (zero when the team is made; leave them zero when done). */
#define SHM_TEAM_SLOTS 32
#define SHM_TEAM_SLOT_BYTES 1024
#define SHM_TEAM_SYNC_BYTES 512
#define SHM_TEAM_COLL_OFF SHM_TEAM_SYNC_BYTES
#define SHM_TEAM_MAX_ROUNDS 16 /* dissemination rounds: teams of up to 65,536 PEs */

struct shm_team {
    int start;            /* world PE of member 0 */
    int stride;           /* world PE distance between members i and i+1 */
    int size;             /* members */
    int *members;         /* world PE of each member, or NULL: a progression */
    int (*by_pe)[2];      /* with members: {world PE, index}, sorted by PE */
    int me;               /* this PE's index in the team */
    int domain;           /* atomicity domain: 1 when split from SHMEM_TEAM_SHARED, else 0 */
    int slot;             /* its slot in the team pool */
    uint64_t nsync;       /* internal exchanges done over it (cell parity) */
    long config_mask;     /* which config fields were given */
    shmem_team_config_t config;
    shm_team_t *next;     /* next on the owner's teams list */
};

/* The calling PE's team for handle h, or NULL for SHMEM_TEAM_INVALID and
 * handles that are not live teams of this PE. */
shm_team_t *shm_team_of(shmem_team_t h);
/* Frees t (off its owner's list already). */
void shm_team_free(shm_team_t *t);
/* The handle for t (the predefined constants for the predefined teams). */
shmem_team_t shm_team_handle(shm_team_t *t);
static inline int shm_team_world_pe(const shm_team_t *t, int i)
{
    return t->members ? t->members[i] : t->start + i * t->stride;
}
/* t's index of world PE wpe, or -1 when it is not a member. */
int shm_team_index(const shm_team_t *t, int wpe);
/* Home address of byte off of t's pool slot on world PE wpe. */
void *shm_team_area(const shm_team_t *t, int wpe, size_t off);
/* Makes the predefined teams of the calling PE (from shm_self). */
void shm_team_init_predefined(shm_pe_t *s, int me);

/* ---- contexts (ctx.c) ---- */

/* The calling PE's context for handle h, or NULL (SHMEM_CTX_INVALID, or not
 * a live context of this PE). */
shm_ctx_t *shm_ctx_of(shmem_ctx_t h);
/* Quiets and frees every context made on team t (before t is destroyed). */
void shm_ctx_destroy_team(shm_team_t *t);
/* Wakes every PE waiting on memory once this PE has had another PE's
 * address from shmem_ptr: its stores through it make no delivery event.
 * Called by fence, quiet, barriers, waits and tests, which is when a real
 * PE's stores are known to have become visible. */
void shm_wake_after_direct_stores(void);
/* shmem_fence on chan c (why names the call for a wait): the PE's later
 * stores through pointers from shmem_ptr are ordered after c's puts too,
 * and land at once, so once it has such pointers the fence waits for
 * the puts' delivery (the race detector still takes it as a fence). */
void shm_fence(sim_chan_t *c, const char *why);

/* Resolves (h, pe) of call: the context in *c and the world PE in *wpe.
 * Raises a finding and returns -1 when the context is invalid or pe is not
 * in its team. */
int shm_target(const char *call, shmem_ctx_t h, int pe, shm_ctx_t **c, int *wpe);

/* ---- RMA (rma.c) ---- */

/* One transfer of a put or get family: nelems elements of elem bytes,
 * strides in elements (1 when contiguous). */
typedef struct shm_xfer {
    const char *call;      /* the public routine */
    shmem_ctx_t ctx;       /* as the caller passed it */
    void *dest;
    const void *src;
    size_t elem;           /* bytes per element */
    size_t nelems;
    ptrdiff_t dst_stride;  /* elements between two elements of dest */
    ptrdiff_t src_stride;  /* elements between two elements of src */
    int pe;                /* as the caller passed it */
} shm_xfer_t;

/* shm_rma_put's and shm_rma_get's mode: blocking or non-blocking; or
 * blocking with the local side the routine's own variable (p's value, g's
 * result), which needs no check. */
enum { SHM_RMA_BLOCKING = 0, SHM_RMA_NBI = 1, SHM_RMA_BY_VALUE = 2 };
/* Put: blocking copies the source now (local completion); nbi reads it
 * when the message leaves the origin port. */
void shm_rma_put(const shm_xfer_t *x, int mode);
/* Get: blocking waits for the reply; nbi is completed by quiet. */
void shm_rma_get(const shm_xfer_t *x, int mode);
/* Checks x's arguments (put: dest symmetric; get: source symmetric) and
 * resolves its target; -1 after a finding. */
int shm_rma_check(const shm_xfer_t *x, int is_put, shm_ctx_t **c, int *wpe);
/* A put message for x to world PE wpe on c (not sent): payload bytes of
 * data, plus extra bytes the caller may use after them.  Its deliver is
 * shm_put_apply. */
sim_msg_t *shm_put_msg(const shm_xfer_t *x, shm_ctx_t *c, int wpe, int nbi, size_t extra);
/* Writes a put message's data at the target and wakes waiters on it. */
void shm_put_apply(sim_msg_t *m);

/* Blocking puts larger than this return when their data has left the
 * origin's port, as a NIC streams a large buffer from user memory; smaller
 * ones return as soon as the source is copied into the message, as into a
 * NIC's send buffer.  So the copies a PE has in flight are bounded by what
 * its port is sending, not by how many puts it has queued. */
#define SHM_PUT_EAGER ((size_t)64 * 1024)
/* Sends put message m (PE context); a blocking one above SHM_PUT_EAGER
 * bytes waits until its data has left the port. */
void shm_put_send(sim_msg_t *m, int nbi);

/* ---- atomics (amo.c) ---- */

typedef enum {
    SHM_AMO_FETCH, /* read */
    SHM_AMO_SET,   /* write value */
    SHM_AMO_SWAP,  /* write value, fetch the old one */
    SHM_AMO_CSWAP, /* write value if equal to cond */
    SHM_AMO_ADD,   /* two's complement wrap-around, as for unsigned */
    SHM_AMO_AND,
    SHM_AMO_OR,
    SHM_AMO_XOR,
    SHM_AMO_FP = 0x40 /* or'd into an op: the operands are floating point */
} shm_amo_op_t;

/* One atomic on size (4 or 8) bytes at dest on world PE wpe over c, with
 * values as bit patterns in the low size bytes (op with SHM_AMO_FP for a
 * floating-point type, which is atomic only with its own type).  fetch: 0 none (returns at
 * once), 1 blocking (returns the old value), 2 non-blocking (the old value
 * lands in *fetch_to, completed by quiet).  Arguments must be checked. */
uint64_t shm_amo_do(const char *call, shm_ctx_t *c, int wpe, shm_amo_op_t op, void *dest,
                    size_t size, uint64_t value, uint64_t cond, int fetch, void *fetch_to);
/* Checks and resolves, then shm_amo_do; 0 after a finding. */
uint64_t shm_amo(const char *call, shmem_ctx_t h, int pe, shm_amo_op_t op, void *dest,
                 size_t size, uint64_t value, uint64_t cond, int fetch, void *fetch_to);
/* A quiet on chan completed the non-blocking fetching atomics issued on
 * it: each observes the write whose value it fetched (race detector). */
void shm_amo_fetched(const sim_chan_t *chan);
/* At the PE's end: those never completed are dropped. */
void shm_amo_forget(shm_pe_t *s);

/* ---- point-to-point synchronisation (sync.c) ---- */

typedef enum { SHM_WAIT_ALL, SHM_WAIT_ANY, SHM_WAIT_SOME } shm_wait_mode_t;

/* A wait or test over nelems ivars of size bytes (signed or not). */
typedef struct shm_wait {
    const char *call;
    void *ivars;
    size_t size;
    int is_signed;
    size_t nelems;
    const int *status;      /* non-zero entries are left out; may be NULL */
    size_t *indices;        /* SOME: where satisfying indices go */
    int cmp;                /* SHMEM_CMP_* */
    uint64_t value;         /* the compare value when values is NULL */
    const void *values;     /* per-ivar compare values (vector forms) */
} shm_wait_t;

/* Blocks until mode holds; returns what the routine returns (ANY: an index
 * or SIZE_MAX, SOME: a count, ALL: 0). */
size_t shm_wait_until(const shm_wait_t *w, shm_wait_mode_t mode);
/* Polls once (ALL: 1 when every included ivar satisfies). */
size_t shm_test(const shm_wait_t *w, shm_wait_mode_t mode);

/* Bit pattern of a value of an integer or floating type, and back. */
static inline uint64_t shm_bits(const void *v, size_t size)
{
    uint64_t b = 0;
    __builtin_memcpy(&b, v, size);
    return b;
}

#endif
