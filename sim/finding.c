/* sim/finding: selection, de-duplication, printing and storage. */
#include "finding.h"
#include "io.h"
#include "loader.h"
#include "trace.h"
#include "util.h"
#include "world.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Every id the simulator can raise; --check names must come from here. */
static const char *const known_ids[] = {
    "psync-uninitialized", "psync-reuse", "psync-modified", "pwrk-too-small",
    "collective-args-mismatch", "collective-not-member", "collective-order-mismatch",
    "overlap", "nonsymmetric-address", "symmetric-out-of-bounds", "invalid-pe",
    "null-pointer", "alltoallv-overflow", "nbi-buffer-modified", "lock-misuse",
    "pending-at-finalize", "heap-size-mismatch", "not-initialized", "deadlock",
    "stack-overflow", "data-race", "invalid-argument",
    /* LAPI misuse (api/lapi) */
    "lapi-blocking-in-header-handler", "lapi-communication-in-header-handler",
    "lapi-handler-not-set", "lapi-null-buffer", "lapi-vector-mismatch",
    "lapi-message-after-term", "lapi-foreign-address",
    /* Fortran bindings (api/fortran) */
    "psync-misaligned",
};
#define NKNOWN (sizeof known_ids / sizeof known_ids[0])

static unsigned char enabled[NKNOWN];
static sim_finding_t *list;
static size_t nlist, caplist;

static int id_index(const char *id, size_t len)
{
    for (size_t i = 0; i < NKNOWN; i++)
        if (strlen(known_ids[i]) == len && strncmp(known_ids[i], id, len) == 0)
            return (int)i;
    return -1;
}

int sim_finding_select(const char *spec, char *err, size_t errlen)
{
    memset(enabled, 1, sizeof enabled);
    if (!spec || strcmp(spec, "all") == 0)
        return 0;
    if (strcmp(spec, "none") != 0 && strncmp(spec, "all,", 4) != 0 && spec[0] != '-')
        memset(enabled, 0, sizeof enabled);
    if (strcmp(spec, "none") == 0) {
        memset(enabled, 0, sizeof enabled);
        return 0;
    }
    for (const char *p = spec; *p;) {
        size_t len = strcspn(p, ",");
        int off = p[0] == '-';
        if (!(len == 3 && strncmp(p, "all", 3) == 0)) {
            int i = id_index(p + off, len - (size_t)off);
            if (i < 0) {
                snprintf(err, errlen, "unknown check '%.*s' in --check (see shmemsim --help)",
                         (int)len, p);
                return -1;
            }
            enabled[i] = !off;
        }
        p += len + (p[len] == ',');
    }
    return 0;
}

const char *sim_finding_id(size_t i)
{
    return i < NKNOWN ? known_ids[i] : NULL;
}

int sim_finding_enabled(const char *id)
{
    int i = id_index(id, strlen(id));
    return i < 0 || enabled[i];
}

static sim_finding_t *find_same(const char *id, const char *site)
{
    for (size_t i = 0; i < nlist; i++)
        if (strcmp(list[i].id, id) == 0 && strcmp(list[i].site, site) == 0)
            return &list[i];
    return NULL;
}

void sim_finding_raise(const char *id, sim_sev_t sev, int pe, const char *call,
                       const void *site, const char *fmt, ...)
{
    if (!sim_finding_enabled(id))
        return;
    char where[160];
    if (site)
        sim_loader_symbolize(sim_w->loader, site, where, sizeof where);
    else
        snprintf(where, sizeof where, "?");
    sim_w->findings_total++;
    if (sev == SIM_SEV_ERROR)
        sim_w->findings_error++;
    sim_finding_t *f = find_same(id, where);
    if (f) {
        f->count++;
        return;
    }
    if (nlist == caplist) {
        caplist = caplist ? caplist * 2 : 16;
        list = sim_xrealloc(list, caplist * sizeof *list);
    }
    f = &list[nlist++];
    memset(f, 0, sizeof *f);
    snprintf(f->id, sizeof f->id, "%s", id);
    f->sev = sev;
    f->pe = pe;
    f->time = sim_w->now;
    f->count = 1;
    snprintf(f->call, sizeof f->call, "%s", call ? call : "");
    snprintf(f->site, sizeof f->site, "%s", where);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->text, sizeof f->text, fmt, ap);
    va_end(ap);
    sim_io_break_line();
    fprintf(stderr, "shmemsim: %s [%s] PE %d at t=%lluns in %s, called from %s:\n  %s\n",
            sev == SIM_SEV_ERROR ? "error" : "warning", f->id, pe,
            (unsigned long long)f->time, f->call, f->site, f->text);
    sim_trace_instant(pe, "finding", f->id, f->text);
}

static void (*at_end[8])(void);
static int nat_end;

void sim_finding_at_end(void (*fn)(void))
{
    SIM_ASSERT(nat_end < (int)(sizeof at_end / sizeof at_end[0]));
    at_end[nat_end++] = fn;
}

void sim_finding_run_at_end(void)
{
    for (int i = 0; i < nat_end; i++)
        at_end[i]();
    nat_end = 0;
}

size_t sim_finding_count(void)
{
    return nlist;
}

const sim_finding_t *sim_finding_get(size_t i)
{
    return &list[i];
}

void sim_finding_reset(void)
{
    free(list);
    list = NULL;
    nlist = caplist = 0;
}
