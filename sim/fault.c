/* sim/fault: matching faults against messages, calls and time; applying
 * them; recording each firing.  See fault.h for the model. */
#include "fault.h"
#include "heap.h"
#include "io.h"
#include "loader.h"
#include "mem.h"
#include "scenario.h"
#include "sched.h"
#include "trace.h"
#include "util.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A message held back by a reorder fault waits at most this long for the
 * next message of its pair; after that it leaves anyway. */
#define REORDER_HOLD_NS 100000u

/* sim_msg_t.fault_marks: bits to flip on delivery, and "deliver twice". */
#define MARK_DUP (1u << 31)
#define MARK_BITS 0x00ffffffu

typedef struct fstate {
    const sim_fault_t *f;  /* the fault as loaded */
    int index;             /* its position in the file's faults list */
    unsigned ops;          /* 1 << sim_op_t for each op class it matches */
    uint64_t seen;         /* messages or calls that passed its filters (for nth) */
    uint64_t fired;        /* times it fired */
    uint64_t first_ns, last_ns; /* when it first and last fired */
    int slow_on;           /* slow: the slowdown is in effect (for its instants) */
    size_t mem_off;        /* memory: byte offset into the image, or the heap's user part */
    int mem_heap;          /* memory: mem_off is into the symmetric heap */
    unsigned char *side;   /* partition: per PE, 1 in group a, 2 in group b, else 0 */
    uint64_t timer;        /* at: its timer event, while timer_on */
    int timer_on;
    int call_seen;         /* at_call: its PE entered that routine at least once */
} fstate_t;

typedef struct hold {
    sim_msg_t *m;          /* message held for a reorder; NULL once released */
    uint64_t extra_ns;     /* delay other faults gave it */
    struct hold *next;     /* the engine's list of holds whose timer is pending */
} hold_t;

typedef struct sim_fault_engine {
    fstate_t *fs;          /* one per fault, in file order */
    int n;
    const char *file;      /* scenario file, for messages */
    uint64_t fired;        /* firings of all faults */
    uint64_t *stalled_until; /* per PE: a stall ends then */
    uint64_t *crash_ns;    /* per PE: when a crash fault ended it */
    int *crash_by;         /* per PE: index of that fault, or -1 */
    hold_t *holds;         /* reorder holds with a pending timer */
    int muted;             /* a duplicate is being delivered */
    uint64_t lost;         /* messages drop faults lost for good */
    char first_lost[800];  /* the first of them, and the fault, for a deadlock's report */
} engine_t;

#define E (sim_w->fault) /* the run's fault engine, owned by the world */
unsigned sim_fault_hooks;

static const char *where_in_file(const sim_fault_t *f, char *buf, size_t len)
{
    snprintf(buf, len, "%s:%d:%d", E->file ? E->file : "faults", f->line, f->col);
    return buf;
}

/* Records one firing of s: counts it, an instant on pe's track and, the
 * first time, a line on stderr. */
static void fired(fstate_t *s, int pe, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fired(fstate_t *s, int pe, const char *fmt, ...)
{
    char what[240], loc[300], detail[600], name[48];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    where_in_file(s->f, loc, sizeof loc);
    const char *kind = sim_scenario_fault_kind_name(s->f->kind);
    if (s->fired++ == 0) {
        s->first_ns = sim_w->now;
        sim_io_break_line();
        fprintf(stderr, "shmemsim: fault %s (%s) fired at t=%lluns on PE %d: %s\n", kind, loc,
                (unsigned long long)sim_w->now, pe, what);
    }
    s->last_ns = sim_w->now;
    E->fired++;
    snprintf(name, sizeof name, "fault: %s", kind);
    snprintf(detail, sizeof detail, "%s (%s)", what, loc);
    sim_trace_instant(pe, "fault", name, detail);
}

static void describe(const sim_msg_t *m, char *buf, size_t len)
{
    /* The class, and the op: filter that selects it when its name is
     * not one (a collective's "ctrl" message is op: coll). */
    const char *filter = sim_op_filter_of(m->op);
    int same = strcmp(filter, sim_op_name(m->op)) == 0;
    snprintf(buf, len, "%s%s%s%s PE %d -> PE %d, %zu bytes%s%s", sim_op_name(m->op),
             same ? "" : " (op: ", same ? "" : filter, same ? "" : ")", m->src, m->dst,
             m->bytes, m->what ? ", from " : "", m->what ? m->what : "");
}

static int pe_down(int pe)
{
    return sim_w->pes[pe].fault_crash;
}

static int in_window(const sim_fault_t *f)
{
    return !f->has_window || (sim_w->now >= f->win_start_ns && sim_w->now <= f->win_end_ns);
}

/* nth and probability, for an event that passed s's filters. */
static int hits(fstate_t *s)
{
    const sim_fault_t *f = s->f;
    s->seen++;
    if (f->nth && s->seen != f->nth)
        return 0;
    if (f->probability >= 1.0)
        return 1;
    return f->probability > 0.0 && sim_rng_unit(&sim_w->rng) < f->probability;
}

static int is_message_fault(sim_fault_kind_t k)
{
    return k <= SIM_FAULT_CORRUPT;
}

/* ------------------------------------------------------------ creation */

static int fail_at(char *err, size_t errlen, const sim_fault_t *f, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int fail_at(char *err, size_t errlen, const sim_fault_t *f, const char *fmt, ...)
{
    char loc[300], msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(err, errlen, "%s: %s", where_in_file(f, loc, sizeof loc), msg);
    return -1;
}

/* Resolves where a memory fault writes; the word must lie inside the
 * symbol (when its size is known) or inside the heap's user part. */
static int resolve_memory(fstate_t *s, char *err, size_t errlen)
{
    const sim_fault_t *f = s->f;
    if (!f->symbol[0]) {
        if (f->offset > sim_w->heap->user_size - sizeof(int64_t))
            return fail_at(err, errlen, f, "memory fault: offset %llu is past the end of the "
                           "%zu-byte symmetric heap", (unsigned long long)f->offset,
                           sim_w->heap->user_size);
        s->mem_heap = 1;
        s->mem_off = (size_t)f->offset;
        return 0;
    }
    size_t off, size;
    if (sim_loader_symbol(sim_w->loader, f->symbol, &off, &size) != 0)
        return fail_at(err, errlen, f, "memory fault: the program has no symbol '%s'", f->symbol);
    if (size && (f->offset > size || size - f->offset < sizeof(int64_t)))
        return fail_at(err, errlen, f, "memory fault: offset %llu leaves no 8-byte word inside "
                       "'%s' (%zu bytes)", (unsigned long long)f->offset, f->symbol, size);
    s->mem_off = off + (size_t)f->offset;
    return 0;
}

static int set_up(fstate_t *s, char *err, size_t errlen)
{
    const sim_fault_t *f = s->f;
    s->ops = f->ops;
    if (f->at_call[0]) {
        /* A misspelt routine would make a trigger that never fires; so
         * would a function of another library (printf). */
        Dl_info mine, its;
        void *sym = dlsym(RTLD_DEFAULT, f->at_call);
        if (!sym || !dladdr(sym, &its) || !dladdr((void *)sim_fault_call, &mine) ||
            its.dli_fbase != mine.dli_fbase)
            return fail_at(err, errlen, f, "at_call: '%s' is not a routine shmemsim provides",
                           f->at_call);
        sim_fault_hooks |= SIM_FAULT_HOOK_CALL;
    }
    switch (f->kind) {
    case SIM_FAULT_STALL:
    case SIM_FAULT_SLOW:
        sim_fault_hooks |= SIM_FAULT_HOOK_CPU;
        return 0;
    case SIM_FAULT_MEMORY:
        return resolve_memory(s, err, errlen);
    case SIM_FAULT_PARTITION:
        s->side = sim_xcalloc((size_t)sim_w->npes, 1);
        for (int g = 0; g < 2; g++)
            for (int i = 0; i < f->ngroup[g]; i++)
                s->side[f->groups[g][i]] = (unsigned char)(g + 1);
        break;
    default:
        break;
    }
    sim_fault_hooks |= SIM_FAULT_HOOK_NET; /* message and network faults, crashes */
    return 0;
}

int sim_fault_create(const sim_fault_t *faults, int n, const char *file, char *err, size_t errlen)
{
    sim_fault_hooks = 0;
    E = sim_xcalloc(1, sizeof *E);
    E->file = file;
    E->n = n;
    E->fs = sim_xcalloc((size_t)(n ? n : 1), sizeof *E->fs);
    E->stalled_until = sim_xcalloc((size_t)sim_w->npes, sizeof *E->stalled_until);
    E->crash_ns = sim_xcalloc((size_t)sim_w->npes, sizeof *E->crash_ns);
    E->crash_by = sim_xmalloc((size_t)sim_w->npes * sizeof *E->crash_by);
    for (int i = 0; i < sim_w->npes; i++)
        E->crash_by[i] = -1;
    for (int i = 0; i < n; i++) {
        E->fs[i].f = &faults[i];
        E->fs[i].index = i;
        if (set_up(&E->fs[i], err, errlen) != 0) {
            sim_fault_destroy();
            return -1;
        }
    }
    return 0;
}

void sim_fault_destroy(void)
{
    if (!E)
        return;
    for (int i = 0; i < E->n; i++)
        free(E->fs[i].side);
    while (E->holds) {
        hold_t *h = E->holds;
        E->holds = h->next;
        if (h->m)
            sim_msg_free(h->m); /* still held when the run ended */
        free(h);
    }
    free(E->fs);
    free(E->stalled_until);
    free(E->crash_ns);
    free(E->crash_by);
    free(E);
    E = NULL;
    sim_fault_hooks = 0;
}

/* ------------------------------------------------------ network faults */

/* Whether a partition or a link that is down stops m now; records it. */
static int network_stops(const sim_msg_t *m)
{
    char d[160];
    for (int i = 0; i < E->n; i++) {
        fstate_t *s = &E->fs[i];
        const sim_fault_t *f = s->f;
        if (!in_window(f))
            continue;
        if (f->kind == SIM_FAULT_PARTITION && s->side[m->src] && s->side[m->dst] &&
            s->side[m->src] != s->side[m->dst]) {
            describe(m, d, sizeof d);
            fired(s, m->src, "%s lost: it crosses the partition", d);
            return 1;
        }
        if (f->kind == SIM_FAULT_LINK_DOWN && m->src != m->dst &&
            (f->from < 0 || f->from == m->src) && (f->to < 0 || f->to == m->dst)) {
            describe(m, d, sizeof d);
            fired(s, m->src, "%s lost: the link is down", d);
            return 1;
        }
    }
    return 0;
}

/* Loses m when a PE at either end is down or the network stops it. */
/* A message the network loses still left its origin's port: what the
 * sender does at that moment (capture an nbi source, let a large blocking
 * put return) happens, once. */
static void departs(sim_msg_t *m)
{
    sim_msg_fn fn = m->on_inject;
    m->on_inject = NULL;
    if (fn)
        fn(m);
}

static int lost_on_the_way(sim_msg_t *m)
{
    char d[160];
    if (pe_down(m->src) || pe_down(m->dst)) {
        describe(m, d, sizeof d);
        sim_trace_instant(pe_down(m->src) ? m->dst : m->src, "fault", "lost: PE down", d);
    } else if (!network_stops(m)) {
        return 0;
    }
    departs(m);
    sim_msg_free(m);
    return 1;
}

static void retransmit_ev(void *arg)
{
    sim_msg_t *m = arg;
    if (lost_on_the_way(m))
        return;
    char d[160];
    describe(m, d, sizeof d);
    sim_trace_instant(m->src, "fault", "retransmit", d);
    sim_net_inject(m, 0, 0);
}

/* ------------------------------------------------------- reorder holds */

static hold_t *held_for_pair(int src, int dst)
{
    for (hold_t *h = E->holds; h; h = h->next)
        if (h->m && h->m->src == src && h->m->dst == dst)
            return h;
    return NULL;
}

/* Lets a held message go, arriving no earlier than not_before. */
static void release(hold_t *h, uint64_t not_before)
{
    sim_msg_t *m = h->m;
    h->m = NULL;
    if (lost_on_the_way(m))
        return;
    char d[160];
    describe(m, d, sizeof d);
    sim_trace_instant(m->src, "fault", "reorder: released", d);
    sim_net_inject(m, h->extra_ns, not_before);
}

static void hold_timeout_ev(void *arg)
{
    hold_t *h = arg;
    if (h->m)
        release(h, 0);
    for (hold_t **p = &E->holds; *p; p = &(*p)->next) {
        if (*p == h) {
            *p = h->next;
            break;
        }
    }
    free(h);
}

static void hold(sim_msg_t *m, uint64_t extra_ns)
{
    hold_t *h = sim_xcalloc(1, sizeof *h);
    h->m = m;
    h->extra_ns = extra_ns;
    h->next = E->holds;
    E->holds = h;
    sim_evq_push(&sim_w->evq, sim_w->now + REORDER_HOLD_NS, hold_timeout_ev, h);
}

/* ------------------------------------------------------ message faults */

/* Whether s could act on m at all: a corrupt fault needs a payload, and a
 * reply is never duplicated (it would land in a call that has returned). */
static int applies(const fstate_t *s, const sim_msg_t *m)
{
    const sim_fault_t *f = s->f;
    if (!is_message_fault(f->kind) || !((s->ops >> m->op) & 1u) || !in_window(f))
        return 0;
    if ((f->from >= 0 && f->from != m->src) || (f->to >= 0 && f->to != m->dst))
        return 0;
    if (f->kind == SIM_FAULT_CORRUPT && m->bytes == 0)
        return 0;
    return !(f->kind == SIM_FAULT_DUPLICATE && m->op == SIM_OP_REPLY);
}

/* Applies s to m; returns 1 when m is dropped (and now owned elsewhere). */
static int apply(fstate_t *s, sim_msg_t *m, uint64_t *extra_ns, int *held)
{
    const sim_fault_t *f = s->f;
    char d[160];
    describe(m, d, sizeof d);
    switch (f->kind) {
    case SIM_FAULT_DELAY:
        *extra_ns += f->extra_ns;
        fired(s, m->src, "%s delayed by %lluns", d, (unsigned long long)f->extra_ns);
        return 0;
    case SIM_FAULT_DROP:
        departs(m);
        if (f->retransmit) {
            fired(s, m->src, "%s lost, sent again after %lluns", d,
                  (unsigned long long)f->retransmit_after_ns);
            sim_evq_push(&sim_w->evq, sim_w->now + f->retransmit_after_ns, retransmit_ev, m);
        } else {
            fired(s, m->src, "%s lost for good", d);
            if (E->lost++ == 0) {
                char at[256];
                snprintf(E->first_lost, sizeof E->first_lost, "%s, by the fault at %s", d,
                         where_in_file(f, at, sizeof at));
            }
            sim_msg_free(m);
        }
        return 1;
    case SIM_FAULT_DUPLICATE:
        m->fault_marks |= MARK_DUP;
        fired(s, m->src, "%s will be delivered twice", d);
        return 0;
    case SIM_FAULT_REORDER:
        if (*held || held_for_pair(m->src, m->dst))
            return 0; /* it is the one that overtakes */
        *held = 1;
        fired(s, m->src, "%s held back until the next message of the pair overtakes it", d);
        return 0;
    case SIM_FAULT_CORRUPT: {
        uint32_t bits = (m->fault_marks & MARK_BITS) + (uint32_t)f->bits;
        m->fault_marks = (m->fault_marks & ~MARK_BITS) | (bits > MARK_BITS ? MARK_BITS : bits);
        if ((uint64_t)f->bits >= 8 * (uint64_t)m->bytes) /* (as many as there are) */
            fired(s, m->src, "%s will have all %llu of its bits flipped", d,
                  (unsigned long long)(8 * (uint64_t)m->bytes));
        else
            fired(s, m->src, "%s will have %d bit%s flipped", d, f->bits, f->bits == 1 ? "" : "s");
        return 0;
    }
    default:
        return 0;
    }
}

int sim_fault_inject(sim_msg_t *m, uint64_t *extra_ns)
{
    *extra_ns = 0;
    if (lost_on_the_way(m))
        return 1;
    int held = 0;
    for (int i = 0; i < E->n; i++) {
        fstate_t *s = &E->fs[i];
        if (applies(s, m) && hits(s) && apply(s, m, extra_ns, &held))
            return 1;
    }
    hold_t *h = held_for_pair(m->src, m->dst);
    if (h) {
        uint64_t head = sim_net_inject(m, *extra_ns, 0);
        release(h, head);
        return 1;
    }
    if (held) {
        hold(m, *extra_ns);
        return 1;
    }
    return 0;
}

int sim_fault_arrive(sim_msg_t *m)
{
    if (!pe_down(m->dst))
        return 0;
    char d[160];
    describe(m, d, sizeof d);
    sim_trace_instant(m->src, "fault", "lost: PE down", d);
    sim_msg_free(m);
    return 1;
}

static void dup_ev(void *arg)
{
    sim_msg_t *c = arg;
    if (!pe_down(c->dst)) {
        char d[160];
        describe(c, d, sizeof d);
        sim_trace_instant(c->dst, "fault", "duplicate delivered", d);
        E->muted = 1;
        c->deliver(c);
        E->muted = 0;
    }
    sim_msg_free(c);
}

/* The duplicate is a copy of what was sent, delivered one latency after
 * the original (a switch resending a frame it thought lost). */
static void queue_duplicate(const sim_msg_t *m)
{
    sim_msg_t *c = sim_msg_new(m->src, m->dst, m->op, m->bytes);
    if (m->bytes)
        memcpy(c->data, m->data, m->bytes);
    c->id = m->id;
    c->what = m->what;
    c->deliver = m->deliver;
    c->dst_addr = m->dst_addr;
    c->src_addr = m->src_addr;
    memcpy(c->arg, m->arg, sizeof c->arg);
    c->ptr = m->ptr;
    sim_evq_push(&sim_w->evq, sim_w->now + sim_net_params()->latency_ns, dup_ev, c);
}

/* Flips bits distinct bits of m's payload, chosen by Floyd's sampling; the
 * chosen set is built as an XOR mask. */
static void corrupt(sim_msg_t *m, uint64_t bits)
{
    uint64_t nbits = (uint64_t)m->bytes * 8;
    unsigned char *mask = sim_xcalloc(m->bytes, 1);
    if (bits > nbits)
        bits = nbits;
    for (uint64_t j = nbits - bits; j < nbits; j++) {
        uint64_t t = sim_rng_below(&sim_w->rng, j + 1);
        uint64_t pick = (mask[t / 8] >> (t % 8)) & 1u ? j : t;
        mask[pick / 8] |= (unsigned char)(1u << (pick % 8));
    }
    char list[120] = "";
    size_t len = 0, shown = 0;
    for (uint64_t b = 0; b < nbits; b++) {
        if (!((mask[b / 8] >> (b % 8)) & 1u))
            continue;
        if (shown++ < 6 && len < sizeof list)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%llu", shown > 1 ? ", " : "",
                                    (unsigned long long)b);
    }
    for (size_t i = 0; i < m->bytes; i++)
        m->data[i] ^= mask[i];
    free(mask);
    char d[160], detail[320];
    describe(m, d, sizeof d);
    snprintf(detail, sizeof detail, "%s: flipped bit%s %s%s", d, bits == 1 ? "" : "s", list,
             shown > 6 ? ", ..." : "");
    sim_trace_instant(m->dst, "fault", "corrupted", detail);
}

void sim_fault_deliver(sim_msg_t *m)
{
    if (m->fault_marks & MARK_DUP)
        queue_duplicate(m);
    if ((m->fault_marks & MARK_BITS) && m->bytes)
        corrupt(m, m->fault_marks & MARK_BITS);
}

int sim_fault_muted(void)
{
    return E && E->muted;
}

/* ----------------------------------------------------------- PE faults */

/* Writes the memory fault's value into pe's memory and wakes a watcher. */
static void poke(const fstate_t *s, int pe)
{
    void *home = s->mem_heap ? sim_heap_addr(sim_w->heap, pe, SIM_HEAP_INTERNAL + s->mem_off)
                             : sim_loader_addr(sim_w->loader, pe, s->mem_off);
    int64_t v = s->f->value;
    memcpy(sim_mem_live(pe, home), &v, sizeof v);
    sim_mem_written(pe, home, sizeof v);
}

/* Fires a stall, crash or memory fault on pe; in_call: pe is running. */
static void act(fstate_t *s, sim_pe_t *pe, int in_call)
{
    const sim_fault_t *f = s->f;
    char where[200] = "";
    if (in_call)
        snprintf(where, sizeof where, " on entering %s", f->at_call);
    switch (f->kind) {
    case SIM_FAULT_STALL:
        fired(s, pe->id, "stalled for %lluns%s", (unsigned long long)f->for_ns, where);
        if (in_call) {
            sim_pe_sleep(f->for_ns);
        } else if (E->stalled_until[pe->id] < sim_w->now + f->for_ns) {
            E->stalled_until[pe->id] = sim_w->now + f->for_ns;
        }
        return;
    case SIM_FAULT_MEMORY:
        fired(s, pe->id, "wrote %lld into %s%s+%llu%s", (long long)f->value,
              f->symbol[0] ? "&" : "symmetric heap", f->symbol, (unsigned long long)f->offset,
              where);
        poke(s, pe->id);
        return;
    case SIM_FAULT_CRASH:
        fired(s, pe->id, "crashed%s", where);
        E->crash_ns[pe->id] = sim_w->now;
        E->crash_by[pe->id] = s->index;
        sim_pe_fail(pe); /* does not return when pe is running */
        return;
    default:
        return;
    }
}

static void timer_ev(void *arg)
{
    fstate_t *s = arg;
    s->timer_on = 0;
    sim_pe_t *pe = &sim_w->pes[s->f->pe];
    if (pe->state != SIM_PE_DONE && hits(s))
        act(s, pe, 0);
}

static void cancel_timers(void);

void sim_fault_start(void)
{
    for (int i = 0; E && i < E->n; i++)
        if (E->fs[i].f->has_at) {
            E->fs[i].timer = sim_evq_push(&sim_w->evq, E->fs[i].f->at_ns, timer_ev, &E->fs[i]);
            E->fs[i].timer_on = 1;
            sim_sched_at_all_ended(cancel_timers);
        }
}

/* Every PE has ended (sim_sched_at_all_ended): the timers of faults not
 * yet due are cancelled, so a fault due after the job ended moves neither
 * the clock nor anything else. */
static void cancel_timers(void)
{
    for (int i = 0; E && i < E->n; i++)
        if (E->fs[i].timer_on) {
            sim_evq_cancel(&sim_w->evq, E->fs[i].timer);
            E->fs[i].timer_on = 0;
        }
}

void sim_fault_call(sim_pe_t *pe, const char *name)
{
    for (int i = 0; i < E->n; i++) {
        fstate_t *s = &E->fs[i];
        if (s->f->pe != pe->id || !s->f->at_call[0] || strcmp(s->f->at_call, name) != 0)
            continue;
        s->call_seen = 1;
        if (hits(s))
            act(s, pe, 1);
    }
}

uint64_t sim_fault_cpu(const sim_pe_t *pe, uint64_t ns)
{
    double x = (double)ns;
    for (int i = 0; i < E->n; i++) {
        fstate_t *s = &E->fs[i];
        if (s->f->kind != SIM_FAULT_SLOW || s->f->pe != pe->id)
            continue;
        int on = in_window(s->f);
        if (on && !s->slow_on)
            fired(s, pe->id, "CPU costs multiplied by %g", s->f->factor);
        else if (!on && s->slow_on)
            sim_trace_instant(pe->id, "fault", "slow: ends", NULL);
        s->slow_on = on;
        if (on)
            x *= s->f->factor;
    }
    return x >= (double)SIM_NETPARAMS_MAX_NS ? SIM_NETPARAMS_MAX_NS : (uint64_t)(x + 0.5);
}

uint64_t sim_fault_stalled_until(const sim_pe_t *pe)
{
    return E->stalled_until[pe->id];
}

/* -------------------------------------------------------------- results */

void sim_fault_finish(void)
{
    /* A trigger that never met its routine: said, lest a scenario that
     * cannot fire pass for one whose fault changed nothing. */
    for (int i = 0; E && i < E->n; i++) {
        const sim_fault_t *f = E->fs[i].f;
        char at[300];
        if (f->at_call[0] && !E->fs[i].call_seen)
            fprintf(stderr, "shmemsim: fault %s (%s) never fired: PE %d never entered %s as a "
                    "call the simulator can stop at (routines that only answer a question, such "
                    "as the PE's number, are not)\n", sim_scenario_fault_kind_name(f->kind),
                    where_in_file(f, at, sizeof at), f->pe, f->at_call);
    }
    if (!E || (sim_w->outcome != SIM_OUT_OK && sim_w->outcome != SIM_OUT_EXIT))
        return;
    int first = -1;
    for (int i = 0; i < sim_w->npes; i++)
        if (E->crash_by[i] >= 0 && (first < 0 || E->crash_ns[i] < E->crash_ns[first]))
            first = i;
    if (first >= 0) {
        sim_w->outcome = SIM_OUT_CRASH;
        sim_w->culprit = first;
    }
}

uint64_t sim_fault_fired(void)
{
    return E ? E->fired : 0;
}

int sim_fault_count(void)
{
    return E ? E->n : 0;
}

const char *sim_fault_lost_note(char *buf, size_t len)
{
    if (!E || !E->lost)
        return NULL;
    snprintf(buf, len, "%llu message%s lost for good by injected faults (the first: %s): a PE "
             "waiting for one, for its acknowledgement, or for what a fence or quiet holds "
             "behind it, waits for ever", (unsigned long long)E->lost, E->lost == 1 ? " was" :
             "s were", E->first_lost);
    return buf;
}

const char *sim_fault_pe_note(int pe, char *buf, size_t len)
{
    if (!E || E->crash_by[pe] < 0)
        return NULL;
    char loc[300];
    snprintf(buf, len, "crashed by the injected fault at %s (t=%lluns)",
             where_in_file(E->fs[E->crash_by[pe]].f, loc, sizeof loc),
             (unsigned long long)E->crash_ns[pe]);
    return buf;
}

void sim_fault_write_json(FILE *f)
{
    fprintf(f, "  \"faults\": [");
    for (int i = 0; E && i < E->n; i++) {
        const fstate_t *s = &E->fs[i];
        fprintf(f, "%s\n    {\"index\": %d, \"kind\": \"%s\", \"line\": %d, \"column\": %d, "
                "\"fired\": %llu", i ? "," : "", i, sim_scenario_fault_kind_name(s->f->kind),
                s->f->line, s->f->col, (unsigned long long)s->fired);
        if (s->fired)
            fprintf(f, ", \"first_ns\": %llu, \"last_ns\": %llu",
                    (unsigned long long)s->first_ns, (unsigned long long)s->last_ns);
        fputc('}', f);
    }
    fprintf(f, "\n  ],\n");
}
