/*
 * sim/scenario — loading a YAML scenario file (SPEC §6) into plain structs.
 *
 * Is:     the only module that includes <yaml.h>. It reads one file,
 *         checks it against the schema documented in scenarios/README.md
 *         (unknown keys, wrong types, impossible values) and returns a
 *         fully validated sim_scenario_t, or one "FILE:LINE:COL: message"
 *         naming the offending node (1-based line and column).
 * Is not: the fault engine (sim/fault interprets sim_fault_t), the runner
 *         (which executes the program and compares with expect), or a
 *         checker of finding ids or routine names, which other modules own.
 *
 * Loading never yields, keeps no global state and is safe on hostile
 * input: the file size, node count after alias expansion, nesting depth
 * and every string length are bounded (see the SIM_SCENARIO_MAX_* below).
 */
#ifndef SIM_SCENARIO_H
#define SIM_SCENARIO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "netparams.h"
#include "op.h"
#include "outcome.h"

#define SIM_SCENARIO_MAX_FILE  (4u << 20) /* bytes in a scenario file */
#define SIM_SCENARIO_MAX_NODES 100000     /* nodes visited with aliases expanded */
#define SIM_SCENARIO_MAX_DEPTH 64         /* nesting of lists and mappings */
#define SIM_SCENARIO_MAX_ANCHORS 1000     /* &anchors (libyaml looks them up one by one) */
#define SIM_SCENARIO_MAX_NPES  (1 << 20)  /* largest accepted npes */
#define SIM_SCENARIO_MAX_STR   4096       /* bytes in any free-text string */
#define SIM_SCENARIO_MAX_NAME  255        /* bytes in the scenario name */

/* What a fault does; the README lists the keys each kind accepts. */
typedef enum { SIM_FAULT_DELAY, SIM_FAULT_DROP, SIM_FAULT_DUPLICATE, SIM_FAULT_REORDER, SIM_FAULT_CORRUPT,
               SIM_FAULT_STALL, SIM_FAULT_SLOW, SIM_FAULT_CRASH, SIM_FAULT_PARTITION, SIM_FAULT_LINK_DOWN,
               SIM_FAULT_MEMORY } sim_fault_kind_t;

/* One entry of faults:. Fields a kind does not use keep their defaults
 * (from/to/pe -1, ops SIM_OP_ANY, nth 0, factor 1, probability 1, bits 1, rest 0). */
typedef struct sim_fault {
    sim_fault_kind_t kind;   /* what the fault does */
    int from, to;            /* message source/destination PE, -1 = any */
    int pe;                  /* the PE for stall/slow/crash/memory, -1 = none */
    unsigned ops;            /* message classes it applies to (sim/op: SIM_OP_BIT), SIM_OP_ANY by default */
    uint64_t win_start_ns, win_end_ns; int has_window;  /* window: [start, end], start <= end; has_window 0 = whole run */
    uint64_t nth;            /* 1-based nth matching message (or call for at_call), 0 = every */
    char at_call[64];        /* API routine name trigger, "" = none */
    uint64_t at_ns; int has_at;       /* time trigger for crash/memory/stall */
    uint64_t extra_ns;       /* delay: extra latency */
    uint64_t for_ns;         /* stall: duration */
    double factor;           /* slow: CPU cost multiplier (>= 1) */
    double probability;      /* 0..1, default 1 */
    uint64_t retransmit_after_ns; int retransmit; /* drop: retransmitted after this timeout; else lost for good */
    int bits;                /* corrupt: number of bit flips, default 1 */
    char symbol[128];        /* memory: symbol name of the program to overwrite (or "": offset into the symmetric heap) */
    uint64_t offset;         /* memory: byte offset in the symbol */
    int64_t value;           /* memory: value written (a long) */
    int groups[2][64]; int ngroup[2]; /* partition: the two PE groups (a: [...], b: [...]); link_down uses from/to */
    int line, col;           /* where the fault is in the file, for messages */
} sim_fault_t;

/* The run's expected end (expect.outcome). */

/* A loaded scenario. Every pointer is owned by the struct and released by
 * sim_scenario_free; string lists are also NULL-terminated (args[nargs],
 * env[nenv], ... are NULL). Optional strings that were absent are NULL. */
typedef struct sim_scenario {
    char *path;              /* the file it was loaded from */
    char *name, *description; /* scenario: (required); description: or NULL */
    char *program;           /* resolved relative to the directory of the file */
    int program_line, program_col; /* where program: is, for messages */
    char **args; int nargs;  /* args: list, never NULL (empty list = {NULL}) */
    int npes; uint64_t seed; int has_seed; /* npes: (>= 1); seed: if has_seed */
    sim_net_params_t net;    /* defaults + the network: mapping */
    char *checks;            /* "all" (default), "none", or comma list; a YAML list is joined with commas */
    sim_fault_t *faults; int nfaults; /* faults: in file order; NULL when 0 */
    struct {
        int outcome; int has_outcome; /* outcome: if has_outcome, an expectable SIM_EXIT_* (sim/outcome) */
        char *finding;                /* finding: id expected, or NULL */
        int exit_status; int has_exit_status; /* exit_status: 0..255 */
        char **stdout_contains; int nstdout;  /* substrings stdout must hold */
        char **stdout_not_contains; int nstdout_not; /* substrings stdout must not hold */
        char **stderr_contains; int nstderr;  /* substrings stderr must hold */
    } expect;                /* expect: block; all-absent = nothing checked */
    char **env; int nenv;    /* optional `env: {NAME: value}` mapping: environment for the run, as "NAME=value" */
    /* heap_size:, stack_size: (sizes) and watchdog: (seconds, 0 = off), as
     * --heap-size, --stack-size and --watchdog: each if has_... */
    uint64_t heap_size, stack_size; int has_heap_size, has_stack_size;
    unsigned watchdog_s; int has_watchdog;
} sim_scenario_t;

/* Loads and validates the scenario file at path. Returns 0 with a new
 * scenario in *out (release with sim_scenario_free), or -1 with *out NULL
 * and one line "FILE:LINE:COL: message" (or "FILE: message" when the file
 * cannot be read) in err, truncated to errlen. Does not run anything, does
 * not check that the program exists. */
int  sim_scenario_load(const char *path, sim_scenario_t **out, char *err, size_t errlen);

/* The same for a scenario held in memory (len bytes at buf, which need not
 * end with a NUL); name stands for the file in messages and in s->path. */
int  sim_scenario_load_string(const char *name, const char *buf, size_t len,
                              sim_scenario_t **out, char *err, size_t errlen);

/* Releases s and everything it owns; NULL is a no-op. */
void sim_scenario_free(sim_scenario_t *s);
/* Whether its expect: block asks for anything. */
int sim_scenario_expects(const sim_scenario_t *s);

/* Writes s to f as a scenario file that sim_scenario_load reads back into
 * the same values (sim/scenario_write.c; no libyaml needed).  Only keys
 * with other than their default value are written; the program path is
 * written as it is in s.  Returns 0, or -1 when f reports a write error. */
int  sim_scenario_write(FILE *f, const sim_scenario_t *s);

/* The YAML spelling of a fault kind ("delay", "link_down", ...); "?" for
 * an out-of-range value.  Outcomes are spelt by sim_exit_name. */
const char *sim_scenario_fault_kind_name(sim_fault_kind_t kind);

#endif /* SIM_SCENARIO_H */
