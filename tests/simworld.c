/* tests/simworld: see simworld.h. */
#include "simworld.h"
#include "evq.h"
#include "net.h"
#include "rng.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

tw_got_t tw_got[TW_MAXMSG];
int tw_ngot;

void tw_world(sim_world_t *w, int npes, uint64_t seed, const sim_net_params_t *p)
{
    memset(w, 0, sizeof *w);
    w->npes = w->cfg.npes = npes;
    w->pes = calloc((size_t)npes, sizeof *w->pes);
    for (int i = 0; i < npes; i++)
        w->pes[i].id = i;
    sim_evq_init(&w->evq);
    sim_rng_seed(&w->rng, seed);
    sim_w = w;
    if (p)
        sim_net_create(npes, p);
    tw_ngot = 0;
}

sim_net_params_t tw_net(uint64_t latency_ns, double bandwidth, uint64_t jitter_ns,
                        sim_order_t ordering)
{
    sim_net_params_t p;
    sim_netparams_default(&p);
    p.latency_ns = latency_ns;
    p.bandwidth = bandwidth;
    p.jitter_ns = jitter_ns;
    p.gap_ns = 0;
    p.ordering = ordering;
    return p;
}

void tw_run(sim_world_t *w)
{
    sim_event_t ev;
    while (sim_evq_pop(&w->evq, &ev) == 0) {
        w->now = ev.time;
        ev.fn(ev.arg);
    }
}

void tw_done(sim_world_t *w)
{
    sim_net_destroy();
    sim_evq_free(&w->evq);
    free(w->pes);
    sim_w = NULL;
}

static void record(sim_msg_t *m)
{
    ck_assert_int_lt(tw_ngot, TW_MAXMSG);
    tw_got[tw_ngot].src = m->src;
    tw_got[tw_ngot].dst = m->dst;
    tw_got[tw_ngot].tag = m->arg[0];
    tw_got[tw_ngot].time = sim_w->now;
    tw_ngot++;
}

void tw_send(int src, int dst, size_t bytes, uint64_t tag, sim_chan_t *chan)
{
    sim_msg_t *m = sim_msg_new(src, dst, SIM_OP_PUT, bytes);
    m->arg[0] = tag;
    m->chan = chan;
    m->deliver = record;
    sim_net_send(m);
}
