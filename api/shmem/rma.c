/* api/shmem/rma: puts and gets over the simulated network.
 *
 * A blocking put copies its source into the message when called (local
 * completion) and writes the target when the delivery event fires.  A get
 * sends a request; the target's memory is read when the request arrives and
 * the reply writes the local buffer, after which the caller resumes. */
#include "shmem_impl.h"

#include <stdio.h>
#include <string.h>

static void put_deliver(sim_msg_t *m)
{
    memcpy(sim_mem_live(m->dst, m->dst_addr), m->data, m->bytes);
    sim_mem_written(m->dst, m->dst_addr, m->bytes);
}

void shm_put(const char *call, void *dest, const void *src, size_t n, int pe)
{
    int me = shm_me();
    if (shm_check_pe(call, pe) || shm_check_sym(call, "dest", dest, n) ||
        shm_check_ptr(call, "source", src, n))
        return;
    sim_charge(sim_net_params()->overhead_ns);
    sim_msg_t *m = sim_msg_new(me, pe, SIM_OP_PUT, n);
    if (n)
        memcpy(m->data, src, n);
    m->what = call;
    m->dst_addr = sim_mem_xlate(me, dest, pe);
    m->deliver = put_deliver;
    m->chan = &shm_self()->chan;
    sim_net_send(m);
}

typedef struct get_wait {
    int done; /* the reply has landed */
} get_wait_t;

static void reply_deliver(sim_msg_t *m)
{
    memcpy(sim_mem_live(m->dst, m->dst_addr), m->data, m->bytes);
    get_wait_t *w = m->ptr;
    w->done = 1;
    sim_pe_wake(&sim_w->pes[m->dst]);
}

static void get_request_arrives(sim_msg_t *req)
{
    size_t n = (size_t)req->arg[0];
    sim_msg_t *r = sim_msg_new(req->dst, req->src, SIM_OP_REPLY, n);
    memcpy(r->data, sim_mem_live(req->dst, req->dst_addr), n);
    r->what = req->what;
    r->dst_addr = req->src_addr;
    r->ptr = req->ptr;
    r->deliver = reply_deliver;
    sim_net_send(r);
}

void shm_get(const char *call, void *dest, const void *src, size_t n, int pe)
{
    int me = shm_me();
    if (shm_check_pe(call, pe) || shm_check_sym(call, "source", src, n) ||
        shm_check_ptr(call, "dest", dest, n))
        return;
    sim_charge(sim_net_params()->overhead_ns);
    get_wait_t w = {0};
    sim_msg_t *m = sim_msg_new(me, pe, SIM_OP_GET, 0);
    m->what = call;
    m->arg[0] = n;
    m->dst_addr = sim_mem_xlate(me, src, pe);
    m->src_addr = sim_mem_home(me, dest);
    m->ptr = &w;
    m->deliver = get_request_arrives;
    sim_net_send(m);
    char why[200], dn[96], sn[96];
    snprintf(why, sizeof why, "%s(dest=%s, source=%s, nelems=%zu, pe=%d), waiting for the reply",
             call, sim_mem_name(dest, dn, sizeof dn), sim_mem_name(src, sn, sizeof sn), n, pe);
    while (!w.done)
        sim_pe_block(why);
}

void shmem_putmem(void *dest, const void *source, size_t nelems, int pe)
{
    SHM_ENTER("shmem_putmem");
    shm_put("shmem_putmem", dest, source, nelems, pe);
    SHM_LEAVE();
}

void shmem_getmem(void *dest, const void *source, size_t nelems, int pe)
{
    SHM_ENTER("shmem_getmem");
    shm_get("shmem_getmem", dest, source, nelems, pe);
    SHM_LEAVE();
}

#define DEFINE_PG(T, N)                                   \
    void shmem_##N##_p(T *dest, T value, int pe)          \
    {                                                     \
        SHM_ENTER("shmem_" #N "_p");                      \
        shm_put("shmem_" #N "_p", dest, &value, sizeof value, pe); \
        SHM_LEAVE();                                      \
    }                                                     \
    T shmem_##N##_g(const T *source, int pe)              \
    {                                                     \
        T v = 0;                                          \
        SHM_ENTER("shmem_" #N "_g");                      \
        shm_get("shmem_" #N "_g", &v, source, sizeof v, pe); \
        SHM_LEAVE();                                      \
        return v;                                         \
    }
SHMEM_PG_TYPES(DEFINE_PG)
