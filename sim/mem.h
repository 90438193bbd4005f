/* sim/mem: symmetric address translation.
 *
 * Symmetric memory is a PE's copy of the program image (globals, statics,
 * and code, for handler addresses) and its symmetric heap.  An address in
 * PE i's symmetric memory corresponds to the address at the same offset in
 * PE j's.  Anything else (stacks, malloc'd memory) is private to a PE. */
#ifndef SIM_MEM_H
#define SIM_MEM_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    SIM_MEM_PRIVATE, /* not symmetric: stack, private heap, libraries */
    SIM_MEM_IMAGE,   /* a PE's copy of the program */
    SIM_MEM_HEAP     /* a PE's symmetric heap */
} sim_mem_kind_t;

/* What addr is and, for symmetric memory, whose (in *pe). */
sim_mem_kind_t sim_mem_locate(const void *addr, int *pe);
/* The home address in to_pe's memory that corresponds to addr in
 * from_pe's, or NULL when addr is not in from_pe's symmetric memory. */
void *sim_mem_xlate(int from_pe, const void *addr, int to_pe);
/* The PE whose stack (its own or its helper's) holds addr, or -1. */
int sim_mem_stack_of(const void *addr);
/* Whether [addr, addr+len) is on the stack of a context that is not
 * running, below its saved stack pointer: in a frame that has returned,
 * memory its owner will reuse for other frames (or the stack of a PE that
 * has ended).  0 for the running context and for memory in use; a frame
 * that returned and whose bytes are in use again by other frames is not
 * told apart from a live one. */
int sim_mem_dead_stack(const void *addr, size_t len);
/* Whether [a, a+alen) and [b, b+blen) share a byte (never when either is
 * empty). */
static inline int sim_mem_overlaps(const void *a, size_t alen, const void *b, size_t blen)
{
    const char *x = a, *y = b;
    return alen && blen && x < y + blen && y < x + alen;
}
/* Describes addr for messages: "PE 3's symmetric heap", "the stack of PE 1",
 * "PE 2's copy of the program", "private memory". */
const char *sim_mem_describe(const void *addr, char *buf, size_t len);

/* The home form of addr, an address of pe's (see sim/loader.h); the
 * simulator keeps addresses in this form across context switches. */
void *sim_mem_home(int pe, const void *addr);
/* Where the bytes at home address home of pe are now: use it to touch
 * memory from an event. */
void *sim_mem_live(int pe, const void *home);

/* The symmetric object of pe's containing addr (a symmetric heap block or
 * a program variable with a known size): the bytes from addr to its end
 * in *room.  -1 when addr is in no known object. */
int sim_mem_object_room(int pe, const void *addr, size_t *room);
/* A count that moves on whenever pe's symmetric objects change (an
 * allocation or a free): what a check found about an address holds
 * while it stays the same. */
uint64_t sim_mem_layout_changes(int pe);

/* The bytes from addr to the end of the symmetric region of pe it lies in
 * (the user part of the heap, or the program's writable data), in *room:
 * how far a write past an object can run and still land in memory of that
 * PE.  -1 when addr is in neither. */
int sim_mem_region_room(int pe, const void *addr, size_t *room);

/* Whether every byte of [addr, addr+len) lies in memory the process may
 * write (a library's code or read-only data may not be). */
int sim_mem_writable(const void *addr, size_t len);

/* Describes the symmetric object of pe that contains addr, for messages:
 * "'buf' (64 bytes)" for a program variable, "the 40-byte block from CALL
 * at main (prog.c:12)" for a heap block (CALL the routine that allocated
 * it), "?" when unknown. */
const char *sim_mem_object_name(int pe, const void *addr, char *buf, size_t len);
/* When addr is in the user part of pe's symmetric heap but in no block in
 * use (a block's padding, freed or never allocated space): "N bytes past
 * the end of the S-byte symmetric heap block allocated at SITE" ("just
 * past", or that it is before any block); else NULL. */
const char *sim_mem_stray_name(int pe, const void *addr, char *buf, size_t len);
/* Describes what the bytes [end, end+n) of pe hold, for an access that ran
 * past an object ending at end: the program objects there (as
 * sim_mem_object_name names them, the first four, and how many more),
 * "free symmetric heap space", "the end of the symmetric heap", or
 * padding. */
const char *sim_mem_spill_name(int pe, const void *end, size_t n, char *buf, size_t len);

/* Names addr without printing its value (which changes from run to run):
 * "&flag", "&buf+16", "symmetric heap+0x40 (PE 2)", "stack of PE 1",
 * "private memory", or a small value in hex ("0x8", for NULL-ish faults). */
const char *sim_mem_name(const void *addr, char *buf, size_t len);

/* Names a call site (a return address into the program) as findings do:
 * "main at prog.c:12". */
const char *sim_mem_site_name(const void *site, char *buf, size_t len);

#endif
