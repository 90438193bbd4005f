/* sim/finding: selection, de-duplication, printing and storage. */
#include "finding.h"
#include "io.h"
#include "layer.h"
#include "loader.h"
#include "trace.h"
#include "util.h"
#include "world.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

sim_check_t sim_checks[SIM_F_COUNT] = {SIM_FINDINGS(SIM_CHECK_ENTRY)};

/* The engine's own rules, as the first layer. */
static sim_layer_t engine = {.name = "engine", .checks = sim_checks, .nchecks = SIM_F_COUNT};

/* Registered layers by rank; the engine's always first. */
static sim_layer_t *layers[SIM_LAYERS_MAX] = {&engine};
static size_t nlayers = 1;

void sim_layer_register(sim_layer_t *l)
{
    SIM_ASSERT(nlayers < SIM_LAYERS_MAX && l->rank >= 1);
    size_t i = nlayers;
    for (; layers[i - 1]->rank > l->rank; i--) {
        layers[i] = layers[i - 1];
        layers[i]->slot = (int)i;
    }
    layers[i] = l;
    l->slot = (int)i;
    nlayers++;
}

const sim_layer_t *sim_layer_at(size_t i)
{
    return i < nlayers ? layers[i] : NULL;
}

void sim_layers_pe_exit(sim_pe_t *pe)
{
    for (size_t i = 0; i < nlayers; i++)
        if (layers[i]->on_pe_exit)
            layers[i]->on_pe_exit(pe);
}

void sim_layers_free(const void *p, size_t n, const void *site)
{
    for (size_t i = 0; i < nlayers; i++)
        if (layers[i]->on_free)
            layers[i]->on_free(p, n, site);
}

int sim_layers_at_start(char *err, size_t errlen)
{
    for (size_t i = 0; i < nlayers; i++)
        if (layers[i]->at_start && layers[i]->at_start(err, errlen) != 0)
            return -1;
    return 0;
}

void sim_layers_at_end(void)
{
    for (size_t i = 0; i < nlayers; i++)
        if (layers[i]->at_end)
            layers[i]->at_end();
}

void sim_layers_free_ctx(sim_pe_t *ctx)
{
    for (size_t i = nlayers; i-- > 0;)
        if (layers[i]->free_ctx)
            layers[i]->free_ctx(ctx);
}

void sim_layers_free_run(void)
{
    for (size_t i = nlayers; i-- > 0;)
        if (layers[i]->free_run)
            layers[i]->free_run();
}

/* Calls fn on every check of every layer, in order, until fn returns
 * non-zero; returns what fn returned, or 0. */
static const sim_check_t *each_check(int (*fn)(sim_check_t *c, void *arg), void *arg)
{
    for (size_t i = 0; i < nlayers; i++)
        for (size_t j = 0; j < layers[i]->nchecks; j++)
            if (fn(&layers[i]->checks[j], arg))
                return &layers[i]->checks[j];
    return NULL;
}

static int print_check(sim_check_t *c, void *f)
{
    fprintf(f, "%-38s %s\n", c->id, c->help);
    return 0;
}

void sim_finding_list(FILE *f)
{
    each_check(print_check, f);
}

static int set_all(sim_check_t *c, void *on)
{
    c->on = *(unsigned char *)on;
    c->named = 0;
    return 0;
}

static void select_all(unsigned char on)
{
    each_check(set_all, &on);
}

struct name {
    const char *s;
    size_t len;
};

static int has_name(sim_check_t *c, void *arg)
{
    const struct name *n = arg;
    return strlen(c->id) == n->len && strncmp(c->id, n->s, n->len) == 0;
}

static sim_check_t *find_check(const char *id, size_t len)
{
    struct name n = {id, len};
    return (sim_check_t *)each_check(has_name, &n);
}

/* The check id nearest to a mistyped one, if near enough to be a typo. */
static int nearer(sim_check_t *c, void *arg)
{
    sim_nearest_try(arg, c->id);
    return 0;
}

static const char *nearest_check(const char *id, size_t len)
{
    if (len && id[0] == '-') {
        id++;
        len--;
    }
    char word[64];
    snprintf(word, sizeof word, "%.*s", (int)(len < 63 ? len : 63), id);
    sim_nearest_t n = {word, NULL, 0};
    each_check(nearer, &n);
    return sim_nearest_best(&n);
}

int sim_finding_select(const char *spec, char *err, size_t errlen)
{
    select_all(1);
    if (!spec || strcmp(spec, "all") == 0)
        return 0;
    if (strcmp(spec, "none") != 0 && strncmp(spec, "all,", 4) != 0 && spec[0] != '-')
        select_all(0);
    if (strcmp(spec, "none") == 0) {
        select_all(0);
        return 0;
    }
    for (const char *p = spec; *p;) {
        size_t len = strcspn(p, ",");
        int off = p[0] == '-';
        if (!(len == 3 && strncmp(p, "all", 3) == 0)) {
            sim_check_t *c = find_check(p + off, len - (size_t)off);
            if (!c) {
                const char *near = nearest_check(p, len);
                snprintf(err, errlen, "unknown check '%.*s' in --check (%s%s%sshmemsim --check "
                         "list prints them)", (int)len, p, near ? "did you mean " : "",
                         near ? near : "", near ? "? " : "");
                return -1;
            }
            c->on = c->named = !off;
        }
        p += len + (p[len] == ',');
    }
    return 0;
}

const char *sim_finding_nearest(const char *id)
{
    return nearest_check(id, strlen(id));
}

int sim_finding_unknown(const char *spec, char *id, size_t idlen)
{
    if (!spec || strcmp(spec, "none") == 0)
        return 0;
    for (const char *p = spec; *p;) {
        size_t len = strcspn(p, ",");
        int off = p[0] == '-';
        if (!(len == 3 && strncmp(p, "all", 3) == 0) && !find_check(p + off, len - (size_t)off)) {
            snprintf(id, idlen, "%.*s", (int)(len - (size_t)off), p + off);
            return 1;
        }
        p += len + (p[len] == ',');
    }
    return 0;
}

struct nth {
    size_t i;
};

static int count_down(sim_check_t *c, void *arg)
{
    (void)c;
    return ((struct nth *)arg)->i-- == 0;
}

const char *sim_finding_id(size_t i)
{
    struct nth n = {i};
    const sim_check_t *c = each_check(count_down, &n);
    return c ? c->id : NULL;
}

/* The run's findings are the world's (sim_w->found, nfound, capfound). */

static sim_finding_t *find_same(const char *id, const char *site, unsigned kind)
{
    for (size_t i = 0; i < sim_w->nfound; i++)
        if (strcmp(sim_w->found[i].id, id) == 0 && strcmp(sim_w->found[i].site, site) == 0 &&
            sim_w->found[i].kind == kind)
            return &sim_w->found[i];
    return NULL;
}

static void raise_v(const sim_check_t *c, sim_sev_t sev, unsigned kind, int pe,
                    const char *call, const void *site, const char *fmt, va_list ap)
{
    if (!c->on)
        return;
    const char *id = c->id;
    char where[160];
    if (site)
        sim_loader_symbolize(sim_w->loader, site, where, sizeof where);
    else
        snprintf(where, sizeof where, "?");
    sim_w->findings_total++;
    if (sev == SIM_SEV_ERROR)
        sim_w->findings_error++;
    sim_finding_t *f = find_same(id, where, kind);
    if (f) {
        f->count++;
        sim_w->last_found = f - sim_w->found;
        /* The same error again from a call (a loop retrying a call the
         * simulator skips): the call's entry was no progress, so the
         * watchdog ends a loop that does nothing else. */
        sim_pe_t *cur = sim_w->cur;
        if (sev == SIM_SEV_ERROR && cur && cur->call_depth > 0 && cur->repeat_calls != cur->calls) {
            cur->repeat_calls = cur->calls;
            cur->repeat_finding = (size_t)(f - sim_w->found);
            sim_w->progress--;
        }
        return;
    }
    if (sim_w->nfound == sim_w->capfound) {
        sim_w->capfound = sim_w->capfound ? sim_w->capfound * 2 : 16;
        sim_w->found = sim_xrealloc(sim_w->found, sim_w->capfound * sizeof *sim_w->found);
    }
    sim_w->last_found = (long)sim_w->nfound;
    f = &sim_w->found[sim_w->nfound++];
    memset(f, 0, sizeof *f);
    snprintf(f->id, sizeof f->id, "%s", id);
    f->sev = sev;
    f->pe = pe;
    f->time = sim_w->now;
    f->kind = kind;
    f->count = 1;
    snprintf(f->call, sizeof f->call, "%s", call ? call : "");
    snprintf(f->site, sizeof f->site, "%s", where);
    if (!site || sim_loader_source(sim_w->loader, site, f->file, sizeof f->file, &f->line) != 0) {
        f->file[0] = '\0';
        f->line = 0;
    }
    vsnprintf(f->text, sizeof f->text, fmt, ap);
    sim_io_break_line();
    fprintf(stderr, "shmemsim: %s [%s] PE %d at t=%lluns in %s, called from %s:\n  %s\n",
            sev == SIM_SEV_ERROR ? "error" : "warning", f->id, pe,
            (unsigned long long)f->time, f->call, f->site, f->text);
    sim_trace_instant(pe, "finding", f->id, f->text);
}

void sim_finding_raise(const sim_check_t *c, sim_sev_t sev, int pe, const char *call,
                       const void *site, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    raise_v(c, sev, 0, pe, call, site, fmt, ap);
    va_end(ap);
}

void sim_finding_raise_kind(const sim_check_t *c, sim_sev_t sev, unsigned kind, int pe,
                            const char *call, const void *site, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    raise_v(c, sev, kind, pe, call, site, fmt, ap);
    va_end(ap);
}

void sim_finding_mark(void)
{
    sim_w->last_found = -1;
}

long sim_finding_last(void)
{
    return sim_w->last_found;
}

void sim_finding_again(long i)
{
    sim_finding_t *f = &sim_w->found[i];
    f->count++;
    sim_w->findings_total++;
    if (f->sev == SIM_SEV_ERROR)
        sim_w->findings_error++;
}

size_t sim_finding_count(void)
{
    return sim_w ? sim_w->nfound : 0;
}

const sim_finding_t *sim_finding_get(size_t i)
{
    return &sim_w->found[i];
}

void sim_finding_reset(void)
{
    free(sim_w->found);
    sim_w->found = NULL;
    sim_w->nfound = sim_w->capfound = 0;
}
