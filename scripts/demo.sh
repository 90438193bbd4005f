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
bin/shmemsim-cc -g -o $out/scen_fence tests/programs/scen_fence.c

step "8 PEs, each with its own globals, exchanging puts over the simulated network" \
     "bin/shmemsim -n 8 --tag-output $out/ring_hello"
step "Two unfenced puts to one word: the adaptive network reorders them under some seeds" \
     "for s in 1 2 3 4 5 6 7 8 9 10; do printf 'seed %2d: ' \$s; bin/shmemsim -n 2 --quiet --seed \$s $out/race 0; done"
step "The same with shmem_fence between the puts: always in order" \
     "for s in 1 2 3 4 5 6 7 8 9 10; do printf 'seed %2d: ' \$s; bin/shmemsim -n 2 --quiet --seed \$s $out/race 1; done"
step "A PE waits for a flag nobody sets: the deadlock report names every PE's blocking call" \
     "bin/shmemsim -n 4 $out/fail deadlock"
step "A stack overflow in one PE" "bin/shmemsim -n 4 --quiet $out/fail overflow"
step "A trace to open in https://ui.perfetto.dev" \
     "bin/shmemsim -n 8 --quiet --trace $out/ring.json $out/ring_hello >/dev/null && ls -l $out/ring.json"
step "A YAML fault scenario: a delayed payload exposes the missing fence, every time" \
     "bin/shmemsim replay --program-dir $out scenarios/missing-fence-delay.yaml"
step "explore: 200 seeds, no fault needed; each distinct failure gets a scenario to replay" \
     "bin/shmemsim explore -n 2 --seeds 1..200 --out $out $out/scen_fence"
exit 0
