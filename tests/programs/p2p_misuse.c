/* Argument errors in the point-to-point families, one per run (argv[1]);
 * PE 0 makes the bad call, every PE then prints "PE n done". */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

int isym[4];
long lsym;
double dsym[4];
uint64_t sig;

/* Starts a get_nbi into this frame and returns before any quiet: the
 * reply lands after the frame is gone.  The buffer sits at the bottom of
 * a large frame, below what the barrier's calls reach. */
__attribute__((noinline)) static void get_and_leave(void)
{
    struct {
        long buf[2];
        char pad[64 * 1024];
    } frame;
    memset(frame.pad, 0, sizeof frame.pad);
    shmem_long_get_nbi(frame.buf, &lsym, 1, 1);
}

/* The same for a put_nbi: its source's frame returns before the quiet
 * (the barrier) that completes the put. */
__attribute__((noinline)) static void put_and_leave(void)
{
    struct {
        long buf[2];
        char pad[64 * 1024];
    } frame;
    memset(frame.pad, 0, sizeof frame.pad);
    frame.buf[0] = 5;
    shmem_long_put_nbi(&lsym, frame.buf, 1, 1);
}

/* The same with small frames, completed by a quiet in the caller: the
 * library's own frames in that quiet lie where the returned frame was. */
__attribute__((noinline)) static void get_and_leave_small(void)
{
    long buf[128];
    shmem_long_get_nbi(buf, &lsym, 1, 1);
}

__attribute__((noinline)) static void put_and_leave_small(void)
{
    long buf[128];
    buf[0] = 5;
    shmem_long_put_nbi(&lsym, buf, 1, 1);
}

int main(int argc, char **argv)
{
    shmem_init();
    const char *m = argc > 1 ? argv[1] : "";
    long local = 0;
    int ilocal[4] = {0};
    shmem_team_t pair;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 2, NULL, 0, &pair);
    char *big = !strcmp(m, "get_past_end") ? shmem_malloc(1 << 20) : NULL;
    if (shmem_my_pe() == 0) {
        if (big) /* a destination in the program's data that runs off its end */
            shmem_getmem(isym, big, 1 << 20, 1);
        if (!strcmp(m, "put_pe"))
            shmem_int_put(isym, ilocal, 4, 99);
        if (!strcmp(m, "amo_pe"))
            (void)shmem_long_atomic_fetch_add(&lsym, 1, -1);
        if (!strcmp(m, "iget_null"))
            shmem_double_iget(NULL, dsym, 1, 1, 2, 1);
        if (!strcmp(m, "nbi_stack"))
            shmem_long_put_nbi(&local, &lsym, 1, 1);
        if (!strcmp(m, "signal_stack"))
            shmem_int_put_signal(isym, ilocal, 1, (uint64_t *)&local, 1, SHMEM_SIGNAL_SET, 1);
        if (!strcmp(m, "wait_stack"))
            shmem_int_wait_until(ilocal, SHMEM_CMP_EQ, 0);
        if (!strcmp(m, "lock_stack"))
            shmem_set_lock(&local);
        if (!strcmp(m, "get_nbi_gone"))
            get_and_leave();
        if (!strcmp(m, "put_nbi_gone"))
            put_and_leave();
        if (!strcmp(m, "get_nbi_gone_small")) {
            get_and_leave_small();
            shmem_quiet();
        }
        if (!strcmp(m, "put_nbi_gone_small")) {
            put_and_leave_small();
            shmem_quiet();
        }
        if (!strcmp(m, "ctx_invalid"))
            shmem_ctx_long_p(SHMEM_CTX_INVALID, &lsym, 1, 1);
        if (!strcmp(m, "team_pe")) {
            shmem_ctx_t ctx;
            shmem_team_create_ctx(pair, 0, &ctx);
            shmem_ctx_long_p(ctx, &lsym, 1, 2);
            shmem_ctx_destroy(ctx);
        }
    }
    shmem_barrier_all();
    printf("PE %d done\n", shmem_my_pe());
    shmem_finalize();
    return 0;
}
