/* Setup and query, accessibility, shmem_ptr, teams and contexts.  Each PE
 * counts failed checks and prints "PE n misc checks C errors E"; PE 0 also
 * prints a few facts.  argv[1] == "exit" S: PE 2 calls shmem_global_exit(S)
 * while the others wait in a barrier.  Needs at least 4 PEs. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int me, npes;
static long checks, errors;
long x, y, got[64], box[64];

#define EXPECT(cond)                                                            \
    do {                                                                        \
        checks++;                                                               \
        if (!(cond)) {                                                          \
            errors++;                                                           \
            printf("PE %d: check failed at line %d: %s\n", me, __LINE__, #cond); \
        }                                                                       \
    } while (0)

static void query(void)
{
    int major = 0, minor = 0, provided = -1;
    char name[SHMEM_MAX_NAME_LEN];
    shmem_info_get_version(&major, &minor);
    shmem_info_get_name(name);
    EXPECT(major == 1 && minor == 5);
    EXPECT(strncmp(name, "shmemsim", 8) == 0);
    shmem_query_thread(&provided);
    EXPECT(provided == SHMEM_THREAD_MULTIPLE);
    shmem_pcontrol(1);
    shmem_clear_cache_inv();
    shmem_set_cache_inv();
    shmem_clear_cache_line_inv(&x);
    shmem_set_cache_line_inv(&x);
    shmem_udcflush();
    shmem_udcflush_line(&x);
    long local = 0;
    EXPECT(shmem_pe_accessible(npes - 1) && !shmem_pe_accessible(npes));
    EXPECT(shmem_addr_accessible(&x, npes - 1) && !shmem_addr_accessible(&local, 0));
    long *h = shmem_malloc_with_hints(4 * sizeof(long), SHMEM_MALLOC_ATOMICS_REMOTE);
    EXPECT(h != NULL && shmem_addr_accessible(h, 0));
    shmem_long_p(&h[1], me, (me + 1) % npes);
    shmem_barrier_all();
    EXPECT(h[1] == (me + npes - 1) % npes);
    shmem_free(h);
}

/* shmem_ptr: stores through it reach the other PE; a waiter on the stored
 * word wakes at the storer's next quiet, fence, barrier, wait or test. */
static void direct(void)
{
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    long local = 0;
    EXPECT(shmem_ptr(&x, me) == &x);
    EXPECT(!shmem_addr_accessible(&local, right));
    x = 0;
    shmem_barrier_all();
    long *p = shmem_ptr(&x, right);
    EXPECT(p != NULL);
    if (me != npes - 1 && p)
        *p = 1000 + me;
    shmem_quiet();
    if (me != 0)
        shmem_long_wait_until(&x, SHMEM_CMP_EQ, 1000 + left);
    shmem_barrier_all();
    EXPECT(me == 0 || x == 1000 + left);
    /* around the ring with no quiet at all: the waits see the stores */
    long *py = shmem_ptr(&y, right);
    *py = 2000 + me;
    shmem_long_wait_until(&y, SHMEM_CMP_EQ, 2000 + left);
    shmem_barrier_all();
}

static void teams(void)
{
    shmem_team_t odd, sub, xt, yt, t;
    EXPECT(shmem_team_my_pe(SHMEM_TEAM_WORLD) == me);
    EXPECT(shmem_team_n_pes(SHMEM_TEAM_SHARED) == npes);
    EXPECT(shmem_team_my_pe(SHMEM_TEAM_INVALID) == -1 && shmem_team_n_pes(SHMEM_TEAM_INVALID) == -1);
    /* the odd PEs */
    shmem_team_config_t conf = {.num_contexts = 3}, back = {0};
    EXPECT(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, npes / 2, &conf,
                                    SHMEM_TEAM_NUM_CONTEXTS, &odd) == 0);
    EXPECT((odd != SHMEM_TEAM_INVALID) == (me % 2 == 1));
    EXPECT(shmem_team_my_pe(odd) == (me % 2 ? me / 2 : -1));
    EXPECT(shmem_team_n_pes(odd) == (me % 2 ? npes / 2 : -1));
    EXPECT(shmem_team_translate_pe(SHMEM_TEAM_WORLD, 3, odd) == (me % 2 ? 1 : -1));
    EXPECT(shmem_team_translate_pe(SHMEM_TEAM_WORLD, 2, odd) == -1);
    if (me % 2) {
        EXPECT(shmem_team_translate_pe(odd, 1, SHMEM_TEAM_WORLD) == 3);
        EXPECT(shmem_team_get_config(odd, SHMEM_TEAM_NUM_CONTEXTS, &back) == 0 &&
               back.num_contexts == 3);
        /* a split of a split: odd members 0, 2, ... = world 1, 5, 9, ... */
        EXPECT(shmem_team_split_strided(odd, 0, 2, (npes / 2 + 1) / 2, NULL, 0, &sub) == 0);
        EXPECT(shmem_team_my_pe(sub) == (me % 4 == 1 ? me / 4 : -1));
        if (shmem_team_n_pes(sub) > 1)
            EXPECT(shmem_team_translate_pe(sub, 1, SHMEM_TEAM_WORLD) == 5);
        /* a context on the odd team takes odd-team PE numbers */
        shmem_ctx_t ctx;
        shmem_team_t back_team;
        EXPECT(shmem_team_create_ctx(odd, 0, &ctx) == 0);
        EXPECT(shmem_ctx_get_team(ctx, &back_team) == 0 && back_team == odd);
        int tme = shmem_team_my_pe(odd), tn = shmem_team_n_pes(odd);
        shmem_ctx_long_p(ctx, &box[0], 500 + me, (tme + 1) % tn);
        shmem_ctx_quiet(ctx);
        shmem_team_destroy(sub);
        shmem_team_destroy(odd); /* also destroys ctx */
    }
    shmem_barrier_all();
    /* odd-team member j got the value of member j-1: world PE 2(j-1)+1 */
    if (me % 2) {
        int j = me / 2, n = npes / 2;
        EXPECT(box[0] == 500 + 2 * ((j + n - 1) % n) + 1);
    }
    /* 2-D: rows of 3 and columns */
    EXPECT(shmem_team_split_2d(SHMEM_TEAM_WORLD, 3, NULL, 0, &xt, NULL, 0, &yt) == 0);
    EXPECT(shmem_team_my_pe(xt) == me % 3 && shmem_team_my_pe(yt) == me / 3);
    EXPECT(shmem_team_n_pes(xt) == (me / 3 < npes / 3 ? 3 : npes % 3));
    EXPECT(shmem_team_n_pes(yt) == (npes - 1 - me % 3) / 3 + 1);
    EXPECT(shmem_team_translate_pe(yt, 1, SHMEM_TEAM_WORLD) ==
           (shmem_team_n_pes(yt) > 1 ? me % 3 + 3 : -1));
    shmem_team_destroy(xt);
    shmem_team_destroy(yt);
    /* slots come back on destroy: many more splits than slots */
    int ok = 0;
    for (int i = 0; i < 40; i++) {
        ok += shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &t) == 0;
        shmem_team_destroy(t);
    }
    EXPECT(ok == 40);
    /* ... and run out when kept: every PE fails at the same split */
    shmem_team_t kept[40];
    int made = 0;
    while (made < 40 && shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0,
                                                 &kept[made]) == 0)
        made++;
    EXPECT(made < 40 && kept[made] == SHMEM_TEAM_INVALID);
    if (me == 0)
        printf("teams before the pool ran out: %d\n", made);
    while (made > 0)
        shmem_team_destroy(kept[--made]);
    /* invalid splits */
    EXPECT(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 0, 2, NULL, 0, &t) != 0 &&
           t == SHMEM_TEAM_INVALID);
    EXPECT(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, npes, NULL, 0, &t) != 0);
    EXPECT(shmem_team_split_strided(SHMEM_TEAM_INVALID, 0, 1, 1, NULL, 0, &t) != 0);
}

static void contexts(void)
{
    shmem_ctx_t ctx;
    shmem_team_t team;
    EXPECT(shmem_ctx_create(SHMEM_CTX_SERIALIZED, &ctx) == 0 && ctx != SHMEM_CTX_INVALID);
    EXPECT(shmem_ctx_get_team(ctx, &team) == 0 && team == SHMEM_TEAM_WORLD);
    EXPECT(shmem_ctx_get_team(SHMEM_CTX_DEFAULT, &team) == 0 && team == SHMEM_TEAM_WORLD);
    EXPECT(shmem_ctx_get_team(SHMEM_CTX_INVALID, &team) != 0 && team == SHMEM_TEAM_INVALID);
    shmem_ctx_fence(SHMEM_CTX_INVALID);
    shmem_ctx_quiet(SHMEM_CTX_INVALID);
    long v = me;
    shmem_ctx_putmem(ctx, &got[me], &v, sizeof v, 0);
    shmem_ctx_destroy(ctx); /* completes the put */
    shmem_barrier_all();
    if (me == 0)
        for (int i = 0; i < npes; i++)
            EXPECT(got[i] == i);
}

int main(int argc, char **argv)
{
    int provided = -1;
    EXPECT(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0);
    EXPECT(provided == SHMEM_THREAD_MULTIPLE);
    me = shmem_my_pe();
    npes = shmem_n_pes();
    if (argc > 2 && !strcmp(argv[1], "exit")) {
        if (me == 2) {
            printf("PE 2 calls shmem_global_exit(%s)\n", argv[2]);
            shmem_global_exit(atoi(argv[2]));
        }
        shmem_barrier_all();
        printf("PE %d passed the barrier\n", me);
        return 0;
    }
    if (npes < 4)
        return 2;
    query();
    direct();
    teams();
    contexts();
    shmem_barrier_all();
    printf("PE %d misc checks %ld errors %ld\n", me, checks, errors);
    shmem_finalize();
    return errors != 0;
}
