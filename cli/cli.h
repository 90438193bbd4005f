/* cli/cli: what the shmemsim commands share (the files of cli/).
 *
 * Is:     option parsing into a configuration (command line over scenario
 *         over defaults), running shmemsim itself as child processes with
 *         their output captured, and reading what a child run did.
 * Is not: part of libshmemsim (these files are linked into bin/shmemsim
 *         only) or the run itself (sim/run). */
#ifndef SIM_CLI_H
#define SIM_CLI_H

#include "run.h"
#include "scenario.h"

#include <stddef.h>
#include <stdint.h>

enum { CLI_RUN, CLI_REPLAY, CLI_TEST, CLI_EXPLORE, CLI_REPORT }; /* commands */

/* Options the command line gave (bits of cli_opts_t.given); a given option
 * wins over the scenario's value. */
enum { CLI_GIVEN_NPES = 1u, CLI_GIVEN_SEED = 2u, CLI_GIVEN_CHECKS = 4u, CLI_GIVEN_HEAP = 8u,
       CLI_GIVEN_TRACE = 16u, CLI_GIVEN_REPORT = 32u, CLI_GIVEN_STACK = 64u,
       CLI_GIVEN_WATCHDOG = 128u };

#define CLI_MAX_NET 64

typedef struct cli_opts {
    int cmd;                  /* CLI_RUN, ... */
    sim_config_t cfg;         /* defaults with the command line's options applied */
    unsigned given;           /* CLI_GIVEN_* */
    const char *net[CLI_MAX_NET]; /* --net KEY=VALUE arguments, in order */
    int nnet;
    const char *scenario;     /* --scenario FILE, or NULL */
    const char *program_dir;  /* --program-dir DIR, or NULL */
    const char *junit;        /* test: --junit FILE, or NULL */
    const char *html;         /* run, replay, report: --html FILE, or NULL */
    const char *out_dir;      /* explore: --out DIR (default ".") */
    int jobs;                 /* test, explore: children at a time (default: CPUs) */
    uint64_t seed_lo, seed_hi; /* explore: --seeds A..B (default 1..100) */
    int shard_k, shard_n;     /* explore: --shard K/N (N 0: no sharding) */
    int merge;                /* explore: --merge DIR... */
    unsigned char *drop;      /* explore: argv elements that are explore's own options */
    int fixed_network;        /* explore: --fixed-network */
    int no_output_digest;     /* explore: --no-output-digest */
    int stderr_digest;        /* explore: --stderr-digest */
    char **own_argv;          /* the program's argv when cli_config made it, else NULL */
    char *own_program;        /* the program path when --program-dir or PATH made it, else NULL */
} cli_opts_t;

/* Prints "shmemsim: <message> (see shmemsim --help)"; returns SIM_EXIT_USAGE. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Parses the options of command cmd in argv[1..argc-1] into *o.  Returns
 * the index of the first operand, or -1 with *status set (usage error, or
 * 0 after --help/--version).  Options after the first operand belong to
 * the program, except for replay and test, whose operands are files. */
int cli_parse(int cmd, int argc, char **argv, cli_opts_t *o, int *status);
/* Makes the run's configuration in o->cfg: defaults < scenario (o->scenario,
 * whose env: it also sets in this process) < command line; prog/nprog, when
 * nprog > 0, replace the scenario's program and args.  *scen gets the loaded
 * scenario (or NULL); the configuration points into it.  Returns 0 or an
 * exit status with the message printed. */
int cli_config(cli_opts_t *o, char **prog, int nprog, sim_scenario_t **scen);
/* Releases what cli_parse and cli_config allocated in o. */
void cli_opts_free(cli_opts_t *o);
/* Number of online CPUs (at least 1). */
int cli_cpus(void);

/* One run of shmemsim itself in a child process. */
typedef struct cli_child {
    char **argv;          /* its arguments, NULL-terminated; argv[0] is ignored */
    int status;           /* exit status, or 128 + the signal that ended it */
    char *out, *err;      /* its stdout and stderr (NUL-terminated) */
    size_t nout, nerr;    /* their lengths */
    char *report;         /* what it wrote to fd 3 (use --report /dev/fd/3), "" if nothing */
    double seconds;       /* wall time it took */
} cli_child_t;

/* Runs every c[i], at most jobs at a time, each with stdin from /dev/null.
 * done(i, ctx), when not NULL, is called as each ends, in the order they
 * end.  Returns 0, or -1 when a child could not be started (said on
 * stderr). */
int cli_children_run(cli_child_t *c, int n, int jobs, void (*done)(int i, void *ctx), void *ctx);
void cli_child_free(cli_child_t *c);

/* What a finished run did, from its exit status and report. */
typedef struct cli_outcome {
    const char *name;     /* ok, exit-nonzero, usage, deadlock, finding, crash, watchdog, or
                           * "killed" when the child itself died */
    int pe;               /* PE that ended the job (exit-nonzero, crash, watchdog), or -1 */
    int pe_status;        /* exit-nonzero: that PE's exit status */
    char signal[16];      /* crash: the signal's name, e.g. SEGV */
    char findings[512];   /* ids of the findings raised, comma-separated, first-seen order */
    char sites[1024];     /* each finding as id@site, ';'-separated, first-seen order */
    char first_error[64]; /* the first finding of severity error, or "" */
} cli_outcome_t;

void cli_outcome(const cli_child_t *c, cli_outcome_t *o);
/* One line describing o, e.g. "exit-nonzero (PE 1 exited with status 1)". */
const char *cli_outcome_text(const cli_outcome_t *o, char *buf, size_t len);
/* Whether id is among o's findings. */
int cli_outcome_has_finding(const cli_outcome_t *o, const char *id);

int cli_test(int argc, char **argv);
int cli_explore(int argc, char **argv);
int cli_report(int argc, char **argv);
/* Writes the HTML page of the run whose report is report_path (and whose
 * trace is trace_path: NULL or "-" for none) to out (cli/html.c); -1 with
 * err on an unreadable report or an unwritable out. */
int cli_html_write(const char *out, const char *report_path, const char *trace_path, char *err,
                   size_t errlen);

#endif
