#!/usr/bin/env bash
# Prints the size of the portable code of SHA-1, SHA-256, SHA-512 and RIPEMD-160 in the normal
# build and in the small one (./configure --enable-small, which defines COIN_SMALL), natively
# (gcc -Os; x86-64 here) and on 32-bit ARM in Thumb-2 (arm-linux-gnueabihf-gcc -Os -mthumb).
# Each file is compiled alone, without the ENABLE_* macros, so it holds its portable code
# only; the backends do not change with COIN_SMALL.
# Two measures per file: the object's text (the `size` text column: code and read-only data,
# so dispatch, self-test and the constant tables too), and the compression function alone
# (nm: transform_generic, with the small RIPEMD-160's step tables and F helper).
# Exits 1 if the small build's SHA-256 + SHA-512 + RIPEMD-160 objects are not at least
# MIN_REDUCTION percent (default 40) smaller than the normal ones on Thumb-2.
# Usage: contrib/devtools/code-size.sh   (installs gcc-arm-linux-gnueabihf when missing; Debian)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
min_reduction=${MIN_REDUCTION:-40}
files="sha1 sha256 sha512 ripemd160"
# The compression function and what only it uses.
compression='^(transform_generic|f_of|RL|RR|SL|SR|KL|KR)$'

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

arm="arm-linux-gnueabihf"
if ! echo '#include <string.h>' | $arm-gcc -x c -c -o /dev/null - 2>/dev/null; then
  "$top/contrib/install_deps.sh" gcc-$arm libc6-dev-armhf-cross
fi

# pct NORMAL SMALL: the reduction in percent, one decimal.
pct() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.1f%%", n ? 100 * (n - s) / n : 0 }'; }

# measure NAME PREFIX FLAGS...: prints the table for one compiler; the armhf total reduction
# (whole objects) is left in $total_pct.
measure() {
  local name=$1 prefix=$2
  shift 2
  local f v obj sum_n=0 sum_s=0 csum_n=0 csum_s=0
  echo "$name: ${prefix}gcc $* ($("${prefix}gcc" -dumpfullversion))"
  printf '%-14s %8s %8s %9s   %12s %12s %9s\n' file normal small reduction \
    'compr.normal' 'compr.small' reduction
  for f in $files; do
    local t=() c=() small=(-UCOIN_SMALL -DCOIN_SMALL)
    for v in 0 1; do # normal, small
      obj="$work/$prefix$f-$v.o"
      # From the top, so that assert's file name, and the size, do not depend on where it is.
      (cd "$top" && "${prefix}gcc" "$@" -I src/crypto -DCOINCRYPTO_BUILD "${small[v]}" \
        -c "src/crypto/$f.c" -o "$obj")
      t[v]=$("${prefix}size" "$obj" | awk 'NR == 2 { print $1 }')
      c[v]=$("${prefix}nm" -S -t d "$obj" | awk -v re="$compression" 'NF == 4 && $4 ~ re { s += $2 } END { print s + 0 }')
    done
    printf '%-14s %8d %8d %9s   %12d %12d %9s\n' "$f.c" "${t[0]}" "${t[1]}" "$(pct "${t[0]}" "${t[1]}")" \
      "${c[0]}" "${c[1]}" "$(pct "${c[0]}" "${c[1]}")"
    if [ "$f" != sha1 ]; then
      sum_n=$((sum_n + t[0])) sum_s=$((sum_s + t[1]))
      csum_n=$((csum_n + c[0])) csum_s=$((csum_s + c[1]))
    fi
  done
  printf '%-14s %8d %8d %9s   %12d %12d %9s\n' "256+512+160" "$sum_n" "$sum_s" "$(pct $sum_n $sum_s)" \
    "$csum_n" "$csum_s" "$(pct $csum_n $csum_s)"
  total_pct=$(awk -v n=$sum_n -v s=$sum_s 'BEGIN { printf "%d", 100 * (n - s) / n }')
  echo
}

measure "$(gcc -dumpmachine)" "" -Os
measure "armhf Thumb-2" "$arm-" -Os -mthumb -march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard
echo "256+512+160: SHA-256 + SHA-512 + RIPEMD-160. normal, small: the object's text (code and"
echo "read-only data); compr.: the compression function alone (and the small RIPEMD-160's tables)."
if [ "$total_pct" -lt "$min_reduction" ]; then
  echo "code-size: the small build's SHA-256 + SHA-512 + RIPEMD-160 are only $total_pct% smaller on Thumb-2 (want $min_reduction%)" >&2
  exit 1
fi
