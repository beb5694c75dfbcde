#!/usr/bin/env bash
# The constant-time checks, run by the gcc job (ci/jobs/gcc.env) on its build, which is the
# library as it ships (-O2): ctime_tests under valgrind memcheck with its secrets marked
# undefined (src/test/ctime.c): any branch or memory index that depends on a key, a password
# or a hashed secret fails it. Three times: on the backends this CPU has under valgrind (which
# hides SHA-NI and AVX-512), on those without AVX (the SSE ones: AES-NI's legacy encoding,
# SSSE3 ChaCha20, SSE4.1 SHA-256 and BLAKE3), and on the portable code.
set -euo pipefail
[ -x ./ctime_tests ] || { echo "ci/ctime.sh: no ctime_tests here (configure found no valgrind/memcheck.h)" >&2; exit 1; }
for cpu in "" -avx none; do
  echo "ci/ctime.sh: COINCRYPTO_CPU='$cpu'"
  COINCRYPTO_CPU=$cpu valgrind -q --error-exitcode=42 ./ctime_tests | tee ctime.log
  grep -q '^ctime: under valgrind' ctime.log
done
