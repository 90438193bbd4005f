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

Suite *evq_suite(void)
{
    Suite *s = suite_create("evq");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, pops_in_time_order_ties_fifo);
    tcase_add_test(tc, min_time_tracks_the_head);
    tcase_add_test(tc, cancel_removes_an_event_anywhere);
    suite_add_tcase(s, tc);
    return s;
}
