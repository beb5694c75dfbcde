#!/usr/bin/env bash
# The constant-time checks, run by the gcc job (ci/jobs/gcc.env) on its build, which is the
# library as it ships (-O2): ctime_tests under valgrind memcheck with its secrets marked
# undefined (src/test/ctime.c): any branch or memory index that depends on a key, a password
# or a hashed secret fails it. One process, three passes: on the backends this CPU has under
# valgrind (which hides SHA-NI and AVX-512), on those without AVX (the SSE ones: AES-NI's
# legacy encoding, SSSE3 ChaCha20, SSE4.1 SHA-256 and BLAKE3), and on the portable code.
set -euo pipefail
[ -x ./ctime_tests ] || { echo "ci/ctime.sh: no ctime_tests here (configure found no valgrind/memcheck.h)" >&2; exit 1; }
valgrind -q --error-exitcode=42 ./ctime_tests | tee ctime.log
[ "$(grep -c '^ctime: under valgrind' ctime.log)" -eq 3 ] || { echo "ci/ctime.sh: not three passes under valgrind" >&2; exit 1; }
