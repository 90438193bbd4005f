/* sim/ending: deadlock and stack-overflow findings.  See ending.h. */
#include "ending.h"
#include "finding.h"
#include "loader.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Other PEs in the same situation, for "who could have released it". */
typedef struct group {
    char what[300];  /* "is blocked ..." / "has ended ...", singular form */
    char whats[300]; /* the same for several PEs */
    int *pes;        /* members, ascending */
    int n;           /* members */
} group_t;

/* At most this many groups are spelled out in one finding; the rest are
 * counted, so the text stays within a finding's size. */
#define SHOWN_GROUPS 3

/* The routine name of a blocked context: its API call, else the start of
 * its description. */
static void call_name(const sim_pe_t *pe, char *buf, size_t len)
{
    const char *why = pe->why[0] ? pe->why : "?";
    if (pe->call)
        snprintf(buf, len, "%s", pe->call);
    else
        snprintf(buf, len, "%.*s", (int)strcspn(why, "( "), why);
}

/* What PE j is doing, for the others' findings. */
static void describe(const sim_pe_t *pe, group_t *g)
{
    char name[96], site[160];
    if (pe->state != SIM_PE_DONE) {
        call_name(pe, name, sizeof name);
        sim_loader_symbolize(sim_w->loader, pe->call_site, site, sizeof site);
        snprintf(g->what, sizeof g->what, "is blocked itself, in %s called from %s", name, site);
        snprintf(g->whats, sizeof g->whats, "are blocked themselves, in %s called from %s", name,
                 site);
    } else if (pe->fault_crash) {
        snprintf(g->what, sizeof g->what, "has failed (an injected crash)");
        snprintf(g->whats, sizeof g->whats, "have failed (an injected crash)");
    } else {
        snprintf(g->what, sizeof g->what, "has ended (exit status %d)", pe->exit_status);
        snprintf(g->whats, sizeof g->whats, "have ended (exit status %d)", pe->exit_status);
    }
}

/* Groups every PE by what it is doing, in order of each group's lowest
 * PE.  Returns the number of groups. */
static int make_groups(group_t **out)
{
    group_t *g = NULL;
    int ng = 0, cap = 0;
    for (int j = 0; j < sim_w->npes; j++) {
        group_t d;
        describe(&sim_w->pes[j], &d);
        int k = 0;
        while (k < ng && strcmp(g[k].what, d.what) != 0)
            k++;
        if (k == ng) {
            if (ng == cap)
                g = sim_xrealloc(g, (size_t)(cap = cap ? 2 * cap : 4) * sizeof *g);
            g[ng] = d;
            g[ng].pes = NULL;
            g[ng++].n = 0;
        }
        /* Members arrive in PE order; grow at powers of two. */
        if ((g[k].n & (g[k].n - 1)) == 0)
            g[k].pes = sim_xrealloc(g[k].pes, (size_t)(g[k].n ? 2 * g[k].n : 1) * sizeof(int));
        g[k].pes[g[k].n++] = j;
    }
    *out = g;
    return ng;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* 1 when pe is in g. */
static int member(const group_t *g, int pe)
{
    return bsearch(&pe, g->pes, (size_t)g->n, sizeof(int), cmp_int) != NULL;
}

/* Appends g's members other than skip as "3" or "0, 2-5" (then ", ...
 * (N in all)" when they do not all fit). */
static void append_members(char *buf, size_t len, const group_t *g, int skip)
{
    int all = g->n - member(g, skip);
    int shown = 0;
    for (int a = 0; a < g->n;) {
        if (g->pes[a] == skip) {
            a++;
            continue;
        }
        int b = a;
        while (b + 1 < g->n && g->pes[b + 1] == g->pes[b] + 1 && g->pes[b + 1] != skip)
            b++;
        if (strlen(buf) + 40 >= len) { /* room for the count, no cut-off number */
            sim_append(buf, len, ", ... (%d in all)", all);
            return;
        }
        sim_append(buf, len, "%s%d", shown ? ", " : "", g->pes[a]);
        if (b > a)
            sim_append(buf, len, "%s%d", b == a + 1 ? ", " : "-", g->pes[b]);
        shown = 1;
        a = b + 1;
    }
}

/* "PEs 0, 2 are blocked themselves, in ...; PE 3 has ended (...)" for
 * every PE but pe. */
static void who_else(const group_t *g, int ng, int pe, char *buf, size_t len)
{
    int listed = 0, rest = 0;
    for (int k = 0; k < ng; k++) {
        int others = g[k].n - member(&g[k], pe);
        if (others == 0)
            continue;
        if (listed == SHOWN_GROUPS) {
            rest += others;
            continue;
        }
        char members[120] = "", seg[sizeof members + sizeof g[k].whats + 16];
        append_members(members, sizeof members, &g[k], pe);
        snprintf(seg, sizeof seg, "%sPE%s %s %s", listed ? "; " : "", others > 1 ? "s" : "",
                 members, others > 1 ? g[k].whats : g[k].what);
        if (strlen(buf) + strlen(seg) + 40 >= len) { /* keep room to count the rest */
            rest += others;
            continue;
        }
        sim_append(buf, len, "%s", seg);
        listed++;
    }
    if (rest)
        sim_append(buf, len, "; %d other PE%s elsewhere", rest, rest > 1 ? "s" : "");
    if (!listed)
        sim_append(buf, len, "no other PE exists");
}

void sim_ending_deadlock_findings(void)
{
    group_t *g;
    int ng = make_groups(&g);
    for (int i = 0; i < sim_w->npes; i++) {
        const sim_pe_t *pe = &sim_w->pes[i];
        if (pe->state == SIM_PE_DONE)
            continue;
        char others[640] = "", helper[480] = "";
        who_else(g, ng, i, others, sizeof others);
        size_t used = 0;
        for (const sim_pe_t *h = pe->threads; h && used < sizeof helper - 1; h = h->next_thread) {
            if (h->state != SIM_PE_BLOCKED || !h->why[0])
                continue;
            char site[160], who[32];
            sim_loader_symbolize(sim_w->loader, h->call_site, site, sizeof site);
            snprintf(who, sizeof who, h == pe->helper ? "helper thread" : "thread %d", h->tid);
            int n = snprintf(helper + used, sizeof helper - used, " Its own %s is blocked too, "
                             "in %.*s called from %s.", who, (int)strcspn(h->why, "( "), h->why,
                             site);
            used += n > 0 ? (size_t)n : 0;
        }
        sim_finding_raise(SIM_CHECK(DEADLOCK), SIM_SEV_ERROR, i, pe->why[0] ? pe->why : "?",
                          pe->call_site, "Every live PE is blocked%s and no message is in "
                          "flight, so nothing will release PE %d. Who could have released it: "
                          "%s.%s %s",
                          sim_w->polls_stalled ? " or polls for what no one is left to send" : "",
                          i, others, helper,
                          pe->advice ? pe->advice
                                     : "Find the put, atomic, signal or collective that should "
                                       "have released it and make sure the PE that owes it gets "
                                       "there.");
    }
    for (int k = 0; k < ng; k++)
        free(g[k].pes);
    free(g);
}

void sim_ending_stack_overflow_finding(const sim_pe_t *pe)
{
    char fn[160], name[160];
    sim_loader_symbolize_pc(sim_w->loader, pe->fault_pc, fn, sizeof fn);
    /* Outside an API call, the frame that overflowed is the place to name.
     * A finding's site is a return address (looked up one byte back), so
     * the faulting instruction is passed as the address just after it. */
    const void *site = pe->call ? pe->call_site : (const char *)pe->fault_pc + 1;
    snprintf(name, sizeof name, "%.*s", (int)(strstr(fn, " at ") ? strstr(fn, " at ") - fn
                                                                    : (long)strlen(fn)), fn);
    sim_finding_raise(SIM_CHECK(STACK_OVERFLOW), SIM_SEV_ERROR, pe->id, pe->call ? pe->call : name, site,
                      "PE %d used up its %zu-byte stack (%s %s). Each PE runs on "
                      "a stack of --stack-size bytes: raise it (e.g. --stack-size 8M), or make "
                      "the recursion shallower and move large local arrays to the heap.",
                      pe->id, sim_w->cfg.stack_size,
                      pe->overflow_late ? "it went past it before its call from" : "the fault was in",
                      fn);
}
