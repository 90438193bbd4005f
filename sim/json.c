/* sim/json: JSON string escaping, and the one JSON reader. */
#include "json.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64

void sim_json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* ---- parser ---- */

typedef struct parser {
    const char *text;  /* the whole document, for line and column */
    const char *p;     /* next character */
    char *err;         /* where the first error goes */
    size_t errlen;
} parser_t;

static int perr(parser_t *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int perr(parser_t *ps, const char *fmt, ...)
{
    int line = 1, col = 1;
    for (const char *q = ps->text; q < ps->p; q++) {
        col = *q == '\n' ? 1 : col + 1;
        line += *q == '\n';
    }
    int n = snprintf(ps->err, ps->errlen, "line %d, column %d: ", line, col);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < ps->errlen)
        vsnprintf(ps->err + n, ps->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

static void skip_ws(parser_t *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
        ps->p++;
}

/* A growing byte buffer for decoded strings. */
typedef struct buf {
    char *s;
    size_t n, cap;
} buf_t;

static void put(buf_t *b, char c)
{
    if (b->n + 1 >= b->cap)
        b->s = sim_xrealloc(b->s, b->cap = b->cap ? 2 * b->cap : 32);
    b->s[b->n++] = c;
    b->s[b->n] = '\0';
}

static void put_utf8(buf_t *b, unsigned long cp)
{
    if (cp < 0x80) {
        put(b, (char)cp);
    } else if (cp < 0x800) {
        put(b, (char)(0xc0 | cp >> 6));
        put(b, (char)(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
        put(b, (char)(0xe0 | cp >> 12));
        put(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
        put(b, (char)(0x80 | (cp & 0x3f)));
    } else {
        put(b, (char)(0xf0 | cp >> 18));
        put(b, (char)(0x80 | ((cp >> 12) & 0x3f)));
        put(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
        put(b, (char)(0x80 | (cp & 0x3f)));
    }
}

static int hex4(parser_t *ps, unsigned long *out)
{
    *out = 0;
    for (int i = 0; i < 4; i++) {
        char c = *ps->p++;
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return perr(ps, "bad \\u escape");
        *out = *out << 4 | (unsigned long)d;
    }
    return 0;
}

static int escape(parser_t *ps, buf_t *b)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    char c = *ps->p++;
    const char *k = c ? strchr(from, c) : NULL;
    if (k) {
        put(b, to[k - from]);
        return 0;
    }
    unsigned long cp, lo;
    if (c != 'u')
        return perr(ps, "bad escape '\\%c'", c);
    if (hex4(ps, &cp))
        return -1;
    if (cp >= 0xdc00 && cp <= 0xdfff)
        return perr(ps, "lone low surrogate");
    if (cp >= 0xd800 && cp <= 0xdbff) {
        if (ps->p[0] != '\\' || ps->p[1] != 'u')
            return perr(ps, "high surrogate without its low half");
        ps->p += 2;
        if (hex4(ps, &lo))
            return -1;
        if (lo < 0xdc00 || lo > 0xdfff)
            return perr(ps, "high surrogate without its low half");
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
    }
    if (cp == 0)
        return perr(ps, "\\u0000 is not supported");
    put_utf8(b, cp);
    return 0;
}

/* Copies one UTF-8 encoded character, checking its form. */
static int utf8_char(parser_t *ps, buf_t *b)
{
    unsigned char c = (unsigned char)*ps->p;
    int more = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 && c >= 0xc2 ? 1 : (c & 0xf0) == 0xe0 ? 2
             : (c & 0xf8) == 0xf0 && c <= 0xf4 ? 3 : -1;
    if (more < 0)
        return perr(ps, "invalid UTF-8");
    put(b, (char)*ps->p++);
    for (int i = 0; i < more; i++) {
        if (((unsigned char)*ps->p & 0xc0) != 0x80)
            return perr(ps, "invalid UTF-8");
        put(b, (char)*ps->p++);
    }
    return 0;
}

static int parse_string(parser_t *ps, char **out)
{
    buf_t b = {sim_xrealloc(NULL, 32), 0, 32};
    b.s[0] = '\0';
    ps->p++; /* the opening quote */
    for (;;) {
        unsigned char c = (unsigned char)*ps->p;
        int rc = 0;
        if (c == '"') {
            ps->p++;
            *out = b.s;
            return 0;
        }
        if (c == '\0')
            rc = perr(ps, "unterminated string");
        else if (c < 0x20)
            rc = perr(ps, "raw control character in a string");
        else if (c == '\\' && (ps->p++, 1))
            rc = escape(ps, &b);
        else
            rc = utf8_char(ps, &b);
        if (rc) {
            free(b.s);
            return -1;
        }
    }
}

static int digits(parser_t *ps)
{
    if (*ps->p < '0' || *ps->p > '9')
        return perr(ps, "digit expected");
    while (*ps->p >= '0' && *ps->p <= '9')
        ps->p++;
    return 0;
}

static int parse_number(parser_t *ps, sim_json_t *v)
{
    const char *start = ps->p;
    v->type = SIM_JSON_NUMBER;
    v->integral = 1;
    if (*ps->p == '-')
        ps->p++;
    if (*ps->p == '0')
        ps->p++;
    else if (digits(ps))
        return -1;
    if (*ps->p == '.') {
        ps->p++;
        v->integral = 0;
        if (digits(ps))
            return -1;
    }
    if (*ps->p == 'e' || *ps->p == 'E') {
        ps->p++;
        v->integral = 0;
        if (*ps->p == '+' || *ps->p == '-')
            ps->p++;
        if (digits(ps))
            return -1;
    }
    char tmp[64];
    size_t n = (size_t)(ps->p - start);
    if (n >= sizeof tmp)
        n = sizeof tmp - 1; /* only long integers get here; the value stays close enough */
    memcpy(tmp, start, n);
    tmp[n] = '\0';
    v->number = strtod(tmp, NULL);
    return 0;
}

static int parse_value(parser_t *ps, sim_json_t *v, int depth);

/* Appends an empty element to v's items (and a key slot for objects). */
static sim_json_t *grow(sim_json_t *v)
{
    v->items = sim_xrealloc(v->items, (v->n + 1) * sizeof *v->items);
    if (v->type == SIM_JSON_OBJECT)
        v->keys = sim_xrealloc(v->keys, (v->n + 1) * sizeof *v->keys);
    memset(&v->items[v->n], 0, sizeof *v->items);
    return &v->items[v->n++];
}

static int parse_member(parser_t *ps, sim_json_t *v, int depth)
{
    char *key;
    if (*ps->p != '"')
        return perr(ps, "member name expected");
    if (parse_string(ps, &key))
        return -1;
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->keys[i], key) == 0) {
            int rc = perr(ps, "duplicate member \"%s\"", key);
            free(key);
            return rc;
        }
    skip_ws(ps);
    if (*ps->p != ':') {
        free(key);
        return perr(ps, "':' expected");
    }
    ps->p++;
    sim_json_t *m = grow(v);
    v->keys[v->n - 1] = key;
    return parse_value(ps, m, depth + 1);
}

/* Arrays and objects: open, members separated by commas, close. */
static int parse_container(parser_t *ps, sim_json_t *v, int depth)
{
    int object = *ps->p == '{';
    char close = object ? '}' : ']';
    v->type = object ? SIM_JSON_OBJECT : SIM_JSON_ARRAY;
    ps->p++;
    skip_ws(ps);
    if (*ps->p == close) {
        ps->p++;
        return 0;
    }
    for (;;) {
        skip_ws(ps);
        if (object ? parse_member(ps, v, depth) : parse_value(ps, grow(v), depth + 1))
            return -1;
        skip_ws(ps);
        if (*ps->p == close) {
            ps->p++;
            return 0;
        }
        if (*ps->p != ',')
            return perr(ps, "',' or '%c' expected", close);
        ps->p++;
    }
}

static int parse_value(parser_t *ps, sim_json_t *v, int depth)
{
    if (depth > MAX_DEPTH)
        return perr(ps, "nested deeper than %d", MAX_DEPTH);
    skip_ws(ps);
    static const struct { const char *word; sim_json_type_t type; int boolean; } words[] = {
        {"null", SIM_JSON_NULL, 0}, {"true", SIM_JSON_BOOL, 1}, {"false", SIM_JSON_BOOL, 0}};
    for (size_t i = 0; i < 3; i++)
        if (strncmp(ps->p, words[i].word, strlen(words[i].word)) == 0) {
            ps->p += strlen(words[i].word);
            v->type = words[i].type;
            v->boolean = words[i].boolean;
            return 0;
        }
    switch (*ps->p) {
    case '"':
        v->type = SIM_JSON_STRING;
        return parse_string(ps, &v->string);
    case '{':
    case '[':
        return parse_container(ps, v, depth);
    case '-':
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        return parse_number(ps, v);
    default:
        return perr(ps, "a value expected");
    }
}

static void free_inside(sim_json_t *v)
{
    for (size_t i = 0; i < v->n; i++) {
        free_inside(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->string);
}

void sim_json_free(sim_json_t *v)
{
    if (v) {
        free_inside(v);
        free(v);
    }
}

sim_json_t *sim_json_parse(const char *text, char *err, size_t errlen)
{
    parser_t ps = {text, text, err, errlen};
    sim_json_t *v = sim_xcalloc(1, sizeof *v);
    int rc = text ? parse_value(&ps, v, 0) : -1;
    if (rc == 0) {
        skip_ws(&ps);
        if (*ps.p)
            rc = perr(&ps, "text after the value");
    } else if (!text) {
        snprintf(err, errlen, "no text");
    }
    if (rc) {
        sim_json_free(v);
        return NULL;
    }
    return v;
}

const sim_json_t *sim_json_get(const sim_json_t *v, const char *key)
{
    for (size_t i = 0; v && v->type == SIM_JSON_OBJECT && i < v->n; i++)
        if (strcmp(v->keys[i], key) == 0)
            return &v->items[i];
    return NULL;
}

const sim_json_t *sim_json_at(const sim_json_t *v, size_t i)
{
    return v && v->type == SIM_JSON_ARRAY && i < v->n ? &v->items[i] : NULL;
}

const char *sim_json_str_of(const sim_json_t *v, const char *key)
{
    const sim_json_t *m = sim_json_get(v, key);
    return m && m->type == SIM_JSON_STRING ? m->string : NULL;
}
