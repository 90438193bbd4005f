/* The C11 generic names over every type of the tables they serve, taken
 * from <shmem.h>'s own type tables (so a type the tables list but the
 * generics miss fails to compile here): waits and tests, the deprecated
 * atomic names, the bitwise atomics and the team bitwise reductions.
 * Prints "PE n generic types ok" or the failed checks. */
#include <shmem.h>

#include "expect.h"
#include <stdint.h>
#include <stdio.h>

static int me, npes, right, errors;

/* A generic name inside a table's expansion would meet that table's own
 * macros while they are being expanded, which the preprocessor leaves
 * alone: each table entry is deferred and expanded once the table is. */
#define EMPTY()
#define DEFER(id) id EMPTY()
#define EXPAND(...) __VA_ARGS__
#define EACH(table, body) EXPAND(table(DEFERRED, body))
#define DEFERRED(T, N, body) DEFER(body)(T, N)
#define EACH2(table, body) EXPAND(table(DEFERRED2_##body))


/* Waits and tests: the right neighbour sets v[0] and v[1] to 1. */
#define P2P(T, N)                                                               \
    static T p2p_##N[2];                                                        \
    static void p2p_test_##N(void)                                              \
    {                                                                           \
        T one = 1;                                                              \
        size_t idx[2];                                                          \
        T want[2] = {1, 1};                                                     \
        shmem_p(&p2p_##N[0], one, right);                                       \
        shmem_p(&p2p_##N[1], one, right);                                       \
        shmem_wait_until(&p2p_##N[0], SHMEM_CMP_EQ, one);                       \
        shmem_wait_until_all(p2p_##N, 2, NULL, SHMEM_CMP_EQ, one);              \
        EXPECT(shmem_wait_until_any(p2p_##N, 2, NULL, SHMEM_CMP_EQ, one) < 2);  \
        EXPECT(shmem_wait_until_some(p2p_##N, 2, idx, NULL, SHMEM_CMP_EQ, one) == 2); \
        shmem_wait_until_all_vector(p2p_##N, 2, NULL, SHMEM_CMP_EQ, want);      \
        EXPECT(shmem_test(&p2p_##N[1], SHMEM_CMP_EQ, one));                     \
        EXPECT(shmem_test_all(p2p_##N, 2, NULL, SHMEM_CMP_EQ, one));            \
        EXPECT(shmem_test_any(p2p_##N, 2, NULL, SHMEM_CMP_EQ, one) < 2);        \
        EXPECT(shmem_test_some(p2p_##N, 2, idx, NULL, SHMEM_CMP_EQ, one) == 2); \
        EXPECT(shmem_test_all_vector(p2p_##N, 2, NULL, SHMEM_CMP_EQ, want));    \
        EXPECT(shmem_test_any_vector(p2p_##N, 2, NULL, SHMEM_CMP_EQ, want) < 2); \
        EXPECT(shmem_test_some_vector(p2p_##N, 2, idx, NULL, SHMEM_CMP_EQ, want) == 2); \
    }
EACH(SHMEM_P2P_TYPES, P2P)

/* The deprecated atomic names, on the right neighbour's word. */
#define DEPR(T, N)                                                              \
    static T depr_##N;                                                          \
    static void depr_test_##N(void)                                             \
    {                                                                           \
        shmem_add(&depr_##N, (T)2, right);                                      \
        shmem_inc(&depr_##N, right);                                            \
        shmem_barrier_all();                                                    \
        EXPECT(depr_##N == 3);                                                  \
        shmem_barrier_all(); /* read before the left neighbour adds again */    \
        EXPECT(shmem_fadd(&depr_##N, (T)1, right) == 3);                        \
        EXPECT(shmem_finc(&depr_##N, right) == 4);                              \
        EXPECT(shmem_cswap(&depr_##N, (T)5, (T)7, right) == 5);                 \
        shmem_barrier_all();                                                    \
        EXPECT(depr_##N == 7);                                                  \
    }
EACH(SHMEM_AMO_DEPR_TYPES, DEPR)
#define DEPR_EXT(T, N)                                                          \
    static T deprx_##N;                                                         \
    static void deprx_test_##N(void)                                            \
    {                                                                           \
        shmem_set(&deprx_##N, (T)3, right);                                     \
        shmem_barrier_all();                                                    \
        EXPECT(shmem_fetch(&deprx_##N, right) == 3);                            \
        EXPECT(shmem_swap(&deprx_##N, (T)9, right) == 3);                       \
        shmem_barrier_all();                                                    \
        EXPECT(deprx_##N == 9);                                                 \
    }
EACH(SHMEM_AMO_DEPR_EXT_TYPES, DEPR_EXT)

/* Bitwise atomics: 0b1100 &= 0b1010, |= 1, ^= 0b0110. */
#define BITS(T, N)                                                              \
    static T bits_##N;                                                          \
    static void bits_test_##N(void)                                             \
    {                                                                           \
        shmem_atomic_set(&bits_##N, (T)12, right);                              \
        shmem_barrier_all();                                                    \
        EXPECT(shmem_atomic_fetch_and(&bits_##N, (T)10, right) == 12);          \
        shmem_atomic_or(&bits_##N, (T)1, right);                                \
        shmem_atomic_xor(&bits_##N, (T)6, right);                               \
        shmem_barrier_all();                                                    \
        EXPECT(bits_##N == (T)(((12 & 10) | 1) ^ 6));                           \
    }
EACH(SHMEM_AMO_BIT_TYPES, BITS)

/* Team bitwise reductions: PE p contributes 1 << p, so the "or" is every
 * PE's bit and the "and" is 0 beyond one PE. */
#define TEAM_BITS(T, N)                                                         \
    static T tsrc_##N, tor_##N, tand_##N;                                       \
    static void team_bits_test_##N(void)                                        \
    {                                                                           \
        tsrc_##N = (T)(1 << me);                                                \
        EXPECT(shmem_or_reduce(SHMEM_TEAM_WORLD, &tor_##N, &tsrc_##N, 1) == 0); \
        EXPECT(shmem_and_reduce(SHMEM_TEAM_WORLD, &tand_##N, &tsrc_##N, 1) == 0); \
        EXPECT(tor_##N == (T)((1 << npes) - 1));                                \
        EXPECT(tand_##N == (T)(npes == 1 ? 1 : 0));                             \
    }
#define DEFERRED2_TEAM_BITS(T, N) DEFER(TEAM_BITS)(T, N)
EACH2(SHMEM_TEAM_BITWISE_TYPES, TEAM_BITS)

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    right = (me + 1) % npes;
#define CALL_P2P(T, N, a) p2p_test_##N(); shmem_barrier_all();
#define CALL_DEPR(T, N, a) depr_test_##N();
#define CALL_DEPRX(T, N, a) deprx_test_##N();
#define CALL_BITS(T, N, a) bits_test_##N();
#define CALL_TEAM(T, N) team_bits_test_##N();
    SHMEM_P2P_TYPES(CALL_P2P, )
    SHMEM_AMO_DEPR_TYPES(CALL_DEPR, )
    SHMEM_AMO_DEPR_EXT_TYPES(CALL_DEPRX, )
    SHMEM_AMO_BIT_TYPES(CALL_BITS, )
    SHMEM_TEAM_BITWISE_TYPES(CALL_TEAM)
    printf("PE %d generic types %s\n", me, errors ? "FAILED" : "ok");
    shmem_finalize();
    return errors != 0;
}
