/* api/shmem/coll_check: checkers for the rules of active-set collectives
 * (SPEC §5): psync-reuse, collective-args-mismatch and
 * collective-order-mismatch.
 *
 * Calls are grouped into instances per pSync (identified by its address on
 * PE 0, looked up, never iterated): a member's call joins the oldest
 * unfinished instance on that pSync it has not joined yet, or starts a new
 * one; an instance is finished when every member has left it.  Joining an
 * instance while an older one on the same pSync is unfinished means the
 * pSync is reused while still in use — forbidden whether or not timing made
 * it harmless this run — except for consecutive barrier or sync calls over
 * the same set, which the specification allows.  Each joiner's arguments
 * are compared with the instance's first member's. */
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
    int left;                 /* members that have left */
    struct instance *next;    /* next younger unfinished instance */
} instance_t;

typedef struct psync_rec {
    const void *key;          /* the pSync's address on PE 0; hash key */
    uint64_t next_serial;     /* serial of the next instance */
    uint64_t *joined;         /* per PE: serial of the last instance joined */
    instance_t *oldest;       /* unfinished instances, oldest first */
    UT_hash_handle hh;
} psync_rec_t;

static psync_rec_t *recs;

static psync_rec_t *rec_of(const long *psync)
{
    const void *key = sim_mem_xlate(shm_me(), psync, 0);
    psync_rec_t *r;
    HASH_FIND_PTR(recs, &key, r);
    if (!r) {
        r = sim_xcalloc(1, sizeof *r);
        r->key = key;
        r->next_serial = 1;
        r->joined = sim_xcalloc((size_t)sim_w->npes, sizeof *r->joined);
        HASH_ADD_PTR(recs, key, r);
    }
    return r;
}

static int is_sync(const char *call)
{
    return strcmp(call, "shmem_barrier") == 0 || strcmp(call, "shmem_sync") == 0;
}

static int same_set(const coll_args_t *a, const coll_args_t *b)
{
    return a->start == b->start && a->stride == b->stride && a->size == b->size;
}

/* A member of instance i that has not left it (joined it last, or not yet). */
static int straggler(const psync_rec_t *r, const instance_t *i, int me)
{
    for (int k = 0; k < i->args.size; k++) {
        int pe = i->args.start + k * i->args.stride;
        if (pe != me && r->joined[pe] <= i->serial)
            return pe;
    }
    return me;
}

static void check_reuse(const psync_rec_t *r, const instance_t *mine, const coll_args_t *a)
{
    const instance_t *old = r->oldest;
    if (old == mine)
        return;
    if (is_sync(a->call) && is_sync(old->args.call) && same_set(a, &old->args) && old->next == mine)
        return;
    sim_pe_t *me = sim_pe_self();
    sim_finding_raise("psync-reuse", SIM_SEV_ERROR, me->id, a->call, me->call_site,
                      "PE %d entered %s with a pSync that PE %d is still using in an earlier "
                      "%s. A pSync may be reused only after every member has left the previous "
                      "collective that used it: synchronise first (e.g. a barrier), or "
                      "alternate two pSync arrays between calls over the same active set.",
                      me->id, a->call, straggler(r, old, me->id), old->args.call);
}

static void check_args_match(const instance_t *i, const coll_args_t *a)
{
    const coll_args_t *f = &i->args;
    sim_pe_t *me = sim_pe_self();
    if (strcmp(f->call, a->call) != 0) {
        sim_finding_raise("collective-order-mismatch", SIM_SEV_ERROR, me->id, a->call,
                          me->call_site, "PE %d called %s where PE %d called %s with the same "
                          "pSync. Every member must call the same collectives in the same "
                          "order.", me->id, a->call, i->first_pe, f->call);
        return;
    }
    const char *what = !same_set(f, a) ? "active set (PE_start, logPE_stride, PE_size)"
                     : f->root != a->root ? "PE_root"
                     : f->count != a->count && !a->count_may_differ ? "element count"
                     : f->target != a->target ? "target (another symmetric object)"
                     : f->source != a->source ? "source (another symmetric object)"
                     : f->work != a->work ? "pWrk (another symmetric object)" : NULL;
    if (what)
        sim_finding_raise("collective-args-mismatch", SIM_SEV_ERROR, me->id, a->call,
                          me->call_site, "PE %d passed a different %s than PE %d to the same "
                          "%s. All members must pass the same active set, root, counts and "
                          "symmetric objects.", me->id, what, i->first_pe, a->call);
}

/* Symmetric identity of a pointer (its address on PE 0), NULL for none. */
static const void *ident(const void *p)
{
    return p ? sim_mem_xlate(shm_me(), p, 0) : NULL;
}

void coll_check_enter(const coll_args_t *in, const long *psync)
{
    coll_args_t a = *in;
    a.target = ident(a.target);
    a.source = ident(a.source);
    a.work = ident(a.work);
    psync_rec_t *r = rec_of(psync);
    int me = shm_me();
    instance_t *i = r->oldest, *last = NULL;
    while (i && i->serial <= r->joined[me]) {
        last = i;
        i = i->next;
    }
    if (i) {
        check_args_match(i, &a);
    } else {
        for (last = r->oldest; last && last->next; last = last->next)
            ;
        i = sim_xcalloc(1, sizeof *i);
        i->serial = r->next_serial++;
        i->args = a;
        i->first_pe = me;
        if (last)
            last->next = i;
        else
            r->oldest = i;
    }
    r->joined[me] = i->serial;
    check_reuse(r, i, &a);
}

void coll_check_leave(const long *psync)
{
    psync_rec_t *r = rec_of(psync);
    uint64_t s = r->joined[shm_me()];
    instance_t **p = &r->oldest;
    while (*p && (*p)->serial != s)
        p = &(*p)->next;
    if (!*p || ++(*p)->left < (*p)->args.size)
        return;
    instance_t *done = *p;
    *p = done->next;
    free(done);
}
