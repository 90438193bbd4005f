/*
 * sim/units — parsing of durations, sizes and rates (see units.h).
 *
 * Durations and sizes are converted with integer arithmetic only, so that
 * "1.5us" is exactly 1500 and no input is silently rounded; rates are
 * doubles built from the digits by hand, so the result never depends on
 * the C locale (a PE's program may call setlocale in the same process).
 */
#include "units.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdlib.h>

#include <math.h>
#include <stddef.h>
#include <string.h>

/* One accepted unit suffix and its multiplier. */
typedef struct unit {
    const char *name; /* suffix as written after the number; "" = bare */
    uint64_t mult;    /* base units (ns or bytes) per unit */
} unit_t;

/* A decimal number split into exact integer parts. */
typedef struct decimal {
    uint64_t whole;   /* digits before the point */
    uint64_t frac;    /* digits after the point, trailing zeros removed */
    int frac_digits;  /* how many digits frac stands for (0..19) */
    const char *rest; /* first character after the number */
} decimal_t;

#define KILO UINT64_C(1000)
#define KIBI UINT64_C(1024)

static const unit_t duration_units[] = {
    {"", 1}, {"ns", 1}, {"us", KILO}, {"\xc2\xb5s", KILO},
    {"ms", KILO * KILO}, {"s", KILO * KILO * KILO}, {NULL, 0},
};

static const unit_t size_units[] = {
    {"", 1}, {"B", 1}, {"KB", KILO}, {"kB", KILO}, {"KiB", KIBI},
    {"MB", KILO * KILO}, {"MiB", KIBI * KIBI},
    {"GB", KILO * KILO * KILO}, {"GiB", KIBI * KIBI * KIBI},
    {"TB", KILO * KILO * KILO * KILO}, {"TiB", KIBI * KIBI * KIBI * KIBI},
    {NULL, 0},
};

static const unit_t rate_units[] = {
    {"", 1}, {"B/s", 1}, {"KB/s", KILO}, {"kB/s", KILO}, {"KiB/s", KIBI},
    {"MB/s", KILO * KILO}, {"MiB/s", KIBI * KIBI},
    {"GB/s", KILO * KILO * KILO}, {"GiB/s", KIBI * KIBI * KIBI},
    {"TB/s", KILO * KILO * KILO * KILO}, {"TiB/s", KIBI * KIBI * KIBI * KIBI},
    {NULL, 0},
};

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static uint64_t pow10_u64(int n)
{
    uint64_t p = 1;
    while (n-- > 0)
        p *= 10;
    return p;
}

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
    while (b != 0) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Reads DIGITS into *out; returns the end, or NULL on no digit/overflow. */
static const char *scan_digits(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    if (!is_digit(*s))
        return NULL;
    for (; is_digit(*s); s++) {
        if (__builtin_mul_overflow(v, 10, &v) ||
            __builtin_add_overflow(v, (uint64_t)(*s - '0'), &v))
            return NULL;
    }
    *out = v;
    return s;
}

/* Reads the fraction digits after a '.', dropping trailing zeros; more than
 * 19 significant digits is more precision than any unit can need. */
static const char *scan_fraction(const char *s, decimal_t *d)
{
    const char *start = s, *last = NULL;
    while (is_digit(*s)) {
        if (*s != '0')
            last = s;
        s++;
    }
    if (s == start)
        return NULL;
    d->frac = 0;
    d->frac_digits = last ? (int)(last - start + 1) : 0;
    if (d->frac_digits > 19)
        return NULL;
    for (const char *p = start; last && p <= last; p++)
        d->frac = d->frac * 10 + (uint64_t)(*p - '0');
    return s;
}

/* DIGITS[.DIGITS]; returns 0 and fills *d, or -1. */
static int scan_decimal(const char *s, decimal_t *d)
{
    d->frac = 0;
    d->frac_digits = 0;
    s = scan_digits(s, &d->whole);
    if (s == NULL)
        return -1;
    if (*s == '.') {
        s = scan_fraction(s + 1, d);
        if (s == NULL)
            return -1;
    }
    d->rest = s;
    return 0;
}

/* Finds the unit named by rest (after optional spaces); a bare number must
 * not be followed by spaces. Returns the unit or NULL. */
static const unit_t *find_unit(const unit_t *units, const char *rest)
{
    const char *name = rest;
    while (*name == ' ')
        name++;
    if (*name == '\0' && name != rest)
        return NULL;
    for (const unit_t *u = units; u->name != NULL; u++) {
        if (strcmp(u->name, name) == 0)
            return u;
    }
    return NULL;
}

/* frac / 10^digits * mult, which must be a whole number. */
static int scale_fraction(const decimal_t *d, uint64_t mult, uint64_t *out)
{
    uint64_t p = pow10_u64(d->frac_digits);
    uint64_t g = gcd_u64(mult, p);
    uint64_t den = p / g;
    if (d->frac % den != 0)
        return -1;
    return __builtin_mul_overflow(d->frac / den, mult / g, out) ? -1 : 0;
}

/* Shared body of the two exact parsers. */
static int parse_exact(const char *s, const unit_t *units, uint64_t *out)
{
    decimal_t d;
    const unit_t *u;
    uint64_t whole, frac = 0, sum;
    if (s == NULL || scan_decimal(s, &d) != 0)
        return -1;
    u = find_unit(units, d.rest);
    if (u == NULL || __builtin_mul_overflow(d.whole, u->mult, &whole))
        return -1;
    if (d.frac_digits > 0 && scale_fraction(&d, u->mult, &frac) != 0)
        return -1;
    if (__builtin_add_overflow(whole, frac, &sum))
        return -1;
    *out = sum;
    return 0;
}

int sim_units_duration(const char *s, uint64_t *ns)
{
    return parse_exact(s, duration_units, ns);
}

int sim_units_size(const char *s, uint64_t *bytes)
{
    return parse_exact(s, size_units, bytes);
}

/* [e[+-]DIGITS]: adds the exponent to *exp; returns the end or NULL. */
static const char *scan_exponent(const char *s, int *exp)
{
    int sign = 1;
    uint64_t e;
    if (*s != 'e' && *s != 'E')
        return s;
    s++;
    if (*s == '+' || *s == '-')
        sign = (*s++ == '-') ? -1 : 1;
    s = scan_digits(s, &e);
    if (s == NULL || e > 400)
        return NULL;
    *exp += sign * (int)e;
    return s;
}

/* DIGITS[.DIGITS] read as a double mantissa and a power of ten. */
static const char *scan_real(const char *s, double *mant, int *exp)
{
    const char *p = s;
    *mant = 0.0;
    *exp = 0;
    if (!is_digit(*p))
        return NULL;
    for (; is_digit(*p); p++)
        *mant = *mant * 10.0 + (*p - '0');
    if (*p == '.') {
        if (!is_digit(*++p))
            return NULL;
        for (; is_digit(*p); p++, (*exp)--)
            *mant = *mant * 10.0 + (*p - '0');
    }
    return scan_exponent(p, exp);
}

/* Number with optional exponent, then the unit text left in *rest.  The
 * syntax is checked here; the value is the C library's correctly rounded
 * conversion in the "C" locale, so a number written with %.17g reads back
 * as the same double whatever the program's locale. */
static int parse_real(const char *s, double *v, const char **rest)
{
    static locale_t c_locale;
    double mant;
    int exp;
    const char *start = s;
    if (s == NULL || (s = scan_real(s, &mant, &exp)) == NULL)
        return -1;
    char num[512];
    size_t len = (size_t)(s - start);
    if (!c_locale)
        c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (len < sizeof num && c_locale) {
        memcpy(num, start, len);
        num[len] = '\0';
        *v = strtod_l(num, NULL, c_locale);
    } else { /* a very long literal: the scanner's own value */
        double pow = 1.0;
        for (int i = exp < 0 ? -exp : exp; i > 0; i--)
            pow *= 10.0;
        *v = mant == 0.0 ? 0.0 : exp < 0 ? mant / pow : mant * pow;
    }
    *rest = s;
    return isfinite(*v) ? 0 : -1;
}

int sim_units_number(const char *s, double *v)
{
    const char *rest;
    double r;
    if (parse_real(s, &r, &rest) != 0 || *rest != '\0')
        return -1;
    *v = r;
    return 0;
}

int sim_units_rate(const char *s, double *bytes_per_s)
{
    const char *rest;
    const unit_t *u;
    double v;
    if (parse_real(s, &v, &rest) != 0 || (u = find_unit(rate_units, rest)) == NULL)
        return -1;
    v *= (double)u->mult;
    if (!isfinite(v) || !(v > 0.0))
        return -1;
    *bytes_per_s = v;
    return 0;
}

int sim_units_mem_size(const char *s, uint64_t *bytes)
{
    char *end;
    if (!s || !isdigit((unsigned char)s[0]))
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    int shift = 0;
    switch (toupper((unsigned char)*end)) {
    case 'K': shift = 10; end++; break;
    case 'M': shift = 20; end++; break;
    case 'G': shift = 30; end++; break;
    case 'T': shift = 40; end++; break;
    default: break;
    }
    if (shift && (strcmp(end, "iB") == 0 || strcmp(end, "B") == 0))
        end += strlen(end);
    else if (!shift && strcmp(end, "B") == 0)
        end++;
    if (errno || *end || v == 0 || (shift && v > (ULLONG_MAX >> shift)))
        return -1;
    *bytes = (uint64_t)v << shift;
    return 0;
}
