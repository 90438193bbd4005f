/*
 * sim/scenario — YAML scenario loader (see scenario.h; the schema is in
 * scenarios/README.md).
 *
 * How it works, in four passes over a file of at most 4 MiB:
 * 1. prescan: libyaml's event parser checks syntax, that there is exactly
 *    one document, nesting depth and node count, stopping at the first
 *    offending event (so hostile files cost little: see prescan()).
 * 2. libyaml's document API loads the node graph; an alias becomes a
 *    shared node index, not a copy.
 * 3. check_bounds walks the graph with aliases expanded under a visit
 *    budget, which rejects "billion laughs" files and alias cycles.
 * 4. a schema-directed pass reads each mapping into a table of key slots
 *    (catching unknown and duplicate keys) and converts the slots in a
 *    fixed order, so npes is known before any PE number is checked, no
 *    matter where it appears in the file.
 * Every error names the node (or event) at fault.
 */
#include "scenario_impl.h"
#include "finding.h"
#include "units.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_ENV   1024 /* entries in env: (bounds the duplicate check) */

/* ------------------------------------------------------------- top level */

static const keyset_t top_keys = {"scenario", scn_top_keys, TK_COUNT};

static int load_name(ctx_t *c, yaml_node_t *n)
{
    if (scn_get_str(c, n, "scenario", SIM_SCENARIO_MAX_NAME, &c->s->name) != 0)
        return -1;
    for (const char *p = c->s->name; *p != '\0'; p++) {
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return scn_fail(c, n, "scenario name must be one line without control characters");
    }
    return c->s->name[0] ? 0 : scn_fail(c, n, "scenario name must not be empty");
}

/* The program path, relative to the directory holding the scenario. */
static int load_program(ctx_t *c, yaml_node_t *n)
{
    const char *slash = strrchr(c->file, '/');
    char *prog;
    int r;
    if (scn_get_str(c, n, "program", SIM_SCENARIO_MAX_STR, &prog) != 0)
        return -1;
    if (prog[0] == '\0') {
        free(prog);
        return scn_fail(c, n, "program must not be empty");
    }
    /* A path with a slash in it is never looked up in PATH: one is added
     * only to a bare name, so loading what a scenario writer wrote gives
     * back the same path. */
    if (prog[0] == '/' || slash == NULL)
        r = asprintf(&c->s->program, "%s%s", strchr(prog, '/') ? "" : "./", prog);
    else
        r = asprintf(&c->s->program, "%.*s/%s", (int)(slash - c->file), c->file, prog);
    free(prog);
    if (r < 0) {
        c->s->program = NULL;
        return scn_oom(c, n);
    }
    c->s->program_line = (int)n->start_mark.line + 1;
    c->s->program_col = (int)n->start_mark.column + 1;
    return 0;
}

static int load_npes(ctx_t *c, yaml_node_t *n)
{
    uint64_t v;
    if (scn_get_u64(c, n, "npes", "a positive integer", 1, UINT64_MAX, &v) != 0)
        return -1;
    if (v > SIM_SCENARIO_MAX_NPES)
        return scn_fail(c, n, "npes is %s, more than the maximum %d", scn_text(n), SIM_SCENARIO_MAX_NPES);
    c->s->npes = (int)v;
    return 0;
}

static int load_network(ctx_t *c, yaml_node_t *n)
{
    char msg[256];
    if (n->type != YAML_MAPPING_NODE)
        return scn_bad_value(c, n, "network", "a mapping like {latency: 1us}");
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = scn_node_at(c, p->key), *v = scn_node_at(c, p->value);
        if (scn_check_key(c, k, "a network key") != 0 || scn_check_repeat(c, n, p, "network") != 0)
            return -1;
        if (!sim_netparams_is_key(scn_text(k))) {
            sim_netparams_set(&c->s->net, scn_text(k), "", msg, sizeof msg);
            return scn_fail(c, k, "%s", msg);
        }
        if (!scn_is_text(v))
            return scn_bad_value(c, v, scn_text(k), "a single value");
        if (sim_netparams_set(&c->s->net, scn_text(k), scn_text(v), msg, sizeof msg) != 0)
            return scn_fail(c, v, "%s", msg);
    }
    return 0;
}

/* checks: a string, or a list joined with commas. */
/* A checks entry that names no check, with the nearest id when it is a
 * typo of one. */
static int unknown_check(ctx_t *c, yaml_node_t *n, const char *id)
{
    const char *near = sim_finding_nearest(id);
    return scn_fail(c, n, "unknown check '%s' in checks (%s%s%sshmemsim --check list prints them)",
                    id, near ? "did you mean " : "", near ? near : "", near ? "? " : "");
}

static int load_checks(ctx_t *c, yaml_node_t *n)
{
    char **items = NULL;
    int count = 0, rc;
    size_t len = 1;
    if (n->type != YAML_SEQUENCE_NODE) {
        char id[64];
        if (scn_is_text(n) && n->data.scalar.length == 0)
            return scn_bad_value(c, n, "checks", "all, none or a list of check names");
        if (scn_get_str(c, n, "checks", SIM_SCENARIO_MAX_STR, &c->s->checks) != 0)
            return -1;
        if (sim_finding_unknown(c->s->checks, id, sizeof id))
            return unknown_check(c, n, id);
        return 0;
    }
    rc = scn_get_str_list(c, n, "checks", &items, &count);
    for (int i = 0; rc == 0 && i < count; i++) {
        len += strlen(items[i]) + 1;
        if (items[i][0] == '\0' || strchr(items[i], ',') != NULL)
            rc = scn_bad_value(c, scn_seq_at(c, n, i), "each checks item",
                               "one non-empty check name");
    }
    if (rc == 0 && count == 0)
        rc = scn_fail(c, n, "checks list is empty (write checks: none to disable them)");
    if (rc == 0 && (c->s->checks = calloc(1, len)) == NULL)
        rc = scn_oom(c, n);
    for (int i = 0; rc == 0 && i < count; i++)
        strcat(strcat(c->s->checks, i ? "," : ""), items[i]);
    char id[64];
    if (rc == 0 && sim_finding_unknown(c->s->checks, id, sizeof id))
        rc = unknown_check(c, n, id);
    for (int i = 0; items != NULL && i < count; i++)
        free(items[i]);
    free(items);
    return rc;
}

static int load_env_entry(ctx_t *c, yaml_node_t *map, yaml_node_pair_t *p, char **out)
{
    yaml_node_t *k = scn_node_at(c, p->key), *v = scn_node_at(c, p->value);
    if (scn_check_key(c, k, "an env name") != 0 || scn_check_repeat(c, map, p, "env") != 0)
        return -1;
    if (!scn_is_ident(scn_text(k), ALPHA_, ALNUM_) || k->data.scalar.length > SIM_SCENARIO_MAX_NAME)
        return scn_bad_value(c, k, "env name", "a variable name like OMP_NUM_THREADS");
    if (!scn_is_text(v))
        return scn_bad_value(c, v, scn_text(k), "a single value");
    if (v->data.scalar.length > SIM_SCENARIO_MAX_STR)
        return scn_fail(c, v, "env value is longer than %d bytes", SIM_SCENARIO_MAX_STR);
    if (asprintf(out, "%s=%s", scn_text(k), scn_text(v)) < 0) {
        *out = NULL;
        return scn_oom(c, v);
    }
    return 0;
}

static int load_env(ctx_t *c, yaml_node_t *n)
{
    yaml_node_pair_t *p = n->data.mapping.pairs.start;
    int len;
    if (n->type != YAML_MAPPING_NODE)
        return scn_bad_value(c, n, "env", "a mapping like {NAME: value}");
    len = (int)(n->data.mapping.pairs.top - p);
    if (len > MAX_ENV)
        return scn_fail(c, n, "env has more than %d variables", MAX_ENV);
    c->s->env = calloc((size_t)len + 1, sizeof *c->s->env);
    if (c->s->env == NULL)
        return scn_oom(c, n);
    for (; c->s->nenv < len; c->s->nenv++) {
        if (load_env_entry(c, n, &p[c->s->nenv], &c->s->env[c->s->nenv]) != 0)
            return -1;
    }
    return 0;
}

static int load_seed(ctx_t *c, yaml_node_t *n)
{
    if (scn_get_u64(c, n, "seed", "a non-negative integer", 0, UINT64_MAX, &c->s->seed) != 0)
        return -1;
    c->s->has_seed = 1;
    return 0;
}

/* A size key (heap_size, stack_size) of at least min bytes. */
static int load_size(ctx_t *c, yaml_node_t *n, const char *key, uint64_t min, uint64_t *out,
                     int *has)
{
    char want[64];
    snprintf(want, sizeof want, "a size of at least %lluK, such as 64M",
             (unsigned long long)(min / 1024));
    if (!scn_is_text(n) || sim_units_mem_size(scn_text(n), out) != 0 || *out < min)
        return scn_bad_value(c, n, key, want);
    *has = 1;
    return 0;
}

static int load_watchdog(ctx_t *c, yaml_node_t *n)
{
    uint64_t v;
    if (scn_get_u64(c, n, "watchdog", "seconds (0 = off)", 0, 86400, &v) != 0)
        return -1;
    c->s->watchdog_s = (unsigned)v;
    c->s->has_watchdog = 1;
    return 0;
}

/* Converts the top-level slots in dependency order (npes before faults). */
static int load_top(ctx_t *c, yaml_node_t *root)
{
    static const int required[] = {TK_SCENARIO, TK_PROGRAM, TK_NPES};
    yaml_node_t **v;
    slots_t sl;
    if (root->type != YAML_MAPPING_NODE)
        return scn_bad_value(c, root, "a scenario file", "a mapping with scenario, program and npes");
    if (scn_collect(c, root, &top_keys, &sl) != 0)
        return -1;
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        if (sl.val[required[i]] == NULL)
            return scn_fail(c, root, "missing required key '%s' in scenario", scn_top_keys[required[i]]);
    }
    v = sl.val;
    if (load_name(c, v[TK_SCENARIO]) != 0 || load_program(c, v[TK_PROGRAM]) != 0 ||
        load_npes(c, v[TK_NPES]) != 0 ||
        (v[TK_DESCRIPTION] && scn_get_str(c, v[TK_DESCRIPTION], "description", SIM_SCENARIO_MAX_STR,
                                          &c->s->description) != 0) ||
        (v[TK_ARGS] && scn_get_str_list(c, v[TK_ARGS], "args", &c->s->args, &c->s->nargs) != 0) ||
        (v[TK_SEED] && load_seed(c, v[TK_SEED]) != 0) ||
        (v[TK_NETWORK] && load_network(c, v[TK_NETWORK]) != 0) ||
        (v[TK_CHECKS] && load_checks(c, v[TK_CHECKS]) != 0) ||
        (v[TK_ENV] && load_env(c, v[TK_ENV]) != 0) ||
        (v[TK_HEAP_SIZE] && load_size(c, v[TK_HEAP_SIZE], "heap_size", 1024, &c->s->heap_size,
                                      &c->s->has_heap_size) != 0) ||
        (v[TK_STACK_SIZE] && load_size(c, v[TK_STACK_SIZE], "stack_size", 16384,
                                       &c->s->stack_size, &c->s->has_stack_size) != 0) ||
        (v[TK_WATCHDOG] && load_watchdog(c, v[TK_WATCHDOG]) != 0) ||
        (v[TK_FAULTS] && scn_load_faults(c, v[TK_FAULTS]) != 0) ||
        (v[TK_EXPECT] && scn_load_expect(c, v[TK_EXPECT]) != 0))
        return -1;
    return 0;
}

/* ------------------------------------------------- alias-expansion bound */

/* The bounded walk over the node graph with aliases expanded. */
typedef struct walk {
    yaml_document_t *doc;    /* graph being walked */
    long visits;             /* nodes visited so far */
    unsigned char *onstack;  /* per node index: 1 while on the current path */
    yaml_node_t *at;         /* node to blame when the walk fails */
    const char *why;         /* reason when the walk fails */
} walk_t;

static int walk_node(walk_t *w, int index, int depth);

static int walk_children(walk_t *w, yaml_node_t *n, int depth)
{
    if (n->type == YAML_SEQUENCE_NODE) {
        for (yaml_node_item_t *i = n->data.sequence.items.start; i < n->data.sequence.items.top; i++) {
            if (walk_node(w, *i, depth + 1) != 0)
                return -1;
        }
    } else if (n->type == YAML_MAPPING_NODE) {
        for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
            if (walk_node(w, p->key, depth + 1) != 0 || walk_node(w, p->value, depth + 1) != 0)
                return -1;
        }
    }
    return 0;
}

/* Counts one visit of the node and its subtree. A failing expansion is
 * blamed on the top-level value holding it, which is where a reader of
 * the file can see it, rather than on some leaf deep inside. */
static int walk_node(walk_t *w, int index, int depth)
{
    yaml_node_t *n = yaml_document_get_node(w->doc, index);
    int rc;
    if (n == NULL)
        return 0;
    if (++w->visits > SIM_SCENARIO_MAX_NODES)
        w->why = "the document expands to more than 100000 nodes through aliases";
    else if (depth > SIM_SCENARIO_MAX_DEPTH)
        w->why = "lists and mappings are nested more than 64 deep", w->at = n;
    else if (w->onstack[index])
        w->why = "an alias refers to a node that contains it", w->at = n;
    if (w->why != NULL) {
        if (w->at == NULL && depth <= 1)
            w->at = n;
        return -1;
    }
    w->onstack[index] = 1;
    rc = walk_children(w, n, depth);
    w->onstack[index] = 0;
    if (rc != 0 && w->at == NULL && depth <= 1)
        w->at = n;
    return rc;
}

int scn_check_bounds(ctx_t *c)
{
    size_t count = (size_t)(c->doc->nodes.top - c->doc->nodes.start);
    walk_t w = {c->doc, 0, calloc(count + 1, 1), NULL, NULL};
    int rc;
    if (w.onstack == NULL)
        return scn_oom(c, yaml_document_get_root_node(c->doc));
    rc = walk_node(&w, 1, 0);
    free(w.onstack);
    return rc == 0 ? 0 : scn_fail(c, w.at, "%s", w.why);
}

/* ---------------------------------------------------------- file, parser */

/* Reads the whole file, refusing more than SIM_SCENARIO_MAX_FILE bytes.
 * Grows the buffer as it goes, so a pipe or /dev/stdin works too. */
static const char *read_stream(FILE *f, char **buf, size_t *len)
{
    size_t cap = 0;
    *buf = NULL;
    *len = 0;
    do {
        char *grown;
        if (*len == cap) {
            cap = cap ? 2 * cap : 4096;
            if ((grown = realloc(*buf, cap)) == NULL)
                return "out of memory";
            *buf = grown;
        }
        *len += fread(*buf + *len, 1, cap - *len, f);
        if (*len > SIM_SCENARIO_MAX_FILE)
            return "file is larger than 4 MiB";
    } while (!feof(f) && !ferror(f));
    return ferror(f) ? "cannot read the file" : NULL;
}

static int read_all(ctx_t *c, char **buf, size_t *len)
{
    FILE *f = fopen(c->file, "rb");
    const char *why;
    struct stat st;
    if (f == NULL)
        return scn_fail_lc(c, 0, 0, "cannot open: %s", strerror(errno));
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        return scn_fail_lc(c, 0, 0, "is a directory, not a scenario file");
    }
    why = read_stream(f, buf, len);
    fclose(f);
    if (why == NULL)
        return 0;
    free(*buf);
    return scn_fail_lc(c, 0, 0, "%s", why);
}

/* Turns a byte offset into a 1-based line and column (reader errors carry
 * only an offset). */
static void offset_to_lc(const char *buf, size_t len, size_t off, size_t *line, size_t *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < off && i < len; i++) {
        if (buf[i] == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
}

static int syntax_error(ctx_t *c, yaml_parser_t *p, const char *buf, size_t len)
{
    size_t line, col;
    if (p->error == YAML_MEMORY_ERROR)
        return scn_fail_lc(c, 1, 1, "out of memory while parsing");
    if (p->error == YAML_READER_ERROR) {
        offset_to_lc(buf, len, p->problem_offset, &line, &col);
        return scn_fail_lc(c, line, col, "YAML error: %s", p->problem ? p->problem : "bad input");
    }
    if (p->context != NULL)
        return scn_fail_lc(c, p->problem_mark.line + 1, p->problem_mark.column + 1,
                           "YAML syntax error: %s (%s at line %zu)", p->problem ? p->problem : "?",
                           p->context, p->context_mark.line + 1);
    return scn_fail_lc(c, p->problem_mark.line + 1, p->problem_mark.column + 1, "YAML syntax error: %s",
                       p->problem ? p->problem : "?");
}

/* Budget and shape checks on one event; returns 0 or -1 (message set). */
/* The anchor an event defines, or NULL. */
static const yaml_char_t *event_anchor(const yaml_event_t *ev)
{
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        return ev->data.scalar.anchor;
    case YAML_SEQUENCE_START_EVENT:
        return ev->data.sequence_start.anchor;
    case YAML_MAPPING_START_EVENT:
        return ev->data.mapping_start.anchor;
    default:
        return NULL;
    }
}

static int prescan_event(ctx_t *c, const yaml_event_t *ev, int *depth, long *events, int *docs,
                         long *anchors)
{
    size_t line = ev->start_mark.line + 1, col = ev->start_mark.column + 1;
    if (ev->type == YAML_SEQUENCE_START_EVENT || ev->type == YAML_MAPPING_START_EVENT)
        (*depth)++;
    else if (ev->type == YAML_SEQUENCE_END_EVENT || ev->type == YAML_MAPPING_END_EVENT)
        (*depth)--;
    else if (ev->type == YAML_DOCUMENT_START_EVENT && ++*docs > 1)
        return scn_fail_lc(c, line, col, "a second YAML document; a scenario file holds exactly one");
    else if (ev->type == YAML_STREAM_END_EVENT && *docs == 0)
        return scn_fail_lc(c, 1, 1, "the file holds no YAML document (expected a scenario mapping)");
    if (*depth > SIM_SCENARIO_MAX_DEPTH)
        return scn_fail_lc(c, line, col, "lists and mappings are nested more than 64 deep");
    if ((ev->type == YAML_SCALAR_EVENT || ev->type == YAML_ALIAS_EVENT ||
         ev->type == YAML_SEQUENCE_START_EVENT || ev->type == YAML_MAPPING_START_EVENT) &&
        ++*events > SIM_SCENARIO_MAX_NODES)
        return scn_fail_lc(c, line, col, "the document has more than 100000 nodes");
    /* libyaml's loader checks each anchor and resolves each alias against
     * every earlier anchor: quadratic time, so their number is bounded. */
    if (event_anchor(ev) && ++*anchors > SIM_SCENARIO_MAX_ANCHORS)
        return scn_fail_lc(c, line, col, "the document defines more than 1000 anchors");
    return 0;
}

/* Looks at the event stream before anything is loaded: libyaml's scanner
 * is quadratic in flow nesting depth and its loader allocates a node per
 * event, so a hostile file must be stopped here, at the first level too
 * deep or the first event over budget, not after loading. Also reports
 * syntax errors and checks that there is exactly one document. */
static int prescan(ctx_t *c, const char *buf, size_t len)
{
    yaml_parser_t p;
    yaml_event_t ev;
    long events = 0, anchors = 0;
    int depth = 0, docs = 0, rc = 0, done = 0;
    if (!yaml_parser_initialize(&p))
        return scn_fail_lc(c, 1, 1, "out of memory");
    yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
    while (rc == 0 && !done) {
        if (!yaml_parser_parse(&p, &ev)) {
            rc = syntax_error(c, &p, buf, len);
            break;
        }
        rc = prescan_event(c, &ev, &depth, &events, &docs, &anchors);
        done = ev.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&p);
    return rc;
}

/* Loads the document (prescan has checked there is exactly one). */
static int parse_doc(ctx_t *c, const char *buf, size_t len)
{
    yaml_parser_t p;
    int rc = 0;
    if (prescan(c, buf, len) != 0)
        return -1;
    if (!yaml_parser_initialize(&p))
        return scn_fail_lc(c, 1, 1, "out of memory");
    yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
    if (!yaml_parser_load(&p, c->doc))
        rc = syntax_error(c, &p, buf, len);
    else if (yaml_document_get_root_node(c->doc) == NULL)
        rc = scn_fail_lc(c, 1, 1, "the file holds no YAML document (expected a scenario mapping)");
    if (rc != 0 && p.error == YAML_NO_ERROR)
        yaml_document_delete(c->doc);
    yaml_parser_delete(&p);
    return rc;
}

static sim_scenario_t *new_scenario(const char *path)
{
    sim_scenario_t *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    sim_netparams_default(&s->net);
    s->path = strdup(path);
    s->checks = NULL;
    if (s->path == NULL) {
        free(s);
        return NULL;
    }
    return s;
}

/* Fills the optional parts that were absent with their defaults. */
static int finish(ctx_t *c)
{
    sim_scenario_t *s = c->s;
    if (s->args == NULL && (s->args = calloc(1, sizeof *s->args)) == NULL)
        return scn_oom(c, yaml_document_get_root_node(c->doc));
    if (s->checks == NULL && (s->checks = strdup("all")) == NULL)
        return scn_oom(c, yaml_document_get_root_node(c->doc));
    return 0;
}

static int load_doc(ctx_t *c, const char *buf, size_t len)
{
    int rc;
    if (parse_doc(c, buf, len) != 0)
        return -1;
    rc = scn_check_bounds(c);
    if (rc == 0 && (c->s = new_scenario(c->file)) == NULL)
        rc = scn_fail_lc(c, 1, 1, "out of memory");
    if (rc == 0)
        rc = load_top(c, yaml_document_get_root_node(c->doc));
    if (rc == 0)
        rc = finish(c);
    yaml_document_delete(c->doc);
    return rc;
}

int sim_scenario_load(const char *path, sim_scenario_t **out, char *err, size_t errlen)
{
    yaml_document_t doc;
    ctx_t c = {path, &doc, err, errlen, NULL};
    char *buf = NULL;
    size_t len = 0;
    *out = NULL;
    if (read_all(&c, &buf, &len) != 0)
        return -1;
    if (load_doc(&c, buf, len) != 0) {
        sim_scenario_free(c.s);
        free(buf);
        return -1;
    }
    free(buf);
    *out = c.s;
    return 0;
}

int sim_scenario_load_string(const char *name, const char *buf, size_t len,
                             sim_scenario_t **out, char *err, size_t errlen)
{
    yaml_document_t doc;
    ctx_t c = {name, &doc, err, errlen, NULL};
    *out = NULL;
    if (len > SIM_SCENARIO_MAX_FILE)
        return scn_fail_lc(&c, 0, 0, "file is larger than 4 MiB");
    if (load_doc(&c, buf, len) != 0) {
        sim_scenario_free(c.s);
        return -1;
    }
    *out = c.s;
    return 0;
}

static void free_list(char **list, int n)
{
    for (int i = 0; list != NULL && i < n; i++)
        free(list[i]);
    free(list);
}

int sim_scenario_expects(const sim_scenario_t *s)
{
    return s->expect.has_outcome || s->expect.finding || s->expect.has_exit_status ||
           s->expect.nstdout || s->expect.nstderr || s->expect.nstdout_not;
}

void sim_scenario_free(sim_scenario_t *s)
{
    if (s == NULL)
        return;
    free(s->path);
    free(s->name);
    free(s->description);
    free(s->program);
    free_list(s->args, s->nargs);
    free(s->checks);
    free(s->faults);
    free(s->expect.finding);
    free_list(s->expect.stdout_contains, s->expect.nstdout);
    free_list(s->expect.stderr_contains, s->expect.nstderr);
    free_list(s->expect.stdout_not_contains, s->expect.nstdout_not);
    free_list(s->env, s->nenv);
    free(s);
}
