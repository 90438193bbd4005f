/* sim/scenario_expect: the expect: mapping of a scenario (see
 * scenario_impl.h). */
#include "scenario_impl.h"
#include "finding.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FIND  64   /* bytes in a finding id */

/* ---------------------------------------------------------------- expect */

static const keyset_t expect_keys = {"expect", scn_expect_keys, EK_COUNT};

static int get_outcome(ctx_t *c, yaml_node_t *n)
{
    char known[128], q[72];
    if (!scn_is_text(n))
        return scn_bad_value(c, n, "expect 'outcome'", "a string");
    int i = sim_exit_by_name(scn_text(n));
    if (!sim_exit_expectable(i)) {
        const char *names[16];
        int nnames = 0;
        for (int s = 0; sim_exit_name(s) && nnames < 16; s++)
            if (sim_exit_expectable(s))
                names[nnames++] = sim_exit_name(s);
        scn_join_names(names, nnames, known, sizeof known);
        return scn_fail(c, n, "unknown outcome '%s' (known: %s)", scn_show(scn_text(n), q), known);
    }
    c->s->expect.outcome = i;
    c->s->expect.has_outcome = 1;
    return 0;
}

static int get_finding(ctx_t *c, yaml_node_t *n)
{
    if (scn_get_str(c, n, "expect 'finding'", MAX_FIND, &c->s->expect.finding) != 0)
        return -1;
    if (!scn_is_ident(c->s->expect.finding, "abcdefghijklmnopqrstuvwxyz",
                      "abcdefghijklmnopqrstuvwxyz0123456789-_"))
        return scn_bad_value(c, n, "expect 'finding'", "a finding id that shmemsim --check list prints");
    char id[MAX_FIND];
    if (sim_finding_unknown(c->s->expect.finding, id, sizeof id) ||
        strcmp(c->s->expect.finding, "all") == 0 || strcmp(c->s->expect.finding, "none") == 0)
        return scn_fail(c, n, "expect 'finding' is '%s', which is no finding id (shmemsim --check "
                        "list prints them)", c->s->expect.finding);
    return 0;
}

/* Cross-field rules: a finding alone means outcome finding (with an
 * outcome, the run may end any way and still must raise it); ok means
 * status 0. */
static int check_expect(ctx_t *c, const slots_t *sl)
{
    __typeof__(c->s->expect) *e = &c->s->expect;
    if (e->finding != NULL && !e->has_outcome) {
        e->outcome = SIM_EXIT_FINDING;
        e->has_outcome = 1;
    }
    if (e->has_exit_status && e->has_outcome && e->outcome == SIM_EXIT_OK && e->exit_status != 0)
        return scn_fail(c, sl->val[EK_EXIT_STATUS], "outcome ok means exit status 0, got %d",
                        e->exit_status);
    if (e->has_exit_status && e->has_outcome && e->outcome == SIM_EXIT_PE &&
        e->exit_status == 0)
        return scn_fail(c, sl->val[EK_EXIT_STATUS], "outcome exit-nonzero contradicts exit_status 0");
    return 0;
}

int scn_load_expect(ctx_t *c, yaml_node_t *n)
{
    __typeof__(c->s->expect) *e = &c->s->expect;
    uint64_t st = 0;
    slots_t sl;
    if (n->type != YAML_MAPPING_NODE)
        return scn_bad_value(c, n, "expect", "a mapping");
    if (scn_collect(c, n, &expect_keys, &sl) != 0)
        return -1;
    if ((sl.val[EK_OUTCOME] && get_outcome(c, sl.val[EK_OUTCOME]) != 0) ||
        (sl.val[EK_FINDING] && get_finding(c, sl.val[EK_FINDING]) != 0) ||
        (sl.val[EK_STDOUT] && scn_get_str_list(c, sl.val[EK_STDOUT], "expect 'stdout_contains'",
                                               &e->stdout_contains, &e->nstdout) != 0) ||
        (sl.val[EK_STDERR] && scn_get_str_list(c, sl.val[EK_STDERR], "expect 'stderr_contains'",
                                               &e->stderr_contains, &e->nstderr) != 0) ||
        (sl.val[EK_STDOUT_NOT] &&
         scn_get_str_list(c, sl.val[EK_STDOUT_NOT], "expect 'stdout_not_contains'",
                          &e->stdout_not_contains, &e->nstdout_not) != 0))
        return -1;
    if (sl.val[EK_EXIT_STATUS] != NULL) {
        if (scn_get_u64(c, sl.val[EK_EXIT_STATUS], "expect 'exit_status'", "an integer from 0 to 255",
                        0, 255, &st) != 0)
            return -1;
        e->exit_status = (int)st;
        e->has_exit_status = 1;
    }
    return check_expect(c, &sl);
}
