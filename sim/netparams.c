/*
 * sim/netparams — defaults, text setters and JSON form of the network
 * parameters (see netparams.h). All keys live in one table, so the list of
 * known keys in error messages, the setter and the docs cannot drift apart.
 */
#include "netparams.h"

#include "units.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* How a key's text value is parsed. */
typedef enum { KEY_DURATION, KEY_RATE, KEY_SIZE, KEY_ORDERING } key_type_t;

/* One settable key: X(name, type, struct field). */
#define SIM_NETPARAMS_KEYS(X)                    \
    X(latency,   KEY_DURATION, latency_ns)       \
    X(bandwidth, KEY_RATE,     bandwidth)        \
    X(overhead,  KEY_DURATION, overhead_ns)      \
    X(gap,       KEY_DURATION, gap_ns)           \
    X(jitter,    KEY_DURATION, jitter_ns)        \
    X(ordering,  KEY_ORDERING, ordering)         \
    X(packet,    KEY_SIZE,     packet_bytes)     \
    X(call,      KEY_DURATION, call_ns)

/* A row of the key table. */
typedef struct net_key {
    const char *name; /* key as written by the user */
    key_type_t type;  /* how its value is parsed */
    size_t offset;    /* offset of its field in sim_net_params_t */
} net_key_t;

#define NET_KEY_ROW(name, type, field) {#name, type, offsetof(sim_net_params_t, field)},
static const net_key_t net_keys[] = {SIM_NETPARAMS_KEYS(NET_KEY_ROW)};
#undef NET_KEY_ROW

#define NKEYS (sizeof net_keys / sizeof net_keys[0])

void sim_netparams_default(sim_net_params_t *p)
{
    p->latency_ns = 1000;
    p->bandwidth = 10e9;
    p->overhead_ns = 100;
    p->gap_ns = 5;
    p->jitter_ns = 200;
    p->ordering = SIM_ORDER_ADAPTIVE;
    p->packet_bytes = 2048;
    p->call_ns = 20;
}

static const net_key_t *find_key(const char *key)
{
    for (size_t i = 0; key != NULL && i < NKEYS; i++) {
        if (strcmp(net_keys[i].name, key) == 0)
            return &net_keys[i];
    }
    return NULL;
}

int sim_netparams_is_key(const char *key)
{
    return find_key(key) != NULL;
}

/* Writes "fmt..." to err when there is room; always returns -1. */
__attribute__((format(printf, 3, 4)))
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    if (err == NULL || errlen == 0)
        return -1;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static int unknown_key(const char *key, char *err, size_t errlen)
{
    char known[128] = "";
    for (size_t i = 0; i < NKEYS; i++) {
        if (i > 0)
            strcat(known, ", ");
        strcat(known, net_keys[i].name);
    }
    return fail(err, errlen, "unknown network key '%s' (known: %s)", key, known);
}

static int set_duration(uint64_t *field, const net_key_t *k, const char *v,
                        char *err, size_t errlen)
{
    uint64_t ns;
    if (sim_units_duration(v, &ns) != 0)
        return fail(err, errlen, "bad duration '%s' for %s (use e.g. 1us, 250ns, 1.5ms)",
                    v, k->name);
    if (ns > SIM_NETPARAMS_MAX_NS)
        return fail(err, errlen, "%s '%s' is too large (at most 3600s)", k->name, v);
    *field = ns;
    return 0;
}

static int set_size(uint64_t *field, const net_key_t *k, const char *v,
                    char *err, size_t errlen)
{
    uint64_t bytes;
    if (sim_units_size(v, &bytes) != 0)
        return fail(err, errlen, "bad size '%s' for %s (use e.g. 2048, 4KiB)", v, k->name);
    if (bytes == 0)
        return fail(err, errlen, "%s must be at least 1 byte, got '%s'", k->name, v);
    *field = bytes;
    return 0;
}

static int set_rate(double *field, const net_key_t *k, const char *v,
                    char *err, size_t errlen)
{
    double r;
    if (sim_units_rate(v, &r) != 0)
        return fail(err, errlen, "bad rate '%s' for %s (use e.g. 10GB/s, 1.5GiB/s, 1e9)",
                    v, k->name);
    /* Slower than a byte a second, one message would outlast virtual
     * time's range (584 years of ns). */
    if (!(r >= 1.0))
        return fail(err, errlen, "%s must be at least 1 byte/s, got '%s'", k->name, v);
    *field = r;
    return 0;
}

static int set_ordering(sim_order_t *field, const char *v, char *err, size_t errlen)
{
    if (strcmp(v, "adaptive") == 0)
        *field = SIM_ORDER_ADAPTIVE;
    else if (strcmp(v, "fifo") == 0)
        *field = SIM_ORDER_FIFO;
    else
        return fail(err, errlen, "bad ordering '%s' (known: adaptive, fifo)", v);
    return 0;
}

int sim_netparams_set(sim_net_params_t *p, const char *key, const char *value,
                      char *err, size_t errlen)
{
    const net_key_t *k = find_key(key);
    char *field;
    if (k == NULL)
        return unknown_key(key ? key : "", err, errlen);
    if (value == NULL)
        value = "";
    field = (char *)p + k->offset;
    switch (k->type) {
    case KEY_DURATION: return set_duration((uint64_t *)(void *)field, k, value, err, errlen);
    case KEY_SIZE:     return set_size((uint64_t *)(void *)field, k, value, err, errlen);
    case KEY_RATE:     return set_rate((double *)(void *)field, k, value, err, errlen);
    case KEY_ORDERING: return set_ordering((sim_order_t *)(void *)field, value, err, errlen);
    }
    return fail(err, errlen, "internal error: key '%s' has no type", key);
}

int sim_netparams_set_kv(sim_net_params_t *p, const char *kv, char *err, size_t errlen)
{
    char key[64];
    const char *eq = kv ? strchr(kv, '=') : NULL;
    size_t n = eq ? (size_t)(eq - kv) : 0;
    if (eq == NULL || n == 0)
        return fail(err, errlen, "expected KEY=VALUE for --net, got '%s'", kv ? kv : "");
    if (n >= sizeof key)
        return fail(err, errlen, "unknown network key '%.*s...'", 20, kv);
    memcpy(key, kv, n);
    key[n] = '\0';
    return sim_netparams_set(p, key, eq + 1, err, errlen);
}

/* Prints a bandwidth without locale influence: integers as integers, the
 * rest with %.17g and the decimal separator forced to '.'. */
static void format_rate(double v, char *buf, size_t len)
{
    if (!isfinite(v)) {
        snprintf(buf, len, "null");
    } else if (v >= 0.0 && v < 9.0e18 && v == (double)(uint64_t)v) {
        snprintf(buf, len, "%llu", (unsigned long long)(uint64_t)v);
    } else {
        snprintf(buf, len, "%.17g", v);
        for (char *c = buf; *c != '\0'; c++) {
            if (*c == ',')
                *c = '.';
        }
    }
}

void sim_netparams_yaml(const sim_net_params_t *p, FILE *f)
{
    fputc('{', f);
    for (size_t i = 0; i < NKEYS; i++) {
        const char *field = (const char *)p + net_keys[i].offset;
        fprintf(f, "%s%s: ", i ? ", " : "", net_keys[i].name);
        switch (net_keys[i].type) {
        case KEY_DURATION:
            fprintf(f, "%lluns", (unsigned long long)*(const uint64_t *)field);
            break;
        case KEY_SIZE:
            fprintf(f, "%llu", (unsigned long long)*(const uint64_t *)field);
            break;
        case KEY_RATE:
            fprintf(f, "%.17g", *(const double *)field);
            break;
        case KEY_ORDERING:
            fputs(*(const sim_order_t *)field == SIM_ORDER_FIFO ? "fifo" : "adaptive", f);
            break;
        }
    }
    fputc('}', f);
}

void sim_netparams_json(const sim_net_params_t *p, char *buf, size_t len)
{
    char bw[48];
    if (buf == NULL || len == 0)
        return;
    format_rate(p->bandwidth, bw, sizeof bw);
    snprintf(buf, len,
             "{\"latency_ns\":%llu,\"bandwidth\":%s,\"overhead_ns\":%llu,\"gap_ns\":%llu,"
             "\"jitter_ns\":%llu,\"ordering\":\"%s\",\"packet_bytes\":%llu,\"call_ns\":%llu}",
             (unsigned long long)p->latency_ns, bw, (unsigned long long)p->overhead_ns,
             (unsigned long long)p->gap_ns, (unsigned long long)p->jitter_ns,
             p->ordering == SIM_ORDER_FIFO ? "fifo" : "adaptive",
             (unsigned long long)p->packet_bytes, (unsigned long long)p->call_ns);
}
