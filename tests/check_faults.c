/* tests/check_faults: the fault engine and the scenario commands, run
 * through bin/shmemsim: the scenario library passes, test and its JUnit
 * file, malformed scenarios, explore and replay, traces of fault runs,
 * determinism, and each kind of fault doing what scenarios/README.md
 * says.  Runs with the repository root as the working directory; programs
 * come from the build (--program-dir), so an out-of-tree build works. */
#include "finding.h"
#include "testutil.h"

#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM tu_shmemsim()

static const char *progdir(void)
{
    static char buf[4096];
    const char *o = getenv("SHMEMSIM_OUT");
    snprintf(buf, sizeof buf, "%s/build/tests/programs", o && *o ? o : ".");
    return buf;
}

static char *tmp_path(char *buf, size_t len, const char *what)
{
    snprintf(buf, len, "/tmp/shmemsim-faults-%d-%s", (int)getpid(), what);
    return buf;
}

/* Writes a scenario file for program prog (in the build) with body. */
static void write_scenario(const char *path, const char *prog, const char *body)
{
    FILE *f = fopen(path, "w");
    char *dir = realpath(progdir(), NULL); /* the file is elsewhere: an absolute path */
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(dir);
    fprintf(f, "scenario: %s\nprogram: %s/%s\n%s", prog, dir, prog, body);
    fclose(f);
    free(dir);
}

/* The number after key in text (e.g. "\"end_time_ns\": "), or -1. */
static long long number_after(const char *text, const char *key)
{
    const char *p = text ? strstr(text, key) : NULL;
    return p ? atoll(p + strlen(key)) : -1;
}

/* -------------------------------------------------------------- library */

START_TEST(every_library_scenario_passes)
{
    run_result_t r = tu_run("%s test --program-dir %s scenarios/*.yaml", SIM, progdir());
    ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
    ck_assert_int_ge(tu_count(r.out, "PASS "), 15);
    ck_assert_int_eq(tu_count(r.out, "FAIL "), 0);
    ck_assert_ptr_nonnull(strstr(r.out, " passed, 0 failed\n"));
    tu_free(&r);
}
END_TEST

START_TEST(junit_file_parses_with_the_right_counts)
{
    char bad[256], junit[256];
    tmp_path(bad, sizeof bad, "wrong.yaml");
    tmp_path(junit, sizeof junit, "junit.xml");
    /* A scenario whose expectation is wrong, with a byte XML forbids and
     * markup characters in what ends up in the file. */
    write_scenario(bad, "scen_fence", "npes: 2\nexpect: {outcome: deadlock, "
                   "stdout_contains: [\"<&>\\x01\"]}\n");
    run_result_t r = tu_run("%s test --jobs 3 --junit %s --program-dir %s scenarios/slow-pe-barrier.yaml "
                            "%s tests/scenarios/bad/unknown_key.yaml scenarios/crash-deadlock.yaml",
                            SIM, junit, progdir(), bad);
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "PASS slow-pe-in-a-barrier: ok\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "FAIL scen_fence ("));
    ck_assert_ptr_nonnull(strstr(r.out, "expected outcome deadlock, got finding"));
    ck_assert_ptr_nonnull(strstr(r.out, "FAIL tests/scenarios/bad/unknown_key.yaml: "
                                        "tests/scenarios/bad/unknown_key.yaml:3:1: unknown key"));
    ck_assert_ptr_nonnull(strstr(r.out, "PASS crashed-pe-hangs-the-job: deadlock\n"));
    /* One line per scenario, in the order given, then the count. */
    ck_assert(strstr(r.out, "slow-pe") < strstr(r.out, "scen_fence"));
    ck_assert(strstr(r.out, "unknown_key") < strstr(r.out, "crashed-pe"));
    ck_assert_ptr_nonnull(strstr(r.out, "\n2 passed, 2 failed\n"));
    char *x = tu_read_file(junit, NULL);
    ck_assert_ptr_nonnull(x);
    ck_assert_msg(tu_xml_valid(x) == 0, "not well-formed XML:\n%s", x);
    ck_assert_ptr_nonnull(strstr(x, "<testsuites name=\"shmemsim test\" tests=\"4\" failures=\"1\" "
                                    "errors=\"1\""));
    ck_assert_int_eq(tu_count(x, "<testcase "), 4);
    ck_assert_int_eq(tu_count(x, "<failure "), 1);
    ck_assert_int_eq(tu_count(x, "<error "), 1);
    ck_assert_ptr_nonnull(strstr(x, "&lt;&amp;&gt;?"));
    /* when and where, as Jenkins and GitLab show them */
    const char *ts = strstr(x, "<testsuite name=\"shmemsim scenarios\"");
    ck_assert_ptr_nonnull(ts);
    int y, mo, d, h, mi, se;
    const char *t = strstr(ts, " timestamp=\"");
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(sscanf(t, " timestamp=\"%4d-%2d-%2dT%2d:%2d:%2d\"", &y, &mo, &d, &h, &mi, &se), 6);
    ck_assert(y >= 2024 && mo >= 1 && mo <= 12);
    ck_assert_ptr_nonnull(strstr(ts, " hostname=\""));
    free(x);
    unlink(junit);
    unlink(bad);
    tu_free(&r);
}
END_TEST

/* ------------------------------------------------------- bad scenarios */

START_TEST(malformed_scenarios_name_file_line_column)
{
    static const struct { const char *file, *where, *phrase; } cases[] = {
        {"tests/scenarios/bad/unknown_key.yaml", ":3:1: ", "unknown key 'npe' in scenario"},
        {"tests/scenarios/bad/pe_too_big.yaml", ":6:25: ", "fault 'from' is 9 but npes is 8"},
        {"tests/scenarios/bad/window_order.yaml", ":7:19: ", "window ends (1us) before it starts"},
        {"tests/scenarios/bad/negative_duration.yaml", ":5:41: ", "durations cannot be negative"},
        {"tests/scenarios/bad/key_for_other_kind.yaml", ":5:35: ", "does not apply to a crash fault"},
        {"tests/scenarios/bad/heap_size.yaml", ":4:12: ",
         "heap_size must be a size of at least 1K, such as 64M, got '64 megs'"},
        {"tests/scenarios/bad/unknown_check.yaml", ":4:9: ", "unknown check 'psync-reus' in checks (did you mean psync-reuse? "},
        {"tests/scenarios/bad/unknown_finding.yaml", ":5:26: ",
         "expect 'finding' is 'data-races', which is no finding id"},
        {"tests/scenarios/bad/no_program.yaml", ":2:10: ",
         "/not_built' (with --program-dir): No such file or directory"},
        /* Checks that need the loaded program, made when the run starts. */
        {"tests/scenarios/run/no_symbol.yaml", ":6:5: ", "the program has no symbol 'flga'"},
        {"tests/scenarios/run/bad_routine.yaml", ":6:5: ",
         "'shmem_barrier_al' is not a routine shmemsim provides"},
        {"tests/scenarios/run/symbol_offset.yaml", ":7:5: ", "leaves no 8-byte word inside 'flag'"},
        {"tests/scenarios/run/heap_offset.yaml", ":7:5: ", "past the end of the 1048576-byte"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *cmd = i % 2 ? "run --scenario" : "replay";
        run_result_t r = tu_run("%s %s %s --program-dir %s", SIM, cmd, cases[i].file, progdir());
        char prefix[512];
        snprintf(prefix, sizeof prefix, "%s%s", cases[i].file, cases[i].where);
        ck_assert_msg(r.status == 2, "%s: status %d", cases[i].file, r.status);
        ck_assert_msg(strncmp(r.err, prefix, strlen(prefix)) == 0 && strstr(r.err, cases[i].phrase) &&
                      tu_count(r.err, "\n") == 1, "%s said: %s", cases[i].file, r.err);
        ck_assert_str_eq(r.out, "");
        tu_free(&r);
    }
}
END_TEST

/* The command line's conveniences: -np, a --help per command, the
 * nearest option or command for a typo, the missing value named, the
 * finding ids listed, output paths checked first, --trace - on stdout. */
START_TEST(command_line_conveniences)
{
    run_result_t r = tu_run("%s -np 3 --quiet %s", SIM, tu_prog("ring"));
    ck_assert_msg(r.status == 0 && tu_count(r.out, "errors 0\n") == 3, "%d %s%s", r.status, r.out,
                  r.err);
    tu_free(&r);
    static const struct {
        const char *cmd, *has, *lacks;
    } helps[] = {
        {"run --help", "usage: shmemsim run", "--junit"},
        {"test --help", "--junit FILE", "--seeds"},
        {"explore --help", "--seeds A..B", "--junit"},
        {"replay --help", "usage: shmemsim replay", "--seeds"},
        {"--help", "--junit FILE", NULL},
    };
    for (size_t i = 0; i < sizeof helps / sizeof helps[0]; i++) {
        r = tu_run("%s %s", SIM, helps[i].cmd);
        ck_assert_msg(r.status == 0 && strstr(r.out, helps[i].has) &&
                          (!helps[i].lacks || !strstr(r.out, helps[i].lacks)),
                      "%s:\n%s", helps[i].cmd, r.out);
        tu_free(&r);
    }
    static const struct {
        const char *cmd, *says;
    } errs[] = {
        {"--sed 3 x", "unknown option '--sed' (did you mean --seed?)"},
        {"run --quite x", "(did you mean --quiet?)"},
        {"runn x", "unknown command 'runn' (did you mean 'run'?)"},
        {"exploer x", "(did you mean 'explore'?)"},
        {"test --junit", "option --junit needs a FILE"},
        {"run --seed", "option --seed needs a S"},
        {"run --report /no/such/dir/r.json x", "--report /no/such/dir/r.json: cannot write"},
        {"run --trace /tmp x", "--trace /tmp: is a directory"},
        {"run --check data-rase x",
         "unknown check 'data-rase' in --check (did you mean data-race? shmemsim --check list "
         "prints them)"},
        {"run --check all,-zzzzzzz x",
         "unknown check '-zzzzzzz' in --check (shmemsim --check list prints them)"},
    };
    for (size_t i = 0; i < sizeof errs / sizeof errs[0]; i++) {
        r = tu_run("%s %s", SIM, errs[i].cmd);
        ck_assert_msg(r.status == 2 && strstr(r.err, errs[i].says) && tu_count(r.err, "\n") == 1,
                      "'%s' gave %d: %s", errs[i].cmd, r.status, r.err);
        tu_free(&r);
    }
    r = tu_run("%s --check list", SIM);
    ck_assert_int_eq(r.status, 0);
    static const char *const some[] = {"psync-reuse", "overlap", "deadlock", "invalid-argument",
                                       "lapi-foreign-address", "psync-misaligned"};
    for (size_t i = 0; i < sizeof some / sizeof some[0]; i++)
        ck_assert_msg(strstr(r.out, some[i]), "--check list lacks %s", some[i]);
    int known = 0; /* one line per check the layers registered */
    while (sim_finding_id((size_t)known))
        known++;
    ck_assert_int_ge(known, 30);
    ck_assert_int_eq(tu_count(r.out, "\n"), known);
    ck_assert_ptr_nonnull(strstr(r.out, "data-race "));
    tu_free(&r);
    r = tu_run("%s -n 2 --quiet --trace - %s", SIM, tu_prog("ring"));
    ck_assert_int_eq(r.status, 0);
    const char *json = strstr(r.out, "{\"displayTimeUnit\"");
    ck_assert_msg(json && tu_json_valid(json) == 0 && tu_count(r.out, "errors 0\n") == 2 &&
                      strstr(r.out, "errors 0\n") < json, "%s", r.out);
    tu_free(&r);
}
END_TEST

START_TEST(bad_command_lines_are_usage_errors)
{
    const char *cmds[] = {"test", "replay", "replay a.yaml b.yaml", "explore", "explore --seed 3 x",
                          "explore --seeds 5..2 x", "explore --trace t.json x", "run --seeds 1..2 x",
                          "run --junit j.xml x", "test --jobs 0 a.yaml", "explore --jobs x y",
                          "run --scenario /no/such.yaml", "explore -n 2 /no/such/prog"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        run_result_t r = tu_run("%s %s", SIM, cmds[i]);
        ck_assert_msg(r.status == 2 && tu_count(r.err, "\n") == 1, "'%s' gave %d: %s", cmds[i],
                      r.status, r.err);
        tu_free(&r);
    }
}
END_TEST

/* -n below the file's npes leaves a fault naming a PE that does not
 * exist: a usage error naming the fault's line (the simulator crashed). */
START_TEST(fewer_pes_than_a_fault_names_is_a_usage_error)
{
    char path[128];
    tmp_path(path, sizeof path, "fewer.yaml");
    write_scenario(path, "ring", "npes: 4\nfaults:\n  - {kind: crash, pe: 3, at: 1us}\n");
    run_result_t r = tu_run("%s replay -n 2 %s", SIM, path);
    char want[200];
    snprintf(want, sizeof want, "%s:5:5: this fault names PE 3, but -n gives 2 PEs", path);
    ck_assert_msg(r.status == 2 && strstr(r.err, want) && tu_count(r.err, "\n") == 1,
                  "%d: %s", r.status, r.err);
    tu_free(&r);
    r = tu_run("%s replay -n 4 --quiet %s", SIM, path); /* enough PEs: it loads and fires */
    ck_assert_msg(strstr(r.err, "fired") != NULL, "%d: %s", r.status, r.err);
    tu_free(&r);
    unlink(path);
}
END_TEST

/* ------------------------------------------------------ explore, replay */

/* The seed also varies the jitter, so a put overtakes another even where
 * the default jitter is below the latency; a run that ends ok but prints
 * what most runs do not is a failure, with a reproducer (program path
 * relative to it) that replays it and a regression twin that fails until
 * the bug is fixed. */
/* The failing seeds explore lists (first at seed A; seeds A, B, ...) into
 * a bit set over 1..64. */
static uint64_t failing_seeds(const char *out)
{
    uint64_t set = 0;
    for (const char *p = out; (p = strstr(p, "first at seed ")) != NULL; p++) {
        const char *line = p, *eol = strchr(p, '\n');
        while (line > out && line[-1] != '\n')
            line--;
        if (strstr(line, " ok ") && strstr(line, " ok ") < p)
            continue; /* the ok group */
        const char *q = strstr(p, "seeds ");
        if (!q || (eol && q > eol))
            q = p + strlen("first at ");
        for (q = strchr(q, ' '); q && (!eol || q < eol); q = strchr(q + 1, ' ')) {
            long v = strtol(q + 1, NULL, 10);
            if (v > 0 && v <= 64)
                set |= 1ull << (v - 1);
        }
    }
    return set;
}

/* --shard K/N: each shard runs every N-th seed from the K-th; the shards
 * cover the range once between them and find the failures one run over
 * the whole range finds, and --merge reports them as that run does. */
START_TEST(explore_shards_cover_the_seeds_once)
{
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/../shard-XXXXXX", progdir());
    ck_assert_ptr_nonnull(mkdtemp(dir));
    run_result_t all = tu_run("%s explore -n 2 --seeds 1..12 --jobs 2 --out %s --check "
                              "all,-data-race %s/scen_fence", SIM, dir, progdir());
    ck_assert_ptr_nonnull(strstr(all.out, "explore: 12 runs"));
    uint64_t want = failing_seeds(all.out), got = 0;
    ck_assert_msg(want != 0, "no failing seed to compare:\n%s", all.out);
    for (int k = 1; k <= 3; k++) {
        run_result_t r = tu_run("%s explore -n 2 --seeds 1..12 --shard %d/3 --jobs 2 --out %s "
                                "--check all,-data-race %s/scen_fence", SIM, k, dir, progdir());
        ck_assert_msg(strstr(r.out, "explore: 4 runs"), "%s", r.out);
        uint64_t mine = failing_seeds(r.out);
        for (int s = 1; s <= 12; s++)
            if (mine & (1ull << (s - 1)))
                ck_assert_msg((s - 1) % 3 == k - 1, "shard %d ran seed %d", k, s);
        ck_assert((got & mine) == 0);
        got |= mine;
        tu_free(&r);
    }
    ck_assert_msg(got == want, "shards found %llx, the whole range %llx", (unsigned long long)got,
                  (unsigned long long)want);
    /* --merge: the shards' runs reported as one exploration, the same
     * groups, counts, seeds and summary as the run over the whole range */
    run_result_t m = tu_run("%s explore --merge %s", SIM, dir);
    ck_assert_msg(m.status == 1 && strstr(m.out, "explore: 12 runs merged from 3 shard files "
                                                  "(seeds 1..12)\n"), "%d %s%s", m.status, m.out,
                  m.err);
    const char *a = strchr(all.out, '\n'), *b = strchr(m.out, '\n');
    ck_assert(a && b);
    ck_assert_str_eq(b, a);
    tu_free(&m);
    m = tu_run("printf 'x\\ty\\n' > %s/bad.runs && %s explore --merge %s", dir, SIM, dir);
    ck_assert_msg(m.status == 2 && strstr(m.err, "bad.runs:1: not a line explore --shard wrote"),
                  "%d %s", m.status, m.err);
    tu_free(&m);
    /* a shard's file missing: its seeds would be left out */
    m = tu_run("rm %s/bad.runs %s/scen_fence-shard-2-of-3.runs && %s explore --merge %s", dir, dir,
               SIM, dir);
    ck_assert_msg(m.status == 2 && strstr(m.err, "scen_fence-shard-2-of-3.runs is missing"),
                  "%d %s", m.status, m.err);
    tu_free(&m);
    tu_free(&all);
    /* shards run elsewhere, with a relative --out: the merge names each
     * reproducer from where it runs */
    char sim[PATH_MAX], pd[PATH_MAX], ad[PATH_MAX];
    ck_assert(realpath(SIM, sim) && realpath(progdir(), pd) && realpath(dir, ad));
    m = tu_run("cd %s && for k in 1 2; do %s explore -n 2 --seeds 1..4 --shard $k/2 --jobs 2 "
               "--out rel --check all,-data-race %s/scen_fence >/dev/null; done; cd / && "
               "%s explore --merge %s/rel/", ad, sim, pd, sim, ad);
    int replays = 0;
    for (const char *at = m.out; (at = strstr(at, "replay: shmemsim replay ")) != NULL; replays++) {
        at += strlen("replay: shmemsim replay ");
        char path[4400];
        snprintf(path, sizeof path, "%.*s", (int)strcspn(at, "\n"), at);
        ck_assert_msg(path[0] == '/' && access(path, R_OK) == 0, "no reproducer at %s:\n%s", path,
                      m.out);
    }
    ck_assert_msg(replays > 0, "%s%s", m.out, m.err);
    tu_free(&m);
    run_result_t r = tu_run("%s explore -n 2 --shard 4/3 x; %s explore -n 2 --seeds 1..2 --shard 3/3 "
                            "%s/scen_fence", SIM, SIM, progdir());
    ck_assert_ptr_nonnull(strstr(r.err, "--shard needs K/N with 1 <= K <= N, got '4/3'"));
    ck_assert_ptr_nonnull(strstr(r.out, "holds no seed"));
    tu_free(&r);
    /* A shard with no failure makes its --out directory for its runs. */
    r = tu_run("%s explore -n 2 --seeds 1..4 --shard 1/2 --out %s/clean %s/ring && test -f "
               "%s/clean/ring-shard-1-of-2.runs", SIM, dir, progdir(), dir);
    ck_assert_msg(r.status == 0, "%d %s%s", r.status, r.out, r.err);
    tu_free(&r);
    r = tu_run("rm -rf %s", dir);
    tu_free(&r);
}
END_TEST

START_TEST(explore_varies_the_network_and_groups_by_output)
{
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/../explore-XXXXXX", progdir());
    ck_assert_ptr_nonnull(mkdtemp(dir));
    run_result_t r = tu_run("%s explore -n 2 --seeds 1..40 --jobs 2 --check all,-data-race "
                            "--out %s %s/race 0", SIM, dir, progdir());
    ck_assert_msg(r.status == 1, "%s%s", r.out, r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "  ok (output differs)  "));
    ck_assert_ptr_nonnull(strstr(r.out, "1 distinct failure in "));
    const char *rp = strstr(r.out, "replay: shmemsim replay ");
    ck_assert_ptr_nonnull(rp);
    char replay[4400], regress[4400];
    snprintf(replay, sizeof replay, "%.*s", (int)strcspn(rp + 24, "\n"), rp + 24);
    snprintf(regress, sizeof regress, "%.*s-regression.yaml", (int)(strlen(replay) - 5), replay);
    tu_free(&r);
    char *text = tu_read_file(replay, NULL);
    ck_assert_ptr_nonnull(text);
    ck_assert_ptr_nonnull(strstr(text, "program: \"../programs/race\""));
    ck_assert_ptr_null(strstr(text, "jitter: 200ns")); /* a varied jitter */
    free(text);
    r = tu_run("%s test %s", SIM, replay);
    ck_assert_msg(r.status == 0, "%s", r.out);
    tu_free(&r);
    r = tu_run("%s test %s", SIM, regress);
    ck_assert_msg(r.status == 1 && strstr(r.out, "stdout lacks"), "%s", r.out);
    tu_free(&r);
    /* A failing run that prints the usual output and a line more: its
     * regression twin fails on that line until the bug is fixed. */
    r = tu_run("%s explore -n 2 --seeds 1..40 --jobs 2 --check all,-data-race --out %s "
               "%s/race 0 extra", SIM, dir, progdir());
    ck_assert_msg(r.status == 1 && strstr(r.out, "1 distinct failure in "), "%s%s", r.out, r.err);
    rp = strstr(r.out, "replay: shmemsim replay ");
    ck_assert_ptr_nonnull(rp);
    snprintf(replay, sizeof replay, "%.*s", (int)strcspn(rp + 24, "\n"), rp + 24);
    snprintf(regress, sizeof regress, "%.*s-regression.yaml", (int)(strlen(replay) - 5), replay);
    tu_free(&r);
    r = tu_run("%s test %s", SIM, regress);
    ck_assert_msg(r.status == 1 && strstr(r.out, "stdout holds \"stale word=1\""), "%s", r.out);
    tu_free(&r);
    /* ... and passes once the program is fixed (the fence turned on). */
    r = tu_run("sed 's/args: \\[\"0\", \"extra\"\\]/args: [\"1\", \"extra\"]/' %s > %s/fixed.yaml && "
               "grep -q 'args: \\[\"1\"' %s/fixed.yaml && %s test %s/fixed.yaml", regress, dir, dir,
               SIM, dir);
    ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
    tu_free(&r);
    /* Without the digest the outputs are one group: nothing failed. */
    r = tu_run("%s explore -n 2 --seeds 1..40 --jobs 2 --check all,-data-race --no-output-digest "
               "--out %s %s/race 0", SIM, dir, progdir());
    ck_assert_msg(r.status == 0 && strstr(r.out, "no failure in 40 runs"), "%s", r.out);
    tu_free(&r);
    r = tu_run("rm -rf %s", dir);
    tu_free(&r);
}
END_TEST

/* Failures are grouped by what failed, not by which PE it happened on:
 * the race is one group whichever access a seed made second. */
START_TEST(explore_groups_a_race_by_what_failed)
{
    char dir[] = "/tmp/shmemsim-explore-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    run_result_t r = tu_run("%s explore -n 3 --seeds 1..30 --jobs 2 --out %s %s/races put-put bad",
                            SIM, dir, progdir());
    ck_assert_msg(r.status == 1 && strstr(r.out, "1 distinct failure in 30 of 30 runs"), "%s",
                  r.out);
    tu_free(&r);
    r = tu_run("rm -rf %s", dir);
    tu_free(&r);
}
END_TEST

/* Failure groups that differ only in what the program printed say so,
 * and --no-output-digest makes them one; a reproducer expects the error
 * finding that made the outcome, not a warning every run raises. */
START_TEST(explore_says_which_groups_differ_in_output_alone)
{
    char dir[] = "/tmp/shmemsim-explore-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    run_result_t r = tu_run("%s explore -n 2 --seeds 1..6 --jobs 2 --out %s %s/explore_timed",
                            SIM, dir, progdir());
    ck_assert_msg(r.status == 1 && strstr(r.out, "finding [overlap,data-race] (other output)") &&
                  strstr(r.out, "differ from one above only in what the program printed"),
                  "%s", r.out);
    const char *seed = strstr(r.out, "first at seed ");
    ck_assert_ptr_nonnull(seed);
    char file[512];
    snprintf(file, sizeof file, "%s/explore_timed-seed%llu.yaml", dir,
             strtoull(seed + 14, NULL, 10));
    tu_free(&r);
    char *text = tu_read_file(file, NULL);
    ck_assert_msg(text && strstr(text, "\n  finding: data-race\n"), "%s", text ? text : file);
    free(text);
    /* --merge of shards says it as the whole run does */
    r = tu_run("%s explore -n 2 --seeds 1..6 --shard 1/2 --out %s/sh %s/explore_timed >/dev/null; "
               "%s explore -n 2 --seeds 1..6 --shard 2/2 --out %s/sh %s/explore_timed >/dev/null; "
               "%s explore --merge %s/sh", SIM, dir, progdir(), SIM, dir, progdir(), SIM, dir);
    ck_assert_msg(strstr(r.out, "(other output)") && strstr(r.out, "5 groups differ from one above"),
                  "%s", r.out);
    tu_free(&r);
    r = tu_run("rm -rf %s/* && %s explore -n 2 --seeds 1..6 --jobs 2 --no-output-digest --out %s "
               "%s/explore_timed", dir, SIM, dir, progdir());
    ck_assert_msg(strstr(r.out, "1 distinct failure in 6 of 6 runs"), "%s", r.out);
    tu_free(&r);
    r = tu_run("rm -rf %s", dir);
    tu_free(&r);
}
END_TEST

START_TEST(explore_finds_the_missing_fence_and_replay_reproduces_it)
{
    char dir[] = "/tmp/shmemsim-explore-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    /* The race itself is a finding on every seed; here explore must find
     * the seeds where it also made the program fail. */
    run_result_t r = tu_run("%s explore -n 2 --seeds 1..500 --jobs 2 --check all,-data-race "
                            "--heap-size 96M --watchdog 30 --out %s %s/scen_fence", SIM, dir,
                            progdir());
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "explore: 500 runs of scen_fence on 2 PEs"));
    const char *line = strstr(r.out, "exit-nonzero (PE 1 exited with status 1)");
    ck_assert_msg(line != NULL, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "1 distinct failure in "));
    /* Not on a terminal: plain progress lines, no bar. */
    ck_assert_ptr_nonnull(strstr(r.err, "explore: 500/500 runs done\n"));
    ck_assert_ptr_null(strchr(r.err, '\r'));
    unsigned long long seed = strtoull(strstr(line, "first at seed ") + 14, NULL, 10);
    char file[512];
    snprintf(file, sizeof file, "%s/scen_fence-seed%llu.yaml", dir, seed);
    ck_assert_ptr_nonnull(strstr(r.out, file));
    tu_free(&r);
    /* The file replays the failure, and test agrees with its expectation. */
    r = tu_run("%s replay %s", SIM, file);
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "PE 1 read stale data"));
    tu_free(&r);
    r = tu_run("%s test %s", SIM, file);
    ck_assert_msg(r.status == 0, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "1 passed, 0 failed"));
    tu_free(&r);
    /* The same seed and the jitter explore gave it, as a plain run, fail
     * the same way; the file keeps the run's heap size and watchdog. */
    char *text = tu_read_file(file, NULL), jitter[32] = "";
    ck_assert_ptr_nonnull(text);
    ck_assert_msg(strstr(text, "\nheap_size: 100663296\n") && strstr(text, "\nwatchdog: 30\n") &&
                  !strstr(text, "stack_size"), "%s", text);
    ck_assert_int_eq(sscanf(strstr(text, "jitter: "), "jitter: %31[0-9a-z]", jitter), 1);
    free(text);
    r = tu_run("%s -n 2 --quiet --check all,-data-race --net jitter=%s --seed %llu %s/scen_fence",
               SIM, jitter, seed, progdir());
    ck_assert_int_eq(r.status, 1);
    tu_free(&r);
    r = tu_run("rm -rf %s", dir);
    tu_free(&r);
}
END_TEST

/* An argument with a newline, a byte that is not UTF-8 and a quote makes
 * a replay file that still loads and reproduces the run. */
START_TEST(explore_escapes_arguments_in_the_replay_file)
{
    char dir[] = "/tmp/shmemsim-explore-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    run_result_t r = tu_run("%s explore -n 4 --seeds 1..2 --jobs 1 --out %s %s/fail exit3 "
                            "\"$(printf 'a\\nb\\377c')\" \"it's\"", SIM, dir, progdir());
    ck_assert_msg(r.status == 1, "%d %s %s", r.status, r.out, r.err);
    tu_free(&r);
    char file[512];
    snprintf(file, sizeof file, "%s/fail-seed1.yaml", dir);
    char *text = tu_read_file(file, NULL);
    ck_assert_ptr_nonnull(text);
    ck_assert_msg(strstr(text, " exit3 $'a\\x0ab\\xffc' $'it\\'s'\n# Replay with: "), "%s", text);
    free(text);
    r = tu_run("%s replay %s", SIM, file);
    ck_assert_msg(r.status == 1, "%d %s", r.status, r.err);
    ck_assert_ptr_nonnull(strstr(r.err, "PE 3 exited with status 3"));
    tu_free(&r);
    r = tu_run("rm -rf %s", dir);
    tu_free(&r);
}
END_TEST

/* A directory given as a scenario says so; a file with too many anchors
 * (libyaml resolves them in quadratic time) is refused before loading. */
START_TEST(scenario_directory_and_anchor_bound)
{
    run_result_t r = tu_run("%s test /tmp", SIM);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.out, "/tmp: is a directory"), "%s", r.out);
    tu_free(&r);
    r = tu_run("%s run --scenario /tmp", SIM);
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "/tmp: is a directory"), "%s", r.err);
    tu_free(&r);
    char path[128];
    snprintf(path, sizeof path, "/tmp/shmemsim-anchors-%d.yaml", (int)getpid());
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "program: ring\nnpes: 2\nx:\n");
    for (int i = 0; i < 99990; i++)
        fprintf(f, "  - &a%d %d\n", i, i);
    fclose(f);
    r = tu_run("%s test %s", SIM, path);
    unlink(path);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.out, ":1004:5: the document defines more than 1000 anchors"), "%s",
                  r.out);
    tu_free(&r);
}
END_TEST

/* A bandwidth too small for virtual time is refused; the smallest one
 * accepted makes the run end later than the default, never earlier. */
START_TEST(tiny_bandwidth_is_refused_or_slower)
{
    const char *bad[] = {"1e-12", "0.5", "1e-300"};
    for (int i = 0; i < 3; i++) {
        run_result_t r = tu_run("%s -n 2 --net bandwidth=%s %s/ring", SIM, bad[i], progdir());
        ck_assert_int_eq(r.status, 2);
        ck_assert_msg(strstr(r.err, "bandwidth must be at least 1 byte/s"), "%s", r.err);
        tu_free(&r);
    }
    run_result_t a = tu_run("%s -n 2 %s/ring", SIM, progdir());
    run_result_t b = tu_run("%s -n 2 --net bandwidth=1 %s/ring", SIM, progdir());
    ck_assert_int_eq(a.status, 0);
    ck_assert_int_eq(b.status, 0);
    double ta = strtod(strstr(a.err, "at virtual time ") + 16, NULL);
    double tb = strtod(strstr(b.err, "at virtual time ") + 16, NULL);
    ck_assert_msg(tb > ta * 1000, "%g vs %g", tb, ta);
    tu_free(&a);
    tu_free(&b);
}
END_TEST

START_TEST(explore_output_does_not_depend_on_job_count)
{
    char dir[] = "/tmp/shmemsim-explore-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    run_result_t a = tu_run("%s explore -n 2 --seeds 1..120 -j 1 --out %s %s/scen_fence", SIM, dir,
                            progdir());
    run_result_t b = tu_run("%s explore -n 2 --seeds 1..120 -j 4 --out %s %s/scen_fence", SIM, dir,
                            progdir());
    ck_assert_int_eq(a.status, b.status);
    /* Everything after the header line (which names the job count). */
    ck_assert_str_eq(strchr(a.out, '\n'), strchr(b.out, '\n'));
    tu_free(&a);
    tu_free(&b);
    /* With the fence, no seed fails. */
    a = tu_run("%s explore -n 2 --seeds 1..120 --out %s %s/scen_fence fence", SIM, dir, progdir());
    ck_assert_int_eq(a.status, 0);
    ck_assert_ptr_nonnull(strstr(a.out, "120  ok"));
    ck_assert_ptr_nonnull(strstr(a.out, "no failure in 120 runs"));
    tu_free(&a);
    a = tu_run("rm -rf %s", dir);
    tu_free(&a);
}
END_TEST

START_TEST(explore_with_a_scenario_keeps_its_faults)
{
    char dir[] = "/tmp/shmemsim-explore-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    /* A lost put hangs every seed: one group, and its file carries the fault. */
    run_result_t r = tu_run("%s explore --seeds 7..16 --out %s --program-dir %s "
                            "--scenario scenarios/drop-lost.yaml", SIM, dir, progdir());
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "    10  deadlock"));
    tu_free(&r);
    char file[512];
    snprintf(file, sizeof file, "%s/scen_phases-seed7.yaml", dir);
    char *y = tu_read_file(file, NULL);
    ck_assert_ptr_nonnull(y);
    ck_assert_ptr_nonnull(strstr(y, "  - {kind: drop, from: 0, to: 1, op: put, nth: 1}\n"));
    ck_assert_ptr_nonnull(strstr(y, "outcome: deadlock"));
    free(y);
    r = tu_run("%s test %s", SIM, file);
    ck_assert_msg(r.status == 0, "%s", r.out);
    tu_free(&r);
    r = tu_run("rm -rf %s", dir);
    tu_free(&r);
}
END_TEST

/* A put lost for good leaves its sender waiting for the acknowledgement:
 * the deadlock's report names the lost message and the fault. */
START_TEST(a_deadlock_after_a_drop_names_the_lost_message)
{
    char yaml[256];
    tmp_path(yaml, sizeof yaml, "lost.yaml");
    write_scenario(yaml, "scen_fence",
                   "npes: 2\nargs: [fence]\nfaults:\n  - {kind: drop, op: put, nth: 1}\n");
    run_result_t r = tu_run("%s replay --quiet %s", SIM, yaml);
    char want[400];
    snprintf(want, sizeof want, "  1 message was lost for good by injected faults (the first: put "
             "PE 0 -> PE 1, 64 bytes, from shmem_putmem, by the fault at %s:6:5)", yaml);
    ck_assert_msg(r.status == 3 && strstr(r.err, want), "%d %s", r.status, r.err);
    tu_free(&r);
    unlink(yaml);
}
END_TEST

/* More bits to flip than a message has: its message says all of them. */
START_TEST(corrupt_names_the_bits_a_message_has)
{
    char yaml[256];
    tmp_path(yaml, sizeof yaml, "bits.yaml");
    write_scenario(yaml, "scen_fence", "npes: 2\nfaults:\n"
                   "  - {kind: corrupt, op: put, nth: 1, bits: 600}\n");
    run_result_t r = tu_run("%s replay --quiet %s", SIM, yaml);
    ck_assert_msg(strstr(r.err, "64 bytes, from shmem_putmem will have all 512 of its bits "
                                "flipped"), "%s", r.err);
    tu_free(&r);
    unlink(yaml);
}
END_TEST

/* ------------------------------------------------------ traces, reports */

static const char trace_faults[] =
    "npes: 8\nargs: [\"20\"]\nfaults:\n"
    "  - {kind: delay, op: coll, probability: 0.2, extra: 2us}\n"
    "  - {kind: corrupt, op: coll, nth: 5, bits: 2}\n"
    "  - {kind: stall, pe: 2, at: 10us, for: 20us}\n"
    "  - {kind: slow, pe: 5, factor: 3, window: [0, 30us]}\n"
    "  - {kind: drop, from: 1, to: 2, nth: 3, retransmit_after: 3us}\n";

START_TEST(trace_of_an_8_pe_fault_run_has_tracks_spans_flows_and_faults)
{
    char yaml[256], trace[256], report[256];
    tmp_path(yaml, sizeof yaml, "trace.yaml");
    tmp_path(trace, sizeof trace, "trace.json");
    tmp_path(report, sizeof report, "report.json");
    write_scenario(yaml, "scen_barriers", trace_faults);
    run_result_t r = tu_run("%s replay --trace %s --report %s %s", SIM, trace, report, yaml);
    ck_assert_msg(r.status == 0, "%s", r.err);
    char *t = tu_read_file(trace, NULL), *j = tu_read_file(report, NULL);
    ck_assert_int_eq(tu_json_valid(t), 0);
    ck_assert_int_eq(tu_json_valid(j), 0);
    ck_assert_int_eq(tu_count(t, "\"thread_name\""), 8);
    ck_assert_ptr_nonnull(strstr(t, "\"args\":{\"name\":\"PE 7\"}"));
    ck_assert_int_ge(tu_count(t, "\"name\":\"shmem_barrier_all\",\"cat\":\"api\",\"ph\":\"X\""), 160);
    ck_assert_int_eq(tu_count(t, "\"ph\":\"s\""), tu_count(t, "\"ph\":\"f\""));
    const char *kinds[] = {"delay", "corrupt", "stall", "slow", "drop"};
    for (int i = 0; i < 5; i++) {
        char name[64];
        snprintf(name, sizeof name, "\"name\":\"fault: %s\",\"cat\":\"fault\",\"ph\":\"i\"", kinds[i]);
        ck_assert_msg(strstr(t, name) != NULL, "no %s instant", kinds[i]);
    }
    ck_assert_ptr_nonnull(strstr(t, "\"name\":\"corrupted\""));
    ck_assert_ptr_nonnull(strstr(t, "\"name\":\"retransmit\""));
    /* Every firing is an instant, counted in the report and the summary. */
    long long fired = 0;
    for (const char *p = j; (p = strstr(p, "\"fired\": ")) != NULL; p++)
        fired += atoll(p + 9);
    ck_assert_int_eq(fired, tu_count(t, "\"name\":\"fault: "));
    char summary[64];
    snprintf(summary, sizeof summary, ", %lld faults fired\n", fired);
    ck_assert_ptr_nonnull(strstr(r.err, summary));
    ck_assert_ptr_nonnull(strstr(j, "{\"index\": 2, \"kind\": \"stall\", \"line\": 8, \"column\": 5, "
                                    "\"fired\": 1, \"first_ns\": 10000, \"last_ns\": 10000}"));
    ck_assert_ptr_nonnull(strstr(j, "\"scenario\": \"/tmp/shmemsim-faults-"));
    free(t);
    free(j);
    unlink(trace);
    unlink(report);
    unlink(yaml);
    tu_free(&r);
}
END_TEST

/* Same seed and scenario: the same run, byte for byte; another seed draws
 * other faults. */
START_TEST(same_seed_and_scenario_give_the_same_run)
{
    char *text[3];
    const char *seed[3] = {"", "", "--seed 4"};
    for (int i = 0; i < 3; i++) {
        char trace[256], report[256];
        tmp_path(trace, sizeof trace, "det.json");
        tmp_path(report, sizeof report, "det-report.json");
        run_result_t r = tu_run("%s replay %s --program-dir %s --trace %s --report %s "
                                "scenarios/lossy-network.yaml", SIM, seed[i], progdir(), trace,
                                report);
        ck_assert_int_eq(r.status, 0);
        char *t = tu_read_file(trace, NULL), *j = tu_read_file(report, NULL);
        size_t n = strlen(r.out) + strlen(r.err) + strlen(t) + strlen(j) + 4;
        text[i] = malloc(n);
        snprintf(text[i], n, "%s\n%s\n%s\n%s", r.out, r.err, t, j);
        free(t);
        free(j);
        unlink(trace);
        unlink(report);
        tu_free(&r);
    }
    ck_assert_str_eq(text[0], text[1]);
    ck_assert_str_ne(text[0], text[2]);
    for (int i = 0; i < 3; i++)
        free(text[i]);
}
END_TEST

/* A scenario without faults runs exactly like the command line. */
START_TEST(a_scenario_without_faults_changes_nothing)
{
    char yaml[256], t1[256], t2[256];
    tmp_path(yaml, sizeof yaml, "plain.yaml");
    tmp_path(t1, sizeof t1, "plain1.json");
    tmp_path(t2, sizeof t2, "plain2.json");
    write_scenario(yaml, "scen_phases", "npes: 4\nseed: 9\n");
    run_result_t a = tu_run("%s replay --trace %s %s", SIM, t1, yaml);
    run_result_t b = tu_run("%s -n 4 --seed 9 --trace %s %s/scen_phases", SIM, t2, progdir());
    ck_assert_int_eq(a.status, 0);
    ck_assert_str_eq(a.out, b.out);
    ck_assert_str_eq(a.err, b.err);
    char *x = tu_read_file(t1, NULL), *y = tu_read_file(t2, NULL);
    ck_assert_str_eq(x, y);
    free(x);
    free(y);
    unlink(t1);
    unlink(t2);
    unlink(yaml);
    tu_free(&a);
    tu_free(&b);
}
END_TEST

/* --------------------------------------------------------- fault kinds */

START_TEST(command_line_wins_over_the_scenario)
{
    run_result_t r = tu_run("%s run --scenario scenarios/missing-fence-delay.yaml --program-dir %s "
                            "--seed 5 --net latency=3us", SIM, progdir());
    ck_assert_int_eq(r.status, 4);
    ck_assert_ptr_nonnull(strstr(r.err, "2 PEs, seed 5: finding"));
    tu_free(&r);
    /* PROG on the command line replaces the scenario's program and args. */
    r = tu_run("%s run --scenario scenarios/missing-fence-delay.yaml %s/scen_fence fence", SIM,
               progdir());
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "PE 1 read the payload after the flag"));
    tu_free(&r);
}
END_TEST

START_TEST(env_is_set_for_the_run)
{
    char yaml[256];
    tmp_path(yaml, sizeof yaml, "env.yaml");
    write_scenario(yaml, "scen_env", "npes: 2\nargs: [SHMEMSIM_T1, SHMEM_ALLTOALLV_TSIZE_CHK]\n"
                   "checks: all,-not-initialized\n"
                   "env: {SHMEMSIM_T1: \"a b\", SHMEM_ALLTOALLV_TSIZE_CHK: trunc}\n");
    run_result_t r = tu_run("%s replay --quiet %s", SIM, yaml);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "PE 1: SHMEMSIM_T1=a b\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "PE 0: SHMEM_ALLTOALLV_TSIZE_CHK=trunc\n"));
    unlink(yaml);
    tu_free(&r);
}
END_TEST

/* A crash nobody waits for: the others finish, the run is a crash. */
START_TEST(crash_that_nobody_waits_for_is_a_crash)
{
    char yaml[256], report[256];
    tmp_path(yaml, sizeof yaml, "crash.yaml");
    tmp_path(report, sizeof report, "crash.json");
    write_scenario(yaml, "scen_env", "npes: 3\nargs: [HOME]\nfaults:\n  - {kind: crash, pe: 1, at: 0}\n");
    run_result_t r = tu_run("%s replay --report %s %s", SIM, report, yaml);
    ck_assert_int_eq(r.status, 5);
    ck_assert_ptr_nonnull(strstr(r.err, "PE 1 crashed by the injected fault at "));
    ck_assert_ptr_nonnull(strstr(r.err, "the other PEs ran to the end"));
    ck_assert_int_eq(tu_count(r.out, "HOME="), 2);
    ck_assert_ptr_null(strstr(r.out, "PE 1:"));
    char *j = tu_read_file(report, NULL);
    ck_assert_ptr_nonnull(strstr(j, "{\"pe\": 1, \"end\": \"crash\", \"signal\": \"KILL\", \"injected\": true}"));
    free(j);
    unlink(report);
    unlink(yaml);
    tu_free(&r);
}
END_TEST

/* at_call counts calls of the routine on that PE: a crash on the 3rd
 * barrier of PE 1 hangs the others in that barrier. */
START_TEST(at_call_counts_calls_on_its_pe)
{
    char yaml[256];
    tmp_path(yaml, sizeof yaml, "atcall.yaml");
    write_scenario(yaml, "scen_barriers", "npes: 4\nargs: [\"10\"]\nfaults:\n"
                   "  - {kind: crash, pe: 1, at_call: shmem_barrier_all, nth: 3}\n");
    run_result_t r = tu_run("%s replay %s", SIM, yaml);
    ck_assert_int_eq(r.status, 3);
    ck_assert_ptr_nonnull(strstr(r.err, "on PE 1: crashed on entering shmem_barrier_all"));
    ck_assert_ptr_nonnull(strstr(r.err, "PE 1: crashed by the injected fault"));
    ck_assert_ptr_nonnull(strstr(r.err, "PE 0: blocked in shmem_barrier_all"));
    tu_free(&r);
    /* A routine that only answers a question is no call to stop at: the
     * run says the fault never fired, and why; printf is refused. */
    write_scenario(yaml, "scen_barriers", "npes: 4\nargs: [\"10\"]\nfaults:\n"
                   "  - {kind: crash, pe: 1, at_call: shmem_my_pe}\n");
    r = tu_run("%s replay --quiet %s", SIM, yaml);
    ck_assert_msg(r.status == 0 && strstr(r.err, "never fired: PE 1 never entered shmem_my_pe as "
                                                 "a call the simulator can stop at"),
                  "%d %s", r.status, r.err);
    tu_free(&r);
    write_scenario(yaml, "scen_barriers", "npes: 4\nfaults:\n"
                   "  - {kind: crash, pe: 1, at_call: printf}\n");
    r = tu_run("%s replay %s", SIM, yaml);
    ck_assert_msg(r.status == 2 && strstr(r.err, "at_call: 'printf' is not a routine shmemsim "
                                                 "provides"), "%d %s", r.status, r.err);
    unlink(yaml);
    tu_free(&r);
}
END_TEST

START_TEST(slow_pe_ends_later)
{
    char report[256];
    tmp_path(report, sizeof report, "slow.json");
    run_result_t r = tu_run("%s -n 8 --quiet --report %s %s/scen_barriers 100", SIM, report, progdir());
    ck_assert_int_eq(r.status, 0);
    char *j = tu_read_file(report, NULL);
    long long plain = number_after(j, "\"end_time_ns\": ");
    free(j);
    tu_free(&r);
    r = tu_run("%s replay --quiet --report %s --program-dir %s scenarios/slow-pe-barrier.yaml", SIM,
               report, progdir());
    ck_assert_int_eq(r.status, 0);
    j = tu_read_file(report, NULL);
    long long slow = number_after(j, "\"end_time_ns\": ");
    ck_assert_msg(slow > 2 * plain, "slow %lld, plain %lld", slow, plain);
    free(j);
    unlink(report);
    tu_free(&r);
}
END_TEST

/* A window bounds a fault: a partition over before the ring starts changes
 * nothing, one that lasts into it loses messages; a link down in one
 * direction only stops that direction. */
START_TEST(windows_and_links)
{
    char yaml[256];
    tmp_path(yaml, sizeof yaml, "link.yaml");
    write_scenario(yaml, "scen_phases", "npes: 2\nfaults:\n"
                   "  - {kind: link_down, from: 1, to: 0, window: [0, 200us]}\n");
    run_result_t r = tu_run("%s replay %s", SIM, yaml);
    ck_assert_int_eq(r.status, 3);
    ck_assert_ptr_nonnull(strstr(r.err, "PE 1 -> PE 0"));
    ck_assert_ptr_nonnull(strstr(r.err, "lost: the link is down"));
    tu_free(&r);
    /* Down only after the run is over: harmless. */
    write_scenario(yaml, "scen_phases", "npes: 2\nfaults:\n"
                   "  - {kind: link_down, from: any, to: 0, window: [1s, 2s]}\n");
    r = tu_run("%s replay %s", SIM, yaml);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, ", 0 faults fired\n"));
    unlink(yaml);
    tu_free(&r);
}
END_TEST

/* A probability of 0 never fires, and draws nothing. */
START_TEST(probability_zero_never_fires)
{
    char yaml[256];
    tmp_path(yaml, sizeof yaml, "p0.yaml");
    write_scenario(yaml, "scen_phases", "npes: 4\nfaults:\n  - {kind: drop, probability: 0}\n"
                   "  - {kind: crash, pe: 0, at: 1us, probability: 0}\n");
    run_result_t r = tu_run("%s replay %s", SIM, yaml);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, ", 0 faults fired\n"));
    unlink(yaml);
    tu_free(&r);
}
END_TEST

/* A fault timed after the job has ended is taken back when the last PE
 * ends: it neither fires nor moves the clock to its time. */
START_TEST(a_fault_due_after_the_end_does_not_move_the_clock)
{
    char yaml[256];
    tmp_path(yaml, sizeof yaml, "late.yaml");
    write_scenario(yaml, "scen_phases", "npes: 2\nfaults:\n"
                   "  - {kind: crash, pe: 0, at: 5s}\n  - {kind: stall, pe: 1, at: 7s, for: 1s}\n");
    run_result_t r = tu_run("%s replay %s", SIM, yaml);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, ", 0 faults fired\n"));
    const char *t = strstr(r.err, "ok at virtual time ");
    ck_assert_ptr_nonnull(t);
    double us = atof(t + strlen("ok at virtual time "));
    ck_assert_msg(us > 0 && us < 1e6, "the run ended at %.3f us: %s", us, r.err);
    unlink(yaml);
    tu_free(&r);
}
END_TEST

Suite *faults_suite(void)
{
    Suite *s = suite_create("faults");
    TCase *tc = tcase_create("scenarios");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, every_library_scenario_passes);
    tcase_add_test(tc, junit_file_parses_with_the_right_counts);
    tcase_add_test(tc, command_line_conveniences);
    tcase_add_test(tc, explore_shards_cover_the_seeds_once);
    tcase_add_test(tc, malformed_scenarios_name_file_line_column);
    tcase_add_test(tc, bad_command_lines_are_usage_errors);
    tcase_add_test(tc, fewer_pes_than_a_fault_names_is_a_usage_error);
    tcase_add_test(tc, explore_finds_the_missing_fence_and_replay_reproduces_it);
    tcase_add_test(tc, explore_escapes_arguments_in_the_replay_file);
    tcase_add_test(tc, scenario_directory_and_anchor_bound);
    tcase_add_test(tc, tiny_bandwidth_is_refused_or_slower);
    tcase_add_test(tc, explore_varies_the_network_and_groups_by_output);
    tcase_add_test(tc, explore_groups_a_race_by_what_failed);
    tcase_add_test(tc, explore_says_which_groups_differ_in_output_alone);
    tcase_add_test(tc, explore_output_does_not_depend_on_job_count);
    tcase_add_test(tc, explore_with_a_scenario_keeps_its_faults);
    tcase_add_test(tc, trace_of_an_8_pe_fault_run_has_tracks_spans_flows_and_faults);
    tcase_add_test(tc, same_seed_and_scenario_give_the_same_run);
    tcase_add_test(tc, a_scenario_without_faults_changes_nothing);
    tcase_add_test(tc, command_line_wins_over_the_scenario);
    tcase_add_test(tc, env_is_set_for_the_run);
    tcase_add_test(tc, crash_that_nobody_waits_for_is_a_crash);
    tcase_add_test(tc, at_call_counts_calls_on_its_pe);
    tcase_add_test(tc, corrupt_names_the_bits_a_message_has);
    tcase_add_test(tc, a_deadlock_after_a_drop_names_the_lost_message);
    tcase_add_test(tc, slow_pe_ends_later);
    tcase_add_test(tc, windows_and_links);
    tcase_add_test(tc, probability_zero_never_fires);
    tcase_add_test(tc, a_fault_due_after_the_end_does_not_move_the_clock);
    suite_add_tcase(s, tc);
    return s;
}
