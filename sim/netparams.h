/*
 * sim/netparams — the parameters of the network model and their text form.
 *
 * Is:     the one definition of the LogGP-style knobs (SPEC §4), their
 *         defaults, how a "key=value" from --net or a scenario's network:
 *         mapping sets one of them, and their JSON form for the report.
 * Is not: the network model itself (sim/net), which only reads this struct.
 *
 * Keys and value syntax (durations, sizes, rates as in sim/units):
 *   latency   duration   wire latency                       (1us)
 *   bandwidth rate       per injection and ejection port    (10GB/s)
 *   overhead  duration   origin CPU cost per message        (100ns)
 *   gap       duration   min gap between two injections     (5ns)
 *   jitter    duration   max extra random route delay       (200ns)
 *   ordering  adaptive | fifo                               (adaptive)
 *   packet    size       network packet size, >= 1 byte     (2048)
 *   call      duration   CPU cost of a call sending nothing (20ns)
 * Durations are capped at SIM_NETPARAMS_MAX_NS so per-message arithmetic in
 * the model can never overflow.
 */
#ifndef SIM_NETPARAMS_H
#define SIM_NETPARAMS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Largest duration any network parameter may take: one hour. */
#define SIM_NETPARAMS_MAX_NS (UINT64_C(3600) * 1000000000u)

/* A buffer this large always holds sim_netparams_json's output. */
#define SIM_NETPARAMS_JSON_MAX 320

/* Whether two messages between the same pair of PEs keep their order. */
typedef enum { SIM_ORDER_ADAPTIVE = 0, SIM_ORDER_FIFO = 1 } sim_order_t;

/* The network model's knobs. Invariant after sim_netparams_default and any
 * sequence of successful sim_netparams_set calls: bandwidth is finite and
 * > 0, packet_bytes >= 1, every *_ns <= SIM_NETPARAMS_MAX_NS. */
typedef struct sim_net_params {
    uint64_t latency_ns;   /* wire latency, default 1000 */
    double   bandwidth;    /* bytes/s of each injection and ejection port, default 10e9 */
    uint64_t overhead_ns;  /* origin CPU overhead per message, default 100 */
    uint64_t gap_ns;       /* minimum gap between two injections at one port, default 5 */
    uint64_t jitter_ns;    /* max extra random route delay per message, default 200 */
    sim_order_t ordering;  /* adaptive (default): same-pair messages may overtake; fifo */
    uint64_t packet_bytes; /* network packet size, default 2048 */
    uint64_t call_ns;      /* CPU cost of an API call that sends nothing, default 20 */
} sim_net_params_t;

/* Fills *p with the defaults listed above. Never fails. */
void sim_netparams_default(sim_net_params_t *p);

/* Returns 1 if key names a network parameter (see the list above), else 0.
 * Lets callers tell "unknown key" from "bad value" before calling set. */
int sim_netparams_is_key(const char *key);

/* Sets one key (latency, bandwidth, overhead, gap, jitter, ordering, packet,
 * call) from its text value. Returns 0, or -1 with *p unchanged and a
 * one-line reason in err (e.g. "unknown network key 'latncy' (known:
 * latency, bandwidth, ...)", "bad duration '1 parsec' for latency").
 * err may be NULL or errlen 0; the message is truncated to errlen. */
int sim_netparams_set(sim_net_params_t *p, const char *key, const char *value,
                      char *err, size_t errlen);

/* The "key=value" form used by --net; the value is everything after the
 * first '='. Same results as sim_netparams_set, plus -1 when there is no
 * '=' or no key. */
int sim_netparams_set_kv(sim_net_params_t *p, const char *kv, char *err, size_t errlen);

/* Writes *p as a one-line JSON object with a fixed key order and number
 * format (independent of the C locale), e.g.
 * {"latency_ns":1000,"bandwidth":10000000000,"overhead_ns":100,"gap_ns":5,
 *  "jitter_ns":200,"ordering":"adaptive","packet_bytes":2048,"call_ns":20}
 * bandwidth is in bytes/s. Output is truncated (still NUL-terminated) if
 * len < SIM_NETPARAMS_JSON_MAX; len 0 writes nothing. */
void sim_netparams_json(const sim_net_params_t *p, char *buf, size_t len);
/* Writes *p to f as a YAML flow mapping of every key, in the table's order,
 * in a form sim_netparams_set reads back to the same values (durations in
 * ns, the rate with 17 significant digits). */
void sim_netparams_yaml(const sim_net_params_t *p, FILE *f);

#endif /* SIM_NETPARAMS_H */
