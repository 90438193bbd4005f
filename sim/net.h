/* sim/net: the network model.
 *
 * LogGP-style endpoints: the origin pays a CPU overhead per message (charged
 * by the caller), the message leaves through the origin's injection port
 * (busy for max(gap, bytes/bandwidth)), travels for the latency plus, in
 * adaptive ordering, a random route delay up to the jitter, then passes the
 * target's ejection port in arrival order (contention) and is delivered
 * when its last byte lands.  Adaptive ordering lets two messages between the
 * same pair overtake each other; fifo keeps pair order.
 *
 * A channel (one per SHMEM context, per LAPI task...) counts what its owner
 * has sent and not yet seen acknowledged (quiet waits for zero) and keeps
 * fence epochs: after sim_chan_fence, a message to a PE is injected only
 * once every earlier message of the channel to that PE is acknowledged.
 * Until a fence finds messages outstanding, a channel keeps them on a list
 * only; the per-target state of the epochs is built from it then, and
 * dropped again once every message so tracked is acknowledged.
 * Nothing here knows what a message means: its deliver function does. */
#ifndef SIM_NET_H
#define SIM_NET_H

#include "netparams.h"
#include "op.h"

#include <stddef.h>
#include <stdint.h>


typedef struct sim_msg sim_msg_t;
typedef void (*sim_msg_fn)(sim_msg_t *m);

struct sim_chan;

struct sim_msg {
    uint64_t id;             /* unique, in send order; the trace's flow id */
    int src, dst;            /* origin and target PE */
    sim_op_t op;             /* class, for trace, counts and faults */
    const char *what;        /* routine that sent it, for the trace */
    size_t bytes;            /* payload bytes on the wire */
    struct sim_chan *chan;   /* origin channel it counts in (fence/quiet), or NULL */
    uint64_t epoch;          /* the channel's fence epoch when sent */
    sim_msg_fn on_inject;    /* runs when it leaves the origin port, or NULL */
    sim_msg_fn on_arrive;    /* runs at the target when its head (first packet)
                              * arrives, before it queues for the ejection port,
                              * in scheduler context; or NULL.  deliver still runs
                              * later, when the last byte lands. */
    sim_msg_fn deliver;      /* runs at the target when its last byte lands */
    sim_msg_fn on_ack;       /* runs at the origin when the ack lands, or NULL */
    void *dst_addr;          /* target address, already translated */
    void *src_addr;          /* origin address (e.g. get destination, nbi source) */
    unsigned char *data;     /* payload: inline_data or a heap buffer */
    uint64_t arg[4];         /* free for the sender's protocol */
    void *ptr;               /* free for the sender's protocol */
    sim_msg_t *next;         /* held list, free list */
    struct sim_pair *pair;   /* its channel's state towards dst, or NULL while
                              * on the channel's list of unfenced messages */
    sim_msg_t *out_prev, *out_next; /* that list */
    uint32_t hb;             /* race detector record it carries (sim/hb), or 0; released with m */
    uint32_t fault_marks;    /* set by sim/fault when it leaves, acted on at delivery; 0 = none */
    size_t heap_bytes;       /* bytes of data allocated on the heap (0: inline) */
    unsigned char inline_data[32]; /* small payloads avoid an allocation */
};

typedef struct sim_pair sim_pair_t;

typedef struct sim_chan {
    int pe;               /* owner */
    uint64_t outstanding; /* sent or held, not yet acknowledged */
    uint64_t epoch;       /* fences so far that had something to order */
    uint64_t fences;      /* every fence so far (the race detector's epochs) */
    sim_pair_t *pairs;    /* per-destination fence state (uthash by dst) */
    int quiet_waiting;    /* owner is blocked until outstanding == 0 */
    sim_msg_t *unfenced;  /* messages sent, unacknowledged and not tracked per target */
    uint64_t tracked;     /* messages tracked per target, not yet acknowledged */
} sim_chan_t;

typedef struct sim_net_stats {
    uint64_t messages; /* delivered */
    uint64_t bytes;    /* payload bytes delivered */
    uint64_t held;     /* payload bytes messages hold now (copies in flight) */
    uint64_t held_peak; /* the most they ever held at once */
} sim_net_stats_t;

/* Creates the network for npes PEs (called once per run). */
void sim_net_create(int npes, const sim_net_params_t *p);
void sim_net_destroy(void);
const sim_net_params_t *sim_net_params(void);
const sim_net_stats_t *sim_net_stats(void);

/* Serialisation time of n bytes at the port bandwidth, in ns. */
uint64_t sim_net_wire_ns(size_t n);

/* A message with room for payload bytes of data (contents undefined). */
sim_msg_t *sim_msg_new(int src, int dst, sim_op_t op, size_t payload);
void sim_msg_free(sim_msg_t *m);
/* Sends m at the current virtual time.  Takes ownership; m is freed after
 * delivery (or after the ack when it has a channel).  Any context. */
void sim_net_send(sim_msg_t *m);

/* For sim/fault: puts m on the wire now, extra_ns later than the model
 * says and arriving no earlier than not_before, without consulting the
 * faults again (a retransmission, a message a reorder held back).  Returns
 * the time its first byte reaches the target. */
uint64_t sim_net_inject(sim_msg_t *m, uint64_t extra_ns, uint64_t not_before);

void sim_chan_init(sim_chan_t *c, int pe);
void sim_chan_destroy(sim_chan_t *c);
/* Later messages of c to a PE deliver after earlier ones of c to it. */
void sim_chan_fence(sim_chan_t *c);
/* PE context.  Blocks until every message of c is acknowledged.  May yield. */
void sim_chan_quiet(sim_chan_t *c, const char *why);
/* Counts an operation completed by other means (e.g. a get's reply) in c's
 * outstanding total: hold when it starts, release when it is done. */
void sim_chan_hold(sim_chan_t *c);
void sim_chan_release(sim_chan_t *c);

#endif
