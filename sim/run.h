/* sim/run: one whole run, from a configuration to the exit status.
 *
 * Loads the program copies, makes the heaps and the network, runs the
 * scheduler, then reports: per-PE ends, the deadlock or crash diagnosis,
 * the summary paragraph, the report JSON and the trace.  Exit statuses are
 * those of SPEC §2 (SIM_EXIT_*, sim/outcome). */
#ifndef SIM_RUN_H
#define SIM_RUN_H

#include "outcome.h"
#include "world.h"

/* Default sizes. */
#define SIM_DEFAULT_STACK ((size_t)1 << 20)
#define SIM_DEFAULT_HEAP ((size_t)64 << 20)
#define SIM_DEFAULT_WATCHDOG 20
/* Stacks for the program's threads, shared by all PEs (sim/sched). */
#define SIM_THREAD_SLOTS 1024

/* Fills cfg with the defaults. */
void sim_config_default(sim_config_t *cfg);
/* Runs the job described by cfg; returns the process exit status.  The
 * world is destroyed before it returns. */
int sim_run(const sim_config_t *cfg);
/* Frees the current world and everything it holds: the layers' state
 * (their free_ctx and free_run), the race detector's, every PE's and
 * thread's, messages still in flight, the event queue, the findings.  The
 * memory the program itself may still reach stays mapped until the
 * process ends: its copies and the symmetric heap (its destructors run at
 * exit), and the stacks (a PE or thread that never ended has frames that
 * may hold what its calls allocated).  No world is current afterwards;
 * nothing of it may be used. */
void sim_world_destroy(void);
/* The exit status of the last run once it has ended, or -1. */
extern int sim_run_status;

#endif
