/* sim/ending: the findings raised by how a run ended (SPEC §5).
 *
 * A deadlock and a stack overflow end the run with their own outcome (exit
 * statuses 3 and 5, and the reports sim/run prints); these functions also
 * record them as findings, `deadlock` and `stack-overflow`, so they appear
 * on stderr in the finding format and in the --report findings, and
 * --check can leave the records out without changing the outcome.  Not
 * here: detecting either (sim/sched, sim/signals) or the exit status. */
#ifndef SIM_ENDING_H
#define SIM_ENDING_H

#include "world.h"

/* Scheduler context, after the run ended in a deadlock.  Raises one
 * `deadlock` error per blocked PE (lowest PE first): its blocking call
 * with arguments, its call site, and who could have released it (the
 * other PEs, grouped by the call they are blocked in or by how they
 * ended).  Findings with the same call site are counted, not repeated. */
void sim_ending_deadlock_findings(void);

/* Scheduler context, after pe crashed with a stack overflow.  Raises a
 * `stack-overflow` error for pe: the API call it was in and that call's
 * site in the program, or else the function that ran out of stack. */
void sim_ending_stack_overflow_finding(const sim_pe_t *pe);

#endif
