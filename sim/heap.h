/* sim/heap: the per-PE symmetric heaps.
 *
 * All heaps live in one reservation: PE p's heap starts at base + p*stride,
 * so an offset means the same object on every PE.  Each heap begins with a
 * library-internal area (SIM_HEAP_INTERNAL bytes, for synchronisation
 * arrays the API layers place at fixed offsets), followed by the user part
 * served by a first-fit allocator.  The allocator's bookkeeping is kept
 * outside the heap, so a program writing past an object cannot corrupt it
 * and every object's bounds stay known.  Because every PE makes the same
 * sequence of collective allocations, the same offsets come out on all PEs;
 * sim_heap_collective_check verifies the sizes agree. */
#ifndef SIM_HEAP_H
#define SIM_HEAP_H

#include <stddef.h>
#include <stdint.h>

#define SIM_HEAP_INTERNAL ((size_t)64 * 1024)

typedef struct sim_heap_blk {
    size_t off;   /* offset from the PE's heap base */
    size_t size;  /* bytes */
    int used;     /* 0: free */
    size_t asked; /* bytes the program asked for (size is rounded up) */
    const void *site; /* return address of the allocating call, or NULL */
} sim_heap_blk_t;

typedef struct sim_heap_pe {
    sim_heap_blk_t *blk; /* blocks in offset order, covering the user part */
    size_t n, cap;       /* blocks used / allocated */
    size_t free_from;    /* every block before this index is in use */
    uint64_t ncoll;      /* collective allocation calls made by this PE */
    uint64_t changes;    /* allocations and frees so far (what a check found may have changed) */
} sim_heap_pe_t;

typedef struct sim_heap {
    char *base;        /* PE 0's heap */
    size_t stride;     /* distance between two PEs' heaps */
    size_t user_size;  /* bytes of the user part */
    int npes;
    sim_heap_pe_t *pe; /* allocator state of each PE */
    size_t *coll_size; /* size asked by the first PE at each collective call index */
    int *coll_pe;      /* which PE asked first */
    size_t ncoll, capcoll;
} sim_heap_t;

int sim_heap_create(int npes, size_t user_size, sim_heap_t **out, char *err, size_t errlen);
void sim_heap_destroy(sim_heap_t *h);
/* Frees h's bookkeeping but leaves its memory mapped until the process
 * ends: the program's destructors, which run at exit, may still use it. */
void sim_heap_release(sim_heap_t *h);
/* Address of byte off of pe's heap (internal area starts at 0). */
static inline void *sim_heap_addr(const sim_heap_t *h, int pe, size_t off)
{
    return h->base + (size_t)pe * h->stride + off;
}
/* Allocates size bytes aligned to align (a power of two) in pe's user part;
 * NULL when it does not fit. size 0 gives a valid unique pointer. */
void *sim_heap_alloc(sim_heap_t *h, int pe, size_t align, size_t size);
/* A count that moves on at each allocation and free of pe's heap. */
static inline uint64_t sim_heap_changes(const sim_heap_t *h, int pe)
{
    return h->pe[pe].changes;
}
/* Frees the block starting at p; -1 if p is not the start of a used block. */
int sim_heap_free(sim_heap_t *h, int pe, void *p);
/* Size of the used block starting at p, or (size_t)-1. */
size_t sim_heap_size_of(const sim_heap_t *h, int pe, const void *p);
/* The used block of pe's heap containing addr: its offset and the size the
 * program asked for; -1 when addr is in no used block or in the rounding
 * past the asked size. */
int sim_heap_object(const sim_heap_t *h, int pe, const void *addr, size_t *off, size_t *size);
/* Zeroes n bytes at p (in pe's heap) without touching the whole pages
 * among them: those are handed back to the kernel, which gives zeros (and
 * no resident memory) until they are written. */
void sim_heap_zero(sim_heap_t *h, void *p, size_t n);
/* Records the call site that allocated the used block starting at p. */
void sim_heap_set_site(sim_heap_t *h, int pe, const void *p, const void *site);
/* Whether offset off of pe's heap is in no block in use (freed or never
 * allocated space; a block's padding is in its block). */
int sim_heap_in_free(const sim_heap_t *h, int pe, size_t off);
/* The used block of pe's heap at or before offset off (the last that
 * starts there or earlier): its offset, asked size and allocating call
 * site; -1 when there is none. */
int sim_heap_prev_object(const sim_heap_t *h, int pe, size_t off, size_t *start, size_t *size,
                         const void **site);
/* The used block of pe's heap at or after offset off: its offset, asked size
 * and allocating call site; -1 when there is none. */
int sim_heap_next_object(const sim_heap_t *h, int pe, size_t off, size_t *start, size_t *size,
                         const void **site);
/* PE whose heap holds addr, with the offset; -1 if none. */
int sim_heap_find(const sim_heap_t *h, const void *addr, size_t *off);
/* Records that pe's next collective allocation asks for size bytes.
 * Returns -1 when sizes agree so far, else the PE that asked for a different
 * size first (its size in *other). */
int sim_heap_collective_check(sim_heap_t *h, int pe, size_t size, size_t *other);

#endif
