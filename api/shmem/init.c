/* api/shmem/init: library setup and query, exits, accessibility, the
 * per-PE state, and the legacy no-op routines. */
#include "shmem_impl.h"
#include "shmemx.h"
#include "race.h"
#include "settings.h"
#include "hb.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void at_pe_exit(sim_pe_t *pe);

sim_check_t shm_checks[SHM_F_COUNT] = {SHM_FINDINGS(SIM_CHECK_ENTRY)};

static void free_pe(sim_pe_t *ctx);
static void free_run(void);

static void on_free(const void *p, size_t n, const void *site)
{
    const sim_pe_t *me = sim_pe_self();
    if (!me || !shm_of(me))
        return;
    shm_rma_on_free(p, n, site);
    shm_nbi_on_free(p, n, site);
}

sim_layer_t shm_layer = {
    .name = "shmem",
    .rank = 1,
    .checks = shm_checks,
    .nchecks = SHM_F_COUNT,
    .at_start = shm_settings_read,
    .on_pe_exit = at_pe_exit,
    .on_free = on_free,
    .at_end = shm_alltoallv_at_end,
    .free_ctx = free_pe,
    .free_run = free_run,
    .busy_wait_hint = "shmem_wait_until or a similar call",
};

__attribute__((constructor)) static void register_layer(void)
{
    sim_layer_register(&shm_layer);
}

/* A PE's SHMEM state (its threads have none of their own). */
static void free_pe(sim_pe_t *ctx)
{
    shm_pe_t *s = ctx->owner ? NULL : ctx->layer[shm_layer.slot];
    if (!s)
        return;
    for (shm_ctx_t *c = s->ctxs, *next; c; c = next) {
        next = c->next;
        sim_chan_destroy(&c->own_chan);
        free(c);
    }
    for (shm_team_t *t = s->teams, *next; t; t = next) {
        next = t->next;
        shm_team_free(t);
    }
    sim_chan_destroy(&s->chan);
    free(s->locks);
    free(s->lock_sites);
    free(s->queued);
    free(s->nbi);
    shm_amo_forget(s);
    free(s);
    ctx->layer[shm_layer.slot] = NULL;
}

static void free_run(void)
{
    void **slot = sim_layer_run(&shm_layer);
    shm_run_t *run = *slot;
    if (run) {
        shm_coll_free_run(run);
        shm_coll_check_free_run(run);
        shm_alltoallv_free_run(run);
        shm_race_free_run(run);
        free(run->barrier);
        free(run);
        *slot = NULL;
    }
}

shm_pe_t *shm_self_first(void)
{
    sim_pe_t *pe = sim_pe_main(sim_pe_self());
    if (!shm_of(pe)) {
        shm_pe_t *s = sim_xcalloc(1, sizeof *s);
        sim_chan_init(&s->chan, pe->id);
        s->dflt.chan = &s->chan;
        s->thread_level = SHMEM_THREAD_SINGLE;
        shm_team_init_predefined(s, pe->id);
        s->dflt.team = s->world;
        pe->layer[shm_layer.slot] = s;
        shm_race_start();
    }
    return shm_of(pe);
}

/* Routines that may be called whatever the library's state. */
static int needs_no_init(const char *name)
{
    static const char *const free_names[] = {"shmem_init",      "start_pes",
                                             "shmem_init_thread", "shmem_finalize",
                                             "shmem_global_exit", "shmem_query_initialized",
                                             NULL};
    for (int i = 0; free_names[i]; i++)
        if (strcmp(name, free_names[i]) == 0)
            return 1;
    return 0;
}

static void raise_not_initialized(const shm_pe_t *s, const char *name, const void *site)
{
    sim_pe_t *me = sim_pe_self();
    sim_finding_raise(SHM_CHECK(NOT_INITIALIZED), SIM_SEV_ERROR, me->id, name, site,
                      "%s was called %s. Call shmem_init (or start_pes) first, and no "
                      "OpenSHMEM routine after shmem_finalize; the simulator carried on as "
                      "if the library were initialised.%s", name,
                      s->finalized ? "after shmem_finalize" : "before shmem_init",
                      s->finalized ? "" : " (A Cray T3D/T3E program, which never called "
                      "start_pes, is built with shmemsim-cc --cray, or shmemsim-fc --cray.)");
}

static const char *level_name(int level)
{
    static const char *const names[] = {"SHMEM_THREAD_SINGLE", "SHMEM_THREAD_FUNNELED",
                                        "SHMEM_THREAD_SERIALIZED", "SHMEM_THREAD_MULTIPLE"};
    return level >= 0 && level < 4 ? names[level] : "?";
}

/* thread-level: a call the provided thread level rules out, once per PE:
 * at SINGLE and FUNNELED from a thread other than the one that
 * initialised the library, at SERIALIZED while another thread is in a
 * call.  shmem_query_thread may be called from anywhere. */
static void check_thread_level(shm_pe_t *s, const char *name, const void *site)
{
    const sim_pe_t *cur = sim_pe_self();
    if (cur->call_depth != 1 || !s->main_ctx)
        return;
    /* (An outermost call another thread's is still under way.) */
    int overlaps = s->thread_level == SHMEM_THREAD_SERIALIZED && s->serial_calls++ > 0 &&
                   s->serial_who != cur;
    s->serial_who = cur;
    if (s->level_reported)
        return;
    const char *how;
    if (s->thread_level <= SHMEM_THREAD_FUNNELED && cur != s->main_ctx)
        how = "from a thread other than the one that initialised the library; at this level "
              "only that thread may call OpenSHMEM routines";
    else if (overlaps)
        how = "while another of its threads was inside an OpenSHMEM call; at this level the "
              "threads must take turns";
    else
        return;
    if (strcmp(name, "shmem_query_thread") == 0)
        return;
    s->level_reported = 1;
    int pe = sim_pe_main((sim_pe_t *)cur)->id;
    /* A level the program asked for is its own rule: an error.  shmem_init's
     * is each library's choice (SINGLE here, as in most): a warning, the
     * program being right only where a library chose more. */
    if (s->level_asked)
        sim_finding_raise(SHM_CHECK(THREAD_LEVEL), SIM_SEV_ERROR, pe, name, site,
                          "PE %d called %s %s. The library was initialised at %s, as "
                          "shmem_init_thread provided it. Ask for SHMEM_THREAD_MULTIPLE to call "
                          "it from any thread at any time (or SERIALIZED, from one thread at a "
                          "time). The call went ahead. Only the first such call of each PE is "
                          "reported.", pe, name, how, level_name(s->thread_level));
    else
        sim_finding_raise(SHM_CHECK(THREAD_LEVEL), SIM_SEV_WARNING, pe, name, site,
                          "PE %d called %s %s. The library was initialised by shmem_init, "
                          "whose thread level each library chooses: %s here, as in most "
                          "libraries, which do not guard their state against threads then. Ask "
                          "for SHMEM_THREAD_MULTIPLE with shmem_init_thread (Fortran has no such "
                          "call: call OpenSHMEM routines from the main thread only). The call "
                          "went ahead. Only the first such call of each PE is reported.", pe,
                          name, how, level_name(s->thread_level));
}

void shm_leave(void)
{
    shm_pe_t *s = shm_self();
    if (s->serial_calls && sim_pe_self()->call_depth == 1 && s->thread_level == SHMEM_THREAD_SERIALIZED)
        s->serial_calls--;
    sim_call_leave();
}

void shm_enter(const char *name, const void *site, const void *frame)
{
    sim_call_enter(name, site);
    sim_call_frame(frame);
    shm_pe_t *s = shm_self();
    if ((!s->initialized || s->finalized) && !needs_no_init(name))
        raise_not_initialized(s, name, site);
    else if (s->thread_level != SHMEM_THREAD_MULTIPLE)
        check_thread_level(s, name, site);
}

/* Queries after shmem_finalize are let pass: programs commonly report
 * their PE number after finalising, and the answer cannot be wrong. */
void shm_check_init(const char *name, const void *site)
{
    shm_pe_t *s = shm_self();
    if (!s->initialized)
        raise_not_initialized(s, name, site);
}

/* Names the locks s holds, for messages. */
static void lock_names(const shm_pe_t *s, int pe, char *buf, size_t len)
{
    buf[0] = 0;
    for (size_t i = 0; i < s->nlocks; i++) {
        char name[96];
        sim_append(buf, len, "%s%s", i ? ", " : "",
                   sim_mem_name(sim_mem_live(pe, s->locks[i]), name, sizeof name));
    }
}

/* pending-at-finalize: what a PE leaves behind when it finalises or ends. */
static void check_pending(const shm_pe_t *s, const char *call, const char *how,
                          const void *site)
{
    sim_pe_t *me = sim_pe_self();
    if (s->nlocks) {
        char names[300];
        lock_names(s, me->id, names, sizeof names);
        sim_finding_raise(SHM_CHECK(PENDING_AT_FINALIZE), SIM_SEV_ERROR, me->id, call, site,
                          "PE %d %s while holding %zu lock(s): %s. A PE waiting for them "
                          "would wait forever: release every lock with shmem_clear_lock "
                          "first.", me->id, how, s->nlocks, names);
    }
}

static void finalize_now(shm_pe_t *s, const char *call, const char *how);
static void complete_and_meet(shm_pe_t *s, const char *call);

/* A PE started with start_pes is finalised when it exits (collectively:
 * it waits there for the others); one started with shmem_init must have
 * called shmem_finalize, and what it left incomplete is reported, at the
 * operation it issued last (its end is where main returned or exit was
 * called, which names no operation). */
static void at_pe_exit(sim_pe_t *pe)
{
    shm_pe_t *s = shm_of(pe);
    if (!s || !s->initialized || s->finalized)
        return;
    if (s->implicit_fin && pe->exit_status == 0) {
        if (sim_job_stopping())
            return; /* the job ends (shmem_global_exit): nobody to finalise with */
        sim_call_enter("start_pes's implicit shmem_finalize at exit", s->implicit_fin);
        finalize_now(s, "start_pes's implicit shmem_finalize at exit",
                     "ended (finalised implicitly, as start_pes started it)");
        sim_call_leave();
        return;
    }
    if (s->fin_calls > 0) /* it meant to finalise, but one shmem_init too many */
        sim_finding_raise(SHM_CHECK(PENDING_AT_FINALIZE), SIM_SEV_WARNING, pe->id, "exit",
                          s->init_site, "PE %d ended with the library still initialised: it "
                          "called the initialisation routines %d times and shmem_finalize %d "
                          "time%s. Each shmem_init or shmem_init_thread must be matched by a "
                          "shmem_finalize (and OpenSHMEM 1.5 leaves a second shmem_init before "
                          "shmem_finalize undefined): remove the extra one.", pe->id,
                          s->fin_calls + s->init_calls, s->fin_calls, s->fin_calls == 1 ? "" : "s");
    const void *site = s->nnbi ? shm_nbi_oldest_site(s) : pe->call_site;
    check_pending(s, "exit", "ended without calling shmem_finalize", site);
    uint64_t left = s->chan.outstanding;
    for (shm_ctx_t *c = s->ctxs; c; c = c->next)
        left += c->chan->outstanding;
    if (left && !s->nnbi && s->last_op)
        site = s->last_op_site;
    if (left)
        sim_finding_raise(SHM_CHECK(PENDING_AT_FINALIZE), SIM_SEV_ERROR, pe->id,
                          s->nnbi || !s->last_op ? "exit" : s->last_op, site,
                          "PE %d ended without calling shmem_finalize (main returned or "
                          "exit was called) while %llu operation(s) it started were not "
                          "complete. Without a quiet, a barrier or shmem_finalize they may "
                          "never reach their targets: call shmem_finalize before the "
                          "program ends.", pe->id, (unsigned long long)left);
}

int shm_me(void)
{
    return sim_pe_self()->id;
}

void shm_charge_call(void)
{
    sim_charge(sim_net_params()->call_ns);
}

/* OpenSHMEM 1.6: the initialisation routines may be called several
 * times, each matched by a shmem_finalize, and again after the last one:
 * only the first of a series starts the library (collectively). */
static void init_once(const char *call)
{
    shm_pe_t *s = shm_self();
    shm_charge_call();
    if (s->initialized && !s->finalized) {
        s->init_calls++;
        s->init_site = sim_pe_self()->call_site;
        return;
    }
    s->initialized = 1;
    s->finalized = 0;
    s->init_calls = 1;
    s->fin_calls = 0;
    s->init_site = sim_pe_self()->call_site;
    s->main_ctx = sim_pe_self();
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
    shm_pe_t *s = shm_self();
    if (!s->initialized)
        s->implicit_fin = sim_pe_self()->call_site; /* named by its finalisation */
    init_once("start_pes");
    SHM_LEAVE();
}

/* A PE's threads are coroutines the engine schedules (sim/pthread), so
 * every level up to SHMEM_THREAD_MULTIPLE is provided as asked. */
int shmem_init_thread(int requested, int *provided)
{
    SHM_ENTER("shmem_init_thread");
    init_once("shmem_init_thread");
    shm_pe_t *s = shm_self();
    s->level_asked = 1;
    s->thread_level = requested > SHMEM_THREAD_MULTIPLE ? SHMEM_THREAD_MULTIPLE : requested;
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

/* The last shmem_finalize of a series ends the library; an earlier one
 * is a shmem_barrier_all.  One with no initialisation before it is a
 * misuse. */
void shmem_finalize(void)
{
    SHM_ENTER("shmem_finalize");
    shm_pe_t *s = shm_self();
    if (!s->initialized)
        raise_not_initialized(s, "shmem_finalize", sim_pe_self()->call_site);
    else if (!s->finalized && s->init_calls > 1) {
        s->init_calls--;
        s->fin_calls++;
        complete_and_meet(s, "shmem_finalize");
    } else if (!s->finalized)
        finalize_now(s, "shmem_finalize", "called shmem_finalize");
    SHM_LEAVE();
}

/* Every operation of the PE completed, then a barrier of all PEs. */
static void complete_and_meet(shm_pe_t *s, const char *call)
{
    for (shm_ctx_t *c = s->ctxs; c; c = c->next)
        shm_quiet(c->chan, "shmem_finalize (completing outstanding operations)");
    shm_quiet(&s->chan, "shmem_finalize (completing outstanding operations)");
    shm_barrier_world(call);
}

/* What the last shmem_finalize (call) does: a lock still held is reported
 * (the PE "how" with it), then complete_and_meet. */
static void finalize_now(shm_pe_t *s, const char *call, const char *how)
{
    check_pending(s, call, how, sim_pe_self()->call_site);
    complete_and_meet(s, call);
    s->finalized = 1;
    s->init_calls = 0;
}

/* The queries of the PE number and count, under every name they have. */
static int my_number(const char *name, const void *site)
{
    shm_check_init(name, site);
    return shm_me();
}

static int pe_count(const char *name, const void *site)
{
    shm_check_init(name, site);
    return sim_npes();
}

int shmem_my_pe(void)
{
    return my_number("shmem_my_pe", __builtin_return_address(0));
}

int shmem_n_pes(void)
{
    return pe_count("shmem_n_pes", __builtin_return_address(0));
}

int _my_pe(void)
{
    return my_number("_my_pe", __builtin_return_address(0));
}

int _num_pes(void)
{
    return pe_count("_num_pes", __builtin_return_address(0));
}

/* Open MPI's legacy names, declared by <shmem-compat.h> only: <shmem.h>
 * leaves them out, as programs name their own variables my_pe. */
int my_pe(void)
{
    return my_number("my_pe", __builtin_return_address(0));
}

int num_pes(void)
{
    return pe_count("num_pes", __builtin_return_address(0));
}

/* Ends the job as a launcher would: this PE exits with status, every other
 * PE is stopped. */
void shmem_global_exit(int status)
{
    SHM_ENTER("shmem_global_exit");
    sim_job_exit(status);
}

/* Cray T3D/T3E's all-PE barrier and job exit (UNICOS/mk routines that old
 * SHMEM codes call along with <mpp/shmem.h>): shmem_barrier_all and
 * shmem_global_exit, named as the program calls them. */
void barrier(void)
{
    SHM_ENTER("barrier");
    shm_barrier_all_as("barrier");
    SHM_LEAVE();
}

void globalexit(int status)
{
    SHM_ENTER("globalexit");
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
    return pe >= 0 && pe < sim_npes();
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
double shmemx_wtime(void)
{
    return (double)sim_now() * 1e-9;
}

/* dest in world PE pe's memory, for direct loads and stores. */
static void *direct(const char *call, const void *dest, int pe)
{
    int me = shm_me();
    if (!dest)
        return NULL;
    if (!sim_mem_xlate(me, dest, me)) {
        sim_pe_t *self = sim_pe_self();
        char what[200];
        sim_mem_describe(dest, what, sizeof what);
        /* (A warning: NULL is what the call answers for an object it
         * cannot reach, and a program may test for it.) */
        sim_finding_raise(SHM_CHECK(NONSYMMETRIC_ADDRESS), SIM_SEV_WARNING, me, call,
                          self->call_site,
                          "argument 'dest' is not symmetric: it points into %s. Only a "
                          "symmetric object (a global or static variable, or memory from "
                          "shmem_malloc) has an address on another PE; the call returned "
                          "NULL. shmem_addr_accessible asks whether an address is symmetric.",
                          what);
        return NULL;
    }
    void *p = pe == me ? (void *)dest : sim_mem_xlate(me, dest, pe);
    shm_self()->direct_stores |= pe != me;
    if (pe != me)
        sim_hb_foreign_stores();
    return p;
}

void *shmem_ptr(const void *dest, int pe)
{
    SHM_ENTER("shmem_ptr");
    void *p = shm_check_pe("shmem_ptr", pe) == 0 ? direct("shmem_ptr", dest, pe) : NULL;
    SHM_LEAVE();
    return p;
}

/* 1.6: pe is an index in team; NULL for an invalid team or index. */
void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe)
{
    SHM_ENTER("shmem_team_ptr");
    shm_team_t *t = team == SHMEM_TEAM_INVALID ? NULL : shm_team_of(team);
    void *p = t && pe >= 0 && pe < t->size ? direct("shmem_team_ptr", dest, shm_team_world_pe(t, pe)) : NULL;
    SHM_LEAVE();
    return p;
}

int shmem_query_initialized(int *initialized)
{
    SHM_ENTER("shmem_query_initialized");
    const shm_pe_t *s = shm_self();
    if (initialized)
        *initialized = s->initialized && !s->finalized;
    SHM_LEAVE();
    return 0;
}

/* Cache management was removed in OpenSHMEM 1.5; the memory here is
 * coherent, so these do nothing. */
void shmem_clear_cache_inv(void) {}
void shmem_set_cache_inv(void) {}
void shmem_clear_cache_line_inv(void *dest) { (void)dest; }
void shmem_set_cache_line_inv(void *dest) { (void)dest; }
void shmem_udcflush(void) {}
void shmem_udcflush_line(void *dest) { (void)dest; }

void shmemx_register_gettid(uint64_t (*gettid_fn)(void))
{
    (void)gettid_fn; /* a PE's threads are the simulator's own (sim/pthread) */
}

shm_run_t *shm_run(void)
{
    void **slot = sim_layer_run(&shm_layer);
    if (!*slot)
        *slot = sim_xcalloc(1, sizeof(shm_run_t));
    return *slot;
}
