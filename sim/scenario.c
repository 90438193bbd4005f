/*
 * sim/scenario — YAML scenario loader (see scenario.h; the schema is in
 * scenarios/README.md).
 *
 * How it works, in four passes over a file of at most 4 MiB:
 * 1. prescan: libyaml's event parser checks syntax, that there is exactly
 *    one document, nesting depth and node count, stopping at the first
 *    offending event (so hostile files cost little: see prescan()).
 * 2. libyaml's document API loads the node graph; an alias becomes a
 *    shared node index, not a copy.
 * 3. check_bounds walks the graph with aliases expanded under a visit
 *    budget, which rejects "billion laughs" files and alias cycles.
 * 4. a schema-directed pass reads each mapping into a table of key slots
 *    (catching unknown and duplicate keys) and converts the slots in a
 *    fixed order, so npes is known before any PE number is checked, no
 *    matter where it appears in the file.
 * Every error names the node (or event) at fault.
 */
#include "scenario.h"

#include "units.h"

#include <yaml.h>

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_KEYS  24   /* most keys any fixed-schema mapping has */
#define MAX_ENV   1024 /* entries in env: (bounds the duplicate check) */
#define MAX_FIND  64   /* bytes in a finding id */

/* State of one load; every error goes through fail(). */
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

/* ---------------------------------------------------------------- errors */

static int line_of(const yaml_node_t *n) { return (int)n->start_mark.line + 1; }
static int col_of(const yaml_node_t *n) { return (int)n->start_mark.column + 1; }

/* Writes "FILE:LINE:COL: message" to the caller's buffer, or "FILE:
 * message" when line is 0 (the file as a whole failed); returns -1. */
__attribute__((format(printf, 4, 5)))
static int fail_lc(ctx_t *c, size_t line, size_t col, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (c->err == NULL || c->errlen == 0)
        return -1;
    if (line == 0)
        n = snprintf(c->err, c->errlen, "%s: ", c->file);
    else
        n = snprintf(c->err, c->errlen, "%s:%zu:%zu: ", c->file, line, col);
    if (n < 0 || (size_t)n >= c->errlen)
        return -1;
    va_start(ap, fmt);
    vsnprintf(c->err + n, c->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    /* The message quotes the file's values: it stays one line. */
    for (char *p = c->err + n; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = ' ';
    return -1;
}

#define fail(c, node, ...) \
    fail_lc((c), (size_t)line_of(node), (size_t)col_of(node), __VA_ARGS__)

static int oom(ctx_t *c, const yaml_node_t *n)
{
    return fail(c, n, "out of memory");
}

/* Copies s for a message: at most 60 bytes (cut on a UTF-8 boundary),
 * control characters shown as '?'. */
static const char *show(const char *s, char out[72])
{
    size_t n = strlen(s), cut = n > 60 ? 60 : n;
    while (cut < n && cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80)
        cut--;
    for (size_t i = 0; i < cut; i++)
        out[i] = ((unsigned char)s[i] < 0x20 || s[i] == 0x7f) ? '?' : s[i];
    strcpy(out + cut, cut < n ? "..." : "");
    return out;
}

static const char *kind_of(const yaml_node_t *n)
{
    switch (n->type) {
    case YAML_SEQUENCE_NODE: return "a list";
    case YAML_MAPPING_NODE:  return "a mapping";
    default:                 return "a value";
    }
}

static const char *text(const yaml_node_t *n)
{
    return (const char *)n->data.scalar.value;
}

/* "WHAT must be EXPECT, got 'VALUE'" (or "got a list"). */
static int bad_value(ctx_t *c, yaml_node_t *n, const char *what, const char *expect)
{
    char q[72];
    if (n->type == YAML_SCALAR_NODE && strlen(text(n)) != n->data.scalar.length)
        return fail(c, n, "%s must be %s, got a value with a NUL character", what, expect);
    if (n->type == YAML_SCALAR_NODE)
        return fail(c, n, "%s must be %s, got '%s'", what, expect, show(text(n), q));
    return fail(c, n, "%s must be %s, got %s", what, expect, kind_of(n));
}

static yaml_node_t *node_at(ctx_t *c, int index)
{
    return yaml_document_get_node(c->doc, index);
}

/* Length of a sequence node, or -1 when n is not a sequence. */
static int seq_len(const yaml_node_t *n)
{
    if (n->type != YAML_SEQUENCE_NODE)
        return -1;
    return (int)(n->data.sequence.items.top - n->data.sequence.items.start);
}

static yaml_node_t *seq_at(ctx_t *c, const yaml_node_t *n, int i)
{
    return node_at(c, n->data.sequence.items.start[i]);
}

/* ------------------------------------------------------- scalar readers */

/* A scalar without embedded NUL bytes (a quoted "\0" would cut strings). */
static int is_text(const yaml_node_t *n)
{
    return n->type == YAML_SCALAR_NODE && strlen(text(n)) == n->data.scalar.length;
}

static int parse_u64(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    if (*s == '\0')
        return -1;
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9' || __builtin_mul_overflow(v, 10, &v) ||
            __builtin_add_overflow(v, (uint64_t)(*s - '0'), &v))
            return -1;
    }
    *out = v;
    return 0;
}

/* Decimal with optional '-', or 0x hex (any 64-bit pattern). */
static int parse_i64(const char *s, int64_t *out)
{
    uint64_t u;
    char *end;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        if (s[2] == '\0' || strspn(s + 2, "0123456789abcdefABCDEF") != strlen(s + 2))
            return -1;
        errno = 0;
        u = strtoull(s + 2, &end, 16);
        if (errno != 0)
            return -1;
        *out = (int64_t)u;
        return 0;
    }
    if (parse_u64(s[0] == '-' ? s + 1 : s, &u) != 0 || u > (uint64_t)INT64_MAX + (s[0] == '-'))
        return -1;
    *out = s[0] == '-' ? (int64_t)(0 - u) : (int64_t)u;
    return 0;
}

/* A decimal integer in [lo, hi]; *out is untouched on error. */
static int get_u64(ctx_t *c, yaml_node_t *n, const char *what, const char *expect,
                   uint64_t lo, uint64_t hi, uint64_t *out)
{
    uint64_t v;
    if (!is_text(n) || parse_u64(text(n), &v) != 0 || v < lo || v > hi)
        return bad_value(c, n, what, expect);
    *out = v;
    return 0;
}

static int get_duration(ctx_t *c, yaml_node_t *n, const char *what, uint64_t *ns)
{
    char q[72];
    if (is_text(n) && sim_units_duration(text(n), ns) == 0)
        return 0;
    if (n->type != YAML_SCALAR_NODE)
        return bad_value(c, n, what, "a duration like 50us");
    if (text(n)[0] == '-')
        return fail(c, n, "bad duration '%s' for %s: durations cannot be negative",
                    show(text(n), q), what);
    return fail(c, n, "bad duration '%s' for %s (use a number with ns, us, ms or s, e.g. 50us)",
                show(text(n), q), what);
}

/* A plain number in [lo, hi]; *out is untouched on error. */
static int get_number(ctx_t *c, yaml_node_t *n, const char *what, const char *expect,
                      double lo, double hi, double *out)
{
    double v;
    if (!is_text(n) || sim_units_number(text(n), &v) != 0 || v < lo || v > hi)
        return bad_value(c, n, what, expect);
    *out = v;
    return 0;
}

/* Copies a scalar of at most max bytes into a new string. */
static int get_str(ctx_t *c, yaml_node_t *n, const char *what, size_t max, char **out)
{
    if (!is_text(n))
        return bad_value(c, n, what, "a string");
    if (n->data.scalar.length > max)
        return fail(c, n, "%s is longer than %zu bytes", what, max);
    *out = strdup(text(n));
    return *out ? 0 : oom(c, n);
}

/* Copies a scalar into a fixed buffer of size bytes (including NUL). */
static int get_buf(ctx_t *c, yaml_node_t *n, const char *what, char *buf, size_t size)
{
    if (!is_text(n))
        return bad_value(c, n, what, "a string");
    if (n->data.scalar.length >= size)
        return fail(c, n, "%s is longer than %zu bytes", what, size - 1);
    memcpy(buf, text(n), n->data.scalar.length + 1);
    return 0;
}

static int is_ident(const char *s, const char *first, const char *rest)
{
    return s[0] != '\0' && strchr(first, s[0]) != NULL && strspn(s, rest) == strlen(s);
}

#define ALPHA_ "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"
#define ALNUM_ ALPHA_ "0123456789"

/* A list of strings, NULL-terminated, into *out / *n. */
static int get_str_list(ctx_t *c, yaml_node_t *n, const char *what, char ***out, int *count)
{
    int len = seq_len(n);
    if (len < 0)
        return bad_value(c, n, what, "a list of strings");
    *out = calloc((size_t)len + 1, sizeof **out);
    if (*out == NULL)
        return oom(c, n);
    for (*count = 0; *count < len; (*count)++) {
        if (get_str(c, seq_at(c, n, *count), what, SIM_SCENARIO_MAX_STR, &(*out)[*count]) != 0)
            return -1;
    }
    return 0;
}

/* -------------------------------------------------------------- mappings */

static void join_names(const char *const *names, int n, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "", names[i]);
}

static int find_name(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++) {
        if (strcmp(names[i], s) == 0)
            return i;
    }
    return -1;
}

/* Checks a mapping key is a plain string; used by every mapping reader. */
static int check_key(ctx_t *c, yaml_node_t *key, const char *what)
{
    if (!is_text(key))
        return bad_value(c, key, what, "a string key");
    return 0;
}

/* Reads a fixed-schema mapping into slots: unknown and repeated keys are
 * errors naming the key. The caller has checked that map is a mapping. */
static int collect(ctx_t *c, yaml_node_t *map, const keyset_t *ks, slots_t *sl)
{
    char q[72], known[512];
    memset(sl, 0, sizeof *sl);
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node_at(c, p->key);
        int i;
        if (check_key(c, k, "a key") != 0)
            return -1;
        i = find_name(ks->names, ks->n, text(k));
        if (i < 0) {
            join_names(ks->names, ks->n, known, sizeof known);
            return fail(c, k, "unknown key '%s' in %s (known: %s)", show(text(k), q), ks->what, known);
        }
        if (sl->key[i] != NULL)
            return fail(c, k, "duplicate key '%s' in %s (first at line %d)", text(k), ks->what,
                        line_of(sl->key[i]));
        sl->key[i] = k;
        sl->val[i] = node_at(c, p->value);
    }
    return 0;
}

/* Errors on a key that an open mapping (network, env) holds twice. */
static int check_repeat(ctx_t *c, yaml_node_t *map, yaml_node_pair_t *upto, const char *what)
{
    yaml_node_t *k = node_at(c, upto->key);
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < upto; p++) {
        yaml_node_t *o = node_at(c, p->key);
        if (strcmp(text(o), text(k)) == 0)
            return fail(c, k, "duplicate key '%s' in %s (first at line %d)", text(k), what,
                        line_of(o));
    }
    return 0;
}

/* ---------------------------------------------------------------- faults */

/* Every key a fault may have: X(ENUM suffix, YAML key). */
#define FAULT_KEYS(X)                                                        \
    X(KIND, kind) X(FROM, from) X(TO, to) X(PE, pe) X(OP, op)                \
    X(WINDOW, window) X(NTH, nth) X(AT_CALL, at_call) X(AT, at)              \
    X(EXTRA, extra) X(FOR, for) X(FACTOR, factor) X(PROBABILITY, probability) \
    X(RETRANSMIT_AFTER, retransmit_after) X(BITS, bits) X(SYMBOL, symbol)    \
    X(OFFSET, offset) X(VALUE, value) X(A, a) X(B, b)

#define FK_ENUM(e, k) FK_##e,
enum { FAULT_KEYS(FK_ENUM) FK_COUNT };
#undef FK_ENUM
#define FK_NAME(e, k) #k,
static const char *const fault_key_names[] = {FAULT_KEYS(FK_NAME)};
#undef FK_NAME

#define BIT(e) (1u << FK_##e)
#define MSG_KEYS (BIT(FROM) | BIT(TO) | BIT(OP) | BIT(WINDOW) | BIT(NTH) | BIT(PROBABILITY))
#define PE_KEYS (BIT(PE) | BIT(AT) | BIT(AT_CALL) | BIT(NTH) | BIT(PROBABILITY))

/* What a fault kind accepts and needs; indexed by sim_fault_kind_t. */
typedef struct kind_rule {
    const char *name;  /* YAML spelling */
    uint32_t allowed;  /* BIT()s of the keys it accepts besides kind */
    uint32_t required; /* BIT()s of the keys it must have */
    int needs_trigger; /* 1: must have exactly one of at / at_call */
} kind_rule_t;

static const kind_rule_t kind_rules[] = {
    [SIM_FAULT_DELAY]     = {"delay", MSG_KEYS | BIT(EXTRA), BIT(EXTRA), 0},
    [SIM_FAULT_DROP]      = {"drop", MSG_KEYS | BIT(RETRANSMIT_AFTER), 0, 0},
    [SIM_FAULT_DUPLICATE] = {"duplicate", MSG_KEYS, 0, 0},
    [SIM_FAULT_REORDER]   = {"reorder", MSG_KEYS, 0, 0},
    [SIM_FAULT_CORRUPT]   = {"corrupt", MSG_KEYS | BIT(BITS), 0, 0},
    [SIM_FAULT_STALL]     = {"stall", PE_KEYS | BIT(FOR), BIT(PE) | BIT(FOR), 1},
    [SIM_FAULT_SLOW]      = {"slow", BIT(PE) | BIT(FACTOR) | BIT(WINDOW), BIT(PE) | BIT(FACTOR), 0},
    [SIM_FAULT_CRASH]     = {"crash", PE_KEYS, BIT(PE), 1},
    [SIM_FAULT_PARTITION] = {"partition", BIT(A) | BIT(B) | BIT(WINDOW), BIT(A) | BIT(B), 0},
    [SIM_FAULT_LINK_DOWN] = {"link_down", BIT(FROM) | BIT(TO) | BIT(WINDOW), BIT(FROM) | BIT(TO), 0},
    [SIM_FAULT_MEMORY]    = {"memory", PE_KEYS | BIT(SYMBOL) | BIT(OFFSET) | BIT(VALUE),
                             BIT(PE) | BIT(VALUE), 1},
};
#define NKINDS ((int)(sizeof kind_rules / sizeof kind_rules[0]))


static void kind_list(char *buf, size_t size)
{
    const char *names[NKINDS];
    for (int i = 0; i < NKINDS; i++)
        names[i] = kind_rules[i].name;
    join_names(names, NKINDS, buf, size);
}

/* Lists the keys a kind accepts, for "does not apply" messages. */
static void kind_keys(const kind_rule_t *r, char *buf, size_t size)
{
    const char *names[FK_COUNT];
    int n = 0;
    for (int i = 0; i < FK_COUNT; i++) {
        if (r->allowed & (1u << i))
            names[n++] = fault_key_names[i];
    }
    join_names(names, n, buf, size);
}

static int get_kind(ctx_t *c, yaml_node_t *fault, yaml_node_t *n, sim_fault_kind_t *kind)
{
    char q[72], known[256];
    if (n == NULL) {
        kind_list(known, sizeof known);
        return fail(c, fault, "fault has no 'kind' (one of: %s)", known);
    }
    for (int i = 0; is_text(n) && i < NKINDS; i++) {
        if (strcmp(kind_rules[i].name, text(n)) == 0) {
            *kind = (sim_fault_kind_t)i;
            return 0;
        }
    }
    if (!is_text(n))
        return bad_value(c, n, "fault kind", "a string");
    kind_list(known, sizeof known);
    return fail(c, n, "unknown fault kind '%s' (known: %s)", show(text(n), q), known);
}

/* Checks which keys are present against what the kind accepts and needs. */
static int check_kind_keys(ctx_t *c, yaml_node_t *fault, const slots_t *sl, const kind_rule_t *r)
{
    char keys[256];
    for (int i = FK_KIND + 1; i < FK_COUNT; i++) {
        if (sl->key[i] != NULL && !(r->allowed & (1u << i))) {
            kind_keys(r, keys, sizeof keys);
            return fail(c, sl->key[i], "key '%s' does not apply to a %s fault (it takes: %s)",
                        fault_key_names[i], r->name, keys);
        }
    }
    for (int i = FK_KIND + 1; i < FK_COUNT; i++) {
        if (sl->key[i] == NULL && (r->required & (1u << i)))
            return fail(c, fault, "a %s fault needs '%s'", r->name, fault_key_names[i]);
    }
    if (r->needs_trigger && sl->key[FK_AT] == NULL && sl->key[FK_AT_CALL] == NULL)
        return fail(c, fault, "a %s fault needs 'at' (a time) or 'at_call' (a routine name)", r->name);
    if (sl->key[FK_AT] != NULL && sl->key[FK_AT_CALL] != NULL)
        return fail(c, sl->key[FK_AT_CALL], "give either 'at' or 'at_call', not both");
    if (r->needs_trigger && sl->key[FK_NTH] != NULL && sl->key[FK_AT_CALL] == NULL)
        return fail(c, sl->key[FK_NTH], "'nth' counts calls of 'at_call', which this %s fault lacks",
                    r->name);
    return 0;
}

/* A PE number below npes, or "any" (-1) when allowed. */
static int get_pe(ctx_t *c, yaml_node_t *n, const char *key, int allow_any, int *pe)
{
    char what[48];
    uint64_t v = 0;
    snprintf(what, sizeof what, "fault '%s'", key);
    if (allow_any && is_text(n) && strcmp(text(n), "any") == 0) {
        *pe = -1;
        return 0;
    }
    if (get_u64(c, n, what, allow_any ? "a PE number or 'any'" : "a PE number", 0, UINT64_MAX,
                &v) != 0)
        return -1;
    if (v >= (uint64_t)c->s->npes)
        return fail(c, n, "%s is %s but npes is %d", what, text(n), c->s->npes);
    *pe = (int)v;
    return 0;
}

static int get_op(ctx_t *c, yaml_node_t *n, sim_fault_t *f)
{
    char known[128], q[72];
    if (!is_text(n))
        return bad_value(c, n, "fault 'op'", "a string");
    f->ops = sim_op_filter(text(n));
    if (!f->ops) {
        const char *names[16];
        int nops = 0;
        while (nops < 16 && (names[nops] = sim_op_filter_at((size_t)nops)) != NULL)
            nops++;
        join_names(names, nops, known, sizeof known);
        return fail(c, n, "unknown op '%s' (known: %s)", show(text(n), q), known);
    }
    return 0;
}

static int get_window(ctx_t *c, yaml_node_t *n, sim_fault_t *f)
{
    yaml_node_t *start, *end;
    char q1[72], q2[72];
    if (seq_len(n) < 0)
        return bad_value(c, n, "window", "a list of two durations [start, end]");
    if (seq_len(n) != 2)
        return fail(c, n, "window must be [start, end], got a list of %d", seq_len(n));
    start = seq_at(c, n, 0);
    end = seq_at(c, n, 1);
    if (get_duration(c, start, "window start", &f->win_start_ns) != 0 ||
        get_duration(c, end, "window end", &f->win_end_ns) != 0)
        return -1;
    if (f->win_end_ns < f->win_start_ns)
        return fail(c, end, "window ends (%s) before it starts (%s)", show(text(end), q1),
                    show(text(start), q2));
    f->has_window = 1;
    return 0;
}

static int get_at_call(ctx_t *c, yaml_node_t *n, sim_fault_t *f)
{
    if (get_buf(c, n, "fault 'at_call'", f->at_call, sizeof f->at_call) != 0)
        return -1;
    if (!is_ident(f->at_call, ALPHA_, ALNUM_))
        return bad_value(c, n, "fault 'at_call'", "the name of a routine the program calls");
    return 0;
}

static int get_symbol(ctx_t *c, yaml_node_t *n, sim_fault_t *f)
{
    if (get_buf(c, n, "fault 'symbol'", f->symbol, sizeof f->symbol) != 0)
        return -1;
    if (f->symbol[0] != '\0' && !is_ident(f->symbol, ALPHA_ ".$", ALNUM_ ".$"))
        return bad_value(c, n, "fault 'symbol'", "a symbol name of the program");
    return 0;
}

/* One partition group: a non-empty list of distinct PEs, none in the
 * other group (which is read first when g is 1). */
static int get_group(ctx_t *c, yaml_node_t *n, sim_fault_t *f, int g)
{
    const char *what = g ? "partition group 'b'" : "partition group 'a'";
    int pe, len = seq_len(n);
    if (len <= 0)
        return bad_value(c, n, what, "a non-empty list of PEs like [0, 1]");
    if (len > 64)
        return fail(c, n, "%s has more than 64 PEs", what);
    for (int i = 0; i < len; i++) {
        yaml_node_t *e = seq_at(c, n, i);
        if (get_pe(c, e, g ? "b" : "a", 0, &pe) != 0)
            return -1;
        for (int h = 0; h <= g; h++) {
            for (int j = 0; j < f->ngroup[h]; j++) {
                if (f->groups[h][j] == pe)
                    return fail(c, e, "PE %d is listed twice in the partition groups", pe);
            }
        }
        f->groups[g][f->ngroup[g]++] = pe;
    }
    return 0;
}

static int get_bits(ctx_t *c, yaml_node_t *n, int *bits)
{
    uint64_t v;
    if (get_u64(c, n, "fault 'bits'", "a number of bit flips from 1 to 65536", 1, 65536, &v) != 0)
        return -1;
    *bits = (int)v;
    return 0;
}

static int get_value(ctx_t *c, yaml_node_t *n, int64_t *v)
{
    if (!is_text(n) || parse_i64(text(n), v) != 0)
        return bad_value(c, n, "fault 'value'", "a 64-bit integer (decimal or 0x hex)");
    return 0;
}

static int get_offset(ctx_t *c, yaml_node_t *n, uint64_t *off)
{
    if (!is_text(n) || sim_units_size(text(n), off) != 0)
        return bad_value(c, n, "fault 'offset'", "a byte offset like 8 or 4KiB");
    return 0;
}

/* Converts the value of fault key k into f. */
static int fault_field(ctx_t *c, int k, yaml_node_t *n, sim_fault_t *f)
{
    switch (k) {
    case FK_FROM:        return get_pe(c, n, "from", 1, &f->from);
    case FK_TO:          return get_pe(c, n, "to", 1, &f->to);
    case FK_PE:          return get_pe(c, n, "pe", 0, &f->pe);
    case FK_OP:          return get_op(c, n, f);
    case FK_WINDOW:      return get_window(c, n, f);
    case FK_NTH:
        return get_u64(c, n, "fault 'nth'", "a non-negative integer", 0, UINT64_MAX, &f->nth);
    case FK_AT_CALL:     return get_at_call(c, n, f);
    case FK_AT:          f->has_at = 1; return get_duration(c, n, "fault 'at'", &f->at_ns);
    case FK_EXTRA:       return get_duration(c, n, "fault 'extra'", &f->extra_ns);
    case FK_FOR:         return get_duration(c, n, "fault 'for'", &f->for_ns);
    case FK_FACTOR:
        return get_number(c, n, "fault 'factor'", "a number >= 1 (how many times slower)", 1.0,
                          HUGE_VAL, &f->factor);
    case FK_PROBABILITY:
        return get_number(c, n, "fault 'probability'", "a number from 0 to 1", 0.0, 1.0,
                          &f->probability);
    case FK_RETRANSMIT_AFTER:
        f->retransmit = 1;
        return get_duration(c, n, "fault 'retransmit_after'", &f->retransmit_after_ns);
    case FK_BITS:        return get_bits(c, n, &f->bits);
    case FK_SYMBOL:      return get_symbol(c, n, f);
    case FK_OFFSET:      return get_offset(c, n, &f->offset);
    case FK_VALUE:       return get_value(c, n, &f->value);
    case FK_A:           return get_group(c, n, f, 0);
    case FK_B:           return get_group(c, n, f, 1);
    default:             return 0;
    }
}

static void fault_defaults(sim_fault_t *f, const yaml_node_t *n)
{
    memset(f, 0, sizeof *f);
    f->from = f->to = f->pe = -1;
    f->ops = SIM_OP_ANY;
    f->factor = 1.0;
    f->probability = 1.0;
    f->bits = 1;
    f->line = line_of(n);
    f->col = col_of(n);
}

static const keyset_t fault_keys = {"fault", fault_key_names, FK_COUNT};

static int load_fault(ctx_t *c, yaml_node_t *n, sim_fault_t *f)
{
    slots_t sl;
    fault_defaults(f, n);
    if (n->type != YAML_MAPPING_NODE)
        return bad_value(c, n, "each fault", "a mapping like {kind: delay, extra: 5us}");
    if (collect(c, n, &fault_keys, &sl) != 0 || get_kind(c, n, sl.val[FK_KIND], &f->kind) != 0 ||
        check_kind_keys(c, n, &sl, &kind_rules[f->kind]) != 0)
        return -1;
    for (int k = FK_KIND + 1; k < FK_COUNT; k++) {
        if (sl.val[k] != NULL && fault_field(c, k, sl.val[k], f) != 0)
            return -1;
    }
    if (f->kind == SIM_FAULT_LINK_DOWN && f->from >= 0 && f->from == f->to)
        return fail(c, sl.val[FK_TO], "link_down needs two different PEs, got %d twice", f->from);
    return 0;
}

static int load_faults(ctx_t *c, yaml_node_t *n)
{
    int len = seq_len(n);
    if (len < 0)
        return bad_value(c, n, "faults", "a list of fault mappings");
    if (len == 0)
        return 0;
    c->s->faults = calloc((size_t)len, sizeof *c->s->faults);
    if (c->s->faults == NULL)
        return oom(c, n);
    for (; c->s->nfaults < len; c->s->nfaults++) {
        if (load_fault(c, seq_at(c, n, c->s->nfaults), &c->s->faults[c->s->nfaults]) != 0)
            return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- expect */

enum { EK_OUTCOME, EK_FINDING, EK_EXIT_STATUS, EK_STDOUT, EK_STDERR, EK_COUNT };
static const char *const expect_key_names[] = {
    "outcome", "finding", "exit_status", "stdout_contains", "stderr_contains",
};
static const keyset_t expect_keys = {"expect", expect_key_names, EK_COUNT};

static int get_outcome(ctx_t *c, yaml_node_t *n)
{
    char known[128], q[72];
    if (!is_text(n))
        return bad_value(c, n, "expect 'outcome'", "a string");
    int i = sim_exit_by_name(text(n));
    if (!sim_exit_expectable(i)) {
        const char *names[16];
        int nnames = 0;
        for (int s = 0; sim_exit_name(s) && nnames < 16; s++)
            if (sim_exit_expectable(s))
                names[nnames++] = sim_exit_name(s);
        join_names(names, nnames, known, sizeof known);
        return fail(c, n, "unknown outcome '%s' (known: %s)", show(text(n), q), known);
    }
    c->s->expect.outcome = i;
    c->s->expect.has_outcome = 1;
    return 0;
}

static int get_finding(ctx_t *c, yaml_node_t *n)
{
    if (get_str(c, n, "expect 'finding'", MAX_FIND, &c->s->expect.finding) != 0)
        return -1;
    if (!is_ident(c->s->expect.finding, "abcdefghijklmnopqrstuvwxyz",
                  "abcdefghijklmnopqrstuvwxyz0123456789-_"))
        return bad_value(c, n, "expect 'finding'", "a finding id that shmemsim --check list prints");
    return 0;
}

/* Cross-field rules: a finding alone means outcome finding (with an
 * outcome, the run may end any way and still must raise it); ok means
 * status 0. */
static int check_expect(ctx_t *c, const slots_t *sl)
{
    __typeof__(c->s->expect) *e = &c->s->expect;
    if (e->finding != NULL && !e->has_outcome) {
        e->outcome = SIM_EXIT_FINDING;
        e->has_outcome = 1;
    }
    if (e->has_exit_status && e->has_outcome && e->outcome == SIM_EXIT_OK && e->exit_status != 0)
        return fail(c, sl->val[EK_EXIT_STATUS], "outcome ok means exit status 0, got %d",
                    e->exit_status);
    if (e->has_exit_status && e->has_outcome && e->outcome == SIM_EXIT_PE &&
        e->exit_status == 0)
        return fail(c, sl->val[EK_EXIT_STATUS], "outcome exit-nonzero contradicts exit_status 0");
    return 0;
}

static int load_expect(ctx_t *c, yaml_node_t *n)
{
    __typeof__(c->s->expect) *e = &c->s->expect;
    uint64_t st = 0;
    slots_t sl;
    if (n->type != YAML_MAPPING_NODE)
        return bad_value(c, n, "expect", "a mapping");
    if (collect(c, n, &expect_keys, &sl) != 0)
        return -1;
    if ((sl.val[EK_OUTCOME] && get_outcome(c, sl.val[EK_OUTCOME]) != 0) ||
        (sl.val[EK_FINDING] && get_finding(c, sl.val[EK_FINDING]) != 0) ||
        (sl.val[EK_STDOUT] && get_str_list(c, sl.val[EK_STDOUT], "expect 'stdout_contains'",
                                           &e->stdout_contains, &e->nstdout) != 0) ||
        (sl.val[EK_STDERR] && get_str_list(c, sl.val[EK_STDERR], "expect 'stderr_contains'",
                                           &e->stderr_contains, &e->nstderr) != 0))
        return -1;
    if (sl.val[EK_EXIT_STATUS] != NULL) {
        if (get_u64(c, sl.val[EK_EXIT_STATUS], "expect 'exit_status'", "an integer from 0 to 255",
                    0, 255, &st) != 0)
            return -1;
        e->exit_status = (int)st;
        e->has_exit_status = 1;
    }
    return check_expect(c, &sl);
}

/* ------------------------------------------------------------- top level */

enum { TK_SCENARIO, TK_DESCRIPTION, TK_PROGRAM, TK_ARGS, TK_NPES, TK_SEED, TK_NETWORK,
       TK_CHECKS, TK_FAULTS, TK_EXPECT, TK_ENV, TK_COUNT };
static const char *const top_key_names[] = {
    "scenario", "description", "program", "args", "npes", "seed", "network",
    "checks", "faults", "expect", "env",
};
static const keyset_t top_keys = {"scenario", top_key_names, TK_COUNT};

static int load_name(ctx_t *c, yaml_node_t *n)
{
    if (get_str(c, n, "scenario", SIM_SCENARIO_MAX_NAME, &c->s->name) != 0)
        return -1;
    for (const char *p = c->s->name; *p != '\0'; p++) {
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return fail(c, n, "scenario name must be one line without control characters");
    }
    return c->s->name[0] ? 0 : fail(c, n, "scenario name must not be empty");
}

/* The program path, relative to the directory holding the scenario. */
static int load_program(ctx_t *c, yaml_node_t *n)
{
    const char *slash = strrchr(c->file, '/');
    char *prog;
    int r;
    if (get_str(c, n, "program", SIM_SCENARIO_MAX_STR, &prog) != 0)
        return -1;
    if (prog[0] == '\0') {
        free(prog);
        return fail(c, n, "program must not be empty");
    }
    /* A path with a slash in it is never looked up in PATH: one is added
     * only to a bare name, so loading what a scenario writer wrote gives
     * back the same path. */
    if (prog[0] == '/' || slash == NULL)
        r = asprintf(&c->s->program, "%s%s", strchr(prog, '/') ? "" : "./", prog);
    else
        r = asprintf(&c->s->program, "%.*s/%s", (int)(slash - c->file), c->file, prog);
    free(prog);
    if (r < 0) {
        c->s->program = NULL;
        return oom(c, n);
    }
    return 0;
}

static int load_npes(ctx_t *c, yaml_node_t *n)
{
    uint64_t v;
    if (get_u64(c, n, "npes", "a positive integer", 1, UINT64_MAX, &v) != 0)
        return -1;
    if (v > SIM_SCENARIO_MAX_NPES)
        return fail(c, n, "npes is %s, more than the maximum %d", text(n), SIM_SCENARIO_MAX_NPES);
    c->s->npes = (int)v;
    return 0;
}

static int load_network(ctx_t *c, yaml_node_t *n)
{
    char msg[256];
    if (n->type != YAML_MAPPING_NODE)
        return bad_value(c, n, "network", "a mapping like {latency: 1us}");
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node_at(c, p->key), *v = node_at(c, p->value);
        if (check_key(c, k, "a network key") != 0 || check_repeat(c, n, p, "network") != 0)
            return -1;
        if (!sim_netparams_is_key(text(k))) {
            sim_netparams_set(&c->s->net, text(k), "", msg, sizeof msg);
            return fail(c, k, "%s", msg);
        }
        if (!is_text(v))
            return bad_value(c, v, text(k), "a single value");
        if (sim_netparams_set(&c->s->net, text(k), text(v), msg, sizeof msg) != 0)
            return fail(c, v, "%s", msg);
    }
    return 0;
}

/* checks: a string, or a list joined with commas. */
static int load_checks(ctx_t *c, yaml_node_t *n)
{
    char **items = NULL;
    int count = 0, rc;
    size_t len = 1;
    if (n->type != YAML_SEQUENCE_NODE) {
        if (is_text(n) && n->data.scalar.length == 0)
            return bad_value(c, n, "checks", "all, none or a list of check names");
        return get_str(c, n, "checks", SIM_SCENARIO_MAX_STR, &c->s->checks);
    }
    rc = get_str_list(c, n, "checks", &items, &count);
    for (int i = 0; rc == 0 && i < count; i++) {
        len += strlen(items[i]) + 1;
        if (items[i][0] == '\0' || strchr(items[i], ',') != NULL)
            rc = bad_value(c, seq_at(c, n, i), "each checks item",
                           "one non-empty check name");
    }
    if (rc == 0 && count == 0)
        rc = fail(c, n, "checks list is empty (write checks: none to disable them)");
    if (rc == 0 && (c->s->checks = calloc(1, len)) == NULL)
        rc = oom(c, n);
    for (int i = 0; rc == 0 && i < count; i++)
        strcat(strcat(c->s->checks, i ? "," : ""), items[i]);
    for (int i = 0; items != NULL && i < count; i++)
        free(items[i]);
    free(items);
    return rc;
}

static int load_env_entry(ctx_t *c, yaml_node_t *map, yaml_node_pair_t *p, char **out)
{
    yaml_node_t *k = node_at(c, p->key), *v = node_at(c, p->value);
    if (check_key(c, k, "an env name") != 0 || check_repeat(c, map, p, "env") != 0)
        return -1;
    if (!is_ident(text(k), ALPHA_, ALNUM_) || k->data.scalar.length > SIM_SCENARIO_MAX_NAME)
        return bad_value(c, k, "env name", "a variable name like OMP_NUM_THREADS");
    if (!is_text(v))
        return bad_value(c, v, text(k), "a single value");
    if (v->data.scalar.length > SIM_SCENARIO_MAX_STR)
        return fail(c, v, "env value is longer than %d bytes", SIM_SCENARIO_MAX_STR);
    if (asprintf(out, "%s=%s", text(k), text(v)) < 0) {
        *out = NULL;
        return oom(c, v);
    }
    return 0;
}

static int load_env(ctx_t *c, yaml_node_t *n)
{
    yaml_node_pair_t *p = n->data.mapping.pairs.start;
    int len;
    if (n->type != YAML_MAPPING_NODE)
        return bad_value(c, n, "env", "a mapping like {NAME: value}");
    len = (int)(n->data.mapping.pairs.top - p);
    if (len > MAX_ENV)
        return fail(c, n, "env has more than %d variables", MAX_ENV);
    c->s->env = calloc((size_t)len + 1, sizeof *c->s->env);
    if (c->s->env == NULL)
        return oom(c, n);
    for (; c->s->nenv < len; c->s->nenv++) {
        if (load_env_entry(c, n, &p[c->s->nenv], &c->s->env[c->s->nenv]) != 0)
            return -1;
    }
    return 0;
}

static int load_seed(ctx_t *c, yaml_node_t *n)
{
    if (get_u64(c, n, "seed", "a non-negative integer", 0, UINT64_MAX, &c->s->seed) != 0)
        return -1;
    c->s->has_seed = 1;
    return 0;
}

/* Converts the top-level slots in dependency order (npes before faults). */
static int load_top(ctx_t *c, yaml_node_t *root)
{
    static const int required[] = {TK_SCENARIO, TK_PROGRAM, TK_NPES};
    yaml_node_t **v;
    slots_t sl;
    if (root->type != YAML_MAPPING_NODE)
        return bad_value(c, root, "a scenario file", "a mapping with scenario, program and npes");
    if (collect(c, root, &top_keys, &sl) != 0)
        return -1;
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        if (sl.val[required[i]] == NULL)
            return fail(c, root, "missing required key '%s' in scenario", top_key_names[required[i]]);
    }
    v = sl.val;
    if (load_name(c, v[TK_SCENARIO]) != 0 || load_program(c, v[TK_PROGRAM]) != 0 ||
        load_npes(c, v[TK_NPES]) != 0 ||
        (v[TK_DESCRIPTION] && get_str(c, v[TK_DESCRIPTION], "description", SIM_SCENARIO_MAX_STR,
                                      &c->s->description) != 0) ||
        (v[TK_ARGS] && get_str_list(c, v[TK_ARGS], "args", &c->s->args, &c->s->nargs) != 0) ||
        (v[TK_SEED] && load_seed(c, v[TK_SEED]) != 0) ||
        (v[TK_NETWORK] && load_network(c, v[TK_NETWORK]) != 0) ||
        (v[TK_CHECKS] && load_checks(c, v[TK_CHECKS]) != 0) ||
        (v[TK_ENV] && load_env(c, v[TK_ENV]) != 0) ||
        (v[TK_FAULTS] && load_faults(c, v[TK_FAULTS]) != 0) ||
        (v[TK_EXPECT] && load_expect(c, v[TK_EXPECT]) != 0))
        return -1;
    return 0;
}

/* ------------------------------------------------- alias-expansion bound */

/* The bounded walk over the node graph with aliases expanded. */
typedef struct walk {
    yaml_document_t *doc;    /* graph being walked */
    long visits;             /* nodes visited so far */
    unsigned char *onstack;  /* per node index: 1 while on the current path */
    yaml_node_t *at;         /* node to blame when the walk fails */
    const char *why;         /* reason when the walk fails */
} walk_t;

static int walk_node(walk_t *w, int index, int depth);

static int walk_children(walk_t *w, yaml_node_t *n, int depth)
{
    if (n->type == YAML_SEQUENCE_NODE) {
        for (yaml_node_item_t *i = n->data.sequence.items.start; i < n->data.sequence.items.top; i++) {
            if (walk_node(w, *i, depth + 1) != 0)
                return -1;
        }
    } else if (n->type == YAML_MAPPING_NODE) {
        for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
            if (walk_node(w, p->key, depth + 1) != 0 || walk_node(w, p->value, depth + 1) != 0)
                return -1;
        }
    }
    return 0;
}

/* Counts one visit of the node and its subtree. A failing expansion is
 * blamed on the top-level value holding it, which is where a reader of
 * the file can see it, rather than on some leaf deep inside. */
static int walk_node(walk_t *w, int index, int depth)
{
    yaml_node_t *n = yaml_document_get_node(w->doc, index);
    int rc;
    if (n == NULL)
        return 0;
    if (++w->visits > SIM_SCENARIO_MAX_NODES)
        w->why = "the document expands to more than 100000 nodes through aliases";
    else if (depth > SIM_SCENARIO_MAX_DEPTH)
        w->why = "lists and mappings are nested more than 64 deep", w->at = n;
    else if (w->onstack[index])
        w->why = "an alias refers to a node that contains it", w->at = n;
    if (w->why != NULL) {
        if (w->at == NULL && depth <= 1)
            w->at = n;
        return -1;
    }
    w->onstack[index] = 1;
    rc = walk_children(w, n, depth);
    w->onstack[index] = 0;
    if (rc != 0 && w->at == NULL && depth <= 1)
        w->at = n;
    return rc;
}

static int check_bounds(ctx_t *c)
{
    size_t count = (size_t)(c->doc->nodes.top - c->doc->nodes.start);
    walk_t w = {c->doc, 0, calloc(count + 1, 1), NULL, NULL};
    int rc;
    if (w.onstack == NULL)
        return oom(c, yaml_document_get_root_node(c->doc));
    rc = walk_node(&w, 1, 0);
    free(w.onstack);
    return rc == 0 ? 0 : fail(c, w.at, "%s", w.why);
}

/* ---------------------------------------------------------- file, parser */

/* Reads the whole file, refusing more than SIM_SCENARIO_MAX_FILE bytes.
 * Grows the buffer as it goes, so a pipe or /dev/stdin works too. */
static const char *read_stream(FILE *f, char **buf, size_t *len)
{
    size_t cap = 0;
    *buf = NULL;
    *len = 0;
    do {
        char *grown;
        if (*len == cap) {
            cap = cap ? 2 * cap : 4096;
            if ((grown = realloc(*buf, cap)) == NULL)
                return "out of memory";
            *buf = grown;
        }
        *len += fread(*buf + *len, 1, cap - *len, f);
        if (*len > SIM_SCENARIO_MAX_FILE)
            return "file is larger than 4 MiB";
    } while (!feof(f) && !ferror(f));
    return ferror(f) ? "cannot read the file" : NULL;
}

static int read_all(ctx_t *c, char **buf, size_t *len)
{
    FILE *f = fopen(c->file, "rb");
    const char *why;
    struct stat st;
    if (f == NULL)
        return fail_lc(c, 0, 0, "cannot open: %s", strerror(errno));
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        return fail_lc(c, 0, 0, "is a directory, not a scenario file");
    }
    why = read_stream(f, buf, len);
    fclose(f);
    if (why == NULL)
        return 0;
    free(*buf);
    return fail_lc(c, 0, 0, "%s", why);
}

/* Turns a byte offset into a 1-based line and column (reader errors carry
 * only an offset). */
static void offset_to_lc(const char *buf, size_t len, size_t off, size_t *line, size_t *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < off && i < len; i++) {
        if (buf[i] == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
}

static int syntax_error(ctx_t *c, yaml_parser_t *p, const char *buf, size_t len)
{
    size_t line, col;
    if (p->error == YAML_MEMORY_ERROR)
        return fail_lc(c, 1, 1, "out of memory while parsing");
    if (p->error == YAML_READER_ERROR) {
        offset_to_lc(buf, len, p->problem_offset, &line, &col);
        return fail_lc(c, line, col, "YAML error: %s", p->problem ? p->problem : "bad input");
    }
    if (p->context != NULL)
        return fail_lc(c, p->problem_mark.line + 1, p->problem_mark.column + 1,
                       "YAML syntax error: %s (%s at line %zu)", p->problem ? p->problem : "?",
                       p->context, p->context_mark.line + 1);
    return fail_lc(c, p->problem_mark.line + 1, p->problem_mark.column + 1, "YAML syntax error: %s",
                   p->problem ? p->problem : "?");
}

/* Budget and shape checks on one event; returns 0 or -1 (message set). */
/* The anchor an event defines, or NULL. */
static const yaml_char_t *event_anchor(const yaml_event_t *ev)
{
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        return ev->data.scalar.anchor;
    case YAML_SEQUENCE_START_EVENT:
        return ev->data.sequence_start.anchor;
    case YAML_MAPPING_START_EVENT:
        return ev->data.mapping_start.anchor;
    default:
        return NULL;
    }
}

static int prescan_event(ctx_t *c, const yaml_event_t *ev, int *depth, long *events, int *docs,
                         long *anchors)
{
    size_t line = ev->start_mark.line + 1, col = ev->start_mark.column + 1;
    if (ev->type == YAML_SEQUENCE_START_EVENT || ev->type == YAML_MAPPING_START_EVENT)
        (*depth)++;
    else if (ev->type == YAML_SEQUENCE_END_EVENT || ev->type == YAML_MAPPING_END_EVENT)
        (*depth)--;
    else if (ev->type == YAML_DOCUMENT_START_EVENT && ++*docs > 1)
        return fail_lc(c, line, col, "a second YAML document; a scenario file holds exactly one");
    else if (ev->type == YAML_STREAM_END_EVENT && *docs == 0)
        return fail_lc(c, 1, 1, "the file holds no YAML document (expected a scenario mapping)");
    if (*depth > SIM_SCENARIO_MAX_DEPTH)
        return fail_lc(c, line, col, "lists and mappings are nested more than 64 deep");
    if ((ev->type == YAML_SCALAR_EVENT || ev->type == YAML_ALIAS_EVENT ||
         ev->type == YAML_SEQUENCE_START_EVENT || ev->type == YAML_MAPPING_START_EVENT) &&
        ++*events > SIM_SCENARIO_MAX_NODES)
        return fail_lc(c, line, col, "the document has more than 100000 nodes");
    /* libyaml's loader checks each anchor and resolves each alias against
     * every earlier anchor: quadratic time, so their number is bounded. */
    if (event_anchor(ev) && ++*anchors > SIM_SCENARIO_MAX_ANCHORS)
        return fail_lc(c, line, col, "the document defines more than 1000 anchors");
    return 0;
}

/* Looks at the event stream before anything is loaded: libyaml's scanner
 * is quadratic in flow nesting depth and its loader allocates a node per
 * event, so a hostile file must be stopped here, at the first level too
 * deep or the first event over budget, not after loading. Also reports
 * syntax errors and checks that there is exactly one document. */
static int prescan(ctx_t *c, const char *buf, size_t len)
{
    yaml_parser_t p;
    yaml_event_t ev;
    long events = 0, anchors = 0;
    int depth = 0, docs = 0, rc = 0, done = 0;
    if (!yaml_parser_initialize(&p))
        return fail_lc(c, 1, 1, "out of memory");
    yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
    while (rc == 0 && !done) {
        if (!yaml_parser_parse(&p, &ev)) {
            rc = syntax_error(c, &p, buf, len);
            break;
        }
        rc = prescan_event(c, &ev, &depth, &events, &docs, &anchors);
        done = ev.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&p);
    return rc;
}

/* Loads the document (prescan has checked there is exactly one). */
static int parse_doc(ctx_t *c, const char *buf, size_t len)
{
    yaml_parser_t p;
    int rc = 0;
    if (prescan(c, buf, len) != 0)
        return -1;
    if (!yaml_parser_initialize(&p))
        return fail_lc(c, 1, 1, "out of memory");
    yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
    if (!yaml_parser_load(&p, c->doc))
        rc = syntax_error(c, &p, buf, len);
    else if (yaml_document_get_root_node(c->doc) == NULL)
        rc = fail_lc(c, 1, 1, "the file holds no YAML document (expected a scenario mapping)");
    if (rc != 0 && p.error == YAML_NO_ERROR)
        yaml_document_delete(c->doc);
    yaml_parser_delete(&p);
    return rc;
}

static sim_scenario_t *new_scenario(const char *path)
{
    sim_scenario_t *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    sim_netparams_default(&s->net);
    s->path = strdup(path);
    s->checks = NULL;
    if (s->path == NULL) {
        free(s);
        return NULL;
    }
    return s;
}

/* Fills the optional parts that were absent with their defaults. */
static int finish(ctx_t *c)
{
    sim_scenario_t *s = c->s;
    if (s->args == NULL && (s->args = calloc(1, sizeof *s->args)) == NULL)
        return oom(c, yaml_document_get_root_node(c->doc));
    if (s->checks == NULL && (s->checks = strdup("all")) == NULL)
        return oom(c, yaml_document_get_root_node(c->doc));
    return 0;
}

static int load_doc(ctx_t *c, const char *buf, size_t len)
{
    int rc;
    if (parse_doc(c, buf, len) != 0)
        return -1;
    rc = check_bounds(c);
    if (rc == 0 && (c->s = new_scenario(c->file)) == NULL)
        rc = fail_lc(c, 1, 1, "out of memory");
    if (rc == 0)
        rc = load_top(c, yaml_document_get_root_node(c->doc));
    if (rc == 0)
        rc = finish(c);
    yaml_document_delete(c->doc);
    return rc;
}

int sim_scenario_load(const char *path, sim_scenario_t **out, char *err, size_t errlen)
{
    yaml_document_t doc;
    ctx_t c = {path, &doc, err, errlen, NULL};
    char *buf = NULL;
    size_t len = 0;
    *out = NULL;
    if (read_all(&c, &buf, &len) != 0)
        return -1;
    if (load_doc(&c, buf, len) != 0) {
        sim_scenario_free(c.s);
        free(buf);
        return -1;
    }
    free(buf);
    *out = c.s;
    return 0;
}

int sim_scenario_load_string(const char *name, const char *buf, size_t len,
                             sim_scenario_t **out, char *err, size_t errlen)
{
    yaml_document_t doc;
    ctx_t c = {name, &doc, err, errlen, NULL};
    *out = NULL;
    if (len > SIM_SCENARIO_MAX_FILE)
        return fail_lc(&c, 0, 0, "file is larger than 4 MiB");
    if (load_doc(&c, buf, len) != 0) {
        sim_scenario_free(c.s);
        return -1;
    }
    *out = c.s;
    return 0;
}

static void free_list(char **list, int n)
{
    for (int i = 0; list != NULL && i < n; i++)
        free(list[i]);
    free(list);
}

void sim_scenario_free(sim_scenario_t *s)
{
    if (s == NULL)
        return;
    free(s->path);
    free(s->name);
    free(s->description);
    free(s->program);
    free_list(s->args, s->nargs);
    free(s->checks);
    free(s->faults);
    free(s->expect.finding);
    free_list(s->expect.stdout_contains, s->expect.nstdout);
    free_list(s->expect.stderr_contains, s->expect.nstderr);
    free_list(s->env, s->nenv);
    free(s);
}

const char *sim_scenario_fault_kind_name(sim_fault_kind_t kind)
{
    return (unsigned)kind < (unsigned)NKINDS ? kind_rules[kind].name : "?";
}

