/* api/module.c: linked into every program module by shmemsim-cc.  The
 * loader refuses modules without this marker, so a library or an
 * executable built some other way is reported instead of half-running.
 *
 * It also makes the module executable: an interpreter (the system's
 * dynamic linker, as an executable's) and an entry point, so that running
 * ./prog directly, as configure scripts do, runs it under `shmemsim run`
 * (sim_selfrun_exec) instead of crashing.  The loader itself only ever
 * dlopens the module, which ignores both. */
const int __shmemsim_module = 1;

#ifndef SHMEMSIM_INTERP
#define SHMEMSIM_INTERP "/lib64/ld-linux-x86-64.so.2"
#endif
const char __shmemsim_interp[] __attribute__((section(".interp"))) = SHMEMSIM_INTERP;

_Noreturn void sim_selfrun_exec(void);

/* Reached with the stack as the kernel leaves it (16-byte aligned, no
 * return address), hence the realignment. */
__attribute__((force_align_arg_pointer)) _Noreturn void __shmemsim_entry(void)
{
    sim_selfrun_exec();
}

#ifdef SHMEMSIM_CRAY
/* shmemsim_module_cray.o (shmemsim-cc --cray): a Cray T3D/T3E program
 * never called start_pes, as the job launch set SHMEM up; each PE runs
 * this instead of main (the loader looks for it first), which does that
 * set-up, then the program. */
void start_pes(int npes);
int main(int argc, char **argv, char **envp);

int __shmemsim_main(int argc, char **argv, char **envp)
{
    start_pes(0);
    return main(argc, argv, envp);
}
#endif
