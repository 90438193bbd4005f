/* sim/coro: user-level contexts (coroutines) and their stacks.
 *
 * A context is created with getcontext/makecontext on an mmap'd stack whose
 * lowest 256 KiB are a PROT_NONE guard, so an overflow faults instead of writing
 * into a neighbour.  Switching is a few instructions of assembly that save the
 * callee-saved registers, MXCSR and the x87 control word: unlike swapcontext
 * it never makes a system call (the signal mask is process-wide and unchanged
 * by a switch).  The scheduler's own context is a sim_coro_t without a stack.
 * Stacks are registered with Valgrind and switches annotated for ASan.
 *
 * This module knows nothing of PEs: it only creates, switches and frees. */
#ifndef SIM_CORO_H
#define SIM_CORO_H

#include <stddef.h>
#include <ucontext.h>

typedef struct sim_coro {
    void *sp;             /* saved stack pointer while switched out */
    char *map;            /* the stack mapping including its guard page; NULL for the main context */
    size_t map_size;      /* bytes mapped, guard included */
    char *stack_lo;       /* lowest usable byte, just above the guard */
    size_t stack_size;    /* usable bytes above the guard */
    unsigned vg_id;       /* Valgrind stack id (0 when not under Valgrind) */
    void *asan_fake;      /* ASan fake-stack handle saved across a switch */
    const void *asan_lo;  /* ASan: bottom of this context's stack (main context learns it) */
    size_t asan_size;     /* ASan: size of this context's stack */
} sim_coro_t;

/* Size of the guard below every stack (whole pages, 256 KiB). */
size_t sim_coro_guard_size(void);
/* Makes a context that will run entry() on its own stack of stack_size bytes
 * (rounded up to pages, touched lazily).  entry must never return: it ends
 * by switching away for good.  Returns 0 or -errno. */
int sim_coro_create(sim_coro_t *c, size_t stack_size, void (*entry)(void));
/* Frees the stack of a context that is not running. */
void sim_coro_destroy(sim_coro_t *c);
/* Saves the running context into from and resumes to.  Returns when some
 * context switches back to from.  No system call. */
void sim_coro_switch(sim_coro_t *from, sim_coro_t *to);
/* Like sim_coro_switch, for a context that is leaving for good (lets ASan
 * free its fake stack).  Does not return. */
_Noreturn void sim_coro_exit_to(sim_coro_t *from, sim_coro_t *to);
/* Must be the first call of every entry function (ASan bookkeeping). */
void sim_coro_started(sim_coro_t *self);
/* Nonzero when addr lies in c's guard page. */
int sim_coro_in_guard(const sim_coro_t *c, const void *addr);

#endif
