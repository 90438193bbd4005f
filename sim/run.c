/* sim/run: set-up, the run, and everything said after it. */
#include "run.h"
#include "hb.h"
#include "ending.h"
#include "fault.h"
#include "finding.h"
#include "layer.h"
#include "report.h"
#include "heap.h"
#include "io.h"
#include "loader.h"
#include "mem.h"
#include "net.h"
#include "sched.h"
#include "signals.h"
#include "trace.h"
#include "tsan.h"
#include "util.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>

void sim_config_default(sim_config_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->npes = 1;
    cfg->seed = 1;
    cfg->stack_size = SIM_DEFAULT_STACK;
    cfg->heap_size = SIM_DEFAULT_HEAP;
    cfg->checks = "all";
    cfg->watchdog_s = SIM_DEFAULT_WATCHDOG;
    sim_netparams_default(&cfg->net);
}

/* Reserves every stack the run may need, before any PE starts: stacks that
 * cannot be mapped are a usage error, not a PE crash.  Guard zones get
 * half the mappings the copies leave (each splits the reservation). */
static int reserve_stacks(const sim_config_t *cfg)
{
    /* A helper slot for every PE, whether or not the module seems to want
     * one (a binding may start it on the module's behalf); reserving costs
     * address space only. */
    size_t nslots = 2 * (size_t)cfg->npes + SIM_THREAD_SLOTS;
    size_t busy = sim_loader_stacks(sim_w->loader);
    long spare = sim_loader_spare_maps(sim_w->loader) - 1024;
    size_t guards = spare > 2 ? (size_t)spare / 2 : 1;
    /* A lower cap, to try the spaced guards without 30,000 PEs. */
    const char *env = getenv("SHMEMSIM_STACK_GUARDS");
    unsigned long cap = env ? strtoul(env, NULL, 10) : 0;
    if (cap > 0 && cap < guards)
        guards = cap;
    if (sim_stacks_create(&sim_w->stacks, nslots, busy, cfg->stack_size, guards) != 0) {
        fprintf(stderr, "shmemsim: %d PE stacks of %zu bytes (--stack-size) do not fit in the "
                "address space; use a smaller --stack-size or fewer PEs\n", cfg->npes,
                cfg->stack_size);
        return -1;
    }
    /* The thread pool: the slots after every PE's and helper's. */
    sim_threads_pool(2 * (size_t)cfg->npes, SIM_THREAD_SLOTS);
    return 0;
}

static int setup(const sim_config_t *cfg)
{
    char err[512];
    static uint64_t runs;
    sim_w = sim_xcalloc(1, sizeof *sim_w);
    sim_w->run_id = ++runs;
    sim_w->cfg = *cfg;
    sim_w->npes = cfg->npes;
    sim_w->pes = sim_xcalloc((size_t)cfg->npes, sizeof *sim_w->pes);
    for (int i = 0; i < cfg->npes; i++)
        sim_w->pes[i].id = i;
    sim_evq_init(&sim_w->evq);
    sim_rng_seed(&sim_w->rng, cfg->seed);
    if (sim_finding_select(cfg->checks, err, sizeof err) || sim_layers_at_start(err, sizeof err) ||
        sim_loader_open(cfg->program, cfg->npes, cfg->privatize == SIM_PRIV_AUTO,
                        cfg->privatize == SIM_PRIV_SWAP ? SIM_LOAD_SWAP : SIM_LOAD_COPY,
                        &sim_w->loader, err, sizeof err) ||
        sim_heap_create(cfg->npes, cfg->heap_size, &sim_w->heap, err, sizeof err) ||
        (cfg->trace_path && sim_trace_open(cfg->trace_path, cfg->npes, err, sizeof err))) {
        fprintf(stderr, "shmemsim: %s\n", err);
        return -1;
    }
    /* After the loader: memory faults name the program's symbols.  A bad
     * fault is an input error, reported as FILE:LINE:COL like the loader's. */
    if (sim_fault_create(cfg->faults, cfg->nfaults, cfg->scenario_path, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    for (int i = 0; i < cfg->npes; i++) {
        sim_w->pes[i].img = &sim_w->loader->img[i];
        sim_w->pes[i].argv = sim_xcalloc((size_t)cfg->argc + 1, sizeof(char *));
        for (int a = 0; a < cfg->argc; a++)
            sim_w->pes[i].argv[a] = sim_xstrdup(cfg->argv[a]);
    }
    sim_net_create(cfg->npes, &cfg->net);
    return reserve_stacks(cfg);
}

static const char *where(const void *addr, char *buf, size_t len)
{
    return sim_loader_symbolize(sim_w->loader, addr, buf, len);
}

/* An instruction's own address, not a return address. */
static const char *where_pc(const void *pc, char *buf, size_t len)
{
    return sim_loader_symbolize_pc(sim_w->loader, pc, buf, len);
}

/* What a layer suggests pe's spinning loop waits with instead: a layer
 * the PE uses (it has state there), else the first that has a hint. */
static const char *busy_wait_hint(const sim_pe_t *pe)
{
    const sim_layer_t *l, *first = NULL;
    for (size_t i = 0; (l = sim_layer_at(i)) != NULL; i++) {
        if (!l->busy_wait_hint)
            continue;
        if (pe->layer[l->slot])
            return l->busy_wait_hint;
        if (!first)
            first = l;
    }
    return first ? first->busy_wait_hint : "a blocking wait routine of the API";
}

static void shared_library(const char *path, const char *objects, void *arg)
{
    (void)arg;
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *so = strstr(base, ".so"); /* libfoo.so.1 -> libfoo.a */
    char call[300], archive[256];
    snprintf(call, sizeof call, "loading %s", base);
    snprintf(archive, sizeof archive, "%.*s.a", so ? (int)(so - base) : (int)strlen(base), base);
    sim_finding_raise(SIM_CHECK(SHARED_LIBRARY_DATA), SIM_SEV_ERROR, 0, call, NULL,
                      "%s was built -shared by a shmemsim wrapper and holds variables: %s. A shared "
                      "library is loaded once for the whole job, so all PEs share these: one PE's "
                      "writes change every PE's, and they are not symmetric (a put to one is "
                      "refused), where on a cluster each PE has its own. shmemsim gives each PE its "
                      "own copy of the program module only: link the library's objects into the "
                      "program instead (build it as an archive, ar rcs %s OBJECTS..., and link "
                      "that: shmemsim-cc ... %s; a libtool project: configure --disable-shared).", path,
                      objects, archive, archive);
}

static void list_pes(int skip);

/* A system call's name, for the calls that block (else its number). */
static const char *syscall_name(long nr, char *buf, size_t n)
{
    static const struct {
        long nr;
        const char *name;
    } names[] = {
        {SYS_read, "read"},       {SYS_write, "write"},       {SYS_readv, "readv"},
        {SYS_writev, "writev"},   {SYS_pread64, "pread"},     {SYS_pwrite64, "pwrite"},
        {SYS_openat, "open"},     {SYS_flock, "flock"},       {SYS_fcntl, "fcntl"},
        {SYS_wait4, "wait"},      {SYS_waitid, "waitid"},     {SYS_pause, "pause"},
        {SYS_rt_sigsuspend, "sigsuspend"}, {SYS_rt_sigtimedwait, "sigwait"},
        {SYS_accept, "accept"},   {SYS_accept4, "accept4"},   {SYS_connect, "connect"},
        {SYS_recvfrom, "recv"},   {SYS_recvmsg, "recvmsg"},   {SYS_sendto, "send"},
        {SYS_sendmsg, "sendmsg"}, {SYS_poll, "poll"},         {SYS_ppoll, "ppoll"},
        {SYS_select, "select"},   {SYS_pselect6, "pselect"},  {SYS_epoll_wait, "epoll_wait"},
        {SYS_epoll_pwait, "epoll_pwait"}, {SYS_msgrcv, "msgrcv"}, {SYS_msgsnd, "msgsnd"},
        {SYS_semop, "semop"},     {SYS_semtimedop, "semtimedop"},
        {SYS_mq_timedreceive, "mq_receive"}, {SYS_mq_timedsend, "mq_send"},
        {SYS_nanosleep, "nanosleep"}, {SYS_clock_nanosleep, "clock_nanosleep"},
        {SYS_futex, "futex"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].nr == nr) {
            snprintf(buf, n, "%s()", names[i].name);
            return buf;
        }
    snprintf(buf, n, "number %ld", nr);
    return buf;
}

static void report_crash(const sim_pe_t *pe)
{
    char a[200], b[200];
    if (pe->end == SIM_END_WATCHDOG) {
        where_pc(pe->fault_pc, a, sizeof a);
        size_t off;
        char polled[180];
        /* Stopped in the simulator's code rather than its loop's: what the
         * loop polls says where it is. */
        if (sim_loader_find(sim_w->loader, pe->fault_pc, &off) < 0 &&
            sim_tsan_poll_names(pe, polled, sizeof polled))
            snprintf(a, sizeof a, "a loop polling %s", polled);
        unsigned secs = sim_watchdog_stalled_s(); /* (the limit, or a second more) */
        if (secs < sim_w->cfg.watchdog_s)
            secs = sim_w->cfg.watchdog_s;
        /* (the call last skipped, or the next one, under way when stopped) */
        if (pe->repeat_calls && pe->calls - pe->repeat_calls <= 1) { /* retrying a skipped call */
            const sim_finding_t *f = &sim_w->found[pe->repeat_finding];
            fprintf(stderr, "shmemsim: watchdog: PE %d made the same failing call over and over "
                    "for %u s of wall time (%s, called from %s: %llu times in all), and nothing "
                    "else happened meanwhile. The [%s] error above makes the simulator skip "
                    "that call, so a loop that retries it until it succeeds cannot end: fix "
                    "the error.\n", pe->id, secs, f->call, f->site,
                    (unsigned long long)f->count, f->id);
        } else if (pe->in_syscall) { /* stopped in a read that waits for outside */
            fprintf(stderr, "shmemsim: watchdog: PE %d waited for %u s of wall time in %s(), "
                    "a system call that blocks (at %s): every PE and thread runs on one OS "
                    "thread, so none ran meanwhile, and one that would have given it its input "
                    "(a thread of the PE feeding a pipe) never could. Read a pipe, socket or "
                    "terminal only once poll() says it is ready.\n", pe->id, secs,
                    pe->in_syscall, a);
        } else if (pe->kernel_call) { /* blocked in a system call it made itself */
            char nm[40];
            fprintf(stderr, "shmemsim: watchdog: PE %d was blocked in the kernel for %u s of wall "
                    "time, in the system call %s (at %s): every PE and thread runs on one OS "
                    "thread, so none ran meanwhile, and one that would have ended the wait "
                    "(releasing a file lock, opening or writing a FIFO, ending a child) never "
                    "could. Between PEs and threads of one run, wait with the simulator's calls "
                    "instead.\n", pe->id, secs, syscall_name(pe->kernel_call - 1, nm, sizeof nm),
                    a);
        } else if (pe->polled_calls && pe->polled_calls == pe->calls) /* seen polling */
            fprintf(stderr, "shmemsim: watchdog: PE %d polled memory with plain loads for %u s of "
                    "wall time (at %s) while the PEs it let run made no progress either: nothing "
                    "it waits for is being written. Wait with %s, which reports such a wait as a "
                    "deadlock naming what each PE waits for.\n", pe->id, secs, a,
                    busy_wait_hint(pe));
        else
            fprintf(stderr, "shmemsim: watchdog: PE %d ran for %u s of wall time without calling "
                    "the simulator (at %s). %s: wait with %s instead.\n", pe->id,
                    secs, a, sim_tsan_seen
                    ? "If it waits for memory another PE writes, its loop was not recognised as "
                      "a wait (it reads more than about 8,400 places a round, or not the "
                      "same ones each round)"
                    : "A loop that spins on memory another PE writes sees the write only in a "
                      "module built with race instrumentation (the default)", busy_wait_hint(pe));
        if (sim_w->npes > 1) {
            fprintf(stderr, "shmemsim: where the other PEs were:\n");
            list_pes(pe->id);
        }
        return;
    }
    if (pe->fault_crash) {
        fprintf(stderr, "shmemsim: PE %d %s; the other PEs ran to the end\n", pe->id,
                sim_fault_pe_note(pe->id, a, sizeof a));
        return;
    }
    if (pe->stack_overflow) {
        char thr[32] = "";
        if (pe->crash_tid)
            snprintf(thr, sizeof thr, pe->crash_tid < 0 ? "'s helper thread" : "'s thread %d",
                     pe->crash_tid);
        fprintf(stderr, "shmemsim: stack overflow in PE %d%s (%s %s); its stack is %zu bytes, "
                "raise it with --stack-size\n", pe->id, thr,
                pe->overflow_late ? "found at its next simulator call, from" : "in",
                where_pc(pe->fault_pc, a, sizeof a),
                sim_w->cfg.stack_size);
        sim_ending_stack_overflow_finding(pe);
        return;
    }
    fprintf(stderr, "shmemsim: PE %d crashed", pe->id);
    if (pe->crash_tid < 0)
        fprintf(stderr, " in its helper thread");
    else if (pe->crash_tid)
        fprintf(stderr, " in its thread %d", pe->crash_tid);
    fprintf(stderr, ": %s", strsignal(pe->signo));
    if (pe->crash_note)
        fprintf(stderr, ": %s", pe->crash_note);
    if (pe->killed_by)
        fprintf(stderr, ", sent by PE %d with kill() from %s", pe->killed_by - 1,
                where_pc(pe->killed_site, b, sizeof b));
    if ((pe->signo == SIGSEGV || pe->signo == SIGBUS) &&
        strcmp(sim_mem_name(pe->fault_addr, b, sizeof b), "private memory") == 0)
        fprintf(stderr, " at an address outside the symmetric heap, the program's data and the "
                        "PE stacks (not printed: it changes from run to run)");
    else if (pe->signo == SIGSEGV || pe->signo == SIGBUS)
        fprintf(stderr, " at address %s", b);
    if (pe->fault_pc)
        fprintf(stderr, " (in %s)", where_pc(pe->fault_pc, a, sizeof a));
    if (pe->call)
        fprintf(stderr, " during %s called from %s", pe->call, where(pe->call_site, b, sizeof b));
    fprintf(stderr, "\n");
}

static void report_deadlock(void)
{
    char a[200];
    if (sim_w->polls_stalled)
        fprintf(stderr, "shmemsim: deadlock at t=%lluns: every live PE is blocked, or polls for "
                "what no one is left to send (for %u s of wall time, nothing else happening), "
                "and no message is in flight\n", (unsigned long long)sim_w->now,
                sim_w->cfg.watchdog_s);
    else
        fprintf(stderr, "shmemsim: deadlock at t=%lluns: every live PE is blocked and no message "
                "is in flight\n", (unsigned long long)sim_w->now);
    char lost[1200];
    if (sim_fault_lost_note(lost, sizeof lost))
        fprintf(stderr, "  %s\n", lost);
    for (int i = 0; i < sim_w->npes; i++) {
        const sim_pe_t *pe = &sim_w->pes[i];
        if (pe->state == SIM_PE_DONE && pe->fault_crash)
            fprintf(stderr, "  PE %d: %s\n", i, sim_fault_pe_note(i, a, sizeof a));
        else if (pe->state == SIM_PE_DONE)
            fprintf(stderr, "  PE %d: ended with status %d\n", i, pe->exit_status);
        else
            fprintf(stderr, "  PE %d: blocked in %s, called from %s\n", i,
                    pe->why[0] ? pe->why : "?", where(pe->call_site, a, sizeof a));
        /* A blocked thread can be what the others wait for; an idle one
         * (empty why) cannot. */
        for (const sim_pe_t *t = pe->threads; pe->state != SIM_PE_DONE && t; t = t->next_thread)
            if (t->state == SIM_PE_BLOCKED && t->why[0] && t == pe->helper)
                fprintf(stderr, "  PE %d's helper thread: blocked in %s, called from %s\n", i,
                        t->why, where(t->call_site, a, sizeof a));
            else if (t->state == SIM_PE_BLOCKED && t->why[0])
                fprintf(stderr, "  PE %d thread %d: blocked in %s, called from %s\n", i, t->tid,
                        t->why, where(t->call_site, a, sizeof a));
    }
    sim_ending_deadlock_findings();
}

/* Where a context stopped with the run was: its state, and the call it
 * was in or the code it ran. */
static void list_state(const sim_pe_t *pe)
{
    char a[200];
    if (pe->stopped_state == SIM_PE_RUNNING && pe->fault_pc && !pe->call)
        fprintf(stderr, "running, at %s\n", where_pc(pe->fault_pc, a, sizeof a));
    else if (pe->stopped_state == SIM_PE_BLOCKED)
        fprintf(stderr, "blocked in %s, called from %s\n", pe->why[0] ? pe->why : "?",
                where(pe->call_site, a, sizeof a));
    else if (pe->call)
        fprintf(stderr, "%s in %s, called from %s\n",
                pe->stopped_state == SIM_PE_RUNNING ? "running" : "ready to run", pe->call,
                where(pe->call_site, a, sizeof a));
    else
        fprintf(stderr, "%s\n", pe->stopped_state == SIM_PE_NEW ? "not started" : "ready to run");
}

/* Where each PE but skip was when the run was stopped, with the threads
 * that were alive then. */
static void list_pes(int skip)
{
    for (int i = 0; i < sim_w->npes; i++) {
        const sim_pe_t *pe = &sim_w->pes[i];
        if (i == skip)
            continue;
        fprintf(stderr, "  PE %d: ", i);
        if (pe->end == SIM_END_EXIT)
            fprintf(stderr, "ended with status %d\n", pe->exit_status);
        else if (pe->end != SIM_END_KILLED)
            fprintf(stderr, "crashed (%s)\n", strsignal(pe->signo));
        else
            list_state(pe);
        for (const sim_pe_t *t = pe->threads; pe->end == SIM_END_KILLED && t; t = t->next_thread)
            if (t->end == SIM_END_KILLED &&
                !(t == pe->helper && t->stopped_state == SIM_PE_BLOCKED && !t->why[0])) {
                /* (an idle helper thread waits for no one) */
                if (t == pe->helper)
                    fprintf(stderr, "  PE %d's helper thread: ", i);
                else
                    fprintf(stderr, "  PE %d thread %d: ", i, t->tid);
                list_state(t);
            }
    }
}

/* Where every PE was when a signal from outside stopped the run. */
static void report_interrupted(void)
{
    fprintf(stderr, "shmemsim: stopped by %s (SIG%s from outside) at t=%lluns; where each PE "
            "was:\n", strsignal(sim_w->interrupted), sigabbrev_np(sim_w->interrupted),
            (unsigned long long)sim_w->now);
    list_pes(-1);
}

static void report_end(void)
{
    int killed = 0;
    for (int i = 0; i < sim_w->npes; i++)
        killed += sim_w->pes[i].end == SIM_END_KILLED;
    switch (sim_w->outcome) {
    case SIM_OUT_EXIT:
        fprintf(stderr, "shmemsim: PE %d exited with status %d; the job was terminated "
                "(%d other PE%s stopped)\n", sim_w->culprit,
                sim_w->pes[sim_w->culprit].exit_status, killed, killed == 1 ? "" : "s");
        break;
    case SIM_OUT_CRASH:
    case SIM_OUT_WATCHDOG:
        report_crash(&sim_w->pes[sim_w->culprit]);
        break;
    case SIM_OUT_DEADLOCK:
        report_deadlock();
        break;
    case SIM_OUT_INTERRUPTED:
        report_interrupted();
        break;
    case SIM_OUT_OK:
        break;
    }
}

static int exit_status(void)
{
    switch (sim_w->outcome) {
    case SIM_OUT_CRASH:
        return SIM_EXIT_CRASH;
    case SIM_OUT_WATCHDOG:
        return SIM_EXIT_WATCHDOG;
    case SIM_OUT_DEADLOCK:
        return SIM_EXIT_DEADLOCK;
    case SIM_OUT_INTERRUPTED:
        return SIM_EXIT_INTERRUPTED;
    default:
        break;
    }
    if (sim_w->findings_error)
        return SIM_EXIT_FINDING;
    return sim_w->outcome == SIM_OUT_EXIT ? SIM_EXIT_PE : SIM_EXIT_OK;
}

static void summary(int status)
{
    const sim_net_stats_t *st = sim_net_stats();
    char faults[64] = "";
    if (sim_fault_count())
        snprintf(faults, sizeof faults, ", %llu fault%s fired",
                 (unsigned long long)sim_fault_fired(), sim_fault_fired() == 1 ? "" : "s");
    fprintf(stderr, "shmemsim: %d PE%s, seed %llu: %s at virtual time %llu.%03lluus; "
            "%llu events, %llu messages (%llu bytes), %llu context switches, %d finding%s%s\n",
            sim_w->npes, sim_w->npes == 1 ? "" : "s", (unsigned long long)sim_w->cfg.seed,
            sim_exit_name(status), (unsigned long long)(sim_w->now / 1000),
            (unsigned long long)(sim_w->now % 1000), (unsigned long long)sim_w->evq.fired,
            (unsigned long long)st->messages, (unsigned long long)st->bytes,
            (unsigned long long)sim_w->switches, sim_w->findings_total,
            sim_w->findings_total == 1 ? "" : "s", faults);
}

int sim_run_status = -1;

void sim_world_destroy(void)
{
    if (!sim_w)
        return;
    for (int i = 0; i < sim_w->npes; i++) {
        sim_pe_t *pe = &sim_w->pes[i];
        for (sim_pe_t *t = pe->threads; t; t = t->next_thread)
            sim_layers_free_ctx(t);
        sim_layers_free_ctx(pe);
    }
    sim_layers_free_run();
    sim_hb_stop();
    sim_fault_destroy();
    if (sim_w->stacks.base) /* the PEs were made */
        sim_sched_free_contexts();
    for (int i = 0; i < sim_w->npes; i++) {
        for (char **a = sim_w->pes[i].argv; a && *a; a++)
            free(*a);
        free(sim_w->pes[i].argv);
    }
    free(sim_w->pes);
    sim_net_destroy();
    sim_evq_free(&sim_w->evq);
    sim_sched_destroy();
    free(sim_w->tslot_free);
    free(sim_w->tslot_ctx);
    /* The stacks stay mapped (see sim_sched_free_contexts). */
    sim_heap_release(sim_w->heap);
    sim_loader_close(sim_w->loader);
    sim_trace_close();
    sim_finding_reset();
    free(sim_w);
    sim_w = NULL;
}

int sim_run(const sim_config_t *cfg)
{
    if (setup(cfg) != 0) {
        sim_world_destroy();
        return SIM_EXIT_USAGE;
    }
    sim_loader_shared_data(sim_w->loader, shared_library, NULL);
    sim_signals_install(cfg->watchdog_s);
    sim_fault_start();
    sim_sched_run();
    sim_fault_finish();
    sim_signals_remove();
    sim_io_close_all();
    sim_io_break_line();
    sim_hb_end();
    sim_layers_at_end();
    report_end();
    int status = exit_status();
    if (!cfg->quiet)
        summary(status);
    sim_trace_close();
    if (cfg->report_path && sim_report_write(cfg->report_path, status) != 0)
        status = status ? status : SIM_EXIT_USAGE;
    sim_signals_teardown(1);
    sim_world_destroy();
    sim_signals_teardown(0);
    sim_run_status = status;
    return status;
}
