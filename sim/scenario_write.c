/* sim/scenario_write: a loaded scenario back to YAML (see scenario.h).
 *
 * Used by `shmemsim explore` to leave a replayable file behind.  Writes
 * only keys with other than their default value, in the order of
 * scenarios/README.md, durations in nanoseconds and numbers with 17
 * significant digits, so that loading the file gives the same values. */
#include "scenario.h"

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

static void pe_or_any(FILE *f, const char *key, int pe)
{
    if (pe < 0)
        fprintf(f, ", %s: any", key);
    else
        fprintf(f, ", %s: %d", key, pe);
}

static void window(FILE *f, const sim_fault_t *x)
{
    if (x->has_window)
        fprintf(f, ", window: [%lluns, %lluns]", (unsigned long long)x->win_start_ns,
                (unsigned long long)x->win_end_ns);
}

static void message_keys(FILE *f, const sim_fault_t *x)
{
    if (x->from >= 0)
        fprintf(f, ", from: %d", x->from);
    if (x->to >= 0)
        fprintf(f, ", to: %d", x->to);
    if (x->ops != SIM_OP_ANY)
        fprintf(f, ", op: %s", sim_op_filter_name(x->ops));
    window(f, x);
}

/* nth and probability, which message and PE faults share. */
static void chance_keys(FILE *f, const sim_fault_t *x)
{
    if (x->nth)
        fprintf(f, ", nth: %llu", (unsigned long long)x->nth);
    if (x->probability != 1.0)
        fprintf(f, ", probability: %.17g", x->probability);
}

static void trigger_keys(FILE *f, const sim_fault_t *x)
{
    fprintf(f, ", pe: %d", x->pe);
    if (x->at_call[0]) {
        fputs(", at_call: ", f);
        qstr(f, x->at_call);
    } else {
        fprintf(f, ", at: %lluns", (unsigned long long)x->at_ns);
    }
}

static void kind_keys(FILE *f, const sim_fault_t *x)
{
    switch (x->kind) {
    case SIM_FAULT_DELAY:
        fprintf(f, ", extra: %lluns", (unsigned long long)x->extra_ns);
        break;
    case SIM_FAULT_DROP:
        if (x->retransmit)
            fprintf(f, ", retransmit_after: %lluns", (unsigned long long)x->retransmit_after_ns);
        break;
    case SIM_FAULT_CORRUPT:
        if (x->bits != 1)
            fprintf(f, ", bits: %d", x->bits);
        break;
    case SIM_FAULT_STALL:
        fprintf(f, ", for: %lluns", (unsigned long long)x->for_ns);
        break;
    case SIM_FAULT_MEMORY:
        if (x->symbol[0]) {
            fputs(", symbol: ", f);
            qstr(f, x->symbol);
        }
        if (x->offset)
            fprintf(f, ", offset: %llu", (unsigned long long)x->offset);
        fprintf(f, ", value: %lld", (long long)x->value);
        break;
    default:
        break;
    }
}

static void group(FILE *f, const char *key, const int *pes, int n)
{
    fprintf(f, ", %s: [", key);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%d", i ? ", " : "", pes[i]);
    fputc(']', f);
}

static void fault(FILE *f, const sim_fault_t *x)
{
    fprintf(f, "  - {kind: %s", sim_scenario_fault_kind_name(x->kind));
    switch (x->kind) {
    case SIM_FAULT_SLOW:
        fprintf(f, ", pe: %d, factor: %.17g", x->pe, x->factor);
        window(f, x);
        break;
    case SIM_FAULT_PARTITION:
        group(f, "a", x->groups[0], x->ngroup[0]);
        group(f, "b", x->groups[1], x->ngroup[1]);
        window(f, x);
        break;
    case SIM_FAULT_LINK_DOWN:
        pe_or_any(f, "from", x->from);
        pe_or_any(f, "to", x->to);
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

static void network(FILE *f, const sim_net_params_t *n)
{
    fprintf(f, "network: {latency: %lluns, bandwidth: %.17g, overhead: %lluns, gap: %lluns, "
            "jitter: %lluns, ordering: %s, packet: %llu, call: %lluns}\n",
            (unsigned long long)n->latency_ns, n->bandwidth, (unsigned long long)n->overhead_ns,
            (unsigned long long)n->gap_ns, (unsigned long long)n->jitter_ns,
            n->ordering == SIM_ORDER_FIFO ? "fifo" : "adaptive",
            (unsigned long long)n->packet_bytes, (unsigned long long)n->call_ns);
}

static void env(FILE *f, char **vars, int n)
{
    if (n == 0)
        return;
    fputs("env:\n", f);
    for (int i = 0; i < n; i++) {
        const char *eq = strchr(vars[i], '=');
        fprintf(f, "  %.*s: ", (int)(eq - vars[i]), vars[i]);
        qstr(f, eq + 1);
        fputc('\n', f);
    }
}

static void expect(FILE *f, const sim_scenario_t *s)
{
    if (!s->expect.has_outcome && !s->expect.finding && !s->expect.has_exit_status &&
        !s->expect.nstdout && !s->expect.nstderr)
        return;
    fputs("expect:\n", f);
    if (s->expect.has_outcome)
        fprintf(f, "  outcome: %s\n", sim_exit_name(s->expect.outcome));
    if (s->expect.finding)
        fprintf(f, "  finding: %s\n", s->expect.finding);
    if (s->expect.has_exit_status)
        fprintf(f, "  exit_status: %d\n", s->expect.exit_status);
    if (s->expect.nstdout) {
        fputs("  stdout_contains: ", f);
        list(f, s->expect.stdout_contains, s->expect.nstdout);
        fputc('\n', f);
    }
    if (s->expect.nstderr) {
        fputs("  stderr_contains: ", f);
        list(f, s->expect.stderr_contains, s->expect.nstderr);
        fputc('\n', f);
    }
}

int sim_scenario_write(FILE *f, const sim_scenario_t *s)
{
    fputs("scenario: ", f);
    qstr(f, s->name);
    if (s->description) {
        fputs("\ndescription: ", f);
        qstr(f, s->description);
    }
    fputs("\nprogram: ", f);
    qstr(f, s->program);
    fputs("\nargs: ", f);
    list(f, s->args, s->nargs);
    fprintf(f, "\nnpes: %d\n", s->npes);
    if (s->has_seed)
        fprintf(f, "seed: %llu\n", (unsigned long long)s->seed);
    network(f, &s->net);
    fputs("checks: ", f);
    qstr(f, s->checks ? s->checks : "all");
    fputc('\n', f);
    env(f, s->env, s->nenv);
    if (s->nfaults) {
        fputs("faults:\n", f);
        for (int i = 0; i < s->nfaults; i++)
            fault(f, &s->faults[i]);
    }
    expect(f, s);
    return ferror(f) ? -1 : 0;
}
