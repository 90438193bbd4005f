/* sim/loader: the program's copies, one per PE (privatization).
 *
 * shmemsim-cc builds a program as a position-independent shared module that
 * carries the marker symbol __shmemsim_module.  The default strategy ("copy")
 * loads the module once per PE, each copy from its own anonymous file
 * (memfd), so every PE has its own globals and statics at the same offsets
 * from its copy's base: an address in PE i's copy maps to PE j's by offset.
 * Libraries other than the program are loaded once and shared.
 *
 * The copy strategy costs one set of memory mappings per PE (about 4-5, plus
 * 2 for the stack); the kernel's vm.max_map_count (65530 by default) bounds
 * the PE count.  A second strategy (one copy whose writable segment is
 * swapped on each switch) would fit behind the same interface: callers only
 * use sim_loader_find/sim_loader_addr and sim_image_run_main. */
#ifndef SIM_LOADER_H
#define SIM_LOADER_H

#include <stddef.h>

typedef struct sim_image {
    int pe;                                 /* PE whose copy this is */
    void *handle;                           /* dlopen handle */
    char *lo;                               /* first byte of the copy's loaded segments */
    int (*main_fn)(int, char **, char **);  /* the program's main in this copy */
} sim_image_t;

typedef struct sim_loader {
    char *path;          /* the module file */
    int ncopies;         /* one per PE */
    sim_image_t *img;    /* img[pe] */
    sim_image_t **order; /* copies sorted by lo, for address lookups */
    size_t span;         /* bytes from lo to the end of the last segment */
    size_t vaddr_lo;     /* lowest segment vaddr in the file (page-rounded) */
    size_t maps_per_copy; /* memory mappings one copy costs (estimate) */
} sim_loader_t;

/* Loads ncopies copies of the module at path.  On error returns -1 with a
 * one-line reason in err (missing file, not a shmemsim module, mapping
 * limit, dlopen failure). */
int sim_loader_open(const char *path, int ncopies, sim_loader_t **out, char *err, size_t errlen);
void sim_loader_close(sim_loader_t *l);
/* PE whose copy contains addr, with the offset into it; -1 if none. */
int sim_loader_find(const sim_loader_t *l, const void *addr, size_t *off);
/* Address at offset off in pe's copy. */
static inline void *sim_loader_addr(const sim_loader_t *l, int pe, size_t off)
{
    return l->img[pe].lo + off;
}
/* Runs the copy's main on the calling PE.  PE context; may yield. */
int sim_image_run_main(sim_image_t *img, int argc, char **argv);
/* Where addr (a return address into the program, or any address) is:
 * "main at prog.c:12" with debug information, else "main+0x1c", else the
 * module offset; writes into buf (sim/symbolize.c). */
/* "&name" or "&name+off" for the object at file_vaddr of the module; -1
 * when no symbol covers it. */
int sim_loader_data_name(const sim_loader_t *l, size_t file_vaddr, char *buf, size_t len);
const char *sim_loader_symbolize(const sim_loader_t *l, const void *addr, char *buf, size_t len);

#endif
