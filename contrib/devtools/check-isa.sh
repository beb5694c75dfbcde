#!/bin/sh
# Fails if an object file holds instructions of an ISA it was not compiled for: the portable
# objects must hold no SSSE3/SSE4.1, AVX, BMI2 or SHA instructions (they run before any
# run-time guard), and the SHA-NI and SSE4.1 backends no VEX or EVEX encodings (SHA-NI must
# run on Goldmont, which has no AVX). x86 only.
# Usage: contrib/devtools/check-isa.sh [BUILDDIR]   (OBJDUMP overrides the disassembler)
set -eu
dir=${1:-.}
objdump=${OBJDUMP:-objdump}
# Extended regular expressions over one instruction ("mnemonic operands", AT&T syntax).
sha='^sha(1rnds4|1nexte|1msg1|1msg2|256rnds2|256msg1|256msg2) '
vex='^v[a-z0-9]+( |$)'           # every VEX and EVEX instruction
avx512='%zmm|%k[0-7]'
bmi2='^(rorx|shlx|shrx|sarx|mulx|pdep|pext) '
sse4='^(pshufb|palignr|pblend[a-z]*|pinsr[bdq]|pextr[bdq]|pmulld|pmax[su][bdw]|pmin[su][bdw]|ptest) '

# check OBJECT-GLOB FORBIDDEN-REGEX WHAT  (libtool puts PIC objects under .libs)
status=0
checked=0
check() {
  for obj in $dir/src/crypto/$1 $dir/src/crypto/.libs/$1; do
    [ -f "$obj" ] || continue
    checked=$((checked + 1))
    bad=$("$objdump" -d --no-show-raw-insn "$obj" | awk -F'\t' 'NF >= 2 { print $2 }' | tr -s ' ' |
          grep -E "$2" | sort -u | head -n 5 | tr '\n' ' ') || true
    if [ -n "$bad" ]; then
      echo "check-isa: $obj holds $3 instructions: $bad" >&2
      status=1
    fi
  done
}
check 'libcoincrypto_la-*.o' "$sha|$vex|$bmi2|$sse4" "SHA, AVX, BMI2 or SSE4"
check 'libcoincrypto_x86_shani_la-*.o' "$vex|$bmi2" "VEX or BMI2"
check 'libcoincrypto_sse41_la-*.o' "$sha|$vex|$bmi2" "SHA, VEX or BMI2"
check 'libcoincrypto_avx2_la-*.o' "$sha|$avx512" "SHA or AVX-512"
[ "$checked" -gt 0 ] || { echo "check-isa: no objects under $dir/src/crypto" >&2; exit 1; }
[ "$status" -eq 0 ] && echo "check-isa: $checked objects hold only their own ISA"
exit $status
