#!/bin/sh
# tests/layering.sh [ROOT]: the folders' layering, checked on the source.
#   sim/  the engine: includes only its own headers, and names no API
#         routine and no finding id an API layer owns;
#   cli/  the command line: includes its own headers and the engine's;
#   api/  the API layers: never name the engine's world (sim_w), only its
#         accessors.
# Prints each violation with file and line; exit status 1 if any.
root=${1:-.}
cd "$root" || exit 2
bad=0
fail() { printf 'layering: %s\n' "$1"; bad=1; }

# Quoted includes must resolve inside the folders a folder may see.
includes_ok() { # folder, allowed folders...
    dir=$1; shift
    for f in "$dir"/*.[chS]; do
        [ -e "$f" ] || continue
        grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
        while IFS= read -r line; do
            n=${line%%:*}
            h=$(printf '%s' "$line" | sed 's/.*include[[:space:]]*"\([^"]*\)".*/\1/')
            found=
            for a in "$@"; do [ -f "$a/$h" ] && found=1; done
            [ -n "$found" ] || echo "$f:$n includes \"$h\", which is not in $*"
        done
    done
}
out=$(includes_ok sim sim; includes_ok cli cli sim)
[ -z "$out" ] || fail "$out"

# API routine names in the engine (code and comments alike).
out=$(grep -nE '\b(p?shmemx?_[a-z0-9_]+|LAPI_[A-Z][A-Za-z_]+|start_pes|shmalloc|shfree|_my_pe|_num_pes)\b' \
      sim/*.[chS] 2>/dev/null)
[ -z "$out" ] || fail "the engine names an API routine:
$out"

# Finding ids the API layers own (their X-macro tables) in the engine.
for id in $(sed -n 's/^[[:space:]]*X([A-Z_]*, *"\([a-z0-9-]*\)".*/\1/p' api/*/findings.h); do
    out=$(grep -n -- "\"$id\"\|\b$id\b" sim/*.[ch] 2>/dev/null)
    [ -z "$out" ] || fail "the engine names finding id $id, which an API layer owns:
$out"
done

# The world is the engine's: the layers use its accessors.
out=$(grep -rnE '\bsim_w\b' api 2>/dev/null)
[ -z "$out" ] || fail "an API layer names sim_w (use the accessors of sim/world.h):
$out"
exit $bad
