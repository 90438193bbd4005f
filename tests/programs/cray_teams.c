/* Cray OpenSHMEMX's team splits and sessions: shmemx_team_split_strided
 * and shmemx_team_split_2d in Cray's short forms (no configurations),
 * shmemx_team_split_3d, the colour split shmemx_team_split (teams that
 * are not progressions: any list of PEs, in key order), the team
 * reductions shmemx_team_TYPE_OP_to_all,
 * shmemx_session_start/stop; and the same shmemx
 * names in Sandia's (OpenSHMEM's) long forms.  Each team made is checked
 * member by member against the grid it should be, and a sum reduction
 * over it must add exactly its members' world PE numbers.
 *   cray_teams        prints "PE n cray teams ok"
 *   cray_teams bad    a 3-D split with a zero x range (a finding) */
#include <shmem.h>
#include <shmemx.h>

#include "expect.h"
#include <stdio.h>
#include <string.h>

static int me, npes, errors;
static int src, dst;

/* team must be exactly world[0..size), in that order: its ranks, its
 * translations, a reduction and a put through a context on it. */
static long landed[64];
static void check_list(const char *what, shmem_team_t team, const int *world, int size)
{
    int rank = -1, sum = 0;
    for (int i = 0; i < size; i++) {
        sum += world[i];
        if (world[i] == me)
            rank = i;
    }
    if (rank < 0) {
        EXPECT(team == SHMEM_TEAM_NULL);
        return;
    }
    EXPECT(shmem_team_n_pes(team) == size && shmem_team_my_pe(team) == rank);
    for (int i = 0; i < size; i++) {
        EXPECT(shmem_team_translate_pe(team, i, SHMEM_TEAM_WORLD) == world[i]);
        EXPECT(shmem_team_translate_pe(SHMEM_TEAM_WORLD, world[i], team) == i);
    }
    src = me;
    shmem_team_sync(team);
    EXPECT(shmem_int_sum_reduce(team, &dst, &src, 1) == 0);
    if (dst != sum) {
        printf("PE %d: %s sum %d, want %d\n", me, what, dst, sum);
        errors++;
    }
    /* Cray's team reduction, with the program's pWrk and pSync. */
    static long lsrc, ldst, pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE], psync[SHMEM_REDUCE_SYNC_SIZE];
    static int psync_ready;
    if (!psync_ready++)
        for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
            psync[i] = SHMEM_SYNC_VALUE;
    lsrc = me;
    shmem_team_sync(team);
    shmemx_team_long_sum_to_all(team, &ldst, &lsrc, 1, pwrk, psync);
    shmem_team_sync(team); /* every member has left it before pSync is reused */
    if (ldst != sum) {
        printf("PE %d: %s team sum_to_all %ld, want %d\n", me, what, ldst, sum);
        errors++;
    }
    /* Each member puts its world number into slot rank of the next member. */
    shmem_ctx_t ctx;
    EXPECT(shmem_team_create_ctx(team, 0, &ctx) == 0);
    shmem_ctx_long_p(ctx, &landed[rank], me, (rank + 1) % size);
    shmem_ctx_quiet(ctx);
    shmem_team_sync(team);
    int prev = (rank + size - 1) % size;
    EXPECT(landed[prev] == world[prev]);
    shmem_ctx_destroy(ctx);
    shmem_team_sync(team);
}

/* team must hold exactly the world PEs j < limit with in(j) true, ranked
 * in increasing order (none: SHMEM_TEAM_NULL). */
static void check_team(const char *what, shmem_team_t team, int limit, int (*in)(int, int))
{
    int world[64], size = 0;
    for (int j = 0; j < limit; j++)
        if (in(j, me))
            world[size++] = j;
    check_list(what, team, world, me < limit ? size : 0);
}

static int X, Y; /* the grid of the split being checked */
static int same_row(int j, int i) { return j / X == i / X; }
static int same_col(int j, int i) { return j % X == i % X && j / (X * Y) == i / (X * Y); }
static int same_pillar(int j, int i) { return j % (X * Y) == i % (X * Y); }
static int same_col2(int j, int i) { return j % X == i % X; }
static int odd(int j, int i) { (void)i; return j % 2 == 1; }

int main(int argc, char **argv)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    if (argc > 1 && !strcmp(argv[1], "bad")) {
        shmem_team_t a, b, c;
        shmemx_team_split_3d(SHMEM_TEAM_WORLD, 0, 1, 1, &a, &b, &c); /* BAD(split3d) */
        shmem_finalize();
        return 0;
    }
    shmemx_session_start(SHMEM_CTX_DEFAULT, SHMEMX_SESSION_OP_PUT | SHMEM_SESSION_BUNDLE);
    shmemx_session_stop(SHMEM_CTX_DEFAULT);

    /* Cray's strided split: the odd PEs. */
    if (npes >= 2) {
        shmem_team_t odds;
        shmemx_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, npes / 2, &odds);
        check_team("odds", me % 2 ? odds : SHMEM_TEAM_INVALID, me % 2 ? npes : 0, odd);
    }

    /* Cray's 2-D split: 2 wide, as tall as the job; then 2 x 2 only. */
    shmem_team_t rows, cols;
    X = 2, Y = (npes + 1) / 2;
    shmemx_team_split_2d(SHMEM_TEAM_WORLD, 2, 0, &rows, &cols);
    check_team("2-D row", rows, npes, same_row);
    check_team("2-D column", cols, npes, same_col2);
    shmem_team_t r2, c2;
    int lim2 = npes < 4 ? npes : 4;
    X = 2, Y = 2;
    shmemx_team_split_2d(SHMEM_TEAM_WORLD, 2, 2, &r2, &c2);
    check_team("2x2 row", r2, lim2, same_row);
    check_team("2x2 column", c2, lim2, same_col2);

    /* 3-D: 2 x 2 x as many planes as it takes. */
    shmem_team_t xt, yt, zt;
    X = 2, Y = 2;
    shmemx_team_split_3d(SHMEM_TEAM_WORLD, 2, 2, 0, &xt, &yt, &zt);
    check_team("3-D x", xt, npes, same_row);
    check_team("3-D y", yt, npes, same_col);
    check_team("3-D z", zt, npes, same_pillar);

    /* Colour splits: odd and even (progressions), thirds in reverse order
     * and an irregular set (lists), PE 0 in none; then a strided split of
     * a list team. */
    int world[64], size = 0;
    shmem_team_t half, third, odd_set;
    shmemx_team_split(SHMEM_TEAM_WORLD, me % 2, me, &half);
    for (int j = me % 2; j < npes; j += 2)
        world[size++] = j;
    check_list("colour halves", half, world, size);
    shmemx_team_split_color(SHMEM_TEAM_WORLD, me == 0 ? SHMEM_COLOR_UNDEFINED : me % 3, -me,
                            &third);
    size = 0;
    for (int j = npes - 1; j >= 1; j--)
        if (j % 3 == me % 3)
            world[size++] = j;
    check_list("colour thirds", third, world, me == 0 ? 0 : size);
    int in_odd = me == 1 || me == 2 || me == 4 || me == 7;
    shmemx_team_split(SHMEM_TEAM_WORLD, in_odd ? 5 : 9, 0, &odd_set);
    size = 0;
    for (int j = 0; j < npes; j++)
        if ((j == 1 || j == 2 || j == 4 || j == 7) == in_odd)
            world[size++] = j;
    check_list("irregular", odd_set, world, size);
    if (in_odd && size >= 3) {
        shmem_team_t sub; /* members 0 and 2 of the irregular team */
        EXPECT(shmem_team_split_strided(odd_set, 0, 2, 2, NULL, 0, &sub) == 0);
        int w2[2] = {world[0], world[2]};
        check_list("strided of irregular", shmem_team_my_pe(odd_set) % 2 ? SHMEM_TEAM_NULL : sub,
                   w2, shmem_team_my_pe(odd_set) % 2 ? 0 : 2);
    } else if (in_odd) {
        shmem_team_t sub;
        shmem_team_split_strided(odd_set, 0, 1, size, NULL, 0, &sub);
    }

    /* Sandia's spellings, and the symbol behind them. */
    shmem_team_t evens, rows8, cols8;
    int (*split)(shmem_team_t, int, int, int, const shmem_team_config_t *, long,
                 shmem_team_t *) = shmemx_team_split_strided;
    EXPECT(split(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &evens) == 0);
    EXPECT(shmem_team_n_pes(evens) == (me % 2 ? -1 : (npes + 1) / 2));
    X = 2, Y = (npes + 1) / 2;
    EXPECT(shmemx_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &rows8, NULL, 0, &cols8) == 0);
    check_team("Sandia 2-D row", rows8, npes, same_row);
    printf("PE %d cray teams %s\n", me, errors ? "FAILED" : "ok");
    shmem_finalize();
    return errors != 0;
}
