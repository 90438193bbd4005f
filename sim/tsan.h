/* sim/tsan: the entry points of -fsanitize=thread instrumentation (see
 * tsan.c), and what the C library wrappers tell the race detector. */
#ifndef SIM_TSAN_H
#define SIM_TSAN_H

#include "hb.h"

#include <stddef.h>

/* Set once an instrumented module has run its constructor. */
extern int sim_tsan_seen;
struct sim_pe;
/* What pe was last seen polling with plain loads (its loop's places, up to
 * four, named in order), into buf; NULL when it never was. */
const char *sim_tsan_poll_names(const struct sim_pe *pe, char *buf, size_t len);

/* An instrumented module's C library call (memcpy, memset, ...) read or
 * wrote n bytes at addr, called from pc: checked as the program's own
 * access, as an instrumented loop over the bytes would be.  Any context;
 * nothing outside a PE or without instrumentation. */
void sim_tsan_range(const void *addr, size_t n, sim_hb_dir_t dir, const void *pc);

#endif
