/* tests/check_crash: how a run ends when a PE fails outside the API: the
 * exit status, the PE and the exact source line in the report (read from
 * the "@name" markers of tests/programs/crash_sites.c), and every line of
 * output written before the failure. */
#include "testutil.h"

#include "jsonschema.h"

#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
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

/* PE 1 of crash_sites MODE crashes with "PE 1 crashed: " what " (in the
 * line marked @MODE)"; every PE's output is kept. */
static void crash_reads(const char *mode, const char *what)
{
    char at[120], want[400];
    site(at, sizeof at, "fail", mode);
    snprintf(want, sizeof want, "PE 1 crashed: %s (in %s)", what, at);
    run_result_t r = tu_run("%s -n 3 %s %s", SIM, PROG("crash_sites"), mode);
    ck_assert_int_eq(r.status, 5);
    ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
    all_output_kept(&r, 3);
    tu_free(&r);
}

START_TEST(segfault_names_the_faulting_line)
{
    crash_reads("segv", "Segmentation fault at address 0x8");
}
END_TEST

/* A fault at a private address that is none of the simulator's says so
 * (it printed "at address private memory"); the address itself, which
 * changes from run to run, is not printed, so outputs repeat. */
START_TEST(a_wild_address_is_described)
{
    crash_reads("wild", "Segmentation fault at an address outside the symmetric heap, the "
                        "program's data and the PE stacks (not printed: it changes from run "
                        "to run)");
}
END_TEST

/* A fault in a call stub (the PLT entry on the way to a library routine)
 * is placed at the program's call, and the run ends with the crash status
 * even though the PE's memory is broken (the copy's destructors, which
 * exit would run, are not run). */
START_TEST(a_fault_in_a_call_stub_names_the_call)
{
    char at[120], want[200];
    site(at, sizeof at, "fail", "stub");
    snprintf(want, sizeof want, ") (in %s)", at);
    for (int swap = 0; swap <= 1; swap++) {
        run_result_t r = tu_run("%s -n 3 --privatize %s %s stub", SIM, swap ? "swap" : "copy",
                                PROG("crash_sites"));
        ck_assert_msg(r.status == 5, "status %d\n%s", r.status, r.err);
        ck_assert_msg(strstr(r.err, "PE 1 crashed: Segmentation fault at address ") &&
                          strstr(r.err, want), "want '%s' in: %s", want, r.err);
        all_output_kept(&r, 3);
        tu_free(&r);
    }
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

/* The same with every guard zone live and with one only (as with more PEs
 * than the kernel's mapping limit gives guards): the recursion runs into
 * the next live guard. */
/* A PE that corrupts the C library's heap makes the allocator abort while
 * holding its lock; the simulator shares that heap, yet the run ends (it
 * hung for ever) with a crash's status, the PE named and the output kept. */
START_TEST(a_corrupted_heap_ends_the_run)
{
    /* Under a sanitizer build the allocator is the sanitizer's, which
     * reports the bad write itself and ends the process. */
    if (getenv("SHMEMSIM_SANITIZED")) {
        fprintf(stderr, "check_crash: the C library's allocator is not in use under a sanitizer "
                        "build: test skipped\n");
        return;
    }
    run_result_t r = tu_run("timeout -s KILL 60 %s -n 2 %s", SIM, PROG("heap_corrupt"));
    ck_assert_msg(r.status == 5 &&
                      strstr(r.err, "shmemsim: PE 1 aborted inside the C library's allocator") &&
                      strstr(r.out, "PE 1 started\n"),
                  "status %d\n%s%s", r.status, r.out, r.err);
    tu_free(&r);
}
END_TEST

START_TEST(stack_overflow_names_the_frame_line)
{
    const char *env[] = {"", "SHMEMSIM_STACK_GUARDS=1 "};
    for (int e = 0; e < 2; e++) {
        char at[120], want[200];
        site(at, sizeof at, "deep", "overflow");
        snprintf(want, sizeof want, "stack overflow in PE 1 (in %s)", at);
        run_result_t r = tu_run("%s%s -n 3 %s overflow", env[e], SIM, PROG("crash_sites"));
        ck_assert_int_eq(r.status, 5);
        ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
        snprintf(want, sizeof want, "[stack-overflow] PE 1 at t=");
        ck_assert_ptr_nonnull(strstr(r.err, want));
        snprintf(want, sizeof want, "in deep, called from %s:", at);
        ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
        all_output_kept(&r, 3);
        tu_free(&r);
    }
}
END_TEST

/* With more PEs than guard zones the kernel's mapping limit allows (here
 * forced down to one), a frame that jumps past its PE's unprotected zone
 * is seen at the PE's next simulator call, before the PE whose stack it
 * wrote runs again. */
START_TEST(overflow_without_a_guard_zone_is_still_found)
{
    run_result_t r = tu_run("SHMEMSIM_STACK_GUARDS=1 %s -n 3 %s big-frame", SIM, PROG("crash_sites"));
    ck_assert_int_eq(r.status, 5);
    ck_assert_msg(strstr(r.err, "stack overflow in PE 1 (found at its next simulator call, from "
                          "main at crash_sites.c:"), "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.err, "[stack-overflow] PE 1 at t="));
    ck_assert_ptr_null(strstr(r.err, "PE 0 crashed"));
    all_output_kept(&r, 3);
    tu_free(&r);
}
END_TEST

/* A 1.6 MB frame on the 1 MiB stack is caught as an overflow of PE 1's
 * own stack: PE modules probe every page of a large frame. */
START_TEST(huge_frame_is_a_stack_overflow)
{
    run_result_t r = tu_run("%s -n 3 %s big-frame", SIM, PROG("crash_sites"));
    ck_assert_int_eq(r.status, 5);
    ck_assert_msg(strstr(r.err, "stack overflow in PE 1 (in big_frame at crash_sites.c:"), "%s",
                  r.err);
    all_output_kept(&r, 3);
    tu_free(&r);
    r = tu_run("%s/bin/shmemsim-cc --showme -o x x.c", getenv("SHMEMSIM_OUT") ?
               getenv("SHMEMSIM_OUT") : ".");
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, " -fstack-clash-protection "));
    tu_free(&r);
}
END_TEST

/* Stacks that cannot be mapped are a usage error before any PE starts. */
START_TEST(unmappable_stack_is_a_usage_error)
{
    const char *sizes[] = {"100T", "1000T", "16E"};
    for (int i = 0; i < 3; i++) {
        run_result_t r = tu_run("%s -n 2 --stack-size %s %s segv", SIM, sizes[i],
                                PROG("crash_sites"));
        ck_assert_msg(r.status == 2, "%s: %d %s", sizes[i], r.status, r.err);
        ck_assert_msg(tu_count(r.err, "\n") == 1 && strstr(r.err, "--stack-size"), "%s",
                      r.err);
        ck_assert_str_eq(r.out, "");
        tu_free(&r);
    }
}
END_TEST

/* The watchdog names the line a PE spun at; for a read of a pipe nobody
 * writes, or a file lock another PE holds, which block the process, it
 * says which call it waited in (they were taken for loops that were not
 * recognised as waits). */
START_TEST(watchdog_names_the_spinning_line)
{
    static const struct {
        const char *mode, *text;
    } cases[] = {
        {"spin", "watchdog: PE 1 ran for 1 s of wall time without calling the simulator (at %s)"},
        {"pipe", "watchdog: PE 1 waited for 1 s of wall time in read(), a system call that "
                 "blocks (at %s)"},
        {"flock", "watchdog: PE 1 was blocked in the kernel for 1 s of wall time, in the system "
                  "call flock() (at %s)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char at[120], want[260];
        site(at, sizeof at, "fail", cases[i].mode);
        snprintf(want, sizeof want, cases[i].text, at);
        run_result_t r = tu_run("%s -n 3 --watchdog 1 %s %s", SIM, PROG("crash_sites"),
                                cases[i].mode);
        ck_assert_int_eq(r.status, 6);
        ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
        all_output_kept(&r, 3);
        tu_free(&r);
    }
}
END_TEST

typedef struct crash_case {
    const char *mode;   /* argv[1] of crash_sites, and its marker */
    int status;         /* shmemsim's exit status */
    const char *what;   /* "PE 1 crashed: ..." up to the location */
} crash_case_t;

static const crash_case_t cases[] = {
    {"assert", 5, "PE 1 crashed: Aborted: assertion failed"},
    {"double-free", 5, "PE 1 crashed: Aborted"},
    {"raise-abrt", 5, "PE 1 crashed: Aborted"},
    {"raise-term", 5, "PE 1 crashed: Terminated"},
    {"raise-int", 5, "PE 1 crashed: Interrupt"},
    {"raise-usr1", 5, "PE 1 crashed: User defined signal 1"},
    {"kill-self", 5, "PE 1 crashed: User defined signal 1"},
    {"sig-dfl", 5, "PE 1 crashed: Segmentation fault at address 0x8"},
    {"reraise", 5, "PE 1 crashed: Segmentation fault at address 0x8"},
    {"stack-chk", 5, "PE 1 crashed: Aborted: stack smashing detected"},
    {"exec", 5, "PE 1 crashed: Aborted: called execv, which would replace the whole simulation"},
};

/* Each way out of a process ends only PE 1, named with its line, and
 * every PE's earlier output is kept. */
START_TEST(every_abort_path_is_a_pe_crash)
{
    const crash_case_t *c = &cases[_i];
    char at[120], want[300];
    /* Under AddressSanitizer (make check-asan) its allocator catches the
     * double free itself and ends the process: nothing of ours to test. */
    const char *out = getenv("SHMEMSIM_OUT");
    if (!strcmp(c->mode, "double-free") && out && strstr(out, "asan"))
        return;
    site(at, sizeof at, "fail", c->mode);
    run_result_t r = tu_run("%s -n 3 %s %s", SIM, PROG("crash_sites"), c->mode);
    ck_assert_msg(r.status == c->status, "%s: status %d: %s", c->mode, r.status, r.err);
    snprintf(want, sizeof want, "%s", c->what);
    ck_assert_msg(strstr(r.err, want), "%s: want '%s' in: %s", c->mode, want, r.err);
    snprintf(want, sizeof want, " (in %s)\n", at);
    ck_assert_msg(strstr(r.err, want), "%s: want '%s' in: %s", c->mode, want, r.err);
    all_output_kept(&r, 3);
    tu_free(&r);
}
END_TEST

START_TEST(assert_prints_glibc_message_on_the_pe_stderr)
{
    char want[200];
    snprintf(want, sizeof want, "crash_sites.c:%d: fail: Assertion `argc == 0' failed.\n",
             tu_line_of(SRC, "@assert"));
    run_result_t r = tu_run("%s -n 3 %s assert", SIM, PROG("crash_sites"));
    ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
    tu_free(&r);
}
END_TEST

START_TEST(quick_exit_ends_the_pe_with_its_status)
{
    run_result_t r = tu_run("%s -n 3 %s quick-exit", SIM, PROG("crash_sites"));
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.err, "PE 1 exited with status 9"));
    all_output_kept(&r, 3);
    tu_free(&r);
}
END_TEST

/* A handler a PE installs runs for that PE's own fault only. */
START_TEST(signal_handlers_are_per_pe)
{
    char at[120], want[200];
    site(at, sizeof at, "fail", "segv-1");
    run_result_t r = tu_run("%s -n 3 %s handler", SIM, PROG("crash_sites"));
    ck_assert_int_eq(r.status, 5);
    snprintf(want, sizeof want, "PE 1 crashed: Segmentation fault at address 0x8 (in %s)", at);
    ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
    ck_assert_ptr_null(strstr(r.out, "handler got"));
    tu_free(&r);
    r = tu_run("%s -n 3 %s handler-own", SIM, PROG("crash_sites"));
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "PE 2 handler got signal 11\n"));
    ck_assert_ptr_nonnull(strstr(r.err, "PE 2 exited with status 7"));
    tu_free(&r);
}
END_TEST

/* A stack the program made for threads of its own (makecontext on a
 * malloc'd block) is not an overflow of the PE's stack, though the PE
 * calls the simulator from it. */
START_TEST(threads_on_the_programs_own_stacks_are_no_overflow)
{
    run_result_t r = tu_run("%s -n 3 --quiet %s", SIM, PROG("ucontext_threads"));
    ck_assert_msg(r.status == 0 && tu_count(r.out, ": user thread resumed\n") == 3, "%d\n%s%s",
                  r.status, r.out, r.err);
    tu_free(&r);
}
END_TEST

/* kill of another PE's pid (getpid's) signals that PE, wherever it waits:
 * its default action ends it, naming who sent it; its handler runs in it.
 * A signal to every process is refused, not sent to the machine's. */
START_TEST(kill_of_a_peer_pid_signals_that_pe)
{
    char at[120], want[300];
    site(at, sizeof at, "fail", "kill-peer");
    run_result_t r = tu_run("%s -n 3 %s kill-peer", SIM, PROG("crash_sites"));
    ck_assert_int_eq(r.status, 5);
    snprintf(want, sizeof want, "PE 2 crashed: Terminated, sent by PE 1 with kill() from %s "
             "during shmem_barrier_all called from main at crash_sites.c:", at);
    ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "kill(-1) -1 EPERM, kill(peer, 0) 0\n"));
    tu_free(&r);
    r = tu_run("%s -n 3 %s kill-peer-handler", SIM, PROG("crash_sites"));
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "PE 2 got signal 10 PE 2 done\n"));
    ck_assert_int_eq(tu_count(r.out, " done\n"), 3);
    tu_free(&r);
}
END_TEST

/* alarm is per PE and counts virtual time: it ends only the PE that set
 * it (default action) or runs that PE's handler, even while it waits. */
START_TEST(alarm_is_per_pe_in_virtual_time)
{
    char at[120], want[300];
    site(at, sizeof at, "fail", "alarm");
    run_result_t r = tu_run("%s -n 3 %s alarm", SIM, PROG("crash_sites"));
    ck_assert_int_eq(r.status, 5);
    snprintf(want, sizeof want, "PE 1 crashed: Alarm clock during shmem_long_wait_until called "
             "from %s\n", at);
    ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
    ck_assert_msg(strstr(r.err, ": crash at virtual time 2000"), "%s", r.err);
    all_output_kept(&r, 3);
    tu_free(&r);
    r = tu_run("%s -n 3 %s alarm-handler", SIM, PROG("crash_sites"));
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "PE 1 alarm handler got signal 14\n"));
    ck_assert_ptr_nonnull(strstr(r.err, "PE 1 exited with status 3"));
    tu_free(&r);
}
END_TEST

/* alarm(0) in a PE does not turn the watchdog off. */
START_TEST(alarm_zero_leaves_the_watchdog_on)
{
    char at[120], want[300];
    site(at, sizeof at, "fail", "alarm0");
    run_result_t r = tu_run("%s -n 2 --watchdog 1 %s alarm0", SIM, PROG("crash_sites"));
    ck_assert_int_eq(r.status, 6);
    snprintf(want, sizeof want, "watchdog: PE 1 ran for 1 s of wall time without calling the "
             "simulator (at %s)", at);
    ck_assert_msg(strstr(r.err, want), "want '%s' in: %s", want, r.err);
    tu_free(&r);
}
END_TEST

/* Reads fd until EOF into a growing string. */
static char *read_all(int fd, char *buf, size_t *len)
{
    char chunk[4096];
    ssize_t n;
    while ((n = read(fd, chunk, sizeof chunk)) > 0) {
        buf = realloc(buf, *len + (size_t)n + 1);
        memcpy(buf + *len, chunk, (size_t)n);
        *len += (size_t)n;
        buf[*len] = '\0';
    }
    return buf;
}

/* Runs argv (stdout into out when not NULL) and reads its stderr until
 * marker has appeared; the rest is for read_all on *fd.  Returns the pid. */
static pid_t run_until(const char *const argv[], const char *out, const char *marker, int *fd,
                       char **text, size_t *len)
{
    int efd[2];
    ck_assert_int_eq(pipe(efd), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        if (out) {
            FILE *o = freopen(out, "w", stdout);
            (void)o;
        }
        dup2(efd[1], 2);
        close(efd[0]);
        close(efd[1]);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(efd[1]);
    *text = NULL;
    *len = 0;
    char chunk[512];
    while (!*text || !strstr(*text, marker)) {
        ssize_t n = read(efd[0], chunk, sizeof chunk);
        ck_assert_int_gt(n, 0);
        *text = realloc(*text, *len + (size_t)n + 1);
        memcpy(*text + *len, chunk, (size_t)n);
        *len += (size_t)n;
        (*text)[*len] = '\0';
    }
    *fd = efd[0];
    return pid;
}

/* Sends the run of run_until SIGTERM and reads the rest of its stderr:
 * it must end with its own status, saying what stopped it. */
static char *terminate(pid_t pid, int fd, char *text, size_t *len)
{
    kill(pid, SIGTERM);
    text = read_all(fd, text, len);
    close(fd);
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 7, "status %d: %s", st, text);
    ck_assert_msg(strstr(text, "stopped by Terminated (SIGTERM from outside)"), "%s", text);
    return text;
}

/* SIGTERM from outside (a CI timeout): its own exit status, each PE's
 * position, every line of output, and the report. */
START_TEST(sigterm_from_outside_keeps_output_and_report)
{
    char rep[128], outp[128], err[512];
    snprintf(rep, sizeof rep, "/tmp/shmemsim-term-%d.json", (int)getpid());
    snprintf(outp, sizeof outp, "/tmp/shmemsim-term-%d.out", (int)getpid());
    /* Wait for PE 0's line on stderr: from then on it spins in shmem_quiet. */
    const char *argv[] = {SIM, "-n", "3", "--report", rep, PROG("crash_sites"), "wait", NULL};
    char *text;
    size_t len;
    int fd;
    pid_t pid = run_until(argv, outp, "PE 0 spinning\n", &fd, &text, &len);
    text = terminate(pid, fd, text, &len);
    /* PE 0 is in shmem_quiet nearly all the time; in the few instructions
     * of its loop and of the call's stub, it is at the same line. */
    char want[200], or_want[200];
    snprintf(want, sizeof want, "  PE 0: running in shmem_quiet, called from main at "
             "crash_sites.c:%d\n", tu_line_of(SRC, "@wait"));
    snprintf(or_want, sizeof or_want, "  PE 0: running, at main at crash_sites.c:%d\n",
             tu_line_of(SRC, "@wait"));
    ck_assert_msg(strstr(text, want) || strstr(text, or_want), "want '%s' in: %s", want, text);
    ck_assert_msg(strstr(text, "  PE 1: blocked in shmem_barrier_all"), "%s", text);
    ck_assert_msg(strstr(text, "  PE 2: blocked in shmem_barrier_all"), "%s", text);
    run_result_t r = {0, tu_read_file(outp, NULL), text};
    unlink(outp);
    all_output_kept(&r, 3);
    char *json = tu_read_file(rep, NULL);
    unlink(rep);
    ck_assert_ptr_nonnull(json);
    ck_assert_ptr_nonnull(strstr(json, "\"outcome\": \"interrupted\""));
    ck_assert_msg(js_validate_text("share/report.schema.json", json, err, sizeof err) == 0, "%s",
                  err);
    free(json);
    tu_free(&r);
}
END_TEST

/* SIGTERM while a PE computes in instrumented code, which calls the
 * simulator at every access and so always looks busy: the run still
 * stops, within the watchdog's next look. */
START_TEST(sigterm_stops_a_pe_computing_in_instrumented_code)
{
    const char *argv[] = {SIM, "-n", "1", "--quiet", PROG("compute_long"), "4", "forever", NULL};
    char *text;
    size_t len;
    int fd;
    pid_t pid = run_until(argv, NULL, "PE 0 computing\n", &fd, &text, &len);
    usleep(200000); /* well inside its loop */
    free(terminate(pid, fd, text, &len));
}
END_TEST

/* fork in a PE makes a plain process: its output is not repeated, exec
 * works, a call into the simulator ends it with 127, and the job goes on
 * as if nothing happened (no second summary, no false deadlock). */
START_TEST(fork_makes_a_process_that_is_not_a_pe)
{
    static const struct {
        const char *how, *child_line, *status;
    } cases[] = {
        {"exit", "child of PE 0 says hello\n", "PE 0 child status 3\n"},
        {"exec", "child ran echo\n", "PE 0 child status 0\n"},
        {"shmem", NULL, "PE 0 child status 127\n"},
    };
    for (int i = 0; i < 3; i++) {
        run_result_t r = tu_run("%s -n 3 %s %s", SIM, PROG("forking"), cases[i].how);
        ck_assert_msg(r.status == 0, "%s: %d\n%s%s", cases[i].how, r.status, r.out, r.err);
        ck_assert_int_eq(tu_count(r.out, "PE 0 before\n"), 1);
        ck_assert_int_eq(tu_count(r.out, " after\n"), 3);
        ck_assert_int_eq(tu_count(r.out, cases[i].status), 1);
        if (cases[i].child_line)
            ck_assert_int_eq(tu_count(r.out, cases[i].child_line), 1);
        else
            ck_assert_ptr_nonnull(strstr(r.err, "a process forked by PE 0 called "
                                                "shmem_barrier_all: it is not a PE"));
        ck_assert_int_eq(tu_count(r.err, "shmemsim: 3 PEs, seed 1: ok"), 1);
        ck_assert_ptr_null(strstr(r.err, "deadlock"));
        tu_free(&r);
    }
}
END_TEST

/* No user input reaches an internal assertion: every bad-input program
 * and mode of the suites, and LAPI's largest run, ends with a finding, a
 * crash of the PE or a clear error, never "internal error". */
START_TEST(no_internal_assertion_is_reachable_from_user_programs)
{
    static const char *const runs[] = {
        "4 findings not-initialized bad", "4 findings invalid-pe bad",
        "4 findings null-pointer bad", "4 findings nonsymmetric-address bad",
        "4 findings symmetric-out-of-bounds bad", "4 findings oob-heap bad",
        "4 findings overlap bad", "4 findings heap-size-mismatch bad",
        "4 findings collective-not-member bad", "4 findings collective-args-mismatch bad",
        "4 findings collective-order-mismatch bad", "4 findings psync-reuse bad",
        "4 findings psync-uninitialized bad", "4 findings psync-modified bad",
        "4 findings psync-put bad", "4 findings nbi-buffer-modified bad",
        "4 findings lock-misuse bad", "4 findings pending-lock bad", "4 findings pending-exit bad",
        "2 misuse pe", "2 misuse stack", "2 misuse null", "2 p2p_misuse put_pe",
        "2 p2p_misuse amo_pe", "2 p2p_misuse iget_null", "2 p2p_misuse nbi_stack",
        "2 p2p_misuse signal_stack", "2 p2p_misuse wait_stack", "2 p2p_misuse lock_stack",
        "2 p2p_misuse ctx_invalid", "2 p2p_misuse team_pe", "4 coll_misuse root",
        "4 coll_misuse order", "4 coll_misuse count", "2 lapi_misuse inline",
        "2 lapi_misuse deadlock", "2 lapi_misuse exit", "2 lapi_misuse blocking",
        "2 lapi_misuse comm", "2 lapi_misuse sleep", "2 lapi_misuse crash",
        "2 lapi_misuse nullbuf", "2 lapi_misuse afterterm", "2 lapi_misuse stackaddr",
        "2 lapi_misuse deadcntr",
        "2 lapi_misuse notset", "2 lapi_misuse mismatch", "2 lapi_wild code", "2 lapi_wild past",
        "2 lapi_wild unmapped", "2 lapi_wild rmw", "4 conform zero-coll", "4 conform align-bad",
        "4 conform oob-put", "4 conform inplace-bcast", "1 conform zero-sizes",
        "20000 lapi_ring_ch",
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        int npes;
        char prog[32], args[64] = "";
        ck_assert(sscanf(runs[i], "%d %31s %63[^\n]", &npes, prog, args) >= 2);
        /* LeakSanitizer's exit scan of 20,000 stacks takes longer than
         * the run itself; leaks are checked by every other run */
        run_result_t r = tu_run("%s%s -n %d --quiet %s %s",
                                npes > 1000 ? "ASAN_OPTIONS=detect_leaks=0 " : "", SIM, npes,
                                PROG(prog), args);
        ck_assert_msg(!strstr(r.err, "internal error") && r.status != 134 && r.status != 139,
                      "%s: status %d\n%s", runs[i], r.status, r.err);
        if (npes == 20000) /* runs, or says before starting what it needs */
            ck_assert_msg(r.status == 0 ? tu_count(r.out, " ok\n") == npes
                                        : r.status == 2 && r.out[0] == 0 &&
                                              strstr(r.err, "helper stack (LAPI completion "
                                                            "handlers)"),
                          "%s: status %d\n%s", runs[i], r.status, r.err);
        tu_free(&r);
    }
}
END_TEST

Suite *crash_suite(void)
{
    Suite *s = suite_create("crash");
    TCase *tc = tcase_create("crash");
    /* About 15 s on an idle machine for the longest (a 20,000-task LAPI
     * ring); room for a machine busy with other work. */
    tcase_set_timeout(tc, 180);
    tcase_add_test(tc, segfault_names_the_faulting_line);
    tcase_add_test(tc, a_wild_address_is_described);
    tcase_add_test(tc, abort_names_its_call);
    tcase_add_test(tc, a_fault_in_a_call_stub_names_the_call);
    tcase_add_test(tc, a_corrupted_heap_ends_the_run);
    tcase_add_test(tc, stack_overflow_names_the_frame_line);
    tcase_add_test(tc, watchdog_names_the_spinning_line);
    tcase_add_test(tc, huge_frame_is_a_stack_overflow);
    tcase_add_test(tc, overflow_without_a_guard_zone_is_still_found);
    tcase_add_test(tc, unmappable_stack_is_a_usage_error);
    tcase_add_loop_test(tc, every_abort_path_is_a_pe_crash, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, assert_prints_glibc_message_on_the_pe_stderr);
    tcase_add_test(tc, quick_exit_ends_the_pe_with_its_status);
    tcase_add_test(tc, signal_handlers_are_per_pe);
    tcase_add_test(tc, sigterm_from_outside_keeps_output_and_report);
    tcase_add_test(tc, sigterm_stops_a_pe_computing_in_instrumented_code);
    tcase_add_test(tc, kill_of_a_peer_pid_signals_that_pe);
    tcase_add_test(tc, threads_on_the_programs_own_stacks_are_no_overflow);
    tcase_add_test(tc, alarm_is_per_pe_in_virtual_time);
    tcase_add_test(tc, alarm_zero_leaves_the_watchdog_on);
    tcase_add_test(tc, fork_makes_a_process_that_is_not_a_pe);
    tcase_add_test(tc, no_internal_assertion_is_reachable_from_user_programs);
    suite_add_tcase(s, tc);
    return s;
}
