/* sim/signals: turns a fault or a runaway loop in a PE into the end of that
 * PE instead of the end of the simulator.
 *
 * SIGSEGV, SIGBUS, SIGFPE and SIGILL are caught on an alternate stack; when
 * they hit while a PE runs, the PE is ended as crashed (a fault below its
 * stack is reported as a stack overflow) and control returns to the
 * scheduler.  In the scheduler itself they are internal errors: output is
 * flushed and the signal re-raised.  The watchdog (SIGALRM, once a second)
 * ends a PE that has not entered the simulator for the configured number of
 * wall seconds; it is the only use of wall time, and it only ever stops a
 * run that could not have finished. */
#ifndef SIM_SIGNALS_H
#define SIM_SIGNALS_H

void sim_signals_install(unsigned watchdog_s);
void sim_signals_remove(void);
/* Around the teardown after a run (on: 1, then 0): an abort of the C
 * library's allocator, which a PE's stray write into the shared heap can
 * cause, ends the process with a crash's status and a message. */
void sim_signals_teardown(int on);
/* In a process forked by a PE: every signal back to its default action
 * (the simulator's handlers and watchdog belong to the parent). */
void sim_signals_forget(void);
/* Whether the watchdog is about to stop the running PE: a PE that waits
 * inside the simulator for what it polls goes back to its own loop, where
 * the stop names the loop. */
int sim_watchdog_pending(void);
/* The wall seconds the run had made no progress for when the watchdog
 * stopped a PE. */
unsigned sim_watchdog_stalled_s(void);

#endif
