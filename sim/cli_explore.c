/* sim/cli_explore: `shmemsim explore [options] [--seeds A..B] [--jobs J]
 * [--out DIR] [--scenario FILE] PROG [ARGS...]`.
 *
 * Runs the program once per seed, each run in a child process (`shmemsim
 * run --seed S ...` with the other options passed through), J at a time.
 * Outcomes are grouped by what happened (outcome, the PE that ended the
 * job, the findings), and each group is printed with its first seed, in
 * seed order, so the output does not depend on which child ends first.
 * For each distinct failure a scenario file that replays its first seed is
 * written.  A progress bar goes to stderr on a terminal; otherwise a plain
 * line every tenth of the way. */
#include "cli.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct xrun {
    uint64_t seed;         /* its seed */
    char seed_arg[24];     /* the seed as the child's argument */
    char sig[600];         /* what happened, one line: runs with equal sig are one group */
    int failed;            /* anything but "ok" */
    int usage;             /* the run could not happen (status 2) */
    char err[300];         /* usage: its first line of stderr */
} xrun_t;

typedef struct xgroup {
    const char *sig;       /* shared with its first run */
    int first;             /* index of its first run (lowest seed) */
    int count;             /* runs in it */
    cli_outcome_t oc;      /* outcome of its first run */
} xgroup_t;

typedef struct xstate {
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

/* Keeps what matters of a finished child and drops its output. */
static void on_done(int i, void *ctx)
{
    xstate_t *x = ctx;
    xrun_t *r = &x->r[i];
    cli_outcome(&x->c[i], &x->oc[i]);
    cli_outcome_text(&x->oc[i], r->sig, sizeof r->sig);
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
    for (int i = 1; i < argc; i++)
        if (!o->drop[i])
            a[k++] = argv[i];
    a[k] = NULL;
    return a;
}

static int group_runs(const xstate_t *x, xgroup_t *g)
{
    int ng = 0;
    for (int i = 0; i < x->n; i++) {
        int k = 0;
        while (k < ng && strcmp(g[k].sig, x->r[i].sig) != 0)
            k++;
        if (k == ng)
            g[ng++] = (xgroup_t){x->r[i].sig, i, 0, x->oc[i]};
        g[k].count++;
    }
    return ng;
}

static void fill_expect(sim_scenario_t *w, const cli_outcome_t *oc)
{
    static const struct { const char *name; sim_expect_outcome_t e; } map[] = {
        {"ok", SIM_EXPECT_OK}, {"exit-nonzero", SIM_EXPECT_EXIT_NONZERO},
        {"deadlock", SIM_EXPECT_DEADLOCK}, {"finding", SIM_EXPECT_FINDING},
        {"crash", SIM_EXPECT_CRASH},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        if (strcmp(map[i].name, oc->name) == 0) {
            w->expect.outcome = map[i].e;
            w->expect.has_outcome = 1;
        }
    }
    if (strcmp(oc->name, "exit-nonzero") == 0 && oc->pe >= 0) {
        w->expect.exit_status = oc->pe_status;
        w->expect.has_exit_status = 1;
    }
    if (strcmp(oc->name, "finding") == 0 && oc->findings[0]) {
        static char first[64];
        snprintf(first, sizeof first, "%.*s", (int)strcspn(oc->findings, ","), oc->findings);
        w->expect.finding = first;
    }
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

/* Writes the scenario replaying group g's first seed; returns its path. */
static char *write_replay(const cli_opts_t *o, const sim_scenario_t *scen, const xstate_t *x,
                          const xgroup_t *g, int argc, char **argv)
{
    const sim_config_t *cfg = &o->cfg;
    const xrun_t *r = &x->r[g->first];
    char *copy = strdup(cfg->program), *base = basename(copy), name[512], desc[1200];
    char *path = NULL, *prog = realpath(cfg->program, NULL);
    snprintf(name, sizeof name, "explore-%s-seed%llu", base, (unsigned long long)r->seed);
    snprintf(desc, sizeof desc, "Found by shmemsim explore: seed %llu ended as %s (%d of %d "
             "seeds did).", (unsigned long long)r->seed, g->sig, g->count, x->n);
    sim_scenario_t w = {0};
    w.name = name;
    w.description = desc;
    w.program = prog ? prog : (char *)cfg->program;
    w.args = cfg->argv + 1;
    w.nargs = cfg->argc - 1;
    w.npes = cfg->npes;
    w.seed = r->seed;
    w.has_seed = 1;
    w.net = cfg->net;
    w.checks = (char *)cfg->checks;
    w.faults = (sim_fault_t *)cfg->faults;
    w.nfaults = cfg->nfaults;
    w.env = scen ? scen->env : NULL;
    w.nenv = scen ? scen->nenv : 0;
    fill_expect(&w, &g->oc);
    mkdir(o->out_dir, 0777); /* made if missing; an error shows at fopen */
    if (asprintf(&path, "%s/%s-seed%llu.yaml", o->out_dir, base, (unsigned long long)r->seed) < 0)
        path = NULL;
    FILE *f = path ? fopen(path, "w") : NULL;
    if (f) {
        fprintf(f, "# Written by: shmemsim explore");
        for (int i = 1; i < argc; i++) {
            fputc(' ', f);
            comment_word(f, argv[i]);
        }
        fprintf(f, "\n# Replay with: shmemsim replay ");
        comment_word(f, path);
        fputc('\n', f);
        if (sim_scenario_write(f, &w) != 0 || fclose(f) != 0)
            f = NULL;
    }
    if (!f) {
        fprintf(stderr, "shmemsim: cannot write %s: %s\n", path ? path : "a scenario",
                strerror(errno));
        free(path);
        path = NULL;
    }
    free(prog);
    free(copy);
    return path;
}

static void print_group(const xstate_t *x, const xgroup_t *g)
{
    printf("%6d  %-50s first at seed %llu", g->count, g->sig,
           (unsigned long long)x->r[g->first].seed);
    if (x->r[g->first].failed && g->count > 1) {
        printf("; seeds");
        int shown = 0;
        for (int i = g->first; i < x->n && shown < 10; i++) {
            if (strcmp(x->r[i].sig, g->sig) == 0)
                printf("%s %llu", shown++ ? "," : "", (unsigned long long)x->r[i].seed);
        }
        if (g->count > 10)
            printf(", ...");
    }
    printf("\n");
}

/* Prints the groups, writes a scenario per failure; returns the number of
 * distinct failures. */
static int report(const cli_opts_t *o, const sim_scenario_t *scen, const xstate_t *x, int argc,
                  char **argv)
{
    xgroup_t *g = calloc((size_t)(unsigned)x->n, sizeof *g);
    int ng = group_runs(x, g), failures = 0, failed_runs = 0;
    for (int k = 0; k < ng; k++) {
        print_group(x, &g[k]);
        if (!x->r[g[k].first].failed)
            continue;
        failures++;
        failed_runs += g[k].count;
        char *path = write_replay(o, scen, x, &g[k], argc, argv);
        if (path)
            printf("        replay: shmemsim replay %s\n", path);
        free(path);
    }
    if (failures)
        printf("%d distinct failure%s in %d of %d runs\n", failures, failures == 1 ? "" : "s",
               failed_runs, x->n);
    else
        printf("no failure in %d runs\n", x->n);
    free(g);
    return failures;
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
    xstate_t x = {0};
    x.n = (int)span + 1;
    x.r = calloc((size_t)x.n, sizeof *x.r);
    x.c = calloc((size_t)x.n, sizeof *x.c);
    x.oc = calloc((size_t)x.n, sizeof *x.oc);
    x.tty = isatty(2);
    for (int i = 0; i < x.n; i++) {
        x.r[i].seed = o->seed_lo + (uint64_t)i;
        snprintf(x.r[i].seed_arg, sizeof x.r[i].seed_arg, "%llu", (unsigned long long)x.r[i].seed);
        x.c[i].argv = child_argv(o, argc, argv, &x.r[i]);
    }
    char *copy = strdup(o->cfg.program);
    printf("explore: %d run%s of %s on %d PE%s (seeds %llu..%llu, %d at a time)\n", x.n,
           x.n == 1 ? "" : "s", basename(copy), o->cfg.npes, o->cfg.npes == 1 ? "" : "s",
           (unsigned long long)o->seed_lo, (unsigned long long)o->seed_hi, o->jobs);
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
    if (status == 0)
        status = report(o, scen, &x, argc, argv) ? 1 : 0;
    for (int i = 0; i < x.n; i++) {
        cli_child_free(&x.c[i]);
        free(x.c[i].argv);
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
    status = cli_config(&o, argv + first, argc - first, &scen);
    if (status == 0)
        status = explore(&o, scen, argc, argv);
    sim_scenario_free(scen);
    cli_opts_free(&o);
    return status;
}
