/* api/fortran/team_f: Cray's legacy team routines for Fortran
 * (SHMEMX_TEAM_SPLIT, SHMEMX_TEAM_SPLIT_STRIDED, SHMEMX_TEAM_DESTROY,
 * SHMEMX_TEAM_MY_PE, SHMEMX_TEAM_N_PES, SHMEMX_TEAM_TRANSLATE_PE) on the
 * OpenSHMEM 1.5 teams of api/shmem/team.c.
 *
 * A team handle is an INTEGER*8: 0 is no team (SHMEM_TEAM_INVALID in
 * shmem.fh), 1 SHMEM_TEAM_WORLD, 2 SHMEM_TEAM_NODE (= SHMEM_TEAM_SHARED:
 * every PE of this process), anything else the C handle's value. */
#include "fortran.h"
#include "io.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

enum { F_TEAM_INVALID = 0, F_TEAM_WORLD = 1, F_TEAM_NODE = 2 };

static shmem_team_t team_of(f_int8 h)
{
    if (h == F_TEAM_WORLD)
        return SHMEM_TEAM_WORLD;
    if (h == F_TEAM_NODE)
        return SHMEM_TEAM_SHARED;
    return (shmem_team_t)(intptr_t)h;
}

static f_int8 handle_of(shmem_team_t t)
{
    if (t == SHMEM_TEAM_WORLD)
        return F_TEAM_WORLD;
    if (t == SHMEM_TEAM_SHARED)
        return F_TEAM_NODE;
    return (f_int8)(intptr_t)t;
}

void shmemx_team_split_strided_(const f_int8 *parent, const f_int *start, const f_int *stride,
                                const f_int *size, f_int8 *newteam)
{
    shmem_team_t t = SHMEM_TEAM_INVALID;
    F_ENTER("SHMEMX_TEAM_SPLIT_STRIDED");
    shmem_team_split_strided(team_of(*parent), *start, *stride, *size, NULL, 0, &t);
    *newteam = handle_of(t);
    F_LEAVE();
}

void shmemx_team_destroy_(f_int8 *team)
{
    F_ENTER("SHMEMX_TEAM_DESTROY");
    shmem_team_destroy(team_of(*team));
    *team = F_TEAM_INVALID;
    F_LEAVE();
}

f_int shmemx_team_my_pe_(const f_int8 *team)
{
    return shmem_team_my_pe(team_of(*team));
}

f_int shmemx_team_n_pes_(const f_int8 *team)
{
    return shmem_team_n_pes(team_of(*team));
}

f_int shmemx_team_translate_pe_(const f_int8 *src_team, const f_int *src_pe,
                                const f_int8 *dest_team)
{
    return shmem_team_translate_pe(team_of(*src_team), *src_pe, team_of(*dest_team));
}

/* ---- SHMEMX_TEAM_SPLIT(parent, color, key, newteam) ----
 * Members of the parent with the same color (>= 0; a negative color,
 * SHMEM_COLOR_UNDEFINED, joins no team) form a team ordered by key, then
 * by parent index.  Teams here are arithmetic progressions of PEs, so each
 * group must be one in that order: the usual splits (rows, columns, even
 * and odd, blocks) are; a group that is not gets no team, with a message.
 *
 * Every member first learns every member's (color, key): each writes its
 * pair into its own word of the heap's internal area (SHM_OFF_FORTRAN),
 * the members synchronise, each reads the others' words with gets over the
 * network, and they synchronise again before the words can be reused.
 * Then all members make the same shmem_team_split_strided calls, one per
 * group in color order, each keeping the team it belongs to. */

typedef struct member {
    int32_t color, key; /* as passed */
    int idx;            /* index in the parent */
} member_t;

static int by_color_key(const void *a, const void *b)
{
    const member_t *x = a, *y = b;
    if (x->color != y->color)
        return x->color < y->color ? -1 : 1;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->idx > y->idx) - (x->idx < y->idx);
}

/* Reads every member's (color, key) into m (sorted by color, key, index). */
static void exchange(const char *call, shmem_team_t parent, const shm_team_t *p, int32_t color,
                     int32_t key, member_t *m)
{
    int me = shm_me();
    int32_t *word = sim_heap_addr(sim_heap(), me, SHM_OFF_FORTRAN);
    word[0] = color;
    word[1] = key;
    shmem_team_sync(parent);
    for (int i = 0; i < p->size; i++) {
        int32_t pair[2] = {color, key};
        int wpe = shm_team_world_pe(p, i);
        if (wpe != me)
            shm_get(call, pair, word, sizeof pair, wpe);
        m[i] = (member_t){pair[0], pair[1], i};
    }
    shmem_team_sync(parent);
    qsort(m, (size_t)p->size, sizeof *m, by_color_key);
}

/* The group m[0..n) as (start, stride) if its indices, in order, are an
 * arithmetic progression with a positive stride; 0 when they are. */
static int progression(const member_t *m, int n, int *start, int *stride)
{
    *start = m[0].idx;
    *stride = n > 1 ? m[1].idx - m[0].idx : 1;
    for (int i = 1; i < n; i++)
        if (m[i].idx - m[i - 1].idx != *stride || *stride < 1)
            return -1;
    return 0;
}

void shmemx_team_split_(const f_int8 *parent, const f_int *color, const f_int *key,
                        f_int8 *newteam)
{
    static const char call[] = "SHMEMX_TEAM_SPLIT";
    F_ENTER(call);
    shmem_team_t ph = team_of(*parent), mine = SHMEM_TEAM_INVALID;
    shm_team_t *p = shm_team_of(ph);
    if (p) {
        member_t *m = sim_xmalloc((size_t)p->size * sizeof *m);
        exchange(call, ph, p, *color, *key, m);
        for (int g = 0, n; g < p->size; g += n) {
            for (n = 1; g + n < p->size && m[g + n].color == m[g].color; n++)
                continue;
            int start, stride, in = *color == m[g].color;
            if (m[g].color < 0)
                continue;
            if (progression(&m[g], n, &start, &stride) == 0) {
                shmem_team_t t = SHMEM_TEAM_INVALID;
                shmem_team_split_strided(ph, start, stride, n, NULL, 0, &t);
                if (in)
                    mine = t;
            } else if (in && m[g].idx == p->me) { /* one message per group */
                sim_io_break_line();
                fprintf(stderr, "shmemsim: %s on PE %d: the %d PEs of color %d, in key order, "
                        "are not evenly spaced in the parent team; shmemsim's teams must be, "
                        "so they get no team (SHMEM_TEAM_INVALID)\n", call, shm_me(), n,
                        m[g].color);
            }
        }
        free(m);
    }
    *newteam = handle_of(mine);
    F_LEAVE();
}
