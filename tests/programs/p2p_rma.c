/* Every RMA family for every type of the standard RMA table, plain and on
 * a created context, plus the sized and mem forms: each PE writes to and
 * reads from its right neighbour, and checks every element.  Prints
 * "PE n rma checks C errors E" (C counts the checked elements). */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#define N 6
static int me, npes, right, left;
static long checks, errors;
static shmem_ctx_t ctx;

/* The value element i of PE pe's data: small enough for every type. */
#define VAL(T, pe, i) ((T)((pe) * 10 + (i) + 1))
#define EXPECT(cond)                                                            \
    do {                                                                        \
        checks++;                                                               \
        if (!(cond)) {                                                          \
            errors++;                                                           \
            printf("PE %d: check failed at line %d: %s\n", me, __LINE__, #cond); \
        }                                                                       \
    } while (0)

/* Symmetric buffers, one set per type. */
#define BUFFERS(T, NAME, a) T NAME##_dst[2 * N], NAME##_src[2 * N];
SHMEM_RMA_TYPES(BUFFERS, )

#define TEST_TYPE(T, NAME, a)                                                    \
    static void test_##NAME(void)                                                \
    {                                                                            \
        T src[2 * N], got[2 * N];                                                \
        for (int i = 0; i < 2 * N; i++) {                                        \
            src[i] = VAL(T, me, i);                                              \
            NAME##_src[i] = VAL(T, me, i);                                       \
        }                                                                        \
        /* put, then get it back from the neighbour's destination */            \
        memset(NAME##_dst, 0, sizeof NAME##_dst);                                \
        shmem_barrier_all();                                                     \
        shmem_##NAME##_put(NAME##_dst, src, N, right);                           \
        shmem_ctx_##NAME##_put(ctx, NAME##_dst + N, src + N, N, right);          \
        shmem_ctx_quiet(ctx);                                                    \
        shmem_barrier_all();                                                     \
        for (int i = 0; i < 2 * N; i++)                                          \
            EXPECT(NAME##_dst[i] == VAL(T, left, i));                            \
        shmem_##NAME##_get(got, NAME##_src, N, right);                           \
        shmem_ctx_##NAME##_get(ctx, got + N, NAME##_src + N, N, right);          \
        for (int i = 0; i < 2 * N; i++)                                          \
            EXPECT(got[i] == VAL(T, right, i));                                  \
        /* p and g */                                                            \
        shmem_barrier_all();                                                     \
        shmem_##NAME##_p(&NAME##_dst[0], VAL(T, me, 7), right);                  \
        shmem_ctx_##NAME##_p(ctx, &NAME##_dst[1], VAL(T, me, 8), right);         \
        shmem_ctx_quiet(ctx);                                                    \
        shmem_barrier_all();                                                     \
        EXPECT(NAME##_dst[0] == VAL(T, left, 7));                                \
        EXPECT(NAME##_dst[1] == VAL(T, left, 8));                                \
        EXPECT(shmem_##NAME##_g(&NAME##_src[3], right) == VAL(T, right, 3));     \
        EXPECT(shmem_ctx_##NAME##_g(ctx, &NAME##_src[4], right) == VAL(T, right, 4)); \
        /* iput: every other source element into every third slot */            \
        shmem_barrier_all();                                                     \
        memset(NAME##_dst, 0, sizeof NAME##_dst);                                \
        shmem_barrier_all();                                                     \
        shmem_##NAME##_iput(NAME##_dst, src, 3, 2, 3, right);                    \
        shmem_ctx_##NAME##_iput(ctx, NAME##_dst + 1, src + 1, 3, 2, 3, right);   \
        shmem_ctx_quiet(ctx);                                                    \
        shmem_barrier_all();                                                     \
        for (int i = 0; i < 3; i++) {                                            \
            EXPECT(NAME##_dst[3 * i] == VAL(T, left, 2 * i));                    \
            EXPECT(NAME##_dst[3 * i + 1] == VAL(T, left, 2 * i + 1));            \
            EXPECT(NAME##_dst[3 * i + 2] == 0);                                  \
        }                                                                        \
        /* iget: every third source element into every other slot */            \
        memset(got, 0, sizeof got);                                              \
        shmem_##NAME##_iget(got, NAME##_src, 2, 3, 3, right);                    \
        shmem_ctx_##NAME##_iget(ctx, got + 1, NAME##_src + 1, 2, 3, 3, right);   \
        for (int i = 0; i < 3; i++) {                                            \
            EXPECT(got[2 * i] == VAL(T, right, 3 * i));                          \
            EXPECT(got[2 * i + 1] == VAL(T, right, 3 * i + 1));                  \
        }                                                                        \
        /* put_nbi and get_nbi, completed by quiet */                           \
        shmem_barrier_all();                                                     \
        memset(NAME##_dst, 0, sizeof NAME##_dst);                                \
        shmem_barrier_all();                                                     \
        shmem_##NAME##_put_nbi(NAME##_dst, src, N, right);                       \
        shmem_ctx_##NAME##_put_nbi(ctx, NAME##_dst + N, src + N, N, right);      \
        memset(got, 0, sizeof got);                                              \
        shmem_##NAME##_get_nbi(got, NAME##_src, N, right);                       \
        shmem_ctx_##NAME##_get_nbi(ctx, got + N, NAME##_src + N, N, right);      \
        shmem_quiet();                                                           \
        shmem_ctx_quiet(ctx);                                                    \
        for (int i = 0; i < 2 * N; i++)                                          \
            EXPECT(got[i] == VAL(T, right, i));                                  \
        shmem_barrier_all();                                                     \
        for (int i = 0; i < 2 * N; i++)                                          \
            EXPECT(NAME##_dst[i] == VAL(T, left, i));                            \
    }
SHMEM_RMA_TYPES(TEST_TYPE, )

/* Sized and mem forms on byte buffers: element i of PE pe is pe*16+i+1. */
unsigned char bdst[16 * 8], bsrc[16 * 8];

static void fill(unsigned char *b, int pe, size_t n)
{
    for (size_t i = 0; i < n; i++)
        b[i] = (unsigned char)(pe * 16 + i + 1);
}

#define TEST_SIZED(BITS, BYTES, a)                                              \
    static void test_sized##BITS(void)                                          \
    {                                                                           \
        unsigned char src[BYTES * 8], got[BYTES * 8];                           \
        fill(src, me, sizeof src);                                              \
        fill(bsrc, me, sizeof bsrc);                                            \
        memset(bdst, 0, sizeof bdst);                                           \
        shmem_barrier_all();                                                    \
        shmem_put##BITS(bdst, src, 2, right);                                   \
        shmem_ctx_put##BITS(ctx, bdst + 2 * BYTES, src + 2 * BYTES, 2, right);  \
        shmem_put##BITS##_nbi(bdst + 4 * BYTES, src + 4 * BYTES, 2, right);     \
        shmem_ctx_put##BITS##_nbi(ctx, bdst + 6 * BYTES, src + 6 * BYTES, 2, right); \
        shmem_quiet();                                                          \
        shmem_ctx_quiet(ctx);                                                   \
        shmem_barrier_all();                                                    \
        fill(src, left, sizeof src);                                            \
        EXPECT(memcmp(bdst, src, 8 * BYTES) == 0);                              \
        memset(got, 0, sizeof got);                                             \
        shmem_get##BITS(got, bsrc, 2, right);                                   \
        shmem_ctx_get##BITS(ctx, got + 2 * BYTES, bsrc + 2 * BYTES, 2, right);  \
        shmem_get##BITS##_nbi(got + 4 * BYTES, bsrc + 4 * BYTES, 2, right);     \
        shmem_ctx_get##BITS##_nbi(ctx, got + 6 * BYTES, bsrc + 6 * BYTES, 2, right); \
        shmem_quiet();                                                          \
        shmem_ctx_quiet(ctx);                                                   \
        fill(src, right, sizeof src);                                           \
        EXPECT(memcmp(got, src, 8 * BYTES) == 0);                               \
        /* strided: elements 0, 2 of the source into 0, 3 of the target */     \
        fill(src, me, sizeof src);                                              \
        shmem_barrier_all();                                                    \
        memset(bdst, 0, sizeof bdst);                                           \
        shmem_barrier_all();                                                    \
        shmem_iput##BITS(bdst, src, 3, 2, 2, right);                            \
        shmem_ctx_iput##BITS(ctx, bdst + BYTES, src + BYTES, 3, 2, 2, right);   \
        shmem_ctx_quiet(ctx);                                                   \
        shmem_barrier_all();                                                    \
        fill(src, left, sizeof src);                                            \
        EXPECT(memcmp(bdst, src, BYTES) == 0);                                  \
        EXPECT(memcmp(bdst + BYTES, src + BYTES, BYTES) == 0);                  \
        EXPECT(memcmp(bdst + 3 * BYTES, src + 2 * BYTES, BYTES) == 0);          \
        EXPECT(memcmp(bdst + 4 * BYTES, src + 3 * BYTES, BYTES) == 0);          \
        memset(got, 0, sizeof got);                                             \
        shmem_iget##BITS(got, bsrc, 2, 3, 2, right);                            \
        shmem_ctx_iget##BITS(ctx, got + BYTES, bsrc + BYTES, 2, 3, 2, right);   \
        fill(src, right, sizeof src);                                           \
        EXPECT(memcmp(got, src, BYTES) == 0);                                   \
        EXPECT(memcmp(got + BYTES, src + BYTES, BYTES) == 0);                   \
        EXPECT(memcmp(got + 2 * BYTES, src + 3 * BYTES, BYTES) == 0);           \
        EXPECT(memcmp(got + 3 * BYTES, src + 4 * BYTES, BYTES) == 0);           \
        shmem_barrier_all(); /* the next test refills bsrc, which right reads */ \
    }
SHMEM_RMA_SIZES(TEST_SIZED, )

static void test_mem(void)
{
    unsigned char src[40], got[40];
    fill(src, me, sizeof src);
    fill(bsrc, me, sizeof bsrc);
    memset(bdst, 0, sizeof bdst);
    shmem_barrier_all();
    shmem_putmem(bdst, src, 10, right);
    shmem_ctx_putmem(ctx, bdst + 10, src + 10, 10, right);
    shmem_putmem_nbi(bdst + 20, src + 20, 10, right);
    shmem_ctx_putmem_nbi(ctx, bdst + 30, src + 30, 10, right);
    shmem_quiet();
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    fill(src, left, sizeof src);
    EXPECT(memcmp(bdst, src, 40) == 0);
    shmem_getmem(got, bsrc, 10, right);
    shmem_ctx_getmem(ctx, got + 10, bsrc + 10, 10, right);
    shmem_getmem_nbi(got + 20, bsrc + 20, 10, right);
    shmem_ctx_getmem_nbi(ctx, got + 30, bsrc + 30, 10, right);
    shmem_quiet();
    shmem_ctx_quiet(ctx);
    fill(src, right, sizeof src);
    EXPECT(memcmp(got, src, 40) == 0);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    if (shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) != 0)
        return 2;
#define RUN_TYPE(T, NAME, a) test_##NAME();
    SHMEM_RMA_TYPES(RUN_TYPE, )
#define RUN_SIZED(BITS, BYTES, a) test_sized##BITS();
    SHMEM_RMA_SIZES(RUN_SIZED, )
    test_mem();
    shmem_ctx_destroy(ctx);
    shmem_barrier_all();
    printf("PE %d rma checks %ld errors %ld\n", me, checks, errors);
    shmem_finalize();
    return errors != 0;
}
