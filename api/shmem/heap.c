/* api/shmem/heap: collective symmetric allocation.
 *
 * Every routine here is collective and ends (or, for free, starts) with a
 * barrier over all PEs, as the specification requires.  Sizes must agree
 * across PEs; the first mismatch is a heap-size-mismatch finding. */
#include "shmem_impl.h"
#include "hb.h"

#include <stdio.h>
#include <string.h>

/* word: the bytes of one unit of the size the caller names (1: a size in
 * bytes; Fortran's SHPALLOC names a length in 4-byte words). */
static void check_size(const char *call, size_t word, size_t size)
{
    sim_pe_t *me = sim_pe_self();
    size_t other;
    int first = sim_heap_collective_check(sim_heap(), me->id, size, &other);
    char what[96];
    if (word > 1)
        snprintf(what, sizeof what, "%s(length=%zu)", call, size / word);
    else
        snprintf(what, sizeof what, "%s(size=%zu)", call, size);
    if (first >= 0)
        sim_finding_raise(SHM_CHECK(HEAP_SIZE_MISMATCH), SIM_SEV_ERROR, me->id, what, me->call_site,
                          "PE %d asked for %zu bytes but PE %d asked for %zu in the same "
                          "collective allocation. Symmetric allocations must have the same "
                          "size on every PE, or objects stop lining up.", me->id, size,
                          first, other);
}

/* New blocks hold garbage (SHM_HEAP_FILL), as on a real system, in their
 * first SHM_FILL_MAX bytes only: a benchmark's gigabyte receive buffer,
 * filled, would cost its whole size in resident memory and time on every
 * PE before the program touched it; the rest keeps what the heap held
 * (zeros where it was never used). */
#define SHM_FILL_MAX ((size_t)16 << 20)

/* The implicit barrier of every allocation routine quiets the default
 * context first, so what a PE put before the call has landed when any PE
 * returns from it. */
static void quiet_barrier(const char *call)
{
    shm_quiet(&shm_self()->chan, call);
    shm_barrier_world(call);
}

/* Carves a block and fills it: with `fill`, then with the first `keep`
 * bytes of `from` (realloc).  No barrier. */
static void *carve(const char *call, size_t word, size_t align, size_t size, int fill,
                   const void *from, size_t keep)
{
    sim_pe_t *me = sim_pe_self();
    check_size(call, word, size);
    void *p = sim_heap_alloc(sim_heap(), me->id, align, size);
    static const void *hinted; /* the run it was said in: once per run */
    if (!p && hinted != sim_world_key()) {
        hinted = sim_world_key();
        fprintf(stderr, "shmemsim: PE %d: %s(%zu bytes) found no room in the symmetric heap "
                "(%zu bytes per PE) and returned NULL; --heap-size (or SHMEM_SYMMETRIC_SIZE) "
                "sets a larger one\n", me->id, call, size, sim_heap()->user_size);
    }
    if (p) {
        sim_heap_set_site(sim_heap(), me->id, p, me->call_site);
        if (fill == 0)
            sim_heap_zero(sim_heap(), p, size);
        else
            memset(p, fill, size < SHM_FILL_MAX ? size : SHM_FILL_MAX);
        if (from)
            memcpy(p, from, keep < size ? keep : size);
    }
    return p;
}

/* Every allocation ends with the barrier, and the block is initialised
 * before it, so no PE can put into a neighbour's new block before the
 * neighbour's fill.  A size of zero allocates nothing and skips the
 * barrier: every PE makes the same call, so none waits. */
static void *alloc(const char *call, size_t word, size_t align, size_t size, int fill)
{
    shm_charge_call();
    if (size == 0)
        return NULL;
    void *p = carve(call, word, align, size, fill, NULL, 0);
    quiet_barrier(call);
    return p;
}

/* shmem_align wants a power of two; anything else is a finding, and the
 * call returns NULL on every PE (they all pass the same alignment). */
static void *aligned(const char *call, size_t align, size_t size)
{
    if (align == 0 || (align & (align - 1)) != 0) {
        shm_charge_call();
        sim_pe_t *me = sim_pe_self();
        char what[96];
        snprintf(what, sizeof what, "%s(alignment=%zu)", call, align);
        sim_finding_raise(SHM_CHECK(INVALID_ARGUMENT), SIM_SEV_ERROR, me->id, what, me->call_site,
                          "The alignment %zu is not a power of two. %s needs a power-of-two "
                          "alignment; the call returned NULL.", align, call);
        return NULL;
    }
    return alloc(call, 1, align, size, SHM_HEAP_FILL);
}

/* Returns ptr's block to the heap, with no barrier. */
static void unmap_block(const char *call, void *ptr)
{
    int me = shm_me();
    size_t size = sim_heap_size_of(sim_heap(), me, ptr);
    if (size != (size_t)-1)
        sim_hb_forget(me, ptr, size); /* a later block here starts afresh */
    if (sim_heap_free(sim_heap(), me, ptr) != 0) {
        sim_pe_t *self = sim_pe_self();
        char name[96];
        sim_finding_raise(SHM_CHECK(NONSYMMETRIC_ADDRESS), SIM_SEV_ERROR, me, call, self->call_site,
                          "%s was not returned by shmem_malloc (or was already freed). Free "
                          "only pointers the symmetric allocator returned; the call was "
                          "skipped.", sim_mem_name(ptr, name, sizeof name));
    }
}

/* Free has its barrier on entry; free(NULL) does nothing at all. */
static void release(const char *call, void *ptr)
{
    shm_charge_call();
    if (!ptr)
        return;
    quiet_barrier(call);
    unmap_block(call, ptr);
}

/* realloc: a barrier on entry when there is a block to change (no PE may
 * still be using it), the new block filled and copied before the barrier
 * on exit; realloc(NULL, n) is malloc, realloc(p, 0) is free. */
static void *resize(const char *call, size_t word, void *ptr, size_t size)
{
    if (!ptr)
        return alloc(call, word, 16, size, SHM_HEAP_FILL);
    shm_charge_call();
    quiet_barrier(call);
    if (size == 0) {
        unmap_block(call, ptr);
        return NULL;
    }
    size_t old = sim_heap_size_of(sim_heap(), shm_me(), ptr);
    void *p = carve(call, word, 16, size, SHM_HEAP_FILL, old != (size_t)-1 ? ptr : NULL, old);
    if (p)
        unmap_block(call, ptr);
    quiet_barrier(call);
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
    ENTER_RETURN("shmem_malloc", alloc("shmem_malloc", 1, 16, size, SHM_HEAP_FILL));
}

/* The standard hints only describe intended use; every block here serves
 * every use.  Sandia OpenSHMEM's SHMEMX_MALLOC_NO_BARRIER (<shmemx.h>)
 * leaves out the exit barrier: the block is ready once the program has
 * synchronised. */
#define SHM_HINT_NO_BARRIER (1L << 20)
void *shmem_malloc_with_hints(size_t size, long hints)
{
    static const char call[] = "shmem_malloc_with_hints";
    if (!(hints & SHM_HINT_NO_BARRIER))
        ENTER_RETURN(call, alloc(call, 1, 16, size, SHM_HEAP_FILL));
    SHM_ENTER(call);
    shm_charge_call();
    void *p = size ? carve(call, 1, 16, size, SHM_HEAP_FILL, NULL, 0) : NULL;
    SHM_LEAVE();
    return p;
}

void *shmalloc(size_t size)
{
    ENTER_RETURN("shmalloc", alloc("shmalloc", 1, 16, size, SHM_HEAP_FILL));
}

void *shmem_align(size_t alignment, size_t size)
{
    ENTER_RETURN("shmem_align", aligned("shmem_align", alignment, size));
}

void *shmemalign(size_t alignment, size_t size)
{
    ENTER_RETURN("shmemalign", aligned("shmemalign", alignment, size));
}

static void *zalloc(size_t count, size_t size)
{
    size_t n = count * size;
    if (size && n / size != count)
        n = (size_t)-1; /* overflow: cannot fit, returns NULL */
    return alloc("shmem_calloc", 1, 16, n, 0);
}

void *shmem_calloc(size_t count, size_t size)
{
    ENTER_RETURN("shmem_calloc", zalloc(count, size));
}

void *shmem_realloc(void *ptr, size_t size)
{
    ENTER_RETURN("shmem_realloc", resize("shmem_realloc", 1, ptr, size));
}

void *shrealloc(void *ptr, size_t size)
{
    ENTER_RETURN("shrealloc", resize("shrealloc", 1, ptr, size));
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

/* Another binding's allocation routines (Fortran's SHPALLOC, SHPCLMOVE
 * and SHPDEALLC), inside that routine's own entry: findings name it, with
 * the length it was given in units of word bytes. */
void *shm_alloc_as(const char *call, size_t word, size_t size)
{
    return alloc(call, word, 16, size, SHM_HEAP_FILL);
}

void *shm_realloc_as(const char *call, size_t word, void *ptr, size_t size)
{
    return resize(call, word, ptr, size);
}

void shm_free_as(const char *call, void *ptr)
{
    release(call, ptr);
}

int shm_heap_unset(int pe, const void *addr, size_t size)
{
    size_t off;
    if (!sim_hb_on || sim_heap_find(sim_heap(), addr, &off) != pe)
        return 0;
    const unsigned char *p = sim_mem_live(pe, addr);
    for (size_t i = 0; i < size; i++)
        if (p[i] != SHM_HEAP_FILL)
            return 0;
    for (size_t i = 0; i < size; i++) {
        sim_hb_rec_t w = sim_hb_last_write(pe, (const char *)addr + i);
        sim_hb_unref(w);
        if (w)
            return 0;
    }
    return 1;
}

void shm_heap_fill_text(size_t size, char *buf, size_t len)
{
    snprintf(buf, len, "0x%.*s", (int)(2 * (size < 8 ? size : 8)), "a5a5a5a5a5a5a5a5");
}
