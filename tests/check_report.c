/* tests/check_report: the --report JSON against its documented schema,
 * share/report.schema.json.  Reports of real runs with every outcome and
 * every kind of PE end, finding and fault must validate (the watchdog's
 * is checked in check_programs.c); minimal mutations of a valid report (a
 * member dropped or added, a wrong type, a value outside its enum, an
 * outcome that does not go with its exit status, ...) must not, which
 * shows the validator (tests/jsonschema.c) can fail.  The schema's list
 * of finding ids must be exactly the one --check knows. */
#include "finding.h"
#include "jsonschema.h"
#include "testutil.h"

#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM tu_shmemsim()
#define PROG(n) tu_prog(n)
#define SCHEMA "share/report.schema.json"

static sim_json_t *load_schema(void)
{
    char err[256];
    char *text = tu_read_file(SCHEMA, NULL);
    ck_assert_msg(text != NULL, "cannot read " SCHEMA);
    sim_json_t *s = sim_json_parse(text, err, sizeof err);
    ck_assert_msg(s != NULL, SCHEMA ": %s", err);
    free(text);
    return s;
}

/* Runs `shmemsim OPTS --report F REST` (REST: program and arguments, or
 * nothing after --scenario); returns the report text. */
/* Runs shmemsim with opts and rest, expecting status; returns the
 * report.  A scenario's programs are looked for in the build's own
 * program directory (opts starting "--scenario" get --program-dir). */
static char *report_of(const char *opts, const char *rest, int status)
{
    char path[128], dir[PATH_MAX + 32] = "";
    snprintf(path, sizeof path, "/tmp/shmemsim-schema-%d.json", (int)getpid());
    unlink(path);
    if (!strncmp(opts, "--scenario", 10))
        snprintf(dir, sizeof dir, "--program-dir %s/build/tests/programs", tu_out_dir());
    run_result_t r = tu_run("%s %s %s --quiet --report %s %s", SIM, dir, opts, path, rest);
    ck_assert_msg(r.status == status, "%s %s: status %d, not %d\n%s", opts, rest, r.status,
                  status, r.err);
    tu_free(&r);
    char *text = tu_read_file(path, NULL);
    unlink(path);
    ck_assert_msg(text != NULL, "%s %s wrote no report", opts, rest);
    return text;
}

/* 0 when text is valid against the schema; err says why not. */
static int validate(const sim_json_t *schema, const char *text, char *err, size_t errlen)
{
    sim_json_t *doc = sim_json_parse(text, err, errlen);
    ck_assert_msg(doc != NULL, "not JSON: %s\n%s", err, text);
    int rc = js_validate(schema, doc, err, errlen);
    sim_json_free(doc);
    return rc;
}

/* ---- real reports ----
 * A watchdog run takes two wall seconds; its report is validated where
 * one is run already (check_programs.c, watchdog_stops_a_spinning_pe). */

typedef struct run_case {
    const char *opts;  /* options before --report */
    const char *prog;  /* test program, or NULL for a scenario in opts */
    const char *args;  /* its arguments */
    int status;        /* expected exit status */
    const char *shows; /* text the report must contain: what this case covers */
} run_case_t;

static const run_case_t runs[] = {
    {"-n 4", "seed000_alltoallv_packed", "", 0, "\"outcome\": \"ok\""},
    {"-n 2", "misuse", "pe", 4, "\"id\": \"invalid-pe\", \"severity\": \"error\""},
    {"-n 2", "lapi_misuse", "afterterm", 0, "\"severity\": \"warning\""},
    {"-n 4", "fail", "exit3", 1, "\"end\": \"killed\""},
    {"-n 4", "ending", "deadlock", 3, "\"end\": \"blocked\", \"blocked_in\": "},
    {"-n 2", "lapi_misuse", "deadlock", 3, "\"helper_blocked_in\": "},
    {"-n 4", "fail", "segv", 5, "\"end\": \"crash\", \"signal\": \"SEGV\"}"},
    {"-n 4", "fail", "abort", 5, "\"signal\": \"ABRT\""},
    {"-n 4", "ending", "overflow", 5, "\"end\": \"stack-overflow\", \"signal\": \"SEGV\""},
    {"--scenario scenarios/crash-deadlock.yaml", NULL, "", 3,
     "\"signal\": \"KILL\", \"injected\": true"},
    {"--scenario scenarios/lossy-network.yaml", NULL, "", 0,
     "\"kind\": \"drop\""},
    {"-n 2 --net bandwidth=1.5B/s --net ordering=fifo", "ring", "", 0, "\"bandwidth\":1.5,"},
};

START_TEST(reports_of_every_kind_of_run_validate)
{
    sim_json_t *schema = load_schema();
    const run_case_t *c = &runs[_i];
    char rest[512], err[1024];
    if (c->prog)
        snprintf(rest, sizeof rest, "%s %s", PROG(c->prog), c->args);
    else
        snprintf(rest, sizeof rest, "%s", c->args);
    char *text = report_of(c->opts, rest, c->status);
    ck_assert_msg(strstr(text, c->shows) != NULL, "%s %s: no %s in\n%s", c->opts, rest, c->shows,
                  text);
    ck_assert_msg(validate(schema, text, err, sizeof err) == 0, "%s %s: %s\n%s", c->opts, rest,
                  err, text);
    free(text);
    sim_json_free(schema);
}
END_TEST

/* A fault that never fires has no first_ns/last_ns: the other branch. */
/* A run refused before it starts (here: not a program module) leaves no
 * report: neither an empty file nor the previous run's. */
START_TEST(a_refused_run_leaves_no_report)
{
    char path[128];
    snprintf(path, sizeof path, "/tmp/shmemsim-stale-%d.json", (int)getpid());
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("{\"old\": 1}\n", f);
    fclose(f);
    run_result_t r = tu_run("%s run -n 2 --report %s /bin/true", SIM, path);
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(access(path, F_OK) != 0, "the old report is still there");
    tu_free(&r);
    unlink(path);
}
END_TEST

START_TEST(report_with_a_fault_that_never_fired_validates)
{
    sim_json_t *schema = load_schema();
    char scen[128], prog[PATH_MAX], opts[256], err[1024];
    ck_assert_ptr_nonnull(realpath(PROG("ring"), prog));
    snprintf(scen, sizeof scen, "/tmp/shmemsim-schema-%d.yaml", (int)getpid());
    FILE *f = fopen(scen, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "scenario: never\nprogram: %s\nnpes: 2\nfaults:\n"
               "  - {kind: crash, pe: 1, at: 10s}\n", prog);
    fclose(f);
    snprintf(opts, sizeof opts, "--scenario %s", scen);
    char *text = report_of(opts, "", 0);
    unlink(scen);
    ck_assert_ptr_nonnull(strstr(text, "\"kind\": \"crash\", \"line\": 5, \"column\": 5, "
                                       "\"fired\": 0}"));
    ck_assert_msg(validate(schema, text, err, sizeof err) == 0, "%s\n%s", err, text);
    free(text);
    sim_json_free(schema);
}
END_TEST

/* ---- the validator rejects what the schema forbids ---- */

typedef struct mutation {
    const char *from, *to; /* first occurrence of from replaced by to */
    const char *where;     /* the error must start with this JSON pointer */
} mutation_t;

static const mutation_t mutations[] = {
    {"  \"npes\": 4,\n", "", "/: the required member \"npes\" is missing"},
    {"{\n  \"schema\"", "{\n  \"extra\": 1,\n  \"schema\"", "/: member \"extra\" is not allowed"},
    {"\"schema\": \"shmemsim-report-1\"", "\"schema\": \"shmemsim-report-2\"", "/schema: "},
    {"\"npes\": 4", "\"npes\": \"4\"", "/npes: string where integer is expected"},
    {"\"npes\": 4", "\"npes\": 0", "/npes: 0 is below the minimum 1"},
    {"\"seed\": 1", "\"seed\": 1.5", "/seed: number where integer is expected"},
    {"\"scenario\": \"scenarios/crash-deadlock.yaml\"", "\"scenario\": 7",
     "/scenario: integer is none of the types allowed here"},
    {"\"outcome\": \"deadlock\"", "\"outcome\": \"stuck\"", "/outcome: \"stuck\" is not one of"},
    {"\"exit_status\": 3", "\"exit_status\": 4", "/: matches none of the 8 alternatives of oneOf"},
    {"\"pes\": [", "\"pes\": [],\n  \"more_pes\": [", "/pes: 0 elements, fewer than 1"},
    {"\"end\": \"blocked\", \"blocked_in\"", "\"end\": \"blocked\", \"waiting_in\"", "/pes/0: "},
    {"\"end\": \"crash\", \"signal\": \"KILL\"", "\"end\": \"crash\"", "/pes/2: "},
    {"\"injected\": true", "\"injected\": false", "/pes/2: "},
    {"\"end\": \"blocked\"", "\"end\": \"hung\"", "/pes/0: "},
    {"\"id\": \"deadlock\"", "\"id\": \"dead-lock\"", "/findings/0/id: \"dead-lock\" is not one"},
    {"\"severity\": \"error\"", "\"severity\": \"fatal\"", "/findings/0/severity: "},
    {"\"count\": 2", "\"count\": 0", "/findings/0/count: 0 is below the minimum 1"},
    {", \"site\": \"main at", ", \"where\": \"main at", "/findings/0: "},
    {"\"time_ns\": ", "\"time_ns\": -", "/findings/0/time_ns: "},
    {"\"fired\": 1, \"first_ns\": 50000, \"last_ns\": 50000", "\"fired\": 1", "/faults/0: "},
    {"\"kind\": \"crash\"", "\"kind\": \"explode\"", "/faults/0: "},
    {"\"context_switches\": ", "\"switches\": ", "/counts: "},
    {"\"ordering\":\"adaptive\"", "\"ordering\":\"random\"", "/network/ordering: "},
    {"\"bandwidth\":10000000000", "\"bandwidth\":\"10GB/s\"", "/network/bandwidth: "},
};

static char *mutate(const char *text, const mutation_t *m)
{
    const char *at = strstr(text, m->from);
    ck_assert_msg(at != NULL, "the report has no %s to mutate:\n%s", m->from, text);
    size_t a = (size_t)(at - text), nf = strlen(m->from), nt = strlen(m->to);
    char *out = malloc(strlen(text) - nf + nt + 1);
    memcpy(out, text, a);
    memcpy(out + a, m->to, nt);
    strcpy(out + a + nt, at + nf);
    return out;
}

START_TEST(mutated_reports_are_rejected_where_they_differ)
{
    sim_json_t *schema = load_schema();
    char err[2048];
    char *text = report_of("--scenario scenarios/crash-deadlock.yaml", "", 3);
    ck_assert_msg(validate(schema, text, err, sizeof err) == 0, "%s", err);
    for (size_t i = 0; i < sizeof mutations / sizeof mutations[0]; i++) {
        const mutation_t *m = &mutations[i];
        char *bad = mutate(text, m);
        ck_assert_msg(validate(schema, bad, err, sizeof err) != 0, "accepted: %s -> %s", m->from,
                      m->to);
        if (m->where)
            ck_assert_msg(strncmp(err, m->where, strlen(m->where)) == 0,
                          "%s -> %s: error \"%s\" does not start with \"%s\"", m->from, m->to,
                          err, m->where);
        free(bad);
    }
    free(text);
    sim_json_free(schema);
}
END_TEST

/* Every id --check accepts may appear in a report, and nothing else. */
START_TEST(schema_lists_exactly_the_finding_ids_check_knows)
{
    sim_json_t *schema = load_schema();
    const sim_json_t *ids = sim_json_get(sim_json_get(sim_json_get(schema, "$defs"), "finding_id"), "enum");
    ck_assert_ptr_nonnull(ids);
    size_t n = 0;
    for (const char *id; (id = sim_finding_id(n)) != NULL; n++) {
        size_t k = 0;
        while (k < ids->n && strcmp(sim_json_at(ids, k)->string, id) != 0)
            k++;
        ck_assert_msg(k < ids->n, "%s: finding id %s is missing", SCHEMA, id);
    }
    ck_assert_int_eq((int)ids->n, (int)n);
    sim_json_free(schema);
}
END_TEST

/* ---- the validator's keywords, each shown to pass and to fail ---- */

static int check_doc(const char *schema, const char *doc, char *err, size_t errlen)
{
    sim_json_t *s = sim_json_parse(schema, err, errlen);
    ck_assert_msg(s != NULL, "schema %s: %s", schema, err);
    sim_json_t *d = sim_json_parse(doc, err, errlen);
    ck_assert_msg(d != NULL, "doc %s: %s", doc, err);
    int rc = js_validate(s, d, err, errlen);
    sim_json_free(s);
    sim_json_free(d);
    return rc;
}

START_TEST(validator_keywords_pass_and_fail)
{
    static const struct { const char *schema, *good, *bad; } k[] = {
        {"{\"type\": \"integer\"}", "3", "3.5"},
        {"{\"type\": \"integer\"}", "3.0", "\"3\""},
        {"{\"type\": [\"string\", \"null\"]}", "null", "false"},
        {"{\"type\": \"number\"}", "-1e3", "[]"},
        {"{\"enum\": [1, \"a\", null]}", "\"a\"", "\"b\""},
        {"{\"const\": {\"a\": [1, 2]}}", "{\"a\": [1, 2]}", "{\"a\": [2, 1]}"},
        {"{\"required\": [\"a\"]}", "{\"a\": 1}", "{\"b\": 1}"},
        {"{\"properties\": {\"a\": {\"type\": \"string\"}}}", "{\"a\": \"x\", \"b\": 1}",
         "{\"a\": 1}"},
        {"{\"properties\": {\"a\": true}, \"additionalProperties\": false}", "{\"a\": 1}",
         "{\"a\": 1, \"b\": 2}"},
        {"{\"additionalProperties\": {\"type\": \"integer\"}}", "{\"b\": 2}", "{\"b\": \"2\"}"},
        {"{\"items\": {\"type\": \"integer\"}}", "[1, 2]", "[1, \"2\"]"},
        {"{\"minItems\": 2}", "[1, 2]", "[1]"},
        {"{\"minLength\": 2}", "\"\\u00e9\\u00e9\"", "\"\\u00e9\""},
        {"{\"minimum\": 0, \"maximum\": 6}", "6", "7"},
        {"{\"minimum\": 0}", "0", "-0.5"},
        {"{\"oneOf\": [{\"type\": \"integer\"}, {\"minimum\": 2}]}", "1", "3"},
        {"{\"anyOf\": [{\"type\": \"integer\"}, {\"type\": \"string\"}]}", "\"s\"", "null"},
        {"{\"$defs\": {\"n\": {\"type\": \"null\"}}, \"items\": {\"$ref\": \"#/$defs/n\"}}",
         "[null]", "[0]"},
        {"{\"$defs\": {\"a/b\": false}, \"$ref\": \"#/$defs/a~1b\"}", NULL, "1"},
        {"{\"$comment\": \"c\", \"title\": \"t\", \"description\": \"d\"}", "1", NULL},
    };
    char err[512];
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
        if (k[i].good)
            ck_assert_msg(check_doc(k[i].schema, k[i].good, err, sizeof err) == 0,
                          "%s rejects %s: %s", k[i].schema, k[i].good, err);
        if (k[i].bad)
            ck_assert_msg(check_doc(k[i].schema, k[i].bad, err, sizeof err) != 0,
                          "%s accepts %s", k[i].schema, k[i].bad);
    }
}
END_TEST

START_TEST(validator_refuses_schemas_it_cannot_honour)
{
    static const char *const schemas[] = {
        "{\"pattern\": \"^a\"}", "{\"items\": {\"format\": \"date\"}}",
        "{\"$ref\": \"#/$defs/none\"}", "{\"$ref\": \"other.json\"}", "{\"type\": 3}",
        "{\"required\": [1]}", "{\"oneOf\": []}", "[]",
    };
    char err[512];
    for (size_t i = 0; i < sizeof schemas / sizeof schemas[0]; i++) {
        ck_assert_msg(check_doc(schemas[i], "\"a\"", err, sizeof err) != 0, "accepted %s",
                      schemas[i]);
        ck_assert_msg(strncmp(err, "bad schema", 10) == 0, "%s: %s", schemas[i], err);
    }
}
END_TEST

START_TEST(parser_is_strict)
{
    char deep[2 * 70 + 1] = ""; /* nested deeper than the parser's limit of 64 */
    for (int i = 0; i < 70; i++)
        deep[i] = '[', deep[70 + i] = ']';
    const char *const bad[] = {
        "", "[1,]", "{\"a\": 1,}", "{\"a\": 1, \"a\": 2}", "01", "1.", ".5", "+1", "\"\\x\"",
        "\"\\ud800\"", "\"\\udc00\"", "\"a\tb\"", "\"abc", "[1 2]", "{a: 1}", "nul", "true false",
        "\"\\u0000\"", "\"\xff\"", deep,
    };
    char err[256];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sim_json_t *v = sim_json_parse(bad[i], err, sizeof err);
        ck_assert_msg(v == NULL, "accepted %s", bad[i]);
        ck_assert_ptr_nonnull(strstr(err, "line 1, column "));
    }
    sim_json_t *v = sim_json_parse(" {\"s\": \"a\\\"\\u00e9\\ud83d\\ude00\\n\", \"n\": [-0, 1e2, 2.5E-1],"
                             " \"o\": {}, \"b\": [true, false, null]} ", err, sizeof err);
    ck_assert_msg(v != NULL, "%s", err);
    ck_assert_str_eq(sim_json_get(v, "s")->string, "a\"\xc3\xa9\xf0\x9f\x98\x80\n");
    const sim_json_t *n = sim_json_get(v, "n");
    ck_assert(sim_json_at(n, 0)->integral && sim_json_at(n, 1)->number == 100 && !sim_json_at(n, 1)->integral);
    ck_assert(sim_json_at(n, 2)->number == 0.25);
    ck_assert_int_eq((int)sim_json_get(v, "o")->n, 0);
    ck_assert_int_eq(sim_json_at(sim_json_get(v, "b"), 2)->type, SIM_JSON_NULL);
    sim_json_free(v);
}
END_TEST

Suite *report_suite(void)
{
    Suite *s = suite_create("report");
    TCase *tc = tcase_create("schema");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, reports_of_every_kind_of_run_validate, 0,
                        (int)(sizeof runs / sizeof runs[0]));
    tcase_add_test(tc, a_refused_run_leaves_no_report);
    tcase_add_test(tc, report_with_a_fault_that_never_fired_validates);
    tcase_add_test(tc, mutated_reports_are_rejected_where_they_differ);
    tcase_add_test(tc, schema_lists_exactly_the_finding_ids_check_knows);
    tcase_add_test(tc, validator_keywords_pass_and_fail);
    tcase_add_test(tc, validator_refuses_schemas_it_cannot_honour);
    tcase_add_test(tc, parser_is_strict);
    suite_add_tcase(s, tc);
    return s;
}
