/* tests/jsonschema: see jsonschema.h. */
#include "jsonschema.h"
#include "util.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64

/* ---- validator ---- */

typedef struct vctx {
    const sim_json_t *root; /* the schema document, for $ref */
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

static const char *type_name(const sim_json_t *v)
{
    static const char *const names[] = {"null", "boolean", "number", "string", "array", "object"};
    if (v->type == SIM_JSON_NUMBER && v->integral)
        return "integer";
    return names[v->type];
}

static int is_integer(const sim_json_t *v)
{
    return v->type == SIM_JSON_NUMBER && isfinite(v->number) && v->number == floor(v->number);
}

static int equal(const sim_json_t *a, const sim_json_t *b)
{
    if (a->type != b->type)
        return 0;
    switch (a->type) {
    case SIM_JSON_NULL:
        return 1;
    case SIM_JSON_BOOL:
        return a->boolean == b->boolean;
    case SIM_JSON_NUMBER:
        return a->number == b->number;
    case SIM_JSON_STRING:
        return strcmp(a->string, b->string) == 0;
    case SIM_JSON_ARRAY:
        if (a->n != b->n)
            return 0;
        for (size_t i = 0; i < a->n; i++)
            if (!equal(&a->items[i], &b->items[i]))
                return 0;
        return 1;
    case SIM_JSON_OBJECT:
        if (a->n != b->n)
            return 0;
        for (size_t i = 0; i < a->n; i++) {
            const sim_json_t *o = sim_json_get(b, a->keys[i]);
            if (!o || !equal(&a->items[i], o))
                return 0;
        }
        return 1;
    }
    return 0;
}

static int type_matches(const char *t, const sim_json_t *v)
{
    static const char *const names[] = {"null", "boolean", "number", "string", "array", "object"};
    if (strcmp(t, "integer") == 0)
        return is_integer(v);
    return strcmp(t, names[v->type]) == 0;
}

/* Resolves a "#/a/b" pointer (with ~0 and ~1 escapes) in the root schema. */
static const sim_json_t *resolve(const sim_json_t *root, const char *ref)
{
    if (ref[0] != '#')
        return NULL;
    const sim_json_t *v = root;
    for (const char *p = ref + 1; v && *p;) {
        if (*p++ != '/')
            return NULL;
        char tok[128];
        size_t n = 0;
        for (; *p && *p != '/' && n + 1 < sizeof tok; p++)
            tok[n++] = *p == '~' && p[1] == '1' ? (p++, '/') : *p == '~' && p[1] == '0' ? (p++, '~')
                                                                                       : *p;
        tok[n] = '\0';
        v = sim_json_get(v, tok);
    }
    return v;
}

static int check(vctx_t *c, const sim_json_t *s, const sim_json_t *v);

/* Checks v against s at path + "/" + step (a member name or an index). */
static int check_at(vctx_t *c, const sim_json_t *s, const sim_json_t *v, const char *step)
{
    size_t len = strlen(c->path);
    snprintf(c->path + len, sizeof c->path - len, "/%s", step);
    int rc = check(c, s, v);
    c->path[len] = '\0';
    return rc;
}

static int check_object(vctx_t *c, const sim_json_t *s, const sim_json_t *v)
{
    const sim_json_t *props = sim_json_get(s, "properties"), *req = sim_json_get(s, "required");
    const sim_json_t *extra = sim_json_get(s, "additionalProperties");
    for (size_t i = 0; req && i < req->n; i++)
        if (!sim_json_get(v, req->items[i].string))
            return vfail(c, "the required member \"%s\" is missing", req->items[i].string);
    for (size_t i = 0; i < v->n; i++) {
        const sim_json_t *ps = sim_json_get(props, v->keys[i]);
        if (!ps && extra && extra->type == SIM_JSON_BOOL && !extra->boolean)
            return vfail(c, "member \"%s\" is not allowed here", v->keys[i]);
        if (!ps)
            ps = extra;
        if (ps && check_at(c, ps, &v->items[i], v->keys[i]))
            return -1;
    }
    return 0;
}

static int check_array(vctx_t *c, const sim_json_t *s, const sim_json_t *v)
{
    const sim_json_t *items = sim_json_get(s, "items"), *min = sim_json_get(s, "minItems");
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

static int check_scalar(vctx_t *c, const sim_json_t *s, const sim_json_t *v)
{
    const sim_json_t *min = sim_json_get(s, "minimum"), *max = sim_json_get(s, "maximum");
    const sim_json_t *minlen = sim_json_get(s, "minLength");
    if (v->type == SIM_JSON_NUMBER && min && v->number < min->number)
        return vfail(c, "%g is below the minimum %g", v->number, min->number);
    if (v->type == SIM_JSON_NUMBER && max && v->number > max->number)
        return vfail(c, "%g is above the maximum %g", v->number, max->number);
    if (v->type == SIM_JSON_STRING && minlen) {
        size_t chars = 0;
        for (const char *p = v->string; *p; p++)
            chars += ((unsigned char)*p & 0xc0) != 0x80;
        if ((double)chars < minlen->number)
            return vfail(c, "string shorter than %g characters", minlen->number);
    }
    return 0;
}

static int check_type(vctx_t *c, const sim_json_t *t, const sim_json_t *v)
{
    if (t->type == SIM_JSON_STRING)
        return type_matches(t->string, v) ? 0 : vfail(c, "%s where %s is expected",
                                                       type_name(v), t->string);
    for (size_t i = 0; i < t->n; i++)
        if (type_matches(t->items[i].string, v))
            return 0;
    return vfail(c, "%s is none of the types allowed here", type_name(v));
}

/* oneOf (exactly one) and anyOf (at least one).  When none matches, the
 * message says why each alternative failed. */
static int check_alternatives(vctx_t *c, const sim_json_t *alts, const sim_json_t *v, int one)
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

static int check(vctx_t *c, const sim_json_t *s, const sim_json_t *v)
{
    if (s->type == SIM_JSON_BOOL)
        return s->boolean ? 0 : vfail(c, "no value is allowed here");
    const sim_json_t *k;
    if ((k = sim_json_get(s, "$ref"))) {
        if (c->refs > MAX_DEPTH)
            return vfail(c, "$ref nested too deeply");
        c->refs++;
        int rc = check(c, resolve(c->root, k->string), v);
        c->refs--;
        if (rc)
            return -1;
    }
    if ((k = sim_json_get(s, "type")) && check_type(c, k, v))
        return -1;
    if ((k = sim_json_get(s, "const")) && !equal(k, v))
        return vfail(c, "not the value required here");
    if ((k = sim_json_get(s, "enum"))) {
        size_t i = 0;
        while (i < k->n && !equal(&k->items[i], v))
            i++;
        if (i == k->n)
            return v->type == SIM_JSON_STRING ? vfail(c, "\"%s\" is not one of the allowed values",
                                                v->string)
                                        : vfail(c, "not one of the allowed values");
    }
    if (v->type == SIM_JSON_OBJECT && check_object(c, s, v))
        return -1;
    if (v->type == SIM_JSON_ARRAY && check_array(c, s, v))
        return -1;
    if (check_scalar(c, s, v))
        return -1;
    if ((k = sim_json_get(s, "oneOf")) && check_alternatives(c, k, v, 1))
        return -1;
    if ((k = sim_json_get(s, "anyOf")) && check_alternatives(c, k, v, 0))
        return -1;
    return 0;
}

/* ---- the schema itself: only known keywords, with arguments of the right
 * shape, and every $ref resolvable, so that validation cannot silently
 * ignore part of it ---- */

static int schema_ok(vctx_t *c, const sim_json_t *s, int depth);

/* schema_ok on sub, whose place in the schema is path + "/a" (+ "/b"). */
static int sub_ok(vctx_t *c, const sim_json_t *sub, const char *a, const char *b, int depth)
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

static int all_strings(const sim_json_t *a)
{
    for (size_t i = 0; i < a->n; i++)
        if (a->items[i].type != SIM_JSON_STRING)
            return 0;
    return 1;
}

static int keyword_ok(vctx_t *c, const char *key, const sim_json_t *a, int depth)
{
    static const char *const notes[] = {"$schema", "$id", "title", "description", "$comment"};
    for (size_t i = 0; i < sizeof notes / sizeof notes[0]; i++)
        if (strcmp(key, notes[i]) == 0)
            return a->type == SIM_JSON_STRING ? 0 : vfail(c, "%s must be a string", key);
    if (!strcmp(key, "type"))
        return a->type == SIM_JSON_STRING || (a->type == SIM_JSON_ARRAY && a->n && all_strings(a))
                   ? 0 : vfail(c, "type must be a name or a list of names");
    if (!strcmp(key, "enum"))
        return a->type == SIM_JSON_ARRAY ? 0 : vfail(c, "enum must be an array");
    if (!strcmp(key, "const"))
        return 0;
    if (!strcmp(key, "required"))
        return a->type == SIM_JSON_ARRAY && all_strings(a) ? 0 : vfail(c, "required must list names");
    if (!strcmp(key, "minimum") || !strcmp(key, "maximum"))
        return a->type == SIM_JSON_NUMBER ? 0 : vfail(c, "%s must be a number", key);
    if (!strcmp(key, "minItems") || !strcmp(key, "minLength"))
        return is_integer(a) && a->number >= 0 ? 0 : vfail(c, "%s must be a count", key);
    if (!strcmp(key, "$ref"))
        return a->type == SIM_JSON_STRING && resolve(c->root, a->string)
                   ? 0 : vfail(c, "$ref does not resolve in this schema");
    if (!strcmp(key, "items") || !strcmp(key, "additionalProperties"))
        return sub_ok(c, a, key, NULL, depth);
    if (!strcmp(key, "properties") || !strcmp(key, "$defs")) {
        if (a->type != SIM_JSON_OBJECT)
            return vfail(c, "%s must be an object", key);
        for (size_t i = 0; i < a->n; i++)
            if (sub_ok(c, &a->items[i], key, a->keys[i], depth))
                return -1;
        return 0;
    }
    if (!strcmp(key, "oneOf") || !strcmp(key, "anyOf")) {
        if (a->type != SIM_JSON_ARRAY || a->n == 0)
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

static int schema_ok(vctx_t *c, const sim_json_t *s, int depth)
{
    if (depth > MAX_DEPTH)
        return vfail(c, "schema nested too deeply");
    if (s->type == SIM_JSON_BOOL)
        return 0;
    if (s->type != SIM_JSON_OBJECT)
        return vfail(c, "a schema must be an object or a boolean");
    for (size_t i = 0; i < s->n; i++)
        if (keyword_ok(c, s->keys[i], &s->items[i], depth))
            return -1;
    return 0;
}

int js_validate(const sim_json_t *schema, const sim_json_t *doc, char *err, size_t errlen)
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
        stext = sim_xrealloc(stext, cap = cap ? 2 * cap : 65536);
        got = fread(stext + n, 1, cap - n - 1, f);
        n += got;
    } while (got > 0 && n + 1 == cap);
    fclose(f);
    stext[n] = '\0';
    char why[256];
    sim_json_t *schema = sim_json_parse(stext, why, sizeof why), *doc = NULL;
    free(stext);
    int rc = -1;
    if (!schema)
        snprintf(err, errlen, "%s: %s", schema_path, why);
    else if (!(doc = sim_json_parse(text, err, errlen)))
        rc = -1;
    else
        rc = js_validate(schema, doc, err, errlen);
    sim_json_free(schema);
    sim_json_free(doc);
    return rc;
}
