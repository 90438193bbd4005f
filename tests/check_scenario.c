/*
 * tests/check_scenario.c — Check suite for sim/scenario.
 *
 * Is:     loads the fixtures under tests/scenarios/good/ and checks every
 *         field, and loads each file under tests/scenarios/bad/ checking
 *         the exact "file:line:col: " prefix and a key phrase of the error.
 *         Runs with the repository root as the working directory.
 * Is not: a test of running scenarios (that is the runner's suite).
 */
#include <check.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scenario.h"

#define N_ELEMS(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define GOOD "tests/scenarios/good/"
#define BAD "tests/scenarios/bad/"

/* Loads a file that must be valid; fails the test with the error if not. */
static sim_scenario_t *load_ok(const char *path)
{
    sim_scenario_t *s = (sim_scenario_t *)1;
    char err[512] = "";
    int rc = sim_scenario_load(path, &s, err, sizeof err);
    ck_assert_msg(rc == 0, "loading %s failed: %s", path, err);
    ck_assert_ptr_nonnull(s);
    return s;
}

/* ------------------------------------------------------- the full file */

static void check_full_top(const sim_scenario_t *s)
{
    ck_assert_str_eq(s->path, GOOD "full.yaml");
    ck_assert_str_eq(s->name, "full-schema");
    ck_assert_str_eq(s->description, "Exercises every key the loader knows.");
    ck_assert_str_eq(s->program, GOOD "../../programs/reduce_twice");
    ck_assert_int_eq(s->nargs, 3);
    ck_assert_str_eq(s->args[0], "--iters");
    ck_assert_str_eq(s->args[1], "3");
    ck_assert_str_eq(s->args[2], "42");
    ck_assert_ptr_null(s->args[3]);
    ck_assert_int_eq(s->npes, 8);
    ck_assert_int_eq(s->has_seed, 1);
    ck_assert_uint_eq(s->seed, 7);
    ck_assert_str_eq(s->checks, "psync-reuse,overlap");
    ck_assert_int_eq(s->nenv, 2);
    ck_assert_str_eq(s->env[0], "OMP_NUM_THREADS=1");
    ck_assert_str_eq(s->env[1], "SHMEM_ALLTOALLV_TSIZE_CHK=abort");
    ck_assert_ptr_null(s->env[2]);
}

static void check_full_net(const sim_net_params_t *n)
{
    ck_assert_uint_eq(n->latency_ns, 2000);
    ck_assert(n->bandwidth == 1610612736.0);
    ck_assert_uint_eq(n->overhead_ns, 150);
    ck_assert_uint_eq(n->gap_ns, 10);
    ck_assert_uint_eq(n->jitter_ns, 0);
    ck_assert_int_eq(n->ordering, SIM_ORDER_FIFO);
    ck_assert_uint_eq(n->packet_bytes, 4096);
    ck_assert_uint_eq(n->call_ns, 30);
}

static void check_full_expect(const sim_scenario_t *s)
{
    ck_assert_int_eq(s->expect.has_outcome, 1);
    ck_assert_int_eq(s->expect.outcome, SIM_EXIT_FINDING);
    ck_assert_str_eq(s->expect.finding, "psync-reuse");
    ck_assert_int_eq(s->expect.has_exit_status, 0);
    ck_assert_int_eq(s->expect.nstdout, 2);
    ck_assert_str_eq(s->expect.stdout_contains[0], "result 7");
    ck_assert_str_eq(s->expect.stdout_contains[1], "done");
    ck_assert_ptr_null(s->expect.stdout_contains[2]);
    ck_assert_int_eq(s->expect.nstderr, 1);
    ck_assert_str_eq(s->expect.stderr_contains[0], "psync");
    ck_assert_int_eq(s->expect.nstdout_not, 2);
    ck_assert_str_eq(s->expect.stdout_not_contains[0], "wrong");
    ck_assert_str_eq(s->expect.stdout_not_contains[1], "stale");
}

/* Fields every fault has the default for unless it sets them. */
static void check_untouched(const sim_fault_t *f)
{
    ck_assert_int_eq(f->has_at, 0);
    ck_assert_str_eq(f->at_call, "");
    ck_assert_int_eq(f->ngroup[0], 0);
    ck_assert_int_eq(f->ngroup[1], 0);
}

static void check_full_message_faults(const sim_fault_t *f)
{
    ck_assert_int_eq(f[0].kind, SIM_FAULT_DELAY);
    ck_assert_int_eq(f[0].from, 3);
    ck_assert_int_eq(f[0].to, -1);
    ck_assert_int_eq(f[0].pe, -1);
    ck_assert_uint_eq(f[0].ops, SIM_OP_BIT(PUT));
    ck_assert_uint_eq(f[0].extra_ns, 50000);
    ck_assert_int_eq(f[0].has_window, 1);
    ck_assert_uint_eq(f[0].win_start_ns, 0);
    ck_assert_uint_eq(f[0].win_end_ns, 1000000);
    ck_assert(f[0].probability == 0.25);
    ck_assert_uint_eq(f[0].nth, 0);
    ck_assert_int_eq(f[0].line, 21);
    ck_assert_int_eq(f[0].col, 5);
    check_untouched(&f[0]);

    ck_assert_int_eq(f[1].kind, SIM_FAULT_DROP);
    ck_assert_int_eq(f[1].from, 1);
    ck_assert_int_eq(f[1].to, 0);
    ck_assert_uint_eq(f[1].nth, 4);
    ck_assert_int_eq(f[1].retransmit, 1);
    ck_assert_uint_eq(f[1].retransmit_after_ns, 20000);
    ck_assert(f[1].probability == 1.0);
    ck_assert_uint_eq(f[1].ops, SIM_OP_ANY);
    ck_assert_int_eq(f[1].has_window, 0);

    ck_assert_int_eq(f[2].kind, SIM_FAULT_DROP);
    ck_assert_int_eq(f[2].from, -1);
    ck_assert_int_eq(f[2].to, 2);
    ck_assert_uint_eq(f[2].ops, SIM_OP_BIT(GET) | SIM_OP_BIT(REPLY));
    ck_assert_int_eq(f[2].retransmit, 0);

    ck_assert_int_eq(f[3].kind, SIM_FAULT_DUPLICATE);
    ck_assert_uint_eq(f[3].ops, SIM_OP_BIT(AMO));
    ck_assert_uint_eq(f[3].nth, 2);
    ck_assert_int_eq(f[3].from, -1);

    ck_assert_int_eq(f[4].kind, SIM_FAULT_REORDER);
    ck_assert_uint_eq(f[4].ops, SIM_OP_BIT(SIGNAL));
    ck_assert_int_eq(f[4].from, 0);
    ck_assert_int_eq(f[4].to, 1);

    ck_assert_int_eq(f[5].kind, SIM_FAULT_CORRUPT);
    ck_assert_uint_eq(f[5].ops, SIM_OP_BIT(AM));
    ck_assert_int_eq(f[5].bits, 3);
    ck_assert_uint_eq(f[5].win_start_ns, 10000);
    ck_assert_uint_eq(f[5].win_end_ns, 10000);
    ck_assert_int_eq(f[1].bits, 1);
}

static void check_full_pe_faults(const sim_fault_t *f)
{
    ck_assert_int_eq(f[6].kind, SIM_FAULT_STALL);
    ck_assert_int_eq(f[6].pe, 5);
    ck_assert_str_eq(f[6].at_call, "shmem_long_sum_to_all");
    ck_assert_uint_eq(f[6].nth, 1);
    ck_assert_uint_eq(f[6].for_ns, 100000);
    ck_assert_int_eq(f[6].has_at, 0);

    ck_assert_int_eq(f[7].kind, SIM_FAULT_SLOW);
    ck_assert_int_eq(f[7].pe, 4);
    ck_assert(f[7].factor == 2.5);
    ck_assert_uint_eq(f[7].win_start_ns, 1000000);
    ck_assert_uint_eq(f[7].win_end_ns, 2000000);
    ck_assert(f[6].factor == 1.0);

    ck_assert_int_eq(f[8].kind, SIM_FAULT_CRASH);
    ck_assert_int_eq(f[8].pe, 2);
    ck_assert_int_eq(f[8].has_at, 1);
    ck_assert_uint_eq(f[8].at_ns, 300000);
    ck_assert_str_eq(f[8].at_call, "");
}

static void check_full_other_faults(const sim_fault_t *f)
{
    static const int a[] = {0, 1, 2}, b[] = {5, 7};
    ck_assert_int_eq(f[9].kind, SIM_FAULT_PARTITION);
    ck_assert_int_eq(f[9].ngroup[0], 3);
    ck_assert_int_eq(f[9].ngroup[1], 2);
    ck_assert_int_eq(memcmp(f[9].groups[0], a, sizeof a), 0);
    ck_assert_int_eq(memcmp(f[9].groups[1], b, sizeof b), 0);
    ck_assert_uint_eq(f[9].win_start_ns, 100000);
    ck_assert_uint_eq(f[9].win_end_ns, 200000);
    ck_assert_int_eq(f[9].line, 30);
    ck_assert_int_eq(f[9].col, 5);

    ck_assert_int_eq(f[10].kind, SIM_FAULT_LINK_DOWN);
    ck_assert_int_eq(f[10].from, 6);
    ck_assert_int_eq(f[10].to, 7);
    ck_assert_int_eq(f[10].has_window, 0);

    ck_assert_int_eq(f[11].kind, SIM_FAULT_MEMORY);
    ck_assert_int_eq(f[11].pe, 3);
    ck_assert_str_eq(f[11].symbol, "pSync");
    ck_assert_uint_eq(f[11].offset, 16);
    ck_assert_int_eq(f[11].value, -1);
    ck_assert_uint_eq(f[11].at_ns, 1500000);

    ck_assert_int_eq(f[12].kind, SIM_FAULT_MEMORY);
    ck_assert_int_eq(f[12].pe, 0);
    ck_assert_str_eq(f[12].symbol, "");
    ck_assert_int_eq(f[12].value, 255);
    ck_assert_str_eq(f[12].at_call, "shmem_barrier_all");
    ck_assert_uint_eq(f[12].nth, 2);

    ck_assert_int_eq(f[13].kind, SIM_FAULT_DELAY);
    ck_assert_uint_eq(f[13].ops, SIM_OP_BIT(CTRL) | SIM_OP_BIT(COLL));
    ck_assert_uint_eq(f[13].extra_ns, 1000000000u);
}

START_TEST(full_file)
{
    sim_scenario_t *s = load_ok(GOOD "full.yaml");
    check_full_top(s);
    check_full_net(&s->net);
    check_full_expect(s);
    ck_assert_int_eq(s->nfaults, 14);
    check_full_message_faults(s->faults);
    check_full_pe_faults(s->faults);
    check_full_other_faults(s->faults);
    sim_scenario_free(s);
}
END_TEST

/* ------------------------------------------------------- defaults, paths */

START_TEST(minimal_defaults)
{
    sim_scenario_t *s = load_ok(GOOD "minimal.yaml");
    sim_net_params_t def;
    sim_netparams_default(&def);
    ck_assert_str_eq(s->name, "minimal");
    ck_assert_ptr_null(s->description);
    ck_assert_str_eq(s->program, GOOD "prog");
    ck_assert_int_eq(s->npes, 1);
    ck_assert_int_eq(s->nargs, 0);
    ck_assert_ptr_nonnull(s->args);
    ck_assert_ptr_null(s->args[0]);
    ck_assert_int_eq(s->has_seed, 0);
    ck_assert_uint_eq(s->net.latency_ns, def.latency_ns);
    ck_assert(s->net.bandwidth == def.bandwidth);
    ck_assert_uint_eq(s->net.overhead_ns, def.overhead_ns);
    ck_assert_uint_eq(s->net.gap_ns, def.gap_ns);
    ck_assert_uint_eq(s->net.jitter_ns, def.jitter_ns);
    ck_assert_int_eq(s->net.ordering, def.ordering);
    ck_assert_uint_eq(s->net.packet_bytes, def.packet_bytes);
    ck_assert_uint_eq(s->net.call_ns, def.call_ns);
    ck_assert_str_eq(s->checks, "all");
    ck_assert_int_eq(s->nfaults, 0);
    ck_assert_ptr_null(s->faults);
    ck_assert_int_eq(s->expect.has_outcome, 0);
    ck_assert_int_eq(s->expect.has_exit_status, 0);
    ck_assert_ptr_null(s->expect.finding);
    ck_assert_int_eq(s->expect.nstdout, 0);
    ck_assert_int_eq(s->nenv, 0);
    ck_assert_ptr_null(s->env);
    sim_scenario_free(s);
}
END_TEST

START_TEST(absolute_program_and_exit_status)
{
    sim_scenario_t *s = load_ok(GOOD "sub/abs.yaml");
    ck_assert_str_eq(s->program, "/usr/bin/true");
    ck_assert_str_eq(s->checks, "none");
    ck_assert_int_eq(s->expect.outcome, SIM_EXIT_PE);
    ck_assert_int_eq(s->expect.has_exit_status, 1);
    ck_assert_int_eq(s->expect.exit_status, 3);
    sim_scenario_free(s);
}
END_TEST

/* A finding may be expected with any outcome: a pSync reuse can hang. */
START_TEST(finding_with_another_outcome)
{
    sim_scenario_t *s = load_ok(GOOD "deadlock_finding.yaml");
    ck_assert_int_eq(s->expect.outcome, SIM_EXIT_DEADLOCK);
    ck_assert_str_eq(s->expect.finding, "psync-reuse");
    sim_scenario_free(s);
}
END_TEST

START_TEST(program_relative_to_file)
{
    char cwd[PATH_MAX], err[512] = "";
    sim_scenario_t *s;
    int rc;
    s = load_ok("tests/scenarios/good/sub/../minimal.yaml");
    ck_assert_str_eq(s->program, "tests/scenarios/good/sub/../prog");
    sim_scenario_free(s);
    /* A file named without a directory resolves against ".", never PATH. */
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    ck_assert_int_eq(chdir(GOOD), 0);
    rc = sim_scenario_load("minimal.yaml", &s, err, sizeof err);
    ck_assert_int_eq(chdir(cwd), 0); /* before any assert, for CK_FORK=no */
    ck_assert_msg(rc == 0, "%s", err);
    ck_assert_str_eq(s->program, "./prog");
    sim_scenario_free(s);
}
END_TEST

START_TEST(names_of_enums)
{
    ck_assert_str_eq(sim_scenario_fault_kind_name(SIM_FAULT_LINK_DOWN), "link_down");
    ck_assert_str_eq(sim_scenario_fault_kind_name(SIM_FAULT_DELAY), "delay");
    ck_assert_str_eq(sim_scenario_fault_kind_name((sim_fault_kind_t)99), "?");
    ck_assert_str_eq(sim_exit_name(SIM_EXIT_PE), "exit-nonzero");
    ck_assert_str_eq(sim_exit_name(SIM_EXIT_INTERRUPTED), "interrupted");
    ck_assert_ptr_null(sim_exit_name(-1));
    ck_assert_ptr_null(sim_exit_name(8));
    ck_assert_int_eq(sim_exit_by_name("deadlock"), SIM_EXIT_DEADLOCK);
    ck_assert_int_eq(sim_exit_by_name("nope"), -1);
    ck_assert(sim_exit_expectable(SIM_EXIT_CRASH) && !sim_exit_expectable(SIM_EXIT_USAGE));
    ck_assert_str_eq(sim_op_name(SIM_OP_REPLY), "reply");
    ck_assert_uint_eq(sim_op_filter("coll"), SIM_OP_BIT(CTRL) | SIM_OP_BIT(COLL));
    ck_assert_uint_eq(sim_op_filter("ctrl"), 0);
    ck_assert_str_eq(sim_op_filter_name(SIM_OP_ANY), "any");
    ck_assert_ptr_null(sim_op_filter_name(SIM_OP_BIT(CTRL)));
    /* what a message names, for the op: of a fault aimed at it */
    ck_assert_str_eq(sim_op_filter_of(SIM_OP_CTRL), "coll");
    ck_assert_str_eq(sim_op_filter_of(SIM_OP_REPLY), "get");
    ck_assert_str_eq(sim_op_filter_of(SIM_OP_PUT), "put");
}
END_TEST

/* ------------------------------------------------------------ bad files */

/* A malformed file, where its error must point, and what it must say. */
typedef struct bad_case {
    const char *file;   /* name under tests/scenarios/bad/ */
    const char *where;  /* "LINE:COL" expected after the file name */
    const char *phrase; /* substring the message must contain */
} bad_case_t;

static const bad_case_t bad_cases[] = {
    {"unknown_key.yaml", "3:1", "unknown key 'npe' in scenario (known: scenario, description, program,"},
    {"npes_not_int.yaml", "3:8", "npes must be a positive integer, got 'x'"},
    {"npes_list.yaml", "3:7", "npes must be a positive integer, got a list"},
    {"npes_zero.yaml", "3:7", "npes must be a positive integer, got '0'"},
    {"missing_npes.yaml", "2:1", "missing required key 'npes'"},
    {"duplicate_key.yaml", "5:1", "duplicate key 'npes' in scenario (first at line 3)"},
    {"pe_too_big.yaml", "6:25", "fault 'from' is 9 but npes is 8"},
    {"pe_negative.yaml", "5:23", "fault 'pe' must be a PE number, got '-1'"},
    {"window_order.yaml", "7:19", "window ends (1us) before it starts (2us)"},
    {"window_shape.yaml", "5:39", "window must be [start, end], got a list of 1"},
    {"syntax.yaml", "4:5", "YAML syntax error: did not find expected ',' or ']'"},
    {"undefined_alias.yaml", "3:7", "undefined alias"},
    {"bad_utf8.yaml", "2:12", "invalid leading UTF-8 octet"},
    {"negative_duration.yaml", "5:41", "bad duration '-5us' for fault 'for': durations cannot be negative"},
    {"unknown_kind.yaml", "5:12", "unknown fault kind 'explode' (known: delay, drop,"},
    {"unknown_fault_key.yaml", "5:18", "unknown key 'frm' in fault (known: kind, from, to,"},
    {"key_for_other_kind.yaml", "5:35", "key 'extra' does not apply to a crash fault"},
    {"crash_no_trigger.yaml", "5:5", "a crash fault needs 'at' (a time) or 'at_call'"},
    {"delay_no_extra.yaml", "5:5", "a delay fault needs 'extra'"},
    {"at_and_at_call.yaml", "5:35", "give either 'at' or 'at_call', not both"},
    {"probability.yaml", "5:31", "fault 'probability' must be a number from 0 to 1, got '1.5'"},
    {"factor.yaml", "5:33", "fault 'factor' must be a number >= 1"},
    {"partition_overlap.yaml", "5:41", "PE 1 is listed twice in the partition groups"},
    {"link_down_same.yaml", "5:36", "link_down needs two different PEs"},
    {"network_key.yaml", "4:25", "unknown network key 'latncy' (known: latency, bandwidth,"},
    {"network_value.yaml", "5:12", "bad duration '1 parsec' for latency"},
    {"unknown_outcome.yaml", "5:12", "unknown outcome 'success' (known: ok, exit-nonzero,"},
    {"unknown_expect_key.yaml", "6:3", "unknown key 'stdout' in expect"},
    {"expect_contradiction.yaml", "4:36", "outcome ok means exit status 0, got 3"},
    {"args_scalar.yaml", "4:7", "args must be a list of strings, got '--verbose'"},
    {"env_bad_name.yaml", "5:3", "env name must be a variable name"},
    {"name_too_long.yaml", "1:11", "scenario is longer than 255 bytes"},
    {"deep.yaml", "4:70", "nested more than 64 deep"},
    {"two_docs.yaml", "4:1", "a second YAML document"},
    {"empty.yaml", "1:1", "holds no YAML document"},
    {"root_list.yaml", "1:1", "must be a mapping with scenario, program and npes, got a list"},
    {"alias_cycle.yaml", "4:7", "an alias refers to a node that contains it"},
    {"alias_bomb.yaml", "11:4", "expands to more than 100000 nodes through aliases"},
};

START_TEST(bad_file)
{
    const bad_case_t *b = &bad_cases[_i];
    sim_scenario_t *s = (sim_scenario_t *)1;
    char path[256], prefix[320], err[512] = "";
    snprintf(path, sizeof path, BAD "%s", b->file);
    snprintf(prefix, sizeof prefix, "%s:%s: ", path, b->where);
    ck_assert_msg(sim_scenario_load(path, &s, err, sizeof err) == -1, "%s loaded", path);
    ck_assert_ptr_null(s);
    ck_assert_msg(strncmp(err, prefix, strlen(prefix)) == 0, "want prefix '%s', got '%s'",
                  prefix, err);
    ck_assert_msg(strstr(err + strlen(prefix), b->phrase) != NULL, "want '%s' in '%s'",
                  b->phrase, err);
    ck_assert_ptr_null(strchr(err, '\n'));
}
END_TEST

/* Writes head, body n times and tail to a new file under /tmp; the path
 * goes to path (PATH_MAX bytes). */
static void write_temp(char *path, const char *head, const char *body, long n, const char *tail)
{
    FILE *f;
    int fd;
    strcpy(path, "/tmp/check_scenario_XXXXXX");
    fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    f = fdopen(fd, "w");
    ck_assert_ptr_nonnull(f);
    fputs(head, f);
    for (long i = 0; i < n; i++)
        fputs(body, f);
    fputs(tail, f);
    ck_assert_int_eq(fclose(f), 0);
}

/* Loads a generated file that must fail with phrase at "path:where: ". */
static void expect_temp_error(const char *path, const char *where, const char *phrase)
{
    sim_scenario_t *s = (sim_scenario_t *)1;
    char err[512] = "", prefix[PATH_MAX + 32];
    snprintf(prefix, sizeof prefix, "%s%s", path, where);
    ck_assert_int_eq(sim_scenario_load(path, &s, err, sizeof err), -1);
    ck_assert_ptr_null(s);
    ck_assert_msg(strncmp(err, prefix, strlen(prefix)) == 0, "want prefix '%s', got '%s'",
                  prefix, err);
    ck_assert_msg(strstr(err, phrase) != NULL, "want '%s' in '%s'", phrase, err);
}

/* Hostile shapes that libyaml alone handles slowly or with much memory
 * must fail fast (Check's default 4 s timeout catches a regression). */
START_TEST(hostile_generated_files)
{
    char path[PATH_MAX];
    write_temp(path, "scenario: x\nprogram: p\nnpes: 1\nargs: ", "[", 200000, "\n");
    expect_temp_error(path, ":4:70: ", "nested more than 64 deep");
    unlink(path);
    write_temp(path, "scenario: x\nprogram: p\nnpes: 1\nargs: [", "a, ", 150000, "a]\n");
    expect_temp_error(path, ":4:", "the document has more than 100000 nodes");
    unlink(path);
    write_temp(path, "scenario: x\nprogram: p\nnpes: 1\ndescription: ", "xxxxxxxxxxxxxxxx",
               (4L << 20) / 16, "\n");
    expect_temp_error(path, ": ", "file is larger than 4 MiB");
    unlink(path);
    write_temp(path, "scenario: x\nprogram: p\nnpes: 1\ndescription: ", "y", 5000, "\n");
    expect_temp_error(path, ":4:14: ", "description is longer than 4096 bytes");
    unlink(path);
}
END_TEST

START_TEST(missing_file)
{
    sim_scenario_t *s = (sim_scenario_t *)1;
    char err[256];
    ck_assert_int_eq(sim_scenario_load(BAD "no_such_file.yaml", &s, err, sizeof err), -1);
    ck_assert_ptr_null(s);
    ck_assert_str_eq(err, BAD "no_such_file.yaml: cannot open: No such file or directory");
}
END_TEST

START_TEST(small_or_no_error_buffer)
{
    sim_scenario_t *s = (sim_scenario_t *)1;
    char err[12];
    memset(err, 'x', sizeof err);
    ck_assert_int_eq(sim_scenario_load(BAD "unknown_key.yaml", &s, err, 8), -1);
    ck_assert_str_eq(err, "tests/s");
    ck_assert_int_eq(err[8], 'x');
    ck_assert_int_eq(sim_scenario_load(BAD "unknown_kind.yaml", &s, NULL, 0), -1);
    ck_assert_ptr_null(s);
    ck_assert_int_eq(sim_scenario_load(BAD "no_such_file.yaml", &s, NULL, 0), -1);
    sim_scenario_free(NULL);
}
END_TEST

/* sim_scenario_write gives a file that loads back into the same values. */
static void same_strings(char **a, int na, char **b, int nb)
{
    ck_assert_int_eq(na, nb);
    for (int i = 0; i < na; i++)
        ck_assert_str_eq(a[i], b[i]);
}

static void same_faults(const sim_scenario_t *a, const sim_scenario_t *b)
{
    ck_assert_int_eq(a->nfaults, b->nfaults);
    for (int i = 0; i < a->nfaults; i++) {
        sim_fault_t x, y; /* memcpy keeps the (zeroed) padding for memcmp */
        memcpy(&x, &a->faults[i], sizeof x);
        memcpy(&y, &b->faults[i], sizeof y);
        x.line = y.line = x.col = y.col = 0;
        ck_assert_msg(memcmp(&x, &y, sizeof x) == 0, "fault %d differs after writing", i);
    }
}

START_TEST(written_file_loads_back_the_same)
{
    const char *files[] = {GOOD "full.yaml", GOOD "minimal.yaml"};
    for (int k = 0; k < 2; k++) {
        sim_scenario_t *a = load_ok(files[k]);
        free(a->program);
        a->program = strdup("/abs/path/to \"prog\"");
        char path[] = "/tmp/shmemsim-written-XXXXXX";
        int fd = mkstemp(path);
        FILE *f = fdopen(fd, "w");
        ck_assert_int_eq(sim_scenario_write(f, a), 0);
        fclose(f);
        sim_scenario_t *b = load_ok(path);
        unlink(path);
        ck_assert_str_eq(a->name, b->name);
        ck_assert_str_eq(a->program, b->program);
        ck_assert(!a->description == !b->description);
        if (a->description)
            ck_assert_str_eq(a->description, b->description);
        same_strings(a->args, a->nargs, b->args, b->nargs);
        same_strings(a->env, a->nenv, b->env, b->nenv);
        ck_assert_int_eq(a->npes, b->npes);
        ck_assert_int_eq(a->has_seed, b->has_seed);
        ck_assert_uint_eq(a->seed, b->seed);
        ck_assert(memcmp(&a->net, &b->net, sizeof a->net) == 0);
        ck_assert_str_eq(a->checks, b->checks);
        same_faults(a, b);
        ck_assert_int_eq(a->expect.has_outcome, b->expect.has_outcome);
        ck_assert_int_eq(a->expect.outcome, b->expect.outcome);
        ck_assert(!a->expect.finding == !b->expect.finding);
        if (a->expect.finding)
            ck_assert_str_eq(a->expect.finding, b->expect.finding);
        ck_assert_int_eq(a->expect.has_exit_status, b->expect.has_exit_status);
        ck_assert_int_eq(a->expect.exit_status, b->expect.exit_status);
        same_strings(a->expect.stdout_contains, a->expect.nstdout, b->expect.stdout_contains,
                     b->expect.nstdout);
        same_strings(a->expect.stderr_contains, a->expect.nstderr, b->expect.stderr_contains,
                     b->expect.nstderr);
        same_strings(a->expect.stdout_not_contains, a->expect.nstdout_not,
                     b->expect.stdout_not_contains, b->expect.nstdout_not);
        sim_scenario_free(a);
        sim_scenario_free(b);
    }
}
END_TEST

Suite *scenario_suite(void)
{
    Suite *s = suite_create("scenario");
    TCase *tc = tcase_create("good");
    tcase_add_test(tc, full_file);
    tcase_add_test(tc, minimal_defaults);
    tcase_add_test(tc, absolute_program_and_exit_status);
    tcase_add_test(tc, finding_with_another_outcome);
    tcase_add_test(tc, program_relative_to_file);
    tcase_add_test(tc, names_of_enums);
    tcase_add_test(tc, written_file_loads_back_the_same);
    suite_add_tcase(s, tc);
    tc = tcase_create("bad");
    tcase_add_loop_test(tc, bad_file, 0, N_ELEMS(bad_cases));
    tcase_add_test(tc, missing_file);
    tcase_add_test(tc, hostile_generated_files);
    tcase_add_test(tc, small_or_no_error_buffer);
    suite_add_tcase(s, tc);
    return s;
}
