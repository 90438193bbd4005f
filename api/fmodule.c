/* api/fmodule.c: linked into every Fortran PE module by shmemsim-fc (with
 * api/module.c's marker), as lib/shmemsim_fmodule.o, or, for --cray, as
 * lib/shmemsim_fmodule_cray.o (built with SHMEMSIM_CRAY).
 *
 * shmemsim-fc links with -Wl,--wrap for the run-time library entry points
 * below, so the program's calls reach these first (see
 * api/fortran/fio.c for why):
 *   - _gfortran_set_options, which gfortran's main calls on each PE just
 *     before the main program: the simulator's fault handlers are put back
 *     if the library replaced them (it installs its own backtrace handlers
 *     when built with -fbacktrace), then N$PES is filled in and, for
 *     --cray, SHMEM is initialised;
 *   - the I/O statements, bracketed by shmemsim_fortran_io_begin/end;
 *   - the data transfers of READ and WRITE (PRINT): the items a READ
 *     stores into and a WRITE reads are the program's accesses for the
 *     race detector (shmemsim_fortran_item, _array), as the library's
 *     code is not instrumented;
 *   - MATMUL and the other array intrinsics, when the library carries
 *     them out: their operands and results, likewise. */
#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#ifdef SHMEMSIM_CRAY
#define IMPLICIT_INIT 1
#else
#define IMPLICIT_INIT 0
#endif

void shmemsim_fortran_start(int *npes_common, int implicit_init);
void shmemsim_fortran_io_begin_at(const void *site);
int shmemsim_fortran_unit(int unit);
void shmemsim_fortran_io_end(void);
void shmemsim_fortran_item(const void *p, size_t n, int write, const void *pc);
void shmemsim_fortran_array(const void *desc, size_t elem, int write, const void *pc);

/* COMMON /SHMEMNPES/ N$PES (shmem.fh), when the program declares it. */
extern int shmemnpes_ __attribute__((weak));

static const int saved_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGQUIT,
                                    SIGSYS,  SIGTRAP, SIGXCPU, SIGXFSZ};
#define NSAVED (sizeof saved_signals / sizeof saved_signals[0])

void __real__gfortran_set_options(int num, int options[]);
/* The process's sigaction: the module's own calls to sigaction are
 * wrapped (per-PE dispositions), but these handlers are the process's. */
int __real_sigaction(int sig, const struct sigaction *sa, struct sigaction *old);

void __wrap__gfortran_set_options(int num, int options[])
{
    struct sigaction old[NSAVED];
    for (size_t i = 0; i < NSAVED; i++)
        __real_sigaction(saved_signals[i], NULL, &old[i]);
    __real__gfortran_set_options(num, options);
    for (size_t i = 0; i < NSAVED; i++)
        __real_sigaction(saved_signals[i], &old[i], NULL);
    shmemsim_fortran_start(&shmemnpes_, IMPLICIT_INIT);
}

/* Every statement's parameters begin with gfortran's st_parameter_common:
 * its flags, then the unit number, made the PE's own. */
static void own_unit(void *p)
{
    int *unit = (int *)p + 1;
    *unit = shmemsim_fortran_unit(*unit);
}

/* A data transfer statement runs from st_read/st_write to its _done. */
#define BEGIN_STMT(name)                                                       \
    void __real_##name(void *dtp);                                             \
    void __wrap_##name(void *dtp)                                              \
    {                                                                          \
        shmemsim_fortran_io_begin_at(__builtin_return_address(0));             \
        own_unit(dtp);                                                         \
        __real_##name(dtp);                                                    \
    }
#define END_STMT(name)                                                         \
    void __real_##name(void *dtp);                                             \
    void __wrap_##name(void *dtp)                                              \
    {                                                                          \
        __real_##name(dtp);                                                    \
        shmemsim_fortran_io_end();                                             \
    }
/* The other statements are one call each. */
#define WHOLE_STMT(name)                                                       \
    void __real_##name(void *p);                                               \
    void __wrap_##name(void *p)                                                \
    {                                                                          \
        shmemsim_fortran_io_begin_at(__builtin_return_address(0));             \
        own_unit(p);                                                           \
        __real_##name(p);                                                      \
        shmemsim_fortran_io_end();                                             \
    }

BEGIN_STMT(_gfortran_st_read)
END_STMT(_gfortran_st_read_done)
BEGIN_STMT(_gfortran_st_write)
END_STMT(_gfortran_st_write_done)
WHOLE_STMT(_gfortran_st_open)
WHOLE_STMT(_gfortran_st_close)
WHOLE_STMT(_gfortran_st_inquire)
WHOLE_STMT(_gfortran_st_rewind)
WHOLE_STMT(_gfortran_st_backspace)
WHOLE_STMT(_gfortran_st_endfile)
WHOLE_STMT(_gfortran_st_flush)
WHOLE_STMT(_gfortran_st_wait)
WHOLE_STMT(_gfortran_st_wait_async)

/* GNU extensions that take a unit as their first argument (CALL FLUSH(u),
 * FNUM, FSEEK, FTELL, FGETC, FPUTC, ISATTY, CALL TTYNAM): the PE's own
 * number too, in a copy (the argument is the program's variable, or a
 * constant).  FLUSH() with no unit passes NULL: every unit. */
#define UNIT_CALL(ret, name, utype, params, args)                              \
    ret __real_##name(utype *unit UNPAREN params);                             \
    ret __wrap_##name(utype *unit UNPAREN params)                              \
    {                                                                          \
        __typeof__(*unit + 0) own;                                             \
        if (unit && *unit == (int)*unit) {                                     \
            own = shmemsim_fortran_unit((int)*unit);                           \
            unit = &own;                                                       \
        }                                                                      \
        return __real_##name(unit UNPAREN args);                               \
    }
#define UNPAREN(...) __VA_ARGS__
typedef long long gio_int_t;  /* GFC_IO_INT */
typedef size_t gchar_len_t;   /* gfc_charlen_type */
UNIT_CALL(void, _gfortran_flush_i4, int32_t, (), ())
UNIT_CALL(void, _gfortran_flush_i8, int64_t, (), ())
UNIT_CALL(int32_t, _gfortran_fnum_i4, int32_t, (), ())
UNIT_CALL(int64_t, _gfortran_fnum_i8, int64_t, (), ())
UNIT_CALL(void, _gfortran_fseek_sub, int, (, gio_int_t *off, int *whence, int *status),
          (, off, whence, status))
UNIT_CALL(size_t, _gfortran_ftell, int, (), ())
UNIT_CALL(void, _gfortran_ftell_i4_sub, int32_t, (, gio_int_t *off), (, off))
UNIT_CALL(void, _gfortran_ftell_i8_sub, int64_t, (, gio_int_t *off), (, off))
UNIT_CALL(int, _gfortran_fgetc, const int, (, char *c, gchar_len_t len), (, c, len))
UNIT_CALL(int, _gfortran_fputc, const int, (, char *c, gchar_len_t len), (, c, len))
UNIT_CALL(void, _gfortran_fgetc_i4_sub, const int, (, char *c, int32_t *st, gchar_len_t len),
          (, c, st, len))
UNIT_CALL(void, _gfortran_fputc_i4_sub, const int, (, char *c, int32_t *st, gchar_len_t len),
          (, c, st, len))
UNIT_CALL(void, _gfortran_fgetc_i8_sub, const int, (, char *c, int64_t *st, gchar_len_t len),
          (, c, st, len))
UNIT_CALL(void, _gfortran_fputc_i8_sub, const int, (, char *c, int64_t *st, gchar_len_t len),
          (, c, st, len))
UNIT_CALL(int, _gfortran_isatty_l4, int, (), ())
UNIT_CALL(int64_t, _gfortran_isatty_l8, int, (), ())
UNIT_CALL(void, _gfortran_ttynam_sub, int32_t, (, char *name, gchar_len_t len), (, name, len))

/* The function TTYNAM(u) takes its unit by value, last. */
void __real__gfortran_ttynam(char **name, gchar_len_t *len, int unit);
void __wrap__gfortran_ttynam(char **name, gchar_len_t *len, int unit)
{
    __real__gfortran_ttynam(name, len, shmemsim_fortran_unit(unit));
}

/* A READ's items are written, a WRITE's read; p's size from its kind
 * (REAL(10) fills 10 of its 16 bytes; a COMPLEX is two of its kind). */
#define RA __builtin_return_address(0)
#define ITEM(name, write, bytes)                                               \
    void __real_##name(void *dtp, void *p, int kind);                          \
    void __wrap_##name(void *dtp, void *p, int kind)                           \
    {                                                                          \
        shmemsim_fortran_item(p, (bytes), (write), RA);                        \
        __real_##name(dtp, p, kind);                                           \
    }
#define REAL_BYTES(kind) ((size_t)(kind) == 10 ? 10 : (size_t)(kind))
ITEM(_gfortran_transfer_integer, 1, (size_t)kind)
ITEM(_gfortran_transfer_integer_write, 0, (size_t)kind)
ITEM(_gfortran_transfer_logical, 1, (size_t)kind)
ITEM(_gfortran_transfer_logical_write, 0, (size_t)kind)
ITEM(_gfortran_transfer_real, 1, REAL_BYTES(kind))
ITEM(_gfortran_transfer_real_write, 0, REAL_BYTES(kind))
ITEM(_gfortran_transfer_complex, 1, (kind == 10 ? 16 : (size_t)kind) + REAL_BYTES(kind))
ITEM(_gfortran_transfer_complex_write, 0, (kind == 10 ? 16 : (size_t)kind) + REAL_BYTES(kind))

#define CHARS(name, write)                                                     \
    void __real_##name(void *dtp, void *p, size_t len);                        \
    void __wrap_##name(void *dtp, void *p, size_t len)                         \
    {                                                                          \
        shmemsim_fortran_item(p, len, (write), RA);                            \
        __real_##name(dtp, p, len);                                            \
    }
CHARS(_gfortran_transfer_character, 1)
CHARS(_gfortran_transfer_character_write, 0)

#define WIDE(name, write)                                                      \
    void __real_##name(void *dtp, void *p, size_t len, int kind);              \
    void __wrap_##name(void *dtp, void *p, size_t len, int kind)               \
    {                                                                          \
        shmemsim_fortran_item(p, len * (size_t)kind, (write), RA);             \
        __real_##name(dtp, p, len, kind);                                      \
    }
WIDE(_gfortran_transfer_character_wide, 1)
WIDE(_gfortran_transfer_character_wide_write, 0)

/* An array item: its descriptor; kind, or the length of a CHARACTER. */
#define ARRAY(name, write)                                                     \
    void __real_##name(void *dtp, void *desc, int kind, size_t charlen);       \
    void __wrap_##name(void *dtp, void *desc, int kind, size_t charlen)        \
    {                                                                          \
        (void)kind;                                                            \
        shmemsim_fortran_array(desc, charlen, (write), RA);                    \
        __real_##name(dtp, desc, kind, charlen);                               \
    }
ARRAY(_gfortran_transfer_array, 1)
ARRAY(_gfortran_transfer_array_write, 0)

/* MATMUL of arrays past gfortran's inline limit is the library's: its
 * operands are read and its result written for the program (the result
 * is the target itself when nothing aliases it, else a temporary the
 * program's own code copies).  The result's descriptor is complete only
 * after the call (the library allocates a temporary). */
#define MATMUL(name)                                                           \
    void __real_##name(void *r, void *a, void *b, int try_blas, int limit,     \
                       void *gemm);                                            \
    void __wrap_##name(void *r, void *a, void *b, int try_blas, int limit,     \
                       void *gemm)                                             \
    {                                                                          \
        shmemsim_fortran_array(a, 0, 0, RA);                                   \
        shmemsim_fortran_array(b, 0, 0, RA);                                   \
        __real_##name(r, a, b, try_blas, limit, gemm);                         \
        shmemsim_fortran_array(r, 0, 1, RA);                                   \
    }
MATMUL(_gfortran_matmul_i4)
MATMUL(_gfortran_matmul_i8)
MATMUL(_gfortran_matmul_r4)
MATMUL(_gfortran_matmul_r8)
MATMUL(_gfortran_matmul_c4)
MATMUL(_gfortran_matmul_c8)

/* The other array intrinsics the library carries out (a reduction along a
 * dimension, MAXLOC and MINLOC, the shifts, PACK, UNPACK, RESHAPE, SPREAD,
 * COUNT, ANY, ALL): in every one the first argument is the result's
 * descriptor and the second the array it reads, the rest being pointers
 * and integers (at most six arguments in all; the CHARACTER forms, which
 * add lengths, and the scalar SPREAD are not wrapped; FINDLOC, below).  One wrapper fits
 * them all: it reports the source read and the result written, and passes
 * the six integer registers on unchanged (a routine taking fewer ignores
 * the rest, as the x86-64 and AArch64 calling conventions allow).  Weak,
 * so that a library without one of them still links. */
#include <stdint.h>
#define ARRAY_FN(name)                                                         \
    __attribute__((weak)) void __real_##name(uintptr_t, uintptr_t, uintptr_t,  \
                                             uintptr_t, uintptr_t, uintptr_t); \
    void __wrap_##name(uintptr_t r, uintptr_t a, uintptr_t b, uintptr_t c,     \
                       uintptr_t d, uintptr_t e)                               \
    {                                                                          \
        shmemsim_fortran_array((const void *)a, 0, 0, RA);                     \
        __real_##name(r, a, b, c, d, e);                                       \
        shmemsim_fortran_array((const void *)r, 0, 1, RA);                     \
    }
/* By type: integers and reals of kind 4 and 8, and complex where the
 * intrinsic takes them. */
#define IR(p) ARRAY_FN(p##i4) ARRAY_FN(p##i8) ARRAY_FN(p##r4) ARRAY_FN(p##r8)
#define IRC(p) IR(p) ARRAY_FN(p##c4) ARRAY_FN(p##c8)
/* Plain, masked (an array mask) and with a scalar mask. */
#define MS(X, p) X(_gfortran_##p) X(_gfortran_m##p) X(_gfortran_s##p)
MS(IRC, sum_)
MS(IRC, product_)
MS(IR, maxval_)
MS(IR, minval_)
MS(IR, maxloc0_4_)
MS(IR, maxloc0_8_)
MS(IR, maxloc1_4_)
MS(IR, maxloc1_8_)
MS(IR, minloc0_4_)
MS(IR, minloc0_8_)
MS(IR, minloc1_4_)
MS(IR, minloc1_8_)
ARRAY_FN(_gfortran_iall_i4) ARRAY_FN(_gfortran_iall_i8)
ARRAY_FN(_gfortran_iany_i4) ARRAY_FN(_gfortran_iany_i8)
ARRAY_FN(_gfortran_iparity_i4) ARRAY_FN(_gfortran_iparity_i8)
ARRAY_FN(_gfortran_norm2_r4) ARRAY_FN(_gfortran_norm2_r8)
ARRAY_FN(_gfortran_any_l4) ARRAY_FN(_gfortran_any_l8)
ARRAY_FN(_gfortran_all_l4) ARRAY_FN(_gfortran_all_l8)
ARRAY_FN(_gfortran_count_4_l) ARRAY_FN(_gfortran_count_8_l)
ARRAY_FN(_gfortran_parity_l4) ARRAY_FN(_gfortran_parity_l8)
ARRAY_FN(_gfortran_cshift0_4) ARRAY_FN(_gfortran_cshift0_8)
ARRAY_FN(_gfortran_cshift1_4) ARRAY_FN(_gfortran_cshift1_8)
ARRAY_FN(_gfortran_eoshift0_4) ARRAY_FN(_gfortran_eoshift0_8)
ARRAY_FN(_gfortran_eoshift1_4) ARRAY_FN(_gfortran_eoshift1_8)
ARRAY_FN(_gfortran_eoshift2_4) ARRAY_FN(_gfortran_eoshift2_8)
ARRAY_FN(_gfortran_eoshift3_4) ARRAY_FN(_gfortran_eoshift3_8)
ARRAY_FN(_gfortran_pack) ARRAY_FN(_gfortran_pack_s)
ARRAY_FN(_gfortran_unpack0) ARRAY_FN(_gfortran_unpack1)
ARRAY_FN(_gfortran_spread)
ARRAY_FN(_gfortran_reshape) ARRAY_FN(_gfortran_reshape_4) ARRAY_FN(_gfortran_reshape_8)
ARRAY_FN(_gfortran_reshape_r4) ARRAY_FN(_gfortran_reshape_r8)
ARRAY_FN(_gfortran_reshape_c4) ARRAY_FN(_gfortran_reshape_c8)
/* FINDLOC: the value sought is the third argument, by value.  An
 * integer one is an integer register like the rest; a real or complex
 * one is in the floating-point registers, which the wrapper's own calls
 * may change, so it is taken with its type and passed on.  FINDLOC_FORMS:
 * each form of kind k (0: the whole array, 1: along a dimension; plain,
 * masked by an array, by a scalar). */
#define FINDLOC_FORMS(X, k)                                                        \
    X(_gfortran_findloc0_##k) X(_gfortran_findloc1_##k) X(_gfortran_mfindloc0_##k) \
    X(_gfortran_mfindloc1_##k) X(_gfortran_sfindloc0_##k) X(_gfortran_sfindloc1_##k)
FINDLOC_FORMS(ARRAY_FN, i4)
FINDLOC_FORMS(ARRAY_FN, i8)
#define FINDLOC_FP(name, T)                                                       \
    __attribute__((weak)) void __real_##name(uintptr_t, uintptr_t, T, uintptr_t,  \
                                             uintptr_t, uintptr_t);               \
    void __wrap_##name(uintptr_t r, uintptr_t a, T v, uintptr_t c, uintptr_t d,   \
                       uintptr_t e)                                               \
    {                                                                             \
        shmemsim_fortran_array((const void *)a, 0, 0, RA);                        \
        __real_##name(r, a, v, c, d, e);                                          \
        shmemsim_fortran_array((const void *)r, 0, 1, RA);                        \
    }
#define FINDLOC_R4(name) FINDLOC_FP(name, float)
#define FINDLOC_R8(name) FINDLOC_FP(name, double)
#define FINDLOC_C4(name) FINDLOC_FP(name, float _Complex)
#define FINDLOC_C8(name) FINDLOC_FP(name, double _Complex)
FINDLOC_FORMS(FINDLOC_R4, r4)
FINDLOC_FORMS(FINDLOC_R8, r8)
FINDLOC_FORMS(FINDLOC_C4, c4)
FINDLOC_FORMS(FINDLOC_C8, c8)

/* The scalar CHARACTER intrinsics the library carries out (LEN_TRIM,
 * INDEX, SCAN, VERIFY, ADJUSTL, ADJUSTR, concatenation, a comparison of
 * strings of different lengths, TRIM into a temporary), for both kinds of
 * character (1 and 4, the _char4 forms): each reads what it must look at,
 * as the C routines do (a search up to what it found, a comparison to the
 * first difference), and writes what it fills.  Lengths count characters;
 * a character is sizeof *s bytes. */
#define CHARS_READ(s, lo, hi)                                                          \
    do {                                                                               \
        if ((hi) > (lo))                                                               \
            shmemsim_fortran_item((s) + (lo), ((hi) - (lo)) * sizeof *(s), 0, RA);      \
    } while (0)
#define CHARS_WRITTEN(s, n)                                                            \
    do {                                                                               \
        if (n)                                                                         \
            shmemsim_fortran_item((s), (n) * sizeof *(s), 1, RA);                      \
    } while (0)

/* A search of str (len characters) from its start (or end, back) that
 * answered pos (1-based, 0: none) for a match of mlen characters: read up
 * to its end. */
#define SEARCHED(str, len, pos, mlen, back)                                            \
    do {                                                                               \
        if ((pos) == 0)                                                                \
            CHARS_READ(str, 0, len);                                                   \
        else if (back)                                                                 \
            CHARS_READ(str, (pos) - 1, len);                                           \
        else                                                                           \
            CHARS_READ(str, 0, (pos) - 1 + (mlen) < (len) ? (pos) - 1 + (mlen) : (len)); \
    } while (0)

typedef uint32_t gchar4_t; /* gfc_char4_t */

#define STRING_ROUTINES(C, SFX)                                                        \
    int __real__gfortran_compare_string##SFX(gchar_len_t, const C *, gchar_len_t,      \
                                             const C *);                               \
    int __wrap__gfortran_compare_string##SFX(gchar_len_t l1, const C *s1, gchar_len_t l2, \
                                             const C *s2)                              \
    {                                                                                  \
        gchar_len_t n = l1 < l2 ? l1 : l2, i = 0;                                      \
        while (i < n && s1[i] == s2[i])                                                \
            i++;                                                                       \
        if (i < n) {                                                                   \
            CHARS_READ(s1, 0, i + 1);                                                  \
            CHARS_READ(s2, 0, i + 1);                                                  \
        } else { /* the longer one's tail is compared with blanks */                   \
            const C *t = l1 > l2 ? s1 : s2;                                            \
            gchar_len_t tl = l1 > l2 ? l1 : l2, j = n;                                 \
            while (j < tl && t[j] == (C)' ')                                           \
                j++;                                                                   \
            CHARS_READ(s1, 0, l1 > l2 ? (j < tl ? j + 1 : tl) : n);                    \
            CHARS_READ(s2, 0, l2 > l1 ? (j < tl ? j + 1 : tl) : n);                    \
        }                                                                              \
        return __real__gfortran_compare_string##SFX(l1, s1, l2, s2);                   \
    }                                                                                  \
    void __real__gfortran_concat_string##SFX(gchar_len_t, C *, gchar_len_t, const C *,  \
                                             gchar_len_t, const C *);                  \
    void __wrap__gfortran_concat_string##SFX(gchar_len_t dl, C *d, gchar_len_t l1,     \
                                             const C *s1, gchar_len_t l2, const C *s2) \
    {                                                                                  \
        CHARS_READ(s1, 0, l1 < dl ? l1 : dl);                                          \
        if (dl > l1)                                                                   \
            CHARS_READ(s2, 0, l2 < dl - l1 ? l2 : dl - l1);                            \
        __real__gfortran_concat_string##SFX(dl, d, l1, s1, l2, s2);                    \
        CHARS_WRITTEN(d, dl);                                                          \
    }                                                                                  \
    gchar_len_t __real__gfortran_string_len_trim##SFX(gchar_len_t, const C *);         \
    gchar_len_t __wrap__gfortran_string_len_trim##SFX(gchar_len_t len, const C *s)     \
    {                                                                                  \
        gchar_len_t r = __real__gfortran_string_len_trim##SFX(len, s);                 \
        CHARS_READ(s, r ? r - 1 : 0, len);                                             \
        return r;                                                                      \
    }                                                                                  \
    /* (the kept part copied, the blanks after it looked at) */                        \
    void __real__gfortran_string_trim##SFX(gchar_len_t *, C **, gchar_len_t, const C *); \
    void __wrap__gfortran_string_trim##SFX(gchar_len_t *len, C **dest, gchar_len_t slen, \
                                           const C *src)                               \
    {                                                                                  \
        CHARS_READ(src, 0, slen);                                                      \
        __real__gfortran_string_trim##SFX(len, dest, slen, src);                       \
    }                                                                                  \
    STRING_SEARCH(_gfortran_string_index##SFX, C, 1)                                   \
    STRING_SEARCH(_gfortran_string_scan##SFX, C, 0)                                    \
    STRING_SEARCH(_gfortran_string_verify##SFX, C, 0)                                  \
    ADJUST(_gfortran_adjustl##SFX, C)                                                  \
    ADJUST(_gfortran_adjustr##SFX, C)

/* (a substring not found: at least its first character read) */
#define STRING_SEARCH(name, C, whole)                                                  \
    gchar_len_t __real_##name(gchar_len_t, const C *, gchar_len_t, const C *, int);    \
    gchar_len_t __wrap_##name(gchar_len_t len, const C *s, gchar_len_t slen,           \
                              const C *set, int back)                                  \
    {                                                                                  \
        gchar_len_t r = __real_##name(len, s, slen, set, back);                        \
        if (len && slen)                                                               \
            CHARS_READ(set, 0, (whole) && !r ? 1 : slen);                              \
        SEARCHED(s, len, r, (whole) ? slen : 1, back);                                 \
        return r;                                                                      \
    }

#define ADJUST(name, C)                                                                \
    void __real_##name(C *, gchar_len_t, const C *);                                   \
    void __wrap_##name(C *dest, gchar_len_t len, const C *src)                         \
    {                                                                                  \
        CHARS_READ(src, 0, len);                                                       \
        __real_##name(dest, len, src);                                                 \
        CHARS_WRITTEN(dest, len);                                                      \
    }

STRING_ROUTINES(char, )
STRING_ROUTINES(gchar4_t, _char4)
