/* sim/evq: the event queue and the virtual clock.
 *
 * A binary min-heap of events ordered by (time, sequence).  The sequence
 * number is taken when an event is scheduled, so events due at the same
 * virtual time fire first-in first-out, whatever their addresses.  The queue
 * does not run events: the scheduler pops them and calls their function.
 * It knows nothing of PEs, messages or SHMEM. */
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

typedef struct sim_evq {
    sim_event_t *heap; /* heap[0] is the earliest event */
    size_t len;        /* events queued */
    size_t cap;        /* allocated slots */
    uint64_t next_seq; /* sequence number of the next event scheduled */
    uint64_t fired;    /* events popped so far (for the report) */
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
    return q->len ? q->heap[0].time : UINT64_MAX;
}

#endif
