/* sim/heap: one NORESERVE reservation for every PE's heap, a first-fit
 * allocator per PE with out-of-band block records. */
#include "heap.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MIN_ALIGN 16

static void insert_blk(sim_heap_pe_t *p, size_t at, sim_heap_blk_t b)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 8;
        p->blk = sim_xrealloc(p->blk, p->cap * sizeof *p->blk);
    }
    memmove(&p->blk[at + 1], &p->blk[at], (p->n - at) * sizeof *p->blk);
    p->blk[at] = b;
    p->n++;
}

static void remove_blk(sim_heap_pe_t *p, size_t at)
{
    memmove(&p->blk[at], &p->blk[at + 1], (p->n - at - 1) * sizeof *p->blk);
    p->n--;
}

/* The power of two that covers a heap of user bytes (pages), and the
 * distance between two PEs' heaps: every heap starts at a multiple of the
 * grain, and so does the reservation, so an alignment up to the heap's
 * size is one of the address on every PE, whatever address mmap chose. */
static size_t grain_of(size_t user, size_t page)
{
    size_t grain = page;
    while (grain < user && grain < ((size_t)1 << 40))
        grain <<= 1;
    return grain;
}

static size_t stride_of(size_t user, size_t page)
{
    size_t grain = grain_of(user, page);
    return (SIM_HEAP_INTERNAL + user + page + grain - 1) / grain * grain;
}

/* The largest heap below user whose reservation for npes PEs the process
 * can make now (tried and given back), or 0. */
static size_t heap_that_fits(int npes, size_t user, size_t page)
{
    for (size_t u = grain_of(user, page) / 2; u >= page; u /= 2) {
        size_t total = stride_of(u, page) * (size_t)npes + grain_of(u, page);
        void *map = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (map != MAP_FAILED) {
            munmap(map, total);
            return u;
        }
    }
    return 0;
}

int sim_heap_create(int npes, size_t user_size, sim_heap_t **out, char *err, size_t errlen)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    sim_heap_t *h = sim_xcalloc(1, sizeof *h);
    h->npes = npes;
    h->user_size = (user_size + page - 1) / page * page;
    /* One page of slack between heaps (not protected: a PROT_NONE page per
     * PE would cost a memory mapping each, and mappings bound the PE count;
     * overruns are the checkers' job). */
    size_t grain = grain_of(h->user_size, page);
    h->stride = stride_of(h->user_size, page);
    size_t total = h->stride * (size_t)npes;
    char *map = mmap(NULL, total + grain, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (map == MAP_FAILED) {
        int e = errno;
        size_t fit = heap_that_fits(npes, h->user_size, page);
        snprintf(err, errlen,
                 "cannot reserve %zu bytes of address space for %d PEs' symmetric heaps (a heap "
                 "of %zu bytes each, %zu bytes apart): %s",
                 total, npes, h->user_size, h->stride, strerror(e));
        if (fit >= ((size_t)1 << 30))
            sim_append(err, errlen, "; a smaller heap fits: --heap-size %zuG", fit >> 30);
        else if (fit >= ((size_t)1 << 20))
            sim_append(err, errlen, "; a smaller heap fits: --heap-size %zuM", fit >> 20);
        else if (fit)
            sim_append(err, errlen, "; a smaller heap fits: --heap-size %zuK", fit >> 10);
        free(h);
        return -1;
    }
    h->base = (char *)(((uintptr_t)map + grain - 1) & ~(uintptr_t)(grain - 1));
    if (h->base > map)
        munmap(map, (size_t)(h->base - map));
    if (map + grain > h->base)
        munmap(h->base + total, (size_t)(map + grain - h->base));
    h->pe = sim_xcalloc((size_t)npes, sizeof *h->pe);
    for (int i = 0; i < npes; i++) {
        sim_heap_blk_t all = {SIM_HEAP_INTERNAL, h->user_size, 0, 0, NULL};
        insert_blk(&h->pe[i], 0, all);
    }
    *out = h;
    return 0;
}

void sim_heap_destroy(sim_heap_t *h)
{
    if (!h)
        return;
    munmap(h->base, h->stride * (size_t)h->npes);
    sim_heap_release(h);
}

void sim_heap_release(sim_heap_t *h)
{
    if (!h)
        return;
    for (int i = 0; i < h->npes; i++)
        free(h->pe[i].blk);
    free(h->pe);
    free(h->coll_size);
    free(h->coll_pe);
    free(h);
}

void *sim_heap_alloc(sim_heap_t *h, int pe, size_t align, size_t size)
{
    sim_heap_pe_t *p = &h->pe[pe];
    p->changes++;
    if (align < MIN_ALIGN)
        align = MIN_ALIGN;
    if (size > h->user_size || align > h->user_size)
        return NULL;
    size_t need = size ? (size + MIN_ALIGN - 1) / MIN_ALIGN * MIN_ALIGN : MIN_ALIGN;
    /* First fit, from the first block that may be free: a program that
     * allocates many blocks and frees none must not scan them all at each
     * call. */
    for (size_t i = p->free_from; i < p->n; i++) {
        sim_heap_blk_t b = p->blk[i];
        size_t start = (b.off + align - 1) / align * align;
        if (b.used || start + need > b.off + b.size)
            continue;
        size_t at = i;
        if (start > b.off) { /* keep the alignment gap as a free block */
            sim_heap_blk_t gap = {b.off, start - b.off, 0, 0, NULL};
            insert_blk(p, at++, gap);
        } else if (i == p->free_from) {
            p->free_from = i + 1;
        }
        size_t rest = b.off + b.size - (start + need);
        p->blk[at] = (sim_heap_blk_t){start, need, 1, size, NULL};
        if (rest)
            insert_blk(p, at + 1, (sim_heap_blk_t){start + need, rest, 0, 0, NULL});
        return sim_heap_addr(h, pe, start);
    }
    return NULL;
}

/* Index of the last block of p starting at or before off, or -1. */
static long block_at(const sim_heap_pe_t *p, size_t off)
{
    size_t lo = 0, hi = p->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (p->blk[mid].off <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (long)lo - 1;
}

static long find_used(const sim_heap_t *h, int pe, const void *ptr)
{
    const sim_heap_pe_t *p = &h->pe[pe];
    size_t off = (size_t)((const char *)ptr - (const char *)sim_heap_addr(h, pe, 0));
    long i = block_at(p, off);
    return i >= 0 && p->blk[i].off == off && p->blk[i].used ? i : -1;
}

int sim_heap_free(sim_heap_t *h, int pe, void *ptr)
{
    long i = find_used(h, pe, ptr);
    if (i < 0)
        return -1;
    sim_heap_pe_t *p = &h->pe[pe];
    p->changes++;
    p->blk[i].used = 0;
    if ((size_t)i + 1 < p->n && !p->blk[i + 1].used) {
        p->blk[i].size += p->blk[i + 1].size;
        remove_blk(p, (size_t)i + 1);
    }
    if (i > 0 && !p->blk[i - 1].used) {
        p->blk[i - 1].size += p->blk[i].size;
        remove_blk(p, (size_t)i);
        i--;
    }
    if ((size_t)i < p->free_from)
        p->free_from = (size_t)i;
    return 0;
}

size_t sim_heap_size_of(const sim_heap_t *h, int pe, const void *ptr)
{
    long i = find_used(h, pe, ptr);
    return i < 0 ? (size_t)-1 : h->pe[pe].blk[i].size;
}

int sim_heap_find(const sim_heap_t *h, const void *addr, size_t *off)
{
    if (!h)
        return -1;
    const char *a = addr;
    if (a < h->base || a >= h->base + h->stride * (size_t)h->npes)
        return -1;
    size_t rel = (size_t)(a - h->base);
    *off = rel % h->stride;
    return (int)(rel / h->stride);
}

int sim_heap_collective_check(sim_heap_t *h, int pe, size_t size, size_t *other)
{
    uint64_t k = h->pe[pe].ncoll++;
    if (k == h->ncoll) {
        if (h->ncoll == h->capcoll) {
            h->capcoll = h->capcoll ? h->capcoll * 2 : 16;
            h->coll_size = sim_xrealloc(h->coll_size, h->capcoll * sizeof *h->coll_size);
            h->coll_pe = sim_xrealloc(h->coll_pe, h->capcoll * sizeof *h->coll_pe);
        }
        h->coll_size[k] = size;
        h->coll_pe[k] = pe;
        h->ncoll++;
        return -1;
    }
    if (h->coll_size[k] != size) {
        *other = h->coll_size[k];
        return h->coll_pe[k];
    }
    return -1;
}

int sim_heap_object(const sim_heap_t *h, int pe, const void *addr, size_t *off, size_t *size)
{
    size_t at;
    if (sim_heap_find(h, addr, &at) != pe)
        return -1;
    const sim_heap_pe_t *p = &h->pe[pe];
    long i = block_at(p, at);
    if (i < 0 || !p->blk[i].used || at >= p->blk[i].off + p->blk[i].asked)
        return -1;
    *off = p->blk[i].off;
    *size = p->blk[i].asked;
    return 0;
}

void sim_heap_zero(sim_heap_t *h, void *p, size_t n)
{
    (void)h;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    char *lo = p, *hi = lo + n;
    char *plo = (char *)(((uintptr_t)lo + page - 1) & ~(uintptr_t)(page - 1));
    char *phi = (char *)((uintptr_t)hi & ~(uintptr_t)(page - 1));
    if (plo >= phi || madvise(plo, (size_t)(phi - plo), MADV_DONTNEED) != 0) {
        memset(lo, 0, n);
        return;
    }
    memset(lo, 0, (size_t)(plo - lo));
    memset(phi, 0, (size_t)(hi - phi));
}

void sim_heap_set_site(sim_heap_t *h, int pe, const void *ptr, const void *site)
{
    long i = find_used(h, pe, ptr);
    if (i >= 0)
        h->pe[pe].blk[i].site = site;
}

int sim_heap_in_free(const sim_heap_t *h, int pe, size_t off)
{
    const sim_heap_pe_t *p = &h->pe[pe];
    long i = block_at(p, off);
    return i < 0 || !p->blk[i].used;
}

int sim_heap_prev_object(const sim_heap_t *h, int pe, size_t off, size_t *start, size_t *size,
                         const void **site)
{
    const sim_heap_pe_t *p = &h->pe[pe];
    for (long k = block_at(p, off); k >= 0; k--) {
        if (!p->blk[k].used)
            continue;
        *start = p->blk[k].off;
        *size = p->blk[k].asked;
        *site = p->blk[k].site;
        return 0;
    }
    return -1;
}

int sim_heap_next_object(const sim_heap_t *h, int pe, size_t off, size_t *start, size_t *size,
                         const void **site)
{
    const sim_heap_pe_t *p = &h->pe[pe];
    long i = block_at(p, off);
    if (i >= 0 && p->blk[i].off < off)
        i++;
    for (size_t k = i < 0 ? 0 : (size_t)i; k < p->n; k++) {
        if (!p->blk[k].used)
            continue;
        *start = p->blk[k].off;
        *size = p->blk[k].asked;
        *site = p->blk[k].site;
        return 0;
    }
    return -1;
}
