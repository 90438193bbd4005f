/* sim/outcome: how a run ends, as the process exit status (SPEC §2), the
 * name the summary, the report and a scenario's `expect: outcome:` use,
 * and whether a scenario may expect it.  One list. */
#ifndef SIM_OUTCOME_H
#define SIM_OUTCOME_H

/* X(NAME, status, "name", expectable) */
#define SIM_EXITS(X)                                                                 \
    X(OK, 0, "ok", 1)                   /* every PE ended with status 0 */          \
    X(PE, 1, "exit-nonzero", 1)         /* a PE exited non-zero */                  \
    X(USAGE, 2, "usage", 0)             /* bad option or input */                   \
    X(DEADLOCK, 3, "deadlock", 1)       /* every live PE blocked, nothing in flight */ \
    X(FINDING, 4, "finding", 1)         /* an error finding was raised */           \
    X(CRASH, 5, "crash", 1)             /* a PE crashed (signal, stack overflow) */ \
    X(WATCHDOG, 6, "watchdog", 0)       /* a PE ran too long without a call */      \
    X(INTERRUPTED, 7, "interrupted", 0) /* stopped by a signal from outside */

typedef enum {
#define SIM_EXIT_ENUM(name, status, str, expectable) SIM_EXIT_##name = status,
    SIM_EXITS(SIM_EXIT_ENUM)
#undef SIM_EXIT_ENUM
} sim_exit_t;

/* The outcome's name ("deadlock"), or NULL for a status not in the list. */
const char *sim_exit_name(int status);
/* The status named name, or -1. */
int sim_exit_by_name(const char *name);
/* Whether a scenario may expect the outcome (a usage error, a watchdog or
 * an interruption is never what a scenario is for). */
int sim_exit_expectable(int status);

#endif
