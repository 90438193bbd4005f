/* api/shmem/signal: put-with-signal, signal_fetch and signal_wait_until.
 *
 * A put-with-signal is one message: its delivery writes the data and then
 * updates the signal word, in the same event, so a PE that sees the signal
 * always sees the data (the specification's guarantee, and no more: the
 * message is ordered against others only by fence and quiet, like a put).
 * The payload is the data followed by the signal value and operator (two
 * uint64_t); ptr is the signal word's home address at the target, arg[]
 * are the put's (see rma.c).  A signal update executes in the delivery
 * event, so it is atomic with respect to atomics and other signals. */
#include "race.h"
#include "shmem_impl.h"

#include <string.h>

static void signal_deliver(sim_msg_t *m)
{
    shm_put_apply(m);
    uint64_t tail[2], *word = sim_mem_live(m->dst, m->ptr);
    memcpy(tail, m->data + m->arg[0] * m->arg[1], sizeof tail);
    uint64_t now = tail[1] == SHMEM_SIGNAL_ADD ? *word + tail[0] : tail[0];
    sim_hb_op_access(m->hb, m->dst, m->ptr, sizeof *word, 1, 0,
                     now == *word ? SIM_HB_READ : SIM_HB_WRITE);
    *word = now;
    sim_mem_written(m->dst, m->ptr, sizeof *word);
}

static void put_signal(const shm_xfer_t *x, uint64_t *sig_addr, uint64_t signal, int sig_op,
                       int nbi)
{
    shm_ctx_t *c;
    int wpe;
    if (shm_rma_check(x, 1, &c, &wpe) ||
        shm_check_sym(x->call, "sig_addr", sig_addr, sizeof *sig_addr) ||
        shm_check_overlap(x->call, "dest", x->dest, x->elem * x->nelems, "sig_addr", sig_addr,
                          sizeof *sig_addr, SHM_SAME_IS_OVERLAP))
        return;
    coll_check_user_write(x->call, wpe, sig_addr, sizeof *sig_addr);
    sim_charge(sim_net_params()->overhead_ns);
    uint64_t tail[2] = {signal, (uint64_t)sig_op};
    sim_msg_t *m = shm_put_msg(x, c, wpe, nbi, sizeof tail);
    m->op = SIM_OP_SIGNAL;
    memcpy(m->data + x->elem * x->nelems, tail, sizeof tail);
    m->ptr = sim_mem_xlate(shm_me(), sig_addr, wpe);
    m->deliver = signal_deliver;
    if (m->hb) {
        /* The message carries the signal's record; its partner is the data's. */
        sim_hb_rec_t data = m->hb;
        m->hb = shm_race_op(x->call, c->chan, wpe, SHM_RACE_SIGNAL, nbi);
        sim_hb_op_partner(m->hb, data);
        sim_hb_unref(data);
    }
    shm_put_send(m, nbi);
}

#define DEFINE_ONE(T, N, E, op, nbi)                                                    \
    void shmem_ctx_##N##op(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,    \
                           uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)     \
    {                                                                                   \
        SHM_ENTER("shmem_ctx_" #N #op);                                                 \
        shm_xfer_t x = {"shmem_ctx_" #N #op, ctx, dest, source, E, nelems, 1, 1, pe};   \
        put_signal(&x, sig_addr, signal, sig_op, nbi);                                  \
        SHM_LEAVE();                                                                    \
    }                                                                                   \
    void shmem_##N##op(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,     \
                       uint64_t signal, int sig_op, int pe)                             \
    {                                                                                   \
        SHM_ENTER("shmem_" #N #op);                                                     \
        shm_xfer_t x = {"shmem_" #N #op, SHMEM_CTX_DEFAULT, dest, source, E, nelems, 1, 1, pe}; \
        put_signal(&x, sig_addr, signal, sig_op, nbi);                                  \
        SHM_LEAVE();                                                                    \
    }
#define DEFINE_TYPED(T, N, a)                                                           \
    DEFINE_ONE(T, N, sizeof(T), _put_signal, 0)                                         \
    DEFINE_ONE(T, N, sizeof(T), _put_signal_nbi, 1)
#define DEFINE_SIZED(BITS, BYTES, a)                                                    \
    DEFINE_ONE(void, put##BITS, BYTES, _signal, 0)                                      \
    DEFINE_ONE(void, put##BITS, BYTES, _signal_nbi, 1)
SHMEM_RMA_TYPES(DEFINE_TYPED, )
SHMEM_RMA_SIZES(DEFINE_SIZED, )
DEFINE_ONE(void, putmem, 1, _signal, 0)
DEFINE_ONE(void, putmem, 1, _signal_nbi, 1)

/* signal_add/set (1.6): a put-with-signal with no data. */
static void signal_update(const char *call, shmem_ctx_t ctx, uint64_t *sig_addr,
                          uint64_t signal, int sig_op, int pe)
{
    shm_xfer_t x = {call, ctx, NULL, NULL, 1, 0, 1, 1, pe};
    put_signal(&x, sig_addr, signal, sig_op, 0);
}

#define DEFINE_SIGNAL_UPDATE(name, op)                                                  \
    void shmem_ctx_signal_##name(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe) \
    {                                                                                   \
        SHM_ENTER("shmem_ctx_signal_" #name);                                           \
        signal_update("shmem_ctx_signal_" #name, ctx, sig_addr, signal, op, pe);        \
        SHM_LEAVE();                                                                    \
    }                                                                                   \
    void(shmem_signal_##name)(uint64_t *sig_addr, uint64_t signal, int pe)             \
    {                                                                                   \
        SHM_ENTER("shmem_signal_" #name);                                               \
        signal_update("shmem_signal_" #name, SHMEM_CTX_DEFAULT, sig_addr, signal, op, pe); \
        SHM_LEAVE();                                                                    \
    }
DEFINE_SIGNAL_UPDATE(add, SHMEM_SIGNAL_ADD)
DEFINE_SIGNAL_UPDATE(set, SHMEM_SIGNAL_SET)

uint64_t shmem_signal_fetch(const uint64_t *sig_addr)
{
    SHM_ENTER("shmem_signal_fetch");
    shm_charge_call();
    uint64_t v = 0;
    if (shm_check_sym("shmem_signal_fetch", "sig_addr", sig_addr, sizeof *sig_addr) == 0) {
        v = *(const volatile uint64_t *)sig_addr;
        sim_hb_observe(shm_me(), sim_mem_home(shm_me(), sig_addr), sizeof *sig_addr,
                       "shmem_signal_fetch", sim_pe_self()->call_site);
    }
    SHM_LEAVE();
    return v;
}

uint64_t shmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value)
{
    static const char call[] = "shmem_signal_wait_until";
    SHM_ENTER(call);
    shm_wait_t w = {call, sig_addr, sizeof *sig_addr, 0, 1, NULL, NULL, cmp, cmp_value, NULL};
    uint64_t v = 0;
    shm_wait_until(&w, SHM_WAIT_ALL);
    if (sig_addr)
        v = *(volatile uint64_t *)sig_addr;
    SHM_LEAVE();
    return v;
}
