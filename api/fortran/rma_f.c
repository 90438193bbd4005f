/* api/fortran/rma_f: the Fortran puts and gets: typed (CHARACTER, COMPLEX,
 * DOUBLE, INTEGER, LOGICAL, REAL), sized (4, 8, 32, 64, 128), MEM, their
 * strided (I) and non-blocking (_NBI) forms, the deprecated SHMEM_PUT, and
 * Cray's put-with-signal.  Each runs the internal operation of the C
 * routines (shm_rma_put/shm_rma_get) under its Fortran name.
 *
 * Element sizes are those of the default kinds: CHARACTER 1, INTEGER,
 * LOGICAL and REAL 4, DOUBLE PRECISION and COMPLEX 8.  In the sized names
 * 4 and 32 mean 4-byte elements, 8 and 64 8-byte ones, 128 16-byte ones
 * (Fortran's 8 counts bytes where C's counts bits); SHMEM_PUT moves 8-byte
 * words. */
#include "fortran.h"

/* Puts or gets nelems elements of elem bytes, strides in elements. */
static void f_xfer(const char *call, void *dest, const void *src, size_t elem, f_int nelems,
                   ptrdiff_t dst, ptrdiff_t sst, f_int pe, int is_put, int nbi)
{
    shm_xfer_t x = {.call = call, .ctx = SHMEM_CTX_DEFAULT, .dest = dest, .src = src,
                    .elem = elem, .nelems = f_count(nelems), .dst_stride = dst,
                    .src_stride = sst, .pe = pe};
    if (is_put)
        shm_rma_put(&x, nbi);
    else
        shm_rma_get(&x, nbi);
}

/* Contiguous and strided routines L (link name), F (Fortran name). */
#define DEFINE_CONTIG(L, F, E, is_put, nbi)                                                  \
    void L##_(void *dest, const void *source, const f_int *nelems, const f_int *pe)          \
    {                                                                                        \
        F_ENTER(F);                                                                          \
        f_xfer(F, dest, source, E, *nelems, 1, 1, *pe, is_put, nbi);                         \
        F_LEAVE();                                                                           \
    }
#define DEFINE_STRIDED(L, F, E, is_put)                                                      \
    void L##_(void *dest, const void *source, const f_int *dst, const f_int *sst,            \
              const f_int *nelems, const f_int *pe)                                          \
    {                                                                                        \
        F_ENTER(F);                                                                          \
        f_xfer(F, dest, source, E, *nelems, *dst, *sst, *pe, is_put, 0);                     \
        F_LEAVE();                                                                           \
    }
/* The six forms of one type or size: X(link infix, Fortran infix, bytes). */
#define DEFINE_FAMILY(L, F, E)                                                               \
    DEFINE_CONTIG(shmem_##L##_put, "SHMEM_" F "_PUT", E, 1, 0)                               \
    DEFINE_CONTIG(shmem_##L##_get, "SHMEM_" F "_GET", E, 0, 0)                               \
    DEFINE_CONTIG(shmem_##L##_put_nbi, "SHMEM_" F "_PUT_NBI", E, 1, 1)                       \
    DEFINE_CONTIG(shmem_##L##_get_nbi, "SHMEM_" F "_GET_NBI", E, 0, 1)                       \
    DEFINE_STRIDED(shmem_##L##_iput, "SHMEM_" F "_IPUT", E, 1)                               \
    DEFINE_STRIDED(shmem_##L##_iget, "SHMEM_" F "_IGET", E, 0)
#define DEFINE_SIZED(B, E)                                                                   \
    DEFINE_CONTIG(shmem_put##B, "SHMEM_PUT" #B, E, 1, 0)                                     \
    DEFINE_CONTIG(shmem_get##B, "SHMEM_GET" #B, E, 0, 0)                                     \
    DEFINE_CONTIG(shmem_put##B##_nbi, "SHMEM_PUT" #B "_NBI", E, 1, 1)                        \
    DEFINE_CONTIG(shmem_get##B##_nbi, "SHMEM_GET" #B "_NBI", E, 0, 1)                        \
    DEFINE_STRIDED(shmem_iput##B, "SHMEM_IPUT" #B, E, 1)                                     \
    DEFINE_STRIDED(shmem_iget##B, "SHMEM_IGET" #B, E, 0)

#define F_RMA_TYPES(X)                                                         \
    X(character, "CHARACTER", 1) X(complex, "COMPLEX", 8) X(double, "DOUBLE", 8) \
    X(integer, "INTEGER", 4) X(logical, "LOGICAL", 4) X(real, "REAL", 4)
#define F_RMA_SIZES(X) X(4, 4) X(8, 8) X(32, 4) X(64, 8) X(128, 16)

F_RMA_TYPES(DEFINE_FAMILY)
F_RMA_SIZES(DEFINE_SIZED)
DEFINE_CONTIG(shmem_putmem, "SHMEM_PUTMEM", 1, 1, 0)
DEFINE_CONTIG(shmem_getmem, "SHMEM_GETMEM", 1, 0, 0)
DEFINE_CONTIG(shmem_putmem_nbi, "SHMEM_PUTMEM_NBI", 1, 1, 1)
DEFINE_CONTIG(shmem_getmem_nbi, "SHMEM_GETMEM_NBI", 1, 0, 1)
DEFINE_STRIDED(shmem_iputmem, "SHMEM_IPUTMEM", 1, 1)
DEFINE_STRIDED(shmem_igetmem, "SHMEM_IGETMEM", 1, 0)
DEFINE_CONTIG(shmem_put, "SHMEM_PUT", 8, 1, 0)
/* Its counterpart in Cray's programs (not in the 1.2 list). */
DEFINE_CONTIG(shmem_get, "SHMEM_GET", 8, 0, 0)

/* ---- Cray's put-with-signal: the data, then sig_addr set to signal ----
 * The Cray page's sizes: 4 and 32 are 4-byte elements, 8 and 64 8-byte,
 * 16 2-byte, 128 16-byte; SHMEMX_PUT_SIGNAL moves 8-byte words, as
 * SHMEM_PUT does. */
#define DEFINE_PUT_SIGNAL(L, F, E)                                                           \
    void L##_(void *dest, const void *source, const f_int *nelems, uint64_t *sig_addr,       \
              const uint64_t *signal, const f_int *pe)                                       \
    {                                                                                        \
        F_ENTER(F);                                                                          \
        shmem_putmem_signal(dest, source, f_count(*nelems) * E, sig_addr, *signal,           \
                            SHMEM_SIGNAL_SET, *pe);                                          \
        F_LEAVE();                                                                           \
    }
#define DEFINE_TYPED_SIGNAL(L, F, E) DEFINE_PUT_SIGNAL(shmemx_##L##_put_signal, "SHMEMX_" F "_PUT_SIGNAL", E)
#define DEFINE_SIZED_SIGNAL(B, E) DEFINE_PUT_SIGNAL(shmemx_put##B##_signal, "SHMEMX_PUT" #B "_SIGNAL", E)
F_RMA_TYPES(DEFINE_TYPED_SIGNAL)
F_RMA_SIZES(DEFINE_SIZED_SIGNAL)
DEFINE_SIZED_SIGNAL(16, 2)
DEFINE_PUT_SIGNAL(shmemx_putmem_signal, "SHMEMX_PUTMEM_SIGNAL", 1)
DEFINE_PUT_SIGNAL(shmemx_put_signal, "SHMEMX_PUT_SIGNAL", 8)
