/* sim/scenario_read: the scenario loader's errors and its readers of
 * scalars and fixed-schema mappings (see scenario_impl.h). */
#include "scenario_impl.h"
#include "units.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCN_KEY(e, k) #k,
const char *const scn_top_keys[TK_COUNT] = {TOP_KEYS(SCN_KEY)};
const char *const scn_fault_keys[FK_COUNT] = {FAULT_KEYS(SCN_KEY)};
const char *const scn_expect_keys[EK_COUNT] = {EXPECT_KEYS(SCN_KEY)};
#undef SCN_KEY

/* ---------------------------------------------------------------- errors */

/* Writes "FILE:LINE:COL: message" to the caller's buffer, or "FILE:
 * message" when line is 0 (the file as a whole failed); returns -1. */
__attribute__((format(printf, 4, 5)))
int scn_fail_lc(ctx_t *c, size_t line, size_t col, const char *fmt, ...)
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

int scn_oom(ctx_t *c, const yaml_node_t *n)
{
    return scn_fail(c, n, "out of memory");
}

/* Copies s for a message: at most 60 bytes (cut on a UTF-8 boundary),
 * control characters shown as '?'. */
const char *scn_show(const char *s, char out[72])
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

const char *scn_text(const yaml_node_t *n)
{
    return (const char *)n->data.scalar.value;
}

/* "WHAT must be EXPECT, got 'VALUE'" (or "got a list"). */
int scn_bad_value(ctx_t *c, yaml_node_t *n, const char *what, const char *expect)
{
    char q[72];
    if (n->type == YAML_SCALAR_NODE && strlen(scn_text(n)) != n->data.scalar.length)
        return scn_fail(c, n, "%s must be %s, got a value with a NUL character", what, expect);
    if (n->type == YAML_SCALAR_NODE)
        return scn_fail(c, n, "%s must be %s, got '%s'", what, expect, scn_show(scn_text(n), q));
    return scn_fail(c, n, "%s must be %s, got %s", what, expect, kind_of(n));
}

yaml_node_t *scn_node_at(ctx_t *c, int index)
{
    return yaml_document_get_node(c->doc, index);
}

/* Length of a sequence node, or -1 when n is not a sequence. */
int scn_seq_len(const yaml_node_t *n)
{
    if (n->type != YAML_SEQUENCE_NODE)
        return -1;
    return (int)(n->data.sequence.items.top - n->data.sequence.items.start);
}

yaml_node_t *scn_seq_at(ctx_t *c, const yaml_node_t *n, int i)
{
    return scn_node_at(c, n->data.sequence.items.start[i]);
}

/* ------------------------------------------------------- scalar readers */

/* A scalar without embedded NUL bytes (a quoted "\0" would cut strings). */
int scn_is_text(const yaml_node_t *n)
{
    return n->type == YAML_SCALAR_NODE && strlen(scn_text(n)) == n->data.scalar.length;
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
int scn_parse_i64(const char *s, int64_t *out)
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
int scn_get_u64(ctx_t *c, yaml_node_t *n, const char *what, const char *expect,
                uint64_t lo, uint64_t hi, uint64_t *out)
{
    uint64_t v;
    if (!scn_is_text(n) || parse_u64(scn_text(n), &v) != 0 || v < lo || v > hi)
        return scn_bad_value(c, n, what, expect);
    *out = v;
    return 0;
}

int scn_get_duration(ctx_t *c, yaml_node_t *n, const char *what, uint64_t *ns)
{
    char q[72];
    if (scn_is_text(n) && sim_units_duration(scn_text(n), ns) == 0)
        return 0;
    if (n->type != YAML_SCALAR_NODE)
        return scn_bad_value(c, n, what, "a duration like 50us");
    if (scn_text(n)[0] == '-')
        return scn_fail(c, n, "bad duration '%s' for %s: durations cannot be negative",
                        scn_show(scn_text(n), q), what);
    return scn_fail(c, n, "bad duration '%s' for %s (use a number with ns, us, ms or s, e.g. 50us)",
                    scn_show(scn_text(n), q), what);
}

/* A plain number in [lo, hi]; *out is untouched on error. */
int scn_get_number(ctx_t *c, yaml_node_t *n, const char *what, const char *expect,
                   double lo, double hi, double *out)
{
    double v;
    if (!scn_is_text(n) || sim_units_number(scn_text(n), &v) != 0 || v < lo || v > hi)
        return scn_bad_value(c, n, what, expect);
    *out = v;
    return 0;
}

/* Copies a scalar of at most max bytes into a new string. */
int scn_get_str(ctx_t *c, yaml_node_t *n, const char *what, size_t max, char **out)
{
    if (!scn_is_text(n))
        return scn_bad_value(c, n, what, "a string");
    if (n->data.scalar.length > max)
        return scn_fail(c, n, "%s is longer than %zu bytes", what, max);
    *out = strdup(scn_text(n));
    return *out ? 0 : scn_oom(c, n);
}

/* Copies a scalar into a fixed buffer of size bytes (including NUL). */
int scn_get_buf(ctx_t *c, yaml_node_t *n, const char *what, char *buf, size_t size)
{
    if (!scn_is_text(n))
        return scn_bad_value(c, n, what, "a string");
    if (n->data.scalar.length >= size)
        return scn_fail(c, n, "%s is longer than %zu bytes", what, size - 1);
    memcpy(buf, scn_text(n), n->data.scalar.length + 1);
    return 0;
}

int scn_is_ident(const char *s, const char *first, const char *rest)
{
    return s[0] != '\0' && strchr(first, s[0]) != NULL && strspn(s, rest) == strlen(s);
}


/* A list of strings, NULL-terminated, into *out / *n. */
int scn_get_str_list(ctx_t *c, yaml_node_t *n, const char *what, char ***out, int *count)
{
    int len = scn_seq_len(n);
    if (len < 0)
        return scn_bad_value(c, n, what, "a list of strings");
    *out = calloc((size_t)len + 1, sizeof **out);
    if (*out == NULL)
        return scn_oom(c, n);
    for (*count = 0; *count < len; (*count)++) {
        if (scn_get_str(c, scn_seq_at(c, n, *count), what, SIM_SCENARIO_MAX_STR, &(*out)[*count]) != 0)
            return -1;
    }
    return 0;
}

/* -------------------------------------------------------------- mappings */

void scn_join_names(const char *const *names, int n, char *buf, size_t size)
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
int scn_check_key(ctx_t *c, yaml_node_t *key, const char *what)
{
    if (!scn_is_text(key))
        return scn_bad_value(c, key, what, "a string key");
    return 0;
}

/* Reads a fixed-schema mapping into slots: unknown and repeated keys are
 * errors naming the key. The caller has checked that map is a mapping. */
int scn_collect(ctx_t *c, yaml_node_t *map, const keyset_t *ks, slots_t *sl)
{
    char q[72], known[512];
    memset(sl, 0, sizeof *sl);
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = scn_node_at(c, p->key);
        int i;
        if (scn_check_key(c, k, "a key") != 0)
            return -1;
        i = find_name(ks->names, ks->n, scn_text(k));
        if (i < 0) {
            scn_join_names(ks->names, ks->n, known, sizeof known);
            return scn_fail(c, k, "unknown key '%s' in %s (known: %s)", scn_show(scn_text(k), q), ks->what, known);
        }
        if (sl->key[i] != NULL)
            return scn_fail(c, k, "duplicate key '%s' in %s (first at line %d)", scn_text(k), ks->what,
                            line_of(sl->key[i]));
        sl->key[i] = k;
        sl->val[i] = scn_node_at(c, p->value);
    }
    return 0;
}

/* Errors on a key that an open mapping (network, env) holds twice. */
int scn_check_repeat(ctx_t *c, yaml_node_t *map, yaml_node_pair_t *upto, const char *what)
{
    yaml_node_t *k = scn_node_at(c, upto->key);
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < upto; p++) {
        yaml_node_t *o = scn_node_at(c, p->key);
        if (strcmp(scn_text(o), scn_text(k)) == 0)
            return scn_fail(c, k, "duplicate key '%s' in %s (first at line %d)", scn_text(k), what,
                            line_of(o));
    }
    return 0;
}
