/* tests/check_lapi: LAPI programs (tests/programs/lapi_*.c) run under
 * bin/shmemsim: the seed page's examples, transfers, counters, handlers,
 * polling and interrupt modes, error codes and findings. */
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

START_TEST(seed_strided_example)
{
    expect_all_ok("lapi_seed_strided", "", counts, 4);
}
END_TEST

/* The seed page's two GENERIC copy tables, read back from the bytes that
 * landed, for LAPI_Putv and LAPI_Amsendv, plus its "target longer than
 * origin" rule. */
static const char generic_tables[] =
    "table 1 (LAPI_Putv):\n"
    "  5 bytes from orgaddr_0+0 to tgtaddr_0+0\n"
    "  7 bytes from orgaddr_1+0 to tgtaddr_0+5\n"
    "  2 bytes from orgaddr_1+7 to tgtaddr_1+0\n"
    "  1 byte from orgaddr_1+9 to tgtaddr_2+0\n"
    "  3 bytes from orgaddr_2+0 to tgtaddr_2+1\n"
    "  2 bytes from orgaddr_2+3 to tgtaddr_3+0\n"
    "table 1 (LAPI_Amsendv):\n"
    "  5 bytes from orgaddr_0+0 to tgtaddr_0+0\n"
    "  7 bytes from orgaddr_1+0 to tgtaddr_0+5\n"
    "  2 bytes from orgaddr_1+7 to tgtaddr_1+0\n"
    "  1 byte from orgaddr_1+9 to tgtaddr_2+0\n"
    "  3 bytes from orgaddr_2+0 to tgtaddr_2+1\n"
    "  2 bytes from orgaddr_2+3 to tgtaddr_3+0\n"
    "table 2 (LAPI_Putv):\n"
    "  5 bytes from orgaddr_0+0 to tgtaddr_0+0\n"
    "  10 bytes from orgaddr_0+5 to tgtaddr_1+0\n"
    "  not copied: 5 bytes of orgaddr_0 from +15\n"
    "table 2 (LAPI_Amsendv):\n"
    "  5 bytes from orgaddr_0+0 to tgtaddr_0+0\n"
    "  10 bytes from orgaddr_0+5 to tgtaddr_1+0\n"
    "  not copied: 5 bytes of orgaddr_0 from +15\n"
    "table 3 (LAPI_Putv):\n"
    "  3 bytes from orgaddr_0+0 to tgtaddr_0+0\n"
    "  2 bytes from orgaddr_1+0 to tgtaddr_0+3\n"
    "  2 bytes from orgaddr_1+2 to tgtaddr_1+0\n"
    "  untouched: 3 bytes of tgtaddr_1 from +2\n"
    "table 3 (LAPI_Amsendv):\n"
    "  3 bytes from orgaddr_0+0 to tgtaddr_0+0\n"
    "  2 bytes from orgaddr_1+0 to tgtaddr_0+3\n"
    "  2 bytes from orgaddr_1+2 to tgtaddr_1+0\n"
    "  untouched: 3 bytes of tgtaddr_1 from +2\n";

START_TEST(generic_vectors_follow_the_seed_copy_tables)
{
    const char *priv[] = {"copy", "swap"};
    for (int p = 0; p < 2; p++) {
        run_result_t r = tu_run("%s -n 2 --quiet --privatize %s %s", SIM, priv[p],
                                PROG("lapi_generic"));
        ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
        ck_assert_ptr_nonnull(strstr(r.out, generic_tables));
        ck_assert_int_eq(tu_count(r.out, " ok\n"), 2);
        tu_free(&r);
    }
    /* Bystanders only take part in the fences. */
    run_result_t r = tu_run("%s -n 5 --quiet %s", SIM, PROG("lapi_generic"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, generic_tables));
    tu_free(&r);
}
END_TEST

/* The number after prefix on the line of out that starts with it. */
static double number_after(const char *out, const char *prefix)
{
    const char *p = strstr(out, prefix);
    ck_assert_msg(p != NULL, "no '%s' in %s", prefix, out);
    return atof(p + strlen(prefix));
}

START_TEST(netpipe_pingpong_put_counters_and_probe)
{
    const char *modes[] = {"pingpong", "pingpong interrupt"};
    for (int m = 0; m < 2; m++) {
        expect_all_ok("lapi_netpipe", modes[m], counts, 4);
        run_result_t r = tu_run("%s -n 2 --quiet %s %s", SIM, PROG("lapi_netpipe"), modes[m]);
        /* One way: 1us of latency, a little overhead and jitter, plus the
         * bytes at 10 GB/s. */
        double small = number_after(r.out, "pingpong      1 bytes:");
        double big = number_after(r.out, "pingpong  32768 bytes:");
        ck_assert_msg(small >= 1.0 && small < 1.6, "%f", small);
        ck_assert_msg(big >= 1.0 + 3.2768 && big < 1.6 + 3.3, "%f", big);
        tu_free(&r);
    }
}
END_TEST

START_TEST(netpipe_stream_bandwidth)
{
    const int some[] = {2, 5, 64};
    expect_all_ok("lapi_netpipe", "stream", some, 3);
    expect_all_ok("lapi_netpipe", "stream interrupt", some, 2);
    run_result_t r = tu_run("%s -n 2 --quiet %s stream", SIM, PROG("lapi_netpipe"));
    double bw = number_after(r.out, "stream    32768 bytes:");
    ck_assert_msg(bw > 8000 && bw <= 10000, "%f MB/s at 10 GB/s", bw);
    tu_free(&r);
    r = tu_run("%s -n 2 --quiet --net bandwidth=1GB/s %s stream", SIM, PROG("lapi_netpipe"));
    bw = number_after(r.out, "stream    32768 bytes:");
    ck_assert_msg(bw > 800 && bw <= 1000, "%f MB/s at 1 GB/s", bw);
    tu_free(&r);
}
END_TEST

START_TEST(distributed_counter_with_rmw)
{
    const int some[] = {1, 2, 3, 8, 64};
    expect_all_ok("lapi_rmw", "", some, 5);
}
END_TEST

START_TEST(am_completion_handlers_reply)
{
    expect_all_ok("lapi_am_reply", "", counts, 4);
    expect_all_ok("lapi_am_reply", "polling", counts, 4);
}
END_TEST

/* Every code the simulated routines return, each provoked by
 * lapi_errors in the situation its documentation describes. */
static const char *const provoked[] = {
    /* the seed's LAPI_Amsendv list */
    "LAPI_ERR_HDR_HNDLR_NULL", "LAPI_ERR_HNDL_INVALID", "LAPI_ERR_ORG_EXTENT",
    "LAPI_ERR_ORG_STRIDE", "LAPI_ERR_ORG_VEC_ADDR", "LAPI_ERR_ORG_VEC_LEN",
    "LAPI_ERR_ORG_VEC_NULL", "LAPI_ERR_ORG_VEC_TYPE", "LAPI_ERR_STRIDE_ORG_VEC_ADDR_NULL",
    "LAPI_ERR_TGT", "LAPI_ERR_TGT_PURGED", "LAPI_ERR_UHDR_LEN", "LAPI_ERR_UHDR_NULL",
    /* the rest of the reference's per-routine tables */
    "LAPI_ERR_INFO_NULL", "LAPI_ERR_INFO_NONZERO", "LAPI_ERR_ALL_HNDL_IN_USE",
    "LAPI_ERR_NO_UDP_HNDLR", "LAPI_ERR_UDP_PORT_INFO", "LAPI_ERR_QUERY_TYPE",
    "LAPI_ERR_RET_PTR_NULL", "LAPI_ERR_SET_VAL", "LAPI_ERR_CODE_UNKNOWN", "LAPI_ERR_UTIL_CMD",
    "LAPI_ERR_DATA_LEN", "LAPI_ERR_ORG_ADDR_NULL", "LAPI_ERR_TGT_ADDR_NULL",
    "LAPI_ERR_TGT_VEC_NULL", "LAPI_ERR_TGT_VEC_TYPE", "LAPI_ERR_TGT_VEC_ADDR",
    "LAPI_ERR_TGT_VEC_LEN", "LAPI_ERR_TGT_EXTENT", "LAPI_ERR_TGT_STRIDE",
    "LAPI_ERR_STRIDE_TGT_VEC_ADDR_NULL", "LAPI_ERR_VEC_NUM_DIFF", "LAPI_ERR_VEC_TYPE_DIFF",
    "LAPI_ERR_VEC_LEN_DIFF", "LAPI_ERR_HDR_LEN", "LAPI_ERR_ADDR_HNDL_RANGE",
    "LAPI_ERR_RMW_OP", "LAPI_ERR_IN_VAL_NULL", "LAPI_ERR_TGT_VAR_NULL", "LAPI_ERR_XFER_CMD",
    "LAPI_ERR_OP_SZ", "LAPI_ERR_LW_DATA_LEN", "LAPI_ERR_NO_HNDLR_SET", "LAPI_ERR_CNTR_NULL",
    "LAPI_ERR_CNTR_VAL", "LAPI_ERR_MULTIPLE_WAITERS", "LAPI_ERR_MSG_INFO_NULL",
    "LAPI_ERR_POLLING_NET", "LAPI_ERR_ADDR_TBL_NULL",
    /* wstatus bookkeeping of the recovery calls */
    "LAPI_MSG_RECVD", "LAPI_MSG_PURGED_RCVD",
};

START_TEST(every_error_code_is_returned_when_documented)
{
    int ns[] = {2, 3};
    for (int i = 0; i < 2; i++) {
        run_result_t r = tu_run("%s -n %d --quiet %s", SIM, ns[i], PROG("lapi_errors"));
        ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
        ck_assert_ptr_null(strstr(r.out, "MISMATCH"));
        for (size_t k = 0; k < sizeof provoked / sizeof provoked[0]; k++) {
            char line[80];
            snprintf(line, sizeof line, "provoked %s (", provoked[k]);
            ck_assert_msg(strstr(r.out, line) != NULL, "%s not provoked", provoked[k]);
        }
        ck_assert_ptr_nonnull(strstr(r.out, "messages for 129 codes; LAPI_ERR_ORG_STRIDE: The "
                                            "origin vector's stride is less than its block "
                                            "size.\n"));
        ck_assert_int_eq(tu_count(r.out, " ok\n"), ns[i]);
        tu_free(&r);
    }
}
END_TEST

typedef struct misuse_case {
    const char *mode;
    int status;          /* exit status */
    const char *err[3];  /* must appear on stderr */
    const char *out[2];  /* must appear on stdout */
} misuse_case_t;

static const misuse_case_t misuse[] = {
    {"blocking", 4,
     {"error [lapi-blocking-in-header-handler] PE 1 ", "in LAPI_Waitcntr, called from hdr at "
      "lapi_misuse.c:", "The call returned LAPI_ERR_UNKNOWN"},
     {"task 1: handler's call returned 400; data 7 8\n", "task 0 done\n"}},
    {"comm", 4,
     {"error [lapi-communication-in-header-handler] PE 1 ", "in LAPI_Put, called from hdr at ",
      "without starting communication"},
     {"task 1: handler's call returned 400; data 7 8\n", NULL}},
    {"sleep", 4,
     {"error [lapi-blocking-in-header-handler] PE 1 ", "tried to block (in a sleep of 1000 ns)",
      "called from hdr at lapi_misuse.c:"},
     {"task 1: handler's call returned -1; data 0 0\n", "task 1 done\n"}},
    {"inline", 4,
     {"error [lapi-blocking-in-header-handler] PE 1 ", "in LAPI_Waitcntr, called from "
      "compl_waits at lapi_misuse.c:", NULL},
     {"task 1: handler's call returned 400; data 7 8\n", NULL}},
    {"notset", 4,
     {"error [lapi-handler-not-set] PE 1 ", "names header handler index 7",
      "asynchronous LAPI_ERR_HDR_HNDLR_NULL at task 1"},
     {"error handler on task 1: type 3, from task 0: LAPI_ERR_HDR_HNDLR_NULL",
      "task 1: error handler calls 1; counter 0\n"}},
    {"nullbuf", 4,
     {"error [lapi-null-buffer] PE 1 ", "returned NULL for 8 bytes of user data", NULL},
     {"task 1: handler's call returned -1; data 0 0\n", NULL}},
    {"mismatch", 4,
     {"error [lapi-vector-mismatch] PE 1 ", "called from vhdr at lapi_misuse.c:",
      "LAPI_ERR_VEC_NUM_DIFF"},
     {"error handler on task 1: type 3, from task 0: LAPI_ERR_VEC_NUM_DIFF", NULL}},
    {"afterterm", 0,
     {"warning [lapi-message-after-term] PE 1 ", "after its LAPI_Term; it was discarded", NULL},
     {"task 0: Put returned 0\n", "task 1 done\n"}},
    {"amended", 0,
     {"warning [lapi-message-after-term] PE 1 ", "received a message of a LAPI_Amsend from "
      "task 0 after it had ended; it was discarded", NULL},
     {"task 0: Amsend returned 0\n", "task 1 done\n"}},
    {"amterm", 0,
     {"warning [lapi-message-after-term] PE 1 ", "received a message of a LAPI_Amsend from "
      "task 0 after its LAPI_Term; it was discarded", NULL},
     {"task 0: Amsend returned 0\n", "task 1 done\n"}},
    {"crash", 5,
     {"PE 1 crashed: Segmentation fault at address 0x0 (in hdr at lapi_misuse.c:",
      "during the header handler of a LAPI_Amsend from task 0 called from main at "
      "lapi_misuse.c:", NULL},
     {NULL, NULL}},
    {"deadlock", 3,
     {"PE 1: blocked in LAPI_Waitcntr(cntr=&tcntr, val=1), called from main at lapi_misuse.c:",
      "PE 1's helper thread: blocked in LAPI_Waitcntr(cntr=&never, val=1) in a completion "
      "handler, called from compl_waits at lapi_misuse.c:",
      "PE 0: blocked in LAPI_Gfence (barrier round 0: waiting for task 1)"},
     {NULL, NULL}},
    /* (the reply used to land in the freed block, and the simulator's
     * allocator aborted) */
    {"freed", 4,
     {"error [lapi-freed-buffer] PE 0 ", "in free, called from main at lapi_misuse.c:",
      "task 0 freed the block that holds 1048576 bytes of the origin buffer of a LAPI_Get from "
      "task 1 (called from main at lapi_misuse.c:"},
     {"task 0 done\n", "task 1 done\n"}},
    {"stackaddr", 4,
     {"error [lapi-foreign-address] PE 0 ", "in LAPI_Put, called from main at lapi_misuse.c:",
      "(stack of PE 0) lies on the stack of task 0, so it cannot be an address in task 1"},
     {"task 0: Put returned 0; local 5\n", "task 1 done\n"}},
    {"deadcntr", 4,
     {"error [lapi-dead-stack-buffer] PE 0 ", "in LAPI_Put, called from put_and_leave at "
      "lapi_misuse.c:", "the cmpl_cntr of this call is on task 0's stack, in a frame that "
      "returned before the call completed"},
     {"task 1: data 40 43\n", "task 0 done\n"}},
    {"deadorigin", 4,
     {"error [lapi-dead-stack-buffer] PE 0 ", "in LAPI_Put, called from set_flag at "
      "lapi_misuse.c:", "the origin buffer of this call is on task 0's stack and changed "
      "before LAPI read it"},
     {"task 0 done\n", "task 1 done\n"}},
    {"ackafter", 0,
     {"warning [lapi-message-after-term] PE 0 ", "the acknowledgement of task 0's LAPI_Put to "
      "task 1 came back after it had ended: the data had arrived, but task 0 did not wait",
      NULL},
     {"task 1: flag 42\n", "task 0 done\n"}},
    {"lostack", 0,
     {"task 1 received a message of a LAPI_Put from task 0 after it had ended; it was "
      "discarded", "the acknowledgement of task 1's LAPI_Put to task 0 came back after it "
      "had ended", "lapi_misuse.c:"},
     {"task 0: flag 51\n", "task 1 done\n"}},
    {"deadorigin-ok", 0,
     {NULL, NULL, NULL},
     {"task 1: flag 0\n", "task 1 done\n"}},
    {"exit", 1,
     {"PE 1 exited with status 3", NULL, NULL},
     {"task 1: completion handler exits\n", NULL}},
};

START_TEST(misuse_is_diagnosed)
{
    for (size_t i = 0; i < sizeof misuse / sizeof misuse[0]; i++) {
        const misuse_case_t *m = &misuse[i];
        run_result_t r = tu_run("%s -n 2 %s %s", SIM, PROG("lapi_misuse"), m->mode);
        ck_assert_msg(r.status == m->status, "%s: status %d\n%s%s", m->mode, r.status, r.out,
                      r.err);
        for (int k = 0; k < 3; k++)
            ck_assert_msg(!m->err[k] || strstr(r.err, m->err[k]), "%s: no '%s' in\n%s",
                          m->mode, m->err[k], r.err);
        for (int k = 0; k < 2; k++)
            ck_assert_msg(!m->out[k] || strstr(r.out, m->out[k]), "%s: no '%s' in\n%s",
                          m->mode, m->out[k], r.out);
        /* Addresses are named, never printed. */
        ck_assert_ptr_null(strstr(r.err, "0x7f"));
        tu_free(&r);
    }
}
END_TEST

/* A LAPI task that spins on a word nobody writes is told to wait with
 * LAPI's call, not another API's. */
START_TEST(spin_advice_is_lapi_s)
{
    run_result_t r = tu_run("%s -n 2 --watchdog 1 %s spin", SIM, PROG("lapi_misuse"));
    ck_assert_msg(r.status == 6 && strstr(r.err, "shmemsim: watchdog: PE 1 ") &&
                      strstr(r.err, "ait with LAPI_Waitcntr on a counter the transfer increments") &&
                      !strstr(r.err, "shmem_"),
                  "status %d\n%s", r.status, r.err);
    tu_free(&r);
}
END_TEST

START_TEST(interrupt_mode_delivers_while_computing_polling_does_not)
{
    const char *sees_all = "after the sleep: flag 42, cntr 1, header handler 1\n"
                           "after a probe: flag 42, cntr 1, header handler 1\n";
    const char *sees_late = "after the sleep: flag 0, cntr 0, header handler 0\n"
                            "after a probe: flag 42, cntr 1, header handler 1\n";
    const char *modes[] = {"interrupt", "polling", "senv", "locked"};
    const char *want[] = {sees_all, sees_late, sees_late, sees_late};
    for (int i = 0; i < 4; i++) {
        /* The program reads the flag without waiting for its counter, to
         * show when delivery happens: a race the detector would report. */
        run_result_t r = tu_run("%s -n 2 --quiet --check all,-data-race %s %s", SIM,
                                PROG("lapi_modes"), modes[i]);
        ck_assert_msg(r.status == 0, "%s: %s", modes[i], r.err);
        ck_assert_msg(strstr(r.out, want[i]) != NULL, "%s:\n%s", modes[i], r.out);
        tu_free(&r);
    }
}
END_TEST

START_TEST(unfenced_puts_reorder_fence_orders_them)
{
    /* Two unfenced Puts to one word are a race, found on the first run. */
    run_result_t r = tu_run("%s -n 2 --quiet %s order", SIM, PROG("lapi_modes"));
    ck_assert_int_eq(r.status, 4);
    ck_assert_msg(strstr(r.err, "error [data-race]") && strstr(r.err, "LAPI_Fence") &&
                      strstr(r.err, "two transfers of one task"), "%s", r.err);
    tu_free(&r);
    r = tu_run("%s -n 2 --quiet --check all,-data-race %s order", SIM, PROG("lapi_modes"));
    ck_assert_int_eq(r.status, 0);
    int late = (int)number_after(r.out, "reordered ");
    ck_assert_msg(late > 0 && late < 100, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, " of 100, lost 0\n"));
    tu_free(&r);
    const char *ordered[] = {"%s -n 2 --quiet %s fence", "%s -n 3 --quiet %s fence",
                             "%s -n 2 --quiet --check all,-data-race --net ordering=fifo %s order"};
    for (int i = 0; i < 3; i++) {
        r = tu_run(ordered[i], SIM, PROG("lapi_modes"));
        ck_assert_int_eq(r.status, 0);
        ck_assert_ptr_nonnull(strstr(r.out, "reordered 0 of 100, lost 0\n"));
        tu_free(&r);
    }
}
END_TEST

START_TEST(counters_gets_vectors_xfer_handlers_threads_env)
{
    const int some[] = {1, 2, 3, 64};
    expect_all_ok("lapi_features", "", some, 4);
}
END_TEST

/* A cond_timedwait signalled before its deadline leaves no timeout event
 * behind: the run ends when the program does, not at the deadline (1 s). */
START_TEST(a_signalled_timedwait_does_not_stretch_the_run)
{
    run_result_t r = tu_run("%s -n 2 %s", SIM, PROG("lapi_features"));
    ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
    const char *at = strstr(r.err, "at virtual time ");
    ck_assert_msg(at != NULL, "%s", r.err);
    char *end;
    double v = strtod(at + strlen("at virtual time "), &end);
    double ns = v * (strncmp(end, "us", 2) == 0 ? 1e3 : strncmp(end, "ms", 2) == 0 ? 1e6
                     : strncmp(end, "ns", 2) == 0 ? 1 : 1e9);
    ck_assert_msg(ns < 1e8, "the run ended at %s", at);
    tu_free(&r);
}
END_TEST

/* AM_LW copies uhdr and udata at the call: GUPS reuses its one buffer
 * right after LAPI_Xfer returns, and org_cntr already counts the send. */
START_TEST(lw_messages_are_copied_at_the_call)
{
    const int some[] = {2, 3, 8};
    expect_all_ok("lapi_lw_reuse", "", some, 3);
}
END_TEST

/* Tasks spinning on LAPI_Probe + LAPI_Getcntr for 10 ms of virtual time
 * wait for the next event instead: a few hundred events, not one per poll
 * (a million), and the same result and end time in every mode. */
START_TEST(busy_polling_skips_to_the_next_event)
{
    const char *runs[] = {"-n 3", "-n 8 --privatize swap", "-n 2 --net jitter=1us --seed 4"};
    for (int i = 0; i < 3; i++) {
        run_result_t r = tu_run("%s %s %s", SIM, runs[i], PROG("lapi_poll"));
        ck_assert_msg(r.status == 0, "%s: %s", runs[i], r.err);
        int n = runs[i][3] - '0';
        ck_assert_int_eq(tu_count(r.out, " ok\n"), n);
        double events = number_after(r.err, "us; ");
        ck_assert_msg(events < 2000, "%s: %s", runs[i], r.err);
        double t = number_after(r.err, "at virtual time ");
        ck_assert_msg(t >= 10000 && t < 10100, "%s: %s", runs[i], r.err);
        tu_free(&r);
    }
}
END_TEST

/* A task that makes a bounded number of LAPI_Probe calls while the
 * others poll for what it sends after them: each Probe returns, as on a
 * machine, and the run ends (it ran for ever while the parked prober
 * waited for a change that only it could make). */
START_TEST(bounded_probes_return_while_others_poll)
{
    for (int n = 2; n <= 4; n += 2) {
        run_result_t r = tu_run("timeout 60 %s -n %d %s probes", SIM, n, PROG("lapi_poll"));
        ck_assert_msg(r.status == 0, "%d PEs: %d\n%s", n, r.status, r.err);
        ck_assert_int_eq(tu_count(r.out, " ok\n"), n);
        tu_free(&r);
    }
}
END_TEST

/* In interrupt mode a handler runs while the task computes: a task that
 * waits for a handler's flag with a growing back-off between atomic loads
 * and no LAPI call (ARMCI's generic lock) sees it set.  It was stopped by
 * the watchdog: the arrival was due later and the loop never let time
 * pass. */
START_TEST(a_back_off_poll_sees_an_interrupt_mode_handler)
{
    run_result_t r = tu_run("%s -n 2 --watchdog 30 %s", SIM, PROG("lapi_backoff"));
    ck_assert_msg(r.status == 0, "status %d\n%s", r.status, r.err);
    ck_assert_msg(strstr(r.out, "task 0 got the flag\n") != NULL, "%s", r.out);
    tu_free(&r);
}
END_TEST

/* A block a transfer used, freed and handed out again, has no history: a
 * Get into it is not a race with the Put that read it before it was freed
 * (a false data-race until free, and in C++ operator new, were taken
 * over).  The block's size is one nothing else asks for, so it comes back
 * on every seed, but for a sanitized build, whose allocator keeps freed
 * blocks aside. */
START_TEST(a_freed_blocks_history_goes_with_it)
{
    static const char *const progs[] = {"lapi_reuse", "lapi_reuse_new"}; /* C, C++ */
    for (int k = 0; k < 2; k++)
        for (int seed = 1; seed <= 3; seed++) {
            run_result_t r = tu_run("%s -n 2 --quiet --seed %d %s", SIM, seed, PROG(progs[k]));
            ck_assert_msg(r.status == 0 && strcmp(r.err, "") == 0, "%s seed %d: %d\n%s",
                          progs[k], seed, r.status, r.err);
            const char *a = strstr(r.out, "handler's block "),
                       *b = strstr(r.out, "program's block ");
            int reuse = !getenv("SHMEMSIM_SANITIZED");
            ck_assert_msg(a && b && (!reuse || strtoull(a + 16, NULL, 16) ==
                                                   strtoull(b + 16, NULL, 16)),
                          "%s: not the same block:\n%s", progs[k], r.out);
            tu_free(&r);
        }
}
END_TEST

/* A Put/Get/Rmw/Putv/Getv range that is not one of the target's objects (code, an
 * unmapped page, past the end of its memory, a library's code) is a finding
 * naming the call and line, the transfer dropped, never a crash. */
START_TEST(wild_target_ranges_are_findings)
{
    const char *modes[] = {"code", "past", "unmapped", "rmw", "putv", "getv", "libcode"};
    const char *calls[] = {"LAPI_Put", "LAPI_Put", "LAPI_Get", "LAPI_Rmw", "LAPI_Putv",
                           "LAPI_Getv", "LAPI_Put"};
    for (int i = 0; i < 7; i++) {
        run_result_t r = tu_run("%s -n 2 %s %s", SIM, PROG("lapi_wild"), modes[i]);
        ck_assert_msg(r.status == 4, "%s: %d %s", modes[i], r.status, r.err);
        char marker[32], want[200];
        snprintf(marker, sizeof marker, "@%s", modes[i]);
        snprintf(want, sizeof want, "[lapi-foreign-address] PE 0 at t=");
        ck_assert_msg(strstr(r.err, want), "%s: %s", modes[i], r.err);
        snprintf(want, sizeof want, " in %s, called from main at lapi_wild.c:%d:\n", calls[i],
                 tu_line_of("tests/programs/lapi_wild.c", marker));
        ck_assert_msg(strstr(r.err, want), "%s: want '%s' in %s", modes[i], want, r.err);
        ck_assert_ptr_nonnull(strstr(r.out, "task 0 done, word 0\n"));
        ck_assert_ptr_nonnull(strstr(r.out, "task 1 done, word 0\n"));
        tu_free(&r);
    }
}
END_TEST

static char *run_capture(const char *opts, const char *prog, const char *trace)
{
    run_result_t r = tu_run("%s %s --trace %s --report %s.report %s", SIM, opts, trace, trace,
                            prog);
    char *t = tu_read_file(trace, NULL), rep[300];
    snprintf(rep, sizeof rep, "%s.report", trace);
    char *j = tu_read_file(rep, NULL);
    ck_assert_ptr_nonnull(t);
    ck_assert_ptr_nonnull(j);
    ck_assert_int_eq(tu_json_valid(t), 0);
    ck_assert_int_eq(tu_json_valid(j), 0);
    size_t len = strlen(r.out) + strlen(r.err) + strlen(t) + strlen(j) + 16;
    char *all = malloc(len);
    snprintf(all, len, "%d\n%s\n%s\n%s\n%s", r.status, r.out, r.err, t, j);
    unlink(trace);
    unlink(rep);
    free(t);
    free(j);
    tu_free(&r);
    return all;
}

START_TEST(runs_are_deterministic_and_privatization_blind)
{
    char path[128];
    snprintf(path, sizeof path, "/tmp/shmemsim-lapi-det-%d.json", (int)getpid());
    const char *progs[] = {"lapi_am_reply", "lapi_misuse deadlock", "lapi_modes order"};
    for (int i = 0; i < 3; i++) {
        char *a = run_capture("-n 4 --seed 3", PROG(progs[i]), path);
        char *b = run_capture("-n 4 --seed 3", PROG(progs[i]), path);
        ck_assert_str_eq(a, b);
        char *c = run_capture("-n 4 --seed 4", PROG(progs[i]), path);
        ck_assert_str_ne(a, c); /* other jitter, other timings */
        free(a);
        free(b);
        free(c);
    }
    for (int i = 0; i < 3; i++) {
        run_result_t c = tu_run("%s -n 5 --privatize copy %s", SIM, PROG(progs[i]));
        run_result_t s = tu_run("%s -n 5 --privatize swap %s", SIM, PROG(progs[i]));
        ck_assert_int_eq(c.status, s.status);
        ck_assert_str_eq(c.out, s.out);
        ck_assert_str_eq(c.err, s.err);
        tu_free(&c);
        tu_free(&s);
    }
}
END_TEST

START_TEST(report_and_trace_show_lapi)
{
    char path[128];
    snprintf(path, sizeof path, "/tmp/shmemsim-lapi-rep-%d.json", (int)getpid());
    run_result_t r = tu_run("%s -n 2 --quiet --report %s %s deadlock", SIM, path,
                            PROG("lapi_misuse"));
    ck_assert_int_eq(r.status, 3);
    char *j = tu_read_file(path, NULL);
    unlink(path);
    ck_assert_int_eq(tu_json_valid(j), 0);
    ck_assert_ptr_nonnull(strstr(j, "\"blocked_in\": \"LAPI_Waitcntr(cntr=&tcntr, val=1)\", "
                                    "\"helper_blocked_in\": \"LAPI_Waitcntr(cntr=&never, "
                                    "val=1) in a completion handler\""));
    free(j);
    tu_free(&r);
    r = tu_run("%s -n 4 --quiet --trace %s %s", SIM, path, PROG("lapi_am_reply"));
    ck_assert_int_eq(r.status, 0);
    char *t = tu_read_file(path, NULL);
    unlink(path);
    ck_assert_int_eq(tu_json_valid(t), 0);
    ck_assert_int_gt(tu_count(t, "\"name\":\"LAPI_Amsend\",\"cat\":\"api\",\"ph\":\"X\""), 4);
    ck_assert_int_gt(tu_count(t, "\"name\":\"LAPI_Waitcntr\""), 4);
    ck_assert_int_eq(tu_count(t, "\"ph\":\"s\""), tu_count(t, "\"ph\":\"f\""));
    free(t);
    tu_free(&r);
}
END_TEST

Suite *lapi_suite(void)
{
    Suite *s = suite_create("lapi");
    TCase *tc = tcase_create("programs");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, seed_iovector_example);
    tcase_add_test(tc, seed_strided_example);
    tcase_add_test(tc, generic_vectors_follow_the_seed_copy_tables);
    tcase_add_test(tc, netpipe_pingpong_put_counters_and_probe);
    tcase_add_test(tc, netpipe_stream_bandwidth);
    tcase_add_test(tc, distributed_counter_with_rmw);
    tcase_add_test(tc, am_completion_handlers_reply);
    tcase_add_test(tc, every_error_code_is_returned_when_documented);
    tcase_add_test(tc, misuse_is_diagnosed);
    tcase_add_test(tc, spin_advice_is_lapi_s);
    tcase_add_test(tc, interrupt_mode_delivers_while_computing_polling_does_not);
    tcase_add_test(tc, unfenced_puts_reorder_fence_orders_them);
    tcase_add_test(tc, counters_gets_vectors_xfer_handlers_threads_env);
    tcase_add_test(tc, a_signalled_timedwait_does_not_stretch_the_run);
    tcase_add_test(tc, lw_messages_are_copied_at_the_call);
    tcase_add_test(tc, busy_polling_skips_to_the_next_event);
    tcase_add_test(tc, bounded_probes_return_while_others_poll);
    tcase_add_test(tc, a_back_off_poll_sees_an_interrupt_mode_handler);
    tcase_add_test(tc, a_freed_blocks_history_goes_with_it);
    tcase_add_test(tc, wild_target_ranges_are_findings);
    tcase_add_test(tc, runs_are_deterministic_and_privatization_blind);
    tcase_add_test(tc, report_and_trace_show_lapi);
    suite_add_tcase(s, tc);
    return s;
}
