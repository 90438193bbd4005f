/* api/shmem/shmem_impl.h: what the SHMEM routines share.
 *
 * Each public routine is thin: it marks the call (SHM_ENTER, for the
 * deadlock report, trace and watchdog), checks its arguments (a failed
 * check raises a finding and makes the call do nothing), calls one internal
 * operation, and leaves.  Written against sim/ only.
 *
 * Addresses that outlive the running PE's time slice (a message's target or
 * the buffer a reply lands in) are kept in home form (sim_mem_xlate and
 * sim_mem_home give it) and resolved with sim_mem_live when an event
 * touches memory, so both privatization strategies work. */
#ifndef SHMEM_IMPL_H
#define SHMEM_IMPL_H

#include "finding.h"
#include "findings.h"
#include "heap.h"
#include "layer.h"
#include "mem.h"
#include "net.h"
#include "sched.h"
#include "world.h"

#include <shmem.h>

typedef struct shm_team shm_team_t;
typedef struct shm_ctx shm_ctx_t;

/* A communication context: the scope of fence and quiet, and the team whose
 * PE numbers its calls take.  The default context lives in shm_pe_t; the
 * others are made by shmem_ctx_create/shmem_team_create_ctx and sit on
 * their PE's ctxs list until destroyed. */
struct shm_ctx {
    sim_chan_t *chan;   /* its channel: &own_chan, or shm_pe_t.chan for the default */
    sim_chan_t own_chan; /* (not used by the default context) */
    shm_team_t *team;   /* PE numbers passed with it are indices in this team */
    long options;       /* SHMEM_CTX_* */
    shm_ctx_t *next;    /* next on the owner's ctxs list */
};

/* Per-PE SHMEM state, the layer's slot of sim_pe_t.layer (shm_of). */
typedef struct shm_pe {
    int initialized;  /* shmem_init or start_pes was called */
    int finalized;    /* the last shmem_finalize of a series was called (until an init) */
    int init_calls;   /* initialisation calls not yet matched by a shmem_finalize */
    int fin_calls;    /* shmem_finalize calls that matched one since the library started */
    const void *init_site; /* the last initialisation call's site */
    const void *implicit_fin; /* started by start_pes (its call site): finalised at exit */
    /* The last symmetric argument found clean, and the heap's layout
     * then: an RMA loop passes the same one again and again. */
    const void *sym_ok;
    size_t sym_ok_len;
    uint64_t sym_ok_layout;
    const char *last_op;      /* the last RMA, atomic or signal it issued ... */
    const void *last_op_site; /* ... and where (for a report at its end) */
    sim_chan_t chan;  /* the default context's channel */
    /* Point-to-point API state. */
    shm_ctx_t dflt;       /* SHMEM_CTX_DEFAULT (dflt.chan == &chan) */
    shm_ctx_t *ctxs;      /* contexts created and not yet destroyed */
    shm_team_t *world;    /* SHMEM_TEAM_WORLD (slot 0 of the team pool) */
    shm_team_t *shared;   /* SHMEM_TEAM_SHARED (slot 1): all PEs, as shmem_ptr reaches all */
    shm_team_t *teams;    /* every live team of this PE, predefined ones included */
    uint32_t slots_used;  /* team pool slots in use by this PE's teams (bit s) */
    int thread_level;     /* what shmem_init_thread provided */
    int level_asked;      /* the level came from shmem_init_thread (not shmem_init) */
    int level_reported;   /* a thread-level finding was raised for this PE */
    const sim_pe_t *main_ctx; /* the context that initialised the library */
    int serial_calls;     /* at SERIALIZED: outermost calls under way, by serial_who last */
    const sim_pe_t *serial_who;
    int direct_stores;    /* shmem_ptr gave out another PE's memory (see p2p.h) */
    void **locks;         /* home addresses of the locks this PE holds */
    const void **lock_sites; /* where it took each (lock_sites[i] for locks[i]) */
    size_t nlocks, caplocks;
    void **queued;        /* those one of its threads is acquiring */
    size_t nqueued, capqueued;
    struct shm_nbi *nbi;  /* put_nbi sources not yet completed by a quiet */
    size_t nnbi, capnbi;
    struct get_done *gets; /* get_nbi calls whose reply has not landed (rma.c) */
    struct amo_done *fetched; /* nbi fetching atomics a quiet has yet to complete
                               * (amo.c; kept only while the race detector is on) */
    /* Where the next wait/test _any on an ivars array looks first, for the
     * last few (array, routine) pairs used (fairness; found by address, never iterated in
     * address order). */
    struct shm_any_cursor {
        const void *ivars;
        const char *call; /* the routine: each has its own series */
        size_t next;
    } any[8];
    unsigned any_victim;  /* the slot to reuse next */
    int put_departed;     /* a large blocking put's data has started to leave */
    uint64_t put_gone_at; /* ... and is all on the wire at this time */
    uint64_t world_barriers; /* world barriers this PE has entered */
} shm_pe_t;

/* What new heap blocks hold (shmem_calloc zeroes): a fixed pattern, so
 * runs repeat, that is not SHMEM_SYNC_VALUE, so a pSync or flag the
 * program forgot to initialise shows up. */
#define SHM_HEAP_FILL 0xa5
/* Whether size bytes at addr, in a heap block of PE pe, were never set
 * since the block was allocated: they hold the fill and the race
 * detector, which sees every put and every store of instrumented code,
 * saw no write there.  Known only while it is on (0 otherwise). */
int shm_heap_unset(int pe, const void *addr, size_t size);
/* The fill as size bytes read as one number ("0xa5a5..."). */
void shm_heap_fill_text(size_t size, char *buf, size_t len);

/* Offsets in the heap's internal area (identical on every PE). */
/* Rounds of the world barrier a PE counts (2^64 PEs). */
#define SHM_BARRIER_ROUNDS 64
#define SHM_OFF_TEAMS (32 * 1024) /* team pool: see team.h (up to the end of the area) */

#define SHM_ENTER(name) \
    shm_enter((name), __builtin_return_address(0), __builtin_frame_address(0))
#define SHM_LEAVE() shm_leave()

/* Marks the start of public routine name called from site (for the
 * deadlock report, trace and watchdog) and raises not-initialized when the
 * library is not initialised (or already finalised) on the caller. */
void shm_enter(const char *name, const void *site, const void *frame);
/* Marks its end. */
void shm_leave(void);
/* Raises not-initialized for query routine name (called from site) when
 * the library was never initialised on the caller. */
void shm_check_init(const char *name, const void *site);
/* Completes every operation on chan, then checks that the sources of the
 * put_nbi calls it completed were left alone (nbi-buffer-modified). */
void shm_quiet(sim_chan_t *chan, const char *why);
/* shmem_barrier_all's work, for a routine of another name that is the
 * same barrier (the T3E's barrier()), called inside its own entry. */
void shm_barrier_all_as(const char *call);
/* Collective allocation for another binding's routine of that name
 * (Fortran's SHPALLOC, SHPCLMOVE, SHPDEALLC), called inside its entry:
 * as shmalloc, shrealloc and shfree, with findings that name it and the
 * size in its own unit, word bytes (SHPALLOC's length is in 4-byte words). */
void *shm_alloc_as(const char *call, size_t word, size_t size);
void *shm_realloc_as(const char *call, size_t word, void *ptr, size_t size);
void shm_free_as(const char *call, void *ptr);
/* Remembers the source of a put_nbi on chan until a quiet completes it. */
void shm_nbi_record(sim_chan_t *chan, const char *call, const void *src, size_t n, sim_msg_t *m);
/* Reads put_nbi message m's source now, if m is still to read it from
 * src_home (the program is about to free it). */
void shm_put_read_early(sim_msg_t *m, const void *src_home);
/* Where the oldest put_nbi not yet completed by a quiet was called, or NULL. */
const void *shm_nbi_oldest_site(const shm_pe_t *s);
/* The SHMEM layer (sim/layer); its slot of sim_pe_t.layer holds each PE's
 * shm_pe_t. */
extern sim_layer_t shm_layer;
/* What the layer keeps for the whole run (its sim_layer_run slot): the
 * collectives' channels (coll.c), the pSync records (coll_check.c), and
 * race.c's and alltoallv.c's own. */
typedef struct shm_run {
    sim_chan_t *coll_chans;          /* one per PE, made on first use */
    struct psync_rec *psync_recs;    /* by pSync address on PE 0 */
    struct psync_rec **psync_active; /* those with an unfinished instance, in order */
    size_t npsync_active, cappsync_active;
    struct shm_race_run *race;       /* race.c: lock clocks, barrier rounds' queues */
    struct shm_a2a_run *a2a;         /* alltoallv.c: calls by pSync, calls still open */
    long (*barrier)[SHM_BARRIER_ROUNDS]; /* sync.c: each PE's world barrier round counters */
} shm_run_t;
/* The run's shm_run_t (made on first use). */
shm_run_t *shm_run(void);
/* pe's SHMEM state, or NULL before its first SHMEM call; a thread of a
 * PE (sim/sched) has its PE's. */
static inline shm_pe_t *shm_of(const sim_pe_t *pe)
{
    return (pe->owner ? pe->owner : pe)->layer[shm_layer.slot];
}
/* The running PE's SHMEM state (made on first use: shm_self_first).
 * Inline: every call takes it, several times. */
shm_pe_t *shm_self_first(void);
static inline shm_pe_t *shm_self(void)
{
    shm_pe_t *s = shm_of(sim_pe_self());
    return s ? s : shm_self_first();
}
/* At the end of the run: reports what alltoallv calls no PE finished had
 * seen (alltoallv-overflow). */
void shm_alltoallv_at_end(void);
/* When the world is destroyed: each module frees its part of the run's
 * state (coll.c, coll_check.c, alltoallv.c, race.c). */
void shm_coll_free_run(shm_run_t *run);
void shm_coll_check_free_run(shm_run_t *run);
void shm_alltoallv_free_run(shm_run_t *run);
void shm_race_free_run(shm_run_t *run);
int shm_me(void);
/* The layer's on_free: a pending get_nbi's destination (rma.c) or put_nbi's
 * source (nbi.c) in the block the program frees is an nbi-freed-buffer. */
void shm_rma_on_free(const void *p, size_t n, const void *site);
void shm_nbi_on_free(const void *p, size_t n, const void *site);
/* Raises nbi-freed-buffer at the free at free_site of a block holding the
 * len-byte part ("source", "destination") of the pending call made at
 * call_site; then says what follows. */
void shm_nbi_freed(const char *part, size_t len, const char *call, const void *call_site,
                   const void *free_site, const char *then);
/* The locks (lock.c) on a lock of bytes bytes: 8 (C's long), or 4 (a
 * Fortran default INTEGER, for up to LOCK2_MAX_PES PEs); findings name
 * call.  shm_lock_test returns 0 when it took the lock. */
#define LOCK2_MAX_PES 32767
void shm_lock_set(const char *call, void *lock, size_t bytes);
int shm_lock_test(const char *call, void *lock, size_t bytes);
void shm_lock_clear(const char *call, void *lock, size_t bytes);
/* Barrier over all PEs through the internal counters (no quiet). */
void shm_barrier_world(const char *call);
/* Argument checks; each raises a finding naming call and returns -1. */
int shm_check_pe(const char *call, int pe);
int shm_check_sym(const char *call, const char *arg, const void *addr, size_t len);
int shm_check_ptr(const char *call, const char *arg, const void *addr, size_t len);
/* A local buffer (a get's destination, a put's source): not NULL with a
 * length, and when it is symmetric memory (a global, a heap block) inside
 * its object, as shm_check_sym checks a remote one (a range that would
 * leave the PE's memory skips the call). */
int shm_check_local(const char *call, const char *arg, const void *addr, size_t len);
/* What shm_check_overlap makes of two arguments that are the very same
 * range. */
typedef enum {
    SHM_SAME_IS_OVERLAP, /* an error like any other overlap */
    SHM_SAME_ALLOWED,    /* the routine allows it (reductions) */
    SHM_SAME_TOLERATED,  /* forbidden, but no implementation can go wrong on it: a warning */
    SHM_SAME_COPY        /* a copy of the array onto itself: changes nothing, a warning */
} shm_same_t;
/* Raises overlap when [a, a+alen) and [b, b+blen) intersect (the same
 * range: as same says). */
int shm_check_overlap(const char *call, const char *a_arg, const void *a, size_t alen,
                      const char *b_arg, const void *b, size_t blen, shm_same_t same);
/* A pointer argument of a call, for shm_check_disjoint. */
typedef struct shm_arg {
    const char *name;
    const void *addr;
    size_t len;
} shm_arg_t;
/* Raises overlap for the pairs of args[0..n) that intersect; args 0 and 1
 * being the same range is as first_same says. */
int shm_check_disjoint(const char *call, const shm_arg_t *args, int n, shm_same_t first_same);
/* Raises psync-modified when the caller's write of n bytes at dest
 * (symmetric, as the caller sees it) on world PE pe hits a pSync that an
 * unfinished collective is using (coll_check.c). */
void coll_check_user_write(const char *call, int pe, const void *dest, size_t n);
/* Sends a put of n bytes from src to dest (symmetric, as seen by this PE) on pe. */
void shm_put(const char *call, void *dest, const void *src, size_t n, int pe);
/* Blocking get of n bytes from src (symmetric) on pe into dest. */
void shm_get(const char *call, void *dest, const void *src, size_t n, int pe);
/* Charges the CPU cost of a call that sends nothing. */
void shm_charge_call(void);

/* Offset in the heap's internal area of the Fortran bindings' word, after
 * the barrier counters: SHMEMX_TEAM_SPLIT's exchange (api/fortran). */
#define SHM_OFF_FORTRAN 512

#include "p2p.h"

#endif
