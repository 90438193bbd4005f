/* tests/check_alltoallv: the alltoallv-overflow finding names every PE
 * whose data did not fit, with the sizes, in one record per call, for
 * shmemx_alltoallv and shmemx_alltoallv_packed under every
 * SHMEM_ALLTOALLV_TSIZE_CHK mode.  The expected (sender, target, sent,
 * fit) list comes from outside the simulator's checker: from the seed
 * example's own "received N elements of value P" checks, or from the sizes
 * the test program is built around. */
#include "testutil.h"

#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM tu_shmemsim()
#define PROG(n) tu_prog(n)

typedef struct pair {
    int from, to;     /* sender, target */
    size_t sent, fit; /* bytes sent, bytes that fit */
} pair_t;

static int by_target(const void *a, const void *b)
{
    const pair_t *x = a, *y = b;
    return x->to != y->to ? x->to - y->to : x->from - y->from;
}

static void add(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void add(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

/* "PE 3" or "PEs 0-2, 5": the distinct senders or targets of p. */
static void pe_list(const pair_t *p, int n, int targets, char *buf, size_t len)
{
    int seen[256] = {0}, count = 0;
    for (int i = 0; i < n; i++)
        count += !seen[targets ? p[i].to : p[i].from]++;
    add(buf, len, "PE%s ", count > 1 ? "s" : "");
    int first = 1;
    for (int a = 0; a < 256; a++) {
        if (!seen[a])
            continue;
        int b = a;
        while (b + 1 < 256 && seen[b + 1])
            b++;
        add(buf, len, "%s%d", first ? "" : ", ", a);
        if (b > a)
            add(buf, len, "%s%d", b == a + 1 ? ", " : "-", b);
        first = 0;
        a = b;
    }
}

/* The text of the finding for pairs p under limit, ending with effect. */
static void expected_text(pair_t *p, int n, const char *limit, const char *effect, char *buf,
                          size_t len)
{
    qsort(p, (size_t)n, sizeof *p, by_target);
    size_t excess = 0;
    for (int i = 0; i < n; i++)
        excess += p[i].sent - p[i].fit;
    buf[0] = '\0';
    add(buf, len, "Data from ");
    pe_list(p, n, 0, buf, len);
    add(buf, len, " did not fit in the target on ");
    pe_list(p, n, 1, buf, len);
    add(buf, len, " (bounded by %s): %zu bytes too many. ", limit, excess);
    for (int i = 0; i < n; i++) {
        if (i == 0 || p[i].to != p[i - 1].to)
            add(buf, len, "%s PE %d: from ", i ? "; into" : "Into", p[i].to);
        else
            add(buf, len, ", ");
        add(buf, len, "PE %d (%zu bytes, %zu fit)", p[i].from, p[i].sent, p[i].fit);
    }
    add(buf, len, ". Each target must hold everything sent to it; with "
        "SHMEM_ALLTOALLV_TSIZE_CHK=%s", effect);
}

static int lowest_sender(const pair_t *p, int n)
{
    int low = p[0].from;
    for (int i = 1; i < n; i++)
        low = p[i].from < low ? p[i].from : low;
    return low;
}

/* One finding, for the lowest sender, at the call's site, with text. */
static void assert_one_finding(const run_result_t *r, const pair_t *p, int n, const char *call,
                               const char *site, const char *text)
{
    char head[256];
    ck_assert_int_eq(tu_count(r->err, "[alltoallv-overflow]"), 1);
    snprintf(head, sizeof head, "shmemsim: error [alltoallv-overflow] PE %d at t=",
             lowest_sender(p, n));
    ck_assert_msg(strstr(r->err, head) != NULL, "no %s in\n%s", head, r->err);
    snprintf(head, sizeof head, "ns in %s, called from main at %s:\n  ", call, site);
    ck_assert_msg(strstr(r->err, head) != NULL, "no %s in\n%s", head, r->err);
    ck_assert_msg(strstr(r->err, text) != NULL, "want\n%s\nin\n%s", text, r->err);
}

/* Under abort: the job stops with every pair named. */
static void assert_abort_names_all(const run_result_t *r, const pair_t *p, int n,
                                   const char *call, const char *limit)
{
    char want[256];
    ck_assert_int_eq(r->status, 5);
    snprintf(want, sizeof want, "shmemsim: %s: SHMEM_ALLTOALLV_TSIZE_CHK=abort: PE ", call);
    ck_assert_ptr_nonnull(strstr(r->err, want));
    for (int i = 0; i < n; i++) {
        snprintf(want, sizeof want, "PE %d sends %zu bytes to PE %d, which accepts %zu (%s)",
                 p[i].from, p[i].sent, p[i].to, p[i].fit, limit);
        ck_assert_msg(strstr(r->err, want) != NULL, "no %s in\n%s", want, r->err);
    }
    ck_assert_int_eq(tu_count(r->err, " sends "), n);
    ck_assert_ptr_nonnull(strstr(r->err, "; aborting\n"));
}

/* The must-show of issue #5: the seed 000 example with target_len halved. */
START_TEST(seed000_with_target_len_halved_names_every_pe_that_did_not_fit)
{
    int line = tu_line_of("tests/programs/seed000_alltoallv_packed.c",
                          "shmemx_alltoallv_packed(target, target_len");
    ck_assert_int_gt(line, 0);
    char site[64];
    snprintf(site, sizeof site, "seed000_alltoallv_packed.c:%d", line);
    for (int npes = 2; npes <= 5; npes++) {
        /* trunc: the example's own checks say what each target lacks. */
        run_result_t r = tu_run("SHMEM_ALLTOALLV_TSIZE_CHK=trunc %s -n %d --quiet %s", SIM, npes,
                                PROG("seed000_half"));
        ck_assert_int_eq(r.status, 4);
        pair_t p[64];
        int n = 0;
        size_t excess = 0;
        for (const char *l = r.out; (l = strstr(l, "] ERROR: received ")) != NULL; l++) {
            const char *start = l;
            while (start > r.out && start[-1] != '\n')
                start--;
            int to, count, from;
            ck_assert_int_eq(sscanf(start, "[%d] ERROR: received %d elements of value %d", &to,
                                    &count, &from), 3);
            p[n++] = (pair_t){from, to, 64 * sizeof(int), (size_t)count * sizeof(int)};
            excess += (64 - (size_t)count) * sizeof(int);
        }
        /* Each target gets npes blocks of 256 bytes and holds half. */
        ck_assert_int_eq((int)excess, npes * npes * 128);
        char text[2048], none[2048], abrt[2048];
        expected_text(p, n, "target_len", "trunc the surplus was truncated.", text, sizeof text);
        assert_one_finding(&r, p, n, "shmemx_alltoallv_packed", site, text);
        tu_free(&r);
        /* none and abort: the same senders and targets (the deposit order
         * does not depend on the mode), the mode's own ending. */
        expected_text(p, n, "target_len", "none the surplus overwrote what follows the target.",
                      none, sizeof none);
        r = tu_run("SHMEM_ALLTOALLV_TSIZE_CHK=none %s -n %d --quiet %s", SIM, npes,
                   PROG("seed000_half"));
        ck_assert_int_eq(r.status, 4);
        ck_assert_ptr_null(strstr(r.out, "ERROR")); /* within the allocation: all arrived */
        assert_one_finding(&r, p, n, "shmemx_alltoallv_packed", site, none);
        tu_free(&r);
        expected_text(p, n, "target_len", "abort the job was stopped.", abrt, sizeof abrt);
        r = tu_run("SHMEM_ALLTOALLV_TSIZE_CHK=abort %s -n %d --quiet %s", SIM, npes,
                   PROG("seed000_half"));
        assert_one_finding(&r, p, n, "shmemx_alltoallv_packed", site, abrt);
        assert_abort_names_all(&r, p, n, "shmemx_alltoallv_packed", "target_len");
        tu_free(&r);
    }
}
END_TEST

/* tests/programs/alltoallv.c "tight": PE i sends i+1+j longs to PE j. */
static int tight_pairs(int npes, const char *chk, pair_t *p)
{
    int n = 0;
    for (int i = 0; i < npes; i++)
        for (int j = 0; j < npes; j++) {
            size_t sent = (size_t)(i + 1 + j) * sizeof(long);
            if (strcmp(chk, "none") != 0 && i + 1 + j > npes)
                p[n++] = (pair_t){i, j, sent, (size_t)npes * sizeof(long)};
            if (strcmp(chk, "none") == 0 && i == npes - 1 && j > 1)
                p[n++] = (pair_t){i, j, sent, (size_t)(npes + 1) * sizeof(long)};
        }
    return n;
}

START_TEST(alltoallv_names_every_pe_under_each_tsize_chk)
{
    static const struct { const char *chk, *limit, *effect; int status; } modes[] = {
        {"trunc", "the target's t_sizes entry", "trunc the surplus was truncated.", 4},
        {"abort", "the target's t_sizes entry", "abort the job was stopped.", 5},
        {"none", "the end of the target object",
         "none the surplus overwrote what follows the target.", 4},
    };
    int line = tu_line_of("tests/programs/alltoallv.c", "shmemx_alltoallv(target,");
    char site[64], text[2048];
    snprintf(site, sizeof site, "alltoallv.c:%d", line);
    for (int npes = 3; npes <= 4; npes++)
        for (int m = 0; m < 3; m++) {
            pair_t p[64];
            int n = tight_pairs(npes, modes[m].chk, p);
            ck_assert_int_gt(n, 0);
            run_result_t r = tu_run("SHMEM_ALLTOALLV_TSIZE_CHK=%s %s -n %d --quiet %s tight",
                                    modes[m].chk, SIM, npes, PROG("alltoallv"));
            ck_assert_int_eq(r.status, modes[m].status);
            expected_text(p, n, modes[m].limit, modes[m].effect, text, sizeof text);
            assert_one_finding(&r, p, n, "shmemx_alltoallv", site, text);
            if (m == 1)
                assert_abort_names_all(&r, p, n, "shmemx_alltoallv", modes[m].limit);
            /* trunc: each target's t_sizes say what it got from whom. */
            for (int i = 0; m == 0 && i < n; i++) {
                char want[64];
                snprintf(want, sizeof want, "PE %d: t_sizes", p[i].to);
                const char *l = strstr(r.out, want);
                ck_assert_ptr_nonnull(l);
                l += strlen(want);
                size_t got = 0;
                for (int k = 0; k <= p[i].from; k++)
                    got = strtoul(l, (char **)&l, 10);
                ck_assert_int_eq((int)got, (int)p[i].fit);
            }
            tu_free(&r);
        }
}
END_TEST

/* A t_offsets entry far past the target's symmetric memory: the block is
 * written nowhere, reported as not fitting at all, and the run goes on
 * (it used to stop the simulator on an internal assertion). */
START_TEST(offset_past_symmetric_memory_writes_nothing)
{
    int line = tu_line_of("tests/programs/alltoallv.c", "shmemx_alltoallv(target,");
    char site[64], text[2048];
    snprintf(site, sizeof site, "alltoallv.c:%d", line);
    pair_t p[1] = {{0, 3, 4 * sizeof(long), 0}};
    run_result_t r = tu_run("%s -n 4 --quiet %s wild", SIM, PROG("alltoallv"));
    ck_assert_int_eq(r.status, 4);
    expected_text(p, 1, "the end of the target object",
                  "none the surplus overwrote what follows the target.", text, sizeof text);
    assert_one_finding(&r, p, 1, "shmemx_alltoallv", site, text);
    ck_assert_ptr_nonnull(strstr(r.out, "PE 3: t_sizes 0 40 48 56\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "PE 0: t_sizes 8 16 24 32\n"));
    tu_free(&r);
}
END_TEST

/* A network that duplicates every collective message: the copies land
 * after their calls have finished and still find what they point to (a
 * sanitized build catches the use of a freed call).  The doubled counts
 * let members leave early, as they would on such a network; the run ends
 * with findings, not a crash. */
START_TEST(duplicated_blocks_land_after_their_call)
{
    char yaml[256];
    snprintf(yaml, sizeof yaml, "%s/dup-a2av.yaml", tu_out_dir());
    FILE *f = fopen(yaml, "w");
    ck_assert_ptr_nonnull(f);
    char prog[4096];
    ck_assert_ptr_nonnull(realpath(PROG("alltoallv"), prog)); /* (the scenario's own directory
                                                                * is another) */
    fprintf(f, "scenario: dup-a2av\nprogram: %s\nnpes: 4\nfaults:\n"
               "  - {kind: duplicate, op: coll, probability: 1.0}\n", prog);
    fclose(f);
    for (int k = 0; k < 2; k++) {
        run_result_t r = tu_run("%s%s replay %s", k ? "SHMEM_ALLTOALLV_TSIZE_CHK=trunc " : "", SIM,
                                yaml);
        ck_assert_msg((r.status == 0 || r.status == 4) && !strstr(r.err, "crashed") &&
                          strstr(r.err, "faults fired"), "%d\n%s", r.status, r.err);
        ck_assert_int_eq(tu_count(r.out, ": alltoallv errors "), 4);
        tu_free(&r);
    }
    unlink(yaml);
}
END_TEST

/* A call the run never finishes is still reported, at the end, saying so. */
START_TEST(overflow_in_a_call_that_never_completes_is_reported_at_the_end)
{
    pair_t p[64];
    int n = 0, all = tight_pairs(4, "trunc", p);
    for (int i = 0; i < all; i++)
        if (p[i].from != 3) /* PE 3 never calls */
            p[n++] = p[i];
    int line = tu_line_of("tests/programs/alltoallv.c", "shmemx_alltoallv(target,");
    char site[64], text[2048];
    snprintf(site, sizeof site, "alltoallv.c:%d", line);
    run_result_t r = tu_run("SHMEM_ALLTOALLV_TSIZE_CHK=trunc %s -n 4 --quiet %s tight skip", SIM,
                            PROG("alltoallv"));
    ck_assert_int_eq(r.status, 3);
    expected_text(p, n, "the target's t_sizes entry", "trunc the surplus was truncated. The run "
                  "ended before every member had all its data, so more may not have fit.", text,
                  sizeof text);
    assert_one_finding(&r, p, n, "shmemx_alltoallv", site, text);
    ck_assert(strstr(r.err, "[alltoallv-overflow]") < strstr(r.err, "shmemsim: deadlock at"));
    tu_free(&r);
}
END_TEST

/* A member that enters late finds others' blocks reserved in its target:
 * its own block goes after them (it used to overwrite the first). */
START_TEST(packed_own_block_goes_after_earlier_reservations)
{
    for (int npes = 2; npes <= 8; npes *= 2) {
        run_result_t r = tu_run("%s -n %d --quiet %s", SIM, npes, PROG("seed000_late"));
        ck_assert_msg(r.status == 0, "%d PEs: %s", npes, r.err);
        ck_assert_msg(strstr(r.out, "ERROR") == NULL, "%d PEs:\n%s", npes, r.out);
        tu_free(&r);
    }
}
END_TEST

Suite *alltoallv_suite(void)
{
    Suite *s = suite_create("alltoallv");
    TCase *tc = tcase_create("overflow");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, offset_past_symmetric_memory_writes_nothing);
    tcase_add_test(tc, duplicated_blocks_land_after_their_call);
    tcase_add_test(tc, seed000_with_target_len_halved_names_every_pe_that_did_not_fit);
    tcase_add_test(tc, alltoallv_names_every_pe_under_each_tsize_chk);
    tcase_add_test(tc, overflow_in_a_call_that_never_completes_is_reported_at_the_end);
    tcase_add_test(tc, packed_own_block_goes_after_earlier_reservations);
    suite_add_tcase(s, tc);
    return s;
}
