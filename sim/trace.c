/* sim/trace: streams trace events to a file as they happen. */
#include "trace.h"
#include "json.h"
#include "loader.h"
#include "mem.h"
#include "net.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>


/* Call TR->sites as text ("main at prog.c:12"), looked up by address (only
 * looked up: nothing is ever ordered by it), so each site is symbolized
 * once per run. */
typedef struct site_text {
    const void *site;
    char text[160];
    UT_hash_handle hh;
} site_text_t;

/* The last message delivered on each (from, to) pair, to mark one that a
 * later message overtook. */
typedef struct pair_last {
    uint64_t key; /* from << 32 | to */
    uint64_t id;
    UT_hash_handle hh;
} pair_last_t;

/* Messages that left and have not arrived (their arrows are open), by id,
 * closed at the end of the run so that no arrow dangles. */
typedef struct open_flow {
    uint64_t id;
    int src, dst;
    sim_op_t op;
    size_t bytes;
    const char *what;
    UT_hash_handle hh;
} open_flow_t;

/* The run's trace, owned by the world (sim_w->trace), NULL when none is
 * written.  With "-" it is kept in memory (TR->to_stdout) and written to
 * stdout when the run ends, after everything the PEs printed, so the two
 * never interleave. */
struct sim_trace {
    FILE *tf;
    site_text_t *sites;
    pair_last_t *pairs;
    open_flow_t *open_flows;
    char *to_stdout;
    size_t to_stdout_len;
};
#define TR (sim_w->trace)

/* Whether a trace is being written. */
static int on(void)
{
    return sim_w && TR;
}

static const char *site_text(const void *site)
{
    site_text_t *s;
    HASH_FIND_PTR(TR->sites, &site, s);
    if (!s) {
        s = sim_xcalloc(1, sizeof *s);
        s->site = site;
        sim_loader_symbolize(sim_w->loader, site, s->text, sizeof s->text);
        HASH_ADD_PTR(TR->sites, site, s);
    }
    return s->text;
}

/* Virtual ns as the microsecond value the format wants. */
static void ts(uint64_t ns)
{
    fprintf(TR->tf, "%llu.%03llu", (unsigned long long)(ns / 1000), (unsigned long long)(ns % 1000));
}


int sim_trace_open(const char *path, int npes, char *err, size_t errlen)
{
    struct sim_trace *t = sim_xcalloc(1, sizeof *t);
    t->tf = strcmp(path, "-") == 0 ? open_memstream(&t->to_stdout, &t->to_stdout_len)
                                   : fopen(path, "w");
    if (!t->tf) {
        snprintf(err, errlen, "cannot write trace '%s': %s", path, strerror(errno));
        free(t);
        return -1;
    }
    TR = t;
    fprintf(TR->tf, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
    fprintf(TR->tf, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"args\":{\"name\":\"shmemsim\"}}");
    for (int i = 0; i < npes; i++)
        fprintf(TR->tf, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":%d,"
                    "\"args\":{\"name\":\"PE %d\"}}", i, i);
    return 0;
}

/* An API call's slice: its site, and state when it never returned. */
static void call_slice(const sim_pe_t *pe, const char *name, uint64_t start, uint64_t end,
                       const char *state)
{
    fprintf(TR->tf, ",\n{\"name\":");
    sim_json_str(TR->tf, name);
    fprintf(TR->tf, ",\"cat\":\"api\",\"ph\":\"X\",\"pid\":0,\"tid\":%d,\"ts\":", pe->id);
    ts(start);
    fprintf(TR->tf, ",\"dur\":");
    ts(end - start);
    fprintf(TR->tf, ",\"args\":{\"site\":");
    sim_json_str(TR->tf, pe->call_site ? site_text(pe->call_site) : "?");
    if (state) {
        fprintf(TR->tf, ",\"state\":");
        sim_json_str(TR->tf, state);
    }
    fprintf(TR->tf, "}}");
}

void sim_trace_span(const sim_pe_t *pe, const char *name, uint64_t start, uint64_t end)
{
    if (on())
        call_slice(pe, name, start, end, NULL);
}

void sim_trace_open_call(const sim_pe_t *pe, const char *state)
{
    if (on() && pe->call)
        call_slice(pe, pe->call, pe->call_start, sim_w->now, state);
}

/* Whether m, now delivered, was overtaken: a message sent after it on
 * the same pair was delivered first. */
static int overtaken(const sim_msg_t *m)
{
    uint64_t key = (uint64_t)(uint32_t)m->src << 32 | (uint32_t)m->dst;
    pair_last_t *p;
    HASH_FIND(hh, TR->pairs, &key, sizeof key, p);
    if (!p) {
        p = sim_xcalloc(1, sizeof *p);
        p->key = key;
        p->id = m->id;
        HASH_ADD(hh, TR->pairs, key, sizeof p->key, p);
        return 0;
    }
    if (m->id < p->id)
        return 1;
    p->id = m->id;
    return 0;
}

/* The slice of a message leaving or arriving, and the flow arrow's end
 * bound to it (same category, so viewers draw the arrow between them). */
static void message_slice(int tid, const char *label, const sim_msg_t *m, uint64_t t,
                          const char *ph_flow)
{
    int late = ph_flow[0] == 'f' && overtaken(m);
    fprintf(TR->tf, ",\n{\"name\":\"%s %s%s\",\"cat\":\"net\",\"ph\":\"X\",\"pid\":0,\"tid\":%d,"
                "\"ts\":", label, sim_op_name(m->op), late ? " (overtaken)" : "", tid);
    ts(t);
    fprintf(TR->tf, ",\"dur\":0.001,\"args\":{\"from\":%d,\"to\":%d,\"bytes\":%zu,\"id\":%llu",
            m->src, m->dst, m->bytes, (unsigned long long)m->id);
    if (m->what) {
        fprintf(TR->tf, ",\"call\":");
        sim_json_str(TR->tf, m->what);
    }
    if (ph_flow[0] == 'f' && m->dst_addr) {
        char name[160];
        fprintf(TR->tf, ",\"target\":");
        sim_json_str(TR->tf, sim_mem_name(m->dst_addr, name, sizeof name));
    }
    if (late)
        fprintf(TR->tf, ",\"overtaken\":true");
    fprintf(TR->tf, "}}");
    fprintf(TR->tf, ",\n{\"name\":\"%s\",\"cat\":\"net\",\"ph\":\"%s\",%s\"id\":%llu,\"pid\":0,"
                "\"tid\":%d,\"ts\":", sim_op_name(m->op), ph_flow,
            ph_flow[0] == 'f' ? "\"bp\":\"e\"," : "", (unsigned long long)m->id, tid);
    ts(t);
    fputc('}', TR->tf);
}

void sim_trace_flow_start(const sim_msg_t *m, uint64_t t)
{
    if (!on())
        return;
    message_slice(m->src, "send", m, t, "s");
    open_flow_t *o;
    HASH_FIND(hh, TR->open_flows, &m->id, sizeof m->id, o);
    if (!o) {
        o = sim_xcalloc(1, sizeof *o);
        *o = (open_flow_t){.id = m->id, .src = m->src, .dst = m->dst, .op = m->op,
                           .bytes = m->bytes, .what = m->what};
        HASH_ADD(hh, TR->open_flows, id, sizeof o->id, o);
    }
}

void sim_trace_flow_end(const sim_msg_t *m)
{
    if (!on())
        return;
    message_slice(m->dst, "deliver", m, sim_w->now, "f");
    open_flow_t *o;
    HASH_FIND(hh, TR->open_flows, &m->id, sizeof m->id, o);
    if (o) {
        HASH_DEL(TR->open_flows, o);
        free(o);
    }
}

static int by_id(const open_flow_t *a, const open_flow_t *b)
{
    return a->id < b->id ? -1 : a->id > b->id;
}

/* The end of the run: each message still on its way (lost to a fault, or
 * in flight when the job ended) ends its arrow at the target, now, on a
 * slice that says it was never delivered. */
static void close_open_flows(void)
{
    open_flow_t *o, *tmp;
    HASH_SORT(TR->open_flows, by_id);
    HASH_ITER(hh, TR->open_flows, o, tmp) {
        fprintf(TR->tf, ",\n{\"name\":\"%s never delivered\",\"cat\":\"net\",\"ph\":\"X\",\"pid\":0,"
                    "\"tid\":%d,\"ts\":", sim_op_name(o->op), o->dst);
        ts(sim_w->now);
        fprintf(TR->tf, ",\"dur\":0.001,\"args\":{\"from\":%d,\"to\":%d,\"bytes\":%zu,\"id\":%llu",
                o->src, o->dst, o->bytes, (unsigned long long)o->id);
        if (o->what) {
            fprintf(TR->tf, ",\"call\":");
            sim_json_str(TR->tf, o->what);
        }
        fprintf(TR->tf, ",\"state\":\"still on its way when the run ended, or lost\"}}");
        fprintf(TR->tf, ",\n{\"name\":\"%s\",\"cat\":\"net\",\"ph\":\"f\",\"bp\":\"e\",\"id\":%llu,"
                    "\"pid\":0,\"tid\":%d,\"ts\":", sim_op_name(o->op), (unsigned long long)o->id,
                o->dst);
        ts(sim_w->now);
        fputc('}', TR->tf);
        HASH_DEL(TR->open_flows, o);
        free(o);
    }
}

void sim_trace_instant(int pe, const char *cat, const char *name, const char *detail)
{
    if (!on())
        return;
    fprintf(TR->tf, ",\n{\"name\":");
    sim_json_str(TR->tf, name);
    fprintf(TR->tf, ",\"cat\":\"%s\",\"ph\":\"i\",\"s\":\"%s\",\"pid\":0,\"tid\":%d,\"ts\":",
            cat, pe < 0 ? "p" : "t", pe < 0 ? 0 : pe);
    ts(sim_w->now);
    fprintf(TR->tf, ",\"args\":{\"detail\":");
    sim_json_str(TR->tf, detail ? detail : "");
    fprintf(TR->tf, "}}");
}

void sim_trace_pe_end(const sim_pe_t *pe)
{
    if (!on())
        return;
    if (pe->end != SIM_END_EXIT)
        sim_trace_open_call(pe, pe->end == SIM_END_WATCHDOG ? "stopped by the watchdog"
                                : "crashed in this call");
    char what[64];
    if (pe->end == SIM_END_EXIT)
        snprintf(what, sizeof what, "exit %d", pe->exit_status);
    else
        snprintf(what, sizeof what, "%s", pe->end == SIM_END_WATCHDOG ? "watchdog" : "crash");
    sim_trace_instant(pe->id, "pe", what, NULL);
}

void sim_trace_close(void)
{
    if (!on())
        return;
    close_open_flows();
    fprintf(TR->tf, "\n]");
    /* Which run this is, as its report says it (report --trace checks
     * that the two are of one run).  Not the program's path: a replay
     * names it from the scenario's directory, and its trace is the
     * command line's. */
    if (sim_w) {
        fprintf(TR->tf, ",\n\"otherData\":{\"npes\":%d,\"seed\":%llu,\"end_time_ns\":%llu,\"events\":%llu,"
                "\"messages\":%llu}", sim_w->npes, (unsigned long long)sim_w->cfg.seed,
                (unsigned long long)sim_w->now, (unsigned long long)sim_w->evq.fired,
                (unsigned long long)sim_net_stats()->messages);
    }
    fprintf(TR->tf, "}\n");
    fclose(TR->tf);
    TR->tf = NULL;
    site_text_t *s, *stmp;
    HASH_ITER(hh, TR->sites, s, stmp) {
        HASH_DEL(TR->sites, s);
        free(s);
    }
    pair_last_t *p, *ptmp;
    HASH_ITER(hh, TR->pairs, p, ptmp) {
        HASH_DEL(TR->pairs, p);
        free(p);
    }
    if (TR->to_stdout) {
        fflush(stdout);
        fwrite(TR->to_stdout, 1, TR->to_stdout_len, stdout);
        fflush(stdout);
        free(TR->to_stdout);
        TR->to_stdout = NULL;
    }
    free(TR);
    TR = NULL;
}
