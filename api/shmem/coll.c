/* api/shmem/coll: active sets, trees and the message primitives the
 * collective protocols are written with (see coll.h for the disciplines). */
#include "coll.h"
#include "race.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each PE's channel for collective traffic, made on first use (the
 * run's: shm_run). */
static sim_chan_t *my_chan(void)
{
    shm_run_t *r = shm_run();
    if (!r->coll_chans) {
        r->coll_chans = sim_xcalloc((size_t)sim_npes(), sizeof *r->coll_chans);
        for (int i = 0; i < sim_npes(); i++)
            sim_chan_init(&r->coll_chans[i], i);
    }
    return &r->coll_chans[shm_me()];
}

void shm_coll_free_run(shm_run_t *run)
{
    for (int i = 0; run->coll_chans && i < sim_npes(); i++)
        sim_chan_destroy(&run->coll_chans[i]);
    free(run->coll_chans);
    run->coll_chans = NULL;
}

int coll_set_make(const char *call, int start, int log_stride, int size, coll_set_t *s)
{
    sim_pe_t *me = sim_pe_self();
    int n = sim_npes();
    long stride = log_stride >= 0 && log_stride < 31 ? 1L << log_stride : -1;
    long last = stride > 0 && size > 0 ? start + (long)(size - 1) * stride : -1;
    if (start < 0 || stride < 0 || size <= 0 || last >= n) {
        sim_finding_raise(SHM_CHECK(INVALID_PE), SIM_SEV_ERROR, me->id, call, me->call_site,
                          "the active set (PE_start=%d, logPE_stride=%d, PE_size=%d) does not "
                          "fit in the %d PEs of this job: it needs PE_start >= 0, "
                          "logPE_stride >= 0, PE_size > 0 and its last PE < %d. The call was "
                          "skipped.", start, log_stride, size, n, n);
        return -1;
    }
    if (me->id < start || (me->id - start) % stride || (me->id - start) / stride >= size) {
        sim_finding_raise(SHM_CHECK(COLLECTIVE_NOT_MEMBER), SIM_SEV_ERROR, me->id, call, me->call_site,
                          "PE %d called a collective over the active set (PE_start=%d, "
                          "logPE_stride=%d, PE_size=%d) it is not part of. Only members of "
                          "the active set may call it; the call was skipped.", me->id, start,
                          log_stride, size);
        return -1;
    }
    s->start = start;
    s->stride = (int)stride;
    s->size = size;
    s->members = NULL;
    s->me = (me->id - start) / (int)stride;
    return 0;
}

void coll_set_world(coll_set_t *s)
{
    s->start = 0;
    s->stride = 1;
    s->members = NULL;
    s->size = sim_npes();
    s->me = shm_me();
}

static int lowbit(int x)
{
    return x & -x;
}

void coll_tree_make(const coll_set_t *s, int root, int binomial, coll_tree_t *t)
{
    t->size = s->size;
    t->root = root;
    t->rel = (s->me - root + s->size) % s->size;
    t->binomial = binomial;
    if (!binomial) {
        t->parent = t->rel ? root : -1;
        t->nchildren = t->rel ? 0 : s->size - 1;
        return;
    }
    t->parent = t->rel ? (t->rel - lowbit(t->rel) + root) % s->size : -1;
    int limit = t->rel ? lowbit(t->rel) : s->size;
    t->nchildren = 0;
    for (int m = 1; m < limit && t->rel + m < s->size; m <<= 1)
        t->nchildren++;
}

int coll_tree_child(const coll_tree_t *t, int i)
{
    int rel = t->binomial ? t->rel + (1 << i) : 1 + i;
    return (rel + t->root) % t->size;
}

/* ---- messages ---- */

/* Writes n bytes of data at home address home of m's target, as m's op
 * when is_data is set (else as a flag the protocol observes). */
static void write_at(const sim_msg_t *m, void *home, const void *data, size_t n, int is_data)
{
    /* Data the bytes hold already (a collective repeated on the same
     * data) is no access at all: unlike a put's, it is not kept as a read
     * for later writes to race with, as each PE's return from the
     * collective writes its dest for the detector anyway
     * (shm_race_coll_done), and back-to-back calls on the same data would
     * race with those returns. */
    if (is_data && !sim_hb_silent(m->dst, home, data, n))
        sim_hb_op_access(m->hb, m->dst, home, n, 1, 0, SIM_HB_WRITE);
    memcpy(sim_mem_live(m->dst, home), data, n);
    coll_check_delivered(m->dst, home, n, m->src, m->what);
    sim_mem_written(m->dst, home, n);
}

/* Protocol messages carry their sender's clock (sim/hb): the receiver
 * acquires it when it next waits.  Data messages also write the target's
 * memory as an op of the sender's, complete for the receiver from then. */
static void put_deliver(sim_msg_t *m)
{
    sim_hb_sync_deliver(m->dst, m->hb);
    if (m->arg[1])
        sim_hb_sync_deliver_op(m->dst, m->hb);
    write_at(m, m->dst_addr, m->data, m->bytes, (int)m->arg[1]);
}

static void add_deliver(sim_msg_t *m)
{
    long *w = sim_mem_live(m->dst, m->dst_addr);
    sim_hb_sync_deliver(m->dst, m->hb);
    *w += (long)m->arg[0];
    coll_check_delivered(m->dst, m->dst_addr, sizeof *w, m->src, m->what);
    sim_mem_written(m->dst, m->dst_addr, sizeof *w);
}

sim_msg_t *coll_msg(const char *call, void *dst, size_t n, int pe)
{
    int me = shm_me();
    sim_charge(sim_net_params()->overhead_ns);
    sim_msg_t *m = sim_msg_new(me, pe, SIM_OP_COLL, n);
    m->what = call;
    m->dst_addr = sim_mem_xlate(me, dst, pe);
    SIM_ASSERT(m->dst_addr != NULL);
    return m;
}

void coll_send(sim_msg_t *m)
{
    m->chan = my_chan();
    if (sim_hb_on && !m->hb)
        m->hb = sim_hb_release();
    sim_net_send(m);
}

/* A put of the protocol; data (not a flag) is recorded as a write. */
static void send_put(const char *call, void *dst, const void *src, size_t n, int pe, int data)
{
    sim_msg_t *m = coll_msg(call, dst, n, pe);
    if (n)
        memcpy(m->data, src, n);
    m->deliver = put_deliver;
    m->arg[1] = (uint64_t)(data && n);
    if (m->arg[1])
        m->hb = shm_race_coll_op(call, my_chan(), pe, 1);
    coll_send(m);
}

/* Nothing to move, no message: a zero-length collective may pass NULL. */
void coll_put(const char *call, void *dst, const void *src, size_t n, int pe)
{
    if (n)
        send_put(call, dst, src, n, pe, 1);
}

void coll_set_word(const char *call, long *word, long value, int pe)
{
    send_put(call, word, &value, sizeof value, pe, 0);
}

void coll_add_word(const char *call, long *word, long value, int pe)
{
    sim_msg_t *m = coll_msg(call, word, 0, pe);
    m->bytes = sizeof(long);
    m->arg[0] = (uint64_t)value;
    m->deliver = add_deliver;
    coll_send(m);
}

void coll_fence(void)
{
    sim_chan_fence(my_chan());
}

void coll_quiet(const char *call)
{
    if (!my_chan()->outstanding)
        return;
    char why[160];
    snprintf(why, sizeof why, "%s (completing collective messages)", call);
    sim_chan_quiet(my_chan(), why);
}

void coll_wait_ge(const sim_why_t *why, long *word, long value)
{
    while (*(volatile long *)word < value)
        sim_pe_block_why(why, word, sizeof *word);
    sim_hb_sync_acquire();
}

void coll_wait_take(const sim_why_t *why, long *word, long value)
{
    coll_wait_ge(why, word, value);
    *word -= value;
}

/* A block its target places (coll_put_placed): written where the target's
 * placer says, as an op of the sender's, then its size, then the count. */
static void placed_deliver(sim_msg_t *m)
{
    coll_placer_t *p = m->ptr;
    size_t n = m->bytes;
    void *size_at = (void *)(uintptr_t)m->arg[1];
    sim_hb_sync_deliver(m->dst, m->hb);
    sim_hb_sync_deliver_op(m->dst, m->hb);
    /* (As an integer: a wild offset may point anywhere.) */
    char *there = (char *)((uintptr_t)m->dst_addr +
                           p->place(p, m, (void *)(uintptr_t)m->arg[0], &n));
    size_t region;
    if (n && sim_mem_region_room(m->dst, there, &region) != 0)
        n = 0; /* an offset outside the target's symmetric memory: nowhere to write */
    else if (n > region)
        n = region; /* no further than the end of the target's heap or data */
    if (n)
        write_at(m, there, m->data, n, 1);
    if (size_at)
        write_at(m, size_at, &n, sizeof n, 1);
    long *count = (long *)(uintptr_t)m->arg[2];
    long next = *(long *)sim_mem_live(m->dst, count) + 1;
    write_at(m, count, &next, sizeof next, 0);
}

void coll_put_placed(const char *call, void *dst, void *at, const void *src, size_t n,
                     size_t *size_at, long *count, int pe, coll_placer_t *placer)
{
    int me = shm_me();
    sim_msg_t *m = coll_msg(call, dst, n, pe);
    memcpy(m->data, src, n);
    m->arg[0] = (uintptr_t)sim_mem_xlate(me, at, pe);
    m->arg[1] = (uintptr_t)(size_at ? sim_mem_xlate(me, size_at, pe) : NULL);
    m->arg[2] = (uintptr_t)sim_mem_xlate(me, count, pe);
    m->ptr = placer;
    m->deliver = placed_deliver;
    m->hb = shm_race_coll_op(call, my_chan(), pe, 1);
    coll_send(m);
}

/* ---- barrier and sync over an active set (counted discipline) ---- */

/* Dissemination: in round k signal member me + 2^k, wait for me - 2^k;
 * word k of pSync counts round-k signals. */
static void sync_dissem(const char *call, const coll_set_t *s, long *psync)
{
    sim_why_t why;
    for (int k = 0, d = 1; d < s->size; k++, d <<= 1) {
        coll_add_word(call, &psync[k], 1, coll_pe(s, (s->me + d) % s->size));
        why = sim_why("%s (round %d: waiting for PE %d)", call, k,
                 coll_pe(s, (s->me - d % s->size + s->size) % s->size));
        coll_wait_take(&why, &psync[k], 1);
    }
}

/* Linear: everyone signals the first member, which releases everyone. */
static void sync_linear(const char *call, const coll_set_t *s, long *psync)
{
    sim_why_t why;
    if (s->me == 0) {
        why = sim_why("%s (PE %d waiting for %d arrivals)", call, coll_pe(s, 0),
                 s->size - 1);
        coll_wait_take(&why, &psync[0], s->size - 1);
        for (int i = 1; i < s->size; i++)
            coll_add_word(call, &psync[1], 1, coll_pe(s, i));
        return;
    }
    coll_add_word(call, &psync[0], 1, coll_pe(s, 0));
    why = sim_why("%s (waiting for release by PE %d)", call, coll_pe(s, 0));
    coll_wait_take(&why, &psync[1], 1);
}

void coll_sync(const char *call, const coll_set_t *s, long *psync)
{
    const char *algo = shm_setting_word(SHM_SET_BARRIER_ALGORITHM,
                                        s->size <= 4 ? "linear" : "dissem");
    if (strcmp(algo, "linear") == 0)
        sync_linear(call, s, psync);
    else
        sync_dissem(call, s, psync);
}
