/* api/lapi/util: LAPI_Util and the LAPI_GET_THREAD_FUNC functions.
 *
 * The thread functions give a task's contexts (its main program and its
 * completion thread) a lock and condition variables.  They are
 * cooperative: a context that must wait blocks in the simulator, which
 * lets the other context run, instead of spinning on a pthread mutex that
 * a suspended coroutine holds.  The lock is recursive for its holder.
 * While a context holds it, the task's interrupt-mode dispatcher is held
 * off (as the real dispatcher thread would wait for the lock): messages
 * are then handled only inside the holder's LAPI calls. */
#include "lapi_impl.h"
#include "interpose.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* The calling task for handle h, or NULL.  Thread functions also count
 * as simulator calls (deadlock report, trace, watchdog). */
static lx_task_t *caller(lapi_handle_t h, const char *name, const void *site)
{
    sim_pe_t *ctx = sim_pe_self();
    if (!ctx)
        return NULL;
    sim_call_enter(name, site);
    lx_task_t *t = lx_task(sim_pe_main(ctx)->id, 0);
    return t && t->inited && h == LX_HANDLE ? t : NULL;
}

static int leave(int rc)
{
    if (sim_pe_self())
        sim_call_leave();
    return rc;
}

static int refuse_in_handler(const char *name, const void *site)
{
    lx_finding(sim_pe_self()->id, LX_CHECK(BLOCKING_IN_HEADER_HANDLER), name, site,
               "%s was called from a header handler (or a LAPI_LOCAL_STATE completion "
               "handler), which must not wait: another context may hold the lock. Use "
               "mutex_trylock there, or do the work in the completion handler. The call "
               "returned EDEADLK.", name);
    return EDEADLK;
}

static void lock_wait(lx_task_t *t, const char *why)
{
    sim_pe_t *me = sim_pe_self();
    while (t->lock_owner && t->lock_owner != me)
        lx_iwait(t, why);
}

static void lock_take(lx_task_t *t)
{
    sim_pe_t *me = sim_pe_self();
    if (t->lock_owner == me) {
        t->lock_depth++;
        return;
    }
    t->lock_owner = me;
    t->lock_depth = 1;
    sim_hb_obj_acquire(&t->lock_owner); /* ordered after its last holder */
}

static void lock_release(lx_task_t *t)
{
    sim_hb_obj_release(&t->lock_owner);
    t->lock_owner = NULL;
    t->lock_depth = 0;
    lx_kick(t);
    if (t->rxq && lx_can_dispatch(t))
        lx_dispatch_soon(t); /* the dispatcher may run again */
}

static int mutex_lock(lapi_handle_t h)
{
    const void *site = LX_SITE();
    lx_task_t *t = caller(h, "LAPI mutex_lock", site);
    if (!t)
        return leave(EINVAL);
    if (sim_pe_borrowed() && t->lock_owner && t->lock_owner != sim_pe_self())
        return leave(refuse_in_handler("LAPI mutex_lock", site));
    lock_wait(t, "LAPI mutex_lock (held by the task's other thread)");
    lock_take(t);
    return leave(0);
}

static int mutex_unlock(lapi_handle_t h)
{
    lx_task_t *t = caller(h, "LAPI mutex_unlock", LX_SITE());
    if (!t)
        return leave(EINVAL);
    if (t->lock_owner != sim_pe_self())
        return leave(EPERM);
    if (--t->lock_depth == 0)
        lock_release(t);
    return leave(0);
}

static int mutex_trylock(lapi_handle_t h)
{
    lx_task_t *t = caller(h, "LAPI mutex_trylock", LX_SITE());
    if (!t)
        return leave(EINVAL);
    if (t->lock_owner && t->lock_owner != sim_pe_self())
        return leave(EBUSY);
    lock_take(t);
    return leave(0);
}

/* The holder as a pseudo thread id: 1 the main program, 2 the completion
 * thread; 0 when nobody holds the lock. */
static int mutex_getowner(lapi_handle_t h, void *tid)
{
    lx_task_t *t = caller(h, "LAPI mutex_getowner", LX_SITE());
    if (!t || !tid)
        return leave(EINVAL);
    unsigned long id = t->lock_owner ? (t->lock_owner->owner ? 2 : 1) : 0;
    memcpy(tid, &id, sizeof id); /* a pthread_t is an unsigned long here */
    return leave(0);
}

static int cond_init(lapi_handle_t h, lapi_cond_t *cond)
{
    lx_task_t *t = caller(h, "LAPI cond_init", LX_SITE());
    if (!t || !cond)
        return leave(EINVAL);
    cond->seq = 0;
    return leave(0);
}

static int cond_destroy(lapi_handle_t h, lapi_cond_t *cond)
{
    lx_task_t *t = caller(h, "LAPI cond_destroy", LX_SITE());
    return leave(!t || !cond ? EINVAL : 0);
}

static int cond_signal(lapi_handle_t h, lapi_cond_t *cond)
{
    lx_task_t *t = caller(h, "LAPI cond_signal", LX_SITE());
    if (!t || !cond)
        return leave(EINVAL);
    cond->seq++;
    sim_mem_written(t->id, sim_mem_home(t->id, cond), sizeof cond->seq);
    return leave(0);
}

/* Releases the lock, waits for a signal (or deadline, when not 0),
 * takes the lock back. */
static int cond_wait_until(lx_task_t *t, lapi_cond_t *cond, uint64_t deadline, const char *name)
{
    sim_pe_t *me = sim_pe_self();
    if (t->lock_owner != me)
        return EPERM;
    int depth = t->lock_depth, seq = cond->seq, rc = 0;
    lock_release(t);
    char why[120];
    snprintf(why, sizeof why, "%s (waiting for cond_signal)", name);
    while (cond->seq == seq)
        if (sim_pe_block_until(why, cond, sizeof cond->seq, deadline)) {
            rc = ETIMEDOUT;
            break;
        }
    lock_wait(t, "LAPI cond_wait (taking the lock back)");
    lock_take(t);
    t->lock_depth = depth;
    return rc;
}

static int cond_wait(lapi_handle_t h, lapi_cond_t *cond)
{
    const void *site = LX_SITE();
    lx_task_t *t = caller(h, "LAPI cond_wait", site);
    if (!t || !cond)
        return leave(EINVAL);
    if (sim_pe_borrowed())
        return leave(refuse_in_handler("LAPI cond_wait", site));
    return leave(cond_wait_until(t, cond, 0, "LAPI cond_wait"));
}

static int cond_timedwait(lapi_handle_t h, lapi_cond_t *cond, struct timespec *abstime)
{
    const void *site = LX_SITE();
    lx_task_t *t = caller(h, "LAPI cond_timedwait", site);
    if (!t || !cond || !abstime)
        return leave(EINVAL);
    if (sim_pe_borrowed())
        return leave(refuse_in_handler("LAPI cond_timedwait", site));
    return leave(cond_wait_until(t, cond, sim_deadline_of(abstime), "LAPI cond_timedwait"));
}

int LAPI_Util(lapi_handle_t hndl, lapi_util_t *util_p)
{
    lx_call_t c;
    int rc = lx_begin(&c, "LAPI_Util", LX_SITE(), hndl, LX_LOCAL);
    if (rc == LAPI_SUCCESS && !util_p)
        rc = LAPI_ERR_UTIL_CMD;
    if (rc == LAPI_SUCCESS && util_p->Util_type != LAPI_GET_THREAD_FUNC)
        rc = LAPI_ERR_UTIL_CMD; /* DGSP, UDP, RDMA, triggers: not simulated */
    if (rc == LAPI_SUCCESS) {
        lapi_thread_func_t *f = &util_p->thread;
        f->mutex_lock = mutex_lock;
        f->mutex_unlock = mutex_unlock;
        f->mutex_trylock = mutex_trylock;
        f->mutex_getowner = mutex_getowner;
        f->cond_wait = cond_wait;
        f->cond_timedwait = cond_timedwait;
        f->cond_signal = cond_signal;
        f->cond_init = cond_init;
        f->cond_destroy = cond_destroy;
    }
    return lx_end(&c, rc);
}
