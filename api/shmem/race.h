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
 * with atomicity class atomic (0 plain), nbi set for non-blocking calls,
 * unheld for ops a quiet does not complete (a collective protocol's).  The caller owns the returned reference (put it in
 * the message's hb field, which releases it with the message). */
sim_hb_rec_t shm_race_op(const char *call, const sim_chan_t *chan, int wpe, int atomic, int nbi,
                         int unheld);
/* The world barrier's signal for round of pe, carrying rel, was
 * delivered; the running PE took one count of round (acquires the oldest
 * signal delivered for it). */
void shm_race_count_deliver(int pe, int round, sim_hb_rec_t rel);
void shm_race_count_take(int round);
/* PE context.  The running PE took / is about to release lock. */
void shm_race_lock_acquired(const void *lock);
void shm_race_lock_released(const void *lock);

/* Atomicity classes of SHMEM atomics: by size (the specification makes
 * atomics atomic only with atomics of the same type); signals are atomic
 * with signals. */
#define SHM_RACE_AMO(size) ((int)(size))
#define SHM_RACE_SIGNAL 64

#endif
