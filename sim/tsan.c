/* sim/tsan: the entry points that -fsanitize=thread instrumentation calls.
 *
 * shmemsim-cc compiles PE modules with the compiler's thread-sanitizer
 * instrumentation but links them against these functions instead of
 * libtsan: every load and store of the program calls __tsan_readN or
 * __tsan_writeN with the address, and the return address names the
 * instruction.  A range test drops every access that cannot concern the
 * race detector (sim/hb: symmetric memory and buffers of non-blocking
 * calls); the rest become load/store accesses of the running PE.  Atomic
 * builtins are performed here (the whole job is one OS thread, so any
 * atomic instruction is right) and recorded as atomic accesses of their
 * own class, which races with SHMEM atomics: they are not atomic with
 * respect to each other.  Nothing here yields but the spin watches below,
 * which let the others run as a preempting scheduler would. */
#include "tsan.h"
#include "mem.h"
#include "sched.h"
#include "signals.h"
#include "util.h"
#include "world.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default"), used))

int sim_tsan_seen;

/* A loop that waits on memory with plain loads never calls the simulator,
 * so nothing else would run: the same load (site and address) made
 * SPIN_LOADS times by one context, with no other load or any store outside
 * the stacks between (locals do not count: an unoptimised loop reads and
 * writes them) and without entering the simulator, lets the others run
 * (sim_pe_spinning), whether or not races are checked.  A loop that works
 * on shared memory does not look like one. */
#define SPIN_LOADS 10000
/* A loop that reads the one place with a back-off between (in registers:
 * no other access) repeats its load ever more slowly: every SPIN_GLANCE
 * repeats, it waits for the next event without blocking (when nothing is
 * left to happen, only SPIN_LOADS repeats block it). */
#define SPIN_GLANCE 256
/* Once a load is known to spin, the repeats that show it still does
 * after its loop ran again (see POLL_RECHECK). */
#define SPIN_AGAIN 64
/* A loop that polls several places (a slot per peer, a queue's head and
 * tail, its own counters) is not one load repeated; what shows it is that
 * it reads the same places over and over without entering the simulator.
 * Every access outside the stacks that the spin watch sees is counted,
 * and every BUSY_SAMPLE-th one's address goes into the window's set (the
 * distinct addresses, summed as hashes: two sets that differ in one place
 * differ).  A context whose window read exactly the places of the one
 * before, with no simulator call, waits for the next event
 * (sim_pe_busy), so that a write it polls for can land.  Windows start at
 * BUSY_ACCESSES accesses and, while two in a row differ, double up to
 * BUSY_LEVELS times, so that a loop of many accesses also comes round
 * within one (a window samples every place of a loop of up to its
 * accesses / BUSY_SAMPLE accesses a round: 8,456 at the longest, such as
 * a poll that scans a message queue's slots and touches its own state
 * between); a computation moves on through its data, is never taken
 * for a poll and takes no virtual time, as any code of the program.  Only
 * the equality of two sets is asked, never the order of addresses, and a
 * context that polls waits at the same virtual time however many accesses
 * it made before: where the kernel maps memory changes no run. */
#define BUSY_ACCESSES 4096u
#define BUSY_LEVELS 6u
#define BUSY_SAMPLE 31u /* a prime: a loop's every access comes up in turn */
#define BUSY_MAX ((BUSY_ACCESSES / BUSY_SAMPLE) << BUSY_LEVELS) /* samples in a window */
#define BUSY_SLOTS 32768u /* the window's table of distinct addresses (> 2 * BUSY_MAX) */
static struct {
    const void *pc, *addr;
    const sim_pe_t *ctx;
    uint64_t calls;
    unsigned n;
    unsigned left;    /* accesses until the next sample */
    unsigned samples; /* samples in the window */
    uint64_t sum;     /* hashes of its distinct sampled addresses, summed */
    unsigned nused, used[BUSY_MAX]; /* the slots filled */
    const void *slot[BUSY_SLOTS];
    uint8_t len[BUSY_SLOTS]; /* bytes of the access that put it there (at most 8) */
    uint64_t nsamples; /* every sample ever taken, for the heads below */
    uintptr_t asum;    /* their addresses, and those of the stack samples, summed */
    unsigned stack_left; /* stack accesses until the next stack sample */
} spin = {.left = BUSY_SAMPLE, .stack_left = BUSY_SAMPLE};

/* A poll with a body: a loop that reads one place each round and between
 * reads does the same small work (a back-off that counts in a global, a
 * copy of the word into a local) is not one load repeated, and when its
 * back-off grows it fills a window only after seconds: a linear back-off
 * makes few accesses but ever more work a round.  What shows it is its
 * head, a load (site and address) that reads the same value round after
 * round with no simulator call, the same places touched between.  The
 * sampled accesses show it at no cost to the others: a loop of a few
 * accesses a round has its head sampled every so many rounds, with the
 * same number of samples between and the same addresses sampled (summed).
 * HEAD_ROUNDS such samples in a row (a few hundred rounds), and the
 * context waits for the next event, as for a window; after a wait,
 * HEAD_AGAIN show that it still polls.  One load repeated with nothing
 * between is the same loop without a body (spin_note counts it). */
#define HEAD_ROUNDS 8
#define HEAD_AGAIN 2
#define HEAD_BODY 64 /* samples between two of the head's: a round's accesses / BUSY_SAMPLE */
#define HEAD_SLOTS 8
typedef struct {
    const void *pc, *addr;
    const sim_pe_t *ctx;
    uint64_t calls;
    uint64_t at;        /* spin.nsamples at its last sample */
    uintptr_t asum_at;  /* spin.asum then */
    uint64_t gap;       /* samples between its last two (UINT64_MAX: not yet known) */
    uintptr_t gsum;     /* their addresses, summed */
    uint64_t was;       /* the value it read */
    unsigned known;     /* was is known */
    unsigned rounds;    /* samples of it in a row alike */
} head_t;
static head_t heads[HEAD_SLOTS];

/* A context seen polling (one load repeated, or a window of places)
 * stays stopped while it waits: at each turn it would look again (the
 * next event), the places it polls are compared with what they held when
 * it stopped, and its loop runs again only when one changed, after
 * POLL_RECHECK turns, or when nothing is left to happen.  A poll costs a
 * look at a few words per turn instead of a window of the loop's
 * accesses.  What the loop sees, and when, is as before, but for how many
 * rounds it makes meanwhile (a window whose places came out equal twice
 * almost always holds every place the loop reads; the bound keeps one it
 * missed from delaying the loop for long). */
#define POLL_RECHECK 64
typedef struct {
    const void *addr;
    unsigned len;           /* up to 8 bytes, never past addr's 4 KiB block */
    unsigned char was[8];
} poll_place_t;

static void poll_take(poll_place_t *p, const void *addr, size_t n)
{
    size_t room = 4096 - ((uintptr_t)addr & 4095); /* addr's page is mapped: it was read */
    p->addr = addr;
    p->len = (unsigned)(n < 8 ? n : 8);
    if (p->len > room)
        p->len = (unsigned)room;
    memcpy(p->was, addr, p->len);
}

/* Whether the context may wait now: not when the watchdog is about to
 * stop it, so that the stop finds it in its loop and names the loop. */
static int poll_may_wait(void)
{
    return !sim_watchdog_pending();
}

static int poll_changed(const poll_place_t *p, unsigned n)
{
    if (!poll_may_wait())
        return 1;
    for (unsigned k = 0; k < n; k++)
        if (memcmp(p[k].addr, p[k].was, p[k].len) != 0)
            return 1;
    return 0;
}

static void busy(void);

/* The window starts again (before a wait: the others sample meanwhile). */
static void window_clear(void)
{
    for (unsigned k = 0; k < spin.nused; k++)
        spin.slot[spin.used[k]] = NULL;
    spin.nused = 0;
    spin.sum = 0;
    spin.samples = 0;
}

/* Waits for the next event, turn after turn, while the n places hold what
 * they held (for POLL_RECHECK turns at most, and none when nothing is
 * left to happen). */
static void poll_wait(const poll_place_t *p, unsigned n)
{
    for (unsigned turn = 0; sim_pe_busy() && turn < POLL_RECHECK && !poll_changed(p, n); turn++)
        ;
}

/* The same for the n bytes at addr. */
static void poll_wait_on(const void *addr, size_t n)
{
    poll_place_t p;
    poll_take(&p, addr, n);
    poll_wait(&p, 1);
}

/* A sampled load of n bytes at addr by site pc, which may be a poll's
 * head.  (Its value is read only when the site's load of it was sampled
 * before: the program read those bytes since, so they may be read; the
 * load sampled now has yet to be made.) */
static void head_sample(const void *addr, size_t n, const void *pc)
{
    const sim_pe_t *c = sim_w->cur;
    head_t *h = &heads[((uintptr_t)pc >> 1) % HEAD_SLOTS];
    if (h->pc != pc || h->addr != addr || h->ctx != c || h->calls != c->calls) {
        *h = (head_t){pc, addr, c, c->calls, spin.nsamples, spin.asum, UINT64_MAX, 0, 0, 0, 0};
        return;
    }
    uint64_t v;
    switch (n) { /* (a copy of a constant size: no call) */
    case 8: memcpy(&v, addr, 8); break;
    case 4: { uint32_t x; memcpy(&x, addr, 4); v = x; break; }
    case 2: { uint16_t x; memcpy(&x, addr, 2); v = x; break; }
    default: v = *(const uint8_t *)addr; break;
    }
    uint64_t gap = spin.nsamples - h->at;
    uintptr_t gsum = spin.asum - h->asum_at;
    h->at = spin.nsamples;
    h->asum_at = spin.asum;
    if (!h->known || v != h->was || gap != h->gap || gsum != h->gsum || gap > HEAD_BODY) {
        h->was = v;
        h->known = 1;
        h->gap = gap;
        h->gsum = gsum;
        h->rounds = 0;
    } else if (++h->rounds >= HEAD_ROUNDS && poll_may_wait()) {
        h->rounds = HEAD_ROUNDS - HEAD_AGAIN;
        window_clear();
        poll_wait_on(addr, n);
    }
}

/* Every BUSY_SAMPLE-th access: its address joins the window's set. */
static __attribute__((noinline, cold)) void busy_sample(const void *addr, size_t n,
                                                        const void *site, int write)
{
    spin.nsamples++;
    spin.asum += (uintptr_t)addr;
    uint64_t h = (uint64_t)(uintptr_t)addr;
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
    h ^= h >> 31;
    unsigned i = (unsigned)h & (BUSY_SLOTS - 1);
    while (spin.slot[i] && spin.slot[i] != addr)
        i = (i + 1) & (BUSY_SLOTS - 1);
    if (!spin.slot[i]) {
        spin.slot[i] = addr;
        spin.len[i] = (uint8_t)(n < 8 ? n : 8);
        spin.used[spin.nused++] = i;
        spin.sum += h;
    }
    spin.left = BUSY_SAMPLE;
    if (++spin.samples >= (BUSY_ACCESSES / BUSY_SAMPLE) << sim_w->cur->busy_level)
        busy();
    else if (!write && site && n <= 8)
        head_sample(addr, n, site);
}

static __attribute__((noinline)) void busy(void)
{
    sim_pe_t *c = sim_w->cur;
    int same = 0;
    if (c->calls != c->busy_calls || c->call_depth) { /* a new stretch */
        c->busy_calls = c->calls;
        c->busy_level = 0;
        c->busy_have = 0;
    } else if (!c->busy_have) { /* the first window of a pair */
        c->busy_sum = spin.sum;
        c->busy_have = 1;
    } else if (spin.sum == c->busy_sum) {
        same = 1;
    } else if (c->busy_level < BUSY_LEVELS) { /* longer windows */
        c->busy_level++;
        c->busy_have = 0;
        sim_w->progress++; /* a computation moving on: not the watchdog's */
    } else {
        c->busy_sum = spin.sum;
        sim_w->progress++;
    }
    /* (Kept with the context for its next wait: sim_sched_free_contexts
     * frees it.) */
    if (same && spin.nused > c->poll_cap) {
        c->poll_places = sim_xrealloc(c->poll_places, spin.nused * sizeof(poll_place_t));
        c->poll_cap = spin.nused;
    }
    poll_place_t *places = c->poll_places;
    unsigned n = same ? spin.nused : 0;
    if (same)
        c->poll_n = n;
    for (unsigned k = 0; k < n; k++)
        poll_take(&places[k], spin.slot[spin.used[k]], spin.len[spin.used[k]]);
    window_clear();
    if (same && poll_may_wait())
        poll_wait(places, n);
}

static inline int on_stacks(const void *addr)
{
    return (size_t)((const char *)addr - sim_w->stacks.base) < sim_w->stacks.size;
}

/* An access to the stacks is no place a poll waits on, and an unoptimised
 * loop's locals take no part in the windows; but a computation that moves
 * through an array on the stack, reloading one word of the heap each step
 * (a row pointer), must not look like a poll's head reading the same
 * value round after round with the same places between: every
 * BUSY_SAMPLE-th stack access's address joins the sum the heads compare.
 * A poll's locals are the same places every round, and come up in the
 * same phase at each of its head's samples (BUSY_SAMPLE is prime). */
static inline void stack_pass(const void *addr)
{
    if (__builtin_expect(--spin.stack_left == 0, 0)) {
        spin.stack_left = BUSY_SAMPLE;
        spin.asum += (uintptr_t)addr;
    }
}

/* An access by site that took the fast way, or any other the spin watch
 * passes over: it records where (pc NULL: no site, so the next load cannot
 * count as a repeat) and counts toward the busy-loop watch. */
static inline void spin_pass(const void *addr, size_t n, const void *pc, const void *site,
                             int write)
{
    spin.addr = write ? NULL : addr;
    spin.pc = pc;
    if (__builtin_expect(--spin.left == 0, 0))
        busy_sample(addr, n, site, write);
}

/* The spin watch saw a load that is not the last one again (it records
 * where, the context being taken only when the load repeats), or a store
 * (which ends any spin). */
static inline void spin_saw(const void *addr, size_t n, const void *pc, int write)
{
    spin.ctx = NULL;
    spin_pass(addr, n, pc, pc, write);
}

/* An access that is not a loop's next step, to the stacks or not. */
static inline void spin_other(const void *addr, size_t n, const void *pc, int write)
{
    if (on_stacks(addr))
        stack_pass(addr);
    else
        spin_saw(addr, n, pc, write);
}

static inline void spin_note(const void *addr, size_t n, const void *pc)
{
    if (on_stacks(addr)) {
        stack_pass(addr);
        return;
    }
    sim_pe_t *c = sim_w->cur;
    if (pc == spin.pc && addr == spin.addr) {
        if (c != spin.ctx || c->calls != spin.calls) {
            spin.ctx = c;
            spin.calls = c->calls;
            spin.n = 0;
        } else if (++spin.n < SPIN_LOADS) {
            /* its rounds may take ever longer: a look at the next event
             * now and then, which blocks nothing */
            if (spin.n % SPIN_GLANCE == 0 && poll_may_wait())
                poll_wait_on(addr, n);
        } else if (poll_may_wait()) {
            spin.n = 0;
            poll_place_t p;
            poll_take(&p, addr, n);
            unsigned turn = 0;
            while (sim_pe_spinning(addr, n, pc) && !poll_changed(&p, 1) && ++turn < POLL_RECHECK)
                ;
            /* The others ran meanwhile: the watch is this context's again,
             * and when its loop only looks again, it soon waits again. */
            spin.ctx = c;
            spin.pc = pc;
            spin.addr = addr;
            spin.calls = c->calls;
            spin.n = turn == POLL_RECHECK ? SPIN_LOADS - SPIN_AGAIN : 0;
        }
        return;
    }
    spin_saw(addr, n, pc, 0);
}

/* Everything but a loop's next step (note). */
static __attribute__((noinline)) void note_slow(const void *addr, size_t n, sim_hb_dir_t dir,
                                                int atomic, const void *pc)
{
    if (!sim_w || !sim_w->cur)
        return;
    if (dir == SIM_HB_READ)
        spin_note(addr, n, pc);
    else
        spin_other(addr, n, pc, 1);
    if (!sim_hb_on)
        return;
    if (atomic) {
        /* Between the threads of a PE, and between PEs that reach the
         * same bytes through a direct pointer, an atomic synchronises,
         * whatever memory it is on: each is taken as acquiring what earlier
         * atomics on its address released, and a write as releasing (the
         * strongest order, so a flag protocol with weaker ones is never
         * called a race; a race it hides is missed, not made up). */
        if (dir == SIM_HB_WRITE)
            sim_hb_mem_update(addr);
        else
            sim_hb_mem_acquire(addr);
    }
    /* Private memory leaves first: the filter and the sweeps hold only
     * what sim_hb_local saw. */
    int watched = sim_hb_watched_fast(sim_w->cur, addr);
    if (watched == 0)
        return;
    if (!atomic && sim_hb_filtered(sim_w->cur, addr, n, dir == SIM_HB_WRITE)) {
        sim_hb_repeated(pc, addr, n, dir == SIM_HB_WRITE);
        return;
    }
    if (!atomic && sim_hb_swept(addr, n, dir == SIM_HB_WRITE, pc))
        return;
    if (watched < 0 && !sim_hb_watched(addr))
        return;
    sim_hb_local(addr, n, dir, atomic, pc);
}

/* The detector's part of an access that is not a loop's next step (the
 * function call keeps the register saves it needs off the fast paths). */
static __attribute__((noinline)) void note_watched(const void *addr, size_t n, int write,
                                                   const void *pc)
{
    const sim_pe_t *c = sim_w->cur;
    /* In memory the detector does not watch (private memory while nothing
     * else can write it), an access only moves the spin watch on. */
    if (sim_hb_watched_fast(c, addr) == 0) {
        spin_other(addr, n, pc, write);
        return;
    }
    if (sim_hb_covered(c, addr, n, write, pc)) {
        spin_pass(addr, n, NULL, pc, write);
        return;
    }
    note_slow(addr, n, write ? SIM_HB_WRITE : SIM_HB_READ, 0, pc);
}

/* An access of the program.  A loop's next step, which is most of them,
 * costs only a look at its site's sweep, here; without the detector, an
 * access only moves the spin watch on, here too. */
static inline __attribute__((always_inline)) void note(const void *addr, size_t n,
                                                       sim_hb_dir_t dir, int atomic,
                                                       const void *pc)
{
    /* The load a spin would repeat goes the slow way, to be counted; any
     * other ends the spin, as spin_note would. */
    if (!atomic && addr != spin.addr && sim_w && sim_w->cur) {
        int write = dir == SIM_HB_WRITE;
        if (!sim_hb_on) {
            spin_other(addr, n, pc, write);
            return;
        }
        if (sim_hb_sweep_step(sim_w->cur, addr, n, write, pc)) {
            spin_pass(addr, n, NULL, pc, write);
            return;
        }
        note_watched(addr, n, write, pc);
        return;
    }
    note_slow(addr, n, dir, atomic, pc);
}

static int by_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

const char *sim_tsan_poll_names(const sim_pe_t *pe, char *buf, size_t len)
{
    const poll_place_t *p = pe->poll_places;
    unsigned n = pe->poll_n < 4 ? pe->poll_n : 4;
    char names[4][96];
    if (!p || !n)
        return NULL;
    for (unsigned i = 0; i < n; i++)
        sim_mem_name(p[i].addr, names[i], sizeof names[i]);
    /* (In the order of their names: the window's order is the hash's.) */
    qsort(names, n, sizeof names[0], by_text);
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < n && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", names[i]);
    if (pe->poll_n > n && used < len)
        snprintf(buf + used, len - used, " and %u more", pe->poll_n - n);
    return buf;
}

#define RA __builtin_return_address(0)

void sim_tsan_range(const void *addr, size_t n, sim_hb_dir_t dir, const void *pc)
{
    if (sim_tsan_seen && n)
        note(addr, n, dir, 0, pc);
}

EXPORT void __tsan_init(void)
{
    sim_tsan_seen = 1;
}
EXPORT void __tsan_func_entry(void *pc)
{
    (void)pc;
}
EXPORT void __tsan_func_exit(void)
{
}
EXPORT void __tsan_ignore_thread_begin(void)
{
}
EXPORT void __tsan_ignore_thread_end(void)
{
}

#define ACCESS(N)                                                                      \
    EXPORT void __tsan_read##N(void *a) { note(a, N, SIM_HB_READ, 0, RA); }            \
    EXPORT void __tsan_write##N(void *a) { note(a, N, SIM_HB_WRITE, 0, RA); }          \
    EXPORT void __tsan_unaligned_read##N(void *a) { note(a, N, SIM_HB_READ, 0, RA); }  \
    EXPORT void __tsan_unaligned_write##N(void *a) { note(a, N, SIM_HB_WRITE, 0, RA); } \
    EXPORT void __tsan_volatile_read##N(void *a) { note(a, N, SIM_HB_READ, 0, RA); }   \
    EXPORT void __tsan_volatile_write##N(void *a) { note(a, N, SIM_HB_WRITE, 0, RA); } \
    EXPORT void __tsan_unaligned_volatile_read##N(void *a) { note(a, N, SIM_HB_READ, 0, RA); } \
    EXPORT void __tsan_unaligned_volatile_write##N(void *a)                            \
    {                                                                                  \
        note(a, N, SIM_HB_WRITE, 0, RA);                                               \
    }                                                                                  \
    EXPORT void __tsan_read##N##_pc(void *a, void *pc) { note(a, N, SIM_HB_READ, 0, pc); } \
    EXPORT void __tsan_write##N##_pc(void *a, void *pc) { note(a, N, SIM_HB_WRITE, 0, pc); }
ACCESS(1)
ACCESS(2)
ACCESS(4)
ACCESS(8)
ACCESS(16)

EXPORT void __tsan_read_range(void *a, unsigned long n)
{
    note(a, n, SIM_HB_READ, 0, RA);
}
EXPORT void __tsan_write_range(void *a, unsigned long n)
{
    note(a, n, SIM_HB_WRITE, 0, RA);
}
EXPORT void __tsan_read_range_pc(void *a, unsigned long n, void *pc)
{
    note(a, n, SIM_HB_READ, 0, pc);
}
EXPORT void __tsan_write_range_pc(void *a, unsigned long n, void *pc)
{
    note(a, n, SIM_HB_WRITE, 0, pc);
}
EXPORT void __tsan_vptr_read(void **p)
{
    (void)p;
}
EXPORT void __tsan_vptr_update(void **p, void *v)
{
    (void)p;
    (void)v;
}
/* The annotation interface (sanitizer/tsan_interface.h), which code built
 * with the thread sanitizer calls where it synchronises in a way the
 * instrumentation cannot see (Go's runtime/cgo, libraries with their own
 * lock-free queues): a release at addr, then an acquire of it, is an edge,
 * as for the program's own atomics. */
EXPORT void __tsan_acquire(void *addr)
{
    if (sim_hb_on && sim_w && sim_w->cur)
        sim_hb_mem_acquire(addr);
}
EXPORT void __tsan_release(void *addr)
{
    if (sim_hb_on && sim_w && sim_w->cur)
        sim_hb_mem_update(addr);
}
EXPORT void __tsan_atomic_thread_fence(int mo)
{
    (void)mo;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
EXPORT void __tsan_atomic_signal_fence(int mo)
{
    (void)mo;
}

/* Atomics of the program: a class of their own per size (the +100 keeps
 * them apart from the SHMEM atomic classes). */
#define CLS(N) ((N) | 1 << 13) /* a class of its own per size (see SIM_HB_CLASS_SIZE) */
#define SC __ATOMIC_SEQ_CST
#define ATOMICS(N, T)                                                                   \
    EXPORT T __tsan_atomic##N##_load(const volatile T *a, int mo)                       \
    {                                                                                   \
        (void)mo;                                                                       \
        note((const void *)a, sizeof(T), SIM_HB_READ, CLS(sizeof(T)), RA);              \
        return __atomic_load_n(a, SC);                                                  \
    }                                                                                   \
    EXPORT void __tsan_atomic##N##_store(volatile T *a, T v, int mo)                    \
    {                                                                                   \
        (void)mo;                                                                       \
        note((const void *)a, sizeof(T), SIM_HB_WRITE, CLS(sizeof(T)), RA);             \
        __atomic_store_n(a, v, SC);                                                     \
    }                                                                                   \
    EXPORT T __tsan_atomic##N##_exchange(volatile T *a, T v, int mo)                    \
    {                                                                                   \
        (void)mo;                                                                       \
        note((const void *)a, sizeof(T), SIM_HB_WRITE, CLS(sizeof(T)), RA);             \
        return __atomic_exchange_n(a, v, SC);                                           \
    }                                                                                   \
    RMW(N, T, add) RMW(N, T, sub) RMW(N, T, and) RMW(N, T, or) RMW(N, T, xor) RMW(N, T, nand) \
    static inline int cas##N(volatile T *a, T *c, T v, const void *pc)                  \
    {                                                                                   \
        note((const void *)a, sizeof(T), SIM_HB_WRITE, CLS(sizeof(T)), pc);             \
        return __atomic_compare_exchange_n(a, c, v, 0, SC, SC);                         \
    }                                                                                   \
    EXPORT int __tsan_atomic##N##_compare_exchange_strong(volatile T *a, T *c, T v, int mo, \
                                                          int fmo)                      \
    {                                                                                   \
        (void)mo;                                                                       \
        (void)fmo;                                                                      \
        return cas##N(a, c, v, RA);                                                     \
    }                                                                                   \
    EXPORT int __tsan_atomic##N##_compare_exchange_weak(volatile T *a, T *c, T v, int mo, \
                                                        int fmo)                        \
    {                                                                                   \
        (void)mo;                                                                       \
        (void)fmo;                                                                      \
        return cas##N(a, c, v, RA);                                                     \
    }                                                                                   \
    EXPORT T __tsan_atomic##N##_compare_exchange_val(volatile T *a, T c, T v, int mo,   \
                                                     int fmo)                           \
    {                                                                                   \
        (void)mo;                                                                       \
        (void)fmo;                                                                      \
        note((const void *)a, sizeof(T), SIM_HB_WRITE, CLS(sizeof(T)), RA);             \
        __atomic_compare_exchange_n(a, &c, v, 0, SC, SC);                               \
        return c;                                                                       \
    }
#define RMW(N, T, OP)                                                                   \
    EXPORT T __tsan_atomic##N##_fetch_##OP(volatile T *a, T v, int mo)                  \
    {                                                                                   \
        (void)mo;                                                                       \
        note((const void *)a, sizeof(T), SIM_HB_WRITE, CLS(sizeof(T)), RA);             \
        return __atomic_fetch_##OP(a, v, SC);                                           \
    }
ATOMICS(8, uint8_t)
ATOMICS(16, uint16_t)
ATOMICS(32, uint32_t)
ATOMICS(64, uint64_t)

/* 128-bit atomics would need libatomic; one OS thread runs every PE, so
 * plain accesses are atomic here. */
typedef unsigned __int128 u128;
#define N128(a, d) note((const void *)(a), 16, (d), CLS(16), RA)
EXPORT u128 __tsan_atomic128_load(const volatile u128 *a, int mo)
{
    (void)mo;
    N128(a, SIM_HB_READ);
    return *a;
}
EXPORT void __tsan_atomic128_store(volatile u128 *a, u128 v, int mo)
{
    (void)mo;
    N128(a, SIM_HB_WRITE);
    *a = v;
}
EXPORT u128 __tsan_atomic128_exchange(volatile u128 *a, u128 v, int mo)
{
    (void)mo;
    N128(a, SIM_HB_WRITE);
    u128 old = *a;
    *a = v;
    return old;
}
#define RMW128(OP, EXPR)                                                                \
    EXPORT u128 __tsan_atomic128_fetch_##OP(volatile u128 *a, u128 v, int mo)           \
    {                                                                                   \
        (void)mo;                                                                       \
        N128(a, SIM_HB_WRITE);                                                          \
        u128 old = *a;                                                                  \
        *a = (EXPR);                                                                    \
        return old;                                                                     \
    }
RMW128(add, old + v)
RMW128(sub, old - v)
RMW128(and, old & v)
RMW128(or, old | v)
RMW128(xor, old ^ v)
RMW128(nand, ~(old & v))
EXPORT u128 __tsan_atomic128_compare_exchange_val(volatile u128 *a, u128 c, u128 v, int mo,
                                                  int fmo)
{
    (void)mo;
    (void)fmo;
    N128(a, SIM_HB_WRITE);
    u128 old = *a;
    if (old == c)
        *a = v;
    return old;
}
EXPORT int __tsan_atomic128_compare_exchange_strong(volatile u128 *a, u128 *c, u128 v, int mo,
                                                    int fmo)
{
    u128 old = __tsan_atomic128_compare_exchange_val(a, *c, v, mo, fmo);
    if (old == *c)
        return 1;
    *c = old;
    return 0;
}
EXPORT int __tsan_atomic128_compare_exchange_weak(volatile u128 *a, u128 *c, u128 v, int mo,
                                                  int fmo)
{
    return __tsan_atomic128_compare_exchange_strong(a, c, v, mo, fmo);
}
