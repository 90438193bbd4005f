/* sim/scenario_impl: what the parts of the scenario loader share (private
 * to sim/scenario*.c).
 *
 * The loader is in four files: scenario.c (the file, the passes over it
 * and the top-level mapping), scenario_read.c (errors and the readers of
 * scalars and mappings every part uses), scenario_fault.c (the faults:
 * list, its key and kind tables) and scenario_expect.c (the expect:
 * mapping).  The writer (scenario_write.c) takes key and kind names from
 * the tables here, so what it writes is what the reader reads. */
#ifndef SIM_SCENARIO_IMPL_H
#define SIM_SCENARIO_IMPL_H

#include "scenario.h"

#include <yaml.h>

#include <stddef.h>
#include <stdint.h>

#define MAX_KEYS  24   /* most keys any fixed-schema mapping has */

/* State of one load; every error goes through scn_fail(). */
typedef struct ctx {
    const char *file;    /* path as given: prefix of every message */
    yaml_document_t *doc; /* the loaded document */
    char *err;           /* caller's message buffer (may be NULL) */
    size_t errlen;       /* its size */
    sim_scenario_t *s;   /* scenario being filled */
} ctx_t;

/* The keys of a fixed-schema mapping, for lookup and messages. */
typedef struct keyset {
    const char *what;         /* "scenario", "fault", "expect" */
    const char *const *names; /* known keys, in documentation order */
    int n;                    /* how many */
} keyset_t;

/* The key and value node of each known key found in a mapping, or NULL. */
typedef struct slots {
    yaml_node_t *key[MAX_KEYS]; /* key node, for "where" in messages */
    yaml_node_t *val[MAX_KEYS]; /* value node */
} slots_t;

/* The keys of the fixed-schema mappings, X(ENUM suffix, YAML key), in the
 * order of scenarios/README.md; the reader takes what it accepts from them
 * and the writer what it writes.  scn_*_keys[XK_NAME] is the key. */
#define TOP_KEYS(X)                                                           \
    X(SCENARIO, scenario) X(DESCRIPTION, description) X(PROGRAM, program)     \
    X(ARGS, args) X(NPES, npes) X(SEED, seed) X(NETWORK, network)             \
    X(CHECKS, checks) X(FAULTS, faults) X(EXPECT, expect) X(ENV, env)       \
    X(HEAP_SIZE, heap_size) X(STACK_SIZE, stack_size) X(WATCHDOG, watchdog)
#define FAULT_KEYS(X)                                                         \
    X(KIND, kind) X(FROM, from) X(TO, to) X(PE, pe) X(OP, op)                 \
    X(WINDOW, window) X(NTH, nth) X(AT_CALL, at_call) X(AT, at)               \
    X(EXTRA, extra) X(FOR, for) X(FACTOR, factor) X(PROBABILITY, probability) \
    X(RETRANSMIT_AFTER, retransmit_after) X(BITS, bits) X(SYMBOL, symbol)     \
    X(OFFSET, offset) X(VALUE, value) X(A, a) X(B, b)
#define EXPECT_KEYS(X)                                                        \
    X(OUTCOME, outcome) X(FINDING, finding) X(EXIT_STATUS, exit_status)       \
    X(STDOUT, stdout_contains) X(STDERR, stderr_contains)                     \
    X(STDOUT_NOT, stdout_not_contains)

#define SCN_TK(e, k) TK_##e,
#define SCN_FK(e, k) FK_##e,
#define SCN_EK(e, k) EK_##e,
enum { TOP_KEYS(SCN_TK) TK_COUNT };
enum { FAULT_KEYS(SCN_FK) FK_COUNT };
enum { EXPECT_KEYS(SCN_EK) EK_COUNT };
#undef SCN_TK
#undef SCN_FK
#undef SCN_EK
extern const char *const scn_top_keys[TK_COUNT];
extern const char *const scn_fault_keys[FK_COUNT];
extern const char *const scn_expect_keys[EK_COUNT];

/* Identifier characters, for scn_is_ident. */
#define ALPHA_ "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"
#define ALNUM_ ALPHA_ "0123456789"

static inline int line_of(const yaml_node_t *n)
{
    return (int)n->start_mark.line + 1;
}
static inline int col_of(const yaml_node_t *n)
{
    return (int)n->start_mark.column + 1;
}

/* ---- errors (every one names the node at fault) ---- */

/* Writes "FILE:LINE:COL: message" to the caller's buffer, or "FILE:
 * message" when line is 0 (the file as a whole failed); returns -1. */
__attribute__((format(printf, 4, 5)))
int scn_fail_lc(ctx_t *c, size_t line, size_t col, const char *fmt, ...);
int scn_oom(ctx_t *c, const yaml_node_t *n);
/* Copies s for a message: at most 60 bytes (cut on a UTF-8 boundary),
 * control characters shown as '?'. */
const char *scn_show(const char *s, char out[72]);
const char *scn_text(const yaml_node_t *n);
/* "WHAT must be EXPECT, got 'VALUE'" (or "got a list"). */
int scn_bad_value(ctx_t *c, yaml_node_t *n, const char *what, const char *expect);
yaml_node_t *scn_node_at(ctx_t *c, int index);
/* Length of a sequence node, or -1 when n is not a sequence. */
int scn_seq_len(const yaml_node_t *n);
yaml_node_t *scn_seq_at(ctx_t *c, const yaml_node_t *n, int i);

/* ---- scalars ---- */

/* A scalar without embedded NUL bytes (a quoted "\0" would cut strings). */
int scn_is_text(const yaml_node_t *n);
/* Decimal with optional '-', or 0x hex (any 64-bit pattern). */
int scn_parse_i64(const char *s, int64_t *out);
/* A decimal integer in [lo, hi]; *out is untouched on error. */
int scn_get_u64(ctx_t *c, yaml_node_t *n, const char *what, const char *expect,
                uint64_t lo, uint64_t hi, uint64_t *out);
int scn_get_duration(ctx_t *c, yaml_node_t *n, const char *what, uint64_t *ns);
/* A plain number in [lo, hi]; *out is untouched on error. */
int scn_get_number(ctx_t *c, yaml_node_t *n, const char *what, const char *expect,
                   double lo, double hi, double *out);
/* Copies a scalar of at most max bytes into a new string. */
int scn_get_str(ctx_t *c, yaml_node_t *n, const char *what, size_t max, char **out);
/* Copies a scalar into a fixed buffer of size bytes (including NUL). */
int scn_get_buf(ctx_t *c, yaml_node_t *n, const char *what, char *buf, size_t size);
int scn_is_ident(const char *s, const char *first, const char *rest);
/* A list of strings, NULL-terminated, into *out / *n. */
int scn_get_str_list(ctx_t *c, yaml_node_t *n, const char *what, char ***out, int *count);

/* ---- fixed-schema mappings ---- */

void scn_join_names(const char *const *names, int n, char *buf, size_t size);
/* Checks a mapping key is a plain string; used by every mapping reader. */
int scn_check_key(ctx_t *c, yaml_node_t *key, const char *what);
/* Reads a fixed-schema mapping into slots: unknown and repeated keys are
 * errors naming the key. The caller has checked that map is a mapping. */
int scn_collect(ctx_t *c, yaml_node_t *map, const keyset_t *ks, slots_t *sl);
/* Errors on a key that an open mapping (network, env) holds twice. */
int scn_check_repeat(ctx_t *c, yaml_node_t *map, yaml_node_pair_t *upto, const char *what);

/* ---- the faults: list ---- */

int scn_load_faults(ctx_t *c, yaml_node_t *n);

/* ---- the expect: mapping ---- */

int scn_load_expect(ctx_t *c, yaml_node_t *n);

/* ---- the alias-expansion bound ---- */

int scn_check_bounds(ctx_t *c);

/* "FILE:LINE:COL: message" for node; returns -1. */
#define scn_fail(c, node, ...) \
    scn_fail_lc((c), (size_t)line_of(node), (size_t)col_of(node), __VA_ARGS__)

#endif
