/* sim/coro: context creation with makecontext, the stack arena, and the
 * glue around the assembly switch (ASan fiber annotations, Valgrind). */
#include "coro.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define SIM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SIM_ASAN 1
#endif
#endif

#ifdef SIM_ASAN
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/lsan_interface.h>
#endif

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define SIM_VALGRIND 1
#endif
#endif

void sim_coro_swap(void **save_sp, void *new_sp);

#ifdef SIM_ASAN
/* The context that switched last: whoever resumes records that context's
 * stack bounds (how the main context learns its own). */
static sim_coro_t *asan_leaving;
#endif

/* Register values pushed by sim_coro_swap, lowest address first. */
enum { F_FPCTL, F_R15, F_R14, F_R13, F_R12, F_RBX, F_RBP, F_RET, F_WORDS };

/* PE modules are built with -fstack-clash-protection, which probes every
 * page of a large frame; code built without it (libraries, the odd
 * alloca) may still move the stack pointer by tens of KiB before touching
 * memory.  The guard costs address space only. */
#define GUARD_BYTES (256 * 1024)

size_t sim_coro_guard_size(void)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (GUARD_BYTES + page - 1) / page * page;
}

static size_t round_pages(size_t n)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (n + page - 1) / page * page;
}

int sim_stacks_create(sim_stacks_t *a, size_t nslots, size_t busy, size_t stack_size,
                      size_t max_guards)
{
    memset(a, 0, sizeof *a);
    if (nslots == 0 || stack_size > SIZE_MAX / 4)
        return -EINVAL;
    a->guard = sim_coro_guard_size();
    a->slot = a->guard + round_pages(stack_size);
    if (nslots > SIZE_MAX / a->slot)
        return -ENOMEM;
    a->nslots = nslots;
    a->size = a->slot * nslots;
    if (max_guards < 1)
        max_guards = 1;
    if (busy < 1 || busy > nslots)
        busy = nslots;
    a->guard_every = (busy + max_guards - 1) / max_guards;
    char *m = mmap(NULL, a->size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (m == MAP_FAILED) {
        int e = errno;
        memset(a, 0, sizeof *a);
        return -e;
    }
    a->base = m;
    return 0;
}

void sim_stacks_destroy(sim_stacks_t *a)
{
    if (a->base)
        munmap(a->base, a->size);
    memset(a, 0, sizeof *a);
}

long sim_stacks_slot_of(const sim_stacks_t *a, const void *addr)
{
    uintptr_t p = (uintptr_t)addr, lo = (uintptr_t)a->base;
    if (!a->base || p < lo || p - lo >= a->size)
        return -1;
    return (long)((p - lo) / a->slot);
}

int sim_coro_overflowed(const sim_coro_t *c, const sim_stacks_t *arena)
{
    if (!c->map)
        return 0;
    const char *sp = __builtin_frame_address(0);
    /* Below its stack, in its guard zone or another slot of the arena.  (A
     * stack the program made itself, for threads of its own switched with
     * swapcontext, is elsewhere: not an overflow.) */
    if (sp < c->stack_lo && (sp >= c->map || sim_stacks_slot_of(arena, sp) >= 0))
        return 1;
    if (c->guarded)
        return 0;
    /* Nothing touches a guard zone but an overflow (every page a large
     * frame crosses is probed, and a recursion writes as it goes), so a
     * zone page in memory means the stack went through it. */
    size_t page = (size_t)sysconf(_SC_PAGESIZE), zone = (size_t)(c->stack_lo - c->map);
    unsigned char vec[GUARD_BYTES / 4096 + 1];
    size_t npages = zone / page;
    if (npages > sizeof vec)
        npages = sizeof vec;
    if (mincore(c->map, npages * page, vec) != 0)
        return 0;
    for (size_t i = 0; i < npages; i++)
        if (vec[i] & 1)
            return 1;
    return 0;
}

/* Turns the register state makecontext prepared into the frame
 * sim_coro_swap pops, so the first switch enters entry() exactly as
 * setcontext would, minus the sigprocmask call. */
static void frame_from_ucontext(sim_coro_t *c, ucontext_t *uc)
{
    greg_t *g = uc->uc_mcontext.gregs;
    uint64_t *top = (uint64_t *)(uintptr_t)g[REG_RSP];
    uint64_t *f = top - F_WORDS; /* swap pops F_WORDS words and leaves rsp == top */
    memset(f, 0, F_WORDS * sizeof *f);
    f[F_FPCTL] = 0x1F80u | ((uint64_t)0x037Fu << 32); /* default MXCSR, x87 CW */
    f[F_RBX] = (uint64_t)g[REG_RBX];
    f[F_RBP] = (uint64_t)g[REG_RBP];
    /* top holds the return trampoline makecontext pushed; entry starts
     * with rsp == top, as after a call. */
    f[F_RET] = (uint64_t)g[REG_RIP];
    c->sp = f;
}

int sim_coro_create(sim_coro_t *c, sim_stacks_t *a, size_t slot, void (*entry)(void))
{
    memset(c, 0, sizeof *c);
    if (!a->base || slot >= a->nslots)
        return -EINVAL;
    c->map = a->base + slot * a->slot;
    c->map_size = a->slot;
    c->stack_lo = c->map + a->guard;
    c->stack_size = a->slot - a->guard;
    c->guarded = slot % a->guard_every == 0;
    if (c->guarded && mprotect(c->map, a->guard, PROT_NONE) != 0) {
        int e = errno;
        c->map = NULL;
        return -e;
    }
    ucontext_t uc;
    if (getcontext(&uc) != 0) {
        sim_coro_destroy(c);
        return -errno;
    }
    uc.uc_stack.ss_sp = c->stack_lo;
    uc.uc_stack.ss_size = c->stack_size;
    uc.uc_link = NULL;
    makecontext(&uc, entry, 0);
    frame_from_ucontext(c, &uc);
#ifdef SIM_VALGRIND
    c->vg_id = VALGRIND_STACK_REGISTER(c->stack_lo, c->stack_lo + c->stack_size);
#endif
    c->asan_lo = c->stack_lo;
    c->asan_size = c->stack_size;
#ifdef SIM_ASAN
    /* A PE's stack holds live pointers (a blocked PE's buffers): it is a
     * root for the leak checker, like a thread's stack. */
    __lsan_register_root_region(c->stack_lo, c->stack_size);
#endif
    return 0;
}

void sim_coro_destroy(sim_coro_t *c)
{
    if (!c->map)
        return;
#ifdef SIM_VALGRIND
    VALGRIND_STACK_DEREGISTER(c->vg_id);
#endif
#ifdef SIM_ASAN
    __lsan_unregister_root_region(c->stack_lo, c->stack_size);
#endif
    c->map = NULL;
}

int sim_coro_in_guard(const sim_coro_t *c, const void *addr)
{
    const char *a = addr;
    return c->map && a >= c->map && a < c->stack_lo;
}

void sim_coro_started(sim_coro_t *self)
{
#ifdef SIM_ASAN
    __sanitizer_finish_switch_fiber(NULL, &asan_leaving->asan_lo, &asan_leaving->asan_size);
#endif
    (void)self;
}

void sim_coro_switch(sim_coro_t *from, sim_coro_t *to)
{
#ifdef SIM_ASAN
    asan_leaving = from;
    __sanitizer_start_switch_fiber(&from->asan_fake, to->asan_lo, to->asan_size);
#endif
    sim_coro_swap(&from->sp, to->sp);
#ifdef SIM_ASAN
    __sanitizer_finish_switch_fiber(from->asan_fake, &asan_leaving->asan_lo,
                                    &asan_leaving->asan_size);
#endif
}

void sim_coro_exit_to(sim_coro_t *from, sim_coro_t *to)
{
#ifdef SIM_ASAN
    asan_leaving = from;
    __sanitizer_start_switch_fiber(NULL, to->asan_lo, to->asan_size);
#endif
    sim_coro_swap(&from->sp, to->sp);
    __builtin_unreachable();
}
