/* tests/check_findings: every finding id of the SHMEM checkers, each
 * raised by a small program that makes the mistake (tests/programs/
 * findings.c) with the exact id, PE and line, and silent on the corrected
 * program; and no finding at all on the correct programs of tests/ under
 * seeds 1..50. */
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM tu_shmemsim()
#define PROG(n) tu_prog(n)
#define FINDINGS_SRC "tests/programs/findings.c"

/* The line of findings.c that carries the marker BAD(name). */
static int marker_line(const char *name)
{
    char marker[80];
    snprintf(marker, sizeof marker, "BAD(%s)", name);
    int line = tu_line_of(FINDINGS_SRC, marker);
    ck_assert_msg(line > 0, "no %s in %s", marker, FINDINGS_SRC);
    return line;
}

typedef struct finding_case {
    const char *mode;   /* argv[1] of findings, and its marker */
    const char *id;     /* the finding it must raise */
    int pe;             /* on this PE */
    int status;         /* exit status of the bad run (4, or 3 when it also hangs) */
    const char *text;   /* a phrase the explanation must contain */
} finding_case_t;

static const finding_case_t cases[] = {
    {"invalid-pe", "invalid-pe", 0, 4, "PE 4 does not exist"},
    {"null-pointer", "null-pointer", 0, 4, "argument 'dest' is NULL"},
    {"nonsymmetric-address", "nonsymmetric-address", 0, 4, "the stack of PE 0"},
    {"integer-dest", "nonsymmetric-address", 0, 4,
     "it points into no memory at all (0x8, in the first 64 KiB, where nothing is ever mapped"},
    {"symmetric-out-of-bounds", "symmetric-out-of-bounds", 1, 4,
     "only 32 remain in 'small' (32 bytes): the last 8 bytes spill into 'sym'"},
    {"oob-heap", "symmetric-out-of-bounds", 1, 4,
     "only 24 remain in the 24-byte symmetric heap block allocated at main at findings.c:"},
    {"oob-reused", "symmetric-out-of-bounds", 1, 4,
     "covers 32 bytes but only 16 remain in the 16-byte symmetric heap block allocated at "},
    {"oob-padding", "symmetric-out-of-bounds", 1, 4,
     "argument 'dest' (4 bytes) points just past the end of the 4-byte symmetric heap block "
     "allocated at main at findings.c:"},
    {"foreign-memory", "foreign-memory", 1, 4,
     "PE 1 stored into 8 bytes of PE 0's symmetric heap (the 8-byte symmetric heap block "
     "allocated at main at findings.c:"},
    {"foreign-data", "foreign-memory", 1, 4,
     "PE 1 stored into 8 bytes of PE 0's copy of the program's variables ('mine' (8 bytes))"},
    {"overlap", "overlap", 2, 4, "'dest' (&buf+8, 16 bytes) and 'source' (&buf, 16 bytes)"},
    {"overlap-team", "overlap", 3, 4,
     "'dest' (&a2a+16, 32 bytes) and 'source' (&a2a, 32 bytes) overlap"},
    {"heap-size-mismatch", "heap-size-mismatch", 3, 4, "asked for 32 bytes"},
    {"collective-not-member", "collective-not-member", 3, 4, "it is not part of"},
    {"collective-args-mismatch", "collective-args-mismatch", 2, 4, "different element count"},
    {"args-offset", "collective-args-mismatch", 2, 4,
     "PE 2 passed a different source (&src+8, where PE "},
    {"collective-order-mismatch", "collective-order-mismatch", 1, 4, "shmem_long_max_to_all"},
    {"psync-reuse", "psync-reuse", 0, 4, "that PE 1 is still using"},
    {"psync-reuse-sets", "psync-reuse", 0, 4,
     "that PE 1 is still using in a shmem_barrier over an active set that includes PE 0"},
    {"psync-uninitialized", "psync-uninitialized", 0, 4,
     "not initialised on PE(s) 0, 1, 2, 3"},
    {"psync-prefix", "psync-uninitialized", 3, 4,
     "Its first 4 elements hold it, but shmem_long_max_to_all uses 16 (SHMEM_REDUCE_SYNC_SIZE)"},
    {"psync-short", "symmetric-out-of-bounds", 1, 4,
     "This call's pSync must have SHMEM_REDUCE_SYNC_SIZE (16) longs; this one has the size of "
     "SHMEM_BCAST_SYNC_SIZE, SHMEM_COLLECT_SYNC_SIZE, SHMEM_ALLTOALLS_SYNC_SIZE and "
     "SHMEM_ALLTOALL_SYNC_SIZE, constants of other collectives."},
    /* pWrk right after the short pSync: the one fault, not an overlap too */
    {"psync-short-wrk", "symmetric-out-of-bounds", 1, 4, "the last 96 bytes spill into 'short_wrk'"},
    {"psync-modified", "psync-modified", 1, 3,
     "PE 0's shmem_broadcast64 wrote 1 into PE 1's pSync[0]"},
    {"psync-put", "psync-modified", 2, 4, "PE 2 writes PE 1's pSync[0] while shmem_broadcast64"},
    {"nbi-buffer-modified", "nbi-buffer-modified", 0, 4, "(8 bytes at &out, in 'out' (32 bytes))"},
    {"lock-misuse", "lock-misuse", 1, 4, "does not hold the lock"},
    {"lock-unzeroed", "lock-misuse", 1, 4,
     "the lock's word on PE 0 held 0x00000005, which no shmem_set_lock"},
    {"lock-unzeroed-test", "lock-misuse", 1, 4, "it was not 0 when this PE took it"},
    {"pending-lock", "pending-at-finalize", 3, 4, "while holding 1 lock(s): &lock"},
    {"pending-exit", "pending-at-finalize", 2, 3, "ended without calling shmem_finalize"},
    {"not-initialized", "not-initialized", 0, 4, "shmem_n_pes was called before shmem_init"},
    {"thread-level", "thread-level", 1, 4,
     "PE 1 called shmem_long_p from a thread other than the one that initialised the library"},
    {"thread-serialized", "thread-level", 1, 4,
     "while another of its threads was inside an OpenSHMEM call; at this level the threads "
     "must take turns. The library was initialised at SHMEM_THREAD_SERIALIZED, as "
     "shmem_init_thread provided it"},
};
#define NCASES (int)(sizeof cases / sizeof cases[0])

START_TEST(each_id_names_its_pe_and_line)
{
    const finding_case_t *c = &cases[_i];
    run_result_t r = tu_run("%s -n 4 --quiet %s %s bad", SIM, PROG("findings"), c->mode);
    ck_assert_msg(r.status == c->status, "%s: status %d\n%s", c->mode, r.status, r.err);
    char head[200];
    snprintf(head, sizeof head, "shmemsim: error [%s] PE %d at t=", c->id, c->pe);
    char *at = strstr(r.err, head);
    ck_assert_msg(at != NULL, "%s: no '%s' in\n%s", c->mode, head, r.err);
    char site[80];
    /* (The thread cases call from their thread's function.) */
    const char *fn = strcmp(c->mode, "thread-level") == 0       ? "second_thread"
                     : strcmp(c->mode, "thread-serialized") == 0 ? "serial_thread"
                                                                  : "main";
    snprintf(site, sizeof site, "called from %s at findings.c:%d:\n", fn, marker_line(c->mode));
    char *eol = strchr(at, '\n');
    ck_assert_ptr_nonnull(eol);
    ck_assert_msg(strncmp(eol - strlen(site) + 1, site, strlen(site)) == 0,
                  "%s: the finding does not name %s: %.*s", c->mode, site, (int)(eol - at), at);
    ck_assert_msg(strstr(r.err, c->text) != NULL, "%s: no '%s' in\n%s", c->mode, c->text, r.err);
    tu_free(&r);
    /* The corrected program: no finding, every PE done. */
    r = tu_run("%s -n 4 --quiet %s %s good", SIM, PROG("findings"), c->mode);
    ck_assert_msg(r.status == 0 && r.err[0] == 0, "%s good: status %d\n%s", c->mode, r.status,
                  r.err);
    ck_assert_int_eq(tu_count(r.out, " done\n"), 4);
    tu_free(&r);
}
END_TEST

/* The corrected case of findings MODE: no finding, status 0. */
static void good_run_is_clean(const char *mode)
{
    run_result_t r = tu_run("%s -n 4 --quiet %s %s good", SIM, PROG("findings"), mode);
    ck_assert_msg(r.status == 0 && r.err[0] == 0, "%s good: status %d\n%s", mode, r.status,
                  r.err);
    tu_free(&r);
}

/* A PE that skips a barrier: its shmem_finalize meets the others' last
 * barrier, a collective-order-mismatch naming both calls (the run then
 * deadlocked in shmem_finalize with nothing pointing at the barriers). */
START_TEST(a_skipped_barrier_is_an_order_mismatch)
{
    run_result_t r = tu_run("%s -n 4 --quiet %s barrier-skipped bad", SIM, PROG("findings"));
    const char *f = strstr(r.err, "error [collective-order-mismatch]");
    const char *eol = f ? strstr(f, ".\n") : NULL;
    char text[1200] = "";
    if (f && eol)
        snprintf(text, sizeof text, "%.*s", (int)(eol - f), f);
    /* (Which PE arrives first, and so which call is named second, is the
     * seed's to choose.) */
    ck_assert_msg(r.status != 0 && strstr(text, "shmem_finalize") &&
                      strstr(text, "shmem_barrier_all") && strstr(text, "since the start") &&
                      strstr(text, "one of them skipped a barrier"),
                  "status %d\n%s", r.status, r.err);
    tu_free(&r);
    good_run_is_clean("barrier-skipped");
}
END_TEST

/* A deadlock on a lock a PE never released names the holder and where it
 * took the lock (it said "waiting for the lock" and to look for a missing
 * put). */
START_TEST(a_deadlock_on_a_lock_names_its_holder)
{
    run_result_t r = tu_run("%s -n 4 --quiet %s lock-held bad", SIM, PROG("findings"));
    char want[160];
    snprintf(want, sizeof want, " at findings.c:%d and has not released it",
             tu_line_of(FINDINGS_SRC, "HOLD(lock-held)"));
    ck_assert_msg(r.status == 3 && strstr(r.err, "error [deadlock]") &&
                      strstr(r.err, "waiting for the lock, which PE 1 holds: it took it at ") &&
                      strstr(r.err, want),
                  "status %d\n%s", r.status, r.err);
    tu_free(&r);
    good_run_is_clean("lock-held");
}
END_TEST

/* shmem_ptr of an address that is not symmetric answers NULL, as for an
 * object it cannot reach, with a warning: the FMS ocean model's transfer
 * put that NULL to another PE, which crashed with nothing said. */
START_TEST(shmem_ptr_of_a_local_is_a_warning)
{
    run_result_t r = tu_run("%s -n 2 --quiet %s ptr-nonsymmetric bad", SIM, PROG("findings"));
    char head[160];
    snprintf(head, sizeof head, "shmemsim: warning [nonsymmetric-address] PE 0 at t=");
    char site[80];
    snprintf(site, sizeof site, "in shmem_ptr, called from main at findings.c:%d:\n",
             marker_line("ptr-nonsymmetric"));
    ck_assert_msg(r.status == 0 && strstr(r.err, head) && strstr(r.err, site) &&
                      strstr(r.err, "argument 'dest' is not symmetric: it points into the "
                                    "stack of PE 0") &&
                      strstr(r.err, "the call returned NULL"),
                  "status %d\n%s", r.status, r.err);
    ck_assert_msg(strstr(r.out, "PE 0: shmem_ptr gave NULL\n"), "%s", r.out);
    tu_free(&r);
    r = tu_run("%s -n 2 --quiet %s ptr-nonsymmetric good", SIM, PROG("findings"));
    ck_assert_msg(r.status == 0 && r.err[0] == 0 && !strstr(r.out, "gave NULL"), "%s%s", r.out,
                  r.err);
    tu_free(&r);
}
END_TEST

/* An atomic on heap bytes nothing set since shmem_malloc is a warning
 * naming the block (tests-uh's hash benchmark claimed slots of a table it
 * never zeroed with compare-and-swap against 0, and probed for ever with
 * nothing said); one for each of the three sites. */
START_TEST(an_atomic_on_unset_heap_is_a_warning)
{
    run_result_t r = tu_run("%s -n 4 --quiet %s amo-uninitialized bad", SIM, PROG("findings"));
    char head[200];
    snprintf(head, sizeof head, "in shmem_long_atomic_fetch_add, called from main at findings.c:%d:\n",
             marker_line("amo-uninitialized"));
    ck_assert_msg(r.status == 0 && strstr(r.err, head) &&
                      tu_count(r.err, "warning [amo-uninitialized] PE 1 ") == 3 &&
                      strstr(r.err, "that nothing had set since the block was allocated") &&
                      strstr(r.err, "(in the 24-byte symmetric heap block allocated at main at "
                                    "findings.c:") &&
                      strstr(r.err, "here they hold 0xa5a5a5a5a5a5a5a5"),
                  "status %d\n%s", r.status, r.err);
    tu_free(&r);
    good_run_is_clean("amo-uninitialized");
}
END_TEST

/* A wait or test that holds on heap bytes nothing set since shmem_malloc
 * went on because of garbage: a warning naming the block and the
 * comparison, at each of the three sites; a wait for what a put brings
 * into such a word is not one. */
START_TEST(a_wait_satisfied_by_unset_heap_is_a_warning)
{
    run_result_t r = tu_run("%s -n 2 --quiet %s wait-uninitialized bad", SIM, PROG("findings"));
    char head[200];
    snprintf(head, sizeof head, "in shmem_long_wait_until, called from main at findings.c:%d:\n",
             marker_line("wait-uninitialized"));
    ck_assert_msg(r.status == 0 && strstr(r.err, head) &&
                      tu_count(r.err, "warning [wait-uninitialized] PE 1 ") == 3 &&
                      strstr(r.err, "in shmem_int_test,") &&
                      strstr(r.err, "in shmem_long_wait_until_any,") &&
                      strstr(r.err, "The comparison (SHMEM_CMP_NE 0) held on 8 bytes (in the "
                                    "24-byte symmetric heap block allocated at main at "
                                    "findings.c:") &&
                      strstr(r.err, "here they hold 0xa5a5a5a5;") && !strstr(r.out, "PE 1:"),
                  "status %d\n%s%s", r.status, r.out, r.err);
    tu_free(&r);
    good_run_is_clean("wait-uninitialized");
}
END_TEST

/* Freeing the buffer of a pending get_nbi or put_nbi is an error naming
 * the free and the call; the late reply is not written into the freed
 * block (it corrupted the simulator's allocator, which aborted with the
 * run's output lost), and a put still waiting at the port sends what its
 * source held before the free (reading it later read what free left, or
 * crashed the simulator when the block was unmapped). */
START_TEST(freeing_a_pending_nbi_buffer_is_an_error)
{
    run_result_t r = tu_run("%s -n 2 %s nbi-freed-buffer bad", SIM, PROG("findings"));
    char head[200];
    snprintf(head, sizeof head, "in free, called from main at findings.c:%d:\n",
             marker_line("nbi-freed-buffer"));
    ck_assert_msg(r.status == 4 && strstr(r.err, head) &&
                      tu_count(r.err, "error [nbi-freed-buffer] PE ") == 2 &&
                      strstr(r.err, "freed the block that holds the 4096-byte destination of a "
                                    "pending shmem_double_get_nbi (called from main at "
                                    "findings.c:") &&
                      strstr(r.err, "freed the block that holds the 4096-byte source of a "
                                    "pending shmem_double_put_nbi") &&
                      strstr(r.err, "It was not written.") && !strstr(r.out, "landing[") &&
                      strstr(r.out, "PE 0 done") &&
                      strstr(r.out, "PE 1 done") && strstr(r.err, "2 PEs, seed 1: finding"),
                  "status %d\n%s%s", r.status, r.out, r.err);
    tu_free(&r);
    good_run_is_clean("nbi-freed-buffer");
}
END_TEST

/* A pSync too short for its call that runs into the pWrk after it is one
 * fault: reported as the pSync's, not as an overlap of the two as well. */
START_TEST(a_short_psync_is_not_also_an_overlap)
{
    run_result_t r = tu_run("%s -n 4 %s psync-short-wrk bad", SIM, PROG("findings"));
    ck_assert_msg(strstr(r.err, "spill into 'short_wrk'") && !strstr(r.err, "[overlap]"), "%s",
                  r.err);
    tu_free(&r);
}
END_TEST

/* The heap finding names the shmem_malloc call that made the block. */
START_TEST(heap_block_is_named_by_its_allocation)
{
    run_result_t r = tu_run("%s -n 4 --quiet %s oob-heap bad", SIM, PROG("findings"));
    char want[120];
    snprintf(want, sizeof want, "block allocated at main at findings.c:%d: the last 8 bytes "
             "spill into free symmetric heap space", marker_line("oob-heap") - 3);
    char *src = tu_read_file(FINDINGS_SRC, NULL);
    ck_assert_ptr_nonnull(strstr(src, "shmem_malloc(3 * sizeof(long)); /* ALLOC(oob-heap) */"));
    free(src);
    ck_assert_msg(strstr(r.err, want) != NULL, "no '%s' in\n%s", want, r.err);
    tu_free(&r);
}
END_TEST

/* --check turns one id off; the run is then clean. */
/* A one-shot read of a counter still being incremented, whose block the
 * program frees before the end: reported before the block is gone, it
 * names the block (it was "symmetric heap memory no allocation holds,
 * 0 bytes into the symmetric heap"). */
START_TEST(a_one_shot_read_of_a_freed_block_names_the_block)
{
    run_result_t r = tu_run("%s -n 2 %s", SIM, PROG("oneshot_freed"));
    char want[200];
    snprintf(want, sizeof want, "PE 0's load at main at oneshot_freed.c:%d and PE 1's atomic",
             tu_line_of("tests/programs/oneshot_freed.c", "ONESHOT"));
    ck_assert_msg(r.status == 4 && strstr(r.err, "error [data-race]") && strstr(r.err, want),
                  "status %d\n%s", r.status, r.err);
    snprintf(want, sizeof want, "in the 4-byte symmetric heap block allocated at main at "
             "oneshot_freed.c:%d)", tu_line_of("tests/programs/oneshot_freed.c", "BLOCK"));
    ck_assert_msg(strstr(r.err, want) && !strstr(r.err, "no allocation holds"), "%s", r.err);
    tu_free(&r);
}
END_TEST

/* A short pSync near the end of the program's data: the bytes past the
 * last variable are said to be past the end of the data, not in it. */
START_TEST(a_spill_past_the_program_data_says_so)
{
    run_result_t r = tu_run("%s -n 2 %s", SIM, PROG("psync_end"));
    ck_assert_msg(r.status == 4 && strstr(r.err, "error [symmetric-out-of-bounds]") &&
                      strstr(r.err, "covers 128 bytes but only 32 remain in 'sync_words' (32 "
                                    "bytes): the last 96 bytes spill into 'last' (4 bytes), and "
                                    "the last ") &&
                      strstr(r.err, " past the end of the program's data."),
                  "status %d\n%s", r.status, r.err);
    tu_free(&r);
}
END_TEST

START_TEST(check_option_turns_an_id_off)
{
    run_result_t r = tu_run("%s -n 4 --quiet --check all,-overlap %s overlap bad", SIM,
                            PROG("findings"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "");
    tu_free(&r);
}
END_TEST

/* Every correct program of tests/ (and the corrected findings cases) under
 * seeds 1..50, with every checker on: a finding would be a false positive,
 * and explore counts it as a failure. */
static const char *const clean_runs[] = {
    "4 alltoallv", "4 coll_all", "8 coll_all 0 1 4", "4 coll_misuse none", "4 heap",
    "3 lapi_am_reply", "2 lapi_features", "2 lapi_generic", "2 lapi_modes fence",
    "2 lapi_netpipe", "3 lapi_rmw", "2 lapi_seed_iovec", "2 lapi_seed_strided", "4 p2p_amo",
    "4 p2p_generic", "3 generic_types", "4 v16", "3 shmemx_names", "5 cray_teams", "3 cxx_generic", "3 cxx_unique", "3 ompi_shmemx", "2 pthread_sem", "3 typed_header", "4 cray_short_amo", "4 p2p_lock lock", "4 p2p_lock test", "4 p2p_misc", "2 p2p_order mp fence",
    "4 p2p_rma", "2 p2p_wait", "2 test_loop_read", "4 packed_order", "4 privatize", "4 psync_reuse alternate", "5 psync_reuse pairs",
    "4 pwrk_small ok", "2 race 1", "5 reduce_all", "4 ring", "4 scen_barriers 10",
    "2 scen_checksum", "2 scen_fence fence", "4 scen_phases", "4 seed000_alltoallv_packed",
    "8 seed001_max_to_all", "6 seed001_max_to_all even", "6 team_coll split", "4 team_coll",
    "2 vtime", "4 f_reduce", "4 f_coll", "3 f_rma", "4 f_amo", "4 f_misc", "2 f_lapi",
    "2 f_private", "4 cray_seed001", "4 cray_seed001_values",
};
#define NCLEAN (int)(sizeof clean_runs / sizeof clean_runs[0])

static void explore_clean(int npes, const char *prog, const char *args)
{
    char *msg = tu_explore_clean(npes, prog, args);
    ck_assert_msg(msg == NULL, "%s", msg);
}

START_TEST(no_false_positive_on_correct_programs)
{
    int npes;
    char prog[64], args[64] = "";
    ck_assert_int_ge(sscanf(clean_runs[_i], "%d %63s %63[^\n]", &npes, prog, args), 2);
    explore_clean(npes, prog, args);
}
END_TEST

START_TEST(no_false_positive_on_corrected_findings_programs)
{
    char args[80];
    snprintf(args, sizeof args, "%s good", cases[_i].mode);
    explore_clean(4, "findings", args);
}
END_TEST

Suite *findings_suite(void)
{
    Suite *s = suite_create("findings");
    TCase *tc = tcase_create("findings");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, each_id_names_its_pe_and_line, 0, NCASES);
    tcase_add_test(tc, a_skipped_barrier_is_an_order_mismatch);
    tcase_add_test(tc, a_deadlock_on_a_lock_names_its_holder);
    tcase_add_test(tc, shmem_ptr_of_a_local_is_a_warning);
    tcase_add_test(tc, heap_block_is_named_by_its_allocation);
    tcase_add_test(tc, a_short_psync_is_not_also_an_overlap);
    tcase_add_test(tc, an_atomic_on_unset_heap_is_a_warning);
    tcase_add_test(tc, a_wait_satisfied_by_unset_heap_is_a_warning);
    tcase_add_test(tc, freeing_a_pending_nbi_buffer_is_an_error);
    tcase_add_test(tc, a_one_shot_read_of_a_freed_block_names_the_block);
    tcase_add_test(tc, a_spill_past_the_program_data_says_so);
    tcase_add_test(tc, check_option_turns_an_id_off);
    tcase_add_loop_test(tc, no_false_positive_on_correct_programs, 0, NCLEAN);
    tcase_add_loop_test(tc, no_false_positive_on_corrected_findings_programs, 0, NCASES);
    suite_add_tcase(s, tc);
    return s;
}
