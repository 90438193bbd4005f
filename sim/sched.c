/* sim/sched: the scheduler loop, the causality rule, blocking and waking,
 * how a PE ends, helper contexts and borrowing.  See sched.h for the
 * contracts. */
#include "sched.h"
#include "fault.h"
#include "hb.h"
#include "interpose.h"
#include "io.h"
#include "layer.h"
#include "loader.h"
#include "mem.h"
#include "run.h"
#include "trace.h"
#include "util.h"

#include <dlfcn.h>
#include <errno.h>
#include <locale.h>
#include <pthread.h>
#include <getopt.h>
#include <signal.h>
#include <sys/resource.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

sim_world_t *sim_w;

sim_world_t **sim_world_ref(void)
{
    return &sim_w;
}

/* A thread (or helper) context: the scheduler only sees ctx. */
typedef struct thread {
    sim_pe_t ctx;       /* first member: a thread_t * is a sim_pe_t * */
    void (*fn)(void *); /* what it runs */
    void *arg;
} thread_t;

/* Gives a thread's stack slot back (it never runs again). */
static void release_slot(sim_pe_t *t)
{
    if (t->tslot < 0)
        return;
    sim_thread_tls_free(t);
    free(t->poll_places); /* (its record may be taken again, cleared) */
    t->poll_places = NULL;
    t->poll_cap = 0;
    sim_coro_destroy(&t->coro);
    if ((size_t)t->tslot >= sim_w->tslot0) {
        sim_w->tslot_ctx[t->tslot - sim_w->tslot0] = NULL;
        sim_w->tslot_free[sim_w->ntslot_free++] = (size_t)t->tslot;
    }
    t->tslot = -1;
}

/* pe has ended: so have its threads (a process's threads end with it).
 * The running context's slot is given back once it has switched away. */
static void end_threads(sim_pe_t *pe)
{
    for (sim_pe_t *t = pe->threads; t; t = t->next_thread) {
        t->state = SIM_PE_DONE;
        if (t != sim_w->cur)
            release_slot(t);
    }
}


/* The C++ run-time library's exception state is per thread, and every
 * PE runs on this one: a PE blocked inside a catch handler would otherwise
 * find another PE's exception on top when it rethrows.  The layout is the
 * Itanium C++ ABI's __cxa_eh_globals; found once a C++ module is loaded. */
typedef struct cxa_eh_globals {
    void *caught;
    unsigned uncaught;
} cxa_eh_globals_t;

/* The scheduler's state, owned by the world (sim_w->sched_st): the C++
 * exception state to swap; the PE lent to an event (sim_pe_borrow), where
 * to go back to when its code must be abandoned, and what it tried to
 * block on; the contexts waiting in sim_pe_poll_idle for the next change;
 * what runs once every PE has ended. */
struct sim_sched {
    cxa_eh_globals_t *eh;
    sim_pe_t *borrow_pe;
    sigjmp_buf *borrow_env;
    char borrow_why[200];
    sim_pe_t **pollers;
    int npollers, cap_pollers;
    uint64_t stall_changes; /* sim_w->changes when the polls found nothing since */
    uint64_t stall_polls;   /* polls since, with nothing else left to happen */
    struct timespec stall_since; /* the wall clock at the first check of that stretch */
    void (*all_ended_fns[4])(void);
    int nall_ended;
    pthread_t os_thread;   /* the operating-system thread the run is on */
    uintptr_t stack_lo, stack_hi; /* the stack the scheduler runs on, below sim_sched_run */
};
#define S (sim_w->sched_st) /* made by sched_state before any use */

static struct sim_sched *sched_state(void)
{
    if (!sim_w->sched_st)
        sim_w->sched_st = sim_xcalloc(1, sizeof *sim_w->sched_st);
    return sim_w->sched_st;
}

void sim_sched_destroy(void)
{
    if (!sim_w || !sim_w->sched_st)
        return;
    free(sim_w->sched_st->pollers);
    free(sim_w->sched_st);
    sim_w->sched_st = NULL;
}

static void release_slot(sim_pe_t *t);

void sim_sched_free_contexts(void)
{
    for (int i = 0; i < sim_w->npes; i++) {
        sim_pe_t *pe = &sim_w->pes[i];
        /* A context that never ended keeps its stack (mapped and, under
         * LeakSanitizer, a root): its frames may hold what the calls it
         * was in allocated, which nothing else can free. */
        for (sim_pe_t *t = pe->threads, *next; t; t = next) {
            next = t->next_thread;
            if (t->state == SIM_PE_DONE)
                release_slot(t);
            else
                sim_thread_tls_free(t);
            sim_pthread_free(t);
            free(t->poll_places);
            free(t); /* its thread_t: the context is its first member */
        }
        pe->threads = pe->helper = NULL;
        sim_thread_tls_free(pe); /* (under swap, its own blocks) */
        sim_pthread_free(pe);
        sim_interpose_free(pe);
        free(pe->poll_places);
        pe->poll_places = NULL;
        if (pe->state == SIM_PE_DONE)
            sim_coro_destroy(&pe->coro);
    }
}

static void find_eh_globals(void)
{
    /* The module's dependencies are local to it (RTLD_LOCAL): ask it. */
    void *handle = sim_w->loader ? sim_w->loader->img[0].handle : NULL;
    void *sym = handle ? dlsym(handle, "__cxa_get_globals") : NULL;
    cxa_eh_globals_t *(*get)(void) = (cxa_eh_globals_t * (*)(void)) sym;
    S->eh = get ? get() : NULL;
}

/* errno, optind & co. are process-wide; each PE keeps its own copy. */
static void swap_in_libc_state(sim_pe_t *pe)
{
    if (S->eh) {
        S->eh->caught = pe->eh_caught;
        S->eh->uncaught = pe->eh_uncaught;
    }
    void *loc = sim_pe_main(pe)->locale;
    if (loc)
        uselocale((locale_t)loc);
    sim_interpose_tz_in(pe);
    errno = pe->saved_errno;
    optind = pe->opt_ind;
    opterr = pe->opt_err;
    optopt = pe->opt_opt;
    optarg = pe->opt_arg;
}

static void swap_out_libc_state(sim_pe_t *pe)
{
    if (S->eh) {
        pe->eh_caught = S->eh->caught;
        pe->eh_uncaught = S->eh->uncaught;
        S->eh->caught = NULL;
        S->eh->uncaught = 0;
    }
    if (sim_pe_main(pe)->locale)
        uselocale(LC_GLOBAL_LOCALE);
    sim_interpose_tz_out(pe);
    pe->saved_errno = errno;
    pe->opt_ind = optind;
    pe->opt_err = opterr;
    pe->opt_opt = optopt;
    pe->opt_arg = optarg;
}

static void resume_ev(void *arg)
{
    sim_pe_t *pe = arg;
    if (pe->state == SIM_PE_DONE || sim_w->stopping)
        return;
    if ((sim_fault_hooks & SIM_FAULT_HOOK_CPU) && sim_fault_stalled_until(pe) > sim_w->now) {
        /* A stall fault holds the PE: try again when it ends. */
        sim_evq_push(&sim_w->evq, sim_fault_stalled_until(pe), resume_ev, pe);
        return;
    }
    SIM_ASSERT(pe->state == SIM_PE_READY || pe->state == SIM_PE_NEW);
    pe->state = SIM_PE_RUNNING;
    sim_w->cur = pe;
    sim_w->switches++;
    int sched_errno = errno;
    sim_loader_activate(sim_w->loader, pe->id);
    swap_in_libc_state(pe);
    sim_coro_switch(&sim_w->sched, &pe->coro);
    swap_out_libc_state(pe);
    errno = sched_errno;
    sim_w->cur = NULL;
    if (pe->owner && pe->state == SIM_PE_DONE)
        release_slot(pe);
}

static void pe_entry(void)
{
    sim_pe_t *pe = sim_w->cur;
    sim_coro_started(&pe->coro);
    int status = pe->img ? sim_image_run_main(pe->img, sim_w->cfg.argc, pe->argv)
                         : sim_w->pe_main(pe->id);
    sim_pe_exit(status);
}

/* PE context: runs the handlers of the signals that came for the PE while
 * it was away. */
static void deliver_signals(sim_pe_t *ctx)
{
    sim_pe_t *pe = sim_pe_main(ctx);
    while (pe->sig_pending) {
        int sig = __builtin_ctzll(pe->sig_pending);
        pe->sig_pending &= ~(1ull << sig);
        siginfo_t si;
        memset(&si, 0, sizeof si);
        si.si_signo = sig;
        si.si_code = SI_KERNEL;
        if (!sim_pe_signal_handler(ctx, sig, &si, NULL)) {
            ctx->fault_pc = NULL;
            sim_pe_crash(sig, NULL, SIM_END_CRASH);
        }
    }
}

/* Gives the CPU back to the scheduler; returns when resumed. */
static void switch_to_sched(sim_pe_t *pe)
{
    if (sim_coro_overflowed(&pe->coro, &sim_w->stacks)) {
        /* It ran past its stack without reaching a live guard zone: stop
         * it before a PE whose stack it may have written runs again. */
        pe->stack_overflow = 1;
        pe->overflow_late = 1;
        pe->fault_pc = pe->call_site ? (void *)((uintptr_t)pe->call_site - 1) : NULL;
        sim_pe_crash(SIGSEGV, NULL, SIM_END_CRASH);
    }
    sim_coro_switch(&pe->coro, &sim_w->sched);
    if (sim_pe_main(pe)->sig_pending)
        deliver_signals(pe);
}

/* Scheduler context: ends pe, which is not running, as killed by sig. */
static void end_by_signal(sim_pe_t *pe, int sig)
{
    pe->end = SIM_END_CRASH;
    pe->signo = sig;
    pe->fault_pc = NULL;
    sim_terminate(SIM_OUT_CRASH, pe->id);
    sim_io_flush_pe(pe);
    pe->state = SIM_PE_DONE;
    sim_w->live--;
    sim_trace_pe_end(pe);
    end_threads(pe);
}

int sim_sig_ignored_by_default(int sig)
{
    return sig == SIGCHLD || sig == SIGURG || sig == SIGWINCH || sig == SIGCONT;
}

/* sig reaches pe, which is not running: its handler runs when it next
 * runs (a blocked PE is woken for it), or its default action ends it. */
static void signal_arrives(sim_pe_t *pe, int sig)
{
    const struct sigaction *t = pe->sigacts;
    if (t && t[sig].sa_handler == SIG_IGN)
        return;
    if (!t || t[sig].sa_handler == SIG_DFL) {
        if (!sim_sig_ignored_by_default(sig))
            end_by_signal(pe, sig);
        return;
    }
    pe->sig_pending |= 1ull << sig;
    if (pe->state == SIM_PE_BLOCKED) {
        sim_pe_wake(pe);
        pe->signal_woke = 1;
    }
}

static void alarm_ev(void *arg)
{
    sim_pe_t *pe = arg;
    if (pe->state == SIM_PE_DONE || sim_w->stopping || pe->alarm_at != sim_w->now)
        return; /* ended, or the alarm was changed since */
    pe->alarm_at = pe->alarm_interval ? sim_w->now + pe->alarm_interval : 0;
    if (pe->alarm_at)
        sim_evq_push(&sim_w->evq, pe->alarm_at, alarm_ev, pe);
    signal_arrives(pe, SIGALRM);
}

int sim_pe_kill(int target, int sig, const void *site)
{
    sim_pe_t *pe = &sim_w->pes[target];
    if (pe->state == SIM_PE_DONE) {
        errno = ESRCH;
        return -1;
    }
    /* (sig_pending has a bit for each of the 64 signals.) */
    if (sig < 0 || sig >= NSIG || sig >= 64) {
        errno = EINVAL;
        return -1;
    }
    if (sig == 0 || sim_w->stopping)
        return 0;
    pe->killed_by = sim_pe_main(sim_w->cur)->id + 1;
    pe->killed_site = site;
    signal_arrives(pe, sig);
    if (pe->state != SIM_PE_DONE)
        pe->killed_by = 0; /* (it did not end it) */
    return 0;
}

void sim_pe_set_alarm(uint64_t at, uint64_t interval)
{
    sim_pe_t *pe = sim_pe_main(sim_w->cur);
    pe->alarm_at = at;
    pe->alarm_interval = at ? interval : 0;
    if (at)
        sim_evq_push(&sim_w->evq, at, alarm_ev, pe);
}

static void create_pes(void)
{
    for (int i = 0; i < sim_w->npes; i++) {
        sim_pe_t *pe = &sim_w->pes[i];
        int rc = sim_coro_create(&pe->coro, &sim_w->stacks, (size_t)i, pe_entry);
        if (rc) {
            fprintf(stderr, "shmemsim: cannot map a %zu-byte stack for PE %d: %s\n",
                    sim_w->cfg.stack_size, i, strerror(-rc));
            sim_terminate(SIM_OUT_CRASH, i);
            return;
        }
        pe->state = SIM_PE_NEW;
        pe->opt_ind = 1;
        pe->opt_err = 1;
        pe->opt_opt = '?';
        sim_evq_push(&sim_w->evq, 0, resume_ev, pe);
    }
}

/* Writes what a context still blocked was waiting for, while its frames
 * (which the description may point into) are still there. */
static void name_blocked(sim_pe_t *pe)
{
    pe->why[0] = '\0';
    if (pe->state != SIM_PE_BLOCKED)
        return;
    if (pe->why_fn)
        pe->why_fn(pe->why, sizeof pe->why, pe->why_arg);
    else if (pe->why_text)
        snprintf(pe->why, sizeof pe->why, "%s", pe->why_text);
}

static void kill_survivors(void)
{
    for (int i = 0; i < sim_w->npes; i++) {
        sim_pe_t *pe = &sim_w->pes[i];
        name_blocked(pe);
        for (sim_pe_t *t = pe->threads; t; t = t->next_thread) {
            name_blocked(t);
            if (t->state != SIM_PE_DONE && pe->state != SIM_PE_DONE) {
                t->stopped_state = t->state; /* (for where each PE was) */
                t->end = SIM_END_KILLED;
            }
        }
        if (pe->state != SIM_PE_DONE) {
            pe->stopped_state = pe->state;
            char state[260];
            snprintf(state, sizeof state, "%s%s%s",
                     sim_w->outcome == SIM_OUT_DEADLOCK ? "blocked at the deadlock"
                                                        : "stopped when the run ended",
                     pe->why[0] ? ": " : "", pe->why);
            sim_trace_open_call(pe, state);
        }
        if (pe->state != SIM_PE_DONE && sim_w->outcome != SIM_OUT_DEADLOCK) {
            pe->state = SIM_PE_DONE;
            pe->end = SIM_END_KILLED;
            end_threads(pe);
        }
        sim_io_flush_pe(pe);
    }
}


static void wake_pollers(void)
{
    for (int i = 0; i < S->npollers; i++) {
        S->pollers[i]->poll_waiting = 0;
        sim_pe_wake(S->pollers[i]);
    }
    S->npollers = 0;
}

/* Polls that found nothing, with nothing else left to happen, checked
 * against the wall clock every STALL_CHECK of them. */
#define STALL_CHECK (1u << 20)

/* The running context polls with nothing left to happen but polls: when
 * that has gone on for the watchdog's time (wall seconds, as a PE that
 * never calls the simulator is stopped), every PE waits for what no one
 * will send, and the run ends as a deadlock naming each poll. */
static void poll_stall(const char *why)
{
    if (S->stall_changes != sim_w->changes) {
        S->stall_changes = sim_w->changes;
        S->stall_polls = 0;
    }
    if (++S->stall_polls % STALL_CHECK || !sim_w->cfg.watchdog_s)
        return;
    struct timespec now;
    sim_real_clock_gettime(CLOCK_MONOTONIC, &now);
    if (S->stall_polls == STALL_CHECK) {
        S->stall_since = now;
        return;
    }
    if (now.tv_sec - S->stall_since.tv_sec < (time_t)sim_w->cfg.watchdog_s)
        return;
    sim_w->polls_stalled = 1;
    sim_terminate(SIM_OUT_DEADLOCK, -1);
    sim_pe_block(why); /* never resumed: the run is over */
}

int sim_pe_poll_idle(const char *why, const void *key)
{
    sim_pe_t *pe = sim_w->cur;
    int waited = 0, k = pe->poll_key[0] == key ? 0 : pe->poll_key[1] == key ? 1 : -1;
    int idle = k >= 0 && pe != S->borrow_pe && pe->poll_quiet &&
               pe->poll_mark[k] == sim_w->changes && pe->call_depth == 1;
    /* Nothing is left to happen but polls: those parked take their turns,
     * each poll returning as it would on a machine, so that a loop that
     * polls a bounded number of times goes on to do what another waits
     * for. */
    if (idle && sim_evq_min_time(&sim_w->evq) == UINT64_MAX) {
        poll_stall(why);
        if (S->npollers)
            wake_pollers();
    }
    if (idle && sim_evq_min_time(&sim_w->evq) != UINT64_MAX) {
        if (S->npollers == S->cap_pollers) {
            S->cap_pollers = S->cap_pollers ? 2 * S->cap_pollers : 8;
            S->pollers = sim_xrealloc(S->pollers, (size_t)S->cap_pollers * sizeof *S->pollers);
        }
        S->pollers[S->npollers++] = pe;
        pe->poll_waiting = 1;
        sim_pe_block(why);
        waited = 1;
    }
    if (k < 0) { /* the older entry makes room */
        k = 1;
        pe->poll_key[0] = pe->poll_key[1];
        pe->poll_mark[0] = pe->poll_mark[1];
        pe->poll_key[1] = key;
    }
    pe->poll_prev = 1; /* this call is a poll */
    pe->poll_mark[k] = sim_w->changes;
    return waited;
}


void sim_sched_at_all_ended(void (*fn)(void))
{
    sched_state();
    for (int i = 0; i < S->nall_ended; i++)
        if (S->all_ended_fns[i] == fn)
            return;
    SIM_ASSERT(S->nall_ended < (int)(sizeof S->all_ended_fns / sizeof S->all_ended_fns[0]));
    S->all_ended_fns[S->nall_ended++] = fn;
}

int sim_sched_between_contexts(const void *sp)
{
    return sim_w && S && !S->borrow_pe && (uintptr_t)sp - S->stack_lo < S->stack_hi - S->stack_lo;
}

void sim_sched_run(void)
{
    sched_state()->os_thread = pthread_self();
    /* Everything the scheduler calls runs below this frame, on the
     * thread's stack, as deep as its limit lets it grow (the PEs' stacks
     * are mapped elsewhere). */
    struct rlimit rl;
    uintptr_t depth = 8u << 20;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < depth)
        depth = rl.rlim_cur;
    S->stack_hi = (uintptr_t)__builtin_frame_address(0);
    S->stack_lo = S->stack_hi - depth;
    sim_w->live = sim_w->npes;
    sim_w->outcome = SIM_OUT_OK;
    sim_w->culprit = -1;
    find_eh_globals();
    create_pes();
    sim_event_t ev;
    int ended = 0;
    for (;;) {
        if (sim_w->live == 0 && !ended) {
            ended = 1;
            for (int i = 0; i < S->nall_ended; i++)
                S->all_ended_fns[i]();
            if (sim_w->exit_pending) /* nobody left for the launcher to stop */
                sim_terminate(SIM_OUT_EXIT, sim_w->exit_pending - 1);
        }
        if (sim_w->stopping || sim_evq_pop(&sim_w->evq, &ev) != 0)
            break;
        sim_w->now = ev.time;
        /* Resuming a context whose last call was a poll that saw nothing
         * changes nothing another poller can see; everything else may. */
        int quiet = ev.fn == resume_ev && ((sim_pe_t *)ev.arg)->poll_quiet;
        /* A busy context's next turn (sim_pe_busy) is no progress: busy
         * loops that only hand the turn to each other are the watchdog's. */
        if (ev.fn == resume_ev && ((sim_pe_t *)ev.arg)->busy_turn)
            ((sim_pe_t *)ev.arg)->busy_turn = 0;
        else
            sim_w->progress++;
        ev.fn(ev.arg);
        if (!quiet) {
            sim_w->changes++;
            if (S->npollers)
                wake_pollers();
        }
    }
    S->npollers = 0;
    if (!sim_w->stopping && sim_w->live > 0)
        sim_terminate(SIM_OUT_DEADLOCK, -1);
    kill_survivors();
}

/* A borrowed PE tried to block: drop fn's frames and go back to
 * sim_pe_borrow. */
static _Noreturn void abandon_borrow(const char *why)
{
    snprintf(S->borrow_why, sizeof S->borrow_why, "%s", why ? why : "a blocking call");
    siglongjmp(*S->borrow_env, 1);
}

void sim_charge(uint64_t ns)
{
    sim_pe_t *pe = sim_w->cur;
    SIM_ASSERT(pe != NULL);
    if (pe == S->borrow_pe)
        return; /* borrowed code runs in no time */
    if (sim_fault_hooks & SIM_FAULT_HOOK_CPU)
        ns = sim_fault_cpu(pe, ns); /* a slow fault scales CPU costs */
    uint64_t t = sim_w->now + ns;
    if (sim_evq_min_time(&sim_w->evq) <= t) {
        pe->state = SIM_PE_READY;
        sim_evq_push(&sim_w->evq, t, resume_ev, pe);
        switch_to_sched(pe);
    } else {
        sim_w->now = t;
    }
}

static void block(const char *why, void (*fn)(char *, size_t, const void *), const void *arg,
                  const void *addr, size_t len)
{
    sim_pe_t *pe = sim_w->cur;
    SIM_ASSERT(pe != NULL);
    if (pe == S->borrow_pe) {
        char text[200] = "";
        if (fn)
            fn(text, sizeof text, arg);
        abandon_borrow(fn ? text : why);
    }
    pe->why_text = why;
    pe->why_fn = fn;
    pe->why_arg = arg;
    /* Watch the home address: that is what deliveries report. */
    addr = addr ? sim_mem_home(pe->id, addr) : NULL;
    pe->watch_lo = addr;
    pe->watch_hi = addr ? (const char *)addr + len : NULL;
    for (;;) {
        pe->state = SIM_PE_BLOCKED;
        switch_to_sched(pe);
        sim_pe_t *m = sim_pe_main(pe);
        if (!m->signal_woke)
            break;
        m->signal_woke = 0; /* woken only to run a handler: wait on */
    }
    pe->watch_lo = pe->watch_hi = NULL;
    pe->why_text = NULL;
    pe->why_fn = NULL;
}

void sim_pe_block_on(const char *why, const void *addr, size_t len)
{
    block(why, NULL, NULL, addr, len);
}

static void deadline_ev(void *arg)
{
    sim_pe_wake(arg);
}

static void why_format(char *buf, size_t len, const void *arg);

static int block_until(const char *why, const sim_why_t *lazy, const void *addr, size_t len,
                       uint64_t deadline)
{
    void (*fn)(char *, size_t, const void *) = lazy ? why_format : NULL;
    if (!deadline) {
        block(why, fn, lazy, addr, len);
        return 0;
    }
    if (sim_w->now >= deadline)
        return 1;
    uint64_t timer = sim_evq_push(&sim_w->evq, deadline, deadline_ev, sim_w->cur);
    block(why, fn, lazy, addr, len);
    if (sim_w->now < deadline)
        sim_evq_cancel(&sim_w->evq, timer); /* woken first: it must not fire later */
    return sim_w->now >= deadline;
}

int sim_pe_block_until(const char *why, const void *addr, size_t len, uint64_t deadline)
{
    return block_until(why, NULL, addr, len, deadline);
}

int sim_pe_block_until_why(const sim_why_t *why, const void *addr, size_t len,
                           uint64_t deadline)
{
    return block_until(NULL, why, addr, len, deadline);
}

sim_why_t sim_why_n(int n, const char *fmt, ...)
{
    sim_why_t w = {fmt, NULL, {0, 0, 0}};
    va_list ap;
    va_start(ap, fmt);
    if (n-- > 0)
        w.s = va_arg(ap, const char *);
    for (int k = 0; k < n && k < 3; k++)
        w.i[k] = va_arg(ap, int);
    va_end(ap);
    return w;
}

static void why_format(char *buf, size_t len, const void *arg)
{
    const sim_why_t *w = arg;
    snprintf(buf, len, w->fmt, w->s, w->i[0], w->i[1], w->i[2]);
}

void sim_pe_block_why(const sim_why_t *why, const void *addr, size_t len)
{
    block(NULL, why_format, why, addr, len);
}

void sim_pe_block_lazy(void (*fn)(char *buf, size_t len, const void *arg), const void *arg,
                       const void *addr, size_t len)
{
    block(NULL, fn, arg, addr, len);
}

void sim_pe_block(const char *why)
{
    sim_pe_block_on(why, NULL, 0);
}

void sim_pe_sleep(uint64_t ns)
{
    sim_pe_t *pe = sim_w->cur;
    if (pe == S->borrow_pe) {
        char why[64];
        snprintf(why, sizeof why, "a sleep of %llu ns", (unsigned long long)ns);
        abandon_borrow(why);
    }
    pe->state = SIM_PE_READY;
    sim_evq_push(&sim_w->evq, sim_w->now + ns, resume_ev, pe);
    switch_to_sched(pe);
}

int sim_pe_sleep_to_next_event(void)
{
    uint64_t next = sim_evq_min_time(&sim_w->evq);
    if (next == UINT64_MAX)
        return 0;
    sim_pe_sleep(next > sim_w->now ? next - sim_w->now : 0);
    return 1;
}

int sim_pe_spinning(const void *addr, size_t len, const void *pc)
{
    sim_pe_t *pe = sim_w->cur;
    if (!pe || pe == S->borrow_pe)
        return 0;
    pe->calls++; /* it is waiting: a new count of its loads begins */
    if (sim_evq_min_time(&sim_w->evq) != UINT64_MAX)
        return sim_pe_busy(); /* to the next event, or a growing step if it is due now */
    if (sim_pe_main(pe)->threads) { /* a sibling's plain store may end it */
        sim_pe_sleep(0);
        return 0;
    }
    char name[96];
    sim_mem_name(addr, name, sizeof name);
    sim_call_enter("a spin loop", pc);
    sim_why_t why = sim_why("a loop reading %s over and over (a plain load, not a wait)", name);
    sim_pe_block_why(&why, addr, len);
    sim_call_leave();
    return 0;
}

int sim_pe_busy(void)
{
    sim_pe_t *pe = sim_w->cur;
    uint64_t next = sim_evq_min_time(&sim_w->evq), now = sim_w->now;
    if (!pe || pe == S->borrow_pe)
        return 0;
    if (next == UINT64_MAX) {
        pe->busy_step = 0;
        return 0;
    }
    uint64_t d;
    if (next > now) {
        d = next - now;
        pe->busy_step = 0;
    } else {
        /* What is due now may be another such loop: each turn waits
         * longer (1 ns, doubling to 1 us), or two would hand the turn back
         * and forth at one instant for ever. */
        d = pe->busy_step = pe->busy_step ? (pe->busy_step < 1000 ? 2 * pe->busy_step : 1000) : 1;
    }
    pe->busy_turn = 1;
    pe->polled_calls = pe->calls;
    sim_pe_sleep(d);
    return 1;
}

/* When a program's thread becomes ready: after a seeded delay of up to the
 * network's jitter, as an operating system's scheduler takes a while, so
 * that the seed (and explore) varies the order in which threads woken
 * together run.  A PE, and its helper (LAPI's completion thread), run at
 * once. */
static uint64_t ready_at(const sim_pe_t *c)
{
    uint64_t j = sim_w->cfg.net.jitter_ns;
    if (!c->owner || c == c->owner->helper || j == 0)
        return sim_w->now;
    return sim_w->now + sim_rng_below(&sim_w->rng, j + 1);
}

/* A completion addressed to a PE (a reply, a quiet's last
 * acknowledgement) may be what one of its threads waits for: those that
 * wait with no range (not the helper, which its layer wakes itself, nor an
 * idle one) are woken too and look again. */
static void wake_threads(sim_pe_t *pe)
{
    for (sim_pe_t *t = pe->threads; t; t = t->next_thread)
        if (t != pe->helper && t->state == SIM_PE_BLOCKED && !t->watch_lo &&
            (t->why_text || t->why_fn))
            sim_pe_wake(t); /* a thread: wakes only itself */
}

void sim_pe_wake(sim_pe_t *pe)
{
    if (pe->threads && !pe->owner)
        wake_threads(pe);
    if (pe->state == SIM_PE_READY)
        pe->signal_woke = 0; /* a real wake after a handler's: it counts */
    if (pe->state != SIM_PE_BLOCKED)
        return;
    pe->state = SIM_PE_READY;
    sim_evq_push(&sim_w->evq, ready_at(pe), resume_ev, pe);
}

static void wake_if_watching(sim_pe_t *pe, const char *lo, const char *hi)
{
    if (pe->state == SIM_PE_BLOCKED && pe->watch_lo && lo < pe->watch_hi && hi > pe->watch_lo)
        sim_pe_wake(pe);
}

void sim_mem_written(int pe_id, const void *addr, size_t len)
{
    sim_pe_t *pe = &sim_w->pes[pe_id];
    const char *lo = addr, *hi = lo + len;
    wake_if_watching(pe, lo, hi);
    for (sim_pe_t *t = pe->threads; t; t = t->next_thread)
        wake_if_watching(t, lo, hi);
}

/* The launcher noticed that PE arg exited non-zero: the job stops (with
 * that PE as its culprit, unless something stopped it first). */
static void exit_noticed_ev(void *arg)
{
    sim_terminate(SIM_OUT_EXIT, (int)(intptr_t)arg);
}

void sim_terminate(sim_outcome_t outcome, int culprit)
{
    if (sim_w->stopping)
        return;
    sim_w->stopping = 1;
    sim_w->outcome = outcome;
    sim_w->culprit = culprit;
}

/* What a process's exit runs, from ctx (pe or one of its threads): ctx's
 * thread_local destructors, then pe's atexit and on_exit handlers, last
 * registered first; one that exits again finds the rest still to run. */
static void run_atexit(sim_pe_t *ctx, sim_pe_t *pe, int status)
{
    sim_thread_tls_dtors(ctx);
    while (pe->natexit > 0) {
        struct sim_atexit h = pe->atexit_fns[--pe->natexit];
        if (h.with)
            h.with(status, h.arg);
        else
            h.fn();
    }
}

void sim_job_exit(int status)
{
    sim_pe_t *ctx = sim_w->cur;
    SIM_ASSERT(ctx != NULL);
    sim_pe_t *pe = sim_pe_main(ctx);
    /* Handlers first, while the job still runs (they may call the API);
     * then stopping the job with this PE as the culprit, then the exit. */
    run_atexit(ctx, pe, status);
    sim_terminate((status & 0xff) ? SIM_OUT_EXIT : SIM_OUT_OK, pe->id);
    sim_pe_exit(status);
}

/* ctx (a PE, one of its threads, or a borrowed PE) ends its PE, threads
 * included, and never comes back. */
static _Noreturn void leave_for_good(sim_pe_t *ctx)
{
    sim_pe_t *pe = sim_pe_main(ctx);
    sim_io_flush_pe(pe);
    pe->state = SIM_PE_DONE;
    sim_w->live--;
    sim_trace_pe_end(pe);
    end_threads(pe);
    if (ctx == S->borrow_pe)
        siglongjmp(*S->borrow_env, 2);
    sim_coro_exit_to(&ctx->coro, &sim_w->sched);
}

void sim_pe_exit(int status)
{
    if (sim_forked_pe >= 0) { /* main returned in a forked process */
        fflush(NULL);
        _exit(status);
    }
    sim_pe_t *ctx = sim_w->cur;
    SIM_ASSERT(ctx != NULL);
    sim_pe_t *pe = sim_pe_main(ctx);
    /* atexit handlers run first, as in a process; one calling exit() again
     * just ends the PE. */
    run_atexit(ctx, pe, status);
    pe->exit_status = status & 0xff; /* the layers look at it */
    if (ctx == pe)
        sim_layers_pe_exit(pe);
    pe->end = SIM_END_EXIT;
    pe->exit_status = status & 0xff;
    if (pe->exit_status != 0 && !sim_w->exit_pending) {
        sim_w->exit_pending = pe->id + 1;
        sim_evq_push(&sim_w->evq, sim_w->now + SIM_LAUNCHER_NS, exit_noticed_ev,
                     (void *)(intptr_t)pe->id);
    }
    leave_for_good(ctx);
}

void sim_pe_crash(int signo, void *addr, sim_pe_end_t how)
{
    sim_pe_t *ctx = sim_w->cur, *pe = sim_pe_main(ctx);
    if (ctx != pe) {
        /* A crash in a thread is its PE's crash: report it there. */
        pe->crash_tid = ctx == pe->helper ? -1 : ctx->tid;
        pe->fault_pc = ctx->fault_pc;
        pe->stack_overflow = ctx->stack_overflow;
        pe->overflow_late = ctx->overflow_late;
        pe->call = ctx->call;
        pe->call_site = ctx->call_site;
    }
    pe->end = how;
    pe->signo = signo;
    pe->fault_addr = addr;
    sim_terminate(how == SIM_END_WATCHDOG ? SIM_OUT_WATCHDOG : SIM_OUT_CRASH, pe->id);
    leave_for_good(ctx);
}

void sim_pe_stop_interrupted(void)
{
    sim_pe_t *ctx = sim_w->cur, *pe = sim_pe_main(ctx);
    if (ctx != pe) {
        pe->fault_pc = ctx->fault_pc;
        pe->call = ctx->call;
        pe->call_site = ctx->call_site;
    }
    pe->stopped_state = SIM_PE_RUNNING;
    pe->end = SIM_END_KILLED;
    leave_for_good(ctx);
}

void sim_pe_fail(sim_pe_t *pe)
{
    if (pe->state == SIM_PE_DONE)
        return;
    pe->end = SIM_END_CRASH;
    pe->signo = SIGKILL;
    pe->fault_crash = 1;
    if (pe == sim_w->cur)
        leave_for_good(pe);
    /* Not running: its coroutine is simply never resumed (a pending
     * resume event finds it done). */
    sim_io_flush_pe(pe);
    pe->state = SIM_PE_DONE;
    sim_w->live--;
    sim_trace_pe_end(pe);
    end_threads(pe);
}

int sim_forked_pe = -1;

void sim_forked_call(const char *name)
{
    fflush(stdout);
    fprintf(stderr, "shmemsim: a process forked by PE %d called %s: it is not a PE and "
            "cannot communicate (only exec and exit are meant for it); it exits with "
            "status 127\n", sim_forked_pe, name);
    _exit(127);
}

/* A context of a PE with threads calls the simulator or ends: its plain
 * stores since it last did may be what a sibling waiting on memory
 * (polls_memory) looks for, as on a machine where that sibling polls:
 * those siblings look again. */
static void publish_stores(sim_pe_t *self)
{
    sim_pe_t *pe = sim_pe_main(self);
    for (sim_pe_t *t = pe; t; t = t == pe ? pe->threads : t->next_thread)
        if (t != self && t->state == SIM_PE_BLOCKED && t->polls_memory && t->watch_lo)
            sim_pe_wake(t);
}

/* A thread the simulator did not create (started outside the program
 * module: std::thread's constructor is in the C++ run-time library) called
 * the library: it runs beside the simulator, which cannot let it touch any
 * state.  It ends the process at once, with a message. */
static _Noreturn void foreign_thread(const char *name)
{
    char msg[512];
    int n = snprintf(msg, sizeof msg, "shmemsim: %s was called from an operating-system thread "
                     "the simulator did not start (a library's own, made without pthread_create: "
                     "with clone, or with the C library's function reached directly); only a "
                     "PE's main program and the threads it makes (pthread_create, std::thread, "
                     "OpenMP) may call the library. "
                     "The run is stopped (exit status 5).\n", name);
    ssize_t written = write(2, msg, (size_t)n); /* nothing else to do if it fails */
    (void)written;
    _exit(5);
}

/* The library was called while no PE runs: by one of the program's
 * constructors, which run when it is loaded, before any PE, or by its
 * destructors (a C++ global object's too), which run when the process
 * exits, after the world is gone (a PE's atexit handlers run in the PE,
 * at its exit).  Nothing can be carried out: the process ends, with
 * the run's status once there was one (else 2: the program cannot be run
 * as it is), and a message. */
static _Noreturn void outside_the_run(const char *name)
{
    int status = sim_run_status < 0 ? SIM_EXIT_USAGE : sim_run_status;
    fflush(NULL);
    /* No run was ever set up in this process, and its program is no
     * module (a module run directly starts shmemsim run itself): an
     * ordinary executable that links the library, as a build file that
     * kept only the -l of the link flags makes. */
    if (!sim_w && sim_run_status < 0 && !dlsym(RTLD_DEFAULT, "__shmemsim_module")) {
        fprintf(stderr, "shmemsim: %s was called by an ordinary executable that links "
                "libshmemsim: nothing runs its PEs. A program must be a shmemsim program "
                "module: link it with shmemsim-cc (or with all of `pkg-config --libs "
                "shmemsim`, not only its -l), then run it with `shmemsim -n N ./prog` (or "
                "./prog).\n", name);
        _exit(SIM_EXIT_USAGE);
    }
    fprintf(stderr, "shmemsim: %s was called outside the run, by code of the program that "
            "runs before its PEs start or after they have ended (a constructor, or a "
            "destructor: a C++ global object's too); it is not carried out, and the process "
            "exits with status %d.\n",
            name, status);
    _exit(status);
}

void sim_call_enter(const char *name, const void *site)
{
    if (sim_forked_pe >= 0)
        sim_forked_call(name);
    if (sim_w && sim_w->sched_st && !sim_sched_on_run_thread())
        foreign_thread(name);
    if (!sim_w || !sim_w->cur)
        outside_the_run(name);
    sim_pe_t *pe = sim_w->cur;
    pe->calls++;
    sim_w->progress++;
    if (pe->call_depth == 0 && sim_pe_main(pe)->threads && pe != S->borrow_pe)
        publish_stores(pe);
    if (sim_w->interrupted && pe->call_depth == 0) {
        pe->call = name;
        pe->call_site = site;
        pe->fault_pc = NULL;
        sim_pe_stop_interrupted();
    }
    if (pe->call_depth++ > 0)
        return;
    pe->call = name;
    pe->call_site = site;
    pe->call_sp = NULL;
    pe->call_start = sim_w->now;
    if (sim_fault_hooks & SIM_FAULT_HOOK_CALL)
        sim_fault_call(pe, name); /* at_call triggers: may stall or crash the PE */
}

void sim_call_frame(const void *frame)
{
    sim_pe_t *pe = sim_w->cur;
    if (pe->call_depth == 1)
        pe->call_sp = (const char *)frame + 2 * sizeof(void *);
}

void sim_call_leave(void)
{
    sim_pe_t *pe = sim_w->cur;
    if (--pe->call_depth > 0)
        return;
    if (pe->poll_prev) {
        pe->poll_prev = 0;
        pe->poll_quiet = 1;
    } else if (pe->poll_quiet) {
        /* The first call after a run of polls: what it did (and the
         * program's own code since its last poll) may be what another
         * poller waits for. */
        pe->poll_quiet = 0;
        pe->poll_key[0] = pe->poll_key[1] = NULL;
        sim_w->changes++;
        if (S->npollers)
            wake_pollers();
    }
    sim_trace_span(pe, pe->call, pe->call_start, sim_w->now);
    pe->call = NULL;
}

/* ---- threads ---- */

void sim_thread_exit(void)
{
    sim_pe_t *c = sim_w->cur;
    SIM_ASSERT(c && c->owner && c != S->borrow_pe);
    publish_stores(c);
    c->state = SIM_PE_DONE;
    c->reusable = c->owner->helper != c; /* the helper stays named */
    sim_coro_exit_to(&c->coro, &sim_w->sched);
}

static void thread_entry(void)
{
    thread_t *t = (thread_t *)sim_w->cur;
    sim_coro_started(&t->ctx.coro);
    t->fn(t->arg);
    sim_thread_exit();
}

/* Starts a context of pe on stack slot (a free thread slot when slot is
 * -1), as pe's helper when helper is set; NULL when there is none. */
static sim_pe_t *start_thread(sim_pe_t *pe, long slot, int helper, void (*fn)(void *), void *arg)
{
    if (pe->owner || pe->state == SIM_PE_DONE || sim_w->stopping)
        return NULL;
    if (slot < 0) {
        if (sim_w->ntslot_free == 0)
            return NULL;
        slot = (long)sim_w->tslot_free[sim_w->ntslot_free - 1];
    }
    /* A record of a thread that ended by returning is taken again (no
     * event or list refers to it any more), keeping its place in the list;
     * else a new one goes last. */
    sim_pe_t **link = &pe->threads;
    while (*link && !(*link)->reusable)
        link = &(*link)->next_thread;
    thread_t *t = *link ? (thread_t *)*link : sim_xcalloc(1, sizeof *t);
    sim_pe_t *next = *link ? (*link)->next_thread : NULL;
    sim_coro_t coro;
    if (sim_coro_create(&coro, &sim_w->stacks, (size_t)slot, thread_entry) != 0) {
        if (!*link)
            free(t);
        return NULL;
    }
    memset(t, 0, sizeof *t);
    t->ctx.coro = coro;
    t->ctx.next_thread = next;
    *link = &t->ctx;
    if ((size_t)slot >= sim_w->tslot0) {
        sim_w->ntslot_free--;
        sim_w->tslot_ctx[(size_t)slot - sim_w->tslot0] = &t->ctx;
    }
    t->fn = fn;
    t->arg = arg;
    sim_pe_t *c = &t->ctx;
    c->id = pe->id;
    c->owner = pe;
    c->img = pe->img;
    c->argv = pe->argv;
    c->opt_ind = 1;
    c->opt_err = 1;
    c->opt_opt = '?';
    c->tslot = slot;
    c->tid = ++pe->threads_made;
    c->state = SIM_PE_NEW;
    if (helper)
        pe->helper = c;
    sim_evq_push(&sim_w->evq, ready_at(c), resume_ev, c);
    return c;
}

sim_pe_t *sim_pe_helper_start(sim_pe_t *pe, void (*fn)(void *), void *arg)
{
    if (pe->helper)
        return NULL;
    return start_thread(pe, (long)(sim_w->npes + pe->id), 1, fn, arg);
}

void sim_threads_pool(size_t first, size_t n)
{
    sim_w->tslot0 = first;
    sim_w->ntslots = n;
    sim_w->tslot_free = sim_xcalloc(n, sizeof *sim_w->tslot_free);
    sim_w->tslot_ctx = sim_xcalloc(n, sizeof *sim_w->tslot_ctx);
    for (size_t i = 0; i < n; i++) /* handed out lowest first */
        sim_w->tslot_free[i] = first + n - 1 - i;
    sim_w->ntslot_free = n;
}

sim_pe_t *sim_thread_start(void (*fn)(void *), void *arg)
{
    sim_pe_t *c = start_thread(sim_pe_main(sim_w->cur), -1, 0, fn, arg);
    if (c)
        sim_hb_thread_start(c); /* what its creator did so far happens before it */
    return c;
}

void sim_thread_notify(const void *obj, size_t len)
{
    int id = sim_w->cur->id;
    sim_mem_written(id, sim_mem_home(id, obj), len);
}

/* ---- borrowing ---- */

sim_borrow_t sim_pe_borrow(sim_pe_t *pe, const char *call, const void *site,
                           void (*fn)(void *), void *arg)
{
    SIM_ASSERT(sim_w->cur == NULL && S->borrow_pe == NULL && pe->owner == NULL);
    if (pe->state == SIM_PE_DONE || sim_w->stopping)
        return SIM_BORROW_ENDED;
    const char *saved_call = pe->call;
    const void *saved_site = pe->call_site;
    uint64_t saved_start = pe->call_start;
    int saved_depth = pe->call_depth;
    /* Depth + 1: API calls fn makes nest inside the description. */
    pe->call = call;
    pe->call_site = site;
    pe->call_depth = saved_depth + 1;
    int sched_errno = errno;
    sim_loader_activate(sim_w->loader, pe->id);
    swap_in_libc_state(pe);
    sigjmp_buf env;
    S->borrow_pe = pe;
    S->borrow_env = &env;
    sim_w->cur = pe;
    volatile sim_borrow_t rc = SIM_BORROW_OK;
    int jumped = sigsetjmp(env, 0); /* no signal mask: no system call */
    if (jumped == 0)
        fn(arg);
    else
        rc = jumped == 1 ? SIM_BORROW_BLOCKED : SIM_BORROW_ENDED;
    sim_w->cur = NULL;
    S->borrow_pe = NULL;
    S->borrow_env = NULL;
    if (rc != SIM_BORROW_ENDED) {
        swap_out_libc_state(pe);
        pe->call = saved_call;
        pe->call_site = saved_site;
        pe->call_start = saved_start;
        pe->call_depth = saved_depth;
    }
    errno = sched_errno;
    return rc;
}

int sim_sched_on_run_thread(void)
{
    return sim_w && sim_w->sched_st && pthread_equal(pthread_self(), S->os_thread);
}

int sim_pe_borrowed(void)
{
    return sim_w && S && S->borrow_pe != NULL;
}

const char *sim_borrow_why(void)
{
    return S->borrow_why;
}
