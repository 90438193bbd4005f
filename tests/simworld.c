/* tests/simworld: see simworld.h. */
#include "simworld.h"
#include "evq.h"
#include "net.h"
#include "rng.h"

#include <stdlib.h>
#include <string.h>

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
