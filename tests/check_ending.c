/* tests/check_ending: the findings a run's end raises (sim/ending):
 * `deadlock` per blocked PE, with its call, call site and who could have
 * released it, and `stack-overflow`; on stderr, in the report, selectable
 * with --check, and never at the cost of the outcome or its report.  Call
 * sites are looked up in the program's source by marker comments. */
#include "jsonschema.h"
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM tu_shmemsim()
#define PROG(n) tu_prog(n)
#define SRC "tests/programs/ending.c"

static int line_of(const char *marker)
{
    int line = tu_line_of(SRC, marker);
    ck_assert_msg(line > 0, "marker %s not found in " SRC, marker);
    return line;
}

/* Runs `shmemsim opts --report F ending mode`; returns the parsed report. */
static sim_json_t *run_ending(run_result_t *r, const char *opts, const char *mode)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "/tmp/shmemsim-ending-%d.json", (int)getpid());
    *r = tu_run("%s %s --report %s %s %s", SIM, opts, path, PROG("ending"), mode);
    char *text = tu_read_file(path, NULL);
    unlink(path);
    sim_json_t *rep = sim_json_parse(text, err, sizeof err);
    ck_assert_msg(rep != NULL, "report: %s", err);
    free(text);
    return rep;
}

/* The report's finding with id and pe, or NULL. */
static const sim_json_t *finding(const sim_json_t *rep, const char *id, int pe)
{
    const sim_json_t *f = sim_json_get(rep, "findings");
    for (size_t i = 0; f && i < f->n; i++) {
        const sim_json_t *x = sim_json_at(f, i);
        if (strcmp(sim_json_get(x, "id")->string, id) == 0 && sim_json_get(x, "pe")->number == pe)
            return x;
    }
    return NULL;
}

static void assert_member(const sim_json_t *f, const char *key, const char *want)
{
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(sim_json_get(f, key));
    ck_assert_str_eq(sim_json_get(f, key)->string, want);
}

static void assert_has(const char *hay, const char *needle)
{
    ck_assert_msg(strstr(hay, needle) != NULL, "expected\n%s\nin\n%s", needle, hay);
}

START_TEST(deadlock_finding_per_blocked_call_names_who_could_release_it)
{
    int wait = line_of("@deadlock-wait"), bar = line_of("@barrier");
    char want[640];
    run_result_t r;
    sim_json_t *rep = run_ending(&r, "-n 4 --quiet", "deadlock");
    ck_assert_int_eq(r.status, 3);
    /* PE 1: its call with arguments, its call site, and everyone else. */
    snprintf(want, sizeof want, "shmemsim: error [deadlock] PE 1 at t=");
    assert_has(r.err, want);
    snprintf(want, sizeof want, "ns in shmem_long_wait_until(ivar=&flag, cmp=SHMEM_CMP_EQ, "
             "cmp_value=1), ivar is 0, called from main at ending.c:%d:\n  Every live PE is "
             "blocked and no message is in flight, so nothing will release PE 1. Who could have "
             "released it: PEs 0, 2 are blocked themselves, in shmem_barrier_all called from "
             "main at ending.c:%d; PE 3 has ended (exit status 0).", wait, bar);
    assert_has(r.err, want);
    /* PEs 0 and 2 wait at one call site: one record, printed once, for PE 0. */
    assert_has(r.err, "shmemsim: error [deadlock] PE 0 at t=");
    snprintf(want, sizeof want, "Who could have released it: PE 2 is blocked itself, in "
             "shmem_barrier_all called from main at ending.c:%d; PE 1 is blocked itself, in "
             "shmem_long_wait_until called from main at ending.c:%d; PE 3 has ended (exit "
             "status 0).", bar, wait);
    assert_has(r.err, want);
    ck_assert_int_eq(tu_count(r.err, "[deadlock]"), 2);
    /* The deadlock report is all still there, before the findings. */
    const char *head = strstr(r.err, "shmemsim: deadlock at t=");
    ck_assert_ptr_nonnull(head);
    assert_has(r.err, "  PE 3: ended with status 0\n");
    ck_assert(head < strstr(r.err, "[deadlock]"));
    /* The report: the same records, with their counts. */
    char site[64];
    const sim_json_t *f = finding(rep, "deadlock", 1);
    snprintf(site, sizeof site, "main at ending.c:%d", wait);
    assert_member(f, "site", site);
    assert_member(f, "severity", "error");
    assert_member(f, "call", "shmem_long_wait_until(ivar=&flag, cmp=SHMEM_CMP_EQ, cmp_value=1), "
                             "ivar is 0");
    ck_assert(sim_json_get(f, "count")->number == 1);
    f = finding(rep, "deadlock", 0);
    snprintf(site, sizeof site, "main at ending.c:%d", bar);
    assert_member(f, "site", site);
    ck_assert(sim_json_get(f, "count")->number == 2);
    ck_assert_ptr_null(finding(rep, "deadlock", 2));
    ck_assert_ptr_null(finding(rep, "deadlock", 3));
    assert_member(rep, "outcome", "deadlock");
    sim_json_free(rep);
    tu_free(&r);
}
END_TEST

/* Many PEs in no contiguous ranges: lists are cut with a count, and every
 * group keeps its description. */
START_TEST(deadlock_finding_in_a_large_scattered_job_stays_whole)
{
    int wait = line_of("@scattered-wait"), bar = line_of("@barrier");
    char want[400];
    run_result_t r = tu_run("%s -n 200 --quiet %s scattered", SIM, PROG("ending"));
    ck_assert_int_eq(r.status, 3);
    ck_assert_int_eq(tu_count(r.err, "[deadlock]"), 2);
    snprintf(want, sizeof want, "Who could have released it: PEs 0, 2, 4, 6, ");
    assert_has(r.err, want);
    snprintf(want, sizeof want, ", ... (100 in all) are blocked themselves, in shmem_barrier_all "
             "called from main at ending.c:%d; PEs 3, 5, 7, ", bar);
    assert_has(r.err, want);
    snprintf(want, sizeof want, ", ... (99 in all) are blocked themselves, in "
             "shmem_long_wait_until called from main at ending.c:%d. Find the put", wait);
    assert_has(r.err, want);
    tu_free(&r);
}
END_TEST

START_TEST(check_minus_deadlock_drops_only_the_record)
{
    run_result_t r;
    sim_json_t *rep = run_ending(&r, "-n 4 --check all,-deadlock", "deadlock");
    ck_assert_int_eq(r.status, 3);
    ck_assert_ptr_null(strstr(r.err, "[deadlock]"));
    assert_has(r.err, "shmemsim: deadlock at t=");
    assert_has(r.err, "  PE 1: blocked in shmem_long_wait_until(ivar=&flag, ");
    assert_has(r.err, ": deadlock at virtual time ");
    assert_has(r.err, ", 0 findings\n");
    assert_member(rep, "outcome", "deadlock");
    ck_assert_int_eq((int)sim_json_get(rep, "findings")->n, 0);
    sim_json_free(rep);
    tu_free(&r);
}
END_TEST

START_TEST(stack_overflow_in_program_code_is_a_finding_at_the_frame)
{
    int line = line_of("@overflow-in-own-code") + 1;
    char want[256], site[64];
    run_result_t r;
    sim_json_t *rep = run_ending(&r, "-n 4 --quiet", "overflow");
    ck_assert_int_eq(r.status, 5);
    snprintf(want, sizeof want, "stack overflow in PE 2 (in deep at ending.c:%d); its stack is "
             "1048576 bytes", line);
    assert_has(r.err, want);
    snprintf(want, sizeof want, "ns in deep, called from deep at ending.c:%d:\n  PE 2 used up "
             "its 1048576-byte stack", line);
    assert_has(r.err, want);
    assert_has(r.err, "shmemsim: error [stack-overflow] PE 2 at t=");
    ck_assert_int_eq(tu_count(r.err, "[stack-overflow]"), 1);
    const sim_json_t *f = finding(rep, "stack-overflow", 2);
    snprintf(site, sizeof site, "deep at ending.c:%d", line);
    assert_member(f, "site", site);
    assert_member(f, "call", "deep");
    assert_member(rep, "outcome", "crash");
    assert_member(sim_json_at(sim_json_get(rep, "pes"), 2), "end", "stack-overflow");
    sim_json_free(rep);
    tu_free(&r);
}
END_TEST

START_TEST(stack_overflow_inside_a_call_names_the_call_and_its_site)
{
    int line = line_of("@overflow-in-call");
    char want[256], site[64];
    run_result_t r;
    /* The sanitizer's frames above main are larger: leave more room. */
    sim_json_t *rep = run_ending(&r, "-n 4 --quiet --stack-size 64K",
                                 getenv("SHMEMSIM_SANITIZED") ? "overflow-in-call 1024"
                                                              : "overflow-in-call");
    ck_assert_int_eq(r.status, 5);
    assert_has(r.err, "stack overflow in PE 1 (in ");
    snprintf(want, sizeof want, "shmemsim: error [stack-overflow] PE 1 at t=");
    assert_has(r.err, want);
    snprintf(want, sizeof want, "ns in shmem_barrier_all, called from near_the_end at "
             "ending.c:%d:\n  PE 1 used up its 65536-byte stack", line);
    assert_has(r.err, want);
    const sim_json_t *f = finding(rep, "stack-overflow", 1);
    snprintf(site, sizeof site, "near_the_end at ending.c:%d", line);
    assert_member(f, "site", site);
    assert_member(f, "call", "shmem_barrier_all");
    sim_json_free(rep);
    tu_free(&r);
}
END_TEST

START_TEST(check_minus_stack_overflow_keeps_the_crash)
{
    run_result_t r;
    sim_json_t *rep = run_ending(&r, "-n 4 --check=all,-stack-overflow", "overflow");
    ck_assert_int_eq(r.status, 5);
    ck_assert_ptr_null(strstr(r.err, "[stack-overflow]"));
    assert_has(r.err, "stack overflow in PE 2 (in deep at ending.c:");
    assert_has(r.err, ": crash at virtual time ");
    assert_member(rep, "outcome", "crash");
    ck_assert_int_eq((int)sim_json_get(rep, "findings")->n, 0);
    sim_json_free(rep);
    tu_free(&r);
}
END_TEST

START_TEST(ending_findings_are_the_same_every_run)
{
    const char *modes[] = {"deadlock", "overflow"};
    for (int i = 0; i < 2; i++) {
        run_result_t a = tu_run("%s -n 4 %s %s", SIM, PROG("ending"), modes[i]);
        run_result_t b = tu_run("%s -n 4 %s %s", SIM, PROG("ending"), modes[i]);
        ck_assert_str_eq(a.err, b.err);
        ck_assert_ptr_null(strstr(a.err, "0x"));
        tu_free(&a);
        tu_free(&b);
    }
}
END_TEST

/* The library called while no PE runs (a destructor at exit, a
 * constructor at load): a message and the run's status (or 2 before any
 * run), never an internal error; what the PEs printed is kept. */
/* start_pes's implicit finalisation at exit: it completes what the PE
 * left incomplete, and it is collective; a PE started with shmem_init that
 * leaves a put incomplete is reported at the put, not at its last call. */
START_TEST(start_pes_programs_are_finalised_at_exit)
{
    run_result_t r = tu_run("%s -n 3 %s legacy", SIM, PROG("implicit_fin"));
    ck_assert_msg(r.status == 0 && strstr(r.err, " 0 findings") != NULL, "legacy: %d\n%s",
                  r.status, r.err);
    tu_free(&r);
    r = tu_run("%s -n 3 %s waits", SIM, PROG("implicit_fin"));
    char want[160];
    snprintf(want, sizeof want, "PE 0: blocked in start_pes's implicit shmem_finalize at exit "
             "(barrier round 0: waiting for PE 2), called from main at implicit_fin.c:%d",
             tu_line_of("tests/programs/implicit_fin.c", "START"));
    ck_assert_msg(r.status == 3 && strstr(r.err, want) != NULL, "waits: %d, no '%s' in\n%s",
                  r.status, want, r.err);
    tu_free(&r);
    r = tu_run("%s -n 3 %s init", SIM, PROG("implicit_fin"));
    snprintf(want, sizeof want, "in shmem_putmem, called from main at implicit_fin.c:%d:",
             tu_line_of("tests/programs/implicit_fin.c", "PUT(init)"));
    ck_assert_msg(r.status == 4 && strstr(r.err, "[pending-at-finalize]") && strstr(r.err, want),
                  "init: %d, no '%s' in\n%s", r.status, want, r.err);
    tu_free(&r);
    r = tu_run("%s -n 3 %s lock", SIM, PROG("implicit_fin"));
    ck_assert_msg(r.status == 4 && strstr(r.err, "PE 0 ended (finalised implicitly, as start_pes "
                                                 "started it) while holding 1 lock(s): &lock"),
                  "lock: %d\n%s", r.status, r.err);
    tu_free(&r);
}
END_TEST

START_TEST(calls_outside_the_run_end_the_process_with_a_message)
{
    run_result_t r = tu_run("%s -n 2 --quiet %s dtor", SIM, PROG("outside_run"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(tu_count(r.out, ": main done\n"), 2);
    ck_assert_ptr_nonnull(strstr(r.err, "shmem_free was called outside the run, by code of "
                                        "the program that runs before its PEs start or "
                                        "after they have ended"));
    ck_assert_ptr_nonnull(strstr(r.err, "exits with status 0."));
    tu_free(&r);
    r = tu_run("OUTSIDE_RUN=ctor %s -n 2 --quiet %s", SIM, PROG("outside_run"));
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "shmem_init was called outside the run"));
    ck_assert_ptr_null(strstr(r.err, "internal error"));
    tu_free(&r);
}
END_TEST

/* A PE exits non-zero: the job stops 10 us of virtual time later, as a
 * launcher would, so PE 0's usage message a microsecond later is printed
 * and PE 2's line a millisecond later is not. */
START_TEST(the_job_stops_a_little_after_a_failed_exit)
{
    run_result_t r = tu_run("%s -n 3 %s", tu_shmemsim(), tu_prog("usage_exit"));
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.err, "usage: ") != NULL, "%s", r.err);
    ck_assert_ptr_null(strstr(r.out, "still running"));
    ck_assert_msg(strstr(r.err, "PE 1 exited with status 1; the job was terminated (1 other PE "
                                "stopped)") != NULL, "%s", r.err);
    tu_free(&r);
}
END_TEST

Suite *ending_suite(void)
{
    Suite *s = suite_create("ending");
    TCase *tc = tcase_create("ending");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, deadlock_finding_per_blocked_call_names_who_could_release_it);
    tcase_add_test(tc, the_job_stops_a_little_after_a_failed_exit);
    tcase_add_test(tc, deadlock_finding_in_a_large_scattered_job_stays_whole);
    tcase_add_test(tc, check_minus_deadlock_drops_only_the_record);
    tcase_add_test(tc, stack_overflow_in_program_code_is_a_finding_at_the_frame);
    tcase_add_test(tc, stack_overflow_inside_a_call_names_the_call_and_its_site);
    tcase_add_test(tc, check_minus_stack_overflow_keeps_the_crash);
    tcase_add_test(tc, ending_findings_are_the_same_every_run);
    tcase_add_test(tc, calls_outside_the_run_end_the_process_with_a_message);
    tcase_add_test(tc, start_pes_programs_are_finalised_at_exit);
    suite_add_tcase(s, tc);
    return s;
}
