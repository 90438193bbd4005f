/* sim/op: the classes of network messages, and the sets of them a fault
 * can be aimed at.
 *
 * A class is what a one-sided network carries: a write (put), a read
 * request (get) and the reply that brings its data back, an atomic, a
 * write that signals its target, an active message that runs a handler at
 * its target, a collective protocol's data or flag, and control traffic
 * (the simulator's own synchronisation).  An API layer picks the class of
 * each message it sends; the trace names messages by class, and a
 * scenario's `op:` names a set of classes (a filter).  One list each. */
#ifndef SIM_OP_H
#define SIM_OP_H

#include <stddef.h>

#define SIM_OPS(X) \
    X(PUT, "put") X(GET, "get") X(AMO, "amo") X(SIGNAL, "signal") X(AM, "am") X(CTRL, "ctrl") \
    X(REPLY, "reply") X(COLL, "coll")

typedef enum {
#define SIM_OP_ENUM(name, str) SIM_OP_##name,
    SIM_OPS(SIM_OP_ENUM)
#undef SIM_OP_ENUM
    SIM_OP_COUNT
} sim_op_t;

/* A set of classes, as a bit mask. */
#define SIM_OP_BIT(name) (1u << SIM_OP_##name)
#define SIM_OP_ANY ((1u << SIM_OP_COUNT) - 1)

/* The filters a scenario's `op:` may name, and the classes each selects:
 * a get's data travels in its reply; "coll" is collective traffic, the
 * protocols' messages and the internal barrier's signals. */
#define SIM_OP_FILTERS(X)                                                            \
    X("any", SIM_OP_ANY) X("put", SIM_OP_BIT(PUT))                                   \
    X("get", SIM_OP_BIT(GET) | SIM_OP_BIT(REPLY)) X("amo", SIM_OP_BIT(AMO))          \
    X("signal", SIM_OP_BIT(SIGNAL)) X("am", SIM_OP_BIT(AM))                          \
    X("coll", SIM_OP_BIT(CTRL) | SIM_OP_BIT(COLL))

/* The class's name ("put"). */
const char *sim_op_name(sim_op_t op);
/* The classes the filter name selects, or 0 when there is no such filter. */
unsigned sim_op_filter(const char *name);
/* The filter that selects exactly the classes in mask, or NULL. */
const char *sim_op_filter_name(unsigned mask);
/* The i-th filter's name, in the order above, or NULL past the last. */
const char *sim_op_filter_at(size_t i);
/* The narrowest filter that selects op ("coll" for "ctrl"). */
const char *sim_op_filter_of(sim_op_t op);

#endif
