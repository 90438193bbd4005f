/* tests/check_heap: symmetric offsets, reuse after free, alignment, and the
 * collective size check. */
#include "heap.h"

#include <check.h>
#include <stdint.h>

static size_t off_of(sim_heap_t *h, int pe, void *p)
{
    return (size_t)((char *)p - (char *)sim_heap_addr(h, pe, 0));
}

START_TEST(same_sequence_same_offsets)
{
    sim_heap_t *h;
    char err[256];
    ck_assert_int_eq(sim_heap_create(4, 1 << 20, &h, err, sizeof err), 0);
    for (int pe = 0; pe < 4; pe++) {
        void *a = sim_heap_alloc(h, pe, 16, 100);
        void *b = sim_heap_alloc(h, pe, 4096, 10);
        ck_assert_uint_eq(off_of(h, pe, a), SIM_HEAP_INTERNAL);
        ck_assert_uint_eq((uintptr_t)b % 4096, 0);
        size_t off;
        ck_assert_int_eq(sim_heap_find(h, b, &off), pe);
        ck_assert_uint_eq(off, off_of(h, 0, sim_heap_addr(h, 0, off)));
        ck_assert_uint_eq(sim_heap_size_of(h, pe, a), 112);
    }
    sim_heap_destroy(h);
}
END_TEST

START_TEST(free_merges_and_space_is_reused)
{
    sim_heap_t *h;
    char err[256];
    ck_assert_int_eq(sim_heap_create(1, 1 << 16, &h, err, sizeof err), 0);
    void *a = sim_heap_alloc(h, 0, 16, 1000);
    void *b = sim_heap_alloc(h, 0, 16, 1000);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(sim_heap_free(h, 0, a), 0);
    ck_assert_int_eq(sim_heap_free(h, 0, a), -1); /* double free is refused */
    ck_assert_int_eq(sim_heap_free(h, 0, b), 0);
    void *c = sim_heap_alloc(h, 0, 16, 2000);
    ck_assert_ptr_eq(c, a);                       /* merged space reused */
    ck_assert_ptr_null(sim_heap_alloc(h, 0, 16, 1 << 17));
    ck_assert_ptr_null(sim_heap_alloc(h, 0, 16, SIZE_MAX));
    sim_heap_destroy(h);
}
END_TEST

/* The first free space that fits is taken, wherever frees and alignment
 * gaps left it among blocks in use (the search starts at the first block
 * that may be free, not at the heap's start). */
START_TEST(first_fit_finds_holes_and_gaps)
{
    sim_heap_t *h;
    char err[256];
    ck_assert_int_eq(sim_heap_create(1, 1 << 16, &h, err, sizeof err), 0);
    char *blk[8];
    for (int i = 0; i < 8; i++)
        blk[i] = sim_heap_alloc(h, 0, 16, 64);
    ck_assert_int_eq(sim_heap_free(h, 0, blk[5]), 0);
    ck_assert_int_eq(sim_heap_free(h, 0, blk[2]), 0);
    ck_assert_ptr_eq(sim_heap_alloc(h, 0, 16, 64), blk[2]); /* the lower hole first */
    ck_assert_ptr_eq(sim_heap_alloc(h, 0, 16, 48), blk[5]); /* then the next */
    char *aligned = sim_heap_alloc(h, 0, 1024, 16);          /* leaves a gap below it */
    ck_assert_int_eq((int)((uintptr_t)aligned % 1024), 0);
    char *small = sim_heap_alloc(h, 0, 16, 16);
    ck_assert_ptr_eq(small, blk[5] + 48);                    /* the rest of the hole */
    char *in_gap = sim_heap_alloc(h, 0, 16, 16);
    ck_assert(in_gap > blk[7] && in_gap < aligned);          /* the alignment gap */
    sim_heap_destroy(h);
}
END_TEST

START_TEST(collective_check_names_first_mismatch)
{
    sim_heap_t *h;
    char err[256];
    size_t other = 0;
    ck_assert_int_eq(sim_heap_create(3, 1 << 16, &h, err, sizeof err), 0);
    ck_assert_int_eq(sim_heap_collective_check(h, 0, 64, &other), -1);
    ck_assert_int_eq(sim_heap_collective_check(h, 1, 64, &other), -1);
    ck_assert_int_eq(sim_heap_collective_check(h, 2, 128, &other), 0);
    ck_assert_uint_eq(other, 64);
    sim_heap_destroy(h);
}
END_TEST

Suite *heap_suite(void)
{
    Suite *s = suite_create("heap");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, same_sequence_same_offsets);
    tcase_add_test(tc, free_merges_and_space_is_reused);
    tcase_add_test(tc, first_fit_finds_holes_and_gaps);
    tcase_add_test(tc, collective_check_names_first_mismatch);
    suite_add_tcase(s, tc);
    return s;
}
