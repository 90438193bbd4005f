/* api/shmem/ctx: communication contexts.
 *
 * A context is a channel of its own (fence and quiet act per channel) plus
 * the team whose PE numbers its calls take.  Handles are pointers to the
 * PE's own shm_ctx_t; a handle is looked up on the PE's list before use, so
 * a destroyed or foreign handle is reported instead of followed. */
#include "hb.h"
#include "shmem_impl.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

/* SHMEM_CTX_DEFAULT holds the address of this object on every PE; each
 * PE maps it to its own default context. */
struct shmem_ctx_s {
    char unused;
};
struct shmem_ctx_s shmemsim_ctx_default; /* (modules built before the handles were variables name it) */
shmem_ctx_t shmemsim_ctx_default_handle = &shmemsim_ctx_default;

shm_ctx_t *shm_ctx_of(shmem_ctx_t h)
{
    shm_pe_t *s = shm_self();
    if (h == &shmemsim_ctx_default)
        return &s->dflt;
    for (shm_ctx_t *c = s->ctxs; c; c = c->next)
        if ((shmem_ctx_t)(void *)c == h)
            return c;
    return NULL;
}

static int check_team_pe(const char *call, const shm_team_t *t, int pe)
{
    if (t->size == sim_npes() && t->start == 0 && t->stride == 1 && !t->members)
        return shm_check_pe(call, pe);
    if (pe >= 0 && pe < t->size)
        return 0;
    sim_pe_t *me = sim_pe_self();
    sim_finding_raise(SHM_CHECK(INVALID_PE), SIM_SEV_ERROR, me->id, call, me->call_site,
                      "PE %d does not exist in the context's team, which has %d PEs (0..%d). "
                      "PE numbers passed with a team's context are indices in that team; "
                      "the call was skipped.", pe, t->size, t->size - 1);
    return -1;
}

int shm_target(const char *call, shmem_ctx_t h, int pe, shm_ctx_t **c, int *wpe)
{
    *c = shm_ctx_of(h);
    if (!*c) {
        sim_pe_t *me = sim_pe_self();
        sim_finding_raise(SHM_CHECK(NULL_POINTER), SIM_SEV_ERROR, me->id, call, me->call_site,
                          "the context is %s. Pass SHMEM_CTX_DEFAULT or a context made by "
                          "shmem_ctx_create that is not destroyed; the call was skipped.",
                          h == SHMEM_CTX_INVALID ? "SHMEM_CTX_INVALID"
                                                 : "not a live context of this PE");
        return -1;
    }
    if (check_team_pe(call, (*c)->team, pe))
        return -1;
    *wpe = shm_team_world_pe((*c)->team, pe);
    return 0;
}

static int create(shmem_team_t team, long options, shmem_ctx_t *ctx)
{
    shm_charge_call();
    shm_team_t *t = shm_team_of(team);
    int rc = -1;
    if (ctx)
        *ctx = SHMEM_CTX_INVALID;
    if (t && ctx) {
        shm_pe_t *s = shm_self();
        shm_ctx_t *c = sim_xcalloc(1, sizeof *c);
        sim_chan_init(&c->own_chan, shm_me());
        c->chan = &c->own_chan;
        c->team = t;
        c->options = options;
        c->next = s->ctxs;
        s->ctxs = c;
        *ctx = (shmem_ctx_t)(void *)c;
        rc = 0;
    }
    return rc;
}

int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx)
{
    SHM_ENTER("shmem_team_create_ctx");
    int rc = create(team, options, ctx);
    SHM_LEAVE();
    return rc;
}

int shmem_ctx_create(long options, shmem_ctx_t *ctx)
{
    SHM_ENTER("shmem_ctx_create");
    int rc = create(SHMEM_TEAM_WORLD, options, ctx);
    SHM_LEAVE();
    return rc;
}

/* Completes c's operations, takes it off its PE's list and frees it. */
static void destroy(shm_ctx_t *c, const char *call)
{
    char why[128];
    snprintf(why, sizeof why, "%s (completing the context's operations)", call);
    shm_quiet(c->chan, why);
    shm_pe_t *s = shm_self();
    for (shm_ctx_t **p = &s->ctxs; *p; p = &(*p)->next)
        if (*p == c) {
            *p = c->next;
            break;
        }
    sim_chan_destroy(&c->own_chan);
    free(c);
}

void shmem_ctx_destroy(shmem_ctx_t ctx)
{
    SHM_ENTER("shmem_ctx_destroy");
    shm_charge_call();
    shm_ctx_t *c = ctx == SHMEM_CTX_DEFAULT ? NULL : shm_ctx_of(ctx);
    if (c)
        destroy(c, "shmem_ctx_destroy");
    SHM_LEAVE();
}

void shm_ctx_destroy_team(shm_team_t *t)
{
    shm_pe_t *s = shm_self();
    for (shm_ctx_t *c = s->ctxs, *next; c; c = next) {
        next = c->next;
        if (c->team == t)
            destroy(c, "shmem_team_destroy");
    }
}

int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team)
{
    shm_ctx_t *c = shm_ctx_of(ctx);
    if (team)
        *team = c ? shm_team_handle(c->team) : SHMEM_TEAM_INVALID;
    return c && team ? 0 : -1;
}

/* The flag stays set: the program may keep storing through the pointers
 * it got.  Waking is cheap for waiters (they check again and block). */
void shm_wake_after_direct_stores(void)
{
    shm_pe_t *s = shm_self();
    if (!s->direct_stores)
        return;
    for (int i = 0; i < sim_npes(); i++) {
        sim_pe_t *pe = sim_pe_get(i);
        if (pe->state == SIM_PE_BLOCKED && pe->watch_lo)
            sim_mem_written(i, pe->watch_lo, (size_t)(pe->watch_hi - pe->watch_lo));
    }
}

void shm_fence(sim_chan_t *c, const char *why)
{
    sim_chan_fence(c);
    sim_hb_fence();
    if (shm_self()->direct_stores)
        sim_chan_quiet(c, why);
    shm_wake_after_direct_stores();
}

void shmem_ctx_fence(shmem_ctx_t ctx)
{
    SHM_ENTER("shmem_ctx_fence");
    shm_charge_call();
    shm_ctx_t *c = ctx == SHMEM_CTX_INVALID ? NULL : shm_ctx_of(ctx);
    if (c)
        shm_fence(c->chan, "shmem_ctx_fence (ordering puts before stores through shmem_ptr)");
    else
        shm_wake_after_direct_stores();
    SHM_LEAVE();
}

/* pe_quiet (1.6) completes the operations to the given PEs; here it
 * completes all of the context's, which is what the caller may rely on
 * and more. */
void shmem_ctx_pe_quiet(shmem_ctx_t ctx, const int *target_pes, size_t npes)
{
    SHM_ENTER("shmem_ctx_pe_quiet");
    shm_charge_call();
    shm_ctx_t *c = ctx == SHMEM_CTX_INVALID ? NULL : shm_ctx_of(ctx);
    int ok = shm_check_ptr("shmem_ctx_pe_quiet", "target_pes", target_pes, npes) == 0;
    for (size_t i = 0; ok && i < npes; i++)
        ok = shm_check_pe("shmem_ctx_pe_quiet", target_pes[i]) == 0;
    if (c && ok)
        shm_quiet(c->chan, "shmem_ctx_pe_quiet (waiting for outstanding operations)");
    shm_wake_after_direct_stores();
    SHM_LEAVE();
}

void shmem_pe_quiet(const int *target_pes, size_t npes)
{
    shmem_ctx_pe_quiet(SHMEM_CTX_DEFAULT, target_pes, npes);
}

/* Sessions (1.6) are hints about a burst of operations: nothing to do. */
void shmem_ctx_session_start(shmem_ctx_t ctx, long options,
                             const shmem_session_config_t *config, long config_mask)
{
    (void)ctx, (void)options, (void)config, (void)config_mask;
    SHM_ENTER("shmem_ctx_session_start");
    shm_charge_call();
    SHM_LEAVE();
}

void shmem_ctx_session_stop(shmem_ctx_t ctx)
{
    (void)ctx;
    SHM_ENTER("shmem_ctx_session_stop");
    shm_charge_call();
    SHM_LEAVE();
}

/* Cray's sessions: the same hints, under their own names. */
void shmemx_session_start(shmem_ctx_t ctx, long options)
{
    (void)ctx, (void)options;
    SHM_ENTER("shmemx_session_start");
    shm_charge_call();
    SHM_LEAVE();
}

void shmemx_session_stop(shmem_ctx_t ctx)
{
    (void)ctx;
    SHM_ENTER("shmemx_session_stop");
    shm_charge_call();
    SHM_LEAVE();
}

void shmem_ctx_quiet(shmem_ctx_t ctx)
{
    SHM_ENTER("shmem_ctx_quiet");
    shm_charge_call();
    shm_ctx_t *c = ctx == SHMEM_CTX_INVALID ? NULL : shm_ctx_of(ctx);
    if (c)
        shm_quiet(c->chan, "shmem_ctx_quiet (waiting for outstanding operations)");
    shm_wake_after_direct_stores();
    SHM_LEAVE();
}
