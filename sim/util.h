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
/* Appends formatted text to the string in buf (len bytes in all),
 * truncating; does nothing once buf is full. */
void sim_append(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Edit distance of a and b, a swap of two neighbours counting one (for
 * did-you-mean suggestions; strings longer than 63 bytes are 99 apart). */
size_t sim_edit_distance(const char *a, const char *b);
/* The candidate nearest to a word, for a did-you-mean: sim_nearest_try
 * each candidate, then sim_nearest_best gives it when it is near enough
 * to be a typo of the word (one edit below 6 bytes, else two), or NULL. */
typedef struct sim_nearest {
    const char *word;
    const char *best;
    size_t d;
} sim_nearest_t;
void sim_nearest_try(sim_nearest_t *n, const char *cand);
const char *sim_nearest_best(const sim_nearest_t *n);
/* Reports a broken invariant and aborts the process. */
_Noreturn void sim_assert_fail(const char *expr, const char *file, int line);

#define SIM_ASSERT(e) ((e) ? (void)0 : sim_assert_fail(#e, __FILE__, __LINE__))

#endif
