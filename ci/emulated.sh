#!/usr/bin/env bash
# The emulated job (run by ci/run.sh from a clean copy of the tree): the SHA-NI and AVX-512
# backends compiled without their ISA flags, through SIMDe and src/test/emulated/sha_model.h
# (configure --enable-emulated-isa), so that their own source runs against the official
# vectors and the portable code whatever CPU CI has. The log shows each of them selected and
# checked; the job fails if one is not, and if the build lets itself be installed.
set -euo pipefail
./autogen.sh >/dev/null
./configure --enable-emulated-isa CFLAGS=-O2
make -j2 check
./test_coincrypto --log_level=message --color_output=no > emulated.log 2>&1 || { tail -n 40 emulated.log; exit 1; }
for want in "sha1: backend x86_shani," "sha256: backend x86_shani," "sha256d64: backend x86_shani," \
            "sha256d64: backend avx512," "sha3_256: backend avx512," "keccak256: backend avx512," \
            "sha512 lanes: backend avx512" "scrypt: backend avx512,"; do
  line=$(grep -m 1 "^$want" emulated.log) || { echo "ci/emulated.sh: no '$want' in the suite's log" >&2; exit 1; }
  echo "ci/emulated.sh: checked: $line"
done
grep -F '*** No errors detected' emulated.log
if make install DESTDIR="$PWD/emulated-install" > /dev/null 2>&1; then
  echo "ci/emulated.sh: an emulated build installed itself" >&2
  exit 1
fi
echo "ci/emulated.sh: make install refused, as it must"
