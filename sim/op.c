/* sim/op: names of message classes and of fault filters. */
#include "op.h"

#include <string.h>

static const char *const names[] = {
#define SIM_OP_NAME(name, str) str,
    SIM_OPS(SIM_OP_NAME)
#undef SIM_OP_NAME
};

static const struct {
    const char *name;
    unsigned mask;
} filters[] = {
#define SIM_OP_FILTER(name, mask) {name, mask},
    SIM_OP_FILTERS(SIM_OP_FILTER)
#undef SIM_OP_FILTER
};
#define NFILTERS (sizeof filters / sizeof filters[0])

const char *sim_op_name(sim_op_t op)
{
    return names[op];
}

unsigned sim_op_filter(const char *name)
{
    for (size_t i = 0; i < NFILTERS; i++)
        if (strcmp(name, filters[i].name) == 0)
            return filters[i].mask;
    return 0;
}

const char *sim_op_filter_name(unsigned mask)
{
    for (size_t i = 0; i < NFILTERS; i++)
        if (filters[i].mask == mask)
            return filters[i].name;
    return NULL;
}

const char *sim_op_filter_of(sim_op_t op)
{
    for (size_t i = 1; i < NFILTERS; i++) /* (0 is "any") */
        if (filters[i].mask & (1u << op))
            return filters[i].name;
    return "any";
}

const char *sim_op_filter_at(size_t i)
{
    return i < NFILTERS ? filters[i].name : NULL;
}
