/* tests/check_threads: threads inside a PE.  OpenMP constructs and POSIX
 * threads calling SHMEM from worker threads under SHMEM_THREAD_MULTIPLE,
 * with their results checked by the programs; determinism across runs and
 * privatization modes; a hybrid race and its fixed twin; a deadlock
 * between two threads of a PE; an unsupported thread call. */
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM tu_shmemsim()
#define PROG(n) tu_prog(n)

/* Runs prog (args) on npes PEs and checks that it ends with status 0 and
 * prints line once per PE. */
static void expect_each_pe(int npes, const char *prog, const char *args, const char *line)
{
    run_result_t r = tu_run("%s -n %d --quiet %s %s", SIM, npes, PROG(prog), args);
    ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
    ck_assert_int_eq(tu_count(r.out, line), npes);
    tu_free(&r);
}

START_TEST(openmp_constructs_call_shmem_from_workers)
{
    expect_each_pe(3, "omp_constructs", "", ": 4 threads, all constructs right\n");
    /* OMP_NUM_THREADS sets the team size. */
    run_result_t r = tu_run("OMP_NUM_THREADS=2 %s -n 2 --quiet %s", SIM, PROG("omp_constructs"));
    ck_assert_int_eq(r.status, 1);
    ck_assert_int_eq(tu_count(r.out, "FAIL team size: 2, want 4\n"), 2);
    tu_free(&r);
}
END_TEST

/* Nested regions: inactive by default, active when the program or the
 * environment raises max-active-levels, with the level, ancestor and
 * team-size queries right at each level; the same trace twice. */
START_TEST(openmp_nested_regions)
{
    expect_each_pe(2, "omp_nested", "off", ": nested regions right (off)\n");
    expect_each_pe(2, "omp_nested", "api", ": nested regions right (api)\n");
    static const char *const envs[] = {"OMP_NESTED=true", "OMP_NUM_THREADS=4,3",
                                       "OMP_MAX_ACTIVE_LEVELS=2"};
    for (int i = 0; i < 3; i++) {
        run_result_t r = tu_run("%s %s -n 2 --quiet %s env", envs[i], SIM, PROG("omp_nested"));
        ck_assert_msg(r.status == 0, "%s: %s%s", envs[i], r.out, r.err);
        ck_assert_int_eq(tu_count(r.out, ": nested regions right (env)\n"), 2);
        tu_free(&r);
    }
    run_result_t r = tu_run("a=$(%s -n 2 --seed 3 --trace /dev/stdout %s api 2>&1 | md5sum); "
                            "b=$(%s -n 2 --seed 3 --trace /dev/stdout %s api 2>&1 | md5sum); "
                            "[ \"$a\" = \"$b\" ] || echo differs",
                            SIM, PROG("omp_nested"), SIM, PROG("omp_nested"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "");
    tu_free(&r);
}
END_TEST

START_TEST(same_seed_same_output_twenty_runs_and_both_privatizations)
{
    run_result_t r;
    r = tu_run("one=$(%s -n 3 --seed 7 --trace /dev/stdout %s 2>&1 | md5sum); "
               "for i in $(seq 1 20); do h=$(%s -n 3 --seed 7 --trace /dev/stdout %s 2>&1 | "
               "md5sum); [ \"$h\" = \"$one\" ] || echo differs; done; "
               "for p in copy swap; do h=$(%s -n 3 --seed 7 --privatize $p --trace /dev/stdout "
               "%s 2>&1 | md5sum); [ \"$h\" = \"$one\" ] || echo differs $p; done",
               SIM, PROG("omp_constructs"), SIM, PROG("omp_constructs"), SIM,
               PROG("omp_constructs"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "");
    tu_free(&r);
}
END_TEST

START_TEST(pthread_producers_and_consumer_over_atomics)
{
    expect_each_pe(3, "pthread_atomics", "", ": right\n");
    expect_each_pe(3, "pthread_atomics", "", ": provided 3, consumed ");
}
END_TEST

/* __thread and threadprivate variables are each thread's own. */
START_TEST(thread_local_variables_per_thread)
{
    run_result_t r = tu_run("for p in copy swap; do %s -n 2 --quiet --privatize $p %s; done",
                            SIM, PROG("omp_tls"));
    ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
    ck_assert_int_eq(tu_count(r.out, ": main tv 1, thread tv 15, threadprivate sum 34\n"), 4);
    tu_free(&r);
}
END_TEST

/* A PE's own thread-local variables under either privatization, and
 * thread_local destructors run where their thread ends. */
START_TEST(thread_local_objects_per_pe_and_thread)
{
    /* (A sanitizer build cannot simulate a std::thread: see below.) */
    int sanitized = getenv("SHMEMSIM_SANITIZED") != NULL;
    for (int swap = 0; swap < 2; swap++) {
        run_result_t r = tu_run("%s -n 3 --quiet --tag-output --privatize %s %s %s", SIM,
                                swap ? "swap" : "copy", PROG("tls_objects"),
                                sanitized ? "main" : "");
        ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
        for (int pe = 0; pe < 3; pe++) {
            char line[3][64];
            snprintf(line[0], sizeof line[0], "[PE %d] PE %d: own %d\n", pe, pe, pe);
            snprintf(line[1], sizeof line[1], "[PE %d] PE %d: thread object <%d>\n", pe, pe, pe);
            snprintf(line[2], sizeof line[2], "[PE %d] PE %d: main object <%d>\n", pe, pe, pe);
            for (int k = 0; k < 3; k++)
                ck_assert_msg(tu_count(r.out, line[k]) == (k == 1 && sanitized ? 0 : 1),
                              "%s: '%s' in\n%s", swap ? "swap" : "copy", line[k], r.out);
        }
        tu_free(&r);
    }
}
END_TEST

/* The thread sanitizer's annotations (__tsan_release, __tsan_acquire)
 * are edges: the annotated program links and is clean, the bare one
 * races. */
START_TEST(tsan_annotations_are_edges)
{
    expect_each_pe(2, "tsan_annotations", "", " read 42\n");
    run_result_t r = tu_run("%s -n 2 --quiet %s bare", SIM, PROG("tsan_annotations"));
    ck_assert_msg(r.status == 4 && strstr(r.err, "error [data-race] PE "), "status %d\n%s",
                  r.status, r.err);
    tu_free(&r);
}
END_TEST

START_TEST(sibling_plain_stores_wake_shmem_waits)
{
    expect_each_pe(2, "pthread_sibling", "", ": sibling stores seen\n");
}
END_TEST

START_TEST(openmp_ull_loops_and_taskloop)
{
    expect_each_pe(2, "omp_loops", "", ": loops right\n");
}
END_TEST

/* Task reductions: taskloop reduction, taskgroup task_reduction with
 * in_reduction tasks, nested and orphaned, whatever the team size. */
START_TEST(openmp_task_reductions)
{
    expect_each_pe(2, "omp_taskred", "", ": task reductions right\n");
    for (int threads = 1; threads <= 5; threads += 2) {
        run_result_t r = tu_run("OMP_NUM_THREADS=%d %s -n 2 --quiet --seed %d %s", threads, SIM,
                                threads, PROG("omp_taskred"));
        ck_assert_msg(r.status == 0, "%d threads: %s%s", threads, r.out, r.err);
        ck_assert_int_eq(tu_count(r.out, ": task reductions right\n"), 2);
        tu_free(&r);
    }
}
END_TEST

/* A crash or a stack overflow in a thread is its PE's, naming the thread. */
START_TEST(a_crash_in_a_thread_names_the_thread)
{
    run_result_t r = tu_run("%s -n 2 --quiet %s", SIM, PROG("pthread_crash"));
    ck_assert_int_eq(r.status, 5);
    ck_assert_ptr_nonnull(strstr(r.err, "PE 1 crashed in its thread 1: Segmentation fault at "
                                        "address 0x0 (in body at pthread_crash.c:19)"));
    tu_free(&r);
    r = tu_run("%s -n 2 --quiet %s deep", SIM, PROG("pthread_crash"));
    ck_assert_int_eq(r.status, 5);
    ck_assert_ptr_nonnull(strstr(r.err, "stack overflow in PE 1's thread 1 (in deep at "
                                        "pthread_crash.c:"));
    ck_assert_ptr_nonnull(strstr(r.err, "[stack-overflow]"));
    tu_free(&r);
}
END_TEST

/* LAPI from a program thread, in interrupt and polling mode, with the
 * GET_THREAD_FUNC lock and condition shared with the main program. */
START_TEST(lapi_from_a_pthread)
{
    expect_each_pe(3, "lapi_pthread", "", " ok\n");
    expect_each_pe(3, "lapi_pthread", "poll", " ok\n");
    /* LAPI_Fence and LAPI_Gfence in a thread while the main program waits
     * outside LAPI: what completes the thread's put wakes the thread */
    expect_each_pe(3, "lapi_pthread", "fence", " ok\n");
    expect_each_pe(3, "lapi_pthread", "fence-poll", " ok\n");
}
END_TEST

/* A run the watchdog stops says where the other PEs' threads were. */
START_TEST(the_watchdog_lists_the_threads_of_the_other_pes)
{
    run_result_t r = tu_run("%s -n 2 --watchdog 1 --check none %s", SIM, PROG("watchdog_threads"));
    ck_assert_msg(r.status == 6, "%d %s", r.status, r.err);
    ck_assert_msg(strstr(r.err, "shmemsim: where the other PEs were:\n"
                                "  PE 1: blocked in pthread_join(thread 1), called from main at "
                                "watchdog_threads.c:30\n"
                                "  PE 1 thread 1: blocked in pthread_cond_wait(a condition "
                                "variable), called from waiter at watchdog_threads.c:15\n"),
                  "%s", r.err);
    tu_free(&r);
}
END_TEST

/* Which of the threads a barrier releases runs first is drawn from the
 * seed: seeds give different orders, a seed always the same one. */
START_TEST(the_seed_chooses_the_order_of_threads_woken_together)
{
    run_result_t r = tu_run("for s in $(seq 1 12); do %s -n 1 --quiet --seed $s %s; done | "
                            "sort -u | wc -l", SIM, PROG("pthread_order"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_ge(atoi(r.out), 3);
    tu_free(&r);
    r = tu_run("a=$(%s -n 1 --quiet --seed 5 %s); b=$(%s -n 1 --quiet --seed 5 %s); "
               "[ \"$a\" = \"$b\" ] && echo same", SIM, PROG("pthread_order"), SIM,
               PROG("pthread_order"));
    ck_assert_str_eq(r.out, "same\n");
    tu_free(&r);
}
END_TEST

/* A thread the simulator did not start must not call the library: a clear
 * stop, never an internal assertion or a silent corruption. */
START_TEST(a_foreign_thread_calling_the_library_stops_the_run)
{
    run_result_t r = tu_run("%s -n 1 --quiet %s", SIM, PROG("foreign_thread"));
    ck_assert_int_eq(r.status, 5);
    ck_assert_ptr_nonnull(strstr(r.err, "shmemsim: shmem_quiet was called from an "
                                        "operating-system thread the simulator did not start"));
    ck_assert_ptr_null(strstr(r.out, "not reached"));
    tu_free(&r);
}
END_TEST

/* A PE waiting with plain loads (no wait routine) lets the others run
 * once the same load repeats: the put lands and the loop ends (clean with
 * --check none; a data-race naming the load and the put otherwise); with
 * no writer, a deadlock naming the spin, never the watchdog. */
/* Two threads of a PE on one OpenSHMEM lock: a lock-misuse naming the
 * call, whatever the seed, never a crash of the simulator (the second
 * thread's queue entry would undo the first's). */
START_TEST(threads_on_one_lock_are_a_misuse_not_a_crash)
{
    int line = tu_line_of("tests/programs/pthread_lock.c", "SET");
    char at[80];
    snprintf(at, sizeof at, "called from take_and_release at pthread_lock.c:%d:", line);
    for (int seed = 1; seed <= 4; seed++) {
        run_result_t r = tu_run("%s -n 2 --quiet --seed %d %s", SIM, seed, PROG("pthread_lock"));
        ck_assert_msg((r.status == 3 || r.status == 4) && strstr(r.err, "error [lock-misuse]") &&
                          strstr(r.err, at) &&
                          strstr(r.err, "OpenSHMEM locks exclude PEs, not the threads of one PE"),
                      "seed %d: status %d\n%s", seed, r.status, r.err);
        tu_free(&r);
    }
}
END_TEST

START_TEST(a_plain_spin_loop_lets_the_writer_run)
{
    int line = tu_line_of("tests/programs/spin.c", "SPIN");
    char at[64];
    snprintf(at, sizeof at, "main at spin.c:%d", line);
    run_result_t r = tu_run("%s -n 2 --quiet --check none %s flag", SIM, PROG("spin"));
    ck_assert_msg(r.status == 0 && tu_count(r.out, ": done\n") == 2 && !r.err[0], "%s%s", r.out,
                  r.err);
    tu_free(&r);
    r = tu_run("%s -n 2 --quiet %s flag", SIM, PROG("spin"));
    ck_assert_msg(r.status == 4 && strstr(r.err, "[data-race]") && strstr(r.err, at) &&
                      strstr(r.err, "write by shmem_int_p"),
                  "%s", r.err);
    tu_free(&r);
    /* Three spinners and their writer, which was never let run: the
     * spinners slept to the next event, each other's turn at the same
     * instant. */
    r = tu_run("%s -n 4 --quiet --check none --watchdog 10 %s many", SIM, PROG("spin"));
    ck_assert_msg(r.status == 0 && tu_count(r.out, ": done\n") == 4, "%d\n%s%s", r.status,
                  r.out, r.err);
    tu_free(&r);
    r = tu_run("%s -n 2 --quiet %s never", SIM, PROG("spin"));
    char want[160];
    snprintf(want, sizeof want, "PE 0: blocked in a loop reading &flag over and over (a plain "
             "load, not a wait), called from %s", at);
    ck_assert_msg(r.status == 3 && strstr(r.err, want), "want '%s' in:\n%s", want, r.err);
    tu_free(&r);
}
END_TEST

/* (Fortran has no shmem_init_thread: SHMEM_INIT's level, SINGLE here,
 * makes a call from a worker a thread-level warning, one for the site.) */
START_TEST(fortran_parallel_do_calls_shmem)
{
    expect_each_pe(3, "omp_fortran", "", ": parallel do right\n");
    run_result_t r = tu_run("%s -n 3 --quiet %s", SIM, PROG("omp_fortran"));
    ck_assert_msg(r.status == 0 && tu_count(r.err, "shmemsim: warning [thread-level] PE ") == 1 &&
                      strstr(r.err, "The library was initialised by shmem_init, whose thread "
                                    "level each library chooses: SHMEM_THREAD_SINGLE here"),
                  "%s", r.err);
    tu_free(&r);
}
END_TEST

/* A thread that polls a flag under a mutex, calling nothing else, lets
 * the thread that sets it run and virtual time pass (it looped at one
 * instant for ever). */
START_TEST(a_poll_under_a_mutex_lets_time_pass)
{
    expect_each_pe(2, "pthread_mutex_poll", "", " saw the flag\n");
    /* the same when each round takes two mutexes in turn (it looped for
     * ever, the watchdog not firing: every round makes a call) */
    run_result_t r = tu_run("timeout 60 %s -n 2 --quiet %s two", SIM, PROG("pthread_mutex_poll"));
    ck_assert_msg(r.status == 0, "status %d\n%s%s", r.status, r.out, r.err);
    ck_assert_int_eq(tu_count(r.out, " saw the flag\n"), 2);
    tu_free(&r);
}
END_TEST

/* Two stores after an OpenMP barrier race, whichever thread leaves it
 * late; the twin that puts the next barrier between them is clean. */
START_TEST(stores_after_an_omp_barrier_race)
{
    run_result_t r = tu_run("%s -n 2 --quiet %s bad", SIM, PROG("omp_round"));
    ck_assert_msg(r.status == 4, "status %d\n%s", r.status, r.err);
    char a[64], b[64];
    snprintf(a, sizeof a, "omp_round.c:%d", tu_line_of("tests/programs/omp_round.c", "A(round)"));
    snprintf(b, sizeof b, "omp_round.c:%d", tu_line_of("tests/programs/omp_round.c", "B(round)"));
    ck_assert_msg(strstr(r.err, "[data-race]") && strstr(r.err, a) && strstr(r.err, b),
                  "want a data-race naming %s and %s in:\n%s", a, b, r.err);
    tu_free(&r);
    char *msg = tu_explore_clean(2, "omp_round", "good");
    ck_assert_msg(msg == NULL, "%s", msg);
}
END_TEST

/* A worker thread's load against a remote put: a data-race naming both
 * lines; the twin that waits for the flag is clean on every seed. */
START_TEST(hybrid_race_found_and_twin_clean)
{
    run_result_t r = tu_run("%s -n 2 --quiet %s", SIM, PROG("omp_race"));
    ck_assert_int_eq(r.status, 4);
    ck_assert_ptr_nonnull(strstr(r.err, "[data-race]"));
    ck_assert_ptr_nonnull(strstr(r.err, "shmem_long_put at main at omp_race.c:18"));
    ck_assert_ptr_nonnull(strstr(r.err, "load at main._omp_fn.0 at omp_race.c:28"));
    tu_free(&r);
    r = tu_run("for s in $(seq 1 10); do %s -n 2 --quiet --seed $s %s || echo fail $s; done",
               SIM, PROG("omp_race_fixed"));
    ck_assert_int_eq(tu_count(r.out, "seen 36\n"), 10);
    ck_assert_ptr_null(strstr(r.out, "fail"));
    ck_assert_str_eq(r.err, "");
    tu_free(&r);
}
END_TEST

/* Each mode of prog on 2 PEs, seeds 1-3: every PE prints want, nothing
 * on stderr (no finding). */
static void clean_on_three_seeds(const char *prog, const char *const *modes, const char *want)
{
    for (; *modes; modes++) {
        run_result_t r = tu_run("for s in 1 2 3; do %s -n 2 --quiet --seed $s %s %s || echo fail $s; done",
                                SIM, PROG(prog), *modes);
        ck_assert_msg(tu_count(r.out, want) == 6 && !strstr(r.out, "fail") && !r.err[0],
                      "%s %s:\n%s%s", prog, *modes, r.out, r.err);
        tu_free(&r);
    }
}

/* Two threads of one PE: unordered additions are a data-race naming both
 * threads and the line; each way of ordering them (a mutex, atomics, a
 * release/acquire flag, a join) is clean, on several seeds. */
START_TEST(race_between_two_threads_of_a_pe)
{
    run_result_t r = tu_run("%s -n 2 --quiet %s plain", SIM, PROG("pthread_race"));
    ck_assert_int_eq(r.status, 4);
    ck_assert_ptr_nonnull(strstr(r.err, "[data-race]"));
    ck_assert_ptr_nonnull(strstr(r.err, "(thread 1)'s store at work at pthread_race.c:30"));
    ck_assert_ptr_nonnull(strstr(r.err, "(thread 2)'s load at work at pthread_race.c:30"));
    ck_assert_ptr_nonnull(strstr(r.err, "Two threads of PE "));
    /* What it cannot see, said where it matters (the whole advice kept). */
    ck_assert_ptr_nonnull(strstr(r.err, "(A lock or flag made of inline assembly, such as a lock "
                                        "cmpxchg spinlock, is not seen"));
    tu_free(&r);
    const char *fixed[] = {"mutex", "atomic", "flag", "join", NULL};
    clean_on_three_seeds("pthread_race", fixed, ": 200\n");
}
END_TEST

/* The same for OpenMP: a shared sum without a reduction is a race between
 * the team's threads (the main thread named as such); a reduction,
 * critical, atomic, ordered and tasks with taskwait are clean. */
START_TEST(race_between_openmp_threads)
{
    run_result_t r = tu_run("%s -n 1 --quiet %s plain", SIM, PROG("omp_sum_race"));
    ck_assert_int_eq(r.status, 4);
    ck_assert_ptr_nonnull(strstr(r.err, "[data-race]"));
    ck_assert_ptr_nonnull(strstr(r.err, "PE 0 (main thread)'s store at main._omp_fn.0 at "
                                        "omp_sum_race.c:25"));
    ck_assert_ptr_nonnull(strstr(r.err, "PE 0 (thread "));
    tu_free(&r);
    const char *fixed[] = {"reduction", "critical", "atomic", "ordered", "tasks", NULL};
    clean_on_three_seeds("omp_sum_race", fixed, ": 2080\n");
}
END_TEST

/* std::thread (started and joined inside the C++ run-time library),
 * std::mutex and std::condition_variable: the same seed gives the same
 * output, SHMEM calls from the threads land, a plain counter two threads
 * share is a data-race naming both (demangled), std::atomic is clean. */
START_TEST(cxx_std_thread_runs_as_threads_of_the_pe)
{
    /* A sanitizer build of the simulator has the sanitizer's pthread_create
     * first in line: it wraps the thread in its own start routine, which
     * needs a thread of the operating system. */
    if (getenv("SHMEMSIM_SANITIZED")) {
        fprintf(stderr, "check_threads: std::thread is not simulated under a sanitizer build: "
                        "test skipped\n");
        return;
    }
    const char *work[] = {"work", NULL};
    clean_on_three_seeds("cxx_thread", work, ": threads ok 52 (provided 1)\n");
    run_result_t r = tu_run("a=$(%s -n 3 --quiet --seed 7 %s); b=$(%s -n 3 --quiet --seed 7 %s); "
                            "[ \"$a\" = \"$b\" ] && echo same", SIM, PROG("cxx_thread"), SIM,
                            PROG("cxx_thread"));
    ck_assert_str_eq(r.out, "same\n");
    tu_free(&r);
    r = tu_run("%s -n 2 --quiet %s race", SIM, PROG("cxx_thread"));
    ck_assert_int_eq(r.status, 4);
    char want[96];
    snprintf(want, sizeof want, "(thread 1)'s store at count(bool) at cxx_thread.cpp:%d",
             tu_line_of("tests/programs/cxx_thread.cpp", "RACE(cxx)"));
    ck_assert_msg(strstr(r.err, want) && strstr(r.err, "(thread 2)'s load at count(bool)") &&
                      strstr(r.err, "in 'hits' (8 bytes)"),
                  "want '%s' in:\n%s", want, r.err);
    tu_free(&r);
    const char *fixed[] = {"atomic", NULL};
    clean_on_three_seeds("cxx_thread", fixed, ": 200\n");
}
END_TEST

START_TEST(deadlock_report_lists_each_thread)
{
    char path[96];
    snprintf(path, sizeof path, "/tmp/shmemsim-threads-%d.json", (int)getpid());
    run_result_t r = tu_run("%s -n 1 --report %s %s", SIM, path, PROG("pthread_deadlock"));
    ck_assert_int_eq(r.status, 3);
    ck_assert_ptr_nonnull(strstr(r.err, "PE 0: blocked in pthread_mutex_lock(a mutex that "
                                        "thread 1 holds), called from main at "
                                        "pthread_deadlock.c:35"));
    ck_assert_ptr_nonnull(strstr(r.err, "PE 0 thread 1: blocked in pthread_mutex_lock(a mutex "
                                        "that thread 0 holds), called from other at "
                                        "pthread_deadlock.c:17"));
    char *j = tu_read_file(path, NULL);
    ck_assert_ptr_nonnull(j);
    ck_assert_ptr_nonnull(strstr(j, "\"threads_blocked\": [{\"thread\": 1, \"blocked_in\": "
                                    "\"pthread_mutex_lock(a mutex that thread 0 holds)\"}]"));
    free(j);
    unlink(path);
    tu_free(&r);
}
END_TEST

START_TEST(a_signal_to_one_thread_is_a_finding_not_a_crash)
{
    run_result_t r = tu_run("%s -n 1 --quiet %s kill", SIM, PROG("pthread_deadlock"));
    ck_assert_int_eq(r.status, 4);
    ck_assert_ptr_nonnull(strstr(r.out, "kill failed: 1"));
    ck_assert_ptr_nonnull(strstr(r.err, "[thread-unsupported]"));
    ck_assert_ptr_nonnull(strstr(r.err, "pthread_deadlock.c:29"));
    tu_free(&r);
}
END_TEST

/* Deferred cancellation: at a sleep (at once, not when the sleep would
 * end), a condition wait (the handler gives the mutex back), cleanup
 * handlers newest first on a cancel and on pthread_exit, a cancel held
 * while disabled; two PEs whose threads spin on sched_yield while their
 * main programs sleep (which once held virtual time still). */
START_TEST(cancel_ends_threads_at_cancellation_points)
{
    static const char *const lines[] = {
        ": watchdog cancelled after less than a second\n",
        ": waiter cancelled, mutex free\n",
        ": cancel ran handlers 'ba', cancelled\n",
        ": pthread_exit ran handlers 'ba', returned 7\n",
        ": disabled thread cancelled\n",
        ": cancel of an ended thread: 0, it returned; of a joined one: ESRCH\n",
    };
    run_result_t r = tu_run("%s -n 2 --quiet %s", SIM, PROG("pthread_cancel"));
    ck_assert_msg(r.status == 0 && r.err[0] == 0, "%d\n%s%s", r.status, r.out, r.err);
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        ck_assert_msg(tu_count(r.out, lines[i]) == 2, "not twice: %s\n%s", lines[i], r.out);
    ck_assert_int_eq(tu_count(r.out, "watchdog fired"), 0);
    ck_assert_int_eq(tu_count(r.out, " ok\n"), 2);
    tu_free(&r);
}
END_TEST

/* What a program asks about a thread (its stack, CPU set, CPU clock,
 * scheduling: glibc would read the pthread_t as a descriptor address and
 * crash) and the non-blocking and timed joins, in the main program and
 * in a thread of each PE. */
START_TEST(thread_queries_and_timed_joins)
{
    run_result_t r = tu_run("%s -n 2 --quiet %s", SIM, PROG("pthread_query"));
    ck_assert_msg(r.status == 0 && r.err[0] == 0, "%d\n%s%s", r.status, r.out, r.err);
    for (int pe = 0; pe < 2; pe++)
        for (int w = 0; w < 2; w++) {
            char want[200];
            snprintf(want, sizeof want, "PE %d %s: stack ok, affinity 0 (some CPU), cpu clock "
                     "read, policy other 0, set 0\n", pe, w ? "thread" : "main");
            ck_assert_msg(strstr(r.out, want), "no '%s' in:\n%s", want, r.out);
        }
    ck_assert_int_eq(tu_count(r.out, "joins: try EBUSY, timed ETIMEDOUT, join 0 returned 42\n"),
                     2);
    tu_free(&r);
}
END_TEST

/* Semaphores order a hand-off between threads (a read before the wait is
 * a race naming both lines); every clock-named and timed wait gives up at
 * its deadline in virtual time; a cancel ends a sem_wait. */
START_TEST(semaphores_and_clock_named_waits)
{
    const char *clean[] = {"", NULL};
    clean_on_three_seeds("pthread_sem", clean, "trywait EAGAIN, timedwait ETIMEDOUT after 1000 "
                         "us, clockwait ETIMEDOUT after 1000 us, cond ETIMEDOUT, mutex "
                         "ETIMEDOUT, wrlock ETIMEDOUT, rdlock 0, sem_wait cancelled\n");
    run_result_t r = tu_run("%s -n 2 --quiet %s", SIM, PROG("pthread_sem"));
    ck_assert_msg(strstr(r.out, "PE 0: got 40, value 0,") && strstr(r.out, "PE 1: got 41, value 0,"),
                  "%s", r.out);
    tu_free(&r);
    r = tu_run("%s -n 2 --quiet %s race", SIM, PROG("pthread_sem"));
    ck_assert_int_eq(r.status, 4);
    char want[96], store[96];
    snprintf(want, sizeof want, "(main thread)'s load at main at pthread_sem.c:%d",
             tu_line_of("tests/programs/pthread_sem.c", "RACE(sem)"));
    snprintf(store, sizeof store, "(thread 1)'s store at producer at pthread_sem.c:%d",
             tu_line_of("tests/programs/pthread_sem.c", "the hand-off's write"));
    ck_assert_msg(strstr(r.err, want) && strstr(r.err, store), "want '%s' and '%s' in:\n%s",
                  want, store, r.err);
    tu_free(&r);
}
END_TEST

/* The C++ library's own synchronisation between threads of a PE: a
 * function-local static's guard (contended, its constructor blocked in a
 * get), call_once, async and promise, C++20's latch, barrier, semaphore
 * and atomic wait, on one to three PEs and two seeds, with no finding. */
START_TEST(cxx_library_synchronisation_in_threads)
{
    if (getenv("SHMEMSIM_SANITIZED")) {
        fprintf(stderr, "check_threads: std::thread is not simulated under a sanitizer build: "
                        "test skipped\n");
        return;
    }
    for (int n = 1; n <= 3; n++) {
        run_result_t r = tu_run("for s in 1 2; do %s -n %d --quiet --seed $s %s || echo fail; done",
                                SIM, n, PROG("cxx20_sync"));
        ck_assert_msg(tu_count(r.out, ": cxx sync ok\n") == 2 * n && !strstr(r.out, "fail") &&
                          !r.err[0],
                      "%d PEs:\n%s%s", n, r.out, r.err);
        tu_free(&r);
    }
}
END_TEST

Suite *threads_suite(void)
{
    Suite *s = suite_create("threads");
    TCase *t = tcase_create("threads");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, openmp_constructs_call_shmem_from_workers);
    tcase_add_test(t, openmp_nested_regions);
    tcase_add_test(t, same_seed_same_output_twenty_runs_and_both_privatizations);
    tcase_add_test(t, pthread_producers_and_consumer_over_atomics);
    tcase_add_test(t, fortran_parallel_do_calls_shmem);
    tcase_add_test(t, the_watchdog_lists_the_threads_of_the_other_pes);
    tcase_add_test(t, thread_local_variables_per_thread);
    tcase_add_test(t, thread_local_objects_per_pe_and_thread);
    tcase_add_test(t, tsan_annotations_are_edges);
    tcase_add_test(t, sibling_plain_stores_wake_shmem_waits);
    tcase_add_test(t, openmp_ull_loops_and_taskloop);
    tcase_add_test(t, openmp_task_reductions);
    tcase_add_test(t, a_crash_in_a_thread_names_the_thread);
    tcase_add_test(t, lapi_from_a_pthread);
    tcase_add_test(t, the_seed_chooses_the_order_of_threads_woken_together);
    tcase_add_test(t, a_foreign_thread_calling_the_library_stops_the_run);
    tcase_add_test(t, a_plain_spin_loop_lets_the_writer_run);
    tcase_add_test(t, threads_on_one_lock_are_a_misuse_not_a_crash);
    tcase_add_test(t, hybrid_race_found_and_twin_clean);
    tcase_add_test(t, stores_after_an_omp_barrier_race);
    tcase_add_test(t, a_poll_under_a_mutex_lets_time_pass);
    tcase_add_test(t, race_between_two_threads_of_a_pe);
    tcase_add_test(t, race_between_openmp_threads);
    tcase_add_test(t, cxx_std_thread_runs_as_threads_of_the_pe);
    tcase_add_test(t, deadlock_report_lists_each_thread);
    tcase_add_test(t, a_signal_to_one_thread_is_a_finding_not_a_crash);
    tcase_add_test(t, cancel_ends_threads_at_cancellation_points);
    tcase_add_test(t, thread_queries_and_timed_joins);
    tcase_add_test(t, semaphores_and_clock_named_waits);
    tcase_add_test(t, cxx_library_synchronisation_in_threads);
    suite_add_tcase(s, t);
    return s;
}
