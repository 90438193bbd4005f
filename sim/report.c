/* sim/report: the --report JSON, schema shmemsim-report-1, described member
 * by member in share/report.schema.json (JSON Schema; tests/check_report.c
 * validates real reports against it, so a change here must go there too).
 * Written after the run; deterministic (no pointers, no wall time). */
#include "report.h"

#include "fault.h"
#include "finding.h"
#include "json.h"
#include "loader.h"
#include "net.h"
#include "outcome.h"
#include "world.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static const char *end_name(const sim_pe_t *pe)
{
    switch (pe->end) {
    case SIM_END_EXIT:
        return "exit";
    case SIM_END_CRASH:
        return pe->stack_overflow ? "stack-overflow" : "crash";
    case SIM_END_WATCHDOG:
        return "watchdog";
    case SIM_END_KILLED:
        return "killed";
    default:
        return "blocked";
    }
}

static void write_pes(FILE *f)
{
    fprintf(f, "  \"pes\": [");
    for (int i = 0; i < sim_w->npes; i++) {
        const sim_pe_t *pe = &sim_w->pes[i];
        fprintf(f, "%s\n    {\"pe\": %d, \"end\": \"%s\"", i ? "," : "", i, end_name(pe));
        if (pe->end == SIM_END_EXIT)
            fprintf(f, ", \"status\": %d", pe->exit_status);
        if (pe->end == SIM_END_CRASH) {
            fprintf(f, ", \"signal\": ");
            sim_json_str(f, sigabbrev_np(pe->signo) ? sigabbrev_np(pe->signo) : "?");
            if (pe->fault_crash)
                fprintf(f, ", \"injected\": true");
        }
        if (pe->end == SIM_END_NONE) {
            fprintf(f, ", \"blocked_in\": ");
            sim_json_str(f, pe->why);
            if (pe->helper && pe->helper->state == SIM_PE_BLOCKED && pe->helper->why[0]) {
                fprintf(f, ", \"helper_blocked_in\": ");
                sim_json_str(f, pe->helper->why);
            }
            int listed = 0;
            for (const sim_pe_t *t = pe->threads; t; t = t->next_thread) {
                if (t == pe->helper || t->state != SIM_PE_BLOCKED || !t->why[0])
                    continue;
                fprintf(f, "%s{\"thread\": %d, \"blocked_in\": ",
                        listed++ ? ", " : ", \"threads_blocked\": [", t->tid);
                sim_json_str(f, t->why);
                fputc('}', f);
            }
            if (listed)
                fputc(']', f);
        }
        fputc('}', f);
    }
    fprintf(f, "\n  ],\n");
}

static void write_findings(FILE *f)
{
    fprintf(f, "  \"findings\": [");
    for (size_t i = 0; i < sim_finding_count(); i++) {
        const sim_finding_t *x = sim_finding_get(i);
        fprintf(f, "%s\n    {\"id\": ", i ? "," : "");
        sim_json_str(f, x->id);
        fprintf(f, ", \"severity\": \"%s\", \"pe\": %d, \"time_ns\": %llu, \"count\": %llu, "
                "\"call\": ", x->sev == SIM_SEV_ERROR ? "error" : "warning", x->pe,
                (unsigned long long)x->time, (unsigned long long)x->count);
        sim_json_str(f, x->call);
        fprintf(f, ", \"site\": ");
        sim_json_str(f, x->site);
        if (x->file[0]) {
            fprintf(f, ", \"file\": ");
            sim_json_str(f, x->file);
            fprintf(f, ", \"line\": %d", x->line);
        }
        fprintf(f, ", \"text\": ");
        sim_json_str(f, x->text);
        fputc('}', f);
    }
    fprintf(f, "\n  ],\n");
}

int sim_report_write(const char *path, int status)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "shmemsim: cannot write report '%s': %s\n", path, strerror(errno));
        return -1;
    }
    char net[512];
    sim_netparams_json(&sim_w->cfg.net, net, sizeof net);
    const sim_net_stats_t *st = sim_net_stats();
    fprintf(f, "{\n  \"schema\": \"shmemsim-report-1\",\n  \"program\": ");
    sim_json_str(f, sim_w->cfg.program);
    fprintf(f, ",\n  \"scenario\": ");
    if (sim_w->cfg.scenario_path)
        sim_json_str(f, sim_w->cfg.scenario_path);
    else
        fprintf(f, "null");
    fprintf(f, ",\n  \"npes\": %d,\n  \"seed\": %llu,\n  \"outcome\": \"%s\",\n"
            "  \"exit_status\": %d,\n  \"end_time_ns\": %llu,\n", sim_w->npes,
            (unsigned long long)sim_w->cfg.seed, sim_exit_name(status), status,
            (unsigned long long)sim_w->now);
    fprintf(f, "  \"privatize\": %s,\n", !sim_w->loader ? "null"
            : sim_w->loader->mode == SIM_LOAD_SWAP ? "\"swap\"" : "\"copy\"");
    write_pes(f);
    write_findings(f);
    sim_fault_write_json(f);
    fprintf(f, "  \"counts\": {\"events\": %llu, \"messages\": %llu, \"bytes\": %llu, "
            "\"context_switches\": %llu, \"payload_peak_bytes\": %llu},\n"
            "  \"network\": %s\n}\n",
            (unsigned long long)sim_w->evq.fired, (unsigned long long)st->messages,
            (unsigned long long)st->bytes, (unsigned long long)sim_w->switches,
            (unsigned long long)st->held_peak, net);
    return fclose(f);
}
