/* cray_untyped: Cray Research's untyped SHMEM names (T3D/T3E libsma, in
 * <mpp/shmem.h>), which move 64-bit words: shmem_put, shmem_get,
 * shmem_iput and shmem_iget with typed and untyped (void *, struct)
 * buffers, and the active-set shmem_broadcast, shmem_collect and
 * shmem_fcollect.  Written as C89 that is C++ too, so one source builds in
 * every language mode.  Prints "PE n: ok" per PE (exit 1 if not). */
#include <mpp/shmem.h>
#include <stdio.h>

struct pair {
    long a, b;
};

long t[4], s[4] = {1, 2, 3, 4}, st[8];
struct pair pt[2], ps[2] = {{5, 6}, {7, 8}};
long bsrc[2] = {40, 41}, bdst[2], csrc[1], cdst[64], fdst[64];
long psync[SHMEM_SYNC_SIZE];

int main(void)
{
    int i, me, n, next, ok;
    void *vt = pt;
    long g[4], ig[2];
    start_pes(0);
    me = _my_pe();
    n = _num_pes();
    next = (me + 1) % n;
    for (i = 0; i < SHMEM_SYNC_SIZE; i++)
        psync[i] = SHMEM_SYNC_VALUE;
    csrc[0] = me;
    barrier();
    shmem_put(t, s, 4, next);
    shmem_put(vt, ps, 4, next);       /* 4 words: both pairs */
    shmem_iput(st, s, 2, 1, 4, next); /* st[0], st[2], st[4], st[6] */
    barrier();
    shmem_get(g, t, 4, next);
    shmem_iget(ig, st, 1, 4, 2, next); /* st[0], st[4] */
    ok = g[3] == 4 && pt[1].b == 8 && st[6] == 4 && ig[0] == 1 && ig[1] == 3;
    shmem_broadcast(bdst, bsrc, 2, 0, 0, 0, n, psync);
    ok = ok && (me == 0 || (bdst[0] == 40 && bdst[1] == 41));
    barrier();
    shmem_collect(cdst, csrc, 1, 0, 0, n, psync);
    barrier();
    shmem_fcollect(fdst, csrc, 1, 0, 0, n, psync);
    for (i = 0; i < n; i++)
        ok = ok && cdst[i] == i && fdst[i] == i;
    printf("PE %d: %s\n", me, ok ? "ok" : "WRONG");
    barrier();
    return !ok;
}
