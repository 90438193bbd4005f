/* api/shmem/team: teams, their splits and the team pool (see p2p.h).
 *
 * Splitting is collective over the parent team.  Its one exchange is an
 * AND of the members' free-slot masks by dissemination: in round k member
 * i sends what it has so far to member i + 2^k and ANDs in what member
 * i - 2^k sent; after ceil(log2 n) rounds every member holds the AND of
 * all masks (AND does not mind values counted twice).  A message lands in
 * a cell {count, value} of the receiver's copy of the parent's slot, one
 * cell per round and per parity of the exchange: a member can be at most
 * one exchange ahead of another (finishing one needs everybody to have
 * entered it), so two parities keep consecutive exchanges apart. */
#include "shmem_impl.h"
#include "hb.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The predefined handles: addresses of these objects, the same on every
 * PE; each PE maps them to its own teams. */
struct shmem_team_s {
    char unused;
};
struct shmem_team_s shmemsim_team_world, shmemsim_team_shared; /* (as shmemsim_ctx_default) */
shmem_team_t shmemsim_team_world_handle = &shmemsim_team_world;
shmem_team_t shmemsim_team_shared_handle = &shmemsim_team_shared;

typedef struct sync_cell {
    long count;     /* messages landed and not yet taken */
    uint64_t value; /* the last one's value */
} sync_cell_t;

_Static_assert(2 * SHM_TEAM_MAX_ROUNDS * sizeof(sync_cell_t) <= SHM_TEAM_SYNC_BYTES,
               "team exchange cells fit their part of a pool slot");
_Static_assert(SHM_OFF_TEAMS + SHM_TEAM_SLOTS * SHM_TEAM_SLOT_BYTES <= SIM_HEAP_INTERNAL,
               "the team pool fits the heap's internal area");

static shm_team_t *team_new(shm_pe_t *s, int start, int stride, int size, int me, int slot)
{
    shm_team_t *t = sim_xcalloc(1, sizeof *t);
    t->start = start;
    t->stride = size > 1 ? stride : 1;
    t->size = size;
    t->me = me;
    t->slot = slot;
    t->next = s->teams;
    s->teams = t;
    s->slots_used |= 1u << slot;
    return t;
}

static int by_pe_cmp(const void *a, const void *b)
{
    const int *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

/* A team of the world PEs world[0..size), me being this PE's index: a
 * progression when they form one, else a list. */
static shm_team_t *team_of_list(shm_pe_t *s, const int *world, int size, int me, int slot)
{
    int stride = size > 1 ? world[1] - world[0] : 1, regular = stride > 0;
    for (int i = 2; regular && i < size; i++)
        regular = world[i] - world[i - 1] == stride;
    shm_team_t *t = team_new(s, world[0], stride, size, me, slot);
    if (!regular) {
        t->members = sim_xmalloc((size_t)size * sizeof *t->members);
        t->by_pe = sim_xmalloc((size_t)size * sizeof *t->by_pe);
        for (int i = 0; i < size; i++) {
            t->members[i] = world[i];
            t->by_pe[i][0] = world[i];
            t->by_pe[i][1] = i;
        }
        qsort(t->by_pe, (size_t)size, sizeof *t->by_pe, by_pe_cmp);
    }
    return t;
}

/* The members base, base + step, ... (count of them) of parent p, as a
 * team; this PE is the one at index me. */
static shm_team_t *team_of_parent(shm_pe_t *s, const shm_team_t *p, int base, int step,
                                  int count, int me, int slot)
{
    shm_team_t *t;
    if (!p->members) {
        t = team_new(s, shm_team_world_pe(p, base), p->stride * step, count, me, slot);
    } else {
        int *world = sim_xmalloc((size_t)count * sizeof *world);
        for (int i = 0; i < count; i++)
            world[i] = shm_team_world_pe(p, base + i * step);
        t = team_of_list(s, world, count, me, slot);
        free(world);
    }
    t->domain = p->domain;
    return t;
}

void shm_team_init_predefined(shm_pe_t *s, int me)
{
    s->world = team_new(s, 0, 1, sim_npes(), me, 0);
    s->shared = team_new(s, 0, 1, sim_npes(), me, 1);
    s->shared->domain = 1;
}

shm_team_t *shm_team_of(shmem_team_t h)
{
    shm_pe_t *s = shm_self();
    if (h == SHMEM_TEAM_WORLD)
        return s->world;
    if (h == SHMEM_TEAM_SHARED)
        return s->shared;
    for (shm_team_t *t = s->teams; t; t = t->next)
        if ((shmem_team_t)(void *)t == h)
            return t;
    return NULL;
}

shmem_team_t shm_team_handle(shm_team_t *t)
{
    shm_pe_t *s = shm_self();
    if (t == s->world)
        return SHMEM_TEAM_WORLD;
    if (t == s->shared)
        return SHMEM_TEAM_SHARED;
    return (shmem_team_t)(void *)t;
}

int shm_team_index(const shm_team_t *t, int wpe)
{
    if (t->members) {
        int key[2] = {wpe, 0};
        const int(*hit)[2] = bsearch(key, t->by_pe, (size_t)t->size, sizeof *t->by_pe, by_pe_cmp);
        return hit ? (*hit)[1] : -1;
    }
    long d = (long)wpe - t->start;
    if (t->size == 1)
        return d == 0 ? 0 : -1;
    if (d % t->stride != 0)
        return -1;
    long i = d / t->stride;
    return i >= 0 && i < t->size ? (int)i : -1;
}

void *shm_team_area(const shm_team_t *t, int wpe, size_t off)
{
    return sim_heap_addr(sim_heap(), wpe,
                         SHM_OFF_TEAMS + (size_t)t->slot * SHM_TEAM_SLOT_BYTES + off);
}

static sync_cell_t *cell(const shm_team_t *t, int wpe, int parity, int round)
{
    sync_cell_t *c = shm_team_area(t, wpe, 0);
    return &c[parity * SHM_TEAM_MAX_ROUNDS + round];
}

static void cell_deliver(sim_msg_t *m)
{
    sync_cell_t *c = sim_mem_live(m->dst, m->dst_addr);
    sim_hb_sync_deliver(m->dst, m->hb);
    c->value = m->arg[0];
    c->count++;
    sim_mem_written(m->dst, m->dst_addr, sizeof *c);
}

/* One round of an exchange over t (collective): sends value to member
 * to's cell for this parity and round, then takes what member from sent
 * to ours.  bytes is what the value stands for on the wire. */
static uint64_t exchange_round(const char *call, shm_team_t *t, int parity, int k, int to,
                               int from, uint64_t value, size_t bytes)
{
    int me = shm_me(), wto = shm_team_world_pe(t, to);
    sim_charge(sim_net_params()->overhead_ns);
    sim_msg_t *m = sim_msg_new(me, wto, SIM_OP_CTRL, bytes);
    m->what = call;
    m->dst_addr = cell(t, wto, parity, k);
    m->arg[0] = value;
    m->deliver = cell_deliver;
    m->hb = sim_hb_release();
    sim_net_send(m);
    sync_cell_t *c = cell(t, me, parity, k);
    char why[200];
    snprintf(why, sizeof why, "%s (team exchange round %d: waiting for PE %d)", call, k,
             shm_team_world_pe(t, from));
    while (c->count == 0)
        sim_pe_block_on(why, c, sizeof *c);
    c->count--;
    sim_hb_sync_acquire();
    return c->value;
}

/* The AND of mine over t's members (collective over t). */
static uint64_t and_over_team(const char *call, shm_team_t *t, uint64_t mine)
{
    int n = t->size, parity = (int)(t->nsync++ & 1);
    for (int k = 0, dist = 1; dist < n; k++, dist <<= 1)
        mine &= exchange_round(call, t, parity, k, (t->me + dist) % n,
                               (t->me - dist % n + n) % n, mine, sizeof mine);
    return mine;
}

/* Every member's value, by member index (collective over t): all[j] is
 * member j's.  Bruck's all-gather over the same cells as and_over_team: in
 * round k member i sends the values of members i .. i + 2^k - 1 it has to
 * member i - 2^k and appends those of i + 2^k .. i + 2^(k+1) - 1 from
 * member i + 2^k.  A message carries its values in a block of the
 * simulator's own memory (its address in the cell), freed by the
 * receiver. */
static void gather_over_team(const char *call, shm_team_t *t, uint64_t mine, uint64_t *all)
{
    int n = t->size, parity = (int)(t->nsync++ & 1);
    uint64_t *have = sim_xmalloc((size_t)n * sizeof *have); /* have[j]: member me + j's */
    have[0] = mine;
    for (int k = 0, dist = 1; dist < n; k++, dist <<= 1) {
        int cnt = dist < n - dist ? dist : n - dist;
        uint64_t *block = sim_xmalloc((size_t)cnt * sizeof *block);
        memcpy(block, have, (size_t)cnt * sizeof *block);
        uint64_t got = exchange_round(call, t, parity, k, (t->me - dist % n + n) % n,
                                      (t->me + dist) % n, (uint64_t)(uintptr_t)block,
                                      (size_t)cnt * sizeof *block);
        uint64_t *from = (uint64_t *)(uintptr_t)got;
        memcpy(have + dist, from, (size_t)cnt * sizeof *from);
        free(from);
    }
    for (int j = 0; j < n; j++)
        all[(t->me + j) % n] = have[j];
    free(have);
}

/* The first n slots free on every member of parent, lowest first; -1 when
 * the pool is exhausted somewhere (then on every member alike). */
static int agree_slots(const char *call, shm_team_t *parent, int n, int *slots)
{
    uint64_t free_all = and_over_team(call, parent, ~(uint64_t)shm_self()->slots_used);
    for (int i = 0, s = 0; i < n; i++, s++) {
        while (s < SHM_TEAM_SLOTS && !(free_all >> s & 1))
            s++;
        if (s == SHM_TEAM_SLOTS)
            return -1;
        slots[i] = s;
    }
    return 0;
}

static void set_config(shm_team_t *t, const shmem_team_config_t *config, long mask)
{
    t->config_mask = config ? mask : 0;
    if (config && (mask & SHMEM_TEAM_NUM_CONTEXTS))
        t->config.num_contexts = config->num_contexts;
}

int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                             const shmem_team_config_t *config, long config_mask,
                             shmem_team_t *new_team)
{
    static const char call[] = "shmem_team_split_strided";
    SHM_ENTER(call);
    shm_charge_call();
    shm_team_t *p = shm_team_of(parent_team);
    int rc = -1, slot;
    if (new_team)
        *new_team = SHMEM_TEAM_INVALID;
    long last = (long)start + (long)(size - 1) * stride;
    int valid = p && new_team && size >= 1 && start >= 0 && start < p->size && last >= 0 &&
                last < p->size && (stride != 0 || size == 1);
    if (valid && agree_slots(call, p, 1, &slot) == 0) {
        /* This PE's index in the new team (in the parent's numbering), if
         * it is a member. */
        shm_team_t sub = {.start = start, .stride = stride, .size = size};
        int i = shm_team_index(&sub, p->me);
        if (i >= 0) {
            shm_team_t *t = team_of_parent(shm_self(), p, start, stride, size, i, slot);
            set_config(t, config, config_mask);
            *new_team = (shmem_team_t)(void *)t;
        }
        rc = 0;
    }
    SHM_LEAVE();
    return rc;
}

int shmem_team_split_2d(shmem_team_t parent_team, int xrange,
                        const shmem_team_config_t *xaxis_config, long xaxis_mask,
                        shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config,
                        long yaxis_mask, shmem_team_t *yaxis_team)
{
    static const char call[] = "shmem_team_split_2d";
    SHM_ENTER(call);
    shm_charge_call();
    shm_team_t *p = shm_team_of(parent_team);
    int rc = -1, slots[2];
    if (xaxis_team)
        *xaxis_team = SHMEM_TEAM_INVALID;
    if (yaxis_team)
        *yaxis_team = SHMEM_TEAM_INVALID;
    if (p && xrange > 0 && xaxis_team && yaxis_team && agree_slots(call, p, 2, slots) == 0) {
        int n = p->size, xr = xrange < n ? xrange : n;
        int x = p->me % xr, y = p->me / xr;
        /* Row y: parent indices y*xr .. up to xr of them; column x: x, x+xr, ... */
        int xsize = n - y * xr < xr ? n - y * xr : xr;
        int ysize = (n - 1 - x) / xr + 1;
        shm_pe_t *s = shm_self();
        shm_team_t *xt = team_of_parent(s, p, y * xr, 1, xsize, x, slots[0]);
        shm_team_t *yt = team_of_parent(s, p, x, xr, ysize, y, slots[1]);
        set_config(xt, xaxis_config, xaxis_mask);
        set_config(yt, yaxis_config, yaxis_mask);
        *xaxis_team = (shmem_team_t)(void *)xt;
        *yaxis_team = (shmem_team_t)(void *)yt;
        rc = 0;
    }
    SHM_LEAVE();
    return rc;
}

/* Members of an arithmetic progression base, base + step, ... (at most
 * range of them) below limit. */
static int progression(int base, int step, int range, int limit)
{
    if (base >= limit)
        return 0;
    int n = (limit - 1 - base) / step + 1;
    return n < range ? n : range;
}

/* Cray's Cartesian splits (void, errors are findings): the first
 * range[0] * range[1] * ... members of parent (a last range of 0: as many
 * as the parent has) form a grid, axis 0 fastest.  Each member of the grid
 * gets one team per axis, the members that differ from it only along that
 * axis, ranked by their coordinate; a member past the grid gets
 * SHMEM_TEAM_INVALID for each.  Collective over the whole parent. */
static void split_grid(const char *call, shmem_team_t parent, int ndims, const int *range,
                       shmem_team_t *const *out)
{
    shm_charge_call();
    shm_pe_t *s = shm_self();
    shm_team_t *p = shm_team_of(parent);
    int r[3], ok = p != NULL, slots[3];
    for (int d = 0; d < ndims; d++) {
        if (out[d])
            *out[d] = SHMEM_TEAM_INVALID;
        r[d] = range[d];
        ok = ok && out[d] && (r[d] > 0 || (d == ndims - 1 && r[d] == 0));
    }
    if (!ok) {
        sim_pe_t *me = sim_pe_self();
        char dims[64] = "";
        for (int d = 0, k = 0; d < ndims; d++)
            k += snprintf(dims + k, sizeof dims - (size_t)k, "%s%d", d ? ", " : "", range[d]);
        sim_finding_raise(SHM_CHECK(INVALID_ARGUMENT), SIM_SEV_ERROR, me->id, call, me->call_site,
                          "%s needs a valid parent team, ranges > 0 (the last may be 0: as "
                          "many as the parent has) and a handle to return each team in; it got "
                          "ranges (%s)%s. No team was made.", call, dims,
                          p ? "" : " and an invalid parent team");
        return;
    }
    int n = p->size, plane = 1;
    for (int d = 0; d < ndims - 1; d++)
        plane *= r[d];
    if (r[ndims - 1] == 0)
        r[ndims - 1] = (n + plane - 1) / plane;
    int limit = (long)plane * r[ndims - 1] < n ? plane * r[ndims - 1] : n;
    if (agree_slots(call, p, ndims, slots) == 0 && p->me < limit) {
        int step = 1;
        for (int d = 0; d < ndims; d++) {
            int c = p->me / step % r[d];
            int base = p->me - c * step;
            int size = progression(base, step, r[d], limit);
            shm_team_t *t = team_of_parent(s, p, base, step, size, c, slots[d]);
            *out[d] = (shmem_team_t)(void *)t;
            step *= r[d];
        }
    }
}

void shmemxi_team_split_2d(shmem_team_t parent_team, int xrange, int yrange,
                           shmem_team_t *xaxis_team, shmem_team_t *yaxis_team)
{
    int range[2] = {xrange, yrange};
    shmem_team_t *out[2] = {xaxis_team, yaxis_team};
    SHM_ENTER("shmemx_team_split_2d");
    split_grid("shmemx_team_split_2d", parent_team, 2, range, out);
    SHM_LEAVE();
}

void shmemx_team_split_3d(shmem_team_t parent_team, int xrange, int yrange, int zrange,
                          shmem_team_t *xaxis_team, shmem_team_t *yaxis_team,
                          shmem_team_t *zaxis_team)
{
    int range[3] = {xrange, yrange, zrange};
    shmem_team_t *out[3] = {xaxis_team, yaxis_team, zaxis_team};
    SHM_ENTER("shmemx_team_split_3d");
    split_grid("shmemx_team_split_3d", parent_team, 3, range, out);
    SHM_LEAVE();
}

void shmemxi_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                                shmem_team_t *new_team)
{
    SHM_ENTER("shmemx_team_split_strided");
    if (shmem_team_split_strided(parent_team, start, stride, size, NULL, 0, new_team) != 0) {
        sim_pe_t *me = sim_pe_self();
        sim_finding_raise(SHM_CHECK(INVALID_ARGUMENT), SIM_SEV_ERROR, me->id,
                          "shmemx_team_split_strided", me->call_site,
                          "shmemx_team_split_strided(start=%d, stride=%d, size=%d) does not "
                          "describe members of the parent team (or the parent team or the "
                          "handle is invalid, or the team pool is used up). No team was made.",
                          start, stride, size);
    }
    SHM_LEAVE();
}

/* Cray's split by colour: the parent's members that pass the same colour
 * form a team, ranked by key, then by their index in the parent; colour
 * SHMEMX_COLOR_UNDEFINED (any negative) joins none.  Collective over the
 * parent: one exchange gathers every member's colour and key, one agrees
 * on a pool slot, which all the new teams use (they are disjoint). */
typedef struct ckey {
    int key, index;
} ckey_t;

static int ckey_cmp(const void *a, const void *b)
{
    const ckey_t *x = a, *y = b;
    return x->key != y->key ? (x->key > y->key) - (x->key < y->key) : x->index - y->index;
}

void shmemx_team_split(shmem_team_t parent_team, int color, int key, shmem_team_t *new_team)
{
    static const char call[] = "shmemx_team_split";
    SHM_ENTER(call);
    shm_charge_call();
    shm_team_t *p = shm_team_of(parent_team);
    if (new_team)
        *new_team = SHMEM_TEAM_INVALID;
    if (!p || !new_team) {
        sim_pe_t *me = sim_pe_self();
        sim_finding_raise(SHM_CHECK(INVALID_ARGUMENT), SIM_SEV_ERROR, me->id, call, me->call_site,
                          "%s needs a valid parent team and a handle to return the new team "
                          "in. No team was made.", call);
        SHM_LEAVE();
        return;
    }
    int n = p->size, slot;
    uint64_t *all = sim_xmalloc((size_t)n * sizeof *all);
    uint64_t mine = (uint64_t)(uint32_t)(color < 0 ? -1 : color) << 32 | (uint32_t)key;
    gather_over_team(call, p, mine, all);
    if (agree_slots(call, p, 1, &slot) == 0 && color >= 0) {
        ckey_t *same = sim_xmalloc((size_t)n * sizeof *same);
        int size = 0;
        for (int j = 0; j < n; j++)
            if ((int32_t)(all[j] >> 32) == color)
                same[size++] = (ckey_t){(int32_t)(uint32_t)all[j], j};
        qsort(same, (size_t)size, sizeof *same, ckey_cmp);
        int *world = sim_xmalloc((size_t)size * sizeof *world), mine_at = 0;
        for (int i = 0; i < size; i++) {
            world[i] = shm_team_world_pe(p, same[i].index);
            if (same[i].index == p->me)
                mine_at = i;
        }
        shm_team_t *t = team_of_list(shm_self(), world, size, mine_at, slot);
        t->domain = p->domain;
        *new_team = (shmem_team_t)(void *)t;
        free(world);
        free(same);
    }
    free(all);
    SHM_LEAVE();
}

/* Sandia's shmemx names for OpenSHMEM's splits, as symbols (a program
 * may take their address; calls go through the header's macros). */
extern __typeof__(shmem_team_split_strided) shmemx_team_split_strided
    __attribute__((alias("shmem_team_split_strided")));
extern __typeof__(shmem_team_split_2d) shmemx_team_split_2d
    __attribute__((alias("shmem_team_split_2d")));

void shmem_team_destroy(shmem_team_t team)
{
    SHM_ENTER("shmem_team_destroy");
    shm_charge_call();
    shm_pe_t *s = shm_self();
    shm_team_t *t = shm_team_of(team);
    if (t && t != s->world && t != s->shared) {
        shm_ctx_destroy_team(t);
        for (shm_team_t **q = &s->teams; *q; q = &(*q)->next)
            if (*q == t) {
                *q = t->next;
                break;
            }
        s->slots_used &= ~(1u << t->slot);
        shm_team_free(t);
    }
    SHM_LEAVE();
}

void shm_team_free(shm_team_t *t)
{
    free(t->members);
    free(t->by_pe);
    free(t);
}

int shmem_team_my_pe(shmem_team_t team)
{
    shm_team_t *t = shm_team_of(team);
    return t ? t->me : -1;
}

int shmem_team_n_pes(shmem_team_t team)
{
    shm_team_t *t = shm_team_of(team);
    return t ? t->size : -1;
}

int shmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t *config)
{
    shm_team_t *t = shm_team_of(team);
    if (!t || (config_mask && !config))
        return -1;
    if (config_mask & SHMEM_TEAM_NUM_CONTEXTS)
        config->num_contexts = t->config.num_contexts;
    return 0;
}

int shmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team)
{
    shm_team_t *s = shm_team_of(src_team), *d = shm_team_of(dest_team);
    if (!s || !d || src_pe < 0 || src_pe >= s->size)
        return -1;
    return shm_team_index(d, shm_team_world_pe(s, src_pe));
}
