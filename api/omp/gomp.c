/* api/omp: the OpenMP run-time library, on the threads of sim/sched.
 *
 * GCC compiles OpenMP constructs into calls of its run-time library
 * (GOMP_parallel, GOMP_barrier, GOMP_loop_*_start/next, GOMP_task, ...)
 * and the omp_* routines.  shmemsim-cc compiles with -fopenmp but links
 * the module against these definitions instead of the compiler's library,
 * whose threads would be operating-system threads the simulator cannot
 * schedule: here a team's threads are threads of their PE (sim/sched), so
 * an OpenMP program runs deterministically, a thread blocked in SHMEM
 * blocks only itself, and every construct's waits appear in the deadlock
 * report.
 *
 * Each PE keeps a pool of worker threads, idle between parallel regions.
 * A team holds its threads' barrier (which also runs queued tasks), a ring
 * of worksharing constructs (every thread meets a team's constructs in the
 * same order, the k-th one uses slot k mod WS_RING, and a slot is taken
 * again only once every thread has left it), and a first-in first-out
 * queue of deferred tasks.  A team knows the team its master came from, so
 * a nested region is a team like any other, made of the pool's idle
 * workers; it is active (more than one thread) only while fewer than
 * max-active-levels enclosing regions are (1 unless OMP_NESTED,
 * OMP_MAX_ACTIVE_LEVELS, a list in OMP_NUM_THREADS or the program says
 * otherwise).  The team size defaults to 4 threads, or OMP_NUM_THREADS (a
 * list: one size per nesting level); OMP_SCHEDULE sets schedule(runtime).
 * omp_get_wtime reads virtual time. */
#include "finding.h"
#include "hb.h"
#include "layer.h"
#include "sched.h"
#include "util.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define WS_RING 8
#define TEAM_MAX 256
#define DEFAULT_THREADS 4
#define MAX_LEVELS 8       /* active nesting levels supported */

enum { S_STATIC, S_DYNAMIC, S_GUIDED };

typedef struct task task_t;
typedef struct group {
    long count;                /* tasks of the group not yet finished */
    struct group *outer;
    uintptr_t *red;            /* task reductions its tasks see (see GOMP_task_reduction_remap) */
} group_t;

struct task {
    void (*fn)(void *);
    void *data;
    long children;             /* its child tasks not yet finished */
    task_t *parent;
    group_t *group;
    task_t *next;              /* in the team's queue */
};

/* One worksharing construct of a team. */
typedef struct ws {
    int active;
    unsigned seq;              /* which construct of the team it is */
    int left;                  /* threads done with it */
    int sched, ordered;
    long start, incr, n, chunk; /* the loop as iterations 0..n-1 */
    unsigned long long ustart, uincr; /* the same for an unsigned long long loop */
    long next, given;          /* dynamic and guided: next iteration, chunks given */
    long ordered_next;         /* the chunk whose turn it is in ordered regions */
    void *copy;                /* single copyprivate: the data */
    int copy_ready;
    uintptr_t *red;            /* task reductions: the first thread's descriptor */
    void *mem;                 /* the construct's scratch memory the compiler asked for */
    /* A doacross loop (ordered(n) with depend(sink/source)): the trip count
     * of each of its ncounts loops, and for each iteration of the outer one
     * (the one shared out) the last iteration of the inner ones posted, as
     * one index (-1: none yet). */
    unsigned da_ncounts;
    unsigned long long *da_counts;
    long long *da_done;
    unsigned sect_next, sect_count;
} ws_t;

/* What a construct allocated, freed when its slot is taken again or the
 * team ends. */
static void ws_free(ws_t *w)
{
    free(w->mem);
    free(w->da_counts);
    free(w->da_done);
}

typedef struct team {
    int n;
    int level, active_level;   /* enclosing regions (this one included), active ones */
    struct team *parent;       /* the team of the thread that made it (NULL: level 0) */
    int parent_num;            /* that thread's number there */
    int nthreads;              /* its threads' nthreads-var */
    struct group *rgroup;      /* parallel reduction(task, ...): its implicit tasks' group */
    struct team *live_prev, *live_next; /* the PE's teams not yet ended (proc_t.live) */
    void (*fn)(void *);
    void *data;
    int arrived;
    unsigned round;            /* barrier rounds completed */
    int left;                  /* workers gone back to the pool */
    int combined;              /* ws[0] was set up by a combined construct */
    ws_t ws[WS_RING];
    task_t *head, *tail;       /* deferred tasks, oldest first */
    long pending;              /* tasks queued or running */
} team_t;

/* A context's OpenMP state. */
typedef struct othr {
    team_t *team;
    int num, level;
    int nthreads;              /* nthreads-var of its implicit task */
    unsigned ws_seq;           /* constructs of the team met so far */
    ws_t *ws;                  /* the one in progress */
    long chunk_idx, static_next; /* the chunk it runs; static: its next turn */
    int has_chunk;
    task_t implicit, *task;
    group_t *group;
    struct legacy *legacy;     /* GOMP_parallel_start's saved state */
    int own_team;              /* team is its own (a thread the program made) */
} othr_t;

/* A worker of a PE's pool. */
typedef struct worker {
    sim_pe_t *ctx;
    team_t *team;              /* set when it has work */
    int num;
} worker_t;

typedef struct proc {
    int max_active;            /* max-active-levels-var */
    int run_sched;
    long run_chunk;
    int dynamic;
    int crit, atomic;          /* owner tags of the unnamed critical and atomic locks */
    worker_t **pool;           /* each worker's place never moves: it holds it */
    int npool;
    team_t solo;               /* the team of the initial thread */
    team_t *live;              /* teams begun and not yet ended */
    othr_t initial;            /* the initial thread's state */
} proc_t;

static void free_ctx(sim_pe_t *ctx);

static sim_layer_t omp_layer = {.name = "openmp", .rank = 4, .free_ctx = free_ctx};

static int env_threads = DEFAULT_THREADS, env_sched = S_STATIC;
static int env_level_threads[MAX_LEVELS], env_levels; /* OMP_NUM_THREADS's list */
static int env_max_active = 1;
static long env_chunk;

static int clamp_threads(long n)
{
    return n < 1 ? 1 : n > TEAM_MAX ? TEAM_MAX : (int)n;
}

static int is_true(const char *v)
{
    return !strcasecmp(v, "true") || !strcmp(v, "1");
}

static void parse_env(void)
{
    const char *v = getenv("OMP_NUM_THREADS");
    env_levels = 0;
    for (const char *p = v; p && *p && env_levels < MAX_LEVELS;) {
        char *end;
        long n = strtol(p, &end, 10);
        if (end == p || n < 1)
            break;
        env_level_threads[env_levels++] = clamp_threads(n);
        p = *end == ',' ? end + 1 : end + strlen(end);
    }
    env_threads = env_levels ? env_level_threads[0] : DEFAULT_THREADS;
    env_max_active = env_levels > 1 ? MAX_LEVELS : 1;
    v = getenv("OMP_NESTED");
    if (v)
        env_max_active = is_true(v) ? MAX_LEVELS : 1;
    v = getenv("OMP_MAX_ACTIVE_LEVELS");
    if (v && atoi(v) >= 0)
        env_max_active = atoi(v) < MAX_LEVELS ? atoi(v) : MAX_LEVELS;
    v = getenv("OMP_SCHEDULE");
    if (v) {
        const char *p = strchr(v, ':') ? strchr(v, ':') + 1 : v; /* monotonic: ... */
        env_sched = !strncasecmp(p, "dynamic", 7) ? S_DYNAMIC
                    : !strncasecmp(p, "guided", 6) ? S_GUIDED : S_STATIC;
        env_chunk = strchr(p, ',') ? atol(strchr(p, ',') + 1) : 0;
    }
}

static int at_start(char *err, size_t len)
{
    (void)err;
    (void)len;
    parse_env();
    return 0;
}

__attribute__((constructor)) static void omp_register(void)
{
    omp_layer.at_start = at_start;
    sim_layer_register(&omp_layer);
}

static proc_t *proc(void)
{
    sim_pe_t *pe = sim_pe_main(sim_pe_self());
    proc_t *p = pe->layer[omp_layer.slot];
    if (!p) {
        p = sim_xcalloc(1, sizeof *p);
        p->max_active = env_max_active;
        p->initial.nthreads = env_threads;
        p->run_sched = env_sched;
        p->run_chunk = env_chunk;
        p->solo.n = 1;
        p->initial.team = &p->solo;
        p->initial.task = &p->initial.implicit;
        pe->layer[omp_layer.slot] = p;
    }
    return p;
}

/* The running context's state: the PE's initial thread, or a worker. */
static othr_t *me(void)
{
    sim_pe_t *c = sim_pe_self();
    if (!c->owner)
        return &proc()->initial;
    othr_t *o = c->layer[omp_layer.slot];
    if (!o) { /* a thread the program made with pthread_create */
        o = sim_xcalloc(1, sizeof *o);
        o->team = sim_xcalloc(1, sizeof *o->team);
        o->team->n = 1;
        o->own_team = 1;
        o->task = &o->implicit;
        o->nthreads = env_threads;
        c->layer[omp_layer.slot] = o;
    }
    return o;
}

/* A context's tag as a lock owner: unique among its PE's contexts. */
static int tag(void)
{
    return sim_pe_self()->tid + 1;
}

#define ENTER(name) sim_call_enter(name, __builtin_return_address(0))
#define LEAVE() sim_call_leave()

/* ---- tasks ---- */

/* The clock of the team barrier's round r: two that take turns, so that
 * a thread leaving round r late never acquires what a faster one released
 * on arriving at round r + 1 (round r + 2 cannot begin before every
 * thread has left round r). */
static const void *round_clock(const team_t *t, unsigned r)
{
    return (const char *)&t->round + (r & 1);
}

static void run_task(othr_t *o, team_t *t, task_t *k)
{
    task_t *saved = o->task;
    group_t *saved_group = o->group;
    o->task = k;
    o->group = k->group;
    sim_hb_obj_acquire(k); /* ordered after its creator's queueing */
    k->fn(k->data);
    o->task = saved;
    o->group = saved_group;
    /* What it did happens before the waits that see it done: its parent's
     * taskwait, its group's end, the team barrier. */
    if (k->parent)
        sim_hb_obj_release(k->parent);
    if (k->group)
        sim_hb_obj_release(k->group);
    sim_hb_obj_release(round_clock(t, t->round));
    if (k->parent)
        k->parent->children--;
    for (group_t *g = k->group; g; g = NULL)
        g->count--;
    t->pending--;
    sim_thread_notify(&t->round, sizeof t->round);
    sim_hb_obj_forget(k);
    free(k);
}

/* Takes the oldest queued task (one whose parent is parent, when given). */
static task_t *take_task(team_t *t, const task_t *parent)
{
    for (task_t **l = &t->head, *prev = NULL; *l; prev = *l, l = &(*l)->next) {
        task_t *k = *l;
        if (parent && k->parent != parent)
            continue;
        *l = k->next;
        if (t->tail == k)
            t->tail = prev;
        return k;
    }
    return NULL;
}

/* The team barrier: every thread arrives and every task is done. */
static void barrier(othr_t *o, const char *call)
{
    team_t *t = o->team;
    if (t->n == 1) {
        for (task_t *k; (k = take_task(t, NULL)) != NULL;)
            run_task(o, t, k);
        return;
    }
    unsigned round = t->round;
    t->arrived++;
    /* Each thread releases as it arrives (and after each task it runs
     * meanwhile) and acquires as it leaves. */
    sim_hb_obj_release(round_clock(t, round));
    for (;;) {
        if (t->round != round) {
            sim_hb_obj_acquire(round_clock(t, round));
            return;
        }
        if (t->arrived == t->n && t->pending == 0) {
            t->arrived = 0;
            t->round++;
            sim_thread_notify(&t->round, sizeof t->round);
            sim_hb_obj_acquire(round_clock(t, round));
            return;
        }
        task_t *k = take_task(t, NULL);
        if (k) {
            run_task(o, t, k);
            continue;
        }
        sim_why_t why = sim_why("%s (%d of %d threads of the team arrived)", call, t->arrived,
                                t->n);
        sim_pe_block_why(&why, &t->round, sizeof t->round);
    }
}

/* The team barrier as the program's call (named call, made from site). */
static void barrier_call(const char *call, const void *site)
{
    sim_call_enter(call, site);
    barrier(me(), call);
    sim_call_leave();
}
#define BARRIER(call) barrier_call((call), __builtin_return_address(0))

/* Runs o's current task's queued children until none is left unfinished,
 * as the program's call (named call, made from site). */
static void wait_children(othr_t *o, const char *call, const void *site)
{
    team_t *t = o->team;
    sim_call_enter(call, site);
    while (o->task->children > 0) {
        task_t *k = take_task(t, o->task);
        if (k) {
            run_task(o, t, k);
            continue;
        }
        sim_why_t why = sim_why("%s (%d child tasks not finished)", call,
                                (int)o->task->children);
        sim_pe_block_why(&why, &t->round, sizeof t->round);
    }
    sim_hb_obj_acquire(o->task);
    sim_call_leave();
}

void GOMP_barrier(void)
{
    BARRIER("omp barrier");
}

int GOMP_barrier_cancel(void)
{
    GOMP_barrier();
    return 0;
}

static task_t *task_new(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                        long arg_size, size_t align);
static void task_queue(othr_t *o, task_t *k);

void GOMP_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
               long arg_align, int if_clause, unsigned flags, void **depend, int priority,
               void *detach)
{
    (void)priority;
    (void)detach;
    othr_t *o = me();
    team_t *t = o->team;
    size_t align = arg_align > 0 ? (size_t)arg_align : 1;
    int defer = if_clause && !(flags & 2 /* final */) && t->n > 1;
    if (defer && (flags & 8 /* depend */) && depend) {
        /* Dependences are kept by running it after its siblings. */
        wait_children(o, "omp task", __builtin_return_address(0));
        defer = 0;
    }
    if (!defer) {
        char *buf = NULL;
        void *arg = data;
        if (cpyfn) {
            buf = sim_xcalloc(1, (size_t)arg_size + align);
            arg = (void *)(((uintptr_t)buf + align - 1) & ~(uintptr_t)(align - 1));
            cpyfn(arg, data);
        }
        task_t k = {.fn = fn, .data = arg, .parent = o->task, .group = o->group};
        task_t *saved = o->task;
        o->task = &k;
        fn(arg);
        o->task = saved;
        free(buf);
        return;
    }
    task_queue(o, task_new(fn, data, cpyfn, arg_size, align));
}

/* A deferred task of fn on a copy of data (by cpyfn, else bytewise). */
static task_t *task_new(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                        long arg_size, size_t align)
{
    task_t *k = sim_xcalloc(1, sizeof *k + (size_t)arg_size + align);
    void *arg = (void *)(((uintptr_t)(k + 1) + align - 1) & ~(uintptr_t)(align - 1));
    if (cpyfn)
        cpyfn(arg, data);
    else if (arg_size > 0)
        memcpy(arg, data, (size_t)arg_size);
    k->fn = fn;
    k->data = arg;
    return k;
}

/* Queues k, a child of o's current task, for the team's threads. */
static void task_queue(othr_t *o, task_t *k)
{
    team_t *t = o->team;
    k->parent = o->task;
    k->group = o->group;
    sim_hb_obj_release(k); /* what the creator did happens before the task */
    o->task->children++;
    if (k->group)
        k->group->count++;
    t->pending++;
    if (t->tail)
        t->tail->next = k;
    else
        t->head = k;
    t->tail = k;
    sim_thread_notify(&t->round, sizeof t->round);
}

static long iterations(long start, long end, long incr);
void GOMP_taskgroup_start(void);
void GOMP_taskgroup_end(void);

/* What the run-time library does not provide ends the PE with a finding
 * that says so, instead of computing something else. */
static _Noreturn void unsupported(const char *what, const void *site)
{
    sim_pe_t *c = sim_pe_self();
    sim_finding_raise(SIM_CHECK(THREAD_UNSUPPORTED), SIM_SEV_ERROR, c->id, what, site,
                      "PE %d used %s, which the simulator's OpenMP run-time library does not "
                      "provide; the PE ends (exit status 1).",
                      c->id, what);
    sim_pe_exit(1);
}

/* ---- task reductions ----
 *
 * A task reduction (taskgroup task_reduction, taskloop reduction) gives
 * each thread of the team a private copy of each list item; tasks with
 * in_reduction work on the copy of the thread running them, and the code
 * the compiler emits initialises the copies and merges them into the
 * items.  What the run-time library does is bookkeeping on the compiler's
 * descriptor d (facts of GCC's ABI): d[0] items, d[1] bytes of copies per
 * thread, d[2] their alignment (on return: the copies, thread i's at
 * d[2] + i * d[1]), d[3] the allocator, d[4] the next descriptor
 * registered with it (on return: the list of the enclosing taskgroup's),
 * d[5] and d[6] ours (the last descriptor of the call; the end of the
 * copies), then per item its address, the offset of its copy and a word
 * of ours (the descriptor). */
enum { RED_OURS = 1, RED_LAST = 2 };

/* Registers the descriptors from data on for o's taskgroup: each gets
 * the copies of the descriptor at the same place from share on (a first
 * thread's, for a worksharing construct's other threads), or, share NULL,
 * copies of its own for each thread of the team; the last one links to
 * the reductions the group saw before. */
static void red_register(othr_t *o, uintptr_t *data, const uintptr_t *share)
{
    size_t n = (size_t)o->team->n;
    for (uintptr_t *d = data;; d = (uintptr_t *)d[4]) {
        if (share) {
            d[2] = share[2];
            d[6] = share[6];
            share = (const uintptr_t *)share[4];
        } else {
            size_t align = d[2] > sizeof(void *) ? (size_t)d[2] : sizeof(void *);
            size_t size = (size_t)d[1] * n;
            void *copies;
            if (posix_memalign(&copies, align, size ? size : 1) != 0)
                sim_xmalloc((size_t)-1); /* reports the exhaustion */
            memset(copies, 0, size);
            d[2] = (uintptr_t)copies;
            d[6] = d[2] + size;
        }
        for (uintptr_t j = 0; j < d[0]; j++)
            d[7 + 3 * j + 2] = (uintptr_t)d;
        d[5] = RED_OURS;
        if (!d[4]) {
            d[4] = (uintptr_t)o->group->red;
            d[5] = RED_LAST;
            break;
        }
    }
    o->group->red = data;
}

void GOMP_taskgroup_reduction_register(uintptr_t *data)
{
    othr_t *o = me();
    if (!o->group)
        unsupported("a task reduction outside a taskgroup", __builtin_return_address(0));
    red_register(o, data, NULL);
}

void GOMP_taskgroup_reduction_unregister(uintptr_t *data)
{
    for (uintptr_t *d = data; d;) {
        free((void *)d[2]);
        if (d[5] != RED_OURS)
            break;
        d = (uintptr_t *)d[4];
    }
}

/* The copy, for thread id, of the item at p (an item's own address, or
 * the address of any thread's copy of it) in the descriptors from d on;
 * *orig: the item's address.  NULL when no descriptor has it. */
static void *red_copy(const uintptr_t *d, const void *p, int id, void **orig)
{
    for (const uintptr_t *e = d; e; e = (const uintptr_t *)e[4])
        for (uintptr_t j = 0; j < e[0]; j++)
            if (e[7 + 3 * j] == (uintptr_t)p) {
                *orig = (void *)p;
                return (void *)(e[2] + (uintptr_t)id * e[1] + e[7 + 3 * j + 1]);
            }
    for (const uintptr_t *e = d; e; e = (const uintptr_t *)e[4])
        if ((uintptr_t)p >= e[2] && (uintptr_t)p < e[6]) {
            uintptr_t off = ((uintptr_t)p - e[2]) % e[1];
            *orig = NULL;
            for (uintptr_t j = 0; j < e[0]; j++)
                if (e[7 + 3 * j + 1] == off)
                    *orig = (void *)e[7 + 3 * j];
            return (void *)(e[2] + (uintptr_t)id * e[1] + off);
        }
    return NULL;
}

/* in_reduction: ptrs[0..cnt) become the running thread's copies; for the
 * first cntorig, ptrs[cnt + i] the items' own addresses. */
void GOMP_task_reduction_remap(size_t cnt, size_t cntorig, void **ptrs)
{
    othr_t *o = me();
    const uintptr_t *red = o->group ? o->group->red : NULL;
    for (size_t i = 0; i < cnt; i++) {
        void *orig = NULL, *copy = red_copy(red, ptrs[i], o->num, &orig);
        if (!copy)
            unsupported("in_reduction on an item no enclosing task_reduction lists",
                        __builtin_return_address(0));
        ptrs[i] = copy;
        if (i < cntorig)
            ptrs[cnt + i] = orig;
    }
}

/* taskloop: the iterations split into tasks, each running fn on its own
 * copy of data whose first two words are its [start, end) (the compiler's
 * contract with its run-time library, for long and unsigned long long
 * loops alike: the arithmetic below is modulo 2^64); then, unless nogroup,
 * waits for them as a taskgroup does.  With a reduction the third word is
 * the reduction's descriptor, registered for the taskgroup, or its d[2]
 * set to 0 when there is no iteration to tell the compiler's merge code
 * there is nothing to merge. */
enum { TL_UP = 1 << 8, TL_GRAINSIZE = 1 << 9, TL_IF = 1 << 10, TL_NOGROUP = 1 << 11,
       TL_REDUCTION = 1 << 12 };

static void taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                     long arg_size, long arg_align, unsigned flags, unsigned long num_tasks,
                     uint64_t n, uint64_t start, uint64_t step)
{
    othr_t *o = me();
    uintptr_t *red = (flags & TL_REDUCTION) && !(flags & TL_NOGROUP) ? ((uintptr_t **)data)[2]
                                                                       : NULL;
    if (n == 0) {
        if (red)
            red[2] = 0;
        return;
    }
    uint64_t tasks;
    if (flags & TL_GRAINSIZE)
        tasks = n / (num_tasks ? num_tasks : 1);
    else
        tasks = num_tasks ? num_tasks : (uint64_t)o->team->n;
    if (tasks == 0)
        tasks = 1;
    if (tasks > n)
        tasks = n;
    size_t align = arg_align > 0 ? (size_t)arg_align : 1;
    if (!(flags & TL_NOGROUP)) {
        GOMP_taskgroup_start();
        if (red)
            GOMP_taskgroup_reduction_register(red);
    }
    uint64_t per = n / tasks, extra = n % tasks, it = 0;
    for (uint64_t k = 0; k < tasks; k++) {
        uint64_t cnt = per + (k < extra), s = start + it * step;
        it += cnt;
        task_t *t = task_new(fn, data, cpyfn, arg_size, align);
        ((uint64_t *)t->data)[0] = s;
        ((uint64_t *)t->data)[1] = s + cnt * step;
        if ((flags & TL_IF) && o->team->n > 1) {
            task_queue(o, t);
        } else {
            task_t *saved = o->task;
            t->parent = saved;
            t->group = o->group;
            o->task = t;
            t->fn(t->data);
            o->task = saved;
            free(t);
        }
    }
    if (!(flags & TL_NOGROUP))
        GOMP_taskgroup_end();
}

void GOMP_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
                   long arg_align, unsigned flags, unsigned long num_tasks, int priority,
                   long start, long end, long step)
{
    (void)priority;
    long n = iterations(start, end, step);
    taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, n > 0 ? (uint64_t)n : 0,
             (uint64_t)start, (uint64_t)step);
}

void GOMP_taskloop_ull(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                       long arg_size, long arg_align, unsigned flags, unsigned long num_tasks,
                       int priority, unsigned long long start, unsigned long long end,
                       unsigned long long step)
{
    (void)priority;
    uint64_t n;
    if (flags & TL_UP)
        n = end > start ? (end - start + step - 1) / step : 0;
    else
        n = start > end ? (start - end - step - 1) / -step : 0;
    taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, n, start, step);
}

void GOMP_taskwait(void)
{
    wait_children(me(), "omp taskwait", __builtin_return_address(0));
}

/* taskwait depend(...): waits for every child, the ones it names among them. */
void GOMP_taskwait_depend(void **depend)
{
    (void)depend;
    wait_children(me(), "omp taskwait", __builtin_return_address(0));
}

void GOMP_taskyield(void)
{
}

void GOMP_taskgroup_start(void)
{
    othr_t *o = me();
    group_t *g = sim_xcalloc(1, sizeof *g);
    g->outer = o->group;
    g->red = o->group ? o->group->red : NULL;
    o->group = g;
}

void GOMP_taskgroup_end(void)
{
    othr_t *o = me();
    team_t *t = o->team;
    group_t *g = o->group;
    ENTER("omp taskgroup");
    while (g->count > 0) {
        task_t *k = take_task(t, NULL);
        if (k) {
            run_task(o, t, k);
            continue;
        }
        sim_why_t why = sim_why("%s (%d tasks of the group not finished)", "end of omp taskgroup",
                                (int)g->count);
        sim_pe_block_why(&why, &t->round, sizeof t->round);
    }
    sim_hb_obj_acquire(g);
    sim_hb_obj_forget(g);
    o->group = g->outer;
    free(g);
    LEAVE();
}

/* When the world is destroyed: a thread's state, or a PE's (its pool of
 * workers, and teams a deadlock or a crash left unended). */
static void free_legacy(struct legacy *l);
static void team_free(proc_t *p, team_t *t);

static void free_ctx(sim_pe_t *ctx)
{
    void **slot = &ctx->layer[omp_layer.slot];
    if (ctx->owner) {
        othr_t *o = *slot;
        if (o) {
            free_legacy(o->legacy);
            if (o->own_team)
                free(o->team);
            free(o);
        }
    } else if (*slot) {
        proc_t *p = *slot;
        while (p->live)
            team_free(p, p->live);
        for (int i = 0; i < p->npool; i++)
            free(p->pool[i]);
        free(p->pool);
        free_legacy(p->initial.legacy);
        free(p);
    }
    *slot = NULL;
}

/* ---- parallel regions ---- */

static void worker_main(void *arg)
{
    worker_t *w = arg;
    sim_pe_t *c = sim_pe_self();
    othr_t *o = sim_xcalloc(1, sizeof *o);
    c->layer[omp_layer.slot] = o;
    for (;;) {
        while (!w->team)
            sim_pe_block(NULL); /* idle: left out of a deadlock report */
        team_t *t = w->team;
        sim_hb_obj_acquire(t); /* what the master did before the region */
        memset(o, 0, sizeof *o);
        o->team = t;
        o->num = w->num;
        o->level = t->level;
        o->nthreads = t->nthreads;
        o->group = t->rgroup;
        o->task = &o->implicit;
        if (t->combined) { /* a combined construct: its first one is set up */
            o->ws = &t->ws[0];
            o->ws_seq = 1;
        }
        t->fn(t->data);
        barrier(o, "end of omp parallel");
        w->team = NULL;
        if (++t->left == t->n - 1)
            sim_thread_notify(&t->left, sizeof t->left);
    }
}

/* Whether a region o makes now may have more than one thread. */
static int may_be_active(const othr_t *o)
{
    return o->team->active_level < proc()->max_active;
}

/* How many threads a region asked for num_threads gets. */
static int team_size(othr_t *o, unsigned num_threads)
{
    if (!may_be_active(o))
        return 1;
    return clamp_threads(num_threads ? (long)num_threads : o->nthreads);
}

/* An idle worker of the PE's pool (the first, so that which thread runs
 * what is the same every run), made when none is; NULL when no stack is
 * left. */
static worker_t *idle_worker(proc_t *p)
{
    for (int i = 0; i < p->npool; i++)
        if (!p->pool[i]->team)
            return p->pool[i];
    worker_t *w = sim_xcalloc(1, sizeof *w);
    w->ctx = sim_thread_start(worker_main, w);
    if (!w->ctx) {
        free(w);
        return NULL;
    }
    p->pool = sim_xrealloc(p->pool, (size_t)(p->npool + 1) * sizeof *p->pool);
    p->pool[p->npool++] = w;
    return w;
}

/* Starts a team of n threads for fn(data), the caller as thread 0 (its
 * state before is saved in *saved); first, if not NULL, is the team's
 * first worksharing construct.  The caller then runs fn(data) itself and
 * calls team_end. */
static team_t *team_begin(void (*fn)(void *), void *data, int n, const ws_t *first,
                          othr_t *saved)
{
    othr_t *o = me();
    proc_t *p = proc();
    *saved = *o;
    team_t *t = sim_xcalloc(1, sizeof *t);
    t->fn = fn;
    t->data = data;
    t->live_next = p->live;
    if (p->live)
        p->live->live_prev = t;
    p->live = t;
    if (first) {
        t->ws[0] = *first;
        t->ws[0].active = 1;
        t->combined = 1;
    }
    t->level = saved->level + 1;
    t->parent = saved->team;
    t->parent_num = saved->num;
    t->nthreads = t->level < env_levels ? env_level_threads[t->level] : saved->nthreads;
    t->n = 1;
    sim_hb_obj_release(t);
    for (int i = 0; i < n - 1; i++) {
        worker_t *w = idle_worker(p);
        if (!w)
            break; /* no stack left: a smaller team */
        w->num = i + 1;
        w->team = t;
        sim_pe_wake(w->ctx);
        t->n++;
    }
    t->active_level = saved->team->active_level + (t->n > 1);
    memset(o, 0, sizeof *o);
    o->team = t;
    o->level = t->level;
    o->nthreads = t->nthreads;
    o->task = &o->implicit;
    if (first) {
        o->ws = &t->ws[0];
        o->ws_seq = 1;
    }
    return t;
}

/* Takes t off p's live teams and frees it, with what its constructs
 * allocated and tasks it never ran. */
static void team_free(proc_t *p, team_t *t)
{
    if (t->live_prev)
        t->live_prev->live_next = t->live_next;
    else
        p->live = t->live_next;
    if (t->live_next)
        t->live_next->live_prev = t->live_prev;
    for (int i = 0; i < WS_RING; i++)
        ws_free(&t->ws[i]);
    for (task_t *k = t->head, *next; k; k = next) {
        next = k->next;
        free(k);
    }
    free(t);
}

static void team_end(const othr_t *saved)
{
    othr_t *o = me();
    team_t *t = o->team;
    ENTER("end of omp parallel");
    barrier(o, "end of omp parallel");
    while (t->left < t->n - 1)
        sim_pe_block_on("end of omp parallel (workers leaving)", &t->left, sizeof t->left);
    LEAVE();
    *o = *saved;
    sim_hb_obj_forget(t);
    sim_hb_obj_forget(round_clock(t, 0));
    sim_hb_obj_forget(round_clock(t, 1));
    for (int i = 0; i < WS_RING; i++) {
        sim_hb_obj_forget(&t->ws[i]);
        sim_hb_obj_forget(&t->ws[i].ordered_next);
        sim_hb_obj_forget(&t->ws[i].da_done);
    }
    team_free(proc(), t);
}

static void run_parallel(void (*fn)(void *), void *data, int n, const ws_t *first)
{
    othr_t saved;
    team_begin(fn, data, n, first, &saved);
    fn(data);
    team_end(&saved);
}

void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags)
{
    (void)flags;
    run_parallel(fn, data, team_size(me(), num_threads), NULL);
}

/* parallel reduction(task, ...): data's first word is the reductions'
 * descriptor, registered for the team's threads, whose implicit tasks all
 * work in one taskgroup that sees them; returns the team's size (the
 * compiler's code then merges that many copies and unregisters). */
unsigned GOMP_parallel_reductions(void (*fn)(void *), void *data, unsigned num_threads,
                                  unsigned flags)
{
    (void)flags;
    othr_t saved;
    team_t *t = team_begin(fn, data, team_size(me(), num_threads), NULL, &saved);
    group_t *g = sim_xcalloc(1, sizeof *g);
    t->rgroup = g;
    othr_t *o = me();
    o->group = g;
    GOMP_taskgroup_reduction_register(*(uintptr_t **)data);
    unsigned n = (unsigned)t->n;
    fn(data);
    team_end(&saved);
    sim_hb_obj_forget(g);
    free(g);
    return n;
}

/* The older interface: the caller runs fn itself between the two calls;
 * the state to restore waits in a list. */
typedef struct legacy {
    othr_t saved;
    struct legacy *outer;
} legacy_t;

static void free_legacy(legacy_t *l)
{
    while (l) {
        legacy_t *outer = l->outer;
        free(l);
        l = outer;
    }
}

/* Starts a team the older way, its first construct set up when first is
 * not NULL. */
static void legacy_start(void (*fn)(void *), void *data, unsigned num_threads, const ws_t *first)
{
    legacy_t *l = sim_xcalloc(1, sizeof *l);
    team_begin(fn, data, team_size(me(), num_threads), first, &l->saved);
    me()->legacy = l;
}

void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned num_threads)
{
    legacy_start(fn, data, num_threads, NULL);
}

void GOMP_parallel_end(void)
{
    legacy_t *l = me()->legacy;
    team_end(&l->saved);
    free(l);
}

int GOMP_cancel(int which, int do_cancel)
{
    (void)which;
    (void)do_cancel;
    return 0;
}

int GOMP_cancellation_point(int which)
{
    (void)which;
    return 0;
}

/* ---- worksharing ---- */

/* Enters the next worksharing construct of the team; *first says whether
 * this thread is the first there (and sets it up). */
static ws_t *ws_enter(othr_t *o, int *first)
{
    team_t *t = o->team;
    unsigned seq = o->ws_seq++;
    ws_t *w = &t->ws[seq % WS_RING];
    while (w->active && w->seq != seq) {
        sim_why_t why = sim_why("%s (threads still in a construct %d before)", "omp worksharing",
                                WS_RING);
        sim_pe_block_why(&why, w, sizeof *w);
    }
    *first = !w->active;
    if (*first) {
        ws_free(w);
        memset(w, 0, sizeof *w);
        w->active = 1;
        w->seq = seq;
    }
    o->ws = w;
    o->has_chunk = 0;
    o->static_next = 0;
    return w;
}

static void ws_leave(othr_t *o)
{
    ws_t *w = o->ws;
    if (!w)
        return;
    o->ws = NULL;
    if (++w->left == o->team->n) {
        w->active = 0;
        sim_thread_notify(w, sizeof *w);
    }
}

/* A worksharing construct with task reductions (reduction(task, ...) on
 * for, sections or scope): each thread works in a taskgroup of its own
 * for it, whose tasks see the reductions; the first thread there
 * registers them (w->red), the others' descriptors take its copies. */
static void ws_task_reductions(othr_t *o, ws_t *w, int first, uintptr_t *red)
{
    GOMP_taskgroup_start();
    red_register(o, red, first ? NULL : w->red);
    if (first)
        w->red = red;
}

/* What the compiler may ask of a worksharing construct besides its work:
 * task reductions (red), and scratch memory every thread of the team
 * shares (*mem: its size in, the zeroed memory out). */
static void ws_extras(othr_t *o, ws_t *w, int first, uintptr_t *red, void **mem)
{
    if (red)
        ws_task_reductions(o, w, first, red);
    if (mem) {
        if (first)
            w->mem = sim_xcalloc(1, (size_t)(uintptr_t)*mem ? (size_t)(uintptr_t)*mem : 1);
        *mem = w->mem;
    }
}

/* The end of a construct with task reductions: waits for its tasks, then
 * thread 0 (after merging the copies: the compiler's code) frees them, and
 * the team meets unless the construct was cancelled. */
void GOMP_workshare_task_reduction_unregister(_Bool cancelled)
{
    othr_t *o = me();
    uintptr_t *red = o->group ? o->group->red : NULL;
    GOMP_taskgroup_end();
    if (o->num == 0 && red)
        GOMP_taskgroup_reduction_unregister(red);
    if (!cancelled)
        BARRIER("end of a construct with task reductions");
}

/* The schedule the compiler passes to GOMP_loop_start (GCC's numbering:
 * 0 runtime, 1 static, 2 dynamic, 3 guided, 4 auto; the high bit
 * monotonic), as this library's, or -1: the run-time schedule. */
static int gcc_sched(long sched)
{
    switch (sched & 0x7fffffff) {
    case 1:
        return S_STATIC;
    case 2:
        return S_DYNAMIC;
    case 3:
        return S_GUIDED;
    default:
        return -1;
    }
}

static long iterations(long start, long end, long incr)
{
    if (incr > 0)
        return end > start ? (end - start + incr - 1) / incr : 0;
    return start > end ? (start - end - incr - 1) / -incr : 0;
}

static void ws_loop(ws_t *w, int sched, long start, long end, long incr, long chunk, int ordered)
{
    w->sched = sched;
    w->start = start;
    w->incr = incr;
    w->n = iterations(start, end, incr);
    w->chunk = chunk;
    w->ordered = ordered;
}

/* In an ordered loop, a thread leaving a chunk passes the turn on, once it
 * has come. */
static void ordered_pass(othr_t *o)
{
    ws_t *w = o->ws;
    if (!w || !w->ordered || !o->has_chunk)
        return;
    while (w->ordered_next < o->chunk_idx) {
        sim_why_t why = sim_why("%s (an earlier chunk has not finished)", "omp ordered loop");
        sim_pe_block_why(&why, &w->ordered_next, sizeof w->ordered_next);
    }
    if (w->ordered_next == o->chunk_idx) {
        sim_hb_obj_release(&w->ordered_next);
        w->ordered_next++;
        sim_thread_notify(&w->ordered_next, sizeof w->ordered_next);
    }
    o->has_chunk = 0;
}

/* The thread's next chunk of the loop in progress, as iterations
 * [*lo_out, *hi_out) of 0..n-1. */
static int loop_next_iter(othr_t *o, long *lo_out, long *hi_out)
{
    ws_t *w = o->ws;
    int n = o->team->n;
    ordered_pass(o);
    long lo, hi, idx;
    if (w->sched == S_STATIC && w->chunk <= 0) {
        if (o->static_next++ > 0)
            return 0;
        long q = w->n / n, r = w->n % n, k = o->num;
        lo = k * q + (k < r ? k : r);
        hi = lo + q + (k < r);
        idx = k;
    } else if (w->sched == S_STATIC) {
        idx = o->num + o->static_next++ * n;
        lo = idx * w->chunk;
        hi = lo + w->chunk;
    } else {
        long left = w->n - w->next, size = w->chunk > 0 ? w->chunk : 1;
        if (w->sched == S_GUIDED && (left + n - 1) / n > size)
            size = (left + n - 1) / n;
        lo = w->next;
        hi = lo + size;
        idx = w->given++;
        w->next = hi < w->n ? hi : w->n;
    }
    if (hi > w->n)
        hi = w->n;
    if (lo >= hi)
        return 0;
    o->chunk_idx = idx;
    o->has_chunk = 1;
    *lo_out = lo;
    *hi_out = hi;
    return 1;
}

/* The thread's next chunk as loop values [*istart, *iend). */
static int loop_next(othr_t *o, long *istart, long *iend)
{
    long lo, hi;
    if (!loop_next_iter(o, &lo, &hi))
        return 0;
    *istart = o->ws->start + lo * o->ws->incr;
    *iend = o->ws->start + hi * o->ws->incr;
    return 1;
}

static int loop_next_ull(othr_t *o, unsigned long long *istart, unsigned long long *iend)
{
    long lo, hi;
    if (!loop_next_iter(o, &lo, &hi))
        return 0;
    *istart = o->ws->ustart + (unsigned long long)lo * o->ws->uincr;
    *iend = o->ws->ustart + (unsigned long long)hi * o->ws->uincr;
    return 1;
}

/* An unsigned long long loop (up: counting up; a downward incr is
 * negative in two's complement). */
static int loop_start_ull(int sched, int up, unsigned long long start, unsigned long long end,
                          unsigned long long incr, unsigned long long chunk, int ordered,
                          unsigned long long *istart, unsigned long long *iend, uintptr_t *red,
                          void **mem)
{
    othr_t *o = me();
    proc_t *p = proc();
    if (sched < 0) {
        sched = p->run_sched;
        chunk = (unsigned long long)p->run_chunk;
    }
    int first;
    ws_t *w = ws_enter(o, &first);
    if (first) {
        unsigned long long n = up ? (end > start ? (end - start + incr - 1) / incr : 0)
                                  : (start > end ? (start - end - incr - 1) / -incr : 0);
        ws_loop(w, sched, 0, 0, 1, (long)chunk, ordered);
        w->n = (long)n;
        w->ustart = start;
        w->uincr = incr;
    }
    ws_extras(o, w, first, red, mem);
    return istart ? loop_next_ull(o, istart, iend) : 1;
}

#define ULL_KINDS(X)                                                                       \
    X(static, S_STATIC) X(dynamic, S_DYNAMIC) X(guided, S_GUIDED)                          \
    X(nonmonotonic_dynamic, S_DYNAMIC) X(nonmonotonic_guided, S_GUIDED)
#define ULL_FNS(kind, s)                                                                   \
    int GOMP_loop_ull_##kind##_start(int up, unsigned long long start,                     \
                                     unsigned long long end, unsigned long long incr,      \
                                     unsigned long long chunk, unsigned long long *istart, \
                                     unsigned long long *iend)                             \
    {                                                                                      \
        return loop_start_ull(s, up, start, end, incr, chunk, 0, istart, iend, NULL, NULL); \
    }                                                                                      \
    int GOMP_loop_ull_##kind##_next(unsigned long long *istart, unsigned long long *iend)  \
    {                                                                                      \
        return loop_next_ull(me(), istart, iend);                                          \
    }                                                                                      \
    int GOMP_loop_ull_ordered_##kind##_start(int up, unsigned long long start,             \
                                             unsigned long long end,                       \
                                             unsigned long long incr,                      \
                                             unsigned long long chunk,                     \
                                             unsigned long long *istart,                   \
                                             unsigned long long *iend)                     \
    {                                                                                      \
        return loop_start_ull(s, up, start, end, incr, chunk, 1, istart, iend, NULL, NULL); \
    }                                                                                      \
    int GOMP_loop_ull_ordered_##kind##_next(unsigned long long *istart,                    \
                                            unsigned long long *iend)                      \
    {                                                                                      \
        return loop_next_ull(me(), istart, iend);                                          \
    }
ULL_KINDS(ULL_FNS)

#define ULL_RUNTIME_KINDS(X) X(runtime) X(maybe_nonmonotonic_runtime) X(nonmonotonic_runtime)
#define ULL_RUNTIME_FNS(kind)                                                              \
    int GOMP_loop_ull_##kind##_start(int up, unsigned long long start,                     \
                                     unsigned long long end, unsigned long long incr,      \
                                     unsigned long long *istart, unsigned long long *iend) \
    {                                                                                      \
        return loop_start_ull(-1, up, start, end, incr, 0, 0, istart, iend, NULL, NULL);    \
    }                                                                                      \
    int GOMP_loop_ull_##kind##_next(unsigned long long *istart, unsigned long long *iend)  \
    {                                                                                      \
        return loop_next_ull(me(), istart, iend);                                          \
    }
ULL_RUNTIME_KINDS(ULL_RUNTIME_FNS)

/* ---- doacross loops ----
 * The compiler numbers a doacross loop's iterations from 0 in each of its
 * ncounts loops (counts[k] of them) and shares out the outer one; an
 * iteration posts itself (depend(source)) and waits for those it names
 * (depend(sink: ...)); one outside the loop is no wait. */

static int doacross_start(unsigned ncounts, const unsigned long long *counts, int sched,
                          unsigned long long chunk, unsigned long long *istart,
                          unsigned long long *iend, uintptr_t *red, void **mem)
{
    int more = loop_start_ull(sched, 1, 0, counts[0], 1, chunk, 0, istart, iend, red, mem);
    ws_t *w = me()->ws;
    if (!w->da_counts) { /* the first thread there (nothing ran in between) */
        w->da_ncounts = ncounts;
        w->da_counts = sim_xmalloc(ncounts * sizeof *w->da_counts);
        memcpy(w->da_counts, counts, ncounts * sizeof *counts);
        w->da_done = sim_xmalloc((counts[0] ? counts[0] : 1) * sizeof *w->da_done);
        for (unsigned long long i = 0; i < counts[0]; i++)
            w->da_done[i] = -1;
    }
    return more;
}

/* The inner loops' iteration v[1 .. ncounts) as one index, or -1 when
 * v is outside the loop. */
static long long doacross_index(const ws_t *w, const unsigned long long *v)
{
    if (v[0] >= w->da_counts[0])
        return -1;
    long long idx = 0;
    for (unsigned k = 1; k < w->da_ncounts; k++) {
        if (v[k] >= w->da_counts[k])
            return -1;
        idx = idx * (long long)w->da_counts[k] + (long long)v[k];
    }
    return idx;
}

static void doacross_post(const unsigned long long *v)
{
    ws_t *w = me()->ws;
    long long idx = w && w->da_done ? doacross_index(w, v) : -1;
    if (idx < 0)
        return;
    if (idx > w->da_done[v[0]])
        w->da_done[v[0]] = idx;
    sim_hb_obj_release(&w->da_done); /* every post: a waiter learns them all */
    sim_thread_notify(w, sizeof *w);
}

static void doacross_wait(const unsigned long long *v, const void *site)
{
    ws_t *w = me()->ws;
    long long idx = w && w->da_done ? doacross_index(w, v) : -1;
    if (idx < 0)
        return;
    sim_call_enter("omp ordered depend(sink)", site);
    while (w->da_done[v[0]] < idx) {
        sim_why_t why = sim_why("omp ordered depend(sink) (iteration %llu not posted)",
                                (unsigned long long)v[0]);
        sim_pe_block_why(&why, w, sizeof *w);
    }
    sim_hb_obj_acquire(&w->da_done);
    sim_call_leave();
}

#define DOACROSS_MAX 16 /* loops in a doacross nest */

/* A nest the library keeps no room for ends the PE (site: the program's call). */
static void doacross_check(unsigned ncounts, const void *site)
{
    if (ncounts > DOACROSS_MAX)
        unsupported("a doacross loop nest deeper than 16", site);
}

/* counts as unsigned long long (a doacross loop's counts never are negative). */
static void doacross_counts(unsigned ncounts, const long *counts, unsigned long long *u,
                            const void *site)
{
    doacross_check(ncounts, site);
    for (unsigned k = 0; k < ncounts; k++)
        u[k] = counts[k] > 0 ? (unsigned long long)counts[k] : 0;
}

#define DOACROSS_KINDS(X) X(static, S_STATIC) X(dynamic, S_DYNAMIC) X(guided, S_GUIDED)
#define DOACROSS_FNS(kind, s)                                                              \
    int GOMP_loop_doacross_##kind##_start(unsigned ncounts, long *counts, long chunk,      \
                                          long *istart, long *iend)                        \
    {                                                                                      \
        unsigned long long u[DOACROSS_MAX], lo, hi;                                        \
        doacross_counts(ncounts, counts, u, __builtin_return_address(0));                  \
        int more = doacross_start(ncounts, u, s, (unsigned long long)chunk, &lo, &hi, NULL, \
                                  NULL);                                                   \
        *istart = (long)lo;                                                                \
        *iend = (long)hi;                                                                  \
        return more;                                                                       \
    }                                                                                      \
    int GOMP_loop_ull_doacross_##kind##_start(unsigned ncounts, unsigned long long *counts, \
                                              unsigned long long chunk,                    \
                                              unsigned long long *istart,                  \
                                              unsigned long long *iend)                    \
    {                                                                                      \
        doacross_check(ncounts, __builtin_return_address(0));                              \
        return doacross_start(ncounts, counts, s, chunk, istart, iend, NULL, NULL);        \
    }
DOACROSS_KINDS(DOACROSS_FNS)

int GOMP_loop_doacross_runtime_start(unsigned ncounts, long *counts, long *istart, long *iend)
{
    unsigned long long u[DOACROSS_MAX], lo, hi;
    doacross_counts(ncounts, counts, u, __builtin_return_address(0));
    int more = doacross_start(ncounts, u, -1, 0, &lo, &hi, NULL, NULL);
    *istart = (long)lo;
    *iend = (long)hi;
    return more;
}

int GOMP_loop_ull_doacross_runtime_start(unsigned ncounts, unsigned long long *counts,
                                         unsigned long long *istart, unsigned long long *iend)
{
    doacross_check(ncounts, __builtin_return_address(0));
    return doacross_start(ncounts, counts, -1, 0, istart, iend, NULL, NULL);
}

int GOMP_loop_doacross_start(unsigned ncounts, long *counts, long sched, long chunk,
                             long *istart, long *iend, uintptr_t *reductions, void **mem)
{
    unsigned long long u[DOACROSS_MAX], lo = 0, hi = 0;
    doacross_counts(ncounts, counts, u, __builtin_return_address(0));
    int more = doacross_start(ncounts, u, gcc_sched(sched), (unsigned long long)chunk,
                              istart ? &lo : NULL, &hi, reductions, mem);
    if (istart) {
        *istart = (long)lo;
        *iend = (long)hi;
    }
    return more;
}

int GOMP_loop_ull_doacross_start(unsigned ncounts, unsigned long long *counts, long sched,
                                 unsigned long long chunk, unsigned long long *istart,
                                 unsigned long long *iend, uintptr_t *reductions, void **mem)
{
    doacross_check(ncounts, __builtin_return_address(0));
    return doacross_start(ncounts, counts, gcc_sched(sched), chunk, istart, iend, reductions,
                          mem);
}

void GOMP_doacross_post(long *counts)
{
    ws_t *w = me()->ws;
    unsigned long long v[DOACROSS_MAX];
    if (!w || !w->da_done)
        return;
    for (unsigned k = 0; k < w->da_ncounts; k++)
        v[k] = (unsigned long long)counts[k];
    doacross_post(v);
}

void GOMP_doacross_ull_post(unsigned long long *counts)
{
    if (me()->ws && me()->ws->da_done)
        doacross_post(counts);
}

void GOMP_doacross_wait(long first, ...)
{
    ws_t *w = me()->ws;
    unsigned long long v[DOACROSS_MAX];
    if (!w || !w->da_done)
        return;
    va_list ap;
    va_start(ap, first);
    v[0] = (unsigned long long)first;
    for (unsigned k = 1; k < w->da_ncounts; k++)
        v[k] = (unsigned long long)va_arg(ap, long);
    va_end(ap);
    doacross_wait(v, __builtin_return_address(0));
}

void GOMP_doacross_ull_wait(unsigned long long first, ...)
{
    ws_t *w = me()->ws;
    unsigned long long v[DOACROSS_MAX];
    if (!w || !w->da_done)
        return;
    va_list ap;
    va_start(ap, first);
    v[0] = first;
    for (unsigned k = 1; k < w->da_ncounts; k++)
        v[k] = va_arg(ap, unsigned long long);
    va_end(ap);
    doacross_wait(v, __builtin_return_address(0));
}

int GOMP_loop_ull_ordered_runtime_start(int up, unsigned long long start, unsigned long long end,
                                        unsigned long long incr, unsigned long long *istart,
                                        unsigned long long *iend)
{
    return loop_start_ull(-1, up, start, end, incr, 0, 1, istart, iend, NULL, NULL);
}

int GOMP_loop_ull_ordered_runtime_next(unsigned long long *istart, unsigned long long *iend)
{
    return loop_next_ull(me(), istart, iend);
}

static int loop_start(int sched, long start, long end, long incr, long chunk, int ordered,
                      long *istart, long *iend, uintptr_t *red, void **mem)
{
    othr_t *o = me();
    proc_t *p = proc();
    if (sched < 0) {
        sched = p->run_sched;
        chunk = p->run_chunk;
    }
    int first;
    ws_t *w = ws_enter(o, &first);
    if (first)
        ws_loop(w, sched, start, end, incr, chunk, ordered);
    ws_extras(o, w, first, red, mem);
    return istart ? loop_next(o, istart, iend) : 1;
}

#define LOOP_KINDS(X)                                                                      \
    X(static, S_STATIC) X(dynamic, S_DYNAMIC) X(guided, S_GUIDED)                          \
    X(nonmonotonic_dynamic, S_DYNAMIC) X(nonmonotonic_guided, S_GUIDED)

#define LOOP_FNS(kind, s)                                                                  \
    int GOMP_loop_##kind##_start(long start, long end, long incr, long chunk, long *istart,\
                                 long *iend)                                               \
    {                                                                                      \
        return loop_start(s, start, end, incr, chunk, 0, istart, iend, NULL, NULL);        \
    }                                                                                      \
    int GOMP_loop_##kind##_next(long *istart, long *iend)                                  \
    {                                                                                      \
        return loop_next(me(), istart, iend);                                              \
    }                                                                                      \
    void GOMP_parallel_loop_##kind(void (*fn)(void *), void *data, unsigned num_threads,   \
                                   long start, long end, long incr, long chunk,            \
                                   unsigned flags)                                         \
    {                                                                                      \
        (void)flags;                                                                       \
        ws_t w = {0};                                                                      \
        ws_loop(&w, s, start, end, incr, chunk, 0);                                        \
        run_parallel(fn, data, team_size(me(), num_threads), &w);                          \
    }
LOOP_KINDS(LOOP_FNS)

#define ORDERED_KINDS(X) X(static, S_STATIC) X(dynamic, S_DYNAMIC) X(guided, S_GUIDED)
#define ORDERED_FNS(kind, s)                                                               \
    int GOMP_loop_ordered_##kind##_start(long start, long end, long incr, long chunk,      \
                                         long *istart, long *iend)                         \
    {                                                                                      \
        return loop_start(s, start, end, incr, chunk, 1, istart, iend, NULL, NULL);        \
    }                                                                                      \
    int GOMP_loop_ordered_##kind##_next(long *istart, long *iend)                          \
    {                                                                                      \
        return loop_next(me(), istart, iend);                                              \
    }
ORDERED_KINDS(ORDERED_FNS)

#define RUNTIME_KINDS(X) X(runtime) X(maybe_nonmonotonic_runtime) X(nonmonotonic_runtime)
#define RUNTIME_FNS(kind)                                                                  \
    int GOMP_loop_##kind##_start(long start, long end, long incr, long *istart, long *iend)\
    {                                                                                      \
        return loop_start(-1, start, end, incr, 0, 0, istart, iend, NULL, NULL);           \
    }                                                                                      \
    int GOMP_loop_##kind##_next(long *istart, long *iend)                                  \
    {                                                                                      \
        return loop_next(me(), istart, iend);                                              \
    }                                                                                      \
    void GOMP_parallel_loop_##kind(void (*fn)(void *), void *data, unsigned num_threads,   \
                                   long start, long end, long incr, unsigned flags)        \
    {                                                                                      \
        (void)flags;                                                                       \
        proc_t *p = proc();                                                                \
        ws_t w = {0};                                                                      \
        ws_loop(&w, p->run_sched, start, end, incr, p->run_chunk, 0);                      \
        run_parallel(fn, data, team_size(me(), num_threads), &w);                          \
    }
RUNTIME_KINDS(RUNTIME_FNS)

int GOMP_loop_ordered_runtime_start(long start, long end, long incr, long *istart, long *iend)
{
    proc_t *p = proc();
    return loop_start(p->run_sched, start, end, incr, p->run_chunk, 1, istart, iend, NULL,
                      NULL);
}

int GOMP_loop_ordered_runtime_next(long *istart, long *iend)
{
    return loop_next(me(), istart, iend);
}

void GOMP_loop_end_nowait(void)
{
    othr_t *o = me();
    ordered_pass(o);
    ws_leave(o);
}

void GOMP_loop_end(void)
{
    GOMP_loop_end_nowait();
    BARRIER("end of omp for");
}

int GOMP_loop_end_cancel(void)
{
    GOMP_loop_end();
    return 0;
}

void GOMP_ordered_start(void)
{
    othr_t *o = me();
    ws_t *w = o->ws;
    if (!w || !o->has_chunk)
        return;
    ENTER("omp ordered");
    while (w->ordered_next != o->chunk_idx) {
        sim_why_t why = sim_why("%s (waiting for chunk %d's turn)", "omp ordered",
                                (int)o->chunk_idx);
        sim_pe_block_why(&why, &w->ordered_next, sizeof w->ordered_next);
    }
    sim_hb_obj_acquire(&w->ordered_next); /* after the chunks before it */
    LEAVE();
}

void GOMP_ordered_end(void)
{
}

unsigned GOMP_sections_next(void)
{
    ws_t *w = me()->ws;
    return w && w->sect_next <= w->sect_count ? w->sect_next++ : 0;
}

unsigned GOMP_sections_start(unsigned count)
{
    othr_t *o = me();
    int first;
    ws_t *w = ws_enter(o, &first);
    if (first) {
        w->sect_count = count;
        w->sect_next = 1;
    }
    return GOMP_sections_next();
}

/* The older combined parallel loops: the caller runs fn itself and calls
 * GOMP_parallel_end. */
#define LEGACY_LOOP_KINDS(X) X(static, S_STATIC) X(dynamic, S_DYNAMIC) X(guided, S_GUIDED)
#define LEGACY_LOOP_FNS(kind, s)                                                           \
    void GOMP_parallel_loop_##kind##_start(void (*fn)(void *), void *data,                 \
                                           unsigned num_threads, long start, long end,     \
                                           long incr, long chunk)                          \
    {                                                                                      \
        ws_t w = {0};                                                                      \
        ws_loop(&w, s, start, end, incr, chunk, 0);                                        \
        legacy_start(fn, data, num_threads, &w);                                           \
    }
LEGACY_LOOP_KINDS(LEGACY_LOOP_FNS)

void GOMP_parallel_loop_runtime_start(void (*fn)(void *), void *data, unsigned num_threads,
                                      long start, long end, long incr)
{
    proc_t *p = proc();
    ws_t w = {0};
    ws_loop(&w, p->run_sched, start, end, incr, p->run_chunk, 0);
    legacy_start(fn, data, num_threads, &w);
}

/* GCC's entry points for loops it hands over with extras (task
 * reductions, scratch memory), plain and ordered; without istart the
 * compiler schedules the iterations itself and only wants the construct. */
#define LOOP_START_FNS(KIND, ORDERED)                                                      \
    int GOMP_loop_##KIND##start(long start, long end, long incr, long sched, long chunk,   \
                                long *istart, long *iend, uintptr_t *reductions,           \
                                void **mem)                                                \
    {                                                                                      \
        return loop_start(gcc_sched(sched), start, end, incr, chunk, ORDERED, istart, iend, \
                          reductions, mem);                                                \
    }                                                                                      \
    int GOMP_loop_ull_##KIND##start(_Bool up, unsigned long long start,                    \
                                    unsigned long long end, unsigned long long incr,       \
                                    long sched, unsigned long long chunk,                  \
                                    unsigned long long *istart, unsigned long long *iend,  \
                                    uintptr_t *reductions, void **mem)                     \
    {                                                                                      \
        return loop_start_ull(gcc_sched(sched), up, start, end, incr, chunk, ORDERED,      \
                              istart, iend, reductions, mem);                              \
    }
LOOP_START_FNS(, 0)
LOOP_START_FNS(ordered_, 1)

unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions, void **mem)
{
    othr_t *o = me();
    int first;
    ws_t *w = ws_enter(o, &first);
    if (first) {
        w->sect_count = count;
        w->sect_next = 1;
    }
    ws_extras(o, w, first, reductions, mem);
    return GOMP_sections_next();
}

/* scope with task reductions: a construct only to choose the thread that
 * registers them (the end is the compiler's barrier and
 * GOMP_workshare_task_reduction_unregister). */
void GOMP_scope_start(uintptr_t *reductions)
{
    othr_t *o = me();
    int first;
    ws_t *w = ws_enter(o, &first);
    ws_extras(o, w, first, reductions, NULL);
    ws_leave(o);
}

void GOMP_sections_end_nowait(void)
{
    ws_leave(me());
}

void GOMP_sections_end(void)
{
    ws_leave(me());
    BARRIER("end of omp sections");
}

int GOMP_sections_end_cancel(void)
{
    GOMP_sections_end();
    return 0; /* cancellation is not provided: never cancelled */
}

void GOMP_parallel_sections_start(void (*fn)(void *), void *data, unsigned num_threads,
                                  unsigned count)
{
    ws_t w = {.sect_count = count, .sect_next = 1};
    legacy_start(fn, data, num_threads, &w);
}

void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned num_threads,
                            unsigned count, unsigned flags)
{
    (void)flags;
    ws_t w = {.sect_count = count, .sect_next = 1};
    run_parallel(fn, data, team_size(me(), num_threads), &w);
}

int GOMP_single_start(void)
{
    othr_t *o = me();
    int first;
    ws_enter(o, &first);
    ws_leave(o);
    return first;
}

void *GOMP_single_copy_start(void)
{
    othr_t *o = me();
    int first;
    ws_t *w = ws_enter(o, &first);
    if (first)
        return NULL; /* this thread runs it, then GOMP_single_copy_end */
    ENTER("omp single copyprivate");
    while (!w->copy_ready)
        sim_pe_block_on("omp single copyprivate (waiting for the single thread)", w, sizeof *w);
    sim_hb_obj_acquire(w);
    LEAVE();
    void *data = w->copy;
    ws_leave(o);
    return data;
}

void GOMP_single_copy_end(void *data)
{
    othr_t *o = me();
    sim_hb_obj_release(o->ws);
    o->ws->copy = data;
    o->ws->copy_ready = 1;
    sim_thread_notify(o->ws, sizeof *o->ws);
    ws_leave(o);
}

/* ---- mutual exclusion ---- */

static void lock_word(int *word, const char *what)
{
    /* Taken twice by its holder, it waits for ever, as on a real system. */
    while (*word) {
        sim_why_t why = sim_why("%s (held by thread %d)", what, *word - 1);
        sim_pe_block_why(&why, word, sizeof *word);
    }
    *word = tag();
    sim_hb_obj_acquire(word);
}

/* The program's call (named call, made from site) takes a lock word. */
static void take(int *word, const char *call, const char *what, const void *site)
{
    sim_call_enter(call, site);
    lock_word(word, what);
    sim_call_leave();
}
#define TAKE(word, call, what) take((word), (call), (what), __builtin_return_address(0))

static void unlock_word(int *word)
{
    sim_hb_obj_release(word);
    *word = 0;
    sim_thread_notify(word, sizeof *word);
}

void GOMP_critical_start(void)
{
    TAKE(&proc()->crit, "omp critical", "omp critical");
}

void GOMP_critical_end(void)
{
    unlock_word(&proc()->crit);
}

/* A named critical section's lock is the pointer-sized variable GCC makes
 * for its name. */
void GOMP_critical_name_start(void **pptr)
{
    TAKE((int *)pptr, "omp critical", "omp critical (named)");
}

void GOMP_critical_name_end(void **pptr)
{
    unlock_word((int *)pptr);
}

void GOMP_atomic_start(void)
{
    TAKE(&proc()->atomic, "omp atomic", "omp atomic");
}

void GOMP_atomic_end(void)
{
    unlock_word(&proc()->atomic);
}

/* ---- the omp_ routines ---- */

typedef struct {
    int word;
} omp_lock_t;
typedef struct {
    int owner, count;
    void *pad;
} omp_nest_lock_t;

void omp_init_lock(omp_lock_t *l)
{
    l->word = 0;
}

void omp_destroy_lock(omp_lock_t *l)
{
    l->word = 0;
}

void omp_set_lock(omp_lock_t *l)
{
    TAKE(&l->word, "omp_set_lock", "omp_set_lock");
}

void omp_unset_lock(omp_lock_t *l)
{
    unlock_word(&l->word);
}

int omp_test_lock(omp_lock_t *l)
{
    if (l->word)
        return 0;
    l->word = tag();
    sim_hb_obj_acquire(&l->word);
    return 1;
}

void omp_init_nest_lock(omp_nest_lock_t *l)
{
    memset(l, 0, sizeof *l);
}

void omp_destroy_nest_lock(omp_nest_lock_t *l)
{
    memset(l, 0, sizeof *l);
}

void omp_set_nest_lock(omp_nest_lock_t *l)
{
    if (l->owner == tag()) {
        l->count++;
        return;
    }
    TAKE(&l->owner, "omp_set_nest_lock", "omp_set_nest_lock");
    l->count = 1;
}

void omp_unset_nest_lock(omp_nest_lock_t *l)
{
    if (--l->count == 0)
        unlock_word(&l->owner);
}

int omp_test_nest_lock(omp_nest_lock_t *l)
{
    if (l->owner && l->owner != tag())
        return 0;
    if (!l->owner)
        sim_hb_obj_acquire(&l->owner);
    l->owner = tag();
    return ++l->count;
}

int omp_get_thread_num(void)
{
    return me()->num;
}

int omp_get_num_threads(void)
{
    return me()->team->n;
}

int omp_get_max_threads(void)
{
    othr_t *o = me();
    return may_be_active(o) ? o->nthreads : 1;
}

void omp_set_num_threads(int n)
{
    me()->nthreads = clamp_threads(n);
}

int omp_in_parallel(void)
{
    return me()->team->active_level > 0;
}

int omp_get_level(void)
{
    return me()->level;
}

int omp_get_active_level(void)
{
    return me()->team->active_level;
}

int omp_get_num_procs(void)
{
    return env_threads;
}

int omp_get_thread_limit(void)
{
    return TEAM_MAX;
}

int omp_get_max_active_levels(void)
{
    return proc()->max_active;
}

void omp_set_max_active_levels(int n)
{
    if (n >= 0)
        proc()->max_active = n < MAX_LEVELS ? n : MAX_LEVELS;
}

int omp_get_supported_active_levels(void)
{
    return MAX_LEVELS;
}

int omp_get_nested(void)
{
    return proc()->max_active > 1;
}

void omp_set_nested(int on)
{
    proc()->max_active = on ? MAX_LEVELS : 1;
}

/* The team of o's ancestor at nesting level (0 .. o->level) and that
 * ancestor's number in it. */
static const team_t *ancestor(const othr_t *o, int level, int *num)
{
    const team_t *t = o->team;
    *num = o->num;
    for (int l = o->level; l > level && t->parent; l--) {
        *num = t->parent_num;
        t = t->parent;
    }
    return t;
}

int omp_get_team_size(int level)
{
    othr_t *o = me();
    int num;
    return level >= 0 && level <= o->level ? ancestor(o, level, &num)->n : -1;
}

int omp_get_ancestor_thread_num(int level)
{
    othr_t *o = me();
    int num = -1;
    if (level >= 0 && level <= o->level)
        ancestor(o, level, &num);
    return num;
}

/* Queries whose answer never changes here, and settings that change
 * nothing: no dynamic adjustment of team sizes, no final tasks, no
 * cancellation, one device with no places and no binding, one team of
 * teams, task priorities all 0 (omp_proc_bind_false is 0). */
#define OMP_CONSTANT_QUERIES(X)                                                            \
    X(omp_get_dynamic, 0) X(omp_in_final, 0) X(omp_get_cancellation, 0)                    \
    X(omp_get_proc_bind, 0) X(omp_get_num_places, 0) X(omp_get_place_num, -1)              \
    X(omp_get_partition_num_places, 0) X(omp_get_num_teams, 1) X(omp_get_team_num, 0)     \
    X(omp_get_max_teams, 1) X(omp_get_teams_thread_limit, TEAM_MAX)                        \
    X(omp_get_max_task_priority, 0)
#define OMP_CONSTANT_QUERY(name, value)                                                    \
    int name(void)                                                                         \
    {                                                                                      \
        return value;                                                                      \
    }
OMP_CONSTANT_QUERIES(OMP_CONSTANT_QUERY)

#define OMP_IGNORED_SETTINGS(X)                                                            \
    X(omp_set_dynamic) X(omp_set_num_teams) X(omp_set_teams_thread_limit)
#define OMP_IGNORED_SETTING(name)                                                          \
    void name(int value)                                                                   \
    {                                                                                      \
        (void)value;                                                                       \
    }
OMP_IGNORED_SETTINGS(OMP_IGNORED_SETTING)

int omp_get_place_num_procs(int place)
{
    (void)place;
    return 0;
}
void omp_get_place_proc_ids(int place, int *ids)
{
    (void)place;
    (void)ids;
}
void omp_get_partition_place_nums(int *nums)
{
    (void)nums;
}
int omp_pause_resource(int kind, int device)
{
    (void)kind;
    (void)device;
    return 0;
}
int omp_pause_resource_all(int kind)
{
    (void)kind;
    return 0;
}

void omp_get_schedule(int *kind, int *chunk)
{
    proc_t *p = proc();
    *kind = p->run_sched + 1; /* omp_sched_static is 1 */
    *chunk = (int)p->run_chunk;
}

void omp_set_schedule(int kind, int chunk)
{
    proc_t *p = proc();
    int k = (kind & 0x7fffffff) - 1;
    p->run_sched = k == S_DYNAMIC || k == S_GUIDED ? k : S_STATIC;
    p->run_chunk = chunk;
}

double omp_get_wtime(void)
{
    return (double)sim_now() * 1e-9;
}

double omp_get_wtick(void)
{
    return 1e-9;
}

/* Fortran (gfortran's omp_lib calls these names): the queries take no
 * argument and return what the C routine does. */
#define OMP_FORTRAN_QUERIES(X)                                                             \
    X(int, omp_get_thread_num) X(int, omp_get_num_threads) X(int, omp_get_max_threads)     \
    X(int, omp_in_parallel) X(int, omp_get_level) X(int, omp_get_num_procs)                \
    X(int, omp_get_active_level) X(int, omp_get_max_active_levels) X(int, omp_get_nested)  \
    X(int, omp_get_supported_active_levels) X(double, omp_get_wtime)                       \
    X(double, omp_get_wtick)                                                               \
    X(int, omp_get_cancellation) X(int, omp_get_dynamic) X(int, omp_get_thread_limit)      \
    X(int, omp_in_final) X(int, omp_get_proc_bind) X(int, omp_get_num_places)              \
    X(int, omp_get_place_num) X(int, omp_get_partition_num_places)                         \
    X(int, omp_get_num_teams)                                                              \
    X(int, omp_get_team_num) X(int, omp_get_max_teams) X(int, omp_get_teams_thread_limit)  \
    X(int, omp_get_max_task_priority)
#define OMP_FORTRAN_QUERY(T, name)                                                         \
    T name##_(void);                                                                       \
    T name##_(void)                                                                        \
    {                                                                                      \
        return name();                                                                     \
    }
OMP_FORTRAN_QUERIES(OMP_FORTRAN_QUERY)

void omp_set_num_threads_(const int *n)
{
    omp_set_num_threads(*n);
}
void omp_set_nested_(const int *on)
{
    omp_set_nested(*on);
}
void omp_set_max_active_levels_(const int *n)
{
    omp_set_max_active_levels(*n);
}
void omp_set_dynamic_(const int *on)
{
    omp_set_dynamic(*on);
}
void omp_get_schedule_(int *kind, int *chunk)
{
    omp_get_schedule(kind, chunk);
}
void omp_set_schedule_(const int *kind, const int *chunk)
{
    omp_set_schedule(*kind, *chunk);
}
int omp_get_place_num_procs_(const int *place)
{
    return omp_get_place_num_procs(*place);
}
void omp_get_place_proc_ids_(const int *place, int *ids)
{
    omp_get_place_proc_ids(*place, ids);
}
void omp_get_partition_place_nums_(int *nums)
{
    omp_get_partition_place_nums(nums);
}
void omp_set_num_teams_(const int *n)
{
    omp_set_num_teams(*n);
}
void omp_set_teams_thread_limit_(const int *n)
{
    omp_set_teams_thread_limit(*n);
}
int omp_pause_resource_(const int *kind, const int *device)
{
    return omp_pause_resource(*kind, *device);
}
int omp_pause_resource_all_(const int *kind)
{
    return omp_pause_resource_all(*kind);
}
int omp_get_team_size_(const int *level)
{
    return omp_get_team_size(*level);
}
int omp_get_ancestor_thread_num_(const int *level)
{
    return omp_get_ancestor_thread_num(*level);
}
void omp_init_lock_(omp_lock_t *l)
{
    omp_init_lock(l);
}
void omp_destroy_lock_(omp_lock_t *l)
{
    omp_destroy_lock(l);
}
void omp_set_lock_(omp_lock_t *l)
{
    omp_set_lock(l);
}
void omp_unset_lock_(omp_lock_t *l)
{
    omp_unset_lock(l);
}
int omp_test_lock_(omp_lock_t *l)
{
    return omp_test_lock(l);
}
