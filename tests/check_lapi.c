/* tests/check_lapi: LAPI programs (tests/programs/lapi_*.c) run under
 * bin/shmemsim: the seed page's examples, transfers, counters, handlers,
 * polling and interrupt modes, error codes and findings. */
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIM tu_shmemsim()
#define PROG(n) tu_prog(n)

/* Runs prog on each task count under both privatization strategies and
 * expects every task to print "task N ok". */
static void expect_all_ok(const char *prog, const char *args, const int *counts, int ncounts)
{
    const char *priv[] = {"copy", "swap"};
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < ncounts; i++) {
            run_result_t r = tu_run("%s -n %d --quiet --privatize %s %s %s", SIM, counts[i],
                                    priv[p], PROG(prog), args);
            ck_assert_msg(r.status == 0, "%s -n %d (%s): status %d\n%s%s", prog, counts[i],
                          priv[p], r.status, r.out, r.err);
            ck_assert_msg(tu_count(r.out, " ok\n") == counts[i], "%s -n %d: %s", prog,
                          counts[i], r.out);
            char last[32];
            snprintf(last, sizeof last, "task %d ok\n", counts[i] - 1);
            ck_assert_ptr_nonnull(strstr(r.out, last));
            tu_free(&r);
        }
}

static const int counts[] = {2, 3, 8, 64};

START_TEST(seed_iovector_example)
{
    expect_all_ok("lapi_seed_iovec", "", counts, 4);
}
END_TEST

START_TEST(seed_strided_example)
{
    expect_all_ok("lapi_seed_strided", "", counts, 4);
}
END_TEST

/* The seed page's two GENERIC copy tables, read back from the bytes that
 * landed, for LAPI_Putv and LAPI_Amsendv, plus its "target longer than
 * origin" rule. */
static const char generic_tables[] =
    "table 1 (LAPI_Putv):\n"
    "  5 bytes from orgaddr_0+0 to tgtaddr_0+0\n"
    "  7 bytes from orgaddr_1+0 to tgtaddr_0+5\n"
    "  2 bytes from orgaddr_1+7 to tgtaddr_1+0\n"
    "  1 byte from orgaddr_1+9 to tgtaddr_2+0\n"
    "  3 bytes from orgaddr_2+0 to tgtaddr_2+1\n"
    "  2 bytes from orgaddr_2+3 to tgtaddr_3+0\n"
    "table 1 (LAPI_Amsendv):\n"
    "  5 bytes from orgaddr_0+0 to tgtaddr_0+0\n"
    "  7 bytes from orgaddr_1+0 to tgtaddr_0+5\n"
    "  2 bytes from orgaddr_1+7 to tgtaddr_1+0\n"
    "  1 byte from orgaddr_1+9 to tgtaddr_2+0\n"
    "  3 bytes from orgaddr_2+0 to tgtaddr_2+1\n"
    "  2 bytes from orgaddr_2+3 to tgtaddr_3+0\n"
    "table 2 (LAPI_Putv):\n"
    "  5 bytes from orgaddr_0+0 to tgtaddr_0+0\n"
    "  10 bytes from orgaddr_0+5 to tgtaddr_1+0\n"
    "  not copied: 5 bytes of orgaddr_0 from +15\n"
    "table 2 (LAPI_Amsendv):\n"
    "  5 bytes from orgaddr_0+0 to tgtaddr_0+0\n"
    "  10 bytes from orgaddr_0+5 to tgtaddr_1+0\n"
    "  not copied: 5 bytes of orgaddr_0 from +15\n"
    "table 3 (LAPI_Putv):\n"
    "  3 bytes from orgaddr_0+0 to tgtaddr_0+0\n"
    "  2 bytes from orgaddr_1+0 to tgtaddr_0+3\n"
    "  2 bytes from orgaddr_1+2 to tgtaddr_1+0\n"
    "  untouched: 3 bytes of tgtaddr_1 from +2\n"
    "table 3 (LAPI_Amsendv):\n"
    "  3 bytes from orgaddr_0+0 to tgtaddr_0+0\n"
    "  2 bytes from orgaddr_1+0 to tgtaddr_0+3\n"
    "  2 bytes from orgaddr_1+2 to tgtaddr_1+0\n"
    "  untouched: 3 bytes of tgtaddr_1 from +2\n";

START_TEST(generic_vectors_follow_the_seed_copy_tables)
{
    const char *priv[] = {"copy", "swap"};
    for (int p = 0; p < 2; p++) {
        run_result_t r = tu_run("%s -n 2 --quiet --privatize %s %s", SIM, priv[p],
                                PROG("lapi_generic"));
        ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
        ck_assert_ptr_nonnull(strstr(r.out, generic_tables));
        ck_assert_int_eq(tu_count(r.out, " ok\n"), 2);
        tu_free(&r);
    }
    /* Bystanders only take part in the fences. */
    run_result_t r = tu_run("%s -n 5 --quiet %s", SIM, PROG("lapi_generic"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, generic_tables));
    tu_free(&r);
}
END_TEST

/* The number after prefix on the line of out that starts with it. */
static double number_after(const char *out, const char *prefix)
{
    const char *p = strstr(out, prefix);
    ck_assert_msg(p != NULL, "no '%s' in %s", prefix, out);
    return atof(p + strlen(prefix));
}

START_TEST(netpipe_pingpong_put_counters_and_probe)
{
    const char *modes[] = {"pingpong", "pingpong interrupt"};
    for (int m = 0; m < 2; m++) {
        expect_all_ok("lapi_netpipe", modes[m], counts, 4);
        run_result_t r = tu_run("%s -n 2 --quiet %s %s", SIM, PROG("lapi_netpipe"), modes[m]);
        /* One way: 1us of latency, a little overhead and jitter, plus the
         * bytes at 10 GB/s. */
        double small = number_after(r.out, "pingpong      1 bytes:");
        double big = number_after(r.out, "pingpong  32768 bytes:");
        ck_assert_msg(small >= 1.0 && small < 1.6, "%f", small);
        ck_assert_msg(big >= 1.0 + 3.2768 && big < 1.6 + 3.3, "%f", big);
        tu_free(&r);
    }
}
END_TEST

START_TEST(netpipe_stream_bandwidth)
{
    const int some[] = {2, 5, 64};
    expect_all_ok("lapi_netpipe", "stream", some, 3);
    expect_all_ok("lapi_netpipe", "stream interrupt", some, 2);
    run_result_t r = tu_run("%s -n 2 --quiet %s stream", SIM, PROG("lapi_netpipe"));
    double bw = number_after(r.out, "stream    32768 bytes:");
    ck_assert_msg(bw > 8000 && bw <= 10000, "%f MB/s at 10 GB/s", bw);
    tu_free(&r);
    r = tu_run("%s -n 2 --quiet --net bandwidth=1GB/s %s stream", SIM, PROG("lapi_netpipe"));
    bw = number_after(r.out, "stream    32768 bytes:");
    ck_assert_msg(bw > 800 && bw <= 1000, "%f MB/s at 1 GB/s", bw);
    tu_free(&r);
}
END_TEST

START_TEST(distributed_counter_with_rmw)
{
    const int some[] = {1, 2, 3, 8, 64};
    expect_all_ok("lapi_rmw", "", some, 5);
}
END_TEST

START_TEST(am_completion_handlers_reply)
{
    expect_all_ok("lapi_am_reply", "", counts, 4);
    expect_all_ok("lapi_am_reply", "polling", counts, 4);
}
END_TEST

Suite *lapi_suite(void)
{
    Suite *s = suite_create("lapi");
    TCase *tc = tcase_create("programs");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, seed_iovector_example);
    tcase_add_test(tc, seed_strided_example);
    tcase_add_test(tc, generic_vectors_follow_the_seed_copy_tables);
    tcase_add_test(tc, netpipe_pingpong_put_counters_and_probe);
    tcase_add_test(tc, netpipe_stream_bandwidth);
    tcase_add_test(tc, distributed_counter_with_rmw);
    tcase_add_test(tc, am_completion_handlers_reply);
    suite_add_tcase(s, tc);
    return s;
}
