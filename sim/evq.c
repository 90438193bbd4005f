/* sim/evq: binary heap keyed on (time, seq). */
#include "evq.h"
#include "util.h"

#include <stdlib.h>

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
    q->heap = NULL;
    q->len = q->cap = 0;
    q->next_seq = 0;
    q->fired = 0;
}

void sim_evq_free(sim_evq_t *q)
{
    free(q->heap);
    sim_evq_init(q);
}

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
    size_t n = q->len;
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

uint64_t sim_evq_push(sim_evq_t *q, uint64_t time, sim_event_fn fn, void *arg)
{
    if (q->len == q->cap) {
        q->cap = q->cap ? q->cap * 2 : 1024;
        q->heap = sim_xrealloc(q->heap, q->cap * sizeof *q->heap);
    }
    sim_event_t ev = {time, q->next_seq++, fn, arg};
    sift_up(q, q->len++, ev);
    return ev.seq;
}

/* Takes the event at slot i out, keeping the heap in order. */
static void remove_at(sim_evq_t *q, size_t i)
{
    sim_event_t last = q->heap[--q->len];
    if (i == q->len)
        return;
    if (i > 0 && earlier(&last, &q->heap[(i - 1) / 2]))
        sift_up(q, i, last);
    else
        sift_down(q, i, last);
}

int sim_evq_pop(sim_evq_t *q, sim_event_t *ev)
{
    if (q->len == 0)
        return -1;
    *ev = q->heap[0];
    /* The root's hole goes down to a leaf along the earlier children (one
     * comparison a level), then the last event climbs from there: it came
     * from the bottom, so it seldom climbs far (Floyd's method; the plain
     * sift-down compares twice a level). */
    sim_event_t last = q->heap[--q->len];
    size_t n = q->len, i = 0;
    if (n == 0) {
        q->fired++;
        return 0;
    }
    for (size_t c; (c = 2 * i + 1) < n; i = c) {
        if (c + 1 < n && earlier(&q->heap[c + 1], &q->heap[c]))
            c++;
        q->heap[i] = q->heap[c];
    }
    sift_up(q, i, last);
    q->fired++;
    return 0;
}

int sim_evq_cancel(sim_evq_t *q, uint64_t id)
{
    for (size_t i = 0; i < q->len; i++)
        if (q->heap[i].seq == id) {
            remove_at(q, i);
            return 0;
        }
    return -1;
}
