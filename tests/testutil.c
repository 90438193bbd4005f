/* tests/testutil: see testutil.h. */
#include "testutil.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *out_dir(void)
{
    const char *o = getenv("SHMEMSIM_OUT");
    return o && *o ? o : ".";
}

const char *tu_shmemsim(void)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/bin/shmemsim", out_dir());
    return buf;
}

const char *tu_prog(const char *name)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/build/tests/programs/%s", out_dir(), name);
    return buf;
}

char *tu_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t r;
    while ((r = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += r;
        if (cap - n - 1 == 0)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

run_result_t tu_run(const char *fmt, ...)
{
    char cmd[8192], full[9000];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    char outp[] = "/tmp/shmemsim-test-out-XXXXXX", errp[] = "/tmp/shmemsim-test-err-XXXXXX";
    int fo = mkstemp(outp), fe = mkstemp(errp);
    close(fo);
    close(fe);
    snprintf(full, sizeof full, "(%s) >%s 2>%s </dev/null", cmd, outp, errp);
    int st = system(full);
    run_result_t r;
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    r.out = tu_read_file(outp, NULL);
    r.err = tu_read_file(errp, NULL);
    unlink(outp);
    unlink(errp);
    return r;
}

void tu_free(run_result_t *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

int tu_count(const char *hay, const char *needle)
{
    int n = 0;
    size_t len = strlen(needle);
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += len)
        n++;
    return n;
}

/* ---- a strict recursive-descent JSON syntax check ---- */

static const char *value(const char *p, int depth);

static const char *ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

static const char *string(const char *p)
{
    if (*p++ != '"')
        return NULL;
    while (*p != '"') {
        if ((unsigned char)*p < 0x20)
            return NULL;
        if (*p == '\\') {
            p++;
            if (*p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!isxdigit((unsigned char)p[i]))
                        return NULL;
                p += 4;
            } else if (!strchr("\"\\/bfnrt", *p)) {
                return NULL;
            }
        }
        p++;
    }
    return p + 1;
}

static const char *number(const char *p)
{
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (isdigit((unsigned char)*p))
        while (isdigit((unsigned char)*p))
            p++;
    else
        return NULL;
    if (*p == '.') {
        if (!isdigit((unsigned char)*++p))
            return NULL;
        while (isdigit((unsigned char)*p))
            p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!isdigit((unsigned char)*p))
            return NULL;
        while (isdigit((unsigned char)*p))
            p++;
    }
    return p;
}

static const char *members(const char *p, char close, int depth)
{
    p = ws(p);
    if (*p == close)
        return p + 1;
    for (;;) {
        if (close == '}') {
            p = string(ws(p));
            if (!p || *(p = ws(p)) != ':')
                return NULL;
            p++;
        }
        p = value(p, depth + 1);
        if (!p)
            return NULL;
        p = ws(p);
        if (*p == close)
            return p + 1;
        if (*p++ != ',')
            return NULL;
    }
}

static const char *value(const char *p, int depth)
{
    if (depth > 200)
        return NULL;
    p = ws(p);
    switch (*p) {
    case '{': return members(p + 1, '}', depth);
    case '[': return members(p + 1, ']', depth);
    case '"': return string(p);
    case 't': return strncmp(p, "true", 4) ? NULL : p + 4;
    case 'f': return strncmp(p, "false", 5) ? NULL : p + 5;
    case 'n': return strncmp(p, "null", 4) ? NULL : p + 4;
    default: return number(p);
    }
}

int tu_json_valid(const char *text)
{
    const char *end = text ? value(text, 0) : NULL;
    return end && *ws(end) == '\0' ? 0 : -1;
}
