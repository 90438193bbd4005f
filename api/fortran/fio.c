/* api/fortran/fio: what a Fortran program needs from the simulator besides
 * the SHMEM and LAPI routines: its start on each PE, and its I/O.
 *
 * Every Fortran PE module carries api/fmodule.c (linked by shmemsim-fc),
 * which calls in here:
 *   - shmemsim_fortran_start, from gfortran's main just before the main
 *     program runs on a PE: fills N$PES (shmem.fh's COMMON /SHMEMNPES/) and,
 *     for a program built with --cray, initialises SHMEM as a T3E job
 *     launch did (such programs never call START_PES);
 *   - shmemsim_fortran_io_begin/end, around every Fortran I/O statement.
 *
 * Why the I/O statements need this: the Fortran run-time library
 * (libgfortran) is a shared library, loaded once for all PEs (Debian's
 * static libgfortran.a is not position-independent, so it cannot be linked
 * into the PE module), so the PEs share its I/O units.  A statement holds
 * its unit's lock from its start to its end; a PE that blocked inside one
 * (a routine that waits, called from the statement's output list) would
 * make the next PE's I/O statement wait on that lock with the whole
 * process, forever.  Instead, a PE that starts an I/O statement while
 * another PE's is under way blocks in the simulator until it ends (or is
 * reported in the deadlock report, naming the PE it waits for).
 *
 * Output itself is per PE: the library's write() calls land in
 * sim/interpose.c, which sends them to the running PE's line stream.  That
 * needs them to happen while the PE runs, but the library buffers output
 * to a regular file (the simulator's stdout redirected to one) until the
 * buffer fills or the process ends.  So the preconnected units are made
 * unbuffered (GFORTRAN_UNBUFFERED_PRECONNECTED, which the library reads
 * when it is loaded, with the first PE module). */
#include "fortran.h"
#include "interpose.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

/* The I/O statement under way: its context and nesting depth; the
 * contexts waiting for it to end, in arrival order. */
static struct {
    const sim_world_t *world; /* the run this state belongs to */
    sim_pe_t *owner;          /* context inside an I/O statement, or NULL */
    int depth;                /* nested statements of owner (recursive I/O) */
    sim_pe_t **waiting;       /* contexts blocked in io_begin */
    size_t nwaiting, capwaiting;
} io;

/* Runs when this library is loaded, before any program module is. */
__attribute__((constructor)) static void unbuffered_fortran_units(void)
{
    setenv("GFORTRAN_UNBUFFERED_PRECONNECTED", "y", 1);
}

/* PE context, from gfortran's main before the main program: sets the
 * PE's N$PES (npes_common, NULL when the program has no shmem.fh) and,
 * with implicit_init, initialises SHMEM as START_PES does (a barrier: it
 * yields). */
void shmemsim_fortran_start(int *npes_common, int implicit_init)
{
    if (!sim_world_up() || !sim_pe_self())
        return;
    if (npes_common)
        *npes_common = sim_npes();
    if (implicit_init)
        start_pes(0);
}

/* PE context, before an I/O statement: waits (yielding) while another
 * context's statement is under way, then marks the caller's. */
void shmemsim_fortran_io_begin(void)
{
    sim_pe_t *me = sim_world_up() ? sim_pe_self() : NULL;
    if (!me)
        return;
    if (io.world != sim_world_key()) {
        io.world = sim_world_key();
        io.owner = NULL;
        io.depth = 0;
        io.nwaiting = 0;
    }
    while (io.owner && io.owner != me) {
        char why[200];
        snprintf(why, sizeof why, "a Fortran I/O statement (waiting for the one PE %d has "
                 "under way: the PEs share the Fortran run-time library's I/O units)",
                 io.owner->id);
        if (io.nwaiting == io.capwaiting) {
            io.capwaiting = io.capwaiting ? 2 * io.capwaiting : 8;
            io.waiting = sim_xrealloc(io.waiting, io.capwaiting * sizeof *io.waiting);
        }
        io.waiting[io.nwaiting++] = me;
        sim_pe_block(why);
    }
    io.owner = me;
    io.depth++;
}

/* PE context, after an I/O statement: the next waiting one may start.
 * Does not yield. */
void shmemsim_fortran_io_end(void)
{
    sim_pe_t *me = sim_world_up() ? sim_pe_self() : NULL;
    if (!me || io.owner != me || --io.depth > 0)
        return;
    io.owner = NULL;
    /* Everyone waiting tries again, first come first served. */
    for (size_t i = 0; i < io.nwaiting; i++)
        sim_pe_wake(io.waiting[i]);
    io.nwaiting = 0;
}

/* CALL ABORT: the PE ends as a C program's abort() ends it.  (The run-time
 * library's own routine would abort the whole process.) */
_Noreturn void __wrap__gfortran_abort(void)
{
    __wrap_abort();
}
