/* tests/check_coro: contexts made with makecontext run on their own
 * stacks of one arena and switch back and forth keeping their state; the
 * arena's guard zones are live as far as the budget allows, and an
 * overflow into an unprotected one is still seen. */
#include "coro.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static sim_coro_t main_ctx, a_ctx, b_ctx;
static sim_stacks_t arena;
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
    ck_assert_int_eq(sim_stacks_create(&arena, 2, 2, 64 * 1024, 2), 0);
    ck_assert_int_eq(sim_coro_create(&a_ctx, &arena, 0, entry_a), 0);
    ck_assert_int_eq(sim_coro_create(&b_ctx, &arena, 1, entry_b), 0);
    sim_coro_switch(&main_ctx, &a_ctx);
    int want[] = {10, 20, 11, 21, 12, 22};
    ck_assert_int_eq(ntrace, 6);
    for (int i = 0; i < 6; i++)
        ck_assert_int_eq(trace[i], want[i]);
    ck_assert(fstate == 12.0);
    sim_coro_destroy(&a_ctx);
    sim_coro_destroy(&b_ctx);
    sim_stacks_destroy(&arena);
}
END_TEST

/* Whether /proc/self/maps shows [lo, lo+len) inaccessible. */
static int is_prot_none(const char *lo, size_t len)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[512];
    int found = 0;
    while (f && fgets(line, sizeof line, f)) {
        unsigned long a, b;
        char perm[8];
        if (sscanf(line, "%lx-%lx %7s", &a, &b, perm) == 3 && a <= (uintptr_t)lo &&
            (uintptr_t)lo + len <= b)
            found = strncmp(perm, "---", 3) == 0;
    }
    if (f)
        fclose(f);
    return found;
}

START_TEST(stack_has_a_guard_zone_below_it)
{
    sim_coro_t c;
    ck_assert_int_eq(sim_stacks_create(&arena, 3, 3, 100000, 3), 0);
    ck_assert_int_eq(sim_coro_create(&c, &arena, 1, entry_b), 0);
    ck_assert_uint_ge(c.stack_size, 100000);
    ck_assert_uint_eq((uintptr_t)c.stack_lo % (uintptr_t)sysconf(_SC_PAGESIZE), 0);
    ck_assert(sim_coro_in_guard(&c, c.stack_lo - sim_coro_guard_size()));
    ck_assert_uint_ge(sim_coro_guard_size(), 256 * 1024);
    ck_assert(sim_coro_in_guard(&c, c.stack_lo - 1));
    ck_assert(!sim_coro_in_guard(&c, c.stack_lo));
    ck_assert(!sim_coro_in_guard(&c, c.stack_lo + c.stack_size - 1));
    ck_assert(c.guarded);
    ck_assert(is_prot_none(c.map, sim_coro_guard_size()));
    /* Every byte of the slot, guard zone included, maps back to it. */
    ck_assert_int_eq(sim_stacks_slot_of(&arena, c.map), 1);
    ck_assert_int_eq(sim_stacks_slot_of(&arena, c.stack_lo + c.stack_size - 1), 1);
    ck_assert_int_eq(sim_stacks_slot_of(&arena, c.stack_lo + c.stack_size), 2);
    ck_assert_int_eq(sim_stacks_slot_of(&arena, arena.base - 1), -1);
    ck_assert_int_eq(sim_stacks_slot_of(&arena, arena.base + arena.size), -1);
    sim_coro_destroy(&c);
    sim_stacks_destroy(&arena);
}
END_TEST

START_TEST(guards_are_spaced_to_fit_the_budget)
{
    sim_coro_t c[10];
    ck_assert_int_eq(sim_stacks_create(&arena, 10, 10, 64 * 1024, 4), 0);
    ck_assert_uint_eq(arena.guard_every, 3);
    for (int i = 0; i < 10; i++) {
        ck_assert_int_eq(sim_coro_create(&c[i], &arena, (size_t)i, entry_b), 0);
        ck_assert_int_eq(c[i].guarded, i % 3 == 0);
        ck_assert_int_eq(is_prot_none(c[i].map, sim_coro_guard_size()), i % 3 == 0);
    }
    sim_stacks_destroy(&arena);
}
END_TEST

static sim_coro_t ov_ctx;
static int ov_seen[2];

/* Runs on an unguarded slot: an overflow into the zone below is seen. */
static void entry_overflow(void)
{
    sim_coro_started(&ov_ctx);
    ov_seen[0] = sim_coro_overflowed(&ov_ctx, &arena);
    ((volatile char *)ov_ctx.stack_lo)[-70000] = 0; /* as a frame's probe past the end would */
    ov_seen[1] = sim_coro_overflowed(&ov_ctx, &arena);
    sim_coro_exit_to(&ov_ctx, &main_ctx);
}

START_TEST(overflow_into_an_unprotected_zone_is_seen)
{
    ck_assert_int_eq(sim_stacks_create(&arena, 2, 2, 64 * 1024, 1), 0);
    ck_assert_int_eq(sim_coro_create(&ov_ctx, &arena, 1, entry_overflow), 0);
    ck_assert(!ov_ctx.guarded);
    sim_coro_switch(&main_ctx, &ov_ctx);
    ck_assert_int_eq(ov_seen[0], 0);
    ck_assert_int_eq(ov_seen[1], 1);
    sim_stacks_destroy(&arena);
}
END_TEST

Suite *coro_suite(void)
{
    Suite *s = suite_create("coro");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, ping_pong_keeps_order_and_state);
    tcase_add_test(tc, stack_has_a_guard_zone_below_it);
    tcase_add_test(tc, guards_are_spaced_to_fit_the_budget);
    tcase_add_test(tc, overflow_into_an_unprotected_zone_is_seen);
    suite_add_tcase(s, tc);
    return s;
}
