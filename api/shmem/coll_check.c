/* api/shmem/coll_check: checkers for the rules of active-set collectives
 * (SPEC §5): psync-reuse, psync-uninitialized, psync-modified,
 * collective-args-mismatch and collective-order-mismatch.
 *
 * Calls are grouped into instances per pSync (identified by its address on
 * PE 0, looked up, never iterated): a member's call joins the oldest
 * unfinished instance on that pSync it has not joined yet and whose first
 * member is in the caller's set (else it cannot be the same call), or
 * starts a new one; an instance is finished when every member has left it.  Joining an
 * instance while an older one on the same pSync is unfinished means the
 * pSync is reused while still in use — forbidden whether or not timing made
 * it harmless this run — except for consecutive barrier or sync calls over
 * the same set, which the specification allows.  Each joiner's arguments
 * are compared with the instance's first member's.
 *
 * A pSync with an unfinished instance is "in use" on every member.  Then:
 *  - the member that starts an instance with no older one unfinished finds
 *    every member's pSync as the previous collective left it, so each word
 *    must hold SHMEM_SYNC_VALUE (psync-uninitialized);
 *  - the protocol's writes into a member that has not entered yet are
 *    remembered (word and value); when it enters, a word that no longer
 *    holds what was delivered was overwritten by its own program
 *    (psync-modified), the classic "re-initialise pSync before each call";
 *  - a put or atomic of the program's into it is psync-modified too. */
#include "coll.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

typedef struct instance {
    uint64_t serial;          /* creation order on its pSync */
    coll_args_t args;         /* what the first member passed */
    int first_pe;             /* that member */
    const void *first_site;   /* where it called from */
    int left;                 /* members that have left */
    unsigned char *entered;   /* bit k: member k has joined */
    struct instance *next;    /* next younger unfinished instance */
} instance_t;

/* A protocol write into a member's pSync before it entered. */
typedef struct delivered {
    size_t word;              /* index in pSync */
    long value;               /* what the word held after the write */
    int from;                 /* the writer */
    uint64_t time;            /* when */
    const char *what;         /* the writer's call */
} delivered_t;

typedef struct pe_delivered {
    delivered_t *v;
    size_t n, cap;
} pe_delivered_t;

typedef struct psync_rec {
    const void *key;          /* the pSync's address on PE 0; hash key */
    size_t words;             /* longest pSync length the routines using it need */
    uint64_t next_serial;     /* serial of the next instance */
    uint64_t *joined;         /* per PE: serial of the last instance joined */
    unsigned char *inside;    /* per PE: in a collective on this pSync now */
    pe_delivered_t **seen;    /* per PE (made on first use): writes before it entered */
    instance_t *oldest;       /* unfinished instances, oldest first */
    UT_hash_handle hh;
} psync_rec_t;

/* The records (by pSync address) and those with an unfinished instance,
 * in the order they became so, are the run's (shm_run). */
static void set_active(psync_rec_t *r, int on)
{
    shm_run_t *run = shm_run();
    psync_rec_t **act = run->psync_active;
    size_t n = run->npsync_active, i = 0;
    while (i < n && act[i] != r)
        i++;
    if (on && i == n) {
        if (n == run->cappsync_active) {
            run->cappsync_active = n ? n * 2 : 8;
            act = run->psync_active = sim_xrealloc(act, run->cappsync_active * sizeof *act);
        }
        act[run->npsync_active++] = r;
    } else if (!on && i < n) {
        memmove(&act[i], &act[i + 1], (n - i - 1) * sizeof *act);
        run->npsync_active--;
    }
}

/* The active record whose pSync overlaps [id, id+n) (PE 0 addresses), and
 * the first word overlapped in *word. */
static psync_rec_t *active_at(const char *id, size_t n, size_t *word)
{
    const shm_run_t *run = shm_run();
    for (size_t i = 0; i < run->npsync_active; i++) {
        const psync_rec_t *a = run->psync_active[i];
        const char *k = a->key;
        size_t len = a->words * sizeof(long);
        if (sim_mem_overlaps(id, n, k, len)) {
            *word = id > k ? (size_t)(id - k) / sizeof(long) : 0;
            return run->psync_active[i];
        }
    }
    return NULL;
}

/* World PE of member k of a's set. */
static int args_pe(const coll_args_t *a, int k)
{
    return a->members ? a->members[k] : a->start + k * a->stride;
}

/* The index of world PE pe in a's set, -1 if it is not a member. */
static int args_index(const coll_args_t *a, int pe)
{
    if (a->members) {
        for (int k = 0; k < a->size; k++)
            if (a->members[k] == pe)
                return k;
        return -1;
    }
    int d = pe - a->start;
    return d >= 0 && d % a->stride == 0 && d / a->stride < a->size ? d / a->stride : -1;
}

static int args_has(const coll_args_t *a, int pe)
{
    return args_index(a, pe) >= 0;
}

/* Whether member pe has joined instance i. */
static int has_entered(const instance_t *i, int pe)
{
    int k = args_index(&i->args, pe);
    return k >= 0 && (i->entered[k / 8] >> (k % 8) & 1);
}

/* Whether world PE pe is a member of an unfinished instance of r. */
static const instance_t *using_instance(const psync_rec_t *r, int pe)
{
    for (const instance_t *i = r->oldest; i; i = i->next)
        if (args_has(&i->args, pe))
            return i;
    return NULL;
}

void shm_coll_check_free_run(shm_run_t *run)
{
    psync_rec_t *r, *tmp;
    HASH_ITER(hh, run->psync_recs, r, tmp) { /* freeing only: the order is of no matter */
        HASH_DEL(run->psync_recs, r);
        for (instance_t *i = r->oldest, *next; i; i = next) {
            next = i->next;
            free((void *)i->args.members);
            free(i->entered);
            free(i);
        }
        for (int pe = 0; pe < sim_npes(); pe++)
            if (r->seen[pe]) {
                free(r->seen[pe]->v);
                free(r->seen[pe]);
            }
        free(r->seen);
        free(r->joined);
        free(r->inside);
        free(r);
    }
    free(run->psync_active);
    run->psync_active = NULL;
    run->npsync_active = run->cappsync_active = 0;
}

static psync_rec_t *rec_of(const long *psync)
{
    const void *key = sim_mem_xlate(shm_me(), psync, 0);
    psync_rec_t *r;
    shm_run_t *run = shm_run();
    HASH_FIND_PTR(run->psync_recs, &key, r);
    if (!r) {
        r = sim_xcalloc(1, sizeof *r);
        r->key = key;
        r->next_serial = 1;
        r->joined = sim_xcalloc((size_t)sim_npes(), sizeof *r->joined);
        r->inside = sim_xcalloc((size_t)sim_npes(), 1);
        r->seen = sim_xcalloc((size_t)sim_npes(), sizeof *r->seen);
        HASH_ADD_PTR(run->psync_recs, key, r);
    }
    return r;
}

static int is_sync(const char *call)
{
    return strcmp(call, "shmem_barrier") == 0 || strcmp(call, "shmem_sync") == 0;
}

static int same_set(const coll_args_t *a, const coll_args_t *b)
{
    if (a->size != b->size)
        return 0;
    if (!a->members && !b->members)
        return a->start == b->start && a->stride == b->stride;
    for (int k = 0; k < a->size; k++)
        if (args_pe(a, k) != args_pe(b, k))
            return 0;
    return 1;
}

/* A member of instance i other than me that has not left it: one inside
 * it if any, else one that has not joined it yet. */
static int straggler(const psync_rec_t *r, const instance_t *i, int me)
{
    int waiting = me;
    for (int k = 0; k < i->args.size; k++) {
        int pe = args_pe(&i->args, k);
        if (pe == me)
            continue;
        if (!has_entered(i, pe) && waiting == me)
            waiting = pe;
        else if (r->joined[pe] == i->serial && r->inside[pe])
            return pe;
    }
    return waiting;
}

/* Whether the sets of a and b share a PE. */
static int sets_overlap(const coll_args_t *a, const coll_args_t *b)
{
    for (int k = 0; k < a->size; k++)
        if (args_has(b, args_pe(a, k)))
            return 1;
    return 0;
}

/* The oldest unfinished instance of r before upto (NULL: any) whose set
 * shares a PE with a's: disjoint sets may use one pSync at once, each PE's
 * copy serving its own set only. */
static const instance_t *overlapping(const psync_rec_t *r, const instance_t *upto,
                                     const coll_args_t *a)
{
    for (const instance_t *o = r->oldest; o && o != upto; o = o->next)
        if (sets_overlap(&o->args, a))
            return o;
    return NULL;
}

static void check_reuse(const psync_rec_t *r, const instance_t *mine, const coll_args_t *a)
{
    const instance_t *old = overlapping(r, mine, a);
    if (!old)
        return;
    /* Consecutive barriers (or syncs) over one set may share a pSync: the
     * next overlapping instance after old must be this one. */
    if (is_sync(a->call) && is_sync(old->args.call) && same_set(a, &old->args)) {
        const instance_t *o = old->next;
        while (o != mine && !sets_overlap(&o->args, a))
            o = o->next;
        if (o == mine)
            return;
    }
    sim_pe_t *me = sim_pe_self();
    /* A collective the caller belongs to but has not reached: its set
     * differs from this call's, or the call would have joined it. */
    char where[400], site[200];
    sim_mem_site_name(old->first_site, site, sizeof site);
    if (args_has(&old->args, me->id) && !has_entered(old, me->id))
        snprintf(where, sizeof where, "a %s over an active set that includes PE %d, which PE "
                 "%d has not reached yet (PE %d called it from %s)%s", old->args.call, me->id,
                 me->id, old->first_pe, site,
                 strcmp(old->args.call, a->call) == 0 ? "; if the two were meant to be one "
                 "call, their active sets differ" : "");
    else /* (not which PE entered it first: that changes with the seed) */
        snprintf(where, sizeof where, "an earlier %s (called from %s)", old->args.call, site);
    sim_finding_raise(SHM_CHECK(PSYNC_REUSE), SIM_SEV_ERROR, me->id, a->call, me->call_site,
                      "PE %d entered %s with a pSync that PE %d is still using in %s. A pSync "
                      "may be reused only after every member has left the previous collective "
                      "that used it: synchronise first (e.g. a barrier), or alternate two pSync "
                      "arrays between calls over the same active set.", me->id, a->call,
                      straggler(r, old, me->id), where);
}

/* A symmetric argument, p in PE 0's terms, for a message: "byte 8 of the
 * 16-byte symmetric heap block allocated at ..." or "&buf+8". */
static const char *arg_name(const void *p, char *buf, size_t len)
{
    size_t start, size;
    char obj[200];
    if (!p)
        return "NULL";
    if (sim_heap_object(sim_heap(), 0, p, &start, &size) == 0) {
        size_t at = (size_t)((const char *)p - (const char *)sim_heap_addr(sim_heap(), 0, start));
        snprintf(buf, len, "byte %zu of %s", at, sim_mem_object_name(0, p, obj, sizeof obj));
        return buf;
    }
    return sim_mem_name(p, buf, len);
}

static void check_args_match(const instance_t *i, const coll_args_t *a)
{
    const coll_args_t *f = &i->args;
    sim_pe_t *me = sim_pe_self();
    if (strcmp(f->call, a->call) != 0) {
        sim_finding_raise(SHM_CHECK(COLLECTIVE_ORDER_MISMATCH), SIM_SEV_ERROR, me->id, a->call,
                          me->call_site, "PE %d called %s where PE %d called %s with the same "
                          "pSync. Every member must call the same collectives in the same "
                          "order.", me->id, a->call, i->first_pe, f->call);
        return;
    }
    /* For a symmetric argument, also what each passed (in PE 0's terms,
     * where symmetric objects have the same names on every PE). */
    const void *mine = NULL, *theirs = NULL;
    const char *what = !same_set(f, a) ? "active set (PE_start, logPE_stride, PE_size)"
                     : f->root != a->root ? "PE_root"
                     : f->count != a->count && !a->count_may_differ ? "element count" : NULL;
    if (!what && f->target != a->target)
        what = "target", mine = a->target, theirs = f->target;
    else if (!what && f->source != a->source)
        what = "source", mine = a->source, theirs = f->source;
    else if (!what && f->work != a->work)
        what = "pWrk", mine = a->work, theirs = f->work;
    if (!what)
        return;
    char both[600] = "";
    if (mine || theirs) {
        char m[260], t[260];
        snprintf(both, sizeof both, " (%s, where PE %d passed %s)", arg_name(mine, m, sizeof m),
                 i->first_pe, arg_name(theirs, t, sizeof t));
    }
    sim_finding_raise(SHM_CHECK(COLLECTIVE_ARGS_MISMATCH), SIM_SEV_ERROR, me->id, a->call,
                      me->call_site, "PE %d passed a different %s%s than PE %d to the same %s. "
                      "All members must pass the same active set, root, counts and symmetric "
                      "objects (the same address in each, not one of their own).", me->id, what,
                      both, i->first_pe, a->call);
}

/* Symmetric identity of a pointer (its address on PE 0), NULL for none. */
static const void *ident(const void *p)
{
    return p ? sim_mem_xlate(shm_me(), p, 0) : NULL;
}

/* The constant that sizes call's pSync. */
static const char *sync_size_name(const char *call)
{
    return strcasestr(call, "_to_all") || strcasestr(call, "reduce") ? "SHMEM_REDUCE_SYNC_SIZE"
         : strcasestr(call, "barrier") ? "SHMEM_BARRIER_SYNC_SIZE"
         : strcasestr(call, "broadcast") ? "SHMEM_BCAST_SYNC_SIZE"
         : strcasestr(call, "collect") ? "SHMEM_COLLECT_SYNC_SIZE"
         : strcasestr(call, "alltoalls") ? "SHMEM_ALLTOALLS_SYNC_SIZE"
         : strcasestr(call, "alltoall") ? "SHMEM_ALLTOALL_SYNC_SIZE"
                                        : "SHMEM_SYNC_SIZE";
}

/* The caller's pSync words (at most words, within its object) that do not
 * hold SHMEM_SYNC_VALUE on any member of a: raises psync-uninitialized. */
static void check_initialised(const coll_args_t *a, const long *psync, size_t words)
{
    int me = shm_me();
    size_t room, need = words;
    if (sim_mem_object_room(me, psync, &room) == 0 && room / sizeof(long) < words)
        words = room / sizeof(long);
    char list[200] = "";
    int bad = 0, first_pe = -1;
    size_t first_word = 0;
    long first_value = 0;
    for (int k = 0; k < a->size; k++) {
        int pe = args_pe(a, k);
        const long *home = sim_mem_xlate(me, psync, pe);
        for (size_t w = 0; w < words; w++) {
            long v;
            memcpy(&v, sim_mem_live(pe, home + w), sizeof v);
            if (v == SHMEM_SYNC_VALUE)
                continue;
            if (bad++ == 0) {
                first_pe = pe;
                first_word = w;
                first_value = v;
            }
            sim_append(list, sizeof list, "%s%d", list[0] ? ", " : "", pe);
            break;
        }
    }
    if (!bad)
        return;
    /* Only a prefix set: most often a loop bound of another collective's
     * size. */
    char prefix[200] = "";
    if (first_word > 0)
        snprintf(prefix, sizeof prefix,
                 " Its first %zu element%s hold%s it, but %s uses %zu (%s): was pSync set "
                 "up for another collective's size?", first_word, first_word == 1 ? "" : "s",
                 first_word == 1 ? "s" : "", a->call, need, sync_size_name(a->call));
    sim_pe_t *self = sim_pe_self();
    sim_finding_raise(SHM_CHECK(PSYNC_UNINITIALIZED), SIM_SEV_ERROR, me, a->call, self->call_site,
                      "when PE %d started %s, pSync was not initialised on PE(s) %s: PE %d's "
                      "pSync[%zu] holds %ld (0x%lx), not SHMEM_SYNC_VALUE (%ld).%s Set every "
                      "element to SHMEM_SYNC_VALUE before the first use and synchronise (e.g. "
                      "shmem_barrier_all) before any PE calls the collective.", me, a->call,
                      list, first_pe, first_word, first_value, (unsigned long)first_value,
                      (long)SHMEM_SYNC_VALUE, prefix);
}

/* Compares what the protocol wrote into the caller's pSync before it
 * entered with what is there now; forgets those writes. */
static void check_unmodified(psync_rec_t *r, const coll_args_t *a, const long *psync)
{
    int me = shm_me();
    pe_delivered_t *d = r->seen[me];
    if (!d)
        return;
    for (size_t k = 0; k < d->n; k++) {
        const delivered_t *e = &d->v[k];
        if (psync[e->word] == e->value)
            continue;
        sim_pe_t *self = sim_pe_self();
        sim_finding_raise(SHM_CHECK(PSYNC_MODIFIED), SIM_SEV_ERROR, me, a->call, self->call_site,
                          "PE %d's %s wrote %ld into PE %d's pSync[%zu] at t=%lluns, but PE "
                          "%d's program changed it to %ld before calling %s, erasing that "
                          "signal. pSync belongs to the library from its first use: "
                          "initialise it once, and never write it while any PE may be using "
                          "it.", e->from, e->what, e->value, me, e->word,
                          (unsigned long long)e->time, me, psync[e->word], a->call);
        break;
    }
    d->n = 0;
}

void coll_check_enter(const coll_args_t *in, const long *psync, size_t psync_words)
{
    coll_args_t a = *in;
    a.target = ident(a.target);
    a.source = ident(a.source);
    a.work = ident(a.work);
    psync_rec_t *r = rec_of(psync);
    if (psync_words > r->words)
        r->words = psync_words;
    int me = shm_me();
    check_unmodified(r, &a, psync);
    /* The oldest instance this PE is a member of and has not joined, if the
     * PE that started it is in this call's set. */
    instance_t *i = r->oldest, *last;
    while (i && (!args_has(&i->args, me) || has_entered(i, me) || !args_has(&a, i->first_pe)))
        i = i->next;
    if (i) {
        check_args_match(i, &a);
    } else {
        if (!overlapping(r, NULL, &a))
            check_initialised(in, psync, psync_words);
        for (last = r->oldest; last && last->next; last = last->next)
            ;
        i = sim_xcalloc(1, sizeof *i);
        i->entered = sim_xcalloc((size_t)a.size / 8 + 1, 1);
        i->serial = r->next_serial++;
        i->args = a;
        if (a.members) { /* the team may be gone before the instance */
            int *copy = sim_xmalloc((size_t)a.size * sizeof *copy);
            memcpy(copy, a.members, (size_t)a.size * sizeof *copy);
            i->args.members = copy;
        }
        i->first_pe = me;
        i->first_site = sim_pe_self()->call_site;
        if (last)
            last->next = i;
        else
            r->oldest = i;
        set_active(r, 1);
    }
    int k = args_index(&i->args, me);
    i->entered[k / 8] |= (unsigned char)(1u << (k % 8));
    r->joined[me] = i->serial;
    r->inside[me] = 1;
    check_reuse(r, i, &a);
}

void coll_check_delivered(int pe, const void *home, size_t n, int from, const char *what)
{
    if (!shm_run()->npsync_active || n == 0)
        return;
    const char *id = sim_mem_xlate(pe, home, 0);
    size_t word;
    psync_rec_t *r = id ? active_at(id, n, &word) : NULL;
    if (!r || r->inside[pe])
        return;
    const char *base = sim_mem_xlate(0, r->key, pe);
    size_t end = ((size_t)(id + n - (const char *)r->key) + sizeof(long) - 1) / sizeof(long);
    if (end > r->words)
        end = r->words;
    pe_delivered_t *d = r->seen[pe];
    if (!d)
        d = r->seen[pe] = sim_xcalloc(1, sizeof *d);
    for (; word < end; word++) {
        delivered_t *e = NULL;
        for (size_t k = 0; k < d->n && !e; k++)
            if (d->v[k].word == word)
                e = &d->v[k];
        if (!e) {
            if (d->n == d->cap) {
                d->cap = d->cap ? d->cap * 2 : 4;
                d->v = sim_xrealloc(d->v, d->cap * sizeof *d->v);
            }
            e = &d->v[d->n++];
            e->word = word;
        }
        memcpy(&e->value, sim_mem_live(pe, base + word * sizeof(long)), sizeof e->value);
        e->from = from;
        e->time = sim_now();
        e->what = what;
    }
}

void coll_check_user_write(const char *call, int pe, const void *dest, size_t n)
{
    if (!shm_run()->npsync_active || n == 0)
        return;
    int me = shm_me();
    const char *id = sim_mem_xlate(me, dest, 0);
    size_t word;
    psync_rec_t *r = id ? active_at(id, n, &word) : NULL;
    const instance_t *i = r ? using_instance(r, pe) : NULL;
    if (!i)
        return;
    sim_pe_t *self = sim_pe_self();
    sim_finding_raise(SHM_CHECK(PSYNC_MODIFIED), SIM_SEV_ERROR, me, call, self->call_site,
                      "PE %d writes PE %d's pSync[%zu] while %s (started by PE %d) is still "
                      "using it. pSync belongs to the library from its first use until every "
                      "member has left the collective: keep program data out of it.", me, pe,
                      word, i->args.call, i->first_pe);
}

void coll_check_leave(const long *psync)
{
    psync_rec_t *r = rec_of(psync);
    r->inside[shm_me()] = 0;
    uint64_t s = r->joined[shm_me()];
    instance_t **p = &r->oldest;
    while (*p && (*p)->serial != s)
        p = &(*p)->next;
    if (!*p || ++(*p)->left < (*p)->args.size)
        return;
    instance_t *done = *p;
    *p = done->next;
    free((void *)done->args.members);
    free(done->entered);
    free(done);
    if (!r->oldest)
        set_active(r, 0);
}
