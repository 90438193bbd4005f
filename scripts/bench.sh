#!/bin/sh
# make bench: prints each figure of SPEC §8, as a ratio where one applies.
# Figures depend on the machine; they are measured, not asserted.
set -eu
cd "$(dirname "$0")/.."
out=build/bench
mkdir -p $out
cc -O2 -o $out/measure scripts/bench/measure.c
cc -O2 -std=c11 -D_GNU_SOURCE -Isim -o $out/switch scripts/bench/switch.c -Llib -lshmemsim -Wl,-rpath,"$PWD/lib"
for p in puts reduce barrier maxred a2av; do bin/shmemsim-cc -O2 -o $out/$p scripts/bench/$p.c; done

echo "== context switch (target: >= 10x faster than swapcontext)"
$out/switch

echo "== small puts (target: >= 5 million events/s)"
$out/measure bin/shmemsim -n 8 --quiet --report $out/puts.json $out/puts 200000 2>$out/puts.err
events=$(sed -n 's/.*"events": \([0-9]*\).*/\1/p' $out/puts.json)
wall=$(sed -n 's/.*wall_s=\([0-9.]*\).*/\1/p' $out/puts.err)
awk -v e="$events" -v w="$wall" 'BEGIN { printf "%d events in %.3f s: %.2f million events/s\n", e, w, e / w / 1e6 }'

echo "== 1,024 PEs x 10 x (barrier_all + max reduction with puts and waits) (target: < 0.5 s, < 256 MB)"
$out/measure bin/shmemsim -n 1024 --quiet $out/reduce 10 2>&1 | tail -1

echo "== shmem_long_max_to_all + shmem_barrier_all, 10 iterations"
for n in 1024 4096; do
    printf '%5d PEs: ' $n; $out/measure bin/shmemsim -n $n --quiet $out/maxred 10 2>&1 | tail -1
done
echo "== shmemx_alltoallv, 256 PEs, 64 ints per peer"
$out/measure bin/shmemsim -n 256 --quiet $out/a2av 64 2>&1 | tail -1

echo "== 16,384 PEs x 3 barriers: memory per PE (target: <= 64 KiB beyond the program's data)"
$out/measure bin/shmemsim -n 16384 --quiet $out/barrier 2>$out/big.err
awk -F'[= ]' '{ printf "%s; %.1f KiB per PE\n", $0, $4 / 16384 }' $out/big.err

echo "== largest PE count a barrier program reaches in under 60 s (target: >= 65536)"
best=0
for n in 1024 4096 16384 32768 65536; do
    if timeout 60 $out/measure bin/shmemsim -n $n --quiet $out/barrier 2>$out/barrier.err; then
        best=$n
        echo "  $n PEs: $(tail -1 $out/barrier.err)"
    else
        echo "  $n PEs: failed: $(grep -v '^wall_s' $out/barrier.err | head -1)"
        break
    fi
done
echo "largest: $best PEs"

echo "== race detection: cost against an uninstrumented run without the detector"
echo "   (targets: <= 2x for RMA- and collective-heavy runs, <= 5x for compute-heavy)"
for p in compute puts maxred; do
    bin/shmemsim-cc -O2 -o $out/race_$p scripts/bench/$p.c
    bin/shmemsim-cc --no-race-instrumentation -O2 -o $out/plain_$p scripts/bench/$p.c
done
wall_of() { # PROG ARGS...: the median wall seconds of 3 runs
    for i in 1 2 3; do
        $out/measure "$@" 2>&1 >/dev/null | sed -n 's/.*wall_s=\([0-9.]*\).*/\1/p'
    done | sort -n | sed -n 2p
}
for spec in "compute 4 200" "puts 8 200000" "maxred 64 200"; do
    set -- $spec
    base=$(wall_of bin/shmemsim -n $2 --quiet --check all,-data-race $out/plain_$1 $3)
    remote=$(wall_of bin/shmemsim -n $2 --quiet $out/plain_$1 $3)
    full=$(wall_of bin/shmemsim -n $2 --quiet $out/race_$1 $3)
    calls=$(wall_of bin/shmemsim -n $2 --quiet --check all,-data-race,-nbi-buffer-modified \
        $out/race_$1 $3)
    awk -v p="$1" -v b="$base" -v r="$remote" -v f="$full" -v c="$calls" 'BEGIN {
        printf "%-8s off %.3f s; remote checks %.3f s (%.2fx); instrumented %.3f s (%.2fx; " \
               "the instrumentation calls alone %.2fx)\n", p, b, r, r / b, f, f / b, c / b }'
done

echo "== large transfers: 4 PEs x 100 x 16 MiB to a neighbour (put, put_signal, get)"
bin/shmemsim-cc -O2 -o $out/bigput tests/programs/bigput.c
for how in put put_signal get; do
    printf '%-10s ' $how; $out/measure bin/shmemsim -n 4 --quiet $out/bigput $how 16 100 2>&1 >/dev/null | tail -1
done

echo "== a thread switch against a PE switch: sched_yield by 2 threads of 1 PE, by 2 PEs"
bin/shmemsim-cc -O2 -pthread -o $out/yield scripts/bench/yield.c
per_switch() { # REPORT ERRFILE: wall ns per context switch
    sw=$(sed -n 's/.*"context_switches": \([0-9]*\).*/\1/p' "$1")
    wall=$(sed -n 's/.*wall_s=\([0-9.]*\).*/\1/p' "$2")
    awk -v s="$sw" -v w="$wall" 'BEGIN { printf "%.0f", w * 1e9 / s }'
}
$out/measure bin/shmemsim -n 1 --quiet --report $out/yt.json $out/yield threads 2 500000 2>$out/yt.err
$out/measure bin/shmemsim -n 2 --quiet --report $out/yp.json $out/yield pes 500000 2>$out/yp.err
t=$(per_switch $out/yt.json $out/yt.err)
p=$(per_switch $out/yp.json $out/yp.err)
awk -v t="$t" -v p="$p" 'BEGIN { printf "thread switch %d ns, PE switch %d ns: a thread switch costs %.2fx a PE switch\n", t, p, t / p }'
