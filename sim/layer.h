/* sim/layer: what an API layer tells the engine about itself.
 *
 * The engine knows no API.  An API (SHMEM, LAPI, a language binding) is a
 * layer: it describes itself with a sim_layer_t and registers it once,
 * before any run, from a constructor of the library.  It gives its name,
 * the rules it diagnoses (its table of checks, which --check selects from
 * and --check list prints), and the hooks the engine calls for it.
 *
 * Order: layers are kept by rank (the engine's own checks come first, as
 * rank 0), so --check list and the hooks follow an order fixed in the
 * source, never the link order.
 *
 * Per-PE state: registering sets l->slot; pe->layer[l->slot] is the
 * layer's own pointer, NULL until the layer sets it (in a PE and in each
 * of its threads).  The engine never looks inside; when the world is
 * destroyed it asks the layer to free it (free_ctx), then the layer's
 * state for the run (free_run). */
#ifndef SIM_LAYER_H
#define SIM_LAYER_H

#include "finding.h"
#include "world.h"

#include <stddef.h>

typedef struct sim_layer {
    const char *name;       /* "shmem", "lapi", ... */
    int rank;               /* order among layers, >= 1 */
    sim_check_t *checks;    /* the rules it raises findings for */
    size_t nchecks;
    /* On the running PE when it exits (main returned or exit()), after its
     * atexit handlers, with pe->exit_status set: the layer's last look at
     * it; it may still block (a collective finalisation).  May be NULL. */
    void (*on_pe_exit)(sim_pe_t *pe);
    /* When a run starts, before any PE: reads what the layer takes from
     * the environment; non-zero with err filled refuses the run (a usage
     * error).  May be NULL. */
    int (*at_start)(char *err, size_t errlen);
    /* Once the run has ended, in scheduler context (sim_pe_self() is NULL),
     * before the end-of-run reports; may raise findings (what a checker
     * gathered from PEs that never all got there).  May be NULL. */
    void (*at_end)(void);
    /* When the world is destroyed (sim_world_destroy), for every context
     * (each PE's threads, then the PE): frees ctx->layer[slot] and what it
     * holds.  Nothing runs any more; the network and the event queue are
     * still there.  May be NULL (nothing per context). */
    void (*free_ctx)(sim_pe_t *ctx);
    /* Then once: frees the layer's state for the run (its sim_layer_run
     * slot and whatever else the run made).  May be NULL. */
    void (*free_run)(void);
    /* On the running context, before the program frees a private block
     * [p, p + n) (free, or a realloc that moves it), called from site: a
     * layer whose non-blocking transfers still use memory there reports
     * it and stops using it.  May be NULL. */
    void (*on_free)(const void *p, size_t n, const void *site);
    /* Whether a busy-waiting PE's watchdog message may suggest hint (a
     * sentence naming the layer's blocking wait), or NULL. */
    const char *busy_wait_hint;
    int slot;               /* set by sim_layer_register */
} sim_layer_t;

/* The layer's state for the whole run (not per PE): its slot of the
 * world, NULL until the layer sets it; a new run starts with NULL. */
static inline void **sim_layer_run(const sim_layer_t *l)
{
    return &sim_w->layer_run[l->slot];
}

/* Registers l (static storage, not yet registered, at most SIM_LAYERS_MAX
 * with the engine's own).  Call before any run. */
void sim_layer_register(sim_layer_t *l);
/* The i-th layer in rank order, the engine's own first; NULL past the
 * last. */
const sim_layer_t *sim_layer_at(size_t i);
/* Calls every layer's on_pe_exit for pe, in rank order (sim/sched). */
void sim_layers_pe_exit(sim_pe_t *pe);
/* Calls every layer's at_start, in rank order, until one refuses (-1,
 * err filled) (sim/run). */
int sim_layers_at_start(char *err, size_t errlen);
/* Calls every layer's on_free, in rank order (sim/interpose). */
void sim_layers_free(const void *p, size_t n, const void *site);
/* Calls every layer's at_end, in rank order (sim/run). */
void sim_layers_at_end(void);
/* Calls every layer's free_ctx for ctx, then (sim_layers_free_run) every
 * layer's free_run, in reverse rank order (sim/run's sim_world_destroy). */
void sim_layers_free_ctx(sim_pe_t *ctx);
void sim_layers_free_run(void);

#endif
