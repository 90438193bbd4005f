/* Team-based collectives on SHMEM_TEAM_WORLD and on a team split with
 * stride 3 (argv[1] == "split"): every typed reduction against a serial
 * computation, broadcast/collect/fcollect/alltoall/alltoalls in typed and
 * mem forms, back to back with no synchronisation between calls (the
 * library's own pSync must make that safe), and the C11 generic names.
 * Prints "PE n: team collectives errors E" on members; exits 1 on error. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NE 40 /* more than one reduction chunk for 16-byte types */
static long double srcbuf[NE * 64][2], dstbuf[NE * 64][2];
static int errors, me_idx, tsize, tstart, tstride;
static shmem_team_t team;

/* Every member has checked its dest before anyone writes into it again:
 * a PE leaving a collective early may otherwise start the next one into a
 * dest still being read (a bug the simulator shows reliably). */
static void done_reading(void)
{
    shmem_team_sync(team);
}

static void expect(int ok, const char *what, int i)
{
    if (!ok && errors++ < 5)
        printf("PE %d: %s wrong at %d\n", shmem_my_pe(), what, i);
}

static long world_of(int idx) { return tstart + (long)idx * tstride; }
static long v_bits(long pe, int i) { return (pe * 5 + i * 3 + 1) & 0x3f; }
static long v_mm(long pe, int i) { return (pe * 29 + i * 7) % 61 - 30; }
static long v_sum(long pe, int i) { return (pe + i) % 5 - 2; }
static long v_prod(long pe, int i) { return (pe + i) % 7 == 0 ? 2 : 1; }

#define CHECK_REDUCE(T, N, OP, VAL, COMB)                                           \
    {                                                                               \
        T *s = (T *)srcbuf, *d = (T *)dstbuf;                                       \
        for (int i = 0; i < NE; i++)                                                \
            s[i] = (T)VAL(world_of(me_idx), i);                                     \
        if (shmem_##N##_##OP##_reduce(team, d, s, NE) != 0)                         \
            expect(0, #N "_" #OP "_reduce rc", 0);                                  \
        for (int i = 0; i < NE; i++) {                                              \
            T want = (T)VAL(world_of(0), i);                                        \
            for (int p = 1; p < tsize; p++) {                                       \
                T b = (T)VAL(world_of(p), i);                                       \
                want = (COMB);                                                      \
            }                                                                       \
            expect(d[i] == want, "shmem_" #N "_" #OP "_reduce", i);                 \
        }                                                                           \
        done_reading();                                                             \
    }
#define BITS(T, N)                                                      \
    CHECK_REDUCE(T, N, and, v_bits, want & b)                           \
    CHECK_REDUCE(T, N, or, v_bits, want | b)                            \
    CHECK_REDUCE(T, N, xor, v_bits, want ^ b)
#define MINMAX(T, N)                                                    \
    CHECK_REDUCE(T, N, min, v_mm, b < want ? b : want)                  \
    CHECK_REDUCE(T, N, max, v_mm, b > want ? b : want)
#define ARITH(T, N)                                                     \
    CHECK_REDUCE(T, N, sum, v_sum, want + b)                            \
    CHECK_REDUCE(T, N, prod, v_prod, want * b)

#define CHECK_MOVE(T, N)                                                              \
    {                                                                                 \
        T *s = (T *)srcbuf, *d = (T *)dstbuf;                                         \
        for (int i = 0; i < 4 * tsize; i++)                                           \
            s[i] = (T)(me_idx * 100 + i % 97);                                        \
        int root = tsize - 1;                                                         \
        shmem_##N##_broadcast(team, d, s, 3, root);                                   \
        for (int i = 0; i < 3; i++)                                                   \
            expect(d[i] == (T)(root * 100 + i), "shmem_" #N "_broadcast", i);         \
        done_reading();                                                               \
        shmem_##N##_fcollect(team, d, s, 2);                                          \
        for (int p = 0; p < tsize; p++)                                               \
            for (int i = 0; i < 2; i++)                                               \
                expect(d[p * 2 + i] == (T)(p * 100 + i), "shmem_" #N "_fcollect", i); \
        done_reading();                                                               \
        shmem_##N##_collect(team, d, s, 1 + me_idx % 2);                              \
        for (int p = 0, k = 0; p < tsize; p++)                                        \
            for (int i = 0; i < 1 + p % 2; i++, k++)                                  \
                expect(d[k] == (T)(p * 100 + i), "shmem_" #N "_collect", k);          \
        done_reading();                                                               \
        shmem_##N##_alltoall(team, d, s, 2);                                          \
        for (int p = 0; p < tsize; p++)                                               \
            for (int i = 0; i < 2; i++)                                               \
                expect(d[p * 2 + i] == (T)(p * 100 + me_idx * 2 + i),                 \
                       "shmem_" #N "_alltoall", i);                                   \
        done_reading();                                                               \
        shmem_##N##_alltoalls(team, d, s, 2, 1, 1);                                   \
        for (int p = 0; p < tsize; p++)                                               \
            expect(d[p * 2] == (T)(p * 100 + me_idx), "shmem_" #N "_alltoalls", p);   \
        done_reading();                                                               \
    }

static void run_all(void)
{
    SHMEM_TEAM_BITWISE_TYPES(BITS)
    SHMEM_TEAM_STD_TYPES(MINMAX)
    SHMEM_TEAM_STD_TYPES(ARITH)
    SHMEM_TEAM_COMPLEX_TYPES(ARITH)
    SHMEM_TEAM_STD_TYPES(CHECK_MOVE)
    /* mem forms and generics */
    char *s = (char *)srcbuf, *d = (char *)dstbuf;
    for (int i = 0; i < 8 * tsize; i++)
        s[i] = (char)(me_idx + i);
    shmem_broadcastmem(team, d, s, 5, 0);
    for (int i = 0; i < 5; i++)
        expect(d[i] == (char)i, "shmem_broadcastmem", i);
    done_reading();
    shmem_fcollectmem(team, d, s, 3);
    for (int p = 0; p < tsize; p++)
        expect(d[p * 3 + 2] == (char)(p + 2), "shmem_fcollectmem", p);
    done_reading();
    shmem_alltoallmem(team, d, s, 2);
    for (int p = 0; p < tsize; p++)
        expect(d[p * 2 + 1] == (char)(p + me_idx * 2 + 1), "shmem_alltoallmem", p);
    done_reading();
    long *ls = (long *)srcbuf, *ld = (long *)dstbuf;
    double *ds = (double *)srcbuf + 8, *dd = (double *)dstbuf + 8;
    ls[0] = me_idx + 1;
    ds[0] = me_idx;
    shmem_sum_reduce(team, ld, ls, 1);
    shmem_max_reduce(team, dd, ds, 1);
    expect(ld[0] == (long)tsize * (tsize + 1) / 2, "shmem_sum_reduce (generic)", 0);
    expect(dd[0] == tsize - 1, "shmem_max_reduce (generic)", 0);
    done_reading();
    shmem_broadcast(team, ld, ls, 1, 0);
    expect(ld[0] == 1, "shmem_broadcast (generic)", 0);
    shmem_sync(team);
    expect(shmem_team_sync(team) == 0, "shmem_team_sync", 0);
    /* Back to back, no synchronisation between the calls: the library's
     * internal pSync must keep them apart (distinct dest buffers). */
    static long bsrc[6], bdst[6][4];
    for (int k = 0; k < 6; k++)
        bsrc[k] = (me_idx + 1) * (k + 1);
    for (int k = 0; k < 6; k++)
        shmem_long_sum_reduce(team, bdst[k], &bsrc[k], 1);
    for (int k = 0; k < 6; k++)
        expect(bdst[k][0] == (long)(k + 1) * tsize * (tsize + 1) / 2, "back-to-back sum", k);
}

int main(int argc, char **argv)
{
    shmem_init();
    int split = argc > 1 && !strcmp(argv[1], "split");
    team = SHMEM_TEAM_WORLD;
    tstart = 0;
    tstride = 1;
    tsize = shmem_n_pes();
    if (split) {
        tstart = 1;
        tstride = 3;
        tsize = (shmem_n_pes() - 1 + 2) / 3;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, tstart, tstride, tsize, NULL, 0, &team);
    }
    if (team != SHMEM_TEAM_INVALID) {
        me_idx = shmem_team_my_pe(team);
        run_all();
        printf("PE %d: team collectives errors %d\n", shmem_my_pe(), errors);
    } else {
        /* a non-member's handle is invalid: the call fails without hanging */
        expect(shmem_int_sum_reduce(team, (int *)dstbuf, (int *)srcbuf, 1) != 0, "invalid", 0);
    }
    shmem_finalize();
    return errors != 0;
}
