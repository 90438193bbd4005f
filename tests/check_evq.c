/* tests/check_evq: events pop in (time, sequence) order, ties FIFO. */
#include "evq.h"
#include "rng.h"

#include <check.h>
#include <stdint.h>

static void nop(void *arg)
{
    (void)arg;
}

START_TEST(pops_in_time_order_ties_fifo)
{
    sim_evq_t q;
    sim_evq_init(&q);
    sim_rng_t r;
    sim_rng_seed(&r, 3);
    enum { N = 5000 };
    for (uintptr_t i = 0; i < N; i++)
        sim_evq_push(&q, sim_rng_below(&r, 50), nop, (void *)i);
    ck_assert_uint_eq(q.len, N);
    sim_event_t prev = {0, 0, NULL, NULL}, ev;
    int first = 1;
    while (sim_evq_pop(&q, &ev) == 0) {
        if (!first) {
            ck_assert_uint_le(prev.time, ev.time);
            if (prev.time == ev.time)
                ck_assert_uint_lt((uintptr_t)prev.arg, (uintptr_t)ev.arg);
        }
        first = 0;
        prev = ev;
    }
    ck_assert_uint_eq(q.fired, N);
    ck_assert_uint_eq(sim_evq_min_time(&q), UINT64_MAX);
    sim_evq_free(&q);
}
END_TEST

START_TEST(min_time_tracks_the_head)
{
    sim_evq_t q;
    sim_evq_init(&q);
    sim_evq_push(&q, 30, nop, NULL);
    sim_evq_push(&q, 10, nop, NULL);
    sim_evq_push(&q, 20, nop, NULL);
    ck_assert_uint_eq(sim_evq_min_time(&q), 10);
    sim_event_t ev;
    ck_assert_int_eq(sim_evq_pop(&q, &ev), 0);
    ck_assert_uint_eq(ev.time, 10);
    ck_assert_uint_eq(sim_evq_min_time(&q), 20);
    sim_evq_free(&q);
    ck_assert_int_eq(sim_evq_pop(&q, &ev), -1);
}
END_TEST

/* Cancelling takes an event out wherever it sits in the heap; the rest
 * still pop in (time, schedule order), and a fired or cancelled id is
 * refused. */
START_TEST(cancel_removes_an_event_anywhere)
{
    sim_evq_t q;
    sim_evq_init(&q);
    uint64_t ids[200], times[200];
    uint32_t x = 12345;
    for (int i = 0; i < 200; i++) {
        x = x * 1103515245u + 12345u;
        times[i] = (x >> 16) % 50; /* many ties */
        ids[i] = sim_evq_push(&q, times[i], nop, (void *)(uintptr_t)i);
    }
    for (int i = 0; i < 200; i += 3)
        ck_assert_int_eq(sim_evq_cancel(&q, ids[i]), 0);
    ck_assert_int_eq(sim_evq_cancel(&q, ids[0]), -1);
    sim_event_t ev;
    uint64_t last_t = 0, last_seq = 0, n = 0;
    while (sim_evq_pop(&q, &ev) == 0) {
        int i = (int)(uintptr_t)ev.arg;
        ck_assert_msg(i % 3 != 0, "cancelled event %d fired", i);
        ck_assert_uint_eq(ev.time, times[i]);
        ck_assert(n == 0 || ev.time > last_t || (ev.time == last_t && ev.seq > last_seq));
        last_t = ev.time;
        last_seq = ev.seq;
        n++;
    }
    ck_assert_uint_eq(n, 200 - 67);
    ck_assert_int_eq(sim_evq_cancel(&q, ids[1]), -1); /* fired */
    sim_evq_free(&q);
}
END_TEST

/* A simulation's pattern: events pushed at the time of the one popping
 * plus a delay (none, a few ns, about the wheel's span, far beyond it;
 * some in the past), pops and cancellations interleaved.  Every pop is
 * the earliest (time, sequence) of a plain list kept beside the queue,
 * and min_time is always that list's earliest time: the wheel and the
 * heap together keep exactly one order. */
START_TEST(wheel_and_heap_keep_one_order)
{
    enum { N = 20000 };
    static struct {
        uint64_t time, seq;
        int queued;
    } ref[N];
    sim_evq_t q;
    sim_evq_init(&q);
    sim_rng_t r;
    sim_rng_seed(&r, 11);
    static const uint64_t delay[] = {0, 1, 7, 1000, SIM_EVQ_SPAN - 1, SIM_EVQ_SPAN,
                                     SIM_EVQ_SPAN + 1, 3 * SIM_EVQ_SPAN, 1000000};
    uint64_t now = 0;
    int pushed = 0, queued = 0;
    while (pushed < N || queued > 0) {
        uint64_t roll = sim_rng_below(&r, 10);
        if (pushed < N && (roll < 6 || queued == 0)) {
            uint64_t d = delay[sim_rng_below(&r, sizeof delay / sizeof delay[0])];
            uint64_t t = sim_rng_below(&r, 20) == 0 && now > 5 ? now - 5 : now + d;
            ref[pushed].time = t;
            ref[pushed].seq = sim_evq_push(&q, t, nop, (void *)(uintptr_t)pushed);
            ref[pushed].queued = 1;
            pushed++;
            queued++;
        } else if (roll == 6 && pushed > 0) {
            int i = (int)sim_rng_below(&r, (uint64_t)pushed);
            ck_assert_int_eq(sim_evq_cancel(&q, ref[i].seq), ref[i].queued ? 0 : -1);
            queued -= ref[i].queued;
            ref[i].queued = 0;
        } else {
            int best = -1;
            for (int i = 0; i < pushed; i++)
                if (ref[i].queued && (best < 0 || ref[i].time < ref[best].time ||
                                      (ref[i].time == ref[best].time && ref[i].seq < ref[best].seq)))
                    best = i;
            ck_assert_uint_eq(sim_evq_min_time(&q), ref[best].time);
            sim_event_t ev;
            ck_assert_int_eq(sim_evq_pop(&q, &ev), 0);
            ck_assert_int_eq((int)(uintptr_t)ev.arg, best);
            ref[best].queued = 0;
            queued--;
            if (ev.time > now)
                now = ev.time;
        }
        ck_assert_uint_eq(q.len, (size_t)queued);
    }
    ck_assert_uint_eq(sim_evq_min_time(&q), UINT64_MAX);
    sim_evq_free(&q);
}
END_TEST

Suite *evq_suite(void)
{
    Suite *s = suite_create("evq");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, pops_in_time_order_ties_fifo);
    tcase_add_test(tc, min_time_tracks_the_head);
    tcase_add_test(tc, cancel_removes_an_event_anywhere);
    tcase_add_test(tc, wheel_and_heap_keep_one_order);
    suite_add_tcase(s, tc);
    return s;
}
