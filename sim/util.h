/* sim/util: allocation that cannot fail silently, and the invariant assert.
 *
 * SIM_ASSERT is for the simulator's own invariants, never for user misuse
 * (that is a finding).  It prints the virtual time, the running PE and the
 * file:line before aborting. */
#ifndef SIM_UTIL_H
#define SIM_UTIL_H

#include <stddef.h>

void *sim_xmalloc(size_t n);
void *sim_xcalloc(size_t n, size_t size);
void *sim_xrealloc(void *p, size_t n);
char *sim_xstrdup(const char *s);
/* Reports a broken invariant and aborts the process. */
_Noreturn void sim_assert_fail(const char *expr, const char *file, int line);

#define SIM_ASSERT(e) ((e) ? (void)0 : sim_assert_fail(#e, __FILE__, __LINE__))

#endif
