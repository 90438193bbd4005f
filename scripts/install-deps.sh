#!/bin/sh
# Installs the Debian packages shmemsim needs, skipping what is present.
set -eu
pkgs="build-essential pkg-config check uthash-dev libyaml-dev libdw-dev gfortran autoconf automake libtool cmake meson ninja-build groff-base man-db chromium gdb clang"
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
$sudo apt-get update
$sudo apt-get install -y --no-install-recommends $missing
