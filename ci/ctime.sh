#!/usr/bin/env bash
# The ctime job (run by ci/run.sh from a clean copy of the tree): ctime_tests, built as the
# library ships (configure's default -O2), under valgrind memcheck with its secrets marked
# undefined (src/test/ctime.c): any branch or memory index that depends on a key, a password
# or a hashed secret fails it. Twice: on the backends this CPU has under valgrind (which hides
# SHA-NI and AVX-512), and on the portable code.
set -euo pipefail
./autogen.sh >/dev/null
./configure --disable-bench --disable-shared
make -j2 ctime_tests
for cpu in "" none; do
  echo "ci/ctime.sh: COINCRYPTO_CPU='$cpu'"
  COINCRYPTO_CPU=$cpu valgrind -q --error-exitcode=42 ./ctime_tests | tee ctime.log
  grep -q '^ctime: under valgrind' ctime.log
done
