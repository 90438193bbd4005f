/* api/shmem/team_coll: the team-based collectives of OpenSHMEM 1.5.
 *
 * They run the same protocols as the active-set routines (coll.h) over the
 * team's members, with the team's internal pSync: bytes [SHM_TEAM_COLL_OFF,
 * SHM_TEAM_SLOT_BYTES) of its pool slot (p2p.h), laid out as
 *   [0, 128)    counted sync words (team_sync, and the end of every call)
 *   [128, 160)  the protocol's pSync words
 *   [160, 512)  pWrk of the reductions (chunks of 352 bytes).
 * The user cannot alternate pSync arrays here, so every team collective
 * ends with a counted team sync: a member enters the next call only when
 * every member is done with this one.  The area is left zero, as the team
 * pool requires. */
#include "coll.h"
#include "race.h"
#include "p2p.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEAM_SYNC_OFF 0
#define TEAM_PSYNC_OFF 128
#define TEAM_WRK_OFF 160
#define TEAM_AREA_END (SHM_TEAM_SLOT_BYTES - SHM_TEAM_COLL_OFF)

/* The caller's view of the team; -1 (after a warning) for an invalid team. */
static int team_set(const char *call, shmem_team_t team, coll_set_t *s, shm_team_t **out)
{
    shm_team_t *t = shm_team_of(team);
    shm_charge_call();
    if (!t) {
        sim_pe_t *me = sim_pe_self();
        sim_finding_raise(SHM_CHECK(COLLECTIVE_NOT_MEMBER), SIM_SEV_WARNING, me->id, call, me->call_site,
                          "the team handle is SHMEM_TEAM_INVALID or not a team of PE %d; the "
                          "call returns an error without communicating.", me->id);
        return -1;
    }
    s->start = t->start;
    s->stride = t->stride;
    s->size = t->size;
    s->members = t->members;
    s->me = t->me;
    *out = t;
    return 0;
}

int coll_set_of_team(const char *call, shmem_team_t team, coll_set_t *s)
{
    shm_team_t *t;
    return team_set(call, team, s, &t);
}

static char *area(const shm_team_t *t, size_t off)
{
    return shm_team_area(t, shm_me(), SHM_TEAM_COLL_OFF + off);
}

static void team_sync(const char *call, const coll_set_t *s, const shm_team_t *t)
{
    coll_sync(call, s, (long *)area(t, TEAM_SYNC_OFF));
}

/* The end of a team collective: a sync, so that the team's internal pSync
 * may be used again at once.  The specification promises no
 * synchronisation at the end of a collective, so the race detector does
 * not see this one: a PE's access to another's dest that only this sync
 * orders is a race. */
static void team_done(const char *call, const coll_set_t *s, const shm_team_t *t)
{
    sim_hb_unobserved(1);
    team_sync(call, s, t);
    sim_hb_unobserved(0);
}

int shmem_team_sync(shmem_team_t team)
{
    coll_set_t s;
    shm_team_t *t;
    SHM_ENTER("shmem_team_sync");
    int rc = team_set("shmem_team_sync", team, &s, &t);
    if (rc == 0)
        team_sync("shmem_team_sync", &s, t);
    SHM_LEAVE();
    return rc;
}

static int bcast(const char *call, shmem_team_t team, void *dest, const void *src, size_t n,
                 int root)
{
    coll_set_t s;
    shm_team_t *t;
    if (team_set(call, team, &s, &t) || shm_check_sym(call, "dest", dest, n) ||
        shm_check_ptr(call, "source", src, n) ||
        shm_check_overlap(call, "dest", dest, n, "source", src, n, SHM_SAME_TOLERATED))
        return -1;
    if (root < 0 || root >= s.size) {
        sim_pe_t *me = sim_pe_self();
        sim_finding_raise(SHM_CHECK(COLLECTIVE_ARGS_MISMATCH), SIM_SEV_ERROR, me->id, call, me->call_site,
                          "PE_root %d is not a member index of the team (0..%d); the call "
                          "was skipped.", root, s.size - 1);
        return -1;
    }
    if (s.me == root && dest != src && n) /* team broadcast updates the root too */
        memmove(dest, src, n);
    coll_bcast_core(call, &s, dest, src, n, root, (long *)area(t, TEAM_PSYNC_OFF));
    if (s.me == root && dest != src)
        shm_race_coll_done(call, (shm_race_span_t){dest, n, 1, 0}, (shm_race_span_t){0});
    team_done(call, &s, t);
    return 0;
}

static int collect(const char *call, shmem_team_t team, void *dest, const void *src, size_t n,
                   int fixed)
{
    coll_set_t s;
    shm_team_t *t;
    if (team_set(call, team, &s, &t) ||
        shm_check_sym(call, "dest", dest, fixed ? n * (size_t)s.size : n) ||
        shm_check_sym(call, "source", src, n) ||
        shm_check_overlap(call, "dest", dest, fixed ? n * (size_t)s.size : n, "source", src, n,
                          SHM_SAME_IS_OVERLAP))
        return -1;
    long *ps = (long *)area(t, TEAM_PSYNC_OFF);
    if (fixed)
        coll_fcollect_core(call, &s, dest, src, n, ps);
    else
        coll_collect_core(call, &s, dest, src, n, ps);
    team_done(call, &s, t);
    return 0;
}

static int alltoall(const char *call, shmem_team_t team, void *dest, const void *src,
                    size_t es, size_t nelems, ptrdiff_t dst, ptrdiff_t sst)
{
    coll_set_t s;
    shm_team_t *t;
    if (team_set(call, team, &s, &t))
        return -1;
    size_t cnt = nelems * (size_t)s.size;
    size_t span = cnt ? ((cnt - 1) * (size_t)(dst > 0 ? dst : 1) + 1) * es : 0;
    size_t sspan = cnt ? ((cnt - 1) * (size_t)(sst > 0 ? sst : 1) + 1) * es : 0;
    if (shm_check_sym(call, "dest", dest, span) || shm_check_sym(call, "source", src, sspan) ||
        shm_check_overlap(call, "dest", dest, span, "source", src, sspan, SHM_SAME_IS_OVERLAP))
        return -1;
    if (dst < 1 || sst < 1) {
        sim_pe_t *me = sim_pe_self();
        sim_finding_raise(SHM_CHECK(COLLECTIVE_ARGS_MISMATCH), SIM_SEV_ERROR, me->id, call, me->call_site,
                          "the strides dst=%td and sst=%td must both be at least 1; the call "
                          "was skipped.", dst, sst);
        return -1;
    }
    coll_alltoall_core(call, &s, dest, src, es, nelems, dst, sst, (long *)area(t, TEAM_PSYNC_OFF));
    team_done(call, &s, t);
    return 0;
}

static int reduce(const char *call, shmem_team_t team, void *dest, const void *src, size_t n,
                  size_t es, coll_combine_fn op)
{
    coll_set_t s;
    shm_team_t *t;
    if (team_set(call, team, &s, &t) || shm_check_sym(call, "dest", dest, n * es) ||
        shm_check_sym(call, "source", src, n * es) ||
        shm_check_overlap(call, "dest", dest, n * es, "source", src, n * es, SHM_SAME_ALLOWED))
        return -1;
    char *wrk = area(t, TEAM_WRK_OFF);
    size_t wrk_elems = (TEAM_AREA_END - TEAM_WRK_OFF) / es;
    coll_reduce_core(call, &s, dest, src, n, es, op, wrk, wrk_elems,
                     (long *)area(t, TEAM_PSYNC_OFF));
    team_done(call, &s, t);
    memset(wrk, 0, TEAM_AREA_END - TEAM_WRK_OFF);
    return 0;
}

/* Scans (1.6): a chain along the team.  Member i first copies its source
 * (dest may be the same array) and tells member i-1 (pSync[1]) that its
 * dest may now be written; it waits for the sum of the members before it,
 * which member i-1 puts into its dest and flags in pSync[0]; it adds its
 * source, passes that on to member i+1's dest once member i+1 is ready,
 * and leaves in its own dest the sum with its source (inscan) or without
 * it (exscan; the first member's is zero). */
static int scan(const char *call, shmem_team_t team, void *dest, const void *src, size_t n,
                size_t es, coll_combine_fn op, int inclusive)
{
    coll_set_t s;
    shm_team_t *t;
    if (team_set(call, team, &s, &t) || shm_check_sym(call, "dest", dest, n * es) ||
        shm_check_sym(call, "source", src, n * es) ||
        shm_check_overlap(call, "dest", dest, n * es, "source", src, n * es, SHM_SAME_ALLOWED))
        return -1;
    long *ps = (long *)area(t, TEAM_PSYNC_OFF);
    size_t bytes = n * es;
    unsigned char *mine = sim_xmalloc(bytes > 0 ? bytes : 1);
    unsigned char *sum = sim_xmalloc(bytes > 0 ? bytes : 1);
    if (bytes)
        memcpy(mine, src, bytes);
    sim_why_t why;
    if (s.me > 0) {
        coll_set_word(call, &ps[1], 1, coll_pe(&s, s.me - 1));
        why = sim_why("%s (waiting for the sum of members 0..%d from PE %d)", call,
                 s.me - 1, coll_pe(&s, s.me - 1));
        coll_wait_ge(&why, &ps[0], 1);
        if (bytes)
            memcpy(sum, dest, bytes);
        op(sum, mine, n);
    } else if (bytes) {
        memcpy(sum, mine, bytes);
    }
    if (s.me + 1 < s.size) {
        int next = coll_pe(&s, s.me + 1);
        why = sim_why("%s (waiting for PE %d to have read its source)", call, next);
        coll_wait_ge(&why, &ps[1], 1);
        coll_put(call, dest, sum, bytes, next);
        coll_fence();
        coll_set_word(call, &ps[0], 1, next);
    }
    if (inclusive && bytes)
        memcpy(dest, sum, bytes);
    else if (s.me == 0 && bytes)
        memset(dest, 0, bytes);
    free(mine);
    free(sum);
    ps[0] = ps[1] = SHMEM_SYNC_VALUE;
    team_done(call, &s, t);
    return 0;
}

#define ENTER_RC(name, expr) \
    do {                     \
        SHM_ENTER(name);     \
        int rc_ = (expr);    \
        SHM_LEAVE();         \
        return rc_;          \
    } while (0)

int shmem_broadcastmem(shmem_team_t team, void *dest, const void *source, size_t nelems,
                       int PE_root)
{
    ENTER_RC("shmem_broadcastmem", bcast("shmem_broadcastmem", team, dest, source, nelems, PE_root));
}

int shmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    ENTER_RC("shmem_collectmem", collect("shmem_collectmem", team, dest, source, nelems, 0));
}

int shmem_fcollectmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    ENTER_RC("shmem_fcollectmem", collect("shmem_fcollectmem", team, dest, source, nelems, 1));
}

int shmem_alltoallmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    ENTER_RC("shmem_alltoallmem",
             alltoall("shmem_alltoallmem", team, dest, source, 1, nelems, 1, 1));
}

int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems)
{
    ENTER_RC("shmem_alltoallsmem",
             alltoall("shmem_alltoallsmem", team, dest, source, 1, nelems, dst, sst));
}

#define DEFINE_TEAM_COLL(T, N)                                                               \
    int shmem_##N##_broadcast(shmem_team_t team, T *dest, const T *source, size_t nelems,    \
                              int PE_root)                                                   \
    {                                                                                        \
        ENTER_RC("shmem_" #N "_broadcast", bcast("shmem_" #N "_broadcast", team, dest,       \
                                                 source, nelems * sizeof(T), PE_root));      \
    }                                                                                        \
    int shmem_##N##_collect(shmem_team_t team, T *dest, const T *source, size_t nelems)      \
    {                                                                                        \
        ENTER_RC("shmem_" #N "_collect", collect("shmem_" #N "_collect", team, dest, source, \
                                                 nelems * sizeof(T), 0));                    \
    }                                                                                        \
    int shmem_##N##_fcollect(shmem_team_t team, T *dest, const T *source, size_t nelems)     \
    {                                                                                        \
        ENTER_RC("shmem_" #N "_fcollect", collect("shmem_" #N "_fcollect", team, dest,       \
                                                  source, nelems * sizeof(T), 1));           \
    }                                                                                        \
    int shmem_##N##_alltoall(shmem_team_t team, T *dest, const T *source, size_t nelems)     \
    {                                                                                        \
        ENTER_RC("shmem_" #N "_alltoall", alltoall("shmem_" #N "_alltoall", team, dest,      \
                                                   source, sizeof(T), nelems, 1, 1));        \
    }                                                                                        \
    int shmem_##N##_alltoalls(shmem_team_t team, T *dest, const T *source, ptrdiff_t dst,    \
                              ptrdiff_t sst, size_t nelems)                                  \
    {                                                                                        \
        ENTER_RC("shmem_" #N "_alltoalls", alltoall("shmem_" #N "_alltoalls", team, dest,    \
                                                    source, sizeof(T), nelems, dst, sst));   \
    }
SHMEM_TEAM_STD_TYPES(DEFINE_TEAM_COLL)

#define DEFINE_REDUCE(T, N, OP)                                                              \
    int shmem_##N##_##OP##_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce) \
    {                                                                                        \
        ENTER_RC("shmem_" #N "_" #OP "_reduce",                                              \
                 reduce("shmem_" #N "_" #OP "_reduce", team, dest, source, nreduce, sizeof(T), \
                        coll_op_##N##_##OP));                                                  \
    }
#define BITWISE(T, N) DEFINE_REDUCE(T, N, and) DEFINE_REDUCE(T, N, or) DEFINE_REDUCE(T, N, xor)
#define MINMAX(T, N) DEFINE_REDUCE(T, N, min) DEFINE_REDUCE(T, N, max)
#define ARITH(T, N) DEFINE_REDUCE(T, N, sum) DEFINE_REDUCE(T, N, prod)
SHMEM_TEAM_BITWISE_TYPES(BITWISE)
SHMEM_TEAM_STD_TYPES(MINMAX)
SHMEM_TEAM_STD_TYPES(ARITH)
SHMEM_TEAM_COMPLEX_TYPES(ARITH)

#define DEFINE_SCAN(T, N, KIND, incl)                                                        \
    int shmem_##N##_sum_##KIND(shmem_team_t team, T *dest, const T *source, size_t nelems)   \
    {                                                                                        \
        ENTER_RC("shmem_" #N "_sum_" #KIND,                                                  \
                 scan("shmem_" #N "_sum_" #KIND, team, dest, source, nelems, sizeof(T),      \
                      coll_op_##N##_sum, incl));                                               \
    }
#define SCANS(T, N) DEFINE_SCAN(T, N, inscan, 1) DEFINE_SCAN(T, N, exscan, 0)
SHMEM_TEAM_STD_TYPES(SCANS)
SHMEM_TEAM_COMPLEX_TYPES(SCANS)
