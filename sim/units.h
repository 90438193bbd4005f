/*
 * sim/units — text to number conversion for human-written quantities.
 *
 * Is:     the single parser for durations, sizes and rates, shared by the
 *         command line (--net latency=1us, --heap-size 64MiB) and by
 *         scenario files, so both accept exactly the same spellings.
 * Is not: aware of which setting a quantity is for, of sane ranges for a
 *         setting, or of error messages; callers add those.
 *
 * Accepted grammar (no leading or trailing blanks; spaces may separate the
 * number from its unit; units are case-sensitive; no sign):
 *   duration  DIGITS[.DIGITS] [ns|us|µs|ms|s]       bare number = ns
 *   size      DIGITS[.DIGITS] [B|KB|kB|KiB|MB|MiB|GB|GiB|TB|TiB]  bare = bytes
 *   rate      DIGITS[.DIGITS][e[+-]DIGITS] [B/s|KB/s|kB/s|KiB/s|MB/s|...]
 *                                                    bare number = bytes/s
 * Decimal prefixes are powers of 1000, binary (KiB...) powers of 1024.
 * Durations and sizes are exact: a fraction must come out to a whole number
 * of nanoseconds or bytes ("1.5us" is 1500, "1.5ns" is an error).
 * None of these functions allocate, yield or touch global state; parsing
 * does not depend on the C locale.
 */
#ifndef SIM_UNITS_H
#define SIM_UNITS_H

#include <stdint.h>

/* Parses a duration into nanoseconds. Returns 0 and sets *ns, or -1 (and
 * leaves *ns untouched) for empty, negative, malformed, fractional-ns or
 * overflowing input. */
int sim_units_duration(const char *s, uint64_t *ns);

/* Parses a size into bytes. Returns 0 and sets *bytes, or -1 (leaving
 * *bytes untouched) for empty, negative, malformed, fractional-byte or
 * overflowing input. */
int sim_units_size(const char *s, uint64_t *bytes);

/* Parses a memory size as --heap-size and --stack-size take it: digits
 * with an optional K, M, G or T (binary multiples), optionally followed
 * by B or iB; not zero.  Returns 0 and sets *bytes, or -1. */
int sim_units_mem_size(const char *s, uint64_t *bytes);

/* Parses a bandwidth into bytes per second. Returns 0 and sets
 * *bytes_per_s (always finite and > 0), or -1 (leaving it untouched). */
int sim_units_rate(const char *s, double *bytes_per_s);

/* Parses a plain non-negative number, DIGITS[.DIGITS][e[+-]DIGITS] with no
 * unit (for probabilities and factors). Returns 0 and sets *v (finite,
 * >= 0), or -1 leaving *v untouched. */
int sim_units_number(const char *s, double *v);

#endif /* SIM_UNITS_H */
