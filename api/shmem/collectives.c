/* api/shmem/collectives: active-set barrier, sync, broadcast, collect,
 * fcollect, alltoall and alltoalls, each as a protocol over the network
 * using the caller's pSync (see coll.h), with two algorithms per family
 * chosen by SHMEM_{BARRIER,BCAST,COLLECT,FCOLLECT,ALLTOALL}_ALGORITHM. */
#include "coll.h"
#include "race.h"

#include <stdio.h>
#include <string.h>

/* Common argument checks; 0 when the call may go on.  same: what dest and
 * source being one array is. */
static int check_args(const char *call, const coll_set_t *s, const void *dest, size_t dlen,
                      const void *src, size_t slen, const long *psync, size_t pslen,
                      shm_same_t same)
{
    (void)s;
    if (shm_check_sym(call, "pSync", psync, pslen * sizeof(long)))
        return -1;
    if (dest && shm_check_sym(call, "dest", dest, dlen))
        return -1;
    if (src && shm_check_sym(call, "source", src, slen))
        return -1;
    shm_arg_t args[] = {{"dest", dest, dlen}, {"source", src, slen},
                        {"pSync", psync, pslen * sizeof(long)}};
    return shm_check_disjoint(call, args, 3, same);
}

/* ---- barrier, sync ---- */

static void barrier_as(const char *call, int start, int log_stride, int size, long *psync, int quiet)
{
    coll_set_t s;
    shm_charge_call();
    if (coll_set_make(call, start, log_stride, size, &s) ||
        check_args(call, &s, NULL, 0, NULL, 0, psync, SHMEM_BARRIER_SYNC_SIZE,
                   SHM_SAME_IS_OVERLAP))
        return;
    coll_args_t a = {call, s.start, s.stride, s.size, -1, 0, 0, NULL, NULL, NULL, s.members};
    coll_check_enter(&a, psync, SHMEM_BARRIER_SYNC_SIZE);
    if (quiet)
        shm_quiet(&shm_self()->chan, "shmem_barrier (completing outstanding operations)");
    coll_sync(call, &s, psync);
    coll_check_leave(psync);
}

void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    SHM_ENTER("shmem_barrier");
    barrier_as("shmem_barrier", PE_start, logPE_stride, PE_size, pSync, 1);
    SHM_LEAVE();
}

void (shmem_sync)(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    SHM_ENTER("shmem_sync");
    barrier_as("shmem_sync", PE_start, logPE_stride, PE_size, pSync, 0);
    SHM_LEAVE();
}

void shmem_sync_all(void)
{
    SHM_ENTER("shmem_sync_all");
    shm_charge_call();
    shm_barrier_world("shmem_sync_all");
    SHM_LEAVE();
}

/* ---- broadcast ---- */


/* pSync[0] is set to 1 by the parent once the data is in dest, and to 2
 * once the whole tree has it; pSync[1] counts the children whose subtree
 * has it.  A member acknowledges to its parent only when its whole
 * subtree has the data, and returns only when the root's release has come
 * back down: so no member leaves before every member has entered, and a
 * call on one pSync is finished everywhere before the call after next
 * (which may reuse it, alternating two pSyncs) begins on any PE, as the
 * man pages promise for calls on one active set, whatever their roots. */
static void bcast(const char *call, void *dest, const void *src, size_t n, int root,
                  int start, int log_stride, int size, long *psync)
{
    coll_set_t s;
    shm_charge_call();
    if (coll_set_make(call, start, log_stride, size, &s) ||
        check_args(call, &s, dest, n, src, n, psync, SHMEM_BCAST_SYNC_SIZE, SHM_SAME_TOLERATED))
        return;
    if (root < 0 || root >= s.size) {
        sim_pe_t *me = sim_pe_self();
        sim_finding_raise(SHM_CHECK(COLLECTIVE_ARGS_MISMATCH), SIM_SEV_ERROR, me->id, call, me->call_site,
                          "PE_root %d is not an index of the active set (0..%d). PE_root is "
                          "the root's position in the set, not its PE number; the call was "
                          "skipped.", root, s.size - 1);
        return;
    }
    coll_args_t a = {call, s.start, s.stride, s.size, root, n, 0, dest, src, NULL, s.members};
    coll_check_enter(&a, psync, SHMEM_BCAST_SYNC_SIZE);
    coll_bcast_core(call, &s, dest, src, n, root, psync);
    coll_check_leave(psync);
}

void coll_bcast_core(const char *call, const coll_set_t *sp, void *dest, const void *src,
                     size_t n, int root, long *psync)
{
    coll_set_t s = *sp;
    const char *algo = shm_setting_word(SHM_SET_BCAST_ALGORITHM,
                                        s.size <= 8 ? "linear" : "tree");
    coll_tree_t t;
    coll_tree_make(&s, root, strcmp(algo, "tree") == 0, &t);
    /* The acknowledgements count up from SHMEM_SYNC_VALUE.  A pSync the
     * program misused (psync-uninitialized, psync-modified, both already
     * findings) must not hang the call: below that value the count starts
     * from what the word holds, above it (a child fooled into acknowledging
     * early) from the value itself. */
    long acks = psync[1] < SHMEM_SYNC_VALUE ? psync[1] : SHMEM_SYNC_VALUE;
    const void *from = src;
    if (t.parent >= 0) {
        sim_why_t why;
        why = sim_why("%s (waiting for the data from PE %d)", call,
                 coll_pe(&s, t.parent));
        coll_wait_ge(&why, &psync[0], 1);
        from = dest;
    }
    for (int i = 0; i < t.nchildren; i++)
        coll_put(call, dest, from, n, coll_pe(&s, coll_tree_child(&t, i)));
    coll_fence();
    for (int i = 0; i < t.nchildren; i++)
        coll_set_word(call, &psync[0], 1, coll_pe(&s, coll_tree_child(&t, i)));
    if (t.nchildren) {
        sim_why_t why;
        why = sim_why("%s (waiting for %d member(s) to have the data)", call,
                 t.nchildren);
        coll_wait_ge(&why, &psync[1], acks + t.nchildren);
    }
    if (t.parent >= 0) {
        coll_add_word(call, &psync[1], 1, coll_pe(&s, t.parent));
        sim_why_t why;
        why = sim_why("%s (waiting for PE %d to say every member has the data)", call,
                 coll_pe(&s, t.parent));
        coll_wait_ge(&why, &psync[0], 2);
    }
    for (int i = 0; i < t.nchildren; i++)
        coll_set_word(call, &psync[0], 2, coll_pe(&s, coll_tree_child(&t, i)));
    psync[0] = psync[1] = SHMEM_SYNC_VALUE;
    shm_race_span_t data = {t.parent >= 0 ? dest : src, n, 1, 0}, none = {0};
    shm_race_coll_done(call, t.parent >= 0 ? data : none, t.parent >= 0 ? none : data);
}

/* NAME in parentheses: Cray's untyped names are also the C11 generics'
 * macros. */
#define DEFINE_BCAST(NAME, BYTES)                                                         \
    void(NAME)(void *dest, const void *source, size_t nelems, int PE_root, int PE_start,  \
               int logPE_stride, int PE_size, long *pSync)                                \
    {                                                                                     \
        SHM_ENTER(#NAME);                                                                 \
        bcast(#NAME, dest, source, nelems * (BYTES), PE_root, PE_start, logPE_stride,     \
              PE_size, pSync);                                                            \
        SHM_LEAVE();                                                                      \
    }
DEFINE_BCAST(shmem_broadcast32, 4)
DEFINE_BCAST(shmem_broadcast64, 8)
/* Cray Research's untyped name (T3D/T3E libsma): 64-bit words. */
DEFINE_BCAST(shmem_broadcast, 8)

/* ---- fcollect and collect ---- */


/* Every member puts its block into every other member's dest at off,
 * then counts itself in their pSync[0]; each waits for size-1 counts. */
static void gather_all(const char *call, const coll_set_t *s, void *dest, const void *src,
                       size_t off, size_t n, long *psync)
{
    if (n) /* a zero-length collective may pass NULL */
        memcpy((char *)dest + off, src, n);
    for (int k = 1; k < s->size; k++)
        coll_put(call, (char *)dest + off, src, n, coll_pe(s, (s->me + k) % s->size));
    coll_fence();
    for (int k = 1; k < s->size; k++)
        coll_add_word(call, &psync[0], 1, coll_pe(s, (s->me + k) % s->size));
    sim_why_t why;
    why = sim_why("%s (waiting for the blocks of %d other PEs)", call, s->size - 1);
    coll_wait_ge(&why, &psync[0], s->size - 1);
}

/* Ring: in step t pass block me-t+1 (already in dest) to the right. */
static void fcollect_ring(const char *call, const coll_set_t *s, void *dest, const void *src,
                          size_t n, long *psync)
{
    int right = coll_pe(s, (s->me + 1) % s->size);
    sim_why_t why;
    if (n)
        memcpy((char *)dest + (size_t)s->me * n, src, n);
    for (int t = 1; t < s->size; t++) {
        size_t off = (size_t)((s->me - t + 1 + s->size) % s->size) * n;
        coll_put(call, (char *)dest + off, (char *)dest + off, n, right);
        coll_fence();
        coll_add_word(call, &psync[0], 1, right);
        why = sim_why("%s (ring step %d: waiting for PE %d)", call, t,
                 coll_pe(s, (s->me - 1 + s->size) % s->size));
        coll_wait_ge(&why, &psync[0], t);
    }
}

static void fcollect(const char *call, void *dest, const void *src, size_t n, int start,
                     int log_stride, int size, long *psync)
{
    coll_set_t s;
    shm_charge_call();
    if (coll_set_make(call, start, log_stride, size, &s) ||
        check_args(call, &s, dest, n * (size_t)s.size, src, n, psync, SHMEM_COLLECT_SYNC_SIZE,
                   SHM_SAME_IS_OVERLAP))
        return;
    coll_args_t a = {call, s.start, s.stride, s.size, -1, n, 0, dest, src, NULL, s.members};
    coll_check_enter(&a, psync, SHMEM_COLLECT_SYNC_SIZE);
    coll_fcollect_core(call, &s, dest, src, n, psync);
    coll_check_leave(psync);
}

void coll_fcollect_core(const char *call, const coll_set_t *s, void *dest, const void *src,
                        size_t n, long *psync)
{
    const char *algo = shm_setting_word(SHM_SET_FCOLLECT_ALGORITHM,
                                        s->size <= 8 ? "linear" : "ring");
    if (strcmp(algo, "ring") == 0)
        fcollect_ring(call, s, dest, src, n, psync);
    else
        gather_all(call, s, dest, src, (size_t)s->me * n, n, psync);
    psync[0] = SHMEM_SYNC_VALUE;
    shm_race_coll_done(call, (shm_race_span_t){dest, n * (size_t)s->size, 1, 0},
                       (shm_race_span_t){src, n, 1, 0});
}

/* Exclusive prefix sum of the block sizes along the set: member i learns
 * its offset from member i-1 in pSync[1] (as offset + 1, so 0 means "not
 * yet") and passes on its own end.  The last member sends the total to
 * member 0's pSync[2] the same way.  Returns the caller's offset; *total is
 * set on member 0. */
static size_t collect_offsets(const char *call, const coll_set_t *s, size_t n, long *psync,
                              size_t *total)
{
    size_t off = 0;
    sim_why_t why;
    if (s->me > 0) {
        why = sim_why("%s (waiting for its offset from PE %d)", call,
                 coll_pe(s, s->me - 1));
        coll_wait_ge(&why, &psync[1], 1);
        off = (size_t)psync[1] - 1;
    }
    if (s->me + 1 < s->size)
        coll_set_word(call, &psync[1], (long)(off + n + 1), coll_pe(s, s->me + 1));
    else if (s->me > 0)
        coll_set_word(call, &psync[2], (long)(off + n + 1), coll_pe(s, 0));
    if (s->me == 0 && s->size > 1) {
        why = sim_why("%s (waiting for the total size)", call);
        coll_wait_ge(&why, &psync[2], 1);
        *total = (size_t)psync[2] - 1;
    } else if (s->size == 1) {
        *total = n;
    }
    return off;
}

/* Tree: blocks gathered into member 0's dest, then broadcast down a
 * binomial tree (pSync[3] set by the parent when dest is complete). */
static void collect_tree(const char *call, const coll_set_t *s, void *dest, const void *src,
                         size_t off, size_t n, size_t total, long *psync)
{
    sim_why_t why;
    if (s->me == 0) {
        if (n)
            memcpy((char *)dest + off, src, n);
        why = sim_why("%s (waiting for %d blocks)", call, s->size - 1);
        coll_wait_ge(&why, &psync[0], s->size - 1);
    } else {
        coll_put(call, (char *)dest + off, src, n, coll_pe(s, 0));
        coll_fence();
        coll_add_word(call, &psync[0], 1, coll_pe(s, 0));
    }
    coll_tree_t t;
    coll_tree_make(s, 0, 1, &t);
    if (t.parent >= 0) {
        why = sim_why("%s (waiting for the result from PE %d)", call,
                 coll_pe(s, t.parent));
        coll_wait_ge(&why, &psync[3], 1);
        total = (size_t)psync[3] - 1;
    }
    for (int i = 0; i < t.nchildren; i++)
        coll_put(call, dest, dest, total, coll_pe(s, coll_tree_child(&t, i)));
    coll_fence();
    for (int i = 0; i < t.nchildren; i++)
        coll_set_word(call, &psync[3], (long)total + 1, coll_pe(s, coll_tree_child(&t, i)));
}

static void collect(const char *call, void *dest, const void *src, size_t n, int start,
                    int log_stride, int size, long *psync)
{
    coll_set_t s;
    shm_charge_call();
    if (coll_set_make(call, start, log_stride, size, &s) ||
        check_args(call, &s, dest, 1, src, n, psync, SHMEM_COLLECT_SYNC_SIZE, SHM_SAME_IS_OVERLAP))
        return;
    coll_args_t a = {call, s.start, s.stride, s.size, -1, n, 1, dest, src, NULL, s.members};
    coll_check_enter(&a, psync, SHMEM_COLLECT_SYNC_SIZE);
    coll_collect_core(call, &s, dest, src, n, psync);
    coll_check_leave(psync);
}

void coll_collect_core(const char *call, const coll_set_t *s, void *dest, const void *src,
                       size_t n, long *psync)
{
    size_t total = 0;
    size_t off = collect_offsets(call, s, n, psync, &total);
    const char *algo = shm_setting_word(SHM_SET_COLLECT_ALGORITHM,
                                        s->size <= 8 ? "linear" : "tree");
    if (strcmp(algo, "tree") == 0)
        collect_tree(call, s, dest, src, off, n, total, psync);
    else
        gather_all(call, s, dest, src, off, n, psync);
    for (int i = 0; i < 4; i++)
        psync[i] = SHMEM_SYNC_VALUE;
    /* (The blocks after this PE's are written too; their extent is known
     * to member 0 only.) */
    shm_race_coll_done(call, (shm_race_span_t){dest, off + n, 1, 0},
                       (shm_race_span_t){src, n, 1, 0});
}

#define DEFINE_COLLECT(FNAME, NAME, BYTES)                                                \
    void(FNAME)(void *dest, const void *source, size_t nelems, int PE_start,              \
                int logPE_stride, int PE_size, long *pSync)                               \
    {                                                                                     \
        SHM_ENTER(#FNAME);                                                                \
        fcollect(#FNAME, dest, source, nelems * (BYTES), PE_start, logPE_stride, PE_size, \
                 pSync);                                                                  \
        SHM_LEAVE();                                                                      \
    }                                                                                     \
    void(NAME)(void *dest, const void *source, size_t nelems, int PE_start,               \
               int logPE_stride, int PE_size, long *pSync)                                \
    {                                                                                     \
        SHM_ENTER(#NAME);                                                                 \
        collect(#NAME, dest, source, nelems * (BYTES), PE_start, logPE_stride, PE_size,   \
                pSync);                                                                   \
        SHM_LEAVE();                                                                      \
    }
DEFINE_COLLECT(shmem_fcollect32, shmem_collect32, 4)
DEFINE_COLLECT(shmem_fcollect64, shmem_collect64, 8)
/* Cray Research's untyped names: 64-bit words. */
DEFINE_COLLECT(shmem_fcollect, shmem_collect, 8)

/* ---- alltoall and alltoalls ---- */


/* A block of elements scattered at the target with a stride. */
static void strided_deliver(sim_msg_t *m)
{
    size_t es = (size_t)m->arg[0], stride = (size_t)m->arg[1], count = (size_t)m->arg[2];
    for (size_t k = 0; k < count; k++) {
        char *home = (char *)m->dst_addr + k * stride * es;
        memcpy(sim_mem_live(m->dst, home), m->data + k * es, es);
    }
    sim_mem_written(m->dst, m->dst_addr, count ? ((count - 1) * stride + 1) * es : 0);
}

typedef struct a2a {
    const char *call;
    void *dest;
    const void *src;
    size_t es, nelems;     /* element size, elements per block */
    ptrdiff_t dst, sst;    /* strides in elements (1 for alltoall) */
} a2a_t;

/* Sends block j of the caller's source to member j (or copies it locally). */
static void a2a_send(const a2a_t *a, const coll_set_t *s, int j)
{
    size_t es = a->es, n = a->nelems;
    char *tgt = (char *)a->dest + (size_t)s->me * n * (size_t)a->dst * es;
    const char *from = (const char *)a->src + (size_t)j * n * (size_t)a->sst * es;
    if (n == 0)
        return;
    if (j == s->me) {
        for (size_t k = 0; k < n; k++)
            memcpy(tgt + k * (size_t)a->dst * es, from + k * (size_t)a->sst * es, es);
        return;
    }
    sim_msg_t *m = coll_msg(a->call, tgt, n * es, coll_pe(s, j));
    for (size_t k = 0; k < n; k++)
        memcpy(m->data + k * es, from + k * (size_t)a->sst * es, es);
    m->arg[0] = es;
    m->arg[1] = (uint64_t)a->dst;
    m->arg[2] = n;
    m->deliver = strided_deliver;
    coll_send(m);
}

static void alltoall_core(const a2a_t *a, const coll_set_t *sp, long *psync);

/* Bytes from the first to past the last element of an array of nelems
 * elements per member, stride elements apart. */
static size_t a2a_extent(const a2a_t *a, size_t stride, const coll_set_t *s)
{
    size_t n = a->nelems * (size_t)s->size;
    return n ? ((n - 1) * stride + 1) * a->es : 0;
}

/* Linear: all blocks, one fence, then a count in every other member's
 * pSync[0].  Pairwise: in step t exchange with me+t / me-t, one at a time. */
static void alltoall_run(const a2a_t *a, int start, int log_stride, int size, long *psync)
{
    coll_set_t s;
    shm_charge_call();
    if (coll_set_make(a->call, start, log_stride, size, &s) ||
        check_args(a->call, &s, a->dest, a2a_extent(a, (size_t)a->dst, &s), a->src,
                   a2a_extent(a, (size_t)a->sst, &s), psync, SHMEM_ALLTOALL_SYNC_SIZE,
                   SHM_SAME_IS_OVERLAP))
        return;
    coll_args_t ca = {a->call, s.start, s.stride, s.size,   -1,
                      a->nelems, 0, a->dest, a->src, NULL, s.members};
    coll_check_enter(&ca, psync, SHMEM_ALLTOALL_SYNC_SIZE);
    alltoall_core(a, &s, psync);
    coll_check_leave(psync);
}

static void alltoall_core(const a2a_t *a, const coll_set_t *sp, long *psync)
{
    coll_set_t s = *sp;
    const char *algo = shm_setting_word(SHM_SET_ALLTOALL_ALGORITHM,
                                        s.size <= 8 ? "linear" : "pairwise");
    int pairwise = strcmp(algo, "pairwise") == 0;
    sim_why_t why;
    a2a_send(a, &s, s.me);
    for (int t = 1; t < s.size; t++) {
        int j = (s.me + t) % s.size;
        a2a_send(a, &s, j);
        if (!pairwise)
            continue;
        coll_fence();
        coll_add_word(a->call, &psync[0], 1, coll_pe(&s, j));
        why = sim_why("%s (step %d: waiting for PE %d)", a->call, t,
                 coll_pe(&s, (s.me - t + s.size) % s.size));
        coll_wait_ge(&why, &psync[0], t);
    }
    if (!pairwise) {
        coll_fence();
        for (int t = 1; t < s.size; t++)
            coll_add_word(a->call, &psync[0], 1, coll_pe(&s, (s.me + t) % s.size));
        why = sim_why("%s (waiting for the blocks of %d other PEs)", a->call,
                 s.size - 1);
        coll_wait_ge(&why, &psync[0], s.size - 1);
    }
    psync[0] = SHMEM_SYNC_VALUE;
    size_t cnt = a->nelems * (size_t)s.size;
    shm_race_coll_done(a->call, (shm_race_span_t){a->dest, a->es, cnt, a->dst * (ptrdiff_t)a->es},
                       (shm_race_span_t){a->src, a->es, cnt, a->sst * (ptrdiff_t)a->es});
}

void coll_alltoall_core(const char *call, const coll_set_t *s, void *dest, const void *src,
                        size_t es, size_t nelems, ptrdiff_t dst, ptrdiff_t sst, long *psync)
{
    a2a_t a = {call, dest, src, es, nelems, dst, sst};
    alltoall_core(&a, s, psync);
}

#define DEFINE_ALLTOALL(BITS)                                                               \
    void shmem_alltoall##BITS(void *dest, const void *source, size_t nelems, int PE_start,   \
                              int logPE_stride, int PE_size, long *pSync)                   \
    {                                                                                       \
        SHM_ENTER("shmem_alltoall" #BITS);                                                  \
        a2a_t a = {"shmem_alltoall" #BITS, dest, source, BITS / 8, nelems, 1, 1};           \
        alltoall_run(&a, PE_start, logPE_stride, PE_size, pSync);                           \
        SHM_LEAVE();                                                                        \
    }                                                                                       \
    void shmem_alltoalls##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, \
                               size_t nelems, int PE_start, int logPE_stride, int PE_size,  \
                               long *pSync)                                                 \
    {                                                                                       \
        SHM_ENTER("shmem_alltoalls" #BITS);                                                 \
        coll_alltoalls_as("shmem_alltoalls" #BITS, dest, source, BITS / 8, dst, sst, nelems,  \
                          PE_start, logPE_stride, PE_size, pSync);                          \
        SHM_LEAVE();                                                                        \
    }
DEFINE_ALLTOALL(32)
DEFINE_ALLTOALL(64)

/* ---- the same routines under another interface's names (api/fortran) ----
 * The caller has marked the call (SHM_ENTER) with call; sizes are bytes. */

void coll_broadcast_as(const char *call, void *dest, const void *src, size_t bytes, int root,
                       int start, int log_stride, int size, long *psync)
{
    bcast(call, dest, src, bytes, root, start, log_stride, size, psync);
}

void coll_collect_as(const char *call, void *dest, const void *src, size_t bytes, int start,
                     int log_stride, int size, long *psync)
{
    collect(call, dest, src, bytes, start, log_stride, size, psync);
}

void coll_fcollect_as(const char *call, void *dest, const void *src, size_t bytes, int start,
                      int log_stride, int size, long *psync)
{
    fcollect(call, dest, src, bytes, start, log_stride, size, psync);
}

void coll_alltoalls_as(const char *call, void *dest, const void *src, size_t es, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int start, int log_stride, int size,
                       long *psync)
{
    a2a_t a = {call, dest, src, es, nelems, dst, sst};
    if (dst >= 1 && sst >= 1) {
        alltoall_run(&a, start, log_stride, size, psync);
        return;
    }
    sim_pe_t *me = sim_pe_self();
    sim_finding_raise(SHM_CHECK(COLLECTIVE_ARGS_MISMATCH), SIM_SEV_ERROR, me->id, call, me->call_site,
                      "the strides dst=%td and sst=%td must both be at least 1; the call was "
                      "skipped.", dst, sst);
}
