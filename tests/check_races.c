/* tests/check_races: the race detector on one program per race class
 * (tests/programs/races.c) and on the corrected twins.
 *
 * A bad case must give exit 4 on seed 1 with a data-race finding (or the
 * specific id) whose text names both accesses' lines, read from the
 * A(case)/B(case) markers of the source; its twin must give exit 0 and
 * nothing on stderr on every seed of a sweep. */
#include "json.h"
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM tu_shmemsim()
#define PROG(n) tu_prog(n)
#define RACES_SRC "tests/programs/races.c"

static const struct {
    const char *name; /* the case */
    const char *id;   /* the finding it must raise */
} cases[] = {
    {"fenced-count", "data-race"},  {"fence-chain", "data-race"},
    {"put-put", "data-race"},       {"put-load", "data-race"},
    {"put-store", "data-race"},     {"get-store", "data-race"},
    {"store-get", "data-race"},     {"nbi-source", "nbi-buffer-modified"},
    {"nbi-get-dest", "data-race"},  {"amo-put", "data-race"},
    {"amo-store", "data-race"},     {"amo-sizes", "data-race"},
    {"missing-fence", "data-race"}, {"coll-reuse", "data-race"},
    {"ptr-store", "data-race"},     {"signal-read", "data-race"},
    {"lock-unprotected", "data-race"}, {"contexts", "data-race"},
    {"histogram", "data-race"},     {"stencil", "data-race"},
    {"strided", "data-race"},       {"byte-puts", "data-race"},
    {"atomic-flag", "data-race"},   {"sync-all", "data-race"},
    {"test-loop", "data-race"},     {"signal-add", "data-race"},
    {"memset-put", "data-race"},    {"memcpy-put", "data-race"},
    {"shared-read", "data-race"},   {"fence-get", "data-race"},
    {"amo-types", "data-race"},     {"amo-domains", "data-race"},
    {"fetch-nbi", "data-race"},     {"coll-dest", "data-race"},
    {"strcpy-put", "data-race"},    {"snprintf-get", "data-race"},
    {"memcmp-put", "data-race"},    {"same-data", "data-race"},
    {"silent-put", "data-race"},    {"sweep-store", "data-race"},
    {"sweep-load", "data-race"},    {"sscanf-put", "data-race"},
    {"fscanf-put", "data-race"},    {"swscanf-put", "data-race"},    {"fgets-put", "data-race"},
    {"fread-put", "data-race"},     {"read-put", "data-race"},
    {"printf-put", "data-race"},    {"puts-put", "data-race"},
    {"fwrite-put", "data-race"},    {"getline-put", "data-race"},
    {"barrier-overlap", "data-race"}, {"wcscpy-put", "data-race"},
    {"fgetws-put", "data-race"},    {"word-byte", "data-race"},
    {"cell-sweep", "data-race"},    {"before-sweep", "data-race"},
    {"trail-past", "data-race"},
    {"signal-held", "data-race"},
    {"qsort-put", "data-race"},     {"strchr-put", "data-race"},
    {"bzero-put", "data-race"},     {"strtok-put", "data-race"},
    {"ptr-atomic", "data-race"},    {"slot-counter", "data-race"},
    {"get-same", "data-race"},      {"get-fence-put", "data-race"},
    {"amo-read-once", "data-race"}, {"self-get", "data-race"},
    {"store-getmem", "data-race"},
    {"store-then-amo", "data-race"}, {"amo-after-read", "data-race"},
    {"ptr-readback", "data-race"}, {"sync-not-quiet", "data-race"},
    {"signal-count", "data-race"},  {"ptr-flag", "data-race"},
    {"put-ptr-store", "data-race"}, {"get-each", "data-race"},
    {"self-put-get", "data-race"},  {"put-c11-flag", "data-race"},
    {"put-fetch-nbi-flag", "data-race"}, {"fence-other-pe", "data-race"},
};
#define NCASES (int)(sizeof cases / sizeof cases[0])

/* The cases of the other race programs, with their twins: LAPI's
 * (tests/programs/lapi_races.c: counters, fences, Gfence), those with a
 * PE's threads (pthread_races.c) and Fortran's (f_races.f90: the
 * program's own load, and the run-time library's READ and WRITE of
 * symmetric variables and its array intrinsics). */
static const struct {
    const char *prog, *name;
} others[] = {
    {"lapi_races", "put-load"},        {"lapi_races", "origin-store"},
    {"lapi_races", "get-load"},        {"lapi_races", "put-put"},
    {"lapi_races", "put-put-heap"},    {"lapi_races", "put-same"},
    {"lapi_races", "put-same-two"},
    {"lapi_races", "rmw-put"},         {"lapi_races", "fence-load"},
    {"lapi_races", "completion-chain"}, {"lapi_races", "handler-load"},
    {"lapi_races", "handler-flag"},    {"lapi_races", "am-data-store"},
    {"lapi_races", "polling-flag"},    {"lapi_races", "header-completion"},
    {"lapi_races", "am-origin-store"}, {"lapi_races", "am-uhdr-store"},
    {"lapi_races", "thread-store"},
    {"pthread_races", "fence"},        {"pthread_races", "nbi-buffer"},
    {"pthread_races", "stack-read"},   {"pthread_races", "shared-quiet"},
    {"pthread_races", "barrier-round"},
    {"f_races", "put-load"},
    {"f_races", "print-put"},          {"f_races", "write-section"},
    {"f_races", "read-put"},           {"f_races", "read-chars"},
    {"f_races", "matmul-put"},         {"f_races", "cshift-put"},
    {"f_races", "pack-put"},           {"f_races", "maxloc-put"},
    {"f_races", "eoshift-dest"},       {"f_races", "findloc-put"},
    {"f_races", "findloc-real"},       {"f_races", "len-trim-put"},
    {"f_races", "index-put"},          {"f_races", "concat-put"},
    {"f_races", "adjustr-dest"},       {"f_races", "ptr-flag"},
    {"f_races", "len-trim-put4"},      {"f_races", "index-put4"},
};
#define NOTHERS (int)(sizeof others / sizeof others[0])

/* Whether the finding text names the program's source (tests/programs/
 * PROG.c) at the line of marker. */
static int names_line_in(const char *prog, const char *err, const char *marker)
{
    const char *ext = strncmp(prog, "f_", 2) == 0 ? "f90" : "c"; /* f_*: Fortran */
    char src[128];
    snprintf(src, sizeof src, "tests/programs/%s.%s", prog, ext);
    int line = tu_line_of(src, marker);
    ck_assert_msg(line > 0, "no %s in %s", marker, src);
    char want[64];
    snprintf(want, sizeof want, "%s.%s:%d ", prog, ext, line);
    char want_nl[64];
    snprintf(want_nl, sizeof want_nl, "%s.%s:%d:", prog, ext, line);
    return strstr(err, want) != NULL || strstr(err, want_nl) != NULL;
}

static int names_line(const char *err, const char *marker)
{
    return names_line_in("races", err, marker);
}

/* prog CASE bad: exit 4 with an id finding naming both marked lines;
 * prog CASE good: exit 0 and nothing on stderr. */
static void bad_and_good(const char *prog, const char *name, const char *id)
{
    run_result_t r = tu_run("%s -n 3 --quiet %s %s bad", SIM, PROG(prog), name);
    ck_assert_msg(r.status == 4, "%s: status %d\n%s", name, r.status, r.err);
    char head[80];
    snprintf(head, sizeof head, "error [%s] PE ", id);
    ck_assert_msg(strstr(r.err, head) != NULL, "%s: no '%s' in\n%s", name, head, r.err);
    char a[40], b[40];
    snprintf(a, sizeof a, "A(%s)", name);
    snprintf(b, sizeof b, "B(%s)", name);
    ck_assert_msg(names_line_in(prog, r.err, a) && names_line_in(prog, r.err, b),
                  "%s: the finding does not name both lines:\n%s", name, r.err);
    tu_free(&r);
    r = tu_run("%s -n 3 --quiet %s %s good", SIM, PROG(prog), name);
    ck_assert_msg(r.status == 0 && r.err[0] == 0, "%s good: status %d\n%s", name, r.status, r.err);
    tu_free(&r);
}

/* prog CASE good: clean on seeds 1..50 (explore). */
static void twin_clean(const char *prog, const char *name)
{
    char args[64];
    snprintf(args, sizeof args, "%s good", name);
    char *msg = tu_explore_clean(3, prog, args);
    ck_assert_msg(msg == NULL, "%s", msg);
}

/* The advice fits what went wrong: a put issued after the increment the
 * reader saw, two programs' plain accesses through shmem_ptr, a plain load
 * before a put, atomics of one type in two atomicity domains (not "of the
 * same type"); a get whose destination already held what it fetched
 * is still a read of its source; a blocking get needs no completing. */
START_TEST(advice_names_the_missing_order)
{
    static const struct {
        const char *name, *advice;
    } want[] = {
        {"slot-counter", "but PE 0 issued this shmem_long_p after that, so what PE 1 observed "
                         "says nothing of it"},
        {"ptr-atomic", "(PE 0's through a pointer into PE 1's memory), and nothing orders them"},
        {"stencil", "reads these bytes with plain loads: PE 2 must not issue it until PE 0 is "
                    "done with them"},
        {"amo-domains", "Both are atomics of one type, but on contexts of teams in different "
                        "atomicity domains"},
        {"get-same", "PE 0's read by shmem_long_get at get_same at races.c:"},
        {"get-fence-put", "shmem_fence orders only puts and atomics: put shmem_quiet between"},
        /* a PE's operations on its own memory go through the network too */
        {"self-put-get", "Operations a PE addresses to itself are no exception"},
        /* a blocking get is complete when it returns: no quiet to advise */
        {"shared-read", "PE 1's shmem_long_g read these bytes of PE 0, and nothing tells PE 0 "
                        "that it has: PE 0 must not touch them until PE 1 is done reading"},
        /* a get of the PE's own memory reads it, whatever its return slot held */
        {"self-get", "PE 0's read by shmem_long_g at self_get at races.c:"},
        /* a wait that held at once is named as the wait that ordered nothing */
        {"signal-held", "PE 1's shmem_signal_wait_until at signal_held at races.c:"},
        {"signal-held", "returned at once: its condition already held"},
        /* a put on a context of its own: the default context's fence is no help */
        {"contexts", "PE 0 issued its shmem_ctx_long_put on a context of its own, and "
                     "shmem_quiet, shmem_fence and shmem_barrier_all complete or order only the "
                     "default context's operations: PE 0 must complete it with shmem_ctx_quiet"},
        /* the reader learnt of the put's issue, not of its completion */
        {"fenced-count", "PE 0 had learnt, through a synchronisation (a flag, an atomic, a "
                         "sync), that PE 2 had issued its shmem_long_put, but issuing an "
                         "operation is not completing it"},
        {"sync-not-quiet", "shmem_sync_all and shmem_team_sync complete nothing"},
        /* the wait saw another PE's signal: it says nothing of this one */
        {"signal-count", "returned on seeing PE "},
        {"signal-count", "a signal or counter that every such operation adds to, waited for "
                         "with the count of all of them"},
        /* a blocking put read back through shmem_ptr: no buffer of a non-blocking call */
        {"ptr-readback", "PE 0's shmem_long_p to PE 1 is complete only after shmem_quiet"},
        /* a store through shmem_ptr is delivered like a put: the flag after it needs a fence */
        {"ptr-flag", "saw shmem_long_atomic_set issued at ptr_flag at races.c:"},
        {"ptr-flag", "Put shmem_fence between the store and the shmem_long_atomic_set"},
        /* data of a put-with-signal read before the wait for its signal */
        {"signal-read", "delivers its data before its signal, but PE 1 touched these bytes "
                        "without having seen that signal: wait for it first"},
        /* a fence before a flag to another PE than the data's */
        {"fence-other-pe", "shmem_fence orders only operations to one PE. Put shmem_quiet"},
        /* the collective's own write and a put of the same PE: a barrier, not a fence */
        {"coll-dest", "Put a barrier between the collective and PE 0's access"},
        /* the bytes both touch, not the rest of the get's */
        {"store-getmem", "(8 bytes at &data+16, in 'data' (64 bytes))"},
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        run_result_t r = tu_run("%s -n 3 --quiet %s %s bad", SIM, PROG("races"), want[k].name);
        ck_assert_msg(strstr(r.err, want[k].advice) != NULL, "%s: no '%s' in\n%s", want[k].name,
                      want[k].advice, r.err);
        tu_free(&r);
    }
}
END_TEST

START_TEST(each_other_race_names_both_accesses)
{
    bad_and_good(others[_i].prog, others[_i].name, "data-race");
}
END_TEST

START_TEST(other_twins_are_clean_on_50_seeds)
{
    twin_clean(others[_i].prog, others[_i].name);
}
END_TEST

START_TEST(each_race_names_both_accesses)
{
    bad_and_good("races", cases[_i].name, cases[_i].id);
}
END_TEST

/* Found on the first run whatever the seed: the same two lines on seeds
 * that order the accesses differently. */
START_TEST(found_on_every_seed)
{
    for (int seed = 1; seed <= 6; seed++) {
        run_result_t r = tu_run("%s -n 3 --quiet --seed %d %s missing-fence bad", SIM, seed,
                                PROG("races"));
        ck_assert_msg(r.status == 4, "seed %d: status %d\n%s", seed, r.status, r.err);
        ck_assert(names_line(r.err, "A(missing-fence)") && names_line(r.err, "B(missing-fence)"));
        ck_assert_ptr_nonnull(strstr(r.err, "Put shmem_fence (or shmem_quiet) between them."));
        tu_free(&r);
    }
}
END_TEST

/* --check all,-data-race turns the detector off; so does building the
 * module without instrumentation for the program's own loads, while
 * remote-against-remote races are still found. */
START_TEST(check_option_and_uninstrumented_modules)
{
    run_result_t r = tu_run("%s -n 3 --quiet --check all,-data-race %s put-load bad", SIM,
                            PROG("races"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "");
    tu_free(&r);
    char dir[] = "/tmp/shmemsim-races-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    r = tu_run("%s-cc --no-race-instrumentation -g -O1 -o %s/races %s && "
               "%s -n 3 --quiet %s/races put-load bad && %s -n 3 --quiet %s/races put-put bad",
               SIM, dir, RACES_SRC, SIM, dir, SIM, dir);
    /* put-load needs the load: nothing; put-put is two puts: found. */
    ck_assert_int_eq(r.status, 4);
    ck_assert_int_eq(tu_count(r.err, "error [data-race]"), 1);
    ck_assert_ptr_nonnull(strstr(r.err, "shmem_long_p at put_put"));
    tu_free(&r);
    /* A put_nbi's source changed before the quiet: without the program's
     * stores, its fingerprint at the quiet shows it. */
    r = tu_run("%s -n 3 --quiet %s/races nbi-source bad", SIM, dir);
    ck_assert_msg(r.status == 4 && strstr(r.err, "error [nbi-buffer-modified]") &&
                      strstr(r.err, "changed before the shmem_quiet that completes it"),
                  "%d\n%s", r.status, r.err);
    tu_free(&r);
    r = tu_run("rm -rf %s", dir);
    tu_free(&r);
}
END_TEST

/* Above 1,024 PEs the detector is off unless data-race is named in
 * --check, and says which: a race at 1,030 PEs is found only when asked. */
/* A race met again, on another PE, is printed once and counted: the
 * summary and the report count both PEs' races. */
START_TEST(a_race_on_two_pes_is_counted_twice)
{
    char rep[64];
    snprintf(rep, sizeof rep, "/tmp/shmemsim-count-%d.json", (int)getpid());
    run_result_t r = tu_run("%s -n 3 --report %s %s get-each bad", SIM, rep, PROG("races"));
    ck_assert_msg(r.status == 4, "status %d\n%s", r.status, r.err);
    const char *first = strstr(r.err, "[data-race]");
    ck_assert_msg(first && !strstr(first + 1, "[data-race]"), "not printed once:\n%s", r.err);
    ck_assert_msg(strstr(r.err, " 2 findings"), "not counted twice:\n%s", r.err);
    char *text = tu_read_file(rep, NULL), err[256];
    unlink(rep);
    sim_json_t *j = sim_json_parse(text, err, sizeof err);
    ck_assert_msg(j != NULL, "report: %s", err);
    const sim_json_t *f = sim_json_at(sim_json_get(j, "findings"), 0);
    ck_assert(f && sim_json_get(f, "count")->number == 2);
    sim_json_free(j);
    free(text);
    tu_free(&r);
}
END_TEST

START_TEST(large_jobs_check_races_when_asked)
{
    run_result_t r = tu_run("%s -n 1030 %s bad", SIM, PROG("ring_race"));
    ck_assert_msg(r.status == 0, "%d\n%s", r.status, r.err);
    ck_assert_ptr_nonnull(strstr(r.err, "note: the race detector is off by default in jobs of "
                                        "more than 1024 PEs (this one has 1030)"));
    ck_assert_ptr_nonnull(strstr(r.err, "--check all,data-race turns it on up to 16384 PEs"));
    tu_free(&r);
    r = tu_run("%s -n 1030 --quiet --check all,data-race %s bad", SIM, PROG("ring_race"));
    ck_assert_msg(r.status == 4, "%d\n%s", r.status, r.err);
    ck_assert_int_eq(tu_count(r.err, "error [data-race]"), 1);
    ck_assert_ptr_nonnull(strstr(r.err, "PE 515's load at main at ring_race.c:18"));
    ck_assert_ptr_nonnull(strstr(r.err, "PE 514's write by shmem_long_p at main at ring_race.c:15"));
    ck_assert_ptr_null(strstr(r.err, "note: the race detector is off"));
    tu_free(&r);
    /* The twin is clean when asked; turning races off says nothing. */
    r = tu_run("%s -n 1030 --check data-race %s good && %s -n 1030 --check all,-data-race %s bad",
               SIM, PROG("ring_race"), SIM, PROG("ring_race"));
    ck_assert_msg(r.status == 0, "%d\n%s", r.status, r.err);
    ck_assert_ptr_null(strstr(r.err, "race detector"));
    tu_free(&r);
}
END_TEST

/* What LAPI race findings say: a race in memory that is not symmetric (a
 * Put into a malloc'd word) says so once, with its size and no address
 * (which would differ from run to run); two threads of a task's program
 * are told apart from its handlers and transfers in the advice. */
START_TEST(lapi_race_texts_say_what_and_where)
{
    static const struct {
        const char *name, *text;
    } cases[] = {
        {"put-put-heap", "touch the same bytes of PE 1's memory (8 bytes of memory that is not "
                         "symmetric: allocated by malloc or mmap, or a stack) and"},
        {"thread-store", "Two threads of task 1's program reach these bytes"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        run_result_t r = tu_run("%s -n 2 --quiet %s %s bad", SIM, PROG("lapi_races"),
                                cases[i].name);
        ck_assert_msg(r.status == 4 && strstr(r.err, cases[i].text), "%s: %d\n%s",
                      cases[i].name, r.status, r.err);
        tu_free(&r);
    }
}
END_TEST

/* Programs that race on purpose elsewhere in the suite are now diagnosed. */
START_TEST(earlier_demonstrations_are_diagnosed)
{
    static const char *const runs[] = {"2 race 0", "2 p2p_order mp none", "16 p2p_lock nolock"};
    for (int i = 0; i < 3; i++) {
        int npes;
        char prog[32], args[32];
        ck_assert_int_eq(sscanf(runs[i], "%d %31s %31[^\n]", &npes, prog, args), 3);
        run_result_t r = tu_run("%s -n %d --quiet %s %s", SIM, npes, PROG(prog), args);
        ck_assert_msg(r.status == 4 && strstr(r.err, "error [data-race]"), "%s: %d\n%s", runs[i],
                      r.status, r.err);
        tu_free(&r);
    }
}
END_TEST

START_TEST(corrected_twins_are_clean_on_50_seeds)
{
    twin_clean("races", cases[_i].name);
}
END_TEST

Suite *races_suite(void)
{
    Suite *s = suite_create("races");
    TCase *tc = tcase_create("races");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, each_race_names_both_accesses, 0, NCASES);
    tcase_add_test(tc, found_on_every_seed);
    tcase_add_test(tc, check_option_and_uninstrumented_modules);
    tcase_add_test(tc, advice_names_the_missing_order);
    tcase_add_test(tc, earlier_demonstrations_are_diagnosed);
    tcase_add_test(tc, large_jobs_check_races_when_asked);
    tcase_add_test(tc, a_race_on_two_pes_is_counted_twice);
    tcase_add_test(tc, lapi_race_texts_say_what_and_where);
    tcase_add_loop_test(tc, corrected_twins_are_clean_on_50_seeds, 0, NCASES);
    tcase_add_loop_test(tc, each_other_race_names_both_accesses, 0, NOTHERS);
    tcase_add_loop_test(tc, other_twins_are_clean_on_50_seeds, 0, NOTHERS);
    suite_add_tcase(s, tc);
    return s;
}
