/* api/shmem/sync: quiet, fence, barrier_all and wait_until.
 *
 * barrier_all is a dissemination barrier: in round k each PE adds one to
 * round counter k of PE (me + 2^k) mod n with a network message and waits
 * until its own counter k is non-zero, then takes one off.  The counters sit
 * in the heap's internal area at the same offset on every PE; counting
 * (rather than setting a flag) lets a fast PE's signal for the next barrier
 * arrive early without being lost or mistaken. */
#include "shmem_impl.h"

#include <stdio.h>

static void count_deliver(sim_msg_t *m)
{
    long *ctr = sim_mem_live(m->dst, m->dst_addr);
    (*ctr)++;
    sim_mem_written(m->dst, m->dst_addr, sizeof *ctr);
}

static void signal_round(int me, int to, int k, const char *call)
{
    sim_charge(sim_net_params()->overhead_ns);
    sim_msg_t *m = sim_msg_new(me, to, SIM_OP_CTRL, sizeof(long));
    m->what = call;
    m->dst_addr = (long *)sim_heap_addr(sim_w->heap, to, SHM_OFF_BARRIER) + k;
    m->deliver = count_deliver;
    sim_net_send(m);
}

void shm_barrier_world(const char *call)
{
    int me = shm_me(), n = sim_w->npes;
    long *ctr = sim_heap_addr(sim_w->heap, me, SHM_OFF_BARRIER);
    char why[200];
    for (int k = 0, dist = 1; dist < n; k++, dist <<= 1) {
        signal_round(me, (me + dist) % n, k, call);
        int from = ((me - dist) % n + n) % n;
        snprintf(why, sizeof why, "%s (barrier round %d: waiting for PE %d)", call, k, from);
        while (ctr[k] == 0)
            sim_pe_block_on(why, &ctr[k], sizeof ctr[k]);
        ctr[k]--;
    }
}

void shmem_quiet(void)
{
    SHM_ENTER("shmem_quiet");
    shm_charge_call();
    sim_chan_quiet(&shm_self()->chan, "shmem_quiet (waiting for outstanding operations)");
    SHM_LEAVE();
}

void shmem_fence(void)
{
    SHM_ENTER("shmem_fence");
    shm_charge_call();
    sim_chan_fence(&shm_self()->chan);
    SHM_LEAVE();
}

void shmem_barrier_all(void)
{
    SHM_ENTER("shmem_barrier_all");
    shm_charge_call();
    sim_chan_quiet(&shm_self()->chan, "shmem_barrier_all (completing outstanding operations)");
    shm_barrier_world("shmem_barrier_all");
    SHM_LEAVE();
}

static const char *cmp_name(int cmp)
{
    static const char *const names[] = {"?", "SHMEM_CMP_EQ", "SHMEM_CMP_NE", "SHMEM_CMP_GT",
                                        "SHMEM_CMP_GE", "SHMEM_CMP_LT", "SHMEM_CMP_LE"};
    return cmp >= 1 && cmp <= 6 ? names[cmp] : names[0];
}

#define CMP_HOLDS(a, cmp, b)                                              \
    ((cmp) == SHMEM_CMP_EQ ? (a) == (b) : (cmp) == SHMEM_CMP_NE ? (a) != (b) \
     : (cmp) == SHMEM_CMP_GT ? (a) > (b) : (cmp) == SHMEM_CMP_GE ? (a) >= (b) \
     : (cmp) == SHMEM_CMP_LT ? (a) < (b) : (a) <= (b))

#define DEFINE_WAIT(T, N)                                                          \
    void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value)                     \
    {                                                                              \
        static const char call[] = "shmem_" #N "_wait_until";                      \
        SHM_ENTER(call);                                                           \
        shm_charge_call();                                                         \
        if (shm_check_sym(call, "ivar", ivar, sizeof *ivar) == 0) {                \
            char why[200], name[96];                                               \
            sim_mem_name(ivar, name, sizeof name);                                 \
            while (!CMP_HOLDS(*(volatile T *)ivar, cmp, cmp_value)) {              \
                snprintf(why, sizeof why, "%s(ivar=%s, cmp=%s, cmp_value=%lld), ivar is %lld", \
                         call, name, cmp_name(cmp), (long long)cmp_value,          \
                         (long long)*ivar);                                        \
                sim_pe_block_on(why, ivar, sizeof *ivar);                          \
            }                                                                      \
        }                                                                          \
        SHM_LEAVE();                                                               \
    }
SHMEM_P2P_TYPES(DEFINE_WAIT)
