/* sim/net: message timing, ports, ordering, fence epochs and acks. */
#include "net.h"
#include "hb.h"
#include "fault.h"
#include "sched.h"
#include "trace.h"
#include "util.h"
#include "world.h"

#include <stdlib.h>
#include <string.h>
#include <uthash.h>

typedef struct epoch_group {
    uint64_t epoch;   /* fence epoch of the messages in the group */
    uint64_t pending; /* of them, not yet acknowledged */
} epoch_group_t;

/* A channel's state towards one target while it has messages there
 * unacknowledged: pairs with nothing outstanding are recycled, so a
 * channel holds state for its busy targets only, not for every PE. */
struct sim_pair {
    int dst;               /* hash key */
    epoch_group_t *groups; /* unacknowledged epochs, oldest first, from head */
    size_t head, n, cap;   /* ring of groups */
    sim_msg_t *held, *held_tail; /* messages waiting for older epochs */
    UT_hash_handle hh;
    sim_pair_t *next_free; /* on the network's free list */
};

typedef struct fifo_pair {
    uint64_t key;       /* src * npes + dst */
    uint64_t last_head; /* arrival time of the pair's last message */
    UT_hash_handle hh;
} fifo_pair_t;

typedef struct sim_net {
    sim_net_params_t p;   /* parameters */
    int npes;
    uint64_t *inj_free;   /* time each injection port is next free */
    uint64_t *ej_free;    /* time each ejection port is next free */
    fifo_pair_t *fifo;    /* per-pair arrival floor (fifo ordering only) */
    uint64_t next_id;     /* message ids */
    sim_msg_t *free_msgs; /* recycled messages */
    sim_msg_t **slabs;    /* every message lives in one of these (freed with the net) */
    size_t nslabs;
    sim_pair_t *free_pairs; /* recycled channel-to-target states */
    sim_net_stats_t stats;
    /* Large payload buffers kept for the next large message, so a stream
     * of big transfers does not map and fault in fresh memory each time. */
    struct {
        unsigned char *p;
        size_t cap;
    } spare[8];
} sim_net_t;

#define SPARE_MIN ((size_t)64 * 1024) /* smaller buffers go back to malloc */
#define MSG_SLAB 64                    /* messages allocated at a time */

void sim_net_create(int npes, const sim_net_params_t *p)
{
    sim_net_t *net = sim_xcalloc(1, sizeof *net);
    net->p = *p;
    net->npes = npes;
    net->inj_free = sim_xcalloc((size_t)npes, sizeof *net->inj_free);
    net->ej_free = sim_xcalloc((size_t)npes, sizeof *net->ej_free);
    sim_w->net = net;
}

void sim_net_destroy(void)
{
    sim_net_t *net = sim_w ? sim_w->net : NULL;
    if (!net)
        return;
    fifo_pair_t *f, *tmp;
    HASH_ITER(hh, net->fifo, f, tmp) {
        HASH_DEL(net->fifo, f);
        free(f);
    }
    while (net->free_pairs) {
        sim_pair_t *p = net->free_pairs;
        net->free_pairs = p->next_free;
        free(p->groups);
        free(p);
    }
    /* Messages still in flight (a deadlock, a PE that stopped) are freed
     * with the free ones: a message not free has its data (sim_msg_free
     * clears it). */
    for (size_t i = 0; i < net->nslabs; i++) {
        for (size_t k = 0; k < MSG_SLAB; k++) {
            sim_msg_t *m = &net->slabs[i][k];
            if (m->data && m->data != m->inline_data)
                free(m->data);
        }
        free(net->slabs[i]);
    }
    free(net->slabs);
    for (size_t i = 0; i < sizeof net->spare / sizeof net->spare[0]; i++)
        free(net->spare[i].p);
    free(net->inj_free);
    free(net->ej_free);
    free(net);
    sim_w->net = NULL;
}

const sim_net_params_t *sim_net_params(void)
{
    sim_net_t *net = sim_w->net;
    return &net->p;
}

const sim_net_stats_t *sim_net_stats(void)
{
    sim_net_t *net = sim_w->net;
    return &net->stats;
}

sim_msg_t *sim_msg_new(int src, int dst, sim_op_t op, size_t payload)
{
    sim_net_t *net = sim_w->net;
    if (!net->free_msgs) { /* a new slab of free messages */
        sim_msg_t *slab = sim_xcalloc(MSG_SLAB, sizeof *slab);
        net->slabs = sim_xrealloc(net->slabs, (net->nslabs + 1) * sizeof *net->slabs);
        net->slabs[net->nslabs++] = slab;
        for (size_t k = MSG_SLAB; k-- > 0;) {
            slab[k].next = net->free_msgs;
            net->free_msgs = &slab[k];
        }
    }
    sim_msg_t *m = net->free_msgs;
    net->free_msgs = m->next;
    memset(m, 0, offsetof(sim_msg_t, inline_data));
    m->src = src;
    m->dst = dst;
    m->op = op;
    m->bytes = payload;
    m->data = m->inline_data;
    if (payload > sizeof m->inline_data) {
        m->data = NULL;
        m->heap_bytes = payload;
        for (size_t i = 0; payload >= SPARE_MIN && i < sizeof net->spare / sizeof net->spare[0]; i++)
            if (net->spare[i].p && net->spare[i].cap >= payload &&
                net->spare[i].cap / 2 <= payload) {
                m->data = net->spare[i].p;
                m->heap_bytes = net->spare[i].cap;
                net->spare[i].p = NULL;
                break;
            }
        if (!m->data)
            m->data = sim_xmalloc(payload);
        payload = m->heap_bytes;
        net->stats.held += payload;
        if (net->stats.held > net->stats.held_peak)
            net->stats.held_peak = net->stats.held;
    }
    return m;
}

void sim_msg_free(sim_msg_t *m)
{
    sim_net_t *net = sim_w->net;
    if (m->hb)
        sim_hb_unref(m->hb);
    if (m->data != m->inline_data) {
        net->stats.held -= m->heap_bytes;
        size_t i = 0, n = sizeof net->spare / sizeof net->spare[0];
        while (m->heap_bytes >= SPARE_MIN && i < n && net->spare[i].p)
            i++;
        if (m->heap_bytes >= SPARE_MIN && i < n)
            net->spare[i].p = m->data, net->spare[i].cap = m->heap_bytes;
        else
            free(m->data);
    }
    m->data = NULL; /* free (see sim_net_destroy) */
    m->next = net->free_msgs;
    net->free_msgs = m;
}

/* Serialisation time of n bytes at the port bandwidth, in ns, rounded up,
 * and at most 2^62 ns (146 years) so that sums of times cannot wrap. */
static uint64_t wire_ns(size_t n)
{
    sim_net_t *net = sim_w->net;
    double t = (double)n * 1e9 / net->p.bandwidth;
    if (!(t < 0x1p62))
        return (uint64_t)1 << 62;
    uint64_t ns = (uint64_t)t;
    return ns + ((double)ns < t);
}

uint64_t sim_net_wire_ns(size_t n)
{
    return wire_ns(n);
}

static void deliver_ev(void *arg);

static void arrive_ev(void *arg)
{
    sim_net_t *net = sim_w->net;
    sim_msg_t *m = arg;
    if ((sim_fault_hooks & SIM_FAULT_HOOK_NET) && sim_fault_arrive(m))
        return; /* its target is down: lost */
    if (m->on_arrive)
        m->on_arrive(m);
    uint64_t start = sim_w->now > net->ej_free[m->dst] ? sim_w->now : net->ej_free[m->dst];
    uint64_t ser = wire_ns(m->bytes);
    net->ej_free[m->dst] = start + (ser > net->p.gap_ns ? ser : net->p.gap_ns);
    sim_evq_push(&sim_w->evq, start + ser, deliver_ev, m);
}

static uint64_t fifo_floor(sim_msg_t *m, uint64_t head)
{
    sim_net_t *net = sim_w->net;
    uint64_t key = (uint64_t)m->src * (uint64_t)net->npes + (uint64_t)m->dst;
    fifo_pair_t *f;
    HASH_FIND(hh, net->fifo, &key, sizeof key, f);
    if (!f) {
        f = sim_xcalloc(1, sizeof *f);
        f->key = key;
        HASH_ADD(hh, net->fifo, key, sizeof key, f);
    }
    if (head < f->last_head)
        head = f->last_head;
    f->last_head = head;
    return head;
}

static void inject_ev(void *arg)
{
    sim_msg_t *m = arg;
    m->on_inject(m);
}

uint64_t sim_net_inject(sim_msg_t *m, uint64_t extra_ns, uint64_t not_before)
{
    sim_net_t *net = sim_w->net;
    uint64_t now = sim_w->now;
    uint64_t start = now > net->inj_free[m->src] ? now : net->inj_free[m->src];
    uint64_t ser = wire_ns(m->bytes);
    net->inj_free[m->src] = start + (ser > net->p.gap_ns ? ser : net->p.gap_ns);
    uint64_t head = start + net->p.latency_ns + extra_ns;
    if (net->p.jitter_ns)
        head += sim_rng_below(&sim_w->rng, net->p.jitter_ns + 1);
    if (head < not_before)
        head = not_before;
    if (net->p.ordering == SIM_ORDER_FIFO)
        head = fifo_floor(m, head);
    if (m->on_inject) {
        if (start == now)
            m->on_inject(m);
        else
            sim_evq_push(&sim_w->evq, start, inject_ev, m);
    }
    sim_trace_flow_start(m, start);
    sim_evq_push(&sim_w->evq, head, arrive_ev, m);
    return head;
}

/* Puts m on the wire from its origin port at the current time, unless a
 * fault takes it (lost, held back, retransmitted later) or delays it. */
static void inject(sim_msg_t *m)
{
    uint64_t extra = 0;
    if ((sim_fault_hooks & SIM_FAULT_HOOK_NET) && sim_fault_inject(m, &extra))
        return;
    sim_net_inject(m, extra, 0);
}

static sim_pair_t *pair_of(sim_chan_t *c, int dst)
{
    sim_net_t *net = sim_w->net;
    sim_pair_t *p;
    HASH_FIND_INT(c->pairs, &dst, p);
    if (!p) {
        p = net->free_pairs;
        if (p) {
            net->free_pairs = p->next_free;
            epoch_group_t *g = p->groups;
            size_t cap = p->cap;
            memset(p, 0, sizeof *p);
            p->groups = g;
            p->cap = cap;
        } else {
            p = sim_xcalloc(1, sizeof *p);
        }
        p->dst = dst;
        HASH_ADD_INT(c->pairs, dst, p);
    }
    return p;
}

/* A pair with nothing unacknowledged goes back to the free list, unless
 * the channel has few: those stay for the next message to the same PE
 * (and keep the channel's hash table, which uthash frees with its last
 * entry and a message to an idle pair would otherwise allocate again). */
#define PAIRS_KEPT 8

static void pair_idle(sim_chan_t *c, sim_pair_t *p)
{
    sim_net_t *net = sim_w->net;
    if (p->n || p->held || HASH_COUNT(c->pairs) <= PAIRS_KEPT)
        return;
    HASH_DEL(c->pairs, p);
    p->next_free = net->free_pairs;
    net->free_pairs = p;
}

static epoch_group_t *group_at(sim_pair_t *p, size_t i)
{
    return &p->groups[(p->head + i) % p->cap];
}

static void push_group(sim_pair_t *p, uint64_t epoch)
{
    if (p->n == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 4;
        epoch_group_t *g = sim_xmalloc(cap * sizeof *g);
        for (size_t i = 0; i < p->n; i++)
            g[i] = *group_at(p, i);
        free(p->groups);
        p->groups = g;
        p->cap = cap;
        p->head = 0;
    }
    *group_at(p, p->n++) = (epoch_group_t){epoch, 0};
}

static void unfenced_add(sim_chan_t *c, sim_msg_t *m)
{
    m->out_prev = NULL;
    m->out_next = c->unfenced;
    if (c->unfenced)
        c->unfenced->out_prev = m;
    c->unfenced = m;
}

static void unfenced_remove(sim_chan_t *c, sim_msg_t *m)
{
    if (m->out_prev)
        m->out_prev->out_next = m->out_next;
    else
        c->unfenced = m->out_next;
    if (m->out_next)
        m->out_next->out_prev = m->out_prev;
}

/* Counts m in its target's group of epoch m->epoch (the newest). */
static void track(sim_chan_t *c, sim_msg_t *m)
{
    sim_pair_t *p = pair_of(c, m->dst);
    m->pair = p;
    if (p->n == 0 || group_at(p, p->n - 1)->epoch != m->epoch)
        push_group(p, m->epoch);
    group_at(p, p->n - 1)->pending++;
    c->tracked++;
}

/* Fence ordering: a message may go once no older epoch to its target is
 * still unacknowledged; otherwise it waits in the pair's held list.  While
 * nothing is tracked per target, no older epoch is unacknowledged (a fence
 * with messages outstanding starts tracking them), and the message only
 * goes on the channel's list. */
static void send_on_chan(sim_msg_t *m)
{
    sim_chan_t *c = m->chan;
    c->outstanding++;
    m->epoch = c->epoch;
    if (!c->tracked) {
        m->pair = NULL;
        unfenced_add(c, m);
        inject(m);
        return;
    }
    track(c, m);
    sim_pair_t *p = m->pair;
    if (p->n == 1) {
        inject(m);
        return;
    }
    m->next = NULL;
    if (p->held_tail)
        p->held_tail->next = m;
    else
        p->held = m;
    p->held_tail = m;
}

void sim_net_send(sim_msg_t *m)
{
    sim_net_t *net = sim_w->net;
    if (sim_fault_hooks && sim_fault_muted()) {
        sim_msg_free(m); /* sent by a duplicate's delivery: the original sent it already */
        return;
    }
    m->id = net->next_id++;
    if (m->chan)
        send_on_chan(m);
    else
        inject(m);
}

static void release_held(sim_pair_t *p)
{
    if (p->n == 0)
        return;
    uint64_t epoch = group_at(p, 0)->epoch;
    while (p->held && p->held->epoch == epoch) {
        sim_msg_t *m = p->held;
        p->held = m->next;
        if (!p->held)
            p->held_tail = NULL;
        inject(m);
    }
}

static void ack_ev(void *arg)
{
    sim_msg_t *m = arg;
    sim_chan_t *c = m->chan;
    sim_pair_t *p = m->pair;
    if (!p) {
        unfenced_remove(c, m);
    } else {
        epoch_group_t *g = group_at(p, 0);
        SIM_ASSERT(p->n > 0 && g->epoch == m->epoch && g->pending > 0);
        c->tracked--;
        if (--g->pending == 0) {
            p->head = (p->head + 1) % p->cap;
            p->n--;
            release_held(p);
            pair_idle(c, p);
        }
    }
    if (m->on_ack)
        m->on_ack(m);
    sim_msg_free(m);
    sim_chan_release(c);
}

static void deliver_ev(void *arg)
{
    sim_net_t *net = sim_w->net;
    sim_msg_t *m = arg;
    net->stats.messages++;
    net->stats.bytes += m->bytes;
    sim_trace_flow_end(m);
    if (m->fault_marks)
        sim_fault_deliver(m); /* corrupt, duplicate */
    m->deliver(m);
    if (m->chan)
        sim_evq_push(&sim_w->evq, sim_w->now + net->p.latency_ns, ack_ev, m);
    else
        sim_msg_free(m);
}

void sim_chan_init(sim_chan_t *c, int pe)
{
    memset(c, 0, sizeof *c);
    c->pe = pe;
}

void sim_chan_destroy(sim_chan_t *c)
{
    sim_pair_t *p, *tmp;
    HASH_ITER(hh, c->pairs, p, tmp) {
        HASH_DEL(c->pairs, p);
        free(p->groups);
        free(p);
    }
}

void sim_chan_fence(sim_chan_t *c)
{
    c->fences++;
    if (!c->outstanding)
        return;
    /* The messages of the closing epoch not tracked yet are now: later
     * ones to their targets must wait for them. */
    while (c->unfenced) {
        sim_msg_t *m = c->unfenced;
        unfenced_remove(c, m);
        track(c, m);
    }
    c->epoch++;
}

void sim_chan_hold(sim_chan_t *c)
{
    c->outstanding++;
}

void sim_chan_release(sim_chan_t *c)
{
    SIM_ASSERT(c->outstanding > 0);
    if (--c->outstanding == 0 && c->quiet_waiting)
        sim_pe_wake(&sim_w->pes[c->pe]);
}

void sim_chan_quiet(sim_chan_t *c, const char *why)
{
    while (c->outstanding) {
        c->quiet_waiting = 1;
        sim_pe_block(why);
        c->quiet_waiting = 0;
    }
}
