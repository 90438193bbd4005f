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
 *   - the I/O statements, bracketed by shmemsim_fortran_io_begin/end. */
#include <signal.h>
#include <stddef.h>

#ifdef SHMEMSIM_CRAY
#define IMPLICIT_INIT 1
#else
#define IMPLICIT_INIT 0
#endif

void shmemsim_fortran_start(int *npes_common, int implicit_init);
void shmemsim_fortran_io_begin(void);
void shmemsim_fortran_io_end(void);

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

/* A data transfer statement runs from st_read/st_write to its _done. */
#define BEGIN_STMT(name)                                                       \
    void __real_##name(void *dtp);                                             \
    void __wrap_##name(void *dtp)                                              \
    {                                                                          \
        shmemsim_fortran_io_begin();                                           \
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
        shmemsim_fortran_io_begin();                                           \
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
