/* tests/check_build: shmemsim in the user's own build: the wrappers
 * never read CC/FC (build systems set those to the wrappers), a module
 * run directly runs itself under the simulator, --showme:* as oshcc has
 * them, an autotools and a CMake project (tests/build-systems/) building
 * and testing a SHMEM program, and pkg-config after `make install`. */
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM tu_shmemsim()
#define HELLO "tests/build-systems/hello.c"

static char tmp[64];

/* The build's output directory, absolute (for PATH and CMake). */
static const char *out_abs(void)
{
    static char buf[4096];
    if (!realpath(tu_out_dir(), buf))
        snprintf(buf, sizeof buf, "%s", tu_out_dir());
    return buf;
}

static void setup(void)
{
    snprintf(tmp, sizeof tmp, "/tmp/shmemsim-build-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmp));
}

static void teardown(void)
{
    run_result_t r = tu_run("rm -rf %s", tmp);
    tu_free(&r);
}

/* A module of a sanitizer build cannot run directly: the dynamic linker
 * loads the instrumented library before the ASan runtime could come
 * first (make check-asan sets SHMEMSIM_SANITIZED).  Tests that run one
 * say so and stop. */
static int direct_runs(const char *test)
{
    if (!getenv("SHMEMSIM_SANITIZED"))
        return 1;
    fprintf(stderr, "check_build: %s skipped in a sanitizer build (modules cannot run directly)\n",
            test);
    return 0;
}

static int have(const char *tool)
{
    run_result_t r = tu_run("command -v %s >/dev/null", tool);
    int ok = r.status == 0;
    tu_free(&r);
    return ok;
}

/* CC=shmemsim-cc, as make, configure and CMake export it, must not make
 * the wrapper call itself; SHMEMSIM_CC naming a wrapper is an error. */
START_TEST(wrappers_never_read_cc)
{
    if (!direct_runs("wrappers_never_read_cc"))
        return;
    run_result_t r = tu_run("CC=%s-cc FC=%s-fc timeout 60 %s-cc -o %s/hello %s && %s/hello", SIM,
                            SIM, SIM, tmp, HELLO, tmp);
    ck_assert_msg(r.status == 0 && strstr(r.out, "hello from PE 0 of 1: ok\n"), "%d\n%s%s",
                  r.status, r.out, r.err);
    tu_free(&r);
    r = tu_run("SHMEMSIM_CC=%s-cc timeout 60 %s-cc -o %s/x %s", SIM, SIM, tmp, HELLO);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "SHMEMSIM_CC names a shmemsim wrapper"));
    tu_free(&r);
}
END_TEST

/* ./prog runs under `shmemsim run`: 1 PE, SHMEMSIM_NPES more, options
 * from SHMEMSIM_ARGS, its exit status passed on. */
START_TEST(a_module_run_directly_runs_under_the_simulator)
{
    if (!direct_runs("a_module_run_directly_runs_under_the_simulator"))
        return;
    run_result_t r = tu_run("%s-cc -o %s/hello %s", SIM, tmp, HELLO);
    ck_assert_int_eq(r.status, 0);
    tu_free(&r);
    r = tu_run("SHMEMSIM_NPES=3 SHMEMSIM_ARGS='--seed 7 --check all' %s/hello", tmp);
    ck_assert_msg(r.status == 0 && tu_count(r.out, " of 3: ok\n") == 3 && r.err[0] == 0,
                  "%d\n%s%s", r.status, r.out, r.err);
    tu_free(&r);
    /* A bad count is named as the variable it came from (it was '-n'). */
    r = tu_run("SHMEMSIM_NPES=0 %s/hello", tmp);
    ck_assert_msg(r.status == 2 && strstr(r.err, "hello: SHMEMSIM_NPES must be a PE count from 1 "
                                                 "to 1048576, got '0'"),
                  "%d\n%s", r.status, r.err);
    tu_free(&r);
    FILE *f = fopen("/tmp/shmemsim-build-fail.c", "w");
    ck_assert_ptr_nonnull(f);
    fputs("#include <shmem.h>\nint main(void) { shmem_init(); shmem_finalize(); return 3; }\n", f);
    fclose(f);
    r = tu_run("%s-cc -o %s/fail /tmp/shmemsim-build-fail.c && %s/fail", SIM, tmp, tmp);
    ck_assert_int_eq(r.status, 1); /* a PE's non-zero status fails the job, as oshrun does */
    tu_free(&r);
    unlink("/tmp/shmemsim-build-fail.c");
    /* An ordinary executable that links the library (a build file kept
     * only the -l of the link flags) is told what it is, not blamed on a
     * constructor */
    r = tu_run("cc -I%s/api/include -o %s/plain %s -L%s/lib -lshmemsim -Wl,-rpath,%s/lib && "
               "%s/plain", out_abs(), tmp, HELLO, out_abs(), out_abs(), tmp);
    ck_assert_msg(r.status == 2 && strstr(r.err, "was called by an ordinary executable that links "
                                                 "libshmemsim") &&
                      !strstr(r.err, "constructor"),
                  "%d\n%s", r.status, r.err);
    tu_free(&r);
}
END_TEST

/* Writes text to tmp/name; its path in path. */
static void write_source(char *path, size_t len, const char *name, const char *text)
{
    snprintf(path, len, "%s/%s", tmp, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* A program that calls the math library links without -lm, as
 * shmemvv's CMake build expects. */
START_TEST(the_math_library_needs_no_flag)
{
    char src[128];
    write_source(src, sizeof src, "math.c",
                 "#include <math.h>\n#include <shmem.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
                 "int main(int argc, char **argv)\n{\n    shmem_init();\n"
                 "    printf(\"%.0Lf\\n\", powl(2.0L, (long double)atoi(argv[1])));\n"
                 "    shmem_finalize();\n    return 0;\n}\n");
    run_result_t r = tu_run("%s-cc -o %s/math %s && %s -n 1 %s/math 10", SIM, tmp, src, SIM, tmp);
    ck_assert_msg(r.status == 0 && strcmp(r.out, "1024\n") == 0, "%d\n%s%s", r.status, r.out,
                  r.err);
    tu_free(&r);
    unlink(src);
}
END_TEST

/* A program whose main is in an archive it links (Charm++'s is in
 * libck.a) runs: the module asks for main, as an executable's start-up
 * code does. */
START_TEST(main_in_an_archive_is_linked)
{
    char lib[128], user[128];
    write_source(lib, sizeof lib, "mainlib.c",
                 "#include <shmem.h>\n#include <stdio.h>\nvoid user_code(void);\n"
                 "int main(void)\n{\n    shmem_init();\n    user_code();\n"
                 "    shmem_finalize();\n    return 0;\n}\n");
    write_source(user, sizeof user, "user.c",
                 "#include <shmem.h>\n#include <stdio.h>\nvoid user_code(void)\n{\n"
                 "    printf(\"user code on PE %d\\n\", shmem_my_pe());\n}\n");
    run_result_t r = tu_run("%s-cc -c -o %s/mainlib.o %s && ar rcs %s/libmain.a %s/mainlib.o && "
                            "%s-cc -c -o %s/user.o %s && %s-cc -o %s/prog %s/user.o -L%s -lmain && "
                            "%s -n 2 --quiet %s/prog", SIM, tmp, lib, tmp, tmp, SIM, tmp, user, SIM,
                            tmp, tmp, tmp, SIM, tmp);
    ck_assert_msg(r.status == 0 && tu_count(r.out, "user code on PE ") == 2, "%d\n%s%s",
                  r.status, r.out, r.err);
    tu_free(&r);
    unlink(lib);
    unlink(user);
}
END_TEST

/* <lapi.h> brings <pthread.h>, as IBM's does: Charm++'s LAPI layer calls
 * pthread_mutex_lock with no include of its own. */
START_TEST(lapi_h_brings_pthread_h)
{
    char src[128];
    write_source(src, sizeof src, "lapimutex.c",
                 "#include <lapi.h>\nstatic pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n"
                 "int main(void)\n{\n    pthread_mutex_lock(&m);\n"
                 "    return pthread_mutex_unlock(&m);\n}\n");
    run_result_t r = tu_run("%s-cc -Werror -c -o %s/lapimutex.o %s && %s-c++ -Werror -x c++ -c -o "
                            "%s/lapimutex_cxx.o %s", SIM, tmp, src, SIM, tmp, src);
    ck_assert_msg(r.status == 0, "%d\n%s%s", r.status, r.out, r.err);
    tu_free(&r);
    unlink(src);
}
END_TEST

/* A build file that gives no -g still gets findings that name file:line;
 * -g0 of the caller's is obeyed. */
START_TEST(findings_name_lines_without_a_g_flag)
{
    char src[128];
    write_source(src, sizeof src, "oob.c",
                 "#include <shmem.h>\nlong a[2], b[4];\nint main(void)\n{\n    shmem_init();\n"
                 "    shmem_long_put(a, b, 4, 0);\n    shmem_finalize();\n    return 0;\n}\n");
    run_result_t r = tu_run("%s-cc -O2 -o %s/oob %s && %s -n 1 %s/oob", SIM, tmp, src, SIM, tmp);
    ck_assert_msg(r.status == 4 && strstr(r.err, "called from main at oob.c:6:"), "%d\n%s",
                  r.status, r.err);
    tu_free(&r);
    r = tu_run("%s-cc -O2 -g0 -o %s/oob %s && %s -n 1 %s/oob", SIM, tmp, src, SIM, tmp);
    ck_assert_msg(r.status == 4 && strstr(r.err, "called from main+0x"), "%d\n%s", r.status,
                  r.err);
    tu_free(&r);
    unlink(src);
}
END_TEST

/* A link line that names the compiler's own library directory (as
 * GASNet's does) still links the wrappers' stand-in for the sanitizer's
 * run-time library, not the real one, which cannot load in a PE. */
START_TEST(a_link_naming_the_compilers_directory_runs)
{
    char src[128];
    write_source(src, sizeof src, "gccdir.c",
                 "#include <shmem.h>\n#include <stdio.h>\nint main(void)\n{\n    shmem_init();\n"
                 "    printf(\"PE %d\\n\", shmem_my_pe());\n    shmem_finalize();\n    return 0;\n}\n");
    run_result_t r = tu_run("d=$(dirname \"$(cc -print-libgcc-file-name)\") && "
                            "%s-cc -o %s/gccdir %s -L\"$d\" && %s -n 2 --quiet %s/gccdir", SIM,
                            tmp, src, SIM, tmp);
    ck_assert_msg(r.status == 0, "%d\n%s", r.status, r.err);
    ck_assert_int_eq(tu_count(r.out, "PE "), 2);
    tu_free(&r);
    unlink(src);
}
END_TEST

/* With clang as the compiler: a build under -Werror (compile and link
 * steps apart) gets no warning of the wrapper's own flags, and findings
 * still name file:line (clang writes no address ranges unless asked). */
START_TEST(clang_builds_name_lines_under_werror)
{
    if (!have("clang")) {
        fprintf(stderr, "check_build: clang not installed: clang test skipped\n");
        return;
    }
    char src[128];
    write_source(src, sizeof src, "oobc.c",
                 "#include <shmem.h>\nlong a[2], b[4];\nint main(void)\n{\n    shmem_init();\n"
                 "    shmem_long_put(a, b, 4, 0);\n    shmem_finalize();\n    return 0;\n}\n");
    run_result_t r = tu_run("SHMEMSIM_CC=clang %s-cc -Werror -O2 -c -o %s/oobc.o %s && "
                            "SHMEMSIM_CC=clang %s-cc -Werror -o %s/oobc %s/oobc.o && "
                            "%s -n 1 %s/oobc",
                            SIM, tmp, src, SIM, tmp, tmp, SIM, tmp);
    ck_assert_msg(r.status == 4 && strstr(r.err, "called from main at oobc.c:6:"), "%d\n%s",
                  r.status, r.err);
    ck_assert_ptr_null(strstr(r.err, "warning"));
    tu_free(&r);
    unlink(src);
}
END_TEST

/* <shmem.h> in C++ brings <complex> (and so <cmath>), as other
 * implementations' headers do: programs written against them call pow
 * with no include of their own. */
START_TEST(cxx_shmem_h_brings_complex)
{
    char src[128];
    write_source(src, sizeof src, "cplx.cpp",
                 "#include <shmem.h>\n#include <cstdio>\nint main()\n{\n    shmem_init();\n"
                 "    std::complex<double> z(3, 4);\n"
                 "    std::printf(\"%g %g\\n\", pow(2.0, 10), std::abs(z));\n"
                 "    shmem_finalize();\n    return 0;\n}\n");
    run_result_t r = tu_run("%s-c++ -o %s/cplx %s && %s -n 1 --quiet %s/cplx", SIM, tmp, src,
                            SIM, tmp);
    ck_assert_msg(r.status == 0, "%d\n%s", r.status, r.err);
    ck_assert_str_eq(r.out, "1024 5\n");
    tu_free(&r);
    unlink(src);
}
END_TEST

/* A build file written for another implementation names its library. */
START_TEST(other_implementations_library_names_link)
{
    char src[128];
    write_source(src, sizeof src, "hello.c",
                 "#include <shmem.h>\n#include <stdio.h>\nint main(void)\n{\n    shmem_init();\n"
                 "    printf(\"%d of %d\\n\", shmem_my_pe(), shmem_n_pes());\n    shmem_finalize();\n"
                 "    return 0;\n}\n");
    run_result_t r = tu_run("%s-cc -o %s/hello %s -lsma -loshmem -lopenshmem -lshmem && "
                            "%s -n 2 --quiet %s/hello", SIM, tmp, src, SIM, tmp);
    ck_assert_msg(r.status == 0 && tu_count(r.out, " of 2\n") == 2, "%d\n%s%s", r.status,
                  r.out, r.err);
    tu_free(&r);
    unlink(src);
}
END_TEST

/* Open MPI's legacy my_pe and num_pes link and are declared by
 * <shmem-compat.h>; <shmem.h> leaves the names to the program. */
START_TEST(legacy_names_link_and_shmem_h_leaves_them_free)
{
    char src[128], own[128];
    write_source(src, sizeof src, "legacy.c",
                 "#include <shmem-compat.h>\n#include <stdio.h>\nint main(void)\n{\n"
                 "    start_pes(0);\n    printf(\"%d of %d\\n\", my_pe(), num_pes());\n"
                 "    return 0;\n}\n");
    write_source(own, sizeof own, "own.c",
                 "#include <shmem.h>\n#include <stdio.h>\n"
                 "#if !defined(OSHMEM_SPEC_VERSION) || OSHMEM_SPEC_VERSION < 10200\n"
                 "#error Open MPI examples test this\n#endif\n"
                 "int my_pe, num_pes;\nint main(void)\n{\n"
                 "    shmem_init();\n    my_pe = shmem_my_pe();\n    num_pes = shmem_n_pes();\n"
                 "    printf(\"own %d of %d\\n\", my_pe, num_pes);\n    shmem_finalize();\n"
                 "    return 0;\n}\n");
    run_result_t r = tu_run("%s-cc -Werror -o %s/legacy %s && %s-cc -Werror -o %s/own %s && "
                            "%s -n 2 --quiet %s/legacy && %s -n 2 --quiet %s/own", SIM, tmp, src,
                            SIM, tmp, own, SIM, tmp, SIM, tmp);
    ck_assert_msg(r.status == 0 && strstr(r.out, "0 of 2\n") && strstr(r.out, "1 of 2\n") &&
                      tu_count(r.out, "own ") == 2, "%d\n%s%s", r.status, r.out, r.err);
    tu_free(&r);
    unlink(src);
    unlink(own);
}
END_TEST

/* Cray Research's untyped names (shmem_put of 64-bit words, the
 * active-set shmem_broadcast, ...) and <mpp/shmem.h> itself build and run
 * in C89, C99, C11 and C++: in C they are routines of their own, which a
 * C11 generic call with an untyped pointer selects. */
START_TEST(cray_untyped_names_in_every_language_mode)
{
    static const char *const modes[] = {"-std=c89", "-std=gnu99", "-std=c11", "-x c++"};
    for (int i = 0; i < 4; i++) {
        run_result_t r = tu_run("%s-%s -Wall -Werror %s -o %s/untyped "
                                "tests/programs/cray_untyped.c && %s -n 3 --quiet %s/untyped",
                                SIM, i == 3 ? "c++" : "cc", modes[i], tmp, SIM, tmp);
        ck_assert_msg(r.status == 0 && tu_count(r.out, ": ok\n") == 3, "%s: status %d\n%s%s",
                      modes[i], r.status, r.out, r.err);
        tu_free(&r);
    }
}
END_TEST

START_TEST(showme_options_and_usage_errors)
{
    /* Other implementations' spellings of --showme */
    static const char *const spellings[] = {"-showme", "-show", "--show"};
    for (int i = 0; i < 3; i++) {
        run_result_t r = tu_run("%s-cc %s x.c -o x && %s-fc %s x.f90 -o x", SIM, spellings[i],
                                SIM, spellings[i]);
        ck_assert_msg(r.status == 0 && tu_count(r.out, " -fPIC") == 2 &&
                          tu_count(r.out, "-Wl,--wrap=exit ") == 2 && !strstr(r.out, "-show"),
                      "%s: status %d", spellings[i], r.status);
        tu_free(&r);
    }
    run_result_t sl = tu_run("%s-cc -showme:compile && %s-cc -showme:link", SIM, SIM);
    ck_assert_msg(sl.status == 0 && tu_count(sl.out, "-fPIC") == 2 &&
                      tu_count(sl.out, "-shared") == 1, "status %d", sl.status);
    tu_free(&sl);
    run_result_t r = tu_run("%s-cc --showme:compile", SIM);
    ck_assert_msg(r.status == 0 && strstr(r.out, "-fPIC") && strstr(r.out, "-I") &&
                      !strstr(r.out, "-shared"), "%s", r.out);
    tu_free(&r);
    r = tu_run("%s-cc --showme:link", SIM);
    ck_assert_msg(r.status == 0 && strstr(r.out, "-shared") && strstr(r.out, "shmemsim_module.o") &&
                      strstr(r.out, "-Wl,--wrap=exit"), "%s", r.out);
    tu_free(&r);
    r = tu_run("%s-cc --showme:version; %s --version", SIM, SIM);
    char want[64];
    const char *v = strstr(r.out, "\nshmemsim ");
    ck_assert_ptr_nonnull(v);
    snprintf(want, sizeof want, "%.20s", v + 1);
    *strchr(want, '\n') = '\0';
    ck_assert_msg(strncmp(r.out, want, strlen(want)) == 0, "wrapper and simulator versions: %s",
                  r.out);
    tu_free(&r);
    r = tu_run("%s-fc --showme:compile", SIM);
    ck_assert_msg(r.status == 0 && strstr(r.out, "-fdollar-ok") && strstr(r.out, "-fPIC") &&
                      !strstr(r.out, "-fno-builtin"), "%s", r.out);
    tu_free(&r);
    /* A bare --showme (no file) prints the whole command, compile and link
     * flags both, as Open MPI's wrappers do, for each language. */
    for (int i = 0; i < 3; i++) {
        static const char *const lang[] = {"cc", "c++", "fc"};
        r = tu_run("%s-%s --showme", SIM, lang[i]);
        ck_assert_msg(r.status == 0 && strstr(r.out, " -fPIC ") && strstr(r.out, " -I") &&
                          strstr(r.out, " -shared ") && strstr(r.out, "-lshmemsim") &&
                          !strstr(r.out, "--showme") && tu_count(r.out, "\n") == 1,
                      "%s: status %d\n%s%s", lang[i], r.status, r.out, r.err);
        tu_free(&r);
    }
    /* GCC compiles the wrapped memory and string routines as calls; a
     * Fortran source gets no such flag (gfortran warns on it) but keeps
     * every wrap of the link. */
    r = tu_run("%s-cc --showme x.c -o x", SIM);
    ck_assert_msg(strstr(r.out, "-mllvm") || strstr(r.out, "-fno-builtin-memset"), "%s", r.out);
    tu_free(&r);
    r = tu_run("%s-cc --showme x.f90 -o x", SIM);
    ck_assert_msg(!strstr(r.out, "-fno-builtin") && strstr(r.out, "-Wl,--wrap=exit"), "%s",
                  r.out);
    tu_free(&r);
    r = tu_run("cd %s && %s/bin/shmemsim-cc; echo \"status $?\"; %s/bin/shmemsim-cc -O2 -g; ls",
               tmp, out_abs(), out_abs());
    ck_assert_ptr_nonnull(strstr(r.err, "shmemsim-cc: no input files\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "status 2\n"));
    ck_assert_ptr_null(strstr(r.out, "a.out"));
    tu_free(&r);
    /* The Fortran and C++ wrappers add their own link object: still no
     * a.out from a command without input files, and they say so by name. */
    const char *langs[] = {"fc", "c++", "cxx"};
    for (int i = 0; i < 3; i++) {
        r = tu_run("cd %s && %s/bin/shmemsim-%s -O2; echo \"status $?\"; ls", tmp, out_abs(),
                   langs[i]);
        char want[64];
        snprintf(want, sizeof want, "shmemsim-%s: no input files", langs[i]);
        ck_assert_msg(strstr(r.err, want), "want '%s' in %s", want, r.err);
        ck_assert_ptr_nonnull(strstr(r.out, "status 2\n"));
        ck_assert_ptr_null(strstr(r.out, "a.out"));
        tu_free(&r);
    }
    r = tu_run("%s-cc --showme:bogus", SIM);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "unknown option '--showme:bogus'"));
    tu_free(&r);
    /* --help: the wrapper's options, then the compiler's own help */
    r = tu_run("%s-cc --help", SIM);
    ck_assert_msg(r.status == 0 && strncmp(r.out, "Usage: shmemsim-cc [--showme", 28) == 0 &&
                      strstr(r.out, "--no-race-instrumentation") &&
                      strstr(r.out, "The compiler's own options follow.\n\nUsage: "),
                  "%s", r.out);
    tu_free(&r);
    r = tu_run("%s-fc --help", SIM);
    ck_assert_msg(r.status == 0 && strncmp(r.out, "Usage: shmemsim-fc", 18) == 0 &&
                      strstr(r.out, "--cray") && strstr(r.out, "SHMEMSIM_FC"), "%s", r.out);
    tu_free(&r);
    /* -static on a link is dropped with a word (a module is never static;
     * the compiler refused it beside -fsanitize=thread); a sanitizer with
     * a run-time library of its own is refused by name */
    char src[128];
    write_source(src, sizeof src, "st.c",
                 "#include <shmem.h>\n#include <stdio.h>\nint main(void)\n{\n"
                 "    shmem_init();\n    printf(\"static PE %d\\n\", shmem_my_pe());\n"
                 "    shmem_finalize();\n    return 0;\n}\n");
    r = tu_run("%s-cc -static -o %s/st %s && %s -n 2 --quiet %s/st", SIM, tmp, src, SIM, tmp);
    ck_assert_msg(r.status == 0 && tu_count(r.out, "static PE ") == 2 &&
                      strstr(r.err, "shmemsim-cc: -static ignored: a shmemsim program is a module"),
                  "status %d\n%s%s", r.status, r.out, r.err);
    tu_free(&r);
    /* a compile step whose -c is in a response file is no link step */
    r = tu_run("printf -- '-c %s -o %s/rsp.o\\n' > %s/rsp && %s-cc @%s/rsp && test -s %s/rsp.o",
               src, tmp, tmp, SIM, tmp, tmp);
    ck_assert_msg(r.status == 0 && !strstr(r.err, "linker input file unused"), "status %d\n%s",
                  r.status, r.err);
    tu_free(&r);
    /* shmemsim-fc given a C file alone (CMake's Fortran detection
     * preprocesses one) passes it no Fortran-only flag for cc1 to warn on */
    r = tu_run("%s-fc -E -o /dev/null %s", SIM, src);
    ck_assert_msg(r.status == 0 && !strstr(r.err, "valid for Fortran but not for C"),
                  "status %d\n%s", r.status, r.err);
    tu_free(&r);
    r = tu_run("%s-cc -fsanitize=address -o %s/as %s", SIM, tmp, src);
    ck_assert_msg(r.status == 2 && strstr(r.err, "shmemsim-cc: -fsanitize=address is not supported"),
                  "status %d\n%s", r.status, r.err);
    tu_free(&r);
    unlink(src);
}
END_TEST

/* An autotools project: configure's compile, link and run checks pass
 * with CC=shmemsim-cc, and `make check` runs the program on 4 PEs. */
START_TEST(an_autotools_project_builds_and_tests)
{
    if (!direct_runs("an_autotools_project_builds_and_tests"))
        return;
    if (!have("autoreconf") || !have("automake")) {
        fprintf(stderr, "check_build: autoreconf/automake not installed: autotools test skipped\n");
        return;
    }
    run_result_t r = tu_run("cp -r tests/build-systems/. %s/ && cd %s/autotools && "
                            "PATH=%s/bin:$PATH && autoreconf -i >/dev/null 2>&1 && "
                            "./configure CC=shmemsim-cc >/dev/null && make -s check >/dev/null "
                            "2>&1; echo \"status $?\"; cat hello.log",
                            tmp, tmp, out_abs());
    ck_assert_msg(strstr(r.out, "status 0\n") && tu_count(r.out, " of 4: ok\n") == 4, "%s%s",
                  r.out, r.err);
    tu_free(&r);
}
END_TEST

/* A libtool C++ library and a program linked with it: libtool links the
 * library with -nostdlib and the objects it learnt from the wrapper's own
 * link line, the wrapper's module objects among them, which the wrapper
 * then added again (multiple definitions); `make check` runs it on 4 PEs
 * through libtool's wrapper script. */
START_TEST(a_libtool_cxx_library_builds_and_tests)
{
    if (!direct_runs("a_libtool_cxx_library_builds_and_tests"))
        return;
    if (!have("autoreconf") || !have("automake") || !have("libtoolize")) {
        fprintf(stderr, "check_build: autoreconf/automake/libtool not installed: libtool test "
                        "skipped\n");
        return;
    }
    run_result_t r = tu_run("cp -r tests/build-systems/. %s/ && cd %s/libtool-cxx && "
                            "PATH=%s/bin:$PATH && autoreconf -i >/dev/null 2>&1 && "
                            "./configure CC=shmemsim-cc CXX=shmemsim-c++ >/dev/null && "
                            "make -s check >/dev/null 2>&1; echo \"status $?\"; cat total.log",
                            tmp, tmp, out_abs());
    ck_assert_msg(strstr(r.out, "status 0\n") && tu_count(r.out, " of 4: total 10 (ok)\n") == 4,
                  "%s%s", r.out, r.err);
    tu_free(&r);
}
END_TEST

/* A CMake project: the compiler checks pass with shmemsim-cc, and ctest
 * runs the program on 4 PEs. */
START_TEST(a_cmake_project_builds_and_tests)
{
    if (!direct_runs("a_cmake_project_builds_and_tests"))
        return;
    if (!have("cmake") || !have("ctest")) {
        fprintf(stderr, "check_build: cmake not installed: CMake test skipped\n");
        return;
    }
    const char *out = out_abs();
    run_result_t r = tu_run("cp -r tests/build-systems/. %s/ && mkdir %s/cmake/build && "
                            "cd %s/cmake/build && cmake -DCMAKE_C_COMPILER=%s/bin/shmemsim-cc .. "
                            ">/dev/null && make -s >/dev/null && ctest --output-on-failure",
                            tmp, tmp, tmp, out);
    ck_assert_msg(r.status == 0 && strstr(r.out, "100% tests passed"), "%d\n%s%s", r.status,
                  r.out, r.err);
    tu_free(&r);
}
END_TEST

/* A Meson project: Meson finds the linker by asking the compiler for
 * -Wl,--version with no input (the wrappers refused that), its function
 * check passes, and meson test runs the program on 4 PEs. */
START_TEST(a_meson_project_builds_and_tests)
{
    if (!direct_runs("a_meson_project_builds_and_tests"))
        return;
    if (!have("meson") || !have("ninja")) {
        fprintf(stderr, "check_build: meson/ninja not installed: Meson test skipped\n");
        return;
    }
    run_result_t r = tu_run("cp -r tests/build-systems/. %s/ && cd %s/meson && "
                            "CC=%s/bin/shmemsim-cc meson setup build >/dev/null && "
                            "meson test -C build >/dev/null && cat build/meson-logs/testlog.txt",
                            tmp, tmp, out_abs());
    ck_assert_msg(r.status == 0 && strstr(r.out, "hello from PE 3 of 4: ok"), "%d\n%s%s",
                  r.status, r.out, r.err);
    tu_free(&r);
}
END_TEST

/* The wrappers work through links of other names (an oshcc, oshfort or
 * oshc++ that points at them, as other implementations install theirs),
 * and print the flags they add with bare paths, which build scripts split
 * on blanks. */
START_TEST(wrappers_work_through_links_and_print_bare_paths)
{
    const char *out = out_abs();
    run_result_t r = tu_run("cp tests/build-systems/hello.c %s/ && cd %s && "
                            "ln -sf %s/bin/shmemsim-cc oshcc && ln -sf %s/bin/shmemsim-fc oshfort "
                            "&& ln -sf %s/bin/shmemsim-c++ oshc++ && ./oshcc -o linked hello.c && "
                            "%s/bin/shmemsim -n 2 --quiet ./linked && ./oshfort --showme:compile && "
                            "./oshc++ --showme:link && ./oshcc -Wl,--version; echo \"status $?\"; "
                            "ls", tmp, tmp, out, out, out, out);
    ck_assert_msg(strstr(r.out, "hello from PE 1 of 2: ok") && strstr(r.out, "-fdollar-ok") &&
                      strstr(r.out, "shmemsim_cxxmodule.o") && strstr(r.out, "GNU ld") &&
                      strstr(r.out, "status 0\n") && !strstr(r.out, "a.out"),
                  "%s%s", r.out, r.err);
    tu_free(&r);
    r = tu_run("%s-cc --showme:compile; %s-cc --showme:link", SIM, SIM);
    ck_assert_msg(r.status == 0 && !strchr(r.out, '\''), "%s", r.out);
    tu_free(&r);
    /* A source named with -x compiled and linked in one step: the
     * language ends before the objects the wrapper adds (they were
     * compiled as C). */
    r = tu_run("cd %s && %s/bin/shmemsim-cc -x c -o xlang hello.c && "
               "%s/bin/shmemsim -n 2 --quiet ./xlang", tmp, out, out);
    ck_assert_msg(r.status == 0 && strstr(r.out, "hello from PE 1 of 2: ok"), "%d\n%s%s",
                  r.status, r.out, r.err);
    tu_free(&r);
}
END_TEST

/* What is not a program module is refused, saying what it is: a libtool
 * wrapper script (a libtool project's ./prog, built with the wrapper) is
 * told how to run; another script is told to be built. */
START_TEST(scripts_are_refused_with_a_way_out)
{
    run_result_t r = tu_run("cd %s && printf '#! /bin/sh\\n# hello - temporary wrapper script "
                            "for .libs/hello\\n# Generated by libtool (GNU libtool) 2.4.7\\n' "
                            "> hello && printf '#!/bin/sh\\necho hi\\n' > plain && "
                            "chmod +x hello plain; %s/bin/shmemsim -n 2 ./hello; echo \"status $?\"; "
                            "%s/bin/shmemsim -n 2 ./plain; echo \"status $?\"", tmp, out_abs(),
                            out_abs());
    ck_assert_msg(strstr(r.err, "'./hello' is a libtool wrapper script: run it as it is, with "
                                "the PE count in SHMEMSIM_NPES") &&
                      strstr(r.err, "'./plain' is not an ELF file (a script or source file?); "
                                    "build it with shmemsim-cc") &&
                      tu_count(r.out, "status 2\n") == 2,
                  "%s%s", r.out, r.err);
    tu_free(&r);
    /* An object file built with the wrapper is told to be linked (it was
     * called a plain executable, to be built with shmemsim-cc). */
    r = tu_run("cp tests/build-systems/hello.c %s/objhello.c && cd %s && "
               "%s/bin/shmemsim-cc -c objhello.c && %s/bin/shmemsim -n 2 ./objhello.o; "
               "echo \"status $?\"", tmp, tmp, out_abs(), out_abs());
    ck_assert_msg(strstr(r.err, "'./objhello.o' is an object file (compiled with -c), not a "
                                "program: link it first, with shmemsim-cc -o prog "
                                "./objhello.o") &&
                      strstr(r.out, "status 2\n"),
                  "%s%s", r.out, r.err);
    tu_free(&r);
}
END_TEST

/* After make install, pkg-config's flags make a PE module that runs (the
 * prefix has "-I" in its name: the .pc's flags must not be cut there), man
 * finds every page, the installed example scenario passes with the
 * installed tools, and make uninstall removes every file install made. */
START_TEST(pkg_config_builds_a_runnable_module)
{
    if (!direct_runs("pkg_config_builds_a_runnable_module"))
        return;
    if (!have("pkg-config")) {
        fprintf(stderr, "check_build: pkg-config not installed: test skipped\n");
        return;
    }
    run_result_t r = tu_run("make -s install O=%s PREFIX=%s/inst-Iprefix >/dev/null && "
                            "PKG_CONFIG_PATH=%s/inst-Iprefix/lib/pkgconfig && export PKG_CONFIG_PATH && "
                            "cc $(pkg-config --cflags shmemsim) -o %s/h %s $(pkg-config --libs "
                            "shmemsim) && SHMEMSIM_NPES=2 %s/h && "
                            "pkg-config --libs shmemsim | grep -v -e -fPIC && "
                            "for n in oshmem oshmem-c sandia-openshmem osss-ucx; do "
                            "[ \"$(pkg-config --cflags --libs $n)\" = \"$(pkg-config --cflags "
                            "--libs shmemsim)\" ] || echo \"$n differs\"; done && "
                            "for p in shmemsim shmemsim-cc shmemsim-c++ shmemsim-fc "
                            "shmemsim-scenario; do man -M %s/inst-Iprefix/share/man -w $p; done && "
                            "cp -r %s/inst-Iprefix/share/shmemsim/examples %s/ex && cd %s/ex && "
                            "%s/inst-Iprefix/bin/shmemsim-cc -g -o ring_hello ring_hello.c && "
                            "%s/inst-Iprefix/bin/shmemsim test ring_hello.yaml && cd - >/dev/null && "
                            "make -s uninstall O=%s PREFIX=%s/inst-Iprefix && "
                            "echo \"left: $(find %s/inst-Iprefix -type f | wc -l)\"",
                            tu_out_dir(), tmp, tmp, tmp, HELLO, tmp, tmp, tmp, tmp, tmp, tmp, tmp,
                            tu_out_dir(), tmp, tmp);
    ck_assert_msg(r.status == 0 && tu_count(r.out, " of 2: ok\n") == 2, "%d\n%s%s", r.status,
                  r.out, r.err);
    ck_assert_msg(tu_count(r.out, "/inst-Iprefix/share/man/man") == 5, "man pages not found: %s", r.out);
    ck_assert_msg(strstr(r.out, "PASS ring-hello-with-a-slow-put"), "%s%s", r.out, r.err);
    ck_assert_msg(strstr(r.out, "left: 0\n"), "make uninstall left files: %s", r.out);
    ck_assert_msg(!strstr(r.out, " differs\n"), "an alias .pc: %s", r.out);
    tu_free(&r);
}
END_TEST

/* The library exports the API (with Cray's legacy names: the T3E's
 * barrier and globalexit among them), the engine and what the
 * instrumentation and the wrapped libc calls need (with the few C library
 * names it defines for shared libraries: the C++ run-time library's
 * threads and sleeps, gfortran's clocks and seeds): nothing of the API
 * layers' internals that a program's own function of the same name could
 * meet. */
START_TEST(the_library_exports_no_internal_name)
{
    if (!have("nm")) {
        fprintf(stderr, "check_build: nm not installed: test skipped\n");
        return;
    }
    run_result_t r = tu_run(
        "nm -D --defined-only %s/lib/libshmemsim.so | awk '{print $3}' | sed 's/@.*//' | "
        "grep -v '^__odr_asan\\.' | " /* a sanitizer build's own indicator symbols */
        "grep -Ev '^(shmem|pshmem|LAPI_|lapi_|sim_|__tsan_|__wrap_|GOMP_|omp_)|^(_my_pe|_num_pes|my_pe|num_pes|my_pe_|"
        "num_pes_|start_pes_?|shmalloc|shfree|shrealloc|shmemalign|shpalloc_|shpclmove_|"
        "shpdeallc_|shpdealloc_|barrier|barrier_|globalexit|exit|write|writev|nanosleep|"
        "clock_nanosleep|clock_gettime|gettimeofday|time|clock|times|getrusage|getrandom|"
        "getentropy|syscall|pthread_create|pthread_join|"
        "pthread_detach|pthread_cond_wait|pthread_cond_timedwait|pthread_cond_clockwait|"
        "pthread_cond_signal|pthread_cond_broadcast)$'; "
        "nm -D --defined-only %s/lib/libshmemsim.so | grep -c ' T shmem_int_put$'",
        tu_out_dir(), tu_out_dir());
    ck_assert_msg(r.status == 0 && strcmp(r.out, "1\n") == 0,
                  "exported names outside the allow-list (or shmem_int_put missing):\n%s%s",
                  r.out, r.err);
    tu_free(&r);
}
END_TEST

/* The engine includes only itself and names no API routine or layer
 * finding; the layers never name the world (tests/layering.sh), and the
 * script does catch each kind of violation, planted in a copy. */
START_TEST(the_layering_holds_and_its_check_bites)
{
    run_result_t r = tu_run("sh tests/layering.sh .");
    ck_assert_msg(r.status == 0 && r.out[0] == 0, "%s%s", r.out, r.err);
    tu_free(&r);
    r = tu_run("cp -r sim cli api %s/ && "
               "echo '#include \"shmem_impl.h\"' >> %s/sim/net.c && "
               "echo '/* see shmem_fence */' >> %s/sim/evq.c && "
               "echo 'static const char *x = \"psync-reuse\";' >> %s/sim/rng.c && "
               "echo 'int y(void) { return sim_w->npes; }' >> %s/api/shmem/rma.c && "
               "sh tests/layering.sh %s",
               tmp, tmp, tmp, tmp, tmp, tmp);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.out, "sim/net.c") && strstr(r.out, "includes \"shmem_impl.h\""), "%s", r.out);
    ck_assert_msg(strstr(r.out, "sim/evq.c") && strstr(r.out, "shmem_fence"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "finding id psync-reuse"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "api/shmem/rma.c"), "%s", r.out);
    tu_free(&r);
}
END_TEST

/* A raise site names its rule by a constant: a misspelt one is a compile
 * error, where a misspelt string used to escape --check silently. */
START_TEST(a_misspelt_finding_does_not_compile)
{
    static const char *const flags = "-std=c11 -D_GNU_SOURCE -fsyntax-only -iquote sim "
                                     "-Iapi/include -iquote api/shmem -iquote api/lapi";
    for (int bad = 0; bad < 2; bad++) {
        run_result_t r = tu_run("printf '#include \"shmem_impl.h\"\\n"
                                "const sim_check_t *c(void) { return SHM_CHECK(%s); }\\n' > "
                                "%s/f.c && cc %s %s/f.c",
                                bad ? "INVALID_PEE" : "INVALID_PE", tmp, flags, tmp);
        if (bad)
            ck_assert_msg(r.status != 0 && strstr(r.err, "SHM_F_INVALID_PEE"), "%s", r.err);
        else
            ck_assert_msg(r.status == 0, "%s", r.err);
        tu_free(&r);
    }
}
END_TEST

/* A library built with shmemsim-cc -shared is loaded once for the job: its
 * variables are a finding naming them and how to link statically, and a
 * put into one names the library; linked as an archive they are per PE
 * and symmetric; a library with no variables raises nothing. */
START_TEST(a_shared_library_with_variables_is_a_finding)
{
    static const char lib[] = "long counter;\nvoid bump(void) { counter++; }\n"
                              "long *counter_addr(void) { return &counter; }\n";
    static const char prog[] =
        "#include <shmem.h>\n#include <stdio.h>\nvoid bump(void);\nlong *counter_addr(void);\n"
        "int main(void) {\n  shmem_init();\n  bump();\n  shmem_barrier_all();\n"
        "  if (shmem_my_pe() == 0) shmem_long_p(counter_addr(), 42, 1);\n"
        "  shmem_barrier_all();\n  printf(\"PE %d: %ld\\n\", shmem_my_pe(), *counter_addr());\n"
        "  shmem_finalize();\n  return 0;\n}\n";
    char path[128];
    snprintf(path, sizeof path, "%s/foo.c", tmp);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(lib, f);
    fclose(f);
    snprintf(path, sizeof path, "%s/main.c", tmp);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(prog, f);
    fclose(f);
    char cc[4200], sim[4200];
    snprintf(cc, sizeof cc, "%s/bin/shmemsim-cc", out_abs());
    snprintf(sim, sizeof sim, "%s/bin/shmemsim", out_abs());
    run_result_t r = tu_run("cd %s && %s -g -shared -o libfoo.so foo.c && "
                            "%s -g -o shared main.c -L. -lfoo -Wl,-rpath,%s && %s -n 2 --quiet ./shared",
                            tmp, cc, cc, tmp, sim);
    ck_assert_int_eq(r.status, 4);
    ck_assert_msg(strstr(r.err, "error [shared-library-data] PE 0 at t=0ns in loading libfoo.so") &&
                  strstr(r.err, "libfoo.so was built -shared by a shmemsim wrapper and holds variables: "
                                "counter (8 bytes).") &&
                  strstr(r.err, "ar rcs libfoo.a"), "%s", r.err);
    ck_assert_msg(strstr(r.err, "points into 'counter' of the shared library libfoo.so"), "%s", r.err);
    ck_assert_int_eq(tu_count(r.out, ": 2\n"), 2); /* one counter, bumped by both */
    tu_free(&r);
    r = tu_run("cd %s && %s -g -c foo.c && ar rcs libfoo.a foo.o && %s -g -o static main.c libfoo.a "
               "&& %s -n 2 --quiet ./static", tmp, cc, cc, sim);
    ck_assert_msg(r.status == 0 && strstr(r.out, "PE 0: 1\n") && strstr(r.out, "PE 1: 42\n"),
                  "%d %s%s", r.status, r.out, r.err);
    tu_free(&r);
    r = tu_run("cd %s && printf 'int twice(int x) { return 2 * x; }\\n' > bar.c && "
               "printf '#include <shmem.h>\\nint twice(int);\\nint main(void) { shmem_init(); "
               "int v = twice(shmem_my_pe()); shmem_finalize(); return v > 2; }\\n' > m.c && "
               "%s -shared -o libbar.so bar.c && %s -o m m.c -L. -lbar -Wl,-rpath,%s && "
               "%s -n 2 ./m", tmp, cc, cc, tmp, sim);
    ck_assert_msg(r.status == 0 && strstr(r.err, " 0 findings"), "%s", r.err);
    tu_free(&r);
    /* A finding raised from a library of functions built with -g names
     * its file and line, as in the program (it named function+offset). */
    r = tu_run("cd %s && printf '#include <shmem.h>\nvoid put_to(long *p, int pe) {\n"
               "  shmem_long_p(p, 1, pe);\n}\n' > baz.c && "
               "printf '#include <shmem.h>\nvoid put_to(long *, int);\nint main(void) { "
               "long local = 0; shmem_init(); put_to(&local, 1 - shmem_my_pe()); "
               "shmem_finalize(); return 0; }\n' > n.c && "
               "%s -g -shared -o libbaz.so baz.c && %s -o n n.c -L. -lbaz -Wl,-rpath,%s && "
               "%s -n 2 --quiet ./n", tmp, cc, cc, tmp, sim);
    ck_assert_msg(r.status == 4 && strstr(r.err, "in shmem_long_p, called from put_to at baz.c:3:\n"),
                  "%s", r.err);
    tu_free(&r);
    /* A C++ library with a class that has virtual functions and includes
     * <iostream>, built with shmemsim-c++, has no variables either: its
     * vtable and typeinfo, <iostream>'s initialiser and the wrapper's own
     * stream buffers were called its variables. */
    char cxx[4200];
    snprintf(cxx, sizeof cxx, "%s/bin/shmemsim-c++", out_abs());
    r = tu_run("cd %s && printf '#include <iostream>\nstruct B { virtual int f(int x) { return x; } "
               "virtual ~B() {} };\nint twice_cxx(int x) { B b; std::cout << \"\"; "
               "return 2 * b.f(x); }\n' > qux.cpp && "
               "printf '#include <shmem.h>\nint twice_cxx(int);\nint main() { shmem_init(); "
               "int v = twice_cxx(shmem_my_pe()); shmem_finalize(); return v > 2; }\n' > q.cpp && "
               "%s -shared -o libqux.so qux.cpp && %s -o q q.cpp -L. -lqux -Wl,-rpath,%s && "
               "%s -n 2 ./q", tmp, cxx, cxx, tmp, sim);
    ck_assert_msg(r.status == 0 && strstr(r.err, " 0 findings"), "%s", r.err);
    tu_free(&r);
}
END_TEST

/* The words of the list in parentheses after "(known: " in text, into
 * words (comma-separated); their number. */
static int known_list(const char *text, char words[][40], int max)
{
    const char *p = strstr(text, "(known: ");
    int n = 0;
    if (!p)
        return 0;
    for (p += 8; *p && *p != ')' && n < max; n++) {
        size_t len = strcspn(p, ",)");
        snprintf(words[n], sizeof words[n], "%.*s", (int)(len < 39 ? len : 39), p);
        p += len;
        p += strspn(p, ", ");
    }
    return n;
}

/* The man pages render without one warning; shmemsim(1) names every
 * option of --help and every finding of --check list, and
 * shmemsim-scenario(5) every key, fault kind, op and outcome the scenario
 * loader accepts (taken from its own "known:" messages). */
START_TEST(man_pages_render_and_say_what_the_program_accepts)
{
    static const char *const pages[] = {"man1/shmemsim.1", "man1/shmemsim-cc.1",
                                        "man1/shmemsim-fc.1", "man5/shmemsim-scenario.5"};
    char page[600], text[600];
    for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
        snprintf(page, sizeof page, "%s/build/man/%s", tu_out_dir(), pages[i]);
        run_result_t r = tu_run("groff -k -man -Tutf8 -ww -z %s", page);
        ck_assert_msg(r.status == 0 && r.out[0] == 0 && r.err[0] == 0, "%s: %s%s", page, r.out,
                      r.err);
        tu_free(&r);
    }
    snprintf(text, sizeof text, "groff -k -man -Tutf8 -P-cbou -rLL=300n %s/build/man/",
             tu_out_dir());
    run_result_t man1 = tu_run("%sman1/shmemsim.1", text);
    run_result_t help = tu_run("%s --help | grep -o -- '--[a-z][a-z-]*' | sort -u", SIM);
    run_result_t list = tu_run("%s --check list | cut -d' ' -f1", SIM);
    ck_assert_int_eq(man1.status, 0);
    for (const char *w = help.out; *w; w += strcspn(w, "\n") + 1) {
        char word[64];
        snprintf(word, sizeof word, "%.*s", (int)strcspn(w, "\n"), w);
        ck_assert_msg(strstr(man1.out, word), "shmemsim(1) does not name %s", word);
    }
    int nids = 0;
    for (const char *w = list.out; *w; w += strcspn(w, "\n") + 1, nids++) {
        char word[64];
        snprintf(word, sizeof word, "\n       %.*s\n", (int)strcspn(w, "\n"), w);
        ck_assert_msg(strstr(man1.out, word), "shmemsim(1) does not list finding %s", word);
    }
    ck_assert_int_ge(nids, 20);
    tu_free(&man1);
    tu_free(&help);
    tu_free(&list);

    run_result_t man5 = tu_run("%sman5/shmemsim-scenario.5", text);
    ck_assert_int_eq(man5.status, 0);
    static const char *const probes[] = {
        "npes: 1\nzz: 1", "npes: 1\nfaults:\n  - {kind: nonesuch}",
        "npes: 1\nfaults:\n  - {kind: drop, zz: 1}", "npes: 1\nexpect: {zz: 1}",
        "npes: 1\nnetwork: {zz: 1}", "npes: 1\nexpect: {outcome: zz}",
        "npes: 1\nfaults:\n  - {kind: drop, op: zz}"};
    int total = 0;
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        run_result_t r = tu_run("printf 'scenario: x\\nprogram: p\\n%s\\n' > %s/z.yaml && "
                                "%s replay %s/z.yaml", probes[i], tmp, SIM, tmp);
        char words[32][40];
        int n = known_list(r.err, words, 32);
        ck_assert_msg(n >= 5, "no list of known names in: %s", r.err);
        for (int k = 0; k < n; k++)
            ck_assert_msg(strstr(man5.out, words[k]), "shmemsim-scenario(5) does not name '%s' (%s)",
                          words[k], r.err);
        total += n;
        tu_free(&r);
    }
    ck_assert_int_ge(total, 60);
    tu_free(&man5);
}
END_TEST

Suite *build_suite(void)
{
    Suite *s = suite_create("build");
    TCase *tc = tcase_create("build");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, wrappers_never_read_cc);
    tcase_add_test(tc, a_module_run_directly_runs_under_the_simulator);
    tcase_add_test(tc, showme_options_and_usage_errors);
    tcase_add_test(tc, cray_untyped_names_in_every_language_mode);
    tcase_add_test(tc, legacy_names_link_and_shmem_h_leaves_them_free);
    tcase_add_test(tc, the_math_library_needs_no_flag);
    tcase_add_test(tc, main_in_an_archive_is_linked);
    tcase_add_test(tc, lapi_h_brings_pthread_h);
    tcase_add_test(tc, findings_name_lines_without_a_g_flag);
    tcase_add_test(tc, clang_builds_name_lines_under_werror);
    tcase_add_test(tc, a_link_naming_the_compilers_directory_runs);
    tcase_add_test(tc, cxx_shmem_h_brings_complex);
    tcase_add_test(tc, other_implementations_library_names_link);
    tcase_add_test(tc, an_autotools_project_builds_and_tests);
    tcase_add_test(tc, a_libtool_cxx_library_builds_and_tests);
    tcase_add_test(tc, a_cmake_project_builds_and_tests);
    tcase_add_test(tc, a_meson_project_builds_and_tests);
    tcase_add_test(tc, wrappers_work_through_links_and_print_bare_paths);
    tcase_add_test(tc, scripts_are_refused_with_a_way_out);
    tcase_add_test(tc, pkg_config_builds_a_runnable_module);
    tcase_add_test(tc, the_library_exports_no_internal_name);
    tcase_add_test(tc, the_layering_holds_and_its_check_bites);
    tcase_add_test(tc, a_misspelt_finding_does_not_compile);
    tcase_add_test(tc, man_pages_render_and_say_what_the_program_accepts);
    tcase_add_test(tc, a_shared_library_with_variables_is_a_finding);
    suite_add_tcase(s, tc);
    return s;
}
