/* tests/testutil: see testutil.h. */
#include "testutil.h"
#include "json.h"

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

const char *tu_out_dir(void)
{
    return out_dir();
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

int tu_line_of(const char *path, const char *marker)
{
    char *text = tu_read_file(path, NULL);
    if (!text)
        return -1;
    const char *at = strstr(text, marker);
    int line = 1;
    for (const char *p = text; at && p < at; p++)
        line += *p == '\n';
    free(text);
    return at ? line : -1;
}

int tu_count(const char *hay, const char *needle)
{
    int n = 0;
    size_t len = strlen(needle);
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += len)
        n++;
    return n;
}

/* ---- JSON syntax, by the simulator's own reader ---- */

int tu_json_valid(const char *text)
{
    char err[200];
    sim_json_t *v = sim_json_parse(text, err, sizeof err);
    int ok = v != NULL;
    sim_json_free(v);
    return ok ? 0 : -1;
}

/* ---- a small XML well-formedness check ---- */

static int xml_char_ok(const char *p, const char **next)
{
    unsigned char c = (unsigned char)*p;
    int n = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
    if (n == 0 || (n == 2 && c < 0xc2) || (c < 0x20 && c != '\t' && c != '\n' && c != '\r'))
        return 0;
    for (int i = 1; i < n; i++)
        if (((unsigned char)p[i] & 0xc0) != 0x80)
            return 0;
    *next = p + n;
    return 1;
}

static const char *xml_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

static const char *xml_name(const char *p, size_t *len)
{
    const char *s = p;
    if (!(isalpha((unsigned char)*p) || *p == '_' || *p == ':'))
        return NULL;
    while (isalnum((unsigned char)*p) || strchr("._:-", *p) != NULL)
        p++;
    *len = (size_t)(p - s);
    return p;
}

/* An entity reference after '&'; returns what follows its ';'. */
static const char *xml_entity(const char *p)
{
    static const char *const named[] = {"amp;", "lt;", "gt;", "quot;", "apos;"};
    for (size_t i = 0; i < 5; i++)
        if (strncmp(p, named[i], strlen(named[i])) == 0)
            return p + strlen(named[i]);
    if (*p++ != '#')
        return NULL;
    int hex = *p == 'x';
    p += hex;
    const char *d = p;
    while (hex ? isxdigit((unsigned char)*p) : isdigit((unsigned char)*p))
        p++;
    return p > d && *p == ';' ? p + 1 : NULL;
}

/* Character data up to '<' (or an attribute's closing quote q). */
static const char *xml_text(const char *p, char q)
{
    while (*p && *p != '<' && *p != q) {
        if (*p == '&') {
            if (!(p = xml_entity(p + 1)))
                return NULL;
        } else if (!xml_char_ok(p, &p)) {
            return NULL;
        }
    }
    return p;
}

static const char *xml_comment(const char *p)
{
    const char *e = strstr(p + 4, "-->");
    return e ? e + 3 : NULL;
}

static const char *xml_attrs(const char *p)
{
    char seen[32][64];
    int n = 0;
    for (;;) {
        const char *q = xml_ws(p);
        if (*q == '>' || *q == '/' || q == p)
            return q;
        size_t len;
        const char *e = xml_name(q, &len);
        if (!e || len >= 64 || n == 32)
            return NULL;
        for (int i = 0; i < n; i++)
            if (strlen(seen[i]) == len && strncmp(seen[i], q, len) == 0)
                return NULL;
        memcpy(seen[n], q, len);
        seen[n++][len] = '\0';
        e = xml_ws(e);
        if (*e++ != '=')
            return NULL;
        e = xml_ws(e);
        char quote = *e;
        if (quote != '"' && quote != '\'')
            return NULL;
        e = xml_text(e + 1, quote);
        if (!e || *e != quote)
            return NULL;
        p = e + 1;
    }
}

static const char *xml_element(const char *p, int depth)
{
    size_t len;
    if (depth > 100 || *p != '<')
        return NULL;
    const char *name = p + 1, *e = xml_name(name, &len);
    if (!e || !(e = xml_attrs(e)))
        return NULL;
    if (e[0] == '/' && e[1] == '>')
        return e + 2;
    if (*e++ != '>')
        return NULL;
    for (;;) {
        if (!(e = xml_text(e, '\0')) || !*e)
            return NULL;
        if (strncmp(e, "<!--", 4) == 0) {
            e = xml_comment(e);
        } else if (strncmp(e, "<![CDATA[", 9) == 0) {
            const char *c = strstr(e, "]]>");
            e = c ? c + 3 : NULL;
        } else if (e[1] == '/') {
            if (strncmp(e + 2, name, len) != 0 || e[2 + len] != '>')
                return NULL;
            return e + 3 + len;
        } else {
            e = xml_element(e, depth + 1);
        }
        if (!e)
            return NULL;
    }
}

int tu_xml_valid(const char *text)
{
    const char *p = text;
    if (!p)
        return -1;
    if (strncmp(p, "<?xml", 5) == 0) {
        const char *e = strstr(p, "?>");
        if (!e)
            return -1;
        p = e + 2;
    }
    for (p = xml_ws(p); strncmp(p, "<!--", 4) == 0; p = xml_ws(p))
        if (!(p = xml_comment(p)))
            return -1;
    if (!(p = xml_element(p, 0)))
        return -1;
    for (p = xml_ws(p); strncmp(p, "<!--", 4) == 0; p = xml_ws(p))
        if (!(p = xml_comment(p)))
            return -1;
    return *p == '\0' ? 0 : -1;
}

char *tu_explore_clean(int npes, const char *prog, const char *args)
{
    char dir[] = "/tmp/shmemsim-sweep-XXXXXX", *msg = NULL;
    if (!mkdtemp(dir))
        return strdup("mkdtemp failed");
    run_result_t r = tu_run("%s explore -n %d --seeds 1..50 --jobs 2 --no-output-digest --out %s "
                            "%s %s", tu_shmemsim(), npes, dir, tu_prog(prog), args);
    if (!strstr(r.out, "no failure in 50 runs") && !strstr(r.err, "no failure in 50 runs") &&
        asprintf(&msg, "%d %s %s:\n%s%s", npes, prog, args, r.out, r.err) < 0)
        msg = strdup("explore failed");
    tu_free(&r);
    r = tu_run("rmdir %s", dir); /* nothing written: no failure scenario */
    if (r.status != 0 && !msg)
        msg = strdup("explore wrote a failure scenario");
    tu_free(&r);
    return msg;
}
