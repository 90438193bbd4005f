/* sim/interpose: the C library calls a PE makes that must mean "this PE"
 * (exit, abort, time, sleeps, stdio, signals, random numbers, the
 * environment...; see interpose.c).  shmemsim-cc links a module with
 * -Wl,--wrap=NAME for exactly the names interpose.c defines as
 * __wrap_NAME: the Makefile reads them from its object, so there is no
 * second list.
 *
 * For the layers: ends the calling PE as the program's abort() would (a
 * crash with SIGABRT), or the process outside a PE. */
#ifndef SIM_INTERPOSE_H
#define SIM_INTERPOSE_H

_Noreturn void __wrap_abort(void);

#include <stdint.h>
#include <time.h>

/* The wall clock a PE reads (CLOCK_REALTIME, gettimeofday, time) starts
 * every run at this date, 2025-01-01 00:00:00 UTC, and advances with
 * virtual time; the other clocks count virtual time from 0.  A run that
 * started in 1970 gave srand(time(NULL) + pe) one sequence on PEs 0 and
 * 1 (srand(0) is srand(1)) and dated every file 1970. */
#define SIM_WALL_EPOCH_S 1735689600u

/* The virtual time of an absolute timeout (a timed wait's deadline),
 * never 0.  A deadline past the epoch was made from the wall clock
 * (CLOCK_REALTIME, the default of condition variables and timed locks),
 * one before it from another clock (a condition variable set to
 * CLOCK_MONOTONIC), whichever clock the call is said to use. */
uint64_t sim_deadline_of(const struct timespec *abs);

/* The C library's definition of name, past this library's own (which
 * a PE's calls from shared libraries reach), looked up once into *cache. */
void *sim_libc_fn(void **cache, const char *name);

/* The machine's own clock_gettime, for the simulator's timing of itself
 * (a PE's calls, even from shared libraries, read virtual time). */
int sim_real_clock_gettime(clockid_t clk, struct timespec *ts);

/* In a PE: the next of its own stream of random bits, from the run's seed
 * (what the system's entropy sources give a PE: getrandom, getentropy,
 * and the C++ module's std::random_device). */
uint64_t sim_pe_entropy(void);

struct sim_pe;
/* When the world is destroyed: frees pe's C library state (random and
 * strtok state, environment changes, locale, signal dispositions). */
void sim_interpose_free(struct sim_pe *pe);
/* libc's time zone code (tzset, localtime, mktime, strftime) reads TZ
 * from the process's environment: while a PE that set or unset its own TZ
 * runs, the process's TZ is that one.  The scheduler calls these around
 * each switch to and from a PE (a thread's: its PE's). */
void sim_interpose_tz_in(struct sim_pe *pe);
void sim_interpose_tz_out(struct sim_pe *pe);

#endif
