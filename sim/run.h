/* sim/run: one whole run, from a configuration to the exit status.
 *
 * Loads the program copies, makes the heaps and the network, runs the
 * scheduler, then reports: per-PE ends, the deadlock or crash diagnosis,
 * the summary paragraph, the report JSON and the trace.  Exit statuses are
 * those of SPEC §2 (SIM_EXIT_*). */
#ifndef SIM_RUN_H
#define SIM_RUN_H

#include "world.h"

enum {
    SIM_EXIT_OK = 0,       /* every PE ended with status 0 */
    SIM_EXIT_PE = 1,       /* a PE exited non-zero */
    SIM_EXIT_USAGE = 2,    /* bad option or input */
    SIM_EXIT_DEADLOCK = 3, /* every live PE blocked, nothing in flight */
    SIM_EXIT_FINDING = 4,  /* an error finding was raised */
    SIM_EXIT_CRASH = 5,    /* a PE crashed (signal, stack overflow) */
    SIM_EXIT_WATCHDOG = 6, /* a PE ran without entering the simulator too long */
    SIM_EXIT_INTERRUPTED = 7 /* stopped by a signal from outside (SIGTERM, SIGINT) */
};

/* Default sizes. */
#define SIM_DEFAULT_STACK ((size_t)1 << 20)
#define SIM_DEFAULT_HEAP ((size_t)64 << 20)
#define SIM_DEFAULT_WATCHDOG 20

/* Fills cfg with the defaults. */
void sim_config_default(sim_config_t *cfg);
/* Runs the job described by cfg; returns the process exit status. */
int sim_run(const sim_config_t *cfg);

#endif
