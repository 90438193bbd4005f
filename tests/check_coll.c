/* tests/check_coll: collectives as protocols over the simulated network —
 * the seed examples, every reduction against a serial computation, every
 * collective under every algorithm, the pSync-reuse and alltoallv overflow
 * consequences, and the network-decided packed deposit order. */
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIM tu_shmemsim()
#define PROG(n) tu_prog(n)

static const char *const all_tree =
    "SHMEM_BARRIER_ALGORITHM=dissem SHMEM_BCAST_ALGORITHM=tree SHMEM_COLLECT_ALGORITHM=tree "
    "SHMEM_FCOLLECT_ALGORITHM=ring SHMEM_ALLTOALL_ALGORITHM=pairwise SHMEM_REDUCE_ALGORITHM=tree";
static const char *const all_linear =
    "SHMEM_BARRIER_ALGORITHM=linear SHMEM_BCAST_ALGORITHM=linear SHMEM_COLLECT_ALGORITHM=linear "
    "SHMEM_FCOLLECT_ALGORITHM=linear SHMEM_ALLTOALL_ALGORITHM=linear SHMEM_REDUCE_ALGORITHM=linear";

START_TEST(seed000_alltoallv_packed_runs_clean)
{
    int counts[] = {1, 2, 8, 64};
    for (int i = 0; i < 4; i++) {
        run_result_t r = tu_run("%s -n %d --quiet %s", SIM, counts[i], PROG("seed000_alltoallv_packed"));
        ck_assert_msg(r.status == 0, "n=%d: %s", counts[i], r.err);
        ck_assert_ptr_null(strstr(r.out, "ERROR"));
        ck_assert_str_eq(r.err, "");
        tu_free(&r);
    }
}
END_TEST

START_TEST(seed001_max_to_all_gives_the_maxima)
{
    run_result_t r = tu_run("%s -n 8 --quiet %s", SIM, PROG("seed001_max_to_all"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(tu_count(r.out, "max = 28 28 26, errors 0\n"), 8);
    tu_free(&r);
    r = tu_run("%s -n 8 --quiet %s even", SIM, PROG("seed001_max_to_all"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(tu_count(r.out, "max = 28 15 26, errors 0\n"), 4);
    ck_assert_ptr_null(strstr(r.out, "PE 1:"));
    tu_free(&r);
}
END_TEST

/* reduce_all and coll_all print one "errors 0" line per member. */
static void expect_clean(const char *env, int npes, const char *prog, const char *args, int members)
{
    run_result_t r = tu_run("%s %s -n %d --quiet %s %s", env, SIM, npes, PROG(prog), args);
    ck_assert_msg(r.status == 0, "%s -n %d %s %s: %s%s", env, npes, prog, args, r.out, r.err);
    ck_assert_int_eq(tu_count(r.out, "errors 0\n"), members);
    tu_free(&r);
}

START_TEST(every_reduction_matches_serial_over_1_to_33_pes)
{
    const char *envs[] = {"SHMEM_REDUCE_ALGORITHM=tree", "SHMEM_REDUCE_ALGORITHM=linear"};
    for (int e = 0; e < 2; e++)
        for (int n = 1; n <= 33; n++)
            expect_clean(envs[e], n, "reduce_all", "", n);
}
END_TEST

START_TEST(reductions_on_strided_active_sets)
{
    const char *envs[] = {"SHMEM_REDUCE_ALGORITHM=tree", "SHMEM_REDUCE_ALGORITHM=linear"};
    for (int e = 0; e < 2; e++) {
        expect_clean(envs[e], 16, "reduce_all", "1 1 7", 7);
        expect_clean(envs[e], 16, "reduce_all", "2 2 3", 3);
        expect_clean(envs[e], 33, "reduce_all", "0 1 17", 17);
    }
}
END_TEST

START_TEST(every_collective_under_every_algorithm)
{
    const char *envs[] = {all_tree, all_linear, ""};
    int counts[] = {1, 2, 3, 7, 16, 33};
    for (int e = 0; e < 3; e++) {
        for (int i = 0; i < 6; i++)
            expect_clean(envs[e], counts[i], "coll_all", "", counts[i]);
        expect_clean(envs[e], 16, "coll_all", "1 1 7", 7);
        expect_clean(envs[e], 20, "coll_all", "3 2 4", 4);
    }
}
END_TEST

START_TEST(collectives_check_their_active_set)
{
    run_result_t r = tu_run("%s -n 4 %s 2 1 3", SIM, PROG("coll_all"));
    ck_assert_int_eq(r.status, 4); /* PE 2 + 2*2 = 6 is past the last PE */
    ck_assert_ptr_nonnull(strstr(r.err, "[invalid-pe]"));
    ck_assert_ptr_nonnull(strstr(r.err, "does not fit in the 4 PEs"));
    tu_free(&r);
}
END_TEST

/* Broadcasts that alternate two pSyncs are right whatever their roots:
 * each call from the next root, on both algorithms, with the network's
 * delays spread wide.  (A broadcast whose members left as soon as their
 * subtree had the data let the next root but one write into a pSync a
 * member was still waiting on: psync-reuse, then a hang.) */
START_TEST(alternating_broadcasts_with_moving_roots_are_right)
{
    static const char *const runs[] = {"-n 3 --net jitter=5us", "-n 8 --net jitter=5us",
                                       "-n 16", "-n 6 --net jitter=10us"};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++)
        for (int algo = 0; algo < 2; algo++)
            for (int s = 1; s <= 6; s++) {
                run_result_t r = tu_run("env SHMEM_BCAST_ALGORITHM=%s %s %s --quiet --seed %d "
                                        "%s broadcasts", algo ? "tree" : "linear", SIM, runs[i],
                                        s, PROG("psync_reuse"));
                ck_assert_msg(r.status == 0 && r.err[0] == 0, "%s, %s, seed %d: status %d\n%s",
                              runs[i], algo ? "tree" : "linear", s, r.status, r.err);
                int n = atoi(runs[i] + 3);
                ck_assert_int_eq(tu_count(r.out, ": right\n"), n);
                tu_free(&r);
            }
}
END_TEST

/* Back-to-back reductions: with one pSync some seeds go wrong (hang or
 * wrong result), each the same way every time, and every seed reports
 * psync-reuse (exit 4 when it stayed harmless); alternating two is right
 * and raises nothing. */
START_TEST(psync_reuse_fails_under_some_seeds_alternating_never)
{
    int bad = 0, first_bad = 0, benign = 0;
    for (int s = 1; s <= 40; s++) {
        run_result_t r = tu_run("%s -n 8 --quiet --seed %d %s same", SIM, s, PROG("psync_reuse"));
        ck_assert_msg(r.status == 4 || r.status == 1 || r.status == 3, "status %d", r.status);
        ck_assert_ptr_nonnull(strstr(r.err, "[psync-reuse] PE "));
        ck_assert_ptr_nonnull(strstr(r.err, "is still using in an earlier shmem_long_sum_to_all"));
        /* (and says where that earlier call was made) */
        ck_assert_ptr_nonnull(strstr(r.err, "shmem_long_sum_to_all (called from main at "
                                            "psync_reuse.c:"));
        benign += r.status == 4;
        if (r.status != 4 && !bad++)
            first_bad = s;
        tu_free(&r);
        r = tu_run("%s -n 8 --quiet --seed %d %s alternate", SIM, s, PROG("psync_reuse"));
        ck_assert_int_eq(r.status, 0);
        ck_assert_int_eq(tu_count(r.out, ": right\n"), 8);
        tu_free(&r);
    }
    ck_assert_int_gt(bad, 0);
    ck_assert_int_gt(benign, 0);
    run_result_t a = tu_run("%s -n 8 --seed %d %s same", SIM, first_bad, PROG("psync_reuse"));
    run_result_t b = tu_run("%s -n 8 --seed %d %s same", SIM, first_bad, PROG("psync_reuse"));
    ck_assert_int_ne(a.status, 0);
    ck_assert_int_eq(a.status, b.status);
    ck_assert_str_eq(a.out, b.out);
    ck_assert_str_eq(a.err, b.err);
    tu_free(&a);
    tu_free(&b);
}
END_TEST

/* In fifo order the reuse happens to stay harmless: the results are right,
 * and the checker still names the hazard. */
START_TEST(psync_reuse_is_benign_in_fifo_order_but_reported)
{
    for (int s = 1; s <= 10; s++) {
        run_result_t r = tu_run("%s -n 8 --quiet --net ordering=fifo --seed %d %s same", SIM, s,
                                PROG("psync_reuse"));
        ck_assert_int_eq(r.status, 4);
        ck_assert_int_eq(tu_count(r.out, ": right\n"), 8);
        ck_assert_ptr_nonnull(strstr(r.err, "[psync-reuse]"));
        tu_free(&r);
    }
}
END_TEST

START_TEST(alltoallv_variable_sizes)
{
    const char *chk[] = {"none", "trunc", "abort"};
    int counts[] = {1, 3, 8, 17};
    for (int c = 0; c < 3; c++)
        for (int i = 0; i < 4; i++) {
            char env[64];
            snprintf(env, sizeof env, "SHMEM_ALLTOALLV_TSIZE_CHK=%s", chk[c]);
            expect_clean(env, counts[i], "alltoallv", "", counts[i]);
        }
}
END_TEST

START_TEST(alltoallv_packed_overflow_under_each_tsize_chk)
{
    run_result_t r = tu_run("SHMEM_ALLTOALLV_TSIZE_CHK=none %s -n 4 %s", SIM, PROG("alltoallv_overflow"));
    ck_assert_int_eq(r.status, 4);
    ck_assert_ptr_nonnull(strstr(r.err, "[alltoallv-overflow]"));
    /* Past the end of the target, into the canary object that follows. */
    ck_assert_int_eq(tu_count(r.out, "t_size 1024 of 1024, canary words overwritten 128\n"), 4);
    tu_free(&r);
    r = tu_run("SHMEM_ALLTOALLV_TSIZE_CHK=trunc %s -n 4 %s", SIM, PROG("alltoallv_overflow"));
    ck_assert_int_eq(r.status, 4);
    ck_assert_int_eq(tu_count(r.out, "t_size 512 of 1024, canary words overwritten 0\n"), 4);
    ck_assert_ptr_nonnull(strstr(r.err, "was truncated"));
    tu_free(&r);
    r = tu_run("SHMEM_ALLTOALLV_TSIZE_CHK=abort %s -n 4 %s", SIM, PROG("alltoallv_overflow"));
    ck_assert_int_eq(r.status, 5);
    ck_assert_ptr_nonnull(strstr(r.err, "shmemx_alltoallv_packed: SHMEM_ALLTOALLV_TSIZE_CHK=abort: PE "));
    ck_assert_ptr_nonnull(strstr(r.err, "sends 256 bytes to PE "));
    ck_assert_ptr_null(strstr(r.out, "canary"));
    tu_free(&r);
}
END_TEST

START_TEST(packed_deposit_order_is_the_networks_and_seeded)
{
    char *seen[6] = {0};
    int distinct = 0;
    for (int s = 1; s <= 6; s++) {
        run_result_t r = tu_run("%s -n 8 --quiet --seed %d %s", SIM, s, PROG("packed_order"));
        ck_assert_int_eq(r.status, 0);
        ck_assert_int_eq(tu_count(r.out, " "), 8);
        int fresh = 1;
        for (int k = 0; k < s - 1; k++)
            fresh &= strcmp(seen[k], r.out) != 0;
        distinct += fresh;
        seen[s - 1] = strdup(r.out);
        tu_free(&r);
    }
    ck_assert_int_gt(distinct, 2);
    run_result_t again = tu_run("%s -n 8 --quiet --seed 1 %s", SIM, PROG("packed_order"));
    ck_assert_str_eq(again.out, seen[0]);
    tu_free(&again);
    for (int s = 0; s < 6; s++)
        free(seen[s]);
}
END_TEST

START_TEST(collective_misuse_is_named)
{
    struct { const char *mode, *id, *text; } cases[] = {
        {"root", "[collective-args-mismatch]", "a different PE_root than PE "},
        {"order", "[collective-order-mismatch]", "shmem_long_max_to_all where PE "},
        {"count", "[collective-args-mismatch]", "a different element count than PE "},
    };
    for (int i = 0; i < 3; i++) {
        run_result_t r = tu_run("%s -n 4 --watchdog 5 %s %s", SIM, PROG("coll_misuse"), cases[i].mode);
        ck_assert_msg(r.status == 4 || r.status == 3, "%s: %d", cases[i].mode, r.status);
        ck_assert_msg(strstr(r.err, cases[i].id) && strstr(r.err, cases[i].text), "%s: %s",
                      cases[i].mode, r.err);
        tu_free(&r);
    }
    run_result_t r = tu_run("%s -n 4 --quiet %s none", SIM, PROG("coll_misuse"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "");
    tu_free(&r);
}
END_TEST

START_TEST(pwrk_too_small_is_named)
{
    run_result_t r = tu_run("%s -n 4 %s", SIM, PROG("pwrk_small"));
    ck_assert_int_eq(r.status, 4);
    ck_assert_ptr_nonnull(strstr(r.err, "[pwrk-too-small] PE "));
    ck_assert_ptr_nonnull(strstr(r.err, "pWrk has room for 8 elements but nreduce=64 needs"));
    ck_assert_ptr_nonnull(strstr(r.err, "overwrite the 200 bytes that follow it: "));
    tu_free(&r);
    /* the spill reaches the call's own pSync: said, as it breaks the call */
    r = tu_run("%s -n 4 %s joined", SIM, PROG("pwrk_small"));
    ck_assert_msg(r.status == 3 || r.status == 4, "status %d\n%s", r.status, r.err);
    ck_assert_msg(strstr(r.err, "that follow it: the 128-byte symmetric heap block allocated at "
                                "main at pwrk_small.c:") &&
                      strstr(r.err, "; they include this call's own pSync, so its protocol "
                                    "breaks"),
                  "%s", r.err);
    tu_free(&r);
    /* a spill over several objects names them, not only the first */
    r = tu_run("%s -n 4 %s many", SIM, PROG("pwrk_small"));
    ck_assert_msg(r.status == 4 && strstr(r.err, "that follow it: 'v") &&
                      strstr(r.err, " (8 bytes), 'v") && strstr(r.err, " more objects."),
                  "status %d\n%s", r.status, r.err);
    tu_free(&r);
    r = tu_run("%s -n 4 --quiet %s ok", SIM, PROG("pwrk_small"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "");
    ck_assert_int_eq(tu_count(r.out, "dst[63] = 258\n"), 4);
    tu_free(&r);
}
END_TEST

START_TEST(team_collectives_on_world_and_split_teams)
{
    const char *envs[] = {all_tree, all_linear};
    int counts[] = {1, 2, 5, 8, 13};
    for (int e = 0; e < 2; e++)
        for (int i = 0; i < 5; i++) {
            expect_clean(envs[e], counts[i], "team_coll", "", counts[i]);
            expect_clean(envs[e], counts[i], "team_coll", "split", (counts[i] + 1) / 3);
        }
    for (int seed = 2; seed <= 4; seed++) {
        run_result_t r = tu_run("%s -n 7 --quiet --seed %d %s", SIM, seed, PROG("team_coll"));
        ck_assert_int_eq(r.status, 0);
        ck_assert_int_eq(tu_count(r.out, "errors 0\n"), 7);
        tu_free(&r);
    }
}
END_TEST

/* Every collective name of the reference list (areas "Collectives", spec
 * 1.5 or legacy) is exported, but the scans (new in 1.6, not implemented);
 * every collective C11 generic name is a macro of shmem.h. */
START_TEST(library_exports_every_collective_name)
{
    char lib[4096];
    snprintf(lib, sizeof lib, "%s", SIM);
    strcpy(strstr(lib, "bin/shmemsim"), "lib/libshmemsim.so");
    run_result_t nm = tu_run("nm -D --defined-only %s | awk '{print \" \" $NF}'", lib);
    ck_assert_int_eq(nm.status, 0);
    char *ref = tu_read_file("tests/data/openshmem_c.txt", NULL);
    char *hdr = tu_read_file("api/include/shmem.h", NULL);
    ck_assert_ptr_nonnull(ref);
    ck_assert_ptr_nonnull(hdr);
    int in_area = 0, generic = 0, wanted = 0, macros = 0;
    char *save = NULL;
    for (char *line = strtok_r(ref, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char name[128], sym[160];
        if (!strncmp(line, "# area:", 7)) {
            in_area = strstr(line, "Collectives") &&
                      (strstr(line, "provenance: spec1.5") || strstr(line, "provenance: legacy"));
            generic = strstr(line, "C11 generic") != NULL;
            continue;
        }
        if (line[0] == '#' || sscanf(line, "%127s", name) != 1 || strstr(name, "scan"))
            continue;
        if (in_area) {
            snprintf(sym, sizeof sym, " %s\n", name);
            ck_assert_msg(strstr(nm.out, sym) != NULL, "%s is not exported", name);
            wanted++;
        }
        int coll = strstr(name, "alltoall") || strstr(name, "broadcast") ||
                   strstr(name, "collect") || strstr(name, "_reduce") ||
                   !strcmp(name, "shmem_sync");
        if (generic && coll && !strstr(line, "new in 1.6")) {
            snprintf(sym, sizeof sym, "#define %s(", name);
            ck_assert_msg(strstr(hdr, sym) != NULL, "generic %s is not a macro", name);
            macros++;
        }
    }
    ck_assert_int_ge(wanted, 320); /* 268 team-based - scans + 58 active-set */
    ck_assert_int_ge(macros, 13);
    free(ref);
    free(hdr);
    tu_free(&nm);
}
END_TEST

/* The summary line of a 16-PE run of prog under env (time and counts). */
static char *summary_of(const char *env, const char *prog)
{
    run_result_t r = tu_run("%s %s -n 16 %s", env, SIM, PROG(prog));
    ck_assert_msg(r.status == 0, "%s %s: %s", env, prog, r.err);
    const char *s = strstr(r.err, "shmemsim: 16 PEs");
    ck_assert_ptr_nonnull(s);
    char *line = strdup(s);
    tu_free(&r);
    return line;
}

/* Each SHMEM_*_ALGORITHM is read and honoured: its two values run the
 * same program differently; a value it does not take is a usage error
 * naming the variable and its values, and the program does not run. */
START_TEST(algorithm_settings_are_honoured_and_checked)
{
    static const struct { const char *var, *a, *b, *prog; } set[] = {
        {"SHMEM_BARRIER_ALGORITHM", "dissem", "linear", "coll_all"},
        {"SHMEM_BCAST_ALGORITHM", "tree", "linear", "coll_all"},
        {"SHMEM_REDUCE_ALGORITHM", "tree", "linear", "reduce_all"},
        {"SHMEM_COLLECT_ALGORITHM", "tree", "linear", "coll_all"},
        {"SHMEM_FCOLLECT_ALGORITHM", "ring", "linear", "coll_all"},
        {"SHMEM_ALLTOALL_ALGORITHM", "pairwise", "linear", "coll_all"},
    };
    char env[128], want[160];
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
        snprintf(env, sizeof env, "%s=%s", set[i].var, set[i].a);
        char *a = summary_of(env, set[i].prog);
        snprintf(env, sizeof env, "%s=%s", set[i].var, set[i].b);
        char *b = summary_of(env, set[i].prog);
        ck_assert_msg(strcmp(a, b) != 0, "%s made no difference: %s", set[i].var, a);
        free(a);
        free(b);
        run_result_t r = tu_run("%s=bogus %s -n 2 %s", set[i].var, SIM, PROG("coll_all"));
        ck_assert_int_eq(r.status, 2);
        snprintf(want, sizeof want, "shmemsim: %s is 'bogus'; it must be one of %s, %s\n",
                 set[i].var, set[i].a, set[i].b);
        ck_assert_str_eq(r.err, want);
        ck_assert_str_eq(r.out, "");
        tu_free(&r);
    }
    run_result_t r = tu_run("SHMEM_ALLTOALLV_TSIZE_CHK=clip %s -n 2 %s", SIM, PROG("coll_all"));
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "shmemsim: SHMEM_ALLTOALLV_TSIZE_CHK is 'clip'; it must be one of "
                            "none, abort, trunc\n");
    tu_free(&r);
}
END_TEST

Suite *coll_suite(void)
{
    Suite *s = suite_create("coll");
    TCase *tc = tcase_create("active-set");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, seed000_alltoallv_packed_runs_clean);
    tcase_add_test(tc, seed001_max_to_all_gives_the_maxima);
    tcase_add_test(tc, every_reduction_matches_serial_over_1_to_33_pes);
    tcase_add_test(tc, reductions_on_strided_active_sets);
    tcase_add_test(tc, every_collective_under_every_algorithm);
    tcase_add_test(tc, algorithm_settings_are_honoured_and_checked);
    tcase_add_test(tc, collectives_check_their_active_set);
    tcase_add_test(tc, psync_reuse_fails_under_some_seeds_alternating_never);
    tcase_add_test(tc, alternating_broadcasts_with_moving_roots_are_right);
    tcase_add_test(tc, psync_reuse_is_benign_in_fifo_order_but_reported);
    tcase_add_test(tc, collective_misuse_is_named);
    tcase_add_test(tc, pwrk_too_small_is_named);
    tcase_add_test(tc, team_collectives_on_world_and_split_teams);
    tcase_add_test(tc, library_exports_every_collective_name);
    tcase_add_test(tc, alltoallv_variable_sizes);
    tcase_add_test(tc, alltoallv_packed_overflow_under_each_tsize_chk);
    tcase_add_test(tc, packed_deposit_order_is_the_networks_and_seeded);
    suite_add_tcase(s, tc);
    return s;
}
