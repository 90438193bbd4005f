/* sim/sched: running PEs against the event queue.
 *
 * The scheduler loop pops events in (time, seq) order.  A PE runs only from
 * a resume event; it gives the CPU back when it blocks, when it ends, or
 * when charging the cost of a call would move its clock past the next
 * queued event (then a resume event is queued at its new time).  Nothing
 * here is specific to SHMEM or LAPI.
 *
 * Functions marked "PE context" must be called by the running PE; they may
 * yield, which means other PEs and events run before they return. */
#ifndef SIM_SCHED_H
#define SIM_SCHED_H

#include "world.h"

#include <stddef.h>
#include <stdint.h>

/* Runs the job until every PE has ended, a deadlock, or termination. */
void sim_sched_run(void);

/* PE context.  Advances the running PE's clock by ns (times the factor of
 * any slow fault in effect), yielding first if an event is due before the
 * new time.  May yield. */
void sim_charge(uint64_t ns);
/* PE context.  Suspends the PE until sim_pe_wake.  why describes the
 * blocking call for the deadlock report.  May yield (always does). */
void sim_pe_block(const char *why);
/* PE context.  Like sim_pe_block, but also woken by any write into
 * [addr, addr+len) reported with sim_mem_written. */
void sim_pe_block_on(const char *why, const void *addr, size_t len);
/* PE context.  Sleeps for ns of virtual time.  May yield. */
void sim_pe_sleep(uint64_t ns);
/* Any context.  Makes a blocked PE ready at the current time; no effect on
 * a PE that is not blocked. */
void sim_pe_wake(sim_pe_t *pe);
/* Any context.  Reports that [addr, addr+len) of pe's memory changed, so a
 * PE watching it wakes.  addr is a home address (sim_mem_home). */
void sim_mem_written(int pe, const void *addr, size_t len);

/* PE context.  Ends the running PE with status (main returned / exit).
 * A non-zero status terminates the job.  Does not return. */
_Noreturn void sim_pe_exit(int status);
/* PE context (also from a signal handler on the PE).  Ends the running PE
 * as crashed by signo at addr and terminates the job.  Does not return. */
_Noreturn void sim_pe_crash(int signo, void *addr, sim_pe_end_t how);
/* Any context.  Ends pe as a failed node would (an injected crash fault):
 * it never runs again and nothing it had under way completes, but unlike
 * sim_pe_crash the job goes on.  Does not return when pe is running. */
void sim_pe_fail(sim_pe_t *pe);

/* PE context.  Ends the whole job from the running PE (shmem_global_exit):
 * the PE runs its atexit handlers and ends with status as by sim_pe_exit,
 * every other PE is stopped (SIM_END_KILLED), and the run's outcome is
 * SIM_OUT_EXIT (exit status 1) when status is non-zero, else SIM_OUT_OK.
 * Does not return. */
_Noreturn void sim_job_exit(int status);
/* Any context.  Stops the job: no PE runs again; outcome and culprit are
 * recorded once (the first call wins). */
void sim_terminate(sim_outcome_t outcome, int culprit);

/* Marks entry into / exit from an API call of the running PE, for the
 * deadlock report, the trace and the watchdog.  site is the caller's
 * return address.  PE context.  Entering an outermost call runs the
 * scenario's at_call triggers, so sim_call_enter may yield (a stall fault)
 * or not return (a crash fault). */
void sim_call_enter(const char *name, const void *site);
void sim_call_leave(void);

/* The running PE, or NULL in scheduler context. */
static inline sim_pe_t *sim_pe_self(void)
{
    return sim_w->cur;
}

#endif
