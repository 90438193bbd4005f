/* sim/trace: streams trace events to a file as they happen. */
#include "trace.h"
#include "json.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *tf;

/* Virtual ns as the microsecond value the format wants. */
static void ts(uint64_t ns)
{
    fprintf(tf, "%llu.%03llu", (unsigned long long)(ns / 1000), (unsigned long long)(ns % 1000));
}

/* "-": the trace is kept in memory and written to stdout when the run
 * ends, after everything the PEs printed, so the two never interleave. */
static char *to_stdout;
static size_t to_stdout_len;

int sim_trace_open(const char *path, int npes, char *err, size_t errlen)
{
    tf = strcmp(path, "-") == 0 ? open_memstream(&to_stdout, &to_stdout_len) : fopen(path, "w");
    if (!tf) {
        snprintf(err, errlen, "cannot write trace '%s': %s", path, strerror(errno));
        return -1;
    }
    fprintf(tf, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
    fprintf(tf, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"args\":{\"name\":\"shmemsim\"}}");
    for (int i = 0; i < npes; i++)
        fprintf(tf, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":%d,"
                    "\"args\":{\"name\":\"PE %d\"}}", i, i);
    return 0;
}

void sim_trace_span(const sim_pe_t *pe, const char *name, uint64_t start, uint64_t end)
{
    if (!tf)
        return;
    fprintf(tf, ",\n{\"name\":");
    sim_json_str(tf, name);
    fprintf(tf, ",\"cat\":\"api\",\"ph\":\"X\",\"pid\":0,\"tid\":%d,\"ts\":", pe->id);
    ts(start);
    fprintf(tf, ",\"dur\":");
    ts(end - start);
    fputc('}', tf);
}

static void message_slice(int tid, const char *label, const sim_msg_t *m, uint64_t t,
                          const char *ph_flow)
{
    fprintf(tf, ",\n{\"name\":\"%s %s\",\"cat\":\"net\",\"ph\":\"X\",\"pid\":0,\"tid\":%d,\"ts\":",
            label, sim_op_name(m->op), tid);
    ts(t);
    fprintf(tf, ",\"dur\":0.001,\"args\":{\"from\":%d,\"to\":%d,\"bytes\":%zu,\"id\":%llu}}",
            m->src, m->dst, m->bytes, (unsigned long long)m->id);
    fprintf(tf, ",\n{\"name\":\"%s\",\"cat\":\"msg\",\"ph\":\"%s\",%s\"id\":%llu,\"pid\":0,"
                "\"tid\":%d,\"ts\":", sim_op_name(m->op), ph_flow,
            ph_flow[0] == 'f' ? "\"bp\":\"e\"," : "", (unsigned long long)m->id, tid);
    ts(t);
    fputc('}', tf);
}

void sim_trace_flow_start(const sim_msg_t *m, uint64_t t)
{
    if (tf)
        message_slice(m->src, "send", m, t, "s");
}

void sim_trace_flow_end(const sim_msg_t *m)
{
    if (tf)
        message_slice(m->dst, "deliver", m, sim_w->now, "f");
}

void sim_trace_instant(int pe, const char *cat, const char *name, const char *detail)
{
    if (!tf)
        return;
    fprintf(tf, ",\n{\"name\":");
    sim_json_str(tf, name);
    fprintf(tf, ",\"cat\":\"%s\",\"ph\":\"i\",\"s\":\"%s\",\"pid\":0,\"tid\":%d,\"ts\":",
            cat, pe < 0 ? "p" : "t", pe < 0 ? 0 : pe);
    ts(sim_w->now);
    fprintf(tf, ",\"args\":{\"detail\":");
    sim_json_str(tf, detail ? detail : "");
    fprintf(tf, "}}");
}

void sim_trace_pe_end(const sim_pe_t *pe)
{
    if (!tf)
        return;
    char what[64];
    if (pe->end == SIM_END_EXIT)
        snprintf(what, sizeof what, "exit %d", pe->exit_status);
    else
        snprintf(what, sizeof what, "%s", pe->end == SIM_END_WATCHDOG ? "watchdog" : "crash");
    sim_trace_instant(pe->id, "pe", what, NULL);
}

void sim_trace_close(void)
{
    if (!tf)
        return;
    fprintf(tf, "\n]}\n");
    fclose(tf);
    tf = NULL;
    if (to_stdout) {
        fflush(stdout);
        fwrite(to_stdout, 1, to_stdout_len, stdout);
        fflush(stdout);
        free(to_stdout);
        to_stdout = NULL;
    }
}
