/* sim/finding: diagnoses of user errors (SPEC §5).
 *
 * A finding names the rule broken (an id such as "deadlock"), its
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

/* A rule a layer can diagnose (sim/layer): one entry of the table it
 * registers, made from its X-macro list, so that a raise site names its
 * rule by an enum constant and a misspelt one does not compile. */
typedef struct sim_check {
    const char *id;     /* rule id, as --check and the report name it */
    const char *help;   /* what it means, one line for --check list */
    unsigned char on;   /* selected by --check (sim_finding_select) */
    unsigned char named; /* named in --check's list (not only by "all") */
} sim_check_t;

/* Entries of a table of checks from an X-macro list of (NAME, id, help). */
#define SIM_CHECK_ENTRY(name, id, help) {id, help, 1, 0},

/* The engine's own rules. */
#define SIM_FINDINGS(X)                                                              \
    X(DEADLOCK, "deadlock", "the job deadlocked: who waits for what, and who could release it") \
    X(STACK_OVERFLOW, "stack-overflow", "a PE overflowed its stack")                 \
    X(DATA_RACE, "data-race", "two unsynchronised accesses to the same bytes, at least one a write") \
    X(SHARED_LIBRARY_DATA, "shared-library-data",                                    \
      "a shared library built with shmemsim-cc holds variables all PEs share")        \
    X(THREAD_UNSUPPORTED, "thread-unsupported",                                      \
      "a thread call the simulator cannot carry out (cancellation, a signal to one thread, "   \
      "an in_reduction no task_reduction covers)")                                     \
    X(FOREIGN_MEMORY, "foreign-memory",                                              \
      "a plain load or store into another PE's symmetric heap by a PE no API gave a pointer there")

enum {
#define SIM_F_ENUM(name, id, help) SIM_F_##name,
    SIM_FINDINGS(SIM_F_ENUM)
#undef SIM_F_ENUM
    SIM_F_COUNT
};
extern sim_check_t sim_checks[SIM_F_COUNT];
#define SIM_CHECK(name) (&sim_checks[SIM_F_##name])

typedef struct sim_finding {
    char id[40];          /* rule id */
    sim_sev_t sev;        /* severity */
    int pe;               /* PE that broke the rule */
    uint64_t time;        /* virtual ns */
    char call[200];       /* the call with its arguments */
    char site[160];       /* where it was called from */
    char file[256];       /* the call site's source file, "" when unknown */
    int line;             /* and its line, 0 when unknown */
    char text[2048];      /* the rule and the fix */
    unsigned kind;        /* which of the rule's messages (sim_finding_raise_kind) */
    uint64_t count;       /* occurrences at this (id, site, kind) */
} sim_finding_t;

/* Parses --check ("all", "none", "id,id", "all,-id") against the checks of
 * every registered layer; -1 with err on an unknown id. */
int sim_finding_select(const char *spec, char *err, size_t errlen);
/* Whether spec (as --check takes it, or one id) names an id no registered
 * layer knows: 1 with that id in id, else 0.  Changes no selection. */
int sim_finding_unknown(const char *spec, char *id, size_t idlen);
/* The check id nearest to id (a leading '-' aside), if near enough to be
 * a typo of it, or NULL. */
const char *sim_finding_nearest(const char *id);
/* Prints every id --check knows, one per line, with what it means. */
void sim_finding_list(FILE *f);
/* The i-th id --check knows, in a fixed order, or NULL past the last. */
const char *sim_finding_id(size_t i);
/* Whether c is selected. */
static inline int sim_finding_on(const sim_check_t *c)
{
    return c->on;
}
/* Whether c was asked for by its id, not only as one of "all". */
static inline int sim_finding_named(const sim_check_t *c)
{
    return c->on && c->named;
}
/* Raises a finding of rule c for the running PE (or pe when not running);
 * nothing when c is not selected. */
void sim_finding_raise(const sim_check_t *c, sim_sev_t sev, int pe, const char *call,
                       const void *site, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* The same for a rule with messages of more than one kind (sim_finding_raise
 * is kind 0): a finding at a site counts the later ones of its own kind
 * only, so one kind never hides another under its text. */
void sim_finding_raise_kind(const sim_check_t *c, sim_sev_t sev, unsigned kind, int pe,
                            const char *call, const void *site, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
size_t sim_finding_count(void);
/* For a rule that raises once and counts its later occurrences itself:
 * sim_finding_mark, then raise, then sim_finding_last is the finding the
 * raise went to (new, or counted again), or -1 when nothing was raised
 * (the rule is off); sim_finding_again counts finding i once more. */
void sim_finding_mark(void);
long sim_finding_last(void);
void sim_finding_again(long i);
const sim_finding_t *sim_finding_get(size_t i);
void sim_finding_reset(void);

#endif
