/* Programs written for Sandia OpenSHMEM before OpenSHMEM 1.5/1.6 called
 * the routines that became standard by shmemx_ names: each used here
 * computes as the standard one.  argv[1] "bad": a typed shmemx_ call to a
 * PE that does not exist, whose finding must name this file's line. */
#include <shmem.h>

#include "expect.h"
#include <shmemx.h>
#include <stdio.h>
#include <string.h>

/* Sandia's header says it has the timer, and programs test it before
 * defining a fallback of the same name (tests-sos's shmemlatency). */
#ifndef HAVE_SHMEMX_WTIME
#error "shmemx.h does not define HAVE_SHMEMX_WTIME"
#endif

static int me, npes, errors;


static int flags[8];
static long in[2], out[2], data[4];
static uint64_t sig;

int main(int argc, char **argv)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    int right = (me + 1) % npes;
    double t0 = shmemx_wtime();
    EXPECT(shmemx_team_n_pes(SHMEMX_TEAM_WORLD) == npes);
    EXPECT(shmemx_team_my_pe(SHMEMX_TEAM_NODE) == me);
    shmemx_team_t evens;
    EXPECT(shmemx_team_split_strided(SHMEMX_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0,
                                     &evens) == 0);
    /* flags: everyone sets its own slot on every PE */
    for (int i = 0; i < npes; i++)
        shmem_int_atomic_set(&flags[me], 1, i);
    shmemx_int_wait_until_all(flags, npes, NULL, SHMEMX_CMP_EQ, 1);
    EXPECT(shmemx_int_test_any(flags, npes, NULL, SHMEMX_CMP_EQ, 1) < (size_t)npes);
    EXPECT(shmemx_test_all(flags, npes, NULL, SHMEMX_CMP_EQ, 1)); /* the generic */
    shmemx_sync(SHMEMX_TEAM_WORLD);
    /* scan and reduction */
    in[0] = me + 1;
    in[1] = 1;
    shmemx_sync(SHMEMX_TEAM_WORLD);
    EXPECT(shmemx_long_sum_inscan(SHMEMX_TEAM_WORLD, out, in, 2) == 0);
    EXPECT(out[0] == (long)(me + 1) * (me + 2) / 2 && out[1] == me + 1);
    shmemx_sync(SHMEMX_TEAM_WORLD);
    EXPECT(shmemx_long_sum_reduce(SHMEMX_TEAM_WORLD, out, in, 2) == 0);
    EXPECT(out[0] == (long)npes * (npes + 1) / 2 && out[1] == npes);
    /* put with signal, and a signal_add after it */
    long v[2] = {10 * me, 10 * me + 1};
    shmemx_long_put_signal(data, v, 2, &sig, 1, SHMEMX_SIGNAL_SET, right);
    shmem_fence();
    shmemx_signal_add(&sig, 5, right);
    shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 6);
    int left = (me + npes - 1) % npes;
    EXPECT(data[0] == 10 * left && data[1] == 10 * left + 1);
    /* a fetching nbi atomic */
    long old = -1;
    shmemx_long_atomic_fetch_add_nbi(&old, &data[2], 3, right);
    shmem_quiet();
    shmem_barrier_all();
    EXPECT(old == 0 && data[2] == 3);
    if (argc > 1 && !strcmp(argv[1], "bad") && me == 0)
        shmemx_long_put_signal(data, v, 2, &sig, 1, SHMEMX_SIGNAL_SET, npes); /* BAD(shmemx) */
    EXPECT(shmemx_wtime() > t0);
    shmemx_team_destroy(evens);
    printf("PE %d shmemx %s\n", me, errors ? "FAILED" : "ok");
    shmem_finalize();
    return errors != 0;
}
