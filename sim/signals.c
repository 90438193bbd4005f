/* sim/signals: fault and watchdog handlers. */
#include "signals.h"
#include "io.h"
#include "sched.h"
#include "trace.h"

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/time.h>
#include <ucontext.h>

static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
static char altstack[64 * 1024];
static unsigned watchdog_limit;
static unsigned idle_ticks;
static const sim_pe_t *last_pe;
static uint64_t last_calls;

static void on_fault(int sig, siginfo_t *si, void *ucv)
{
    sim_pe_t *pe = sim_w ? sim_w->cur : NULL;
    if (!pe) {
        sim_io_flush_all();
        sim_trace_close();
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    ucontext_t *uc = ucv;
    const char *sp = (const char *)(uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
    pe->fault_pc = (void *)(uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
    pe->stack_overflow = sig == SIGSEGV &&
        (sim_coro_in_guard(&pe->coro, si->si_addr) || sp < pe->coro.stack_lo);
    sim_pe_crash(sig, si->si_addr, SIM_END_CRASH);
}

static void on_alarm(int sig, siginfo_t *si, void *ucv)
{
    (void)sig;
    (void)si;
    sim_pe_t *pe = sim_w ? sim_w->cur : NULL;
    if (!pe || pe != last_pe || pe->calls != last_calls) {
        last_pe = pe;
        last_calls = pe ? pe->calls : 0;
        idle_ticks = 0;
        return;
    }
    if (++idle_ticks < watchdog_limit)
        return;
    ucontext_t *uc = ucv;
    pe->fault_pc = (void *)(uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
    sim_pe_crash(SIGALRM, NULL, SIM_END_WATCHDOG);
}

static void install(int sig, void (*fn)(int, siginfo_t *, void *))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = fn;
    /* NODEFER: the handler never returns to the faulting PE, so the signal
     * must not stay blocked for the PEs that run after it. */
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

void sim_signals_install(unsigned watchdog_s)
{
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
    sigaltstack(&ss, NULL);
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
        install(fatal[i], on_fault);
    watchdog_limit = watchdog_s;
    if (watchdog_s) {
        install(SIGALRM, on_alarm);
        struct itimerval it = {{1, 0}, {1, 0}};
        setitimer(ITIMER_REAL, &it, NULL);
    }
}

void sim_signals_remove(void)
{
    struct itimerval off;
    memset(&off, 0, sizeof off);
    setitimer(ITIMER_REAL, &off, NULL);
    signal(SIGALRM, SIG_DFL);
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
        signal(fatal[i], SIG_DFL);
}
