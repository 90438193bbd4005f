/* The C11 type-generic interface: every generic name of the point-to-point
 * API, called with and without a context where both exist, on a few types,
 * with results checked.  Prints "PE n generic checks C errors E". */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int me, npes, right, left;
static long checks, errors;

#define EXPECT(cond)                                                            \
    do {                                                                        \
        checks++;                                                               \
        if (!(cond)) {                                                          \
            errors++;                                                           \
            printf("PE %d: check failed at line %d: %s\n", me, __LINE__, #cond); \
        }                                                                       \
    } while (0)

long la[4], lb[4];
double da[4];
float fa[4];
int ia[4];
unsigned int ua[4];
unsigned long long ull;
uint64_t sig;
char ca[8];

static void rma(shmem_ctx_t ctx)
{
    long src[4] = {me, me + 1, me + 2, me + 3}, got[4] = {0};
    double dsrc[4] = {me + 0.5, me + 1.5, me + 2.5, me + 3.5};
    memset(la, 0, sizeof la);
    memset(da, 0, sizeof da);
    shmem_barrier_all();
    shmem_put(la, src, 2, right);
    shmem_put(ctx, la + 2, src + 2, 2, right);
    shmem_put_nbi(da, dsrc, 2, right);
    shmem_put_nbi(ctx, da + 2, dsrc + 2, 2, right);
    shmem_p(&ca[0], 'a' + me, right);
    shmem_p(ctx, &ca[1], 'b', right);
    shmem_quiet();
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    for (int i = 0; i < 4; i++)
        EXPECT(la[i] == left + i && da[i] == left + i + 0.5);
    EXPECT(ca[0] == 'a' + left && ca[1] == 'b');
    shmem_get(got, la, 2, right);
    shmem_get(ctx, got + 2, la + 2, 2, right);
    EXPECT(got[0] == me && got[3] == me + 3);
    double dg[4] = {0};
    shmem_get_nbi(dg, da, 2, right);
    shmem_get_nbi(ctx, dg + 2, da + 2, 2, right);
    shmem_quiet();
    shmem_ctx_quiet(ctx);
    EXPECT(dg[0] == me + 0.5 && dg[3] == me + 3.5);
    EXPECT(shmem_g(&da[1], right) == me + 1.5 && shmem_g(ctx, &la[2], right) == me + 2);
    shmem_barrier_all();
    memset(ia, 0, sizeof ia);
    shmem_barrier_all();
    int isrc[4] = {7, 8, 9, 10}, ig[4] = {0};
    shmem_iput(ia, isrc, 2, 2, 2, right);    /* ia[0]=7, ia[2]=9 */
    shmem_iput(ctx, ia + 1, isrc + 1, 2, 2, 1, right); /* ia[1]=8 */
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    EXPECT(ia[0] == 7 && ia[1] == 8 && ia[2] == 9 && ia[3] == 0);
    shmem_iget(ig, ia, 1, 2, 2, right);      /* ig = ia[0], ia[2] */
    shmem_iget(ctx, ig + 2, ia + 1, 1, 1, 1, right);
    EXPECT(ig[0] == 7 && ig[1] == 9 && ig[2] == 8);
    shmem_barrier_all();
}

static void atomics(shmem_ctx_t ctx)
{
    long f = 0;
    int fi = 0;
    la[0] = 0;
    ia[0] = 0;
    ua[0] = 0;
    fa[0] = 0;
    shmem_barrier_all();
    shmem_atomic_add(&la[0], 2, 0);
    shmem_atomic_add(ctx, &ia[0], 2, 0);
    shmem_atomic_inc(&la[0], 0);
    shmem_atomic_inc(ctx, &ia[0], 0);
    (void)shmem_atomic_fetch_add(&la[0], 3, 0);
    (void)shmem_atomic_fetch_add(ctx, &ia[0], 3, 0);
    (void)shmem_atomic_fetch_inc(&la[0], 0);
    (void)shmem_atomic_fetch_inc(ctx, &ia[0], 0);
    shmem_atomic_fetch_add_nbi(&f, &la[0], 1, 0);
    shmem_atomic_fetch_add_nbi(ctx, &fi, &ia[0], 1, 0);
    shmem_quiet();
    shmem_ctx_quiet(ctx);
    long f2 = 0;
    int fi2 = 0;
    shmem_atomic_fetch_inc_nbi(&f2, &la[0], 0);
    shmem_atomic_fetch_inc_nbi(ctx, &fi2, &ia[0], 0);
    shmem_atomic_or(&ua[0], 1u << me, 0);
    shmem_atomic_or(ctx, &ua[0], 1u << (me + 8), 0);
    shmem_quiet();
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    EXPECT(shmem_atomic_fetch(&la[0], 0) == 9L * npes);
    EXPECT(shmem_atomic_fetch(ctx, &ia[0], 0) == 9 * npes);
    unsigned int all = (1u << npes) - 1;
    EXPECT(shmem_atomic_fetch(&ua[0], 0) == (all | all << 8));
    shmem_barrier_all();
    (void)shmem_atomic_fetch_and(&ua[0], ~(1u << me), 0);
    (void)shmem_atomic_fetch_and(ctx, &ua[0], ~(1u << (me + 8)), 0);
    shmem_barrier_all();
    EXPECT(shmem_atomic_fetch(&ua[0], 0) == 0);
    shmem_barrier_all();
    unsigned int fu = 0, fu2 = 0;
    shmem_atomic_and(&ua[0], 0u, 0);
    shmem_atomic_and(ctx, &ua[0], 0u, 0);
    /* Every PE's clearing lands before anyone's xor below (atomics of
     * different PEs are not ordered otherwise). */
    shmem_quiet();
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    shmem_atomic_fetch_or_nbi(&fu, &ua[0], 0u, 0);
    shmem_atomic_fetch_or_nbi(ctx, &fu2, &ua[0], 0u, 0);
    (void)shmem_atomic_fetch_or(&ua[0], 0u, 0);
    (void)shmem_atomic_fetch_or(ctx, &ua[0], 0u, 0);
    shmem_atomic_xor(&ua[0], 1u << me, 0);
    shmem_atomic_xor(ctx, &ua[0], 1u << me, 0);
    (void)shmem_atomic_fetch_xor(&ua[0], 0u, 0);
    (void)shmem_atomic_fetch_xor(ctx, &ua[0], 0u, 0);
    shmem_quiet();
    shmem_ctx_quiet(ctx); /* fu2 is written when the fetch completes */
    shmem_atomic_fetch_xor_nbi(&fu, &ua[0], 0u, 0);
    shmem_atomic_fetch_xor_nbi(ctx, &fu2, &ua[0], 0u, 0);
    shmem_quiet();
    shmem_ctx_quiet(ctx);
    shmem_atomic_fetch_and_nbi(&fu, &ua[0], ~0u, 0);
    shmem_atomic_fetch_and_nbi(ctx, &fu2, &ua[0], ~0u, 0);
    shmem_quiet();
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    EXPECT(shmem_atomic_fetch(&ua[0], 0) == 0);
    /* set, swap, compare_swap and their fetch forms */
    shmem_atomic_set(&fa[me], 1.5f * me, 0);
    shmem_atomic_set(ctx, &da[me], 2.5 * me, 0);
    shmem_quiet();
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    EXPECT(shmem_atomic_swap(&fa[me], 0.0f, 0) == 1.5f * me);
    EXPECT(shmem_atomic_swap(ctx, &da[me], 0.0, 0) == 2.5 * me);
    double fd = -1;
    float ff = -1;
    shmem_atomic_swap_nbi(&ff, &fa[me], 4.0f, 0);
    shmem_atomic_swap_nbi(ctx, &fd, &da[me], 4.0, 0);
    shmem_quiet();
    shmem_ctx_quiet(ctx);
    EXPECT(ff == 0.0f && fd == 0.0);
    shmem_atomic_fetch_nbi(&ff, &fa[me], 0);
    shmem_atomic_fetch_nbi(ctx, &fd, &da[me], 0);
    shmem_quiet();
    shmem_ctx_quiet(ctx);
    EXPECT(ff == 4.0f && fd == 4.0);
    shmem_barrier_all();
    ull = 0;
    shmem_barrier_all();
    unsigned long long old = shmem_atomic_compare_swap(&ull, 0ULL, (unsigned long long)me + 1, 0);
    shmem_barrier_all();
    unsigned long long cur = shmem_atomic_fetch(&ull, 0);
    EXPECT((old == 0) == (cur == (unsigned long long)me + 1));
    shmem_barrier_all();
    EXPECT(shmem_atomic_compare_swap(ctx, &ull, 99ULL, 1ULL, 0) == cur);
    unsigned long long fo = 0, fo2 = 0;
    shmem_atomic_compare_swap_nbi(&fo, &ull, 99ULL, 1ULL, 0);
    shmem_atomic_compare_swap_nbi(ctx, &fo2, &ull, 99ULL, 1ULL, 0);
    shmem_quiet();
    shmem_ctx_quiet(ctx);
    EXPECT(fo == cur && fo2 == cur);
    shmem_barrier_all();
}

/* The deprecated generic atomics. */
static void deprecated(void)
{
    la[1] = la[2] = 0;
    shmem_barrier_all();
    shmem_add(&la[1], 2L, 0);
    shmem_inc(&la[1], 0);
    (void)shmem_fadd(&la[1], 3L, 0);
    (void)shmem_finc(&la[1], 0);
    shmem_quiet();
    shmem_barrier_all();
    EXPECT(shmem_fetch(&la[1], 0) == 7L * npes);
    shmem_barrier_all();
    shmem_set(&da[me], 1.25, right);
    shmem_quiet();
    shmem_barrier_all();
    EXPECT(da[left] == 1.25);
    shmem_barrier_all(); /* right reads da[me] before it is swapped */
    EXPECT(shmem_swap(&da[me], 2.0, right) == 1.25);
    EXPECT(shmem_cswap(&la[2], 0L, 0L, right) == 0);
    shmem_barrier_all();
}

static void signals_and_waits(shmem_ctx_t ctx)
{
    long src[2] = {40 + me, 41 + me};
    sig = 0;
    memset(lb, 0, sizeof lb);
    shmem_barrier_all();
    shmem_put_signal(lb, src, 1, &sig, 1, SHMEM_SIGNAL_ADD, right);
    shmem_put_signal(ctx, lb + 1, src + 1, 1, &sig, 1, SHMEM_SIGNAL_ADD, right);
    shmem_put_signal_nbi(lb + 2, src, 1, &sig, 1, SHMEM_SIGNAL_ADD, right);
    shmem_put_signal_nbi(ctx, lb + 3, src + 1, 1, &sig, 1, SHMEM_SIGNAL_ADD, right);
    shmem_wait_until(&sig, SHMEM_CMP_EQ, 4);
    EXPECT(lb[0] == 40 + left && lb[1] == 41 + left && lb[2] == 40 + left && lb[3] == 41 + left);
    EXPECT(shmem_test(&sig, SHMEM_CMP_GE, 4));
    size_t idx[4];
    int status[4] = {0, 1, 0, 0};
    long vals[4] = {40 + left, 41 + left, 0, 41 + left};
    shmem_wait_until_all(lb, 4, NULL, SHMEM_CMP_GE, 40);
    EXPECT(shmem_wait_until_any(lb, 4, status, SHMEM_CMP_EQ, 41 + left) == 3);
    EXPECT(shmem_wait_until_some(lb, 4, idx, NULL, SHMEM_CMP_EQ, 40 + left) == 2 && idx[1] == 2);
    shmem_wait_until_all_vector(lb, 4, status, SHMEM_CMP_GE, vals);
    EXPECT(shmem_wait_until_any_vector(lb, 4, NULL, SHMEM_CMP_GT, vals) == 2);
    EXPECT(shmem_wait_until_some_vector(lb, 4, idx, NULL, SHMEM_CMP_EQ, vals) == 3);
    EXPECT(shmem_test_all(lb, 4, NULL, SHMEM_CMP_GT, 0) == 1);
    EXPECT(shmem_test_any(lb, 4, NULL, SHMEM_CMP_LT, 0) == SIZE_MAX);
    EXPECT(shmem_test_some(lb, 4, idx, NULL, SHMEM_CMP_NE, 40 + left) == 2);
    EXPECT(shmem_test_all_vector(lb, 4, NULL, SHMEM_CMP_GE, vals) == 1);
    EXPECT(shmem_test_any_vector(lb, 4, NULL, SHMEM_CMP_LT, vals) == SIZE_MAX);
    EXPECT(shmem_test_some_vector(lb, 4, idx, status, SHMEM_CMP_EQ, vals) == 2);
    shmem_barrier_all();
}

int main(int argc, char **argv)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    shmem_ctx_t ctx;
    if (npes > 8 || shmem_ctx_create(0, &ctx) != 0)
        return 2;
    rma(ctx);
    atomics(ctx);
    deprecated();
    signals_and_waits(ctx);
    shmem_ctx_destroy(ctx);
    printf("PE %d generic checks %ld errors %ld\n", me, checks, errors);
    if (argc > 1 && argv[1][0]) /* "exit": the generic name of shmem_global_exit too */
        shmem_global_exit(errors != 0);
    shmem_finalize();
    return errors != 0;
}
