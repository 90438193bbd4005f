/* sim/util: checked allocation and the invariant-failure path. */
#include "util.h"
#include "world.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void oom(size_t n)
{
    fprintf(stderr, "shmemsim: out of memory allocating %zu bytes\n", n);
    abort();
}

void *sim_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom(n);
    return p;
}

void *sim_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        oom(n * size);
    return p;
}

void *sim_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        oom(n);
    return p;
}

char *sim_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(sim_xmalloc(n), s, n);
}

void sim_assert_fail(const char *expr, const char *file, int line)
{
    int pe = sim_w && sim_w->cur ? sim_w->cur->id : -1;
    unsigned long long t = sim_w ? (unsigned long long)sim_w->now : 0;
    fflush(stdout);
    fprintf(stderr, "shmemsim: internal error at t=%lluns (PE %d): %s:%d: assertion '%s' failed\n",
            t, pe, file, line, expr);
    abort();
}

void sim_append(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

/* Edit distance of a and b, a swap of two neighbours counting one (for
 * suggestions; short strings only). */
size_t sim_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return 99;
    size_t d[64][64];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t sub = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            size_t del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
            d[i][j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < d[i][j])
                d[i][j] = d[i - 2][j - 2] + 1; /* two letters swapped */
        }
    return d[la][lb];
}

void sim_nearest_try(sim_nearest_t *n, const char *cand)
{
    size_t d = sim_edit_distance(n->word, cand);
    if (!n->best || d < n->d) {
        n->d = d;
        n->best = cand;
    }
}

const char *sim_nearest_best(const sim_nearest_t *n)
{
    return n->best && n->d <= (strlen(n->word) < 6 ? 1 : 2) ? n->best : NULL;
}
