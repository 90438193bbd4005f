/* sim/finding: diagnoses of user errors (SPEC §5).
 *
 * A finding names the rule broken (an id such as "invalid-pe"), its
 * severity, the PE, the virtual time, the API call with its arguments, the
 * call site, and a few sentences on the rule and the fix.  It is printed on
 * stderr the first time its (id, call site) pair occurs, counted after that,
 * and kept for the report.  Raising one never stops the run; an error
 * finding makes the exit status 4 unless the run ended worse.  --check
 * selects which ids are raised. */
#ifndef SIM_FINDING_H
#define SIM_FINDING_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum { SIM_SEV_WARNING, SIM_SEV_ERROR } sim_sev_t;

typedef struct sim_finding {
    char id[40];          /* rule id */
    sim_sev_t sev;        /* severity */
    int pe;               /* PE that broke the rule */
    uint64_t time;        /* virtual ns */
    char call[200];       /* the call with its arguments */
    char site[160];       /* where it was called from */
    char text[1024];      /* the rule and the fix */
    uint64_t count;       /* occurrences at this (id, site) */
} sim_finding_t;

/* Parses --check ("all", "none", "id,id", "all,-id"); -1 with err on an
 * unknown id. */
int sim_finding_select(const char *spec, char *err, size_t errlen);
/* Prints every id --check knows, one per line, with what it means. */
void sim_finding_list(FILE *f);
/* The i-th id --check knows, in a fixed order, or NULL past the last. */
const char *sim_finding_id(size_t i);
/* Whether id is selected. */
int sim_finding_enabled(const char *id);
/* Raises a finding for the running PE (or pe when not running). */
void sim_finding_raise(const char *id, sim_sev_t sev, int pe, const char *call,
                       const void *site, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* Registers fn to run once when the run has ended, before the end-of-run
 * reports, in scheduler context (sim_pe_self() is NULL); fn may raise
 * findings.  For checkers that gather what several PEs do and must still
 * say what they have when the run stopped before every PE got there.
 * Functions run in the order registered. */
void sim_finding_at_end(void (*fn)(void));
/* Runs the functions registered with sim_finding_at_end (sim/run). */
void sim_finding_run_at_end(void);
size_t sim_finding_count(void);
const sim_finding_t *sim_finding_get(size_t i);
void sim_finding_reset(void);

#endif
