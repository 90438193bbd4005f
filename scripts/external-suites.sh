#!/bin/sh
# external-suites.sh DIR...: builds and runs the C tests of public
# OpenSHMEM test suites under shmemsim, as their own build files would,
# and prints a table: suite, passed, failed, excluded.
#
# DIR is a checkout of openshmem-org/tests-sos (any tag), of
# openshmem-org/tests-uh, tests-cray, shmemx-cray-tests,
# openshmem-examples or tests-mellanox, of RWTH-HPC/RMARaceBench, or of
# the OSU micro-benchmarks (a copy with their openshmem/ directory), of
# ParRes/ISx, of pmodels/oshmpi, of ParRes/Kernels, of jdevinney/bale or
# of michael-beebe/shmemvv or michael-beebe/shmembench, or of
# openshmem-org/specification (its example_code).
# tests-sos: every C, C++ and Fortran program of check_PROGRAMS in
# test/{unit,apps,spec-example,shmemx}/Makefile.am (with its _SOURCES and
# _CFLAGS), built once without and, where the source tests it, once with
# -DENABLE_DEPRECATED_TESTS, run on NPROCS PEs (the Makefile's default),
# and of test/performance/shmem_perf_suite on 2 PEs with short runs.
# tests-uh: feature_tests/C and each feature_tests/Fortran and
# error_tests/Fortran directory,
# with the PE count and expected result of its test_parameters.conf.
# tests-cray: the C, C++ and Fortran lists
# (sma1_tlist, sma2_tlist, smaf_tlist) on 4 PEs, Fortran with
# shmemsim-fc --typed-header (the tests were written for Cray's full
# shmem.fh, which types SHMEM_MY_PE, SHMEM_FINC and the like); a test
# passes when it exits 0 and prints no FAIL, as its run script says.
# shmemx-cray-tests (teams/usage) and openshmem-examples (c/, -std=c11):
# every program on 4 PEs, passing when it exits 0.  tests-mellanox: its
# oshmem_test (without the MPI cases, uninstrumented), each case a run on
# 4 PEs that passes when it exits 0 and prints no FAIL.  RMARaceBench
# (RWTH-HPC/RMARaceBench): its SHMEM cases, built as its own harness
# builds them (-fopenmp, no optimisation) and run on the NPROCS of their
# labels; a case labelled as a race passes when shmemsim names a
# data-race (or nbi-buffer-modified), one labelled race-free when the run
# ends with status 0 and no finding.  OSU micro-benchmarks: each
# openshmem/osu_oshm_* program with osu_common.c, the point-to-point ones
# on 2 PEs with each of their heap and global buffers, the collectives
# on 4, with the 512 MiB symmetric heap the message-rate test asks for;
# passing when it exits 0.  ISx: its SHMEM sort in each scaling mode
# (strong, weak, weak iso-bucket) on 4 PEs, 2 iterations, with the 1 GiB
# receive buffer per PE it allocates; passing when it exits 0 (it
# verifies the sort) and prints no FAIL.  OSHMPI (pmodels/oshmpi): the
# programs of tests/Makefile.am, with their flags, on 2 PEs, passing when
# they exit 0.  PRK (ParRes/Kernels): its SHMEM kernels (Synch_p2p,
# Stencil, Transpose and its all-to-all version) and the C++ transpose of
# Cxx11, built as common/make.common builds them, on 4 PEs, passing when
# they exit 0.  bale (jdevinney/bale): bale_classic's packages
# configured --with-shmem and installed as its make_bale does, then each
# app on 4 PEs with 300 rows or updates per PE, once per implementation
# (-M 1 AGP, 2 exstack, 4 exstack2, 8 conveyor), passing when it exits 0.
# shmemvv (michael-beebe/shmemvv): its CMake build, then every C and C11
# test on 2 PEs, passing when it exits 0 and prints no FAILED.
# shmembench (michael-beebe/shmembench): its Makefile, then every
# benchmark of its README in each of its kinds, point-to-point and
# atomics on 2 PEs, collectives on 4, passing when it exits 0.
# Programs that need MPI or Sandia OpenSHMEM's own
# counter extensions are excluded, with the reason.  Details go to
# DIR/shmemsim-results/.
#
#   --timeout SECS   per run (default 120)
#   --jobs J         parallel builds and runs (default: 2)
# Environment: SHMEMSIM_BIN (default: this checkout's bin/).
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
bin=${SHMEMSIM_BIN:-$here/bin}
timeout=120
jobs=2
usage() {
    echo "usage: $0 [--timeout SECS] [--jobs J] DIR..." >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
        --timeout) [ $# -ge 2 ] || usage; timeout=$2; shift 2 ;;
        --jobs) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
        -h|--help) sed -n '2,/^# Environment/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "$0: unknown option '$1'" >&2; usage ;;
        *) break ;;
    esac
done
[ $# -ge 1 ] || usage
for tool in "$bin/shmemsim" "$bin/shmemsim-cc"; do
    [ -x "$tool" ] || { echo "$0: $tool not found: run make first (or set SHMEMSIM_BIN)" >&2; exit 2; }
done

# The value of make variable VAR in a Makefile.am, continuation lines
# joined, every assignment (=, +=) concatenated.
am_var() { # FILE VAR
    awk -v var="$2" '
        { line = $0 }
        cont { sub(/\\$/, "", line); val = val " " line; cont = ($0 ~ /\\$/); next }
        $0 ~ "^[ \t]*" var "[ \t]*\\+?=" {
            sub("^[ \t]*" var "[ \t]*\\+?=", "", line)
            cont = (line ~ /\\$/); sub(/\\$/, "", line); val = val " " line
        }
        END { print val }' "$1"
}

# One test: builds NAME from SRC with FLAGS in OUT (SRC @EXE: the program
# OUT/EXE built already), runs it on NPES with ARGS, prints
# "status name reason".
run_one() { # SUITE SRCDIR NAME SRC FLAGS NPES EXPECT OUT [ARGS]
    suite=$1 dir=$2 name=$3 src=$4 flags=$5 npes=$6 expect=$7 out=$8 args=${9:-}
    log=$out/$name.log
    exe=$out/$name
    case $src in
        @*) exe=$out/${src#@}; : >"$log"; run_built; return ;;
    esac
    if [ "$expect" = Fragment ]; then
        echo "excluded $name is a fragment with no main"; return
    fi
    # SRC may name several files (a program's _SOURCES), separated by
    # spaces: each is looked at, and all are compiled together.
    files=
    for f in $src; do files="$files $dir/$f"; done
    # shellcheck disable=SC2086
    if grep -Eq '#[[:space:]]*include[[:space:]]*[<"]mpi\.h' $files; then
        echo "excluded $name needs MPI"; return
    fi
    # Threads inside a PE: built as their build files do, with -pthread
    # and, for OpenMP, -fopenmp.
    # shellcheck disable=SC2086
    if grep -Eq '#[[:space:]]*pragma[[:space:]]+omp' $files; then
        flags="$flags -fopenmp"
    fi
    # shellcheck disable=SC2086
    if grep -q 'pthread_create' $files; then
        flags="$flags -pthread"
    fi
    # shellcheck disable=SC2086
    if grep -Eq 'shmemx_(ct|pcntr)_' $files; then
        echo "excluded $name uses a Sandia OpenSHMEM-only extension (shmemx_ct_*/shmemx_pcntr_* counters)"; return
    fi
    # shellcheck disable=SC2086
    if grep -q 'shmemx_space_' $files; then
        echo "excluded $name uses an OSHMPI-only extension (shmemx_space_* memory spaces)"; return
    fi
    case $src in
        *.cpp | *.cc | *.cxx) cc=shmemsim-c++ ;;
        *.F90 | *.f90) cc=shmemsim-fc ;;
        *) cc=shmemsim-cc ;;
    esac
    # shellcheck disable=SC2086
    if ! (cd "$dir" && "$bin/$cc" -g "$opt" -I"$out/include" -I"$incdir" $flags \
              ${defs:-} -o "$out/$name" $src -lm) >"$log" 2>&1; then
        echo "failed $name build: $(grep -m1 -i 'error' "$log" | cut -c1-160)"; return
    fi
    run_built
}

# The run half of run_one, on its variables.
run_built() {
    set +e
    # shellcheck disable=SC2086
    (cd "$dir" && timeout -k 5 "$timeout" "$bin/shmemsim" run -n "$npes" --quiet "$exe" $args) \
        >>"$log" 2>&1
    st=$?
    set -e
    case $expect in
        Race)
            if grep -Eq 'error \[(data-race|nbi-buffer-modified)\]' "$log"; then
                echo "passed $name"
            else
                echo "failed $name race not named (exit $st)"
            fi
            return ;;
        NoRace)
            if [ $st -eq 0 ] && ! grep -q 'shmemsim: error' "$log"; then
                echo "passed $name"
            else
                echo "failed $name exit $st: $(grep -m1 'shmemsim: error' "$log" | cut -c1-160)"
            fi
            return ;;
    esac
    case $expect in
        UhPass)
            expect=Pass
            if [ $st -eq 0 ] && grep -q 'Failed' "$log"; then
                echo "failed $name prints Failed: $(grep -m1 'Failed' "$log" | cut -c1-160)"; return
            fi ;;
        UhFail)
            if [ $st -ne 0 ] || grep -q 'Failed' "$log"; then
                echo "passed $name"
            else
                echo "failed $name an erroneous call went unnoticed (exit 0, no Failed)"
            fi
            return ;;
        UhTimeout)
            if [ $st -eq 3 ]; then
                echo "passed $name"
            else
                echo "failed $name no deadlock reported (exit $st)"
            fi
            return ;;
    esac
    if [ "$expect" = NoFAIL ] && [ $st -eq 0 ] && grep -q FAIL "$log"; then
        echo "failed $name prints FAIL: $(grep -m1 FAIL "$log" | cut -c1-160)"; return
    fi
    if [ "$expect" = NoFAILED ] && [ $st -eq 0 ] && grep -q FAILED "$log"; then
        echo "failed $name prints FAILED: $(grep -m1 FAILED "$log" | cut -c1-160)"; return
    fi
    case $expect in
        Pass | NoFAIL | NoFAILED) want=0 ;;
        ExitCode*) want=${expect#ExitCode} ;;
        *) want=0 ;;
    esac
    if [ $st -eq "$want" ] || { [ "$want" -ne 0 ] && [ $st -eq 1 ]; }; then
        echo "passed $name"
    elif [ $st -eq 124 ] || [ $st -eq 137 ]; then
        echo "failed $name timed out after ${timeout}s"
    else
        echo "failed $name exit $st: $(grep -m1 -E 'shmemsim: (error|deadlock|PE [0-9]+ (crashed|exited))|Error|ERR' "$log" | cut -c1-160)"
    fi
}

# Runs the lines of a job list (one run_one argument set per line) $jobs
# at a time, printing their results in list order.
run_list() { # LISTFILE RESULTFILE
    n=0
    : >"$2"
    while IFS='|' read -r a b c d e f g h i; do
        n=$((n + 1))
        run_one "$a" "$b" "$c" "$d" "$e" "$f" "$g" "$h" "$i" >"$2.$n" &
        if [ $((n % jobs)) -eq 0 ]; then wait; fi
    done <"$1"
    wait
    i=1
    while [ $i -le $n ]; do cat "$2.$i" >>"$2"; rm -f "$2.$i"; i=$((i + 1)); done
}

# The checkout's tag or commit, for the table.
version() { # DIR
    git -C "$1" describe --tags --always 2>/dev/null || echo checkout
}

# Every C program of DIR/SUB, a job each: 4 PEs, passing when it exits 0.
every_program() { # SUB FLAGS
    incdir=$dir/$1
    for src in "$dir/$1"/*.c; do
        name=$(basename "$src" .c)
        echo "$suite|$dir/$1|$name|$name.c|$2|4|Pass|$out" >>"$list"
    done
}

table="suite passed failed excluded"
for dir in "$@"; do
    dir=$(cd "$dir" && pwd)
    out=$dir/shmemsim-results
    mkdir -p "$out/include"
    # What tests-sos's configure finds when CC is shmemsim-cc, as its
    # header (config.h) and as the -D flags of DEFS.
    echo '#define HAVE_SHMEMX_WTIME 1' >"$out/include/config.h"
    defs=-DHAVE_SHMEMX_WTIME=1
    opt=-O1
    list=$out/jobs
    : >"$list"
    if [ -f "$dir/test/unit/Makefile.am" ]; then
        suite="tests-sos $(version "$dir")"
        incdir=$dir/test/include
        for sub in unit apps spec-example shmemx; do
            am=$dir/test/$sub/Makefile.am
            [ -f "$am" ] || continue
            npes=$(sed -n 's/^NPROCS *?= *\([0-9]*\).*/\1/p' "$am" | head -1)
            extra=
            [ "$sub" = shmemx ] && extra=-DENABLE_SHMEMX_TESTS
            for name in $(am_var "$am" check_PROGRAMS | tr ' \t' '\n\n' | sed '/^$/d;/^\$/d' | sort -u); do
                var=$(echo "$name" | tr -c 'A-Za-z0-9_\n' '_')
                # (its sources but headers, one space apart: mt_lock_test's
                # are two files)
                src=$(am_var "$am" "${var}_SOURCES" | tr -s ' \t' '\n\n' | grep -v '^$' |
                      grep -v '\.h$' | tr '\n' ' ' | sed 's/ $//')
                [ -n "$src" ] || src=$name.c
                case ${src%% *} in *.c | *.cpp | *.f90) ;; *) continue ;; esac
                missing=
                for f in $src; do [ -f "$dir/test/$sub/$f" ] || missing=1; done
                [ -z "$missing" ] || continue
                cflags=$(am_var "$am" "${var}_CFLAGS" | sed 's/\$([A-Z_]*)//g')
                echo "$suite|$dir/test/$sub|$sub-$name|$src|$extra $cflags|${npes:-2}|Pass|$out" >>"$list"
                if grep -q ENABLE_DEPRECATED_TESTS "$dir/test/$sub/${src%% *}"; then
                    echo "$suite|$dir/test/$sub|$sub-$name-deprecated|$src|$extra $cflags -DENABLE_DEPRECATED_TESTS|${npes:-2}|Pass|$out" >>"$list"
                fi
            done
        done
        # The performance suite, short: 5 warm-up and 20 timed rounds up
        # to 4 KiB, data validated (-v; the atomics' validation assumes
        # other parameters, so not there).
        perf=$dir/test/performance/shmem_perf_suite
        if [ -f "$perf/Makefile.am" ]; then
            for name in $(am_var "$perf/Makefile.am" check_PROGRAMS | tr ' \t' '\n\n' | sed '/^$/d;/^\$/d' | sort -u); do
                var=$(echo "$name" | tr -c 'A-Za-z0-9_\n' '_')
                src=$(am_var "$perf/Makefile.am" "${var}_SOURCES" | tr -d ' \t')
                [ -n "$src" ] || src=$name.c
                [ -f "$perf/$src" ] || continue
                cflags=$(am_var "$perf/Makefile.am" "${var}_CFLAGS" |
                         sed 's/\$(AM_OPENMP_CFLAGS)/-fopenmp/g; s/\$([A-Z_]*)//g')
                args="-p 5 -n 20 -e 4096 -v"
                case $name in *atomics*) args="-p 5 -n 20 -e 4096" ;; esac
                echo "$suite|$perf|perf-$name|$src|-I. -DENABLE_THREADS $cflags|2|Pass|$out|$args" >>"$list"
            done
        fi
    elif [ -f "$dir/feature_tests/C/test_parameters.conf" ]; then
        suite="tests-uh $(version "$dir")"
        incdir=$dir/feature_tests/C
        while IFS=, read -r exe npes _desc _args _x expect; do
            name=${exe%.x}
            [ -f "$dir/feature_tests/C/$name.c" ] || continue
            npes=$(echo "$npes" | tr -d ' ')
            expect=$(echo "$expect" | tr -d ' \r')
            echo "$suite|$dir/feature_tests/C|$name|$name.c||${npes:-2}|${expect:-Pass}|$out" >>"$list"
        done <"$dir/feature_tests/C/test_parameters.conf"
        # feature_tests/Fortran and error_tests/Fortran: each directory's
        # list, built as its Makefile.opts says; a test prints "Passed" or
        # "Failed", and the list expects Pass, Fail (the test is of an
        # erroneous call) or Timeout (a hang: here, a deadlock).
        for conf in "$dir"/feature_tests/Fortran/*/test_parameters.conf \
                    "$dir"/error_tests/Fortran/*/test_parameters.conf; do
            [ -f "$conf" ] || continue
            fdir=$(dirname "$conf")
            grep -v '^#' "$conf" | while IFS=, read -r exe npes _desc _args _x expect; do
                name=${exe%.x}
                [ -f "$fdir/$name.f90" ] || continue
                npes=$(echo "$npes" | tr -d ' ')
                expect=$(echo "$expect" | tr -d ' \r')
                echo "$suite|$fdir|$name|$name.f90|-O0 -fcray-pointer|${npes:-2}|Uh${expect:-Pass}|$out" >>"$list"
            done
        done
    elif [ -f "$dir/sma1/sma1_tlist" ]; then
        suite="tests-cray $(version "$dir")"
        incdir=$dir
        for sub in sma1:c sma2:cpp smaf:F90; do
            d=${sub%%:*} ext=${sub#*:} flags=
            # (written for Cray's full shmem.fh, which types the functions)
            [ "$ext" = F90 ] && flags=--typed-header
            for name in $(cat "$dir/$d/${d}_tlist"); do
                [ -f "$dir/$d/$name.$ext" ] || continue
                echo "$suite|$dir/$d|$name|$name.$ext|$flags|4|NoFAIL|$out" >>"$list"
            done
        done
    elif [ -f "$dir/example_code/amo_scenario_1.c" ]; then
        # The specification's example programs on the 4 PEs of their
        # Makefile: the amo_scenario ones are its examples of undefined
        # behaviour (races), global_exit's exits 1 when input.txt is
        # missing, and the pshmem and scan files are fragments with no main.
        suite="specification $(version "$dir")"
        incdir=$dir/example_code
        for src in "$dir"/example_code/*.c; do
            name=$(basename "$src" .c) expect=Pass
            grep -q 'int main' "$src" || expect=Fragment
            case $name in
                amo_scenario_*) expect=Race ;;
                shmem_global_exit_example) expect=ExitCode1 ;;
            esac
            echo "$suite|$dir/example_code|$name|$name.c||4|$expect|$out" >>"$list"
        done
    elif [ -d "$dir/teams/usage" ]; then
        suite="shmemx-cray-tests $(version "$dir")"
        every_program teams/usage ""
    elif [ -f "$dir/tests/Makefile.am" ] && grep -q '^CC=@OSHCC@' "$dir/tests/Makefile.am"; then
        suite="oshmpi $(version "$dir")"
        am=$dir/tests/Makefile.am
        incdir=$dir/tests
        # check_PROGRAMS with their _SOURCES and _CPPFLAGS, each linked
        # with gpu_common.c (its LDADD), on the 2 PEs of its mpiexec.
        for name in $(am_var "$am" check_PROGRAMS | tr ' \t' '\n\n' | sed '/^$/d' | sort -u); do
            var=$(echo "$name" | tr -c 'A-Za-z0-9_\n' '_')
            src=$(am_var "$am" "${var}_SOURCES" | tr -d ' \t')
            [ -n "$src" ] || src=$name.c
            [ -f "$dir/tests/$src" ] || continue
            cppflags=$(am_var "$am" "${var}_CPPFLAGS" | sed 's/\$([A-Z_]*)//g')
            echo "$suite|$dir/tests|$name|$src|$cppflags gpu_common.c|2|Pass|$out" >>"$list"
        done
    elif [ -f "$dir/c/Makefile" ] && [ -f "$dir/c/hello.c" ]; then
        suite="openshmem-examples $(version "$dir")"
        every_program c -std=c11
        for src in "$dir"/c++/*.cxx; do # and its C++ ones, as its Makefile builds them
            [ -f "$src" ] || continue
            name=$(basename "$src" .cxx)
            echo "$suite|$dir/c++|cxx-$name|$name.cxx|-O2|4|Pass|$out" >>"$list"
        done
    elif [ -f "$dir/verifier/osh_main.c" ]; then
        suite="tests-mellanox $(version "$dir")"
        v=$dir/verifier
        # One program, oshmem_test, of Makefile.am's sources but the MPI
        # ones, with the config.h its configure would write here; every
        # case is a run of its own.  Uninstrumented: the data cases loop
        # over megabytes byte by byte.
        {
            printf '#define HAVE_UNISTD_H 1\n#define VERSION 1.2\n#define QUICK_TEST 1\n'
            for op in AND OR XOR FETCH_AND FETCH_OR FETCH_XOR; do
                for t in UINT ULONG ULONGLONG; do echo "#define HAVE_DECL_SHMEM_${t}_ATOMIC_$op 1"; done
            done
        } >"$out/include/config.h"
        srcs=$(sed -n '/^oshmem_test_SOURCES/,/^if ENABLE_MPI/p' "$v/Makefile.am" |
               grep -o '[a-z0-9_/]*\.c' | grep -v '^mix/' | grep -v '^nbi/osh_nbi_tc' | sort -u)
        # shellcheck disable=SC2086
        if (cd "$v" && "$bin/shmemsim-cc" --no-race-instrumentation -g -O1 -DHAVE_ALLTOALL \
                -I"$out/include" -I. -Icmn -o "$out/oshmem_test" $srcs -lm) >"$out/build.log" 2>&1; then
            # (it lists its cases on stderr)
            "$bin/shmemsim" run -n 1 --quiet "$out/oshmem_test" exec --info=case --no-colour 2>&1 |
            awk '/^   [a-z]/ { s = $1 } /^      [a-z]/ { c = $2; gsub(/[()]/, "", c); print s ":" c }' |
            while read -r task; do
                echo "$suite|$v|${task%%:*}-${task#*:}|@oshmem_test||4|NoFAIL|$out|exec --task=$task --no-colour" >>"$list"
            done
        else
            echo "$0: tests-mellanox did not build: see $out/build.log" >&2
        fi
    elif [ -d "$dir/SHMEM/conflict" ]; then
        suite="RMARaceBench $(version "$dir")"
        opt=-O0
        incdir=$dir
        for src in "$dir"/SHMEM/*/*.c; do
            name=$(basename "$src" .c)
            npes=$(sed -n 's/.*"NPROCS": *\([0-9]*\).*/\1/p' "$src" | head -1)
            case $name in *-yes) expect=Race ;; *) expect=NoRace ;; esac
            echo "$suite|$(dirname "$src")|$name|$name.c|-fopenmp|${npes:-2}|$expect|$out" >>"$list"
        done
    elif [ -f "$dir/openshmem/osu_oshm_put.c" ]; then
        suite="osu-micro-benchmarks $(version "$dir")"
        incdir=$dir/openshmem
        for src in "$dir"/openshmem/osu_oshm_*.c; do
            name=$(basename "$src" .c)
            case $name in
                *_put | *_get | *_atomics | *_put_mr)
                    for buf in heap global; do
                        echo "$suite|$dir/openshmem|$name-$buf|$name.c|osu_common.c|2|Pass|$out|$buf" >>"$list"
                    done ;;
                *) echo "$suite|$dir/openshmem|$name|$name.c|osu_common.c|4|Pass|$out" >>"$list" ;;
            esac
        done
    elif [ -f "$dir/SHMEM/isx.c" ]; then
        suite="ISx $(version "$dir")"
        incdir=$dir/SHMEM
        # As its Makefile builds it, but gnu99: its timer.h asks for
        # _GNU_SOURCE after shmem.h has included the C library's headers.
        for mode in strong:1:40000 weak:2:10000 weak_iso:3:10000; do
            name=${mode%%:*} rest=${mode#*:}
            echo "$suite|$dir/SHMEM|isx.$name|isx.c|pcg_basic.c timer.c -std=gnu99 -DSCALING_OPTION=${rest%%:*}|4|NoFAIL|$out|${rest#*:} 2 $out/isx.$name.out" >>"$list"
        done
    elif [ -f "$dir/SHMEM/Stencil/stencil.c" ] && [ -f "$dir/include/par-res-kern_shmem.h" ]; then
        suite="PRK $(version "$dir")"
        incdir=$dir/include
        opt=-O2
        # The stencil's loop bodies, as its Makefile has loop_gen write
        # them (radius 2), here rather than in the checkout.
        mkdir -p "$out/stencil-loops"
        (cd "$out/stencil-loops" && sh "$dir/common/Stencil/loop_gen" 2 1 && sh "$dir/common/Stencil/loop_gen" 2 0) \
            >"$out/stencil-loops/loop_gen.log" 2>&1
        common="-DSHMEM ../../common/wtime.c ../../common/SHMEM_bail_out.c"
        tune="-DRADIUS=2 -DSTAR=1 -DDOUBLE=1 -DLOOPGEN=0 -DRESTRICT_KEYWORD=0 -DVERBOSE=0 -DSPLITFENCE=0"
        {
            echo "$suite|$dir/SHMEM/Synch_p2p|p2p|p2p.c|$common|4|Pass|$out|10 400 100"
            echo "$suite|$dir/SHMEM/Stencil|stencil|stencil.c|$common $tune -I$out/stencil-loops|4|Pass|$out|10 200"
            echo "$suite|$dir/SHMEM/Transpose|transpose|transpose.c|$common|4|Pass|$out|10 256 32"
            echo "$suite|$dir/SHMEM/Transpose|transpose_a2a|transpose_a2a.c|$common|4|Pass|$out|5 128"
            echo "$suite|$dir/Cxx11|transpose-get-oshmem|transpose-get-oshmem.cc|-std=c++17|4|Pass|$out|5 64"
        } >>"$list"
    elif [ -f "$dir/shmemvv.sh" ] && [ -f "$dir/src/shmemvv.c" ]; then
        suite="shmemvv $(version "$dir")"
        # Its CMake build, out of the source tree, then every test
        # (C and C11) on the 2 PEs its shmemvv.sh gives each category.
        if ! (mkdir -p "$out/build" && cd "$out/build" &&
              cmake -DCMAKE_C_COMPILER="$bin/shmemsim-cc" "$dir" && make -j "$jobs") \
                >"$out/build.log" 2>&1; then
            echo "$0: shmemvv did not build: see $out/build.log" >&2; exit 1
        fi
        for exe in "$out"/build/bin/*/*; do
            [ -x "$exe" ] || continue
            sub=$(basename "$(dirname "$exe")")
            echo "$suite|$dir|$sub-$(basename "$exe")|@build/bin/$sub/$(basename "$exe")||2|NoFAILED|$out" >>"$list"
        done
    elif [ -f "$dir/src/shmembench.c" ] && [ -f "$dir/src/include/shmembench.h" ]; then
        suite="shmembench $(version "$dir")"
        # Its Makefile (OpenSHMEM 1.5 interface), with the objects and the
        # program out of the source tree.
        if ! make -C "$dir" -j "$jobs" CC="$bin/shmemsim-cc" USE_SHMEM_VERSION=15 \
                BUILD_DIR="$out/build" >"$out/build.log" 2>&1; then
            echo "$0: shmembench did not build: see $out/build.log" >&2; exit 1
        fi
        # Each routine in each kind its README lists: point-to-point and
        # atomics on 2 PEs, collectives on 4, short runs (typed routines
        # need at least 8 bytes).
        for b in put putmem iput get getmem iget put_nbi putmem_nbi get_nbi getmem_nbi; do
            for t in bw bibw; do
                echo "$suite|$dir|$b-$t|@build/bin/shmembench||2|Pass|$out|--bench shmem_$b --benchtype $t --min 8 --max 4096 --ntimes 10" >>"$list"
            done
        done
        for b in alltoall alltoallmem alltoalls alltoallsmem broadcast broadcastmem collect collectmem fcollect fcollectmem; do
            echo "$suite|$dir|$b-bw|@build/bin/shmembench||4|Pass|$out|--bench shmem_$b --benchtype bw --min 8 --max 1024 --ntimes 10" >>"$list"
        done
        echo "$suite|$dir|barrier_all-latency|@build/bin/shmembench||4|Pass|$out|--bench shmem_barrier_all --benchtype latency --ntimes 100" >>"$list"
        for b in add compare_swap fetch fetch_nbi inc set swap; do
            echo "$suite|$dir|atomic_$b-latency|@build/bin/shmembench||2|Pass|$out|--bench shmem_atomic_$b --benchtype latency --ntimes 100" >>"$list"
        done
    elif [ -f "$dir/src/bale_classic/make_bale" ]; then
        suite="bale $(version "$dir")"
        bc=$dir/src/bale_classic
        # What make_bale does: each package configured --with-shmem, built
        # and installed in turn (the later ones find the earlier ones
        # through pkg-config), out of the source tree.
        b=$out/bale
        if ! (cd "$bc" && sh bootstrap.sh) >"$out/build.log" 2>&1; then
            echo "$0: bale's bootstrap.sh failed: see $out/build.log" >&2; exit 1
        fi
        for pkg in libgetput exstack convey spmat std_options apps; do
            mkdir -p "$b/build/$pkg"
            if ! (cd "$b/build/$pkg" && PKG_CONFIG_PATH=$b/lib/pkgconfig CC=$bin/shmemsim-cc \
                    "$bc/$pkg/configure" --prefix="$b" --with-shmem && make -j "$jobs" && make install) \
                    >>"$out/build.log" 2>&1; then
                echo "$0: bale's $pkg did not build: see $out/build.log" >&2; exit 1
            fi
        done
        for app in histo ig topo randperm permute_matrix transpose_matrix triangles sssp; do
            for m in 1:agp 2:exstack 4:exstack2 8:conveyor; do
                echo "$suite|$b|$app-${m#*:}|@bale/bin/$app||4|Pass|$out|-n 300 -M ${m%%:*}" >>"$list"
            done
        done
    else
        echo "$0: $dir is none of tests-sos, tests-uh, tests-cray, shmemx-cray-tests," \
             "openshmem-examples, tests-mellanox, RMARaceBench, osu-micro-benchmarks, ISx, OSHMPI," \
             "PRK, bale, shmemvv, shmembench, the specification" >&2
        exit 2
    fi
    if [ "${suite#osu-}" != "$suite" ]; then # its message-rate test's buffers
        (SHMEM_SYMMETRIC_SIZE=512M && export SHMEM_SYMMETRIC_SIZE && run_list "$list" "$out/results")
    elif [ "${suite#ISx}" != "$suite" ]; then # its receive buffers
        (SHMEM_SYMMETRIC_SIZE=1100M && export SHMEM_SYMMETRIC_SIZE && run_list "$list" "$out/results")
    else
        run_list "$list" "$out/results"
    fi
    p=$(grep -c '^passed' "$out/results" || true)
    f=$(grep -c '^failed' "$out/results" || true)
    x=$(grep -c '^excluded' "$out/results" || true)
    table="$table
$(echo "$suite" | tr ' ' '@') $p $f $x"
    grep -v '^passed' "$out/results" | sed "s|^|  |" || true
done
echo
echo "$table" | awk '{ gsub("@", " ", $1); printf "%-28s %7s %7s %9s\n", $1, $2, $3, $4 }'
