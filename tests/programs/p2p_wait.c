/* Point-to-point waits and tests over an array: PE 1 writes PE 0's ivars
 * in steps (a barrier between steps), PE 0 waits and prints what each
 * routine returned, e.g. "any 5" or "some 2: 2 6". */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>

#define N 8
long ivars[N];
short sv;
unsigned short usv;
long lw;

/* Every point-to-point type: a value below zero for signed types. */
#define TYPED_VARS(T, NAME, a) T NAME##_iv[2];
SHMEM_P2P_TYPES(TYPED_VARS, )
static int typed_ok;
#define TYPED(T, NAME, a)                                                        \
    if (shmem_my_pe() == 1) {                                                    \
        shmem_##NAME##_p(&NAME##_iv[1], (T)-2, 0);                               \
    } else if (shmem_my_pe() == 0) {                                             \
        shmem_##NAME##_wait_until(&NAME##_iv[1], SHMEM_CMP_EQ, (T)-2);           \
        typed_ok += shmem_##NAME##_test(&NAME##_iv[1], SHMEM_CMP_LE, (T)-2) &&   \
                    shmem_##NAME##_test_any(NAME##_iv, 2, NULL, SHMEM_CMP_EQ, (T)-2) == 1 && \
                    shmem_##NAME##_wait_until_any(NAME##_iv, 2, NULL, SHMEM_CMP_NE, 0) == 1; \
    }

static void step(void)
{
    shmem_barrier_all();
}

/* PE 1 puts the whole array at once: one delivery. */
static void set_all(const long v[N])
{
    if (shmem_my_pe() == 1) {
        shmem_long_put(ivars, v, N, 0);
        shmem_quiet();
    }
}

static void print_indices(const char *what, size_t n, const size_t *idx)
{
    printf("%s %zu:", what, n);
    for (size_t i = 0; i < n; i++)
        printf(" %zu", idx[i]);
    printf("\n");
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    size_t idx[N];
    int status[N] = {0};

    /* any: only ivars[5] changes */
    if (me == 1)
        shmem_long_p(&ivars[5], 1, 0);
    if (me == 0)
        printf("any %zu\n", shmem_long_wait_until_any(ivars, N, NULL, SHMEM_CMP_EQ, 1));
    step();

    /* some, with 5 left out: 2 and 6 change in one put */
    status[5] = 1;
    set_all((long[N]){0, 0, 1, 0, 0, 1, 1, 0});
    if (me == 0)
        print_indices("some", shmem_long_wait_until_some(ivars, N, idx, status, SHMEM_CMP_EQ, 1),
                      idx);
    step();

    /* tests: nothing is 9 */
    if (me == 0) {
        printf("test_any %s\n",
               shmem_long_test_any(ivars, N, NULL, SHMEM_CMP_EQ, 9) == SIZE_MAX ? "none" : "?");
        printf("test_some %zu\n", shmem_long_test_some(ivars, N, idx, NULL, SHMEM_CMP_EQ, 9));
        printf("test_all %d %d\n", shmem_long_test_all(ivars, N, NULL, SHMEM_CMP_EQ, 9),
               shmem_long_test_all(ivars, N, NULL, SHMEM_CMP_GE, 0));
        printf("test %d %d\n", shmem_long_test(&ivars[2], SHMEM_CMP_EQ, 1),
               shmem_long_test(&ivars[3], SHMEM_CMP_EQ, 1));
        printf("test_any %zu\n", shmem_long_test_any(ivars, N, status, SHMEM_CMP_GT, 0));
        print_indices("test_some", shmem_long_test_some(ivars, N, idx, NULL, SHMEM_CMP_GT, 0),
                      idx);
        /* everything left out, or nothing to wait for */
        int none[N] = {1, 1, 1, 1, 1, 1, 1, 1};
        printf("empty %s %zu\n",
               shmem_long_wait_until_any(ivars, N, none, SHMEM_CMP_EQ, 9) == SIZE_MAX ? "none"
                                                                                       : "?",
               shmem_long_wait_until_some(ivars, 0, idx, NULL, SHMEM_CMP_EQ, 9));
        shmem_long_wait_until_all(ivars, N, none, SHMEM_CMP_EQ, 9);
    }
    step();

    /* vector forms: each ivar has its own compare value */
    long want[N] = {0, 1, 2, 3, 4, 5, 6, 7};
    set_all((long[N]){0, 1, 2, 3, 4, 5, 6, 7});
    if (me == 0) {
        shmem_long_wait_until_all_vector(ivars, N, NULL, SHMEM_CMP_EQ, want);
        printf("all_vector done\n");
        printf("test_all_vector %d\n", shmem_long_test_all_vector(ivars, N, NULL, SHMEM_CMP_EQ,
                                                                  want));
    }
    step();
    set_all((long[N]){0, 1, 2, 30, 4, 5, 60, 7});
    if (me == 0) {
        printf("any_vector %zu\n",
               shmem_long_wait_until_any_vector(ivars, N, NULL, SHMEM_CMP_GT, want));
        print_indices("some_vector", shmem_long_wait_until_some_vector(ivars, N, idx, NULL,
                                                                      SHMEM_CMP_GT, want),
                      idx);
        printf("test_any_vector %zu\n",
               shmem_long_test_any_vector(ivars, N, status, SHMEM_CMP_GT, want));
        print_indices("test_some_vector", shmem_long_test_some_vector(ivars, N, idx, NULL,
                                                                     SHMEM_CMP_LT, want),
                      idx);
    }
    step();

    /* all: every ivar must reach 4 */
    set_all((long[N]){4, 4, 4, 4, 4, 4, 4, 4});
    if (me == 0) {
        shmem_long_wait_until_all(ivars, N, NULL, SHMEM_CMP_EQ, 4);
        printf("all done\n");
    }
    step();

    /* deprecated forms: short/ushort wait_until and test, wait, untyped */
    if (me == 1) {
        shmem_short_p(&sv, -3, 0);
        shmem_ushort_p(&usv, 65000, 0);
        shmem_long_p(&lw, 5, 0);
    }
    if (me == 0) {
        shmem_short_wait_until(&sv, SHMEM_CMP_LT, 0);
        shmem_ushort_wait_until(&usv, SHMEM_CMP_GT, 60000);
        shmem_wait(&lw, 0);
        shmem_long_wait(&lw, 0);
        (shmem_wait_until)(&lw, SHMEM_CMP_EQ, 5);
        printf("deprecated %d %d %d\n", shmem_short_test(&sv, SHMEM_CMP_EQ, -3),
               shmem_ushort_test(&usv, SHMEM_CMP_EQ, 65000), shmem_long_test(&lw, SHMEM_CMP_NE, 5));
    }
    step();
    SHMEM_P2P_TYPES(TYPED, )
    if (me == 0)
        printf("typed %d\n", typed_ok);
    shmem_finalize();
    return 0;
}
