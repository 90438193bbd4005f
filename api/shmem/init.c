/* api/shmem/init: library setup and query, and the per-PE state. */
#include "shmem_impl.h"
#include "util.h"

shm_pe_t *shm_self(void)
{
    sim_pe_t *pe = sim_pe_self();
    if (!pe->api) {
        shm_pe_t *s = sim_xcalloc(1, sizeof *s);
        sim_chan_init(&s->chan, pe->id);
        pe->api = s;
    }
    return pe->api;
}

int shm_me(void)
{
    return sim_pe_self()->id;
}

void shm_charge_call(void)
{
    sim_charge(sim_net_params()->call_ns);
}

static void init_once(const char *call)
{
    shm_pe_t *s = shm_self();
    shm_charge_call();
    if (s->initialized)
        return;
    s->initialized = 1;
    /* Like a real launcher's start-up: nobody leaves init before everyone
     * has arrived. */
    shm_barrier_world(call);
}

void shmem_init(void)
{
    SHM_ENTER("shmem_init");
    init_once("shmem_init");
    SHM_LEAVE();
}

void start_pes(int npes)
{
    (void)npes; /* ignored, as the legacy interface specifies */
    SHM_ENTER("start_pes");
    init_once("start_pes");
    SHM_LEAVE();
}

void shmem_finalize(void)
{
    SHM_ENTER("shmem_finalize");
    shm_pe_t *s = shm_self();
    if (s->initialized && !s->finalized) {
        sim_chan_quiet(&s->chan, "shmem_finalize (completing outstanding operations)");
        shm_barrier_world("shmem_finalize");
        s->finalized = 1;
    }
    SHM_LEAVE();
}

int shmem_my_pe(void)
{
    return shm_me();
}

int shmem_n_pes(void)
{
    return sim_w->npes;
}

int _my_pe(void)
{
    return shm_me();
}

int _num_pes(void)
{
    return sim_w->npes;
}
