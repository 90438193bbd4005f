/* sim/loader: the program's copies, one per PE (privatization).
 *
 * shmemsim-cc builds a program as a position-independent shared module that
 * carries the marker symbol __shmemsim_module.  The default strategy ("copy")
 * loads the module once per PE, each copy from its own anonymous file
 * (memfd), so every PE has its own globals and statics at the same offsets
 * from its copy's base: an address in PE i's copy maps to PE j's by offset.
 * Libraries other than the program are loaded once and shared.
 *
 * The copy strategy costs the mappings of one copy per PE (2 or 3, plus 2
 * for the stack), and the kernel's vm.max_map_count (65530 by default)
 * bounds the PE count.  The swap strategy loads one copy and keeps each PE's
 * writable segment (.data, .bss) in a store of its own; the PE about to run
 * has its store copied into the live image (the previous owner's saved
 * back).  So an address has a home: the live image for code and read-only
 * data, the PE's store for writable data.  The simulator keeps addresses in
 * home form (sim_loader_addr, sim_loader_home) and turns them into the
 * current location only to touch memory (sim_loader_live).  In the copy
 * strategy home and live are the same address. */
#ifndef SIM_LOADER_H
#define SIM_LOADER_H

#include <stddef.h>

typedef struct sim_image {
    int pe;                                 /* PE whose copy this is */
    void *handle;                           /* dlopen handle */
    char *lo;                               /* first byte of the copy's loaded segments */
    int (*main_fn)(int, char **, char **);  /* the program's main in this copy */
} sim_image_t;

typedef enum {
    SIM_LOAD_COPY, /* one loaded copy per PE */
    SIM_LOAD_SWAP  /* one copy, writable segment swapped per PE */
} sim_load_mode_t;

typedef struct sim_loader {
    char *path;          /* the module file */
    sim_load_mode_t mode; /* strategy in use */
    int ncopies;         /* one per PE */
    sim_image_t *img;    /* img[pe] */
    const char **order_lo; /* the copies' lo, sorted, for address lookups */
    int *order_pe;         /* the PE of each */
    size_t span;         /* bytes from lo to the end of the last segment */
    size_t vaddr_lo;     /* lowest segment vaddr in the file (page-rounded) */
    size_t maps_per_copy; /* memory mappings one copy costs (estimate) */
    int helpers;         /* the module calls a routine that may give each PE a helper context */
    size_t data_off, data_len; /* the writable segments (data, bss): offset from lo, bytes */
    size_t stub_off, stub_len; /* the call stubs (.plt*): offset from lo, bytes */
    /* Swap strategy only: */
    size_t rw_off, rw_len; /* writable bytes: offset from lo and length */
    char *stores;         /* PE p's writable data at stores + p * rw_len */
    size_t swap_skip;     /* leading writable bytes only the dynamic linker writes
                           * (relocated pointers, the same for every PE): not swapped */
    int owner;            /* PE whose data is in the live image */
    struct sim_symcache *sym; /* sim/symbolize's state for this module, or NULL */
} sim_loader_t;

/* Registers an API routine that may start a helper context (a coroutine
 * with its own stack) for the PE that calls it: a module that imports it
 * is given one more stack slot per PE.  For the API layers, before any load. */
void sim_loader_helper_symbol(const char *name);

/* auto picks swap for more than this many PEs when the program's
 * writable segment is at most this many bytes. */
#define SIM_AUTO_SWAP_PES 256
#define SIM_AUTO_SWAP_BYTES 4096

/* Loads the module at path for npes PEs.  auto_mode picks the copy
 * strategy when the mapping limit allows it, and the job is small or the
 * program's writable data large (see above), else swap; otherwise mode is
 * used as given.  On error returns -1 with a one-line reason in err
 * (missing file, not a shmemsim module, mapping limit, dlopen failure). */
int sim_loader_open(const char *path, int npes, int auto_mode, sim_load_mode_t mode,
                    sim_loader_t **out, char *err, size_t errlen);
void sim_loader_close(sim_loader_t *l);
/* Frees sim/symbolize's state for l (sim_loader_close calls it). */
void sim_loader_symbols_free(sim_loader_t *l);
/* Calls fn(path, objects, arg) for each shared library loaded with the
 * program that was built with shmemsim-cc -shared and holds variables:
 * its path and "name (N bytes), ...".  Such a library is loaded once for
 * the whole job, so every PE shares its variables. */
void sim_loader_shared_data(const sim_loader_t *l,
                            void (*fn)(const char *path, const char *objects, void *arg), void *arg);
/* Memory mappings left for the rest of the run (stack guard zones) once
 * the copies have theirs. */
long sim_loader_spare_maps(const sim_loader_t *l);
/* Stacks the run may need: one per PE, two when the module may start a
 * helper context per PE (slot npes + pe is PE pe's helper). */
size_t sim_loader_stacks(const sim_loader_t *l);
/* PE whose copy contains addr, with the offset into it; -1 if none. */
int sim_loader_find(const sim_loader_t *l, const void *addr, size_t *off);
/* Whether pc is in a call stub of a copy (a PLT entry, which jumps to a
 * routine outside the program without touching the stack): code of no
 * function of the program.  Safe in a signal handler. */
int sim_loader_in_stub(const sim_loader_t *l, const void *pc);
/* Home address of offset off in pe's copy. */
static inline void *sim_loader_addr(const sim_loader_t *l, int pe, size_t off)
{
    if (l->mode == SIM_LOAD_SWAP && off - l->rw_off < l->rw_len)
        return l->stores + (size_t)pe * l->rw_len + (off - l->rw_off);
    return l->img[pe].lo + off;
}
/* Home form of addr, an address of pe's (any address: others are returned
 * unchanged). */
void *sim_loader_home(const sim_loader_t *l, int pe, const void *addr);
/* Where the bytes at home address home of pe are now. */
void *sim_loader_live(const sim_loader_t *l, int pe, const void *home);
/* Makes pe's writable data live (swap strategy); call before it runs. */
void sim_loader_activate(sim_loader_t *l, int pe);
/* Runs the copy's main on the calling PE.  PE context; may yield. */
int sim_image_run_main(sim_image_t *img, int argc, char **argv);
/* "&name" or "&name+off" for the object at file_vaddr of the module; -1
 * when no symbol covers it. */
int sim_loader_data_name(const sim_loader_t *l, size_t file_vaddr, char *buf, size_t len);
/* The program object (symbol) covering file_vaddr: its file vaddr and
 * size; -1 when no sized symbol covers it. */
int sim_loader_object(const sim_loader_t *l, size_t file_vaddr, size_t *start, size_t *size);
/* Where the data object called name is: *off from the start of a copy
 * (for sim_loader_addr) and its size in bytes (0 if unknown).  Static
 * (file-local) objects count; the first of several with the name wins.
 * -1 when the program has no such object. */
int sim_loader_symbol(const sim_loader_t *l, const char *name, size_t *off, size_t *size);
/* Where addr (a return address into the program, or any address) is:
 * "main at prog.c:12" with debug information, else "main+0x1c", else the
 * module offset; writes into buf (sim/symbolize.c).  A return address is
 * looked up one byte back, in the call instruction. */
const char *sim_loader_symbolize(const sim_loader_t *l, const void *addr, char *buf, size_t len);
/* The source file (as the debugging information names it, usually a full
 * path) and line of the call whose return address is addr, in the
 * program; 0, or -1 without debugging information or outside the
 * program. */
int sim_loader_source(const sim_loader_t *l, const void *addr, char *path, size_t len, int *line);
/* The same for the address of an instruction itself (a faulting PC, where
 * a PE was interrupted): looked up as it is. */
const char *sim_loader_symbolize_pc(const sim_loader_t *l, const void *pc, char *buf, size_t len);

#endif
