/* sim/main: the shmemsim command line.
 *
 *   shmemsim run [options] PROG [ARGS...]
 *   shmemsim -n N [options] PROG [ARGS...]      (same as run)
 *
 * Parses options into a sim_config_t and hands it to sim_run.  Every
 * usage error is one line on stderr and exit status 2. */
#include "netparams.h"
#include "run.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SHMEMSIM_VERSION
#define SHMEMSIM_VERSION "0.1.0"
#endif

static const char usage_text[] =
    "usage: shmemsim run [options] PROG [ARGS...]\n"
    "       shmemsim -n N [options] PROG [ARGS...]\n"
    "\n"
    "Runs PROG, a SHMEM program built with shmemsim-cc, as N simulated PEs in one\n"
    "process.  The same program, arguments, options and seed give the same run.\n"
    "\n"
    "options:\n"
    "  -n, --npes N          number of PEs (default 1)\n"
    "      --seed S          seed of the random generator (default 1)\n"
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
    "exit status: 0 every PE ended with status 0; 1 a PE exited non-zero;\n"
    "2 usage or input error; 3 deadlock; 4 an error finding; 5 a PE crashed\n"
    "(signal, stack overflow); 6 watchdog.\n";

static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "shmemsim: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see shmemsim --help)\n");
    va_end(ap);
    return SIM_EXIT_USAGE;
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

enum { O_SEED = 256, O_TRACE, O_REPORT, O_CHECK, O_NET, O_STACK, O_HEAP, O_WATCHDOG,
       O_TAG, O_QUIET, O_VERSION, O_PRIV };

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
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, O_VERSION},
    {0, 0, 0, 0},
};

/* Applies one option; returns -1 to stop with *status set. */
static int apply_option(sim_config_t *cfg, int c, const char *arg, int *status)
{
    unsigned long long v;
    char err[256];
    switch (c) {
    case 'n':
        if (parse_u64(arg, 1u << 20, &v) || v == 0)
            return *status = usage_error("-n needs a PE count from 1 to %d, got '%s'", 1 << 20, arg), -1;
        cfg->npes = (int)v;
        return 0;
    case O_SEED:
        if (parse_u64(arg, ULLONG_MAX, &v))
            return *status = usage_error("--seed needs a non-negative integer, got '%s'", arg), -1;
        cfg->seed = v;
        return 0;
    case O_TRACE: cfg->trace_path = arg; return 0;
    case O_REPORT: cfg->report_path = arg; return 0;
    case O_CHECK: cfg->checks = arg; return 0;
    case O_NET:
        if (sim_netparams_set_kv(&cfg->net, arg, err, sizeof err))
            return *status = usage_error("--net %s: %s", arg, err), -1;
        return 0;
    case O_STACK:
        if (parse_mem_size(arg, &cfg->stack_size) || cfg->stack_size < 16384)
            return *status = usage_error("--stack-size needs a size of at least 16K, got '%s'", arg), -1;
        return 0;
    case O_HEAP:
        if (parse_mem_size(arg, &cfg->heap_size))
            return *status = usage_error("--heap-size needs a size such as 64M, got '%s'", arg), -1;
        return 0;
    case O_WATCHDOG:
        if (parse_u64(arg, 86400, &v))
            return *status = usage_error("--watchdog needs seconds (0 = off), got '%s'", arg), -1;
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
            return *status = usage_error("--privatize needs auto, copy or swap, got '%s'", arg), -1;
        return 0;
    case O_TAG: cfg->tag_output = 1; return 0;
    case O_QUIET: cfg->quiet = 1; return 0;
    case 'h': fputs(usage_text, stdout); *status = 0; return -1;
    case O_VERSION: printf("shmemsim %s\n", SHMEMSIM_VERSION); *status = 0; return -1;
    default: *status = usage_error("bad option"); return -1;
    }
}

static int heap_from_env(sim_config_t *cfg)
{
    const char *env = getenv("SHMEM_SYMMETRIC_SIZE");
    if (env && parse_mem_size(env, &cfg->heap_size))
        return usage_error("SHMEM_SYMMETRIC_SIZE must be a size such as 64M, got '%s'", env);
    return 0;
}

static int run_command(int argc, char **argv)
{
    sim_config_t cfg;
    sim_config_default(&cfg);
    int status = heap_from_env(&cfg);
    if (status)
        return status;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "+n:h", long_opts, NULL)) != -1) {
        if (c == '?') {
            if (optopt)
                return usage_error("option -%c needs an argument or is unknown", optopt);
            return usage_error("unknown option '%s'", argv[optind - 1]);
        }
        if (apply_option(&cfg, c, optarg, &status))
            return status;
    }
    if (optind >= argc)
        return usage_error("no program given");
    cfg.program = argv[optind];
    cfg.argc = argc - optind;
    cfg.argv = argv + optind;
    return sim_run(&cfg);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("no command or program given");
    if (strcmp(argv[1], "run") == 0)
        return run_command(argc - 1, argv + 1);
    if (argv[1][0] == '-')
        return run_command(argc, argv);
    return usage_error("unknown command '%s' (did you mean 'shmemsim run %s'?)", argv[1], argv[1]);
}
