/* Cray's non-blocking calls and untyped collectives, with only the legacy
 * header included: shmemx_TYPE_put_nb / get_nb in both of their forms
 * (Cray OpenSHMEMX's, and Cray SHMEM's with a trailing transfer handle),
 * the sized, mem, ctx_ and generic forms, the _nb atomics, and the 8- and
 * 7-argument shmem[x]_broadcast / collect; every value is checked after
 * shmem_quiet and a barrier.  With "race", a PE sets a flag after
 * shmemx_local_complete only: local completion is not delivery, so the
 * reader's load races with the put. */
#include <mpp/shmem.h>

#include "expect.h"
#include <stdio.h>
#include <string.h>

#define N 8
static int errors;
static long src[N], dst[N], dst2[N], dst3[N], dst4[N], dst5[N], dst6[N], got[N], got2[N], word, counter, slot, bsrc[N], bdst[N];
static long coll[64], psync[SHMEM_BCAST_SYNC_SIZE], psync2[SHMEM_COLLECT_SYNC_SIZE];
static int isrc[N], idst[N];
static long flag;

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes(), right = (me + 1) % npes;
    int left = (me + npes - 1) % npes;
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++)
        psync[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_COLLECT_SYNC_SIZE; i++)
        psync2[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < N; i++) {
        src[i] = 100 * me + i;
        isrc[i] = 10 * me + i;
        bsrc[i] = me == 0 ? 7 + i : -1;
    }
    shmem_barrier_all();
    if (argc > 1 && !strcmp(argv[1], "race")) {
        if (me == 0) {
            shmemx_long_put_nb(dst, src, N, 1);
            shmemx_local_complete();
            src[0] = -5; /* the source is ours again: not a finding */
            shmem_long_p(&flag, 1, 1);
        } else if (me == 1) {
            shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
            printf("PE 1 read %ld\n", dst[3]);
        }
        shmem_finalize();
        return 0;
    }
    void *handle = &handle;
    shmemx_long_put_nb(dst, src, N, right);             /* OpenSHMEMX */
    shmemx_long_put_nb(dst2, src, N, right, &handle);   /* Cray SHMEM, a handle */
    shmemx_put32_nb(idst, isrc, N, right, NULL);
    shmemx_put_nb(dst3, src, N / 2, right);             /* generic */
    shmemx_put_nb(SHMEM_CTX_DEFAULT, dst3 + N / 2, src + N / 2, N / 2, right);
    shmemx_getmem_nb(got, src, sizeof got, left, NULL);
    shmem_long_put_nb(dst4, src, N, right, &handle);    /* Cray SHMEM's own names */
    shmem_put64_nb(dst5, src, N, right, NULL);
    shmem_putmem_nb(dst6, src, sizeof src, right, &handle);
    shmem_long_get_nb(got2, src, N / 2, left, NULL);
    shmem_getmem_nb(got2 + N / 2, src + N / 2, sizeof src / 2, left, &handle);
    long fetched = -1, swapped = -1, old = -1;
    shmemx_long_fadd_nb(&fetched, &counter, 1, 0, NULL);
    shmemx_long_finc_nb(&old, &word, 0);
    shmemx_long_add_nb(&counter, 10, 0, NULL);
    shmem_quiet();
    EXPECT(fetched >= 0 && fetched % 11 < npes && old >= 0 && old < npes);
    shmemx_long_swap_nb(&swapped, &slot, me + 1, 0);
    shmem_quiet();
    EXPECT(swapped >= 0 && swapped <= npes);
    shmem_barrier_all();
    for (int i = 0; i < N; i++) {
        EXPECT(dst[i] == 100 * left + i && dst2[i] == 100 * left + i && dst3[i] == 100 * left + i);
        EXPECT(idst[i] == 10 * left + i && got[i] == 100 * left + i);
        EXPECT(dst4[i] == 100 * left + i && dst5[i] == 100 * left + i && dst6[i] == 100 * left + i);
        EXPECT(got2[i] == 100 * left + i);
    }
    if (me == 0)
        EXPECT(counter == 11 * npes && word == npes && slot >= 1 && slot <= npes);
    /* Cray's untyped active-set collectives: 64-bit words */
    shmem_broadcast(bdst, bsrc, N, 0, 0, 0, npes, psync);
    shmem_barrier_all();
    if (me != 0)
        for (int i = 0; i < N; i++)
            EXPECT(bdst[i] == 7 + i);
    shmemx_collect(coll, &src[1], 1, 0, 0, npes, psync2);
    for (int p = 0; p < npes; p++)
        EXPECT(coll[p] == 100 * p + 1);
    shmem_barrier_all();
    shmem_fcollect(coll, &src[2], 1, 0, 0, npes, psync2);
    for (int p = 0; p < npes; p++)
        EXPECT(coll[p] == 100 * p + 2);
    if (handle != &handle)
        printf("PE %d: the handle changed\n", me), errors++;
    printf("PE %d: cray nb %s\n", me, errors ? "WRONG" : "ok");
    shmem_finalize();
    return errors != 0;
}
