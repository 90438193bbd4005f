/* cli/main: the shmemsim command line.
 *
 *   shmemsim run [options] [--scenario FILE] PROG [ARGS...]
 *   shmemsim -n N [options] PROG [ARGS...]      (same as run)
 *   shmemsim replay [options] FILE.yaml         (same as run --scenario FILE)
 *   shmemsim test [--junit FILE] [--jobs J] FILE.yaml...      (cli/test.c)
 *   shmemsim explore [options] [--seeds A..B] PROG [ARGS...]  (cli/explore.c)
 *
 * Parses options into a sim_config_t (command line over scenario over
 * defaults) and hands it to sim_run.  Every usage error is one line on
 * stderr and exit status 2. */
#include "cli.h"
#include "finding.h"
#include "netparams.h"
#include "units.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef SHMEMSIM_VERSION
#define SHMEMSIM_VERSION "0.1.0"
#endif

static const char usage_head[] =
    "usage: shmemsim run [options] [--scenario FILE] PROG [ARGS...]\n"
    "       shmemsim -n N [options] PROG [ARGS...]\n"
    "       shmemsim replay [options] FILE.yaml\n"
    "       shmemsim test [--junit FILE] [--jobs J] [--program-dir DIR] FILE.yaml...\n"
    "       shmemsim explore [options] [--seeds A..B] [--jobs J] [--out DIR]\n"
    "                        [--scenario FILE] PROG [ARGS...]\n"
    "       shmemsim report [--trace FILE] [--html FILE] RUN.json\n"
    "\n"
    "Runs PROG, a SHMEM program built with shmemsim-cc, as N simulated PEs in one\n"
    "process.  The same program, arguments, options and seed give the same run.\n"
    "\n"
    "commands (each has its own --help):\n"
    "  run                   run PROG once (the default when the first argument is\n"
    "                        an option)\n"
    "  replay FILE           run the scenario FILE (same as run --scenario FILE)\n"
    "  test FILE...          run scenarios, compare each with its expect: block,\n"
    "                        print one line each and 'N passed, N failed'\n"
    "  explore               run PROG under every seed of a range in child\n"
    "                        processes, group the outcomes, and write a replayable\n"
    "                        scenario for each distinct failure\n"
    "  report RUN.json       the HTML page of a run saved with --report (and\n"
    "                        --trace): findings, per-PE statistics, a timeline\n";

/* Each command's own usage line and purpose (shmemsim CMD --help). */
static const char *const cmd_head[] = {
    "usage: shmemsim run [options] [--scenario FILE] PROG [ARGS...]\n"
    "       shmemsim -n N [options] PROG [ARGS...]   (-np N works too)\n"
    "\nRuns PROG once as N simulated PEs.\n",
    "usage: shmemsim replay [options] FILE.yaml\n"
    "\nRuns the scenario FILE (the same as shmemsim run --scenario FILE).\n",
    "usage: shmemsim test [--junit FILE] [--jobs J] [--program-dir DIR] FILE.yaml...\n"
    "\nRuns scenarios, compares each with its expect: block, prints one line each\n"
    "and 'N passed, N failed'.\n",
    "usage: shmemsim explore [options] [--seeds A..B] [--jobs J] [--out DIR]\n"
    "                        [--scenario FILE] PROG [ARGS...]\n"
    "\nRuns PROG under every seed of a range in child processes, groups the\n"
    "outcomes, and writes a replayable scenario for each distinct failure.\n",
    "usage: shmemsim report [--trace FILE] [--html FILE] RUN.json\n"
    "\nWrites the HTML page of a run saved with --report FILE (its timeline from\n"
    "the run's --trace FILE, when given): RUN.html unless --html names the page.\n",
};

/* Every option, once: X(ID, short letter or 0, long name, the name of its
 * value in messages ("" for none), the commands that take it (R run,
 * P replay, T test, E explore, S report), its help lines).  The enum, getopt's
 * tables, --help and the checks of which command takes what are made
 * from it. */
#define CLI_OPTIONS(X)                                                                        \
    X(NPES, 'n', "npes", "N", "RPE",                                                          \
      "  -n, --npes N          number of PEs (default 1; -np N is the same)\n")               \
    X(SEED, 0, "seed", "S", "RP",                                                             \
      "      --seed S          seed of the random generator (default 1)\n")                   \
    X(SCENARIO, 0, "scenario", "FILE", "RE",                                                  \
      "      --scenario FILE   take program, PEs, seed, network, checks, env and\n"            \
      "                        faults from a scenario file; options given on the\n"            \
      "                        command line (and PROG, if given) win over it\n")               \
    X(PROGDIR, 0, "program-dir", "DIR", "RPTE",                                               \
      "      --program-dir DIR run the scenario's program from DIR (same file name)\n")       \
    X(TRACE, 0, "trace", "FILE", "RPS",                                                       \
      "      --trace FILE      write a Chrome trace-event JSON (opens in Perfetto);\n"         \
      "                        - writes it to stdout when the run ends; report: the\n"         \
      "                        run's trace, for the page's timeline\n")                        \
    X(REPORT, 0, "report", "FILE", "RP", "      --report FILE     write the run report JSON\n") \
    X(HTML, 0, "html", "FILE", "RPS",                                                         \
      "      --html FILE       write an HTML page of the run: findings with their\n"           \
      "                        source lines, per-PE statistics, a zoomable timeline\n")        \
    X(CHECK, 0, "check", "LIST", "RPE",                                                       \
      "      --check LIST      findings to raise: all (default), none, a comma list of\n"      \
      "                        ids, or all,-id to drop some; --check list prints every\n"      \
      "                        id with what it means; naming data-race (all,data-race)\n"   \
      "                        keeps the race detector on above 1024 PEs, up to 16384\n")   \
    X(NET, 0, "net", "KEY=VALUE", "RPE",                                                      \
      "      --net KEY=VALUE   network parameter, repeatable: latency, bandwidth,\n"           \
      "                        overhead, gap, jitter (durations such as 1us, 200ns),\n"        \
      "                        bandwidth as a rate (10GB/s), packet (size), call\n"            \
      "                        (duration), ordering (adaptive|fifo)\n")                        \
    X(STACK, 0, "stack-size", "SIZE", "RPE",                                                  \
      "      --stack-size SIZE stack of each PE (default 1M; K, M, G suffixes)\n")            \
    X(HEAP, 0, "heap-size", "SIZE", "RPE",                                                    \
      "      --heap-size SIZE  symmetric heap of each PE (default 64M, or the\n"               \
      "                        SHMEM_SYMMETRIC_SIZE environment variable)\n")                  \
    X(WATCHDOG, 0, "watchdog", "SECS", "RPE",                                                 \
      "      --watchdog SECS   end a PE that runs SECS wall seconds without calling\n"         \
      "                        the simulator, unless its instrumented accesses move\n"         \
      "                        on through memory; and end as a deadlock a run whose\n"        \
      "                        PEs only poll (shmem_test, LAPI_Probe) for SECS with\n"         \
      "                        nothing else to happen (default 20, 0 = off)\n")                \
    X(PRIV, 0, "privatize", "MODE", "RPE",                                                    \
      "      --privatize MODE  how each PE gets its own globals: copy (a program copy\n"       \
      "                        per PE), swap (one copy, data swapped at each switch),\n"       \
      "                        auto (copy while the kernel's mapping limit allows,\n"         \
      "                        but swap above 256 PEs when the program's writable\n"          \
      "                        data is at most 4 KiB; default)\n")                             \
    X(TAG, 0, "tag-output", "", "RPE", "      --tag-output      prefix every output line with [PE n]\n") \
    X(QUIET, 0, "quiet", "", "RPE", "      --quiet           no summary paragraph at the end\n") \
    X(JOBS, 'j', "jobs", "J", "TE",                                                           \
      "  -j, --jobs J          test, explore: child processes at a time (default:\n"           \
      "                        the CPU count)\n")                                              \
    X(JUNIT, 0, "junit", "FILE", "T",                                                         \
      "      --junit FILE      test: also write a JUnit XML report for CI\n")                 \
    X(SEEDS, 0, "seeds", "A..B", "E",                                                         \
      "      --seeds A..B      explore: the seeds to run (default 1..100)\n")                 \
    X(SHARD, 0, "shard", "K/N", "E",                                                          \
      "      --shard K/N       explore: run only the K-th of N interleaved slices of the\n"    \
      "                        seeds (A+K-1, A+K-1+N, ...), e.g. one per CI job; it\n"         \
      "                        also writes its runs to DIR/PROG-shard-K-of-N.runs\n")          \
    X(MERGE, 0, "merge", "", "E",                                                             \
      "      --merge DIR...    explore: report the runs the shards wrote to these\n"           \
      "                        --out directories as one exploration (no run)\n")               \
    X(OUT, 0, "out", "DIR", "E",                                                              \
      "      --out DIR         explore: where to write the failure scenarios (made if\n"       \
      "                        missing; default .)\n")                                         \
    X(FIXEDNET, 0, "fixed-network", "", "E",                                                  \
      "      --fixed-network   explore: do not vary the jitter from seed to seed (it\n"        \
      "                        is not varied either with --net jitter= or --scenario)\n")      \
    X(NODIGEST, 0, "no-output-digest", "", "E",                                               \
      "      --no-output-digest  explore: do not group runs by what they print (for\n"         \
      "                        programs that print timings)\n")                                \
    X(ERRDIGEST, 0, "stderr-digest", "", "E",                                                 \
      "      --stderr-digest   explore: group runs by their stderr too\n")                    \
    X(HELP, 'h', "help", "", "RPTES", "  -h, --help            this text\n")                 \
    X(VERSION, 0, "version", "", "RPTES", "      --version         the version\n")

enum {
    O_BEFORE_FIRST = 255, /* ids above getopt's characters */
#define CLI_OPT_ENUM(id, letter, name, value, cmds, help) O_##id,
    CLI_OPTIONS(CLI_OPT_ENUM)
#undef CLI_OPT_ENUM
    O_END
};

static const struct opt {
    int id;
    char letter;
    const char *name, *value, *cmds, *help;
} opts[] = {
#define CLI_OPT_ROW(id, letter, name, value, cmds, help) {O_##id, letter, name, value, cmds, help},
    CLI_OPTIONS(CLI_OPT_ROW)
#undef CLI_OPT_ROW
};
#define NOPTS (sizeof opts / sizeof opts[0])

static const struct opt *opt_of(int id)
{
    return id > O_BEFORE_FIRST && id < O_END ? &opts[id - O_BEFORE_FIRST - 1] : NULL;
}

/* The option a getopt result stands for: its id, for -n as for --npes. */
static int opt_id(int c)
{
    for (size_t i = 0; c < 256 && i < NOPTS; i++)
        if (opts[i].letter == c)
            return opts[i].id;
    return c;
}

static const char usage_tail[] =
    "\n"
    "exit status: 0 every PE ended with status 0; 1 a PE exited non-zero;\n"
    "2 usage or input error; 3 deadlock; 4 an error finding; 5 a PE crashed\n"
    "(signal, stack overflow, injected crash); 6 watchdog; 7 stopped by a\n"
    "signal from outside (SIGTERM, SIGINT).  test: 0 when every\n"
    "scenario passed, else 1.  explore: 0 when no seed failed, else 1.\n";

/* The help of command cmd (0..3), or of all of them (-1). */
static void print_help(int cmd)
{
    fputs(cmd < 0 ? usage_head : cmd_head[cmd], stdout);
    fputs("\noptions:\n", stdout);
    for (size_t i = 0; i < NOPTS; i++)
        if (cmd < 0 || strchr(opts[i].cmds, "RPTES"[cmd]))
            fputs(opts[i].help, stdout);
    fputs(usage_tail, stdout);
}

int cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "shmemsim: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see shmemsim --help)\n");
    va_end(ap);
    return SIM_EXIT_USAGE;
}

int cli_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

static int parse_u64(const char *s, unsigned long long max, unsigned long long *out)
{
    char *end;
    if (!s || !isdigit((unsigned char)s[0]))
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v > max)
        return -1;
    *out = v;
    return 0;
}

/* A memory size, as --heap-size and --stack-size take it. */
static int parse_mem_size(const char *s, size_t *out)
{
    uint64_t v;
    if (sim_units_mem_size(s, &v) != 0 || v > SIZE_MAX)
        return -1;
    *out = (size_t)v;
    return 0;
}

/* "A..B" with A <= B. */
static int parse_seeds(const char *s, uint64_t *lo, uint64_t *hi)
{
    const char *dots = s ? strstr(s, "..") : NULL;
    char a[32];
    unsigned long long x, y;
    if (!dots || (size_t)(dots - s) >= sizeof a)
        return -1;
    memcpy(a, s, (size_t)(dots - s));
    a[dots - s] = '\0';
    if (parse_u64(a, ULLONG_MAX, &x) || parse_u64(dots + 2, ULLONG_MAX, &y) || y < x)
        return -1;
    *lo = x;
    *hi = y;
    return 0;
}

static const char *cmd_name(int cmd)
{
    static const char *const names[] = {"run", "replay", "test", "explore", "report"};
    return names[cmd];
}

/* Applies an option that sets part of the run's configuration. */
static int apply_run_option(cli_opts_t *o, int c, const char *arg, int *status)
{
    sim_config_t *cfg = &o->cfg;
    unsigned long long v;
    char err[256];
    switch (c) {
    case O_NPES:
        if (parse_u64(arg, SIM_SCENARIO_MAX_NPES, &v) || v == 0)
            return *status = cli_usage_error("-n needs a PE count from 1 to %d, got '%s'",
                                             SIM_SCENARIO_MAX_NPES, arg), -1;
        cfg->npes = (int)v;
        o->given |= CLI_GIVEN_NPES;
        return 0;
    case O_SEED:
        if (parse_u64(arg, ULLONG_MAX, &v))
            return *status = cli_usage_error("--seed needs a non-negative integer, got '%s'", arg), -1;
        cfg->seed = v;
        o->given |= CLI_GIVEN_SEED;
        return 0;
    case O_TRACE: cfg->trace_path = arg; o->given |= CLI_GIVEN_TRACE; return 0;
    case O_REPORT: cfg->report_path = arg; o->given |= CLI_GIVEN_REPORT; return 0;
    case O_CHECK:
        if (strcmp(arg, "list") == 0) {
            sim_finding_list(stdout);
            return *status = 0, -1;
        }
        cfg->checks = arg;
        o->given |= CLI_GIVEN_CHECKS;
        return 0;
    case O_NET:
        if (sim_netparams_set_kv(&cfg->net, arg, err, sizeof err))
            return *status = cli_usage_error("--net %s: %s", arg, err), -1;
        if (o->nnet == CLI_MAX_NET)
            return *status = cli_usage_error("more than %d --net options", CLI_MAX_NET), -1;
        o->net[o->nnet++] = arg;
        return 0;
    case O_STACK:
        if (parse_mem_size(arg, &cfg->stack_size) || cfg->stack_size < 16384)
            return *status = cli_usage_error("--stack-size needs a size of at least 16K, got '%s'", arg), -1;
        o->given |= CLI_GIVEN_STACK;
        return 0;
    case O_HEAP:
        if (parse_mem_size(arg, &cfg->heap_size))
            return *status = cli_usage_error("--heap-size needs a size such as 64M, got '%s'", arg), -1;
        o->given |= CLI_GIVEN_HEAP;
        return 0;
    case O_WATCHDOG:
        if (parse_u64(arg, 86400, &v))
            return *status = cli_usage_error("--watchdog needs seconds (0 = off), got '%s'", arg), -1;
        cfg->watchdog_s = (unsigned)v;
        o->given |= CLI_GIVEN_WATCHDOG;
        return 0;
    case O_PRIV:
        if (strcmp(arg, "auto") == 0)
            cfg->privatize = SIM_PRIV_AUTO;
        else if (strcmp(arg, "copy") == 0)
            cfg->privatize = SIM_PRIV_COPY;
        else if (strcmp(arg, "swap") == 0)
            cfg->privatize = SIM_PRIV_SWAP;
        else
            return *status = cli_usage_error("--privatize needs auto, copy or swap, got '%s'", arg), -1;
        return 0;
    case O_TAG: cfg->tag_output = 1; return 0;
    case O_QUIET: cfg->quiet = 1; return 0;
    default: *status = cli_usage_error("bad option"); return -1;
    }
}

/* Applies one option; returns -1 to stop with *status set. */
static int apply_option(cli_opts_t *o, int c, const char *arg, int *status)
{
    unsigned long long v;
    switch (c) {
    case O_SCENARIO: o->scenario = arg; return 0;
    case O_PROGDIR: o->program_dir = arg; return 0;
    case O_JUNIT: o->junit = arg; return 0;
    case O_HTML: o->html = arg; return 0;
    case O_OUT: o->out_dir = arg; return 0;
    case O_FIXEDNET: o->fixed_network = 1; return 0;
    case O_MERGE: o->merge = 1; return 0;
    case O_NODIGEST: o->no_output_digest = 1; return 0;
    case O_ERRDIGEST: o->stderr_digest = 1; return 0;
    case O_JOBS:
        if (parse_u64(arg, 256, &v) || v == 0)
            return *status = cli_usage_error("--jobs needs a number from 1 to 256, got '%s'", arg), -1;
        o->jobs = (int)v;
        return 0;
    case O_SHARD: {
        int k, n, used = 0;
        if (sscanf(arg, "%d/%d%n", &k, &n, &used) != 2 || arg[used] || n < 1 || n > 100000 ||
            k < 1 || k > n)
            return *status = cli_usage_error("--shard needs K/N with 1 <= K <= N, got '%s'", arg),
                   -1;
        o->shard_k = k;
        o->shard_n = n;
        return 0;
    }
    case O_SEEDS:
        if (parse_seeds(arg, &o->seed_lo, &o->seed_hi))
            return *status = cli_usage_error("--seeds needs A..B with A <= B, got '%s'", arg), -1;
        return 0;
    case O_HELP: print_help(o->cmd); *status = 0; return -1;
    case O_VERSION: printf("shmemsim %s\n", SHMEMSIM_VERSION); *status = 0; return -1;
    default: return apply_run_option(o, c, arg, status);
    }
}

/* Options explore takes for itself, not passed on to its runs: those
 * that a run does not take. */
static int is_explore_own(int c)
{
    const struct opt *o = opt_of(c);
    return o && strchr(o->cmds, 'E') && !strchr(o->cmds, 'R');
}

/* The candidate nearest to word, if near enough to be a typo, or NULL. */
static const char *nearest(const char *word, const char *const *cands, size_t n)
{
    sim_nearest_t near = {word, NULL, 0};
    for (size_t i = 0; i < n; i++)
        sim_nearest_try(&near, cands[i]);
    return sim_nearest_best(&near);
}

/* The message for an option getopt refused: a missing value ("option
 * --junit needs a FILE"), or an unknown option with the nearest known one. */
static int option_error(const char *arg, int opt)
{
    if (opt) {
        const struct opt *h = opt_of(opt_id(opt));
        if (h && h->value[0])
            return cli_usage_error("option --%s needs a%s %s", h->name,
                                   strchr("AEIOU", h->value[0]) ? "n" : "", h->value);
        if (opt < 256)
            return cli_usage_error("unknown option '-%c'", opt);
    }
    char word[64];
    snprintf(word, sizeof word, "%s", arg + strspn(arg, "-"));
    word[strcspn(word, "=")] = '\0';
    const char *names[NOPTS];
    for (size_t i = 0; i < NOPTS; i++)
        names[i] = opts[i].name;
    const char *near = nearest(word, names, NOPTS);
    if (near)
        return cli_usage_error("unknown option '%s' (did you mean --%s?)", arg, near);
    return cli_usage_error("unknown option '%s'", arg);
}

/* -np N, the oshrun/mpirun habit, is -n N; rewritten before getopt sees
 * it (only among the options, not among PROG's arguments). */
static void accept_np(int argc, char **argv)
{
    static char dash_n[] = "-n";
    for (int i = 1; i < argc && argv[i][0] == '-' && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "-np") == 0)
            argv[i] = dash_n;
}

int cli_parse(int cmd, int argc, char **argv, cli_opts_t *o, int *status)
{
    accept_np(argc, argv);
    memset(o, 0, sizeof *o);
    o->cmd = cmd;
    sim_config_default(&o->cfg);
    o->jobs = cli_cpus();
    o->seed_lo = 1;
    o->seed_hi = 100;
    o->out_dir = ".";
    o->drop = calloc((size_t)argc + 1, 1);
    int c;
    opterr = 0;
    optind = 1;
    /* run and explore stop at PROG (its arguments are its own); replay
     * and test take only files, so options may come anywhere. */
    char shorts[2 * NOPTS + 2], *sp = shorts;
    struct option longs[NOPTS + 1];
    if (cmd == CLI_RUN || cmd == CLI_EXPLORE)
        *sp++ = '+';
    for (size_t i = 0; i < NOPTS; i++) {
        int arg = opts[i].value[0] ? required_argument : no_argument;
        longs[i] = (struct option){opts[i].name, arg, NULL, opts[i].id};
        if (opts[i].letter) {
            *sp++ = opts[i].letter;
            if (arg == required_argument)
                *sp++ = ':';
        }
    }
    *sp = '\0';
    longs[NOPTS] = (struct option){0, 0, 0, 0};
    for (int before = optind; (c = getopt_long(argc, argv, shorts, longs, NULL)) != -1;
         before = optind) {
        if (c == '?') {
            *status = option_error(argv[before], optopt);
            cli_opts_free(o);
            return -1;
        }
        c = opt_id(c);
        if (!strchr(opt_of(c)->cmds, "RPTES"[cmd])) {
            *status = cli_usage_error("option '%s' does not apply to 'shmemsim %s'",
                                      argv[before], cmd_name(cmd));
            cli_opts_free(o);
            return -1;
        }
        if (apply_option(o, c, optarg, status)) {
            cli_opts_free(o);
            return -1;
        }
        for (int i = before; cmd == CLI_EXPLORE && is_explore_own(c) && i < optind; i++)
            o->drop[i] = 1;
    }
    return optind;
}

void cli_opts_free(cli_opts_t *o)
{
    free(o->drop);
    free(o->own_argv);
    free(o->own_program);
    o->drop = NULL;
    o->own_argv = NULL;
    o->own_program = NULL;
}

static int heap_from_env(sim_config_t *cfg)
{
    const char *env = getenv("SHMEM_SYMMETRIC_SIZE");
    if (env && parse_mem_size(env, &cfg->heap_size))
        return cli_usage_error("SHMEM_SYMMETRIC_SIZE must be a size such as 64M, got '%s'", env);
    return 0;
}

/* The highest PE a fault names (-1: none). */
static int fault_top_pe(const sim_fault_t *f)
{
    int top = f->pe > f->from ? f->pe : f->from;
    if (f->to > top)
        top = f->to;
    for (int g = 0; g < 2; g++)
        for (int i = 0; i < f->ngroup[g]; i++)
            if (f->groups[g][i] > top)
                top = f->groups[g][i];
    return top;
}

/* Takes from s what the command line did not give. */
static int from_scenario(cli_opts_t *o, sim_scenario_t *s)
{
    sim_config_t *cfg = &o->cfg;
    char err[256];
    if (!(o->given & CLI_GIVEN_NPES))
        cfg->npes = s->npes;
    /* (The file's PE numbers were checked against its own npes.) */
    for (int i = 0; i < s->nfaults; i++)
        if (fault_top_pe(&s->faults[i]) >= cfg->npes)
            return cli_usage_error("%s:%d:%d: this fault names PE %d, but -n gives %d PE%s (the "
                                   "file's npes is %d): give -n %d or more, or edit the fault",
                                   s->path, s->faults[i].line, s->faults[i].col,
                                   fault_top_pe(&s->faults[i]), cfg->npes,
                                   cfg->npes == 1 ? "" : "s", s->npes,
                                   fault_top_pe(&s->faults[i]) + 1);
    if (!(o->given & CLI_GIVEN_SEED) && s->has_seed)
        cfg->seed = s->seed;
    if (!(o->given & CLI_GIVEN_CHECKS) && s->checks)
        cfg->checks = s->checks;
    if (!(o->given & CLI_GIVEN_HEAP) && s->has_heap_size)
        cfg->heap_size = (size_t)s->heap_size;
    if (!(o->given & CLI_GIVEN_STACK) && s->has_stack_size)
        cfg->stack_size = (size_t)s->stack_size;
    if (!(o->given & CLI_GIVEN_WATCHDOG) && s->has_watchdog)
        cfg->watchdog_s = s->watchdog_s;
    cfg->net = s->net;
    for (int i = 0; i < o->nnet; i++)
        sim_netparams_set_kv(&cfg->net, o->net[i], err, sizeof err);
    cfg->faults = s->faults;
    cfg->nfaults = s->nfaults;
    cfg->scenario_path = s->path;
    for (int i = 0; i < s->nenv; i++) {
        char *eq = strchr(s->env[i], '=');
        *eq = '\0';
        int rc = setenv(s->env[i], eq + 1, 1);
        *eq = '=';
        if (rc != 0)
            return cli_usage_error("cannot set %s: %s", s->env[i], strerror(errno));
    }
    cfg->program = s->program;
    cfg->argc = s->nargs + 1;
    cfg->argv = o->own_argv = calloc((size_t)s->nargs + 2, sizeof *cfg->argv);
    cfg->argv[0] = s->program;
    for (int i = 0; i < s->nargs; i++)
        cfg->argv[i + 1] = s->args[i];
    return 0;
}

/* A bare program name that is not in the current directory, looked for
 * on PATH as a shell (and oshrun) would: the path found, allocated, or
 * NULL. */
static char *on_path(const char *name)
{
    const char *path = getenv("PATH");
    if (strchr(name, '/') || access(name, F_OK) == 0 || !path)
        return NULL;
    for (const char *p = path; *p;) {
        size_t n = strcspn(p, ":");
        char *full = NULL;
        if (n && asprintf(&full, "%.*s/%s", (int)n, p, name) >= 0 && access(full, X_OK) == 0)
            return full;
        free(full);
        p += n + (p[n] == ':');
    }
    return NULL;
}

int cli_config(cli_opts_t *o, char **prog, int nprog, sim_scenario_t **scen)
{
    char err[1024];
    int status;
    *scen = NULL;
    if (o->scenario) {
        if (sim_scenario_load(o->scenario, scen, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            return SIM_EXIT_USAGE;
        }
        if ((status = from_scenario(o, *scen)) != 0)
            return status;
    }
    if (nprog > 0) {
        o->cfg.program = prog[0];
        o->cfg.argc = nprog;
        o->cfg.argv = prog;
        char *found = o->program_dir ? NULL : on_path(prog[0]);
        if (found) /* (argv[0] stays as it was typed) */
            o->cfg.program = o->own_program = found;
    }
    if (!o->cfg.program)
        return cli_usage_error("no program given");
    if (o->program_dir) {
        char *copy = strdup(o->cfg.program), *path = NULL;
        if (asprintf(&path, "%s/%s", o->program_dir, basename(copy)) < 0)
            return cli_usage_error("out of memory");
        free(copy);
        o->cfg.program = o->cfg.argv[0] = o->own_program = path;
    }
    /* The scenario's program, looked for now, so that a missing one is
     * named with the file and line that gave it. */
    if (*scen && nprog == 0 && access(o->cfg.program, F_OK) != 0) {
        fprintf(stderr, "%s:%d:%d: program '%s' (%s): %s\n", (*scen)->path,
                (*scen)->program_line, (*scen)->program_col, o->cfg.program,
                o->program_dir ? "with --program-dir" : "relative to the file", strerror(errno));
        return SIM_EXIT_USAGE;
    }
    if (!(o->given & CLI_GIVEN_HEAP) && !(*scen && (*scen)->has_heap_size) &&
        (status = heap_from_env(&o->cfg)) != 0)
        return status;
    return 0;
}

/* run, and replay (whose one operand is the scenario file). */
/* An output file the run will write: checked before it starts, so a bad
 * path is a usage error, not a run whose report is lost at the end. */
static int check_output(const char *opt, const char *path)
{
    struct stat st;
    if (!path || strcmp(path, "-") == 0)
        return 0;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return cli_usage_error("--%s %s: is a directory", opt, path);
    FILE *f = fopen(path, "a");
    if (!f)
        return cli_usage_error("--%s %s: cannot write: %s", opt, path, strerror(errno));
    fclose(f);
    return 0;
}

/* A temporary file for what --html needs and the user did not ask to keep;
 * NULL when none can be made. */
static char *temp_path(const char *what)
{
    const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    char *path = NULL;
    if (asprintf(&path, "%s/shmemsim-%s-XXXXXX", dir, what) < 0)
        return NULL;
    int fd = mkstemp(path);
    if (fd < 0) {
        free(path);
        return NULL;
    }
    close(fd);
    return path;
}

/* After the run: its page, from its report and trace (temporary files
 * when the command line did not name them). */
static int write_html(const cli_opts_t *o, int status, char *tmp_report, char *tmp_trace)
{
    char err[600];
    if (cli_html_write(o->html, o->cfg.report_path, o->cfg.trace_path, err, sizeof err) != 0) {
        fprintf(stderr, "shmemsim: --html: %s\n", err);
        if (status == 0)
            status = SIM_EXIT_USAGE;
    }
    if (tmp_report)
        unlink(tmp_report);
    if (tmp_trace)
        unlink(tmp_trace);
    free(tmp_report);
    free(tmp_trace);
    return status;
}

static int run_command(int cmd, int argc, char **argv)
{
    cli_opts_t o;
    sim_scenario_t *scen;
    int status = 0;
    char *tmp_report = NULL, *tmp_trace = NULL;
    int first = cli_parse(cmd, argc, argv, &o, &status);
    if (first < 0)
        return status;
    if (cmd == CLI_REPLAY) {
        if (argc - first != 1) {
            cli_opts_free(&o);
            return cli_usage_error("replay takes one scenario file, got %d operands", argc - first);
        }
        o.scenario = argv[first];
        first = argc;
    }
    status = cli_config(&o, argv + first, argc - first, &scen);
    if (status == 0)
        status = check_output("trace", o.cfg.trace_path);
    if (status == 0 && strcmp(o.cfg.report_path ? o.cfg.report_path : "", "-") == 0)
        status = cli_usage_error("--report needs a FILE (- is only for --trace)");
    if (status == 0)
        status = check_output("report", o.cfg.report_path);
    if (status == 0)
        status = check_output("html", o.html);
    if (status == 0 && o.html && !o.cfg.report_path &&
        !(o.cfg.report_path = tmp_report = temp_path("report")))
        status = cli_usage_error("--html: cannot make a temporary file: %s", strerror(errno));
    if (status == 0 && o.html && !o.cfg.trace_path &&
        !(o.cfg.trace_path = tmp_trace = temp_path("trace")))
        status = cli_usage_error("--html: cannot make a temporary file: %s", strerror(errno));
    if (status == 0) {
        status = sim_run(&o.cfg);
        /* A run refused before it started writes no report: no empty file,
         * nor an earlier run's report for a job to read as this one's. */
        if (status == SIM_EXIT_USAGE && o.cfg.report_path && !tmp_report)
            unlink(o.cfg.report_path);
        if (o.html)
            status = write_html(&o, status, tmp_report, tmp_trace);
    } else {
        free(tmp_report);
        free(tmp_trace);
    }
    sim_scenario_free(scen);
    cli_opts_free(&o);
    if (status == SIM_EXIT_CRASH) {
        /* Every output is written.  The crashed PE's memory is not to be
         * trusted, and exit would run the program copies' destructors
         * (.fini_array), which a wild write or a protection change may
         * have broken: the documented status, not a second crash. */
        fflush(NULL);
        _exit(status);
    }
    return status;
}

/* What a program prints of its addresses (a block's, a local's, a
 * function's, as debug output often does) is the same run after run only
 * when the kernel places the libraries, the program's copies and the
 * mappings at the same addresses each time: with address randomisation
 * off for this process, which takes running shmemsim again.  Where the
 * system refuses (a container's seccomp filter), or under Valgrind
 * (which the new image would escape), it stays on. */
static void fixed_addresses(char **argv)
{
    int p = personality(0xffffffff);
    const char *pre = getenv("LD_PRELOAD");
    if (p == -1 || (p & ADDR_NO_RANDOMIZE) || (pre && strstr(pre, "vgpreload")))
        return;
    if (personality((unsigned long)p | ADDR_NO_RANDOMIZE) == -1)
        return;
    execv("/proc/self/exe", argv);
    personality((unsigned long)p); /* cannot run again: carry on as we are */
}

int main(int argc, char **argv)
{
    fixed_addresses(argv);
    if (argc < 2)
        return cli_usage_error("no command or program given");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        print_help(-1);
        return 0;
    }
    if (strcmp(argv[1], "run") == 0)
        return run_command(CLI_RUN, argc - 1, argv + 1);
    if (strcmp(argv[1], "replay") == 0)
        return run_command(CLI_REPLAY, argc - 1, argv + 1);
    if (strcmp(argv[1], "test") == 0)
        return cli_test(argc - 1, argv + 1);
    if (strcmp(argv[1], "explore") == 0)
        return cli_explore(argc - 1, argv + 1);
    if (strcmp(argv[1], "report") == 0)
        return cli_report(argc - 1, argv + 1);
    if (argv[1][0] == '-')
        return run_command(CLI_RUN, argc, argv);
    static const char *const commands[] = {"run", "replay", "test", "explore", "report"};
    const char *near = nearest(argv[1], commands, 5);
    if (near)
        return cli_usage_error("unknown command '%s' (did you mean '%s'?)", argv[1], near);
    return cli_usage_error("unknown command '%s' (did you mean 'shmemsim run %s'?)", argv[1], argv[1]);
}
