#!/bin/sh
# make demo: a tour of what shmemsim shows, on programs from examples/ and
# tests/programs/.  Each step prints what it runs.
set -u
cd "$(dirname "$0")/.."
out=build/demo
mkdir -p $out
step() { printf '\n\033[1m== %s\033[0m\n$ %s\n' "$1" "$2"; sh -c "$2"; echo "(exit status $?)"; }

bin/shmemsim-cc -g -o $out/ring_hello examples/ring_hello.c
bin/shmemsim-cc -g -o $out/race tests/programs/race.c
bin/shmemsim-cc -g -o $out/fail tests/programs/fail.c
for p in seed000_alltoallv_packed seed001_max_to_all psync_reuse alltoallv_overflow; do
    bin/shmemsim-cc -g -o $out/$p tests/programs/$p.c
done
bin/shmemsim-cc -g -o $out/scen_fence tests/programs/scen_fence.c

step "8 PEs, each with its own globals, exchanging puts over the simulated network" \
     "bin/shmemsim -n 8 --tag-output $out/ring_hello"
step "Seed 000, unmodified: shmemx_alltoallv_packed on 64 PEs (silence means every check passed)" \
     "bin/shmemsim -n 64 $out/seed000_alltoallv_packed"
step "Seed 001: shmem_int_max_to_all(target, source, 3, 0, 0, 8, pwrk, psync), and on the even PEs" \
     "bin/shmemsim -n 8 --quiet $out/seed001_max_to_all && bin/shmemsim -n 8 --quiet $out/seed001_max_to_all even"
step "Back-to-back reductions reusing one pSync: the diagnosis on the first run..." \
     "bin/shmemsim -n 8 --quiet $out/psync_reuse same >/dev/null"
step "... and on every seed: some also hang, always the same ones" \
     "for s in 1 2 3 4 5 6; do printf 'seed %d: ' \$s; bin/shmemsim -n 8 --quiet --seed \$s $out/psync_reuse same 2>&1 >/dev/null | grep -m1 -o 'shmemsim: \\(error \\[[a-z-]*\\]\\|deadlock\\)' | tr '\\n' ' '; bin/shmemsim -n 8 --quiet --seed \$s $out/psync_reuse same >/dev/null 2>&1; echo \"(exit \$?)\"; done"
step "The same alternating two pSync arrays: always right" \
     "for s in 1 2 3 4 5 6; do printf 'seed %d: ' \$s; bin/shmemsim -n 8 --quiet --seed \$s $out/psync_reuse alternate >/dev/null 2>&1; echo \"exit \$?\"; done"
step "An undersized alltoallv_packed target with SHMEM_ALLTOALLV_TSIZE_CHK=none, then abort" \
     "bin/shmemsim -n 4 --quiet $out/alltoallv_overflow; SHMEM_ALLTOALLV_TSIZE_CHK=abort bin/shmemsim -n 4 --quiet $out/alltoallv_overflow"
step "Two unfenced puts to one word: the race detector names both puts on the first run" \
     "bin/shmemsim -n 2 --quiet $out/race 0"
step "... and the adaptive network reorders them under some seeds (race check off)" \
     "for s in 1 2 3 4 5 6 7 8 9 10; do printf 'seed %2d: ' \$s; bin/shmemsim -n 2 --quiet --check all,-data-race --seed \$s $out/race 0; done"
step "The same with shmem_fence between the puts: always in order" \
     "for s in 1 2 3 4 5 6 7 8 9 10; do printf 'seed %2d: ' \$s; bin/shmemsim -n 2 --quiet --seed \$s $out/race 1; done"
step "A PE waits for a flag nobody sets: the deadlock report names every PE's blocking call" \
     "bin/shmemsim -n 4 $out/fail deadlock"
step "A stack overflow in one PE" "bin/shmemsim -n 4 --quiet $out/fail overflow"
step "A trace to open in https://ui.perfetto.dev" \
     "bin/shmemsim -n 8 --quiet --trace $out/ring.json $out/ring_hello >/dev/null && ls -l $out/ring.json"
step "An HTML page of the race run: the finding with its source lines, the PEs, a timeline (open it in a browser)" \
     "bin/shmemsim -n 2 --quiet --html $out/race.html $out/race 0 2>/dev/null >/dev/null; ls -l $out/race.html && grep -c '<rect class=\"call\"' $out/race.html | sed 's/\$/ call bars drawn/'"
step "A YAML fault scenario: a delayed payload exposes the missing fence, every time" \
     "bin/shmemsim replay --program-dir $out scenarios/missing-fence-delay.yaml"
step "explore: 200 seeds, no fault needed; each distinct failure gets a scenario to replay" \
     "bin/shmemsim explore -n 2 --seeds 1..200 --out $out $out/scen_fence"
bin/shmemsim-cc -g -o $out/lapi_seed_iovec tests/programs/lapi_seed_iovec.c
step "LAPI seed 002: LAPI_Amsendv with an IOVECTOR, completed into a program" \
     "bin/shmemsim -n 4 $out/lapi_seed_iovec"
step "Seed 001's Fortran Example 1, as printed: what shmemsim-fc --cray rewrites" \
     "bin/shmemsim-fc --cray --showme -g -o $out/cray_seed001 tests/programs/cray_seed001.f >/dev/null"
bin/shmemsim-fc --cray -g -o $out/cray_seed001 tests/programs/cray_seed001.f
step "... and its run on 8 PEs: the maximum of FOO (never set, so 0) on the even PEs" \
     "bin/shmemsim -n 8 --tag-output $out/cray_seed001"
exit 0
