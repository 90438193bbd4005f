/* sim/fault: the fault engine (SPEC §6, scenarios/README.md "faults").
 *
 * Is:     the interpretation of a scenario's faults during one run.  It
 *         decides, message by message and call by call, whether a fault
 *         fires, applies it, and records every firing (a trace instant on
 *         the PE's track, a count per fault for the summary and the report,
 *         one line on stderr the first time each fault fires).
 * Is not: the scenario loader (sim/scenario checks the file), the network
 *         model (sim/net, which calls the hooks below) or the scheduler
 *         (sim/sched, likewise).
 *
 * How faults attach to the run:
 *   - message faults (delay, drop, duplicate, reorder, corrupt) and
 *     network faults (partition, link_down) are matched when a message
 *     leaves its origin (sim_fault_inject, from sim/net's inject); window
 *     is compared with that time, and nth counts the messages that passed
 *     the filters, in the order they leave.  Faults apply in file order;
 *     once one drops a message, later ones do not see it.  Corruption and
 *     duplication act when the message is delivered (sim_fault_deliver).
 *   - PE faults fire either at a virtual time (an event queued at
 *     sim_fault_start) or when the PE enters a routine (sim_fault_call,
 *     from sim_call_enter, outermost calls only).
 *   - a crash fault ends the PE like a failed node: the job goes on, and
 *     messages to or from the dead PE are lost.  If the others then wait for
 *     it, the run ends as a deadlock; if they all finish, as a crash.
 *
 * Determinism: the only random draws are for 'probability' (and which bits
 * a corrupt fault flips); they come from sim_w->rng in event order, and
 * only when a draw is needed, so a scenario without probabilistic faults
 * leaves the generator's sequence as a plain run has it.
 *
 * Every hook is cheap when the run has no faults: callers test
 * sim_fault_hooks first. */
#ifndef SIM_FAULT_H
#define SIM_FAULT_H

#include "evq.h"
#include "net.h"
#include "world.h"

#include <stdint.h>
#include <stdio.h>

struct sim_fault;

/* Which hooks have work to do in this run (0 = none: no scenario faults). */
enum {
    SIM_FAULT_HOOK_NET = 1u,  /* message faults, partitions, links, or a crash */
    SIM_FAULT_HOOK_CALL = 2u, /* at_call triggers */
    SIM_FAULT_HOOK_CPU = 4u   /* stall and slow */
};
extern unsigned sim_fault_hooks;

/* Takes the faults of the run (cfg->faults, borrowed until
 * sim_fault_destroy) after the program is loaded; checks what only the
 * loaded program can tell (memory symbols and their sizes, at_call routine
 * names).  Returns 0, or -1 with "FILE:LINE:COL: message" in err.
 * Scheduler context, before the run. */
int sim_fault_create(const struct sim_fault *faults, int n, const char *file,
                     char *err, size_t errlen);
/* Queues the time-triggered faults; call once, just before the run. */
void sim_fault_start(void);
/* After the run: a PE crashed by a fault makes an otherwise successful (or
 * exit-nonzero) run a crash, with that PE as the culprit. */
void sim_fault_finish(void);
void sim_fault_destroy(void);

/* ---- hooks for sim/net ---- */

/* m is about to leave its origin.  Returns 1 when the engine took it
 * (lost, held back for a reorder, or to be retransmitted), else 0 with
 * *extra_ns set to the delay to add to its flight.  Any context. */
int sim_fault_inject(sim_msg_t *m, uint64_t *extra_ns);
/* m has arrived at its target.  Returns 1 when the engine took it (the
 * target PE is down: the message is freed), else 0. */
int sim_fault_arrive(sim_msg_t *m);
/* m (whose fault_marks are non-zero) is about to be delivered: flips the
 * bits a corrupt fault asked for and queues the duplicate's delivery. */
void sim_fault_deliver(sim_msg_t *m);
/* 1 while a duplicate is being delivered: messages its delivery sends
 * (a get's reply, ...) are not sent, since the original already sent them. */
int sim_fault_muted(void);

/* ---- hooks for sim/sched ---- */

/* pe (running) has entered routine name (outermost call).  May yield (a
 * stall) or not return (a crash). */
void sim_fault_call(sim_pe_t *pe, const char *name);
/* The CPU cost ns of the running pe after slow faults active now. */
uint64_t sim_fault_cpu(const sim_pe_t *pe, uint64_t ns);
/* Time until which pe is stalled (0 or a past time: not stalled). */
uint64_t sim_fault_stalled_until(const sim_pe_t *pe);

/* ---- results ---- */

/* Total firings so far. */
uint64_t sim_fault_fired(void);
/* Number of faults in the run. */
int sim_fault_count(void);
/* How pe ended if a fault crashed it ("crashed by the fault at F:L:C at
 * t=...ns"), else NULL. */
const char *sim_fault_pe_note(int pe, char *buf, size_t len);
/* For a deadlock's report: how many messages drop faults lost for good,
 * and the first of them; NULL when none was. */
const char *sim_fault_lost_note(char *buf, size_t len);
/* Writes the report's "faults" member (with its trailing comma). */
void sim_fault_write_json(FILE *f);

#endif
