/* sim/interpose: the C library calls a PE makes that must mean "this PE".
 *
 * shmemsim-cc links every program module with -Wl,--wrap=NAME for the
 * names below, so the module's calls land here while the libraries keep
 * the real ones.  exit/abort end one PE, not the process; atexit handlers
 * are per PE; time functions return virtual time; sleeps advance it; and
 * writes to stdout/stderr go to the PE's line stream (sim/io).  Outside a
 * PE (e.g. a constructor running at load time) each wrapper does what the
 * real function does.
 *
 * --wrap only reaches the module's own calls.  Shared libraries a program
 * uses (the Fortran run-time library above all: its PRINT, STOP and error
 * paths call write, writev and exit) reach the C library directly, so
 * write, writev and exit are also defined here under their own names: this
 * library comes before the C library in the process's lookup order, so
 * their calls land here too.  Outside a PE these pass the call on to the C
 * library's function (found with RTLD_NEXT). */
#include "interpose.h"
#include "hb.h"
#include "io.h"
#include "layer.h"
#include "loader.h"
#include "sched.h"
#include "signals.h"
#include "tsan.h"

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/times.h>
#include <poll.h>
#include <sys/select.h>
#include <threads.h>
#include <time.h>
#include <sys/uio.h>
#include <unistd.h>
#include <wchar.h>

#define WRAP(name) __wrap_##name

void *__memcpy_chk(void *d, const void *s, size_t n, size_t room);
void *__memmove_chk(void *d, const void *s, size_t n, size_t room);
void *__memset_chk(void *d, int c, size_t n, size_t room);

static FILE *redirect(FILE *f)
{
    sim_pe_t *pe = sim_w ? sim_w->cur : NULL;
    if (!pe)
        return f;
    if (f == stdout)
        return sim_io_stream(pe, 0);
    if (f == stderr)
        return sim_io_stream(pe, 1);
    return f;
}

/* ---- memory copies: the program's accesses, for the race detector ----
 * The compiler's instrumentation sees loads and stores, not what the C
 * library does for the program: a memset of a symmetric buffer a put is
 * landing in is as much a race as a loop that clears it. */

void *WRAP(memcpy)(void *d, const void *s, size_t n)
{
    if (n == 0) /* (gfortran copies an empty string from NULL so) */
        return d;
    sim_tsan_range(s, n, SIM_HB_READ, __builtin_return_address(0));
    sim_tsan_range(d, n, SIM_HB_WRITE, __builtin_return_address(0));
    return memcpy(d, s, n);
}

void *WRAP(memmove)(void *d, const void *s, size_t n)
{
    if (n == 0) /* (gfortran copies an empty string from NULL so) */
        return d;
    sim_tsan_range(s, n, SIM_HB_READ, __builtin_return_address(0));
    sim_tsan_range(d, n, SIM_HB_WRITE, __builtin_return_address(0));
    return memmove(d, s, n);
}

void *WRAP(memset)(void *d, int c, size_t n)
{
    if (n == 0)
        return d;
    sim_tsan_range(d, n, SIM_HB_WRITE, __builtin_return_address(0));
    return memset(d, c, n);
}

/* _FORTIFY_SOURCE's checked forms. */
void *WRAP(__memcpy_chk)(void *d, const void *s, size_t n, size_t room)
{
    sim_tsan_range(s, n, SIM_HB_READ, __builtin_return_address(0));
    sim_tsan_range(d, n, SIM_HB_WRITE, __builtin_return_address(0));
    return __memcpy_chk(d, s, n, room);
}

void *WRAP(__memmove_chk)(void *d, const void *s, size_t n, size_t room)
{
    sim_tsan_range(s, n, SIM_HB_READ, __builtin_return_address(0));
    sim_tsan_range(d, n, SIM_HB_WRITE, __builtin_return_address(0));
    return __memmove_chk(d, s, n, room);
}

void *WRAP(__memset_chk)(void *d, int c, size_t n, size_t room)
{
    sim_tsan_range(d, n, SIM_HB_WRITE, __builtin_return_address(0));
    return __memset_chk(d, c, n, room);
}

/* ---- strings and formatting: the same, for the bytes they touch ----
 * The bytes a string routine reads are those it must look at (up to the
 * terminator, or the first difference for a comparison); a formatting
 * routine writes what it produced, terminator included. */

char *__strcpy_chk(char *d, const char *s, size_t room);
char *__stpcpy_chk(char *d, const char *s, size_t room);
char *__strncpy_chk(char *d, const char *s, size_t n, size_t room);
char *__strcat_chk(char *d, const char *s, size_t room);
char *__strncat_chk(char *d, const char *s, size_t n, size_t room);
int __vsprintf_chk(char *d, int flag, size_t room, const char *fmt, va_list ap);
int __vsnprintf_chk(char *d, size_t n, int flag, size_t room, const char *fmt, va_list ap);

#define RA __builtin_return_address(0)

/* A copy of the string s (n bytes of it, terminator included) to d. */
static void copy_note(char *d, const char *s, size_t n, const void *pc)
{
    sim_tsan_range(s, n, SIM_HB_READ, pc);
    sim_tsan_range(d, n, SIM_HB_WRITE, pc);
}

/* strncpy's, of characters of w bytes (s holding len before its
 * terminator or n): the characters of s it reads, and the n it writes. */
static void ncopy_span(void *d, const void *s, size_t len, size_t n, size_t w, const void *pc)
{
    sim_tsan_range(s, (len < n ? len + 1 : n) * w, SIM_HB_READ, pc);
    sim_tsan_range(d, n * w, SIM_HB_WRITE, pc);
}

static void ncopy_note(char *d, const char *s, size_t n, const void *pc)
{
    ncopy_span(d, s, strnlen(s, n), n, 1, pc);
}

/* strcat's and strncat's (at most n of s), of characters of w bytes, d
 * holding dl and s sl of them: d read to its end, s's characters
 * appended after it with a terminator. */
static void cat_span(void *d, size_t dl, const void *s, size_t sl, size_t n, size_t w,
                     const void *pc)
{
    sim_tsan_range(d, (dl + 1) * w, SIM_HB_READ, pc);
    sim_tsan_range(s, (sl < n ? sl + 1 : sl) * w, SIM_HB_READ, pc);
    sim_tsan_range((char *)d + dl * w, (sl + 1) * w, SIM_HB_WRITE, pc);
}

static void cat_note(char *d, const char *s, size_t n, const void *pc)
{
    cat_span(d, strlen(d), s, strnlen(s, n), n, 1, pc);
}

/* A formatting call that returned r into a buffer of room n. */
static void printed_note(char *d, int r, size_t n, const void *pc)
{
    if (r >= 0 && n)
        sim_tsan_range(d, (size_t)r < n ? (size_t)r + 1 : n, SIM_HB_WRITE, pc);
}

/* What a printf format reads and writes through its arguments: each %s
 * reads its string (up to the precision; %ls wide), each %n writes its
 * integer.  Stops at what it cannot follow: positional arguments (%1$s)
 * and conversions it does not know (a registered one). */
static void formatted_note(const char *fmt, va_list ap, const void *pc)
{
    if (!sim_tsan_seen || !sim_hb_on)
        return;
    for (const char *f = fmt; *f; f++) {
        if (*f != '%' || *++f == '%')
            continue;
        while (*f && strchr("-+ #0'I", *f))
            f++;
        if (*f == '*')
            (void)va_arg(ap, int), f++;
        while (*f >= '0' && *f <= '9')
            f++;
        if (*f == '$')
            return;
        size_t prec = SIZE_MAX;
        if (*f == '.') {
            f++;
            if (*f == '*') {
                int p = va_arg(ap, int);
                prec = p < 0 ? SIZE_MAX : (size_t)p;
                f++;
            } else {
                for (prec = 0; *f >= '0' && *f <= '9'; f++)
                    prec = prec * 10 + (size_t)(*f - '0');
            }
        }
        int longs = 0, shorts = 0, size_t_len = 0;
        for (;; f++) {
            if (*f == 'h')
                shorts++;
            else if (*f == 'l' || *f == 'q' || *f == 'L')
                longs += *f == 'l' ? 1 : 2;
            else if (*f == 'j' || *f == 'z' || *f == 't')
                size_t_len = 1;
            else
                break;
        }
        char c = *f;
        if (!c)
            return;
        if (c == 'C' || c == 'S')
            longs = 1, c = (char)(c == 'C' ? 'c' : 's');
        if (c == 'c') {
            (void)va_arg(ap, int); /* wint_t too, promoted */
        } else if (strchr("diouxXbB", c)) {
            if (size_t_len || longs >= 2)
                (void)va_arg(ap, long long); /* intmax_t, size_t, ptrdiff_t: 8 bytes here */
            else if (longs)
                (void)va_arg(ap, long);
            else
                (void)va_arg(ap, int);
        } else if (strchr("fFeEgGaA", c)) {
            if (longs >= 2)
                (void)va_arg(ap, long double);
            else
                (void)va_arg(ap, double);
        } else if (c == 'p') {
            (void)va_arg(ap, void *);
        } else if (c == 's') {
            const char *str = va_arg(ap, const char *);
            if (!str)
                continue; /* glibc prints (null) */
            if (longs) {
                const wchar_t *w = (const wchar_t *)str;
                size_t n = 0; /* each makes a byte or more, so at most prec are read */
                while (n < prec && w[n])
                    n++;
                sim_tsan_range(w, (n < prec ? n + 1 : n) * sizeof *w, SIM_HB_READ, pc);
            } else {
                size_t n = strnlen(str, prec);
                sim_tsan_range(str, n < prec ? n + 1 : n, SIM_HB_READ, pc);
            }
        } else if (c == 'n') {
            void *out = va_arg(ap, void *);
            size_t n = size_t_len || longs >= 2 ? 8 : longs ? sizeof(long)
                       : shorts >= 2 ? 1 : shorts ? sizeof(short) : sizeof(int);
            sim_tsan_range(out, n, SIM_HB_WRITE, pc);
        } else if (c != 'm') {
            return;
        }
    }
}

/* formatted_note on a copy of ap (which the call then consumes). */
#define ARGS_NOTE(fmt, ap, pc)                 \
    do {                                       \
        va_list again_;                        \
        va_copy(again_, ap);                   \
        formatted_note(fmt, again_, pc);       \
        va_end(again_);                        \
    } while (0)

char *WRAP(strcpy)(char *d, const char *s)
{
    copy_note(d, s, strlen(s) + 1, RA);
    return strcpy(d, s);
}

char *WRAP(stpcpy)(char *d, const char *s)
{
    copy_note(d, s, strlen(s) + 1, RA);
    return stpcpy(d, s);
}

char *WRAP(strncpy)(char *d, const char *s, size_t n)
{
    ncopy_note(d, s, n, RA);
    return strncpy(d, s, n);
}

char *WRAP(strcat)(char *d, const char *s)
{
    cat_note(d, s, SIZE_MAX, RA);
    return strcat(d, s);
}

char *WRAP(strncat)(char *d, const char *s, size_t n)
{
    cat_note(d, s, n, RA);
    return strncat(d, s, n);
}

size_t WRAP(strlen)(const char *s)
{
    size_t n = strlen(s);
    sim_tsan_range(s, n + 1, SIM_HB_READ, RA);
    return n;
}

/* The bytes a comparison of a and b (at most n) looks at: up to the first
 * difference, or a terminator when strings. */
static size_t compared(const unsigned char *a, const unsigned char *b, size_t n, int str)
{
    size_t i = 0;
    while (i < n && a[i] == b[i] && !(str && a[i] == 0))
        i++;
    return i < n ? i + 1 : n;
}

static void compare_note(const void *a, const void *b, size_t n, int str, const void *pc)
{
    size_t k = compared(a, b, n, str);
    sim_tsan_range(a, k, SIM_HB_READ, pc);
    sim_tsan_range(b, k, SIM_HB_READ, pc);
}

int WRAP(strcmp)(const char *a, const char *b)
{
    compare_note(a, b, SIZE_MAX, 1, RA);
    return strcmp(a, b);
}

int WRAP(strncmp)(const char *a, const char *b, size_t n)
{
    compare_note(a, b, n, 1, RA);
    return strncmp(a, b, n);
}

int WRAP(memcmp)(const void *a, const void *b, size_t n)
{
    compare_note(a, b, n, 0, RA);
    return memcmp(a, b, n);
}

/* ---- searches, sorts and the BSD names: what each reads or writes ----
 * A search reads up to what it found (or the terminator, or n bytes); a
 * sort writes the whole array (its comparisons are the program's own
 * loads, already seen). */

static void read_to(const void *s, const void *found, size_t all, const void *pc)
{
    sim_tsan_range(s, found ? (size_t)((const char *)found - (const char *)s) + 1 : all,
                   SIM_HB_READ, pc);
}

void *WRAP(memchr)(const void *s, int c, size_t n)
{
    void *p = memchr(s, c, n);
    read_to(s, p, n, RA);
    return p;
}

char *WRAP(strchr)(const char *s, int c)
{
    char *p = strchr(s, c);
    read_to(s, p, p ? 0 : strlen(s) + 1, RA);
    return p;
}

char *WRAP(strrchr)(const char *s, int c)
{
    sim_tsan_range(s, strlen(s) + 1, SIM_HB_READ, RA);
    return strrchr(s, c);
}

char *WRAP(strstr)(const char *h, const char *needle)
{
    char *p = strstr(h, needle);
    size_t nl = strlen(needle);
    sim_tsan_range(needle, nl + 1, SIM_HB_READ, RA);
    sim_tsan_range(h, p ? (size_t)(p - h) + nl : strlen(h) + 1, SIM_HB_READ, RA);
    return p;
}

size_t WRAP(strnlen)(const char *s, size_t n)
{
    size_t r = strnlen(s, n);
    sim_tsan_range(s, r < n ? r + 1 : n, SIM_HB_READ, RA);
    return r;
}

char *WRAP(strdup)(const char *s)
{
    sim_tsan_range(s, strlen(s) + 1, SIM_HB_READ, RA);
    return strdup(s);
}

char *WRAP(strndup)(const char *s, size_t n)
{
    size_t r = strnlen(s, n);
    sim_tsan_range(s, r < n ? r + 1 : n, SIM_HB_READ, RA);
    return strndup(s, n);
}

void WRAP(qsort)(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    qsort(base, n, size, cmp);
    sim_tsan_range(base, n * size, SIM_HB_WRITE, RA);
}

void WRAP(qsort_r)(void *base, size_t n, size_t size,
                   int (*cmp)(const void *, const void *, void *), void *arg)
{
    qsort_r(base, n, size, cmp, arg);
    sim_tsan_range(base, n * size, SIM_HB_WRITE, RA);
}

void WRAP(bzero)(void *d, size_t n)
{
    sim_tsan_range(d, n, SIM_HB_WRITE, RA);
    memset(d, 0, n);
}

void WRAP(explicit_bzero)(void *d, size_t n)
{
    sim_tsan_range(d, n, SIM_HB_WRITE, RA);
    explicit_bzero(d, n);
}

void WRAP(bcopy)(const void *s, void *d, size_t n)
{
    sim_tsan_range(s, n, SIM_HB_READ, RA);
    sim_tsan_range(d, n, SIM_HB_WRITE, RA);
    memmove(d, s, n);
}

/* ---- the wide forms, in wide characters (WC bytes each) ---- */

#define WC sizeof(wchar_t)

wchar_t *__wmemcpy_chk(wchar_t *d, const wchar_t *s, size_t n, size_t room);
wchar_t *__wmemmove_chk(wchar_t *d, const wchar_t *s, size_t n, size_t room);
wchar_t *__wmemset_chk(wchar_t *d, wchar_t c, size_t n, size_t room);
wchar_t *__wcscpy_chk(wchar_t *d, const wchar_t *s, size_t room);
wchar_t *__wcpcpy_chk(wchar_t *d, const wchar_t *s, size_t room);
wchar_t *__wcsncpy_chk(wchar_t *d, const wchar_t *s, size_t n, size_t room);
wchar_t *__wcscat_chk(wchar_t *d, const wchar_t *s, size_t room);
wchar_t *__wcsncat_chk(wchar_t *d, const wchar_t *s, size_t n, size_t room);

static void wcopy_note(wchar_t *d, const wchar_t *s, size_t n, const void *pc)
{
    copy_note((char *)d, (const char *)s, n * WC, pc);
}

static void wncopy_note(wchar_t *d, const wchar_t *s, size_t n, const void *pc)
{
    ncopy_span(d, s, wcsnlen(s, n), n, WC, pc);
}

static void wcat_note(wchar_t *d, const wchar_t *s, size_t n, const void *pc)
{
    cat_span(d, wcslen(d), s, wcsnlen(s, n), n, WC, pc);
}

static void wcompare_note(const wchar_t *a, const wchar_t *b, size_t n, int str, const void *pc)
{
    size_t i = 0;
    while (i < n && a[i] == b[i] && !(str && a[i] == 0))
        i++;
    size_t k = (i < n ? i + 1 : n) * WC;
    sim_tsan_range(a, k, SIM_HB_READ, pc);
    sim_tsan_range(b, k, SIM_HB_READ, pc);
}

wchar_t *WRAP(wmemcpy)(wchar_t *d, const wchar_t *s, size_t n)
{
    wcopy_note(d, s, n, RA);
    return wmemcpy(d, s, n);
}

wchar_t *WRAP(wmemmove)(wchar_t *d, const wchar_t *s, size_t n)
{
    wcopy_note(d, s, n, RA);
    return wmemmove(d, s, n);
}

wchar_t *WRAP(wmemset)(wchar_t *d, wchar_t c, size_t n)
{
    sim_tsan_range(d, n * WC, SIM_HB_WRITE, RA);
    return wmemset(d, c, n);
}

wchar_t *WRAP(wcscpy)(wchar_t *d, const wchar_t *s)
{
    wcopy_note(d, s, wcslen(s) + 1, RA);
    return wcscpy(d, s);
}

wchar_t *WRAP(wcpcpy)(wchar_t *d, const wchar_t *s)
{
    wcopy_note(d, s, wcslen(s) + 1, RA);
    return wcpcpy(d, s);
}

wchar_t *WRAP(wcsncpy)(wchar_t *d, const wchar_t *s, size_t n)
{
    wncopy_note(d, s, n, RA);
    return wcsncpy(d, s, n);
}

wchar_t *WRAP(wcscat)(wchar_t *d, const wchar_t *s)
{
    wcat_note(d, s, SIZE_MAX, RA);
    return wcscat(d, s);
}

wchar_t *WRAP(wcsncat)(wchar_t *d, const wchar_t *s, size_t n)
{
    wcat_note(d, s, n, RA);
    return wcsncat(d, s, n);
}

size_t WRAP(wcslen)(const wchar_t *s)
{
    size_t n = wcslen(s);
    sim_tsan_range(s, (n + 1) * WC, SIM_HB_READ, RA);
    return n;
}

int WRAP(wcscmp)(const wchar_t *a, const wchar_t *b)
{
    wcompare_note(a, b, SIZE_MAX, 1, RA);
    return wcscmp(a, b);
}

int WRAP(wcsncmp)(const wchar_t *a, const wchar_t *b, size_t n)
{
    wcompare_note(a, b, n, 1, RA);
    return wcsncmp(a, b, n);
}

int WRAP(wmemcmp)(const wchar_t *a, const wchar_t *b, size_t n)
{
    wcompare_note(a, b, n, 0, RA);
    return wmemcmp(a, b, n);
}

wchar_t *WRAP(__wmemcpy_chk)(wchar_t *d, const wchar_t *s, size_t n, size_t room)
{
    wcopy_note(d, s, n, RA);
    return __wmemcpy_chk(d, s, n, room);
}

wchar_t *WRAP(__wmemmove_chk)(wchar_t *d, const wchar_t *s, size_t n, size_t room)
{
    wcopy_note(d, s, n, RA);
    return __wmemmove_chk(d, s, n, room);
}

wchar_t *WRAP(__wmemset_chk)(wchar_t *d, wchar_t c, size_t n, size_t room)
{
    sim_tsan_range(d, n * WC, SIM_HB_WRITE, RA);
    return __wmemset_chk(d, c, n, room);
}

wchar_t *WRAP(__wcscpy_chk)(wchar_t *d, const wchar_t *s, size_t room)
{
    wcopy_note(d, s, wcslen(s) + 1, RA);
    return __wcscpy_chk(d, s, room);
}

wchar_t *WRAP(__wcpcpy_chk)(wchar_t *d, const wchar_t *s, size_t room)
{
    wcopy_note(d, s, wcslen(s) + 1, RA);
    return __wcpcpy_chk(d, s, room);
}

wchar_t *WRAP(__wcsncpy_chk)(wchar_t *d, const wchar_t *s, size_t n, size_t room)
{
    wncopy_note(d, s, n, RA);
    return __wcsncpy_chk(d, s, n, room);
}

wchar_t *WRAP(__wcscat_chk)(wchar_t *d, const wchar_t *s, size_t room)
{
    wcat_note(d, s, SIZE_MAX, RA);
    return __wcscat_chk(d, s, room);
}

wchar_t *WRAP(__wcsncat_chk)(wchar_t *d, const wchar_t *s, size_t n, size_t room)
{
    wcat_note(d, s, n, RA);
    return __wcsncat_chk(d, s, n, room);
}

int WRAP(vsprintf)(char *d, const char *fmt, va_list ap)
{
    ARGS_NOTE(fmt, ap, RA);
    int r = vsprintf(d, fmt, ap);
    printed_note(d, r, SIZE_MAX, RA);
    return r;
}

int WRAP(vsnprintf)(char *d, size_t n, const char *fmt, va_list ap)
{
    ARGS_NOTE(fmt, ap, RA);
    int r = vsnprintf(d, n, fmt, ap);
    printed_note(d, r, n, RA);
    return r;
}

int WRAP(sprintf)(char *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ARGS_NOTE(fmt, ap, RA);
    int r = vsprintf(d, fmt, ap);
    va_end(ap);
    printed_note(d, r, SIZE_MAX, RA);
    return r;
}

int WRAP(snprintf)(char *d, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ARGS_NOTE(fmt, ap, RA);
    int r = vsnprintf(d, n, fmt, ap);
    va_end(ap);
    printed_note(d, r, n, RA);
    return r;
}

/* What a scanf call wrote: the first r conversions that assign (not %*)
 * wrote through their pointers, as many bytes as their type has (a
 * string: its length and terminator; %m: the pointer it stores); a %n
 * takes a pointer too and wrote an int when an assignment after it was
 * made (r does not count it). */
static void scanned_note(const char *fmt, va_list ap, int r, const void *pc)
{
    for (const char *f = fmt; *f && r > 0; f++) {
        if (*f != '%' || *++f == '%')
            continue;
        int skip = *f == '*', alloc = 0, longs = 0, shorts = 0;
        f += skip;
        size_t width = 0;
        while (*f >= '0' && *f <= '9')
            width = width * 10 + (size_t)(*f++ - '0');
        if (*f == 'm')
            alloc = 1, f++;
        for (;; f++) {
            if (*f == 'h')
                shorts++;
            else if (*f == 'l' || *f == 'L' || *f == 'q' || *f == 'j' || *f == 'z' || *f == 't')
                longs += *f == 'L' || *f == 'q' ? 2 : 1;
            else
                break;
        }
        char conv = *f;
        if (conv == '[') { /* the set: a ']' right after '[' or '[^' is one of its members */
            f += f[1] == '^' ? 2 : 1;
            if (*f == ']')
                f++;
            while (*f && *f != ']')
                f++;
        }
        if (!conv || skip)
            continue;
        void *p = va_arg(ap, void *);
        size_t n;
        if (alloc)
            n = sizeof(char *);
        else if (conv == 's' || conv == '[')
            n = longs ? (wcslen(p) + 1) * sizeof(wchar_t) : strlen(p) + 1;
        else if (conv == 'c')
            n = (width ? width : 1) * (longs ? sizeof(wchar_t) : 1);
        else if (strchr("aAeEfFgG", conv))
            n = longs >= 2 ? sizeof(long double) : longs ? sizeof(double) : sizeof(float);
        else if (conv == 'p')
            n = sizeof(void *);
        else /* the integers, %n's among them */
            n = longs ? sizeof(long) : shorts >= 2 ? 1 : shorts ? sizeof(short) : sizeof(int);
        sim_tsan_range(p, n, SIM_HB_WRITE, pc);
        r -= conv != 'n';
    }
}

int __isoc99_vsscanf(const char *s, const char *fmt, va_list ap);
int __isoc99_vfscanf(FILE *f, const char *fmt, va_list ap);
int __isoc99_vswscanf(const wchar_t *s, const wchar_t *fmt, va_list ap);
int __isoc99_vfwscanf(FILE *f, const wchar_t *fmt, va_list ap);

/* The wide family's conversions are the narrow ones: its format is read
 * through a narrow copy (the characters outside ASCII are literal text,
 * which scanned_note skips). */
static void wide_scanned_note(const wchar_t *fmt, va_list ap, int r, const void *pc)
{
    char small[256], *narrow = small;
    size_t n = wcslen(fmt);
    if (n >= sizeof small && !(narrow = malloc(n + 1)))
        return;
    for (size_t i = 0; i <= n; i++)
        narrow[i] = fmt[i] >= 0 && fmt[i] < 128 ? (char)fmt[i] : '?';
    scanned_note(narrow, ap, r, pc);
    if (narrow != small)
        free(narrow);
}

/* The scanf family (glibc's __isoc99_ names: what C99 code calls) and its
 * wide twin (W = w, with characters CH whose strings LEN measures), called
 * from pc; sscanf also read the whole of s (the C library measures it
 * first). */
#define SCANF_FAMILY(W, CH, LEN, NOTE)                                         \
    static int vs##W##scanf_at(const CH *s, const CH *fmt, va_list ap, const void *pc)\
    {                                                                          \
        va_list again;                                                         \
        va_copy(again, ap);                                                    \
        int r = __isoc99_vs##W##scanf(s, fmt, ap);                             \
        sim_tsan_range(s, (LEN(s) + 1) * sizeof(CH), SIM_HB_READ, pc);         \
        NOTE(fmt, again, r, pc);                                               \
        va_end(again);                                                         \
        return r;                                                              \
    }                                                                          \
    static int vf##W##scanf_at(FILE *f, const CH *fmt, va_list ap, const void *pc)\
    {                                                                          \
        va_list again;                                                         \
        va_copy(again, ap);                                                    \
        int r = __isoc99_vf##W##scanf(f, fmt, ap);                             \
        NOTE(fmt, again, r, pc);                                               \
        va_end(again);                                                         \
        return r;                                                              \
    }                                                                          \
    int WRAP(__isoc99_vs##W##scanf)(const CH *s, const CH *fmt, va_list ap)    \
    {                                                                          \
        return vs##W##scanf_at(s, fmt, ap, RA);                                \
    }                                                                          \
    int WRAP(__isoc99_vf##W##scanf)(FILE *f, const CH *fmt, va_list ap)        \
    {                                                                          \
        return vf##W##scanf_at(f, fmt, ap, RA);                                \
    }                                                                          \
    int WRAP(__isoc99_v##W##scanf)(const CH *fmt, va_list ap)                  \
    {                                                                          \
        return vf##W##scanf_at(stdin, fmt, ap, RA);                            \
    }                                                                          \
    int WRAP(__isoc99_s##W##scanf)(const CH *s, const CH *fmt, ...)            \
    {                                                                          \
        va_list ap;                                                            \
        va_start(ap, fmt);                                                     \
        int r = vs##W##scanf_at(s, fmt, ap, RA);                               \
        va_end(ap);                                                            \
        return r;                                                              \
    }                                                                          \
    int WRAP(__isoc99_f##W##scanf)(FILE *f, const CH *fmt, ...)                \
    {                                                                          \
        va_list ap;                                                            \
        va_start(ap, fmt);                                                     \
        int r = vf##W##scanf_at(f, fmt, ap, RA);                               \
        va_end(ap);                                                            \
        return r;                                                              \
    }                                                                          \
    int WRAP(__isoc99_##W##scanf)(const CH *fmt, ...)                          \
    {                                                                          \
        va_list ap;                                                            \
        va_start(ap, fmt);                                                     \
        int r = vf##W##scanf_at(stdin, fmt, ap, RA);                           \
        va_end(ap);                                                            \
        return r;                                                              \
    }
SCANF_FAMILY(, char, strlen, scanned_note)
SCANF_FAMILY(w, wchar_t, wcslen, wide_scanned_note)

/* _FORTIFY_SOURCE's checked forms. */
char *WRAP(__strcpy_chk)(char *d, const char *s, size_t room)
{
    copy_note(d, s, strlen(s) + 1, RA);
    return __strcpy_chk(d, s, room);
}

char *WRAP(__stpcpy_chk)(char *d, const char *s, size_t room)
{
    copy_note(d, s, strlen(s) + 1, RA);
    return __stpcpy_chk(d, s, room);
}

char *WRAP(__strncpy_chk)(char *d, const char *s, size_t n, size_t room)
{
    ncopy_note(d, s, n, RA);
    return __strncpy_chk(d, s, n, room);
}

char *WRAP(__strcat_chk)(char *d, const char *s, size_t room)
{
    cat_note(d, s, SIZE_MAX, RA);
    return __strcat_chk(d, s, room);
}

char *WRAP(__strncat_chk)(char *d, const char *s, size_t n, size_t room)
{
    cat_note(d, s, n, RA);
    return __strncat_chk(d, s, n, room);
}

int WRAP(__vsprintf_chk)(char *d, int flag, size_t room, const char *fmt, va_list ap)
{
    ARGS_NOTE(fmt, ap, RA);
    int r = __vsprintf_chk(d, flag, room, fmt, ap);
    printed_note(d, r, SIZE_MAX, RA);
    return r;
}

int WRAP(__vsnprintf_chk)(char *d, size_t n, int flag, size_t room, const char *fmt, va_list ap)
{
    ARGS_NOTE(fmt, ap, RA);
    int r = __vsnprintf_chk(d, n, flag, room, fmt, ap);
    printed_note(d, r, n, RA);
    return r;
}

int WRAP(__sprintf_chk)(char *d, int flag, size_t room, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ARGS_NOTE(fmt, ap, RA);
    int r = __vsprintf_chk(d, flag, room, fmt, ap);
    va_end(ap);
    printed_note(d, r, SIZE_MAX, RA);
    return r;
}

int WRAP(__snprintf_chk)(char *d, size_t n, int flag, size_t room, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ARGS_NOTE(fmt, ap, RA);
    int r = __vsnprintf_chk(d, n, flag, room, fmt, ap);
    va_end(ap);
    printed_note(d, r, n, RA);
    return r;
}

/* ---- process end ---- */

void *sim_libc_fn(void **cache, const char *name)
{
    if (!*cache)
        *cache = dlsym(RTLD_NEXT, name);
    if (!*cache)
        abort(); /* the C library has every one */
    return *cache;
}

/* The C library's name, as a function of type type. */
#define LIBC(name, type) ((type)sim_libc_fn(&libc_##name, #name))
static void *libc_exit, *libc_clock_gettime, *libc_gettimeofday, *libc_time, *libc_clock,
    *libc_times, *libc_getrusage, *libc_nanosleep, *libc_clock_nanosleep, *libc_write,
    *libc_writev, *libc_getrandom, *libc_getentropy;

_Noreturn void exit(int status)
{
    if (sim_forked_pe >= 0) { /* the simulator's own exit handlers are the parent's */
        fflush(NULL);
        _exit(status);
    }
    if (sim_w && sim_w->cur)
        sim_pe_exit(status);
    LIBC(exit, void (*)(int))(status);
    __builtin_unreachable();
}

_Noreturn void WRAP(exit)(int status)
{
    exit(status);
}

_Noreturn void WRAP(_exit)(int status)
{
    if (sim_w && sim_w->cur) {
        sim_w->cur->natexit = 0;
        sim_pe_exit(status);
    }
    _exit(status);
}

_Noreturn void WRAP(_Exit)(int status)
{
    WRAP(_exit)(status);
}

_Noreturn void WRAP(abort)(void)
{
    if (sim_w && sim_w->cur) {
        /* The call instruction, one byte before the return address (which
         * may already be the next function: abort does not return). */
        sim_w->cur->fault_pc = (char *)__builtin_return_address(0) - 1;
        sim_pe_crash(SIGABRT, NULL, SIM_END_CRASH);
    }
    abort();
}

/* A block the program frees may come back from malloc, to any of its
 * threads or handlers, or be the buffer of a later transfer: what was
 * done to it before is not the new block's history (the allocator orders
 * the free before the malloc that returns it). */
void WRAP(free)(void *p)
{
    int running = sim_w && sim_w->cur;
    size_t n = p && (running || sim_hb_private_shadowed()) ? malloc_usable_size(p) : 0;
    if (n && running)
        sim_layers_free(p, n, __builtin_return_address(0));
    if (n && sim_hb_private_shadowed())
        sim_hb_forget_private(p, n);
    free(p);
}

void *WRAP(realloc)(void *p, size_t n)
{
    size_t was = p ? malloc_usable_size(p) : 0;
    volatile uintptr_t old = (uintptr_t)p; /* (an address only, once realloc has it) */
    void *q = realloc(p, n);
    if (was && (uintptr_t)q != old && (q || !n)) { /* moved or freed: the old block is free */
        if (sim_w && sim_w->cur)
            sim_layers_free((const void *)old, was, __builtin_return_address(0));
        if (sim_hb_private_shadowed())
            sim_hb_forget_private((const void *)old, was);
    }
    return q;
}

/* atexit and on_exit register with the running PE, whose exit runs them
 * (a thread's belong to its PE). */
static int add_atexit(void (*fn)(void), void (*with)(int, void *), void *arg)
{
    sim_pe_t *pe = sim_pe_main(sim_w->cur);
    if (pe->natexit == (int)(sizeof pe->atexit_fns / sizeof pe->atexit_fns[0]))
        return -1;
    pe->atexit_fns[pe->natexit++] = (struct sim_atexit){fn, with, arg};
    return 0;
}

int WRAP(atexit)(void (*fn)(void))
{
    if (!sim_w || !sim_w->cur)
        return atexit(fn);
    return add_atexit(fn, NULL, NULL);
}

int WRAP(on_exit)(void (*fn)(int, void *), void *arg)
{
    if (!sim_w || !sim_w->cur)
        return on_exit(fn, arg);
    return add_atexit(NULL, fn, arg);
}

/* The call instruction of the function that called the wrapper. */
#define CALLER_PC() ((char *)__builtin_return_address(0) - 1)

/* Ends the running PE as crashed by sig at pc, with note saying what
 * happened when the signal alone does not. */
static _Noreturn void crash_here(int sig, void *pc, const char *note)
{
    sim_pe_t *pe = sim_w->cur;
    size_t off;
    void *addr = NULL;
    /* A handler the simulator ran for a fault that raises it again as its
     * last act returns to the simulator, not to itself: keep the fault's
     * own place (and address). */
    if (!pe->fault_pc || sim_loader_find(sim_w->loader, pc, &off) >= 0)
        pe->fault_pc = pc;
    else
        addr = pe->fault_addr;
    pe->crash_note = note;
    sim_pe_crash(sig, addr, SIM_END_CRASH);
}

_Noreturn void WRAP(__assert_fail)(const char *expr, const char *file, unsigned line,
                                   const char *fn)
{
    if (!sim_w || !sim_w->cur) {
        fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, fn, expr);
        abort();
    }
    /* What glibc prints, on the PE's own stderr. */
    fprintf(sim_io_stream(sim_w->cur, 1), "%s: %s:%u: %s: Assertion `%s' failed.\n",
            sim_w->cur->argv[0], file, line, fn, expr);
    crash_here(SIGABRT, CALLER_PC(), "assertion failed");
}

_Noreturn void WRAP(__stack_chk_fail)(void)
{
    if (!sim_w || !sim_w->cur)
        abort();
    crash_here(SIGABRT, CALLER_PC(), "stack smashing detected");
}

_Noreturn void WRAP(quick_exit)(int status)
{
    WRAP(_exit)(status);
}

/* fork in a PE makes a process that is not a PE: it runs on from the
 * call with the PE's memory and no simulation (no scheduler, clock,
 * signals or race detector), its output goes straight to the simulator's
 * stdout and stderr, untagged, and it may exec or exit; a call into the
 * simulator ends it (sim_forked_call).  The PE itself just goes on. */
pid_t WRAP(fork)(void)
{
    if (!(sim_w && sim_w->cur) || sim_forked_pe >= 0)
        return fork();
    int pe = sim_pe_main(sim_w->cur)->id;
    fflush(stdout); /* nothing buffered is written twice */
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        sim_signals_forget();
        sim_forked_pe = pe;
        sim_hb_on = 0;
        sim_w->cur = NULL;
    }
    return pid;
}

/* exec would replace the simulator with another program and every PE's
 * output with it: it ends the PE that calls it instead (a process the PE
 * forked execs as usual). */
#define EXEC_CRASH(name)                                                                    \
    if (sim_w && sim_w->cur)                                                                \
        crash_here(SIGABRT, CALLER_PC(), "called " #name ", which would replace the whole " \
                   "simulation (every PE is in one process)");

int WRAP(execv)(const char *path, char *const argv[])
{
    EXEC_CRASH(execv);
    return execv(path, argv);
}

int WRAP(execvp)(const char *file, char *const argv[])
{
    EXEC_CRASH(execvp);
    return execvp(file, argv);
}

int WRAP(execvpe)(const char *file, char *const argv[], char *const envp[])
{
    EXEC_CRASH(execvpe);
    return execvpe(file, argv, envp);
}

int WRAP(execve)(const char *path, char *const argv[], char *const envp[])
{
    EXEC_CRASH(execve);
    return execve(path, argv, envp);
}

int WRAP(fexecve)(int fd, char *const argv[], char *const envp[])
{
    EXEC_CRASH(fexecve);
    return fexecve(fd, argv, envp);
}

/* The list forms gather their arguments (and execle its environment) and
 * go on as the vector forms. */
#define GATHER_ARGS(arg, ap, argv)                                \
    size_t n_ = 0;                                                \
    va_list c_;                                                   \
    va_copy(c_, ap);                                              \
    if (arg)                                                      \
        for (n_ = 1; va_arg(c_, char *); n_++)                    \
            ;                                                     \
    va_end(c_);                                                   \
    char *argv[n_ + 1];                                           \
    argv[0] = (char *)(arg);                                      \
    for (size_t i_ = 1; i_ <= n_; i_++)                           \
        argv[i_] = i_ < n_ ? va_arg(ap, char *) : NULL;           \
    argv[n_] = NULL;

int WRAP(execl)(const char *path, const char *arg, ...)
{
    EXEC_CRASH(execl);
    va_list ap;
    va_start(ap, arg);
    GATHER_ARGS(arg, ap, argv);
    va_end(ap);
    return execv(path, argv);
}

int WRAP(execlp)(const char *file, const char *arg, ...)
{
    EXEC_CRASH(execlp);
    va_list ap;
    va_start(ap, arg);
    GATHER_ARGS(arg, ap, argv);
    va_end(ap);
    return execvp(file, argv);
}

int WRAP(execle)(const char *path, const char *arg, ...)
{
    EXEC_CRASH(execle);
    char *const *envp = NULL;
    va_list ap;
    va_start(ap, arg);
    GATHER_ARGS(arg, ap, argv);
    if (arg)
        (void)va_arg(ap, char *); /* the NULL that ends the list */
    envp = va_arg(ap, char *const *);
    va_end(ap);
    return execve(path, argv, envp);
}

/* ---- signals: dispositions are per PE ---- */

/* The process's handlers belong to the simulator (sim/signals); what a PE
 * installs is kept in the PE and run by sim_pe_signal_handler for that
 * PE's own signals. */
static struct sigaction *pe_sigacts(sim_pe_t *pe)
{
    if (!pe->sigacts)
        pe->sigacts = calloc(NSIG, sizeof *pe->sigacts); /* SIG_DFL is 0 */
    return pe->sigacts;
}

int WRAP(sigaction)(int sig, const struct sigaction *sa, struct sigaction *old)
{
    sim_pe_t *pe = sim_w ? sim_w->cur : NULL;
    if (!pe)
        return sigaction(sig, sa, old);
    if (sig <= 0 || sig >= NSIG || ((sig == SIGKILL || sig == SIGSTOP) && sa)) {
        errno = EINVAL;
        return -1;
    }
    struct sigaction *t = pe_sigacts(sim_pe_main(pe));
    if (!t) {
        errno = ENOMEM;
        return -1;
    }
    if (old)
        *old = t[sig];
    if (sa)
        t[sig] = *sa;
    return 0;
}

sighandler_t WRAP(signal)(int sig, sighandler_t fn)
{
    if (!sim_w || !sim_w->cur)
        return signal(sig, fn);
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = fn;
    sa.sa_flags = SA_RESTART;
    if (WRAP(sigaction)(sig, &sa, &old) != 0)
        return SIG_ERR;
    return old.sa_handler;
}

int sim_pe_signal_caught(const sim_pe_t *pe, int sig)
{
    const struct sigaction *t = sim_pe_main((sim_pe_t *)pe)->sigacts;
    return t && sig > 0 && sig < NSIG && t[sig].sa_handler != SIG_DFL &&
           t[sig].sa_handler != SIG_IGN;
}

int sim_pe_signal_handler(sim_pe_t *pe, int sig, void *si, void *uc)
{
    struct sigaction *t = sim_pe_main(pe)->sigacts;
    if (!t || sig <= 0 || sig >= NSIG)
        return 0;
    struct sigaction a = t[sig];
    if (a.sa_handler == SIG_DFL)
        return 0;
    if (a.sa_handler == SIG_IGN)
        return 1;
    if (a.sa_flags & SA_RESETHAND)
        t[sig].sa_handler = SIG_DFL;
    if (a.sa_flags & SA_SIGINFO)
        a.sa_sigaction(sig, si, uc);
    else
        a.sa_handler(sig);
    return 1;
}

int WRAP(raise)(int sig)
{
    sim_pe_t *pe = sim_w ? sim_w->cur : NULL;
    if (!pe)
        return raise(sig);
    if (sig <= 0 || sig >= NSIG) {
        errno = EINVAL;
        return -1;
    }
    siginfo_t si;
    memset(&si, 0, sizeof si);
    si.si_signo = sig;
    si.si_code = SI_TKILL;
    si.si_pid = getpid();
    if (sim_pe_signal_handler(pe, sig, &si, NULL) || sim_sig_ignored_by_default(sig))
        return 0;
    crash_here(sig, CALLER_PC(), NULL);
}

/* The number getpid gives a PE: a fixed one of its own, as the real pid
 * would differ between runs. */
#define PE_PID(id) (10000 + (id))

/* The PE whose getpid number pid is, or -1. */
static int pe_of_pid(long pid)
{
    return sim_w && pid >= PE_PID(0) && pid < PE_PID((long)sim_w->npes) ? (int)(pid - PE_PID(0))
                                                                       : -1;
}

/* kill of the PE's own (virtual) pid, or of its process group, is raise;
 * of another PE's pid (getpid's 10000 + PE), a signal to that PE.  Every
 * process of the job is in this one, so a signal to all processes (-1) or
 * to the simulator's process group is refused (EPERM) rather than sent to
 * the machine's; any other pid is the machine's (a child the PE forked). */
int WRAP(kill)(pid_t pid, int sig)
{
    sim_pe_t *pe = sim_w ? sim_w->cur : NULL;
    if (pe && pe_of_pid(pid) >= 0 && pid != PE_PID(sim_pe_main(pe)->id))
        return sim_pe_kill(pe_of_pid(pid), sig, CALLER_PC());
    if (pe && (pid == -1 || pid == -getpgrp())) {
        errno = EPERM;
        return -1;
    }
    if (pe && (pid == 0 || pid == PE_PID(pe->id) || pid == getpid())) {
        if (sig == 0)
            return 0;
        if (sig < 0 || sig >= NSIG) {
            errno = EINVAL;
            return -1;
        }
        siginfo_t si;
        memset(&si, 0, sizeof si);
        si.si_signo = sig;
        si.si_code = SI_USER;
        si.si_pid = PE_PID(pe->id);
        if (sim_pe_signal_handler(pe, sig, &si, NULL) || sim_sig_ignored_by_default(sig))
            return 0;
        crash_here(sig, CALLER_PC(), NULL);
    }
    return kill(pid, sig);
}

int WRAP(killpg)(pid_t pgrp, int sig)
{
    if (sim_w && sim_w->cur && (pgrp == 0 || pgrp == getpgrp()))
        return WRAP(kill)(pgrp == 0 ? 0 : -pgrp, sig);
    return killpg(pgrp, sig);
}

/* (The value does not reach the handler, which gets SI_KERNEL's siginfo.) */
int WRAP(sigqueue)(pid_t pid, int sig, const union sigval value)
{
    if (sim_w && sim_w->cur && (pid <= 0 || pe_of_pid(pid) >= 0 || pid == getpid()))
        return WRAP(kill)(pid, sig);
    return sigqueue(pid, sig, value);
}

/* ---- alarms: per PE, in virtual time ---- */

static uint64_t tv_ns(const struct timeval *tv)
{
    return (uint64_t)tv->tv_sec * 1000000000u + (uint64_t)tv->tv_usec * 1000u;
}

static void ns_tv(uint64_t ns, struct timeval *tv)
{
    tv->tv_sec = (time_t)(ns / 1000000000u);
    tv->tv_usec = (suseconds_t)(ns % 1000000000u / 1000u);
}

/* What is left of the PE's alarm, in ns (0: none). */
static uint64_t alarm_left(const sim_pe_t *pe)
{
    return pe->alarm_at > sim_w->now ? pe->alarm_at - sim_w->now : 0;
}

unsigned WRAP(alarm)(unsigned s)
{
    if (!sim_w || !sim_w->cur)
        return alarm(s);
    uint64_t left = alarm_left(sim_pe_main(sim_w->cur));
    sim_pe_set_alarm(s ? sim_w->now + (uint64_t)s * 1000000000u : 0, 0);
    return (unsigned)((left + 999999999u) / 1000000000u);
}

int WRAP(getitimer)(int which, struct itimerval *cur)
{
    if (!sim_w || !sim_w->cur)
        return getitimer(which, cur);
    memset(cur, 0, sizeof *cur);
    if (which == ITIMER_REAL) {
        const sim_pe_t *pe = sim_pe_main(sim_w->cur);
        ns_tv(alarm_left(pe), &cur->it_value);
        ns_tv(pe->alarm_interval, &cur->it_interval);
    }
    return 0;
}

/* ITIMER_REAL counts virtual time; ITIMER_VIRTUAL and ITIMER_PROF are
 * accepted and never fire (a PE's CPU time is not modelled). */
int WRAP(setitimer)(int which, const struct itimerval *nv, struct itimerval *old)
{
    if (!sim_w || !sim_w->cur)
        return setitimer(which, nv, old);
    if (which != ITIMER_REAL && which != ITIMER_VIRTUAL && which != ITIMER_PROF) {
        errno = EINVAL;
        return -1;
    }
    if (old)
        WRAP(getitimer)(which, old);
    if (which == ITIMER_REAL) {
        uint64_t v = tv_ns(&nv->it_value);
        sim_pe_set_alarm(v ? sim_w->now + v : 0, tv_ns(&nv->it_interval));
    }
    return 0;
}

/* ---- virtual time ---- */

/* A loop that polls the clock (a busy-wait for some microseconds, a wait
 * with a timeout) makes no other simulator call, so virtual time would
 * never pass: after CLOCK_POLLS reads by one context at one virtual time
 * with no simulator call between, the context lets time move on, to the
 * next event or, with none pending, by a step that doubles while it keeps
 * polling (1 us up to 10 ms).  A few reads (a program timing itself) see
 * time exactly as before. */
#define CLOCK_POLLS 1000
static struct {
    const sim_pe_t *ctx;
    uint64_t calls, now, step;
    unsigned n;
} clk;

static void clock_polled(void)
{
    uint64_t next = sim_evq_min_time(&sim_w->evq), now = sim_w->now;
    if (next != UINT64_MAX && next > now) {
        clk.step = 0;
        sim_pe_sleep(next - now);
        return;
    }
    /* Something due now (another poller, perhaps) or nothing at all: time
     * passes anyway, or two polling PEs would hand the turn back and forth
     * at one instant for ever. */
    if (next != UINT64_MAX)
        clk.step = 1000u;
    else
        clk.step = clk.step ? (clk.step * 2 < 10000000u ? clk.step * 2 : 10000000u) : 1000u;
    sim_pe_sleep(clk.step);
}

static uint64_t vnow(void)
{
    if (!sim_w)
        return 0;
    sim_pe_t *c = sim_w->cur;
    if (c && !sim_pe_borrowed()) {
        if (c == clk.ctx && c->calls == clk.calls && sim_w->now == clk.now) {
            if (++clk.n >= CLOCK_POLLS) {
                clk.n = 0;
                clock_polled();
                clk.now = sim_w->now; /* still this context's polling */
            }
        } else {
            if (c != clk.ctx || c->calls != clk.calls)
                clk.step = 0;
            clk.ctx = c;
            clk.calls = c->calls;
            clk.now = sim_w->now;
            clk.n = 0;
        }
    }
    return sim_w->now;
}

int sim_real_clock_gettime(clockid_t clk, struct timespec *ts)
{
    return LIBC(clock_gettime, int (*)(clockid_t, struct timespec *))(clk, ts);
}

/* Virtual time, and the wall clock's date: seconds of the epoch added to
 * the clocks that tell the date. */
static uint64_t wall_s(clockid_t clk)
{
    switch (clk) {
    case CLOCK_REALTIME:
    case CLOCK_REALTIME_COARSE:
    case CLOCK_REALTIME_ALARM:
        return SIM_WALL_EPOCH_S;
    case CLOCK_TAI:
        return SIM_WALL_EPOCH_S + 37; /* TAI - UTC since 2017 */
    default:
        return 0;
    }
}

int WRAP(clock_gettime)(clockid_t clk, struct timespec *ts)
{
    if (!sim_w || !sim_w->cur)
        return sim_real_clock_gettime(clk, ts);
    uint64_t t = vnow();
    ts->tv_sec = (time_t)(t / 1000000000u + wall_s(clk));
    ts->tv_nsec = (long)(t % 1000000000u);
    return 0;
}

int WRAP(gettimeofday)(struct timeval *tv, void *tz)
{
    (void)tz;
    if (!sim_w || !sim_w->cur)
        return LIBC(gettimeofday, int (*)(struct timeval *, void *))(tv, NULL);
    uint64_t t = vnow();
    tv->tv_sec = (time_t)(t / 1000000000u + SIM_WALL_EPOCH_S);
    tv->tv_usec = (suseconds_t)(t % 1000000000u / 1000u);
    return 0;
}

time_t WRAP(time)(time_t *out)
{
    time_t t;
    if (sim_w && sim_w->cur) {
        t = (time_t)(vnow() / 1000000000u + SIM_WALL_EPOCH_S);
    } else {
        t = LIBC(time, time_t(*)(time_t *))(NULL);
    }
    if (out)
        *out = t;
    return t;
}

/* The processor time a PE has used is its virtual time: all of it, as
 * if it had run throughout (its own code takes none), and none of the
 * other PEs' (they share the process). */
clock_t WRAP(clock)(void)
{
    if (!sim_w || !sim_w->cur)
        return LIBC(clock, clock_t(*)(void))();
    return (clock_t)(vnow() / (1000000000u / CLOCKS_PER_SEC));
}

clock_t WRAP(times)(struct tms *buf)
{
    if (!sim_w || !sim_w->cur)
        return LIBC(times, clock_t(*)(struct tms *))(buf);
    long hz = sysconf(_SC_CLK_TCK);
    clock_t ticks = (clock_t)(vnow() / (1000000000u / (uint64_t)(hz > 0 ? hz : 100)));
    if (buf)
        *buf = (struct tms){.tms_utime = ticks};
    return ticks;
}

int WRAP(getrusage)(int who, struct rusage *ru)
{
    if (!sim_w || !sim_w->cur)
        return LIBC(getrusage, int (*)(int, struct rusage *))(who, ru);
    if (who != RUSAGE_SELF && who != RUSAGE_CHILDREN && who != RUSAGE_THREAD) {
        errno = EINVAL;
        return -1;
    }
    /* The process's memory, faults and switches are every PE's, and
     * differ from run to run: none are told. */
    memset(ru, 0, sizeof *ru);
    if (who != RUSAGE_CHILDREN) {
        uint64_t t = vnow();
        ru->ru_utime.tv_sec = (time_t)(t / 1000000000u);
        ru->ru_utime.tv_usec = (suseconds_t)(t % 1000000000u / 1000u);
    }
    return 0;
}

/* Shared libraries (gfortran's SYSTEM_CLOCK, DATE_AND_TIME and CPU_TIME,
 * OpenMP's omp_get_wtime) read the clocks themselves, where no wrapped
 * call would see it: the C library's names, defined here too, give a PE
 * the same times whoever makes the call. */
int clock_gettime(clockid_t clk, struct timespec *ts)
{
    return WRAP(clock_gettime)(clk, ts);
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
    return WRAP(gettimeofday)(tv, tz);
}

time_t time(time_t *out)
{
    return WRAP(time)(out);
}

clock_t clock(void)
{
    return WRAP(clock)();
}

clock_t times(struct tms *buf)
{
    return WRAP(times)(buf);
}

int getrusage(int who, struct rusage *ru)
{
    return WRAP(getrusage)(who, ru);
}

unsigned WRAP(sleep)(unsigned s)
{
    if (!sim_w || !sim_w->cur)
        return sleep(s);
    sim_pthread_sleep((uint64_t)s * 1000000000u, "sleep", __builtin_return_address(0));
    return 0;
}

int WRAP(usleep)(useconds_t us)
{
    if (!sim_w || !sim_w->cur)
        return usleep(us);
    sim_pthread_sleep((uint64_t)us * 1000u, "usleep", __builtin_return_address(0));
    return 0;
}

int WRAP(nanosleep)(const struct timespec *req, struct timespec *rem)
{
    if (!sim_w || !sim_w->cur)
        return LIBC(nanosleep, int (*)(const struct timespec *, struct timespec *))(req, rem);
    sim_pthread_sleep((uint64_t)req->tv_sec * 1000000000u + (uint64_t)req->tv_nsec, "nanosleep",
                      __builtin_return_address(0));
    if (rem)
        rem->tv_sec = rem->tv_nsec = 0;
    return 0;
}

/* A relative sleep as nanosleep; an absolute one (TIMER_ABSTIME) until its
 * deadline on that clock, which reads virtual time as clock_gettime
 * gives it. */
int WRAP(clock_nanosleep)(clockid_t clock, int flags, const struct timespec *req,
                          struct timespec *rem)
{
    if (!sim_w || !sim_w->cur)
        return LIBC(clock_nanosleep, int (*)(clockid_t, int, const struct timespec *,
                                             struct timespec *))(clock, flags, req, rem);
    uint64_t ns = (uint64_t)req->tv_sec * 1000000000u + (uint64_t)req->tv_nsec;
    if (flags & TIMER_ABSTIME) {
        uint64_t base = wall_s(clock) * 1000000000u;
        ns = req->tv_sec < 0 || ns <= base + sim_w->now ? 0 : ns - base - sim_w->now;
    } else if (rem) {
        rem->tv_sec = rem->tv_nsec = 0;
    }
    if (ns)
        sim_pthread_sleep(ns, "clock_nanosleep", __builtin_return_address(0));
    return 0;
}

/* select and poll with nothing to watch: old code's portable sleeps. */
int WRAP(select)(int n, fd_set *r, fd_set *w, fd_set *e, struct timeval *tv)
{
    if (!sim_w || !sim_w->cur || n > 0 || !tv)
        return select(n, r, w, e, tv);
    sim_pthread_sleep((uint64_t)tv->tv_sec * 1000000000u + (uint64_t)tv->tv_usec * 1000u,
                      "select", __builtin_return_address(0));
    tv->tv_sec = tv->tv_usec = 0; /* as Linux leaves it: no time left */
    return 0;
}

int WRAP(poll)(struct pollfd *fds, nfds_t n, int ms)
{
    if (!sim_w || !sim_w->cur || n > 0 || ms < 0)
        return poll(fds, n, ms);
    sim_pthread_sleep((uint64_t)ms * 1000000u, "poll", __builtin_return_address(0));
    return 0;
}

/* C11's sleep. */
int WRAP(thrd_sleep)(const struct timespec *req, struct timespec *rem)
{
    if (!sim_w || !sim_w->cur)
        return thrd_sleep(req, rem);
    sim_pthread_sleep((uint64_t)req->tv_sec * 1000000000u + (uint64_t)req->tv_nsec, "thrd_sleep",
                      __builtin_return_address(0));
    if (rem)
        rem->tv_sec = rem->tv_nsec = 0;
    return 0;
}

/* The C++ run-time library's std::this_thread::sleep_for calls nanosleep
 * from outside the module: the C library's name, defined here too, so a
 * PE's sleep is virtual whoever makes the call. */
int nanosleep(const struct timespec *req, struct timespec *rem)
{
    return WRAP(nanosleep)(req, rem);
}

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *req, struct timespec *rem)
{
    return WRAP(clock_nanosleep)(clock, flags, req, rem);
}

pid_t WRAP(getpid)(void)
{
    return sim_w && sim_w->cur ? PE_PID(sim_w->cur->id) : getpid();
}

/* ---- paths under /proc/<a PE's getpid number>/ ----
 * Such a path means the process the PE runs in, which is the simulator's
 * (every PE shares it): /proc/self/ (a program that finds its own
 * executable or its memory use there).  Any other path is passed on. */

static const char *proc_path(const char *path, char *buf, size_t len)
{
    if (!path || !sim_w || !sim_w->cur || strncmp(path, "/proc/", 6) != 0 ||
        path[6] < '1' || path[6] > '9')
        return path;
    char *end;
    if (pe_of_pid(strtol(path + 6, &end, 10)) < 0 || (*end != '\0' && *end != '/'))
        return path;
    if ((size_t)snprintf(buf, len, "/proc/self%s", end) >= len)
        return path;
    return buf;
}

#define PROC_PATH(p) char p##_buf[4096]; p = proc_path(p, p##_buf, sizeof p##_buf)

/* open and openat take a mode only with O_CREAT or O_TMPFILE. */
#define OPEN_MODE(flags, mode)                                                   \
    mode_t mode = 0;                                                             \
    if ((flags) & (O_CREAT | O_TMPFILE)) {                                       \
        va_list ap;                                                              \
        va_start(ap, flags);                                                     \
        mode = va_arg(ap, mode_t);                                               \
        va_end(ap);                                                              \
    }

int WRAP(open)(const char *path, int flags, ...)
{
    OPEN_MODE(flags, mode);
    PROC_PATH(path);
    return open(path, flags, mode);
}

int WRAP(open64)(const char *path, int flags, ...)
{
    OPEN_MODE(flags, mode);
    PROC_PATH(path);
    return open64(path, flags, mode);
}

int WRAP(openat)(int dir, const char *path, int flags, ...)
{
    OPEN_MODE(flags, mode);
    PROC_PATH(path);
    return openat(dir, path, flags, mode);
}

int __open_2(const char *path, int flags);
int WRAP(__open_2)(const char *path, int flags)
{
    PROC_PATH(path);
    return __open_2(path, flags);
}

int __open64_2(const char *path, int flags);
int WRAP(__open64_2)(const char *path, int flags)
{
    PROC_PATH(path);
    return __open64_2(path, flags);
}

FILE *WRAP(fopen)(const char *path, const char *mode)
{
    PROC_PATH(path);
    return fopen(path, mode);
}

FILE *WRAP(fopen64)(const char *path, const char *mode)
{
    PROC_PATH(path);
    return fopen64(path, mode);
}

ssize_t WRAP(readlink)(const char *path, char *buf, size_t len)
{
    PROC_PATH(path);
    return readlink(path, buf, len);
}

ssize_t __readlink_chk(const char *path, char *buf, size_t len, size_t room);
ssize_t WRAP(__readlink_chk)(const char *path, char *buf, size_t len, size_t room)
{
    PROC_PATH(path);
    return __readlink_chk(path, buf, len, room);
}

int WRAP(access)(const char *path, int how)
{
    PROC_PATH(path);
    return access(path, how);
}

int WRAP(stat)(const char *path, struct stat *st)
{
    PROC_PATH(path);
    return stat(path, st);
}

int WRAP(lstat)(const char *path, struct stat *st)
{
    PROC_PATH(path);
    return lstat(path, st);
}

DIR *WRAP(opendir)(const char *path)
{
    PROC_PATH(path);
    return opendir(path);
}

char *WRAP(realpath)(const char *path, char *out)
{
    PROC_PATH(path);
    return realpath(path, out);
}

/* ---- output ---- */

int WRAP(vfprintf)(FILE *f, const char *fmt, va_list ap)
{
    ARGS_NOTE(fmt, ap, RA);
    return vfprintf(redirect(f), fmt, ap);
}

int WRAP(fprintf)(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ARGS_NOTE(fmt, ap, RA);
    int r = vfprintf(redirect(f), fmt, ap);
    va_end(ap);
    return r;
}

int WRAP(vprintf)(const char *fmt, va_list ap)
{
    ARGS_NOTE(fmt, ap, RA);
    return vfprintf(redirect(stdout), fmt, ap);
}

int WRAP(printf)(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ARGS_NOTE(fmt, ap, RA);
    int r = vfprintf(redirect(stdout), fmt, ap);
    va_end(ap);
    return r;
}

int WRAP(__printf_chk)(int flag, const char *fmt, ...)
{
    (void)flag;
    va_list ap;
    va_start(ap, fmt);
    ARGS_NOTE(fmt, ap, RA);
    int r = vfprintf(redirect(stdout), fmt, ap);
    va_end(ap);
    return r;
}

int WRAP(__fprintf_chk)(FILE *f, int flag, const char *fmt, ...)
{
    (void)flag;
    va_list ap;
    va_start(ap, fmt);
    ARGS_NOTE(fmt, ap, RA);
    int r = vfprintf(redirect(f), fmt, ap);
    va_end(ap);
    return r;
}

int WRAP(__vprintf_chk)(int flag, const char *fmt, va_list ap)
{
    ARGS_NOTE(fmt, ap, RA);
    (void)flag;
    return vfprintf(redirect(stdout), fmt, ap);
}

int WRAP(__vfprintf_chk)(FILE *f, int flag, const char *fmt, va_list ap)
{
    ARGS_NOTE(fmt, ap, RA);
    (void)flag;
    return vfprintf(redirect(f), fmt, ap);
}

int WRAP(puts)(const char *s)
{
    sim_tsan_range(s, strlen(s) + 1, SIM_HB_READ, RA);
    FILE *f = redirect(stdout);
    if (fputs(s, f) == EOF)
        return EOF;
    return putc('\n', f);
}

int WRAP(fputs)(const char *s, FILE *f)
{
    sim_tsan_range(s, strlen(s) + 1, SIM_HB_READ, RA);
    return fputs(s, redirect(f));
}

int WRAP(putchar)(int c)
{
    return putc(c, redirect(stdout));
}

int WRAP(fputc)(int c, FILE *f)
{
    return fputc(c, redirect(f));
}

int WRAP(putc)(int c, FILE *f)
{
    return putc(c, redirect(f));
}

int WRAP(_IO_putc)(int c, FILE *f)
{
    return putc(c, redirect(f));
}

size_t WRAP(fwrite)(const void *p, size_t size, size_t n, FILE *f)
{
    size_t r = fwrite(p, size, n, redirect(f));
    sim_tsan_range(p, r * size, SIM_HB_READ, RA);
    return r;
}

/* ---- input into the program's memory: the bytes read are its writes ---- */

char *__fgets_chk(char *s, size_t room, int n, FILE *f);
size_t __fread_chk(void *p, size_t room, size_t size, size_t n, FILE *f);
ssize_t __read_chk(int fd, void *buf, size_t n, size_t room);
ssize_t __pread_chk(int fd, void *buf, size_t n, off_t at, size_t room);

/* A read that may wait outside the simulator (a pipe, a socket, a
 * terminal): the running context is marked as in it meanwhile, so that a
 * watchdog that ends the wait says what it was (sim/run). */
#define WAITS(name, call)                                    \
    ({                                                       \
        sim_pe_t *c_ = sim_w ? sim_w->cur : NULL;            \
        if (c_)                                              \
            c_->in_syscall = name;                           \
        __typeof__(call) r_ = (call);                        \
        if (c_)                                              \
            c_->in_syscall = NULL;                           \
        r_;                                                  \
    })

static char *got_line(char *s, char *r, const void *pc)
{
    if (r)
        sim_tsan_range(s, strlen(s) + 1, SIM_HB_WRITE, pc);
    return r;
}

static ssize_t got_bytes(void *buf, ssize_t r, const void *pc)
{
    if (r > 0)
        sim_tsan_range(buf, (size_t)r, SIM_HB_WRITE, pc);
    return r;
}

char *WRAP(fgets)(char *s, int n, FILE *f)
{
    return got_line(s, WAITS("fgets", fgets(s, n, f)), RA);
}

wchar_t *__fgetws_chk(wchar_t *s, size_t room, int n, FILE *f);

static wchar_t *got_wline(wchar_t *s, wchar_t *r, const void *pc)
{
    if (r)
        sim_tsan_range(s, (wcslen(s) + 1) * WC, SIM_HB_WRITE, pc);
    return r;
}

wchar_t *WRAP(fgetws)(wchar_t *s, int n, FILE *f)
{
    return got_wline(s, fgetws(s, n, f), RA);
}

wchar_t *WRAP(__fgetws_chk)(wchar_t *s, size_t room, int n, FILE *f)
{
    return got_wline(s, __fgetws_chk(s, room, n, f), RA);
}

char *WRAP(__fgets_chk)(char *s, size_t room, int n, FILE *f)
{
    return got_line(s, WAITS("fgets", __fgets_chk(s, room, n, f)), RA);
}

size_t WRAP(fread)(void *p, size_t size, size_t n, FILE *f)
{
    size_t r = WAITS("fread", fread(p, size, n, f));
    got_bytes(p, (ssize_t)(r * size), RA);
    return r;
}

size_t WRAP(__fread_chk)(void *p, size_t room, size_t size, size_t n, FILE *f)
{
    size_t r = WAITS("fread", __fread_chk(p, room, size, n, f));
    got_bytes(p, (ssize_t)(r * size), RA);
    return r;
}

ssize_t WRAP(read)(int fd, void *buf, size_t n)
{
    return got_bytes(buf, WAITS("read", read(fd, buf, n)), RA);
}

ssize_t WRAP(__read_chk)(int fd, void *buf, size_t n, size_t room)
{
    return got_bytes(buf, WAITS("read", __read_chk(fd, buf, n, room)), RA);
}

ssize_t WRAP(pread)(int fd, void *buf, size_t n, off_t at)
{
    return got_bytes(buf, pread(fd, buf, n, at), RA);
}

ssize_t WRAP(pread64)(int fd, void *buf, size_t n, off64_t at)
{
    return got_bytes(buf, pread64(fd, buf, n, at), RA);
}

/* A line and its terminator, at *line (which the call may have made or
 * grown: the buffer it returns is what was written). */
ssize_t WRAP(getline)(char **line, size_t *n, FILE *f)
{
    ssize_t r = WAITS("getline", getline(line, n, f));
    if (r >= 0)
        got_bytes(*line, r + 1, RA);
    return r;
}

ssize_t WRAP(getdelim)(char **line, size_t *n, int delim, FILE *f)
{
    ssize_t r = WAITS("getdelim", getdelim(line, n, delim, f));
    if (r >= 0)
        got_bytes(*line, r + 1, RA);
    return r;
}

ssize_t WRAP(__pread_chk)(int fd, void *buf, size_t n, off_t at, size_t room)
{
    return got_bytes(buf, __pread_chk(fd, buf, n, at, room), RA);
}

int WRAP(fflush)(FILE *f)
{
    if (f == NULL && sim_w && sim_w->cur)
        sim_io_flush_pe(sim_w->cur);
    return fflush(f ? redirect(f) : NULL);
}

void WRAP(perror)(const char *s)
{
    FILE *f = redirect(stderr);
    const char *msg = strerror(errno);
    if (s && *s)
        fprintf(f, "%s: %s\n", s, msg);
    else
        fprintf(f, "%s\n", msg);
}

int WRAP(setvbuf)(FILE *f, char *buf, int mode, size_t size)
{
    /* PE streams are already line-buffered and flushed at exit; changing
     * the real stdout's buffering would only slow the run down. */
    if (sim_w && sim_w->cur && (f == stdout || f == stderr))
        return 0;
    return setvbuf(f, buf, mode, size);
}

void WRAP(setbuf)(FILE *f, char *buf)
{
    WRAP(setvbuf)(f, buf, buf ? _IOFBF : _IONBF, BUFSIZ);
}

ssize_t write(int fd, const void *buf, size_t n)
{
    if (sim_w && sim_w->cur && (fd == 1 || fd == 2)) {
        if (sim_io_closed(sim_w->cur, fd - 1)) {
            errno = EBADF;
            return -1;
        }
        FILE *f = sim_io_stream(sim_w->cur, fd - 1);
        size_t w = fwrite(buf, 1, n, f);
        return (ssize_t)w;
    }
    return LIBC(write, ssize_t(*)(int, const void *, size_t))(fd, buf, n);
}

ssize_t WRAP(write)(int fd, const void *buf, size_t n)
{
    ssize_t r = write(fd, buf, n);
    if (r > 0)
        sim_tsan_range(buf, (size_t)r, SIM_HB_READ, RA);
    return r;
}

ssize_t writev(int fd, const struct iovec *iov, int cnt)
{
    if (sim_w && sim_w->cur && (fd == 1 || fd == 2)) {
        if (sim_io_closed(sim_w->cur, fd - 1)) {
            errno = EBADF;
            return -1;
        }
        FILE *f = sim_io_stream(sim_w->cur, fd - 1);
        size_t w = 0;
        for (int i = 0; i < cnt; i++)
            w += fwrite(iov[i].iov_base, 1, iov[i].iov_len, f);
        return (ssize_t)w;
    }
    return LIBC(writev, ssize_t(*)(int, const struct iovec *, int))(fd, iov, cnt);
}

int WRAP(fclose)(FILE *f)
{
    sim_pe_t *pe = sim_w ? sim_w->cur : NULL;
    if (pe && (f == stdout || f == stderr)) {
        /* Only this PE's stream: the others and the simulator write on. */
        sim_io_close_stream(pe, f == stderr);
        return 0;
    }
    return fclose(f);
}

int WRAP(close)(int fd)
{
    sim_pe_t *pe = sim_w ? sim_w->cur : NULL;
    if (pe && (fd == 1 || fd == 2)) {
        if (sim_io_closed(pe, fd - 1)) {
            errno = EBADF;
            return -1;
        }
        sim_io_close_stream(pe, fd - 1);
        return 0;
    }
    return close(fd);
}

/* ---- per-PE C library state ----
 *
 * rand, random, the drand48 family and strtok keep hidden state, and the
 * environment is one per process: each PE gets its own, so PEs that seed
 * identically draw identical sequences whatever order they run in, as
 * separate processes would.  The sequences are the C library's own (the
 * _r variants over per-PE state). */

typedef struct env_var {
    char *name;
    char *value; /* NULL: unset in this PE */
    char **retired; /* values it had, kept: getenv handed them out */
    size_t nretired;
    struct env_var *next;
} env_var_t;

typedef struct pe_libc {
    struct random_data rd; /* rand, random */
    char rstate[128];      /* glibc's default state size (TYPE_3) */
    struct drand48_data d48;
    char *strtok_save;
    env_var_t *env;        /* this PE's changes to the environment */
} pe_libc_t;

static pe_libc_t *pe_libc(void)
{
    sim_pe_t *pe = sim_pe_main(sim_w->cur);
    if (!pe->libc) {
        pe_libc_t *l = calloc(1, sizeof *l);
        if (!l)
            abort();
        /* As if srandom(1): what an unseeded process draws. */
        initstate_r(1, l->rstate, sizeof l->rstate, &l->rd);
        pe->libc = l;
    }
    return pe->libc;
}

#define IN_PE() (sim_w && sim_w->cur)

void sim_interpose_free(sim_pe_t *pe)
{
    pe_libc_t *l = pe->libc;
    for (env_var_t *v = l ? l->env : NULL, *next; v; v = next) {
        next = v->next;
        for (size_t i = 0; i < v->nretired; i++)
            free(v->retired[i]);
        free(v->retired);
        free(v->name);
        free(v->value);
        free(v);
    }
    free(l);
    pe->libc = NULL;
    if (pe->locale) {
        uselocale(LC_GLOBAL_LOCALE); /* it may be the one in use */
        freelocale((locale_t)pe->locale);
        pe->locale = NULL;
    }
    free(pe->sigacts);
    pe->sigacts = NULL;
}

/* ---- the locale: per PE, made current while the PE runs (uselocale) ---- */

/* The name of category cat of PE pe's locale. */
static const char *locale_name(sim_pe_t *pe, int cat)
{
    return pe->locale ? nl_langinfo_l(_NL_LOCALE_NAME(cat), (locale_t)pe->locale)
                      : setlocale(cat, NULL);
}

char *WRAP(setlocale)(int cat, const char *name)
{
    if (!IN_PE())
        return setlocale(cat, name);
    sim_pe_t *pe = sim_pe_main(sim_w->cur);
    if (cat < 0 || cat > LC_IDENTIFICATION) {
        errno = EINVAL;
        return NULL;
    }
    if (name) {
        locale_t base = duplocale(pe->locale ? (locale_t)pe->locale : LC_GLOBAL_LOCALE);
        locale_t made = base ? newlocale(cat == LC_ALL ? LC_ALL_MASK : 1 << cat, name, base)
                             : (locale_t)0;
        if (!made) {
            if (base)
                freelocale(base);
            return NULL;
        }
        uselocale(made);
        if (pe->locale)
            freelocale((locale_t)pe->locale);
        pe->locale = made;
    }
    if (cat != LC_ALL)
        return (char *)locale_name(pe, cat);
    /* LC_ALL: one name when every category agrees, else "CAT=name;..." */
    static const int cats[] = {LC_CTYPE, LC_NUMERIC, LC_TIME, LC_COLLATE, LC_MONETARY,
                               LC_MESSAGES};
    static const char *const names[] = {"LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE",
                                        "LC_MONETARY", "LC_MESSAGES"};
    int same = 1;
    for (size_t i = 1; i < sizeof cats / sizeof cats[0]; i++)
        same &= strcmp(locale_name(pe, cats[i]), locale_name(pe, cats[0])) == 0;
    if (same)
        return (char *)locale_name(pe, LC_CTYPE);
    static char all[512];
    size_t n = 0;
    for (size_t i = 0; i < sizeof cats / sizeof cats[0] && n < sizeof all; i++)
        n += (size_t)snprintf(all + n, sizeof all - n, "%s%s=%s", i ? ";" : "", names[i],
                              locale_name(pe, cats[i]));
    return all;
}

uint64_t sim_pe_entropy(void)
{
    /* splitmix64 over the seed, the PE and the draw: a stream of its own,
     * so that drawing from it changes no other (rand's, the network's). */
    sim_pe_t *pe = sim_pe_main(sim_w->cur);
    uint64_t z = sim_w->cfg.seed * 0x9e3779b97f4a7c15u + ((uint64_t)pe->id << 32) +
                 ++pe->entropy_draws * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void fill_entropy(void *buf, size_t len)
{
    unsigned char *p = buf;
    for (size_t i = 0; i < len; i += 8) {
        uint64_t v = sim_pe_entropy();
        memcpy(p + i, &v, len - i < 8 ? len - i : 8);
    }
}

/* The system's entropy, which would make no two runs alike, comes from
 * the run's seed in a PE. */
ssize_t WRAP(getrandom)(void *buf, size_t len, unsigned flags)
{
    if (!IN_PE())
        return LIBC(getrandom, ssize_t(*)(void *, size_t, unsigned))(buf, len, flags);
    fill_entropy(buf, len);
    return (ssize_t)len;
}

int WRAP(getentropy)(void *buf, size_t len)
{
    if (!IN_PE())
        return LIBC(getentropy, int (*)(void *, size_t))(buf, len);
    if (len > 256) {
        errno = EIO;
        return -1;
    }
    fill_entropy(buf, len);
    return 0;
}

/* The same for shared libraries (gfortran's RANDOM_SEED with no
 * argument seeds from getentropy). */
ssize_t getrandom(void *buf, size_t len, unsigned flags)
{
    return WRAP(getrandom)(buf, len, flags);
}

int getentropy(void *buf, size_t len)
{
    return WRAP(getentropy)(buf, len);
}

int WRAP(rand)(void)
{
    if (!IN_PE())
        return rand();
    int32_t r;
    random_r(&pe_libc()->rd, &r);
    return r;
}

void WRAP(srand)(unsigned seed)
{
    if (!IN_PE()) {
        srand(seed);
        return;
    }
    srandom_r(seed, &pe_libc()->rd);
}

long WRAP(random)(void)
{
    return IN_PE() ? WRAP(rand)() : random();
}

void WRAP(srandom)(unsigned seed)
{
    if (IN_PE())
        WRAP(srand)(seed);
    else
        srandom(seed);
}

double WRAP(drand48)(void)
{
    if (!IN_PE())
        return drand48();
    double r;
    drand48_r(&pe_libc()->d48, &r);
    return r;
}

double WRAP(erand48)(unsigned short x[3])
{
    if (!IN_PE())
        return erand48(x);
    double r;
    erand48_r(x, &pe_libc()->d48, &r);
    return r;
}

long WRAP(lrand48)(void)
{
    if (!IN_PE())
        return lrand48();
    long r;
    lrand48_r(&pe_libc()->d48, &r);
    return r;
}

long WRAP(nrand48)(unsigned short x[3])
{
    if (!IN_PE())
        return nrand48(x);
    long r;
    nrand48_r(x, &pe_libc()->d48, &r);
    return r;
}

long WRAP(mrand48)(void)
{
    if (!IN_PE())
        return mrand48();
    long r;
    mrand48_r(&pe_libc()->d48, &r);
    return r;
}

long WRAP(jrand48)(unsigned short x[3])
{
    if (!IN_PE())
        return jrand48(x);
    long r;
    jrand48_r(x, &pe_libc()->d48, &r);
    return r;
}

void WRAP(srand48)(long seed)
{
    if (IN_PE())
        srand48_r(seed, &pe_libc()->d48);
    else
        srand48(seed);
}

unsigned short *WRAP(seed48)(unsigned short seed[3])
{
    if (!IN_PE())
        return seed48(seed);
    pe_libc_t *l = pe_libc();
    seed48_r(seed, &l->d48);
    return l->d48.__old_x;
}

void WRAP(lcong48)(unsigned short p[7])
{
    if (IN_PE())
        lcong48_r(p, &pe_libc()->d48);
    else
        lcong48(p);
}

/* What a tokenizer looked at: from start (s, or where the last call
 * stopped) to the end of the token it returned and the byte there, which
 * it overwrote with a terminator when it was a delimiter (the next call
 * then starts past it); with no token, the rest of the string.  Lengths
 * and sizes in elements of w bytes. */
static void tok_note(const void *start, const void *tok, size_t toklen, size_t rest,
                     const void *after, size_t w, const void *pc)
{
    if (!start)
        return;
    const char *b = start, *end = tok ? (const char *)tok + toklen * w : NULL;
    sim_tsan_range(b, end ? (size_t)(end - b) + w : (rest + 1) * w, SIM_HB_READ, pc);
    if (end && (const char *)after == end + w)
        sim_tsan_range(end, w, SIM_HB_WRITE, pc);
}

static char *strtok_at(char *s, const char *delim, char **save, const void *pc)
{
    char *start = s ? s : *save;
    size_t rest = start ? strlen(start) : 0;
    char *t = strtok_r(s, delim, save);
    sim_tsan_range(delim, strlen(delim) + 1, SIM_HB_READ, pc);
    tok_note(start, t, t ? strlen(t) : 0, rest, *save, 1, pc);
    return t;
}

char *WRAP(strtok)(char *s, const char *delim)
{
    if (!IN_PE())
        return strtok(s, delim);
    return strtok_at(s, delim, &pe_libc()->strtok_save, RA);
}

char *WRAP(strtok_r)(char *s, const char *delim, char **save)
{
    return strtok_at(s, delim, save, RA);
}

wchar_t *WRAP(wcstok)(wchar_t *s, const wchar_t *delim, wchar_t **save)
{
    wchar_t *start = s ? s : *save;
    size_t rest = start ? wcslen(start) : 0;
    wchar_t *t = wcstok(s, delim, save);
    sim_tsan_range(delim, (wcslen(delim) + 1) * sizeof(wchar_t), SIM_HB_READ, RA);
    tok_note(start, t, t ? wcslen(t) : 0, rest, *save, sizeof(wchar_t), RA);
    return t;
}

static env_var_t *env_find(pe_libc_t *l, const char *name, size_t len)
{
    for (env_var_t *v = l->env; v; v = v->next)
        if (strlen(v->name) == len && strncmp(v->name, name, len) == 0)
            return v;
    return NULL;
}

/* Records name=value (value NULL: unset) as this PE's own. */
static int env_set(const char *name, size_t len, const char *value)
{
    pe_libc_t *l = pe_libc();
    env_var_t *v = env_find(l, name, len);
    if (!v) {
        v = calloc(1, sizeof *v);
        if (!v || !(v->name = strndup(name, len))) {
            free(v);
            errno = ENOMEM;
            return -1;
        }
        v->next = l->env;
        l->env = v;
    }
    char *copy = value ? strdup(value) : NULL;
    if (value && !copy) {
        errno = ENOMEM;
        return -1;
    }
    /* A value handed out by getenv stays valid: the old one is kept. */
    if (v->value) {
        char **r = realloc(v->retired, (v->nretired + 1) * sizeof *r);
        if (!r) {
            free(copy);
            errno = ENOMEM;
            return -1;
        }
        v->retired = r;
        v->retired[v->nretired++] = v->value;
    }
    v->value = copy;
    if (len == 2 && strncmp(name, "TZ", 2) == 0)
        sim_interpose_tz_in(sim_w->cur); /* in effect at once, for this PE */
    return 0;
}

/* The process's own TZ while a PE's is applied (tz_held), to put back. */
static struct {
    int held;
    char *was; /* NULL: it had none */
} tz;

static void tz_apply(const char *value)
{
    if (value)
        setenv("TZ", value, 1);
    else
        unsetenv("TZ");
    tzset();
}

void sim_interpose_tz_in(struct sim_pe *pe)
{
    pe_libc_t *l = sim_pe_main(pe)->libc;
    env_var_t *v = l ? env_find(l, "TZ", 2) : NULL;
    if (!v)
        return;
    if (!tz.held) {
        const char *was = getenv("TZ");
        free(tz.was);
        tz.was = was ? strdup(was) : NULL;
        tz.held = 1;
    }
    tz_apply(v->value);
}

void sim_interpose_tz_out(struct sim_pe *pe)
{
    (void)pe;
    if (!tz.held)
        return;
    tz.held = 0;
    tz_apply(tz.was);
}

char *WRAP(getenv)(const char *name)
{
    if (!IN_PE())
        return getenv(name);
    env_var_t *v = env_find(pe_libc(), name, strlen(name));
    return v ? v->value : getenv(name);
}

char *WRAP(secure_getenv)(const char *name)
{
    return WRAP(getenv)(name);
}

static int bad_env_name(const char *name)
{
    return !name || !*name || strchr(name, '=');
}

int WRAP(setenv)(const char *name, const char *value, int overwrite)
{
    if (!IN_PE())
        return setenv(name, value, overwrite);
    if (bad_env_name(name)) {
        errno = EINVAL;
        return -1;
    }
    if (!overwrite && WRAP(getenv)(name))
        return 0;
    return env_set(name, strlen(name), value);
}

int WRAP(unsetenv)(const char *name)
{
    if (!IN_PE())
        return unsetenv(name);
    if (bad_env_name(name)) {
        errno = EINVAL;
        return -1;
    }
    return env_set(name, strlen(name), NULL);
}

int WRAP(putenv)(char *s)
{
    if (!IN_PE())
        return putenv(s);
    const char *eq = strchr(s, '=');
    if (!eq)
        return env_set(s, strlen(s), NULL);
    return env_set(s, (size_t)(eq - s), eq + 1);
}

int WRAP(clearenv)(void)
{
    if (!IN_PE())
        return clearenv();
    extern char **environ;
    for (char **e = environ; e && *e; e++) {
        const char *eq = strchr(*e, '=');
        if (eq && env_set(*e, (size_t)(eq - *e), NULL) != 0)
            return -1;
    }
    for (env_var_t *v = pe_libc()->env; v; v = v->next)
        v->value = NULL;
    return 0;
}
