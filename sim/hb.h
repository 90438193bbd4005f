/* sim/hb: happens-before race detection.
 *
 * The detector keeps a vector clock per PE and, for every byte of memory
 * that an access has touched, the last write and the reads since (the
 * last read, or a set of up to eight concurrent reads).  When an
 * access conflicts with an earlier one (same bytes, at least one a write,
 * not both atomics of one kind) and no synchronisation orders the earlier
 * access before it, the pair is a race and the layer's report function is
 * called once per pair of call sites.  Nothing here knows SHMEM or LAPI:
 * the API layers describe their operations in the terms below.
 *
 * Terms.
 *  - A PE's own accesses (loads and stores of the program, reported by the
 *    compiler instrumentation in sim/tsan.c) are ordered by program order
 *    and by what the PE has acquired.
 *  - An op is a network operation issued by a PE (a put, a get, an
 *    atomic): it carries the issuer's clock at issue, touches memory when
 *    the simulator applies it, and is complete for whoever is a witness of
 *    it.  The issuer becomes a witness when it waits for completion (quiet,
 *    a blocking get's reply); a PE that observes the value an op wrote
 *    (wait_until, a fetching atomic) becomes a witness of that op, of the
 *    ops issued with it by sim_hb_op_partner, and of every op its issuer
 *    sent earlier on the same channel to the same target in an earlier
 *    fence epoch (a fence orders delivery only per target).
 *  - Synchronising messages (barrier and collective protocol traffic)
 *    carry their sender's clock; the receiver acquires what it has been
 *    sent when the protocol observes it (sim_hb_sync_acquire).
 *
 * Clocks belong to actors: each PE's main program, each program thread of
 * a PE, which races with the PE's other threads unless the thread
 * run-time libraries' edges (sim_hb_obj_*) order them, and each PE's
 * handlers (its helper context, and what a layer runs on a borrowed PE
 * between sim_hb_handlers_begin and _end), ordered with the PE's program
 * only by the edges the layer gives.
 * Vector clocks are dense (one counter per actor), so the detector is on
 * only up to SIM_HB_MAX_PES PEs unless its check was asked for by name,
 * and then up to SIM_HB_MAX_PES_ASKED; above, every call is a cheap no-op.
 * Locations are (PE, address) with the address in home form; memory that
 * is neither symmetric heap nor program data is keyed by raw address.
 * All functions are for any context unless marked; none yields. */
#ifndef SIM_HB_H
#define SIM_HB_H

#include "finding.h"

#include <stddef.h>
#include <stdint.h>

#define SIM_HB_MAX_PES 1024

/* The detector sees the program's synchronisation through the compiler's
 * instrumentation of atomic builtins and the thread libraries' calls; a
 * lock or flag made of inline assembly is invisible to it.  Said in the
 * advice of races between the threads or handlers of one PE. */
#define SIM_HB_ASM_NOTE                                                              \
    "(A lock or flag made of inline assembly, such as a lock cmpxchg spinlock, is "   \
    "not seen: shmemsim sees C11 and __atomic operations, pthread and OpenMP "       \
    "locks and semaphores; build such a lock with them.)"
#define SIM_HB_MAX_PES_ASKED 16384

/* An access record: 0 means none. */
typedef uint32_t sim_hb_rec_t;

typedef enum {
    SIM_HB_READ = 0,
    SIM_HB_WRITE = 1
} sim_hb_dir_t;

/* The word size an atomicity class updates (its low five bits). */
#define SIM_HB_CLASS_SIZE(cls) ((cls) & 31)

/* What a layer says about an op when it issues it. */
typedef struct sim_hb_opdesc {
    const char *call;    /* the routine's name, as the program called it */
    const void *site;    /* return address into the program */
    uintptr_t chan;      /* channel identity (compared for equality only) */
    int target;          /* PE whose memory it touches (for fence epochs) */
    uint64_t epoch;      /* the channel's fence epoch at issue */
    int atomic;          /* 0, or an atomicity class: equal non-zero classes never race
                          * (SIM_HB_CLASS_SIZE: the word size it updates, 0 none) */
    int nbi;             /* a non-blocking call: its local buffer is the library's until complete */
    int unheld;          /* not completed by a quiet of chan, only by its witnesses
                          * (a collective protocol's data) */
} sim_hb_opdesc_t;

/* One side of a race, as passed to the layer's report function. */
typedef struct sim_hb_side {
    int pe;              /* who made the access */
    int tid;             /* its thread in that PE (0: the main program, -1: its handlers,
                          * -2: its helper context) */
    int is_op;           /* a network op (else a load/store of the program) */
    int write;           /* it wrote */
    int atomic;          /* its atomicity class, 0 for plain accesses */
    int nbi;             /* an op of a non-blocking call */
    int unheld;          /* an op completed by its witnesses only (opdesc's unheld) */
    int direct;          /* a plain store into another PE's memory (sim_hb_fence) */
    const char *call;    /* routine of an op, NULL for loads/stores */
    const void *site;    /* return address into the program */
    uint64_t time;       /* virtual time of the access */
    uintptr_t chan;      /* an op's channel (opdesc's), 0 for loads/stores */
} sim_hb_side_t;

/* The race report: first ordered before second in this run, but not by
 * any synchronisation.  mem_pe/addr (home form)/len is the overlapping
 * range; hint is what the second side had last synchronised on (the
 * observed op's call and site, and the observing call and site), or NULL
 * fields when it had observed nothing that concerns the first side. */
typedef struct sim_hb_hint {
    const char *seen_call;   /* op whose value was observed, issued by first's PE */
    const void *seen_site;   /* where that op was issued */
    const char *by_call;     /* the routine that observed it */
    const void *by_site;     /* where */
    int same_epoch;          /* first and the observed op share a fence epoch */
    int other_target;        /* first and the observed op went to different PEs */
    int after_seen;          /* first was issued after the observed op */
    int other_pe;            /* when seen_call is another PE's op (not first's issuer):
                              * that PE; else -1 */
    int issue_known;         /* second's actor had learnt of first's issuer past its
                              * issue (a synchronisation), not of its completion */
    const char *blind_call;  /* the plain access's PE last waited with this */
    const void *blind_site;  /* routine, here, and found no op's write there */
} sim_hb_hint_t;

typedef void (*sim_hb_report_fn)(const sim_hb_side_t *first, const sim_hb_side_t *second,
                                 int mem_pe, const void *addr, size_t len,
                                 const sim_hb_hint_t *hint);

/* For a layer's report function: where site is in the program
 * ("main at race.c:20"), and the finding of rule raised at the access at (or,
 * NULL, at the program's own access if there is one, else at the op whose
 * site sorts first, so one race is one finding whatever the order), its
 * text naming both sides, the object and advice, the layer's words on the
 * synchronisation that would have ordered them. */
const char *sim_hb_where(const void *site, char *buf, size_t len);
void sim_hb_raise(const sim_check_t *rule, const sim_hb_side_t *a, const sim_hb_side_t *b, int mem_pe,
                  const void *addr, size_t len, const sim_hb_side_t *at, const char *advice);

/* The detector's state that the instrumentation's fast paths read:
 * nothing outside the library uses it, so it is reached without the
 * global offset table. */
#define SIM_HB_DATA __attribute__((visibility("hidden")))

/* Turns the detector on for this run (npes PEs) with the layer's report
 * function; stays off above SIM_HB_MAX_PES, or above SIM_HB_MAX_PES_ASKED
 * when asked (its check named in --check).  Returns whether it is on. */
int sim_hb_start(int npes, sim_hb_report_fn report, int asked);
void sim_hb_stop(void);
/* The end of the run: reports what waited for it (plain loads of words
 * that atomics reached after them, never repeated: see sim/hb.c). */
void sim_hb_end(void);
/* Whether the detector is on. */
extern SIM_HB_DATA int sim_hb_on;

/* ---- the PE's own accesses (PE context) ---- */
/* A load or store of n bytes at addr (as the running PE sees it) by the
 * program, from site.  The caller filtered the address (sim_hb_watched). */
void sim_hb_local(const void *addr, size_t n, sim_hb_dir_t dir, int atomic, const void *site);
/* The filter of the running PE's repeated plain accesses: for an 8-byte
 * word, the bytes it already read and wrote since the stamp last moved.
 * The stamp moves whenever anything but the running PE's own plain
 * accesses may change what the detector knows (a clock ticks, an op or
 * another PE touches memory, a PE switch, an atomic, a free), so a hit is
 * an access FastTrack would find in its same-epoch case: nothing to check,
 * nothing to record. */
#define SIM_HB_NFILT 65536
typedef struct sim_hb_filt {
    uintptr_t word;      /* address / 8 */
    uint32_t stamp;
    uint8_t r, w;        /* bytes read (or written), bytes written */
} sim_hb_filt_t;
extern SIM_HB_DATA sim_hb_filt_t sim_hb_filt[SIM_HB_NFILT];
extern SIM_HB_DATA uint32_t sim_hb_stamp;
extern SIM_HB_DATA const void *sim_hb_filt_owner; /* the PE (compared for identity only) */

/* Whether the running PE (cur) already made this access in this stamp. */
static inline int sim_hb_filtered(const void *cur, const void *addr, size_t n, int write)
{
    uintptr_t a = (uintptr_t)addr;
    if (cur != sim_hb_filt_owner || n > 8 || (a >> 3) != ((a + n - 1) >> 3))
        return 0;
    const sim_hb_filt_t *f = &sim_hb_filt[(a >> 3) & (SIM_HB_NFILT - 1)];
    unsigned m = ((1u << n) - 1) << (a & 7);
    return f->word == (a >> 3) && f->stamp == sim_hb_stamp && ((write ? f->w : f->r) & m) == m;
}

/* The sweeps the running PE's plain accesses are making, by site: a
 * loop's load or store that continues, at the very next bytes of the same
 * shadow page, the run its site began in this stamp was checked when the
 * run began, so it only moves next on (sim_hb_sweep_step); the shadow page
 * learns the bytes when anything else looks at it.  [start, next) is what
 * the site has accessed in this stamp, so an access of another site
 * inside it is FastTrack's same-epoch case too (sim_hb_covered).  A site
 * that keeps within what another sweep made (a stencil's a[i-1] and a[i]
 * behind its a[i+1]) trails it: its steps only look at the leader. */
#define SIM_HB_NSWEEP 64
typedef struct sim_hb_sweep sim_hb_sweep_t;
struct sim_hb_sweep {
    const void *pc;
    const char *next;    /* the next step's live address */
    const char *end;     /* where its shadow page ends */
    const char *start;   /* where it began in this stamp */
    const void *owner;   /* the PE (compared for identity only) */
    uint32_t stamp;
    uint8_t write;
    uint8_t live;        /* SIM_HB_RUN: the page is still its run, next may
                          * move; SIM_HB_CELLS: a sweep over cells;
                          * SIM_HB_TRAIL: it trails lead */
    uint16_t hi;         /* the page's run ends here as the page knows it */
    void *pg;
    uint32_t ai;         /* its record */
    uint32_t was_w, was_r, now_w, now_r; /* SIM_HB_CELLS: what a step's
                          * cells must hold (the sweep keeps a reference),
                          * and what they hold after it */
    const sim_hb_sweep_t *lead; /* SIM_HB_TRAIL: the sweep it keeps behind, */
    const void *lead_pc;        /* while that entry is still the sweep */
    const char *lead_start;     /* that began at lead_start */
} __attribute__((aligned(64))); /* (128 bytes: an entry is found with a shift) */
enum { SIM_HB_RUN = 1, SIM_HB_CELLS = 2, SIM_HB_TRAIL = 3 };
extern SIM_HB_DATA sim_hb_sweep_t sim_hb_sweeps[SIM_HB_NSWEEP];
extern SIM_HB_DATA sim_hb_sweep_t *sim_hb_cover[2]; /* the two sweeps begun last */

static inline sim_hb_sweep_t *sim_hb_sweep_of(const void *pc)
{
    return &sim_hb_sweeps[((uintptr_t)pc >> 2) & (SIM_HB_NSWEEP - 1)];
}

/* Whether trailing e's next n bytes lie in what its leader made in this
 * stamp (the leader's next only grows while it is the same sweep). */
static inline int sim_hb_trails(const sim_hb_sweep_t *e, size_t n)
{
    const sim_hb_sweep_t *l = e->lead;
    return l->pc == e->lead_pc && l->start == e->lead_start && l->stamp == e->stamp &&
           l->owner == e->owner && (l->write || !e->write) && e->next + n <= l->next;
}

/* The running PE's (cur) plain access of n bytes at addr from pc is the
 * next step of its site's live sweep: taken. */
static inline int sim_hb_sweep_step(const void *cur, const void *addr, size_t n, int write,
                                    const void *pc)
{
    sim_hb_sweep_t *e = sim_hb_sweep_of(pc);
    if (e->next != (const char *)addr || e->pc != pc || e->stamp != sim_hb_stamp ||
        e->owner != cur || e->write != write)
        return 0;
    if (e->live == SIM_HB_RUN) {
        if ((size_t)(e->end - e->next) < n)
            return 0;
    } else if (e->live != SIM_HB_TRAIL || !sim_hb_trails(e, n)) {
        return 0;
    }
    e->next += n;
    return 1;
}

/* Whether [addr, addr+n) lies in what e made in this stamp for the
 * running PE (cur): a read in a read or write run, a write in a write run. */
static inline int sim_hb_within(const sim_hb_sweep_t *e, const void *cur, const void *addr,
                                size_t n, int write)
{
    size_t o = (size_t)((const char *)addr - e->start), len = (size_t)(e->next - e->start);
    return e->stamp == sim_hb_stamp && e->owner == cur && (e->write || !write) && o < len &&
           n <= len - o; /* (o + n would wrap to 0 for an access that ends at start) */
}

/* pc's access of n bytes at addr lies in what leader made: pc's entry
 * trails it from here (unless the entry is another live sweep). */
void sim_hb_trail(const void *pc, const void *addr, size_t n, int write,
                  const sim_hb_sweep_t *leader);

/* Whether the running PE's access from pc lies in what pc's own entry
 * (a sweep, or a repeated access: sim_hb_repeated) or one of the last
 * sweeps already made in this stamp; the access then trails the latter. */
static inline int sim_hb_covered(const void *cur, const void *addr, size_t n, int write,
                                 const void *pc)
{
    const sim_hb_sweep_t *e = sim_hb_sweep_of(pc);
    if (e->pc == pc && sim_hb_within(e, cur, addr, n, write))
        return 1;
    for (int i = 0; i < 2; i++)
        if (sim_hb_cover[i] && sim_hb_within(sim_hb_cover[i], cur, addr, n, write)) {
            sim_hb_trail(pc, addr, n, write, sim_hb_cover[i]);
            return 1;
        }
    return 0;
}

/* The running PE's access from pc is known to the detector in this stamp
 * (the filter knew it, or it was just checked): pc's entry remembers it,
 * extending what the entry made when the access continues it, so that
 * the next repeat (a loop's load of the same variable, a loop over an
 * array it went over before) is sim_hb_covered.  A live sweep's entry is
 * only extended. */
void sim_hb_repeated(const void *pc, const void *addr, size_t n, int write);

/* The slow step of a sweep: one that the page has to confirm is still its
 * run (something else looked at the page since).  Returns whether taken. */
int sim_hb_swept(const void *addr, size_t n, int write, const void *pc);

/* Whether the running PE's access to addr may concern the detector: its
 * symmetric memory, or a buffer a non-blocking op of its still uses. */
int sim_hb_watched(const void *addr);

/* What sim_hb_watched answers for the running context, cached: the
 * symmetric heaps and its program data are watched; anything else only
 * when it has buffers of non-blocking calls, program threads or foreign
 * pointers (plain is 0).  Remade when the context or sim_hb_watch_gen
 * (bumped whenever those change) differs. */
typedef struct sim_hb_wcache {
    const void *owner;           /* the context it was made for */
    uint32_t gen;                /* sim_hb_watch_gen then */
    uintptr_t heap_lo, heap_len; /* every PE's symmetric heap */
    uintptr_t rw_lo, rw_len;     /* the context's program data */
    uintptr_t own_lo, own_len;   /* its copy of the program */
    uintptr_t copies_lo, copies_len; /* all PEs' copies (one per PE: the copy mode) */
    int plain;                   /* nothing else is watched */
} sim_hb_wcache_t;
extern SIM_HB_DATA sim_hb_wcache_t sim_hb_wcache;
extern SIM_HB_DATA uint32_t sim_hb_watch_gen;
void sim_hb_wcache_fill(void);
/* 1: addr is watched; 0: it is not; -1: ask sim_hb_watched. */
static inline int sim_hb_watched_fast(const void *cur, const void *addr)
{
    if (sim_hb_wcache.owner != cur || sim_hb_wcache.gen != sim_hb_watch_gen)
        sim_hb_wcache_fill();
    uintptr_t a = (uintptr_t)addr;
    if (a - sim_hb_wcache.heap_lo < sim_hb_wcache.heap_len ||
        a - sim_hb_wcache.rw_lo < sim_hb_wcache.rw_len)
        return 1;
    if (a - sim_hb_wcache.copies_lo < sim_hb_wcache.copies_len &&
        a - sim_hb_wcache.own_lo >= sim_hb_wcache.own_len)
        return -1; /* another PE's copy of the program (or between two) */
    return sim_hb_wcache.plain ? 0 : -1;
}

/* The running PE was given a pointer into another PE's memory (an API's
 * direct pointer): its loads and stores there are watched too, at the
 * cost of a look-up for every access outside its own symmetric memory.
 * A PE never given one that reaches into another PE's symmetric heap
 * with plain loads or stores used an address another PE sent it, which on
 * a cluster names its own memory or nothing: foreign-memory. */
void sim_hb_foreign_stores(void);

/* ---- ops ---- */
/* PE context.  Issues an op of the running PE; returns its record. */
sim_hb_rec_t sim_hb_op_issue(const sim_hb_opdesc_t *d);
/* The op touches n bytes at home address addr of mem_pe (a put's or an
 * atomic's target, a get's source at the target, an nbi put's source, a
 * get's destination).  stride/count: count blocks of n bytes, stride bytes
 * apart (count 1, or stride n, for contiguous). */
void sim_hb_op_access(sim_hb_rec_t op, int mem_pe, const void *addr, size_t n, size_t count,
                      ptrdiff_t stride, sim_hb_dir_t dir);
/* The data op writes: n bytes to home address addr.  Two ops writing the
 * same data to the same bytes do not race (either order leaves the same
 * memory); a benchmark that repeats one put is not told it races. */
void sim_hb_op_data(sim_hb_rec_t op, const void *addr, const void *data, size_t n);
/* A write of op that leaves the bytes as they were (a silent store: the
 * same data again, an atomic that changed nothing): no other access can
 * tell whether it happened, so it is neither checked nor recorded. */
int sim_hb_silent(int mem_pe, const void *addr, const void *data, size_t n);
/* Op's write of n bytes at home address addr of mem_pe was silent
 * (sim_hb_silent).  Nothing can tell it from the write before it, so it
 * is not checked; but it happened, so a later write of other data that is
 * not ordered after it races with it: it is kept as a read of the bytes.
 * And when their last write put the same data at the same place, whoever
 * knows op complete knows the value that write left there, so that write
 * counts as complete for them too (two PEs putting the same data,
 * whichever lands first). */
void sim_hb_op_silent(sim_hb_rec_t op, int mem_pe, const void *addr, size_t n);
/* Op writes n bytes of data (NULL: not known) at home address addr of
 * mem_pe: sim_hb_op_silent when the bytes hold them already, else the
 * write as an access. */
void sim_hb_op_write(sim_hb_rec_t op, int mem_pe, const void *addr, const void *data, size_t n);
/* Links an op whose observation also shows partner complete (a signal and
 * the data of its put-with-signal). */
void sim_hb_op_partner(sim_hb_rec_t op, sim_hb_rec_t partner);
/* PE context.  The running PE waited for op's completion (its reply). */
void sim_hb_op_complete(sim_hb_rec_t op);
/* PE context.  The running PE completed every op it issued on chan (quiet). */
void sim_hb_quiet(uintptr_t chan);
/* PE context.  The running actor fenced: its plain stores into other
 * PEs' memory (through pointers an API gave it) are ordered before what
 * it does next, as a quiet completes them; until either, or a
 * synchronisation it releases, another PE that learns of what it did
 * after them (a flag it set) is not ordered after them. */
void sim_hb_fence(void);
/* PE context.  The running PE's buffers of non-blocking ops on chan are
 * its own again (their local completion), though no op is known complete. */
void sim_hb_local_complete(uintptr_t chan);
/* PE context.  The running PE observed the value now at [addr, addr+n) of
 * mem_pe (home form) by a synchronising read: it acquires from the write
 * that put it there.  call/site name the observing call. */
void sim_hb_observe(int mem_pe, const void *addr, size_t n, const char *call, const void *site);
/* The write record now at [addr, addr+1) of mem_pe, for a fetch whose
 * value is observed later (sim_hb_observe_rec). */
sim_hb_rec_t sim_hb_last_write(int mem_pe, const void *addr);
/* PE context.  As sim_hb_observe, for a write record captured earlier. */
void sim_hb_observe_rec(sim_hb_rec_t w, const char *call, const void *site);

/* ---- synchronising messages ---- */
/* PE context.  The running PE's clock, for a message it sends now (the
 * clock ticks, so its later accesses are not covered). */
sim_hb_rec_t sim_hb_release(void);
/* A message carrying rel was delivered to pe: kept until pe acquires. */
void sim_hb_sync_deliver(int pe, sim_hb_rec_t rel);
/* A collective op's data (op) landed at pe: pe becomes its witness when
 * it next acquires. */
void sim_hb_sync_deliver_op(int pe, sim_hb_rec_t op);
/* PE context.  The running PE acquires everything delivered to it. */
void sim_hb_sync_acquire(void);
/* PE context.  on: the running actor's synchronisation from now until
 * off is the layer's own, beyond what the specification promises (an
 * implementation's extra sync at the end of a call): its messages release
 * nothing and its waits acquire nothing, so the program is not taken as
 * ordered by it. */
void sim_hb_unobserved(int on);
/* PE context.  A world barrier, the running PE's nth: every PE's accesses
 * before it are ordered before every PE's after it.  The barrier's own
 * messages then carry nothing: one merge per PE to arrive and one to
 * leave, not a release and an acquire per round. */
void sim_hb_all_arrive(uint64_t n);
void sim_hb_all_leave(uint64_t n);
/* PE context.  The running PE acquires from rel directly (a lock). */
void sim_hb_acquire(sim_hb_rec_t rel);
/* ---- threads of a PE (PE context) ----
 * Each program thread has a clock of its own (an actor beside the PEs'),
 * so two threads of one PE race like two PEs unless the threads' own
 * synchronisation orders them.  The thread run-time libraries say what
 * orders what, in terms of objects: */
struct sim_pe;
/* The running context has just started thread child: child knows what
 * its creator knows. */
void sim_hb_thread_start(const struct sim_pe *child);
/* The running thread releases what it knows into obj's clock (a mutex it
 * unlocks, a barrier it arrives at, its own end...); whoever acquires obj
 * later is ordered after everything it did so far.  Keyed by the running
 * PE and obj's address. */
void sim_hb_obj_release(const void *obj);
/* The running thread acquires obj's clock (nothing when none). */
void sim_hb_obj_acquire(const void *obj);
/* Both, with one look-up: acquire obj's clock, then release into it (an
 * atomic read-modify-write). */
void sim_hb_obj_update(const void *obj);
/* The same for a program's atomic on memory at addr (an acquiring load;
 * a store or read-modify-write, taken as acquiring and releasing), keyed
 * by the memory instead of the PE: one PE's release through a pointer
 * orders what the owner acquires there. */
void sim_hb_mem_acquire(const void *addr);
void sim_hb_mem_update(const void *addr);
/* obj's clock is no longer needed (obj is freed). */
void sim_hb_obj_forget(const void *obj);

/* ---- handlers of a PE ----
 * Code a layer runs on a PE's behalf outside its program order (a message
 * handler in a borrowed PE) is the PE's handlers' actor, as is the PE's
 * helper context: it starts knowing nothing, learns what the messages and
 * objects it acquires carry, and its program learns what the handlers did
 * only through what they release. */
/* PE context (a borrowed PE): the running code is its handlers' from now. */
void sim_hb_handlers_begin(void);
/* Any context: the handlers' run is over (harmless when none began). */
void sim_hb_handlers_end(void);

/* Takes another reference to r and returns it. */
sim_hb_rec_t sim_hb_hold(sim_hb_rec_t r);
/* The partner of op (sim_hb_op_partner), or 0. */
sim_hb_rec_t sim_hb_partner(sim_hb_rec_t op);
/* Drops a reference the caller holds (from sim_hb_op_issue,
 * sim_hb_release or sim_hb_last_write). */
void sim_hb_unref(sim_hb_rec_t r);

/* ---- non-blocking buffers (PE context) ---- */
/* [addr, addr+n) of the running PE is in use by an op until a quiet on chan. */
void sim_hb_nbi_buffer(uintptr_t chan, const void *addr, size_t n);

/* ---- memory ---- */
/* Forgets what is known of [addr, addr+n) of mem_pe (home form): freed. */
void sim_hb_forget(int mem_pe, const void *addr, size_t n);
/* The same for a block of the running PE's private memory it frees
 * (malloc may hand it out again: the allocator orders the free before). */
void sim_hb_forget_private(const void *addr, size_t n);
/* Whether any such memory has a shadow (else there is nothing to forget). */
int sim_hb_private_shadowed(void);

#endif
