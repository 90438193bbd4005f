/* tests/simworld: worlds with no program, for the suites that test the
 * engine in-process (net, fault, sched). */
#ifndef TESTS_SIMWORLD_H
#define TESTS_SIMWORLD_H

#include "net.h"
#include "netparams.h"
#include "world.h"

#include <stdint.h>

/* Makes *w the current world: npes PEs (numbered, nothing else set), an
 * event queue and a generator seeded with seed; with p, also a network
 * with those parameters. */
void tw_world(sim_world_t *w, int npes, uint64_t seed, const sim_net_params_t *p);
/* Network parameters: the defaults with this latency, bandwidth, jitter
 * and ordering, and no per-message gap. */
sim_net_params_t tw_net(uint64_t latency_ns, double bandwidth, uint64_t jitter_ns,
                        sim_order_t ordering);
/* Fires every queued event in (time, order) order, moving the clock. */
void tw_run(sim_world_t *w);
/* Frees what tw_world made; no world is current afterwards. */
void tw_done(sim_world_t *w);

/* Deliveries of the messages tw_send sent, in delivery order (tw_world
 * empties the list). */
enum { TW_MAXMSG = 4096 };
typedef struct tw_got {
    int src, dst;
    uint64_t tag, time; /* the sender's tag; virtual time of delivery */
} tw_got_t;
extern tw_got_t tw_got[TW_MAXMSG];
extern int tw_ngot;
/* Sends a put of bytes from src to dst on chan (NULL: none) carrying tag,
 * to be recorded in tw_got when delivered. */
void tw_send(int src, int dst, size_t bytes, uint64_t tag, sim_chan_t *chan);

#endif
