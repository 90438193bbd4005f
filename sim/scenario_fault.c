/* sim/scenario_fault: the faults: list of a scenario, checked against the
 * table of what each kind accepts and needs (see scenario_impl.h). */
#include "scenario_impl.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- faults */


#define BIT(e) (1u << FK_##e)
#define MSG_KEYS (BIT(FROM) | BIT(TO) | BIT(OP) | BIT(WINDOW) | BIT(NTH) | BIT(PROBABILITY))
#define PE_KEYS (BIT(PE) | BIT(AT) | BIT(AT_CALL) | BIT(NTH) | BIT(PROBABILITY))

/* What a fault kind accepts and needs; indexed by sim_fault_kind_t. */
typedef struct kind_rule {
    const char *name;  /* YAML spelling */
    uint32_t allowed;  /* BIT()s of the keys it accepts besides kind */
    uint32_t required; /* BIT()s of the keys it must have */
    int needs_trigger; /* 1: must have exactly one of at / at_call */
} kind_rule_t;

static const kind_rule_t kind_rules[] = {
    [SIM_FAULT_DELAY]     = {"delay", MSG_KEYS | BIT(EXTRA), BIT(EXTRA), 0},
    [SIM_FAULT_DROP]      = {"drop", MSG_KEYS | BIT(RETRANSMIT_AFTER), 0, 0},
    [SIM_FAULT_DUPLICATE] = {"duplicate", MSG_KEYS, 0, 0},
    [SIM_FAULT_REORDER]   = {"reorder", MSG_KEYS, 0, 0},
    [SIM_FAULT_CORRUPT]   = {"corrupt", MSG_KEYS | BIT(BITS), 0, 0},
    [SIM_FAULT_STALL]     = {"stall", PE_KEYS | BIT(FOR), BIT(PE) | BIT(FOR), 1},
    [SIM_FAULT_SLOW]      = {"slow", BIT(PE) | BIT(FACTOR) | BIT(WINDOW), BIT(PE) | BIT(FACTOR), 0},
    [SIM_FAULT_CRASH]     = {"crash", PE_KEYS, BIT(PE), 1},
    [SIM_FAULT_PARTITION] = {"partition", BIT(A) | BIT(B) | BIT(WINDOW), BIT(A) | BIT(B), 0},
    [SIM_FAULT_LINK_DOWN] = {"link_down", BIT(FROM) | BIT(TO) | BIT(WINDOW), BIT(FROM) | BIT(TO), 0},
    [SIM_FAULT_MEMORY]    = {"memory", PE_KEYS | BIT(SYMBOL) | BIT(OFFSET) | BIT(VALUE),
                             BIT(PE) | BIT(VALUE), 1},
};
#define NKINDS ((int)(sizeof kind_rules / sizeof kind_rules[0]))


static void kind_list(char *buf, size_t size)
{
    const char *names[NKINDS];
    for (int i = 0; i < NKINDS; i++)
        names[i] = kind_rules[i].name;
    scn_join_names(names, NKINDS, buf, size);
}

/* Lists the keys a kind accepts, for "does not apply" messages. */
static void kind_keys(const kind_rule_t *r, char *buf, size_t size)
{
    const char *names[FK_COUNT];
    int n = 0;
    for (int i = 0; i < FK_COUNT; i++) {
        if (r->allowed & (1u << i))
            names[n++] = scn_fault_keys[i];
    }
    scn_join_names(names, n, buf, size);
}

static int get_kind(ctx_t *c, yaml_node_t *fault, yaml_node_t *n, sim_fault_kind_t *kind)
{
    char q[72], known[256];
    if (n == NULL) {
        kind_list(known, sizeof known);
        return scn_fail(c, fault, "fault has no 'kind' (one of: %s)", known);
    }
    for (int i = 0; scn_is_text(n) && i < NKINDS; i++) {
        if (strcmp(kind_rules[i].name, scn_text(n)) == 0) {
            *kind = (sim_fault_kind_t)i;
            return 0;
        }
    }
    if (!scn_is_text(n))
        return scn_bad_value(c, n, "fault kind", "a string");
    kind_list(known, sizeof known);
    return scn_fail(c, n, "unknown fault kind '%s' (known: %s)", scn_show(scn_text(n), q), known);
}

/* Checks which keys are present against what the kind accepts and needs. */
static int check_kind_keys(ctx_t *c, yaml_node_t *fault, const slots_t *sl, const kind_rule_t *r)
{
    char keys[256];
    for (int i = FK_KIND + 1; i < FK_COUNT; i++) {
        if (sl->key[i] != NULL && !(r->allowed & (1u << i))) {
            kind_keys(r, keys, sizeof keys);
            return scn_fail(c, sl->key[i], "key '%s' does not apply to a %s fault (it takes: %s)",
                            scn_fault_keys[i], r->name, keys);
        }
    }
    for (int i = FK_KIND + 1; i < FK_COUNT; i++) {
        if (sl->key[i] == NULL && (r->required & (1u << i)))
            return scn_fail(c, fault, "a %s fault needs '%s'", r->name, scn_fault_keys[i]);
    }
    if (r->needs_trigger && sl->key[FK_AT] == NULL && sl->key[FK_AT_CALL] == NULL)
        return scn_fail(c, fault, "a %s fault needs 'at' (a time) or 'at_call' (a routine name)", r->name);
    if (sl->key[FK_AT] != NULL && sl->key[FK_AT_CALL] != NULL)
        return scn_fail(c, sl->key[FK_AT_CALL], "give either 'at' or 'at_call', not both");
    if (r->needs_trigger && sl->key[FK_NTH] != NULL && sl->key[FK_AT_CALL] == NULL)
        return scn_fail(c, sl->key[FK_NTH], "'nth' counts calls of 'at_call', which this %s fault lacks",
                        r->name);
    return 0;
}

/* A PE number below npes, or "any" (-1) when allowed. */
static int get_pe(ctx_t *c, yaml_node_t *n, const char *key, int allow_any, int *pe)
{
    char what[48];
    uint64_t v = 0;
    snprintf(what, sizeof what, "fault '%s'", key);
    if (allow_any && scn_is_text(n) && strcmp(scn_text(n), "any") == 0) {
        *pe = -1;
        return 0;
    }
    if (scn_get_u64(c, n, what, allow_any ? "a PE number or 'any'" : "a PE number", 0, UINT64_MAX,
                    &v) != 0)
        return -1;
    if (v >= (uint64_t)c->s->npes)
        return scn_fail(c, n, "%s is %s but npes is %d", what, scn_text(n), c->s->npes);
    *pe = (int)v;
    return 0;
}

static int get_op(ctx_t *c, yaml_node_t *n, sim_fault_t *f)
{
    char known[128], q[72];
    if (!scn_is_text(n))
        return scn_bad_value(c, n, "fault 'op'", "a string");
    f->ops = sim_op_filter(scn_text(n));
    if (!f->ops) {
        const char *names[16];
        int nops = 0;
        while (nops < 16 && (names[nops] = sim_op_filter_at((size_t)nops)) != NULL)
            nops++;
        scn_join_names(names, nops, known, sizeof known);
        return scn_fail(c, n, "unknown op '%s' (known: %s)", scn_show(scn_text(n), q), known);
    }
    return 0;
}

static int get_window(ctx_t *c, yaml_node_t *n, sim_fault_t *f)
{
    yaml_node_t *start, *end;
    char q1[72], q2[72];
    if (scn_seq_len(n) < 0)
        return scn_bad_value(c, n, "window", "a list of two durations [start, end]");
    if (scn_seq_len(n) != 2)
        return scn_fail(c, n, "window must be [start, end], got a list of %d", scn_seq_len(n));
    start = scn_seq_at(c, n, 0);
    end = scn_seq_at(c, n, 1);
    if (scn_get_duration(c, start, "window start", &f->win_start_ns) != 0 ||
        scn_get_duration(c, end, "window end", &f->win_end_ns) != 0)
        return -1;
    if (f->win_end_ns < f->win_start_ns)
        return scn_fail(c, end, "window ends (%s) before it starts (%s)", scn_show(scn_text(end), q1),
                        scn_show(scn_text(start), q2));
    f->has_window = 1;
    return 0;
}

static int get_at_call(ctx_t *c, yaml_node_t *n, sim_fault_t *f)
{
    if (scn_get_buf(c, n, "fault 'at_call'", f->at_call, sizeof f->at_call) != 0)
        return -1;
    if (!scn_is_ident(f->at_call, ALPHA_, ALNUM_))
        return scn_bad_value(c, n, "fault 'at_call'", "the name of a routine the program calls");
    return 0;
}

static int get_symbol(ctx_t *c, yaml_node_t *n, sim_fault_t *f)
{
    if (scn_get_buf(c, n, "fault 'symbol'", f->symbol, sizeof f->symbol) != 0)
        return -1;
    if (f->symbol[0] != '\0' && !scn_is_ident(f->symbol, ALPHA_ ".$", ALNUM_ ".$"))
        return scn_bad_value(c, n, "fault 'symbol'", "a symbol name of the program");
    return 0;
}

/* One partition group: a non-empty list of distinct PEs, none in the
 * other group (which is read first when g is 1). */
static int get_group(ctx_t *c, yaml_node_t *n, sim_fault_t *f, int g)
{
    const char *what = g ? "partition group 'b'" : "partition group 'a'";
    int pe, len = scn_seq_len(n);
    if (len <= 0)
        return scn_bad_value(c, n, what, "a non-empty list of PEs like [0, 1]");
    if (len > 64)
        return scn_fail(c, n, "%s has more than 64 PEs", what);
    for (int i = 0; i < len; i++) {
        yaml_node_t *e = scn_seq_at(c, n, i);
        if (get_pe(c, e, g ? "b" : "a", 0, &pe) != 0)
            return -1;
        for (int h = 0; h <= g; h++) {
            for (int j = 0; j < f->ngroup[h]; j++) {
                if (f->groups[h][j] == pe)
                    return scn_fail(c, e, "PE %d is listed twice in the partition groups", pe);
            }
        }
        f->groups[g][f->ngroup[g]++] = pe;
    }
    return 0;
}

static int get_bits(ctx_t *c, yaml_node_t *n, int *bits)
{
    uint64_t v;
    if (scn_get_u64(c, n, "fault 'bits'", "a number of bit flips from 1 to 65536", 1, 65536, &v) != 0)
        return -1;
    *bits = (int)v;
    return 0;
}

static int get_value(ctx_t *c, yaml_node_t *n, int64_t *v)
{
    if (!scn_is_text(n) || scn_parse_i64(scn_text(n), v) != 0)
        return scn_bad_value(c, n, "fault 'value'", "a 64-bit integer (decimal or 0x hex)");
    return 0;
}

static int get_offset(ctx_t *c, yaml_node_t *n, uint64_t *off)
{
    if (!scn_is_text(n) || sim_units_size(scn_text(n), off) != 0)
        return scn_bad_value(c, n, "fault 'offset'", "a byte offset like 8 or 4KiB");
    return 0;
}

/* Converts the value of fault key k into f. */
static int fault_field(ctx_t *c, int k, yaml_node_t *n, sim_fault_t *f)
{
    switch (k) {
    case FK_FROM:        return get_pe(c, n, "from", 1, &f->from);
    case FK_TO:          return get_pe(c, n, "to", 1, &f->to);
    case FK_PE:          return get_pe(c, n, "pe", 0, &f->pe);
    case FK_OP:          return get_op(c, n, f);
    case FK_WINDOW:      return get_window(c, n, f);
    case FK_NTH:
        return scn_get_u64(c, n, "fault 'nth'", "a non-negative integer", 0, UINT64_MAX, &f->nth);
    case FK_AT_CALL:     return get_at_call(c, n, f);
    case FK_AT:          f->has_at = 1; return scn_get_duration(c, n, "fault 'at'", &f->at_ns);
    case FK_EXTRA:       return scn_get_duration(c, n, "fault 'extra'", &f->extra_ns);
    case FK_FOR:         return scn_get_duration(c, n, "fault 'for'", &f->for_ns);
    case FK_FACTOR:
        return scn_get_number(c, n, "fault 'factor'", "a number >= 1 (how many times slower)", 1.0,
                              HUGE_VAL, &f->factor);
    case FK_PROBABILITY:
        return scn_get_number(c, n, "fault 'probability'", "a number from 0 to 1", 0.0, 1.0,
                              &f->probability);
    case FK_RETRANSMIT_AFTER:
        f->retransmit = 1;
        return scn_get_duration(c, n, "fault 'retransmit_after'", &f->retransmit_after_ns);
    case FK_BITS:        return get_bits(c, n, &f->bits);
    case FK_SYMBOL:      return get_symbol(c, n, f);
    case FK_OFFSET:      return get_offset(c, n, &f->offset);
    case FK_VALUE:       return get_value(c, n, &f->value);
    case FK_A:           return get_group(c, n, f, 0);
    case FK_B:           return get_group(c, n, f, 1);
    default:             return 0;
    }
}

static void fault_defaults(sim_fault_t *f, const yaml_node_t *n)
{
    memset(f, 0, sizeof *f);
    f->from = f->to = f->pe = -1;
    f->ops = SIM_OP_ANY;
    f->factor = 1.0;
    f->probability = 1.0;
    f->bits = 1;
    f->line = line_of(n);
    f->col = col_of(n);
}

static const keyset_t fault_keys = {"fault", scn_fault_keys, FK_COUNT};

static int load_fault(ctx_t *c, yaml_node_t *n, sim_fault_t *f)
{
    slots_t sl;
    fault_defaults(f, n);
    if (n->type != YAML_MAPPING_NODE)
        return scn_bad_value(c, n, "each fault", "a mapping like {kind: delay, extra: 5us}");
    if (scn_collect(c, n, &fault_keys, &sl) != 0 || get_kind(c, n, sl.val[FK_KIND], &f->kind) != 0 ||
        check_kind_keys(c, n, &sl, &kind_rules[f->kind]) != 0)
        return -1;
    for (int k = FK_KIND + 1; k < FK_COUNT; k++) {
        if (sl.val[k] != NULL && fault_field(c, k, sl.val[k], f) != 0)
            return -1;
    }
    if (f->kind == SIM_FAULT_LINK_DOWN && f->from >= 0 && f->from == f->to)
        return scn_fail(c, sl.val[FK_TO], "link_down needs two different PEs, got %d twice", f->from);
    return 0;
}

int scn_load_faults(ctx_t *c, yaml_node_t *n)
{
    int len = scn_seq_len(n);
    if (len < 0)
        return scn_bad_value(c, n, "faults", "a list of fault mappings");
    if (len == 0)
        return 0;
    c->s->faults = calloc((size_t)len, sizeof *c->s->faults);
    if (c->s->faults == NULL)
        return scn_oom(c, n);
    for (; c->s->nfaults < len; c->s->nfaults++) {
        if (load_fault(c, scn_seq_at(c, n, c->s->nfaults), &c->s->faults[c->s->nfaults]) != 0)
            return -1;
    }
    return 0;
}

const char *sim_scenario_fault_kind_name(sim_fault_kind_t kind)
{
    return (unsigned)kind < (unsigned)NKINDS ? kind_rules[kind].name : "?";
}
