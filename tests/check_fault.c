/* tests/check_fault: the fault engine in-process, on synthetic messages
 * in a world with no program (as tests/check_net.c): a drop loses exactly
 * the nth matching message, or sends it again after retransmit_after; a
 * duplicate delivers a message twice; a reorder lets the next message of
 * the pair overtake it even under fifo; a delay adds its time; filters on
 * from/to leave other pairs alone. */
#include "evq.h"
#include "fault.h"
#include "net.h"
#include "rng.h"
#include "scenario.h"
#include "simworld.h"
#include "world.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static sim_world_t w;
static sim_scenario_t *scn;

/* A world of npes PEs (1 us latency, fifo, no jitter) with the faults of
 * the scenario text faults_yaml (the lines under "faults:"). */
static void world(int npes, const char *faults_yaml)
{
    char text[1024], err[256];
    snprintf(text, sizeof text, "scenario: t\nprogram: none\nnpes: %d\nfaults:\n%s", npes,
             faults_yaml);
    ck_assert_msg(sim_scenario_load_string("t.yaml", text, strlen(text), &scn, err, sizeof err) == 0,
                  "%s", err);
    sim_net_params_t p = tw_net(1000, 1e12, 0, SIM_ORDER_FIFO);
    tw_world(&w, npes, 7, &p);
    ck_assert_msg(sim_fault_create(scn->faults, scn->nfaults, "t.yaml", err, sizeof err) == 0,
                  "%s", err);
    sim_fault_start();
}

static void run(void)
{
    tw_run(&w);
}

static void done(void)
{
    sim_fault_destroy();
    tw_done(&w);
    sim_scenario_free(scn);
}

static void send(int src, int dst, uint64_t tag)
{
    tw_send(src, dst, 8, tag, NULL);
}

/* How many deliveries carried tag. */
static int count_tag(uint64_t tag)
{
    int n = 0;
    for (int i = 0; i < tw_ngot; i++)
        n += tw_got[i].tag == tag;
    return n;
}

START_TEST(drop_loses_the_nth_matching_message)
{
    world(3, "  - {kind: drop, from: 0, to: 1, nth: 2}\n");
    for (uint64_t i = 0; i < 3; i++)
        send(0, 1, i);
    send(0, 2, 10); /* another pair: not counted, not dropped */
    run();
    ck_assert_int_eq(tw_ngot, 3);
    ck_assert_int_eq(count_tag(0), 1);
    ck_assert_int_eq(count_tag(1), 0); /* the second 0 -> 1 message */
    ck_assert_int_eq(count_tag(2), 1);
    ck_assert_int_eq(count_tag(10), 1);
    done();
}
END_TEST

START_TEST(drop_with_retransmit_arrives_later)
{
    world(2, "  - {kind: drop, nth: 1, retransmit_after: 20us}\n");
    send(0, 1, 5);
    run();
    ck_assert_int_eq(tw_ngot, 1);
    ck_assert_uint_ge(tw_got[0].time, 21000); /* sent again 20 us later, then 1 us of wire */
    done();
}
END_TEST

START_TEST(duplicate_delivers_twice)
{
    world(2, "  - {kind: duplicate, nth: 1}\n");
    send(0, 1, 7);
    send(0, 1, 8);
    run();
    ck_assert_int_eq(count_tag(7), 2);
    ck_assert_int_eq(count_tag(8), 1);
    done();
}
END_TEST

START_TEST(reorder_lets_the_next_message_overtake_under_fifo)
{
    world(2, "  - {kind: reorder, nth: 1}\n");
    send(0, 1, 1);
    send(0, 1, 2);
    run();
    ck_assert_int_eq(tw_ngot, 2);
    ck_assert_uint_eq(tw_got[0].tag, 2);
    ck_assert_uint_eq(tw_got[1].tag, 1);
    done();
}
END_TEST

START_TEST(delay_adds_its_time)
{
    world(2, "  - {kind: delay, from: 0, extra: 50us}\n");
    send(0, 1, 3);
    send(1, 0, 4); /* the same flight, not delayed */
    run();
    ck_assert_int_eq(tw_ngot, 2);
    ck_assert_uint_eq(tw_got[0].tag, 4);
    ck_assert_uint_eq(tw_got[1].time - tw_got[0].time, 50000);
    done();
}
END_TEST

Suite *fault_suite(void)
{
    Suite *s = suite_create("fault");
    TCase *t = tcase_create("fault");
    tcase_add_test(t, drop_loses_the_nth_matching_message);
    tcase_add_test(t, drop_with_retransmit_arrives_later);
    tcase_add_test(t, duplicate_delivers_twice);
    tcase_add_test(t, reorder_lets_the_next_message_overtake_under_fifo);
    tcase_add_test(t, delay_adds_its_time);
    suite_add_tcase(s, t);
    return s;
}
