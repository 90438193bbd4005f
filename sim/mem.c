/* sim/mem: looks addresses up in the loader's copies and the heaps. */
#include "mem.h"
#include "heap.h"
#include "loader.h"
#include "util.h"
#include "world.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

sim_mem_kind_t sim_mem_locate(const void *addr, int *pe)
{
    size_t off;
    int p = sim_heap_find(sim_w->heap, addr, &off);
    if (p >= 0) {
        *pe = p;
        return SIM_MEM_HEAP;
    }
    p = sim_loader_find(sim_w->loader, addr, &off);
    if (p >= 0) {
        *pe = p;
        return SIM_MEM_IMAGE;
    }
    *pe = -1;
    return SIM_MEM_PRIVATE;
}

void *sim_mem_xlate(int from_pe, const void *addr, int to_pe)
{
    size_t off;
    if (sim_heap_find(sim_w->heap, addr, &off) == from_pe)
        return sim_heap_addr(sim_w->heap, to_pe, off);
    if (sim_loader_find(sim_w->loader, addr, &off) == from_pe)
        return sim_loader_addr(sim_w->loader, to_pe, off);
    return NULL;
}

/* The context whose stack is slot (a PE, its helper, one of its threads),
 * or NULL. */
static sim_pe_t *ctx_of_slot(long slot)
{
    size_t n = (size_t)sim_w->npes;
    if (slot < 0)
        return NULL;
    if ((size_t)slot < n)
        return &sim_w->pes[slot];
    if ((size_t)slot < 2 * n)
        return sim_w->pes[(size_t)slot - n].helper;
    if ((size_t)slot - sim_w->tslot0 < sim_w->ntslots)
        return sim_w->tslot_ctx[(size_t)slot - sim_w->tslot0];
    return NULL;
}

/* The PE whose stack (or one of whose threads' stack) holds addr, or -1. */
static int on_stack_of(const void *addr)
{
    long slot = sim_stacks_slot_of(&sim_w->stacks, addr);
    size_t n = (size_t)sim_w->npes;
    if (slot >= 0 && (size_t)slot < 2 * n)
        return (int)((size_t)slot % n);
    const sim_pe_t *ctx = ctx_of_slot(slot);
    return ctx ? ctx->id : -1;
}

int sim_mem_stack_of(const void *addr)
{
    return on_stack_of(addr);
}

int sim_mem_dead_stack(const void *addr, size_t len)
{
    long slot = sim_stacks_slot_of(&sim_w->stacks, addr);
    if (slot < 0)
        return 0;
    const sim_pe_t *ctx = ctx_of_slot(slot);
    if (!ctx)
        return 0;
    if ((ctx->owner ? ctx->owner : ctx)->state == SIM_PE_DONE || ctx->state == SIM_PE_DONE)
        return 1;
    /* In a call of the library: the program's stack pointer at that call
     * (the library's own frames below it may cover a frame of the program
     * that returned).  Else, running on that stack now: this frame is its
     * deepest (the machine frame: a sanitizer may keep locals elsewhere);
     * else (switched out, or lent to code that runs on another stack) the
     * stack pointer it saved. */
    const char *here = __builtin_frame_address(0);
    const char *sp = ctx->call_depth > 0 && ctx->call_sp ? ctx->call_sp
                     : sim_stacks_slot_of(&sim_w->stacks, here) == slot ? here
                                                                      : ctx->coro.sp;
    return sp && (const char *)addr + len <= sp;
}

/* Names addr when it is a variable of a shared library (loaded once for
 * all PEs, so neither private nor symmetric); 0 when it is not. */
static int shared_object_data(const void *addr, char *buf, size_t len)
{
    Dl_info info;
    const ElfW(Sym) *sym = NULL;
    if (!dladdr1(addr, &info, (void **)&sym, RTLD_DL_SYMENT) || !info.dli_fname ||
        !info.dli_fname[0])
        return 0;
    const char *base = strrchr(info.dli_fname, '/') ? strrchr(info.dli_fname, '/') + 1
                                                   : info.dli_fname;
    if (sym && info.dli_sname && ELF64_ST_TYPE(sym->st_info) == STT_OBJECT &&
        (const char *)addr < (const char *)info.dli_saddr + sym->st_size)
        snprintf(buf, len, "'%s' of the shared library %s, one copy that all PEs share",
                 info.dli_sname, base);
    else
        snprintf(buf, len, "the shared library %s, whose data all PEs share", base);
    return 1;
}

const char *sim_mem_describe(const void *addr, char *buf, size_t len)
{
    int pe;
    switch (sim_mem_locate(addr, &pe)) {
    case SIM_MEM_HEAP:
        snprintf(buf, len, "PE %d's symmetric heap", pe);
        break;
    case SIM_MEM_IMAGE:
        snprintf(buf, len, "PE %d's copy of the program's data", pe);
        break;
    default:
        pe = on_stack_of(addr);
        if (pe >= 0)
            snprintf(buf, len, "the stack of PE %d", pe);
        else if ((uintptr_t)addr < 65536) /* below any mapping Linux allows */
            snprintf(buf, len, "no memory at all (0x%lx, in the first 64 KiB, where nothing is "
                     "ever mapped: an integer passed as a pointer, or a NULL one plus an "
                     "offset)", (unsigned long)(uintptr_t)addr);
        else if (!shared_object_data(addr, buf, len))
            snprintf(buf, len, "private (non-symmetric) memory");
    }
    return buf;
}

const char *sim_mem_name(const void *addr, char *buf, size_t len)
{
    size_t off;
    int pe;
    if ((uintptr_t)addr < 65536) {
        snprintf(buf, len, "0x%lx", (unsigned long)(uintptr_t)addr);
    } else if ((pe = sim_heap_find(sim_w->heap, addr, &off)) >= 0) {
        snprintf(buf, len, "symmetric heap+0x%zx (PE %d)", off, pe);
    } else if ((pe = sim_loader_find(sim_w->loader, addr, &off)) >= 0) {
        if (sim_loader_data_name(sim_w->loader, off + sim_w->loader->vaddr_lo, buf, len) != 0)
            snprintf(buf, len, "program data+0x%zx (PE %d)", off + sim_w->loader->vaddr_lo, pe);
    } else if ((pe = on_stack_of(addr)) >= 0) {
        snprintf(buf, len, "stack of PE %d", pe);
    } else {
        snprintf(buf, len, "private memory");
    }
    return buf;
}

void *sim_mem_home(int pe, const void *addr)
{
    return sim_loader_home(sim_w->loader, pe, addr);
}

void *sim_mem_live(int pe, const void *home)
{
    return sim_loader_live(sim_w->loader, pe, home);
}

int sim_mem_object_room(int pe, const void *addr, size_t *room)
{
    size_t off, start, size;
    if (sim_heap_object(sim_w->heap, pe, addr, &start, &size) == 0) {
        sim_heap_find(sim_w->heap, addr, &off);
        *room = start + size - off;
        return 0;
    }
    if (sim_loader_find(sim_w->loader, addr, &off) != pe)
        return -1;
    size_t fv = off + sim_w->loader->vaddr_lo;
    if (sim_loader_object(sim_w->loader, fv, &start, &size) != 0)
        return -1;
    *room = start + size - fv;
    return 0;
}

uint64_t sim_mem_layout_changes(int pe)
{
    return sim_heap_changes(sim_w->heap, pe);
}

int sim_mem_region_room(int pe, const void *addr, size_t *room)
{
    size_t off;
    const sim_heap_t *h = sim_w->heap;
    if (sim_heap_find(h, addr, &off) == pe) {
        if (off < SIM_HEAP_INTERNAL || off >= SIM_HEAP_INTERNAL + h->user_size)
            return -1;
        *room = SIM_HEAP_INTERNAL + h->user_size - off;
        return 0;
    }
    const sim_loader_t *l = sim_w->loader;
    if (sim_loader_find(l, addr, &off) != pe || off < l->data_off ||
        off >= l->data_off + l->data_len)
        return -1;
    *room = l->data_off + l->data_len - off;
    return 0;
}

/* "the 40-byte block from CALL at main (prog.c:12)", CALL the allocating
 * routine. */
static const char *heap_block_name(size_t size, const void *site, char *buf, size_t len)
{
    char where[160] = "an unknown call";
    if (site)
        sim_loader_symbolize(sim_w->loader, site, where, sizeof where);
    snprintf(buf, len, "the %zu-byte symmetric heap block allocated at %s", size, where);
    return buf;
}

const char *sim_mem_stray_name(int pe, const void *addr, char *buf, size_t len)
{
    const sim_heap_t *h = sim_w->heap;
    size_t off, start, size;
    const void *site;
    if (sim_heap_find(h, addr, &off) != pe || off < SIM_HEAP_INTERNAL ||
        off >= SIM_HEAP_INTERNAL + h->user_size || sim_heap_object(h, pe, addr, &start, &size) == 0)
        return NULL;
    char block[220];
    if (sim_heap_prev_object(h, pe, off, &start, &size, &site) != 0) {
        snprintf(buf, len, "%zu bytes into the symmetric heap, before any block in use",
                 off - SIM_HEAP_INTERNAL);
        return buf;
    }
    heap_block_name(size, site, block, sizeof block);
    size_t past = off - (start + size);
    const char *in = sim_heap_in_free(h, pe, off) ? "in freed or never allocated space, " : "";
    if (past == 0)
        snprintf(buf, len, "%sjust past the end of %s", in, block);
    else
        snprintf(buf, len, "%s%zu byte%s past the end of %s", in, past, past == 1 ? "" : "s",
                 block);
    return buf;
}

const char *sim_mem_object_name(int pe, const void *addr, char *buf, size_t len)
{
    size_t start, size, off;
    const void *site;
    if (sim_heap_object(sim_w->heap, pe, addr, &start, &size) == 0 &&
        sim_heap_next_object(sim_w->heap, pe, start, &start, &size, &site) == 0)
        return heap_block_name(size, site, buf, len);
    if (sim_loader_find(sim_w->loader, addr, &off) == pe &&
        sim_loader_object(sim_w->loader, off + sim_w->loader->vaddr_lo, &start, &size) == 0) {
        char name[96];
        if (sim_loader_data_name(sim_w->loader, start, name, sizeof name) != 0)
            snprintf(name, sizeof name, "program data+0x%zx", start);
        snprintf(buf, len, "'%s' (%zu bytes)", name[0] == '&' ? name + 1 : name, size);
        return buf;
    }
    snprintf(buf, len, "?");
    return buf;
}

const char *sim_mem_spill_name(int pe, const void *end, size_t n, char *buf, size_t len)
{
    size_t off, start, size;
    const void *site;
    if (sim_heap_find(sim_w->heap, end, &off) == pe) {
        if (sim_heap_next_object(sim_w->heap, pe, off, &start, &size, &site) != 0)
            snprintf(buf, len, "free symmetric heap space up to the end of the heap");
        else if (start < off + n)
            heap_block_name(size, site, buf, len);
        else
            snprintf(buf, len, "free symmetric heap space");
        return buf;
    }
    /* The program's objects in the range, in address order (the first
     * few by name), past padding of up to 64 bytes between them. */
    const char *p = end, *stop = (const char *)end + n;
    size_t pad = 0;
    int named = 0;
    buf[0] = '\0';
    while (p < stop) {
        size_t room, k = 0;
        while (p + k < stop && k <= 64 && (sim_mem_object_room(pe, p + k, &room) != 0 || !room))
            k++;
        if (p + k >= stop || k > 64)
            break;
        if (!named)
            pad = k;
        p += k;
        if (named < 4) {
            char name[128];
            sim_append(buf, len, "%s%s", named ? ", " : "",
                       sim_mem_object_name(pe, p, name, sizeof name));
        }
        named++;
        p += room;
    }
    /* What runs past the end of the program's data (the last object's
     * bytes are only those it has). */
    size_t region;
    size_t beyond = sim_mem_region_room(pe, end, &region) == 0 && region < n ? n - region : 0;
    if (!named) {
        if (beyond == n)
            snprintf(buf, len, "memory past the end of the program's data");
        else
            snprintf(buf, len, "memory that belongs to no known object");
        if (beyond && beyond < n)
            sim_append(buf, len, ", the last %zu of them past the end of the program's data",
                       beyond);
        return buf;
    }
    if (named > 4)
        sim_append(buf, len, " and %d more object%s", named - 4, named - 4 == 1 ? "" : "s");
    if (pad) {
        char objs[400];
        snprintf(objs, sizeof objs, "%s", buf);
        snprintf(buf, len, "%zu bytes of padding, then %s", pad, objs);
    }
    if (beyond)
        sim_append(buf, len, ", and the last %zu past the end of the program's data", beyond);
    return buf;
}

/* The process's writable mappings, from /proc/self/maps, in address order
 * with neighbours merged: read again whenever a range is in none of them,
 * as mappings come and go. */
static struct {
    uintptr_t lo, hi;
} *writable_maps;
static size_t nwritable_maps, writable_cap;

static void read_writable_maps(void)
{
    nwritable_maps = 0;
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f)
        return;
    char line[512], perms[8];
    unsigned long lo, hi;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) == 3 && perms[1] == 'w') {
            if (nwritable_maps && writable_maps[nwritable_maps - 1].hi == lo) {
                writable_maps[nwritable_maps - 1].hi = hi;
                continue;
            }
            if (nwritable_maps == writable_cap) {
                writable_cap = writable_cap ? 2 * writable_cap : 64;
                writable_maps = sim_xrealloc(writable_maps, writable_cap * sizeof *writable_maps);
            }
            writable_maps[nwritable_maps].lo = lo;
            writable_maps[nwritable_maps++].hi = hi;
        }
    fclose(f);
}

static int in_writable_maps(uintptr_t lo, uintptr_t hi)
{
    size_t a = 0, b = nwritable_maps;
    while (a < b) { /* the first mapping that ends after lo */
        size_t m = a + (b - a) / 2;
        if (writable_maps[m].hi <= lo)
            a = m + 1;
        else
            b = m;
    }
    return a < nwritable_maps && writable_maps[a].lo <= lo && hi <= writable_maps[a].hi;
}

int sim_mem_writable(const void *addr, size_t len)
{
    uintptr_t lo = (uintptr_t)addr, hi = lo + len;
    if (hi < lo)
        return 0;
    if (in_writable_maps(lo, hi))
        return 1;
    read_writable_maps();
    return in_writable_maps(lo, hi);
}

const char *sim_mem_site_name(const void *site, char *buf, size_t len)
{
    return sim_loader_symbolize(sim_w->loader, site, buf, len);
}
