#!/bin/sh
# scripts/check-suites.sh CHECK_ALL [JOBS]
# Runs each Check suite of the test binary CHECK_ALL as its own process,
# JOBS at a time (default: the CPU count), so `make check` uses every core
# whatever -j says.  Prints each suite's output whole, in the suites' order
# (never interleaved), then one line of totals; fails if any suite failed.
set -u
bin=$1
jobs=${2:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
dir=$(mktemp -d "${TMPDIR:-/tmp}/shmemsim-suites-XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM
"$bin" --list > "$dir/suites" || exit 1
# shellcheck disable=SC2016
xargs -P "$jobs" -I{} sh -c 'CK_RUN_SUITE="$2" "$0" > "$1/$2.log" 2>&1; echo $? > "$1/$2.rc"' \
    "$bin" "$dir" {} < "$dir/suites"
status=0 n=0 bad=""
while read -r s; do
    cat "$dir/$s.log"
    n=$((n + 1))
    if [ "$(cat "$dir/$s.rc" 2>/dev/null)" != 0 ]; then
        status=1
        bad="$bad $s"
    fi
done < "$dir/suites"
if [ "$status" = 0 ]; then
    echo "check-suites: $n suites passed"
else
    echo "check-suites: failed:$bad"
fi
exit $status
