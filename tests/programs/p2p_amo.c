/* Every atomic family for every type of its table, blocking, nbi, on a
 * created context and in the deprecated names, with all PEs hitting the
 * same words so that lost updates would show.  Prints "PE n amo checks C
 * errors E". */
#include <shmem.h>
#include <stdio.h>

static int me, npes;
static long checks, errors;
static shmem_ctx_t ctx;

#define EXPECT(cond)                                                            \
    do {                                                                        \
        checks++;                                                               \
        if (!(cond)) {                                                          \
            errors++;                                                           \
            printf("PE %d: check failed at line %d: %s\n", me, __LINE__, #cond); \
        }                                                                       \
    } while (0)

/* Per type: a target word, a word for each PE's own slot, fetch buffers. */
#define WORDS(T, NAME, a) T NAME##_w, NAME##_v[64], NAME##_cs;
SHMEM_AMO_EXT_TYPES(WORDS, )

/* fetch, set, swap (extended types): every PE sets slot me of PE 0, swaps
 * into PE right's word, and reads everything back. */
#define TEST_EXT(T, NAME, a)                                                    \
    static void ext_##NAME(void)                                                \
    {                                                                           \
        int right = (me + 1) % npes, left = (me + npes - 1) % npes;             \
        NAME##_w = (T)(100 + me);                                               \
        shmem_barrier_all();                                                    \
        shmem_##NAME##_atomic_set(&NAME##_v[me], (T)(me + 1), 0);              \
        shmem_ctx_##NAME##_atomic_set(ctx, &NAME##_v[me + npes], (T)(me + 2), 0); \
        T old = shmem_##NAME##_atomic_swap(&NAME##_w, (T)(200 + me), right);    \
        EXPECT(old == (T)(100 + right));                                        \
        shmem_ctx_quiet(ctx);                                                   \
        shmem_barrier_all();                                                    \
        EXPECT(NAME##_w == (T)(200 + left));                                    \
        EXPECT(shmem_##NAME##_atomic_fetch(&NAME##_w, right) == (T)(200 + me)); \
        EXPECT(shmem_ctx_##NAME##_atomic_fetch(ctx, &NAME##_v[me], 0) == (T)(me + 1)); \
        EXPECT(shmem_ctx_##NAME##_atomic_swap(ctx, &NAME##_v[me + npes], 0, 0) ==   \
               (T)(me + 2));                                                    \
        T f1 = 0, f2 = 0, f3 = 0, f4 = 0;                                       \
        shmem_##NAME##_atomic_fetch_nbi(&f1, &NAME##_v[me], 0);                 \
        shmem_ctx_##NAME##_atomic_fetch_nbi(ctx, &f2, &NAME##_v[me], 0);        \
        shmem_ctx_quiet(ctx); /* the swaps below must not overtake the fetches */ \
        shmem_quiet();                                                          \
        shmem_##NAME##_atomic_swap_nbi(&f3, &NAME##_v[me], (T)7, 0);            \
        shmem_quiet();                                                          \
        shmem_ctx_##NAME##_atomic_swap_nbi(ctx, &f4, &NAME##_v[me], (T)8, 0);   \
        shmem_ctx_quiet(ctx);                                                   \
        EXPECT(f1 == (T)(me + 1) && f2 == (T)(me + 1));                         \
        EXPECT(f3 == (T)(me + 1) && f4 == (T)7);                                \
        EXPECT(shmem_##NAME##_atomic_fetch(&NAME##_v[me], 0) == (T)8);          \
        shmem_barrier_all();                                                    \
    }
SHMEM_AMO_EXT_TYPES(TEST_EXT, )

/* Arithmetic: every PE adds into PE 0's word in every form; then one
 * compare_swap winner per round. */
#define TEST_ARITH(T, NAME, a)                                                  \
    static void arith_##NAME(void)                                              \
    {                                                                           \
        NAME##_w = 0;                                                           \
        NAME##_cs = 0;                                                          \
        shmem_barrier_all();                                                    \
        T f = 0, g = 0, f2 = 0, g2 = 0;                                         \
        shmem_##NAME##_atomic_inc(&NAME##_w, 0);                                \
        shmem_ctx_##NAME##_atomic_inc(ctx, &NAME##_w, 0);                       \
        (void)shmem_##NAME##_atomic_fetch_inc(&NAME##_w, 0);                    \
        (void)shmem_ctx_##NAME##_atomic_fetch_inc(ctx, &NAME##_w, 0);           \
        shmem_##NAME##_atomic_fetch_inc_nbi(&f, &NAME##_w, 0);                  \
        shmem_ctx_##NAME##_atomic_fetch_inc_nbi(ctx, &g, &NAME##_w, 0);         \
        shmem_##NAME##_atomic_add(&NAME##_w, (T)me, 0);                         \
        shmem_ctx_##NAME##_atomic_add(ctx, &NAME##_w, (T)me, 0);                \
        (void)shmem_##NAME##_atomic_fetch_add(&NAME##_w, (T)me, 0);             \
        (void)shmem_ctx_##NAME##_atomic_fetch_add(ctx, &NAME##_w, (T)me, 0);    \
        shmem_##NAME##_atomic_fetch_add_nbi(&f2, &NAME##_w, (T)me, 0);          \
        shmem_ctx_##NAME##_atomic_fetch_add_nbi(ctx, &g2, &NAME##_w, (T)me, 0); \
        shmem_quiet();                                                          \
        shmem_ctx_quiet(ctx);                                                   \
        shmem_barrier_all();                                                    \
        if (me == 0)                                                            \
            EXPECT(NAME##_w == (T)(6 * npes + 6 * (npes * (npes - 1) / 2)));    \
        /* compare_swap: exactly one PE finds 0 and installs itself */          \
        T was = shmem_##NAME##_atomic_compare_swap(&NAME##_cs, 0, (T)(me + 1), 0); \
        long won = was == 0;                                                    \
        shmem_barrier_all();                                                    \
        T cur = shmem_ctx_##NAME##_atomic_fetch(ctx, &NAME##_cs, 0);            \
        EXPECT(cur >= 1 && cur <= (T)npes);                                     \
        EXPECT(won == (cur == (T)(me + 1)));                                    \
        shmem_barrier_all();                                                    \
        T w2 = shmem_ctx_##NAME##_atomic_compare_swap(ctx, &NAME##_cs, cur, (T)(cur + 1), 0); \
        shmem_##NAME##_atomic_compare_swap_nbi(&f, &NAME##_cs, (T)99, (T)5, 0); \
        shmem_quiet();                                                          \
        shmem_ctx_##NAME##_atomic_compare_swap_nbi(ctx, &g, &NAME##_cs, (T)99, (T)5, 0); \
        shmem_ctx_quiet(ctx);                                                   \
        EXPECT(f != (T)99 && g != (T)99);                                       \
        shmem_barrier_all();                                                    \
        if (me == 0)                                                            \
            EXPECT(NAME##_cs == (T)(cur + 1));                                  \
        (void)w2;                                                               \
        shmem_barrier_all();                                                    \
    }
SHMEM_AMO_TYPES(TEST_ARITH, )

/* Bitwise: PE p owns bit p of PE 0's word (p < 32). */
#define TEST_BIT(T, NAME, a)                                                    \
    static void bit_##NAME(void)                                                \
    {                                                                           \
        T bit = (T)((T)1 << me), all = (T)(((T)1 << npes) - 1), f = 0;          \
        NAME##_w = 0;                                                           \
        shmem_barrier_all();                                                    \
        if (me % 3 == 0)                                                        \
            shmem_##NAME##_atomic_or(&NAME##_w, bit, 0);                        \
        else if (me % 3 == 1)                                                   \
            (void)shmem_ctx_##NAME##_atomic_fetch_or(ctx, &NAME##_w, bit, 0);   \
        else                                                                    \
            shmem_##NAME##_atomic_fetch_or_nbi(&f, &NAME##_w, bit, 0);          \
        shmem_quiet();                                                          \
        shmem_barrier_all();                                                    \
        EXPECT(shmem_##NAME##_atomic_fetch(&NAME##_w, 0) == all);               \
        shmem_barrier_all();                                                    \
        if (me % 2)                                                             \
            shmem_ctx_##NAME##_atomic_xor(ctx, &NAME##_w, bit, 0);              \
        else                                                                    \
            (void)shmem_##NAME##_atomic_fetch_xor(&NAME##_w, bit, 0);           \
        shmem_ctx_quiet(ctx);                                                   \
        shmem_barrier_all();                                                    \
        EXPECT(shmem_##NAME##_atomic_fetch(&NAME##_w, 0) == 0);                 \
        shmem_barrier_all();                                                    \
        if (me == 0)                                                            \
            NAME##_w = all;                                                     \
        shmem_barrier_all();                                                    \
        if (me % 2)                                                             \
            shmem_##NAME##_atomic_and(&NAME##_w, (T)~bit, 0);                   \
        else                                                                    \
            shmem_ctx_##NAME##_atomic_fetch_and_nbi(ctx, &f, &NAME##_w, (T)~bit, 0); \
        shmem_quiet();                                                          \
        shmem_ctx_quiet(ctx);                                                   \
        shmem_barrier_all();                                                    \
        EXPECT(shmem_##NAME##_atomic_fetch(&NAME##_w, 0) == 0);                 \
        shmem_barrier_all();                                                    \
        (void)shmem_##NAME##_atomic_fetch_and(&NAME##_w, (T)0, 0);              \
        (void)shmem_ctx_##NAME##_atomic_fetch_and(ctx, &NAME##_w, (T)0, 0);     \
        shmem_ctx_##NAME##_atomic_and(ctx, &NAME##_w, (T)0, 0);                 \
        /* (f is written when each fetch completes: a quiet before reuse) */  \
        shmem_##NAME##_atomic_fetch_and_nbi(&f, &NAME##_w, (T)0, 0);            \
        shmem_quiet();                                                          \
        shmem_ctx_##NAME##_atomic_or(ctx, &NAME##_w, (T)0, 0);                  \
        shmem_ctx_##NAME##_atomic_fetch_or_nbi(ctx, &f, &NAME##_w, (T)0, 0);    \
        shmem_ctx_quiet(ctx);                                                   \
        shmem_##NAME##_atomic_xor(&NAME##_w, (T)0, 0);                          \
        (void)shmem_ctx_##NAME##_atomic_fetch_xor(ctx, &NAME##_w, (T)0, 0);     \
        shmem_##NAME##_atomic_fetch_xor_nbi(&f, &NAME##_w, (T)0, 0);            \
        shmem_quiet();                                                          \
        shmem_ctx_##NAME##_atomic_fetch_xor_nbi(ctx, &f, &NAME##_w, (T)0, 0);   \
        shmem_quiet();                                                          \
        shmem_ctx_quiet(ctx);                                                   \
        shmem_barrier_all();                                                    \
        EXPECT(shmem_##NAME##_atomic_fetch(&NAME##_w, 0) == 0);                 \
        shmem_barrier_all();                                                    \
    }
SHMEM_AMO_BIT_TYPES(TEST_BIT, )

/* The deprecated names. */
#define TEST_DEPR(T, NAME, a)                                                   \
    static void depr_##NAME(void)                                               \
    {                                                                           \
        NAME##_w = 0;                                                           \
        NAME##_cs = 0;                                                          \
        shmem_barrier_all();                                                    \
        shmem_##NAME##_inc(&NAME##_w, 0);                                       \
        shmem_##NAME##_add(&NAME##_w, (T)2, 0);                                 \
        (void)shmem_##NAME##_finc(&NAME##_w, 0);                                \
        (void)shmem_##NAME##_fadd(&NAME##_w, (T)3, 0);                          \
        shmem_quiet();                                                          \
        T was = shmem_##NAME##_cswap(&NAME##_cs, 0, (T)(me + 1), 0);            \
        shmem_barrier_all();                                                    \
        EXPECT(shmem_##NAME##_fetch(&NAME##_w, 0) == (T)(7 * npes));            \
        T cur = shmem_##NAME##_fetch(&NAME##_cs, 0);                            \
        EXPECT((was == 0) == (cur == (T)(me + 1)));                             \
        shmem_barrier_all();                                                    \
    }
#define TEST_DEPR_EXT(T, NAME, a)                                               \
    static void deprx_##NAME(void)                                              \
    {                                                                           \
        int right = (me + 1) % npes, left = (me + npes - 1) % npes;             \
        shmem_##NAME##_set(&NAME##_v[me], (T)(me + 3), right);                  \
        shmem_quiet();                                                          \
        shmem_barrier_all();                                                    \
        EXPECT(NAME##_v[left] == (T)(left + 3));                                \
        shmem_barrier_all();                                                    \
        EXPECT(shmem_##NAME##_swap(&NAME##_v[me], (T)1, right) == (T)(me + 3)); \
        EXPECT(shmem_##NAME##_fetch(&NAME##_v[me], right) == (T)1);             \
        shmem_barrier_all();                                                    \
    }
SHMEM_AMO_DEPR_TYPES(TEST_DEPR, )
SHMEM_AMO_DEPR_EXT_TYPES(TEST_DEPR_EXT, )

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    if (npes > 31 || shmem_ctx_create(0, &ctx) != 0)
        return 2;
#define RUN(T, NAME, a) a##NAME();
    SHMEM_AMO_EXT_TYPES(RUN, ext_)
    SHMEM_AMO_TYPES(RUN, arith_)
    SHMEM_AMO_BIT_TYPES(RUN, bit_)
    SHMEM_AMO_DEPR_TYPES(RUN, depr_)
    SHMEM_AMO_DEPR_EXT_TYPES(RUN, deprx_)
    shmem_ctx_destroy(ctx);
    printf("PE %d amo checks %ld errors %ld\n", me, checks, errors);
    shmem_finalize();
    return errors != 0;
}
