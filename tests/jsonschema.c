/* tests/jsonschema: see jsonschema.h. */
#include "jsonschema.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64

/* ---- parser ---- */

typedef struct parser {
    const char *text;  /* the whole document, for line and column */
    const char *p;     /* next character */
    char *err;         /* where the first error goes */
    size_t errlen;
} parser_t;

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        abort();
    return p;
}

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
        b->s = xrealloc(b->s, b->cap = b->cap ? 2 * b->cap : 32);
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
    buf_t b = {xrealloc(NULL, 32), 0, 32};
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

static int parse_number(parser_t *ps, js_value_t *v)
{
    const char *start = ps->p;
    v->type = JS_NUMBER;
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

static int parse_value(parser_t *ps, js_value_t *v, int depth);

/* Appends an empty element to v's items (and a key slot for objects). */
static js_value_t *grow(js_value_t *v)
{
    v->items = xrealloc(v->items, (v->n + 1) * sizeof *v->items);
    if (v->type == JS_OBJECT)
        v->keys = xrealloc(v->keys, (v->n + 1) * sizeof *v->keys);
    memset(&v->items[v->n], 0, sizeof *v->items);
    return &v->items[v->n++];
}

static int parse_member(parser_t *ps, js_value_t *v, int depth)
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
    js_value_t *m = grow(v);
    v->keys[v->n - 1] = key;
    return parse_value(ps, m, depth + 1);
}

/* Arrays and objects: open, members separated by commas, close. */
static int parse_container(parser_t *ps, js_value_t *v, int depth)
{
    int object = *ps->p == '{';
    char close = object ? '}' : ']';
    v->type = object ? JS_OBJECT : JS_ARRAY;
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

static int parse_value(parser_t *ps, js_value_t *v, int depth)
{
    if (depth > MAX_DEPTH)
        return perr(ps, "nested deeper than %d", MAX_DEPTH);
    skip_ws(ps);
    static const struct { const char *word; js_type_t type; int boolean; } words[] = {
        {"null", JS_NULL, 0}, {"true", JS_BOOL, 1}, {"false", JS_BOOL, 0}};
    for (size_t i = 0; i < 3; i++)
        if (strncmp(ps->p, words[i].word, strlen(words[i].word)) == 0) {
            ps->p += strlen(words[i].word);
            v->type = words[i].type;
            v->boolean = words[i].boolean;
            return 0;
        }
    switch (*ps->p) {
    case '"':
        v->type = JS_STRING;
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

static void free_inside(js_value_t *v)
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

void js_free(js_value_t *v)
{
    if (v) {
        free_inside(v);
        free(v);
    }
}

js_value_t *js_parse(const char *text, char *err, size_t errlen)
{
    parser_t ps = {text, text, err, errlen};
    js_value_t *v = calloc(1, sizeof *v);
    if (!v)
        abort();
    int rc = text ? parse_value(&ps, v, 0) : -1;
    if (rc == 0) {
        skip_ws(&ps);
        if (*ps.p)
            rc = perr(&ps, "text after the value");
    } else if (!text) {
        snprintf(err, errlen, "no text");
    }
    if (rc) {
        js_free(v);
        return NULL;
    }
    return v;
}

const js_value_t *js_get(const js_value_t *v, const char *key)
{
    for (size_t i = 0; v && v->type == JS_OBJECT && i < v->n; i++)
        if (strcmp(v->keys[i], key) == 0)
            return &v->items[i];
    return NULL;
}

const js_value_t *js_at(const js_value_t *v, size_t i)
{
    return v && v->type == JS_ARRAY && i < v->n ? &v->items[i] : NULL;
}

/* ---- validator ---- */

typedef struct vctx {
    const js_value_t *root; /* the schema document, for $ref */
    char *err;              /* the first violation, or NULL to stay quiet */
    size_t errlen;
    char path[512];         /* JSON pointer of the value being checked */
    int refs;               /* $ref nesting, against reference loops */
} vctx_t;

static int vfail(vctx_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int vfail(vctx_t *c, const char *fmt, ...)
{
    if (!c->err)
        return -1;
    int n = snprintf(c->err, c->errlen, "%s: ", c->path[0] ? c->path : "/");
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < c->errlen)
        vsnprintf(c->err + n, c->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

static const char *type_name(const js_value_t *v)
{
    static const char *const names[] = {"null", "boolean", "number", "string", "array", "object"};
    if (v->type == JS_NUMBER && v->integral)
        return "integer";
    return names[v->type];
}

static int is_integer(const js_value_t *v)
{
    return v->type == JS_NUMBER && isfinite(v->number) && v->number == floor(v->number);
}

static int equal(const js_value_t *a, const js_value_t *b)
{
    if (a->type != b->type)
        return 0;
    switch (a->type) {
    case JS_NULL:
        return 1;
    case JS_BOOL:
        return a->boolean == b->boolean;
    case JS_NUMBER:
        return a->number == b->number;
    case JS_STRING:
        return strcmp(a->string, b->string) == 0;
    case JS_ARRAY:
        if (a->n != b->n)
            return 0;
        for (size_t i = 0; i < a->n; i++)
            if (!equal(&a->items[i], &b->items[i]))
                return 0;
        return 1;
    case JS_OBJECT:
        if (a->n != b->n)
            return 0;
        for (size_t i = 0; i < a->n; i++) {
            const js_value_t *o = js_get(b, a->keys[i]);
            if (!o || !equal(&a->items[i], o))
                return 0;
        }
        return 1;
    }
    return 0;
}

static int type_matches(const char *t, const js_value_t *v)
{
    static const char *const names[] = {"null", "boolean", "number", "string", "array", "object"};
    if (strcmp(t, "integer") == 0)
        return is_integer(v);
    return strcmp(t, names[v->type]) == 0;
}

/* Resolves a "#/a/b" pointer (with ~0 and ~1 escapes) in the root schema. */
static const js_value_t *resolve(const js_value_t *root, const char *ref)
{
    if (ref[0] != '#')
        return NULL;
    const js_value_t *v = root;
    for (const char *p = ref + 1; v && *p;) {
        if (*p++ != '/')
            return NULL;
        char tok[128];
        size_t n = 0;
        for (; *p && *p != '/' && n + 1 < sizeof tok; p++)
            tok[n++] = *p == '~' && p[1] == '1' ? (p++, '/') : *p == '~' && p[1] == '0' ? (p++, '~')
                                                                                       : *p;
        tok[n] = '\0';
        v = js_get(v, tok);
    }
    return v;
}

static int check(vctx_t *c, const js_value_t *s, const js_value_t *v);

/* Checks v against s at path + "/" + step (a member name or an index). */
static int check_at(vctx_t *c, const js_value_t *s, const js_value_t *v, const char *step)
{
    size_t len = strlen(c->path);
    snprintf(c->path + len, sizeof c->path - len, "/%s", step);
    int rc = check(c, s, v);
    c->path[len] = '\0';
    return rc;
}

static int check_object(vctx_t *c, const js_value_t *s, const js_value_t *v)
{
    const js_value_t *props = js_get(s, "properties"), *req = js_get(s, "required");
    const js_value_t *extra = js_get(s, "additionalProperties");
    for (size_t i = 0; req && i < req->n; i++)
        if (!js_get(v, req->items[i].string))
            return vfail(c, "the required member \"%s\" is missing", req->items[i].string);
    for (size_t i = 0; i < v->n; i++) {
        const js_value_t *ps = js_get(props, v->keys[i]);
        if (!ps && extra && extra->type == JS_BOOL && !extra->boolean)
            return vfail(c, "member \"%s\" is not allowed here", v->keys[i]);
        if (!ps)
            ps = extra;
        if (ps && check_at(c, ps, &v->items[i], v->keys[i]))
            return -1;
    }
    return 0;
}

static int check_array(vctx_t *c, const js_value_t *s, const js_value_t *v)
{
    const js_value_t *items = js_get(s, "items"), *min = js_get(s, "minItems");
    if (min && (double)v->n < min->number)
        return vfail(c, "%zu elements, fewer than %g", v->n, min->number);
    for (size_t i = 0; items && i < v->n; i++) {
        char step[24];
        snprintf(step, sizeof step, "%zu", i);
        if (check_at(c, items, &v->items[i], step))
            return -1;
    }
    return 0;
}

static int check_scalar(vctx_t *c, const js_value_t *s, const js_value_t *v)
{
    const js_value_t *min = js_get(s, "minimum"), *max = js_get(s, "maximum");
    const js_value_t *minlen = js_get(s, "minLength");
    if (v->type == JS_NUMBER && min && v->number < min->number)
        return vfail(c, "%g is below the minimum %g", v->number, min->number);
    if (v->type == JS_NUMBER && max && v->number > max->number)
        return vfail(c, "%g is above the maximum %g", v->number, max->number);
    if (v->type == JS_STRING && minlen) {
        size_t chars = 0;
        for (const char *p = v->string; *p; p++)
            chars += ((unsigned char)*p & 0xc0) != 0x80;
        if ((double)chars < minlen->number)
            return vfail(c, "string shorter than %g characters", minlen->number);
    }
    return 0;
}

static int check_type(vctx_t *c, const js_value_t *t, const js_value_t *v)
{
    if (t->type == JS_STRING)
        return type_matches(t->string, v) ? 0 : vfail(c, "%s where %s is expected",
                                                       type_name(v), t->string);
    for (size_t i = 0; i < t->n; i++)
        if (type_matches(t->items[i].string, v))
            return 0;
    return vfail(c, "%s is none of the types allowed here", type_name(v));
}

/* oneOf (exactly one) and anyOf (at least one).  When none matches, the
 * message says why each alternative failed. */
static int check_alternatives(vctx_t *c, const js_value_t *alts, const js_value_t *v, int one)
{
    char why[1024] = "", one_why[400];
    size_t matched = 0;
    for (size_t i = 0; i < alts->n; i++) {
        vctx_t alt = *c;
        alt.err = one_why;
        alt.errlen = sizeof one_why;
        if (check(&alt, &alts->items[i], v) == 0) {
            matched++;
            continue;
        }
        size_t used = strlen(why);
        snprintf(why + used, sizeof why - used, "%s[%zu] %s", used ? "; " : "", i, one_why);
    }
    if (matched == 0)
        return vfail(c, "matches none of the %zu alternatives of %s: %s", alts->n,
                     one ? "oneOf" : "anyOf", why);
    if (one && matched > 1)
        return vfail(c, "matches %zu alternatives of oneOf, not exactly one", matched);
    return 0;
}

static int check(vctx_t *c, const js_value_t *s, const js_value_t *v)
{
    if (s->type == JS_BOOL)
        return s->boolean ? 0 : vfail(c, "no value is allowed here");
    const js_value_t *k;
    if ((k = js_get(s, "$ref"))) {
        if (c->refs > MAX_DEPTH)
            return vfail(c, "$ref nested too deeply");
        c->refs++;
        int rc = check(c, resolve(c->root, k->string), v);
        c->refs--;
        if (rc)
            return -1;
    }
    if ((k = js_get(s, "type")) && check_type(c, k, v))
        return -1;
    if ((k = js_get(s, "const")) && !equal(k, v))
        return vfail(c, "not the value required here");
    if ((k = js_get(s, "enum"))) {
        size_t i = 0;
        while (i < k->n && !equal(&k->items[i], v))
            i++;
        if (i == k->n)
            return v->type == JS_STRING ? vfail(c, "\"%s\" is not one of the allowed values",
                                                v->string)
                                        : vfail(c, "not one of the allowed values");
    }
    if (v->type == JS_OBJECT && check_object(c, s, v))
        return -1;
    if (v->type == JS_ARRAY && check_array(c, s, v))
        return -1;
    if (check_scalar(c, s, v))
        return -1;
    if ((k = js_get(s, "oneOf")) && check_alternatives(c, k, v, 1))
        return -1;
    if ((k = js_get(s, "anyOf")) && check_alternatives(c, k, v, 0))
        return -1;
    return 0;
}

/* ---- the schema itself: only known keywords, with arguments of the right
 * shape, and every $ref resolvable, so that validation cannot silently
 * ignore part of it ---- */

static int schema_ok(vctx_t *c, const js_value_t *s, int depth);

/* schema_ok on sub, whose place in the schema is path + "/a" (+ "/b"). */
static int sub_ok(vctx_t *c, const js_value_t *sub, const char *a, const char *b, int depth)
{
    size_t len = strlen(c->path);
    snprintf(c->path + len, sizeof c->path - len, "/%s", a);
    if (b) {
        size_t l2 = strlen(c->path);
        snprintf(c->path + l2, sizeof c->path - l2, "/%s", b);
    }
    int rc = schema_ok(c, sub, depth + 1);
    c->path[len] = '\0';
    return rc;
}

static int all_strings(const js_value_t *a)
{
    for (size_t i = 0; i < a->n; i++)
        if (a->items[i].type != JS_STRING)
            return 0;
    return 1;
}

static int keyword_ok(vctx_t *c, const char *key, const js_value_t *a, int depth)
{
    static const char *const notes[] = {"$schema", "$id", "title", "description", "$comment"};
    for (size_t i = 0; i < sizeof notes / sizeof notes[0]; i++)
        if (strcmp(key, notes[i]) == 0)
            return a->type == JS_STRING ? 0 : vfail(c, "%s must be a string", key);
    if (!strcmp(key, "type"))
        return a->type == JS_STRING || (a->type == JS_ARRAY && a->n && all_strings(a))
                   ? 0 : vfail(c, "type must be a name or a list of names");
    if (!strcmp(key, "enum"))
        return a->type == JS_ARRAY ? 0 : vfail(c, "enum must be an array");
    if (!strcmp(key, "const"))
        return 0;
    if (!strcmp(key, "required"))
        return a->type == JS_ARRAY && all_strings(a) ? 0 : vfail(c, "required must list names");
    if (!strcmp(key, "minimum") || !strcmp(key, "maximum"))
        return a->type == JS_NUMBER ? 0 : vfail(c, "%s must be a number", key);
    if (!strcmp(key, "minItems") || !strcmp(key, "minLength"))
        return is_integer(a) && a->number >= 0 ? 0 : vfail(c, "%s must be a count", key);
    if (!strcmp(key, "$ref"))
        return a->type == JS_STRING && resolve(c->root, a->string)
                   ? 0 : vfail(c, "$ref does not resolve in this schema");
    if (!strcmp(key, "items") || !strcmp(key, "additionalProperties"))
        return sub_ok(c, a, key, NULL, depth);
    if (!strcmp(key, "properties") || !strcmp(key, "$defs")) {
        if (a->type != JS_OBJECT)
            return vfail(c, "%s must be an object", key);
        for (size_t i = 0; i < a->n; i++)
            if (sub_ok(c, &a->items[i], key, a->keys[i], depth))
                return -1;
        return 0;
    }
    if (!strcmp(key, "oneOf") || !strcmp(key, "anyOf")) {
        if (a->type != JS_ARRAY || a->n == 0)
            return vfail(c, "%s must be a non-empty array", key);
        for (size_t i = 0; i < a->n; i++) {
            char idx[24];
            snprintf(idx, sizeof idx, "%zu", i);
            if (sub_ok(c, &a->items[i], key, idx, depth))
                return -1;
        }
        return 0;
    }
    return vfail(c, "unsupported keyword \"%s\"", key);
}

static int schema_ok(vctx_t *c, const js_value_t *s, int depth)
{
    if (depth > MAX_DEPTH)
        return vfail(c, "schema nested too deeply");
    if (s->type == JS_BOOL)
        return 0;
    if (s->type != JS_OBJECT)
        return vfail(c, "a schema must be an object or a boolean");
    for (size_t i = 0; i < s->n; i++)
        if (keyword_ok(c, s->keys[i], &s->items[i], depth))
            return -1;
    return 0;
}

int js_validate(const js_value_t *schema, const js_value_t *doc, char *err, size_t errlen)
{
    vctx_t c = {schema, err, errlen, "", 0};
    char why[400];
    vctx_t sc = c;
    sc.err = why;
    sc.errlen = sizeof why;
    if (schema_ok(&sc, schema, 0)) {
        snprintf(err, errlen, "bad schema at %s", why);
        return -1;
    }
    return check(&c, schema, doc);
}

int js_validate_text(const char *schema_path, const char *text, char *err, size_t errlen)
{
    FILE *f = fopen(schema_path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open %s", schema_path);
        return -1;
    }
    char *stext = NULL;
    size_t n = 0, cap = 0, got;
    do {
        stext = xrealloc(stext, cap = cap ? 2 * cap : 65536);
        got = fread(stext + n, 1, cap - n - 1, f);
        n += got;
    } while (got > 0 && n + 1 == cap);
    fclose(f);
    stext[n] = '\0';
    char why[256];
    js_value_t *schema = js_parse(stext, why, sizeof why), *doc = NULL;
    free(stext);
    int rc = -1;
    if (!schema)
        snprintf(err, errlen, "%s: %s", schema_path, why);
    else if (!(doc = js_parse(text, err, errlen)))
        rc = -1;
    else
        rc = js_validate(schema, doc, err, errlen);
    js_free(schema);
    js_free(doc);
    return rc;
}
