/* api/shmem/init: library setup and query, exits, accessibility, the
 * per-PE state, and the legacy no-op routines. */
#include "shmem_impl.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

shm_pe_t *shm_self(void)
{
    sim_pe_t *pe = sim_pe_self();
    if (!pe->api) {
        shm_pe_t *s = sim_xcalloc(1, sizeof *s);
        sim_chan_init(&s->chan, pe->id);
        s->dflt.chan = &s->chan;
        s->thread_level = SHMEM_THREAD_SINGLE;
        shm_team_init_predefined(s, pe->id);
        s->dflt.team = s->world;
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

/* Threads of a PE would run outside the simulator's control: only the
 * thread that runs main may call the library. */
int shmem_init_thread(int requested, int *provided)
{
    SHM_ENTER("shmem_init_thread");
    init_once("shmem_init_thread");
    shm_pe_t *s = shm_self();
    s->thread_level = requested < SHMEM_THREAD_FUNNELED ? requested : SHMEM_THREAD_FUNNELED;
    if (s->thread_level < SHMEM_THREAD_SINGLE)
        s->thread_level = SHMEM_THREAD_SINGLE;
    if (provided)
        *provided = s->thread_level;
    SHM_LEAVE();
    return 0;
}

void shmem_query_thread(int *provided)
{
    if (provided)
        *provided = shm_self()->thread_level;
}

void shmem_finalize(void)
{
    SHM_ENTER("shmem_finalize");
    shm_pe_t *s = shm_self();
    if (s->initialized && !s->finalized) {
        for (shm_ctx_t *c = s->ctxs; c; c = c->next)
            sim_chan_quiet(c->chan, "shmem_finalize (completing outstanding operations)");
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

/* Ends the job as a launcher would: this PE exits with status, every other
 * PE is stopped. */
void shmem_global_exit(int status)
{
    SHM_ENTER("shmem_global_exit");
    sim_job_exit(status);
}

void shmem_info_get_version(int *major, int *minor)
{
    if (major)
        *major = SHMEM_MAJOR_VERSION;
    if (minor)
        *minor = SHMEM_MINOR_VERSION;
}

void shmem_info_get_name(char *name)
{
    if (name)
        snprintf(name, SHMEM_MAX_NAME_LEN, "%s", SHMEM_VENDOR_STRING);
}

/* Profiling control: there is no profiling interface to control. */
void shmem_pcontrol(const int level, ...)
{
    (void)level;
}

int shmem_pe_accessible(int pe)
{
    return pe >= 0 && pe < sim_w->npes;
}

int shmem_addr_accessible(const void *addr, int pe)
{
    int me = shm_me();
    return shmem_pe_accessible(pe) && addr && sim_mem_xlate(me, addr, me) != NULL;
}

/* Every PE's memory is in this process, so every symmetric address is
 * reachable: the caller's own is returned as it is (it is live while the
 * caller runs); another PE's is its home address, which stays right
 * whichever PE runs (see sim/mem.h).  Stores through it bypass the network
 * and so wake no waiter by themselves: the storer's next fence, quiet,
 * barrier, wait or test does (see shm_wake_after_direct_stores). */
void *shmem_ptr(const void *dest, int pe)
{
    SHM_ENTER("shmem_ptr");
    int me = shm_me();
    void *p = NULL;
    if (shm_check_pe("shmem_ptr", pe) == 0 && dest && sim_mem_xlate(me, dest, me)) {
        p = pe == me ? (void *)dest : sim_mem_xlate(me, dest, pe);
        shm_self()->direct_stores |= pe != me;
    }
    SHM_LEAVE();
    return p;
}

/* Cache management was removed in OpenSHMEM 1.5; the memory here is
 * coherent, so these do nothing. */
void shmem_clear_cache_inv(void) {}
void shmem_set_cache_inv(void) {}
void shmem_clear_cache_line_inv(void *dest) { (void)dest; }
void shmem_set_cache_line_inv(void *dest) { (void)dest; }
void shmem_udcflush(void) {}
void shmem_udcflush_line(void *dest) { (void)dest; }
