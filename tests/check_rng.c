/* tests/check_rng: the seeded generator is reproducible and in range. */
#include "rng.h"

#include <check.h>

START_TEST(same_seed_same_sequence)
{
    sim_rng_t a, b;
    sim_rng_seed(&a, 42);
    sim_rng_seed(&b, 42);
    for (int i = 0; i < 1000; i++)
        ck_assert_uint_eq(sim_rng_next(&a), sim_rng_next(&b));
}
END_TEST

START_TEST(different_seeds_differ)
{
    sim_rng_t a, b;
    sim_rng_seed(&a, 1);
    sim_rng_seed(&b, 2);
    int same = 0;
    for (int i = 0; i < 100; i++)
        same += sim_rng_next(&a) == sim_rng_next(&b);
    ck_assert_int_lt(same, 2);
}
END_TEST

START_TEST(below_stays_in_range_and_covers_it)
{
    sim_rng_t r;
    sim_rng_seed(&r, 7);
    int seen[10] = {0};
    for (int i = 0; i < 10000; i++) {
        uint64_t v = sim_rng_below(&r, 10);
        ck_assert_uint_lt(v, 10);
        seen[v]++;
    }
    for (int i = 0; i < 10; i++)
        ck_assert_int_gt(seen[i], 800);
    ck_assert_uint_eq(sim_rng_below(&r, 0), 0);
    double u = sim_rng_unit(&r);
    ck_assert(u >= 0.0 && u < 1.0);
}
END_TEST

Suite *rng_suite(void)
{
    Suite *s = suite_create("rng");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, same_seed_same_sequence);
    tcase_add_test(tc, different_seeds_differ);
    tcase_add_test(tc, below_stays_in_range_and_covers_it);
    suite_add_tcase(s, tc);
    return s;
}
