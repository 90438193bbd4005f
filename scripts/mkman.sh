#!/bin/sh
# scripts/mkman.sh TEMPLATE SHMEMSIM > PAGE
# Fills a man page template from the program itself, so the page cannot
# drift from it: @OPTIONS@ becomes the options of `shmemsim --help`,
# @CHECKS@ the findings of `shmemsim --check list`, @VERSION@ the version.
set -eu
tmpl=$1 bin=$2
version=$("$bin" --version | sed 's/^shmemsim //')

# roff-safe text: backslashes doubled, a leading . or ' neutralised, - as \-.
esc() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/" -e 's/-/\\-/g'; }

options() {
    "$bin" --help | awk '
        /^options:/ { on = 1; next }
        on && /^$/ { exit }
        on && /^  (-|    --)/ {
            if (spec != "") print spec "\t" text
            # the help column starts at 25; a longer option name runs into
            # it and is followed by two spaces
            if (substr($0, 25, 1) != " " && substr($0, 24, 1) == " ") {
                spec = substr($0, 1, 24); text = substr($0, 25)
            } else {
                line = $0; sub(/^ +/, "", line)
                n = match(line, /  +/)
                spec = substr(line, 1, n - 1); text = substr(line, n)
            }
            sub(/^ +/, "", spec); sub(/ +$/, "", spec); sub(/^ +/, "", text)
            next
        }
        on { t = $0; sub(/^ +/, "", t); text = text " " t }
        END { if (spec != "") print spec "\t" text }' |
    while IFS="$(printf '\t')" read -r spec text; do
        printf '.TP\n.B %s\n%s\n' "$(printf '%s' "$spec" | esc)" "$(printf '%s' "$text" | esc)"
    done
}

checks() {
    "$bin" --check list | while read -r id text; do
        printf '.TP\n.B %s\n%s\n' "$(printf '%s' "$id" | esc)" "$(printf '%s' "$text" | esc)"
    done
}

while IFS= read -r line; do
    case $line in
    @OPTIONS@) options ;;
    @CHECKS@) checks ;;
    *) printf '%s\n' "$line" | sed "s/@VERSION@/$version/g" ;;
    esac
done < "$tmpl"
