/* api/shmem/nbi: completion by quiet, and the nbi-buffer-modified check.
 *
 * The source of a put_nbi belongs to the library until a quiet (or
 * anything that implies one) completes the put: the program must not
 * change it before then.  Each put_nbi's source is fingerprinted when it is
 * called; the quiet that completes it fingerprints it again, and a
 * difference is a finding naming the put_nbi.  (The simulated network reads
 * the source when the message leaves the origin, so a change before that
 * is sent changed; a change after it is harmless here but not on hardware
 * that reads the buffer later, so both are reported.) */
#include "race.h"
#include "shmem_impl.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

typedef struct shm_nbi {
    sim_chan_t *chan;     /* the context's channel */
    const char *call;     /* the put_nbi routine */
    const void *site;     /* where it was called */
    uint64_t time;        /* when */
    const void *src;      /* the source, as the PE sees it */
    size_t n;             /* its bytes */
    uint64_t sum;         /* its fingerprint then */
    sim_msg_t *m;         /* its message (delivered and reused, maybe, by now) */
} shm_nbi_t;

static uint64_t fingerprint(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* Whether [p, p+n) can still be read: a program that freed the source
 * before the quiet must not crash the simulator. */
static int readable(const void *p, size_t n)
{
    int pe;
    if (sim_mem_locate(p, &pe) != SIM_MEM_PRIVATE || sim_mem_stack_of(p) >= 0)
        return 1;
#if defined(__SANITIZE_ADDRESS__)
    if (__asan_region_is_poisoned((void *)(uintptr_t)p, n))
        return 0;
#endif
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t lo = (uintptr_t)p & ~(page - 1);
    return msync((void *)lo, (uintptr_t)p + n - lo, MS_ASYNC) == 0;
}

void shm_nbi_record(sim_chan_t *chan, const char *call, const void *src, size_t n, sim_msg_t *m)
{
    if (n == 0)
        return;
    shm_pe_t *s = shm_self();
    if (s->nnbi == s->capnbi) {
        s->capnbi = s->capnbi ? s->capnbi * 2 : 8;
        s->nbi = sim_xrealloc(s->nbi, s->capnbi * sizeof *s->nbi);
    }
    sim_pe_t *me = sim_pe_self();
    /* (The fingerprint is compared only when the race detector does not
     * see the program's stores: see complete.) */
    s->nbi[s->nnbi++] = (shm_nbi_t){chan, call, me->call_site, sim_now(), src, n,
                                    shm_race_instrumented() ||
                                            !sim_finding_on(SHM_CHECK(NBI_BUFFER_MODIFIED))
                                        ? 0
                                        : fingerprint(src, n),
                                    m};
}

/* Completes the non-blocking calls of chan: remotely (a quiet), or only
 * locally (their sources may be reused; the race detector learns nothing
 * about their delivery, though the simulator waits for it). */
static void complete(sim_chan_t *chan, const char *why, int remote)
{
    sim_chan_quiet(chan, why);
    if (remote) {
        sim_hb_quiet((uintptr_t)chan);
        shm_amo_fetched(chan);
    } else
        sim_hb_local_complete((uintptr_t)chan);
    /* With the program's stores seen, the race detector has checked the
     * sources already, naming the store. */
    int checked = shm_race_instrumented() || !sim_finding_on(SHM_CHECK(NBI_BUFFER_MODIFIED));
    shm_pe_t *s = shm_self();
    size_t kept = 0;
    for (size_t i = 0; i < s->nnbi; i++) {
        const shm_nbi_t *r = &s->nbi[i];
        if (r->chan != chan) {
            s->nbi[kept++] = *r;
            continue;
        }
        sim_pe_t *me = sim_pe_self();
        if (r->n && sim_mem_dead_stack(r->src, r->n)) {
            /* Whatever the bytes hold now, the call's source is gone. */
            sim_finding_raise(SHM_CHECK(NBI_DEAD_STACK_BUFFER), SIM_SEV_ERROR, me->id, r->call,
                              r->site, "the source of this %s is on PE %d's stack, in a frame "
                              "that returned before the %s that completes the call: the library "
                              "may read it at any time until then, and by then the memory may "
                              "hold other frames. Keep a non-blocking call's buffers alive until "
                              "shmem_quiet (or a barrier) completes it: quiet before the function "
                              "returns, or use a static, global or heap buffer.", r->call, me->id,
                              me->call ? me->call : "quiet");
            continue;
        }
        if (checked || !readable(r->src, r->n) || fingerprint(r->src, r->n) == r->sum)
            continue;
        char name[96];
        sim_finding_raise(SHM_CHECK(NBI_BUFFER_MODIFIED), SIM_SEV_ERROR, me->id, r->call, r->site,
                          "the source of this %s (%s, %zu bytes, called at t=%lluns) changed "
                          "before the %s that completes it. A non-blocking put may "
                          "read its source at any time until then: leave the buffer alone "
                          "until shmem_quiet, or use the blocking put.", r->call,
                          sim_mem_name(r->src, name, sizeof name), r->n,
                          (unsigned long long)r->time, me->call ? me->call : "quiet");
    }
    s->nnbi = kept;
}

void shm_nbi_freed(const char *part, size_t len, const char *call, const void *call_site,
                   const void *free_site, const char *then)
{
    char where[200];
    sim_mem_site_name(call_site, where, sizeof where);
    sim_finding_raise(SHM_CHECK(NBI_FREED_BUFFER), SIM_SEV_ERROR, shm_me(), "free", free_site,
                      "PE %d freed the block that holds the %zu-byte %s of a pending %s (called "
                      "from %s) before anything completed it: %s Keep a non-blocking call's "
                      "buffers until shmem_quiet (or a barrier) completes it: quiet before the "
                      "free.", shm_me(), len, part, call, where, then);
}

void shm_nbi_on_free(const void *p, size_t n, const void *site)
{
    shm_pe_t *s = shm_self();
    size_t kept = 0;
    for (size_t i = 0; i < s->nnbi; i++) {
        const shm_nbi_t *r = &s->nbi[i];
        if (!sim_mem_overlaps(r->src, r->n, p, n)) {
            s->nbi[kept++] = *r;
            continue;
        }
        shm_put_read_early(r->m, sim_mem_home(shm_me(), r->src)); /* before it is gone */
        shm_nbi_freed("source", r->n, r->call, r->site, site,
                      "the library may read its source at any time until then, and by then "
                      "the allocator may have handed the memory out again.");
    }
    s->nnbi = kept;
}

void shm_quiet(sim_chan_t *chan, const char *why)
{
    complete(chan, why, 1);
}

void shmemx_local_complete(void)
{
    SHM_ENTER("shmemx_local_complete");
    shm_charge_call();
    complete(&shm_self()->chan, "shmemx_local_complete (waiting for the sources of non-blocking puts)",
             0);
    SHM_LEAVE();
}

const void *shm_nbi_oldest_site(const shm_pe_t *s)
{
    return s->nnbi ? s->nbi[0].site : NULL;
}
