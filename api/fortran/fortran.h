/* api/fortran/fortran.h: what the Fortran bindings share.
 *
 * The bindings follow gfortran's calling convention: the link name is the
 * routine's name in lower case with a trailing underscore, every argument
 * is passed by reference, INTEGER and LOGICAL are the default kind (4
 * bytes, .TRUE. is 1), and a CHARACTER argument adds a hidden length
 * argument after the others (which the bindings never need: they do not
 * declare it, and the x86-64 calling convention lets a callee ignore
 * trailing arguments).  Each binding is thin: it marks the call with its
 * Fortran name (so the deadlock report, the trace and every finding name
 * SHMEM_INT4_MAX_TO_ALL, not the C routine behind it), converts its
 * arguments, and calls the same internal operation as the C routine.  No
 * protocol is implemented twice.
 *
 * Not a binding: a Fortran program's INTEGER is 4 bytes here, so a program
 * compiled with -fdefault-integer-8 passes 8-byte integers where 4-byte
 * ones are read; on this little-endian machine small values still read
 * right, but routine results and LOGICAL results do not (see README). */
#ifndef SHMEM_FORTRAN_H
#define SHMEM_FORTRAN_H

#include "shmem_impl.h"

#include <stdint.h>

typedef int32_t f_int;   /* default INTEGER */
typedef int32_t f_log;   /* default LOGICAL: 1 is .TRUE., 0 .FALSE. */
typedef int64_t f_int8;  /* INTEGER*8, also addresses and team handles */

/* Marks a Fortran routine's call; site is its caller in the program. */
#define F_ENTER(name) SHM_ENTER(name)
#define F_LEAVE() SHM_LEAVE()

/* A count from Fortran, negative counts as zero. */
static inline size_t f_count(f_int n)
{
    return n > 0 ? (size_t)n : 0;
}

/* Checks that a pSync array passed from Fortran can be used as the C
 * long[] the collectives work on: it must be 8-byte aligned.  A default
 * INTEGER array is only 4-byte aligned when it follows an odd number of
 * 4-byte items in a COMMON block.  Raises psync-misaligned naming call and
 * returns -1 when it is not; 0 otherwise. */
int f_check_psync(const char *call, const void *psync);

/* Copies s into the Fortran CHARACTER buffer buf of len bytes, blank
 * padded (Fortran strings have no terminating NUL). */
void f_set_string(char *buf, size_t len, const char *s);

#endif
