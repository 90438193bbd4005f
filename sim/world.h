/* sim/world: the state of one simulated job, and of each PE in it.
 *
 * There is one world per process (sim_w).  It owns the event queue, the
 * clock, the generator, the PEs and the network.  A PE is a coroutine that
 * runs the program's main on its own copy of the program image; at any
 * moment at most one PE runs (sim_w->cur), every other one is ready (a
 * resume event is queued for it), blocked (waiting to be woken by an event),
 * or done.  Invariant: while a PE runs at virtual time now, no event earlier
 * than now is still queued (the causality rule of SPEC §3). */
#ifndef SIM_WORLD_H
#define SIM_WORLD_H

#include "coro.h"
#include "evq.h"
#include "netparams.h"
#include "rng.h"

#include <stdint.h>
#include <stdio.h>

typedef enum {
    SIM_PE_NEW,     /* created, its first resume event queued */
    SIM_PE_READY,   /* a resume event is queued */
    SIM_PE_RUNNING, /* it is sim_w->cur */
    SIM_PE_BLOCKED, /* waits for sim_pe_wake; no event of its own queued */
    SIM_PE_DONE     /* ended (see end); never runs again */
} sim_pe_state_t;

typedef enum {
    SIM_END_NONE,     /* still alive */
    SIM_END_EXIT,     /* main returned or exit() was called: exit_status */
    SIM_END_CRASH,    /* a signal (signo), including stack overflow */
    SIM_END_WATCHDOG, /* ran too long without entering the simulator */
    SIM_END_KILLED    /* stopped because the job was terminated */
} sim_pe_end_t;

/* API layers a process can hold (sim/layer), the engine's own included. */
#define SIM_LAYERS_MAX 5

typedef enum { SIM_PRIV_AUTO, SIM_PRIV_COPY, SIM_PRIV_SWAP } sim_privatize_t;

typedef struct sim_config {
    int npes;                /* number of PEs, >= 1 */
    uint64_t seed;           /* generator seed */
    size_t stack_size;       /* usable bytes of each PE stack */
    size_t heap_size;        /* symmetric heap bytes per PE (user part) */
    int tag_output;          /* prefix each output line with "[PE n] " */
    int quiet;               /* no summary paragraph at the end */
    const char *trace_path;  /* Chrome trace JSON, or NULL */
    const char *report_path; /* report JSON, or NULL */
    const char *checks;      /* "all", "none" or a comma list */
    unsigned watchdog_s;     /* wall seconds a PE may run without a call; 0 = off */
    sim_privatize_t privatize; /* how globals are made per PE */
    sim_net_params_t net;    /* network model parameters */
    const struct sim_fault *faults; /* faults to inject (sim/fault), nfaults of them, or NULL */
    int nfaults;
    const char *scenario_path; /* scenario file the faults come from, or NULL */
    const char *program;     /* path of the program module */
    int argc;                /* program arguments, argv[0] is the program */
    char **argv;
} sim_config_t;

struct sim_image;
struct sim_io_stream;

typedef struct sim_pe {
    int id;                    /* PE number, 0..npes-1 */
    sim_pe_state_t state;      /* see sim_pe_state_t */
    sim_pe_end_t end;          /* why it ended, when state is DONE */
    int exit_status;           /* for SIM_END_EXIT */
    int signo;                 /* for SIM_END_CRASH */
    void *fault_addr;          /* for SIM_END_CRASH: the faulting address */
    void *fault_pc;            /* for SIM_END_CRASH/WATCHDOG: the instruction */
    int stack_overflow;        /* the crash was a stack overflow */
    int overflow_late;         /* with stack_overflow: found at a switch, after the fact */
    int fault_crash;           /* ended by an injected crash fault (sim/fault): a failed node */
    int given_foreign;         /* an API gave it a pointer into another PE's memory */
    sim_coro_t coro;           /* its context and stack */
    struct sim_image *img;     /* its copy of the program */
    uint64_t calls;            /* simulator entries so far (watchdog progress) */
    /* Its calls count when one last raised only an error it had raised at
     * the same site before (the call skipped again: no progress), and
     * that finding's index. */
    uint64_t repeat_calls;
    size_t repeat_finding;
    /* The API call in progress, set on entry, cleared on return. */
    const char *call;          /* routine name, or NULL between calls */
    const void *call_site;     /* return address into the program */
    uint64_t call_start;       /* virtual time the call began */
    int call_depth;            /* nesting of API calls (only the outermost is traced) */
    const char *call_sp;       /* the program's stack pointer at the outermost call,
                                * when the layer said (sim_call_frame), else NULL:
                                * its frames are above, the library's below */
    /* Per-process C library state that each PE must see as its own, swapped
     * on every switch (one OS thread serves all PEs). */
    int saved_errno;           /* errno */
    int opt_ind, opt_err, opt_opt; /* getopt's optind, opterr, optopt */
    char *opt_arg;             /* getopt's optarg */
    char **argv;               /* its own argv copy (getopt permutes it) */
    /* While blocked: what it waits for (for wake-ups and the deadlock
     * report).  Formatting it on every block would cost more than the
     * block, so the text is made only when the run ends with the context
     * still blocked: from why_text, or by why_fn(buf, len, why_arg). */
    const char *why_text;      /* the call and arguments, human readable, or NULL */
    void (*why_fn)(char *buf, size_t len, const void *arg);
    const void *why_arg;
    char why[200];             /* after the run: what it was blocked in, or "" */
    const char *advice;        /* while blocked: what a deadlock finding advises, when
                                * the layer knows better than the general advice */
    const char *watch_lo;      /* a write into [watch_lo, watch_hi) wakes it */
    const char *watch_hi;
    struct sim_io_stream *io[2]; /* stdout, stderr line streams; made on first use */
    struct sim_atexit {        /* atexit() and on_exit() handlers, run at its exit */
        void (*fn)(void);      /* atexit's, or NULL */
        void (*with)(int, void *); /* on_exit's: called with the status and arg */
        void *arg;
    } atexit_fns[32];
    int natexit;               /* entries used in atexit_fns */
    uint64_t entropy_draws;    /* sim_pe_entropy's draws so far */
    void *layer[SIM_LAYERS_MAX]; /* each API layer's state (sim/layer), opaque here */
    /* Threads (sched.h): extra coroutines of a PE, its helper among them. */
    struct sim_pe *helper;     /* this PE's helper context, or NULL (none started) */
    struct sim_pe *owner;      /* in a thread: the PE it belongs to; NULL in a PE */
    struct sim_pe *threads;    /* in a PE: its threads, in the order first started */
    struct sim_pe *next_thread; /* in a thread: the next one of its PE */
    int tid;                   /* 0 in a PE; in a thread, its number (1, 2, ...) */
    int threads_made;          /* in a PE: threads numbered so far */
    int reusable;              /* in a thread: ended by returning, its record free */
    long tslot;                /* in a thread: its stack slot, -1 once given back */
    void *pthread;             /* sim/pthread's state for this context, or NULL */
    void *tls;                 /* its own thread-local blocks (sim/pthread): a
                                * thread's, or a PE's under swap */
    void *tls_dtors;           /* destructors of its thread_local objects, newest
                                * first (sim/pthread) */
    const char *in_syscall;    /* a read it is in that may wait outside the
                                * simulator (sim/interpose), or NULL */
    long kernel_call;          /* 1 + the system call the watchdog stopped it in
                                * (sim/signals), 0 none */
    int polls_memory;          /* blocked in a wait that reads program memory, which
                                * a plain store of another thread of its PE may satisfy */
    /* Where it was when the job was stopped (for an interrupted run). */
    sim_pe_state_t stopped_state; /* its state then (RUNNING: it was the running PE) */
    /* Per-PE signal dispositions (sim/interpose), NULL until it sets one. */
    struct sigaction *sigacts; /* NSIG entries */
    uint64_t alarm_at;         /* virtual time its alarm/ITIMER_REAL fires, 0: none */
    uint64_t alarm_interval;   /* ITIMER_REAL's interval, ns (0: one shot) */
    uint64_t sig_pending;      /* signals to run its handlers for (bit n: signal n) */
    int signal_woke;           /* woken from a block only to run a handler */
    /* Busy polling (sim_pe_poll_idle): its calls since the last other one
     * were polls (quiet), the call in progress is one (prev), it waits for
     * a change; the last two polls made (what they read) and the world's
     * change count each saw. */
    int poll_quiet, poll_prev, poll_waiting;
    const void *poll_key[2];
    uint64_t poll_mark[2];
    /* Polling in its own code (sim/tsan, sim_pe_busy): its calls when it
     * was last seen busy, the places a window of its accesses read (their
     * hashes summed; have: recorded), the windows' length (4,096 accesses
     * << level), how long its last turn slept when the next event was due
     * at once, and whether its pending resume is such a turn. */
    uint64_t busy_calls;
    uint64_t busy_sum;
    int busy_have;
    unsigned busy_level;
    uint64_t busy_step;
    int busy_turn;
    uint64_t polled_calls;     /* calls when it last let the others run while polling */
    void *poll_places;         /* sim/tsan's record of what it polls (poll_cap of them) */
    unsigned poll_cap;
    unsigned poll_n;           /* places in it when last seen polling */
    void *libc;                /* its rand, drand48, strtok and environment state (sim/interpose) */
    void *locale;              /* its locale from setlocale (a locale_t), or NULL: the process's */
    void *eh_caught;           /* C++: its caught exceptions, swapped like errno */
    unsigned eh_uncaught;      /* C++: its exceptions in flight */
    const char *crash_note;    /* what the crash was, when the signal does not say (an assertion) */
    int killed_by;             /* the PE whose kill() sent the signal that ended it, + 1 */
    const void *killed_site;   /* that kill's call site */
    int crash_tid;             /* the thread (sched.h) that crashed: 0 the PE's main
                                * program, -1 its helper */
} sim_pe_t;

typedef enum {
    SIM_OUT_OK,         /* every PE ended with status 0 */
    SIM_OUT_EXIT,       /* a PE exited non-zero */
    SIM_OUT_DEADLOCK,   /* live PEs blocked, nothing pending */
    SIM_OUT_CRASH,      /* a PE crashed */
    SIM_OUT_WATCHDOG,   /* a PE ran past the watchdog limit */
    SIM_OUT_INTERRUPTED /* stopped by a signal from outside (SIGTERM, SIGINT, ...) */
} sim_outcome_t;

typedef struct sim_world {
    sim_config_t cfg;        /* the run's configuration (copied) */
    int npes;                /* == cfg.npes */
    sim_pe_t *pes;           /* npes PEs */
    sim_pe_t *cur;           /* the running PE, NULL in the scheduler */
    sim_coro_t sched;        /* the scheduler's context (main stack) */
    sim_stacks_t stacks;     /* every stack (PE i: slot i, its helper: npes + i, threads: tslot0 on) */
    sim_evq_t evq;           /* pending events */
    uint64_t now;            /* virtual time in ns */
    sim_rng_t rng;           /* the only randomness */
    int stopping;            /* set when the job is being terminated */
    int exit_pending;        /* 1 + a PE that exited non-zero: the job stops SIM_LAUNCHER_NS
                              * later, or when the last PE ends; 0 none */
    int interrupted;         /* the signal from outside that stopped the run, or 0 */
    sim_outcome_t outcome;   /* how the run ended (valid after sim_run) */
    int culprit;             /* PE that caused a terminating outcome, or -1 */
    uint64_t switches;       /* context switches into PEs */
    uint64_t progress;       /* simulator calls and events but busy loops' turns:
                              * the watchdog's sign that the run gets anywhere */
    uint64_t changes;        /* events other than resuming a PE that only polls */
    int live;                /* PEs not yet done */
    int polls_stalled;       /* the deadlock: every live PE polled for nothing (sim_sched) */
    int findings_error;      /* error-severity findings raised */
    int findings_total;      /* all findings raised */
    struct sim_net *net;     /* network model state */
    struct sim_loader *loader; /* program copies */
    struct sim_heap *heap;   /* symmetric heaps */
    /* Stack slots for threads (sched.h): slots tslot0 .. tslot0+ntslots-1
     * of stacks; the free ones, and which thread holds each. */
    size_t tslot0, ntslots;
    size_t *tslot_free, ntslot_free;
    struct sim_pe **tslot_ctx;
    struct sim_sched *sched_st; /* the scheduler's own state (sim/sched) */
    struct sim_fault_engine *fault; /* the scenario's faults in this run (sim/fault) */
    struct sim_trace *trace; /* the trace being written (sim/trace), or NULL */
    void *layer_run[SIM_LAYERS_MAX]; /* each layer's state for the whole run (sim/layer) */
    struct sim_finding *found; /* the findings raised (sim/finding) */
    size_t nfound, capfound;
    long last_found;         /* the finding the last raise went to, or -1 */
    uint64_t run_id;         /* this run's number in the process, from 1 */
    /* A world with no program (the engine's in-process tests): what each
     * PE runs instead of a module's main, returning its exit status. */
    int (*pe_main)(int pe);
} sim_world_t;

/* The current world.  The library reaches it without the global offset
 * table (it is read on every access the instrumentation reports, and
 * all over the engine); code outside the library (the engine's tests,
 * built with SIM_OUTSIDE_LIBRARY) goes through sim_world_ref. */
sim_world_t **sim_world_ref(void);
#ifndef SIM_OUTSIDE_LIBRARY
extern __attribute__((visibility("hidden"))) sim_world_t *sim_w;
#else
#define sim_w (*sim_world_ref())
#endif

/* What the layers above the engine may know of the world; they never name
 * sim_w (a test greps for it). */
/* Whether a run exists (its world is set up). */
static inline int sim_world_up(void)
{
    return sim_w != NULL;
}
/* Identifies the current world, so a layer can tell a new run's from the
 * last one's (caches keyed by it). */
static inline const void *sim_world_key(void)
{
    return sim_w ? (const void *)(uintptr_t)sim_w->run_id : NULL;
}
static inline int sim_npes(void)
{
    return sim_w->npes;
}
/* Virtual time in ns (0 when no run has started). */
static inline uint64_t sim_now(void)
{
    return sim_w ? sim_w->now : 0;
}
static inline sim_pe_t *sim_pe_get(int i)
{
    return &sim_w->pes[i];
}
/* The symmetric heaps (sim/heap). */
static inline struct sim_heap *sim_heap(void)
{
    return sim_w->heap;
}
/* The program copies (sim/loader), or NULL when no run has started. */
static inline struct sim_loader *sim_loader(void)
{
    return sim_w ? sim_w->loader : NULL;
}
/* Queues fn(arg) at virtual time t (>= sim_now()); returns the event's
 * id (sim_evq_cancel). */
static inline uint64_t sim_at(uint64_t t, sim_event_fn fn, void *arg)
{
    return sim_evq_push(&sim_w->evq, t, fn, arg);
}

#endif
