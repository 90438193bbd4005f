/* tests/check_crash: how a run ends when a PE fails outside the API: the
 * exit status, the PE and the exact source line in the report (read from
 * the "@name" markers of tests/programs/crash_sites.c), and every line of
 * output written before the failure. */
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM tu_shmemsim()
#define PROG(n) tu_prog(n)
#define SRC "tests/programs/crash_sites.c"

/* "FN at crash_sites.c:LINE" for the line marked @mark. */
static void site(char *buf, size_t len, const char *fn, const char *mark)
{
    char marker[40];
    snprintf(marker, sizeof marker, "@%s", mark);
    int line = tu_line_of(SRC, marker);
    ck_assert_msg(line > 0, "no %s in %s", marker, SRC);
    snprintf(buf, len, "%s at crash_sites.c:%d", fn, line);
}

/* Every PE's lines written before PE 1 failed are on stdout. */
static void all_output_kept(const run_result_t *r, int npes)
{
    for (int pe = 0; pe < npes; pe++) {
        char a[64], b[64];
        snprintf(a, sizeof a, "PE %d line 1\n", pe);
        snprintf(b, sizeof b, "PE %d line 2 (partial)", pe);
        ck_assert_msg(strstr(r->out, a) && strstr(r->out, b), "PE %d's output lost: %s", pe,
                      r->out);
    }
}

START_TEST(segfault_names_the_faulting_line)
{
    char at[120], want[200];
    site(at, sizeof at, "fail", "segv");
    snprintf(want, sizeof want, "PE 1 crashed: Segmentation fault at address 0x8 (in %s)", at);
    run_result_t r = tu_run("%s -n 3 %s segv", SIM, PROG("crash_sites"));
    ck_assert_int_eq(r.status, 5);
    ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
    all_output_kept(&r, 3);
    tu_free(&r);
}
END_TEST

START_TEST(abort_names_its_call)
{
    char at[120], want[200];
    site(at, sizeof at, "fail", "abort");
    snprintf(want, sizeof want, "PE 1 crashed: Aborted (in %s)", at);
    run_result_t r = tu_run("%s -n 3 %s abort", SIM, PROG("crash_sites"));
    ck_assert_int_eq(r.status, 5);
    ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
    all_output_kept(&r, 3);
    tu_free(&r);
}
END_TEST

START_TEST(stack_overflow_names_the_frame_line)
{
    char at[120], want[200];
    site(at, sizeof at, "deep", "overflow");
    snprintf(want, sizeof want, "stack overflow in PE 1 (in %s)", at);
    run_result_t r = tu_run("%s -n 3 %s overflow", SIM, PROG("crash_sites"));
    ck_assert_int_eq(r.status, 5);
    ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
    snprintf(want, sizeof want, "[stack-overflow] PE 1 at t=");
    ck_assert_ptr_nonnull(strstr(r.err, want));
    snprintf(want, sizeof want, "in deep, called from %s:", at);
    ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
    all_output_kept(&r, 3);
    tu_free(&r);
}
END_TEST

START_TEST(watchdog_names_the_spinning_line)
{
    char at[120], want[200];
    site(at, sizeof at, "fail", "spin");
    snprintf(want, sizeof want, "watchdog: PE 1 ran for 1 s of wall time without calling the "
             "simulator (at %s)", at);
    run_result_t r = tu_run("%s -n 3 --watchdog 1 %s spin", SIM, PROG("crash_sites"));
    ck_assert_int_eq(r.status, 6);
    ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
    all_output_kept(&r, 3);
    tu_free(&r);
}
END_TEST

Suite *crash_suite(void)
{
    Suite *s = suite_create("crash");
    TCase *tc = tcase_create("crash");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, segfault_names_the_faulting_line);
    tcase_add_test(tc, abort_names_its_call);
    tcase_add_test(tc, stack_overflow_names_the_frame_line);
    tcase_add_test(tc, watchdog_names_the_spinning_line);
    suite_add_tcase(s, tc);
    return s;
}
