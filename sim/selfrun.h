/* sim/selfrun: a program module executed directly (./prog).
 *
 * shmemsim-cc gives every module an interpreter and an entry point
 * (api/module.c) so that the kernel can execute it; the entry point calls
 * here, and the module runs itself under the simulator:
 *
 *   shmemsim run -n $SHMEMSIM_NPES --quiet $SHMEMSIM_ARGS -- ./prog ARGS...
 *
 * SHMEMSIM_NPES defaults to 1 and SHMEMSIM_ARGS (split at blanks) to
 * nothing.  The shmemsim command is the one installed next to this
 * library (LIBDIR/../bin/shmemsim), else the first on PATH.  This is what
 * lets configure scripts and CTest run the programs they build. */
#ifndef SIM_SELFRUN_H
#define SIM_SELFRUN_H

/* Replaces the process by the simulator running the module the process
 * was started from.  Never returns: if the simulator cannot be started it
 * prints one line saying how to run the program and exits with 127.
 * Called only from a module's entry point, never inside a run. */
_Noreturn void sim_selfrun_exec(void);

#endif
