/* tests/check_conform: correct programs that real runtimes run, as the
 * specification defines them (tests/programs/conform.c): the allocator's
 * barrier semantics, zero sizes and alignment, zero-length collectives,
 * fair _any waits, pSync alternation, and findings that leave the
 * program's behaviour alone where the hardware's is defined. */
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM tu_shmemsim()
#define PROG(n) tu_prog(n)
#define SRC "tests/programs/conform.c"

/* Every PE printed "ok", nothing else went to stderr, exit 0. */
static void assert_clean(const char *what, run_result_t *r, int npes)
{
    ck_assert_msg(r->status == 0 && r->err[0] == 0 && tu_count(r->out, " ok\n") == npes,
                  "%s: status %d\nstdout:\n%s\nstderr:\n%s", what, r->status, r->out, r->err);
}

static const char *const clean_cases[] = {
    "calloc-flags", "malloc-quiet", "free-nbi", "zero-sizes", "align",
    "zero-coll",    "test-any",     "alt-psync",    "init-series",
};

/* Each case on 4 PEs, built with and without the race detector's
 * instrumentation (the fallback checks must agree), on the default
 * network and on seeds that jitter it. */
START_TEST(correct_programs_run_clean)
{
    const char *c = clean_cases[_i];
    static const char *const progs[] = {"conform", "conform_noinst"};
    for (int p = 0; p < 2; p++)
        for (int seed = 0; seed <= 4; seed++) {
            char net[64] = "";
            if (seed)
                snprintf(net, sizeof net, "--seed %d --net jitter=3000", seed);
            run_result_t r = tu_run("%s -n 4 --quiet %s %s %s", SIM, net, PROG(progs[p]), c);
            char what[128];
            snprintf(what, sizeof what, "%s %s %s", progs[p], c, net);
            assert_clean(what, &r, 4);
            tu_free(&r);
        }
}
END_TEST

/* A single PE and an odd count exercise the protocols' edge shapes. */
/* One initialisation more than the shmem_finalize calls: a warning at
 * exit naming the extra call (init-series, matched, is clean above). */
START_TEST(an_unmatched_shmem_init_is_a_warning)
{
    run_result_t r = tu_run("%s -n 2 %s init-unmatched", SIM, PROG("conform"));
    ck_assert_msg(r.status == 0 && tu_count(r.out, " ok\n") == 2, "%d %s%s", r.status, r.out,
                  r.err);
    ck_assert_msg(strstr(r.err, "warning [pending-at-finalize] PE 0 at ") &&
                      strstr(r.err, "in exit, called from main at conform.c:") &&
                      strstr(r.err, "it called the initialisation routines 2 times and "
                                    "shmem_finalize 1 time."), "%s", r.err);
    tu_free(&r);
}
END_TEST

START_TEST(collectives_on_odd_sets)
{
    static const char *const cases[] = {"zero-coll", "alt-psync", "test-any", "zero-sizes"};
    for (int n = 1; n <= 5; n += 2)
        for (int i = 0; i < 4; i++) {
            run_result_t r = tu_run("%s -n %d --quiet %s %s", SIM, n, PROG("conform"), cases[i]);
            char what[64];
            snprintf(what, sizeof what, "%s on %d PEs", cases[i], n);
            assert_clean(what, &r, n);
            tu_free(&r);
        }
}
END_TEST

/* A finding, then what the hardware would do: the in-place broadcast
 * delivers (a warning: no implementation goes wrong on it, though the
 * specification forbids it), as does a put of an array onto itself (a
 * warning: a copy that changes nothing, forbidden only since 1.5), the
 * put past its block lands in the next block (an error). */
START_TEST(findings_do_not_skip_defined_behaviour)
{
    static const struct {
        const char *mode, *head, *text;
        int status;
    } cases[] = {
        {"inplace-bcast", "warning [overlap]", "'dest' and 'source' are the same array", 0},
        {"self-put-same", "warning [overlap]",
         "'dest' and 'source' are the same array (&w, 16 bytes) of this PE: the call copies "
         "it onto itself and changes nothing", 0},
        {"oob-put", "error [symmetric-out-of-bounds]",
         "the last 8 bytes spill into the 32-byte symmetric heap block allocated at main at "
         "conform.c:", 4},
    };
    for (int i = 0; i < 3; i++) {
        run_result_t r = tu_run("%s -n 4 --quiet %s %s", SIM, PROG("conform"), cases[i].mode);
        char marker[64];
        snprintf(marker, sizeof marker, "BAD(%s)", cases[i].mode);
        int line = tu_line_of(SRC, marker);
        char at[64];
        snprintf(at, sizeof at, "conform.c:%d:", line);
        ck_assert_msg(r.status == cases[i].status && strstr(r.err, cases[i].head) &&
                          strstr(r.err, at) && strstr(r.err, cases[i].text),
                      "%s: status %d\n%s", cases[i].mode, r.status, r.err);
        ck_assert_msg(tu_count(r.out, " ok\n") == 4, "%s computed wrongly:\n%s", cases[i].mode,
                      r.out);
        tu_free(&r);
    }
}
END_TEST

/* A non-power-of-two alignment is a finding at the call, and NULL. */
START_TEST(bad_alignment_is_a_finding)
{
    run_result_t r = tu_run("%s -n 2 --quiet %s align-bad", SIM, PROG("conform"));
    char at[64];
    snprintf(at, sizeof at, "conform.c:%d:", tu_line_of(SRC, "BAD(align-bad)"));
    ck_assert_msg(r.status == 4 && strstr(r.err, "error [invalid-argument]") &&
                      strstr(r.err, at) && strstr(r.err, "alignment 48 is not a power of two"),
                  "status %d\n%s", r.status, r.err);
    ck_assert_int_eq(tu_count(r.out, " ok\n"), 2);
    tu_free(&r);
}
END_TEST

/* Alignment is of the address on every PE, whatever address mmap chose:
 * with address-space randomisation off too (setarch -R), when available. */
START_TEST(alignment_does_not_depend_on_the_mapping)
{
    run_result_t a = tu_run("%s -n 3 --quiet %s align", SIM, PROG("conform"));
    assert_clean("align", &a, 3);
    tu_free(&a);
    run_result_t h = tu_run("command -v setarch");
    int have = h.status == 0;
    tu_free(&h);
    if (!have)
        return;
    run_result_t b = tu_run("setarch -R %s -n 3 --quiet %s align", SIM, PROG("conform"));
    assert_clean("align under setarch -R", &b, 3);
    tu_free(&b);
}
END_TEST

/* Large transfers cost O(1) events each and a blocking one returns when
 * its data has left the port, so the copies in flight stay bounded by
 * what the ports are sending (a few transfers), not by the number of
 * transfers queued (30 per PE here). */
START_TEST(large_transfers_keep_few_copies)
{
    static const char *const how[] = {"put", "put_signal", "get"};
    const size_t mib = 2, count = 30, npes = 4;
    for (int i = 0; i < 3; i++) {
        char path[64];
        snprintf(path, sizeof path, "/tmp/shmemsim-big-%d.json", (int)getpid());
        run_result_t r = tu_run("%s -n %zu --quiet --report %s %s %s %zu %zu", SIM, npes, path,
                                PROG("bigput"), how[i], mib, count);
        assert_clean(how[i], &r, (int)npes);
        tu_free(&r);
        char *rep = tu_read_file(path, NULL);
        ck_assert_ptr_nonnull(rep);
        const char *at = strstr(rep, "\"payload_peak_bytes\": ");
        const char *ev = strstr(rep, "\"events\": ");
        ck_assert(at && ev);
        unsigned long long peak = strtoull(at + strlen("\"payload_peak_bytes\": "), NULL, 10);
        unsigned long long events = strtoull(ev + strlen("\"events\": "), NULL, 10);
        ck_assert_msg(peak <= 3 * npes * (mib << 20), "%s: %llu bytes held at once", how[i], peak);
        ck_assert_msg(peak >= mib << 20, "%s: peak %llu is not even one transfer", how[i], peak);
        /* a handful of events per transfer, whatever its size */
        ck_assert_msg(events < 20 * npes * count, "%s: %llu events", how[i], events);
        free(rep);
        unlink(path);
    }
}
END_TEST

/* A loop of shmem_test that sees nothing waits for the next event
 * instead of spinning: a handful of polls, not one per call's cost over
 * 2 ms (about 100,000), with the same result and end time. */
START_TEST(test_loops_skip_to_the_next_event)
{
    const char *runs[] = {"-n 2", "-n 3 --privatize swap", "-n 2 --net jitter=1us --seed 3"};
    for (int i = 0; i < 3; i++) {
        run_result_t r = tu_run("%s %s %s test-loop", SIM, runs[i], PROG("conform"));
        ck_assert_msg(r.status == 0 && tu_count(r.out, " ok\n") == runs[i][3] - '0', "%s: %s%s",
                      runs[i], r.out, r.err);
        const char *p = strstr(r.out, "PE 0 polled ");
        ck_assert_ptr_nonnull(p);
        long polls = strtol(p + strlen("PE 0 polled "), NULL, 10);
        ck_assert_msg(polls > 0 && polls < 100, "%s: %ld polls", runs[i], polls);
        const char *t = strstr(r.err, "at virtual time ");
        ck_assert_ptr_nonnull(t);
        double us = strtod(t + strlen("at virtual time "), NULL);
        ck_assert_msg(us >= 2000 && us < 2100, "%s: %s", runs[i], r.err);
        tu_free(&r);
    }
}
END_TEST

/* An allocation the heap cannot hold returns NULL, with one line that
 * names the option making the heap larger. */
START_TEST(a_full_heap_names_heap_size)
{
    run_result_t r = tu_run("%s -n 2 --quiet %s heap-full", SIM, PROG("conform"));
    ck_assert_msg(r.status == 0 && tu_count(r.out, " ok\n") == 2 &&
                      tu_count(r.err, "--heap-size") == 1 && strstr(r.err, "returned NULL"),
                  "%d\n%s%s", r.status, r.out, r.err);
    tu_free(&r);
}
END_TEST

Suite *conform_suite(void)
{
    Suite *s = suite_create("conform");
    TCase *tc = tcase_create("conform");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, correct_programs_run_clean, 0,
                        (int)(sizeof clean_cases / sizeof clean_cases[0]));
    tcase_add_test(tc, collectives_on_odd_sets);
    tcase_add_test(tc, an_unmatched_shmem_init_is_a_warning);
    tcase_add_test(tc, findings_do_not_skip_defined_behaviour);
    tcase_add_test(tc, bad_alignment_is_a_finding);
    tcase_add_test(tc, alignment_does_not_depend_on_the_mapping);
    tcase_add_test(tc, large_transfers_keep_few_copies);
    tcase_add_test(tc, test_loops_skip_to_the_next_event);
    tcase_add_test(tc, a_full_heap_names_heap_size);
    suite_add_tcase(s, tc);
    return s;
}
