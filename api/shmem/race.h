/* api/shmem/race.h: the SHMEM layer's use of the race detector (sim/hb).
 *
 * Every function is a no-op returning 0 when the detector is off (the
 * data-race check deselected, or more PEs than sim/hb keeps clocks for). */
#ifndef SHMEM_RACE_H
#define SHMEM_RACE_H

#include "hb.h"
#include "shmem_impl.h"

/* Turns the detector on for the run if its findings are selected.  Called
 * when a PE's SHMEM state is made. */
void shm_race_start(void);
/* Whether the program's loads and stores are seen (an instrumented
 * module): the detector then also owns the nbi-buffer-modified check. */
int shm_race_instrumented(void);
/* PE context.  An op of the running PE's call to world PE wpe over chan,
 * with atomicity class atomic (0 plain), nbi set for non-blocking calls.
 * The caller owns the returned reference (put it in the message's hb
 * field, which releases it with the message).  It is also the PE's last
 * op, named if the PE ends with it incomplete. */
sim_hb_rec_t shm_race_op(const char *call, const sim_chan_t *chan, int wpe, int atomic, int nbi);
/* The same for a message of a collective's protocol (on the collectives'
 * channel), unheld when a quiet does not complete it. */
sim_hb_rec_t shm_race_coll_op(const char *call, const sim_chan_t *chan, int wpe, int unheld);
/* Bytes a collective touches on the calling PE: count blocks of elem
 * bytes, stride bytes apart (count 1: one contiguous block), or none
 * (count 0). */
typedef struct shm_race_span {
    const void *addr;
    size_t elem, count;
    ptrdiff_t stride;
} shm_race_span_t;
/* PE context, as the running PE returns from collective call: the call
 * wrote dest and read src on this PE.  Until it returns they are the
 * call's: an access by another PE that is not ordered after this return
 * races with the call, whatever order the protocol happened to use. */
void shm_race_coll_done(const char *call, shm_race_span_t dest, shm_race_span_t src);
/* PE context.  The running PE took / is about to release lock. */
void shm_race_lock_acquired(const void *lock);
void shm_race_lock_released(const void *lock);

/* Atomicity classes of SHMEM atomics.  The specification makes atomics
 * atomic only with atomics on the same datatype in the same atomicity
 * domain: the class is the size (in the low bits, SIM_HB_CLASS_SIZE), a
 * floating-point type apart from the integers of its size, and the domain
 * of the context's team (teams split from SHMEM_TEAM_SHARED are a domain
 * apart from those of SHMEM_TEAM_WORLD).  Signals are atomic with signals. */
#define SHM_RACE_AMO(size, fp, domain) ((int)(size) | ((fp) ? 1 << 5 : 0) | (domain) << 6)
/* The class without its domain: the datatype. */
#define SHM_RACE_AMO_TYPE(cls) ((cls) & 63)
#define SHM_RACE_SIGNAL (1 << 12)

#endif
