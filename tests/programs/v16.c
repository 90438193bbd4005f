/* OpenSHMEM 1.6 routines, each checked for what it computes: signal_add
 * and signal_set, pe_quiet, context sessions, query_initialized,
 * team_ptr, ibput/ibget, and the sum scans (typed and generic) over the
 * world and over a strided team.  Prints "PE n v16 ok" or the failures. */
#include <shmem.h>

#include "expect.h"
#include <stdint.h>
#include <stdio.h>

static int me, npes, errors;


static uint64_t sig;
static long dst[32], src[32];
static int iscan_in[4], iscan_out[4];
static double dscan_in[2], dscan_out[2];
static long word;

int main(void)
{
    int init = -1;
    EXPECT(shmem_query_initialized(&init) == 0 && init == 0);
    shmem_init();
    EXPECT(shmem_query_initialized(&init) == 0 && init == 1);
    me = shmem_my_pe();
    npes = shmem_n_pes();
    int right = (me + 1) % npes;

    /* signal_add from every PE into PE 0, then a signal_set by the last */
    shmem_signal_add(&sig, (uint64_t)me + 1, 0);
    shmem_signal_add(SHMEM_CTX_DEFAULT, &sig, 100, 0); /* the generic, with a context */
    if (me == 0) {
        uint64_t want = (uint64_t)npes * (npes + 1) / 2 + 100 * (uint64_t)npes;
        EXPECT(shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, want) == want);
    }
    shmem_barrier_all();
    if (me == npes - 1)
        shmem_ctx_signal_set(SHMEM_CTX_DEFAULT, &sig, 7, 0);
    if (me == 0)
        EXPECT(shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 7) == 7);
    shmem_barrier_all();

    /* a put completed by pe_quiet, inside a session */
    shmem_ctx_session_config_t cfg = {.total_ops = 1};
    shmem_ctx_session_start(SHMEM_CTX_DEFAULT, SHMEM_CTX_SESSION_BATCH, &cfg,
                            SHMEM_CTX_SESSION_TOTAL_OPS);
    shmem_ctx_session_start(SHMEM_CTX_DEFAULT, SHMEM_SESSION_SAME_AMO, NULL, 0); /* a draft's */
    long v = 1000 + me;
    shmem_long_put_nbi(&word, &v, 1, right);
    shmem_pe_quiet(&right, 1);
    shmem_ctx_session_stop(SHMEM_CTX_DEFAULT);
    shmem_int_p((int *)&iscan_out[3], 1, right); /* a flag after the quiet */
    shmem_int_wait_until(&iscan_out[3], SHMEM_CMP_EQ, 1);
    EXPECT(word == 1000 + (me + npes - 1) % npes);
    shmem_barrier_all();

    /* team_ptr: world index right, and index 0 of a team of the even PEs */
    long *p = shmem_team_ptr(SHMEM_TEAM_WORLD, &word, right);
    EXPECT(p != NULL && *p == 1000 + me);
    shmem_team_t evens;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &evens);
    if (me % 2 == 0) {
        long *q = shmem_team_ptr(evens, &word, 0);
        EXPECT(q != NULL && *q == 1000 + (npes - 1));
        EXPECT(shmem_team_ptr(evens, &word, (npes + 1) / 2) == NULL);
    }
    shmem_barrier_all();

    /* ibput: 3 blocks of 2 longs, source stride 4, dest stride 5 */
    for (int i = 0; i < 32; i++) {
        src[i] = 100 * me + i;
        dst[i] = -1;
    }
    shmem_barrier_all();
    shmem_ibput(dst, src, 5, 4, 2, 3, right); /* the generic */
    shmem_barrier_all();
    int left = (me + npes - 1) % npes;
    for (int k = 0; k < 3; k++)
        for (int e = 0; e < 2; e++)
            EXPECT(dst[5 * k + e] == 100 * left + 4 * k + e);
    EXPECT(dst[2] == -1 && dst[4] == -1 && dst[15] == -1);
    long got[16] = {0};
    shmem_ibget64(got, src, 3, 6, 1, 4, right); /* elements 0, 6, 12, 18 */
    for (int k = 0; k < 4; k++)
        EXPECT(got[3 * k] == 100 * right + 6 * k);
    shmem_barrier_all();

    /* scans over the world: inclusive and exclusive, typed and generic */
    for (int i = 0; i < 4; i++)
        iscan_in[i] = me + i;
    shmem_barrier_all();
    EXPECT(shmem_int_sum_inscan(SHMEM_TEAM_WORLD, iscan_out, iscan_in, 4) == 0);
    for (int i = 0; i < 4; i++)
        EXPECT(iscan_out[i] == me * (me + 1) / 2 + (me + 1) * i);
    shmem_barrier_all(); /* dest must be free on every member before the next scan */
    EXPECT(shmem_sum_exscan(SHMEM_TEAM_WORLD, iscan_out, iscan_in, 4) == 0);
    for (int i = 0; i < 4; i++)
        EXPECT(iscan_out[i] == (me ? (me - 1) * me / 2 + me * i : 0));
    /* over the even PEs, on doubles */
    dscan_in[0] = 0.5 * me;
    dscan_in[1] = 1;
    if (me % 2 == 0) {
        int idx = me / 2;
        EXPECT(shmem_sum_inscan(evens, dscan_out, dscan_in, 2) == 0);
        EXPECT(dscan_out[0] == 0.5 * 2 * idx * (idx + 1) / 2 && dscan_out[1] == idx + 1);
    }
    shmem_team_destroy(evens);
    shmem_barrier_all();
    printf("PE %d v16 %s\n", me, errors ? "FAILED" : "ok");
    shmem_finalize();
    EXPECT(shmem_query_initialized(&init) == 0 && init == 0);
    return errors != 0;
}
