#!/usr/bin/env bash
# The fuzz job (run by ci/run.sh from a clean copy of the tree, or by hand): the libFuzzer
# harnesses of src/test/fuzz, built with clang -fsanitize=fuzzer,address,undefined against the
# library built with the same sanitizers and OpenSSL (libssl-dev), each run for FUZZ_TIME
# seconds (default 20) from its corpus in src/test/fuzz/corpus. Any finding fails the job
# and leaves the crashing input in fuzz-out/. To fuzz longer, e.g. an hour each, on all cores:
#   FUZZ_TIME=3600 FUZZ_JOBS=$(nproc) ci/fuzz.sh
# The corpus is the seeds grown by 120 s of fuzzing and minimised (-merge=1): 20 s from it reach
# the coverage that 40 s from the seeds reached (ci/README.md). To grow it again, fuzz longer
# and then: ./fuzz-NAME -merge=1 NEW src/test/fuzz/corpus/NAME fuzz-out/NAME
set -euo pipefail
time=${FUZZ_TIME:-20}
jobs=${FUZZ_JOBS:-1}
parallel=
[ "$jobs" -gt 1 ] && parallel="-jobs=$jobs -workers=$jobs"
san="-fsanitize=address,undefined -fno-sanitize-recover=all"
[ -x configure ] || ./autogen.sh >/dev/null
./configure CC=clang CXX=clang++ CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link $san" \
  --disable-shared --disable-tests --disable-bench >/dev/null
make -j2 libcoincrypto.la
mkdir -p fuzz-out
for src in src/test/fuzz/*.c; do
  name=$(basename "$src" .c)
  clang -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer $san -Isrc/crypto "$src" .libs/libcoincrypto.a -lcrypto \
    -o "fuzz-$name"
  mkdir -p "fuzz-out/$name"
  echo "ci/fuzz.sh: $name for ${time} s"
  # The coverage of the corpus alone (INITED) and at the end (DONE), and the final stats.
  # shellcheck disable=SC2086
  "./fuzz-$name" -max_total_time="$time" $parallel -artifact_prefix="fuzz-out/$name/" \
    -print_final_stats=1 "fuzz-out/$name" "src/test/fuzz/corpus/$name" > "fuzz-$name.log" 2>&1 ||
    { tail -n 40 "fuzz-$name.log"; exit 1; }
  grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::' "fuzz-$name.log" || true
done
echo "ci/fuzz.sh: every harness ran ${time} s with no finding"
