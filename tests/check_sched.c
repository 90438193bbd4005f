/* tests/check_sched: the scheduler in-process, in a world with no program
 * (each PE runs a function of this file): PEs run in virtual-time order,
 * a blocked PE runs again when woken and not before, charging time past a
 * queued event lets the event run first (the causality rule), a deadline
 * wait returns at its deadline or when woken and then leaves no event
 * behind, a run where every PE blocks ends as a deadlock with what each
 * waits for, a borrowed PE runs an event's code and is abandoned when it
 * tries to block, and a PE's threads block and wake on their own and give
 * their stacks back. */
#include "evq.h"
#include "rng.h"
#include "run.h"
#include "sched.h"
#include "simworld.h"
#include "world.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { MAXLOG = 64 };

static sim_world_t w;
static struct {
    int who;          /* PE (or 100 + thread id, or -1 for an event) */
    uint64_t time;
} logbuf[MAXLOG];
static int nlog;

static void note(int who)
{
    ck_assert_int_lt(nlog, MAXLOG);
    logbuf[nlog].who = who;
    logbuf[nlog].time = sim_w->now;
    nlog++;
}

/* A world of npes PEs running fn, with stacks for them and 4 threads. */
static void world(int npes, int (*fn)(int))
{
    tw_world(&w, npes, 1, NULL);
    w.cfg.stack_size = 64 * 1024;
    ck_assert_int_eq(sim_stacks_create(&w.stacks, 2 * (size_t)npes + 4, (size_t)npes + 4,
                                       w.cfg.stack_size, 16), 0);
    w.pe_main = fn;
    sim_threads_pool(2 * (size_t)npes, 4);
    nlog = 0;
}

static void done(void)
{
    sim_stacks_destroy(&w.stacks);
    free(w.tslot_free);
    free(w.tslot_ctx);
    sim_sched_destroy();
    tw_done(&w);
}

/* PE i sleeps (3 - i) * 100 ns, then notes. */
static int sleeper(int pe)
{
    sim_pe_sleep((uint64_t)(3 - pe) * 100);
    note(pe);
    return 0;
}

START_TEST(pes_run_in_virtual_time_order)
{
    world(3, sleeper);
    sim_sched_run();
    ck_assert_int_eq(w.outcome, SIM_OUT_OK);
    ck_assert_int_eq(nlog, 3);
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(logbuf[k].who, 2 - k);
        ck_assert_uint_eq(logbuf[k].time, (uint64_t)(k + 1) * 100);
    }
    done();
}
END_TEST

/* PE 0 blocks; PE 1 wakes it at t=50. */
static int waker(int pe)
{
    if (pe == 0) {
        sim_pe_block("waiting for PE 1");
        note(0);
    } else {
        sim_pe_sleep(50);
        note(1);
        sim_pe_wake(&sim_w->pes[0]);
    }
    return 0;
}

START_TEST(a_blocked_pe_runs_when_woken)
{
    world(2, waker);
    sim_sched_run();
    ck_assert_int_eq(w.outcome, SIM_OUT_OK);
    ck_assert_int_eq(nlog, 2);
    ck_assert_int_eq(logbuf[0].who, 1);
    ck_assert_int_eq(logbuf[1].who, 0);
    ck_assert_uint_eq(logbuf[1].time, 50);
    done();
}
END_TEST

static void event_note(void *arg)
{
    (void)arg;
    note(-1);
}

/* An event at t=20 is queued; charging 50 ns must let it run first. */
static int charger(int pe)
{
    sim_at(20, event_note, NULL);
    sim_charge(50);
    note(pe);
    return 0;
}

START_TEST(charging_past_a_queued_event_yields_to_it)
{
    world(1, charger);
    sim_sched_run();
    ck_assert_int_eq(nlog, 2);
    ck_assert_int_eq(logbuf[0].who, -1);
    ck_assert_uint_eq(logbuf[0].time, 20);
    ck_assert_int_eq(logbuf[1].who, 0);
    ck_assert_uint_eq(logbuf[1].time, 50);
    done();
}
END_TEST

/* PE 0 waits until t=500 (nobody wakes it); PE 1 waits until t=900 but is
 * woken at t=100 by PE 2: its deadline must not fire later. */
static int deadliner(int pe)
{
    if (pe == 2) {
        sim_pe_sleep(100);
        sim_pe_wake(&sim_w->pes[1]);
        return 0;
    }
    int timed = sim_pe_block_until("until", NULL, 0, pe == 0 ? 500 : 900);
    note(pe * 10 + timed);
    return 0;
}

START_TEST(deadline_waits_end_at_the_deadline_or_when_woken)
{
    world(3, deadliner);
    sim_sched_run();
    ck_assert_int_eq(nlog, 2);
    ck_assert_int_eq(logbuf[0].who, 10); /* PE 1, woken: 0 */
    ck_assert_uint_eq(logbuf[0].time, 100);
    ck_assert_int_eq(logbuf[1].who, 1); /* PE 0, timed out: 1 */
    ck_assert_uint_eq(logbuf[1].time, 500);
    /* PE 1's cancelled deadline did not move the clock to 900. */
    ck_assert_uint_eq(w.now, 500);
    done();
}
END_TEST

static int blocker(int pe)
{
    sim_pe_block(pe ? "waiting for PE 0" : "waiting for PE 1");
    return 0;
}

START_TEST(every_pe_blocked_is_a_deadlock_naming_the_waits)
{
    world(2, blocker);
    sim_sched_run();
    ck_assert_int_eq(w.outcome, SIM_OUT_DEADLOCK);
    ck_assert_int_eq(w.live, 2);
    ck_assert_str_eq(w.pes[0].why, "waiting for PE 1");
    ck_assert_str_eq(w.pes[1].why, "waiting for PE 0");
    done();
}
END_TEST

static int borrowed_id;
static void borrowed_fn(void *arg)
{
    (void)arg;
    borrowed_id = sim_pe_self()->id;
}
static void borrowed_blocks(void *arg)
{
    (void)arg;
    sim_pe_block("a blocking call");
    borrowed_id = -2; /* never reached */
}
static sim_borrow_t rc_ok, rc_blocked;
static void borrow_ev(void *arg)
{
    (void)arg;
    rc_ok = sim_pe_borrow(&sim_w->pes[1], "handler", NULL, borrowed_fn, NULL);
    rc_blocked = sim_pe_borrow(&sim_w->pes[1], "handler", NULL, borrowed_blocks, NULL);
}
static int borrow_main(int pe)
{
    if (pe == 0)
        sim_at(10, borrow_ev, NULL);
    sim_pe_sleep(20);
    return 0;
}

START_TEST(a_borrowed_pe_runs_event_code_and_is_abandoned_if_it_blocks)
{
    world(2, borrow_main);
    borrowed_id = -1;
    sim_sched_run();
    ck_assert_int_eq(w.outcome, SIM_OUT_OK);
    ck_assert_int_eq(rc_ok, SIM_BORROW_OK);
    ck_assert_int_eq(borrowed_id, 1);
    ck_assert_int_eq(rc_blocked, SIM_BORROW_BLOCKED);
    ck_assert_str_eq(sim_borrow_why(), "a blocking call");
    done();
}
END_TEST

static int flag;
static void thread_fn(void *arg)
{
    (void)arg;
    while (!flag)
        sim_pe_block_on("waiting for the flag", &flag, sizeof flag);
    note(100 + sim_pe_self()->tid);
}
static int thread_main(int pe)
{
    (void)pe;
    flag = 0;
    sim_pe_t *t = sim_thread_start(thread_fn, NULL);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(t->tid, 1);
    sim_pe_sleep(30); /* the thread runs and blocks */
    note(0);
    flag = 1;
    sim_thread_notify(&flag, sizeof flag);
    sim_pe_sleep(10); /* the thread runs and ends */
    note(0);
    return 0;
}

START_TEST(threads_block_and_wake_on_their_own_and_give_back_their_stacks)
{
    world(1, thread_main);
    sim_sched_run();
    ck_assert_int_eq(w.outcome, SIM_OUT_OK);
    ck_assert_int_eq(nlog, 3);
    ck_assert_int_eq(logbuf[0].who, 0);
    ck_assert_int_eq(logbuf[1].who, 101);
    ck_assert_uint_eq(logbuf[1].time, 30);
    ck_assert_int_eq(logbuf[2].who, 0);
    ck_assert_uint_eq(w.ntslot_free, 4); /* its stack is back in the pool */
    ck_assert_int_eq(w.pes[0].threads->state, SIM_PE_DONE);
    free(w.pes[0].threads);
    done();
}
END_TEST

/* A world torn down whole: a deadlocked PE with a blocked thread of its
 * own, and messages still in flight (one with its payload on the heap);
 * under make check-asan, LeakSanitizer checks nothing was left. */
static void blocked_thread(void *arg)
{
    (void)arg;
    sim_pe_block("a thread that waits forever");
}
static int starts_and_blocks(int pe)
{
    (void)pe;
    ck_assert_ptr_nonnull(sim_thread_start(blocked_thread, NULL));
    sim_pe_block("a PE that waits forever");
    return 0;
}

START_TEST(a_world_is_destroyed_with_what_it_holds)
{
    sim_world_t *heap_world = calloc(1, sizeof *heap_world);
    sim_net_params_t p = tw_net(1000, 1e9, 0, SIM_ORDER_FIFO);
    tw_world(heap_world, 2, 1, &p);
    heap_world->cfg.stack_size = 64 * 1024;
    ck_assert_int_eq(sim_stacks_create(&heap_world->stacks, 8, 6, 64 * 1024, 16), 0);
    heap_world->pe_main = starts_and_blocks;
    sim_threads_pool(4, 4);
    sim_sched_run();
    ck_assert_int_eq(heap_world->outcome, SIM_OUT_DEADLOCK);
    tw_send(0, 1, 8, 1, NULL);    /* payload inline */
    tw_send(1, 0, 4096, 2, NULL); /* payload on the heap */
    sim_world_destroy();
    ck_assert_ptr_null(sim_w);
}
END_TEST

Suite *sched_suite(void)
{
    Suite *s = suite_create("sched");
    TCase *t = tcase_create("sched");
    tcase_add_test(t, pes_run_in_virtual_time_order);
    tcase_add_test(t, a_blocked_pe_runs_when_woken);
    tcase_add_test(t, charging_past_a_queued_event_yields_to_it);
    tcase_add_test(t, deadline_waits_end_at_the_deadline_or_when_woken);
    tcase_add_test(t, every_pe_blocked_is_a_deadlock_naming_the_waits);
    tcase_add_test(t, a_borrowed_pe_runs_event_code_and_is_abandoned_if_it_blocks);
    tcase_add_test(t, threads_block_and_wake_on_their_own_and_give_back_their_stacks);
    tcase_add_test(t, a_world_is_destroyed_with_what_it_holds);
    suite_add_tcase(s, t);
    return s;
}
