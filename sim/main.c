/* sim/main: the shmemsim command line.
 *
 *   shmemsim run [options] [--scenario FILE] PROG [ARGS...]
 *   shmemsim -n N [options] PROG [ARGS...]      (same as run)
 *   shmemsim replay [options] FILE.yaml         (same as run --scenario FILE)
 *   shmemsim test [--junit FILE] [--jobs J] FILE.yaml...      (sim/cli_test.c)
 *   shmemsim explore [options] [--seeds A..B] PROG [ARGS...]  (sim/cli_explore.c)
 *
 * Parses options into a sim_config_t (command line over scenario over
 * defaults) and hands it to sim_run.  Every usage error is one line on
 * stderr and exit status 2. */
#include "cli.h"
#include "netparams.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef SHMEMSIM_VERSION
#define SHMEMSIM_VERSION "0.1.0"
#endif

static const char usage_text[] =
    "usage: shmemsim run [options] [--scenario FILE] PROG [ARGS...]\n"
    "       shmemsim -n N [options] PROG [ARGS...]\n"
    "       shmemsim replay [options] FILE.yaml\n"
    "       shmemsim test [--junit FILE] [--jobs J] [--program-dir DIR] FILE.yaml...\n"
    "       shmemsim explore [options] [--seeds A..B] [--jobs J] [--out DIR]\n"
    "                        [--scenario FILE] PROG [ARGS...]\n"
    "\n"
    "Runs PROG, a SHMEM program built with shmemsim-cc, as N simulated PEs in one\n"
    "process.  The same program, arguments, options and seed give the same run.\n"
    "\n"
    "commands:\n"
    "  run                   run PROG once (the default when the first argument is\n"
    "                        an option)\n"
    "  replay FILE           run the scenario FILE (same as run --scenario FILE)\n"
    "  test FILE...          run scenarios, compare each with its expect: block,\n"
    "                        print one line each and 'N passed, N failed'\n"
    "  explore               run PROG under every seed of a range in child\n"
    "                        processes, group the outcomes, and write a replayable\n"
    "                        scenario for each distinct failure\n"
    "\n"
    "options:\n"
    "  -n, --npes N          number of PEs (default 1)\n"
    "      --seed S          seed of the random generator (default 1)\n"
    "      --scenario FILE   take program, PEs, seed, network, checks, env and\n"
    "                        faults from a scenario file; options given on the\n"
    "                        command line (and PROG, if given) win over it\n"
    "      --program-dir DIR run the scenario's program from DIR (same file name)\n"
    "      --trace FILE      write a Chrome trace-event JSON (opens in Perfetto)\n"
    "      --report FILE     write the run report JSON\n"
    "      --check LIST      findings to raise: all (default), none, a comma list of\n"
    "                        ids, or all,-id to drop some\n"
    "      --net KEY=VALUE   network parameter, repeatable: latency, bandwidth,\n"
    "                        overhead, gap, jitter (durations such as 1us, 200ns),\n"
    "                        bandwidth as a rate (10GB/s), packet (size), call\n"
    "                        (duration), ordering (adaptive|fifo)\n"
    "      --stack-size SIZE stack of each PE (default 1M; K, M, G suffixes)\n"
    "      --heap-size SIZE  symmetric heap of each PE (default 64M, or the\n"
    "                        SHMEM_SYMMETRIC_SIZE environment variable)\n"
    "      --watchdog SECS   end a PE that runs SECS wall seconds without calling\n"
    "                        the simulator (default 20, 0 = off)\n"
    "      --privatize MODE  how each PE gets its own globals: copy (a program copy\n"
    "                        per PE), swap (one copy, data swapped at each switch),\n"
    "                        auto (copy while the kernel's mapping limit allows;\n"
    "                        default)\n"
    "      --tag-output      prefix every output line with [PE n]\n"
    "      --quiet           no summary paragraph at the end\n"
    "  -h, --help            this text\n"
    "      --version         the version\n"
    "\n"
    "test and explore:\n"
    "  -j, --jobs J          child processes at a time (default: the CPU count)\n"
    "      --junit FILE      test: also write a JUnit XML report for CI\n"
    "      --seeds A..B      explore: the seeds to run (default 1..100)\n"
    "      --out DIR         explore: where to write the failure scenarios (made if\n"
    "                        missing; default .)\n"
    "      --fixed-network   explore: do not vary the jitter from seed to seed (it\n"
    "                        is not varied either with --net jitter= or --scenario)\n"
    "      --no-output-digest  explore: do not group runs by what they print (for\n"
    "                        programs that print timings)\n"
    "      --stderr-digest   explore: group runs by their stderr too\n"
    "\n"
    "exit status: 0 every PE ended with status 0; 1 a PE exited non-zero;\n"
    "2 usage or input error; 3 deadlock; 4 an error finding; 5 a PE crashed\n"
    "(signal, stack overflow, injected crash); 6 watchdog; 7 stopped by a\n"
    "signal from outside (SIGTERM, SIGINT).  test: 0 when every\n"
    "scenario passed, else 1.  explore: 0 when no seed failed, else 1.\n";

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

/* A memory size: digits with an optional K, M, G or T (binary multiples),
 * optionally followed by B or iB. */
static int parse_mem_size(const char *s, size_t *out)
{
    char *end;
    if (!s || !isdigit((unsigned char)s[0]))
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    int shift = 0;
    switch (toupper((unsigned char)*end)) {
    case 'K': shift = 10; end++; break;
    case 'M': shift = 20; end++; break;
    case 'G': shift = 30; end++; break;
    case 'T': shift = 40; end++; break;
    default: break;
    }
    if (shift && (strcmp(end, "iB") == 0 || strcmp(end, "B") == 0))
        end += strlen(end);
    else if (!shift && strcmp(end, "B") == 0)
        end++;
    if (errno || *end || v == 0 || (shift && v > (ULLONG_MAX >> shift)))
        return -1;
    *out = (size_t)(v << shift);
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

enum { O_SEED = 256, O_TRACE, O_REPORT, O_CHECK, O_NET, O_STACK, O_HEAP, O_WATCHDOG,
       O_TAG, O_QUIET, O_VERSION, O_PRIV, O_SCENARIO, O_PROGDIR, O_JUNIT, O_SEEDS, O_OUT,
       O_FIXEDNET, O_NODIGEST, O_ERRDIGEST };

static const struct option long_opts[] = {
    {"npes", required_argument, NULL, 'n'},
    {"seed", required_argument, NULL, O_SEED},
    {"trace", required_argument, NULL, O_TRACE},
    {"report", required_argument, NULL, O_REPORT},
    {"check", required_argument, NULL, O_CHECK},
    {"net", required_argument, NULL, O_NET},
    {"stack-size", required_argument, NULL, O_STACK},
    {"heap-size", required_argument, NULL, O_HEAP},
    {"watchdog", required_argument, NULL, O_WATCHDOG},
    {"tag-output", no_argument, NULL, O_TAG},
    {"privatize", required_argument, NULL, O_PRIV},
    {"quiet", no_argument, NULL, O_QUIET},
    {"scenario", required_argument, NULL, O_SCENARIO},
    {"program-dir", required_argument, NULL, O_PROGDIR},
    {"jobs", required_argument, NULL, 'j'},
    {"junit", required_argument, NULL, O_JUNIT},
    {"seeds", required_argument, NULL, O_SEEDS},
    {"out", required_argument, NULL, O_OUT},
    {"fixed-network", no_argument, NULL, O_FIXEDNET},
    {"no-output-digest", no_argument, NULL, O_NODIGEST},
    {"stderr-digest", no_argument, NULL, O_ERRDIGEST},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, O_VERSION},
    {0, 0, 0, 0},
};

/* Which commands take an option: R run, P replay, T test, E explore. */
static const char *takers(int c)
{
    switch (c) {
    case O_SCENARIO: return "RE";
    case O_PROGDIR: case 'h': case O_VERSION: return "RPTE";
    case 'j': return "TE";
    case O_JUNIT: return "T";
    case O_SEEDS: case O_OUT: case O_FIXEDNET: case O_NODIGEST: case O_ERRDIGEST: return "E";
    case O_SEED: case O_TRACE: case O_REPORT: return "RP";
    default: return "RPE";
    }
}

static const char *cmd_name(int cmd)
{
    static const char *const names[] = {"run", "replay", "test", "explore"};
    return names[cmd];
}

/* Applies an option that sets part of the run's configuration. */
static int apply_run_option(cli_opts_t *o, int c, const char *arg, int *status)
{
    sim_config_t *cfg = &o->cfg;
    unsigned long long v;
    char err[256];
    switch (c) {
    case 'n':
        if (parse_u64(arg, 1u << 20, &v) || v == 0)
            return *status = cli_usage_error("-n needs a PE count from 1 to %d, got '%s'", 1 << 20, arg), -1;
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
    case O_CHECK: cfg->checks = arg; o->given |= CLI_GIVEN_CHECKS; return 0;
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
    case O_OUT: o->out_dir = arg; return 0;
    case O_FIXEDNET: o->fixed_network = 1; return 0;
    case O_NODIGEST: o->no_output_digest = 1; return 0;
    case O_ERRDIGEST: o->stderr_digest = 1; return 0;
    case 'j':
        if (parse_u64(arg, 256, &v) || v == 0)
            return *status = cli_usage_error("--jobs needs a number from 1 to 256, got '%s'", arg), -1;
        o->jobs = (int)v;
        return 0;
    case O_SEEDS:
        if (parse_seeds(arg, &o->seed_lo, &o->seed_hi))
            return *status = cli_usage_error("--seeds needs A..B with A <= B, got '%s'", arg), -1;
        return 0;
    case 'h': fputs(usage_text, stdout); *status = 0; return -1;
    case O_VERSION: printf("shmemsim %s\n", SHMEMSIM_VERSION); *status = 0; return -1;
    default: return apply_run_option(o, c, arg, status);
    }
}

static int is_explore_own(int c)
{
    return c == 'j' || c == O_SEEDS || c == O_OUT || c == O_FIXEDNET || c == O_NODIGEST ||
           c == O_ERRDIGEST;
}

int cli_parse(int cmd, int argc, char **argv, cli_opts_t *o, int *status)
{
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
    const char *shorts = cmd == CLI_RUN || cmd == CLI_EXPLORE ? "+n:j:h" : "n:j:h";
    for (int before = optind; (c = getopt_long(argc, argv, shorts, long_opts, NULL)) != -1;
         before = optind) {
        if (c == '?') {
            if (optopt && optopt < 256)
                *status = cli_usage_error("option -%c needs an argument or is unknown", optopt);
            else
                *status = cli_usage_error("unknown option '%s'", argv[optind - 1]);
            cli_opts_free(o);
            return -1;
        }
        if (!strchr(takers(c), "RPTE"[cmd])) {
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

/* Takes from s what the command line did not give. */
static int from_scenario(cli_opts_t *o, sim_scenario_t *s)
{
    sim_config_t *cfg = &o->cfg;
    char err[256];
    if (!(o->given & CLI_GIVEN_NPES))
        cfg->npes = s->npes;
    if (!(o->given & CLI_GIVEN_SEED) && s->has_seed)
        cfg->seed = s->seed;
    if (!(o->given & CLI_GIVEN_CHECKS) && s->checks)
        cfg->checks = s->checks;
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
    if (!(o->given & CLI_GIVEN_HEAP) && (status = heap_from_env(&o->cfg)) != 0)
        return status;
    return 0;
}

/* run, and replay (whose one operand is the scenario file). */
static int run_command(int cmd, int argc, char **argv)
{
    cli_opts_t o;
    sim_scenario_t *scen;
    int status = 0;
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
        status = sim_run(&o.cfg);
    sim_scenario_free(scen);
    cli_opts_free(&o);
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage_error("no command or program given");
    if (strcmp(argv[1], "run") == 0)
        return run_command(CLI_RUN, argc - 1, argv + 1);
    if (strcmp(argv[1], "replay") == 0)
        return run_command(CLI_REPLAY, argc - 1, argv + 1);
    if (strcmp(argv[1], "test") == 0)
        return cli_test(argc - 1, argv + 1);
    if (strcmp(argv[1], "explore") == 0)
        return cli_explore(argc - 1, argv + 1);
    if (argv[1][0] == '-')
        return run_command(CLI_RUN, argc, argv);
    return cli_usage_error("unknown command '%s' (did you mean 'shmemsim run %s'?)", argv[1], argv[1]);
}
