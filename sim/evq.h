/* sim/evq: the event queue and the virtual clock.
 *
 * Events are ordered by (time, sequence).  The sequence number is taken
 * when an event is scheduled, so events due at the same virtual time fire
 * first-in first-out, whatever their addresses.  The queue does not run
 * events: the scheduler pops them and calls their function.  It knows
 * nothing of PEs, messages or SHMEM.
 *
 * Most events are due within a few microseconds of the clock (a wire's
 * latency, an acknowledgement, a call's CPU time): those sit in a wheel
 * of SIM_EVQ_SPAN one-nanosecond buckets covering [base, base + span),
 * each a first-in first-out list (so in sequence order: every event of a
 * bucket is due at the same time), found through a two-level bitmap.
 * The rest (sleeps, timeouts, long transfers) wait in a binary heap.  A
 * pop takes the earlier of the wheel's first event and the heap's, by
 * (time, sequence), so the order is exactly the heap-only order. */
#ifndef SIM_EVQ_H
#define SIM_EVQ_H

#include <stddef.h>
#include <stdint.h>

typedef void (*sim_event_fn)(void *arg);

typedef struct sim_event {
    uint64_t time;   /* virtual time in ns when it fires */
    uint64_t seq;    /* schedule order; breaks ties on time */
    sim_event_fn fn; /* called by the scheduler, in scheduler context */
    void *arg;       /* passed to fn, owned by whoever scheduled it */
} sim_event_t;

#define SIM_EVQ_SPAN 4096u /* wheel buckets, one per ns */

typedef struct sim_evq_node {
    sim_event_t ev;
    uint32_t next; /* the next node of its bucket, or of the free list; 0 none */
    uint32_t live; /* queued in the wheel */
} sim_evq_node_t;

typedef struct sim_evq {
    /* the wheel: bucket b holds the events due at the one time in
     * [base, base + span) that is b modulo span */
    sim_evq_node_t *node;   /* node[0] unused: index 0 means none */
    uint32_t nodes, cap_nodes, free_node;
    uint32_t *head, *tail;  /* per bucket */
    uint64_t *bits;         /* a bit per bucket: not empty */
    uint64_t summary[SIM_EVQ_SPAN / 64 / 64]; /* a bit per word of bits */
    uint64_t base;          /* no wheel event is due before it */
    uint64_t near_time;     /* the wheel's earliest time, UINT64_MAX when empty */
    size_t near;            /* events in the wheel */
    /* the heap: everything else, heap[0] the earliest */
    sim_event_t *heap;
    size_t far, cap;
    size_t len;             /* events queued */
    uint64_t next_seq;      /* sequence number of the next event scheduled */
    uint64_t fired;         /* events popped so far (for the report) */
} sim_evq_t;

void sim_evq_init(sim_evq_t *q);
void sim_evq_free(sim_evq_t *q);
/* Queues fn(arg) at time; aborts on out-of-memory.  Returns the event's
 * id (its sequence number), for sim_evq_cancel. */
uint64_t sim_evq_push(sim_evq_t *q, uint64_t time, sim_event_fn fn, void *arg);
/* Removes the queued event id, so it never fires; returns 0, or -1 when
 * it is not queued (it fired, or was cancelled).  Safe from an event's
 * function.  Costs a scan of the queue: for rare events (timeouts). */
int sim_evq_cancel(sim_evq_t *q, uint64_t id);
/* Removes the earliest event into *ev; returns 0, or -1 when empty. */
int sim_evq_pop(sim_evq_t *q, sim_event_t *ev);
/* Time of the earliest event, or UINT64_MAX when empty. */
static inline uint64_t sim_evq_min_time(const sim_evq_t *q)
{
    uint64_t far = q->far ? q->heap[0].time : UINT64_MAX;
    return q->near_time < far ? q->near_time : far;
}

#endif
