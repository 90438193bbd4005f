/* api/shmem/reduce: the active-set reductions shmem_TYPE_OP_to_all.
 *
 * A reduction runs over a tree of the active set (SHMEM_REDUCE_ALGORITHM:
 * "tree", binomial, or "linear", every member a child of the first), in
 * chunks of the pWrk size the specification guarantees,
 * max(nreduce/2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE) elements.  Per chunk:
 *   - a parent serves its children one at a time: it writes a grant value
 *     into the child's pSync[GRANT]; the child puts its partial result into
 *     the parent's pWrk, fences, and writes the grant value back into the
 *     parent's pSync[DATA]; the parent combines pWrk into its partial;
 *   - the root's final chunk goes down the same tree into every target,
 *     each followed (after a fence) by the chunk number in pSync[RESULT].
 * Values only grow within a call and each PE restores its own words on
 * exit; grants are not fenced behind the previous call's results, so a
 * pSync reused before every member left the previous call can lose a grant
 * (a hang) under some seeds, as on a real network. */
#include "coll.h"
#include "race.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { GRANT = 0, RESULT = 1, DATA = 2 };

typedef coll_combine_fn combine_fn;

typedef struct reduce_args {
    const char *call;
    void *target;
    const void *source;
    size_t nreduce, es;   /* elements and element size */
    combine_fn op;
    void *pwrk;
    long *psync;
} reduce_args_t;


/* Gathers and combines one chunk of len elements up the tree into acc. */
static void reduce_up(const reduce_args_t *r, const coll_set_t *s, const coll_tree_t *t,
                      char *acc, size_t len, long *grants, long *seen_grant)
{
    sim_why_t why;
    for (int i = 0; i < t->nchildren; i++) {
        int child = coll_pe(s, coll_tree_child(t, i));
        coll_set_word(r->call, &r->psync[GRANT], ++*grants, child);
        why = sim_why("%s (waiting for the partial result of PE %d)", r->call, child);
        coll_wait_ge(&why, &r->psync[DATA], *grants);
        r->op(acc, r->pwrk, len);
    }
    if (t->parent < 0)
        return;
    int parent = coll_pe(s, t->parent);
    why = sim_why("%s (waiting for PE %d to accept data)", r->call, parent);
    coll_wait_ge(&why, &r->psync[GRANT], *seen_grant + 1);
    *seen_grant = r->psync[GRANT];
    coll_put(r->call, r->pwrk, acc, len * r->es, parent);
    coll_fence();
    coll_set_word(r->call, &r->psync[DATA], *seen_grant, parent);
}

/* Passes chunk c (at byte offset off of target) down the tree. */
static void result_down(const reduce_args_t *r, const coll_set_t *s, const coll_tree_t *t,
                        const char *acc, size_t off, size_t len, long c)
{
    char *tgt = (char *)r->target + off;
    if (t->parent < 0) {
        memcpy(tgt, acc, len * r->es);
    } else {
        sim_why_t why;
        why = sim_why("%s (waiting for the result from PE %d)", r->call,
                 coll_pe(s, t->parent));
        coll_wait_ge(&why, &r->psync[RESULT], c + 1);
    }
    for (int i = 0; i < t->nchildren; i++)
        coll_put(r->call, tgt, tgt, len * r->es, coll_pe(s, coll_tree_child(t, i)));
    coll_fence();
    for (int i = 0; i < t->nchildren; i++)
        coll_set_word(r->call, &r->psync[RESULT], c + 1, coll_pe(s, coll_tree_child(t, i)));
}

static int check_reduce(const reduce_args_t *r, size_t wrk)
{
    const char *c = r->call;
    size_t bytes = r->nreduce * r->es, room;
    if (shm_check_sym(c, "pSync", r->psync, SHMEM_REDUCE_SYNC_SIZE * sizeof(long)) ||
        shm_check_sym(c, "target", r->target, bytes) ||
        shm_check_sym(c, "source", r->source, bytes) ||
        shm_check_sym(c, "pWrk", r->pwrk, r->es))
        return -1;
    /* Too small a pWrk is not skipped: the protocol writes past it, as a
     * real library would, and the finding says so. */
    sim_pe_t *me = sim_pe_self();
    int small = sim_mem_object_room(me->id, r->pwrk, &room) == 0 && room < wrk * r->es;
    shm_arg_t args[] = {{"target", r->target, bytes},
                        {"source", r->source, bytes},
                        {"pWrk", r->pwrk, small ? room : wrk * r->es},
                        {"pSync", r->psync, SHMEM_REDUCE_SYNC_SIZE * sizeof(long)}};
    if (shm_check_disjoint(c, args, 4, SHM_SAME_ALLOWED))
        return -1;
    if (small) {
        /* What the spill reaches, and whether it is this call's pSync
         * (the protocol then breaks: a PE leaves early or waits for ever). */
        const char *end = (const char *)r->pwrk + room, *ps = (const char *)r->psync;
        size_t over = wrk * r->es - room;
        char spill[400];
        sim_mem_spill_name(me->id, end, over, spill, sizeof spill);
        int own = sim_mem_overlaps(ps, SHMEM_REDUCE_SYNC_SIZE * sizeof(long), end, over);
        sim_finding_raise(SHM_CHECK(PWRK_TOO_SMALL), SIM_SEV_ERROR, me->id, c, me->call_site,
                          "pWrk has room for %zu elements but nreduce=%zu needs "
                          "max(nreduce/2+1, SHMEM_REDUCE_MIN_WRKDATA_SIZE) = %zu; partial "
                          "results from other PEs overwrite the %zu bytes that follow it: "
                          "%s%s.", room / r->es, r->nreduce, wrk, over, spill,
                          own ? "; they include this call's own pSync, so its protocol "
                                "breaks (a PE may leave early, or wait for ever)" : "");
    }
    return 0;
}

static void reduce_core(const reduce_args_t *r, const coll_set_t *sp, size_t wrk);

/* The reduction over set s (made by the caller, who charged the call). */
static void reduce_over(const reduce_args_t *r, const coll_set_t *s)
{
    size_t wrk = r->nreduce / 2 + 1;
    if (wrk < SHMEM_REDUCE_MIN_WRKDATA_SIZE)
        wrk = SHMEM_REDUCE_MIN_WRKDATA_SIZE;
    if (check_reduce(r, wrk))
        return;
    coll_args_t a = {r->call, s->start, s->stride, s->size, -1, r->nreduce, 0, r->target,
                     r->source, r->pwrk, s->members};
    coll_check_enter(&a, r->psync, SHMEM_REDUCE_SYNC_SIZE);
    reduce_core(r, s, wrk);
    coll_check_leave(r->psync);
}

static void reduce_run(const reduce_args_t *r, int nreduce, int start, int log_stride, int size)
{
    coll_set_t s;
    shm_charge_call();
    if (nreduce < 0 || coll_set_make(r->call, start, log_stride, size, &s))
        return;
    reduce_over(r, &s);
}

/* The protocol itself, chunked by wrk elements of pWrk. */
static void reduce_core(const reduce_args_t *r, const coll_set_t *sp, size_t wrk)
{
    coll_set_t s = *sp;
    const char *algo = shm_setting_word(SHM_SET_REDUCE_ALGORITHM,
                                        s.size <= 8 ? "linear" : "tree");
    coll_tree_t t;
    coll_tree_make(&s, 0, strcmp(algo, "tree") == 0, &t);
    char *acc = sim_xmalloc(wrk * r->es);
    long grants = 0, seen_grant = 0, c = 0;
    for (size_t off = 0; off < r->nreduce; off += wrk, c++) {
        size_t len = r->nreduce - off < wrk ? r->nreduce - off : wrk;
        memcpy(acc, (const char *)r->source + off * r->es, len * r->es);
        reduce_up(r, &s, &t, acc, len, &grants, &seen_grant);
        result_down(r, &s, &t, acc, off * r->es, len, c);
    }
    free(acc);
    r->psync[GRANT] = r->psync[RESULT] = r->psync[DATA] = SHMEM_SYNC_VALUE;
    shm_race_coll_done(r->call, (shm_race_span_t){r->target, r->nreduce * r->es, 1, 0},
                       (shm_race_span_t){r->source, r->nreduce * r->es, 1, 0});
}

void coll_reduce_core(const char *call, const coll_set_t *s, void *target, const void *source,
                      size_t nreduce, size_t es, coll_combine_fn op, void *pwrk, size_t wrk,
                      long *psync)
{
    reduce_args_t r = {call, target, source, nreduce, es, op, pwrk, psync};
    reduce_core(&r, s, wrk);
}

#define DEFINE_TO_ALL(T, N, OP)                                                          \
    void shmem_##N##_##OP##_to_all(T *target, const T *source, int nreduce, int PE_start, \
                                   int logPE_stride, int PE_size, T *pWrk, long *pSync)  \
    {                                                                                    \
        SHM_ENTER("shmem_" #N "_" #OP "_to_all");                                        \
        reduce_args_t r = {"shmem_" #N "_" #OP "_to_all", target, source,                \
                           nreduce > 0 ? (size_t)nreduce : 0, sizeof(T), coll_op_##N##_##OP, \
                           pWrk, pSync};                                                 \
        reduce_run(&r, nreduce, PE_start, logPE_stride, PE_size);                        \
        SHM_LEAVE();                                                                     \
    }

#define BITWISE(T, N) DEFINE_TO_ALL(T, N, and) DEFINE_TO_ALL(T, N, or) DEFINE_TO_ALL(T, N, xor)
#define MINMAX(T, N) DEFINE_TO_ALL(T, N, min) DEFINE_TO_ALL(T, N, max)
#define ARITH(T, N) DEFINE_TO_ALL(T, N, sum) DEFINE_TO_ALL(T, N, prod)

SHMEM_REDUCE_INT_TYPES(BITWISE)
SHMEM_REDUCE_INT_TYPES(MINMAX)
SHMEM_REDUCE_FLOAT_TYPES(MINMAX)
SHMEM_REDUCE_INT_TYPES(ARITH)
SHMEM_REDUCE_FLOAT_TYPES(ARITH)
SHMEM_REDUCE_COMPLEX_TYPES(ARITH)

/* Cray's team reductions: the same protocol over a team's members, with
 * the program's pWrk and pSync, called by the team's members only. */
#define DEFINE_TEAM_TO_ALL(T, N, OP)                                                     \
    void shmemx_team_##N##_##OP##_to_all(shmem_team_t team, T *target, const T *source,  \
                                         int nreduce, T *pWrk, long *pSync)              \
    {                                                                                    \
        static const char call[] = "shmemx_team_" #N "_" #OP "_to_all";                  \
        SHM_ENTER(call);                                                                 \
        reduce_args_t r = {call, target, source, nreduce > 0 ? (size_t)nreduce : 0,      \
                           sizeof(T), coll_op_##N##_##OP, pWrk, pSync};                  \
        coll_set_t s;                                                                    \
        if (nreduce >= 0 && coll_set_of_team(call, team, &s) == 0)                       \
            reduce_over(&r, &s);                                                         \
        SHM_LEAVE();                                                                     \
    }
#define TEAM_BITWISE(T, N) \
    DEFINE_TEAM_TO_ALL(T, N, and) DEFINE_TEAM_TO_ALL(T, N, or) DEFINE_TEAM_TO_ALL(T, N, xor)
#define TEAM_MINMAX(T, N) DEFINE_TEAM_TO_ALL(T, N, min) DEFINE_TEAM_TO_ALL(T, N, max)
#define TEAM_ARITH(T, N) DEFINE_TEAM_TO_ALL(T, N, sum) DEFINE_TEAM_TO_ALL(T, N, prod)

SHMEM_REDUCE_INT_TYPES(TEAM_BITWISE)
SHMEM_REDUCE_INT_TYPES(TEAM_MINMAX)
SHMEM_REDUCE_FLOAT_TYPES(TEAM_MINMAX)
SHMEM_REDUCE_INT_TYPES(TEAM_ARITH)
SHMEM_REDUCE_FLOAT_TYPES(TEAM_ARITH)

/* The reduction under another interface's name (api/fortran), for any
 * element type: op combines elements of es bytes.  The caller has marked
 * the call (SHM_ENTER) with call. */
void coll_reduce_as(const char *call, void *target, const void *source, int nreduce, size_t es,
                    coll_combine_fn op, int start, int log_stride, int size, void *pwrk,
                    long *psync)
{
    reduce_args_t r = {call, target, source, nreduce > 0 ? (size_t)nreduce : 0, es, op, pwrk,
                       psync};
    reduce_run(&r, nreduce, start, log_stride, size);
}
