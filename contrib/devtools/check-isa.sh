#!/bin/sh
# Fails if an object file holds instructions of an ISA it was not compiled for: the portable
# objects must hold no SSE3/SSSE3/SSE4.1/SSE4.2, AVX, BMI1/BMI2, POPCNT/LZCNT, ADX, MOVBE,
# PCLMUL, SHA or AES instructions on x86 (and on 32-bit x86, whose baseline is the i686, no MMX
# or SSE at all), and no crypto extension instructions on ARM (they run before any run-time
# guard); the SHA-NI and SSE4.1
# backends no VEX or EVEX encodings (SHA-NI must run on Goldmont, which has no AVX), the AES-NI
# one neither, nor SSSE3 (it must run on Westmere and on 32-bit x86), while its AVX build holds
# no legacy SSE encoding (its point: no SSE/AVX transition after dirty upper state), the SSSE3
# one no SSE4.1 either, the SSE2 one no SSSE3; the ARMv8 backend no ARMv8.2 SHA-512/SHA-3 instructions.
# On Windows (PE objects), no function may load or store a ymm or zmm register on the stack
# (%rsp or %rbp) with an aligned move, unless it aligns %rsp itself to that size first (as clang
# does): the stack is only 16-byte aligned there, and GCC spills with aligned moves all the same
# (GCC bug 54412), so the AVX2 and AVX-512 backends get -Wa,-muse-unaligned-vector-move.
# Usage: contrib/devtools/check-isa.sh [BUILDDIR]   (autotools' or CMake's; OBJDUMP overrides the
#        disassembler)
#        contrib/devtools/check-isa.sh --portable OBJECT...   other objects (a parent tree's),
#        checked as the portable ones are
set -eu
objdump=${OBJDUMP:-objdump}
# Extended regular expressions over one instruction, "mnemonic operands" (AT&T syntax on x86).
sha='^sha(1rnds4|1nexte|1msg1|1msg2|256rnds2|256msg1|256msg2) '
aesni='^aes(enc|enclast|dec|declast|imc|keygenassist) '
vex='^v[a-z0-9]+( |$)'           # every VEX and EVEX instruction
avx512='%zmm|%k[0-7]'
ifma='^vpmadd52[lh]uq '
legacy_sse='^[a-uw-z][a-z0-9]* .*%xmm' # an xmm instruction without VEX
bmi2='^(rorx|shlx|shrx|sarx|mulx|pdep|pext|bzhi) '
# SSE3, SSSE3, SSE4.1 and SSE4.2, and the scalar extensions no baseline has (tzcnt is allowed:
# it is the encoding of rep bsf, which GCC emits for any x86 and runs as bsf without BMI1)
sse41='^(pblend[a-z]*|blendv?p[sd]|pinsr[bdq]|pextr[bdq]|insertps|extractps|pmulld|pmuldq|pmax[su][bdw]|pmin[su][bdw]|ptest|pmov[sz]x[a-z]+|pcmpeqq|packusdw|round[ps][sd]|dpp[sd]|mpsadbw|phminposuw|movntdqa) ' # not in SSSE3
sse4="^(pshufb|palignr|phadd[a-z]*|phsub[a-z]*|pabs[bwd]|pmaddubsw|pmulhrsw|psign[bwd]|lddqu|movddup|movs[hl]dup|hadd[ps][sd]|hsub[ps][sd]|addsub[ps][sd]|pcmpgtq|pcmp[ei]str[im]|crc32[a-z]*|popcnt|lzcnt|andn|blsr|blsi|blsmsk|bextr|adcx|adox|movbe|pclmulqdq) |$sse41"
x86_32_baseline='%x?mm[0-9]'  # MMX or SSE registers: no 32-bit x86 baseline has them
armv8='^(sha1[cmph]|sha1su[01]|sha256h2?|sha256su[01]|aes[ed]|aesi?mc) '
armv82='^(sha512h2?|sha512su[01]|eor3|rax1|xar|bcax) '
# Aligned ymm/zmm moves on the stack, function by function, in objdump -d's output.
winstack='
  /^[0-9a-f]+ <.*>:$/ { align = 0; next }
  NF < 2 { next }
  { i = $2; gsub(/ +/, " ", i) }
  i ~ /^and \$0xf+e0,%rsp$/ { align = 32 }
  i ~ /^and \$0xf+c0,%rsp$/ { align = 64 }
  i ~ /^vmov(dqa(32|64)?|ap[sd]) / && i ~ /\(%r[sb]p/ && i ~ /%[yz]mm/ {
    if (align < (i ~ /%zmm/ ? 64 : 32) || i !~ /\(%rsp/) print i
  }'

# check OBJECTS X86-FORBIDDEN ARM-FORBIDDEN WHAT [X86-32-FORBIDDEN]  (OBJECTS: a list of files
# and patterns; an object is checked against the list of its own architecture: "v..." is AVX
# on x86 but plain VFP on 32-bit ARM; a 32-bit x86 object against X86-32-FORBIDDEN too)
status=0
checked=0
check() {
  for obj in $1; do
    [ -f "$obj" ] || continue
    checked=$((checked + 1))
    format=$("$objdump" -f "$obj")
    case $format in
      *x86-64*) forbidden=$2 ;;
      *i386*) forbidden="$2${5:+|$5}" ;;
      *aarch64*|*arm*) forbidden=$3 ;;
      *) continue ;;
    esac
    disassembly=$("$objdump" -d --no-show-raw-insn "$obj")
    if [ -n "$forbidden" ]; then
      bad=$(printf "%s\n" "$disassembly" | awk -F'\t' 'NF >= 2 { $1 = ""; print }' | tr -s ' ' | sed 's/^ //' |
            grep -E "$forbidden" | sort -u | head -n 5 | tr '\n' ' ') || true
      if [ -n "$bad" ]; then
        echo "check-isa: $obj holds $4 instructions: $bad" >&2
        status=1
      fi
    fi
    case $format in *pe-x86-64*)
      bad=$(printf "%s\n" "$disassembly" | awk -F'\t' "$winstack" | sort -u | head -n 5 | tr '\n' ' ')
      if [ -n "$bad" ]; then
        echo "check-isa: $obj holds aligned ymm/zmm moves on the stack, which fault on Windows: $bad" >&2
        status=1
      fi ;;
    esac
  done
}
not_portable="$sha|$aesni|$vex|$bmi2|$sse4"
if [ "${1:-}" = --portable ]; then
  shift
  check "$*" "$not_portable" "$armv8|$armv82" "accelerated (SHA, AES, AVX, BMI, SSE3/SSE4, ARM crypto; on 32-bit x86, SSE)" \
    "$x86_32_baseline"
else
  dir=${1:-.}
  # libtool puts PIC objects under .libs; CMake puts each library's under CMakeFiles (.obj
  # for Windows).
  objs() {
    echo "$dir/src/crypto/libcoincrypto$1_la-*.o $dir/src/crypto/.libs/libcoincrypto$1_la-*.o" \
         "$dir/CMakeFiles/coincrypto$1.dir/src/crypto/*.o $dir/CMakeFiles/coincrypto$1.dir/src/crypto/*.obj"
  }
  check "$(objs '')" "$not_portable" "$armv8|$armv82" "accelerated (SHA, AES, AVX, BMI, SSE3/SSE4, ARM crypto; on 32-bit x86, SSE)" \
    "$x86_32_baseline"
  check "$(objs _x86_shani)" "$vex|$bmi2" "" "VEX or BMI2"
  check "$(objs _x86_aesni)" "$sha|$vex|$bmi2|$sse4" "" "SHA, VEX, BMI2 or SSSE3"
  check "$(objs _x86_aesni_avx)" "$sha|$legacy_sse|$avx512|$bmi2" "" "SHA, legacy SSE, AVX-512 or BMI2"
  check "$(objs _sse2)" "$sha|$vex|$bmi2|$sse4" "" "SHA, VEX, BMI2 or SSSE3"
  check "$(objs _ssse3)" "$sha|$vex|$bmi2|$sse41" "" "SHA, VEX, BMI2 or SSE4.1"
  check "$(objs _sse41)" "$sha|$vex|$bmi2" "" "SHA, VEX or BMI2"
  check "$(objs _avx2)" "$sha|$avx512" "" "SHA or AVX-512"
  check "$(objs _avx512)" "$sha|$ifma" "" "SHA or IFMA"
  check "$(objs _avx512ifma)" "$sha" "" "SHA"
  check "$(objs _armv8)" "" "$armv82" "ARMv8.2 SHA-512 or SHA-3"
  check "$(objs _neon)" "" "$armv8|$armv82" "ARM crypto"
fi
[ "$checked" -gt 0 ] || { echo "check-isa: no objects to check" >&2; exit 1; }
[ "$status" -eq 0 ] && echo "check-isa: $checked objects hold only their own ISA"
exit $status
