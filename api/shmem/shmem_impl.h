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
#include "heap.h"
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

/* Per-PE SHMEM state, hung off sim_pe_t.api. */
typedef struct shm_pe {
    int initialized;  /* shmem_init or start_pes was called */
    int finalized;    /* shmem_finalize was called */
    sim_chan_t chan;  /* the default context's channel */
    /* Point-to-point API state (issue #3). */
    shm_ctx_t dflt;       /* SHMEM_CTX_DEFAULT (dflt.chan == &chan) */
    shm_ctx_t *ctxs;      /* contexts created and not yet destroyed */
    shm_team_t *world;    /* SHMEM_TEAM_WORLD (slot 0 of the team pool) */
    shm_team_t *shared;   /* SHMEM_TEAM_SHARED (slot 1): all PEs, as shmem_ptr reaches all */
    shm_team_t *teams;    /* every live team of this PE, predefined ones included */
    uint32_t slots_used;  /* team pool slots in use by this PE's teams (bit s) */
    int thread_level;     /* what shmem_init_thread provided */
    int direct_stores;    /* shmem_ptr gave out another PE's memory (see p2p.h) */
    void **locks;         /* home addresses of the locks this PE holds */
    size_t nlocks, caplocks;
} shm_pe_t;

/* Offsets in the heap's internal area (identical on every PE). */
#define SHM_OFF_BARRIER 0 /* long[64]: dissemination barrier round counters */
#define SHM_OFF_TEAMS (32 * 1024) /* team pool: see team.h (up to the end of the area) */

#define SHM_ENTER(name) sim_call_enter((name), __builtin_return_address(0))
#define SHM_LEAVE() sim_call_leave()

/* The running PE's SHMEM state (made on first use). */
shm_pe_t *shm_self(void);
int shm_me(void);
/* Barrier over all PEs through the internal counters (no quiet). */
void shm_barrier_world(const char *call);
/* Argument checks; each raises a finding naming call and returns -1. */
int shm_check_pe(const char *call, int pe);
int shm_check_sym(const char *call, const char *arg, const void *addr, size_t len);
int shm_check_ptr(const char *call, const char *arg, const void *addr, size_t len);
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
