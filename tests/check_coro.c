/* tests/check_coro: contexts made with makecontext run on their own
 * guarded stacks and switch back and forth keeping their state. */
#include "coro.h"

#include <check.h>
#include <stdint.h>
#include <unistd.h>

static sim_coro_t main_ctx, a_ctx, b_ctx;
static int trace[16];
static int ntrace;
static double fstate;

static void entry_a(void)
{
    sim_coro_started(&a_ctx);
    double x = 1.5;
    for (int i = 0; i < 3; i++) {
        trace[ntrace++] = 10 + i;
        sim_coro_switch(&a_ctx, &b_ctx);
        x *= 2; /* survives the switch in a callee-saved register or the stack */
    }
    fstate = x;
    sim_coro_exit_to(&a_ctx, &main_ctx);
}

static void entry_b(void)
{
    sim_coro_started(&b_ctx);
    for (int i = 0;; i++) {
        trace[ntrace++] = 20 + i;
        sim_coro_switch(&b_ctx, &a_ctx);
    }
}

START_TEST(ping_pong_keeps_order_and_state)
{
    ck_assert_int_eq(sim_coro_create(&a_ctx, 64 * 1024, entry_a), 0);
    ck_assert_int_eq(sim_coro_create(&b_ctx, 64 * 1024, entry_b), 0);
    sim_coro_switch(&main_ctx, &a_ctx);
    int want[] = {10, 20, 11, 21, 12, 22};
    ck_assert_int_eq(ntrace, 6);
    for (int i = 0; i < 6; i++)
        ck_assert_int_eq(trace[i], want[i]);
    ck_assert(fstate == 12.0);
    sim_coro_destroy(&a_ctx);
    sim_coro_destroy(&b_ctx);
}
END_TEST

START_TEST(stack_has_a_guard_page_below_it)
{
    sim_coro_t c;
    ck_assert_int_eq(sim_coro_create(&c, 100000, entry_b), 0);
    ck_assert_uint_ge(c.stack_size, 100000);
    ck_assert_uint_eq((uintptr_t)c.stack_lo % (uintptr_t)sysconf(_SC_PAGESIZE), 0);
    ck_assert(sim_coro_in_guard(&c, c.stack_lo - sim_coro_guard_size()));
    ck_assert_uint_ge(sim_coro_guard_size(), 256 * 1024);
    ck_assert(sim_coro_in_guard(&c, c.stack_lo - 1));
    ck_assert(!sim_coro_in_guard(&c, c.stack_lo));
    ck_assert(!sim_coro_in_guard(&c, c.stack_lo + c.stack_size - 1));
    sim_coro_destroy(&c);
}
END_TEST

Suite *coro_suite(void)
{
    Suite *s = suite_create("coro");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, ping_pong_keeps_order_and_state);
    tcase_add_test(tc, stack_has_a_guard_page_below_it);
    suite_add_tcase(s, tc);
    return s;
}
