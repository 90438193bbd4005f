/* sim/evq: a wheel of one-nanosecond buckets for the near future and a
 * binary heap for the rest, both keyed on (time, seq). */
#include "evq.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define SPAN SIM_EVQ_SPAN
#define WORDS (SPAN / 64)

/* (time, seq) as one number, so an order test is one wide comparison
 * instead of two dependent branches. */
static inline unsigned __int128 key(const sim_event_t *e)
{
    return (unsigned __int128)e->time << 64 | e->seq;
}

static inline int earlier(const sim_event_t *a, const sim_event_t *b)
{
    return key(a) < key(b);
}

void sim_evq_init(sim_evq_t *q)
{
    memset(q, 0, sizeof *q);
    q->near_time = UINT64_MAX;
}

void sim_evq_free(sim_evq_t *q)
{
    free(q->node);
    free(q->head);
    free(q->tail);
    free(q->bits);
    free(q->heap);
    sim_evq_init(q);
}

/* ---- the heap ---- */

/* Puts ev at slot i or above, moving later parents down. */
static void sift_up(sim_evq_t *q, size_t i, sim_event_t ev)
{
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!earlier(&ev, &q->heap[parent]))
            break;
        q->heap[i] = q->heap[parent];
        i = parent;
    }
    q->heap[i] = ev;
}

/* Puts ev at slot i or below, moving earlier children up. */
static void sift_down(sim_evq_t *q, size_t i, sim_event_t ev)
{
    size_t n = q->far;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && earlier(&q->heap[c + 1], &q->heap[c]))
            c++;
        if (!earlier(&q->heap[c], &ev))
            break;
        q->heap[i] = q->heap[c];
        i = c;
    }
    q->heap[i] = ev;
}

static void far_push(sim_evq_t *q, sim_event_t ev)
{
    if (q->far == q->cap) {
        q->cap = q->cap ? q->cap * 2 : 256;
        q->heap = sim_xrealloc(q->heap, q->cap * sizeof *q->heap);
    }
    sift_up(q, q->far++, ev);
}

/* Takes the event at slot i out, keeping the heap in order. */
static void far_remove_at(sim_evq_t *q, size_t i)
{
    sim_event_t last = q->heap[--q->far];
    if (i == q->far)
        return;
    if (i > 0 && earlier(&last, &q->heap[(i - 1) / 2]))
        sift_up(q, i, last);
    else
        sift_down(q, i, last);
}

/* The earliest event out of the heap (not empty).  The root's hole goes
 * down to a leaf along the earlier children (one comparison a level),
 * then the last event climbs from there: it came from the bottom, so it
 * seldom climbs far (Floyd's method; the plain sift-down compares twice a
 * level). */
static void far_pop(sim_evq_t *q, sim_event_t *ev)
{
    *ev = q->heap[0];
    sim_event_t last = q->heap[--q->far];
    size_t n = q->far, i = 0;
    if (n == 0)
        return;
    for (size_t c; (c = 2 * i + 1) < n; i = c) {
        if (c + 1 < n && earlier(&q->heap[c + 1], &q->heap[c]))
            c++;
        q->heap[i] = q->heap[c];
    }
    sift_up(q, i, last);
}

/* ---- the wheel ---- */

static uint32_t node_new(sim_evq_t *q)
{
    uint32_t n = q->free_node;
    if (n) {
        q->free_node = q->node[n].next;
        return n;
    }
    if (q->nodes >= q->cap_nodes) {
        q->cap_nodes = q->cap_nodes ? q->cap_nodes * 2 : 1024;
        q->node = sim_xrealloc(q->node, q->cap_nodes * sizeof *q->node);
    }
    return q->nodes++;
}

static void node_free(sim_evq_t *q, uint32_t n)
{
    q->node[n].live = 0;
    q->node[n].next = q->free_node;
    q->free_node = n;
}

static void mark(sim_evq_t *q, uint32_t b, int on)
{
    uint32_t w = b / 64;
    if (on) {
        q->bits[w] |= 1ull << (b % 64);
        q->summary[w / 64] |= 1ull << (w % 64);
    } else if (!(q->bits[w] &= ~(1ull << (b % 64)))) {
        q->summary[w / 64] &= ~(1ull << (w % 64));
    }
}

/* The first word of bits at or after word `from` that has a bucket, or
 * -1. */
static int word_from(const sim_evq_t *q, uint32_t from)
{
    for (uint32_t s = from / 64; s < WORDS / 64; s++) {
        uint64_t m = q->summary[s];
        if (s == from / 64)
            m &= ~0ull << (from % 64);
        if (m)
            return (int)(s * 64 + (uint32_t)__builtin_ctzll(m));
    }
    return -1;
}

/* The wheel's earliest time (it is not empty): the first bucket with
 * events from base's, going round once. */
static uint64_t near_first(const sim_evq_t *q)
{
    uint32_t p = (uint32_t)(q->base % SPAN), w = p / 64;
    uint64_t m = q->bits[w] & (~0ull << (p % 64));
    int found = m ? (int)w : word_from(q, w + 1);
    if (found < 0) { /* round the end: times past base + (SPAN - p) */
        found = word_from(q, 0);
        m = q->bits[found];
    } else if (found != (int)w) {
        m = q->bits[found];
    }
    uint32_t b = (uint32_t)found * 64 + (uint32_t)__builtin_ctzll(m);
    return q->base + ((b - p) % SPAN);
}

static void near_push(sim_evq_t *q, sim_event_t ev)
{
    if (!q->head) {
        q->head = sim_xcalloc(SPAN, sizeof *q->head);
        q->tail = sim_xcalloc(SPAN, sizeof *q->tail);
        q->bits = sim_xcalloc(WORDS, sizeof *q->bits);
        q->nodes = 1; /* node 0 means none */
    }
    uint32_t n = node_new(q), b = (uint32_t)(ev.time % SPAN);
    q->node[n] = (sim_evq_node_t){ev, 0, 1};
    if (q->tail[b])
        q->node[q->tail[b]].next = n;
    else {
        q->head[b] = n;
        mark(q, b, 1);
    }
    q->tail[b] = n;
    q->near++;
    if (ev.time < q->near_time)
        q->near_time = ev.time;
}

/* Takes node n (at the head of bucket b when prev is 0, else after prev)
 * out of the wheel. */
static void near_unlink(sim_evq_t *q, uint32_t b, uint32_t prev, uint32_t n)
{
    uint32_t next = q->node[n].next;
    if (prev)
        q->node[prev].next = next;
    else
        q->head[b] = next;
    if (q->tail[b] == n)
        q->tail[b] = prev;
    if (!q->head[b])
        mark(q, b, 0);
    node_free(q, n);
    q->near--;
}

/* ---- the queue ---- */

uint64_t sim_evq_push(sim_evq_t *q, uint64_t time, sim_event_fn fn, void *arg)
{
    sim_event_t ev = {time, q->next_seq++, fn, arg};
    if (time >= q->base && time - q->base < SPAN)
        near_push(q, ev);
    else
        far_push(q, ev);
    q->len++;
    return ev.seq;
}

int sim_evq_pop(sim_evq_t *q, sim_event_t *ev)
{
    if (q->len == 0)
        return -1;
    uint32_t b = (uint32_t)(q->near_time % SPAN);
    if (q->near && (!q->far || earlier(&q->node[q->head[b]].ev, &q->heap[0]))) {
        *ev = q->node[q->head[b]].ev;
        near_unlink(q, b, 0, q->head[b]);
    } else {
        far_pop(q, ev);
    }
    if (ev->time > q->base)
        q->base = ev->time; /* the wheel holds nothing earlier */
    if (!q->near)
        q->near_time = UINT64_MAX;
    else if (!q->head[b])
        q->near_time = near_first(q);
    q->len--;
    q->fired++;
    return 0;
}

int sim_evq_cancel(sim_evq_t *q, uint64_t id)
{
    for (uint32_t n = 1; n < q->nodes; n++) {
        if (!q->node[n].live || q->node[n].ev.seq != id)
            continue;
        uint64_t t = q->node[n].ev.time;
        uint32_t b = (uint32_t)(t % SPAN), prev = 0;
        for (uint32_t k = q->head[b]; k != n; k = q->node[k].next)
            prev = k;
        near_unlink(q, b, prev, n);
        q->near_time = q->near ? near_first(q) : UINT64_MAX;
        q->len--;
        return 0;
    }
    for (size_t i = 0; i < q->far; i++)
        if (q->heap[i].seq == id) {
            far_remove_at(q, i);
            q->len--;
            return 0;
        }
    return -1;
}
