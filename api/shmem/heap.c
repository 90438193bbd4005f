/* api/shmem/heap: collective symmetric allocation.
 *
 * Every routine here is collective and ends (or, for free, starts) with a
 * barrier over all PEs, as the specification requires.  Sizes must agree
 * across PEs; the first mismatch is a heap-size-mismatch finding. */
#include "shmem_impl.h"
#include "hb.h"

#include <stdio.h>
#include <string.h>

static void check_size(const char *call, size_t size)
{
    sim_pe_t *me = sim_pe_self();
    size_t other;
    int first = sim_heap_collective_check(sim_w->heap, me->id, size, &other);
    char what[96];
    snprintf(what, sizeof what, "%s(size=%zu)", call, size);
    if (first >= 0)
        sim_finding_raise("heap-size-mismatch", SIM_SEV_ERROR, me->id, what, me->call_site,
                          "PE %d asked for %zu bytes but PE %d asked for %zu in the same "
                          "collective allocation. Symmetric allocations must have the same "
                          "size on every PE, or objects stop lining up.", me->id, size,
                          first, other);
}

/* New blocks hold garbage, as on a real system: a fixed pattern (so runs
 * repeat) that is not SHMEM_SYNC_VALUE, so a pSync or flag the program
 * forgot to initialise shows up (shmem_calloc zeroes). */
#define SHM_HEAP_FILL 0xa5

static void *alloc(const char *call, size_t align, size_t size)
{
    sim_pe_t *me = sim_pe_self();
    shm_charge_call();
    check_size(call, size);
    void *p = sim_heap_alloc(sim_w->heap, me->id, align, size);
    if (p) {
        sim_heap_set_site(sim_w->heap, me->id, p, me->call_site);
        memset(p, SHM_HEAP_FILL, size);
    }
    shm_barrier_world(call);
    return p;
}

static void release(const char *call, void *ptr)
{
    shm_charge_call();
    shm_barrier_world(call);
    size_t size = ptr ? sim_heap_size_of(sim_w->heap, shm_me(), ptr) : (size_t)-1;
    if (size != (size_t)-1)
        sim_hb_forget(shm_me(), ptr, size); /* a later block here starts afresh */
    if (ptr && sim_heap_free(sim_w->heap, shm_me(), ptr) != 0) {
        sim_pe_t *me = sim_pe_self();
        char name[96];
        sim_finding_raise("nonsymmetric-address", SIM_SEV_ERROR, me->id, call, me->call_site,
                          "%s was not returned by shmem_malloc (or was already freed). Free "
                          "only pointers the symmetric allocator returned; the call was "
                          "skipped.", sim_mem_name(ptr, name, sizeof name));
    }
}

static void *resize(const char *call, void *ptr, size_t size)
{
    int me = shm_me();
    size_t old = ptr ? sim_heap_size_of(sim_w->heap, me, ptr) : 0;
    void *p = alloc(call, 16, size);
    if (p && ptr && old != (size_t)-1)
        memcpy(p, ptr, old < size ? old : size);
    if (ptr && (p || size == 0))
        release(call, ptr);
    return p;
}

#define ENTER_RETURN(name, expr)  \
    do {                          \
        SHM_ENTER(name);          \
        void *r_ = (expr);        \
        SHM_LEAVE();              \
        return r_;                \
    } while (0)

void *shmem_malloc(size_t size)
{
    ENTER_RETURN("shmem_malloc", alloc("shmem_malloc", 16, size));
}

/* Hints only describe intended use; every block here serves every use. */
void *shmem_malloc_with_hints(size_t size, long hints)
{
    (void)hints;
    ENTER_RETURN("shmem_malloc_with_hints", alloc("shmem_malloc_with_hints", 16, size));
}

void *shmalloc(size_t size)
{
    ENTER_RETURN("shmalloc", alloc("shmalloc", 16, size));
}

void *shmem_align(size_t alignment, size_t size)
{
    ENTER_RETURN("shmem_align", alloc("shmem_align", alignment, size));
}

void *shmemalign(size_t alignment, size_t size)
{
    ENTER_RETURN("shmemalign", alloc("shmemalign", alignment, size));
}

static void *zalloc(size_t count, size_t size)
{
    size_t n = count * size;
    if (size && n / size != count)
        n = (size_t)-1; /* overflow: cannot fit, returns NULL */
    void *p = alloc("shmem_calloc", 16, n);
    if (p)
        memset(p, 0, n);
    return p;
}

void *shmem_calloc(size_t count, size_t size)
{
    ENTER_RETURN("shmem_calloc", zalloc(count, size));
}

void *shmem_realloc(void *ptr, size_t size)
{
    ENTER_RETURN("shmem_realloc", resize("shmem_realloc", ptr, size));
}

void *shrealloc(void *ptr, size_t size)
{
    ENTER_RETURN("shrealloc", resize("shrealloc", ptr, size));
}

void shmem_free(void *ptr)
{
    SHM_ENTER("shmem_free");
    release("shmem_free", ptr);
    SHM_LEAVE();
}

void shfree(void *ptr)
{
    SHM_ENTER("shfree");
    release("shfree", ptr);
    SHM_LEAVE();
}
