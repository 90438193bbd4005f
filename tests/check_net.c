/* tests/check_net: the network model in-process, on synthetic messages in
 * a world with no program: a message's delivery time is latency plus its
 * bytes over the bandwidth; injection and ejection ports serialize; fifo
 * keeps a pair's order and adaptive routing (with jitter, seeded) does
 * not always; a fence holds the next epoch until the previous one is
 * acknowledged. */
#include "evq.h"
#include "net.h"
#include "rng.h"
#include "simworld.h"
#include "world.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static sim_world_t w;

/* A world of npes PEs with only an event queue, a generator and a
 * network: enough for the network model, no program, no scheduler. */
static void world(int npes, uint64_t latency, double bandwidth, uint64_t jitter,
                  sim_order_t ordering)
{
    sim_net_params_t p = tw_net(latency, bandwidth, jitter, ordering);
    tw_world(&w, npes, 7, &p);
}

static void run(void)
{
    tw_run(&w);
}

static void done(void)
{
    tw_done(&w);
}

static void send(int src, int dst, size_t bytes, uint64_t tag, sim_chan_t *chan)
{
    tw_send(src, dst, bytes, tag, chan);
}

/* 1,000 bytes at 1 GB/s behind a 1 us wire: delivered at 2 us. */
START_TEST(delivery_is_latency_plus_bytes_over_bandwidth)
{
    world(2, 1000, 1e9, 0, SIM_ORDER_FIFO);
    send(0, 1, 1000, 0, NULL);
    run();
    ck_assert_int_eq(tw_ngot, 1);
    ck_assert_uint_eq(tw_got[0].time, 2000);
    ck_assert_uint_eq(sim_net_stats()->messages, 1);
    ck_assert_uint_eq(sim_net_stats()->bytes, 1000);
    done();
}
END_TEST

/* Two messages from one PE leave its port one after the other; two to one
 * PE enter its port one after the other. */
START_TEST(ports_serialize_messages)
{
    world(3, 1000, 1e9, 0, SIM_ORDER_FIFO);
    send(0, 1, 1000, 0, NULL);
    send(0, 2, 1000, 1, NULL);
    run();
    ck_assert_int_eq(tw_ngot, 2);
    ck_assert_uint_eq(tw_got[0].time, 2000);
    ck_assert_uint_eq(tw_got[1].time, 3000); /* left 1 us later */
    done();

    world(3, 1000, 1e9, 0, SIM_ORDER_FIFO);
    send(0, 2, 1000, 0, NULL);
    send(1, 2, 1000, 1, NULL);
    run();
    ck_assert_int_eq(tw_ngot, 2);
    ck_assert_uint_eq(tw_got[0].time, 2000);
    ck_assert_uint_eq(tw_got[1].time, 3000); /* waited for PE 2's port */
    done();
}
END_TEST

/* With jitter, fifo delivers every pair in send order; adaptive routing
 * lets some message overtake an earlier one of its pair, and the same
 * seed gives the same deliveries. */
START_TEST(fifo_keeps_pair_order_adaptive_may_not)
{
    uint64_t first_run[200];
    for (int mode = 0; mode < 3; mode++) {
        sim_order_t ord = mode == 0 ? SIM_ORDER_FIFO : SIM_ORDER_ADAPTIVE;
        world(2, 1000, 1e12, 5000, ord);
        for (uint64_t i = 0; i < 200; i++)
            send(0, 1, 8, i, NULL);
        run();
        ck_assert_int_eq(tw_ngot, 200);
        int overtaken = 0;
        for (int i = 1; i < tw_ngot; i++)
            overtaken += tw_got[i].tag < tw_got[i - 1].tag;
        if (mode == 0)
            ck_assert_int_eq(overtaken, 0);
        else
            ck_assert_int_gt(overtaken, 0);
        for (int i = 0; i < tw_ngot && mode > 0; i++) {
            if (mode == 1)
                first_run[i] = tw_got[i].tag << 32 | tw_got[i].time;
            else
                ck_assert_uint_eq(first_run[i], tw_got[i].tag << 32 | tw_got[i].time);
        }
        done();
    }
}
END_TEST

/* Messages on a channel after a fence wait until everything before it is
 * acknowledged (delivered, and the ack back: one more latency). */
START_TEST(a_fence_holds_the_next_epoch_until_acknowledged)
{
    for (int fence = 0; fence < 2; fence++) {
        world(2, 1000, 1e12, 0, SIM_ORDER_ADAPTIVE);
        sim_chan_t c;
        sim_chan_init(&c, 0);
        send(0, 1, 8, 0, &c);
        if (fence)
            sim_chan_fence(&c);
        send(0, 1, 8, 1, &c);
        run();
        ck_assert_int_eq(tw_ngot, 2);
        ck_assert_uint_eq(tw_got[0].tag, 0);
        ck_assert_uint_eq(tw_got[0].time, 1001);
        /* without a fence it follows at once (a nanosecond later, behind
         * the first on both ports); with one, it leaves when the ack is
         * back (1001 + 1000) and arrives a latency later */
        uint64_t want = fence ? 3002 : 1002;
        ck_assert_uint_eq(tw_got[1].time, want);
        ck_assert_uint_eq(c.outstanding, 0);
        sim_chan_destroy(&c);
        done();
    }
}
END_TEST

/* A fence orders per target: after it, a message to a PE the channel had
 * sent to before waits for those to be acknowledged, one to another PE
 * does not; and once all are acknowledged, messages flow again at once
 * (the per-target state is built at the fence from the messages then
 * outstanding, and dropped when they are acknowledged). */
START_TEST(a_fence_orders_per_target_and_lets_go)
{
    world(4, 1000, 1e12, 0, SIM_ORDER_FIFO);
    sim_chan_t c;
    sim_chan_init(&c, 0);
    send(0, 1, 8, 0, &c);
    send(0, 2, 8, 1, &c);
    sim_chan_fence(&c);
    send(0, 1, 8, 2, &c); /* waits for tag 0's ack */
    send(0, 3, 8, 3, &c); /* nothing before it to PE 3 */
    run();
    ck_assert_int_eq(tw_ngot, 4);
    uint64_t at[4] = {0};
    for (int i = 0; i < tw_ngot; i++)
        at[tw_got[i].tag] = tw_got[i].time;
    ck_assert_uint_lt(at[3], 2000);          /* at once, behind the others on the port */
    ck_assert_uint_ge(at[2], at[0] + 2000);  /* after tag 0's ack, then a latency */
    ck_assert_uint_eq(c.outstanding, 0);
    /* All acknowledged: the next epoch's messages go at once again. */
    tw_ngot = 0;
    sim_chan_fence(&c); /* nothing outstanding: orders nothing */
    send(0, 1, 8, 4, &c);
    send(0, 1, 8, 5, &c);
    run();
    ck_assert_int_eq(tw_ngot, 2);
    ck_assert_uint_le(tw_got[1].time, tw_got[0].time + 10);
    sim_chan_destroy(&c);
    done();
}
END_TEST

Suite *net_suite(void)
{
    Suite *s = suite_create("net");
    TCase *tc = tcase_create("model");
    tcase_add_test(tc, delivery_is_latency_plus_bytes_over_bandwidth);
    tcase_add_test(tc, ports_serialize_messages);
    tcase_add_test(tc, fifo_keeps_pair_order_adaptive_may_not);
    tcase_add_test(tc, a_fence_holds_the_next_epoch_until_acknowledged);
    tcase_add_test(tc, a_fence_orders_per_target_and_lets_go);
    suite_add_tcase(s, tc);
    return s;
}
