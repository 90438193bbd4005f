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
#include "hb.h"
#include "tsan.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
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

/* Unit numbers belong to the process: the PEs share the run-time
 * library's table of units here, where on a machine each PE has its own,
 * so a PE that opened unit 9 on its own file would close another PE's.
 * The numbers a program names are made each PE's own: PE p's unit u is
 * the library's u + p * UNIT_STRIDE, for u above 0 and below UNIT_STRIDE
 * but the preconnected 5 and 6 (and 0), and p below the last stride that
 * fits an int.  NEWUNIT= numbers (negative) are the library's own,
 * distinct already; a number at or above UNIT_STRIDE (one INQUIRE's
 * NUMBER= gave back) is taken as made already. */
#define UNIT_STRIDE (1 << 20)

int shmemsim_fortran_unit(int unit)
{
    sim_pe_t *me = sim_world_up() ? sim_pe_self() : NULL;
    if (!me || unit <= 0 || unit == 5 || unit == 6 || unit >= UNIT_STRIDE)
        return unit;
    int pe = sim_pe_main(me)->id;
    return pe > 0 && pe < INT_MAX / UNIT_STRIDE ? unit + pe * UNIT_STRIDE : unit;
}

#define IO_STMT "a Fortran I/O statement"

/* What a context waiting for owner's statement waits for, when the run
 * ends with it still waiting: owner blocked inside its statement (in a
 * call made by a function of its output list) is why. */
static void io_why(char *buf, size_t len, const void *arg)
{
    const sim_pe_t *owner = arg;
    char inside[160] = "";
    if (owner->state == SIM_PE_BLOCKED && owner->call && strcmp(owner->call, IO_STMT) != 0)
        snprintf(inside, sizeof inside, ", which it cannot end while it is blocked in %s "
                 "inside it", owner->call);
    snprintf(buf, len, IO_STMT " (waiting for the one PE %d has under way%s: the PEs share the "
             "Fortran run-time library's I/O units)", owner->id, inside);
}

/* PE context, before an I/O statement at site (NULL: not known): waits
 * (yielding) while another context's statement is under way, then marks
 * the caller's. */
void shmemsim_fortran_io_begin_at(const void *site)
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
        if (io.nwaiting == io.capwaiting) {
            io.capwaiting = io.capwaiting ? 2 * io.capwaiting : 8;
            io.waiting = sim_xrealloc(io.waiting, io.capwaiting * sizeof *io.waiting);
        }
        io.waiting[io.nwaiting++] = me;
        /* The wait is named as a call at the statement, so a report says
         * where the PE is; a deadlock here is the shared units', not the
         * program's, when the owner waits inside its statement. */
        sim_call_enter(IO_STMT, site ? site : me->call_site);
        me->advice = "The program may be correct: on a machine each PE has its own I/O "
                     "units, and here no PE can start an I/O statement while another's is "
                     "under way. When a PE calls a SHMEM routine that waits for the others "
                     "from inside an I/O statement (a function in a PRINT's or WRITE's "
                     "output list), call that function before the statement, into a "
                     "variable.";
        sim_pe_block_lazy(io_why, io.owner, NULL, 0);
        me->advice = NULL;
        sim_call_leave();
    }
    io.owner = me;
    io.depth++;
}

/* The same, from modules built before statements had their site. */
void shmemsim_fortran_io_begin(void)
{
    shmemsim_fortran_io_begin_at(NULL);
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

/* ---- the items of READ and WRITE, for the race detector ---- */

void shmemsim_fortran_item(const void *p, size_t n, int write, const void *pc)
{
    sim_tsan_range(p, n, write ? SIM_HB_WRITE : SIM_HB_READ, pc);
}

/* gfortran's array descriptor (GCC 8 and later): the first element's
 * address, then per dimension a stride in elements of `span` bytes and
 * the bounds. */
typedef struct {
    ptrdiff_t stride, lbound, ubound;
} gfc_dim_t;
typedef struct {
    char *base;
    size_t offset;
    struct {
        size_t elem_len;
        int version;
        signed char rank, type;
        short attribute;
    } dtype;
    ptrdiff_t span;
    gfc_dim_t dim[15];
} gfc_desc_t;

/* Every element of the array desc describes: its bytes (charlen for a
 * CHARACTER array, else the element's length) read or written, a run of
 * contiguous elements at a time. */
void shmemsim_fortran_array(const void *desc, size_t charlen, int write, const void *pc)
{
    const gfc_desc_t *d = desc;
    if (!sim_tsan_seen || !sim_hb_on || !d || !d->base)
        return;
    int rank = d->dtype.rank;
    if (rank < 1 || rank > 15)
        return;
    size_t elem = charlen ? charlen : d->dtype.elem_len;
    ptrdiff_t step[15], extent[15], at[15] = {0};
    for (int k = 0; k < rank; k++) {
        step[k] = d->dim[k].stride * d->span;
        extent[k] = d->dim[k].ubound - d->dim[k].lbound + 1;
        if (extent[k] <= 0)
            return;
    }
    sim_hb_dir_t dir = write ? SIM_HB_WRITE : SIM_HB_READ;
    for (;;) {
        const char *row = d->base;
        for (int k = 1; k < rank; k++)
            row += at[k] * step[k];
        if (step[0] == (ptrdiff_t)elem)
            sim_tsan_range(row, (size_t)extent[0] * elem, dir, pc);
        else
            for (ptrdiff_t i = 0; i < extent[0]; i++)
                sim_tsan_range(row + i * step[0], elem, dir, pc);
        int k = 1;
        while (k < rank && ++at[k] == extent[k])
            at[k++] = 0;
        if (k == rank)
            return;
    }
}

/* CALL ABORT: the PE ends as a C program's abort() ends it.  (The run-time
 * library's own routine would abort the whole process.) */
_Noreturn void __wrap__gfortran_abort(void)
{
    __wrap_abort();
}
