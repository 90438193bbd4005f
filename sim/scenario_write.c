/* sim/scenario_write: a loaded scenario back to YAML (see scenario.h).
 *
 * Used by `shmemsim explore` to leave a replayable file behind.  Writes
 * only keys with other than their default value, in the order of
 * scenarios/README.md, durations in nanoseconds and numbers with 17
 * significant digits, so that loading the file gives the same values. */
#include "scenario_impl.h"

#include <stdio.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (not overlong, no surrogate,
 * at most U+10FFFF), or 0. */
static int utf8_len(const unsigned char *s)
{
    int n = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef ? 3
          : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
        (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
        return 0;
    return n;
}

/* A YAML double-quoted scalar that always loads: control characters are
 * escaped, and so is a byte that is not part of valid UTF-8 (a program
 * argument may hold any bytes; it loads back as the character U+00XX). */
static void qstr(FILE *f, const char *s)
{
    fputc('"', f);
    while (*s) {
        unsigned char c = (unsigned char)*s;
        int n = utf8_len((const unsigned char *)s);
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c == 0x7f || n == 0)
            fprintf(f, "\\x%02x", c);
        else {
            fwrite(s, 1, (size_t)n, f);
            s += n;
            continue;
        }
        s++;
    }
    fputc('"', f);
}

/* ", KEY: " of a fault's flow mapping. */
static void fk(FILE *f, int key)
{
    fprintf(f, ", %s: ", scn_fault_keys[key]);
}

static void list(FILE *f, char **items, int n)
{
    fputc('[', f);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", f);
        qstr(f, items[i]);
    }
    fputc(']', f);
}

static void pe_or_any(FILE *f, int key, int pe)
{
    fk(f, key);
    if (pe < 0)
        fputs("any", f);
    else
        fprintf(f, "%d", pe);
}

static void window(FILE *f, const sim_fault_t *x)
{
    if (x->has_window) {
        fk(f, FK_WINDOW);
        fprintf(f, "[%lluns, %lluns]", (unsigned long long)x->win_start_ns,
                (unsigned long long)x->win_end_ns);
    }
}

static void message_keys(FILE *f, const sim_fault_t *x)
{
    if (x->from >= 0)
        pe_or_any(f, FK_FROM, x->from);
    if (x->to >= 0)
        pe_or_any(f, FK_TO, x->to);
    if (x->ops != SIM_OP_ANY) {
        fk(f, FK_OP);
        fputs(sim_op_filter_name(x->ops), f);
    }
    window(f, x);
}

/* nth and probability, which message and PE faults share. */
static void chance_keys(FILE *f, const sim_fault_t *x)
{
    if (x->nth) {
        fk(f, FK_NTH);
        fprintf(f, "%llu", (unsigned long long)x->nth);
    }
    if (x->probability != 1.0) {
        fk(f, FK_PROBABILITY);
        fprintf(f, "%.17g", x->probability);
    }
}

static void trigger_keys(FILE *f, const sim_fault_t *x)
{
    pe_or_any(f, FK_PE, x->pe);
    if (x->at_call[0]) {
        fk(f, FK_AT_CALL);
        qstr(f, x->at_call);
    } else {
        fk(f, FK_AT);
        fprintf(f, "%lluns", (unsigned long long)x->at_ns);
    }
}

static void kind_keys(FILE *f, const sim_fault_t *x)
{
    switch (x->kind) {
    case SIM_FAULT_DELAY:
        fk(f, FK_EXTRA);
        fprintf(f, "%lluns", (unsigned long long)x->extra_ns);
        break;
    case SIM_FAULT_DROP:
        if (x->retransmit) {
            fk(f, FK_RETRANSMIT_AFTER);
            fprintf(f, "%lluns", (unsigned long long)x->retransmit_after_ns);
        }
        break;
    case SIM_FAULT_CORRUPT:
        if (x->bits != 1) {
            fk(f, FK_BITS);
            fprintf(f, "%d", x->bits);
        }
        break;
    case SIM_FAULT_STALL:
        fk(f, FK_FOR);
        fprintf(f, "%lluns", (unsigned long long)x->for_ns);
        break;
    case SIM_FAULT_MEMORY:
        if (x->symbol[0]) {
            fk(f, FK_SYMBOL);
            qstr(f, x->symbol);
        }
        if (x->offset) {
            fk(f, FK_OFFSET);
            fprintf(f, "%llu", (unsigned long long)x->offset);
        }
        fk(f, FK_VALUE);
        fprintf(f, "%lld", (long long)x->value);
        break;
    default:
        break;
    }
}

static void group(FILE *f, int key, const int *pes, int n)
{
    fk(f, key);
    fputc('[', f);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%d", i ? ", " : "", pes[i]);
    fputc(']', f);
}

static void fault(FILE *f, const sim_fault_t *x)
{
    fprintf(f, "  - {%s: %s", scn_fault_keys[FK_KIND], sim_scenario_fault_kind_name(x->kind));
    switch (x->kind) {
    case SIM_FAULT_SLOW:
        pe_or_any(f, FK_PE, x->pe);
        fk(f, FK_FACTOR);
        fprintf(f, "%.17g", x->factor);
        window(f, x);
        break;
    case SIM_FAULT_PARTITION:
        group(f, FK_A, x->groups[0], x->ngroup[0]);
        group(f, FK_B, x->groups[1], x->ngroup[1]);
        window(f, x);
        break;
    case SIM_FAULT_LINK_DOWN:
        pe_or_any(f, FK_FROM, x->from);
        pe_or_any(f, FK_TO, x->to);
        window(f, x);
        break;
    case SIM_FAULT_STALL:
    case SIM_FAULT_CRASH:
    case SIM_FAULT_MEMORY:
        trigger_keys(f, x);
        chance_keys(f, x);
        break;
    default:
        message_keys(f, x);
        chance_keys(f, x);
        break;
    }
    kind_keys(f, x);
    fputs("}\n", f);
}

/* "KEY: " of a top-level key (at the start of its line). */
static void tk(FILE *f, int key)
{
    fprintf(f, "%s: ", scn_top_keys[key]);
}

/* "KEY:" and a newline: a top-level key whose value is the block below. */
static void tk_block(FILE *f, int key)
{
    fprintf(f, "%s:\n", scn_top_keys[key]);
}

/* "  KEY: " of an expect: key. */
static void ek(FILE *f, int key)
{
    fprintf(f, "  %s: ", scn_expect_keys[key]);
}

static void env(FILE *f, char **vars, int n)
{
    if (n == 0)
        return;
    tk_block(f, TK_ENV);
    for (int i = 0; i < n; i++) {
        const char *eq = strchr(vars[i], '=');
        fprintf(f, "  %.*s: ", (int)(eq - vars[i]), vars[i]);
        qstr(f, eq + 1);
        fputc('\n', f);
    }
}

static void expect(FILE *f, const sim_scenario_t *s)
{
    if (!sim_scenario_expects(s))
        return;
    tk_block(f, TK_EXPECT);
    if (s->expect.has_outcome) {
        ek(f, EK_OUTCOME);
        fprintf(f, "%s\n", sim_exit_name(s->expect.outcome));
    }
    if (s->expect.finding) {
        ek(f, EK_FINDING);
        fprintf(f, "%s\n", s->expect.finding);
    }
    if (s->expect.has_exit_status) {
        ek(f, EK_EXIT_STATUS);
        fprintf(f, "%d\n", s->expect.exit_status);
    }
    if (s->expect.nstdout) {
        ek(f, EK_STDOUT);
        list(f, s->expect.stdout_contains, s->expect.nstdout);
        fputc('\n', f);
    }
    if (s->expect.nstderr) {
        ek(f, EK_STDERR);
        list(f, s->expect.stderr_contains, s->expect.nstderr);
        fputc('\n', f);
    }
    if (s->expect.nstdout_not) {
        ek(f, EK_STDOUT_NOT);
        list(f, s->expect.stdout_not_contains, s->expect.nstdout_not);
        fputc('\n', f);
    }
}

int sim_scenario_write(FILE *f, const sim_scenario_t *s)
{
    tk(f, TK_SCENARIO);
    qstr(f, s->name);
    fputc('\n', f);
    if (s->description) {
        tk(f, TK_DESCRIPTION);
        qstr(f, s->description);
        fputc('\n', f);
    }
    tk(f, TK_PROGRAM);
    qstr(f, s->program);
    fputc('\n', f);
    tk(f, TK_ARGS);
    list(f, s->args, s->nargs);
    fputc('\n', f);
    tk(f, TK_NPES);
    fprintf(f, "%d\n", s->npes);
    if (s->has_seed) {
        tk(f, TK_SEED);
        fprintf(f, "%llu\n", (unsigned long long)s->seed);
    }
    tk(f, TK_NETWORK);
    sim_netparams_yaml(&s->net, f);
    fputc('\n', f);
    tk(f, TK_CHECKS);
    qstr(f, s->checks ? s->checks : "all");
    fputc('\n', f);
    if (s->has_heap_size) {
        tk(f, TK_HEAP_SIZE);
        fprintf(f, "%llu\n", (unsigned long long)s->heap_size);
    }
    if (s->has_stack_size) {
        tk(f, TK_STACK_SIZE);
        fprintf(f, "%llu\n", (unsigned long long)s->stack_size);
    }
    if (s->has_watchdog) {
        tk(f, TK_WATCHDOG);
        fprintf(f, "%u\n", s->watchdog_s);
    }
    env(f, s->env, s->nenv);
    if (s->nfaults) {
        tk_block(f, TK_FAULTS);
        for (int i = 0; i < s->nfaults; i++)
            fault(f, &s->faults[i]);
    }
    expect(f, s);
    return ferror(f) ? -1 : 0;
}
