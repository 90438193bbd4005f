/* Active-set barrier, sync, broadcast, collect, fcollect, alltoall and
 * alltoalls with their results checked.  argv: PE_start logPE_stride
 * PE_size (default: all PEs).  Prints "PE n: collectives errors E"; exits
 * 1 on an error.  The algorithm comes from the SHMEM_*_ALGORITHM variables. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXP 64
#define NE 5
static long psync[2][SHMEM_SYNC_SIZE];
static long bsync[SHMEM_BARRIER_SYNC_SIZE];
static int32_t s32[MAXP * NE * 3], d32[MAXP * NE * 3];
static int64_t s64[MAXP * NE * 3], d64[MAXP * NE * 3];
static long counter;
static int start, log_stride, size, me_idx, errors, calls;

static int pe_of(int idx) { return start + (idx << log_stride); }
static long *ps(void) { return psync[calls++ % 2]; }

static void expect(int cond, const char *what, int i)
{
    if (!cond && errors++ < 5)
        printf("PE %d: %s wrong at %d\n", pe_of(me_idx), what, i);
}

static void test_broadcast(void)
{
    for (int root = 0; root < size; root += size > 3 ? size / 3 : 1) {
        for (int i = 0; i < NE; i++) {
            s64[i] = pe_of(root) * 100 + i;
            d64[i] = -1;
            s32[i] = (int32_t)(pe_of(root) * 10 + i);
            d32[i] = -1;
        }
        /* dest must be ready before anyone broadcasts into it: a root that
         * leaves the previous barrier early would otherwise deliver before
         * this PE's reset above (a bug the simulator shows reliably). */
        shmem_barrier(start, log_stride, size, bsync);
        shmem_broadcast64(d64, s64, NE, root, start, log_stride, size, ps());
        shmem_broadcast32(d32, s32, NE, root, start, log_stride, size, ps());
        for (int i = 0; i < NE; i++) {
            int root_keeps = me_idx == root; /* dest on the root is left alone */
            expect(d64[i] == (root_keeps ? -1 : pe_of(root) * 100 + i), "broadcast64", i);
            expect(d32[i] == (root_keeps ? -1 : pe_of(root) * 10 + i), "broadcast32", i);
        }
        shmem_barrier(start, log_stride, size, bsync);
    }
}

static void test_collect(void)
{
    int mine = 1 + me_idx % 3; /* collect: a different count per member */
    for (int i = 0; i < NE; i++) {
        s64[i] = pe_of(me_idx) * 100 + i;
        s32[i] = (int32_t)(pe_of(me_idx) * 100 + i);
    }
    shmem_fcollect64(d64, s64, NE, start, log_stride, size, ps());
    shmem_fcollect32(d32, s32, NE, start, log_stride, size, ps());
    for (int p = 0; p < size; p++)
        for (int i = 0; i < NE; i++) {
            expect(d64[p * NE + i] == pe_of(p) * 100 + i, "fcollect64", p * NE + i);
            expect(d32[p * NE + i] == pe_of(p) * 100 + i, "fcollect32", p * NE + i);
        }
    shmem_barrier(start, log_stride, size, bsync);
    shmem_collect64(d64, s64, (size_t)mine, start, log_stride, size, ps());
    shmem_collect32(d32, s32, (size_t)mine, start, log_stride, size, ps());
    int k = 0;
    for (int p = 0; p < size; p++)
        for (int i = 0; i < 1 + p % 3; i++, k++) {
            expect(d64[k] == pe_of(p) * 100 + i, "collect64", k);
            expect(d32[k] == pe_of(p) * 100 + i, "collect32", k);
        }
    shmem_barrier(start, log_stride, size, bsync);
}

static void test_alltoall(void)
{
    for (int j = 0; j < size; j++)
        for (int i = 0; i < NE; i++) {
            s64[j * NE + i] = me_idx * 10000 + j * 100 + i;
            s32[(j * NE + i) * 2] = (int32_t)(me_idx * 10000 + j * 100 + i);
        }
    memset(d32, 0, sizeof d32);
    shmem_barrier(start, log_stride, size, bsync); /* dest ready everywhere */
    shmem_alltoall64(d64, s64, NE, start, log_stride, size, ps());
    shmem_alltoalls32(d32, s32, 3, 2, NE, start, log_stride, size, ps());
    for (int j = 0; j < size; j++)
        for (int i = 0; i < NE; i++) {
            expect(d64[j * NE + i] == j * 10000 + me_idx * 100 + i, "alltoall64", j * NE + i);
            expect(d32[(j * NE + i) * 3] == j * 10000 + me_idx * 100 + i, "alltoalls32", i);
            expect(d32[(j * NE + i) * 3 + 1] == 0, "alltoalls32 gap", i);
        }
    shmem_barrier(start, log_stride, size, bsync);
}

static void test_barrier(void)
{
    /* Each member adds to every member's counter, then a barrier (which
     * completes the adds... as puts of the new value after a get) */
    for (int round = 1; round <= 3; round++) {
        shmem_barrier(start, log_stride, size, bsync); /* back to back: allowed */
        shmem_sync(start, log_stride, size, bsync);
    }
    long v = pe_of(me_idx) + 1;
    shmem_long_p(&counter, v, pe_of((me_idx + 1) % size));
    shmem_barrier(start, log_stride, size, bsync); /* completes the put everywhere */
    expect(counter == pe_of((me_idx + size - 1) % size) + 1, "barrier completion", 0);
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe();
    start = argc > 3 ? atoi(argv[1]) : 0;
    log_stride = argc > 3 ? atoi(argv[2]) : 0;
    size = argc > 3 ? atoi(argv[3]) : shmem_n_pes();
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < SHMEM_SYNC_SIZE; i++)
            psync[k][i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; i++)
        bsync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    int member = me >= start && (me - start) % (1 << log_stride) == 0 &&
                 (me - start) / (1 << log_stride) < size;
    if (member && size <= MAXP) {
        me_idx = (me - start) >> log_stride;
        test_barrier();
        test_broadcast();
        test_collect();
        test_alltoall();
        printf("PE %d: collectives errors %d\n", me, errors);
    }
    shmem_finalize();
    return errors != 0;
}
