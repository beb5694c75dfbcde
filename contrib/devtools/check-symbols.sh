#!/bin/sh
# Fails when the shared library exports a function that contrib/devtools/symbols.txt does not
# list, or does not export one it lists: every change to the ABI's set of symbols is made on
# purpose, by editing the list in the same commit (see doc/api.md, "Versions and the ABI").
# Usage: contrib/devtools/check-symbols.sh [LIBRARY]   (default: .libs/libcoincrypto.so, as make
#        check finds it in the build directory; NM overrides nm)
set -eu
lib=${1:-.libs/libcoincrypto.so}
list="$(dirname "$0")/symbols.txt"
if [ ! -f "$lib" ]; then
  echo "check-symbols: no $lib (a static-only build, or not ELF): nothing to check"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${NM:-nm} -D --defined-only "$lib" | awk 'NF == 3 { print $3 }' | LC_ALL=C sort > "$tmp/exported"
grep -v '^#' "$list" | LC_ALL=C sort > "$tmp/listed"
if ! cmp -s "$tmp/exported" "$tmp/listed"; then
  echo "check-symbols: $lib and $list differ:" >&2
  LC_ALL=C comm -23 "$tmp/exported" "$tmp/listed" | sed 's/^/  exported, not listed: /' >&2
  LC_ALL=C comm -13 "$tmp/exported" "$tmp/listed" | sed 's/^/  listed, not exported: /' >&2
  exit 1
fi
echo "check-symbols: $lib exports the $(wc -l < "$tmp/listed") functions of $list"
