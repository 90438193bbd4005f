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

/* Per-PE SHMEM state, hung off sim_pe_t.api. */
typedef struct shm_pe {
    int initialized;  /* shmem_init or start_pes was called */
    int finalized;    /* shmem_finalize was called */
    sim_chan_t chan;  /* the default context's channel */
} shm_pe_t;

/* Offsets in the heap's internal area (identical on every PE). */
#define SHM_OFF_BARRIER 0 /* long[64]: dissemination barrier round counters */

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

#endif
