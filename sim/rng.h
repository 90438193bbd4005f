/* sim/rng: the simulator's only source of randomness.
 *
 * A seeded xoshiro256** generator.  Every random choice in a run (jitter,
 * probabilistic faults, deposit order) draws from the one generator held by
 * the world, in event order, so a seed fixes the whole run.  It is not a
 * cryptographic generator and is not meant to be one. */
#ifndef SIM_RNG_H
#define SIM_RNG_H

#include <stdint.h>

typedef struct sim_rng {
    uint64_t s[4]; /* xoshiro256** state, never all zero */
} sim_rng_t;

/* Seeds the generator; any seed (including 0) gives a valid state. */
void sim_rng_seed(sim_rng_t *r, uint64_t seed);
/* Next 64 random bits. */
uint64_t sim_rng_next(sim_rng_t *r);
/* Uniform integer in [0, n); n == 0 gives 0. */
uint64_t sim_rng_below(sim_rng_t *r, uint64_t n);
/* Uniform double in [0, 1). */
double sim_rng_unit(sim_rng_t *r);

#endif
