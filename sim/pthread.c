/* sim/pthread: POSIX threads inside a PE, as threads of sim/sched.
 *
 * shmemsim-cc links a module with -Wl,--wrap=NAME for every __wrap_NAME
 * defined here (the Makefile reads them from this object as from
 * sim/interpose's), so a thread the program creates is a coroutine of its
 * PE that the scheduler runs like any other context: the run stays
 * deterministic and seeded, a thread that blocks blocks only itself, and a
 * deadlock report lists each blocked thread with its call.
 *
 * Mutexes, condition variables, barriers, read-write locks, spin locks,
 * unnamed semaphores and once-controls keep their state in the program's
 * own object (for a mutex, in the fields glibc gives its owner, count and
 * kind, so the static initializers work) and wait with sim_pe_block_on on
 * it; whoever releases one wakes its waiters with sim_thread_notify and
 * they try again, in the order the scheduler resumes them.  A signal on a condition variable wakes
 * every waiter: POSIX allows that (a waiter re-checks its predicate).
 *
 * A pthread_t is (PE + 1) << 32 | the thread's number in its PE (0: the
 * main program), so what a program prints does not depend on addresses.
 * Thread-specific data (pthread_key_*) is per context; the keys are per
 * PE, as a process's are.  Cancellation is deferred: a cancelled context
 * ends at its next cancellation point (a sleep, pthread_join, a wait on a
 * condition variable, pthread_testcancel), running the cleanup handlers
 * C code pushes (pthread_cleanup_push without -fexceptions: glibc's
 * __pthread_register_cancel records, whose jump buffers it unwinds to
 * here), newest first, as pthread_exit does; asynchronous cancellation is
 * deferred too, and the handlers of code built with exceptions (C++, or
 * C with -fexceptions) are not run.  A signal to one thread is not
 * simulated: it raises thread-unsupported and fails with ENOTSUP.
 *
 * A thread's thread-local variables (__thread, thread_local, OpenMP's
 * threadprivate) are its own: the module is shared code, so the compiler
 * reaches them through __tls_get_addr, which is wrapped too; a thread gets
 * a block of the program module's, made from its TLS image on first use,
 * while a PE's main program keeps the process's, but for the program
 * module's under swap (see process_block).  A shared library's variables
 * are the process's for every context: the library reaches them itself,
 * past the wrapper.
 *
 * Outside a PE (a constructor at load time) every wrapper calls the C
 * library's function. */
#include "finding.h"
#include "hb.h"
#include "interpose.h"
#include "loader.h"
#include "net.h"
#include "sched.h"
#include "util.h"

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <setjmp.h>
#include <limits.h>
#include <linux/futex.h>
#include <link.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define WRAP(name) __wrap_##name
#define KEYS 128
/* A call that may block is marked as an API call (its site for the
 * deadlock report and the trace). */
#define CALL(name, expr)                                                                   \
    do {                                                                                   \
        sim_call_enter(name, __builtin_return_address(0));                                 \
        int rc_ = (expr);                                                                  \
        sim_call_leave();                                                                  \
        return rc_;                                                                        \
    } while (0)

static int in_pe(void)
{
    return sim_w && sim_w->cur;
}

/* A thread's record: made by pthread_create, kept until joined (or until
 * it ends, when detached). */
typedef struct pth {
    int tid;                   /* its number in its PE (0: the main program) */
    void *(*start)(void *);
    void *arg, *ret;
    int detached, ended;
    int cancel_pending;        /* pthread_cancel was called on it */
    int cancel_off;            /* PTHREAD_CANCEL_DISABLE */
    int cancel_async;          /* PTHREAD_CANCEL_ASYNCHRONOUS (acted on as deferred) */
    __pthread_unwind_buf_t *cleanup; /* cleanup handlers pushed, newest first */
    void *exit_ret;            /* what it ends with, while its handlers run */
    void *specific[KEYS];      /* pthread_setspecific values */
    char name[16];             /* pthread_setname_np */
    struct pth *next;          /* the PE's records, oldest first */
} pth_t;

/* A PE's: its main program's record, then what is per process. */
typedef struct proc {
    pth_t main;
    pth_t *threads;            /* records of threads not yet joined */
    void (*dtor[KEYS])(void *);
    unsigned char key_used[KEYS];
} proc_t;

static proc_t *proc(void)
{
    sim_pe_t *pe = sim_pe_main(sim_w->cur);
    if (!pe->pthread)
        pe->pthread = sim_xcalloc(1, sizeof(proc_t));
    return pe->pthread;
}

/* The running context's record (a helper thread gets one on first use). */
static pth_t *self(void)
{
    sim_pe_t *c = sim_w->cur;
    if (!c->owner)
        return &proc()->main;
    if (!c->pthread) {
        pth_t *r = sim_xcalloc(1, sizeof *r);
        r->tid = c->tid;
        c->pthread = r;
    }
    return c->pthread;
}

static pthread_t encode(int pe, int tid)
{
    return (pthread_t)(((uint64_t)(unsigned)pe + 1) << 32 | (unsigned)tid);
}

/* The record of thread t of the running PE, or NULL (another PE's, an
 * unknown or a joined one). */
static pth_t *find(pthread_t t)
{
    if ((uint64_t)t >> 32 != (uint64_t)(unsigned)sim_w->cur->id + 1)
        return NULL;
    int tid = (int)((uint64_t)t & 0xffffffffu);
    proc_t *p = proc();
    if (tid == 0)
        return &p->main;
    for (pth_t *r = p->threads; r; r = r->next)
        if (r->tid == tid)
            return r;
    return NULL;
}

static void forget(pth_t *r)
{
    proc_t *p = proc();
    for (pth_t **l = &p->threads; *l; l = &(*l)->next)
        if (*l == r) {
            *l = r->next;
            sim_hb_obj_forget(r);
            free(r);
            return;
        }
}

/* Raises thread-unsupported for call on the running PE. */
static int unsupported(const char *call, const void *site, const char *what)
{
    sim_pe_t *c = sim_w->cur;
    sim_finding_raise(SIM_CHECK(THREAD_UNSUPPORTED), SIM_SEV_ERROR, c->id, call, site,
                      "PE %d called %s, which the simulator does not carry out: %s. The call "
                      "fails with ENOTSUP.", c->id, call, what);
    return ENOTSUP;
}

/* ---- creating and ending ---- */

static _Noreturn void finish(pth_t *r, void *ret)
{
    r->ret = ret;
    sim_thread_tls_dtors(sim_w->cur); /* thread_local objects first, as glibc */
    proc_t *p = proc();
    for (int round = 0; round < 4; /* PTHREAD_DESTRUCTOR_ITERATIONS */ round++) {
        int again = 0;
        for (int k = 0; k < KEYS; k++) {
            void *v = r->specific[k];
            if (v && p->key_used[k] && p->dtor[k]) {
                r->specific[k] = NULL;
                p->dtor[k](v);
                again = 1;
            }
        }
        if (!again)
            break;
    }
    r->ended = 1;
    sim_hb_obj_release(r); /* what it did happens before its join */
    sim_w->cur->pthread = NULL;
    sim_thread_notify(r, sizeof *r);
    if (r->detached)
        forget(r);
    sim_thread_exit();
}

static void trampoline(void *arg)
{
    pth_t *r = arg;
    finish(r, r->start(r->arg));
}

int WRAP(pthread_create)(pthread_t *thr, const pthread_attr_t *attr, void *(*start)(void *),
                         void *arg)
{
    if (!in_pe())
        return pthread_create(thr, attr, start, arg);
    proc_t *p = proc();
    pth_t *r = sim_xcalloc(1, sizeof *r);
    r->start = start;
    r->arg = arg;
    int ds = PTHREAD_CREATE_JOINABLE;
    if (attr)
        pthread_attr_getdetachstate(attr, &ds);
    r->detached = ds == PTHREAD_CREATE_DETACHED;
    sim_pe_t *c = sim_thread_start(trampoline, r);
    if (!c) {
        free(r);
        return EAGAIN;
    }
    r->tid = c->tid;
    c->pthread = r;
    pth_t **l = &p->threads;
    while (*l)
        l = &(*l)->next;
    *l = r;
    *thr = encode(c->id, r->tid);
    return 0;
}

/* The main program ends as pthread_exit ends it: the process lives on
 * until its last thread ends, then exits with status 0. */
static _Noreturn void main_exit(const void *site)
{
    sim_call_enter("pthread_exit", site);
    sim_pe_t *pe = sim_w->cur;
    for (;;) {
        sim_pe_t *t = pe->threads;
        while (t && (t == pe->helper || t->state == SIM_PE_DONE || !t->pthread))
            t = t->next_thread;
        if (!t)
            break;
        sim_why_t why = sim_why("%s (the main program waits for thread %d)", "pthread_exit",
                                t->tid);
        sim_pe_block_why(&why, t->pthread, sizeof(pth_t));
    }
    sim_pe_exit(0);
}

/* The running context ends with ret: its cleanup handlers first, newest
 * first (each runs in the frame that pushed it, which then calls
 * __pthread_unwind_next to come back here), then its end. */
static _Noreturn void end_self(pth_t *r, void *ret, const void *site)
{
    r->exit_ret = ret;
    __pthread_unwind_buf_t *b = r->cleanup;
    if (b) {
        r->cleanup = b->__pad[0];
        /* The buffer holds a jmp_buf's registers and its mask flag (the
         * macro saved no mask): all longjmp reads of it. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
        longjmp((struct __jmp_buf_tag *)(void *)b->__cancel_jmp_buf, 1);
#pragma GCC diagnostic pop
    }
    if (sim_w->cur->owner)
        finish(r, ret);
    main_exit(site);
}

void WRAP(pthread_exit)(void *ret)
{
    if (!in_pe())
        pthread_exit(ret);
    end_self(self(), ret, __builtin_return_address(0));
}

/* A cancellation point of the running context: a cancel it has been sent
 * (and not disabled) ends it here. */
static void cancel_point(const void *site)
{
    pth_t *r = self();
    if (!r->cancel_pending || r->cancel_off)
        return;
    r->cancel_pending = 0;
    r->cancel_off = 1; /* its handlers are not cancelled in turn */
    while (sim_w->cur->call_depth > 0)
        sim_call_leave(); /* the call it was cancelled in is over */
    end_self(r, PTHREAD_CANCELED, site);
}

void WRAP(__pthread_register_cancel)(__pthread_unwind_buf_t *b)
{
    if (!in_pe()) {
        __pthread_register_cancel(b);
        return;
    }
    pth_t *r = self();
    b->__pad[0] = r->cleanup;
    r->cleanup = b;
}

void WRAP(__pthread_unregister_cancel)(__pthread_unwind_buf_t *b)
{
    if (!in_pe()) {
        __pthread_unregister_cancel(b);
        return;
    }
    pth_t *r = self();
    if (r->cleanup == b)
        r->cleanup = b->__pad[0];
}

void WRAP(__pthread_unwind_next)(__pthread_unwind_buf_t *b)
{
    if (!in_pe())
        __pthread_unwind_next(b);
    pth_t *r = self();
    end_self(r, r->exit_ret, __builtin_return_address(0));
}

void sim_pthread_sleep(uint64_t ns, const char *call, const void *site)
{
    sim_pe_t *c = sim_w->cur;
    const proc_t *p = c->owner ? NULL : c->pthread; /* not proc(): no record made to sleep */
    if (!c->owner && (!p || !p->threads)) { /* nobody can cancel it */
        sim_pe_sleep(ns);
        return;
    }
    cancel_point(site);
    uint64_t deadline = sim_w->now + ns;
    sim_why_t why = sim_why("%s (a sleep, which a cancel ends)", call);
    pth_t *r = self();
    while (sim_w->now < deadline && !(r->cancel_pending && !r->cancel_off))
        sim_pe_block_until_why(&why, NULL, 0, deadline);
    cancel_point(site);
}

/* How long a join waits: for ever, not at all, or up to a deadline. */
#define JOIN_WAIT 0
#define JOIN_TRY UINT64_MAX

static int timed_join(pthread_t t, void **ret, const struct timespec *abs, const char *call,
                      const void *site);

static int join_in_pe(pthread_t t, void **ret, uint64_t until, const char *call,
                      const void *site)
{
    pth_t *r = find(t), *me = self();
    if (r == me)
        return EDEADLK;
    if (!r || r->tid == 0)
        return ESRCH;
    if (r->detached)
        return EINVAL;
    sim_why_t why = sim_why("%s(thread %d)", call, r->tid);
    while (!r->ended) {
        if (until == JOIN_TRY)
            return EBUSY;
        cancel_point(site);
        if (until == JOIN_WAIT)
            sim_pe_block_why(&why, r, sizeof *r);
        else if (sim_pe_block_until_why(&why, r, sizeof *r, until) && !r->ended)
            return ETIMEDOUT;
    }
    sim_hb_obj_acquire(r);
    if (ret)
        *ret = r->ret;
    forget(r);
    return 0;
}

int WRAP(pthread_join)(pthread_t t, void **ret)
{
    if (!in_pe())
        return pthread_join(t, ret);
    return timed_join(t, ret, NULL, "pthread_join", __builtin_return_address(0));
}

int WRAP(pthread_tryjoin_np)(pthread_t t, void **ret)
{
    if (!in_pe())
        return pthread_tryjoin_np(t, ret);
    return join_in_pe(t, ret, JOIN_TRY, "pthread_tryjoin_np", __builtin_return_address(0));
}

/* A join with an absolute deadline (none: for ever).  Every clock a PE
 * reads is the virtual one, so the clock it is given on does not change
 * the deadline. */
static int timed_join(pthread_t t, void **ret, const struct timespec *abs, const char *call,
                      const void *site)
{
    if (abs && (abs->tv_nsec < 0 || abs->tv_nsec >= 1000000000L))
        return EINVAL;
    sim_call_enter(call, site);
    int rc = join_in_pe(t, ret, abs ? sim_deadline_of(abs) : JOIN_WAIT, call, site);
    sim_call_leave();
    return rc;
}

int WRAP(pthread_clockjoin_np)(pthread_t t, void **ret, clockid_t clk, const struct timespec *abs)
{
    if (!in_pe())
        return pthread_clockjoin_np(t, ret, clk, abs);
    return timed_join(t, ret, abs, "pthread_clockjoin_np", __builtin_return_address(0));
}

int WRAP(pthread_timedjoin_np)(pthread_t t, void **ret, const struct timespec *abs)
{
    if (!in_pe())
        return pthread_timedjoin_np(t, ret, abs);
    return timed_join(t, ret, abs, "pthread_timedjoin_np", __builtin_return_address(0));
}

int WRAP(pthread_detach)(pthread_t t)
{
    if (!in_pe())
        return pthread_detach(t);
    pth_t *r = find(t);
    if (!r || r->tid == 0)
        return ESRCH;
    if (r->detached)
        return EINVAL;
    r->detached = 1;
    if (r->ended)
        forget(r);
    return 0;
}

pthread_t WRAP(pthread_self)(void)
{
    if (!in_pe())
        return pthread_self();
    return encode(sim_w->cur->id, sim_w->cur->tid);
}

int WRAP(pthread_equal)(pthread_t a, pthread_t b)
{
    return a == b;
}

int WRAP(sched_yield)(void)
{
    if (!in_pe())
        return sched_yield();
    /* The call takes a call's CPU time, so contexts that all spin on
     * sched_yield (a thread of each of two PEs waiting for virtual time to
     * pass) still move it on; every context due by then runs first; when
     * none is, virtual time moves on to the next event (a thread that
     * spins waiting for one that wakes a little later would otherwise
     * never let it). */
    sim_charge(sim_net_params()->call_ns);
    if (!sim_pe_sleep_to_next_event())
        sim_pe_sleep(0);
    return 0;
}

/* The context whose record is r, in the running PE. */
static sim_pe_t *context_of(const pth_t *r)
{
    sim_pe_t *pe = sim_pe_main(sim_w->cur);
    if (r->tid == 0)
        return pe;
    for (sim_pe_t *t = pe->threads; t; t = t->next_thread)
        if (t->pthread == r)
            return t;
    return NULL;
}

int WRAP(pthread_cancel)(pthread_t t)
{
    if (!in_pe())
        return pthread_cancel(t);
    pth_t *r = find(t);
    if (!r)
        return ESRCH;
    if (r->ended)
        return 0;
    r->cancel_pending = 1;
    if (r == self()) {
        if (r->cancel_async)
            cancel_point(__builtin_return_address(0));
        return 0;
    }
    sim_pe_t *c = context_of(r);
    if (c && c->state == SIM_PE_BLOCKED && !r->cancel_off)
        sim_pe_wake(c); /* it looks again: a cancellation point acts on it */
    return 0;
}

/* Sets one of the running context's cancellation settings: *field to
 * whether value is on (off the other valid value), the old one in *old;
 * with the asynchronous type, a pending cancel acts at once. */
static int cancel_setting(int *field, int value, int on, int off, int *old, const void *site)
{
    if (value != on && value != off)
        return EINVAL;
    if (old)
        *old = *field ? on : off;
    *field = value == on;
    if (self()->cancel_async)
        cancel_point(site);
    return 0;
}

int WRAP(pthread_setcancelstate)(int state, int *old)
{
    if (!in_pe())
        return pthread_setcancelstate(state, old);
    return cancel_setting(&self()->cancel_off, state, PTHREAD_CANCEL_DISABLE,
                          PTHREAD_CANCEL_ENABLE, old, __builtin_return_address(0));
}

int WRAP(pthread_setcanceltype)(int type, int *old)
{
    if (!in_pe())
        return pthread_setcanceltype(type, old);
    return cancel_setting(&self()->cancel_async, type, PTHREAD_CANCEL_ASYNCHRONOUS,
                          PTHREAD_CANCEL_DEFERRED, old, __builtin_return_address(0));
}

void WRAP(pthread_testcancel)(void)
{
    if (!in_pe()) {
        pthread_testcancel();
        return;
    }
    cancel_point(__builtin_return_address(0));
}

/* A signal to one thread (pthread_kill, pthread_sigqueue): 0 only checks
 * that the thread exists; any other is not simulated. */
static int thread_signal(pthread_t t, int sig, const char *call, const char *whole,
                         const void *site)
{
    if (!find(t))
        return ESRCH;
    if (sig == 0)
        return 0;
    char why[120];
    snprintf(why, sizeof why, "a signal cannot be sent to one thread; %s sends it to the PE",
             whole);
    return unsupported(call, site, why);
}

int WRAP(pthread_kill)(pthread_t t, int sig)
{
    if (!in_pe())
        return pthread_kill(t, sig);
    return thread_signal(t, sig, "pthread_kill", "kill()", __builtin_return_address(0));
}

int WRAP(pthread_setname_np)(pthread_t t, const char *name)
{
    if (!in_pe())
        return pthread_setname_np(t, name);
    pth_t *r = find(t);
    if (!r)
        return ESRCH;
    if (strlen(name) >= sizeof r->name)
        return ERANGE;
    strcpy(r->name, name);
    return 0;
}

int WRAP(pthread_getname_np)(pthread_t t, char *name, size_t len)
{
    if (!in_pe())
        return pthread_getname_np(t, name, len);
    pth_t *r = find(t);
    if (!r)
        return ESRCH;
    if (strlen(r->name) >= len)
        return ERANGE;
    strcpy(name, r->name);
    return 0;
}

/* ---- what a program may ask about a thread ----
 * glibc's own functions would read a pthread_t as the address of a
 * thread descriptor, which a context's is not: a program asking for its
 * own stack (as Rust's runtime does before main), its CPU set or its
 * scheduling gets the answers of a context. */

int WRAP(pthread_getattr_np)(pthread_t t, pthread_attr_t *attr)
{
    if (!in_pe())
        return pthread_getattr_np(t, attr);
    pth_t *r = find(t);
    const sim_pe_t *c = r ? context_of(r) : NULL;
    if (!c)
        return ESRCH;
    int rc = pthread_attr_init(attr);
    if (rc)
        return rc;
    if (c->coro.stack_lo) {
        pthread_attr_setstack(attr, c->coro.stack_lo, c->coro.stack_size);
        pthread_attr_setguardsize(attr, c->coro.guarded ? sim_coro_guard_size() : 0);
    }
    if (r->detached)
        pthread_attr_setdetachstate(attr, PTHREAD_CREATE_DETACHED);
    return 0;
}

int WRAP(pthread_getaffinity_np)(pthread_t t, size_t size, cpu_set_t *set)
{
    if (!in_pe())
        return pthread_getaffinity_np(t, size, set);
    if (!find(t))
        return ESRCH;
    return sched_getaffinity(0, size, set) == 0 ? 0 : errno;
}

/* Every context runs on the simulator's one thread: a CPU set is taken
 * (when it names a CPU the process may use) and changes nothing. */
int WRAP(pthread_setaffinity_np)(pthread_t t, size_t size, const cpu_set_t *set)
{
    if (!in_pe())
        return pthread_setaffinity_np(t, size, set);
    if (!find(t))
        return ESRCH;
    cpu_set_t have;
    if (sched_getaffinity(0, sizeof have, &have) != 0)
        return errno;
    for (size_t cpu = 0; cpu < size * 8 && cpu < CPU_SETSIZE; cpu++)
        if (CPU_ISSET_S(cpu, size, set) && CPU_ISSET(cpu, &have))
            return 0;
    return EINVAL;
}

/* The clock of the thread's CPU time: like every clock a PE reads, it
 * gives virtual time. */
int WRAP(pthread_getcpuclockid)(pthread_t t, clockid_t *clk)
{
    if (!in_pe())
        return pthread_getcpuclockid(t, clk);
    if (!find(t))
        return ESRCH;
    *clk = CLOCK_THREAD_CPUTIME_ID;
    return 0;
}

int WRAP(pthread_getschedparam)(pthread_t t, int *policy, struct sched_param *param)
{
    if (!in_pe())
        return pthread_getschedparam(t, policy, param);
    if (!find(t))
        return ESRCH;
    *policy = SCHED_OTHER;
    memset(param, 0, sizeof *param);
    return 0;
}

/* The scheduler picks contexts by its own seeded order, so a policy
 * changes nothing: the time-sharing ones at priority 0 are accepted,
 * the real-time ones refused as for a process without the privilege. */
static int sched_setting(pthread_t t, int policy, int prio)
{
    if (!find(t))
        return ESRCH;
    if (policy == SCHED_FIFO || policy == SCHED_RR)
        return EPERM;
    if ((policy != SCHED_OTHER && policy != SCHED_BATCH && policy != SCHED_IDLE) || prio != 0)
        return EINVAL;
    return 0;
}

int WRAP(pthread_setschedparam)(pthread_t t, int policy, const struct sched_param *param)
{
    if (!in_pe())
        return pthread_setschedparam(t, policy, param);
    return sched_setting(t, policy, param->sched_priority);
}

int WRAP(pthread_setschedprio)(pthread_t t, int prio)
{
    if (!in_pe())
        return pthread_setschedprio(t, prio);
    return sched_setting(t, SCHED_OTHER, prio);
}

int WRAP(pthread_sigqueue)(pthread_t t, int sig, const union sigval value)
{
    if (!in_pe())
        return pthread_sigqueue(t, sig, value);
    return thread_signal(t, sig, "pthread_sigqueue", "sigqueue()", __builtin_return_address(0));
}

/* ---- waiting ---- */

uint64_t sim_deadline_of(const struct timespec *abs)
{
    if (abs->tv_sec < 0)
        return 1;
    uint64_t s = (uint64_t)abs->tv_sec;
    if (s >= SIM_WALL_EPOCH_S)
        s -= SIM_WALL_EPOCH_S;
    uint64_t t = s * 1000000000u + (uint64_t)abs->tv_nsec;
    return t ? t : 1;
}

/* A context's tag as a lock owner: unique among its PE's contexts. */
static int tag(void)
{
    return sim_w->cur->tid + 1;
}

static int mutex_kind(const pthread_mutex_t *m)
{
    return m->__data.__kind & 3;
}

/* A loop that only takes free mutexes and gives them back (polling a
 * queue that a handler or another thread fills under one, perhaps after
 * looking the entry up under another) makes a call each round, yet lets
 * no virtual time pass, so what it waits for never comes: after
 * MUTEX_POLLS takes of free mutexes, whichever, by one context at one
 * virtual time with no other simulator call between, the context waits
 * for the next event as a loop polling memory does (sim_pe_busy: a
 * growing step when that is due at once, perhaps another such loop's
 * turn).  A loop that is no poll only yields there, as a thread may. */
#define MUTEX_POLLS 1000
static struct {
    const sim_pe_t *ctx;
    uint64_t calls, now;
    unsigned n;
} mpoll;

static void mutex_polled(void)
{
    const sim_pe_t *c = sim_w->cur;
    if (c == mpoll.ctx && sim_w->now == mpoll.now && c->calls - mpoll.calls <= 1) {
        if (++mpoll.n >= MUTEX_POLLS) {
            mpoll.n = 0;
            if (!sim_pe_busy())
                sim_pe_sleep(0);
        }
    } else {
        mpoll.ctx = c;
        mpoll.n = 0;
    }
    mpoll.calls = c->calls;
    mpoll.now = sim_w->now;
}

/* Takes m; try: fail at once with EBUSY; deadline: give up then (0:
 * never). */
static int mutex_take(pthread_mutex_t *m, const char *call, int try, uint64_t deadline)
{
    int me = tag();
    if (!m->__data.__owner)
        mutex_polled();
    if (m->__data.__owner == me) {
        if (mutex_kind(m) == PTHREAD_MUTEX_RECURSIVE) {
            m->__data.__count++;
            return 0;
        }
        if (mutex_kind(m) == PTHREAD_MUTEX_ERRORCHECK)
            return EDEADLK;
        /* A normal mutex locked twice by its owner waits for ever, as on
         * a real system: the deadlock report names the call. */
    }
    if (m->__data.__owner && try)
        return EBUSY;
    while (m->__data.__owner) {
        sim_why_t why = sim_why("%s(a mutex that thread %d holds)", call,
                                m->__data.__owner - 1);
        if (sim_pe_block_until_why(&why, m, sizeof *m, deadline))
            return ETIMEDOUT;
    }
    m->__data.__owner = me;
    m->__data.__count = 1;
    sim_hb_obj_acquire(m); /* ordered after whoever unlocked it */
    return 0;
}

static int mutex_give(pthread_mutex_t *m)
{
    if (m->__data.__owner != tag() && mutex_kind(m) != PTHREAD_MUTEX_NORMAL)
        return EPERM;
    if (mutex_kind(m) == PTHREAD_MUTEX_RECURSIVE && --m->__data.__count > 0)
        return 0;
    sim_hb_obj_release(m);
    m->__data.__owner = 0;
    m->__data.__count = 0;
    sim_thread_notify(m, sizeof *m);
    return 0;
}

int WRAP(pthread_mutex_lock)(pthread_mutex_t *m)
{
    if (!in_pe())
        return pthread_mutex_lock(m);
    CALL("pthread_mutex_lock", mutex_take(m, "pthread_mutex_lock", 0, 0));
}

int WRAP(pthread_mutex_trylock)(pthread_mutex_t *m)
{
    if (!in_pe())
        return pthread_mutex_trylock(m);
    return mutex_take(m, "pthread_mutex_trylock", 1, 0);
}

int WRAP(pthread_mutex_timedlock)(pthread_mutex_t *m, const struct timespec *abs)
{
    if (!in_pe())
        return pthread_mutex_timedlock(m, abs);
    CALL("pthread_mutex_timedlock",
         mutex_take(m, "pthread_mutex_timedlock", 0, sim_deadline_of(abs)));
}

int WRAP(pthread_mutex_clocklock)(pthread_mutex_t *m, clockid_t clock,
                                  const struct timespec *abs)
{
    if (!in_pe())
        return pthread_mutex_clocklock(m, clock, abs);
    CALL("pthread_mutex_clocklock",
         mutex_take(m, "pthread_mutex_clocklock", 0, sim_deadline_of(abs)));
}

int WRAP(pthread_mutex_unlock)(pthread_mutex_t *m)
{
    if (!in_pe())
        return pthread_mutex_unlock(m);
    return mutex_give(m);
}

static int cond_wait(pthread_cond_t *c, pthread_mutex_t *m, const char *call, uint64_t deadline)
{
    if (m->__data.__owner != tag())
        return EPERM;
    unsigned count = m->__data.__count;
    sim_hb_obj_release(m);
    m->__data.__owner = 0;
    m->__data.__count = 0;
    sim_thread_notify(m, sizeof *m);
    /* One wait: any wake-up may be spurious, the caller re-checks. */
    sim_why_t why = sim_why("%s(a condition variable)", call);
    int timed = sim_pe_block_until_why(&why, c, sizeof *c, deadline);
    while (m->__data.__owner) {
        sim_why_t relock = sim_why("%s(retaking the mutex that thread %d holds)", call,
                                   m->__data.__owner - 1);
        sim_pe_block_why(&relock, m, sizeof *m);
    }
    m->__data.__owner = tag();
    m->__data.__count = count;
    sim_hb_obj_acquire(m);
    return timed ? ETIMEDOUT : 0;
}

/* A wait that a cancel may have ended: the cancel acts once the mutex is
 * the caller's again, as POSIX has it (its handlers may unlock it). */
static int cancelled_after(int rc, const void *site)
{
    cancel_point(site);
    return rc;
}

int WRAP(pthread_cond_wait)(pthread_cond_t *c, pthread_mutex_t *m)
{
    if (!in_pe())
        return pthread_cond_wait(c, m);
    cancel_point(__builtin_return_address(0));
    CALL("pthread_cond_wait", cancelled_after(cond_wait(c, m, "pthread_cond_wait", 0),
                                                 __builtin_return_address(0)));
}

int WRAP(pthread_cond_timedwait)(pthread_cond_t *c, pthread_mutex_t *m,
                                 const struct timespec *abs)
{
    if (!in_pe())
        return pthread_cond_timedwait(c, m, abs);
    cancel_point(__builtin_return_address(0));
    CALL("pthread_cond_timedwait",
         cancelled_after(cond_wait(c, m, "pthread_cond_timedwait", sim_deadline_of(abs)),
                         __builtin_return_address(0)));
}

int WRAP(pthread_cond_clockwait)(pthread_cond_t *c, pthread_mutex_t *m, clockid_t clock,
                                 const struct timespec *abs)
{
    if (!in_pe())
        return pthread_cond_clockwait(c, m, clock, abs);
    cancel_point(__builtin_return_address(0));
    CALL("pthread_cond_clockwait",
         cancelled_after(cond_wait(c, m, "pthread_cond_clockwait", sim_deadline_of(abs)),
                         __builtin_return_address(0)));
}

int WRAP(pthread_cond_signal)(pthread_cond_t *c)
{
    if (!in_pe())
        return pthread_cond_signal(c);
    sim_thread_notify(c, sizeof *c);
    return 0;
}

int WRAP(pthread_cond_broadcast)(pthread_cond_t *c)
{
    if (!in_pe())
        return pthread_cond_broadcast(c);
    sim_thread_notify(c, sizeof *c);
    return 0;
}

/* A barrier's state, in the object's own bytes. */
typedef struct {
    unsigned count, arrived, round;
} barrier_t;
_Static_assert(sizeof(barrier_t) <= sizeof(pthread_barrier_t), "barrier state fits");

int WRAP(pthread_barrier_init)(pthread_barrier_t *b, const pthread_barrierattr_t *a,
                               unsigned count)
{
    if (!in_pe())
        return pthread_barrier_init(b, a, count);
    if (count == 0)
        return EINVAL;
    barrier_t *s = (barrier_t *)b;
    memset(b, 0, sizeof *b);
    s->count = count;
    return 0;
}

/* The clock of a barrier's round: two that take turns, so that a thread
 * leaving round r late never acquires what a faster one released on
 * arriving at round r + 1 (round r + 2, which reuses it, cannot begin
 * before every thread has left round r). */
static const void *round_clock(const void *barrier, unsigned round)
{
    return (const char *)barrier + (round & 1);
}

static int barrier_wait_in_pe(pthread_barrier_t *b)
{
    barrier_t *s = (barrier_t *)b;
    unsigned round = s->round;
    /* Every thread releases as it arrives and acquires as it leaves, so
     * each leaves ordered after what every thread did before arriving. */
    sim_hb_obj_release(round_clock(b, round));
    if (++s->arrived == s->count) {
        s->arrived = 0;
        s->round++;
        sim_thread_notify(b, sizeof *b);
        sim_hb_obj_acquire(round_clock(b, round));
        return PTHREAD_BARRIER_SERIAL_THREAD;
    }
    sim_why_t why = sim_why("%s(%d of %d threads arrived)", "pthread_barrier_wait",
                            (int)s->arrived, (int)s->count);
    while (s->round == round)
        sim_pe_block_why(&why, b, sizeof *b);
    sim_hb_obj_acquire(round_clock(b, round));
    return 0;
}

int WRAP(pthread_barrier_wait)(pthread_barrier_t *b)
{
    if (!in_pe())
        return pthread_barrier_wait(b);
    CALL("pthread_barrier_wait", barrier_wait_in_pe(b));
}

int WRAP(pthread_barrier_destroy)(pthread_barrier_t *b)
{
    if (!in_pe())
        return pthread_barrier_destroy(b);
    return ((barrier_t *)b)->arrived ? EBUSY : 0;
}

/* A read-write lock's state, in the object's own bytes (readers are
 * preferred, as glibc's default). */
typedef struct {
    int readers, writer;
} rwlock_t;

int WRAP(pthread_rwlock_init)(pthread_rwlock_t *l, const pthread_rwlockattr_t *a)
{
    if (!in_pe())
        return pthread_rwlock_init(l, a);
    memset(l, 0, sizeof *l);
    return 0;
}

/* Takes l for writing or reading; try: fail at once with EBUSY; deadline:
 * give up then with ETIMEDOUT (0: never). */
static int rw_take(pthread_rwlock_t *l, int write, int try, uint64_t deadline, const char *call)
{
    rwlock_t *s = (rwlock_t *)l;
    if (s->writer == tag())
        return EDEADLK;
    while (s->writer || (write && s->readers)) {
        if (try)
            return EBUSY;
        sim_why_t why = s->writer ? sim_why("%s(held for writing by thread %d)", call,
                                            s->writer - 1)
                                  : sim_why("%s(held by %d readers)", call, s->readers);
        if (sim_pe_block_until_why(&why, l, sizeof *l, deadline) &&
            (s->writer || (write && s->readers)))
            return ETIMEDOUT;
    }
    if (write)
        s->writer = tag();
    else
        s->readers++;
    sim_hb_obj_acquire(l);
    return 0;
}

int WRAP(pthread_rwlock_rdlock)(pthread_rwlock_t *l)
{
    if (!in_pe())
        return pthread_rwlock_rdlock(l);
    CALL("pthread_rwlock_rdlock", rw_take(l, 0, 0, 0, "pthread_rwlock_rdlock"));
}

int WRAP(pthread_rwlock_wrlock)(pthread_rwlock_t *l)
{
    if (!in_pe())
        return pthread_rwlock_wrlock(l);
    CALL("pthread_rwlock_wrlock", rw_take(l, 1, 0, 0, "pthread_rwlock_wrlock"));
}

int WRAP(pthread_rwlock_tryrdlock)(pthread_rwlock_t *l)
{
    return in_pe() ? rw_take(l, 0, 1, 0, NULL) : pthread_rwlock_tryrdlock(l);
}

int WRAP(pthread_rwlock_trywrlock)(pthread_rwlock_t *l)
{
    return in_pe() ? rw_take(l, 1, 1, 0, NULL) : pthread_rwlock_trywrlock(l);
}

int WRAP(pthread_rwlock_timedrdlock)(pthread_rwlock_t *l, const struct timespec *abs)
{
    if (!in_pe())
        return pthread_rwlock_timedrdlock(l, abs);
    CALL("pthread_rwlock_timedrdlock",
         rw_take(l, 0, 0, sim_deadline_of(abs), "pthread_rwlock_timedrdlock"));
}

int WRAP(pthread_rwlock_timedwrlock)(pthread_rwlock_t *l, const struct timespec *abs)
{
    if (!in_pe())
        return pthread_rwlock_timedwrlock(l, abs);
    CALL("pthread_rwlock_timedwrlock",
         rw_take(l, 1, 0, sim_deadline_of(abs), "pthread_rwlock_timedwrlock"));
}

int WRAP(pthread_rwlock_clockrdlock)(pthread_rwlock_t *l, clockid_t clock,
                                     const struct timespec *abs)
{
    if (!in_pe())
        return pthread_rwlock_clockrdlock(l, clock, abs);
    CALL("pthread_rwlock_clockrdlock",
         rw_take(l, 0, 0, sim_deadline_of(abs), "pthread_rwlock_clockrdlock"));
}

int WRAP(pthread_rwlock_clockwrlock)(pthread_rwlock_t *l, clockid_t clock,
                                     const struct timespec *abs)
{
    if (!in_pe())
        return pthread_rwlock_clockwrlock(l, clock, abs);
    CALL("pthread_rwlock_clockwrlock",
         rw_take(l, 1, 0, sim_deadline_of(abs), "pthread_rwlock_clockwrlock"));
}

int WRAP(pthread_rwlock_unlock)(pthread_rwlock_t *l)
{
    if (!in_pe())
        return pthread_rwlock_unlock(l);
    rwlock_t *s = (rwlock_t *)l;
    if (s->writer == tag())
        s->writer = 0;
    else if (s->readers > 0)
        s->readers--;
    else
        return EPERM;
    sim_hb_obj_release(l); /* a reader's too: a writer after it is ordered after its reads */
    sim_thread_notify(l, sizeof *l);
    return 0;
}

int WRAP(pthread_rwlock_destroy)(pthread_rwlock_t *l)
{
    if (!in_pe())
        return pthread_rwlock_destroy(l);
    rwlock_t *s = (rwlock_t *)l;
    return s->writer || s->readers ? EBUSY : 0;
}

int WRAP(pthread_spin_init)(pthread_spinlock_t *s, int pshared)
{
    if (!in_pe())
        return pthread_spin_init(s, pshared);
    *s = 0;
    return 0;
}

static int spin_lock_in_pe(pthread_spinlock_t *s)
{
    if (*s == tag())
        return EDEADLK;
    while (*s) {
        sim_why_t why = sim_why("%s(held by thread %d)", "pthread_spin_lock", *s - 1);
        sim_pe_block_why(&why, (const void *)s, sizeof *s);
    }
    *s = tag();
    sim_hb_obj_acquire((const void *)s);
    return 0;
}

int WRAP(pthread_spin_lock)(pthread_spinlock_t *s)
{
    if (!in_pe())
        return pthread_spin_lock(s);
    CALL("pthread_spin_lock", spin_lock_in_pe(s));
}

int WRAP(pthread_spin_trylock)(pthread_spinlock_t *s)
{
    if (!in_pe())
        return pthread_spin_trylock(s);
    if (*s)
        return EBUSY;
    *s = tag();
    sim_hb_obj_acquire((const void *)s);
    return 0;
}

int WRAP(pthread_spin_unlock)(pthread_spinlock_t *s)
{
    if (!in_pe())
        return pthread_spin_unlock(s);
    sim_hb_obj_release((const void *)s);
    *s = 0;
    sim_thread_notify((const void *)s, sizeof *s);
    return 0;
}

/* ---- futexes ----
 * C++20's std::atomic wait and notify, std::latch, std::barrier and
 * std::counting_semaphore wait with futex system calls made from the
 * module (inline code of the C++ headers): a wait would block the
 * process's one thread.  Inside a PE a wait blocks the calling context on
 * the word until a wake on it (or its timeout: relative for FUTEX_WAIT,
 * absolute for FUTEX_WAIT_BITSET); a wake wakes the PE's waiters on the
 * word, who look again.  Other calls are the kernel's. */
static long futex_in_pe(uint32_t *word, int op, uint32_t val, const struct timespec *t)
{
    int cmd = op & FUTEX_CMD_MASK;
    if (cmd == FUTEX_WAKE || cmd == FUTEX_WAKE_BITSET) {
        sim_thread_notify(word, sizeof *word);
        return 0;
    }
    if (__atomic_load_n(word, __ATOMIC_ACQUIRE) != val) {
        errno = EAGAIN;
        return -1;
    }
    uint64_t deadline = 0;
    if (t && cmd == FUTEX_WAIT)
        deadline = sim_w->now + (uint64_t)t->tv_sec * 1000000000u + (uint64_t)t->tv_nsec;
    else if (t)
        deadline = sim_deadline_of(t);
    sim_why_t why = sim_why("%s(a C++ atomic wait, latch, barrier or semaphore)", "futex");
    if (sim_pe_block_until_why(&why, word, sizeof *word, deadline) &&
        __atomic_load_n(word, __ATOMIC_ACQUIRE) == val) {
        errno = ETIMEDOUT;
        return -1;
    }
    return 0;
}

/* A futex call of a PE's (a's: the call's arguments after nr), or -2 when
 * the kernel's call must be made. */
static long futex_call(long nr, const long *a, const void *site)
{
    int cmd = (int)a[1] & FUTEX_CMD_MASK;
    if (nr != SYS_futex || !in_pe() || !sim_sched_on_run_thread() ||
        (cmd != FUTEX_WAIT && cmd != FUTEX_WAIT_BITSET && cmd != FUTEX_WAKE &&
         cmd != FUTEX_WAKE_BITSET))
        return -2;
    sim_call_enter("futex", site);
    long rc = futex_in_pe((uint32_t *)a[0], (int)a[1], (uint32_t)a[2],
                          (const struct timespec *)a[3]);
    sim_call_leave();
    return rc;
}

long WRAP(syscall)(long nr, ...)
{
    va_list ap;
    va_start(ap, nr);
    long a[6];
    for (int i = 0; i < 6; i++)
        a[i] = va_arg(ap, long);
    va_end(ap);
    long rc = futex_call(nr, a, __builtin_return_address(0));
    return rc != -2 ? rc : syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}

/* ---- C++ static-local guards ----
 * A function-local static is initialised once, under a guard the C++
 * run-time library keeps: a thread that finds another initialising it
 * waits on a futex, which would block the process's one thread, and the
 * race detector would see no order between the initialisation and the
 * other threads' uses.  A PE's module calls these instead (the guard's
 * byte 0: initialised, which the compiler's inline check reads with an
 * acquiring load; byte 1: being initialised, as in the library's own
 * layout).  Outside a PE (a constructor at load) only the simulator's
 * thread runs: no wait is needed. */
static unsigned char *guard_bytes(uint64_t *g)
{
    return (unsigned char *)g;
}

int WRAP(__cxa_guard_acquire)(uint64_t *g)
{
    unsigned char *b = guard_bytes(g);
    if (in_pe())
        while (!b[0] && b[1]) {
            sim_why_t why = sim_why("%s(a static that another thread initialises)",
                                    "__cxa_guard_acquire");
            sim_pe_block_why(&why, g, sizeof *g);
        }
    if (b[0]) {
        if (in_pe())
            sim_hb_mem_acquire(g);
        return 0;
    }
    b[1] = 1;
    return 1;
}

void WRAP(__cxa_guard_release)(uint64_t *g)
{
    unsigned char *b = guard_bytes(g);
    if (in_pe())
        sim_hb_mem_update(g); /* the initialisation before every later use */
    b[0] = 1;
    b[1] = 0;
    if (in_pe())
        sim_thread_notify(g, sizeof *g);
}

void WRAP(__cxa_guard_abort)(uint64_t *g)
{
    guard_bytes(g)[1] = 0; /* the initialiser threw: the next caller tries */
    if (in_pe())
        sim_thread_notify(g, sizeof *g);
}

/* ---- semaphores ----
 * An unnamed semaphore's count is its first word, where glibc keeps it,
 * so one made by sem_init outside a PE (or by a static initializer) reads
 * the same.  Its waiters are its PE's threads. */
static unsigned *sem_count(sem_t *s)
{
    return (unsigned *)(void *)s;
}

int WRAP(sem_init)(sem_t *s, int pshared, unsigned value)
{
    if (!in_pe())
        return sem_init(s, pshared, value);
    if (value > SEM_VALUE_MAX) {
        errno = EINVAL;
        return -1;
    }
    memset(s, 0, sizeof *s);
    *sem_count(s) = value;
    return 0;
}

int WRAP(sem_destroy)(sem_t *s)
{
    return in_pe() ? 0 : sem_destroy(s);
}

int WRAP(sem_post)(sem_t *s)
{
    if (!in_pe())
        return sem_post(s);
    if (*sem_count(s) == SEM_VALUE_MAX) {
        errno = EOVERFLOW;
        return -1;
    }
    sim_hb_obj_release(s); /* what the poster did happens before the taker's return */
    ++*sem_count(s);
    sim_thread_notify(s, sizeof *s);
    return 0;
}

int WRAP(sem_getvalue)(sem_t *s, int *value)
{
    if (!in_pe())
        return sem_getvalue(s, value);
    *value = (int)*sem_count(s);
    return 0;
}

/* Takes one from s; try: fail at once with EAGAIN; deadline: give up then
 * with ETIMEDOUT (0: never).  A cancellation point, but for the try. */
static int sem_take(sem_t *s, const char *call, int try, uint64_t deadline, const void *site)
{
    if (!try)
        cancel_point(site);
    int rc = 0;
    while (!*sem_count(s) && !rc) {
        if (try) {
            rc = EAGAIN;
            break;
        }
        sim_why_t why = sim_why("%s(a semaphore at 0)", call);
        if (sim_pe_block_until_why(&why, s, sizeof *s, deadline) && !*sem_count(s))
            rc = ETIMEDOUT;
        cancel_point(site); /* (woken by a cancel: it acts now) */
    }
    if (!rc) {
        --*sem_count(s);
        sim_hb_obj_acquire(s);
    }
    if (!try)
        cancel_point(site);
    if (rc) {
        errno = rc;
        return -1;
    }
    return 0;
}

int WRAP(sem_wait)(sem_t *s)
{
    if (!in_pe())
        return sem_wait(s);
    CALL("sem_wait", sem_take(s, "sem_wait", 0, 0, __builtin_return_address(0)));
}

int WRAP(sem_trywait)(sem_t *s)
{
    if (!in_pe())
        return sem_trywait(s);
    return sem_take(s, "sem_trywait", 1, 0, NULL);
}

int WRAP(sem_timedwait)(sem_t *s, const struct timespec *abs)
{
    if (!in_pe())
        return sem_timedwait(s, abs);
    CALL("sem_timedwait", sem_take(s, "sem_timedwait", 0, sim_deadline_of(abs),
                                   __builtin_return_address(0)));
}

int WRAP(sem_clockwait)(sem_t *s, clockid_t clock, const struct timespec *abs)
{
    if (!in_pe())
        return sem_clockwait(s, clock, abs);
    CALL("sem_clockwait", sem_take(s, "sem_clockwait", 0, sim_deadline_of(abs),
                                   __builtin_return_address(0)));
}

/* once: 0 not run, 1 running, 2 done. */
static int once_in_pe(pthread_once_t *o, void (*fn)(void));

int WRAP(pthread_once)(pthread_once_t *o, void (*fn)(void))
{
    if (!in_pe())
        return pthread_once(o, fn);
    CALL("pthread_once", once_in_pe(o, fn));
}

static int once_in_pe(pthread_once_t *o, void (*fn)(void))
{
    while (*o == 1) {
        sim_why_t why = sim_why("%s(another thread runs the routine)", "pthread_once");
        sim_pe_block_why(&why, o, sizeof *o);
    }
    if (*o == 0) {
        *o = 1;
        fn();
        *o = 2;
        sim_hb_obj_release(o);
        sim_thread_notify(o, sizeof *o);
    }
    sim_hb_obj_acquire(o); /* what the routine did happens before every caller's return */
    return 0;
}

/* ---- thread-specific data ---- */

int WRAP(pthread_key_create)(pthread_key_t *k, void (*dtor)(void *))
{
    if (!in_pe())
        return pthread_key_create(k, dtor);
    proc_t *p = proc();
    for (int i = 0; i < KEYS; i++)
        if (!p->key_used[i]) {
            p->key_used[i] = 1;
            p->dtor[i] = dtor;
            *k = (pthread_key_t)i;
            return 0;
        }
    return EAGAIN;
}

int WRAP(pthread_key_delete)(pthread_key_t k)
{
    if (!in_pe())
        return pthread_key_delete(k);
    proc_t *p = proc();
    if (k >= KEYS || !p->key_used[k])
        return EINVAL;
    p->key_used[k] = 0;
    p->dtor[k] = NULL;
    p->main.specific[k] = NULL;
    for (pth_t *r = p->threads; r; r = r->next)
        r->specific[k] = NULL;
    return 0;
}

void *WRAP(pthread_getspecific)(pthread_key_t k)
{
    if (!in_pe())
        return pthread_getspecific(k);
    return k < KEYS ? self()->specific[k] : NULL;
}

int WRAP(pthread_setspecific)(pthread_key_t k, const void *v)
{
    if (!in_pe())
        return pthread_setspecific(k, v);
    if (k >= KEYS || !proc()->key_used[k])
        return EINVAL;
    self()->specific[k] = (void *)v;
    return 0;
}

/* ---- thread-local storage ---- */

typedef struct {
    unsigned long module, offset;
} tls_index_t;
extern void *__tls_get_addr(tls_index_t *ti);

typedef struct tls_block {
    unsigned long module;
    struct tls_block *next;
    char *data;
} tls_block_t;

/* A module's TLS image, found by its module id. */
typedef struct {
    unsigned long module;
    const char *image;
    size_t filesz, memsz, align;
} tls_find_t;

static int find_image(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    tls_find_t *f = arg;
    if (info->dlpi_tls_modid != f->module)
        return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_TLS) {
            f->image = (const char *)info->dlpi_addr + ph->p_vaddr;
            f->filesz = ph->p_filesz;
            f->memsz = ph->p_memsz;
            f->align = ph->p_align;
            return 1;
        }
    }
    return 0;
}

/* Under swap (the wrapper below keeps the process's blocks for a PE's
 * main context under copy, where each copy is a module of its own):
 * whether a PE's main context keeps the process's block of a module, as
 * it does for every module but the program's (one copy, shared by all
 * PEs, whose thread-local variables are each PE's, as its globals are). */
static int process_block(const tls_find_t *f)
{
    const sim_loader_t *l = sim_w->loader;
    size_t off;
    return !l || sim_loader_find(l, f->image, &off) < 0;
}

void *WRAP(__tls_get_addr)(tls_index_t *ti)
{
    sim_pe_t *c = sim_w ? sim_w->cur : NULL;
    if (!c || (!c->owner && sim_w->loader && sim_w->loader->mode != SIM_LOAD_SWAP))
        return __tls_get_addr(ti);
    for (tls_block_t *b = c->tls; b; b = b->next)
        if (b->module == ti->module)
            return b->data ? b->data + ti->offset : __tls_get_addr(ti);
    tls_find_t f = {.module = ti->module};
    if (!dl_iterate_phdr(find_image, &f))
        return __tls_get_addr(ti); /* not a module's: the process's */
    tls_block_t *b = sim_xcalloc(1, sizeof *b);
    b->module = ti->module;
    b->next = c->tls;
    c->tls = b;
    /* A library's variables stay the process's for threads too: the
     * library reaches them itself without this wrapper (libstdc++'s
     * call_once hands its callable to the library through one), so a
     * block of the thread's own would be seen from the program only. */
    if (process_block(&f))
        return __tls_get_addr(ti); /* (b->data NULL: the process's, from now on) */
    size_t align = f.align > sizeof(void *) ? f.align : sizeof(void *);
    b->data = aligned_alloc(align, (f.memsz + align) / align * align);
    if (!b->data)
        return __tls_get_addr(ti); /* no memory: the process's */
    if (c->owner) { /* a new thread: the variables' initial values */
        memcpy(b->data, f.image, f.filesz);
        memset(b->data + f.filesz, 0, f.memsz - f.filesz);
    } else { /* a PE: what constructors left, as its globals under swap */
        tls_index_t base = {ti->module, 0};
        memcpy(b->data, __tls_get_addr(&base), f.memsz);
    }
    return b->data + ti->offset;
}

void sim_pthread_free(sim_pe_t *ctx)
{
    if (ctx->owner) { /* a record not in its PE's list: a helper's own */
        pth_t *r = ctx->pthread;
        if (r && !r->start)
            free(r);
    } else if (ctx->pthread) {
        proc_t *p = ctx->pthread;
        for (pth_t *r = p->threads, *next; r; r = next) {
            next = r->next;
            free(r);
        }
        free(p);
    }
    ctx->pthread = NULL;
}

/* A thread_local object's destructor, registered by the code the
 * compiler emits for its first use (__cxa_thread_atexit). */
typedef struct tls_dtor {
    void (*fn)(void *);
    void *obj;
    struct tls_dtor *next;
} tls_dtor_t;

extern int __cxa_thread_atexit_impl(void (*fn)(void *), void *obj, void *dso);

/* The C++ library would register it with the OS thread, which every
 * context shares, so it would run at the process's exit, after the
 * context's block is gone: it goes with the running context instead, and
 * runs when that ends (sim_thread_tls_dtors). */
int WRAP(__cxa_thread_atexit)(void (*fn)(void *), void *obj, void *dso)
{
    sim_pe_t *c = sim_w ? sim_w->cur : NULL;
    if (!c)
        return __cxa_thread_atexit_impl(fn, obj, dso);
    tls_dtor_t *d = sim_xmalloc(sizeof *d);
    *d = (tls_dtor_t){fn, obj, c->tls_dtors};
    c->tls_dtors = d;
    return 0;
}

void sim_thread_tls_dtors(sim_pe_t *ctx)
{
    tls_dtor_t *d;
    while ((d = ctx->tls_dtors) != NULL) { /* (one may register another) */
        ctx->tls_dtors = d->next;
        d->fn(d->obj);
        free(d);
    }
}

void sim_thread_tls_free(sim_pe_t *ctx)
{
    for (tls_block_t *b = ctx->tls, *next; b; b = next) {
        next = b->next;
        free(b->data);
        free(b);
    }
    ctx->tls = NULL;
    for (tls_dtor_t *d = ctx->tls_dtors, *next; d; d = next) {
        next = d->next;
        free(d);
    }
    ctx->tls_dtors = NULL;
}

/* ---- the same entry points for library code ----
 * The module's own calls reach the __wrap_ functions; the C++ library's
 * (std::thread's start, join and detach, std::condition_variable's waits)
 * reach the C library's names.  This library defines those names too and
 * comes before the C library in the lookup order, so inside a PE they are
 * the PE's threads and waits as well; outside one they are the C
 * library's.  Only these: the simulator's own libraries (libdw's locks)
 * must keep the real ones. */
#define REAL(name, type) ((type)sim_libc_fn(&real_##name, #name))
static void *real_pthread_create, *real_pthread_join, *real_pthread_detach,
    *real_pthread_cond_wait, *real_pthread_cond_timedwait, *real_pthread_cond_clockwait,
    *real_pthread_cond_signal, *real_pthread_cond_broadcast;

typedef int (*create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
typedef int (*join_fn)(pthread_t, void **);
typedef int (*detach_fn)(pthread_t);
typedef int (*cwait_fn)(pthread_cond_t *, pthread_mutex_t *);
typedef int (*ctwait_fn)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);
typedef int (*cclwait_fn)(pthread_cond_t *, pthread_mutex_t *, clockid_t,
                         const struct timespec *);
typedef int (*csig_fn)(pthread_cond_t *);

/* (std::future's waits make futex calls from inside the C++ library) */
typedef long (*syscall_fn)(long, ...);
static void *real_syscall;

long syscall(long nr, ...)
{
    va_list ap;
    va_start(ap, nr);
    long a[6];
    for (int i = 0; i < 6; i++)
        a[i] = va_arg(ap, long);
    va_end(ap);
    long rc = futex_call(nr, a, __builtin_return_address(0));
    return rc != -2 ? rc
                    : REAL(syscall, syscall_fn)(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}

int pthread_create(pthread_t *thr, const pthread_attr_t *attr, void *(*start)(void *), void *arg)
{
    if (in_pe())
        return WRAP(pthread_create)(thr, attr, start, arg);
    return REAL(pthread_create, create_fn)(thr, attr, start, arg);
}

int pthread_join(pthread_t t, void **ret)
{
    if (in_pe())
        return WRAP(pthread_join)(t, ret);
    return REAL(pthread_join, join_fn)(t, ret);
}

int pthread_detach(pthread_t t)
{
    if (in_pe())
        return WRAP(pthread_detach)(t);
    return REAL(pthread_detach, detach_fn)(t);
}

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
    if (in_pe())
        return WRAP(pthread_cond_wait)(c, m);
    return REAL(pthread_cond_wait, cwait_fn)(c, m);
}

int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *abs)
{
    if (in_pe())
        return WRAP(pthread_cond_timedwait)(c, m, abs);
    return REAL(pthread_cond_timedwait, ctwait_fn)(c, m, abs);
}

int pthread_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t clock,
                           const struct timespec *abs)
{
    if (in_pe())
        return WRAP(pthread_cond_clockwait)(c, m, clock, abs);
    return REAL(pthread_cond_clockwait, cclwait_fn)(c, m, clock, abs);
}

int pthread_cond_signal(pthread_cond_t *c)
{
    if (in_pe())
        return WRAP(pthread_cond_signal)(c);
    return REAL(pthread_cond_signal, csig_fn)(c);
}

int pthread_cond_broadcast(pthread_cond_t *c)
{
    if (in_pe())
        return WRAP(pthread_cond_broadcast)(c);
    return REAL(pthread_cond_broadcast, csig_fn)(c);
}
