/* cli/test: `shmemsim test [--junit FILE] [--jobs J] FILE.yaml...`.
 *
 * Loads every scenario, runs each in a child process (`shmemsim run
 * --scenario FILE`), compares what happened with its expect: block and
 * prints one line per scenario, in the order given whatever order the
 * children end in, then "N passed, N failed".  A file that does not load
 * or a run that cannot start counts as failed (a JUnit <error>); a
 * scenario without expect: passes with what happened. */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct tcase {
    const char *file;      /* as given */
    sim_scenario_t *s;     /* the loaded scenario, or NULL */
    char *argv[10];        /* the child's command */
    cli_child_t child;     /* the run */
    cli_outcome_t oc;      /* what it did */
    int done;              /* result known */
    int passed;            /* everything expected happened */
    int error;             /* could not load or run: JUnit <error> */
    char why[2048];        /* what went wrong, "; "-separated */
} tcase_t;

typedef struct tstate {
    tcase_t *t;            /* one per file */
    int n;
    int printed;           /* results printed so far (in file order) */
    int *run_of;           /* child index -> case index */
    cli_child_t *runs;     /* the children, in start order */
} tstate_t;

static void add_why(tcase_t *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add_why(tcase_t *t, const char *fmt, ...)
{
    size_t used = strlen(t->why);
    if (used && used < sizeof t->why)
        used += (size_t)snprintf(t->why + used, sizeof t->why - used, "; ");
    if (used >= sizeof t->why)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->why + used, sizeof t->why - used, fmt, ap);
    va_end(ap);
}

/* Each string of list that stream's text lacks (wanted) or holds (not
 * wanted) is a reason the case failed. */
static void strings(tcase_t *t, const char *stream, const char *text, size_t len, char **list,
                    int n, int wanted)
{
    for (int i = 0; i < n; i++)
        if ((memmem(text, len, list[i], strlen(list[i])) != NULL) != wanted)
            add_why(t, "%s %s \"%s\"", stream, wanted ? "lacks" : "holds", list[i]);
}

/* The first line of s, for a one-line reason. */
static void first_line(const char *s, char *buf, size_t len)
{
    size_t n = s ? strcspn(s, "\n") : 0;
    if (n >= len)
        n = len - 1;
    memcpy(buf, s ? s : "", n);
    buf[n] = '\0';
}

static void judge(tcase_t *t)
{
    const sim_scenario_t *s = t->s;
    char line[512];
    cli_outcome(&t->child, &t->oc);
    t->done = 1;
    if (strcmp(t->oc.name, "usage") == 0 || strcmp(t->oc.name, "killed") == 0) {
        first_line(t->child.err, line, sizeof line);
        add_why(t, "the run did not happen (exit status %d): %s", t->child.status, line);
        t->error = 1;
        return;
    }
    const char *want = s->expect.has_outcome ? sim_exit_name(s->expect.outcome)
                       : s->expect.finding   ? "finding" : NULL;
    if (want && strcmp(want, t->oc.name) != 0)
        add_why(t, "expected outcome %s, got %s", want, cli_outcome_text(&t->oc, line, sizeof line));
    if (s->expect.finding && !cli_outcome_has_finding(&t->oc, s->expect.finding))
        add_why(t, "finding %s was not raised (raised: %s)", s->expect.finding,
                t->oc.findings[0] ? t->oc.findings : "none");
    if (s->expect.has_exit_status) {
        /* As a launcher reports it: the failing PE's status, else shmemsim's. */
        int got = strcmp(t->oc.name, "exit-nonzero") == 0 ? t->oc.pe_status : t->child.status;
        if (got != s->expect.exit_status)
            add_why(t, "expected exit status %d, got %d", s->expect.exit_status, got);
    }
    strings(t, "stdout", t->child.out, t->child.nout, s->expect.stdout_contains,
            s->expect.nstdout, 1);
    strings(t, "stderr", t->child.err, t->child.nerr, s->expect.stderr_contains,
            s->expect.nstderr, 1);
    strings(t, "stdout", t->child.out, t->child.nout, s->expect.stdout_not_contains,
            s->expect.nstdout_not, 0);
    t->passed = t->why[0] == '\0';
}

/* The simulator's own diagnosis lines of a failed run, indented. */
static void show_diagnosis(const tcase_t *t)
{
    int shown = 0;
    for (const char *p = t->child.err; p && *p && shown < 6;) {
        size_t n = strcspn(p, "\n");
        if (strncmp(p, "shmemsim: ", 10) == 0 || strncmp(p, "  PE ", 5) == 0) {
            printf("    %.*s\n", (int)(n > 200 ? 200 : n), p);
            shown++;
        }
        p += n + (p[n] == '\n');
    }
}

static void print_case(const tcase_t *t)
{
    char oc[600];
    if (!t->s) {
        printf("FAIL %s: %s\n", t->file, t->why);
    } else if (t->passed) {
        printf("PASS %s: %s%s\n", t->s->name, cli_outcome_text(&t->oc, oc, sizeof oc),
               sim_scenario_expects(t->s) ? "" : " (nothing expected)");
    } else {
        printf("FAIL %s (%s): %s\n", t->s->name, t->file, t->why);
        show_diagnosis(t);
    }
    fflush(stdout);
}

static void print_ready(tstate_t *st)
{
    while (st->printed < st->n && st->t[st->printed].done)
        print_case(&st->t[st->printed++]);
}

static void on_done(int i, void *ctx)
{
    tstate_t *st = ctx;
    st->t[st->run_of[i]].child = st->runs[i];
    judge(&st->t[st->run_of[i]]);
    print_ready(st);
}

/* ---- JUnit XML ---- */

/* Text as XML character data: the five special characters escaped, bytes
 * XML 1.0 forbids and broken UTF-8 replaced by '?', at most max bytes. */
static void xml_text(FILE *f, const char *s, size_t len, size_t max)
{
    size_t i = 0;
    while (i < len && i < max) {
        unsigned char c = (unsigned char)s[i];
        int n = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
        int ok = n > 0 && i + (size_t)n <= len && !(n == 2 && c < 0xc2) && !(n == 4 && c > 0xf4);
        for (int k = 1; ok && k < n; k++)
            ok = ((unsigned char)s[i + (size_t)k] & 0xc0) == 0x80;
        if (!ok || (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f) {
            fputc('?', f);
            i++;
            continue;
        }
        switch (c) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default: fwrite(s + i, 1, (size_t)n, f); break;
        }
        i += (size_t)n;
    }
    if (len > max)
        fprintf(f, "\n[... %zu more bytes]", len - max);
}

static void xml_str(FILE *f, const char *s)
{
    xml_text(f, s, strlen(s), (size_t)-1);
}

static void junit_case(FILE *f, const tcase_t *t)
{
    const size_t max = 64 * 1024;
    char cls[1024];
    snprintf(cls, sizeof cls, "%s", t->file);
    char *dot = strrchr(cls, '.');
    if (dot && strcmp(dot, ".yaml") == 0)
        *dot = '\0';
    for (char *p = cls; *p; p++)
        if (*p == '/')
            *p = '.';
    const char *c = cls + strspn(cls, "."); /* no leading dots from "/" or "../" */
    fputs("    <testcase name=\"", f);
    xml_str(f, t->s ? t->s->name : t->file);
    fputs("\" classname=\"", f);
    xml_str(f, c);
    fputs("\" file=\"", f);
    xml_str(f, t->file);
    fprintf(f, "\" time=\"%.3f\">\n", t->child.seconds);
    if (!t->passed) {
        fprintf(f, "      <%s message=\"", t->error || !t->s ? "error" : "failure");
        xml_str(f, t->why);
        fprintf(f, "\" type=\"%s\">", t->error || !t->s ? "run" : "expectation");
        xml_str(f, t->why);
        fprintf(f, "</%s>\n", t->error || !t->s ? "error" : "failure");
    }
    if (t->child.out) {
        fputs("      <system-out>", f);
        xml_text(f, t->child.out, t->child.nout, max);
        fputs("</system-out>\n      <system-err>", f);
        xml_text(f, t->child.err, t->child.nerr, max);
        fputs("</system-err>\n", f);
    }
    fputs("    </testcase>\n", f);
}

static int write_junit(const char *path, const tstate_t *st, int failures, int errors)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return -1;
    }
    double total = 0;
    for (int i = 0; i < st->n; i++)
        total += st->t[i].child.seconds;
    /* When and where the suite ran (wall-clock metadata for CI, never part
     * of a run; SOURCE_DATE_EPOCH pins the time for reproducible files). */
    const char *epoch = getenv("SOURCE_DATE_EPOCH");
    time_t now = epoch && *epoch ? (time_t)strtoll(epoch, NULL, 10) : time(NULL);
    struct tm tm;
    char when[32] = "1970-01-01T00:00:00", host[256] = "localhost";
    if (gmtime_r(&now, &tm))
        strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%S", &tm);
    if (gethostname(host, sizeof host) != 0)
        snprintf(host, sizeof host, "localhost");
    host[sizeof host - 1] = '\0';
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<testsuites name=\"shmemsim test\" tests=\"%d\" failures=\"%d\" errors=\"%d\" "
            "time=\"%.3f\">\n  <testsuite name=\"shmemsim scenarios\" tests=\"%d\" failures=\"%d\" "
            "errors=\"%d\" skipped=\"0\" time=\"%.3f\" timestamp=\"%s\" hostname=\"", st->n,
            failures, errors, total, st->n, failures, errors, total, when);
    xml_str(f, host);
    fputs("\">\n", f);
    for (int i = 0; i < st->n; i++)
        junit_case(f, &st->t[i]);
    fputs("  </testsuite>\n</testsuites>\n", f);
    return fclose(f) == 0 ? 0 : -1;
}

/* ---- the command ---- */

static void prepare(tcase_t *t, const char *file, const char *program_dir)
{
    char err[1024];
    t->file = file;
    if (sim_scenario_load(file, &t->s, err, sizeof err) != 0) {
        snprintf(t->why, sizeof t->why, "%s", err);
        t->done = 1;
        t->error = 1;
        return;
    }
    int a = 0;
    t->argv[a++] = "shmemsim";
    t->argv[a++] = "run";
    t->argv[a++] = "--scenario";
    t->argv[a++] = (char *)file;
    t->argv[a++] = "--report";
    t->argv[a++] = "/dev/fd/3";
    if (program_dir) {
        t->argv[a++] = "--program-dir";
        t->argv[a++] = (char *)program_dir;
    }
    t->argv[a] = NULL;
    t->child.argv = t->argv;
}

/* Runs the scenario files, prints and returns the status of test. */
static int test_files(const cli_opts_t *o, char **files, int n)
{
    tstate_t st = {0};
    st.n = n;
    st.t = calloc((size_t)n, sizeof *st.t);
    st.run_of = calloc((size_t)n, sizeof *st.run_of);
    st.runs = calloc((size_t)n, sizeof *st.runs);
    int nrun = 0, status = SIM_EXIT_USAGE;
    for (int i = 0; i < n; i++) {
        prepare(&st.t[i], files[i], o->program_dir);
        if (st.t[i].s) {
            st.runs[nrun].argv = st.t[i].child.argv;
            st.run_of[nrun++] = i;
        }
    }
    print_ready(&st);
    if (cli_children_run(st.runs, nrun, o->jobs, on_done, &st) == 0) {
        int passed = 0, errors = 0;
        for (int i = 0; i < n; i++) {
            passed += st.t[i].passed;
            errors += !st.t[i].passed && st.t[i].error;
        }
        printf("%d passed, %d failed\n", passed, n - passed);
        status = passed == n ? 0 : 1;
        if (o->junit && write_junit(o->junit, &st, n - passed - errors, errors) != 0)
            status = SIM_EXIT_USAGE;
    }
    for (int i = 0; i < n; i++) {
        cli_child_free(&st.t[i].child);
        sim_scenario_free(st.t[i].s);
    }
    free(st.runs);
    free(st.t);
    free(st.run_of);
    return status;
}

int cli_test(int argc, char **argv)
{
    cli_opts_t o;
    int status = 0;
    int first = cli_parse(CLI_TEST, argc, argv, &o, &status);
    if (first < 0)
        return status;
    if (first >= argc)
        status = cli_usage_error("test needs at least one scenario file");
    else
        status = test_files(&o, argv + first, argc - first);
    cli_opts_free(&o);
    return status;
}
