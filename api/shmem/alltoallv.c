/* api/shmem/alltoallv: Cray's shmemx_alltoallv and shmemx_alltoallv_packed.
 *
 * Each sender sends each other member, in a rotated order (me+1, me+2,
 * ...), one message with its block, which the target places itself when
 * it arrives, as an active message's handler would (coll_put_placed).
 * shmemx_alltoallv's target reads its own t_offsets[sender] (and, when
 * checking, t_sizes[sender]) then, writes the block there, its size in
 * t_sizes[sender], and counts it in its pSync[0] (a put-with-signal).
 * shmemx_alltoallv_packed's target reserves the block's room by adding its
 * size to its pSync[1], so the deposit order is the order the blocks reach
 * the target, decided by the network; they count themselves the same way.
 *
 * SHMEM_ALLTOALLV_TSIZE_CHK: none (default) writes whatever is sent, past
 * the end of an undersized target into whatever symmetric memory follows;
 * trunc writes only what fits and reports it; abort writes only what fits
 * and, once every member has its data, ends the job with a message naming
 * every sender, target and size.  Data that does not fit is one
 * alltoallv-overflow finding per call in every mode, naming every PE whose
 * data did not fit, raised once every member has all its data. */
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
 * What does not fit is found where each block lands, but the finding
 * should name every PE whose data did not fit in one record.  So each
 * landing notes its overflow in the call's record (which the sender's
 * message points to), and the last member to have all its data raises the
 * finding (and, under abort, stops the job).  Members' calls are matched
 * per pSync (its address on PE 0) in each member's call order.  A call the
 * run never finished is reported when the run ends. */

typedef struct overflow {
    int from, to;     /* the sending PE and the target PE */
    size_t sent, fit; /* bytes sent, and how many of them fit */
} overflow_t;

typedef struct a2a_call {
    coll_placer_t placer;  /* places the call's blocks at their targets */
    const void *key;       /* the pSync's address on PE 0 */
    uint64_t serial;       /* the members' nth call with that pSync */
    const char *call;      /* routine name */
    const char *limit;     /* what bounds a target: "target_len", ... */
    tsize_chk_t chk;       /* SHMEM_ALLTOALLV_TSIZE_CHK of the first member */
    int start, stride, size; /* the active set */
    int done;              /* members that have all their data */
    const void **sites;    /* each member's call site */
    int closed;            /* reported; kept (without o and sites) for blocks still landing */
    size_t *lens;          /* shmemx_alltoallv_packed: each member's target_len */
    size_t target_len;     /* the first member's, for blocks landing after the call */
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
    a2a_call_t *closed_calls;      /* the others: a block a faulty network duplicated, or
                                    * one that lands after the call, still points to its
                                    * call; freed with the run */
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
                             tsize_chk_t chk, const char *limit,
                             size_t (*place)(coll_placer_t *, const sim_msg_t *, void *, size_t *))
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
    a2a_call_t **p = &a->open_calls, *c;
    for (; *p; p = &(*p)->next)
        if ((*p)->key == key && (*p)->serial == serial)
            break;
    if (!(c = *p)) {
        c = *p = sim_xcalloc(1, sizeof *c);
        *c = (a2a_call_t){.placer = {place}, .key = key, .serial = serial, .call = call,
                          .limit = limit, .chk = chk, .start = s->start, .stride = s->stride,
                          .size = s->size, .pe = -1};
        c->sites = sim_xcalloc((size_t)s->size, sizeof *c->sites);
        c->lens = sim_xcalloc((size_t)s->size, sizeof *c->lens);
    }
    c->sites[s->me] = sim_pe_self()->call_site;
    return c;
}

/* How many of the n bytes from PE `from` to PE `to` to write, when room
 * bytes fit: all of them if they fit, else (noting what did not fit) all
 * under none (they overwrite what follows), what fits under trunc and
 * abort (abort stops the job once every member has its data). */
static size_t fit(a2a_call_t *c, int from, int to, size_t n, size_t room)
{
    if (n <= room || c->closed) /* (closed: the finding is out already) */
        return n <= room || c->chk == CHK_NONE ? n : room;
    if (c->no == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 8;
        c->o = sim_xrealloc(c->o, c->cap * sizeof *c->o);
    }
    c->o[c->no++] = (overflow_t){from, to, n, room};
    if (c->pe < 0 || from < c->pe) {
        c->pe = from;
        c->site = c->sites[(from - c->start) / c->stride];
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

/* c is reported: it keeps what a late block needs (its chk) and goes to
 * the closed calls. */
static void free_call(a2a_call_t *c)
{
    shm_a2a_run_t *a = a2a_run();
    free(c->sites);
    free(c->lens);
    free(c->o);
    c->sites = NULL;
    c->lens = NULL;
    c->o = NULL;
    c->no = c->cap = 0;
    c->closed = 1;
    c->next = a->closed_calls;
    a->closed_calls = c;
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
             run_ended ? " The run ended before every member had all its data, so more may "
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

/* The caller has all its data of c: the last member closes it. */
static void have_all(a2a_call_t *c)
{
    if (++c->done < c->size)
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
    for (int k = 0; k < 2; k++)
        for (a2a_call_t *c = k ? a->closed_calls : a->open_calls, *next; c; c = next) {
            next = c->next;
            free(c->sites);
            free(c->lens);
            free(c->o);
            free(c);
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

/* Room from offset off in PE pe's symmetric object at home address there
 * (SIZE_MAX when the object's bounds are unknown): the heap block's size,
 * rounded up to the heap's 16-byte granularity, less where off lands. */
static size_t object_room(int pe, const char *there, size_t off)
{
    size_t start, size;
    if (sim_heap_object(sim_heap(), pe, there, &start, &size) != 0)
        return (size_t)-1;
    size_t at = (size_t)(there - (const char *)sim_heap_addr(sim_heap(), pe, start));
    return at + off >= size ? 0 : size - at - off;
}

/* Each block counts itself in its target's psync[0]. */
static void wait_for_all(const char *call, const coll_set_t *s, long *psync, a2a_call_t *c)
{
    sim_why_t why;
    why = sim_why("%s (waiting for the data of %d other PEs)", call, s->size - 1);
    coll_wait_ge(&why, &psync[0], s->size - 1);
    /* Under abort, a member whose data did not all fit stays in the call
     * until the last member has its data and stops the job. */
    if (c->chk == CHK_ABORT && c->no) {
        why = sim_why("%s (SHMEM_ALLTOALLV_TSIZE_CHK=abort: data did not fit, waiting for "
                      "every member's data to stop the job)", call);
        if (c->done + 1 < c->size) {
            c->done++;
            for (;;)
                sim_pe_block_why(&why, NULL, 0);
        }
    }
    have_all(c);
}

/* shmemx_alltoallv's block from m->src lands at the target's
 * t_offsets[sender] (at), bounded by its t_sizes[sender] (where the
 * block's size goes) or by the end of the target object. */
static size_t place_at_offset(coll_placer_t *p, const sim_msg_t *m, void *at, size_t *n)
{
    a2a_call_t *c = (a2a_call_t *)p;
    size_t off = *(const size_t *)sim_mem_live(m->dst, at), room;
    if (m->hb)
        sim_hb_op_access(m->hb, m->dst, at, sizeof off, 1, 0, SIM_HB_READ);
    if (c->chk != CHK_NONE)
        room = *(const size_t *)sim_mem_live(m->dst, (void *)(uintptr_t)m->arg[1]);
    else
        room = object_room(m->dst, m->dst_addr, off);
    *n = fit(c, m->src, m->dst, *n, room);
    return off;
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
                                  ? "the target's t_sizes entry" : "the end of the target object",
                                  place_at_offset);
        int me = shm_me();
        size_t room = chk != CHK_NONE ? t_sizes[s.me]
                                      : object_room(me, sim_mem_xlate(me, target, me),
                                                    t_offsets[s.me]);
        size_t mine = fit(c, me, me, s_sizes[s.me], room);
        memcpy((char *)target + t_offsets[s.me], (const char *)source + s_offsets[s.me], mine);
        t_sizes[s.me] = mine;
        for (int t = 1; t < s.size; t++) {
            int j = (s.me + t) % s.size;
            coll_put_placed(call, target, &t_offsets[s.me], (const char *)source + s_offsets[j],
                            s_sizes[j], &t_sizes[s.me], &pSync[0], coll_pe(&s, j), &c->placer);
        }
        wait_for_all(call, &s, pSync, c);
        pSync[0] = SHMEM_SYNC_VALUE;
        coll_check_leave(pSync);
    }
    SHM_LEAVE();
}

/* shmemx_alltoallv_packed's block from m->src is given the next room in
 * the target, by adding its size to the target's pSync[1] (at), bounded
 * by the sender's target_len (the target may not have called yet). */
static size_t place_packed(coll_placer_t *p, const sim_msg_t *m, void *at, size_t *n)
{
    a2a_call_t *c = (a2a_call_t *)p;
    long *next = sim_mem_live(m->dst, at);
    size_t off = (size_t)*next;
    *next += (long)*n;
    coll_check_delivered(m->dst, at, sizeof *next, m->src, m->what);
    sim_mem_written(m->dst, at, sizeof *next);
    size_t len = c->closed ? c->target_len : c->lens[(m->src - c->start) / c->stride];
    size_t room = off >= len ? 0 : len - off;
    *n = fit(c, m->src, m->dst, *n, room);
    return off;
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
         * block another member's has reserved already); then the others,
         * each reserving its room where it lands. */
        a2a_call_t *c = join_call(call, &s, pSync, chk, "target_len", place_packed);
        c->lens[s.me] = target_len;
        if (!c->target_len)
            c->target_len = target_len;
        int me = shm_me();
        size_t off = (size_t)pSync[1], n = s_sizes[s.me];
        pSync[1] += (long)n;
        n = fit(c, me, me, n, off >= target_len ? 0 : target_len - off);
        memcpy((char *)target + off, (const char *)source + s_offsets[s.me], n);
        for (int t = 1; t < s.size; t++) {
            int j = (s.me + t) % s.size;
            coll_put_placed(call, target, &pSync[1], (const char *)source + s_offsets[j],
                            s_sizes[j], NULL, &pSync[0], coll_pe(&s, j), &c->placer);
        }
        wait_for_all(call, &s, pSync, c);
        size_t total = (size_t)pSync[1];
        *t_size = chk == CHK_TRUNC && total > target_len ? target_len : total;
        pSync[0] = pSync[1] = SHMEM_SYNC_VALUE;
        coll_check_leave(pSync);
    }
    SHM_LEAVE();
}
