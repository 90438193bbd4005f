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

Suite *lapi_suite(void)
{
    Suite *s = suite_create("lapi");
    TCase *tc = tcase_create("programs");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, seed_iovector_example);
    suite_add_tcase(s, tc);
    return s;
}
