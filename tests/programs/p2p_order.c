/* Ordering and completion, one scenario per run (argv[1]), PE 0 writing to
 * PE 1 which prints what it observed:
 *   mp F       data put, then flag put; F: none, fence, ctxfence (both on a
 *              context, fenced there), wrongfence (on a context, fenced on
 *              the default one), quiet, ctxquiet, wrongquiet.
 *              Prints "mp ok" or "mp stale".
 *   signal K   put_signal (K: blocking, nbi, ctx) of the data with the flag
 *              as signal; prints "signal ok" or "signal stale".
 *   source K   the port is kept busy by a large put, then a put (K:
 *              blocking or nbi) of buf, then buf is changed before quiet;
 *              prints "source original" or "source changed". */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#define N 8
long data[N];
long flag;
uint64_t sig;
char big[64 * 1024];

static int data_ok(long base)
{
    for (int i = 0; i < N; i++)
        if (data[i] != base + i)
            return 0;
    return 1;
}

static void mp(const char *how)
{
    shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    if (!strncmp(how, "ctx", 3) || !strncmp(how, "wrong", 5))
        shmem_ctx_create(0, &ctx);
    if (shmem_my_pe() == 0) {
        long src[N];
        for (int i = 0; i < N; i++)
            src[i] = 100 + i;
        shmem_ctx_long_put(ctx, data, src, N, 1);
        if (!strcmp(how, "fence"))
            shmem_fence();
        else if (!strcmp(how, "ctxfence"))
            shmem_ctx_fence(ctx);
        else if (!strcmp(how, "wrongfence"))
            shmem_fence();
        else if (!strcmp(how, "quiet"))
            shmem_quiet();
        else if (!strcmp(how, "ctxquiet"))
            shmem_ctx_quiet(ctx);
        else if (!strcmp(how, "wrongquiet"))
            shmem_quiet();
        shmem_ctx_long_p(ctx, &flag, 1, 1);
    } else if (shmem_my_pe() == 1) {
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
        printf("mp %s\n", data_ok(100) ? "ok" : "stale");
    }
    shmem_barrier_all();
    if (ctx != SHMEM_CTX_DEFAULT)
        shmem_ctx_destroy(ctx);
}

static void signal(const char *how)
{
    shmem_ctx_t ctx;
    shmem_ctx_create(0, &ctx);
    if (shmem_my_pe() == 0) {
        long src[N];
        for (int i = 0; i < N; i++)
            src[i] = 200 + i;
        if (!strcmp(how, "nbi"))
            shmem_long_put_signal_nbi(data, src, N, &sig, 1, SHMEM_SIGNAL_SET, 1);
        else if (!strcmp(how, "ctx"))
            shmem_ctx_long_put_signal(ctx, data, src, N, &sig, 1, SHMEM_SIGNAL_ADD, 1);
        else
            shmem_long_put_signal(data, src, N, &sig, 1, SHMEM_SIGNAL_SET, 1);
        shmem_quiet();
    } else if (shmem_my_pe() == 1) {
        uint64_t v = shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 1);
        printf("signal %s %llu\n", data_ok(200) && shmem_signal_fetch(&sig) == 1 ? "ok" : "stale",
               (unsigned long long)v);
    }
    shmem_barrier_all();
    shmem_ctx_destroy(ctx);
}

static void source(const char *how)
{
    if (shmem_my_pe() == 0) {
        long buf[N];
        for (int i = 0; i < N; i++)
            buf[i] = 300 + i;
        shmem_putmem(big, big, sizeof big, 1);
        if (!strcmp(how, "nbi"))
            shmem_long_put_nbi(data, buf, N, 1);
        else
            shmem_long_put(data, buf, N, 1);
        for (int i = 0; i < N; i++)
            buf[i] = -1;
        shmem_quiet();
    }
    shmem_barrier_all();
    if (shmem_my_pe() == 1)
        printf("source %s\n", data_ok(300) ? "original" : data[0] == -1 ? "changed" : "other");
}

int main(int argc, char **argv)
{
    shmem_init();
    const char *mode = argc > 1 ? argv[1] : "", *how = argc > 2 ? argv[2] : "";
    if (!strcmp(mode, "mp"))
        mp(how);
    else if (!strcmp(mode, "signal"))
        signal(how);
    else if (!strcmp(mode, "source"))
        source(how);
    shmem_finalize();
    return 0;
}
