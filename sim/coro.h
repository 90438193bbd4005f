/* sim/coro: user-level contexts (coroutines) and their stacks.
 *
 * Stacks live in one arena: a single reservation cut into equal slots, each
 * a 256 KiB guard zone below a stack.  A kernel mapping per stack would cap
 * a run at about 30,000 contexts (vm.max_map_count), so the guard zones are
 * made PROT_NONE only as far as the mapping budget allows: every slot's when
 * it fits, else every k-th slot's.  An overflow into a live guard faults; one
 * into an unprotected zone is caught when the context next switches away
 * (its stack pointer below its stack, or the canary words at the top of the
 * zone overwritten) or when it reaches the next live guard.  A context is
 * created with getcontext/makecontext on its slot.  Switching is a few instructions of assembly that save the
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
    char *map;            /* its arena slot, guard zone first; NULL for the main context */
    size_t map_size;      /* bytes of the slot, guard zone included */
    char *stack_lo;       /* lowest usable byte, just above the guard zone */
    size_t stack_size;    /* usable bytes above the guard zone */
    int guarded;          /* its guard zone is PROT_NONE */
    unsigned vg_id;       /* Valgrind stack id (0 when not under Valgrind) */
    void *asan_fake;      /* ASan fake-stack handle saved across a switch */
    const void *asan_lo;  /* ASan: bottom of this context's stack (main context learns it) */
    size_t asan_size;     /* ASan: size of this context's stack */
} sim_coro_t;

typedef struct sim_stacks {
    char *base;           /* the reservation; NULL when none */
    size_t size;          /* bytes reserved */
    size_t slot;          /* bytes per slot: guard zone, then stack */
    size_t guard;         /* bytes of a slot's guard zone */
    size_t nslots;
    size_t guard_every;   /* slot i's zone is PROT_NONE when i % guard_every == 0 */
} sim_stacks_t;

/* Size of the guard zone below every stack (whole pages, 256 KiB). */
size_t sim_coro_guard_size(void);
/* Reserves nslots stacks of stack_size bytes (rounded up to pages, touched
 * lazily) of which about busy are expected to be used, with guard zones
 * spaced so that busy slots use at most max_guards PROT_NONE zones (at
 * least one: the lowest slot's).  Returns 0 or -errno (ENOMEM: no room). */
int sim_stacks_create(sim_stacks_t *a, size_t nslots, size_t busy, size_t stack_size,
                      size_t max_guards);
/* Unmaps the arena; no context of it may run again. */
void sim_stacks_destroy(sim_stacks_t *a);
/* The slot holding addr (guard zone included), or -1. */
long sim_stacks_slot_of(const sim_stacks_t *a, const void *addr);

/* Makes a context that will run entry() on slot of a.  entry must never
 * return: it ends by switching away for good.  Returns 0 or -errno. */
int sim_coro_create(sim_coro_t *c, sim_stacks_t *a, size_t slot, void (*entry)(void));
/* Forgets a context that is not running (its slot stays reserved). */
void sim_coro_destroy(sim_coro_t *c);
/* Called by the context itself before it switches away: nonzero when it
 * has overflowed its stack (stack pointer below it, in its guard zone or
 * another slot of arena, or a page of an unprotected guard zone touched).
 * A system call on unguarded slots. */
struct sim_stacks;
int sim_coro_overflowed(const sim_coro_t *c, const struct sim_stacks *arena);
/* Saves the running context into from and resumes to.  Returns when some
 * context switches back to from.  No system call. */
void sim_coro_switch(sim_coro_t *from, sim_coro_t *to);
/* Like sim_coro_switch, for a context that is leaving for good (lets ASan
 * free its fake stack).  Does not return. */
_Noreturn void sim_coro_exit_to(sim_coro_t *from, sim_coro_t *to);
/* Must be the first call of every entry function (ASan bookkeeping). */
void sim_coro_started(sim_coro_t *self);
/* Nonzero when addr lies in c's guard zone. */
int sim_coro_in_guard(const sim_coro_t *c, const void *addr);

#endif
