/* tests/check_shmem_api: the OpenSHMEM 1.5 point-to-point API (issue 3):
 * exported names against the reference list, the C11 generics, every RMA
 * and atomic family, ordering (fence, quiet, put-with-signal, nbi source
 * reads), locks, waits, teams and contexts, global exit, and misuse. */
#include "testutil.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIM tu_shmemsim()
#define PROG(n) tu_prog(n)

/* The reference list of C names, by area (a copy of the project's
 * reference file; its header explains the provenance tags). */
#define NAMES_FILE "tests/data/openshmem_c.txt"

typedef void name_fn(const char *name, const char *area, const char *line, void *arg);

/* Calls fn for every name of the reference list, with its area header and
 * its whole line. */
static void each_name(name_fn *fn, void *arg)
{
    char *text = tu_read_file(NAMES_FILE, NULL);
    ck_assert_msg(text != NULL, "cannot read %s", NAMES_FILE);
    char area[512] = "", *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char name[128];
        if (strncmp(line, "# area:", 7) == 0)
            snprintf(area, sizeof area, "%s", line);
        else if (line[0] != '#' && sscanf(line, "%127s", name) == 1)
            fn(name, area, line, arg);
    }
    free(text);
}

typedef struct name_check {
    const char *a, *b;        /* texts the names are looked up in */
    int wanted, missing;
    char first_missing[128];
} name_check_t;

static void note(name_check_t *c, const char *name, int found)
{
    c->wanted++;
    if (!found && c->missing++ == 0)
        snprintf(c->first_missing, sizeof c->first_missing, "%s", name);
}

/* Issue 3's areas: everything but collectives, provenance 1.5 or legacy. */
static void check_export(const char *name, const char *area, const char *line, void *arg)
{
    (void)line;
    if (strstr(area, "Collectives") || strstr(area, "C11 generic") ||
        !(strstr(area, "provenance: spec1.5") || strstr(area, "provenance: legacy")))
        return;
    char sym[160];
    snprintf(sym, sizeof sym, " %s\n", name);
    note(arg, name, strstr(((name_check_t *)arg)->a, sym) != NULL);
}

START_TEST(library_exports_every_spec15_and_legacy_name)
{
    char lib[4096];
    snprintf(lib, sizeof lib, "%s", SIM);
    char *bin = strstr(lib, "bin/shmemsim");
    ck_assert_ptr_nonnull(bin);
    strcpy(bin, "lib/libshmemsim.so");
    run_result_t r = tu_run("nm -D --defined-only %s | awk '{print \" \" $NF}'", lib);
    ck_assert_int_eq(r.status, 0);
    name_check_t c = {r.out, NULL, 0, 0, ""};
    each_name(check_export, &c);
    ck_assert_int_ge(c.wanted, 1290);
    ck_assert_msg(c.missing == 0, "%d of %d names not exported, the first: %s", c.missing,
                  c.wanted, c.first_missing);
    tu_free(&r);
}
END_TEST

/* C11 generic names of issue 3: not collectives (another issue), not 1.6. */
static void check_generic(const char *name, const char *area, const char *line, void *arg)
{
    static const char *const coll[] = {"alltoall", "broadcast", "collect", "_reduce",
                                       "shmem_sync", "scan"};
    if (!strstr(area, "C11 generic") || strstr(line, "new in 1.6"))
        return;
    for (size_t i = 0; i < sizeof coll / sizeof coll[0]; i++)
        if (strstr(name, coll[i]))
            return;
    name_check_t *c = arg;
    char def[160], call[160];
    snprintf(def, sizeof def, "#define %s(", name);
    snprintf(call, sizeof call, "%s(", name);
    /* A macro of the header (shmem_global_exit is an ordinary routine) that
     * the generic test program calls. */
    note(c, name, (strstr(c->a, def) || !strcmp(name, "shmem_global_exit")) &&
                      strstr(c->b, call));
}

START_TEST(c11_generics_are_macros_a_program_uses)
{
    char *header = tu_read_file("api/include/shmem_p2p.h", NULL);
    char *program = tu_read_file("tests/programs/p2p_generic.c", NULL);
    ck_assert_ptr_nonnull(header);
    ck_assert_ptr_nonnull(program);
    name_check_t c = {header, program, 0, 0, ""};
    each_name(check_generic, &c);
    ck_assert_int_ge(c.wanted, 50);
    ck_assert_msg(c.missing == 0, "%d generic names not defined or not used, the first: %s",
                  c.missing, c.first_missing);
    free(header);
    free(program);
    /* make built the program, so every generic compiled; its checks pass. */
    run_result_t r = tu_run("%s -n 3 --quiet %s", SIM, PROG("p2p_generic"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(tu_count(r.out, " errors 0\n"), 3);
    tu_free(&r);
}
END_TEST

/* Every type of the tables the generics serve (waits and tests with short
 * and unsigned short, the deprecated atomics on every standard AMO type,
 * the bitwise atomics, the team bitwise reductions on int8_t & co.):
 * built from the header's own tables, so it compiles only if each has its
 * routine and generic; each computes right on 1, 3 and 5 PEs. */
START_TEST(generics_cover_every_type_of_their_tables)
{
    for (int n = 1; n <= 5; n += 2) {
        run_result_t r = tu_run("%s -n %d --quiet %s", SIM, n, PROG("generic_types"));
        ck_assert_msg(r.status == 0 && tu_count(r.out, " generic types ok\n") == n, "%d: %s%s",
                      n, r.out, r.err);
        tu_free(&r);
    }
}
END_TEST

/* The OpenSHMEM 1.6 routines compute what the specification says, on 1,
 * 3 and 5 PEs (tests/programs/v16.c checks each). */
START_TEST(openshmem_16_routines)
{
    for (int n = 1; n <= 5; n += 2) {
        run_result_t r = tu_run("%s -n %d --quiet %s", SIM, n, PROG("v16"));
        ck_assert_msg(r.status == 0 && tu_count(r.out, " v16 ok\n") == n && r.err[0] == 0,
                      "%d: %s%s", n, r.out, r.err);
        tu_free(&r);
    }
}
END_TEST

/* Sandia OpenSHMEM's shmemx_ spellings compute as the standard routines,
 * and a finding in a typed shmemx_ call names the program's line, not the
 * header's. */
START_TEST(shmemx_spellings_of_standard_routines)
{
    for (int n = 1; n <= 3; n++) {
        run_result_t r = tu_run("%s -n %d --quiet %s", SIM, n, PROG("shmemx_names"));
        ck_assert_msg(r.status == 0 && tu_count(r.out, " shmemx ok\n") == n && r.err[0] == 0,
                      "%d: %s%s", n, r.out, r.err);
        tu_free(&r);
    }
    run_result_t r = tu_run("%s -n 2 --quiet %s bad", SIM, PROG("shmemx_names"));
    char want[64];
    snprintf(want, sizeof want, "called from main at shmemx_names.c:%d:\n",
             tu_line_of("tests/programs/shmemx_names.c", "BAD(shmemx)"));
    ck_assert_msg(r.status == 4 && strstr(r.err, "[invalid-pe]") && strstr(r.err, want),
                  "want '%s' in:\n%s", want, r.err);
    tu_free(&r);
}
END_TEST

/* Open MPI's shmemx_ extensions (an allocation with a hint, the 16/32/64-bit
 * elemental and block transfers, atomics, waits and reductions, and their
 * older shmem_ spellings) compute as the standard routines. */
START_TEST(open_mpi_shmemx_extensions)
{
    for (int n = 1; n <= 4; n += 3) {
        run_result_t r = tu_run("%s -n %d --quiet %s", SIM, n, PROG("ompi_shmemx"));
        ck_assert_msg(r.status == 0 && tu_count(r.out, ": ompi ok\n") == n && r.err[0] == 0,
                      "%d: %s%s", n, r.out, r.err);
        tu_free(&r);
    }
}
END_TEST

/* Cray OpenSHMEMX's short team splits (strided, 2-D, 3-D) make the teams
 * of their grids, Sandia's long forms of the same names still work, and
 * a bad range is a finding at the program's line. */
/* T3E-era code: barrier() completes a put before the check, and
 * globalexit ends the job with the caller's status (0 too, with no
 * finding, though start_pes would finalise at a normal exit). */
START_TEST(t3e_barrier_and_globalexit)
{
    run_result_t r = tu_run("%s -n 3 --quiet %s", SIM, PROG("t3e_legacy"));
    ck_assert_msg(r.status == 0 && tu_count(r.out, ": x ok\n") == 3 && !*r.err,
                  "status %d\n%s%s", r.status, r.out, r.err);
    tu_free(&r);
    /* barrier() before start_pes: one finding, for barrier, at the
     * program's line (not another for the barrier inside it) */
    r = tu_run("%s -n 3 %s early", SIM, PROG("t3e_legacy"));
    ck_assert_msg(r.status == 4 && tu_count(r.err, "error [not-initialized] PE ") == 1 &&
                      strstr(r.err, "in barrier, called from main at t3e_legacy.c:") &&
                      !strstr(r.err, "in shmem_barrier_all"),
                  "status %d\n%s", r.status, r.err);
    tu_free(&r);
    /* T3D/T3E source with no start_pes, built with --cray: clean; built
     * without, the finding says how to build it */
    r = tu_run("%s -n 3 %s", SIM, PROG("t3d_start"));
    ck_assert_msg(r.status == 0 && tu_count(r.out, ": x ok\n") == 3, "status %d\n%s%s",
                  r.status, r.out, r.err);
    tu_free(&r);
    r = tu_run("%s -n 3 %s early", SIM, PROG("t3e_legacy"));
    ck_assert_ptr_nonnull(strstr(r.err, "is built with shmemsim-cc --cray, or shmemsim-fc --cray"));
    tu_free(&r);
    for (int n = 2; n <= 4; n++)
        for (int seed = 1; seed <= 8; seed++) {
            r = tu_run("%s -n %d --seed %d --quiet %s exit0", SIM, n, seed, PROG("t3e_legacy"));
            ck_assert_msg(r.status == 0 && !*r.err, "-n %d --seed %d: status %d\n%s", n, seed,
                          r.status, r.err);
            tu_free(&r);
        }
    r = tu_run("%s -n 3 %s exit", SIM, PROG("t3e_legacy"));
    ck_assert_msg(r.status == 1 && strstr(r.err, "PE 1 exited with status 3; the job was "
                                                 "terminated"),
                  "status %d\n%s", r.status, r.err);
    tu_free(&r);
}
END_TEST

START_TEST(cray_team_splits_and_sessions)
{
    const int ns[] = {1, 2, 5, 8, 12};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        run_result_t r = tu_run("%s -n %d --quiet %s", SIM, ns[i], PROG("cray_teams"));
        ck_assert_msg(r.status == 0 && tu_count(r.out, " cray teams ok\n") == ns[i] &&
                          r.err[0] == 0,
                      "%d: %s%s", ns[i], r.out, r.err);
        tu_free(&r);
    }
    run_result_t r = tu_run("%s -n 3 --quiet %s bad", SIM, PROG("cray_teams"));
    char want[80];
    snprintf(want, sizeof want, "in shmemx_team_split_3d, called from main at cray_teams.c:%d:\n",
             tu_line_of("tests/programs/cray_teams.c", "BAD(split3d)"));
    ck_assert_msg(r.status == 4 && strstr(r.err, "[invalid-argument]") && strstr(r.err, want),
                  "want '%s' in:\n%s", want, r.err);
    tu_free(&r);
}
END_TEST

/* Cray's legacy shmem_short_finc/fadd/cswap/swap are 2-byte atomics
 * with exact results, leaving the neighbouring short alone. */
START_TEST(cray_legacy_short_atomics)
{
    for (int n = 1; n <= 4; n++) {
        run_result_t r = tu_run("%s -n %d --quiet %s", SIM, n, PROG("cray_short_amo"));
        ck_assert_msg(r.status == 0 && tu_count(r.out, " cray short ok\n") == n && r.err[0] == 0,
                      "%d: %s%s", n, r.out, r.err);
        tu_free(&r);
    }
}
END_TEST

/* Cray's _nb calls in both of their forms (with and without a trailing
 * transfer handle), sized, mem, ctx_ and generic, the _nb atomics and the
 * untyped active-set collectives, from <mpp/shmem.h> alone; and local
 * completion is not delivery: a flag set after shmemx_local_complete
 * leaves the reader racing with the put, while the put's source may be
 * reused at once. */
START_TEST(cray_nb_calls_and_local_completion)
{
    for (int n = 1; n <= 4; n += 3) {
        run_result_t r = tu_run("%s -n %d --quiet %s", SIM, n, PROG("cray_nb"));
        ck_assert_msg(r.status == 0 && tu_count(r.out, ": cray nb ok\n") == n && r.err[0] == 0,
                      "%d: %s%s", n, r.out, r.err);
        tu_free(&r);
    }
    run_result_t r = tu_run("%s -n 2 --quiet %s race", SIM, PROG("cray_nb"));
    ck_assert_int_eq(r.status, 4);
    ck_assert_ptr_nonnull(strstr(r.err, "[data-race]"));
    ck_assert_ptr_nonnull(strstr(r.err, "PE 1's load at main at cray_nb.c:45"));
    ck_assert_ptr_null(strstr(r.err, "nbi-buffer-modified"));
    tu_free(&r);
}
END_TEST

/* The profiling interface: a program that defines shmem_putmem and
 * shmem_long_p sees every call it makes and reaches the library through
 * pshmem_; and <pshmem.h> declares a pshmem_ name for every shmem_
 * routine the library defines. */
START_TEST(profiling_interface_interposes)
{
    run_result_t r = tu_run("%s -n 3 --quiet %s", SIM, PROG("profiling"));
    ck_assert_msg(r.status == 0 && tu_count(r.out, "profiled 4 puts, 1 p's ok\n") == 3, "%s%s",
                  r.out, r.err);
    tu_free(&r);
    r = tu_run("nm -D --defined-only %s/lib/libshmemsim.so | awk '$2 == \"T\" && $3 ~ /^shmem_/ && $3 !~ /_$/' "
               "| wc -l; grep -c '^extern __typeof__(shmem_' api/include/pshmem.h; "
               "nm -D --defined-only %s/lib/libshmemsim.so | grep -c ' pshmem_'",
               tu_out_dir(), tu_out_dir());
    long lib = 0, hdr = 0, alias = 0;
    ck_assert_int_eq(sscanf(r.out, "%ld %ld %ld", &lib, &hdr, &alias), 3);
    ck_assert_msg(lib > 1500 && lib == hdr && lib == alias, "%ld routines, %ld declared, %ld aliases",
                  lib, hdr, alias);
    tu_free(&r);
}
END_TEST

/* C++: the generic names are overloads of <shmem.h>, and a finding in one
 * names the program's line. */
START_TEST(cxx_overloads_of_the_generic_names)
{
    run_result_t r = tu_run("%s -n 3 --quiet %s", SIM, PROG("cxx_generic"));
    ck_assert_msg(r.status == 0 && tu_count(r.out, " c++ ok\n") == 3 && r.err[0] == 0, "%s%s",
                  r.out, r.err);
    tu_free(&r);
    r = tu_run("%s -n 2 --quiet %s bad", SIM, PROG("cxx_generic"));
    char want[64];
    snprintf(want, sizeof want, "called from main at cxx_generic.cpp:%d:\n",
             tu_line_of("tests/programs/cxx_generic.cpp", "BAD(cxx)"));
    ck_assert_msg(r.status == 4 && strstr(r.err, "[invalid-pe]") && strstr(r.err, want),
                  "want '%s' in:\n%s", want, r.err);
    tu_free(&r);
}
END_TEST

/* C++: std::chrono's clocks read virtual time, as clock_gettime does, and
 * std::random_device draws from the seed: runs with one seed print the
 * same, another seed draws other numbers (both read the machine until
 * shmemsim-c++ took them over). */
START_TEST(cxx_clocks_and_random_device_follow_the_seed)
{
    run_result_t a = tu_run("%s -n 2 --quiet --seed 1 %s", SIM, PROG("cxx_clocks"));
    run_result_t b = tu_run("%s -n 2 --quiet --seed 1 %s", SIM, PROG("cxx_clocks"));
    run_result_t c = tu_run("%s -n 2 --quiet --seed 2 %s", SIM, PROG("cxx_clocks"));
    ck_assert_msg(a.status == 0 && a.err[0] == 0, "%s", a.err);
    ck_assert_int_eq(tu_count(a.out, ": steady 50000000 ns, system 50000000 ns, clock_gettime "
                                     "50000000 ns; random "), 2);
    ck_assert_str_eq(a.out, b.out);
    ck_assert_int_eq(c.status, 0);
    ck_assert_int_eq(tu_count(c.out, ": steady 50000000 ns, system 50000000 ns"), 2);
    ck_assert_str_ne(a.out, c.out);
    tu_free(&a);
    tu_free(&b);
    tu_free(&c);
}
END_TEST

/* C++ built with shmemsim-c++: iostream lines are the PE's own (tagged,
 * never mixed), static objects are per PE, and each PE's caught exception
 * survives the others' throws (rethrown from a handler that blocked). */
START_TEST(cxx_runtime_is_per_pe)
{
    const char *modes[] = {"copy", "swap"};
    for (int m = 0; m < 2; m++) {
        run_result_t r = tu_run("%s -n 3 --quiet --tag-output --privatize %s %s", SIM, modes[m],
                                PROG("cxx_runtime"));
        ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
        for (int pe = 0; pe < 3; pe++) {
            char want[128];
            snprintf(want, sizeof want, "[PE %d] PE %d begins a line and ends it\n", pe, pe);
            ck_assert_msg(strstr(r.out, want), "want '%s' in:\n%s", want, r.out);
            snprintf(want, sizeof want, "[PE %d] PE %d rethrew 'the error of PE %d'\n", pe, pe, pe);
            ck_assert_msg(strstr(r.out, want), "want '%s' in:\n%s", want, r.out);
            snprintf(want, sizeof want, "[PE %d] PE %d writes to cerr\n", pe, pe);
            ck_assert_msg(strstr(r.err, want), "want '%s' in:\n%s", want, r.err);
        }
        ck_assert_int_eq(tu_count(r.out, "\n"), 6);
        tu_free(&r);
    }
}
END_TEST

/* C++ objects of vague linkage (a template's static member, an inline
 * function's static local, an inline variable: STB_GNU_UNIQUE symbols,
 * which the dynamic linker would bind to the first copy) are each PE's
 * own under both privatization strategies, with no finding. */
START_TEST(cxx_objects_of_vague_linkage_are_per_pe)
{
    const char *modes[] = {"copy", "swap"};
    for (int m = 0; m < 2; m++) {
        run_result_t r = tu_run("%s -n 3 --quiet --privatize %s %s", SIM, modes[m],
                                PROG("cxx_unique"));
        ck_assert_msg(r.status == 0 && !r.err[0], "%s: %s%s", modes[m], r.out, r.err);
        for (int pe = 0; pe < 3; pe++) {
            char want[64];
            snprintf(want, sizeof want, "PE %d: own %d %d %d\n", pe, pe, pe, pe);
            ck_assert_msg(strstr(r.out, want), "%s: want '%s' in:\n%s", modes[m], want, r.out);
        }
        tu_free(&r);
    }
}
END_TEST

/* Runs a checking program on npes PEs under both privatization strategies:
 * same output, exit 0, every PE reports no error after some checks. */
static void run_checks(const char *prog, int npes, const char *what)
{
    run_result_t c = tu_run("%s -n %d --quiet --privatize copy %s", SIM, npes, PROG(prog));
    run_result_t s = tu_run("%s -n %d --quiet --privatize swap %s", SIM, npes, PROG(prog));
    ck_assert_msg(c.status == 0, "%s: %s%s", prog, c.out, c.err);
    ck_assert_str_eq(c.out, s.out);
    ck_assert_int_eq(tu_count(c.out, " errors 0\n"), npes);
    char none[64];
    snprintf(none, sizeof none, "%s checks 0 ", what);
    ck_assert_ptr_null(strstr(c.out, none));
    tu_free(&c);
    tu_free(&s);
}

START_TEST(every_rma_family_and_type_on_4_pes)
{
    run_checks("p2p_rma", 4, "rma");
}
END_TEST

START_TEST(every_atomic_family_and_type_on_4_pes)
{
    run_checks("p2p_amo", 4, "amo");
    run_checks("p2p_amo", 7, "amo");
}
END_TEST

/* How many of seeds 1..n print each of two words for p2p_order args. */
static void outcomes(int n, const char *args, const char *a, const char *b, int *na, int *nb)
{
    /* Races on purpose: count their outcomes without the data-race finding. */
    run_result_t r = tu_run("for s in $(seq 1 %d); do %s -n 2 --quiet --check all,-data-race "
                            "--seed $s %s %s; done", n, SIM, PROG("p2p_order"), args);
    ck_assert_int_eq(r.status, 0);
    *na = tu_count(r.out, a);
    *nb = tu_count(r.out, b);
    ck_assert_int_eq(*na + *nb, n);
    tu_free(&r);
}

START_TEST(message_passing_needs_the_fence)
{
    int ok, stale;
    outcomes(200, "mp fence", "mp ok\n", "mp stale\n", &ok, &stale);
    ck_assert_int_eq(ok, 200);
    outcomes(200, "mp none", "mp ok\n", "mp stale\n", &ok, &stale);
    ck_assert_int_gt(ok, 0);
    ck_assert_int_gt(stale, 0);
}
END_TEST

START_TEST(fence_and_quiet_act_per_context)
{
    int ok, stale;
    outcomes(100, "mp ctxfence", "mp ok\n", "mp stale\n", &ok, &stale);
    ck_assert_int_eq(ok, 100);
    outcomes(100, "mp ctxquiet", "mp ok\n", "mp stale\n", &ok, &stale);
    ck_assert_int_eq(ok, 100);
    outcomes(100, "mp quiet", "mp ok\n", "mp stale\n", &ok, &stale);
    ck_assert_int_eq(ok, 100);
    /* Fencing or quieting the default context does not order a context's puts. */
    outcomes(100, "mp wrongfence", "mp ok\n", "mp stale\n", &ok, &stale);
    ck_assert_int_gt(stale, 0);
    outcomes(100, "mp wrongquiet", "mp ok\n", "mp stale\n", &ok, &stale);
    ck_assert_int_gt(stale, 0);
}
END_TEST

START_TEST(put_signal_delivers_data_before_the_signal)
{
    int ok, stale;
    outcomes(200, "signal blocking", "signal ok 1\n", "signal stale", &ok, &stale);
    ck_assert_int_eq(ok, 200);
    outcomes(200, "signal nbi", "signal ok 1\n", "signal stale", &ok, &stale);
    ck_assert_int_eq(ok, 200);
    outcomes(50, "signal ctx", "signal ok 1\n", "signal stale", &ok, &stale);
    ck_assert_int_eq(ok, 50);
}
END_TEST

START_TEST(put_nbi_reads_its_source_at_injection)
{
    /* Behind a large put, the nbi message leaves after the source changed,
     * which breaks the rule that the source is left alone until the quiet. */
    for (int i = 0; i < 2; i++) {
        run_result_t r = tu_run("%s -n 2 --quiet --seed %d %s source nbi", SIM, 1 + i,
                                PROG("p2p_order"));
        ck_assert_int_eq(r.status, 4);
        ck_assert_str_eq(r.out, "source changed\n");
        ck_assert_ptr_nonnull(strstr(r.err, "[nbi-buffer-modified] PE 0 "));
        tu_free(&r);
    }
    run_result_t r = tu_run("%s -n 2 --quiet %s source blocking", SIM, PROG("p2p_order"));
    ck_assert_str_eq(r.out, "source original\n");
    tu_free(&r);
}
END_TEST

START_TEST(locks_exclude_under_contention)
{
    const char *modes[] = {"lock", "test"};
    for (int i = 0; i < 2; i++) {
        run_result_t r = tu_run("%s -n 16 --quiet %s %s", SIM, PROG("p2p_lock"), modes[i]);
        ck_assert_int_eq(r.status, 0);
        ck_assert_str_eq(r.out, "counter 320 expected 320 overlaps 0\n");
        tu_free(&r);
    }
    /* The control: without the lock, updates collide and get lost. */
    run_result_t r = tu_run("%s -n 16 --quiet --check all,-data-race %s nolock", SIM,
                            PROG("p2p_lock"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_null(strstr(r.out, "counter 320 "));
    ck_assert_ptr_null(strstr(r.out, "overlaps 0\n"));
    tu_free(&r);
    r = tu_run("%s -n 4 %s misuse", SIM, PROG("p2p_lock"));
    ck_assert_int_eq(r.status, 4);
    ck_assert_ptr_nonnull(strstr(r.err, "[lock-misuse] PE 1 at "));
    ck_assert_ptr_nonnull(strstr(r.err, "in shmem_clear_lock, called from main at p2p_lock.c:"));
    ck_assert_int_eq(tu_count(r.out, " done\n"), 4);
    tu_free(&r);
}
END_TEST

START_TEST(waits_and_tests_return_the_right_indices)
{
    run_result_t r = tu_run("%s -n 2 --quiet %s", SIM, PROG("p2p_wait"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out,
                     "any 5\n"
                     "some 2: 2 6\n"
                     "test_any none\n"
                     "test_some 0\n"
                     "test_all 0 1\n"
                     "test 1 0\n"
                     "test_any 2\n"
                     "test_some 3: 2 5 6\n"
                     "empty none 0\n"
                     "all_vector done\n"
                     "test_all_vector 1\n"
                     "any_vector 3\n"
                     "some_vector 2: 3 6\n"
                     "test_any_vector 3\n"
                     "test_some_vector 0:\n"
                     "all done\n"
                     "deprecated 1 1 0\n"
                     "typed 14\n");
    tu_free(&r);
}
END_TEST

START_TEST(teams_contexts_pointers_and_queries)
{
    run_checks("p2p_misc", 5, "misc");
    run_checks("p2p_misc", 12, "misc");
    run_result_t r = tu_run("%s -n 5 --quiet %s", SIM, PROG("p2p_misc"));
    ck_assert_ptr_nonnull(strstr(r.out, "teams before the pool ran out: 30\n"));
    tu_free(&r);
}
END_TEST

START_TEST(global_exit_ends_the_job)
{
    run_result_t r = tu_run("%s -n 4 %s exit 3", SIM, PROG("p2p_misc"));
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "PE 2 calls shmem_global_exit(3)\n"));
    ck_assert_ptr_null(strstr(r.out, "passed the barrier"));
    ck_assert_ptr_nonnull(strstr(r.err, "PE 2 exited with status 3; the job was terminated"));
    tu_free(&r);
    r = tu_run("%s -n 4 %s exit 0", SIM, PROG("p2p_misc"));
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "PE 2 calls shmem_global_exit(0)\n"));
    ck_assert_ptr_null(strstr(r.out, "passed the barrier"));
    ck_assert_ptr_null(strstr(r.err, "deadlock"));
    tu_free(&r);
}
END_TEST

START_TEST(misuse_names_the_call_and_the_pe)
{
    struct { const char *mode, *id, *call, *detail; } cases[] = {
        {"put_pe", "invalid-pe", "shmem_int_put", "PE 99 does not exist"},
        {"amo_pe", "invalid-pe", "shmem_long_atomic_fetch_add", "PE -1 does not exist"},
        {"team_pe", "invalid-pe", "shmem_ctx_long_p", "PE 2 does not exist in the context's team"},
        {"iget_null", "null-pointer", "shmem_double_iget", "'dest' is NULL"},
        {"ctx_invalid", "null-pointer", "shmem_ctx_long_p", "SHMEM_CTX_INVALID"},
        {"nbi_stack", "nonsymmetric-address", "shmem_long_put_nbi", "'dest' is not symmetric"},
        {"signal_stack", "nonsymmetric-address", "shmem_int_put_signal", "'sig_addr'"},
        {"wait_stack", "nonsymmetric-address", "shmem_int_wait_until", "'ivar'"},
        {"lock_stack", "nonsymmetric-address", "shmem_set_lock", "'lock'"},
        {"get_past_end", "symmetric-out-of-bounds", "shmem_getmem",
         "the call was skipped, as it would run off the end"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        run_result_t r = tu_run("%s -n 3 %s %s", SIM, PROG("p2p_misuse"), cases[i].mode);
        char head[200];
        snprintf(head, sizeof head, "error [%s] PE 0 at ", cases[i].id);
        ck_assert_msg(r.status == 4, "%s: status %d", cases[i].mode, r.status);
        ck_assert_msg(strstr(r.err, head), "%s: %s", cases[i].mode, r.err);
        snprintf(head, sizeof head, " in %s, called from main at p2p_misuse.c:", cases[i].call);
        ck_assert_msg(strstr(r.err, head), "%s: %s", cases[i].mode, r.err);
        ck_assert_msg(strstr(r.err, cases[i].detail), "%s: %s", cases[i].mode, r.err);
        ck_assert_int_eq(tu_count(r.out, " done\n"), 3);
        tu_free(&r);
    }
}
END_TEST

/* A get_nbi whose destination's frame returned before the reply landed:
 * the finding names the call and where it was made. */
START_TEST(a_get_nbi_into_a_returned_frame_is_a_finding)
{
    run_result_t r = tu_run("%s -n 2 %s get_nbi_gone", SIM, PROG("p2p_misuse"));
    ck_assert_int_eq(r.status, 4);
    ck_assert_msg(strstr(r.err, "error [nbi-dead-stack-buffer] PE 0 ") &&
                  strstr(r.err, " in shmem_long_get_nbi, called from get_and_leave at "
                                "p2p_misuse.c:") &&
                  strstr(r.err, "is on PE 0's stack, in a frame that returned before the get "
                                "completed"), "%s", r.err);
    ck_assert_int_eq(tu_count(r.out, " done\n"), 2);
    tu_free(&r);
    /* A put_nbi whose source's frame returned before the quiet. */
    r = tu_run("%s -n 2 %s put_nbi_gone", SIM, PROG("p2p_misuse"));
    ck_assert_int_eq(r.status, 4);
    ck_assert_msg(strstr(r.err, "error [nbi-dead-stack-buffer] PE 0 ") &&
                  strstr(r.err, " in shmem_long_put_nbi, called from put_and_leave at "
                                "p2p_misuse.c:") &&
                  strstr(r.err, "the source of this shmem_long_put_nbi is on PE 0's stack, in a "
                                "frame that returned before the shmem_barrier_all"), "%s", r.err);
    tu_free(&r);
    /* Small frames, and a quiet in the caller whose own frames lie where
     * the returned frame was: the reply is not written over them. */
    static const char *const small[][2] = {
        {"get_nbi_gone_small", " in shmem_long_get_nbi, called from get_and_leave_small at "},
        {"put_nbi_gone_small", " in shmem_long_put_nbi, called from put_and_leave_small at "}};
    for (int i = 0; i < 2; i++) {
        r = tu_run("%s -n 2 %s %s", SIM, PROG("p2p_misuse"), small[i][0]);
        ck_assert_msg(r.status == 4 && strstr(r.err, "error [nbi-dead-stack-buffer] PE 0 ") &&
                          strstr(r.err, small[i][1]) && tu_count(r.out, " done\n") == 2,
                      "%s: status %d\n%s", small[i][0], r.status, r.err);
        tu_free(&r);
    }
}
END_TEST

Suite *shmem_api_suite(void)
{
    Suite *s = suite_create("shmem_api");
    TCase *tc = tcase_create("p2p");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, library_exports_every_spec15_and_legacy_name);
    tcase_add_test(tc, c11_generics_are_macros_a_program_uses);
    tcase_add_test(tc, generics_cover_every_type_of_their_tables);
    tcase_add_test(tc, openshmem_16_routines);
    tcase_add_test(tc, shmemx_spellings_of_standard_routines);
    tcase_add_test(tc, open_mpi_shmemx_extensions);
    tcase_add_test(tc, cxx_objects_of_vague_linkage_are_per_pe);
    tcase_add_test(tc, cray_team_splits_and_sessions);
    tcase_add_test(tc, t3e_barrier_and_globalexit);
    tcase_add_test(tc, profiling_interface_interposes);
    tcase_add_test(tc, cxx_overloads_of_the_generic_names);
    tcase_add_test(tc, cxx_runtime_is_per_pe);
    tcase_add_test(tc, cxx_clocks_and_random_device_follow_the_seed);
    tcase_add_test(tc, every_rma_family_and_type_on_4_pes);
    tcase_add_test(tc, every_atomic_family_and_type_on_4_pes);
    tcase_add_test(tc, message_passing_needs_the_fence);
    tcase_add_test(tc, fence_and_quiet_act_per_context);
    tcase_add_test(tc, put_signal_delivers_data_before_the_signal);
    tcase_add_test(tc, put_nbi_reads_its_source_at_injection);
    tcase_add_test(tc, locks_exclude_under_contention);
    tcase_add_test(tc, waits_and_tests_return_the_right_indices);
    tcase_add_test(tc, teams_contexts_pointers_and_queries);
    tcase_add_test(tc, global_exit_ends_the_job);
    tcase_add_test(tc, misuse_names_the_call_and_the_pe);
    tcase_add_test(tc, a_get_nbi_into_a_returned_frame_is_a_finding);
    tcase_add_test(tc, cray_legacy_short_atomics);
    tcase_add_test(tc, cray_nb_calls_and_local_completion);
    suite_add_tcase(s, tc);
    return s;
}
