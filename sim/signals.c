/* sim/signals: fatal signals, external interruption and the watchdog. */
#include "signals.h"
#include "ending.h"
#include "io.h"
#include "loader.h"
#include "sched.h"
#include "trace.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <threads.h>
#include <time.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

/* Every signal whose default action ends the process, except SIGKILL and
 * SIGSTOP (which cannot be caught), SIGPIPE (a closed output pipe ends the
 * run as it would any tool) and the watchdog's own signal. */
static const int caught[] = {SIGSEGV, SIGBUS, SIGFPE,  SIGILL,  SIGABRT,   SIGTRAP,
                             SIGSYS,  SIGTERM, SIGINT, SIGHUP,  SIGQUIT,   SIGUSR1,
                             SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF};
#define NCAUGHT (sizeof caught / sizeof caught[0])
static char altstack[64 * 1024];

/* The watchdog: a thread that looks at the run once a second and signals
 * the main thread (only then) when, for watchdog_limit seconds, no context
 * has entered the simulator and no event but busy loops' turns has
 * happened: the running PE is stopped.  Programs can neither see nor
 * change its timer or its signal. */
/* (C11 threads: sim/sched.h hides the system <sched.h> that <pthread.h>
 * needs; glibc's thrd_t is a pthread_t, for pthread_kill.) */
static thrd_t main_thread, wd_thread;
static int wd_running;
static mtx_t wd_lock;
static cnd_t wd_cond;
static int wd_stop;
static unsigned watchdog_limit;
static volatile sig_atomic_t wd_fired; /* the watchdog asked the main thread to stop a PE */
static volatile sig_atomic_t wd_deferred; /* it found the PE outside its own code once */
static volatile sig_atomic_t wd_retries; /* looks again 10 ms later: the PE was in the C library */
#define WD_RETRIES 300

/* The C library's code, found when the handlers are installed: a PE
 * stopped there may hold one of its locks (the allocator's), which the
 * report would then wait on for ever. */
static uintptr_t libc_lo, libc_hi;

static int sig_watchdog(void)
{
    return SIGRTMAX - 1;
}

static int in_program(const void *pc)
{
    size_t off;
    return sim_w && sim_w->loader && sim_loader_find(sim_w->loader, pc, &off) >= 0;
}

/* Where the running PE is: pc when it is in the program, else the
 * innermost program frame's call instruction (a fault or an abort inside
 * the C library is reported where the program called it). */
static void *program_pc(void *pc)
{
    if (in_program(pc))
        return pc;
    void *frames[64];
    int n = backtrace(frames, 64);
    for (int i = 0; i < n; i++)
        if (in_program(frames[i]))
            return (char *)frames[i] - 1;
    return pc;
}

/* The instruction the signal interrupted.  In a call stub (a PLT entry
 * on its way to a library routine, which has not touched the stack yet)
 * it is the program's call instead: the stub is no function of the
 * program, and its address would name none. */
static void *interrupted_pc(const ucontext_t *uc)
{
    void *pc = (void *)(uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
    if (sim_w && sim_loader_in_stub(sim_w->loader, pc)) {
        void *const *sp = (void *const *)(uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
        return (char *)*sp - 1;
    }
    return pc;
}

/* The signal came from this process (a fault, raise, abort, kill of
 * itself), not from outside. */
static int own_signal(const siginfo_t *si)
{
    return si->si_code > 0 || si->si_pid == getpid();
}

/* An external SIGTERM/SIGINT (or any signal from another process): stop
 * the whole run, keeping each PE's position, its output and the report. */
static void interrupt(int sig, void *pc)
{
    sim_pe_t *pe = sim_w->cur;
    sim_w->interrupted = sig;
    sim_terminate(SIM_OUT_INTERRUPTED, -1);
    if (!pe)
        return; /* the scheduler sees stopping before its next event */
    if (!pe->fault_pc)
        pe->fault_pc = program_pc(pc);
    /* In the program's own code the PE can be left at once; in the
     * simulator or a library (which may hold a lock the report needs) it
     * stops at its next simulator call or switch, or at the watchdog's
     * next look. */
    if (pe->call_depth == 0 && in_program(pc))
        sim_pe_stop_interrupted();
}

/* The C library's allocator, by the names of its entry points, and the
 * library that holds them. */
static const void *libc_base;

static int in_allocator(void)
{
    static const char *const names[] = {
        "malloc", "free", "calloc", "realloc", "reallocarray", "memalign", "posix_memalign",
        "aligned_alloc", "valloc", "pvalloc", "__libc_malloc", "__libc_free", "__libc_calloc",
        "__libc_realloc", "__libc_memalign"};
    void *frames[64];
    int n = backtrace(frames, 64);
    for (int i = 0; i < n; i++) {
        Dl_info d;
        if (!dladdr(frames[i], &d) || !d.dli_sname || d.dli_fbase != libc_base)
            continue;
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
            if (strcmp(d.dli_sname, names[k]) == 0)
                return 1;
    }
    return 0;
}

/* A PE aborted inside the allocator: the C library found its heap
 * corrupted.  When it aborted holding the allocator's lock (a corrupt
 * chunk found while allocating), the next allocation of the simulator,
 * which shares that heap, waits for ever; the watchdog's thread, seeing
 * the main thread wait on a lock for seconds, then ends the process, after
 * what was written so far, with a message and a crash's status (no
 * summary, report or trace: they need the heap).  When it did not (a
 * double free caught before locking), the run ends as after any crash. */
static volatile sig_atomic_t alloc_abort_pe; /* 1 + the PE, 0: none */
static void *alloc_abort_pc;
static struct timespec alloc_abort_at;

/* The system call the main thread is blocked in: its number, -1 when it
 * is in none (running, or stopped in user code), -2 when unknown.  Read
 * from the watchdog's thread with system calls only: this library's own
 * read and write are the PEs'. */
static long main_thread_syscall(void)
{
    char path[64], buf[32];
    snprintf(path, sizeof path, "/proc/self/task/%ld/syscall", (long)getpid());
    long fd = syscall(SYS_openat, AT_FDCWD, path, O_RDONLY);
    if (fd < 0)
        return -2;
    long n = syscall(SYS_read, fd, buf, sizeof buf - 1);
    syscall(SYS_close, fd);
    if (n <= 0)
        return -2;
    buf[n] = 0;
    if (buf[0] < '0' || buf[0] > '9')
        return -1; /* "running", or "-1 ..." */
    return strtol(buf, NULL, 10);
}

/* Whether the main thread is waiting on a lock (its system call is a
 * futex wait; unknown counts as yes). */
static int main_thread_waits(void)
{
    long nr = main_thread_syscall();
    return nr == -2 || nr == SYS_futex;
}

/* 1 + the system call the main thread was blocked in when the watchdog
 * last signalled it, 0 none: a futex wait may be the C library's own
 * lock, any other blocking call is the program's. */
static volatile sig_atomic_t wd_syscall;

static int in_program_syscall(void)
{
    return wd_syscall > 0 && wd_syscall - 1 != SYS_futex;
}

/* Signals the main thread to stop its PE, noting the system call it is in. */
static void signal_main(void)
{
    wd_syscall = (sig_atomic_t)(main_thread_syscall() + 1);
    pthread_kill(main_thread, sig_watchdog());
}

static _Noreturn void heap_broken(void)
{
    sim_io_flush_all_unlocked();
    char where[160] = "the program";
    Dl_info d;
    const char *at = alloc_abort_pc;
    if (at && dladdr(at, &d) && d.dli_sname)
        snprintf(where, sizeof where, "%s+0x%lx", d.dli_sname,
                 (unsigned long)(at - (const char *)d.dli_saddr));
    char msg[900];
    int n = snprintf(msg, sizeof msg,
                     "shmemsim: PE %d aborted inside the C library's allocator (called from "
                     "%s): it found the heap corrupted (a write past the end of a malloc'd "
                     "block, a double free, or a free of a pointer malloc did not return), and "
                     "that heap, shared by every PE and by the simulator, is unusable. The run "
                     "stops here, with status 5; no summary, report or trace is written. Find "
                     "the bad write with a memory checker on the program built natively (e.g. "
                     "-fsanitize=address).\n", (int)alloc_abort_pe - 1, where);
    /* (The system call: this library's write is the PEs' output path.) */
    if (n > 0)
        syscall(SYS_write, 2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
    _exit(5);
}

static void on_signal(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    void *pc = interrupted_pc(uc);
    sim_pe_t *pe = sim_w ? sim_w->cur : NULL;
    if (sim_w && !own_signal(si)) {
        interrupt(sig, pc);
        return;
    }
    if (pe && sim_sched_between_contexts((void *)(uintptr_t)uc->uc_mcontext.gregs[REG_RSP]))
        pe = NULL; /* the scheduler's, between two contexts */
    if (!pe && (sig == SIGALRM || sig == SIGVTALRM || sig == SIGPROF))
        return; /* a library's timer firing between PEs: nobody to give it to */
    if (!pe) {
        /* The simulator's own fault: an internal error. */
        sim_io_flush_all();
        sim_trace_close();
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    if (sig == SIGABRT && !alloc_abort_pe && in_allocator()) {
        alloc_abort_pc = program_pc(pc);
        timespec_get(&alloc_abort_at, TIME_UTC);
        alloc_abort_pe = sim_pe_main(pe)->id + 1;
    }
    /* (Where the fault was, should the handler end the PE with it: one
     * that restores the default action and raises the signal again.) */
    void *was = pe->fault_pc, *was_addr = pe->fault_addr;
    pe->fault_pc = program_pc(pc);
    pe->fault_addr = si->si_code > 0 ? si->si_addr : NULL;
    const char *fault_sp = (const char *)(uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
    if (sig == SIGSEGV && sim_pe_signal_caught(pe, sig) &&
        (sim_coro_in_guard(&pe->coro, si->si_addr) || fault_sp < pe->coro.stack_lo))
        /* A stack overflow the program's own handler will see: it may end
         * the PE (abort, exit) saying nothing of the stack, so the
         * overflow is a finding first. */
        sim_ending_stack_overflow_finding(pe);
    if (sim_pe_signal_handler(pe, sig, si, ucv) && sig != SIGABRT) {
        pe->fault_pc = was;
        pe->fault_addr = was_addr;
        return; /* the PE's handler ran and returned: carry on, as a process would */
    }
    const char *sp = (const char *)(uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
    pe->fault_pc = program_pc(pc);
    pe->stack_overflow = sig == SIGSEGV &&
        (sim_coro_in_guard(&pe->coro, si->si_addr) || sp < pe->coro.stack_lo);
    sim_pe_crash(sig, si->si_code > 0 ? si->si_addr : NULL, SIM_END_CRASH);
}

static void on_watchdog(int sig, siginfo_t *si, void *ucv)
{
    (void)sig;
    (void)si;
    ucontext_t *uc = ucv;
    void *pc = interrupted_pc(uc);
    sim_pe_t *pe = sim_w ? sim_w->cur : NULL;
    if (!pe || !wd_fired)
        return;
    /* Between two contexts (the scheduler is switching to the PE or has
     * just come back from it): looked at again shortly, as wd_fired stays
     * set.  Stopped here, the PE would leave with the scheduler's own
     * registers. */
    if (sim_sched_between_contexts((void *)(uintptr_t)uc->uc_mcontext.gregs[REG_RSP]))
        return;
    wd_fired = 0;
    /* Outside the program's own code (a call stub, the C library, the
     * simulator), the PE may just have been caught on its way somewhere,
     * by a look that found no progress because the whole process did not
     * run for a while: the watchdog looks once more a limit later, and
     * stops the PE then wherever it is. */
    void *raw = (void *)(uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
    /* Blocked in the kernel (a file lock, a FIFO, a child), the PE is not
     * on its way anywhere and holds none of the C library's locks: it is
     * stopped at once. */
    int blocked = in_program_syscall();
    if (!sim_w->interrupted && !wd_deferred && !blocked &&
        (sim_loader_in_stub(sim_w->loader, raw) || !in_program(raw))) {
        wd_deferred = 1;
        return;
    }
    /* In the C library, it may hold the allocator's lock: looked at
     * again shortly (wd_fired stays set), it is caught elsewhere, as the
     * loop that called there goes on.  Only a PE that stays in the
     * library for seconds is stopped there. */
    if (!sim_w->interrupted && !blocked && (uintptr_t)raw - libc_lo < libc_hi - libc_lo &&
        wd_retries < WD_RETRIES) {
        wd_retries++;
        wd_fired = 1;
        return;
    }
    wd_retries = 0;
    wd_deferred = 0; /* (a next stop waits a whole limit again) */
    if (sim_w->interrupted) {
        if (!pe->fault_pc)
            pe->fault_pc = program_pc(pc);
        sim_pe_stop_interrupted();
    }
    pe->fault_pc = program_pc(pc);
    pe->kernel_call = blocked ? wd_syscall : 0;
    sim_pe_crash(SIGALRM, NULL, SIM_END_WATCHDOG);
}

static volatile sig_atomic_t wd_stalled_s; /* wall seconds without progress, at the stop */

unsigned sim_watchdog_stalled_s(void)
{
    return (unsigned)wd_stalled_s;
}

static int watchdog_main(void *arg)
{
    (void)arg;
    uint64_t last = 0;
    unsigned idle = 0;
    struct timespec since; /* the last progress seen */
    timespec_get(&since, TIME_UTC);
    int soon = 0;
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    mtx_lock(&wd_lock);
    while (!wd_stop) {
        /* Once a second; 10 ms after a look that found no context running
         * or a signal the main thread has not taken yet (it came between
         * two contexts): PEs that poll spend most of their time there. */
        if (soon) {
            timespec_get(&t, TIME_UTC);
            t.tv_nsec += 10000000;
            if (t.tv_nsec >= 1000000000) {
                t.tv_sec++;
                t.tv_nsec -= 1000000000;
            }
        } else {
            t.tv_sec += 1;
        }
        soon = 0;
        if (alloc_abort_pe && !wd_stop) { /* the main thread may wait for the allocator */
            struct timespec now;
            timespec_get(&now, TIME_UTC);
            if (now.tv_sec - alloc_abort_at.tv_sec >= 2 && main_thread_waits())
                heap_broken();
            soon = 1;
        }
        if (cnd_timedwait(&wd_cond, &wd_lock, &t) == thrd_success) {
            timespec_get(&t, TIME_UTC); /* woken early: count the second from now */
            continue;
        }
        /* Progress is a simulator call or an event: PEs that only hand the
         * turn to each other in their own code (busy loops) make none.  An
         * interrupted run waits for none: a PE whose instrumented loop
         * makes progress without ever reaching the scheduler would keep
         * it running after Ctrl-C or a SIGTERM. */
        uint64_t progress = __atomic_load_n(&sim_w->progress, __ATOMIC_RELAXED);
        int interrupted = __atomic_load_n(&sim_w->interrupted, __ATOMIC_RELAXED) != 0;
        if (progress != last && !interrupted) {
            last = progress;
            idle = 0;
            timespec_get(&since, TIME_UTC);
            wd_deferred = 0;
            wd_retries = 0;
            continue;
        }
        if (!__atomic_load_n(&sim_w->cur, __ATOMIC_RELAXED)) {
            soon = 1; /* between two contexts */
            continue;
        }
        if (wd_fired) { /* not taken: again */
            soon = 1;
            signal_main();
            continue;
        }
        idle++;
        /* An interrupted run whose PE did not stop by itself is stopped
         * after one look; a runaway PE after the configured limit, or a
         * second after a look that found it outside its own code. */
        if (interrupted || (watchdog_limit && idle >= (wd_deferred ? 1 : watchdog_limit))) {
            struct timespec now;
            timespec_get(&now, TIME_UTC);
            wd_stalled_s = (sig_atomic_t)(now.tv_sec - since.tv_sec +
                                          (now.tv_nsec >= since.tv_nsec ? 0 : -1));
            wd_fired = 1;
            soon = 1;
            idle = 0; /* once the PE is stopped, a new limit for the next */
            signal_main();
        }
    }
    mtx_unlock(&wd_lock);
    return 0;
}

int sim_watchdog_pending(void)
{
    return wd_fired != 0;
}

static void install(int sig, void (*fn)(int, siginfo_t *, void *))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = fn;
    /* NODEFER: the handler may never return to the faulting PE, so the
     * signal must not stay blocked for the PEs that run after it.
     * RESTART: a PE's system call is not cut short by the watchdog. */
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

static int find_libc_text(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    (void)arg;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) && (uintptr_t)&malloc - lo < ph->p_memsz) {
            libc_lo = lo;
            libc_hi = lo + ph->p_memsz;
            return 1;
        }
    }
    return 0;
}

void sim_signals_install(unsigned watchdog_s)
{
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
    sigaltstack(&ss, NULL);
    /* backtrace loads the unwinder on first use: not in a signal handler. */
    void *warm[2];
    backtrace(warm, 2);
    Dl_info d; /* (dladdr too, and the allocator's library, found now) */
    if (dladdr((void *)(uintptr_t)&malloc, &d))
        libc_base = d.dli_fbase;
    dl_iterate_phdr(find_libc_text, NULL);
    for (size_t i = 0; i < NCAUGHT; i++)
        install(caught[i], on_signal);
    install(sig_watchdog(), on_watchdog);
    watchdog_limit = watchdog_s;
    wd_stop = 0;
    wd_fired = 0;
    main_thread = thrd_current();
    mtx_init(&wd_lock, mtx_plain);
    cnd_init(&wd_cond);
    /* The thread takes no signal: every one goes to the main thread. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    wd_running = thrd_create(&wd_thread, watchdog_main, NULL) == thrd_success;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

void sim_signals_remove(void)
{
    if (alloc_abort_pe)
        return; /* its thread stays, to end the process if the heap holds it */
    if (wd_running) {
        mtx_lock(&wd_lock);
        wd_stop = 1;
        cnd_signal(&wd_cond);
        mtx_unlock(&wd_lock);
        thrd_join(wd_thread, NULL);
        wd_running = 0;
        cnd_destroy(&wd_cond);
        mtx_destroy(&wd_lock);
    }
    signal(sig_watchdog(), SIG_IGN);
    for (size_t i = 0; i < NCAUGHT; i++)
        signal(caught[i], SIG_DFL);
}

/* The C library aborts in the teardown's frees when a PE wrote past a
 * malloc'd block: the outputs are written by then, so the run ends with a
 * crash's status and says why, instead of a bare abort. */
static void teardown_abort(int sig)
{
    (void)sig;
    static const char msg[] =
        "shmemsim: the C library's allocator found its heap corrupted while the simulator "
        "freed its own memory after the run: a PE wrote past the end of a malloc'd block, "
        "freed a pointer twice, or freed one malloc did not return. Everything above was "
        "written; the run ends with status 5. Find the bad write with a memory checker on "
        "the program built natively (e.g. -fsanitize=address).\n";
    syscall(SYS_write, 2, msg, sizeof msg - 1);
    _exit(5);
}

void sim_signals_teardown(int on)
{
    signal(SIGABRT, on ? teardown_abort : SIG_DFL);
}

void sim_signals_forget(void)
{
    for (size_t i = 0; i < NCAUGHT; i++)
        signal(caught[i], SIG_DFL);
    signal(sig_watchdog(), SIG_DFL);
    stack_t ss = {.ss_flags = SS_DISABLE};
    sigaltstack(&ss, NULL);
}
