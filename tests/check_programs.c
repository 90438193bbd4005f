/* tests/check_programs: SHMEM programs run under bin/shmemsim, checking what
 * issue 2 promises: privatization, determinism, reordering, exits, crashes,
 * deadlock, watchdog, bad input, output handling, trace and report. */
#include "jsonschema.h"
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <unistd.h>

#define SIM tu_shmemsim()
#define PROG(n) tu_prog(n)

START_TEST(globals_are_private_to_each_pe)
{
    run_result_t r = tu_run("%s -n 64 --quiet %s", SIM, PROG("privatize"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(tu_count(r.out, " counter 1\n"), 64);
    ck_assert_int_eq(tu_count(r.out, "counter"), 64);
    ck_assert_ptr_nonnull(strstr(r.out, "PE 63 counter 1\n"));
    tu_free(&r);
}
END_TEST

START_TEST(same_seed_gives_identical_output_and_trace)
{
    char *t[3], *o[3];
    int seeds[3] = {5, 5, 6};
    for (int i = 0; i < 3; i++) {
        run_result_t r = tu_run("%s run -n 8 --seed %d --trace /tmp/shmemsim-det-%d-%d.json %s",
                                SIM, seeds[i], (int)getpid(), i, PROG("ring"));
        ck_assert_int_eq(r.status, 0);
        char path[128];
        snprintf(path, sizeof path, "/tmp/shmemsim-det-%d-%d.json", (int)getpid(), i);
        t[i] = tu_read_file(path, NULL);
        unlink(path);
        ck_assert_ptr_nonnull(t[i]);
        o[i] = malloc(strlen(r.out) + strlen(r.err) + 2);
        sprintf(o[i], "%s\n%s", r.out, r.err);
        tu_free(&r);
    }
    ck_assert_str_eq(o[0], o[1]);
    ck_assert_str_eq(t[0], t[1]);
    /* Another seed draws other jitter: the trace's timings change. */
    ck_assert_str_ne(t[0], t[2]);
    for (int i = 0; i < 3; i++) {
        free(t[i]);
        free(o[i]);
    }
}
END_TEST

/* Counts "word=1" and "word=2" outcomes of the race over seeds 1..100. */
static void race_outcomes(const char *extra, const char *arg, int *ones, int *twos)
{
    /* The race is on purpose here: count its outcomes without its finding. */
    run_result_t r = tu_run("for s in $(seq 1 100); do %s -n 2 --quiet --check all,-data-race "
                            "--seed $s %s %s %s; done", SIM, extra, PROG("race"), arg);
    ck_assert_int_eq(r.status, 0);
    *ones = tu_count(r.out, "word=1\n");
    *twos = tu_count(r.out, "word=2\n");
    ck_assert_int_eq(*ones + *twos, 100);
    tu_free(&r);
}

START_TEST(adaptive_ordering_reorders_unfenced_puts)
{
    int ones, twos;
    race_outcomes("", "0", &ones, &twos);
    ck_assert_int_gt(ones, 0);
    ck_assert_int_gt(twos, 0);
}
END_TEST

START_TEST(fifo_ordering_keeps_pair_order)
{
    int ones, twos;
    race_outcomes("--net ordering=fifo", "0", &ones, &twos);
    ck_assert_int_eq(twos, 100);
}
END_TEST

START_TEST(fence_orders_puts_to_a_pe)
{
    int ones, twos;
    race_outcomes("", "1", &ones, &twos);
    ck_assert_int_eq(twos, 100);
}
END_TEST

START_TEST(deadlock_names_each_blocked_pe)
{
    run_result_t r = tu_run("%s -n 4 %s deadlock", SIM, PROG("fail"));
    ck_assert_int_eq(r.status, 3);
    ck_assert_ptr_nonnull(strstr(r.err, "deadlock"));
    ck_assert_ptr_nonnull(strstr(r.err, "PE 1: blocked in shmem_long_wait_until(ivar=&flag, "
                                        "cmp=SHMEM_CMP_EQ, cmp_value=1), ivar is 0, called from "
                                        "main at fail.c:"));
    ck_assert_ptr_nonnull(strstr(r.err, "PE 0: blocked in shmem_barrier_all"));
    /* Partial lines written before the deadlock are kept. */
    ck_assert_ptr_nonnull(strstr(r.out, "PE 1 starting deadlock;"));
    tu_free(&r);
}
END_TEST

START_TEST(diagnoses_are_identical_across_runs)
{
    const char *modes[] = {"deadlock", "segv", "overflow"};
    for (int i = 0; i < 3; i++) {
        run_result_t a = tu_run("%s -n 4 %s %s", SIM, PROG("fail"), modes[i]);
        run_result_t b = tu_run("%s -n 4 %s %s", SIM, PROG("fail"), modes[i]);
        ck_assert_str_eq(a.err, b.err);
        ck_assert_str_eq(a.out, b.out);
        /* Addresses are named, never printed (they change with ASLR). */
        ck_assert_ptr_null(strstr(a.err, "0x7f"));
        tu_free(&a);
        tu_free(&b);
    }
}
END_TEST

START_TEST(early_exit_zero_leaves_others_deadlocked)
{
    run_result_t r = tu_run("%s -n 4 %s exit0", SIM, PROG("fail"));
    ck_assert_int_eq(r.status, 3);
    ck_assert_ptr_nonnull(strstr(r.err, "PE 3: ended with status 0"));
    tu_free(&r);
}
END_TEST

START_TEST(segfault_is_exit_5_naming_the_pe)
{
    run_result_t r = tu_run("%s -n 4 %s segv", SIM, PROG("fail"));
    ck_assert_int_eq(r.status, 5);
    ck_assert_ptr_nonnull(strstr(r.err, "PE 2 crashed: Segmentation fault"));
    ck_assert_ptr_nonnull(strstr(r.out, "PE 2 starting segv;"));
    tu_free(&r);
}
END_TEST

START_TEST(stack_overflow_is_exit_5_naming_the_pe)
{
    run_result_t r = tu_run("%s -n 4 %s overflow", SIM, PROG("fail"));
    ck_assert_int_eq(r.status, 5);
    ck_assert_ptr_nonnull(strstr(r.err, "stack overflow in PE 1 (in deep at fail.c:"));
    tu_free(&r);
    /* with a SIGSEGV handler of the program's that aborts: the overflow
     * is still named, with the advice */
    r = tu_run("%s -n 4 %s overflow-handled", SIM, PROG("fail"));
    ck_assert_int_eq(r.status, 5);
    ck_assert_msg(strstr(r.err, "error [stack-overflow] PE 1 ") &&
                      strstr(r.err, "raise it (e.g. --stack-size 8M)") &&
                      strstr(r.err, "PE 1 crashed: Aborted (in segv_handler at fail.c:"),
                  "%s", r.err);
    tu_free(&r);
}
END_TEST

START_TEST(exit_3_in_one_pe_is_exit_1)
{
    run_result_t r = tu_run("%s -n 4 %s exit3", SIM, PROG("fail"));
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.err, "PE 3 exited with status 3"));
    tu_free(&r);
}
END_TEST

/* A PE's atexit and on_exit handlers run at its exit, in its context,
 * last registered first; on_exit's with the status and its argument. */
START_TEST(exit_handlers_run_in_the_pe)
{
    run_result_t r = tu_run("%s -n 4 --quiet %s handlers", SIM, PROG("fail"));
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "PE 3 starting handlers;on_exit handler: status 3, arg 42\n"
                                        "atexit handler\n"));
    ck_assert_ptr_nonnull(strstr(r.err, "PE 3 exited with status 3"));
    tu_free(&r);
}
END_TEST

/* PEs that only poll (shmem_test in a loop) for what no one will send
 * run into a deadlock after the watchdog's time, each poll named. */
START_TEST(pes_polling_with_the_api_for_nothing_are_a_deadlock)
{
    run_result_t r = tu_run("%s -n 3 --watchdog 1 %s pollall", SIM, PROG("fail"));
    ck_assert_msg(r.status == 3, "%d\n%s", r.status, r.err);
    ck_assert_ptr_nonnull(strstr(r.err, "every live PE is blocked, or polls for what no one is "
                                        "left to send"));
    int line = tu_line_of("tests/programs/fail.c", "every PE tests for a put") + 1;
    char want[96];
    for (int pe = 0; pe < 3; pe++) {
        snprintf(want, sizeof want, "PE %d: blocked in shmem_long_test, called from main at "
                 "fail.c:%d\n", pe, line);
        ck_assert_msg(strstr(r.err, want), "no '%s' in\n%s", want, r.err);
    }
    ck_assert_int_eq(tu_count(r.err, "error [deadlock]"), 1); /* one site, counted thrice */
    ck_assert_ptr_nonnull(strstr(r.err, "3 findings"));
    tu_free(&r);
}
END_TEST

START_TEST(abort_is_a_crash)
{
    run_result_t r = tu_run("%s -n 4 %s abort", SIM, PROG("fail"));
    ck_assert_int_eq(r.status, 5);
    ck_assert_ptr_nonnull(strstr(r.err, "PE 0 crashed: Aborted"));
    tu_free(&r);
}
END_TEST

/* rand, random, lrand48, strtok, setenv/getenv and setlocale are per PE: PEs that
 * seed identically draw what one process draws (computed here by the real
 * C library), however their draws interleave, for any PE count, seed and
 * privatization. */
START_TEST(libc_state_is_per_pe)
{
    srand(42);
    srandom(7);
    srand48(1234);
    long r[4], q[4], d[4];
    for (int i = 0; i < 4; i++) {
        r[i] = rand();
        q[i] = random();
        d[i] = lrand48();
    }
    const char *runs[] = {"-n 3", "-n 5 --seed 9", "-n 4 --privatize swap",
                          "-n 2 --net jitter=500ns --seed 3"};
    for (int k = 0; k < 4; k++) {
        run_result_t res = tu_run("%s %s --quiet %s", SIM, runs[k], PROG("libc_state"));
        ck_assert_int_eq(res.status, 0);
        int npes = runs[k][3] - '0';
        for (int pe = 0; pe < npes; pe++) {
            char want[200];
            snprintf(want, sizeof want, "PE %d rand %ld %ld %ld %ld\n", pe, r[0], r[1], r[2], r[3]);
            ck_assert_msg(strstr(res.out, want), "%s: want '%s' in:\n%s", runs[k], want, res.out);
            snprintf(want, sizeof want, "PE %d random %ld %ld %ld %ld\n", pe, q[0], q[1], q[2], q[3]);
            ck_assert_msg(strstr(res.out, want), "%s: want '%s' in:\n%s", runs[k], want, res.out);
            snprintf(want, sizeof want, "PE %d lrand48 %ld %ld %ld %ld\n", pe, d[0], d[1], d[2], d[3]);
            ck_assert_msg(strstr(res.out, want), "%s: want '%s' in:\n%s", runs[k], want, res.out);
            snprintf(want, sizeof want, "PE %d strtok ok env pe-%d\n", pe, pe);
            ck_assert_msg(strstr(res.out, want), "%s: want '%s' in:\n%s", runs[k], want, res.out);
            /* libc's time zone code sees the PE's own TZ */
            snprintf(want, sizeof want, "PE %d tz hour %d\n", pe, pe % 2 ? 9 : 19);
            ck_assert_msg(strstr(res.out, want), "%s: want '%s' in:\n%s", runs[k], want, res.out);
            /* only PE 0 switched to a multibyte locale */
            snprintf(want, sizeof want, pe ? "PE %d locale C mb_cur_max 1\n"
                                           : "PE %d locale C.UTF-8 mb_cur_max 6\n", pe);
            ck_assert_msg(strstr(res.out, want), "%s: want '%s' in:\n%s", runs[k], want, res.out);
            /* /proc/<its getpid>/ is the process it runs in */
            snprintf(want, sizeof want, "PE %d proc exe ok status ok\n", pe);
            ck_assert_msg(strstr(res.out, want), "%s: want '%s' in:\n%s", runs[k], want, res.out);
        }
        tu_free(&res);
    }
}
END_TEST

/* fclose(stdout) or close(1) in one PE closes that PE's stream only. */
START_TEST(closing_stdout_closes_one_pe_stream)
{
    const char *modes[] = {"fclose", "close"};
    for (int m = 0; m < 2; m++) {
        run_result_t r = tu_run("%s -n 3 --quiet %s %s", SIM, PROG("libc_state"), modes[m]);
        ck_assert_int_eq(r.status, 0);
        ck_assert_ptr_nonnull(strstr(r.out, "PE 1 before close\n"));
        ck_assert_ptr_null(strstr(r.out, "PE 1 after"));
        ck_assert_ptr_nonnull(strstr(r.out, "PE 0 after\n"));
        ck_assert_ptr_nonnull(strstr(r.out, "PE 2 after\n"));
        tu_free(&r);
    }
}
END_TEST

/* The simulator runs under gdb: gdb reads the names of the PEs' program
 * copies from the link map and opens them in its own process, so a name
 * only this process can resolve (/proc/self/...) hung it for good.  A
 * breakpoint in the program is hit once per PE's copy, with the PE's
 * entry below main, and the run goes on to its finding. */
START_TEST(runs_under_gdb)
{
    run_result_t g = tu_run("command -v gdb");
    int have = g.status == 0;
    tu_free(&g);
    if (!have) {
        fprintf(stderr, "check_programs: gdb not installed: runs_under_gdb skipped\n");
        return;
    }
    /* (LeakSanitizer, in the sanitized build, cannot scan a traced process.) */
    run_result_t r = tu_run("ASAN_OPTIONS=detect_leaks=0 timeout -s KILL 120 gdb -nx -batch "
                            "-ex 'set breakpoint pending on' "
                            "-ex 'break race.c:main' -ex run -ex bt -ex continue -ex continue "
                            "--args %s -n 2 %s", SIM, PROG("race"));
    ck_assert_msg(r.status == 0, "gdb: status %d\n%s\n%s", r.status, r.out, r.err);
    ck_assert_msg(strstr(r.out, "hit Breakpoint 1.1, main") && strstr(r.out, "hit Breakpoint 1.2, main"),
                  "no breakpoint in each PE's copy:\n%s", r.out);
    ck_assert_msg(strstr(r.out, "in pe_entry"), "no PE entry below main:\n%s", r.out);
    ck_assert_msg(strstr(r.out, "exited with code 04"), "the run did not end with its finding:\n%s", r.out);
    ck_assert_msg(strstr(r.err, "error [data-race]"), "no finding:\n%s", r.err);
    tu_free(&r);
}
END_TEST

START_TEST(watchdog_stops_a_spinning_pe)
{
    char path[128], err[512];
    snprintf(path, sizeof path, "/tmp/shmemsim-watchdog-%d.json", (int)getpid());
    run_result_t r = tu_run("%s -n 2 --watchdog 1 --report %s %s spin", SIM, path, PROG("fail"));
    ck_assert_int_eq(r.status, 6);
    ck_assert_ptr_nonnull(strstr(r.err, "watchdog: PE 0"));
    /* The report of this (slow) run also covers the schema's watchdog case
     * for tests/check_report.c. */
    char *rep = tu_read_file(path, NULL);
    unlink(path);
    ck_assert_ptr_nonnull(strstr(rep, "{\"pe\": 0, \"end\": \"watchdog\"}"));
    ck_assert_msg(js_validate_text("share/report.schema.json", rep, err, sizeof err) == 0, "%s", err);
    free(rep);
    tu_free(&r);
}
END_TEST

/* A loop polling several words with plain loads lets the others run, so
 * the puts it waits for land: the run ends as it would with a wait, and
 * the detector still names the plain loads. */
START_TEST(a_loop_polling_several_words_sees_the_puts)
{
    run_result_t r = tu_run("%s -n 3 --watchdog 60 --check none %s wait", SIM, PROG("poll_many"));
    ck_assert_msg(r.status == 0, "status %d\n%s", r.status, r.err);
    ck_assert_msg(strstr(r.out, "PE 1 saw 1 2\n") != NULL, "%s", r.out);
    tu_free(&r);
    r = tu_run("%s -n 3 --watchdog 60 %s wait", SIM, PROG("poll_many"));
    ck_assert_msg(r.status == 4 && strstr(r.err, "error [data-race]") != NULL, "status %d\n%s",
                  r.status, r.err);
    ck_assert_msg(strstr(r.out, "PE 1 saw 1 2\n") != NULL, "%s", r.out);
    /* The same run again (the kernel maps memory elsewhere): the same
     * findings, times and counts. */
    run_result_t again = tu_run("%s -n 3 --watchdog 60 %s wait", SIM, PROG("poll_many"));
    ck_assert_msg(strcmp(again.err, r.err) == 0, "first run:\n%s\nsecond run:\n%s", r.err,
                  again.err);
    tu_free(&again);
    tu_free(&r);
}
END_TEST

/* The same when each round of the poll also reads a few thousand other
 * words: its places are still told from a computation's. */
START_TEST(a_poll_that_scans_thousands_of_words_sees_the_puts)
{
    run_result_t r = tu_run("%s -n 2 --watchdog 60 --check none %s", SIM, PROG("poll_wide"));
    ck_assert_msg(r.status == 0, "status %d\n%s", r.status, r.err);
    ck_assert_msg(strstr(r.out, "PE 1 saw the flag\n") != NULL, "%s", r.out);
    tu_free(&r);
}
END_TEST

/* A poll whose back-off grows (a linear one, as ARMCI's lock and many
 * spin locks have) makes few accesses but ever more work a round: the
 * flag's put lands within a few hundred rounds, whether the back-off
 * counts in a global (a load and a store a round besides the flag's) or
 * in a local (the flag's load alone).  It ran until the watchdog: a
 * window of the same places took ever longer to fill. */
START_TEST(a_poll_with_a_growing_back_off_sees_the_put)
{
    static const char *const how[] = {"global", "local"};
    for (int k = 0; k < 2; k++) {
        run_result_t r = tu_run("%s -n 2 --watchdog 30 --check none %s %s", SIM,
                                PROG("poll_backoff"), how[k]);
        ck_assert_msg(r.status == 0, "%s: status %d\n%s", how[k], r.status, r.err);
        ck_assert_msg(strstr(r.out, "flag 1 after ") != NULL, "%s: %s", how[k], r.out);
        tu_free(&r);
    }
}
END_TEST

/* A computation over an array on the stack that loads one heap word (a
 * row pointer) again at every step, the same value with the same heap
 * word between, is not a poll's head: it took virtual time and handed
 * the turn to the other PE hundreds of thousands of times (EPCC's image
 * sharpening exercise reported seconds for a loop with no call in it). */
START_TEST(a_computation_over_a_stack_array_takes_no_virtual_time)
{
    run_result_t r = tu_run("%s -n 2 %s", SIM, PROG("compute_stack"));
    ck_assert_msg(r.status == 0, "status %d\n%s", r.status, r.err);
    for (int pe = 0; pe < 2; pe++) {
        char want[64];
        snprintf(want, sizeof want, "PE %d: the loop took 0 ns, sum ", pe);
        ck_assert_msg(strstr(r.out, want) != NULL, "%s", r.out);
    }
    const char *cs = strstr(r.err, " context switches");
    ck_assert_msg(cs != NULL, "%s", r.err);
    while (cs > r.err && cs[-1] != ' ')
        cs--;
    ck_assert_msg(atol(cs) < 100, "%s", r.err);
    tu_free(&r);
}
END_TEST

/* Seconds of computation over a private array with no simulator call
 * (an unoptimised build's loop, slow under instrumentation) are not a
 * runaway: their accesses move on through memory, and the watchdog, at
 * one second here, lets the run finish. */
START_TEST(a_long_computation_is_not_stopped_by_the_watchdog)
{
    run_result_t r = tu_run("%s -n 1 --watchdog 1 %s 24", SIM, PROG("compute_long"));
    ck_assert_msg(r.status == 0 && strstr(r.out, "PE 0: sum "), "status %d\n%s%s", r.status,
                  r.out, r.err);
    tu_free(&r);
}
END_TEST

/* A loop that retries a call the simulator skips for an error (a get
 * from a local) until it succeeds: the retries make no progress, so the
 * watchdog ends the run, saying which call and why (it ran for ever: each
 * skipped call counted as progress). */
START_TEST(a_loop_retrying_a_skipped_call_is_stopped_by_the_watchdog)
{
    run_result_t r = tu_run("timeout 60 %s -n 2 --watchdog 1 %s", SIM, PROG("retry_skipped"));
    char want[160];
    snprintf(want, sizeof want, "shmemsim: watchdog: PE 0 made the same failing call over and "
             "over for 1 s of wall time (shmem_getmem, called from main at retry_skipped.c:%d: ",
             tu_line_of("tests/programs/retry_skipped.c", "RETRY"));
    ck_assert_msg(r.status == 6 && strstr(r.err, want) &&
                      strstr(r.err, "The [nonsymmetric-address] error above makes the simulator "
                                    "skip that call"),
                  "status %d\n%s", r.status, r.err);
    tu_free(&r);
}
END_TEST

/* Two PEs polling for words nobody writes hand the turn to each other
 * for ever; that is no progress, and the watchdog stops the run. */
START_TEST(pes_polling_for_nothing_are_stopped_by_the_watchdog)
{
    run_result_t r = tu_run("%s -n 3 --watchdog 1 --check none %s never", SIM, PROG("poll_many"));
    ck_assert_msg(r.status == 6, "status %d\n%s", r.status, r.err);
    /* Where: the loop's line, or, when the watchdog found the PE in the
     * simulator's code, the words the loop polls. */
    ck_assert_msg((strstr(r.err, "polled memory with plain loads for 1 s of wall time (at main "
                                 "at poll_many.c:") ||
                   strstr(r.err, "polled memory with plain loads for 1 s of wall time (at a "
                                 "loop polling &a, &b")) &&
                      strstr(r.err, "nothing it waits for is being written"),
                  "%s", r.err);
    /* and where the others were: PE 2 waits in the barrier */
    ck_assert_msg(strstr(r.err, "shmemsim: where the other PEs were:\n") &&
                      strstr(r.err, "  PE 2: blocked in shmem_barrier_all (barrier round 0: "),
                  "%s", r.err);
    tu_free(&r);
}
END_TEST

/* A PE caught inside the allocator is not stopped there: it may hold
 * the allocator's lock, which the report needs. */
START_TEST(a_poll_that_allocates_is_stopped_outside_the_allocator)
{
    for (int i = 0; i < 4; i++) {
        run_result_t r = tu_run("%s -n 2 --watchdog 1 %s", SIM, PROG("poll_alloc"));
        ck_assert_msg(r.status == 6, "run %d: status %d\n%s", i, r.status, r.err);
        ck_assert_msg(strstr(r.err, "shmemsim: watchdog: PE 0 ") &&
                          strstr(r.err, "(at main at poll_alloc.c:") &&
                          strstr(r.err, "  PE 1: blocked in shmem_barrier_all"),
                      "run %d: %s", i, r.err);
        tu_free(&r);
    }
}
END_TEST

/* A bare program name that is not in the current directory is looked
 * for on PATH, as oshrun does. */
START_TEST(a_bare_program_name_is_found_on_path)
{
    char dir[4200], *slash;
    snprintf(dir, sizeof dir, "%s", PROG("ring"));
    ck_assert_ptr_nonnull(slash = strrchr(dir, '/'));
    *slash = '\0';
    run_result_t r = tu_run("d=$(cd %s && pwd) && s=$(cd $(dirname %s) && pwd)/shmemsim && "
                            "cd / && PATH=\"$d:$PATH\" $s -n 2 --quiet ring", dir, SIM);
    ck_assert_msg(r.status == 0 && tu_count(r.out, "errors 0") == 2, "%d %s%s", r.status, r.out,
                  r.err);
    tu_free(&r);
}
END_TEST

START_TEST(bad_input_is_exit_2_with_one_line)
{
    const char *cmds[] = {"-n 0 %s", "-n 2 /nonexistent/prog", "-n 2 /bin/true",
                          "-n 2 tests/programs/ring.c", "--bogus %s", "-n 2 --net latncy=1us %s",
                          "-n 2 --stack-size 1Q %s", "-n x %s", "run", "frobnicate"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        char cmd[512];
        snprintf(cmd, sizeof cmd, cmds[i], PROG("ring"));
        run_result_t r = tu_run("%s %s", SIM, cmd);
        ck_assert_msg(r.status == 2, "'%s' gave %d", cmd, r.status);
        ck_assert_msg(tu_count(r.err, "\n") == 1 && strncmp(r.err, "shmemsim: ", 10) == 0,
                      "'%s' said: %s", cmd, r.err);
        tu_free(&r);
    }
    run_result_t r = tu_run("SHMEM_SYMMETRIC_SIZE=lots %s -n 2 %s", SIM, PROG("ring"));
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "SHMEM_SYMMETRIC_SIZE"));
    tu_free(&r);
    /* Heaps the address space cannot hold: the message suggests a heap
     * that fits, and that heap runs. */
    r = tu_run("%s -n 1024 --heap-size 1T --quiet %s", SIM, PROG("ring"));
    const char *fit = strstr(r.err, "a smaller heap fits: --heap-size ");
    ck_assert_msg(r.status == 2 && fit && tu_count(r.err, "\n") == 1, "%d: %s", r.status, r.err);
    char size[32] = "";
    sscanf(fit + strlen("a smaller heap fits: --heap-size "), "%31s", size);
    tu_free(&r);
    r = tu_run("%s -n 1024 --heap-size %s --quiet %s", SIM, size, PROG("ring"));
    ck_assert_msg(r.status == 0, "--heap-size %s: %d: %s", size, r.status, r.err);
    tu_free(&r);
}
END_TEST

START_TEST(puts_gets_and_waits_around_a_ring)
{
    int counts[] = {1, 2, 5, 16};
    for (int i = 0; i < 4; i++) {
        run_result_t r = tu_run("%s -n %d --quiet %s", SIM, counts[i], PROG("ring"));
        ck_assert_int_eq(r.status, 0);
        ck_assert_int_eq(tu_count(r.out, " errors 0\n"), counts[i]);
        tu_free(&r);
    }
}
END_TEST

START_TEST(symmetric_heap_routines)
{
    run_result_t r = tu_run("%s -n 4 --quiet %s", SIM, PROG("heap"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(tu_count(r.out, "heap errors 0\n"), 4);
    tu_free(&r);
    r = tu_run("%s -n 4 --quiet %s mismatch", SIM, PROG("heap"));
    ck_assert_int_eq(r.status, 4);
    ck_assert_ptr_nonnull(strstr(r.err, "[heap-size-mismatch] PE 1"));
    ck_assert_ptr_nonnull(strstr(r.err, "in shmem_malloc(size=1600)"));
    ck_assert_ptr_nonnull(strstr(r.err, "asked for 1600 bytes but PE "));
    ck_assert_ptr_nonnull(strstr(r.err, " asked for 800 in the same collective allocation"));
    tu_free(&r);
}
END_TEST

/* Addresses a program prints are the same on every run of one seed: the
 * simulator turns the kernel's address randomisation off for itself
 * (the test process, whose own addresses are random, checks it may). */
START_TEST(printed_addresses_are_the_same_on_every_run)
{
    int p = personality(0xffffffff);
    if (p == -1 || personality((unsigned long)p | ADDR_NO_RANDOMIZE) == -1) {
        fprintf(stderr, "check_programs: address randomisation cannot be turned off here: "
                        "test skipped\n");
        return;
    }
    personality((unsigned long)p);
    run_result_t a = tu_run("%s -n 2 --quiet %s", SIM, PROG("addresses"));
    run_result_t b = tu_run("%s -n 2 --quiet %s", SIM, PROG("addresses"));
    ck_assert_msg(a.status == 0 && tu_count(a.out, ": heap 0x") == 2, "%s%s", a.out, a.err);
    ck_assert_str_eq(a.out, b.out);
    tu_free(&a);
    tu_free(&b);
}
END_TEST

START_TEST(time_is_virtual)
{
    run_result_t a = tu_run("%s -n 3 --quiet %s", SIM, PROG("vtime"));
    run_result_t b = tu_run("%s -n 3 --quiet %s", SIM, PROG("vtime"));
    ck_assert_int_eq(a.status, 0);
    ck_assert_ptr_nonnull(strstr(a.out, "PE 0 slept 1500000 ns"));
    ck_assert_ptr_nonnull(strstr(a.out, "PE 2 slept 1520000 ns"));
    /* the wall clock starts at 2025-01-01 00:00:00 UTC */
    ck_assert_ptr_nonnull(strstr(a.out, "PE 0 slept 1500000 ns, now 1735689600.001502, time() 1735689600\n"));
    ck_assert_ptr_nonnull(strstr(a.out, "date 2025-01-01, times 2/2 ticks, rusage 0.021502 s\n"));
    ck_assert_ptr_nonnull(strstr(a.out, "PE 2 rand "));
    ck_assert_int_eq(tu_count(a.out, " other sleeps 1000000 2000000 3000000 9000000 ns\n"), 3);
    /* srand(time(NULL) + pe): each PE its own numbers (at time 0, PEs 0
     * and 1 drew the same: srand(0) is srand(1)) */
    int r[3];
    for (int pe = 0; pe < 3; pe++) {
        char key[32];
        snprintf(key, sizeof key, "PE %d rand ", pe);
        const char *at = strstr(a.out, key);
        ck_assert_ptr_nonnull(at);
        r[pe] = atoi(at + strlen(key));
    }
    ck_assert_msg(r[0] != r[1] && r[1] != r[2] && r[0] != r[2], "%s", a.out);
    ck_assert_str_eq(a.out, b.out);
    tu_free(&a);
    tu_free(&b);
}
END_TEST

/* A loop that polls the clock sees virtual time pass (and ends), and
 * nearly as much as it asked for; two runs are the same. */
START_TEST(a_busy_wait_on_the_clock_ends)
{
    run_result_t a = tu_run("%s -n 3 --quiet %s", SIM, PROG("busy_wait"));
    run_result_t b = tu_run("%s -n 3 %s", SIM, PROG("busy_wait"));
    ck_assert_msg(a.status == 0 && tu_count(a.out, ": waited ok\n") == 3, "%s%s", a.out, a.err);
    ck_assert_str_eq(a.out, b.out);
    ck_assert_msg(strstr(b.err, "ok at virtual time 250"), "%s", b.err); /* 2.50x ms */
    tu_free(&a);
    tu_free(&b);
}
END_TEST

START_TEST(getopt_state_is_per_pe)
{
    run_result_t r = tu_run("%s -n 3 --quiet %s -a -b x rest", SIM, PROG("args"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(tu_count(r.out, "options 2 rest 1\n"), 3);
    tu_free(&r);
}
END_TEST

START_TEST(tag_output_prefixes_each_line)
{
    run_result_t r = tu_run("%s -n 3 --quiet --tag-output %s", SIM, PROG("privatize"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "[PE 2] PE 2 counter 1\n"));
    ck_assert_int_eq(tu_count(r.out, "[PE "), 3);
    tu_free(&r);
}
END_TEST

START_TEST(misuse_raises_named_findings)
{
    struct { const char *mode, *id, *detail; } cases[] = {
        {"pe", "[invalid-pe] PE 0", "PE 99 does not exist"},
        {"stack", "[nonsymmetric-address] PE 0", "the stack of PE 0"},
        {"null", "[null-pointer] PE 0", "'dest' is NULL"},
    };
    for (size_t i = 0; i < 3; i++) {
        run_result_t r = tu_run("%s -n 2 %s %s", SIM, PROG("misuse"), cases[i].mode);
        ck_assert_int_eq(r.status, 4);
        ck_assert_msg(strstr(r.err, cases[i].id) && strstr(r.err, cases[i].detail), "%s", r.err);
        ck_assert_int_eq(tu_count(r.out, " done\n"), 2);
        tu_free(&r);
    }
}
END_TEST

START_TEST(trace_is_valid_json_with_tracks_spans_and_flows)
{
    char path[128];
    snprintf(path, sizeof path, "/tmp/shmemsim-trace-%d.json", (int)getpid());
    run_result_t r = tu_run("%s -n 8 --quiet --trace %s %s", SIM, path, PROG("ring"));
    ck_assert_int_eq(r.status, 0);
    char *t = tu_read_file(path, NULL);
    unlink(path);
    ck_assert_int_eq(tu_json_valid(t), 0);
    ck_assert_int_eq(tu_count(t, "\"thread_name\""), 8);
    ck_assert_ptr_nonnull(strstr(t, "\"args\":{\"name\":\"PE 7\"}"));
    ck_assert_int_gt(tu_count(t, "\"name\":\"shmem_barrier_all\",\"cat\":\"api\",\"ph\":\"X\""), 8);
    int starts = tu_count(t, "\"ph\":\"s\""), ends = tu_count(t, "\"ph\":\"f\"");
    ck_assert_int_gt(starts, 8);
    ck_assert_int_eq(starts, ends);
    free(t);
    tu_free(&r);
}
END_TEST

/* The trace tells the story: calls carry their site; the calls PEs were
 * blocked in at a deadlock are slices up to the end with their state;
 * arrows and the slices they join share one category; a delivery names
 * the routine and the target variable, and one a later message overtook
 * (a scenario's reorder fault) is marked; a message never delivered
 * closes its arrow at the end. */
/* Large symmetric blocks: shmem_malloc's garbage pattern covers their
 * first 16 MiB only (a benchmark's gigabyte buffer is not touched before
 * the program does); shmem_calloc zeroes all of a block, over memory an
 * earlier block dirtied too. */
START_TEST(large_blocks_fill_their_start_and_calloc_zeroes_all)
{
    run_result_t r = tu_run("%s -n 2 --quiet --check none --heap-size 100M %s", SIM,
                            PROG("heap_big"));
    ck_assert_msg(r.status == 0 && tu_count(r.out, " ok\n") == 2, "%d\n%s%s", r.status, r.out,
                  r.err);
    tu_free(&r);
    /* A heap too small: the allocations return NULL and the run says
     * once which option sets a larger one. */
    r = tu_run("%s -n 2 --quiet --check none --heap-size 1M %s", SIM, PROG("heap_big"));
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(tu_count(r.err, "found no room in the symmetric heap") == 1 &&
                  strstr(r.err, "--heap-size (or SHMEM_SYMMETRIC_SIZE)"), "%s", r.err);
    tu_free(&r);
}
END_TEST

START_TEST(the_trace_tells_the_story)
{
    char path[128], rep[128];
    snprintf(path, sizeof path, "/tmp/shmemsim-story-%d.json", (int)getpid());
    snprintf(rep, sizeof rep, "/tmp/shmemsim-story-%d.report", (int)getpid());
    run_result_t r = tu_run("%s -n 2 --quiet --trace %s --report %s %s deadlock", SIM, path, rep,
                            PROG("fail"));
    ck_assert_int_eq(r.status, 3);
    tu_free(&r);
    char *t = tu_read_file(path, NULL), *j = tu_read_file(rep, NULL);
    ck_assert_int_eq(tu_json_valid(t), 0);
    ck_assert_int_eq(tu_count(t, "\"state\":\"blocked at the deadlock: "), 2);
    const char *w = strstr(t, "{\"name\":\"shmem_long_wait_until\",\"cat\":\"api\"");
    ck_assert_ptr_nonnull(w);
    double ts = atof(strstr(w, "\"ts\":") + 5), dur = atof(strstr(w, "\"dur\":") + 6);
    long end_ns = atol(strstr(j, "\"end_time_ns\": ") + 15);
    ck_assert_int_eq((long)((ts + dur) * 1000 + 0.5), end_ns);
    ck_assert_ptr_nonnull(strstr(w, "\"site\":\"main at fail.c:"));
    ck_assert_ptr_nonnull(strstr(w, "shmem_long_wait_until(ivar=&flag"));
    ck_assert_int_eq(tu_count(t, "\"cat\":\"msg\""), 0);
    free(t);
    free(j);
    unlink(rep);

    /* race.c's two unfenced puts, the first held back until the second
     * has left: the second lands first */
    char yaml[128], prog[4096];
    snprintf(yaml, sizeof yaml, "/tmp/shmemsim-story-%d.yaml", (int)getpid());
    ck_assert_ptr_nonnull(realpath(PROG("race"), prog)); /* a scenario's path is relative to it */
    FILE *f = fopen(yaml, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "scenario: overtaken\nprogram: %s\nargs: ['0']\nnpes: 2\nchecks: all,-data-race\n"
            "network: {ordering: fifo}\nfaults:\n  - {kind: reorder, from: 0, to: 1, op: put, nth: 1}\n",
            prog);
    fclose(f);
    r = tu_run("%s replay --quiet --trace %s %s", SIM, path, yaml);
    unlink(yaml);
    t = tu_read_file(path, NULL);
    unlink(path);
    ck_assert_msg(t && tu_json_valid(t) == 0, "%s", r.err);
    ck_assert_str_eq(r.out, "word=1\n");
    tu_free(&r);
    const char *o = strstr(t, "{\"name\":\"deliver put (overtaken)\"");
    ck_assert_msg(o != NULL, "no overtaken delivery in the trace");
    ck_assert_ptr_nonnull(strstr(o, "\"call\":\"shmem_"));
    ck_assert_ptr_nonnull(strstr(o, "\"target\":\"&"));
    ck_assert_ptr_nonnull(strstr(o, "\"overtaken\":true"));
    free(t);

    /* a put still in flight when the job ends (delayed past the time the
     * launcher takes to stop the job after PE 1's exit): its arrow ends on
     * a "never delivered" slice, so every arrow that starts ends */
    ck_assert_ptr_nonnull(realpath(PROG("scen_fence"), prog));
    f = fopen(yaml, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "scenario: in-flight\nprogram: %s\nnpes: 2\nchecks: all,-data-race\n"
            "faults:\n  - {kind: delay, from: 0, to: 1, op: put, nth: 1, extra: 1ms}\n", prog);
    fclose(f);
    r = tu_run("%s replay --quiet --trace %s %s", SIM, path, yaml);
    unlink(yaml);
    ck_assert_msg(r.status == 1 && strstr(r.out, "PE 1 read stale data"), "%d\n%s%s", r.status,
                  r.out, r.err);
    tu_free(&r);
    t = tu_read_file(path, NULL);
    unlink(path);
    ck_assert_int_eq(tu_json_valid(t), 0);
    ck_assert_int_eq(tu_count(t, "\"name\":\"put never delivered\""), 1);
    ck_assert_int_eq(tu_count(t, "\"ph\":\"s\""), tu_count(t, "\"ph\":\"f\""));
    free(t);
}
END_TEST

START_TEST(report_is_valid_json_with_outcome)
{
    char path[128];
    snprintf(path, sizeof path, "/tmp/shmemsim-report-%d.json", (int)getpid());
    run_result_t r = tu_run("%s -n 4 --quiet --report %s %s deadlock", SIM, path, PROG("fail"));
    ck_assert_int_eq(r.status, 3);
    char *t = tu_read_file(path, NULL);
    unlink(path);
    ck_assert_int_eq(tu_json_valid(t), 0);
    ck_assert_ptr_nonnull(strstr(t, "\"outcome\": \"deadlock\""));
    ck_assert_ptr_nonnull(strstr(t, "\"exit_status\": 3"));
    ck_assert_ptr_nonnull(strstr(t, "{\"pe\": 1, \"end\": \"blocked\", \"blocked_in\": \"shmem_long_wait_until("));
    ck_assert_ptr_nonnull(strstr(t, "\"context_switches\": "));
    free(t);
    tu_free(&r);
}
END_TEST

START_TEST(help_lists_every_option)
{
    run_result_t r = tu_run("%s --help", SIM);
    ck_assert_int_eq(r.status, 0);
    const char *opts[] = {"--npes", "--seed", "--trace", "--report", "--check", "--net",
                          "--stack-size", "--heap-size", "--watchdog", "--tag-output",
                          "--quiet", "--version", "--privatize"};
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        ck_assert_msg(strstr(r.out, opts[i]) != NULL, "--help lacks %s", opts[i]);
    tu_free(&r);
}
END_TEST

START_TEST(cc_wrapper_compiles_links_and_shows)
{
    char dir[] = "/tmp/shmemsim-cc-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char cc[4096];
    snprintf(cc, sizeof cc, "%s-cc", SIM);
    run_result_t r = tu_run(
        "cd %s && printf '#include <shmem.h>\nint twice(int x);\nint main(void){shmem_init();"
        "int v = twice(shmem_my_pe());shmem_finalize();return v == 2 * shmem_my_pe() ? 0 : 1;}\n' > a.c"
        " && printf 'int twice(int x){return 2*x;}\n' > b.c", dir);
    ck_assert_int_eq(r.status, 0);
    tu_free(&r);
    r = tu_run("%s -g -DX=1 -c -o %s/a.o %s/a.c && %s -c -o %s/b.o %s/b.c && %s -o %s/ab %s/a.o %s/b.o"
               " && %s -n 3 --quiet %s/ab", cc, dir, dir, cc, dir, dir, cc, dir, dir, dir, SIM, dir);
    ck_assert_msg(r.status == 0, "%s", r.err);
    tu_free(&r);
    r = tu_run("%s -o %s/ab2 %s/a.c %s/b.c && %s -n 2 --quiet %s/ab2", cc, dir, dir, dir, SIM, dir);
    ck_assert_msg(r.status == 0, "%s", r.err);
    tu_free(&r);
    r = tu_run("%s --showme -o x x.c", cc);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "-shared"));
    ck_assert_ptr_nonnull(strstr(r.out, "-Wl,--wrap=exit"));
    tu_free(&r);
    r = tu_run("%s --showme -c x.c", cc);
    ck_assert_ptr_null(strstr(r.out, "-shared"));
    tu_free(&r);
    /* A call to a routine that does not exist fails at link time, naming it. */
    r = tu_run("printf 'void shmem_no_such(void);\nint main(void){shmem_no_such();return 0;}\n' > %s/d.c"
               " && %s -o %s/d %s/d.c", dir, cc, dir, dir);
    ck_assert_int_ne(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, "shmem_no_such"));
    tu_free(&r);
    r = tu_run("rm -rf %s", dir);
    tu_free(&r);
}
END_TEST

START_TEST(swap_privatization_gives_the_same_runs)
{
    const char *runs[] = {"-n 64 %s", "-n 5 %s", "-n 4 %s", "-n 4 %s deadlock", "-n 3 %s -a -b x y"};
    const char *progs[] = {"privatize", "ring", "heap", "fail", "args"};
    for (int i = 0; i < 5; i++) {
        char args[512];
        snprintf(args, sizeof args, runs[i], PROG(progs[i]));
        run_result_t c = tu_run("%s --privatize copy %s", SIM, args);
        run_result_t s = tu_run("%s --privatize swap %s", SIM, args);
        ck_assert_int_eq(c.status, s.status);
        ck_assert_str_eq(c.out, s.out);
        ck_assert_str_eq(c.err, s.err);
        tu_free(&c);
        tu_free(&s);
    }
    run_result_t r = tu_run("%s -n 64 --privatize swap --quiet %s", SIM, PROG("privatize"));
    ck_assert_int_eq(tu_count(r.out, " counter 1\n"), 64);
    tu_free(&r);
    r = tu_run("%s -n 2 --privatize swop %s", SIM, PROG("privatize"));
    ck_assert_int_eq(r.status, 2);
    tu_free(&r);
}
END_TEST

/* auto copies the program per PE for small jobs and for programs with
 * much writable data, and swaps for a large job of a small-data one. */
START_TEST(auto_privatization_follows_job_and_data_size)
{
    const struct {
        int npes;
        const char *prog, *mode;
    } cases[] = {{64, "privatize", "copy"}, {300, "privatize", "swap"}, {300, "coll_all", "copy"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[128], want[64];
        snprintf(path, sizeof path, "/tmp/shmemsim-auto-%d.json", (int)getpid());
        run_result_t r = tu_run("%s -n %d --quiet --report %s %s", SIM, cases[i].npes, path,
                                PROG(cases[i].prog));
        ck_assert_int_eq(r.status, 0);
        char *t = tu_read_file(path, NULL);
        unlink(path);
        snprintf(want, sizeof want, "\"privatize\": \"%s\"", cases[i].mode);
        ck_assert_msg(strstr(t, want), "%d PEs of %s: want %s in\n%s", cases[i].npes,
                      cases[i].prog, want, t);
        free(t);
        tu_free(&r);
    }
}
END_TEST

/* A job the size of a large machine: barrier, reduction and all-to-all
 * checked at every PE (16,384 PEs; 4,096 in a sanitized build, whose
 * stacks and shadow memory cost several times more per PE). */
START_TEST(a_16384_pe_job_gets_every_result_right)
{
    int n = getenv("SHMEMSIM_SANITIZED") ? 4096 : 16384;
    run_result_t r = tu_run("%s -n %d --quiet %s", SIM, n, PROG("scale"));
    ck_assert_msg(r.status == 0, "status %d\n%s%s", r.status, r.out, r.err);
    char want[128];
    snprintf(want, sizeof want, "%d PEs: barrier, max %d, all-to-all in rows of 32: ok\n", n, n - 1);
    ck_assert_str_eq(r.out, want);
    tu_free(&r);
}
END_TEST

Suite *programs_suite(void)
{
    Suite *s = suite_create("programs");
    TCase *tc = tcase_create("run");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, globals_are_private_to_each_pe);
    tcase_add_test(tc, large_blocks_fill_their_start_and_calloc_zeroes_all);
    tcase_add_test(tc, same_seed_gives_identical_output_and_trace);
    tcase_add_test(tc, adaptive_ordering_reorders_unfenced_puts);
    tcase_add_test(tc, fifo_ordering_keeps_pair_order);
    tcase_add_test(tc, fence_orders_puts_to_a_pe);
    tcase_add_test(tc, deadlock_names_each_blocked_pe);
    tcase_add_test(tc, diagnoses_are_identical_across_runs);
    tcase_add_test(tc, early_exit_zero_leaves_others_deadlocked);
    tcase_add_test(tc, segfault_is_exit_5_naming_the_pe);
    tcase_add_test(tc, stack_overflow_is_exit_5_naming_the_pe);
    tcase_add_test(tc, exit_3_in_one_pe_is_exit_1);
    tcase_add_test(tc, exit_handlers_run_in_the_pe);
    tcase_add_test(tc, pes_polling_with_the_api_for_nothing_are_a_deadlock);
    tcase_add_test(tc, abort_is_a_crash);
    tcase_add_test(tc, libc_state_is_per_pe);
    tcase_add_test(tc, closing_stdout_closes_one_pe_stream);
    tcase_add_test(tc, watchdog_stops_a_spinning_pe);
    tcase_add_test(tc, a_computation_over_a_stack_array_takes_no_virtual_time);
    tcase_add_test(tc, a_long_computation_is_not_stopped_by_the_watchdog);
    tcase_add_test(tc, a_loop_polling_several_words_sees_the_puts);
    tcase_add_test(tc, a_poll_that_scans_thousands_of_words_sees_the_puts);
    tcase_add_test(tc, a_poll_with_a_growing_back_off_sees_the_put);
    tcase_add_test(tc, pes_polling_for_nothing_are_stopped_by_the_watchdog);
    tcase_add_test(tc, a_loop_retrying_a_skipped_call_is_stopped_by_the_watchdog);
    tcase_add_test(tc, a_poll_that_allocates_is_stopped_outside_the_allocator);
    tcase_add_test(tc, runs_under_gdb);
    tcase_add_test(tc, bad_input_is_exit_2_with_one_line);
    tcase_add_test(tc, a_bare_program_name_is_found_on_path);
    tcase_add_test(tc, puts_gets_and_waits_around_a_ring);
    tcase_add_test(tc, symmetric_heap_routines);
    tcase_add_test(tc, time_is_virtual);
    tcase_add_test(tc, printed_addresses_are_the_same_on_every_run);
    tcase_add_test(tc, a_busy_wait_on_the_clock_ends);
    tcase_add_test(tc, getopt_state_is_per_pe);
    tcase_add_test(tc, tag_output_prefixes_each_line);
    tcase_add_test(tc, misuse_raises_named_findings);
    tcase_add_test(tc, trace_is_valid_json_with_tracks_spans_and_flows);
    tcase_add_test(tc, the_trace_tells_the_story);
    tcase_add_test(tc, report_is_valid_json_with_outcome);
    tcase_add_test(tc, help_lists_every_option);
    tcase_add_test(tc, cc_wrapper_compiles_links_and_shows);
    tcase_add_test(tc, swap_privatization_gives_the_same_runs);
    tcase_add_test(tc, auto_privatization_follows_job_and_data_size);
    suite_add_tcase(s, tc);
    TCase *big = tcase_create("scale");
    tcase_set_timeout(big, 300);
    tcase_add_test(big, a_16384_pe_job_gets_every_result_right);
    suite_add_tcase(s, big);
    return s;
}
