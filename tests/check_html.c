/* tests/check_html: the HTML page of a run (--html, shmemsim report):
 * self-contained, deterministic, the same from a saved report and trace
 * as from the run, with findings and their source lines, the PE table and
 * the timeline; and, in headless Chromium when it is installed, drawn:
 * bars, arrows, marks and an axis, and zoomable. */
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM tu_shmemsim()
#define PROG(n) tu_prog(n)

static char tmp[64];

static void setup(void)
{
    snprintf(tmp, sizeof tmp, "/tmp/shmemsim-html-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmp));
}

static void teardown(void)
{
    run_result_t r = tu_run("rm -rf %s", tmp);
    tu_free(&r);
}

static char *page(const char *name)
{
    char path[200];
    snprintf(path, sizeof path, "%s/%s", tmp, name);
    char *text = tu_read_file(path, NULL);
    ck_assert_msg(text != NULL, "%s was not written", path);
    return text;
}

/* The race program's page: its finding with the source line of the first
 * put marked, both PEs, a timeline; nothing fetched from anywhere; the
 * temporary report and trace gone; the same bytes on a second run. */
START_TEST(a_run_writes_a_self_contained_page)
{
    run_result_t r = tu_run("TMPDIR=%s %s -n 2 --quiet --html %s/race.html %s 0", tmp, SIM, tmp,
                            PROG("race"));
    ck_assert_int_eq(r.status, 4);
    tu_free(&r);
    char *html = page("race.html");
    ck_assert_ptr_nonnull(strstr(html, "<!DOCTYPE html>"));
    ck_assert_ptr_nonnull(strstr(html, "[data-race] PE 0"));
    int line = tu_line_of("tests/programs/race.c", "shmem_putmem(&word, &a");
    ck_assert_int_gt(line, 0);
    char want[120];
    snprintf(want, sizeof want, "<mark>%5d          shmem_putmem(&amp;word, &amp;a", line);
    ck_assert_msg(strstr(html, want), "no marked source line %s", want);
    ck_assert_int_eq(tu_count(html, "<tr><td class=\"n\">"), 2);
    ck_assert_int_gt(tu_count(html, "<rect class=\"call\""), 4);
    ck_assert_int_gt(tu_count(html, "<line class=\"msg\""), 1);
    ck_assert_int_ge(tu_count(html, "<rect class=\"mark\""), 1);
    /* self-contained: no external script, style, image or link */
    ck_assert_ptr_null(strstr(html, "src="));
    ck_assert_ptr_null(strstr(html, "<link"));
    ck_assert_ptr_null(strstr(html, "href="));
    ck_assert_int_eq(tu_count(html, "http"), 2); /* the SVG namespace, in markup and script */
    r = tu_run("ls %s | grep -c '^shmemsim-' || true", tmp);
    ck_assert_str_eq(r.out, "0\n");
    tu_free(&r);
    r = tu_run("TMPDIR=%s %s -n 2 --quiet --html %s/again.html %s 0", tmp, SIM, tmp, PROG("race"));
    tu_free(&r);
    char *again = page("again.html");
    ck_assert_str_eq(html, again);
    free(again);
    free(html);
}
END_TEST

/* shmemsim report makes the same page from the saved report and trace;
 * without the trace it says why there is no timeline; bad inputs are
 * usage errors naming the file. */
START_TEST(report_command_makes_the_same_page_from_saved_files)
{
    run_result_t r = tu_run("%s -n 2 --quiet --report %s/run.json --trace %s/run.trace "
                            "--html %s/direct.html %s 0", SIM, tmp, tmp, tmp, PROG("race"));
    ck_assert_int_eq(r.status, 4);
    tu_free(&r);
    r = tu_run("%s report --trace %s/run.trace %s/run.json && %s report --html %s/bare.html "
               "%s/run.json", SIM, tmp, tmp, SIM, tmp, tmp);
    ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
    char want[200];
    snprintf(want, sizeof want, "%s/run.html\n%s/bare.html\n", tmp, tmp);
    ck_assert_str_eq(r.out, want);
    tu_free(&r);
    char *direct = page("direct.html"), *saved = page("run.html"), *bare = page("bare.html");
    ck_assert_str_eq(direct, saved);
    ck_assert_ptr_nonnull(strstr(bare, "No timeline: the run wrote no trace"));
    ck_assert_ptr_nonnull(strstr(bare, "[data-race]"));
    free(direct);
    free(saved);
    free(bare);
    r = tu_run("%s report %s/missing.json", SIM, tmp);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "missing.json: No such file or directory"));
    tu_free(&r);
    r = tu_run("echo '{\"a\": 1}' > %s/other.json && %s report %s/other.json", tmp, SIM, tmp);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "other.json is not a shmemsim report"));
    tu_free(&r);
    r = tu_run("%s report --npes 2 x.json", SIM);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "does not apply to 'shmemsim report'"));
    tu_free(&r);
}
END_TEST

/* A deadlock's page says what each PE was blocked in. */
START_TEST(a_deadlock_page_names_the_blocking_calls)
{
    run_result_t r = tu_run("%s -n 4 --quiet --html %s/dl.html %s deadlock", SIM, tmp, PROG("fail"));
    ck_assert_int_eq(r.status, 3);
    tu_free(&r);
    char *html = page("dl.html");
    ck_assert_ptr_nonnull(strstr(html, "outcome o-bad\">deadlock<"));
    ck_assert_int_ge(tu_count(html, "blocked in "), 1);
    /* the calls they were blocked in are bars up to the end */
    ck_assert_int_ge(tu_count(html, "(blocked at the deadlock: "), 2);
    free(html);
}
END_TEST

static int have_chromium(char *path, size_t len)
{
    run_result_t r = tu_run("command -v chromium || command -v chromium-browser || "
                            "command -v google-chrome");
    int ok = r.status == 0 && r.out[0];
    if (ok)
        snprintf(path, len, "%.*s", (int)strcspn(r.out, "\n"), r.out);
    tu_free(&r);
    return ok;
}

/* The number in attribute name="..." of the <body> tag in dom, or -1. */
static long body_attr(const char *dom, const char *name)
{
    const char *b = strstr(dom, "<body");
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *a = b ? strstr(b, key) : NULL;
    return a && a < strchr(b, '>') ? atol(a + strlen(key)) : -1;
}

/* Loaded in headless Chromium, the page's script runs: every bar, arrow
 * and mark it wrote is laid out with a size, the axis has ticks, and
 * zooming changes the plot's transform. */
START_TEST(the_page_draws_in_a_browser)
{
    char chromium[256];
    if (!have_chromium(chromium, sizeof chromium)) {
        fprintf(stderr, "check_html: chromium not installed: browser test skipped\n");
        return;
    }
    run_result_t r = tu_run("%s -n 4 --quiet --html %s/ring.html %s", SIM, tmp, PROG("ring"));
    ck_assert_msg(r.status == 0, "%s", r.err);
    tu_free(&r);
    char *html = page("ring.html");
    const char *c = strstr(html, "id=\"counts\" data-calls=\"");
    ck_assert_ptr_nonnull(c);
    long calls = atol(c + strlen("id=\"counts\" data-calls=\""));
    long arrows = atol(strstr(c, "data-arrows=\"") + strlen("data-arrows=\""));
    ck_assert_int_gt(calls, 10);
    ck_assert_int_gt(arrows, 4);
    free(html);
    r = tu_run("HOME=%s %s --headless --no-sandbox --disable-gpu --no-first-run "
               "--user-data-dir=%s/profile --dump-dom file://%s/ring.html 2>/dev/null",
               tmp, chromium, tmp, tmp);
    ck_assert_msg(r.status == 0 && strstr(r.out, "<body"), "chromium failed (%d): %s", r.status,
                  r.err);
    ck_assert_int_eq(body_attr(r.out, "data-ready"), 1);
    ck_assert_int_eq(body_attr(r.out, "data-drawn-calls"), calls);
    ck_assert_int_eq(body_attr(r.out, "data-drawn-arrows"), arrows);
    ck_assert_int_ge(body_attr(r.out, "data-axis-ticks"), 3);
    ck_assert_ptr_nonnull(strstr(r.out, "data-zoomed=\"translate("));
    ck_assert_ptr_nonnull(strstr(r.out, "scale(2"));
    tu_free(&r);
}
END_TEST

Suite *html_suite(void)
{
    Suite *s = suite_create("html");
    TCase *tc = tcase_create("html");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, a_run_writes_a_self_contained_page);
    tcase_add_test(tc, report_command_makes_the_same_page_from_saved_files);
    tcase_add_test(tc, a_deadlock_page_names_the_blocking_calls);
    tcase_add_test(tc, the_page_draws_in_a_browser);
    suite_add_tcase(s, tc);
    return s;
}
