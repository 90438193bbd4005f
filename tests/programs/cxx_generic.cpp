// C++: the generic names of <shmem.h> as overloads (RMA, atomics, waits,
// team collectives; ctx_ and _nbi forms, ibput, put_signal_nbi, scans,
// complex sums, the deprecated generic atomics, short and vector waits,
// shmemx's second names, alltoalls, shmem_sync on a team), each result
// checked.  Prints "PE n c++ ok".  argv[1]
// "bad": a put through an overload to a PE that does not exist, whose
// finding must name this file's line.
#include <shmem.h>
#include <pshmem.h> // must also compile as C++
#include <shmemx.h>
#include <stdio.h>
#include <string.h>

static long lv[4], sum, mx;
static double dv[2];
static int iv;
static unsigned int flags[3];
static double _Complex zsrc, zsum, zsum2; // GNU complex in C++, as C's
static long nb[2], scan, one;
static int ib[4], cw;
static uint64_t sig;
static float fw;
static long lw;
static int dep, cnt;
static short sflag;
static long vflags[2];
static long a2s_src[16], a2s_dst[16];
static uint64_t sig2;

// The predefined handles are objects, as in other implementations: a
// reference binds to them.
static long through_ref(shmem_ctx_t &ctx, shmem_team_t &team, const long *v)
{
    static long got;
    shmem_ctx_long_atomic_add(ctx, &got, *v, 0);
    shmem_ctx_quiet(ctx);
    shmem_team_sync(team);
    return shmem_long_atomic_fetch(&got, 0);
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), right = (me + 1) % n;
    long src[4] = {me, me + 1, me + 2, me + 3};
    shmem_put(lv, src, 4, right);
    shmem_p(dv, 0.5 * me, right);
    shmem_atomic_add(&iv, 2, right);
    shmem_barrier_all();
    int left = (me + n - 1) % n, ok = lv[3] == left + 3 && dv[0] == 0.5 * left && iv == 2;
    ok &= shmem_g(&lv[1], right) == me + 1;
    ok &= shmem_atomic_fetch(&iv, right) == 2;
    for (int i = 0; i < 3; i++)
        shmem_atomic_set(&flags[i], 1u, right);
    shmem_wait_until_all(flags, 3, NULL, SHMEM_CMP_EQ, 1u);
    ok &= shmem_test_any(flags, 3, NULL, SHMEM_CMP_EQ, 1u) < 3;
    shmem_barrier_all();
    shmem_sum_reduce(SHMEM_TEAM_WORLD, &sum, &lv[0], 1);
    shmem_max_reduce(SHMEM_TEAM_WORLD, &mx, &lv[0], 1);
    ok &= sum == (long)n * (n - 1) / 2 && mx == n - 1;
    __real__ zsrc = me;
    __imag__ zsrc = 1;
    shmem_complexd_sum_reduce(SHMEM_TEAM_WORLD, &zsum, &zsrc, 1);
    ok &= __real__ zsum == (double)n * (n - 1) / 2 && __imag__ zsum == n;
    shmem_sum_reduce(SHMEM_TEAM_WORLD, &zsum2, &zsrc, 1); // the overload
    ok &= __real__ zsum2 == __real__ zsum && __imag__ zsum2 == __imag__ zsum;
    one = me + 1;
    shmem_sum_inscan(SHMEM_TEAM_WORLD, &scan, &one, 1);
    ok &= scan == (long)(me + 1) * (me + 2) / 2;
    // ctx_ and _nbi forms, ibput, put_signal_nbi.
    long fetched = -1;
    int old = -1, pattern[4] = {10, 11, 12, 13};
    shmem_atomic_add(SHMEM_CTX_DEFAULT, &nb[0], 5L, right);
    shmem_atomic_fetch_add_nbi(&fetched, &nb[1], 1L, right);
    shmem_atomic_compare_swap_nbi(SHMEM_CTX_DEFAULT, &old, &cw, 0, 9, right);
    shmem_ibput(ib, pattern, 2, 2, 1, 2, right);
    shmem_put_signal_nbi(&ib[1], &pattern[1], 1, &sig, 1, SHMEM_SIGNAL_ADD, right);
    shmem_quiet();
    ok &= fetched == 0 && old == 0;
    shmem_barrier_all();
    ok &= nb[0] == 5 && nb[1] == 1 && cw == 9 && ib[0] == 10 && ib[1] == 11 && ib[2] == 12 && sig == 1;
    // the deprecated generic atomics: a long swap is the untyped legacy
    // routine, a float one an overload; then fetch/set, add/inc, the
    // fetching ones and cswap on a PE of their own
    shmem_barrier_all();
    float fold = shmem_swap(&fw, (float)me + 0.5f, right);
    long lold = shmem_swap(&lw, (long)me, right);
    shmem_barrier_all();
    ok &= fold == 0.0f && lold == 0 && fw == (float)left + 0.5f && lw == left;
    ok &= shmem_fetch(&fw, right) == (float)me + 0.5f;
    long unit = 1;
    ok &= through_ref(SHMEM_CTX_DEFAULT, SHMEM_TEAM_WORLD, &unit) == n;
    shmem_barrier_all();
    if (me == 0) {
        shmem_set(&dep, 10, right);
        shmem_fence(); // non-fetching atomics to one PE are unordered without it
        shmem_add(&dep, 5, right);
        shmem_inc(&dep, right);
        shmem_quiet();
        ok &= shmem_fadd(&dep, 2, right) == 16 && shmem_finc(&dep, right) == 18;
        ok &= shmem_cswap(&dep, 19, 40, right) == 19 && shmem_fetch(&dep, right) == 40;
    }
    // waits and tests on a short, the vector waits, a signal_add with a
    // context, and shmemx's second names (a fetching nbi atomic, ibget
    // with a context)
    shmem_barrier_all();
    shmem_p(&sflag, (short)(me + 1), right);
    shmem_wait_until(&sflag, SHMEM_CMP_EQ, (short)(left + 1));
    ok &= shmem_test(&sflag, SHMEM_CMP_EQ, (short)(left + 1)) == 1;
    long two[2] = {1, 2};
    shmem_put(vflags, two, 2, right);
    shmem_wait_until_all_vector(vflags, 2, NULL, SHMEM_CMP_EQ, two);
    ok &= shmem_test_any_vector(vflags, 2, NULL, SHMEM_CMP_EQ, two) < 2;
    shmem_signal_add(SHMEM_CTX_DEFAULT, &sig2, 3, right);
    ok &= shmem_signal_wait_until(&sig2, SHMEM_CMP_EQ, 3) == 3;
    int fbuf = -1, ibl[3] = {0, 0, 0};
    shmemx_atomic_fetch_add_nbi(&fbuf, &cnt, 1, right);
    shmemx_ctx_int_ibget(SHMEM_CTX_DEFAULT, ibl, ib, 1, 1, 1, 3, right);
    shmem_quiet();
    ok &= fbuf == 0 && ibl[0] == 10 && ibl[1] == 11 && ibl[2] == 12;
    shmem_barrier_all();
    // alltoalls and the team form of shmem_sync
    for (int i = 0; i < n; i++)
        a2s_src[2 * i] = 100 * me + i;
    shmem_sync(SHMEM_TEAM_WORLD);
    shmem_alltoalls(SHMEM_TEAM_WORLD, a2s_dst, a2s_src, 2, 2, 1);
    for (int i = 0; i < n; i++)
        ok &= a2s_dst[2 * i] == 100 * i + me;
    if (argc > 1 && !strcmp(argv[1], "bad") && me == 0)
        shmem_p(&lv[0], 7L, n); // BAD(cxx)
    printf("PE %d c++ %s\n", me, ok ? "ok" : "WRONG");
    shmem_finalize();
    return !ok;
}
