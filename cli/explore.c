/* cli/explore: `shmemsim explore [options] [--seeds A..B] [--jobs J]
 * [--out DIR] [--scenario FILE] PROG [ARGS...]`.
 *
 * Runs the program once per seed, each run in a child process (`shmemsim
 * run --seed S ...` with the other options passed through), J at a time.
 * The seed also picks the network's jitter, from the configured value up
 * to four latencies (what the memory model allows: any two messages may
 * overtake each other), unless the jitter is fixed by --net, a scenario or
 * --fixed-network.  Runs are grouped by what happened: the outcome, the
 * failing PE's status or signal (not which PE it was), the findings with
 * their sites, and a digest of what the program printed; each group is
 * printed with its first seed, in seed order, so the output does not
 * depend on which child ends first.  A group that ended ok but printed
 * something other than the most common ok output is a failure too.  For
 * each distinct failure two scenario files are written: one that replays
 * its first seed and expects the failure, and a regression scenario that
 * expects ok, so `shmemsim test` turns green exactly when the bug is fixed.
 * A progress bar goes to stderr on a terminal; otherwise a plain line
 * every tenth of the way. */
#include "cli.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct xrun {
    uint64_t seed;         /* its seed */
    char seed_arg[24];     /* the seed as the child's argument */
    uint64_t jitter_ns;    /* the jitter this seed ran with */
    char net_arg[48];      /* "jitter=...ns" for the child, or empty */
    char sig[600];         /* what happened, one line, for people */
    char key[1800];        /* what happened, in full: runs with equal keys are one group */
    uint64_t digest;       /* of its stdout (and stderr with --stderr-digest), 0 when off */
    char *out;             /* its stdout (kept to name what an odd output printed) */
    int failed;            /* anything but "ok" */
    int usage;             /* the run could not happen (status 2) */
    char err[300];         /* usage: its first line of stderr */
    char replay[600];      /* first run of a failing group: its reproducer, or empty */
} xrun_t;

typedef struct xgroup {
    const char *sig;       /* shared with its first run */
    int first;             /* index of its first run (lowest seed) */
    int count;             /* runs in it */
    cli_outcome_t oc;      /* outcome of its first run */
} xgroup_t;

typedef struct xstate {
    const cli_opts_t *o;   /* the options */
    xrun_t *r;             /* one per seed */
    cli_child_t *c;        /* the children */
    cli_outcome_t *oc;     /* outcome per run */
    int n, completed;
    int tty;               /* progress bar (else plain lines) */
} xstate_t;

static void progress(xstate_t *x)
{
    if (x->tty) {
        int width = 40, fill = (int)((long long)x->completed * width / x->n);
        fprintf(stderr, "\r[%.*s%*s] %d/%d", fill, "########################################",
                width - fill, "", x->completed, x->n);
        if (x->completed == x->n)
            fprintf(stderr, "\r%*s\r", width + 30, "");
    } else if ((long long)x->completed * 10 / x->n != (long long)(x->completed - 1) * 10 / x->n) {
        fprintf(stderr, "explore: %d/%d runs done\n", x->completed, x->n);
    }
}

static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

static int cmp_line(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A digest of the lines of text in sorted order: PEs print concurrently,
 * so the order their lines interleave in is not part of what a program
 * computes; what the lines say is. */
static uint64_t digest_lines(uint64_t h, const char *text, size_t n)
{
    char *copy = strndup(text ? text : "", n);
    size_t nl = 0, cap = 16;
    char **line = malloc(cap * sizeof *line);
    for (char *p = copy, *save = NULL; (p = strtok_r(p, "\n", &save)) != NULL; p = NULL) {
        if (nl == cap)
            line = realloc(line, (cap *= 2) * sizeof *line);
        line[nl++] = p;
    }
    qsort(line, nl, sizeof *line, cmp_line);
    for (size_t i = 0; i < nl; i++)
        h = fnv(fnv(h, line[i], strlen(line[i])), "\n", 1);
    free(line);
    free(copy);
    return h;
}

/* The grouping key: outcome, how the failing PE ended (but not which PE),
 * each finding with its site, and the output digest. */
static void make_key(const cli_outcome_t *oc, uint64_t digest, char *key, size_t len)
{
    int n = snprintf(key, len, "%s", oc->name);
    if (strcmp(oc->name, "exit-nonzero") == 0)
        n += snprintf(key + n, len - (size_t)n, " status %d", oc->pe_status);
    if (strcmp(oc->name, "crash") == 0)
        n += snprintf(key + n, len - (size_t)n, " signal %s", oc->signal);
    snprintf(key + n, len - (size_t)n, " [%s] %016llx", oc->sites, (unsigned long long)digest);
}

/* Keeps what matters of a finished child and drops its output. */
static void on_done(int i, void *ctx)
{
    xstate_t *x = ctx;
    xrun_t *r = &x->r[i];
    const cli_child_t *c = &x->c[i];
    cli_outcome(&x->c[i], &x->oc[i]);
    cli_outcome_text(&x->oc[i], r->sig, sizeof r->sig);
    if (!x->o->no_output_digest) {
        r->digest = digest_lines(0xcbf29ce484222325ull, c->out, c->nout);
        if (x->o->stderr_digest)
            r->digest = digest_lines(r->digest, c->err, c->nerr);
        r->out = strndup(c->out ? c->out : "", c->nout < 65536 ? c->nout : 65536);
    }
    make_key(&x->oc[i], r->digest, r->key, sizeof r->key);
    r->failed = strcmp(x->oc[i].name, "ok") != 0;
    r->usage = strcmp(x->oc[i].name, "usage") == 0;
    if (r->usage) {
        size_t n = x->c[i].err ? strcspn(x->c[i].err, "\n") : 0;
        snprintf(r->err, sizeof r->err, "%.*s", (int)n, x->c[i].err ? x->c[i].err : "");
    }
    cli_child_free(&x->c[i]);
    x->completed++;
    progress(x);
}

/* The child's command: run --quiet --report /dev/fd/3 --seed S, then
 * every argument of ours except explore's own options. */
static char **child_argv(const cli_opts_t *o, int argc, char **argv, xrun_t *r)
{
    char **a = calloc((size_t)argc + 8, sizeof *a);
    int k = 0;
    a[k++] = "shmemsim";
    a[k++] = "run";
    a[k++] = "--quiet";
    a[k++] = "--report";
    a[k++] = "/dev/fd/3";
    a[k++] = "--seed";
    a[k++] = r->seed_arg;
    for (int i = 1; i < argc; i++) {
        if (o->drop[i])
            continue;
        /* The varied jitter goes before PROG, after the other options. */
        if (r->net_arg[0] && argv[i] == o->cfg.program) {
            a[k++] = "--net";
            a[k++] = r->net_arg;
        }
        a[k++] = argv[i];
    }
    a[k] = NULL;
    return a;
}

/* Whether explore may vary the jitter: nobody fixed it. */
static int vary_network(const cli_opts_t *o)
{
    if (o->fixed_network || o->scenario)
        return 0;
    for (int i = 0; i < o->nnet; i++)
        if (strstr(o->net[i], "jitter"))
            return 0;
    return 1;
}

/* The jitter of a seed: the configured one, or 1 to 4 latencies. */
static uint64_t seed_jitter(const cli_opts_t *o, uint64_t seed)
{
    uint64_t z = seed + 0x9e3779b97f4a7c15ull; /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    unsigned k = (unsigned)(z % 5);
    return k == 0 ? o->cfg.net.jitter_ns : o->cfg.net.latency_ns * k;
}

static int group_runs(const xstate_t *x, xgroup_t *g)
{
    int ng = 0;
    for (int i = 0; i < x->n; i++) {
        int k = 0;
        while (k < ng && strcmp(x->r[g[k].first].key, x->r[i].key) != 0)
            k++;
        if (k == ng)
            g[ng++] = (xgroup_t){x->r[i].key, i, 0, x->oc[i]};
        g[k].count++;
    }
    return ng;
}

/* The ok group with the most runs (the first of equals): its output is
 * the expected one.  -1 when no run was ok. */
static int majority_ok(const xgroup_t *g, int ng)
{
    int best = -1;
    for (int k = 0; k < ng; k++)
        if (strcmp(g[k].oc.name, "ok") == 0 && (best < 0 || g[k].count > g[best].count))
            best = k;
    return best;
}

/* The first line of out that the expected output lacks, into buf. */
static void odd_line(const char *out, const char *expected, char *buf, size_t len)
{
    buf[0] = '\0';
    for (const char *p = out; *p;) {
        size_t n = strcspn(p, "\n");
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line - 1 ? n : sizeof line - 1), p);
        if (line[0] && !strstr(expected, line)) {
            snprintf(buf, len, "%s", line);
            return;
        }
        p += n + (p[n] == '\n');
    }
}

static void fill_expect(sim_scenario_t *w, const cli_outcome_t *oc)
{
    int e = sim_exit_by_name(oc->name);
    if (sim_exit_expectable(e)) {
        w->expect.outcome = e;
        w->expect.has_outcome = 1;
    }
    if (strcmp(oc->name, "exit-nonzero") == 0 && oc->pe >= 0) {
        w->expect.exit_status = oc->pe_status;
        w->expect.has_exit_status = 1;
    }
    /* The first error finding that is not the outcome itself (deadlock),
     * else the first finding: a warning every run raises says nothing of
     * what failed. */
    static char first[64];
    if (oc->first_error[0] && strcmp(oc->first_error, oc->name) != 0) {
        snprintf(first, sizeof first, "%s", oc->first_error);
        w->expect.finding = first;
    }
    for (const char *p = oc->findings; *p && !w->expect.finding;) {
        size_t n = strcspn(p, ",");
        if (strlen(oc->name) != n || strncmp(p, oc->name, n) != 0) {
            snprintf(first, sizeof first, "%.*s", (int)n, p);
            w->expect.finding = first;
        }
        p += n + (p[n] == ',');
    }
}

/* path as seen from directory dir (both made absolute), so a scenario
 * file keeps working when the tree moves with it. */
static char *relative_to(const char *dir, const char *path)
{
    char *d = realpath(dir, NULL), *p = realpath(path, NULL);
    size_t common = 0;
    for (size_t i = 0; d && p && d[i] && d[i] == p[i];) {
        i++;
        if ((d[i] == '/' || d[i] == '\0') && p[i] == '/')
            common = i;
    }
    if (!d || !p || common == 0) {
        free(d);
        return p ? p : strdup(path);
    }
    size_t ups = 0;
    for (const char *q = d + common; *q; q++)
        ups += *q == '/';
    char *out = malloc(3 * ups + strlen(p) + 1);
    out[0] = '\0';
    for (size_t i = 0; i < ups; i++)
        strcat(out, "../");
    strcat(out, p + common + 1);
    free(d);
    free(p);
    return out;
}

/* Writes word into a YAML comment as a shell would need it: as it is when
 * it holds only plain characters, else in bash's $'...' quoting with
 * control characters, quotes, backslashes and non-ASCII bytes escaped, so
 * that no newline ends the comment and no byte breaks UTF-8. */
static void comment_word(FILE *f, const char *word)
{
    const unsigned char *p = (const unsigned char *)word;
    if (*p && strspn(word, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                           "_-+=.,:/@%") == strlen(word)) {
        fputs(word, f);
        return;
    }
    fputs("$'", f);
    for (; *p; p++) {
        if (*p == '\\' || *p == '\'')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20 || *p >= 0x7f)
            fprintf(f, "\\x%02x", *p);
        else
            fputc(*p, f);
    }
    fputc('\'', f);
}

/* Writes scenario w to path with explore's header; 0 or -1 (said). */
static int write_file(const char *path, const sim_scenario_t *w, const char *verb, int argc,
                      char **argv)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "# Written by: shmemsim explore");
        for (int i = 1; i < argc; i++) {
            fputc(' ', f);
            comment_word(f, argv[i]);
        }
        fprintf(f, "\n# %s with: shmemsim %s ", strcmp(verb, "replay") == 0 ? "Replay" : "Test",
                verb);
        comment_word(f, path);
        fputc('\n', f);
        if (sim_scenario_write(f, w) != 0 || fclose(f) != 0)
            f = NULL;
    }
    if (!f) {
        fprintf(stderr, "shmemsim: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* Writes the scenario replaying group g's first seed (expecting what
 * happened) and its regression twin (expecting ok, the expected output's
 * line where the odd output differed, and not the odd output's line);
 * returns the first's path. */
static char *write_replay(const cli_opts_t *o, const sim_scenario_t *scen, const xstate_t *x,
                          const xgroup_t *g, const char *odd, const char *usual, int argc,
                          char **argv)
{
    const sim_config_t *cfg = &o->cfg;
    const xrun_t *r = &x->r[g->first];
    char *copy = strdup(cfg->program), *base = basename(copy), name[512], desc[1200];
    char *path = NULL, *regress = NULL;
    mkdir(o->out_dir, 0777); /* made if missing; an error shows at fopen */
    char *prog = relative_to(o->out_dir, cfg->program);
    snprintf(name, sizeof name, "explore-%s-seed%llu", base, (unsigned long long)r->seed);
    snprintf(desc, sizeof desc, "Found by shmemsim explore: seed %llu ended as %s%s (%d of %d "
             "seeds did).", (unsigned long long)r->seed, r->sig,
             odd ? ", printing what most runs did not" : "", g->count, x->n);
    sim_scenario_t w = {0};
    w.name = name;
    w.description = desc;
    w.program = prog;
    w.args = cfg->argv + 1;
    w.nargs = cfg->argc - 1;
    w.npes = cfg->npes;
    w.seed = r->seed;
    w.has_seed = 1;
    w.net = cfg->net;
    w.net.jitter_ns = r->jitter_ns;
    w.checks = (char *)cfg->checks;
    w.faults = (sim_fault_t *)cfg->faults;
    w.nfaults = cfg->nfaults;
    w.env = scen ? scen->env : NULL;
    w.nenv = scen ? scen->nenv : 0;
    /* The run's sizes and watchdog, when not the defaults (given, from the
     * scenario or SHMEM_SYMMETRIC_SIZE): the reproducer must not need the
     * command line or the environment that found it. */
    w.heap_size = cfg->heap_size;
    w.has_heap_size = cfg->heap_size != SIM_DEFAULT_HEAP;
    w.stack_size = cfg->stack_size;
    w.has_stack_size = cfg->stack_size != SIM_DEFAULT_STACK;
    w.watchdog_s = cfg->watchdog_s;
    w.has_watchdog = cfg->watchdog_s != SIM_DEFAULT_WATCHDOG;
    fill_expect(&w, &g->oc);
    char *odd_list[1] = {(char *)odd}, *usual_list[1] = {(char *)usual};
    if (odd) {
        w.expect.stdout_contains = odd_list;
        w.expect.nstdout = 1;
    }
    if (asprintf(&path, "%s/%s-seed%llu.yaml", o->out_dir, base, (unsigned long long)r->seed) < 0 ||
        write_file(path, &w, "replay", argc, argv) != 0) {
        free(path);
        path = NULL;
    }
    /* The regression twin: the same run must end ok. */
    char rname[600], rdesc[1400];
    snprintf(rname, sizeof rname, "%s-fixed", name);
    snprintf(rdesc, sizeof rdesc, "Regression test for the failure explore found at seed %llu "
             "(%s): passes once the bug is fixed.", (unsigned long long)r->seed, r->sig);
    w.name = rname;
    w.description = rdesc;
    memset(&w.expect, 0, sizeof w.expect);
    w.expect.outcome = SIM_EXIT_OK;
    w.expect.has_outcome = 1;
    if (odd && usual && usual[0]) {
        w.expect.stdout_contains = usual_list;
        w.expect.nstdout = 1;
    }
    /* (and not the odd line, which is in no line of the usual output
     * (odd_line): a failing run may print the usual output too, and an
     * extra line) */
    if (odd && odd[0]) {
        w.expect.stdout_not_contains = odd_list;
        w.expect.nstdout_not = 1;
    }
    if (path && (asprintf(&regress, "%s/%s-seed%llu-regression.yaml", o->out_dir, base,
                          (unsigned long long)r->seed) < 0 ||
                 write_file(regress, &w, "test", argc, argv) != 0)) {
        free(path);
        path = NULL;
    }
    free(regress);
    free(prog);
    free(copy);
    return path;
}

static void print_group(const xstate_t *x, const xgroup_t *g, int odd_output)
{
    const xrun_t *f = &x->r[g->first];
    char what[700];
    snprintf(what, sizeof what, "%s%s", f->sig,
             odd_output == 1 ? " (output differs)" : odd_output ? " (other output)" : "");
    printf("%6d  %-50s first at seed %llu", g->count, what, (unsigned long long)f->seed);
    if (f->failed && g->count > 1) {
        printf("; seeds");
        int shown = 0;
        for (int i = g->first; i < x->n && shown < 10; i++) {
            if (strcmp(x->r[i].key, f->key) == 0)
                printf("%s %llu", shown++ ? "," : "", (unsigned long long)x->r[i].seed);
        }
        if (g->count > 10)
            printf(", ...");
    }
    printf("\n");
}

/* Whether failure group k has the description of a failure group above
 * it: the two differ in what the program printed alone. */
static int other_output(const xstate_t *x, const xgroup_t *g, int k)
{
    const xrun_t *f = &x->r[g[k].first];
    if (strstr(f->sig, " (output differs)")) /* an ok group, said already */
        return 0;
    for (int j = 0; f->failed && j < k; j++)
        if (x->r[g[j].first].failed && strcmp(x->r[g[j].first].sig, f->sig) == 0)
            return 1;
    return 0;
}

static void output_hint(int n)
{
    if (n)
        printf("(%d group%s from one above only in what the program printed: "
               "--no-output-digest groups runs by outcome and findings alone, for a program "
               "that prints timings)\n", n, n == 1 ? " differs" : "s differ");
}

/* Prints the groups, writes the scenarios of each failure; returns the
 * number of distinct failures.  An ok group whose output is not the most
 * common ok output is a failure. */
static int report(const cli_opts_t *o, const sim_scenario_t *scen, xstate_t *x, int argc,
                  char **argv)
{
    xgroup_t *g = calloc((size_t)(unsigned)x->n, sizeof *g);
    int ng = group_runs(x, g), failures = 0, failed_runs = 0, usual = majority_ok(g, ng);
    const char *usual_out = usual >= 0 ? x->r[g[usual].first].out : NULL;
    int by_output = 0; /* failure groups told apart by their output alone */
    for (int k = 0; k < ng; k++) {
        xrun_t *f = &x->r[g[k].first];
        int odd = !f->failed && usual >= 0 && k != usual;
        if (odd)
            for (int i = 0; i < x->n; i++)
                if (strcmp(x->r[i].key, f->key) == 0)
                    x->r[i].failed = 1;
        int same_sig = !odd && other_output(x, g, k);
        by_output += same_sig;
        print_group(x, &g[k], odd ? 1 : same_sig ? 2 : 0);
        if (!f->failed)
            continue;
        failures++;
        failed_runs += g[k].count;
        char odd_text[256] = "", usual_text[256] = "";
        if (odd && f->out && usual_out) {
            odd_line(f->out, usual_out, odd_text, sizeof odd_text);
            odd_line(usual_out, f->out, usual_text, sizeof usual_text);
        }
        char *path = write_replay(o, scen, x, &g[k], odd_text[0] ? odd_text : NULL,
                                  usual_text, argc, argv);
        if (odd)
            strncat(f->sig, " (output differs)", sizeof f->sig - strlen(f->sig) - 1);
        if (path) {
            printf("        replay: shmemsim replay %s\n", path);
            snprintf(f->replay, sizeof f->replay, "%s", path);
        }
        free(path);
    }
    output_hint(by_output);
    if (failures)
        printf("%d distinct failure%s in %d of %d runs\n", failures, failures == 1 ? "" : "s",
               failed_runs, x->n);
    else
        printf("no failure in %d runs\n", x->n);
    free(g);
    return failures;
}

/* A shard's runs, for --merge: a line per run, "seed TAB failed TAB
 * reproducer-or-- TAB group key TAB description", in DIR/PROG-shard-K-of-N.runs. */
static int write_runs(const cli_opts_t *o, const xstate_t *x)
{
    char *copy = strdup(o->cfg.program), path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s-shard-%d-of-%d.runs", o->out_dir, basename(copy),
             o->shard_k, o->shard_n);
    free(copy);
    mkdir(o->out_dir, 0777); /* made if missing, also when no run failed */
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "shmemsim: explore: cannot write '%s': %s\n", path, strerror(errno));
        return -1;
    }
    for (int i = 0; i < x->n; i++) {
        const xrun_t *r = &x->r[i];
        fprintf(f, "%llu\t%d\t%s\t", (unsigned long long)r->seed, r->failed,
                r->replay[0] ? r->replay : "-");
        for (const char *p = r->key; *p; p++)
            fputc(*p == '\t' || *p == '\n' ? ' ' : *p, f);
        fputc('\t', f);
        for (const char *p = r->sig; *p; p++)
            fputc(*p == '\t' || *p == '\n' ? ' ' : *p, f);
        fputc('\n', f);
    }
    return fclose(f) == 0 ? 0 : -1;
}

static int by_seed(const void *a, const void *b)
{
    const xrun_t *x = a, *y = b;
    return x->seed < y->seed ? -1 : x->seed > y->seed;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reads one .runs file into x; -1 (said) on a malformed line. */
static int read_runs(const char *path, xstate_t *x, int *cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "shmemsim: explore --merge: cannot read '%s': %s\n", path, strerror(errno));
        return -1;
    }
    char line[4096];
    int lineno = 0, rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\n")] = '\0';
        char *field[5];
        int nf = 0;
        for (char *p = line; nf < 5; nf++) {
            field[nf] = p;
            char *t = strchr(p, '\t');
            if (!t) {
                nf++;
                break;
            }
            *t = '\0';
            p = t + 1;
        }
        if (nf != 5 || (field[1][0] != '0' && field[1][0] != '1')) {
            fprintf(stderr, "shmemsim: explore --merge: %s:%d: not a line explore --shard wrote\n",
                    path, lineno);
            rc = -1;
            break;
        }
        if (x->n == *cap) {
            *cap = *cap ? 2 * *cap : 256;
            x->r = realloc(x->r, (size_t)*cap * sizeof *x->r);
        }
        xrun_t *r = &x->r[x->n++];
        memset(r, 0, sizeof *r);
        r->seed = strtoull(field[0], NULL, 10);
        r->failed = field[1][0] == '1';
        if (strcmp(field[2], "-") != 0) {
            /* The shard named it from where it ran; it is in the shard's
             * --out directory, beside this file: named from here. */
            const char *base = strrchr(field[2], '/'), *dir_end = strrchr(path, '/');
            base = base ? base + 1 : field[2];
            if (dir_end)
                snprintf(r->replay, sizeof r->replay, "%.*s/%s", (int)(dir_end - path), path, base);
            else
                snprintf(r->replay, sizeof r->replay, "%s", base);
        }
        snprintf(r->key, sizeof r->key, "%s", field[3]);
        snprintf(r->sig, sizeof r->sig, "%s", field[4]);
    }
    fclose(f);
    return rc;
}

/* The shards' files name PROG-shard-K-of-N.runs: every K of one N and
 * one program must be there, or the merge would pass for an exploration
 * it is not.  0, or -1 (said). */
static int shards_complete(char **names, size_t n)
{
    char prog[256] = "";
    int total = 0;
    unsigned char seen[4096] = {0};
    for (size_t i = 0; i < n; i++) {
        const char *at = strstr(names[i], "-shard-");
        int k, of, end = 0;
        if (!at || sscanf(at, "-shard-%d-of-%d.runs%n", &k, &of, &end) != 2 || at[end] ||
            k < 1 || k > of || of > (int)sizeof seen)
            continue; /* (read_runs judges its content) */
        if (!prog[0]) {
            snprintf(prog, sizeof prog, "%.*s", (int)(at - names[i]), names[i]);
            total = of;
        } else if (strncmp(prog, names[i], (size_t)(at - names[i])) != 0 ||
                   prog[at - names[i]] || of != total) {
            fprintf(stderr, "shmemsim: explore --merge: %s is not a shard of the same "
                            "exploration as %s-shard-1-of-%d.runs (another program or shard "
                            "count)\n", names[i], prog, total);
            return -1;
        }
        seen[k - 1] = 1;
    }
    for (int k = 1; k <= total; k++)
        if (!seen[k - 1]) {
            fprintf(stderr, "shmemsim: explore --merge: %s-shard-%d-of-%d.runs is missing: "
                            "its seeds would be left out\n", prog, k, total);
            return -1;
        }
    return 0;
}

/* explore --merge DIR...: the shards' runs as one exploration: the same
 * groups, in seed order, with the reproducer of each failure's first
 * seed (which its shard wrote into its DIR). */
static int merge(int ndirs, char **dirs)
{
    xstate_t x = {0};
    int cap = 0, nfiles = 0, rc = 0;
    char **all = NULL; /* every file's name, for shards_complete */
    size_t nall = 0;
    for (int d = 0; d < ndirs && rc == 0; d++) {
        DIR *dir = opendir(dirs[d]);
        if (!dir) {
            fprintf(stderr, "shmemsim: explore --merge: cannot open '%s': %s\n", dirs[d],
                    strerror(errno));
            rc = -1;
            break;
        }
        char **names = NULL;
        size_t n = 0;
        for (struct dirent *e; (e = readdir(dir)) != NULL;) {
            size_t len = strlen(e->d_name);
            if (len > 5 && strcmp(e->d_name + len - 5, ".runs") == 0) {
                names = realloc(names, (n + 1) * sizeof *names);
                names[n++] = strdup(e->d_name);
            }
        }
        closedir(dir);
        qsort(names, n, sizeof *names, by_name);
        all = realloc(all, (nall + n + 1) * sizeof *all);
        int dlen = (int)strlen(dirs[d]);
        while (dlen > 1 && dirs[d][dlen - 1] == '/')
            dlen--; /* (out/ is out) */
        for (size_t i = 0; i < n; i++) {
            all[nall++] = names[i]; /* (freed with all, after shards_complete) */
            char path[PATH_MAX];
            snprintf(path, sizeof path, "%.*s/%s", dlen, dirs[d], names[i]);
            if (rc == 0 && read_runs(path, &x, &cap) == 0)
                nfiles++;
            else
                rc = -1;
        }
        free(names);
    }
    if (rc == 0 && x.n == 0) {
        fprintf(stderr, "shmemsim: explore --merge: no .runs file (written by explore --shard) "
                        "in the given directories\n");
        rc = -1;
    }
    if (rc == 0 && shards_complete(all, nall) != 0)
        rc = -1;
    for (size_t i = 0; i < nall; i++)
        free(all[i]);
    free(all);
    if (rc != 0) {
        free(x.r);
        return SIM_EXIT_USAGE;
    }
    qsort(x.r, (size_t)x.n, sizeof *x.r, by_seed);
    printf("explore: %d runs merged from %d shard file%s (seeds %llu..%llu)\n", x.n, nfiles,
           nfiles == 1 ? "" : "s", (unsigned long long)x.r[0].seed,
           (unsigned long long)x.r[x.n - 1].seed);
    xgroup_t *g = calloc((size_t)x.n, sizeof *g);
    int ng = 0, failures = 0, failed_runs = 0;
    for (int i = 0; i < x.n; i++) {
        int k = 0;
        while (k < ng && strcmp(x.r[g[k].first].key, x.r[i].key) != 0)
            k++;
        if (k == ng)
            g[ng++] = (xgroup_t){x.r[i].key, i, 0, {0}};
        g[k].count++;
        x.r[g[k].first].failed |= x.r[i].failed;
    }
    int by_output = 0;
    for (int k = 0; k < ng; k++) {
        const xrun_t *f = &x.r[g[k].first];
        int same_sig = other_output(&x, g, k);
        by_output += same_sig;
        print_group(&x, &g[k], same_sig ? 2 : 0);
        if (!f->failed)
            continue;
        failures++;
        failed_runs += g[k].count;
        if (f->replay[0])
            printf("        replay: shmemsim replay %s\n", f->replay);
    }
    output_hint(by_output);
    if (failures)
        printf("%d distinct failure%s in %d of %d runs\n", failures, failures == 1 ? "" : "s",
               failed_runs, x.n);
    else
        printf("no failure in %d runs\n", x.n);
    free(g);
    free(x.r);
    return failures ? 1 : 0;
}

/* Runs the seeds and reports; returns the status of explore. */
static int explore(const cli_opts_t *o, const sim_scenario_t *scen, int argc, char **argv)
{
    if (access(o->cfg.program, R_OK) != 0) {
        fprintf(stderr, "shmemsim: cannot open program '%s': %s\n", o->cfg.program, strerror(errno));
        return SIM_EXIT_USAGE;
    }
    uint64_t span = o->seed_hi - o->seed_lo;
    if (span >= 10000000)
        return cli_usage_error("--seeds %llu..%llu is more than 10 million runs",
                               (unsigned long long)o->seed_lo, (unsigned long long)o->seed_hi);
    /* --shard K/N: every N-th seed from the K-th on, so N jobs cover the
     * range once between them. */
    uint64_t first = o->seed_lo, step = 1;
    if (o->shard_n) {
        first = o->seed_lo + (uint64_t)(o->shard_k - 1);
        step = (uint64_t)o->shard_n;
    }
    xstate_t x = {0};
    x.n = first > o->seed_hi ? 0 : (int)((o->seed_hi - first) / step + 1);
    if (x.n == 0) {
        printf("explore: shard %d/%d of seeds %llu..%llu holds no seed\n", o->shard_k,
               o->shard_n, (unsigned long long)o->seed_lo, (unsigned long long)o->seed_hi);
        return 0;
    }
    x.r = calloc((size_t)x.n, sizeof *x.r);
    x.c = calloc((size_t)x.n, sizeof *x.c);
    x.oc = calloc((size_t)x.n, sizeof *x.oc);
    x.tty = isatty(2);
    x.o = o;
    int vary = vary_network(o);
    for (int i = 0; i < x.n; i++) {
        x.r[i].seed = first + (uint64_t)i * step;
        x.r[i].jitter_ns = vary ? seed_jitter(o, x.r[i].seed) : o->cfg.net.jitter_ns;
        if (vary)
            snprintf(x.r[i].net_arg, sizeof x.r[i].net_arg, "jitter=%lluns",
                     (unsigned long long)x.r[i].jitter_ns);
        snprintf(x.r[i].seed_arg, sizeof x.r[i].seed_arg, "%llu", (unsigned long long)x.r[i].seed);
        x.c[i].argv = child_argv(o, argc, argv, &x.r[i]);
    }
    char *copy = strdup(o->cfg.program);
    char shard[64] = "";
    if (o->shard_n)
        snprintf(shard, sizeof shard, ", shard %d/%d: seeds %llu, %llu, ...", o->shard_k,
                 o->shard_n, (unsigned long long)first, (unsigned long long)(first + step));
    printf("explore: %d run%s of %s on %d PE%s (seeds %llu..%llu%s, %d at a time)\n", x.n,
           x.n == 1 ? "" : "s", basename(copy), o->cfg.npes, o->cfg.npes == 1 ? "" : "s",
           (unsigned long long)o->seed_lo, (unsigned long long)o->seed_hi, shard, o->jobs);
    free(copy);
    fflush(stdout);
    int status = cli_children_run(x.c, x.n, o->jobs, on_done, &x) != 0 ? SIM_EXIT_USAGE : 0;
    for (int i = 0; i < x.n && status == 0; i++) {
        if (x.r[i].usage) {
            fprintf(stderr, "shmemsim: explore: seed %llu could not run: %s\n",
                    (unsigned long long)x.r[i].seed, x.r[i].err);
            status = SIM_EXIT_USAGE;
        }
    }
    if (status == 0) {
        status = report(o, scen, &x, argc, argv) ? 1 : 0;
        /* (A shard whose runs --merge cannot have is not a success.) */
        if (o->shard_n && write_runs(o, &x) != 0)
            status = SIM_EXIT_USAGE;
    }
    for (int i = 0; i < x.n; i++) {
        cli_child_free(&x.c[i]);
        free(x.c[i].argv);
        free(x.r[i].out);
    }
    free(x.r);
    free(x.c);
    free(x.oc);
    return status;
}

int cli_explore(int argc, char **argv)
{
    cli_opts_t o;
    sim_scenario_t *scen = NULL;
    int status = 0;
    int first = cli_parse(CLI_EXPLORE, argc, argv, &o, &status);
    if (first < 0)
        return status;
    if (o.merge) {
        cli_opts_free(&o);
        if (first >= argc)
            return cli_usage_error("explore --merge needs the --out directories of the shards");
        return merge(argc - first, argv + first);
    }
    status = cli_config(&o, argv + first, argc - first, &scen);
    if (status == 0)
        status = explore(&o, scen, argc, argv);
    sim_scenario_free(scen);
    cli_opts_free(&o);
    return status;
}
