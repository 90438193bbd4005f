/* sim/selfrun: runs a directly executed module under `shmemsim run`. */
#include "selfrun.h"
#include "scenario.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The process's arguments, as the dynamic linker hands them to every
 * library's initialisers (the module's entry point gets none). */
static int self_argc;
static char **self_argv;

__attribute__((constructor)) static void keep_args(int argc, char **argv)
{
    self_argc = argc;
    self_argv = argv;
}

/* LIBDIR/../bin/shmemsim for the directory this library was loaded from,
 * or "shmemsim" (searched on PATH) if there is none. */
static const char *simulator_path(char *buf, size_t n)
{
    Dl_info info;
    if (dladdr((void *)sim_selfrun_exec, &info) && info.dli_fname && strchr(info.dli_fname, '/')) {
        const char *slash = strrchr(info.dli_fname, '/');
        snprintf(buf, n, "%.*s/../bin/shmemsim", (int)(slash - info.dli_fname), info.dli_fname);
        if (access(buf, X_OK) == 0)
            return buf;
    }
    return "shmemsim";
}

_Noreturn void sim_selfrun_exec(void)
{
    static char exe[PATH_MAX], sim[PATH_MAX];
    const char *npes = getenv("SHMEMSIM_NPES");
    char *extra = strdup(getenv("SHMEMSIM_ARGS") ? getenv("SHMEMSIM_ARGS") : "");
    const char *prog = self_argc > 0 && self_argv ? self_argv[0] : "prog";
    /* The program as invoked if that names it, else the file itself (a
     * program found on PATH has a bare name). */
    if (!strchr(prog, '/') || access(prog, R_OK) != 0) {
        ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (k > 0) {
            exe[k] = '\0';
            prog = exe;
        }
    }
    size_t cap = (size_t)self_argc + strlen(extra) / 2 + 8;
    char **argv = calloc(cap, sizeof *argv);
    const char *cmd = simulator_path(sim, sizeof sim);
    size_t k = 0;
    if (!argv || !extra) {
        fprintf(stderr, "%s: out of memory\n", prog);
        _exit(127);
    }
    /* (Said here, in the variable's name: the simulator would name -n.) */
    char *end = NULL;
    long n = npes && *npes ? strtol(npes, &end, 10) : 1;
    if ((npes && *npes && *end) || n < 1 || n > SIM_SCENARIO_MAX_NPES) {
        fprintf(stderr, "%s: SHMEMSIM_NPES must be a PE count from 1 to %d, got '%s'\n", prog,
                SIM_SCENARIO_MAX_NPES, npes);
        _exit(2);
    }
    argv[k++] = "shmemsim";
    argv[k++] = "run";
    argv[k++] = "-n";
    argv[k++] = (char *)(npes && *npes ? npes : "1");
    argv[k++] = "--quiet"; /* a program run directly prints only its own output */
    for (char *tok = strtok(extra, " \t\n"); tok; tok = strtok(NULL, " \t\n"))
        argv[k++] = tok;
    argv[k++] = "--";
    argv[k++] = (char *)prog;
    for (int i = 1; i < self_argc; i++)
        argv[k++] = self_argv[i];
    argv[k] = NULL;
    execvp(cmd, argv);
    fprintf(stderr, "%s: a shmemsim program: cannot start the simulator '%s' (run it with: shmemsim run -n N %s)\n",
            prog, cmd, prog);
    _exit(127);
}
