/* api/shmem/alltoallv: Cray's shmemx_alltoallv and shmemx_alltoallv_packed.
 *
 * Each sender serves the members in a rotated order (me+1, me+2, ...).
 * shmemx_alltoallv asks every target for its t_offsets[me] (and, when
 * checking, t_sizes[me]) with gets issued together, then sends each
 * target, once its answer is in, one message that writes the data, then
 * its size in t_sizes[me], then counts itself in the target's pSync[0] (a
 * put-with-signal).  shmemx_alltoallv_packed reserves room in the target
 * with a fetch-and-add on its pSync[1], so the deposit order is the order
 * the requests reach the target, decided by the network; its data
 * messages count themselves the same way.
 *
 * SHMEM_ALLTOALLV_TSIZE_CHK: none (default) writes whatever is sent, past
 * the end of an undersized target into whatever symmetric memory follows;
 * trunc writes only what fits and reports it; abort writes only what fits
 * and, once every member has sent, ends the job with a message naming
 * every sender, target and size.  Data that does not fit is one
 * alltoallv-overflow finding per call in every mode, naming every PE whose
 * data did not fit. */
#include "coll.h"
#include "util.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

typedef enum { CHK_NONE, CHK_ABORT, CHK_TRUNC } tsize_chk_t;

/* In the order of the setting's values. */
static tsize_chk_t tsize_chk(void)
{
    static const tsize_chk_t by_value[] = {CHK_NONE, CHK_ABORT, CHK_TRUNC};
    int v = shm_setting(SHM_SET_ALLTOALLV_TSIZE_CHK);
    return v < 0 ? CHK_NONE : by_value[v];
}

/* ---- what did not fit, gathered per call over its members ----
 *
 * A sender only knows about its own data, but the finding should name
 * every PE whose data did not fit in one record.  So each member notes its
 * overflows in the call's record, and the last member to finish sending
 * raises the finding (and, under abort, stops the job).  Members' calls
 * are matched per pSync (its address on PE 0) in each member's call
 * order.  A call the run never finished is reported when the run ends. */

typedef struct overflow {
    int from, to;     /* the sending PE and the target PE */
    size_t sent, fit; /* bytes sent, and how many of them fit */
} overflow_t;

typedef struct a2a_call {
    const void *key;       /* the pSync's address on PE 0 */
    uint64_t serial;       /* the members' nth call with that pSync */
    const char *call;      /* routine name */
    const char *limit;     /* what bounds a target: "target_len", ... */
    tsize_chk_t chk;       /* SHMEM_ALLTOALLV_TSIZE_CHK of the first member */
    int size;              /* members */
    int sent;              /* members that have sent all their data */
    overflow_t *o;         /* what did not fit, no of them, room for cap */
    size_t no, cap;
    int pe;                /* lowest PE whose data did not fit, or -1 */
    const void *site;      /* that PE's call site */
    struct a2a_call *next; /* the next open call, in the order opened */
} a2a_call_t;

/* How many calls each PE has made with one pSync. */
typedef struct psync_calls {
    const void *key;   /* the pSync's address on PE 0; hash key */
    uint64_t *n;       /* per PE */
    UT_hash_handle hh;
} psync_calls_t;

/* This module's part of the run's state (shm_run). */
typedef struct shm_a2a_run {
    psync_calls_t *calls_by_psync; /* looked up, never iterated (but to free it) */
    a2a_call_t *open_calls;        /* calls some member has not finished */
} shm_a2a_run_t;

static shm_a2a_run_t *a2a_run(void)
{
    shm_run_t *run = shm_run();
    if (!run->a2a)
        run->a2a = sim_xcalloc(1, sizeof *run->a2a);
    return run->a2a;
}

/* The call record the caller's call joins (opened by its first member). */
static a2a_call_t *join_call(const char *call, const coll_set_t *s, const long *psync,
                             tsize_chk_t chk, const char *limit)
{
    int me = shm_me();
    const void *key = sim_mem_xlate(me, psync, 0);
    psync_calls_t *r;
    shm_a2a_run_t *a = a2a_run();
    HASH_FIND_PTR(a->calls_by_psync, &key, r);
    if (!r) {
        r = sim_xcalloc(1, sizeof *r);
        r->key = key;
        r->n = sim_xcalloc((size_t)sim_npes(), sizeof *r->n);
        HASH_ADD_PTR(a->calls_by_psync, key, r);
    }
    uint64_t serial = ++r->n[me];
    a2a_call_t **p = &a->open_calls;
    for (; *p; p = &(*p)->next)
        if ((*p)->key == key && (*p)->serial == serial)
            return *p;
    a2a_call_t *c = sim_xcalloc(1, sizeof *c);
    *c = (a2a_call_t){.key = key, .serial = serial, .call = call, .limit = limit, .chk = chk,
                      .size = s->size, .pe = -1};
    *p = c;
    return c;
}

/* Notes that the caller's n bytes for PE `to` do not fit in room; returns
 * how many to write: all under none (they overwrite what follows), what
 * fits under trunc and abort (abort stops the job once all have sent). */
static size_t too_big(a2a_call_t *c, int to, size_t n, size_t room)
{
    sim_pe_t *me = sim_pe_self();
    if (c->no == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 8;
        c->o = sim_xrealloc(c->o, c->cap * sizeof *c->o);
    }
    c->o[c->no++] = (overflow_t){me->id, to, n, room};
    if (c->pe < 0 || me->id < c->pe) {
        c->pe = me->id;
        c->site = me->call_site;
    }
    return c->chk == CHK_NONE ? n : room;
}

static int by_target(const void *a, const void *b)
{
    const overflow_t *x = a, *y = b;
    if (x->to != y->to)
        return (x->to > y->to) - (x->to < y->to);
    return (x->from > y->from) - (x->from < y->from);
}

static int by_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Appends the distinct senders (or targets) of c as "PE 3" or "PEs 0-2, 5". */
static void append_pes(char *buf, size_t len, const a2a_call_t *c, int targets)
{
    int *v = sim_xcalloc(c->no, sizeof *v);
    size_t m = 0;
    for (size_t i = 0; i < c->no; i++)
        v[i] = targets ? c->o[i].to : c->o[i].from;
    qsort(v, c->no, sizeof *v, by_int);
    for (size_t i = 0; i < c->no; i++)
        if (m == 0 || v[m - 1] != v[i])
            v[m++] = v[i];
    sim_append(buf, len, "PE%s ", m > 1 ? "s" : "");
    for (size_t a = 0, b; a < m; a = b + 1) {
        for (b = a; b + 1 < m && v[b + 1] == v[b] + 1;)
            b++;
        sim_append(buf, len, "%s%d", a ? ", " : "", v[a]);
        if (b > a)
            sim_append(buf, len, "%s%d", b == a + 1 ? ", " : "-", v[b]);
    }
    free(v);
}

/* "Into PE 0: from PE 2 (256 bytes, 0 fit), PE 3 (...); into PE 1: ...",
 * as much as fits in len, then how many pairs are left out. */
static void append_pairs(char *buf, size_t len, const a2a_call_t *c)
{
    for (size_t i = 0; i < c->no; i++) {
        const overflow_t *o = &c->o[i];
        char item[128];
        if (i == 0 || o->to != o[-1].to)
            snprintf(item, sizeof item, "%s PE %d: from PE %d (%zu bytes, %zu fit)",
                     i ? "; into" : "Into", o->to, o->from, o->sent, o->fit);
        else
            snprintf(item, sizeof item, ", PE %d (%zu bytes, %zu fit)", o->from, o->sent, o->fit);
        if (strlen(buf) + strlen(item) + 32 >= len) {
            sim_append(buf, len, "; and %zu more", c->no - i);
            return;
        }
        sim_append(buf, len, "%s", item);
    }
}

static void free_call(a2a_call_t *c)
{
    free(c->o);
    free(c);
}

/* Raises the finding for c, which is closed; under abort, stops the job
 * unless the run has ended already. */
static void report_call(a2a_call_t *c, int run_ended)
{
    if (c->no == 0) {
        free_call(c);
        return;
    }
    static const char *const chk_names[] = {"none", "abort", "trunc"};
    static const char *const effects[] = {"the surplus overwrote what follows the target",
                                          "the job was stopped", "the surplus was truncated"};
    qsort(c->o, c->no, sizeof *c->o, by_target);
    size_t excess = 0;
    for (size_t i = 0; i < c->no; i++)
        excess += c->o[i].sent - c->o[i].fit;
    char text[1000] = "", tail[300];
    sim_append(text, sizeof text, "Data from ");
    append_pes(text, sizeof text, c, 0);
    sim_append(text, sizeof text, " did not fit in the target on ");
    append_pes(text, sizeof text, c, 1);
    sim_append(text, sizeof text, " (bounded by %s): %zu bytes too many. ", c->limit, excess);
    snprintf(tail, sizeof tail, ". Each target must hold everything sent to it; with "
             "SHMEM_ALLTOALLV_TSIZE_CHK=%s %s.%s", chk_names[c->chk], effects[c->chk],
             run_ended ? " The run ended before every member had sent its data, so more may "
                         "not have fit." : "");
    append_pairs(text, sizeof text - strlen(tail), c);
    sim_append(text, sizeof text, "%s", tail);
    sim_finding_raise(SHM_CHECK(ALLTOALLV_OVERFLOW), SIM_SEV_ERROR, c->pe, c->call, c->site, "%s", text);
    if (c->chk == CHK_ABORT && !run_ended) {
        fprintf(stderr, "shmemsim: %s: SHMEM_ALLTOALLV_TSIZE_CHK=abort:", c->call);
        for (size_t i = 0; i < c->no && i < 32; i++)
            fprintf(stderr, "%s PE %d sends %zu bytes to PE %d, which accepts %zu (%s)",
                    i ? ";" : "", c->o[i].from, c->o[i].sent, c->o[i].to, c->o[i].fit, c->limit);
        if (c->no > 32)
            fprintf(stderr, "; and %zu more", c->no - 32);
        fprintf(stderr, "; aborting\n");
        free_call(c);
        sim_pe_crash(SIGABRT, NULL, SIM_END_CRASH);
    }
    free_call(c);
}

/* The caller has sent all its data in c: the last member closes it. */
static void sent_all(a2a_call_t *c)
{
    if (++c->sent < c->size)
        return;
    a2a_call_t **p = &a2a_run()->open_calls;
    while (*p != c)
        p = &(*p)->next;
    *p = c->next;
    report_call(c, 0);
}

void shm_alltoallv_free_run(shm_run_t *run)
{
    shm_a2a_run_t *a = run->a2a;
    if (!a)
        return;
    while (a->open_calls) {
        a2a_call_t *c = a->open_calls;
        a->open_calls = c->next;
        free_call(c);
    }
    psync_calls_t *r, *tmp;
    HASH_ITER(hh, a->calls_by_psync, r, tmp) { /* freeing only: the order is of no matter */
        HASH_DEL(a->calls_by_psync, r);
        free(r->n);
        free(r);
    }
    free(a);
    run->a2a = NULL;
}

/* At the end of the run: what calls that never finished had seen. */
void shm_alltoallv_at_end(void)
{
    shm_a2a_run_t *a = a2a_run();
    while (a->open_calls) {
        a2a_call_t *c = a->open_calls;
        a->open_calls = c->next;
        report_call(c, 1);
    }
}

static int check_v(const char *call, const coll_set_t *s, const void *target, const void *src,
                   const size_t *s_offsets, const size_t *s_sizes, const long *psync)
{
    size_t v = (size_t)s->size * sizeof(size_t);
    return shm_check_sym(call, "pSync", psync, SHMEM_ALLTOALL_SYNC_SIZE * sizeof(long)) ||
           shm_check_sym(call, "target", target, 1) || shm_check_ptr(call, "source", src, 1) ||
           shm_check_ptr(call, "s_offsets", s_offsets, v) ||
           shm_check_ptr(call, "s_sizes", s_sizes, v);
}

/* Room left in PE pe's copy of the symmetric object target (an address as
 * the caller sees it) from offset off, or SIZE_MAX when the object's bounds
 * are unknown.  The bounds are the heap block's (its size rounded up to the
 * heap's 16-byte granularity). */
static size_t object_room(int pe, const void *target, size_t off)
{
    const char *there = sim_mem_xlate(shm_me(), target, pe);
    size_t start, size;
    if (!there || sim_heap_object(sim_heap(), pe, there, &start, &size) != 0)
        return (size_t)-1;
    size_t at = (size_t)(there - (const char *)sim_heap_addr(sim_heap(), pe, start));
    return at + off >= size ? 0 : size - at - off;
}

/* How many targets ahead of the block being sent the offsets are asked for. */
#define A2A_AHEAD 8

/* Each block's message counts itself in its target's psync[0]. */
static void wait_for_all(const char *call, const coll_set_t *s, long *psync)
{
    sim_why_t why;
    why = sim_why("%s (waiting for the data of %d other PEs)", call, s->size - 1);
    coll_wait_ge(&why, &psync[0], s->size - 1);
}

void shmemx_alltoallv(void *target, size_t *t_offsets, size_t *t_sizes, const void *source,
                      size_t *s_offsets, size_t *s_sizes, int PE_start, int logPE_stride,
                      int PE_size, long *pSync)
{
    static const char call[] = "shmemx_alltoallv";
    SHM_ENTER(call);
    shm_charge_call();
    coll_set_t s;
    tsize_chk_t chk = tsize_chk();
    if (coll_set_make(call, PE_start, logPE_stride, PE_size, &s) == 0 &&
        check_v(call, &s, target, source, s_offsets, s_sizes, pSync) == 0 &&
        shm_check_sym(call, "t_offsets", t_offsets, (size_t)s.size * sizeof(size_t)) == 0 &&
        shm_check_sym(call, "t_sizes", t_sizes, (size_t)s.size * sizeof(size_t)) == 0) {
        coll_args_t a = {call, s.start, s.stride, s.size, -1,
                         0,    0,       target,   source, NULL, s.members};
        coll_check_enter(&a, pSync, SHMEM_ALLTOALL_SYNC_SIZE);
        a2a_call_t *c = join_call(call, &s, pSync, chk, chk != CHK_NONE
                                  ? "the target's t_sizes entry" : "the end of the target object");
        size_t mine = s_sizes[s.me];
        size_t room = chk != CHK_NONE ? t_sizes[s.me]
                                      : object_room(shm_me(), target, t_offsets[s.me]);
        if (mine > room)
            mine = too_big(c, shm_me(), mine, room);
        memcpy((char *)target + t_offsets[s.me], (const char *)source + s_offsets[s.me], mine);
        t_sizes[s.me] = mine;
        /* Targets' offsets (and bounds) for us are asked for a few ahead
         * of the block that needs them, so the answers are mostly in
         * when needed while few requests are in flight at once. */
        coll_getting_t *g = sim_xcalloc(2 * (size_t)s.size, sizeof *g);
        size_t *got = sim_xcalloc(2 * (size_t)s.size, sizeof *got);
        for (int t = 1; t < s.size + A2A_AHEAD; t++) {
            if (t < s.size) {
                int j = (s.me + t) % s.size, pe = coll_pe(&s, j);
                coll_get_start(call, &got[2 * j], &t_offsets[s.me], sizeof *got, pe, &g[2 * j]);
                if (chk != CHK_NONE)
                    coll_get_start(call, &got[2 * j + 1], &t_sizes[s.me], sizeof *got, pe,
                                   &g[2 * j + 1]);
            }
            if (t <= A2A_AHEAD)
                continue;
            int j = (s.me + t - A2A_AHEAD) % s.size, pe = coll_pe(&s, j);
            size_t off, n = s_sizes[j];
            coll_get_wait(call, &g[2 * j]);
            off = got[2 * j];
            if (chk != CHK_NONE) {
                coll_get_wait(call, &g[2 * j + 1]);
                room = got[2 * j + 1];
            } else {
                room = object_room(pe, target, off);
            }
            if (n > room)
                n = too_big(c, pe, n, room);
            coll_put_count(call, (char *)target + off, (const char *)source + s_offsets[j], n,
                           &t_sizes[s.me], &pSync[0], pe);
        }
        free(g);
        free(got);
        sent_all(c);
        wait_for_all(call, &s, pSync);
        pSync[0] = SHMEM_SYNC_VALUE;
        coll_check_leave(pSync);
    }
    SHM_LEAVE();
}

void shmemx_alltoallv_packed(void *target, size_t target_len, size_t *t_size,
                             const void *source, size_t *s_offsets, size_t *s_sizes,
                             int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    static const char call[] = "shmemx_alltoallv_packed";
    SHM_ENTER(call);
    shm_charge_call();
    coll_set_t s;
    tsize_chk_t chk = tsize_chk();
    if (coll_set_make(call, PE_start, logPE_stride, PE_size, &s) == 0 &&
        check_v(call, &s, target, source, s_offsets, s_sizes, pSync) == 0 &&
        shm_check_ptr(call, "t_size", t_size, sizeof *t_size) == 0) {
        coll_args_t a = {call,       s.start, s.stride, s.size, -1,       target_len,
                         0,          target,  source,   NULL,   s.members};
        coll_check_enter(&a, pSync, SHMEM_ALLTOALL_SYNC_SIZE);
        /* Our own block first, reserved and copied locally (after any
         * block another member has reserved already); then every
         * reservation at once, so arrival order at each target is the
         * network's; then the data. */
        a2a_call_t *c = join_call(call, &s, pSync, chk, "target_len");
        size_t off = (size_t)pSync[1], n = s_sizes[s.me];
        pSync[1] += (long)n;
        size_t room = off >= target_len ? 0 : target_len - off;
        if (n > room)
            n = too_big(c, shm_me(), n, room);
        memcpy((char *)target + off, (const char *)source + s_offsets[s.me], n);
        coll_fetch_t *f = sim_xcalloc((size_t)s.size, sizeof *f);
        for (int t = 1; t < s.size; t++) {
            int j = (s.me + t) % s.size;
            coll_fetch_add_start(call, &pSync[1], (long)s_sizes[j], coll_pe(&s, j), &f[j]);
        }
        for (int t = 1; t < s.size; t++) {
            int j = (s.me + t) % s.size, pe = coll_pe(&s, j);
            off = (size_t)coll_fetch_wait(call, &f[j]);
            n = s_sizes[j];
            room = off >= target_len ? 0 : target_len - off;
            if (n > room)
                n = too_big(c, pe, n, room);
            coll_put_count(call, (char *)target + off, (const char *)source + s_offsets[j], n,
                           NULL, &pSync[0], pe);
        }
        free(f);
        sent_all(c);
        wait_for_all(call, &s, pSync);
        size_t total = (size_t)pSync[1];
        *t_size = chk == CHK_TRUNC && total > target_len ? target_len : total;
        pSync[0] = pSync[1] = SHMEM_SYNC_VALUE;
        coll_check_leave(pSync);
    }
    SHM_LEAVE();
}
