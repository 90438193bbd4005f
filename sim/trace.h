/* sim/trace: the Chrome trace-event JSON written with --trace.
 *
 * One track (tid) per PE under one process; API calls are complete ("X")
 * events with their call site (a call that never returned ends at the end
 * of the run, with its state), every message is a flow arrow, in the same
 * category, from a small "send" slice on the origin's track to a "deliver"
 * slice on the target's (with the routine, the target variable, and a
 * mark when a later message on the pair arrived first), findings and
 * faults are instant events.  Timestamps are virtual time (microseconds with
 * nanosecond decimals), so the file is identical across identical runs.
 * Every function is a no-op when no trace is open. */
#ifndef SIM_TRACE_H
#define SIM_TRACE_H

#include "net.h"
#include "world.h"

#include <stdint.h>

/* Opens path and writes the header and track names; -1 with err on failure. */
int sim_trace_open(const char *path, int npes, char *err, size_t errlen);
void sim_trace_span(const sim_pe_t *pe, const char *name, uint64_t start, uint64_t end);
/* The call pe is in when the run ends with it not returned (blocked at a
 * deadlock, stopped, crashed), as a slice from its start to now with
 * state saying why it never returned; nothing when pe is in no call. */
void sim_trace_open_call(const sim_pe_t *pe, const char *state);
void sim_trace_flow_start(const sim_msg_t *m, uint64_t t);
void sim_trace_flow_end(const sim_msg_t *m);
/* An instant event on pe's track (pe -1: process-wide). */
void sim_trace_instant(int pe, const char *cat, const char *name, const char *detail);
void sim_trace_pe_end(const sim_pe_t *pe);
/* Terminates the JSON and closes the file (safe to call twice). */
void sim_trace_close(void);

#endif
