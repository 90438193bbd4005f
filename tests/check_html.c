/* tests/check_html: the HTML page of a run (--html, shmemsim report):
 * self-contained, deterministic, the same from a saved report and trace
 * as from the run, with findings and their source lines, the PE table and
 * the timeline; and, in headless Chromium when it is installed, drawn:
 * bars, arrows, marks and an axis, and zoomable.  There too, the trace
 * (--trace) is read by Chromium's own trace importer (the DevTools
 * Performance panel's), which must bind every message arrow. */
#include "json.h"
#include "testutil.h"

#include <check.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
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
    /* another run's trace (another seed) is refused, not drawn */
    r = tu_run("%s -n 2 --quiet --seed 7 --trace %s/seed7.trace %s 0; %s report --trace "
               "%s/seed7.trace --html %s/mixed.html %s/run.json", SIM, tmp, PROG("race"), SIM, tmp,
               tmp, tmp);
    ck_assert_msg(r.status == 2 && strstr(r.err, "seed7.trace is not of the run ") &&
                      strstr(r.err, "(seed 7 there, 1 here)"), "%d %s", r.status, r.err);
    char mixed[100];
    snprintf(mixed, sizeof mixed, "%s/mixed.html", tmp);
    ck_assert_int_ne(access(mixed, F_OK), 0);
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

/* The Chromium at hand (0, saying that test is skipped, when there is
 * none), and a 4-PE run of ring with option opt writing tmp/file. */
static int browser_and_ring(char *chromium, size_t len, const char *test, const char *opt,
                            const char *file)
{
    if (!have_chromium(chromium, len)) {
        fprintf(stderr, "check_html: chromium not installed: %s skipped\n", test);
        return 0;
    }
    run_result_t r = tu_run("%s -n 4 --quiet %s %s/%s %s", SIM, opt, tmp, file, PROG("ring"));
    ck_assert_msg(r.status == 0, "%s", r.err);
    tu_free(&r);
    return 1;
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
    if (!browser_and_ring(chromium, sizeof chromium, "browser test", "--html", "ring.html"))
        return;
    char *html = page("ring.html");
    const char *c = strstr(html, "id=\"counts\" data-calls=\"");
    ck_assert_ptr_nonnull(c);
    long calls = atol(c + strlen("id=\"counts\" data-calls=\""));
    long arrows = atol(strstr(c, "data-arrows=\"") + strlen("data-arrows=\""));
    ck_assert_int_gt(calls, 10);
    ck_assert_int_gt(arrows, 4);
    free(html);
    run_result_t r = tu_run("HOME=%s %s --headless --no-sandbox --disable-gpu --no-first-run "
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

/* ---- Chromium over the DevTools protocol, on a pipe ----
 * --remote-debugging-pipe: commands go in on the browser's fd 3, replies
 * and events come out on its fd 4, each a JSON text ended by a NUL. */

typedef struct browser {
    pid_t pid;
    int to, from;      /* our ends of its fd 3 and fd 4 */
    char *buf;         /* what came out and is not read yet */
    size_t len, cap;
    int next_id;
    time_t deadline;
} browser_t;

static int browser_start(browser_t *b, const char *chromium, const char *home)
{
    int to[2], from[2];
    if (pipe(to) || pipe(from))
        return -1;
    memset(b, 0, sizeof *b);
    b->deadline = time(NULL) + 90;
    b->pid = fork();
    if (b->pid < 0)
        return -1;
    if (b->pid == 0) {
        int in = dup(to[0]), out = dup(from[1]);
        dup2(in, 3);
        dup2(out, 4);
        for (int fd = 5; fd < 64; fd++)
            close(fd);
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(126);
        char profile[256], homevar[256];
        snprintf(profile, sizeof profile, "--user-data-dir=%s/cdp-profile", home);
        snprintf(homevar, sizeof homevar, "HOME=%s", home);
        putenv(homevar);
        execl(chromium, chromium, "--headless", "--no-sandbox", "--disable-gpu",
              "--no-first-run", "--remote-debugging-pipe", profile, "about:blank", (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    b->to = to[1];
    b->from = from[0];
    return 0;
}

/* Sends method with params (a JSON object's text) to session (NULL: the
 * browser); returns the command's id. */
static int browser_send(browser_t *b, const char *session, const char *method,
                        const char *params)
{
    char *msg;
    int id = ++b->next_id;
    int n = session ? asprintf(&msg, "{\"id\":%d,\"sessionId\":\"%s\",\"method\":\"%s\","
                                     "\"params\":%s}", id, session, method, params)
                    : asprintf(&msg, "{\"id\":%d,\"method\":\"%s\",\"params\":%s}", id,
                               method, params);
    ck_assert_int_gt(n, 0);
    for (size_t off = 0; off <= (size_t)n;) { /* the NUL too */
        ssize_t w = write(b->to, msg + off, (size_t)n + 1 - off);
        ck_assert_msg(w > 0, "the browser closed its pipe: %s", strerror(errno));
        off += (size_t)w;
    }
    free(msg);
    return id;
}

/* The next message from the browser (parsed), waiting at most until the
 * deadline. */
static sim_json_t *browser_next(browser_t *b)
{
    for (;;) {
        char *end = b->len ? memchr(b->buf, 0, b->len) : NULL;
        if (end) {
            char err[200];
            sim_json_t *v = sim_json_parse(b->buf, err, sizeof err);
            ck_assert_msg(v != NULL, "the browser sent bad JSON (%s)", err);
            size_t used = (size_t)(end - b->buf) + 1;
            memmove(b->buf, end + 1, b->len - used);
            b->len -= used;
            return v;
        }
        struct pollfd p = {b->from, POLLIN, 0};
        int left = (int)(b->deadline - time(NULL));
        ck_assert_msg(left > 0 && poll(&p, 1, left * 1000) == 1,
                      "the browser did not answer within 90 s");
        if (b->cap - b->len < 65536) {
            b->cap = b->cap * 2 + 65536;
            b->buf = realloc(b->buf, b->cap + 1);
            ck_assert_ptr_nonnull(b->buf);
        }
        ssize_t r = read(b->from, b->buf + b->len, b->cap - b->len);
        ck_assert_msg(r > 0, "the browser closed its pipe");
        b->len += (size_t)r;
    }
}

/* The reply to command id (events before it are dropped); fails on an
 * error reply. */
static sim_json_t *browser_reply(browser_t *b, int id)
{
    for (;;) {
        sim_json_t *v = browser_next(b);
        const sim_json_t *i = sim_json_get(v, "id");
        if (i && i->type == SIM_JSON_NUMBER && (int)i->number == id) {
            const sim_json_t *e = sim_json_get(v, "error");
            ck_assert_msg(e == NULL, "the browser refused command %d: %s", id,
                          sim_json_str_of(e, "message"));
            return v;
        }
        sim_json_free(v);
    }
}

/* Waits for event method of session. */
static void browser_event(browser_t *b, const char *session, const char *method)
{
    for (;;) {
        sim_json_t *v = browser_next(b);
        const char *m = sim_json_str_of(v, "method"), *s = sim_json_str_of(v, "sessionId");
        int hit = m && strcmp(m, method) == 0 && s && strcmp(s, session) == 0;
        sim_json_free(v);
        if (hit)
            return;
    }
}

static void browser_stop(browser_t *b)
{
    browser_send(b, NULL, "Browser.close", "{}");
    close(b->to);
    close(b->from);
    int st;
    if (waitpid(b->pid, &st, WNOHANG) == 0) {
        /* Browser.close is asynchronous: give it its deadline, then kill. */
        while (waitpid(b->pid, &st, WNOHANG) == 0 && time(NULL) < b->deadline)
            poll(NULL, 0, 50);
        kill(b->pid, SIGKILL);
        waitpid(b->pid, &st, 0);
    }
    free(b->buf);
}

/* A tab at url (loaded), evaluating expr there (a promise of a string):
 * the string, malloc'd. */
static char *browser_eval(browser_t *b, const char *url, const char *expr)
{
    sim_json_t *v = browser_reply(b, browser_send(b, NULL, "Target.createTarget",
                                                  "{\"url\":\"about:blank\"}"));
    char params[512];
    snprintf(params, sizeof params, "{\"targetId\":\"%s\",\"flatten\":true}",
             sim_json_str_of(sim_json_get(v, "result"), "targetId"));
    sim_json_free(v);
    v = browser_reply(b, browser_send(b, NULL, "Target.attachToTarget", params));
    char session[128];
    snprintf(session, sizeof session, "%s", sim_json_str_of(sim_json_get(v, "result"), "sessionId"));
    sim_json_free(v);
    sim_json_free(browser_reply(b, browser_send(b, session, "Page.enable", "{}")));
    snprintf(params, sizeof params, "{\"url\":\"%s\"}", url);
    sim_json_free(browser_reply(b, browser_send(b, session, "Page.navigate", params)));
    browser_event(b, session, "Page.loadEventFired");
    char *body = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&body, &n);
    ck_assert_ptr_nonnull(f);
    fputs("{\"expression\":", f);
    sim_json_str(f, expr);
    fputs(",\"awaitPromise\":true,\"returnByValue\":true}", f);
    fclose(f);
    v = browser_reply(b, browser_send(b, session, "Runtime.evaluate", body));
    free(body);
    const sim_json_t *res = sim_json_get(v, "result");
    const sim_json_t *exc = sim_json_get(res, "exceptionDetails");
    ck_assert_msg(exc == NULL, "the page threw: %s",
                  sim_json_str_of(sim_json_get(exc, "exception"), "description"));
    const char *s = sim_json_str_of(sim_json_get(res, "result"), "value");
    ck_assert_msg(s != NULL, "the page returned no string");
    char *out = strdup(s);
    sim_json_free(v);
    return out;
}

/* The trace of a run, read by the trace importer of the Chromium at
 * hand (its DevTools front end, models/trace): every message arrow of
 * ours is a flow of two events there, and every PE a thread with entries. */
START_TEST(the_trace_loads_in_chromiums_trace_importer)
{
    char chromium[256];
    if (!browser_and_ring(chromium, sizeof chromium, "trace importer test", "--trace",
                          "ring.trace"))
        return;
    char *trace = page("ring.trace");
    int arrows = tu_count(trace, "\"ph\":\"s\"");
    ck_assert_int_eq(tu_count(trace, "\"ph\":\"f\""), arrows);
    ck_assert_int_gt(arrows, 4);
    char *expr = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&expr, &n);
    ck_assert_ptr_nonnull(f);
    fputs("(async () => {\n"
          "  const Trace = await import('./models/trace/trace.js');\n"
          "  const model = Trace.TraceModel.Model.createWithAllHandlers();\n"
          "  await model.parse(JSON.parse(", f);
    sim_json_str(f, trace);
    fputs(").traceEvents);\n"
          "  const d = model.parsedTrace(0).data;\n"
          "  const threads = [...d.Renderer.processes.values()].flatMap(p => [...p.threads.values()]);\n"
          "  return JSON.stringify({flows: d.Flows.flows.length,\n"
          "    pairs: d.Flows.flows.filter(f => f.length === 2).length,\n"
          "    threads: threads.length,\n"
          "    busy: threads.filter(t => t.entries.length > 0).length});\n"
          "})()", f);
    fclose(f);
    free(trace);
    browser_t b;
    ck_assert_int_eq(browser_start(&b, chromium, tmp), 0);
    /* The trace viewer's own page, so its modules resolve as they do for it. */
    char *got = browser_eval(&b, "devtools://devtools/bundled/trace_app.html", expr);
    browser_stop(&b);
    free(expr);
    char err[200];
    sim_json_t *v = sim_json_parse(got, err, sizeof err);
    ck_assert_msg(v != NULL, "%s: %s", err, got);
    ck_assert_msg(sim_json_get(v, "flows")->number == arrows, "%d arrows, the importer bound: %s",
                  arrows, got);
    ck_assert_msg(sim_json_get(v, "pairs")->number == arrows, "%s", got);
    ck_assert_msg(sim_json_get(v, "threads")->number == 4, "%s", got);
    ck_assert_msg(sim_json_get(v, "busy")->number == 4, "%s", got);
    sim_json_free(v);
    free(got);
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
    tcase_add_test(tc, the_trace_loads_in_chromiums_trace_importer);
    suite_add_tcase(s, tc);
    return s;
}
