/* sim/rng: seeded xoshiro256**, state expanded from the seed by splitmix64. */
#include "rng.h"

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void sim_rng_seed(sim_rng_t *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix(&x);
}

uint64_t sim_rng_next(sim_rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

uint64_t sim_rng_below(sim_rng_t *r, uint64_t n)
{
    if (n == 0)
        return 0;
    /* Rejection keeps the draw unbiased; the loop almost never repeats. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t v;
    do
        v = sim_rng_next(r);
    while (v >= limit);
    return v % n;
}

double sim_rng_unit(sim_rng_t *r)
{
    return (double)(sim_rng_next(r) >> 11) * 0x1.0p-53;
}
