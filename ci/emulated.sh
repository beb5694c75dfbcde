#!/usr/bin/env bash
# The emulated job (run by ci/run.sh from a clean copy of the tree): the SHA-NI and AVX-512
# backends compiled without their ISA flags, through SIMDe and src/test/emulated/sha_model.h
# (configure --enable-emulated-isa), so that their own source runs against the official
# vectors and the portable code whatever CPU CI has. The log shows each of them selected and
# checked; the job fails if one is not, and if the build lets itself be installed. The same
# build has --enable-test-faults: each of those backends is then made to fail its self-test
# in turn (COINCRYPTO_TEST_FAULT), and the dispatcher must report it, select the next one, and
# keep every hash right (test_threads checks them against published vectors).
set -euo pipefail
[ -x configure ] || ./autogen.sh >/dev/null
# (-O1: the tests' C++ compiles in half the time of the default -O2 -g, and the library, its
# SIMDe-emulated backends above all, in 94 CPU-s against 142 at -O2; the suite then takes 16 s
# instead of 13)
./configure --enable-emulated-isa --enable-test-faults --disable-shared CFLAGS=-O1 CXXFLAGS=-O1
# The suite's log names each backend it checks (Boost.Test's messages).
BOOST_TEST_LOG_LEVEL=message make -j2 check
for want in "sha1: backend x86_shani," "sha256: backend x86_shani," "sha256d64: backend x86_shani," \
            "sha256d64: backend avx512," "sha256 lanes: backend x86_shani," "sha256 lanes: backend avx512," "ripemd160 lanes: backend avx512," \
            "sha3_256: backend avx512," "keccak256: backend avx512," \
            "sha512 lanes: backend avx512" "scrypt: backend avx512," "chacha20: backend avx512," \
            "poly1305: backend avx512," "blake3: backend avx512,"; do
  line=$(grep -m 1 "^$want" test_coincrypto.log) || { echo "ci/emulated.sh: no '$want' in the suite's log" >&2; exit 1; }
  echo "ci/emulated.sh: checked: $line"
done
# fault: the primitive and backend, the bench's '#' line of the primitive, and what that line
# must no longer hold ('=name': no longer be exactly, as 'avx512' is part of 'avx512ifma').
while IFS='|' read -r fault line gone; do
  COINCRYPTO_TEST_FAULT=$fault ./test_threads > fault.log 2>&1 || { cat fault.log; echo "ci/emulated.sh: hashes wrong with '$fault'" >&2; exit 1; }
  report="coincrypto: ${fault%%:*} backend '${fault#*:}'"
  grep -qF "$report" fault.log || { cat fault.log; echo "ci/emulated.sh: no report of '$fault'" >&2; exit 1; }
  selected=$(COINCRYPTO_TEST_FAULT=$fault ./bench_coincrypto -sanity-check -filter='^$' 2>/dev/null | grep "^# $line: ")
  case $gone in
    =*) [ "${selected#*: }" != "${gone#=}" ] ;;
    *) case $selected in *"$gone"*) false ;; esac ;;
  esac || { echo "ci/emulated.sh: '$fault' still selected: $selected" >&2; exit 1; }
  echo "ci/emulated.sh: fault $fault: reported, fell back to '${selected#\# }', hashes right"
done <<'EOF_FAULTS'
sha256:x86_shani|SHA256|x86_shani(1way
sha256d64:avx512|SHA256|avx512
sha1:x86_shani|SHA1|x86_shani
keccak:avx512|KECCAK|avx512
scrypt:avx512|SCRYPT|avx512
chacha20:avx512|CHACHA20|avx512
poly1305:avx512|POLY1305|=avx512
poly1305:avx2|POLY1305|avx2
blake3:avx512|BLAKE3|avx512
EOF_FAULTS
if make install DESTDIR="$PWD/emulated-install" > /dev/null 2>&1; then
  echo "ci/emulated.sh: an emulated build installed itself" >&2
  exit 1
fi
echo "ci/emulated.sh: make install refused, as it must"
