/* sim/hb: happens-before race detection (see hb.h).
 *
 * The algorithm is the vector-clock one of FastTrack, with epochs for the
 * PEs' own accesses (an access is (pe, clock), ordered before whoever knows
 * that clock of that PE) and, for network ops, witnesses: an op is ordered
 * before an access when the accessor knows the clock at which some PE
 * learned the op was complete.  Completion is never assumed from the
 * simulated timing, only from the guarantees the layers describe, so a race
 * is found on the first run whatever order the seed gave.
 *
 * Records are reference counted (shadow cells, pending lists and messages
 * hold them) and recycled, so memory follows what is live, not how long
 * the run is.  Everything is kept in arrays indexed by PE or record
 * number; the only hash tables are looked up, never walked in an order
 * that matters. */
#include "hb.h"

#include "finding.h"
#include "heap.h"
#include "loader.h"
#include "mem.h"
#include "util.h"
#include "world.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

int sim_hb_on;
sim_hb_filt_t sim_hb_filt[SIM_HB_NFILT];
uint32_t sim_hb_stamp;
const void *sim_hb_filt_owner;

/* Something other than the running PE's plain accesses changed what the
 * detector knows: every filter entry is stale. */
static inline void restamp(void)
{
    sim_hb_stamp++;
}

#define NWIT 4            /* witnesses kept per op */
#define NPART 8           /* partners kept per op */
#define DONE_FOR_MAX 4096 /* ops of other threads a quiet completed, kept per PE */
#define DIRECT_MAX 4096   /* direct stores not yet complete, kept per actor */
#define PAGE 4096u        /* bytes of memory per shadow page */
#define WORD 4u           /* bytes per cell of a page of word cells */

/* A vector clock shared by the records issued while it was current. */
typedef struct snap {
    uint32_t refs;        /* records and actors holding it */
    uint32_t n;           /* clocks in v: the width when it was taken */
    uint32_t v[];         /* one clock per actor */
} snap_t;

typedef struct wit {
    int pe;               /* actor that learned the op was complete */
    uint32_t clock;       /* its clock from then on */
} wit_t;

/* An access: a load/store of a PE, an op, or a release (message clock). */
typedef struct rec {
    uint32_t refs;        /* holders; 0 = on the free list */
    uint8_t is_op;        /* a network op */
    uint8_t write;        /* the access wrote */
    uint8_t nbi;          /* op of a non-blocking call */
    uint8_t unheld;       /* op completed by its witnesses only (a collective's) */
    uint8_t silent;       /* op: it wrote what was there (kept as a read) in silent_pe's memory */
    uint8_t nwit;         /* witnesses[0..nwit) in use */
    uint8_t is_set;       /* a read set: its reads are partner[], nothing else is used */
    uint8_t saw_atomic;   /* plain load: it read a word an atomic it is not ordered with wrote */
    uint8_t direct;       /* plain store into another PE's memory (through a pointer an API
                           * gave): delivered like a put, so ordered for its own actor at once
                           * and for the others only once witnessed (see direct_done) */
    uint32_t fences;      /* op or direct store: its actor's fences before it (sim_hb_fence) */
    int atomic;           /* atomicity class, 0 plain */
    int act;              /* issuer: the actor whose clock it carries */
    int pe;               /* the issuer's PE */
    int tid;              /* the issuer's thread in its PE (0: the main program) */
    uint32_t clock;       /* issuer's clock at the access or issue */
    snap_t *vc;           /* issuer's clock vector at issue (ops, releases), else NULL */
    uintptr_t chan;       /* op: channel identity */
    int target;           /* op: target PE */
    int silent_pe;        /* op, silent: where (its target for a put, its issuer for a get) */
    uintptr_t silent_lo, silent_hi; /* op, silent: the bytes of silent_pe (home form) it
                                     * wrote so, from the first to the last */
    uint64_t epoch;       /* op: fence epoch */
    const char *call;     /* op: routine */
    const void *site;     /* return address into the program */
    uint64_t time;        /* virtual time of issue or access */
    wit_t wit[NWIT];      /* who knows it is complete */
    sim_hb_rec_t partner[NPART]; /* ops also complete when this one is observed */
    sim_hb_rec_t prev;    /* atomic op: the one of its class whose write it followed */
    sim_hb_rec_t plain;   /* atomic op: the plain write the atomics of its class
                           * have followed since, 0 none (see chain) */
    struct fgroup *fg;    /* op: the issuer's ops its fence epoch orders before it */
    uint64_t fp;          /* op: fingerprint of the data it writes, 0 unknown */
    const void *fp_addr;  /* op: where that data goes (home form) */
    size_t fp_len;        /* op: its bytes */
    sim_hb_rec_t next;    /* free list */
} rec_t;

/* The ops a PE had pending to one target on one channel, in fence epochs
 * before some epoch, when it issued its first op of that epoch: whoever
 * learns an op of that epoch was applied knows these were too, whatever
 * the issuer has learned since (a quiet removes them from pending).  A
 * group holds the ops of the epochs since the group before it (prev, of
 * the same issuer, target and channel) and shares that one, so a run of
 * fences with nothing ever quieted costs a group per epoch, not a copy of
 * every op still pending. */
typedef struct fgroup {
    uint32_t refs;
    uint32_t n;
    struct fgroup *prev;  /* the group of an earlier epoch: its ops are ordered too */
    uint64_t epoch;       /* the epoch whose first op made it */
    int walked_pe;        /* the last PE that learned its ops complete (-1: none) */
    uint32_t walked_clock; /* at this clock (a later lesson teaches it nothing) */
    sim_hb_rec_t ops[];
} fgroup_t;

typedef struct fgkey {
    uintptr_t chan;
    int act;              /* the issuing actor: a fence orders its caller's ops only */
    int target;
    uint64_t epoch;
    fgroup_t *fg;         /* NULL: nothing was pending */
} fgkey_t;

typedef struct cell {
    sim_hb_rec_t w, r;    /* last write; last read, or a read set of reads no
                           * later read is ordered after (concurrent readers) */
} cell_t;

typedef struct pkey {
    int32_t pe;           /* owner of the memory */
    int32_t region;       /* 0 symmetric heap, 1 program data, 2 other (raw address) */
    uint64_t page;        /* offset / PAGE */
} pkey_t;

/* A page's shadow: while every byte holds the same accesses (a fresh
 * page, or one a single op wrote whole) one cell stands for all of them,
 * so a large transfer costs a step per page, not per byte.  A loop that
 * sweeps such a page keeps it in two runs, [lo, hi) holding what one
 * access (sweep, a write when sweep_w) made of u and the rest still u:
 * each further step of that access next to the run was checked already
 * (the same access against the same cell) and only moves an end. */
typedef struct spage {
    pkey_t key;
    cell_t *c;            /* a cell per byte (per word when words), or NULL
                           * while every byte holds u (v in [lo, hi)) */
    uint8_t words;        /* c has a cell per aligned WORD bytes: every
                           * access since it was made began and ended on one */
    cell_t u;             /* what every byte outside [lo, hi) holds when c is NULL */
    cell_t v;             /* what [lo, hi) holds when c is NULL */
    uint16_t lo, hi;      /* lo == hi: no run */
    uint8_t sweep_w;
    sim_hb_rec_t sweep;
    sim_hb_sweep_t *sweeper; /* a live sweep whose steps it has yet to learn */
    UT_hash_handle hh;
} spage_t;

typedef struct recvec {
    sim_hb_rec_t *v;
    size_t n, cap;
} recvec_t;

/* The pending ops of one (channel, target), in issue order (so in fence
 * epoch order): an index into pending, holding no references, so that
 * finding the ops an epoch orders costs what goes to that target, not
 * everything in flight (an all-to-all has an op pending to every PE). */
typedef struct pslot {
    uintptr_t chan;
    int target;
    int used;
    recvec_t ops;
} pslot_t;

typedef struct nbuf {
    uintptr_t chan;       /* completed by a quiet on it */
    const char *lo, *hi;  /* the buffer, as the PE sees it */
} nbuf_t;

/* An actor: a clock's owner, a PE's main program (actor p for PE p) or a
 * thread of the program in a PE (actor npes + its thread slot). */
typedef struct hact {
    uint32_t *vc;         /* what it knows of every actor (H.width); vc[self] is its clock */
    snap_t *snap;         /* vc as of the last change of another component, or NULL */
    sim_hb_rec_t seen;    /* last op observed (for the report's hint) */
    const char *seen_by;  /* the observing routine */
    const void *seen_site;
    const char *blind_by; /* its last synchronising read found no op's write */
    const void *blind_site;
    uint64_t blind_time;
    sim_hb_rec_t cache[64]; /* own load/store records, by site hash */
    int unobserved;       /* in a layer's own synchronisation (sim_hb_unobserved) */
    recvec_t direct;      /* its direct stores not yet witnessed (see direct_done) */
    uint32_t fences;      /* fences it made (sim_hb_fence) */
} hact_t;

/* Per-PE state, shared by its actors. */
typedef struct hpe {
    int threaded;         /* a program thread (or its handlers' actor) has started */
    int prog_threads;     /* a program thread has started */
    int hact;             /* the actor of its handlers (sim_hb_handlers_begin), 0: none yet */
    int cact;             /* the actor of its helper context (a completion thread), 0: none yet */
    recvec_t inrel;       /* clocks of messages delivered, not yet acquired (the first few) */
    uint32_t *inbox;      /* joined clocks of the others, or NULL */
    int inbox_full;       /* inbox holds something */
    recvec_t inops;       /* collective data delivered, to witness at acquire */
    recvec_t pending;     /* ops issued and not yet completed for the issuer */
    recvec_t done_for;    /* ops a quiet of another thread completed: their issuer
                           * learns it at its own quiet on their channel */
    size_t prune_at;      /* pending.n at which known-complete ones are dropped */
    pslot_t *ptab;        /* pending by (channel, target): open addressing */
    size_t ptab_cap, ptab_used;
    nbuf_t *nb;           /* buffers of non-blocking ops in use */
    size_t nnb, capnb;
    fgkey_t fgc[8];       /* fence groups of the last (channel, target, epoch) keys */
    unsigned fgc_next;    /* the slot to reuse next */
} hpe_t;

typedef struct pairkey {
    const void *a, *b;
} pairkey_t;

/* A pair of sites already reported: its finding (-1: none was raised),
 * counted again at each later access that races the same way. */
typedef struct reported {
    pairkey_t key;
    long finding;
    sim_hb_rec_t last;    /* the access it was last counted for */
    UT_hash_handle hh;
} reported_t;

typedef struct reported_line {
    UT_hash_handle hh;
    long finding;
    char key[];           /* "file:line|file:line" of the two sites, in order */
} reported_line_t;

/* The clock an object of a PE's threads carries between them (a mutex,
 * a barrier, a thread's end, an atomic's address): looked up, never
 * walked in an order that matters. */
typedef struct okey {
    int pe;
    const void *obj;
} okey_t;

typedef struct oclock {
    okey_t key;
    uint32_t n;           /* clocks in v */
    uint32_t *v;
    UT_hash_handle hh;
} oclock_t;

/* A plain load that an atomic of another PE reached after it with
 * nothing ordering the two (see late_add). */
typedef struct late {
    sim_hb_rec_t ld, amo;
    pkey_t k;
    size_t off, len;
    const void *addr;
} late_t;

/* A load site of an actor seen polling a word atomics update (its key:
 * the actor and the site). */
typedef struct poller {
    okey_t key;
    UT_hash_handle hh;
} poller_t;

static struct {
    int npes;
    hpe_t *pe;
    hact_t *act;          /* actors: PEs, then threads and handlers in order of first use */
    int nact;             /* actors allocated */
    int next_act;         /* the actor to give next */
    int *slot_act;        /* a thread stack slot's actor (0: none yet), sim_w->ntslots of them */
    const sim_pe_t *handler_ctx; /* a borrowed PE running its handlers, or NULL */
    int width;            /* clocks per vector: actors that may have run */
    oclock_t *objs;
    rec_t *rec;
    uint32_t nrec, caprec;
    sim_hb_rec_t free_rec;
    spage_t *pages;
    spage_t *recent[4096]; /* pages looked up lately, by a hash of their key */
    reported_t *reported;
    reported_line_t *reported_lines;
    late_t *late;         /* loads atomics reached after them, not yet known polls */
    size_t nlate, caplate;
    poller_t *pollers;
    sim_hb_report_fn report;
    int foreign;          /* pointers into other PEs' memory were handed out */
    int raw_pages;        /* memory that is neither heap nor program data was shadowed */
    int record_only;      /* access_range records without checking (sim_hb_op_silent) */
    spage_t *swept;       /* the page whose run sweep() last moved up, or NULL */
    /* The open world barriers, by number (sim_hb_all_arrive): at most two,
     * as a PE may arrive at the next before the last has left this one. */
    struct allsync {
        uint64_t n;
        uint32_t *v, w;   /* what the PEs knew when they arrived (w clocks) */
    } all[2];
} H;

sim_hb_sweep_t sim_hb_sweeps[SIM_HB_NSWEEP];
sim_hb_sweep_t *sim_hb_cover[2];

/* ---- records ---- */

static snap_t *snap_of(int p)
{
    hact_t *h = &H.act[p];
    if (!h->snap) {
        h->snap = sim_xmalloc(sizeof *h->snap + (size_t)H.width * sizeof(uint32_t));
        h->snap->refs = 1;
        h->snap->n = (uint32_t)H.width;
        memcpy(h->snap->v, h->vc, (size_t)H.width * sizeof(uint32_t));
    }
    h->snap->refs++;
    return h->snap;
}

static void snap_put(snap_t *s)
{
    if (s && --s->refs == 0)
        free(s);
}

static sim_hb_rec_t rec_new(void)
{
    sim_hb_rec_t i = H.free_rec;
    if (i) {
        H.free_rec = H.rec[i].next;
    } else {
        if (H.nrec >= H.caprec) {
            H.caprec = H.caprec ? H.caprec * 2 : 1024;
            H.rec = sim_xrealloc(H.rec, H.caprec * sizeof *H.rec);
        }
        i = H.nrec++;
    }
    memset(&H.rec[i], 0, sizeof H.rec[i]);
    H.rec[i].refs = 1;
    return i;
}

static inline void ref(sim_hb_rec_t i)
{
    if (i)
        H.rec[i].refs++;
}

static void unref(sim_hb_rec_t i);

static void fg_put(fgroup_t *g)
{
    /* (a chain may be long: followed in a loop) */
    while (g && --g->refs == 0) {
        fgroup_t *prev = g->prev;
        for (uint32_t k = 0; k < g->n; k++)
            unref(g->ops[k]);
        free(g);
        g = prev;
    }
}

static void unref(sim_hb_rec_t i)
{
    /* A chain of atomics may be long: followed in a loop, not recursion. */
    while (i && --H.rec[i].refs == 0) {
        rec_t *r = &H.rec[i];
        sim_hb_rec_t partner[NPART], prev = r->prev, plain = r->plain;
        fgroup_t *fg = r->fg;
        memcpy(partner, r->partner, sizeof partner);
        snap_put(r->vc);
        r->vc = NULL;
        r->prev = r->plain = 0;
        r->fg = NULL;
        fg_put(fg);
        r->next = H.free_rec;
        H.free_rec = i;
        for (int k = 0; k < NPART; k++)
            unref(partner[k]);
        unref(plain); /* (a plain write has none of its own: no deeper) */
        i = prev;
    }
}

static void vec_push(recvec_t *v, sim_hb_rec_t i)
{
    if (v->n == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 16;
        v->v = sim_xrealloc(v->v, v->cap * sizeof *v->v);
    }
    ref(i);
    v->v[v->n++] = i;
}

static void add_partner(sim_hb_rec_t op, sim_hb_rec_t p);

/* ---- pending ops by (channel, target) ---- */

static size_t pslot_hash(uintptr_t chan, int target, size_t cap)
{
    uint64_t k = (uint64_t)chan * 0x9E3779B97F4A7C15ull ^ (uint64_t)(uint32_t)target * 0xC2B2AE3D27D4EB4Full;
    return (size_t)(k ^ (k >> 29)) & (cap - 1);
}

/* The list of h's pending ops to target on chan; made when create. */
static recvec_t *pend_list(hpe_t *h, uintptr_t chan, int target, int create)
{
    if (h->ptab_cap) {
        for (size_t i = pslot_hash(chan, target, h->ptab_cap);; i = (i + 1) & (h->ptab_cap - 1)) {
            pslot_t *s = &h->ptab[i];
            if (!s->used)
                break;
            if (s->chan == chan && s->target == target)
                return &s->ops;
        }
    }
    if (!create)
        return NULL;
    if (2 * (h->ptab_used + 1) > h->ptab_cap) { /* grow: lookups only, order is irrelevant */
        size_t cap = h->ptab_cap ? 2 * h->ptab_cap : 16;
        pslot_t *t = sim_xcalloc(cap, sizeof *t);
        for (size_t k = 0; k < h->ptab_cap; k++) {
            pslot_t *o = &h->ptab[k];
            if (!o->used)
                continue;
            size_t i = pslot_hash(o->chan, o->target, cap);
            while (t[i].used)
                i = (i + 1) & (cap - 1);
            t[i] = *o;
        }
        free(h->ptab);
        h->ptab = t;
        h->ptab_cap = cap;
    }
    size_t i = pslot_hash(chan, target, h->ptab_cap);
    while (h->ptab[i].used)
        i = (i + 1) & (h->ptab_cap - 1);
    h->ptab[i] = (pslot_t){chan, target, 1, {NULL, 0, 0}};
    h->ptab_used++;
    return &h->ptab[i].ops;
}

static void pend_index(hpe_t *h, uintptr_t chan, int target, sim_hb_rec_t i)
{
    recvec_t *v = pend_list(h, chan, target, 1);
    if (v->n == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 4;
        v->v = sim_xrealloc(v->v, v->cap * sizeof *v->v);
    }
    v->v[v->n++] = i;
}

/* ---- clocks ---- */

/* What an accessor knows: actor act (or -1) of PE pe (or -1), a vector
 * of n clocks, and its own clock (which the vector may lag). */
typedef struct view {
    int act;
    int pe;
    const uint32_t *vc;
    uint32_t n;
    uint32_t own;
} view_t;

static inline uint32_t view_get(const view_t *v, int i)
{
    return i == v->act ? v->own : (uint32_t)i < v->n ? v->vc[i] : 0;
}

static view_t view_act(int a, int pe)
{
    return (view_t){a, pe, H.act[a].vc, (uint32_t)H.width, H.act[a].vc[a]};
}

static view_t view_rec(const rec_t *r)
{
    return (view_t){r->act, r->pe, r->vc->v, r->vc->n, r->clock};
}

/* Starts a new epoch of actor p: its later accesses are not covered by
 * what it released or witnessed until now. */
static void late_check(int act);

static uint32_t tick(int p)
{
    if (H.nlate)
        late_check(p);
    restamp();
    return ++H.act[p].vc[p];
}

/* dst[i] = max(dst[i], src[i]) over n clocks; nonzero when any grew.  A
 * loop the compiler puts in vector registers, in the widest the machine
 * has (the answer is the same in every clone): a barrier at 1,024 PEs
 * merges a few thousand clocks per PE. */
__attribute__((target_clones("avx2", "sse4.1", "default"), optimize("tree-vectorize", "vect-cost-model=dynamic")))
static uint32_t merge(uint32_t *restrict dst, const uint32_t *restrict src, int n)
{
    uint32_t grew = 0;
#pragma GCC ivdep
    for (int i = 0; i < n; i++) {
        uint32_t m = src[i] > dst[i] ? src[i] : dst[i];
        grew |= m ^ dst[i];
        dst[i] = m;
    }
    return grew != 0;
}

/* As merge, with from's own component (which its vector may lag). */
static uint32_t merge_view(uint32_t *dst, const view_t *from)
{
    uint32_t grew = merge(dst, from->vc, (int)from->n);
    if (from->act >= 0 && from->own > dst[from->act]) {
        dst[from->act] = from->own;
        grew = 1;
    }
    return grew;
}

static void join(int p, const view_t *from)
{
    hact_t *h = &H.act[p];
    uint32_t own = h->vc[p]; /* nobody knows more of p than p */
    uint32_t grew = merge_view(h->vc, from);
    h->vc[p] = own;
    if (grew && h->snap) {
        snap_put(h->snap);
        h->snap = NULL;
    }
}

static void witness(sim_hb_rec_t i, int p, uint32_t clock)
{
    rec_t *r = &H.rec[i];
    for (int k = 0; k < r->nwit; k++)
        if (r->wit[k].pe == p) {
            if (clock < r->wit[k].clock)
                r->wit[k].clock = clock;
            return;
        }
    if (r->nwit < NWIT)
        r->wit[r->nwit++] = (wit_t){p, clock};
    else if (p == r->act)
        r->wit[NWIT - 1] = (wit_t){p, clock}; /* the issuer's knowledge spreads widest */
}

/* Actor a's direct stores are complete (a quiet or a fence, or any
 * synchronisation it releases): whoever learns a's clock from now on is
 * ordered after them.  A fence orders them only before what a sends
 * later to the same PE; taking it as completing them may miss a race
 * between a store to one PE and a flag to another, never make one up.
 * Until then they are ordered only for a itself, as a put is, so a flag
 * set after them with nothing between says nothing of them. */
static void direct_done(int a)
{
    recvec_t *d = &H.act[a].direct;
    if (!d->n)
        return;
    uint32_t c = tick(a);
    for (size_t i = 0; i < d->n; i++) {
        witness(d->v[i], a, c);
        unref(d->v[i]);
    }
    d->n = 0;
}

/* Whether x is ordered before an access seen from v (a is that access's
 * record when it is an op, else 0).  fence: a fence between the two
 * orders them, which holds for puts, atomics and stores, not for a get's
 * read (a fence orders delivery of writes; a get after it may still be
 * served first). */
static int ordered(const rec_t *x, const view_t *v, const rec_t *a, int fence)
{
    /* An op and a direct store of one thread with a fence between are
     * ordered, either way round (any context's fence: the store is on
     * none), though the op may land after the store. */
    if (fence && a && a->act == x->act && (x->direct ? a->is_op : x->is_op && a->direct) &&
        a->fences != x->fences)
        return 1;
    if (!x->is_op && (!x->direct || v->act == x->act))
        return view_get(v, x->act) >= x->clock;
    for (int k = 0; k < x->nwit; k++)
        if (view_get(v, x->wit[k].pe) >= x->wit[k].clock)
            return 1;
    /* A fence orders delivery to one target on one channel, either way
     * round: a put is checked when issued too, so the later op of the two
     * may be seen first.  It orders the calling thread's ops only. */
    return fence && a && x->is_op && a->is_op && a->act == x->act && a->chan == x->chan &&
           a->target == x->target && a->epoch != x->epoch;
}

/* ---- shadow memory ---- */

static int locate(int mem_pe, const void *addr, pkey_t *k, size_t *off)
{
    size_t o;
    int p = sim_heap_find(sim_w->heap, addr, &o);
    k->region = 0;
    if (p < 0) {
        p = sim_loader_find(sim_w->loader, addr, &o);
        k->region = 1;
    }
    if (p < 0) {
        p = mem_pe;
        o = (size_t)(uintptr_t)addr;
        k->region = 2;
    }
    k->pe = p;
    k->page = o / PAGE;
    *off = o % PAGE;
    return p;
}

static void moved(spage_t *pg, size_t lo, size_t hi, size_t run);

/* The page learns the steps its live sweep took since it last looked, and
 * the sweep stops being live (whoever looks may change the page). */
static void settle(spage_t *pg)
{
    sim_hb_sweep_t *e = pg->sweeper;
    size_t hi = PAGE - (size_t)(e->end - e->next);
    if (hi > e->hi) {
        moved(pg, pg->lo, hi, hi - e->hi);
        e->hi = (uint16_t)hi;
    }
    e->live = 0;
    pg->sweeper = NULL;
}

/* Every look at a shadow page comes here, so it is never behind. */
static spage_t *page_get(const pkey_t *k, int make)
{
    size_t slot = (size_t)(k->page * 31 + (uint64_t)k->pe * 7 + (uint64_t)k->region) & 4095;
    spage_t *pg = H.recent[slot];
    if (pg && pg->key.page == k->page && pg->key.pe == k->pe && pg->key.region == k->region) {
        if (pg->sweeper)
            settle(pg);
        return pg;
    }
    HASH_FIND(hh, H.pages, k, sizeof *k, pg);
    if (pg && pg->sweeper)
        settle(pg);
    if (!pg && make) {
        pg = sim_xcalloc(1, sizeof *pg);
        pg->key = *k;
        HASH_ADD(hh, H.pages, key, sizeof pg->key, pg);
        H.raw_pages |= k->region == 2;
    }
    if (pg)
        H.recent[slot] = pg;
    return pg;
}

/* The page's cells, one per byte, made from u (and v) or from its word
 * cells on first need.  The reference counts do not change: each byte
 * counted once already. */
static cell_t *cells(spage_t *pg)
{
    if (!pg->c || pg->words) {
        cell_t *c = sim_xmalloc(PAGE * sizeof *c);
        for (size_t i = 0; i < PAGE; i++)
            c[i] = pg->c ? pg->c[i / WORD] : i >= pg->lo && i < pg->hi ? pg->v : pg->u;
        free(pg->c);
        pg->c = c;
        pg->words = 0;
        pg->lo = pg->hi = 0;
    }
    return pg->c;
}

/* The page's cells one per aligned word (a quarter of the memory and of
 * the steps, for the common transfers and loops of ints, floats, longs
 * and doubles), or NULL when it has byte cells or a run that does not
 * end on a word. */
static cell_t *word_cells(spage_t *pg)
{
    if (pg->c)
        return pg->words ? pg->c : NULL;
    if ((pg->lo | pg->hi) % WORD)
        return NULL;
    pg->c = sim_xmalloc(PAGE / WORD * sizeof *pg->c);
    for (size_t i = 0; i < PAGE / WORD; i++)
        pg->c[i] = i * WORD >= pg->lo && i * WORD < pg->hi ? pg->v : pg->u;
    pg->words = 1;
    pg->lo = pg->hi = 0;
    return pg->c;
}

/* The page holds c in every byte again: back to one cell. */
static void make_uniform(spage_t *pg, cell_t c)
{
    free(pg->c);
    pg->c = NULL;
    pg->words = 0;
    pg->u = c;
    pg->lo = pg->hi = 0;
}

static int uniform(const cell_t *cs, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (cs[i].w != cs[0].w || cs[i].r != cs[0].r)
            return 0;
    return 1;
}

/* The first of pg's cells for [off, off+n) when they are whole cells of
 * the access (byte cells, or word cells and an access on words) and all
 * hold one value, else NULL. */
static cell_t *one_cell(const spage_t *pg, size_t off, size_t n)
{
    size_t g = pg->words ? WORD : 1;
    if (!pg->c || (off | n) % g || !uniform(pg->c + off / g, n / g))
        return NULL;
    return pg->c + off / g;
}

static const cell_t *cell_at(const spage_t *pg, size_t off)
{
    if (pg->c)
        return &pg->c[pg->words ? off / WORD : off];
    return off >= pg->lo && off < pg->hi ? &pg->v : &pg->u;
}

/* r's atomicity class at memory of mem_pe: an op is atomic at its target
 * only (the buffer a fetching atomic writes its value to is written like
 * a get's). */
static int cls_at(const rec_t *r, int mem_pe)
{
    return r->is_op && r->target != mem_pe ? 0 : r->atomic;
}

/* Whether op r wrote into mem_pe's memory what was there (recorded there
 * as a read). */
static int silent_at(const rec_t *r, int mem_pe, const void *addr)
{
    return r->is_op && r->silent && mem_pe == r->silent_pe &&
           (uintptr_t)addr >= r->silent_lo && (uintptr_t)addr < r->silent_hi;
}

static void side_of(const rec_t *r, int write, int mem_pe, const void *addr, sim_hb_side_t *s)
{
    write = write || silent_at(r, mem_pe, addr);
    *s = (sim_hb_side_t){r->pe, r->tid, r->is_op, write, cls_at(r, mem_pe), r->nbi, r->unheld, r->direct,
                         r->call, r->site, r->time, r->is_op ? r->chan : 0};
}

/* xi (a write when xwrite) and ai (a write when awrite) race. */
static void race(sim_hb_rec_t xi, int xwrite, sim_hb_rec_t ai, int awrite, const pkey_t *k,
                 size_t off, size_t len, const void *addr)
{
    const rec_t *x = &H.rec[xi], *a = &H.rec[ai];
    /* One finding per pair of sites, whichever came first this time. */
    pairkey_t key = {x->site, a->site};
    if ((uintptr_t)key.a > (uintptr_t)key.b)
        key = (pairkey_t){a->site, x->site};
    reported_t *seen;
    HASH_FIND(hh, H.reported, &key, sizeof key, seen);
    if (seen) {
        /* counted once per access (an access may meet the pair in
         * several places) */
        if (seen->finding >= 0 && seen->last != ai)
            sim_finding_again(seen->finding);
        seen->last = ai;
        return;
    }
    seen = sim_xcalloc(1, sizeof *seen);
    seen->key = key;
    seen->last = ai;
    seen->finding = -1;
    HASH_ADD(hh, H.reported, key, sizeof seen->key, seen);
    /* Two instructions of one line (a loop's first test and its back
     * edge) are one site to the reader. */
    char wa[200], wb[200], lines[420];
    sim_hb_where(key.a, wa, sizeof wa);
    sim_hb_where(key.b, wb, sizeof wb);
    int ab = strcmp(wa, wb) < 0;
    snprintf(lines, sizeof lines, "%s|%s", ab ? wa : wb, ab ? wb : wa);
    reported_line_t *rl;
    HASH_FIND_STR(H.reported_lines, lines, rl);
    if (rl) {
        seen->finding = rl->finding;
        if (rl->finding >= 0)
            sim_finding_again(rl->finding);
        return;
    }
    rl = sim_xmalloc(sizeof *rl + strlen(lines) + 1);
    strcpy(rl->key, lines);
    HASH_ADD_STR(H.reported_lines, key, rl);
    (void)off;
    sim_hb_side_t first, second;
    side_of(x, xwrite, k->pe, addr, &first);
    side_of(a, awrite, k->pe, addr, &second);
    sim_hb_hint_t hint = {.other_pe = -1};
    const hact_t *h = &H.act[a->act];
    if ((x->is_op || x->direct) && x->pe != a->pe && h->seen && H.rec[h->seen].pe == x->pe) {
        const rec_t *s = &H.rec[h->seen];
        hint = (sim_hb_hint_t){.other_pe = -1, .seen_call = s->call, .seen_site = s->site,
                               .by_call = h->seen_by, .by_site = h->seen_site,
                               .same_epoch = s->chan == x->chan && s->target == x->target &&
                                             s->epoch == x->epoch,
                               .other_target = x->is_op && s->target != x->target,
                               .after_seen = s->act == x->act &&
                                             (x->clock > s->clock ||
                                              (x->clock == s->clock && x->time > s->time))};
    }
    /* The second side's actor knows the op's issuer past the issue (it
     * synchronised with it since), but not that the op was complete. */
    if (x->is_op && x->pe != a->pe && a->act < H.width && !hint.seen_call) {
        view_t va = view_act(a->act, a->pe);
        hint.issue_known = view_get(&va, x->act) >= x->clock;
    }
    /* Or its last wait saw another PE's op, which says nothing of this one
     * (a signal that counts arrivals, waited for with too low a count). */
    if (x->is_op && x->pe != a->pe && !hint.seen_call && !hint.issue_known && h->seen &&
        H.rec[h->seen].pe != x->pe && H.rec[h->seen].pe != a->pe) {
        const rec_t *s = &H.rec[h->seen];
        hint.seen_call = s->call;
        hint.seen_site = s->site;
        hint.by_call = h->seen_by;
        hint.by_site = h->seen_site;
        hint.other_pe = s->pe;
    }
    /* The plain side's PE waited last on a value no other PE's op had
     * written (a comparison that held at once): its wait ordered nothing. */
    const rec_t *plain = !x->is_op ? x : !a->is_op ? a : NULL, *op = x->is_op ? x : a;
    if (plain && op->is_op && op->pe != plain->pe && plain->act < H.width) {
        const hact_t *p = &H.act[plain->act];
        if (p->blind_by && plain->time >= p->blind_time) {
            hint.blind_call = p->blind_by;
            hint.blind_site = p->blind_site;
        }
    }
    sim_finding_mark();
    H.report(&first, &second, k->pe, addr, len, &hint);
    rl->finding = seen->finding = sim_finding_last();
}

/* ---- one-shot loads of words atomics update ----
 *
 * A plain load of a word only atomics of its size update is no race
 * while it polls the word (benign_load): a poll reads it again until it
 * sees what it waits for, or waits on it.  A load that an atomic reached
 * after it, with nothing ordering the two, and that its reader does not
 * repeat before it learns of that atomic, is a one-shot read of a word
 * still being updated (a counter printed while increments are in
 * flight): a race.  Such a load waits in H.late until its reader reads
 * the word again, waits on it or reaches it with an op of its own while
 * the atomic is still unordered with it (a poll: its site is remembered,
 * and never reported again), or until the reader is ordered after the
 * atomic or the run ends (reported). */

#define LATE_MAX 256 /* loads kept waiting; more are not looked at */

static int same_key(const pkey_t *a, const pkey_t *b)
{
    return a->pe == b->pe && a->region == b->region && a->page == b->page;
}

/* Sets *k, a hash key of a number and an address, its padding zeroed
 * (in place: a struct returned by value need not keep its padding, and
 * the hashes compare keys byte by byte). */
static void okey_set(okey_t *k, int n, const void *p)
{
    memset(k, 0, sizeof *k);
    k->pe = n;
    k->obj = p;
}

static poller_t *poller_of(int act, const void *site)
{
    okey_t key;
    okey_set(&key, act, site);
    poller_t *p;
    HASH_FIND(hh, H.pollers, &key, sizeof key, p);
    return p;
}

static void poller_add(int act, const void *site)
{
    if (poller_of(act, site))
        return;
    poller_t *p = sim_xcalloc(1, sizeof *p);
    okey_set(&p->key, act, site);
    HASH_ADD(hh, H.pollers, key, sizeof p->key, p);
}

/* Load ld (a plain load) was reached by atomic amo after it, unordered. */
static void late_add(sim_hb_rec_t ld, sim_hb_rec_t amo, const pkey_t *k, size_t off, size_t len,
                     const void *addr)
{
    const rec_t *l = &H.rec[ld];
    if (l->saw_atomic || H.nlate == LATE_MAX || poller_of(l->act, l->site))
        return;
    for (size_t i = 0; i < H.nlate; i++)
        if (H.late[i].ld == ld && same_key(&H.late[i].k, k) && H.late[i].off == off)
            return; /* one atomic tells it */
    if (H.nlate == H.caplate) {
        H.caplate = H.caplate ? 2 * H.caplate : 8;
        H.late = sim_xrealloc(H.late, H.caplate * sizeof *H.late);
    }
    ref(ld);
    ref(amo);
    H.late[H.nlate++] = (late_t){ld, amo, *k, off, len, addr};
}

static void late_drop(size_t i)
{
    late_t l = H.late[i];
    memmove(&H.late[i], &H.late[i + 1], (H.nlate - i - 1) * sizeof *H.late);
    H.nlate--;
    unref(l.ld);
    unref(l.amo);
}

static void late_report(size_t i)
{
    late_t l = H.late[i];
    ref(l.ld);
    ref(l.amo);
    late_drop(i);
    race(l.ld, 0, l.amo, 1, &l.k, l.off, l.len, l.addr);
    unref(l.ld);
    unref(l.amo);
}

/* Whether the reader of l knows of its atomic now. */
static int late_known(const late_t *l)
{
    const rec_t *ld = &H.rec[l->ld];
    view_t v = view_act(ld->act, ld->pe);
    return ordered(&H.rec[l->amo], &v, NULL, 0);
}

/* Actor act reaches bytes [off, off + n) of k's page again: by a load
 * (reread), or by waiting on them or an op of its own (not reread). */
static void late_touch(int act, const pkey_t *k, size_t off, size_t n, int reread)
{
    for (size_t i = 0; i < H.nlate;) {
        const late_t *l = &H.late[i];
        if (H.rec[l->ld].act != act || !same_key(&l->k, k) || off >= l->off + l->len ||
            l->off >= off + n) {
            i++;
        } else if (reread && late_known(l)) {
            late_report(i); /* read again after learning of the atomic: no poll */
        } else {
            poller_add(act, H.rec[l->ld].site);
            late_drop(i);
        }
    }
}

static void late_check(int act)
{
    for (size_t i = 0; i < H.nlate;)
        if (H.rec[H.late[i].ld].act == act && late_known(&H.late[i]))
            late_report(i);
        else
            i++;
}

void sim_hb_end(void)
{
    while (sim_hb_on && H.nlate)
        late_report(0);
}

/* Where the running PE's access at addr lives, without the searches of
 * locate: its heap block by arithmetic, its own program data by offset. */
static int fast_locate(int me, const char *a, pkey_t *k, size_t *off)
{
    const sim_heap_t *hp = sim_w->heap;
    size_t o;
    if (a >= hp->base && a < hp->base + hp->stride * (size_t)hp->npes) {
        k->pe = (int32_t)((size_t)(a - hp->base) / hp->stride);
        k->region = 0;
        o = (size_t)(a - hp->base) % hp->stride;
    } else {
        const char *lo = sim_w->loader->img[me].lo;
        o = (size_t)(a - lo);
        if (o - sim_w->loader->data_off >= sim_w->loader->data_len)
            return -1;
        k->pe = me;
        k->region = 1;
    }
    k->page = o / PAGE;
    *off = o % PAGE;
    return 0;
}

/* Drops n references to i. */
static void unref_n(sim_hb_rec_t i, size_t n)
{
    if (!i || !n)
        return;
    if (H.rec[i].refs > n) {
        H.rec[i].refs -= (uint32_t)n;
        return;
    }
    H.rec[i].refs = 1;
    unref(i);
}

/* A plain load of a whole naturally aligned word that atomics of its size
 * update sees the old or the new value, as on hardware: a program polling
 * a counter it reads plainly is not told it races (a plain store is). */
static int benign_load(const rec_t *x, int xwrite, const rec_t *a, int awrite, int mem_pe)
{
    const rec_t *ld = !xwrite && !x->is_op ? x : !awrite && !a->is_op ? a : NULL;
    const rec_t *amo = ld == x ? a : x;
    int c = amo->is_op ? cls_at(amo, mem_pe) : 0;
    return ld && !ld->atomic && c > 0 && SIM_HB_CLASS_SIZE(c) > 0 && SIM_HB_CLASS_SIZE(c) <= 8 &&
           (xwrite || awrite);
}

/* Two accesses atomic with each other at memory of mem_pe. */
static int atomic_pair(const rec_t *x, const rec_t *a, int mem_pe)
{
    int c = cls_at(x, mem_pe);
    return c && c == cls_at(a, mem_pe);
}

/* Two ops of one PE that bring data back into its own memory (gets'
 * destinations, fetching atomics' buffers): a benchmark's window of
 * fetches into one buffer it never reads.  Not a race between them; the
 * program's own access to the buffer before both are complete is. */
static int both_fetched(const rec_t *x, const rec_t *a, int mem_pe)
{
    return x->is_op && a->is_op && x->pe == a->pe && x->pe == mem_pe && x->target != mem_pe &&
           a->target != mem_pe;
}

/* Two ops that write the same data to the same bytes. */
static int same_data(const rec_t *x, int xwrite, const rec_t *a, int awrite)
{
    return xwrite && awrite && x->is_op && a->is_op && x->fp && x->fp == a->fp &&
           x->fp_addr == a->fp_addr && x->fp_len == a->fp_len;
}

/* Checks access a (a write when write; seen from v) against the accesses
 * a run of cells shares (c), reporting a race at addr. */
static int reads_of(sim_hb_rec_t r, sim_hb_rec_t *out);

static void check_cell(const cell_t *c, sim_hb_rec_t ai, int write, const view_t *v,
                       const pkey_t *k, size_t off, const void *addr, size_t len)
{
    const rec_t *a = &H.rec[ai];
    const rec_t *ar = a->is_op || a->direct ? a : NULL;
    if (H.record_only)
        return;
    if (c->w && c->w != ai) {
        const rec_t *w = &H.rec[c->w];
        int benign = benign_load(w, 1, a, write, k->pe);
        if (!atomic_pair(w, a, k->pe) && !benign && !same_data(w, 1, a, write) &&
            !(write && both_fetched(w, a, k->pe)) && !ordered(w, v, ar, write || a->atomic))
            race(c->w, 1, ai, write, k, off, len, addr);
        else if (benign && !write && !ordered(w, v, ar, 0))
            H.rec[ai].saw_atomic = 1; /* a poll that sees the value (not old news) */
        /* The plain write the atomics since have followed: each atomic
         * overwrote it, and is exempt with the next, but an access not
         * ordered after that write races with it all the same. */
        sim_hb_rec_t pw = w->plain;
        if (pw && pw != ai) {
            const rec_t *p = &H.rec[pw];
            if (!benign_load(p, 1, a, write, k->pe) && !same_data(p, 1, a, write) &&
                !ordered(p, v, ar, write || a->atomic))
                race(pw, 1, ai, write, k, off, len, addr);
        }
    }
    if (write && c->r && c->r != ai) {
        sim_hb_rec_t reads[NPART];
        int n = reads_of(c->r, reads);
        for (int i = 0; i < n; i++) {
            const rec_t *r = &H.rec[reads[i]];
            if (reads[i] == ai || atomic_pair(r, a, k->pe) ||
                ordered(r, v, ar, r->atomic || silent_at(r, k->pe, addr)))
                continue;
            if (!benign_load(r, 0, &H.rec[ai], 1, k->pe))
                race(reads[i], 0, ai, 1, k, off, len, addr);
            else if (r->pe != a->pe)
                late_add(reads[i], ai, k, off, len, addr);
        }
    }
}

/* The reads a cell's r stands for: itself, or a read set's members. */
static int reads_of(sim_hb_rec_t r, sim_hb_rec_t *out)
{
    if (!H.rec[r].is_set) {
        out[0] = r;
        return 1;
    }
    int n = 0;
    for (int k = 0; k < NPART && H.rec[r].partner[k]; k++)
        out[n++] = H.rec[r].partner[k];
    return n;
}

/* reads[0..n) (n >= 1) as one cell's r: the read itself, or a read set
 * of them, oldest first.  Returns a reference the caller holds. */
static sim_hb_rec_t reads_as_one(const sim_hb_rec_t *reads, int n)
{
    if (n == 1) {
        ref(reads[0]);
        return reads[0];
    }
    sim_hb_rec_t set = rec_new();
    H.rec[set].is_set = 1;
    for (int k = 0; k < n; k++) {
        ref(reads[k]);
        H.rec[set].partner[k] = reads[k];
    }
    return set;
}

/* What a byte's r becomes after read ai (view v): ai, with the earlier
 * reads that are not ordered before it (FastTrack's read-shared case), as
 * a read set of at most NPART (the oldest go first).  Returns a reference
 * the caller holds. */
static sim_hb_rec_t read_after(sim_hb_rec_t old, sim_hb_rec_t ai, const view_t *v)
{
    const rec_t *ar = H.rec[ai].is_op ? &H.rec[ai] : NULL;
    sim_hb_rec_t before[NPART], keep[NPART + 1];
    int n = old && old != ai ? reads_of(old, before) : 0, kept = 0, has_ai = 0;
    for (int i = 0; i < n; i++) {
        if (before[i] == ai)
            has_ai = 1;
        else if (!ordered(&H.rec[before[i]], v, ar, 0))
            keep[kept++] = before[i];
    }
    if (has_ai && kept > 0 && kept == n - 1) { /* the same readers again */
        ref(old);
        return old;
    }
    keep[kept++] = ai;
    int from = kept > NPART ? kept - NPART : 0;
    return reads_as_one(keep + from, kept - from);
}

/* n bytes that held cell from now hold cell to: their references move. */
static void rehold(cell_t from, cell_t to, size_t n)
{
    if (to.w != from.w) {
        H.rec[to.w].refs += (uint32_t)n;
        unref_n(from.w, n);
    }
    if (to.r != from.r) {
        if (to.r)
            H.rec[to.r].refs += (uint32_t)n;
        unref_n(from.r, n);
    }
}

/* The run of pg becomes [lo, hi): its run bytes new to it held u and now
 * hold v (hi and lo are passed, not read back from the page: the sweep's
 * fast path is this function, and a 16-bit store read back as part of a
 * wider load stalls). */
static void moved(spage_t *pg, size_t lo, size_t hi, size_t run)
{
    cell_t nv = pg->v;
    rehold(pg->u, nv, run);
    if (lo == 0 && hi == PAGE) {
        make_uniform(pg, nv);
    } else {
        pg->lo = (uint16_t)lo;
        pg->hi = (uint16_t)hi;
    }
}

/* Access ai (a write when write; seen from v) to [off, off+run) of a page
 * kept as runs, when the page stays two runs after it: the first access to
 * a uniform page, or the access that made the run, next to it.  Returns 0,
 * changing nothing, when the page needs a cell per byte. */
static int sweep(spage_t *pg, sim_hb_rec_t ai, int write, const view_t *v, const pkey_t *k,
                 size_t off, const void *addr, size_t run)
{
    cell_t u = pg->u;
    if (pg->lo == pg->hi) {
        check_cell(&u, ai, write, v, k, off, addr, run);
        sim_hb_rec_t held = write ? 0 : read_after(u.r, ai, v);
        pg->v = write ? (cell_t){ai, 0} : (cell_t){u.w, held};
        pg->sweep = ai; /* alive while the run is: its cells hold it */
        pg->sweep_w = (uint8_t)write;
        H.swept = pg;
        moved(pg, off, off + run, run);
        unref(held);
        return 1;
    }
    if (ai != pg->sweep || write != pg->sweep_w || (off != pg->hi && off + run != pg->lo))
        return 0;
    /* ai was checked against u when the run began */
    if (off == pg->hi) {
        H.swept = pg;
        moved(pg, pg->lo, off + run, run);
    } else {
        moved(pg, off, pg->hi, run);
    }
    return 1;
}

/* Checks and records access ai over n bytes at addr of mem_pe.  Bytes
 * next to each other usually hold the same accesses: each run of equal
 * cells is checked once and its references moved in one step. */
/* pg0 (at k0, off0), when not NULL: where the caller found addr already. */
static void access_range(sim_hb_rec_t ai, int write, const view_t *v, int mem_pe,
                         const void *addr, size_t n, spage_t *pg0, const pkey_t *k0, size_t off0)
{
    const char *p = addr;
    while (n) {
        pkey_t k;
        size_t off;
        spage_t *pg;
        if (pg0) {
            k = *k0;
            off = off0;
            pg = pg0;
            pg0 = NULL;
        } else {
            if (v->pe < 0 || H.rec[ai].is_op || fast_locate(v->pe, p, &k, &off) != 0)
                locate(mem_pe, p, &k, &off);
            pg = page_get(&k, 1);
        }
        size_t run = PAGE - off < n ? PAGE - off : n;
        if (!pg->c && run < PAGE && sweep(pg, ai, write, v, &k, off, p, run)) {
            p += run;
            n -= run;
            continue;
        }
        if (!pg->c && run == PAGE && pg->lo == pg->hi) {
            cell_t first = pg->u;
            check_cell(&first, ai, write, v, &k, 0, p, run);
            if (write) {
                pg->u = (cell_t){ai, 0};
                if (first.w != ai) {
                    H.rec[ai].refs += PAGE;
                    unref_n(first.w, PAGE);
                }
                unref_n(first.r, PAGE);
            } else if (first.r != ai) {
                sim_hb_rec_t nr = read_after(first.r, ai, v);
                if (nr != first.r) {
                    pg->u.r = nr;
                    H.rec[nr].refs += PAGE;
                    unref_n(first.r, PAGE);
                }
                unref(nr);
            }
            p += run;
            n -= run;
            continue;
        }
        /* A cell per word when the access and the page allow it (g =
         * WORD), else per byte; i, j and m count bytes either way. */
        cell_t *cs = (off | run) % WORD ? NULL : word_cells(pg);
        size_t g = cs ? WORD : 1;
        if (!cs)
            cs = cells(pg);
        int runs = 0;
        for (size_t i = 0, j; i < run; i = j, runs++) {
            cell_t first = cs[(off + i) / g];
            for (j = i + g; j < run && cs[(off + j) / g].w == first.w &&
                            cs[(off + j) / g].r == first.r;)
                j += g;
            check_cell(&first, ai, write, v, &k, off + i, p + i, j - i);
            size_t m = j - i;
            sim_hb_rec_t nr = write ? 0 : read_after(first.r, ai, v);
            for (size_t t = i; t < j; t += g) {
                cell_t *c = &cs[(off + t) / g];
                if (write) {
                    c->w = ai;
                    c->r = 0;
                } else {
                    c->r = nr;
                }
            }
            if (write) {
                if (first.w != ai) {
                    H.rec[ai].refs += (uint32_t)m;
                    unref_n(first.w, m);
                }
                unref_n(first.r, m);
            } else {
                if (first.r != nr) {
                    H.rec[nr].refs += (uint32_t)m;
                    unref_n(first.r, m);
                }
                unref(nr);
            }
        }
        if (run == PAGE && (write || runs == 1))
            make_uniform(pg, cs[0]); /* every byte holds the same again */
        else if (off + run == PAGE && uniform(cs, PAGE / g))
            make_uniform(pg, cs[0]); /* a loop over the page has just ended */
        p += run;
        n -= run;
    }
}

/* ---- start and stop ---- */

int sim_hb_start(int npes, sim_hb_report_fn report, int asked)
{
    int max = asked ? SIM_HB_MAX_PES_ASKED : SIM_HB_MAX_PES;
    if (npes > max && sim_w && !sim_w->cfg.quiet && sim_finding_on(SIM_CHECK(DATA_RACE))) {
        static uint64_t told_run; /* once per run, whichever layer asks */
        if (told_run != sim_w->run_id) {
            if (asked)
                fprintf(stderr, "shmemsim: note: the race detector is off in jobs of more than "
                        "%d PEs, even when asked for (this one has %d): races are not "
                        "reported\n", max, npes);
            else
                fprintf(stderr, "shmemsim: note: the race detector is off by default in jobs of "
                        "more than %d PEs (this one has %d): races are not reported; "
                        "--check all,data-race turns it on up to %d PEs (its memory grows "
                        "as the square of the PEs: a few GB at %d)\n",
                        max, npes, SIM_HB_MAX_PES_ASKED, SIM_HB_MAX_PES_ASKED);
        }
        told_run = sim_w->run_id;
    }
    if (npes > max || !report)
        return sim_hb_on = 0;
    memset(&H, 0, sizeof H);
    sim_hb_filt_owner = NULL;
    restamp();
    H.npes = npes;
    H.report = report;
    H.pe = sim_xcalloc((size_t)npes, sizeof *H.pe);
    H.nact = H.width = H.next_act = npes;
    H.act = sim_xcalloc((size_t)npes, sizeof *H.act);
    for (int p = 0; p < npes; p++) {
        H.act[p].vc = sim_xcalloc((size_t)npes, sizeof(uint32_t));
        H.act[p].vc[p] = 1;
    }
    H.nrec = 1; /* record 0 is "none" */
    sim_hb_watch_gen++; /* a new run: its heap, program data and contexts */
    return sim_hb_on = 1;
}

void sim_hb_stop(void)
{
    if (!H.pe)
        return;
    memset(sim_hb_sweeps, 0, sizeof sim_hb_sweeps);
    memset(sim_hb_cover, 0, sizeof sim_hb_cover);
    spage_t *pg, *tmp;
    HASH_ITER(hh, H.pages, pg, tmp) {
        HASH_DEL(H.pages, pg);
        free(pg->c);
        free(pg);
    }
    reported_t *r, *rt;
    HASH_ITER(hh, H.reported, r, rt) {
        HASH_DEL(H.reported, r);
        free(r);
    }
    reported_line_t *rl, *rlt;
    HASH_ITER(hh, H.reported_lines, rl, rlt) {
        HASH_DEL(H.reported_lines, rl);
        free(rl);
    }
    poller_t *po, *pot;
    HASH_ITER(hh, H.pollers, po, pot) {
        HASH_DEL(H.pollers, po);
        free(po);
    }
    free(H.late); /* its records go with all of them below */
    for (uint32_t i = 1; i < H.nrec; i++) {
        fgroup_t *g = H.rec[i].fg;
        H.rec[i].fg = NULL;
        fg_put(g);
    }
    for (uint32_t i = 1; i < H.nrec; i++)
        if (H.rec[i].refs)
            snap_put(H.rec[i].vc), H.rec[i].vc = NULL;
    for (int a = 0; a < H.nact; a++) {
        free(H.act[a].vc);
        free(H.act[a].direct.v);
        snap_put(H.act[a].snap);
    }
    free(H.act);
    free(H.all[0].v);
    free(H.all[1].v);
    free(H.slot_act);
    oclock_t *o, *ot;
    HASH_ITER(hh, H.objs, o, ot) {
        HASH_DEL(H.objs, o);
        free(o->v);
        free(o);
    }
    for (int p = 0; p < H.npes; p++) {
        hpe_t *h = &H.pe[p];
        free(h->inbox);
        free(h->inrel.v);
        free(h->inops.v);
        free(h->pending.v);
        free(h->done_for.v);
        for (size_t k = 0; k < h->ptab_cap; k++)
            free(h->ptab[k].ops.v);
        free(h->ptab);
        for (size_t k = 0; k < sizeof h->fgc / sizeof h->fgc[0]; k++)
            fg_put(h->fgc[k].fg);
        free(h->nb);
    }
    free(H.pe);
    free(H.rec);
    memset(&H, 0, sizeof H);
    sim_hb_filt_owner = NULL;
    restamp();
    sim_hb_on = 0;
}

/* ---- the PE's own accesses ---- */

/* The running context's PE (a thread's or the helper's owner). */
static int self_id(void)
{
    sim_pe_t *me = sim_w->cur;
    return me->owner ? me->owner->id : me->id;
}

/* Makes room for actor a: every vector widens to cover it. */
static void widen(int a)
{
    if (a < H.width)
        return;
    int w = a + 1;
    if (a >= H.nact) {
        int n = H.nact;
        H.nact = a + 1 > 2 * n - H.npes ? a + 1 : 2 * n - H.npes;
        H.act = sim_xrealloc(H.act, (size_t)H.nact * sizeof *H.act);
        memset(H.act + n, 0, (size_t)(H.nact - n) * sizeof *H.act);
    }
    for (int i = 0; i < H.nact; i++)
        if (H.act[i].vc) {
            H.act[i].vc = sim_xrealloc(H.act[i].vc, (size_t)w * sizeof(uint32_t));
            memset(H.act[i].vc + H.width, 0, (size_t)(w - H.width) * sizeof(uint32_t));
        }
    for (int p = 0; p < H.npes; p++)
        if (H.pe[p].inbox) {
            H.pe[p].inbox = sim_xrealloc(H.pe[p].inbox, (size_t)w * sizeof(uint32_t));
            memset(H.pe[p].inbox + H.width, 0, (size_t)(w - H.width) * sizeof(uint32_t));
        }
    H.width = w;
}

/* The actor *slot of PE p's handlers (hact) or helper (cact), given on
 * first use.  A PE with handlers counts as threaded: a quiet by its
 * program teaches the handlers too. */
static int handler_act(int p, int *slot)
{
    if (!*slot) {
        *slot = H.next_act++;
        H.pe[p].threaded = 1;
    }
    return *slot;
}

/* Whether context c runs its PE's handlers: a borrowed PE between
 * sim_hb_handlers_begin and _end (1), or its helper (2). */
static int runs_handlers(const sim_pe_t *c)
{
    if (c == H.handler_ctx)
        return 1;
    return c == (c->owner ? c->owner : c)->helper ? 2 : 0;
}

/* The actor of a context: its PE's for the PE itself; its handlers' while
 * a layer runs handlers on it; its helper's own (a completion thread runs
 * beside the handlers that queue work for it, ordered after them only by
 * what they release); its own for a thread of the program (one per stack
 * slot, kept when the slot is reused). */
static int act_of(const sim_pe_t *c)
{
    const sim_pe_t *pe = c->owner ? c->owner : c;
    switch (runs_handlers(c)) {
    case 1:
        return handler_act(pe->id, &H.pe[pe->id].hact);
    case 2:
        return handler_act(pe->id, &H.pe[pe->id].cact);
    }
    if (!c->owner || c->tslot < (long)sim_w->tslot0)
        return pe->id;
    size_t s = (size_t)c->tslot - sim_w->tslot0;
    if (!H.slot_act)
        H.slot_act = sim_xcalloc(sim_w->ntslots, sizeof *H.slot_act);
    if (!H.slot_act[s])
        H.slot_act[s] = H.next_act++;
    return H.slot_act[s];
}

/* The running context's actor, made ready on its first use: a thread not
 * announced starts from its PE's clock, the handlers from nothing (what
 * they know comes from the messages that run them). */
static int self_act(void)
{
    int a = act_of(sim_w->cur);
    if (a >= H.width || !H.act[a].vc) {
        widen(a);
        int pe = self_id();
        if (a == H.pe[pe].hact || a == H.pe[pe].cact) {
            H.act[a].vc = sim_xcalloc((size_t)H.width, sizeof(uint32_t));
        } else {
            H.act[a].vc = sim_xmalloc((size_t)H.width * sizeof(uint32_t));
            memcpy(H.act[a].vc, H.act[pe].vc, (size_t)H.width * sizeof(uint32_t));
        }
        H.act[a].vc[a] = 1;
    }
    return a;
}

/* The running context's thread number for reports: 0 the PE's main
 * program, -1 its handlers, -2 its helper. */
static int self_tid(void)
{
    const sim_pe_t *c = sim_w->cur;
    int h = runs_handlers(c);
    if (h)
        return -h;
    return c->owner ? c->tid : 0;
}

void sim_hb_handlers_begin(void)
{
    if (!sim_hb_on || !sim_w->cur)
        return;
    H.handler_ctx = sim_w->cur;
    restamp(); /* the filter's entries were the program's */
}

void sim_hb_handlers_end(void)
{
    if (!sim_hb_on || !H.handler_ctx)
        return;
    H.handler_ctx = NULL;
    restamp();
}

int sim_hb_watched(const void *addr)
{
    const char *a = addr;
    const sim_heap_t *hp = sim_w->heap;
    if (a >= hp->base && a < hp->base + hp->stride * (size_t)hp->npes)
        return 1;
    const sim_loader_t *l = sim_w->loader;
    int me = self_id();
    const char *rw = l->img[me].lo + l->data_off;
    if (a >= rw && a < rw + l->data_len)
        return 1;
    const hpe_t *h = &H.pe[me];
    for (size_t i = 0; i < h->nnb; i++)
        if (a >= h->nb[i].lo && a < h->nb[i].hi)
            return 1;
    /* With threads, a variable on another context's stack (the PE's main
     * stack or a sibling thread's) is shared between them: an OpenMP
     * region's shared locals, a buffer passed to a thread. */
    if (h->prog_threads) {
        const sim_pe_t *c = sim_w->cur;
        long slot = sim_stacks_slot_of(&sim_w->stacks, a);
        if (slot >= 0 && slot != (c->owner ? c->tslot : (long)c->id))
            return 1;
    }
    /* Another PE's copy of the program's data: through a pointer an API
     * gave (H.foreign), or one another PE sent (foreign-memory). */
    size_t off;
    return (H.foreign || l->mode == SIM_LOAD_COPY) && sim_loader_find(l, a, &off) >= 0 &&
           off - l->data_off < l->data_len;
}

void sim_hb_foreign_stores(void)
{
    H.foreign = 1;
    sim_w->pes[self_id()].given_foreign = 1;
    sim_hb_watch_gen++;
}

/* A plain access of the running PE into PE owner's symmetric heap, or
 * its copy of the program's data (data), with no pointer there from an
 * API. */
static void foreign_access(int owner, int data, const void *addr, size_t n, int write,
                           const void *site)
{
    const sim_pe_t *pe = &sim_w->pes[self_id()];
    char name[200];
    if (!sim_mem_object_name(owner, addr, name, sizeof name) || strcmp(name, "?") == 0)
        sim_mem_name(addr, name, sizeof name);
    sim_finding_raise(SIM_CHECK(FOREIGN_MEMORY), SIM_SEV_ERROR, pe->id,
                      write ? "store" : "load", site,
                      "PE %d %s %zu byte%s of PE %d's %s (%s) through a plain "
                      "pointer, but no API call gave it a pointer into another PE's memory: "
                      "the address came from another PE (a put, a broadcast of a pointer). "
                      "All PEs share one address space here; on a cluster that address names "
                      "PE %d's own memory, or nothing. Send offsets into the symmetric heap, "
                      "or reach PE %d's memory through the API (a put or a get, or a pointer "
                      "the API gives for it).", pe->id, write ? "stored into" : "loaded", n,
                      n == 1 ? "" : "s", owner,
                      data ? "copy of the program's variables" : "symmetric heap", name,
                      pe->id, owner);
}

sim_hb_wcache_t sim_hb_wcache;
uint32_t sim_hb_watch_gen;

void sim_hb_wcache_fill(void)
{
    const sim_heap_t *hp = sim_w->heap;
    const sim_loader_t *l = sim_w->loader;
    int me = self_id();
    const hpe_t *h = &H.pe[me];
    sim_hb_wcache = (sim_hb_wcache_t){
        .owner = sim_w->cur,
        .gen = sim_hb_watch_gen,
        .heap_lo = (uintptr_t)hp->base,
        .heap_len = hp->stride * (size_t)hp->npes,
        .rw_lo = (uintptr_t)(l->img[me].lo + l->data_off),
        .rw_len = l->data_len,
        .own_lo = (uintptr_t)l->img[me].lo,
        .own_len = l->span,
        .copies_lo = l->mode == SIM_LOAD_COPY ? (uintptr_t)l->order_lo[0] : 0,
        .copies_len = l->mode == SIM_LOAD_COPY
                          ? (uintptr_t)l->order_lo[l->ncopies - 1] + l->span -
                                (uintptr_t)l->order_lo[0]
                          : 0,
        .plain = h->nnb == 0 && !h->prog_threads && !H.foreign,
    };
}

/* The running PE's record for a load or store at site in its current epoch. */
static sim_hb_rec_t local_rec(int me, int write, int atomic, int direct, const void *site)
{
    hact_t *h = &H.act[me];
    size_t slot = (((uintptr_t)site >> 2) ^ (size_t)write ^ ((size_t)atomic << 1)) & 63;
    sim_hb_rec_t i = h->cache[slot];
    if (i) {
        const rec_t *r = &H.rec[i];
        if (r->site == site && r->write == write && r->atomic == atomic && r->direct == direct &&
            r->clock == h->vc[me])
            return i;
        unref(i);
    }
    i = rec_new();
    rec_t *r = &H.rec[i];
    if (direct) {
        /* A loop that stores through a pointer and issues an op on every
         * turn, never fencing, makes a record a turn: past a bound they
         * are taken as complete (a race missed, never one made up). */
        if (h->direct.n >= DIRECT_MAX)
            direct_done(me);
        r = &H.rec[i];
        r->direct = 1;
        r->fences = h->fences;
        ref(i);
        vec_push(&h->direct, i);
    }
    r->write = (uint8_t)write;
    r->atomic = atomic;
    r->act = me;
    r->pe = self_id();
    r->tid = self_tid();
    r->clock = h->vc[me];
    r->site = site;
    r->time = sim_w->now;
    h->cache[slot] = i; /* the cache holds the reference rec_new gave */
    return i;
}

/* Whether every byte of [off, off+n) of pg already holds this PE's access
 * of this kind in its current epoch: then it was checked already (FastTrack's
 * same-epoch case), and anything written since was checked against it. */
static int same_epoch(const spage_t *pg, size_t off, size_t n, int me, uint32_t clk, int write)
{
    for (size_t i = 0; i < n; i++) {
        const cell_t *c = cell_at(pg, off + i);
        sim_hb_rec_t x = write ? c->w : c->r;
        if (x && H.rec[x].is_set) { /* its newest read is the last one made */
            int k = 0;
            while (k + 1 < NPART && H.rec[x].partner[k + 1])
                k++;
            x = H.rec[x].partner[k];
        }
        if (!x || H.rec[x].is_op || H.rec[x].act != me || H.rec[x].clock != clk ||
            H.rec[x].atomic || (write && c->r))
            return 0;
    }
    return 1;
}

/* The running PE made a plain access of n bytes at addr and the
 * detector knows it in its current epoch: remember that in the filter. */
static void filter_note(const void *addr, size_t n, int write)
{
    if (sim_hb_filt_owner != sim_w->cur) {
        restamp(); /* another PE's entries */
        sim_hb_filt_owner = sim_w->cur;
    }
    uintptr_t a = (uintptr_t)addr;
    if (n > 8 || (a >> 3) != ((a + n - 1) >> 3))
        return;
    sim_hb_filt_t *f = &sim_hb_filt[(a >> 3) & (SIM_HB_NFILT - 1)];
    if (f->word != (a >> 3) || f->stamp != sim_hb_stamp)
        *f = (sim_hb_filt_t){a >> 3, sim_hb_stamp, 0, 0};
    uint8_t m = (uint8_t)(((1u << n) - 1) << (a & 7));
    f->r |= m;
    if (write)
        f->w |= m;
}

/* Whether record x (in a cell) is a plain access of actor me at clock clk
 * or before: its program order puts it before me's access now. */
static inline int own_before(sim_hb_rec_t x, int me, uint32_t clk)
{
    const rec_t *r = &H.rec[x];
    return !r->is_op && !r->is_set && !r->atomic && r->act == me && r->clock <= clk;
}

/* The next step of a sweep over cells (e is live, SIM_HB_CELLS): when its
 * cells hold what the sweep's first access found, the access is checked
 * already (the same access against the same cell, seen from the same
 * clock) and makes of them what the first made; when they hold only the
 * sweeping actor's own earlier plain accesses (a loop over what its PE
 * wrote and read in earlier epochs), there is nothing to check, and the
 * access replaces them (a read the read, a write both).  Its steps write
 * the cells, so the page is never behind and other accesses may change
 * them meanwhile (a step then finds other cells and goes the slow way).
 * The page's last step is left to the slow path, which sees whether the
 * whole page holds one cell again. */
static int cell_step(sim_hb_sweep_t *e, const void *addr, size_t n)
{
    spage_t *pg = e->pg;
    ptrdiff_t left = e->end - (const char *)addr; /* next may have left the page */
    cell_t *c = left > (ptrdiff_t)n && left <= (ptrdiff_t)PAGE
                    ? one_cell(pg, PAGE - (size_t)left, n) : NULL;
    if (!c)
        return 0;
    size_t g = pg->words ? WORD : 1;
    cell_t was = c[0], now = {e->now_w, e->now_r};
    if (was.w != e->was_w || was.r != e->was_r) {
        const rec_t *a = &H.rec[e->ai];
        if ((was.w && !own_before(was.w, a->act, a->clock)) ||
            (was.r && !own_before(was.r, a->act, a->clock)))
            return 0;
        now = e->write ? (cell_t){e->ai, 0} : (cell_t){was.w, e->ai};
    }
    for (size_t t = 0; t < n / g; t++)
        c[t] = now;
    rehold(was, now, n);
    e->next += n;
    return 1;
}

int sim_hb_swept(const void *addr, size_t n, int write, const void *pc)
{
    sim_hb_sweep_t *e = sim_hb_sweep_of(pc);
    if (e->pc != pc || e->next != (const char *)addr || e->stamp != sim_hb_stamp ||
        e->write != write || e->owner != sim_w->cur || !e->pg)
        return 0;
    if (e->live == SIM_HB_CELLS)
        return cell_step(e, addr, n);
    if (e->live)
        return 0;
    spage_t *pg = e->pg;
    if (pg->sweeper)
        settle(pg); /* the page learns another sweep's steps first */
    if (pg->c || pg->lo == pg->hi || pg->sweep != e->ai || pg->sweep_w != write ||
        pg->hi != e->hi || pg->hi + n > PAGE || H.rec[e->ai].site != pc)
        return 0;
    e->live = SIM_HB_RUN;
    pg->sweeper = e;
    e->next += n;
    return 1;
}

/* e's entry is to be another sweep: a live one lets go of its page or
 * of its cells' references. */
static void sweep_end(sim_hb_sweep_t *e)
{
    if (e->live == SIM_HB_RUN)
        settle(e->pg); /* another site's, or this one's on another page */
    else if (e->live == SIM_HB_CELLS) { /* its steps wrote the cells themselves */
        unref(e->was_w);
        unref(e->was_r);
        unref(e->now_w);
        unref(e->now_r);
        unref(e->ai);
    }
    e->live = 0;
}

/* Where site's access at addr begins what it makes in this stamp: where
 * its entry e began, when the access goes on from it. */
static const char *sweep_start(const sim_hb_sweep_t *e, const void *site, const void *addr,
                               int write)
{
    if (e->pc == site && e->next == (const char *)addr && e->stamp == sim_hb_stamp &&
        e->owner == sim_w->cur && e->write == write)
        return e->start;
    return addr;
}

void sim_hb_repeated(const void *pc, const void *addr, size_t n, int write)
{
    sim_hb_sweep_t *e = sim_hb_sweep_of(pc);
    if (e->live == SIM_HB_RUN)
        return;
    if (e->pc == pc && e->next == (const char *)addr && e->stamp == sim_hb_stamp &&
        e->owner == sim_w->cur && e->write == write)
        e->next += n; /* a loop over what it made before */
    else if (!e->live || e->live == SIM_HB_TRAIL)
        *e = (sim_hb_sweep_t){.pc = pc, .next = (const char *)addr + n, .start = addr,
                              .owner = sim_w->cur, .stamp = sim_hb_stamp, .write = (uint8_t)write};
}

void sim_hb_trail(const void *pc, const void *addr, size_t n, int write,
                  const sim_hb_sweep_t *leader)
{
    sim_hb_sweep_t *e = sim_hb_sweep_of(pc);
    if (e == leader)
        return;
    sweep_end(e);
    const char *start = sweep_start(e, pc, addr, write);
    *e = (sim_hb_sweep_t){.pc = pc, .next = (const char *)addr + n, .start = start,
                          .owner = sim_w->cur, .stamp = sim_hb_stamp, .write = (uint8_t)write,
                          .live = SIM_HB_TRAIL, .lead = leader, .lead_pc = leader->pc,
                          .lead_start = leader->start};
}

/* Site's access of n bytes at addr (off into pg) made pg's run [.., off+n)
 * with record ai (kind SIM_HB_RUN), or made the cells there hold now from
 * was (SIM_HB_CELLS): its next steps may be taken without a look. */
static void sweep_begin(const void *site, const void *addr, size_t n, int write, spage_t *pg,
                        size_t off, sim_hb_rec_t ai, int kind, cell_t was, cell_t now)
{
    sim_hb_sweep_t *e = sim_hb_sweep_of(site);
    sweep_end(e);
    const char *start = sweep_start(e, site, addr, write); /* (on a new page, or looked at) */
    *e = (sim_hb_sweep_t){.pc = site, .next = (const char *)addr + n,
                          .end = (const char *)addr - off + PAGE, .start = start,
                          .owner = sim_w->cur, .stamp = sim_hb_stamp, .write = (uint8_t)write,
                          .live = (uint8_t)kind, .hi = (uint16_t)(off + n), .pg = pg, .ai = ai,
                          .was_w = was.w, .was_r = was.r, .now_w = now.w, .now_r = now.r};
    if (kind == SIM_HB_CELLS) { /* the page need not know: it is never behind */
        ref(ai);
        ref(was.w);
        ref(was.r);
        ref(now.w);
        ref(now.r);
    } else {
        pg->sweeper = e;
    }
    if (sim_hb_cover[0] != e) {
        sim_hb_cover[1] = sim_hb_cover[0];
        sim_hb_cover[0] = e;
    }
}

/* The PE whose copy of the program's data holds addr, or -1. */
static int data_owner(const void *addr)
{
    const sim_loader_t *l = sim_w->loader;
    size_t o;
    int owner = sim_loader_find(l, addr, &o);
    return owner >= 0 && o - l->data_off < l->data_len ? owner : -1;
}

void sim_hb_local(const void *addr, size_t n, sim_hb_dir_t dir, int atomic, const void *site)
{
    int me = self_act(), pe = self_id();
    int write = dir == SIM_HB_WRITE;
    pkey_t k;
    size_t off;
    if (sim_hb_filt_owner != sim_w->cur) {
        restamp();
        sim_hb_filt_owner = sim_w->cur;
    }
    spage_t *pg = NULL;
    cell_t was = {0, 0};
    int one = 0; /* the access's cells all held was */
    int direct = 0; /* a plain store into another PE's memory */
    int located = fast_locate(pe, addr, &k, &off) == 0;
    if (located)
        direct = k.pe != pe && write && !atomic;
    if (located && off + n <= PAGE) {
        if (k.pe != pe && k.region == 0 && !sim_w->pes[pe].given_foreign)
            foreign_access(k.pe, 0, addr, n, write, site);
        if (H.nlate && !write && !atomic)
            late_touch(me, &k, off, n, 1);
        pg = page_get(&k, 1);
        if (!atomic && same_epoch(pg, off, n, me, H.act[me].vc[me], write)) {
            filter_note(addr, n, write);
            return;
        }
        const cell_t *c = one_cell(pg, off, n);
        if (c) { /* held: the access may drop the cells' last references */
            one = 1;
            was = *c;
            ref(was.w);
            ref(was.r);
        }
    } else if (!located) { /* another PE's program data? */
        int owner = data_owner(addr);
        if (owner >= 0 && owner != pe) {
            if (!sim_w->pes[pe].given_foreign)
                foreign_access(owner, 1, addr, n, write, site);
            direct = H.foreign && write && !atomic;
        }
    }
    sim_hb_rec_t i = local_rec(me, write, atomic, direct, site);
    view_t v = view_act(me, pe);
    /* The program sees its live image; the detector keys by home address. */
    uint32_t stamp = sim_hb_stamp;
    H.swept = NULL;
    access_range(i, write, &v, pe, sim_loader_home(sim_w->loader, pe, addr), n, pg, &k, off);
    if (atomic || stamp != sim_hb_stamp) {
        restamp(); /* an atomic's record, or a report that ran the layer */
    } else {
        filter_note(addr, n, write);
        if (pg && H.swept == pg && pg->hi == off + n) /* the next step may be sim_hb_sweep_step */
            sweep_begin(site, addr, n, write, pg, off, i, SIM_HB_RUN, was, was);
        else if (one && pg->c && off + n < PAGE) /* the next step may be cell_step */
            sweep_begin(site, addr, n, write, pg, off, i, SIM_HB_CELLS, was, *cell_at(pg, off));
        else
            sim_hb_repeated(site, addr, n, write); /* what the site made goes on */
    }
    unref(was.w);
    unref(was.r);
}

/* ---- ops ---- */

void sim_hb_op_data(sim_hb_rec_t op, const void *addr, const void *data, size_t n)
{
    if (!sim_hb_on || !op || !data)
        return;
    /* FNV-1a steps over 8-byte words in four independent lanes (a large
     * put's data is hashed at the speed of the multiplier, not of its
     * latency), the lanes folded together, then the tail words and bytes. */
    const uint64_t prime = 0x100000001b3ull;
    uint64_t h = 0xcbf29ce484222325ull, h0 = h, h1 = h ^ 1, h2 = h ^ 2, h3 = h ^ 3;
    const unsigned char *d = data;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        uint64_t w[4];
        memcpy(w, d + i, sizeof w);
        h0 = (h0 ^ w[0]) * prime;
        h1 = (h1 ^ w[1]) * prime;
        h2 = (h2 ^ w[2]) * prime;
        h3 = (h3 ^ w[3]) * prime;
    }
    if (i)
        h = ((((h ^ h0) * prime ^ h1) * prime ^ h2) * prime ^ h3) * prime;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, d + i, 8);
        h = (h ^ w) * prime;
    }
    for (; i < n; i++)
        h = (h ^ d[i]) * prime;
    rec_t *r = &H.rec[op];
    r->fp = h | 1; /* never 0 */
    r->fp_addr = addr;
    r->fp_len = n;
}

int sim_hb_silent(int mem_pe, const void *addr, const void *data, size_t n)
{
    if (!sim_hb_on || !data)
        return 0;
    return memcmp(sim_loader_live(sim_w->loader, mem_pe, addr), data, n) == 0;
}

void sim_hb_op_write(sim_hb_rec_t op, int mem_pe, const void *addr, const void *data, size_t n)
{
    if (sim_hb_silent(mem_pe, addr, data, n))
        sim_hb_op_silent(op, mem_pe, addr, n);
    else
        sim_hb_op_access(op, mem_pe, addr, n, 1, 0, SIM_HB_WRITE);
}

/* The fence group of the next op of actor act (of PE me) to target on
 * chan in epoch (a new reference), made on the first op of the key: the
 * ops pending since the key's group of an earlier epoch, when one is
 * still known (it then comes after that one), else every op pending in
 * earlier epochs.  The pending ops are in epoch order, so only those
 * since are looked at. */
static fgroup_t *fence_group(int me, int act, uintptr_t chan, int target, uint64_t epoch)
{
    hpe_t *h = &H.pe[me];
    size_t nslots = sizeof h->fgc / sizeof h->fgc[0];
    fgroup_t *prev = NULL;
    for (size_t k = 0; k < nslots; k++) {
        fgkey_t *e = &h->fgc[k];
        if (e->chan != chan || e->act != act || e->target != target || !(e->fg || e->chan))
            continue;
        if (e->epoch == epoch) {
            if (e->fg)
                e->fg->refs++;
            return e->fg;
        }
        if (e->fg && e->epoch < epoch && (!prev || e->epoch > prev->epoch))
            prev = e->fg;
    }
    const recvec_t *pl = pend_list(h, chan, target, 0);
    uint64_t from = prev ? prev->epoch : 0;
    size_t first = pl ? pl->n : 0;
    while (first > 0 && H.rec[pl->v[first - 1]].epoch >= from)
        first--;
    uint32_t mine = 0;
    for (size_t i = first; pl && i < pl->n && H.rec[pl->v[i]].epoch < epoch; i++)
        mine += H.rec[pl->v[i]].act == act;
    fgroup_t *g = NULL;
    if (mine || prev) {
        g = sim_xmalloc(sizeof *g + mine * sizeof g->ops[0]);
        g->refs = 1;
        g->n = 0;
        g->prev = prev;
        g->epoch = epoch;
        g->walked_pe = -1;
        g->walked_clock = 0;
        if (prev)
            prev->refs++;
        for (size_t i = first; pl && i < pl->n && H.rec[pl->v[i]].epoch < epoch; i++)
            if (H.rec[pl->v[i]].act == act) {
                ref(pl->v[i]);
                g->ops[g->n++] = pl->v[i];
            }
    }
    fgkey_t *e = &h->fgc[h->fgc_next++ % nslots];
    fg_put(e->fg);
    *e = (fgkey_t){chan, act, target, epoch, g};
    if (g)
        g->refs++;
    return g;
}

/* Whether p already knows op complete: it knows the clock at which some
 * witness learned it (p itself, or a PE it has synchronised with since). */
static int known_complete(sim_hb_rec_t op, int p)
{
    const rec_t *r = &H.rec[op];
    for (int k = 0; k < r->nwit; k++)
        if (H.act[p].vc[r->wit[k].pe] >= r->wit[k].clock)
            return 1;
    return 0;
}

/* Drops from p's pending ops those it knows complete: a quiet would add
 * nothing to what its clock already carries, and a later op's clock
 * carries it to whoever observes that op.  Without this, a program that
 * synchronises by flags and never quiets keeps every op it ever issued.
 * Only in a PE without threads: there a quiet by another thread than the
 * one that knows would still have taught that thread something. */
static void prune_pending(int p)
{
    hpe_t *h = &H.pe[p];
    if (h->threaded) {
        h->prune_at = SIZE_MAX;
        return;
    }
    for (size_t k = 0; k < h->ptab_cap; k++) {
        recvec_t *v = &h->ptab[k].ops;
        size_t kept = 0;
        for (size_t i = 0; h->ptab[k].used && i < v->n; i++)
            if (!known_complete(v->v[i], p))
                v->v[kept++] = v->v[i];
        v->n = kept;
    }
    size_t kept = 0;
    for (size_t i = 0; i < h->pending.n; i++) {
        sim_hb_rec_t op = h->pending.v[i];
        if (known_complete(op, p))
            unref(op);
        else
            h->pending.v[kept++] = op;
    }
    h->pending.n = kept;
    h->prune_at = 2 * kept > 64 ? 2 * kept : 64;
}

sim_hb_rec_t sim_hb_op_issue(const sim_hb_opdesc_t *d)
{
    int me = self_id(), a = self_act();
    sim_hb_rec_t i = rec_new();
    rec_t *r = &H.rec[i];
    r->is_op = 1;
    r->nbi = (uint8_t)d->nbi;
    r->unheld = (uint8_t)d->unheld;
    r->atomic = d->atomic;
    r->act = a;
    r->pe = me;
    r->tid = self_tid();
    r->clock = H.act[a].vc[a];
    r->vc = snap_of(a);
    r->chan = d->chan;
    r->target = d->target;
    r->epoch = d->epoch;
    r->call = d->call;
    r->site = d->site;
    r->time = sim_w->now;
    r->fg = fence_group(me, a, d->chan, d->target, d->epoch);
    r->fences = H.act[a].fences;
    tick(a);
    if (!d->unheld) {
        if (H.pe[me].pending.n >= H.pe[me].prune_at)
            prune_pending(me);
        vec_push(&H.pe[me].pending, i);
        pend_index(&H.pe[me], d->chan, d->target, i);
    }
    return i; /* the caller holds the reference rec_new gave */
}

/* An atomic that writes after another atomic of its class carries that
 * one's clock too (a release sequence), so whoever observes the last of a
 * chain of atomic updates acquires from all of them.  It also keeps the
 * plain write the chain began after (the one it overwrites, or the one
 * its predecessor kept): atomics of a class are exempt with each other,
 * so without it a later access would be checked against the last atomic
 * only, and a PE's own atomic landing first would hide its earlier store
 * from the others' atomics (check_cell). */
static void chain(sim_hb_rec_t op, int mem_pe, const void *addr)
{
    sim_hb_rec_t pi = sim_hb_last_write(mem_pe, addr);
    rec_t *r = &H.rec[op];
    if (pi && pi != op && H.rec[pi].is_op && atomic_pair(&H.rec[pi], r, mem_pe)) {
        view_t a = view_rec(r), b = view_rec(&H.rec[pi]);
        uint32_t n = a.n > b.n ? a.n : b.n;
        snap_t *s = sim_xmalloc(sizeof *s + (size_t)n * sizeof(uint32_t));
        s->refs = 1;
        s->n = n;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t x = view_get(&a, (int)i), y = view_get(&b, (int)i);
            s->v[i] = x > y ? x : y;
        }
        snap_put(r->vc);
        r->vc = s;
        if (s->v[r->act] > r->clock)
            r->clock = s->v[r->act];
        /* Observing this atomic shows the earlier ones applied, and so
         * what their partners carried and what their fences ordered
         * before them (acquire_op walks prev). */
        for (int k = 0; k < NPART && H.rec[pi].partner[k]; k++)
            add_partner(op, H.rec[pi].partner[k]);
        if (!r->prev) {
            ref(pi);
            r->prev = pi;
        }
        if (!r->plain && H.rec[pi].plain) {
            r->plain = H.rec[pi].plain;
            ref(r->plain);
        }
    } else if (pi && pi != op && !H.rec[pi].atomic && !r->plain) {
        r->plain = pi; /* (the reference last_write gave) */
        return;
    }
    unref(pi);
}

void sim_hb_op_access(sim_hb_rec_t op, int mem_pe, const void *addr, size_t n, size_t count,
                      ptrdiff_t stride, sim_hb_dir_t dir)
{
    if (!op || !sim_hb_on)
        return;
    if (count > 1 && stride == (ptrdiff_t)n) { /* blocks end to end: one */
        n *= count;
        count = 1;
    }
    restamp();
    rec_t *r = &H.rec[op];
    if (H.nlate && count == 1 && n) { /* its issuer's own op on a word it read: a poll */
        pkey_t k;
        size_t off;
        locate(mem_pe, addr, &k, &off);
        late_touch(r->act, &k, off, n < PAGE - off ? n : PAGE - off, 0);
    }
    /* Checked as the issuer saw things at issue: what chain adds is what
     * observers of this atomic learn, not what orders the atomic itself. */
    view_t v = view_rec(r);
    snap_t *issued = r->vc;
    issued->refs++;
    if (cls_at(r, mem_pe) && dir == SIM_HB_WRITE)
        chain(op, mem_pe, addr);
    for (size_t k = 0; k < count; k++)
        access_range(op, dir == SIM_HB_WRITE, &v, mem_pe, (const char *)addr + (ptrdiff_t)k * stride, n,
                     NULL, NULL, 0);
    snap_put(issued);
}

/* Adds p to op's partners; the oldest but the first goes when they are full. */
static void add_partner(sim_hb_rec_t op, sim_hb_rec_t p)
{
    rec_t *r = &H.rec[op];
    int k = 0;
    while (k < NPART && r->partner[k] && r->partner[k] != p)
        k++;
    if (k < NPART && r->partner[k] == p)
        return;
    ref(p);
    if (k == NPART) { /* partner[0] is the op's own (sim_hb_partner) */
        unref(r->partner[1]);
        memmove(r->partner + 1, r->partner + 2, (NPART - 2) * sizeof r->partner[0]);
        k = NPART - 1;
    }
    r->partner[k] = p;
}

void sim_hb_op_silent(sim_hb_rec_t op, int mem_pe, const void *addr, size_t n)
{
    if (!op || !sim_hb_on)
        return;
    sim_hb_rec_t w = sim_hb_last_write(mem_pe, addr);
    if (w && w != op && same_data(&H.rec[w], 1, &H.rec[op], 1))
        add_partner(op, w);
    unref(w);
    restamp();
    rec_t *r = &H.rec[op];
    uintptr_t lo = (uintptr_t)addr, hi = lo + n;
    if (!r->silent || r->silent_pe != mem_pe) {
        r->silent_lo = lo;
        r->silent_hi = hi;
    } else {
        r->silent_lo = lo < r->silent_lo ? lo : r->silent_lo;
        r->silent_hi = hi > r->silent_hi ? hi : r->silent_hi;
    }
    r->silent = 1;
    r->silent_pe = mem_pe;
    view_t v = view_rec(r);
    H.record_only = 1;
    access_range(op, 0, &v, mem_pe, addr, n, NULL, NULL, 0);
    H.record_only = 0;
}

void sim_hb_op_partner(sim_hb_rec_t op, sim_hb_rec_t partner)
{
    if (!op || !partner || !sim_hb_on)
        return;
    add_partner(op, partner);
}

void sim_hb_op_complete(sim_hb_rec_t op)
{
    if (!op)
        return;
    int me = self_act();
    witness(op, me, tick(me));
}

/* The buffers of ops on chan are the program's again.  In a PE with
 * threads they stay watched (as chan 0, the last NLINGER of them): the
 * thread that completed the ops is ordered after their writes, but a
 * sibling that reads the buffer without synchronising with it is not. */
#define NLINGER 32
static void drop_buffers(hpe_t *h, uintptr_t chan)
{
    size_t kept = 0, lingering = 0;
    for (size_t i = 0; i < h->nnb; i++)
        lingering += h->nb[i].chan == 0 || (h->threaded && h->nb[i].chan == chan);
    for (size_t i = 0; i < h->nnb; i++) {
        nbuf_t b = h->nb[i];
        if (b.chan == chan && h->threaded)
            b.chan = 0;
        if (b.chan == 0 && lingering > NLINGER) {
            lingering--; /* the oldest go first */
            continue;
        }
        if (b.chan != chan)
            h->nb[kept++] = b;
    }
    h->nnb = kept;
    sim_hb_watch_gen++;
}

void sim_hb_quiet(uintptr_t chan)
{
    if (!sim_hb_on)
        return;
    int a = self_act();
    hpe_t *h = &H.pe[self_id()];
    direct_done(a);
    uint32_t c = tick(a);
    /* A context shared by threads: a sibling's quiet may have completed
     * this thread's ops, and this quiet, which returns when they are
     * complete, orders what the thread does next after them all the same. */
    size_t kept = 0;
    for (size_t i = 0; i < h->done_for.n; i++) {
        sim_hb_rec_t op = h->done_for.v[i];
        if (H.rec[op].chan == chan && H.rec[op].act == a) {
            witness(op, a, c);
            unref(op);
        } else {
            h->done_for.v[kept++] = op;
        }
    }
    h->done_for.n = kept;
    kept = 0;
    for (size_t i = 0; i < h->pending.n; i++) {
        sim_hb_rec_t op = h->pending.v[i];
        if (H.rec[op].chan == chan) {
            witness(op, a, c);
            if (H.rec[op].act != a && h->done_for.n < DONE_FOR_MAX)
                vec_push(&h->done_for, op);
            unref(op);
        } else {
            h->pending.v[kept++] = op;
        }
    }
    h->pending.n = kept;
    for (size_t k = 0; k < h->ptab_cap; k++)
        if (h->ptab[k].used && h->ptab[k].chan == chan)
            h->ptab[k].ops.n = 0;
    drop_buffers(h, chan);
}

void sim_hb_fence(void)
{
    if (sim_hb_on) {
        direct_done(self_act());
        H.act[self_act()].fences++;
    }
}

/* Calls fn for each page's share [off, off+run) of [addr, addr+n) of
 * mem_pe (home form) that has a shadow page. */
static void each_page(int mem_pe, const void *addr, size_t n,
                      void (*fn)(spage_t *pg, size_t off, size_t run, void *arg), void *arg)
{
    const char *p = addr;
    while (n) {
        pkey_t k;
        size_t off;
        locate(mem_pe, p, &k, &off);
        size_t run = PAGE - off < n ? PAGE - off : n;
        spage_t *pg = page_get(&k, 0);
        if (pg)
            fn(pg, off, run, arg);
        p += run;
        n -= run;
    }
}

typedef struct reads_of {
    int pe;
    uintptr_t chan;
} reads_of_t;

/* The reads that ops of a->pe on a->chan made there are over: they no
 * longer conflict with anything. */
static void end_reads(spage_t *pg, size_t off, size_t run, void *arg)
{
    const reads_of_t *a = arg;
    sim_hb_rec_t was = 0, now = 0; /* the last cell's change, for its neighbours */
    if (pg->words)
        cells(pg); /* byte cells before any is looked at: the loop changes bytes */
    for (size_t i = 0; i < run; i++) {
        const cell_t *c = cell_at(pg, off + i);
        if (!c->r)
            continue;
        if (was && c->r == was) {
            cell_t *w = &cells(pg)[off + i];
            ref(now);
            unref(w->r);
            w->r = now;
            continue;
        }
        sim_hb_rec_t reads[NPART], left = 0;
        int n = reads_of(c->r, reads), nleft = 0, ended = 0;
        for (int k = 0; k < n; k++) {
            const rec_t *r = &H.rec[reads[k]];
            if (r->is_op && r->pe == a->pe && r->chan == a->chan)
                ended++;
            else
                reads[nleft++] = reads[k];
        }
        if (!ended)
            continue;
        if (nleft)
            left = reads_as_one(reads, nleft);
        cell_t *w = &cells(pg)[off + i];
        was = w->r;
        now = left;
        unref(w->r);
        w->r = left;
    }
}

void sim_hb_local_complete(uintptr_t chan)
{
    if (!sim_hb_on)
        return;
    restamp();
    int me = self_id();
    hpe_t *h = &H.pe[me];
    reads_of_t a = {me, chan};
    for (size_t i = 0; i < h->nnb; i++)
        if (h->nb[i].chan == chan)
            each_page(me, sim_loader_home(sim_w->loader, me, h->nb[i].lo),
                      (size_t)(h->nb[i].hi - h->nb[i].lo), end_reads, &a);
    drop_buffers(h, chan);
}

static int witnessed_by(sim_hb_rec_t i, int p)
{
    const rec_t *r = &H.rec[i];
    for (int k = 0; k < r->nwit; k++)
        if (r->wit[k].pe == p)
            return 1;
    return 0;
}

/* Op x was applied at its target, as me learned at clock c: x, its
 * partners, and the ops its fence epoch orders before it are complete. */
static void witness_applied(sim_hb_rec_t xi, int me, uint32_t c)
{
    const rec_t *x = &H.rec[xi];
    witness(xi, me, c);
    for (int k = 0; k < NPART && x->partner[k]; k++) {
        const rec_t *p = &H.rec[x->partner[k]];
        witness(x->partner[k], me, c);
        /* (a partner's own partners: the same data another op had
         * written there first, see sim_hb_op_silent) */
        for (int j = 0; j < NPART && p->partner[j]; j++)
            witness(p->partner[j], me, c);
    }
    /* The fence groups back to one me learned complete before (it knew
     * every earlier group's ops complete by then too). */
    for (fgroup_t *g = x->fg; g && !(g->walked_pe == me && g->walked_clock <= c); g = g->prev) {
        for (uint32_t k = 0; k < g->n; k++)
            witness(g->ops[k], me, c);
        g->walked_pe = me;
        g->walked_clock = c;
    }
    const recvec_t *pl = pend_list(&H.pe[x->pe], x->chan, x->target, 0);
    for (size_t i = 0; pl && i < pl->n && H.rec[pl->v[i]].epoch < x->epoch; i++)
        if (H.rec[pl->v[i]].act == x->act)
            witness(pl->v[i], me, c);
}

/* me learned that op x was complete: it acquires x's clock, and x, its
 * partner and the ops x's fence epoch orders before it are complete. */
static void acquire_op(int me, sim_hb_rec_t xi)
{
    const rec_t *x = &H.rec[xi];
    if (!x->is_op) {
        /* A store of another PE (through a direct pointer an API gave it)
         * or of another thread of this one: what its actor knows now is
         * at least what it knew then (more, perhaps: a race missed, never
         * one made up). */
        if (x->act != me && x->act < H.width && H.act[x->act].vc) {
            view_t v = view_act(x->act, -1);
            join(me, &v);
            /* (and of its direct stores: the one seen was one of them) */
            const recvec_t *d = &H.act[x->act].direct;
            if (d->n) {
                uint32_t c = tick(me);
                for (size_t i = 0; i < d->n; i++)
                    witness(d->v[i], me, c);
            }
        }
        return;
    }
    view_t v = view_rec(x);
    join(me, &v);
    uint32_t c = tick(me);
    witness_applied(xi, me, c);
    /* The atomics of x's chain were applied before it, and so was what
     * each of them implies; a link me already witnessed ends the walk
     * (everything before it was witnessed with it). */
    for (sim_hb_rec_t p = x->prev; p && !witnessed_by(p, me); p = H.rec[p].prev)
        witness_applied(p, me, c);
}

static void note_seen(int me, sim_hb_rec_t w, const char *call, const void *site)
{
    hact_t *h = &H.act[me];
    if (!H.rec[w].is_op)
        return;
    ref(w);
    unref(h->seen);
    h->seen = w;
    h->seen_by = call;
    h->seen_site = site;
    h->blind_by = NULL;
}

sim_hb_rec_t sim_hb_last_write(int mem_pe, const void *addr)
{
    if (!sim_hb_on)
        return 0;
    pkey_t k;
    size_t off;
    locate(mem_pe, addr, &k, &off);
    spage_t *pg = page_get(&k, 0);
    sim_hb_rec_t w = pg ? cell_at(pg, off)->w : 0;
    ref(w);
    return w;
}

void sim_hb_observe_rec(sim_hb_rec_t w, const char *call, const void *site)
{
    if (!w)
        return;
    int me = self_act();
    acquire_op(me, w);
    note_seen(me, w, call, site);
}

void sim_hb_observe(int mem_pe, const void *addr, size_t n, const char *call, const void *site)
{
    if (!sim_hb_on)
        return;
    /* One lookup a shadow page; the cells keep their writes alive, and
     * observing changes no cell. */
    sim_hb_rec_t last = 0;
    int saw_op = 0;
    const char *a = addr;
    for (size_t i = 0; i < n;) {
        pkey_t k;
        size_t off;
        locate(mem_pe, a + i, &k, &off);
        const spage_t *pg = page_get(&k, 0);
        size_t run = n - i < PAGE - off ? n - i : PAGE - off;
        if (H.nlate) /* a wait on a word it also read plainly: a poll */
            late_touch(self_act(), &k, off, run, 0);
        for (size_t j = 0; pg && j < run; j++) {
            sim_hb_rec_t w = cell_at(pg, off + j)->w;
            if (w && w != last)
                sim_hb_observe_rec(w, call, site);
            saw_op |= w && H.rec[w].is_op;
            last = w;
        }
        if (!pg)
            last = 0;
        i += run;
    }
    if (!saw_op) {
        hact_t *h = &H.act[self_act()];
        h->blind_by = call;
        h->blind_site = site;
        h->blind_time = sim_w->now;
    }
}

/* ---- synchronising messages ---- */

sim_hb_rec_t sim_hb_release(void)
{
    if (!sim_hb_on)
        return 0;
    int me = self_act();
    if (H.act[me].unobserved)
        return 0;
    direct_done(me);
    sim_hb_rec_t i = rec_new();
    rec_t *r = &H.rec[i];
    r->act = me;
    r->pe = self_id();
    r->clock = H.act[me].vc[me];
    r->vc = snap_of(me);
    tick(me);
    return i;
}

void sim_hb_sync_deliver(int pe, sim_hb_rec_t rel)
{
    if (!rel)
        return;
    hpe_t *h = &H.pe[pe];
    /* Kept as records, so that each costs one merge (into the PE's clock
     * at acquire), not two; a PE that receives many before it acquires
     * gathers the rest in one vector. */
    if (h->inrel.n < 32) {
        vec_push(&h->inrel, rel);
        return;
    }
    if (!h->inbox)
        h->inbox = sim_xcalloc((size_t)H.width, sizeof(uint32_t));
    view_t v = view_rec(&H.rec[rel]);
    merge_view(h->inbox, &v);
    h->inbox_full = 1;
}

void sim_hb_sync_deliver_op(int pe, sim_hb_rec_t op)
{
    if (op)
        vec_push(&H.pe[pe].inops, op);
}

void sim_hb_sync_acquire(void)
{
    if (!sim_hb_on)
        return;
    int me = self_act();
    if (H.act[me].unobserved)
        return; /* what was delivered waits for the next acquire */
    hpe_t *h = &H.pe[self_id()];
    for (size_t i = 0; i < h->inrel.n; i++) {
        view_t v = view_rec(&H.rec[h->inrel.v[i]]);
        join(me, &v);
        unref(h->inrel.v[i]);
    }
    h->inrel.n = 0;
    if (h->inbox_full) {
        view_t v = {-1, -1, h->inbox, (uint32_t)H.width, 0};
        join(me, &v);
        h->inbox_full = 0;
    }
    if (h->inops.n) {
        uint32_t c = tick(me);
        for (size_t i = 0; i < h->inops.n; i++) {
            witness(h->inops.v[i], me, c);
            unref(h->inops.v[i]);
        }
        h->inops.n = 0;
    }
}

void sim_hb_all_arrive(uint64_t n)
{
    if (!sim_hb_on || !sim_w->cur)
        return;
    int me = self_act();
    if (H.act[me].unobserved)
        return;
    struct allsync *s = &H.all[n & 1];
    if (s->n != n || !s->v) { /* the first to arrive: n - 2 is over for all */
        s->n = n;
        if (s->v)
            memset(s->v, 0, s->w * sizeof *s->v);
    }
    if (s->w < (uint32_t)H.width) {
        s->v = sim_xrealloc(s->v, (size_t)H.width * sizeof *s->v);
        memset(s->v + s->w, 0, (H.width - s->w) * sizeof *s->v);
        s->w = (uint32_t)H.width;
    }
    direct_done(me);
    merge(s->v, H.act[me].vc, H.width);
    tick(me);
}

void sim_hb_all_leave(uint64_t n)
{
    if (!sim_hb_on || !sim_w->cur)
        return;
    int me = self_act();
    const struct allsync *s = &H.all[n & 1];
    if (H.act[me].unobserved || s->n != n || !s->v)
        return;
    view_t v = {-1, -1, s->v, s->w, 0};
    join(me, &v);
}

void sim_hb_unobserved(int on)
{
    if (sim_hb_on)
        H.act[self_act()].unobserved = on;
}

void sim_hb_acquire(sim_hb_rec_t rel)
{
    if (!rel)
        return;
    int me = self_act();
    view_t v = view_rec(&H.rec[rel]);
    join(me, &v);
}

void sim_hb_unref(sim_hb_rec_t r)
{
    if (sim_hb_on)
        unref(r);
}

sim_hb_rec_t sim_hb_hold(sim_hb_rec_t r)
{
    if (sim_hb_on)
        ref(r);
    return r;
}

sim_hb_rec_t sim_hb_partner(sim_hb_rec_t op)
{
    return sim_hb_on && op ? H.rec[op].partner[0] : 0;
}

/* ---- buffers and memory ---- */

void sim_hb_nbi_buffer(uintptr_t chan, const void *addr, size_t n)
{
    hpe_t *h = &H.pe[self_id()];
    if (h->nnb == h->capnb) {
        h->capnb = h->capnb ? h->capnb * 2 : 8;
        h->nb = sim_xrealloc(h->nb, h->capnb * sizeof *h->nb);
    }
    h->nb[h->nnb++] = (nbuf_t){chan, addr, (const char *)addr + n};
    sim_hb_watch_gen++;
}

/* Every access recorded there is forgotten. */
static void clear_cells(spage_t *pg, size_t off, size_t run, void *arg)
{
    (void)arg;
    if (!pg->c && run == PAGE && pg->lo == pg->hi) {
        unref_n(pg->u.w, PAGE);
        unref_n(pg->u.r, PAGE);
        pg->u = (cell_t){0, 0};
        return;
    }
    cell_t *cs = cells(pg);
    for (size_t i = 0; i < run; i++) {
        cell_t *c = &cs[off + i];
        unref(c->w);
        unref(c->r);
        c->w = c->r = 0;
    }
    if (run == PAGE)
        make_uniform(pg, (cell_t){0, 0});
}

void sim_hb_forget(int mem_pe, const void *addr, size_t n)
{
    if (!sim_hb_on)
        return;
    /* A one-shot load of these bytes can be read again no more: reported
     * now, while the block it read is still there to be named. */
    for (size_t i = 0; i < H.nlate;)
        if (H.late[i].k.pe == mem_pe && sim_mem_overlaps(H.late[i].addr, H.late[i].len, addr, n))
            late_report(i);
        else
            i++;
    restamp();
    each_page(mem_pe, addr, n, clear_cells, NULL);
}

int sim_hb_private_shadowed(void)
{
    return sim_hb_on && H.raw_pages && sim_w->cur;
}

void sim_hb_forget_private(const void *addr, size_t n)
{
    if (sim_hb_private_shadowed())
        sim_hb_forget(self_id(), addr, n);
}

/* ---- threads of a PE ---- */

void sim_hb_thread_start(const sim_pe_t *child)
{
    if (!sim_hb_on)
        return;
    int parent = self_act(), a = act_of(child);
    if (a == parent || a < H.npes)
        return;
    widen(a);
    direct_done(parent); /* (what the child knows is complete) */
    hact_t *h = &H.act[a];
    /* The slot's clock only grows, so a new thread on a reused slot is
     * not taken for the one before; it starts knowing what its creator
     * knows, and its creator's later accesses are not ordered before it. */
    uint32_t own = h->vc ? h->vc[a] : 0;
    if (!h->vc)
        h->vc = sim_xmalloc((size_t)H.width * sizeof(uint32_t));
    memcpy(h->vc, H.act[parent].vc, (size_t)H.width * sizeof(uint32_t));
    h->vc[a] = (own > h->vc[a] ? own : h->vc[a]) + 1;
    snap_put(h->snap);
    h->snap = NULL;
    for (size_t k = 0; k < sizeof h->cache / sizeof h->cache[0]; k++) {
        unref(h->cache[k]);
        h->cache[k] = 0;
    }
    unref(h->seen);
    h->seen = 0;
    H.pe[self_id()].threaded = 1;
    H.pe[self_id()].prog_threads = 1;
    sim_hb_watch_gen++;
    tick(parent);
}

/* obj's clock for the running PE; made (empty) when make and none. */
static oclock_t *obj_find_as(int pe, const void *obj, int make)
{
    okey_t k;
    okey_set(&k, pe, obj);
    oclock_t *o;
    HASH_FIND(hh, H.objs, &k, sizeof k, o);
    if (!o && make) {
        o = sim_xcalloc(1, sizeof *o);
        o->key = k;
        HASH_ADD(hh, H.objs, key, sizeof o->key, o);
    }
    return o;
}

static oclock_t *obj_find(const void *obj, int make)
{
    return obj_find_as(self_id(), obj, make);
}

/* The clock of memory a program's atomics use: keyed by the bytes (their
 * home address), whichever PE reaches them, since another PE may reach
 * them through a pointer into the owner's memory, and a release there
 * orders what both do as on one node. */
static oclock_t *mem_find(const void *addr, int make)
{
    return obj_find_as(-1, sim_loader_home(sim_w->loader, self_id(), addr), make);
}

static void obj_acquire(int me, const oclock_t *o)
{
    view_t v = {-1, -1, o->v, o->n, 0};
    join(me, &v);
}

static void obj_release(int me, oclock_t *o)
{
    direct_done(me);
    if (o->n < (uint32_t)H.width) {
        o->v = sim_xrealloc(o->v, (size_t)H.width * sizeof(uint32_t));
        memset(o->v + o->n, 0, (size_t)(H.width - (int)o->n) * sizeof(uint32_t));
        o->n = (uint32_t)H.width;
    }
    merge(o->v, H.act[me].vc, H.width);
    tick(me);
}

void sim_hb_obj_release(const void *obj)
{
    if (sim_hb_on && sim_w->cur)
        obj_release(self_act(), obj_find(obj, 1));
}

/* The running thread acquires o (nothing when NULL). */
static void acquire_from(const oclock_t *o)
{
    if (o)
        obj_acquire(self_act(), o);
}

/* The running thread acquires o, then releases into it. */
static void update_in(oclock_t *o)
{
    int me = self_act();
    obj_acquire(me, o);
    obj_release(me, o);
}

void sim_hb_obj_acquire(const void *obj)
{
    if (sim_hb_on && sim_w->cur)
        acquire_from(obj_find(obj, 0));
}

void sim_hb_obj_update(const void *obj)
{
    if (sim_hb_on && sim_w->cur)
        update_in(obj_find(obj, 1));
}

void sim_hb_mem_acquire(const void *addr)
{
    if (sim_hb_on && sim_w->cur)
        acquire_from(mem_find(addr, 0));
}

/* An atomic store of the running actor into another PE's memory (through
 * a pointer the API gave) lands after the ops the actor issued to that PE
 * before its last fence (the layer's fence waits for them to be delivered
 * once a PE stores through such pointers): they are complete for whoever
 * acquires what the store releases. */
static void fenced_before_store(const void *addr)
{
    int me = self_act(), pe = self_id();
    pkey_t k;
    size_t off;
    int target = fast_locate(pe, addr, &k, &off) == 0 ? k.pe : data_owner(addr);
    if (target < 0 || target == pe)
        return;
    const hpe_t *h = &H.pe[pe];
    uint32_t fences = H.act[me].fences, c = 0;
    /* (every slot to the target, whatever the channel: the order of the
     * slots does not matter, each op is witnessed alike) */
    for (size_t s = 0; s < h->ptab_cap; s++) {
        const pslot_t *sl = &h->ptab[s];
        if (!sl->used || sl->target != target)
            continue;
        for (size_t i = 0; i < sl->ops.n; i++) {
            const rec_t *r = &H.rec[sl->ops.v[i]];
            if (r->act != me || r->fences >= fences)
                continue;
            if (!c)
                c = tick(me);
            witness(sl->ops.v[i], me, c);
        }
    }
}

void sim_hb_mem_update(const void *addr)
{
    if (sim_hb_on && sim_w->cur) {
        fenced_before_store(addr);
        update_in(mem_find(addr, 1));
    }
}

void sim_hb_obj_forget(const void *obj)
{
    if (!sim_hb_on || !sim_w->cur)
        return;
    oclock_t *o = obj_find(obj, 0);
    if (o) {
        HASH_DEL(H.objs, o);
        free(o->v);
        free(o);
    }
}

/* ---- the words of a report ---- */

static const char *kind_of(const sim_hb_side_t *s)
{
    if (!s->is_op)
        return s->atomic ? (s->write ? "atomic store" : "atomic load")
                         : (s->write ? "store" : "load");
    if (s->atomic)
        return "atomic";
    return s->write ? "write" : "read";
}

const char *sim_hb_where(const void *site, char *buf, size_t len)
{
    return site ? sim_loader_symbolize(sim_w->loader, site, buf, len) : "?";
}

/* "PE 0's write by CALL at main (race.c:20)", CALL the routine's name. */
/* threads: name the thread, the main program's too (two threads of one
 * PE are the two sides). */
static const char *side_text(const sim_hb_side_t *s, int threads, char *buf, size_t len)
{
    char w[200];
    sim_hb_where(s->site, w, sizeof w);
    char who[48];
    if (s->tid == -2)
        snprintf(who, sizeof who, "PE %d (completion thread)", s->pe);
    else if (s->tid < 0)
        snprintf(who, sizeof who, "PE %d (handler)", s->pe);
    else if (s->tid)
        snprintf(who, sizeof who, "PE %d (thread %d)", s->pe, s->tid);
    else
        snprintf(who, sizeof who, threads ? "PE %d (main thread)" : "PE %d", s->pe);
    if (s->is_op)
        snprintf(buf, len, "%s's %s by %s at %s", who, kind_of(s), s->call, w);
    else
        snprintf(buf, len, "%s's %s at %s", who, kind_of(s), w);
    return buf;
}

void sim_hb_raise(const sim_check_t *rule, const sim_hb_side_t *a, const sim_hb_side_t *b, int mem_pe,
                  const void *addr, size_t len, const sim_hb_side_t *at, const char *advice)
{
    char t1[300], t2[300], obj[160], name[96];
    int threads = a->pe == b->pe && a->tid != b->tid;
    side_text(a, threads, t1, sizeof t1);
    side_text(b, threads, t2, sizeof t2);
    sim_mem_name(addr, name, sizeof name);
    const char *what = NULL;
    char stray[300], in_heap[360], place[480];
    if (sim_mem_object_name(mem_pe, addr, obj, sizeof obj) && strcmp(obj, "?") != 0)
        what = obj;
    else if (sim_mem_stray_name(mem_pe, addr, stray, sizeof stray)) {
        snprintf(in_heap, sizeof in_heap, "symmetric heap memory no allocation holds, %s", stray);
        what = in_heap;
    }
    if (what)
        snprintf(place, sizeof place, "%zu byte%s at %s, in %s", len, len == 1 ? "" : "s", name,
                 what);
    else /* (its address differs from run to run: not given) */
        snprintf(place, sizeof place, "%zu byte%s of memory that is not symmetric: "
                 "allocated by malloc or mmap, or a stack", len, len == 1 ? "" : "s");
    /* Raised at the program's own access when there is one, else at the
     * op whose site reads first, so the same race is one finding whichever
     * order a seed gave the two. */
    char wa[200], wb[200];
    if (!at)
        at = !b->is_op ? b : !a->is_op ? a
             : strcmp(sim_hb_where(a->site, wa, sizeof wa), sim_hb_where(b->site, wb, sizeof wb)) < 0
                 ? a : b;
    sim_finding_raise(rule, SIM_SEV_ERROR, at->pe, at->call ? at->call : kind_of(at), at->site,
                      "%s and %s touch the same bytes of PE %d's memory (%s) and no "
                      "synchronisation orders them: the first happened at t=%lluns in this "
                      "run, but another run may order them the other way. %s", t1, t2, mem_pe,
                      place, (unsigned long long)a->time, advice);
}
