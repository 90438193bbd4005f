/* api/shmem/alltoallv: Cray's shmemx_alltoallv and shmemx_alltoallv_packed.
 *
 * Each sender serves the members in a rotated order (me+1, me+2, ...).
 * shmemx_alltoallv reads the target's t_offsets[me] (and, when checking,
 * t_sizes[me]) with a get, puts the data and its size, fences and counts
 * itself in the target's pSync[0].  shmemx_alltoallv_packed reserves room
 * in the target with a fetch-and-add on its pSync[1], so the deposit order
 * is the order the requests reach the target, decided by the network.
 *
 * SHMEM_ALLTOALLV_TSIZE_CHK: none (default) writes whatever is sent, past
 * the end of an undersized target into whatever symmetric memory follows;
 * abort ends the job with a message naming the PEs, the sizes and the
 * call; trunc writes only what fits and reports it.  Data that does not fit
 * is an alltoallv-overflow finding in every mode. */
#include "coll.h"
#include "util.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { CHK_NONE, CHK_ABORT, CHK_TRUNC } tsize_chk_t;

static tsize_chk_t tsize_chk(void)
{
    const char *v = getenv("SHMEM_ALLTOALLV_TSIZE_CHK");
    if (v && strcmp(v, "abort") == 0)
        return CHK_ABORT;
    if (v && strcmp(v, "trunc") == 0)
        return CHK_TRUNC;
    return CHK_NONE;
}

/* Reports n bytes for pe that do not fit in room; returns the bytes to
 * write (does not return under abort). */
static size_t too_big(const char *call, tsize_chk_t chk, int to, size_t n, size_t room,
                      const char *what)
{
    sim_pe_t *me = sim_pe_self();
    sim_finding_raise("alltoallv-overflow", SIM_SEV_ERROR, me->id, call, me->call_site,
                      "PE %d sends %zu bytes to PE %d but only %zu fit (%s). The target must "
                      "hold everything sent to it; with SHMEM_ALLTOALLV_TSIZE_CHK=%s the data "
                      "%s.", me->id, n, to, room, what,
                      chk == CHK_NONE ? "none" : chk == CHK_TRUNC ? "trunc" : "abort",
                      chk == CHK_NONE ? "overwrote what follows the target"
                                      : chk == CHK_TRUNC ? "was truncated" : "stopped the job");
    if (chk == CHK_ABORT) {
        fprintf(stderr, "shmemsim: %s: SHMEM_ALLTOALLV_TSIZE_CHK=abort: PE %d sends %zu bytes "
                "to PE %d, which accepts %zu (%s); aborting\n", call, me->id, n, to, room, what);
        sim_pe_crash(SIGABRT, NULL, SIM_END_CRASH);
    }
    return chk == CHK_TRUNC ? room : n;
}


static int check_v(const char *call, const coll_set_t *s, const void *target, const void *src,
                   const size_t *s_offsets, const size_t *s_sizes, const long *psync)
{
    size_t v = (size_t)s->size * sizeof(size_t);
    return shm_check_sym(call, "pSync", psync, SHMEM_ALLTOALL_SYNC_SIZE * sizeof(long)) ||
           shm_check_sym(call, "target", target, 1) || shm_check_ptr(call, "source", src, 1) ||
           shm_check_ptr(call, "s_offsets", s_offsets, v) ||
           shm_check_ptr(call, "s_sizes", s_sizes, v);
}

/* Room left in target's symmetric object from offset off, or SIZE_MAX when
 * the object's bounds are unknown. */
static size_t object_room(int pe, const void *target, size_t off)
{
    size_t start, size;
    if (sim_heap_object(sim_w->heap, pe, target, &start, &size) != 0)
        return (size_t)-1;
    size_t at = (size_t)((const char *)target - (const char *)sim_heap_addr(sim_w->heap, pe, start));
    return at + off >= size ? 0 : size - at - off;
}

static void count_and_wait(const char *call, const coll_set_t *s, long *psync)
{
    coll_fence();
    for (int t = 1; t < s->size; t++)
        coll_add_word(call, &psync[0], 1, coll_pe(s, (s->me + t) % s->size));
    char why[200];
    snprintf(why, sizeof why, "%s (waiting for the data of %d other PEs)", call, s->size - 1);
    coll_wait_ge(why, &psync[0], s->size - 1);
}

void shmemx_alltoallv(void *target, size_t *t_offsets, size_t *t_sizes, const void *source,
                      size_t *s_offsets, size_t *s_sizes, int PE_start, int logPE_stride,
                      int PE_size, long *pSync)
{
    static const char call[] = "shmemx_alltoallv";
    SHM_ENTER(call);
    shm_charge_call();
    coll_set_t s;
    tsize_chk_t chk = tsize_chk();
    if (coll_set_make(call, PE_start, logPE_stride, PE_size, &s) == 0 &&
        check_v(call, &s, target, source, s_offsets, s_sizes, pSync) == 0 &&
        shm_check_sym(call, "t_offsets", t_offsets, (size_t)s.size * sizeof(size_t)) == 0 &&
        shm_check_sym(call, "t_sizes", t_sizes, (size_t)s.size * sizeof(size_t)) == 0) {
        coll_args_t a = {call, s.start, s.stride, s.size, -1, 0, 0, target, source, NULL};
        coll_check_enter(&a, pSync, SHMEM_ALLTOALL_SYNC_SIZE);
        size_t mine = s_sizes[s.me];
        if (chk != CHK_NONE && mine > t_sizes[s.me])
            mine = too_big(call, chk, shm_me(), mine, t_sizes[s.me], "its t_sizes entry");
        memcpy((char *)target + t_offsets[s.me], (const char *)source + s_offsets[s.me], mine);
        t_sizes[s.me] = mine;
        for (int t = 1; t < s.size; t++) {
            int j = (s.me + t) % s.size, pe = coll_pe(&s, j);
            size_t off, max = (size_t)-1, n = s_sizes[j];
            coll_get(call, &off, &t_offsets[s.me], sizeof off, pe);
            if (chk != CHK_NONE)
                coll_get(call, &max, &t_sizes[s.me], sizeof max, pe);
            size_t room = chk != CHK_NONE ? max : object_room(pe, target, off);
            if (n > room)
                n = too_big(call, chk, pe, n, room, chk != CHK_NONE ? "its t_sizes entry"
                                                                   : "the end of the target object");
            coll_put(call, (char *)target + off, (const char *)source + s_offsets[j], n, pe);
            coll_put(call, &t_sizes[s.me], &n, sizeof n, pe);
        }
        count_and_wait(call, &s, pSync);
        pSync[0] = SHMEM_SYNC_VALUE;
        coll_check_leave(pSync);
    }
    SHM_LEAVE();
}

void shmemx_alltoallv_packed(void *target, size_t target_len, size_t *t_size,
                             const void *source, size_t *s_offsets, size_t *s_sizes,
                             int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    static const char call[] = "shmemx_alltoallv_packed";
    SHM_ENTER(call);
    shm_charge_call();
    coll_set_t s;
    tsize_chk_t chk = tsize_chk();
    if (coll_set_make(call, PE_start, logPE_stride, PE_size, &s) == 0 &&
        check_v(call, &s, target, source, s_offsets, s_sizes, pSync) == 0 &&
        shm_check_ptr(call, "t_size", t_size, sizeof *t_size) == 0) {
        coll_args_t a = {call, s.start, s.stride, s.size, -1, target_len, 0, target, source, NULL};
        coll_check_enter(&a, pSync, SHMEM_ALLTOALL_SYNC_SIZE);
        /* Our own block first, reserved and copied locally; then every
         * reservation at once, so arrival order at each target is the
         * network's; then the data. */
        size_t off = (size_t)pSync[1], n = s_sizes[s.me];
        pSync[1] += (long)n;
        if (n > target_len)
            n = too_big(call, chk, shm_me(), n, target_len, "target_len");
        memcpy(target, (const char *)source + s_offsets[s.me], n);
        coll_fetch_t *f = sim_xcalloc((size_t)s.size, sizeof *f);
        for (int t = 1; t < s.size; t++) {
            int j = (s.me + t) % s.size;
            coll_fetch_add_start(call, &pSync[1], (long)s_sizes[j], coll_pe(&s, j), &f[j]);
        }
        for (int t = 1; t < s.size; t++) {
            int j = (s.me + t) % s.size, pe = coll_pe(&s, j);
            off = (size_t)coll_fetch_wait(call, &f[j]);
            n = s_sizes[j];
            size_t room = off >= target_len ? 0 : target_len - off;
            if (n > room)
                n = too_big(call, chk, pe, n, room, "target_len");
            coll_put(call, (char *)target + off, (const char *)source + s_offsets[j], n, pe);
        }
        free(f);
        count_and_wait(call, &s, pSync);
        size_t total = (size_t)pSync[1];
        *t_size = chk == CHK_TRUNC && total > target_len ? target_len : total;
        pSync[0] = pSync[1] = SHMEM_SYNC_VALUE;
        coll_check_leave(pSync);
    }
    SHM_LEAVE();
}
