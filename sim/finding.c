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

/* Every id the simulator can raise, with what it means (--check list);
 * --check names must come from here. */
static const struct {
    const char *id, *help;
} known[] = {
    {"psync-uninitialized", "a collective started on a pSync word that is not SHMEM_SYNC_VALUE"},
    {"psync-reuse", "a collective entered with a pSync another member still uses"},
    {"psync-modified", "the program or a put wrote a pSync word a collective is using"},
    {"pwrk-too-small", "a reduction's pWrk is smaller than the specification requires"},
    {"collective-args-mismatch", "members passed different sets, roots, counts or objects"},
    {"collective-not-member", "a PE outside the active set or team called the collective"},
    {"collective-order-mismatch", "members called different collectives on one pSync"},
    {"overlap", "buffers that must not overlap do (the call goes ahead)"},
    {"nonsymmetric-address", "a remote address that is not symmetric (the call is skipped)"},
    {"symmetric-out-of-bounds", "a range that runs past its symmetric object (it goes ahead)"},
    {"invalid-pe", "a PE number outside the job or the context's team"},
    {"null-pointer", "a NULL buffer with a non-zero length"},
    {"alltoallv-overflow", "an alltoallv's data does not fit its target"},
    {"nbi-buffer-modified", "a non-blocking put's source changed before its quiet"},
    {"lock-misuse", "clearing a lock one does not hold, or setting one twice"},
    {"pending-at-finalize", "finalize or exit with a lock held or operations incomplete"},
    {"heap-size-mismatch", "PEs asked a collective allocation for different sizes"},
    {"not-initialized", "a routine called before shmem_init or after shmem_finalize"},
    {"deadlock", "the job deadlocked: who waits for what, and who could release it"},
    {"stack-overflow", "a PE overflowed its stack"},
    {"data-race", "two unsynchronised accesses to the same bytes, at least one a write"},
    {"invalid-argument", "an argument the routine does not accept (e.g. an alignment)"},
    /* LAPI misuse (api/lapi) */
    {"lapi-blocking-in-header-handler", "a LAPI header handler blocked"},
    {"lapi-communication-in-header-handler", "a LAPI header handler started communication"},
    {"lapi-handler-not-set", "an active message names a handler slot that is not set"},
    {"lapi-null-buffer", "a LAPI call passed a NULL buffer with a non-zero length"},
    {"lapi-vector-mismatch", "Putv/Getv vectors that do not match"},
    {"lapi-message-after-term", "a message arrived for a task that called LAPI_Term"},
    {"lapi-foreign-address", "an address that cannot be in the target task's memory"},
    /* Fortran bindings (api/fortran) */
    {"psync-misaligned", "a Fortran pSync array that is not 8-byte aligned"},
};
#define NKNOWN (sizeof known / sizeof known[0])

void sim_finding_list(FILE *f)
{
    for (size_t i = 0; i < NKNOWN; i++)
        fprintf(f, "%-38s %s\n", known[i].id, known[i].help);
}


static unsigned char enabled[NKNOWN];
static sim_finding_t *list;
static size_t nlist, caplist;

static int id_index(const char *id, size_t len)
{
    for (size_t i = 0; i < NKNOWN; i++)
        if (strlen(known[i].id) == len && strncmp(known[i].id, id, len) == 0)
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
    return i < NKNOWN ? known[i].id : NULL;
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
