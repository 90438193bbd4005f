/* ompi_shmemx: Open MPI's shmemx_ extensions compute as the standard
 * routines.  Each PE: allocates with a placement hint, puts and gets its
 * number with the 16/32/64-bit elemental and block routines, takes
 * tickets from PE 0 with the 32- and 64-bit atomics, hands PE 0 a flag
 * it waits on with the old shmem_int32_wait, and reduces with the int16,
 * int32 and int64 active-set reductions (also their old shmem_ names).
 * Prints "PE n: ompi ok", or each check that failed. */
#include <shmem.h>
#include <shmemx.h>
#include <stdio.h>
#include <string.h>

static int16_t h16[4], r16[2], w16[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static int32_t h32, c32, flag, r32[2], w32[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static int64_t h64, c64, r64[2], w64[SHMEM_REDUCE_MIN_WRKDATA_SIZE],
    w64b[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static long sync_a[SHMEM_REDUCE_SYNC_SIZE], sync_b[SHMEM_REDUCE_SYNC_SIZE];
static int failed;

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("PE %d: %s wrong\n", shmem_my_pe(), what);
        failed = 1;
    }
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), right = (me + 1) % n, left = (me + n - 1) % n;
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        sync_a[i] = sync_b[i] = SHMEM_SYNC_VALUE;
    int64_t *block =
        shmemx_malloc_with_hint(4 * sizeof *block, SHMEM_HINT_LOW_LAT_MEM | SHMEM_HINT_PSYNC);
    check(block && shmem_addr_accessible(block, right), "malloc_with_hint");

    shmemx_int32_p(&h32, 100 + me, right);
    shmemx_int64_p(&h64, 200 + me, right);
    int16_t mine[4] = {(int16_t)me, (int16_t)(me + 1), (int16_t)(me + 2), (int16_t)(me + 3)};
    shmemx_put16(h16, mine, 2, right);
    shmemx_iput16(h16 + 2, mine, 1, 2, 2, right); /* elements 0 and 2 */
    shmem_barrier_all();
    check(h32 == 100 + left && h64 == 200 + left, "int32_p/int64_p");
    check(h16[0] == left && h16[1] == left + 1 && h16[2] == left && h16[3] == left + 2,
          "put16/iput16");
    int16_t got[2];
    shmemx_get16(got, h16, 2, right);
    check(shmemx_int32_g(&h32, right) == 100 + me && shmemx_int64_g(&h64, right) == 200 + me &&
              shmemx_int16_g(&h16[1], right) == me + 1 && got[0] == me,
          "g/get16");
    int16_t every_other[2];
    shmemx_iget16(every_other, h16, 1, 3, 2, right); /* elements 0 and 3 */
    check(every_other[0] == me && every_other[1] == me + 2, "iget16");

    /* Tickets: each PE adds 1 + 2 + 1 + 1 to both counters on PE 0. */
    int32_t t32 = shmemx_int32_finc(&c32, 0);
    int64_t t64 = shmemx_int64_fadd(&c64, 2, 0);
    shmemx_int32_add(&c32, 2, 0);
    shmemx_int64_inc(&c64, 0);
    shmemx_int32_inc(&c32, 0);
    shmemx_int64_add(&c64, 1, 0);
    check(t32 >= 0 && t32 < 4 * n && t64 >= 0 && t64 < 4 * n, "finc/fadd");
    shmem_barrier_all();
    if (me == 0)
        check(c32 == 4 * n && c64 == 4 * n, "counters");
    shmem_barrier_all();
    if (me == 0) {
        check(shmemx_int32_swap(&c32, -1, 0) == 4 * n, "swap");
        check(shmemx_int64_cswap(&c64, 4 * n, -2, 0) == 4 * n && c64 == -2, "cswap");
        check(shmemx_int32_cswap(&c32, 0, 5, 0) == -1 && c32 == -1, "cswap unequal");
        check(shmemx_int64_swap(&c64, 9, 0) == -2, "int64 swap");
    }
    /* PE 0 waits for the last PE's flag with Open MPI's old spelling. */
    if (me == n - 1)
        shmem_int32_p(&flag, 7, 0);
    if (me == 0) {
        shmem_int32_wait(&flag, 0);
        shmemx_int64_wait_until(&c64, SHMEM_CMP_EQ, 9);
        check(flag == 7, "wait");
    }

    r16[0] = (int16_t)(me + 1);
    r16[1] = (int16_t)(2 * me);
    shmemx_int16_sum_to_all(r16, r16, 2, 0, 0, n, w16, sync_a);
    r32[0] = me;
    r32[1] = -me;
    shmem_int32_max_to_all(r32, r32, 2, 0, 0, n, w32, sync_b); /* the old spelling */
    shmem_barrier_all();
    r64[0] = 1L << me;
    r64[1] = me + 1;
    shmemx_int64_xor_to_all(r64, r64, 1, 0, 0, n, w64, sync_a);
    shmemx_int64_prod_to_all(r64 + 1, r64 + 1, 1, 0, 0, n, w64b, sync_b);
    long fact = 1;
    for (int i = 1; i <= n; i++)
        fact *= i;
    check(r16[0] == n * (n + 1) / 2 && r16[1] == n * (n - 1), "int16 sum");
    check(r32[0] == n - 1 && r32[1] == 0, "int32 max");
    check(r64[0] == (1L << n) - 1 && r64[1] == fact, "int64 xor/prod");

    shmem_free(block);
    if (!failed)
        printf("PE %d: ompi ok\n", me);
    shmem_finalize();
    return 0;
}
