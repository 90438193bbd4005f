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
/* Frees the scheduler's state (sim_w->sched), after the run. */
void sim_sched_destroy(void);

/* PE context.  Advances the running PE's clock by ns (times the factor of
 * any slow fault in effect), yielding first if an event is due before the
 * new time.  May yield. */
void sim_charge(uint64_t ns);
/* PE context.  Suspends the PE until sim_pe_wake.  why describes the
 * blocking call for the deadlock report; NULL marks a helper context
 * (below) as idle, which the deadlock report leaves out.  May yield
 * (always does). */
void sim_pe_block(const char *why);
/* PE context.  Like sim_pe_block, but also woken by any write into
 * [addr, addr+len) reported with sim_mem_written.  why must stay valid
 * while the PE is blocked (a literal, or a buffer of the caller's frame). */
void sim_pe_block_on(const char *why, const void *addr, size_t len);
/* PE context.  Like sim_pe_block_on, and also woken at virtual time
 * deadline (0: no deadline); returns 1 when the deadline has come (at
 * once, without blocking, if it already has), else 0.  A wake-up before
 * the deadline takes the deadline's event out of the queue, so it never
 * moves the clock later.  Wake-ups may be spurious (any write into the
 * range wakes it): callers re-check their condition in a loop. */
int sim_pe_block_until(const char *why, const void *addr, size_t len, uint64_t deadline);
/* Registers fn (once; at most 4 functions) to run when every PE has
 * ended, before the events still queued run: for modules that queued
 * events for PEs (timers) and must take them back so that they move
 * neither the clock nor anything else. */
void sim_sched_at_all_ended(void (*fn)(void));
/* A blocking call's description, formatted only if the run ends with the
 * PE still blocked (formatting on every block would cost more than the
 * block).  sim_why(fmt, s, ...) keeps a format taking a string and then up
 * to three ints, checked by the compiler like printf's. */
typedef struct sim_why {
    const char *fmt;
    const char *s;
    int i[3];
} sim_why_t;
sim_why_t sim_why_n(int n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* (n, the count of arguments after the format, is counted here rather
 * than from the format on every call; the compiler checks they agree.) */
#define sim_why(...) sim_why_n(SIM_WHY_ARGS(__VA_ARGS__, 4, 3, 2, 1, 0), __VA_ARGS__)
#define SIM_WHY_ARGS(fmt, a, b, c, d, n, ...) n
/* PE context.  sim_pe_block_on with a description made only when needed;
 * *why must stay valid while the PE is blocked. */
void sim_pe_block_why(const sim_why_t *why, const void *addr, size_t len);
/* PE context.  sim_pe_block_until with a description made only when
 * needed. */
int sim_pe_block_until_why(const sim_why_t *why, const void *addr, size_t len,
                           uint64_t deadline);
/* PE context.  Like sim_pe_block_on, with the description written only if
 * the run ends with the PE blocked: fn(buf, len, arg) writes it, and arg
 * must stay valid while the PE is blocked. */
void sim_pe_block_lazy(void (*fn)(char *buf, size_t len, const void *arg), const void *arg,
                       const void *addr, size_t len);
/* PE context.  Sleeps for ns of virtual time.  May yield. */
void sim_pe_sleep(uint64_t ns);
/* PE context.  Sleeps until the next event is due (the others due now run
 * first); returns 0, without sleeping, when no event is pending. */
int sim_pe_sleep_to_next_event(void);
/* PE context.  The running context has read [addr, addr+len) at pc over
 * and over without entering the simulator: a loop waiting with plain loads
 * for another PE or thread to write there.  Lets the others run, as a
 * preempting scheduler would: as sim_pe_busy (until the next event, a
 * growing step when that is due at once: other spinners' turns); with
 * none pending (and no other thread in its PE), until the range is
 * written, a deadlock if nothing can write it (reported as a spin loop at
 * pc).  Nothing in a borrowed PE.  Returns 1 when it slept as sim_pe_busy
 * (the caller may look at the range again before the loop goes on). */
int sim_pe_spinning(const void *addr, size_t len, const void *pc);
/* PE context.  The running context polls memory in its own code (sim/tsan
 * saw it read the same places over and over without entering the
 * simulator): sleeps until the next event, and when that is due at once
 * (perhaps another such loop's turn), a little longer at each such turn.
 * Nothing when no event is pending (a loop that cannot end is the
 * watchdog's) or in a borrowed PE.  Returns whether it slept. */
int sim_pe_busy(void);
/* Any context.  Makes a blocked PE ready at the current time; no effect on
 * a PE that is not blocked.  Waking a PE (not a thread) also wakes those of
 * its threads, other than its helper, that are blocked on no range with a
 * description (a completion addressed to the PE may be theirs: they check
 * again).  A program's thread (not a PE, not its helper) becomes ready
 * after a seeded delay of up to the network's jitter instead, so that
 * the seed varies the order of threads woken together. */
void sim_pe_wake(sim_pe_t *pe);
/* Any context.  Reports that [addr, addr+len) of pe's memory changed, so a
 * PE watching it wakes.  addr is a home address (sim_mem_home). */
void sim_mem_written(int pe, const void *addr, size_t len);

/* PE context.  Ends the running PE with status (main returned / exit).
 * A non-zero status terminates the job.  Does not return. */
_Noreturn void sim_pe_exit(int status);
/* In a process a PE forked (see sim/interpose): the PE's id, else -1.  Such
 * a process runs the PE's code with no simulation: it may exec or exit,
 * and any call into the simulator ends it. */
extern int sim_forked_pe;
/* Ends a forked process that called routine name of the simulator. */
_Noreturn void sim_forked_call(const char *name);
/* PE context (also from a signal handler on the PE).  Ends the running PE
 * as crashed by signo at addr and terminates the job.  Does not return. */
_Noreturn void sim_pe_crash(int signo, void *addr, sim_pe_end_t how);
/* PE context, after a signal from outside stopped the run: ends the
 * running PE where it is (its fault_pc, or its call and call site), as
 * killed, with stopped_state RUNNING.  Never returns. */
_Noreturn void sim_pe_stop_interrupted(void);
/* Whether a signal that interrupted sp came between two contexts: sp is
 * on the scheduler's own stack, and no PE is lent to an event (whose
 * code runs there), whatever sim_w->cur says (it is set just before the
 * switch to a PE and cleared just after the switch back). */
int sim_sched_between_contexts(const void *sp);
/* From the process's signal handler, in pe's context: runs the handler pe
 * installed for sig (sim/interpose), if any, and returns 1; 0 when pe has
 * the default action for sig. */
int sim_pe_signal_handler(sim_pe_t *pe, int sig, void *siginfo, void *ucontext);
/* Whether pe's program installed a handler of its own for sig. */
int sim_pe_signal_caught(const sim_pe_t *pe, int sig);
/* PE context: sets the running PE's alarm (alarm, setitimer ITIMER_REAL)
 * to fire at virtual time at (0: cancel), then every interval ns (0:
 * once).  When it fires, SIGALRM goes to that PE only: with the default
 * action the PE ends as crashed by it; with a handler the handler runs in
 * the PE as soon as it runs again (a blocked PE is woken for it and goes
 * back to waiting after it). */
void sim_pe_set_alarm(uint64_t at, uint64_t interval);
/* PE context: kill() of another PE's pid by the running one, from site.
 * As SIGALRM above: a handler runs when target next runs, a signal whose
 * default action is to end the process ends target as crashed by it (and
 * the run), one ignored is dropped.  0, or -1 with errno: ESRCH (target
 * has ended), EINVAL (no such signal). */
int sim_pe_kill(int target, int sig, const void *site);
/* Whether sig's default action is to do nothing. */
int sim_sig_ignored_by_default(int sig);
/* PE context, from a polling routine (one that only reads a counter) right
 * after its call began; key names what it reads (the counter; any fixed
 * address for a routine that polls for nothing in particular).  When the calling context made this same poll
 * before, only polls since, and no event other than resuming polling
 * contexts has fired since, nothing it can observe has changed and nothing
 * will until the next event: if an event is pending, it waits for it
 * instead of spinning (a polling loop then costs one switch per change,
 * not one per poll).  Returns 1 when it waited (the caller then looks
 * again: dispatch, re-read). */
int sim_pe_poll_idle(const char *why, const void *key);
/* Any context.  Ends pe as a failed node would (an injected crash fault):
 * it never runs again and nothing it had under way completes, but unlike
 * sim_pe_crash the job goes on.  Does not return when pe is running. */
void sim_pe_fail(sim_pe_t *pe);

/* PE context.  Ends the whole job from the running PE (a global exit):
 * the PE runs its atexit handlers and ends with status as by sim_pe_exit,
 * every other PE is stopped (SIM_END_KILLED), and the run's outcome is
 * SIM_OUT_EXIT (exit status 1) when status is non-zero, else SIM_OUT_OK.
 * Does not return. */
_Noreturn void sim_job_exit(int status);
/* Any context.  Stops the job: no PE runs again; outcome and culprit are
 * recorded once (the first call wins). */
void sim_terminate(sim_outcome_t outcome, int culprit);
/* Whether the job is being stopped (sim_terminate or sim_job_exit ran):
 * a PE ending now must not begin anything that waits for the others. */
static inline int sim_job_stopping(void)
{
    return sim_w->stopping;
}
/* How long after a PE exits with a non-zero status the job is stopped,
 * as a launcher notices the exit and kills the rest a little later: the
 * others finish what they were doing at that moment (PE 0 printing the
 * usage message its peers exited over). */
#define SIM_LAUNCHER_NS ((uint64_t)10000)

/* Marks entry into / exit from an API call of the running PE, for the
 * deadlock report, the trace and the watchdog.  site is the caller's
 * return address.  PE context.  Entering an outermost call runs the
 * scenario's at_call triggers, so sim_call_enter may yield (a stall fault)
 * or not return (a crash fault).  In a PE with threads it also wakes the
 * PE's other contexts blocked with polls_memory set: the caller's plain
 * stores may be what they wait for. */
void sim_call_enter(const char *name, const void *site);
/* After sim_call_enter: frame is the entered routine's own frame address
 * (__builtin_frame_address(0), with its frame pointer saved there), so
 * the program's frames are those above the saved frame pointer and the
 * return address (see sim_mem_dead_stack). */
void sim_call_frame(const void *frame);
void sim_call_leave(void);

/* The running PE, or NULL in scheduler context. */
static inline sim_pe_t *sim_pe_self(void)
{
    return sim_w->cur;
}

/* ---- Threads ----
 * A PE may own threads: coroutines of its own, each with a stack of
 * --stack-size bytes, for the program's threads (sim/pthread) and for work
 * that runs beside the PE's main program and may block (the thread that
 * runs LAPI completion handlers: the PE's helper).  The scheduler runs a
 * thread like a PE: while it runs, sim_pe_self() is the thread (a sim_pe_t
 * whose owner is the PE and whose id is the PE's), and it charges time,
 * blocks, sleeps and is woken with the calls above; sim_mem_written wakes
 * it too.  It shares its PE's program copy (globals) and output streams,
 * and has errno and the other per-context C library state of its own.
 *
 * A thread is not a PE of its own: it does not count among the live PEs,
 * so a run ends when every PE has ended whatever its threads do, and a
 * thread ends with its PE (a process's threads end with the process).
 * exit() in a thread ends its PE; a crash in a thread is reported as a
 * crash of its PE.  A thread that is blocked (why != NULL) when the run
 * deadlocks is listed under its PE in the deadlock report; one blocked
 * with why == NULL is idle and left out.
 *
 * Threads other than the helper take their stacks from a pool shared by
 * all PEs (SIM_THREAD_SLOTS of them); a thread that ends gives its stack
 * back. */

/* Before a run: stack slots first .. first+n-1 of sim_w->stacks are the
 * threads' pool. */
void sim_threads_pool(size_t first, size_t n);
/* Any context.  Starts pe's helper, which will run fn(arg) from the
 * current virtual time on; when fn returns the helper ends.  Returns the
 * helper, or NULL when pe already has one or its stack cannot be mapped. */
sim_pe_t *sim_pe_helper_start(sim_pe_t *pe, void (*fn)(void *), void *arg);
/* PE context.  Starts a thread of the running PE that runs fn(arg) from
 * the current virtual time on (after the caller yields) and ends when fn
 * returns.  Returns it, or NULL when every stack of the pool is in use. */
sim_pe_t *sim_thread_start(void (*fn)(void *), void *arg);
/* Frees a context's thread-local storage (sim/pthread) once it has ended,
 * and the destructors of its thread_local objects still registered. */
void sim_thread_tls_free(sim_pe_t *ctx);
/* Runs (and forgets) the destructors of ctx's thread_local objects, newest
 * first, as a thread's end or a process's exit does. */
void sim_thread_tls_dtors(sim_pe_t *ctx);
/* When the world is destroyed: frees ctx's pthread records (sim/pthread);
 * a PE's threads first, then the PE. */
void sim_pthread_free(sim_pe_t *ctx);
/* PE context (sim/pthread).  A sleep of ns that is a cancellation point:
 * a context a thread may cancel wakes when it is cancelled and ends
 * there; call and site name the sleeping call. */
void sim_pthread_sleep(uint64_t ns, const char *call, const void *site);
/* When the world is destroyed: frees every PE's and thread's engine state
 * (threads, pthread records, C library state; the stack of a context that
 * ended), after the layers freed theirs. */
void sim_sched_free_contexts(void);
/* Thread context (not a PE's main program).  Ends the running thread as
 * if its function had returned.  Does not return. */
_Noreturn void sim_thread_exit(void);
/* PE context.  Wakes the running PE's contexts blocked on a range that
 * overlaps [obj, obj+len) (sim_pe_block_on with obj): what a thread that
 * releases a lock or signals a condition calls. */
void sim_thread_notify(const void *obj, size_t len);

/* The PE a context belongs to: ctx itself, or the owner of a helper. */
static inline sim_pe_t *sim_pe_main(sim_pe_t *ctx)
{
    return ctx->owner ? ctx->owner : ctx;
}

/* ---- Borrowing a PE from scheduler context ----
 * An event that must run program code or touch program memory on behalf of
 * a PE (a LAPI header handler, a delivery into a buffer the program named)
 * borrows the PE: fn(arg) runs on the scheduler's stack, and while it runs
 * sim_pe_self() is pe, pe's globals are live, its output goes to pe's
 * streams, and pe->call/call_site are call/site, so a crash, exit() or
 * watchdog stop inside fn ends pe with a report naming them, and the
 * simulator carries on.  Afterwards pe's call state is restored.
 *
 * fn must not yield: while borrowed, sim_charge costs nothing, and a call
 * that would block or sleep abandons fn on the spot (its frames are
 * dropped, as by longjmp) with SIM_BORROW_BLOCKED; sim_borrow_why() then
 * describes the call.  Borrowing does not nest. */
typedef enum {
    SIM_BORROW_OK = 0,       /* fn returned */
    SIM_BORROW_BLOCKED = -1, /* fn tried to block or sleep and was abandoned */
    SIM_BORROW_ENDED = -2    /* pe ended inside fn (exit, crash), or had already ended */
} sim_borrow_t;

/* Scheduler context (sim_pe_self() == NULL).  See above. */
sim_borrow_t sim_pe_borrow(sim_pe_t *pe, const char *call, const void *site,
                           void (*fn)(void *), void *arg);
/* Whether a PE is being borrowed right now. */
int sim_pe_borrowed(void);
/* Whether the caller runs on the operating-system thread the PEs run on
 * (library code reached from another thread of the process is not a PE's). */
int sim_sched_on_run_thread(void);
/* After SIM_BORROW_BLOCKED: the blocking call's description. */
const char *sim_borrow_why(void);

#endif
