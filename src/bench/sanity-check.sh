#!/bin/sh
# Run by `make check` with BENCH set to the bench_coincrypto binary (WRAPPER_CMD, if set,
# runs it, e.g. under qemu or wine). Fails unless the CSV is well formed and complete.
BENCH=${BENCH:-./bench_coincrypto}
fail() { echo "sanity-check: FAIL: $*" >&2; exit 1; }
run() { ${WRAPPER_CMD:-} "$BENCH" "$@"; }

out=$(run -sanity-check) || fail "'$BENCH -sanity-check' exited non-zero"
out=$(printf '%s\n' "$out" | tr -d '\r')
printf '%s\n' "$out" | grep -qx '#Benchmark,count,min,max,average,min_cycles,max_cycles,average_cycles' ||
  fail "no header line"
for name in SHA1_1M SHA256_1M SHA512_1M RIPEMD160_1M SHA256_32b SHA256_CTX_32b SHA256_64b SHA256_1K \
            SHA256D64_1024 HASH256_MANY_BLOCK HASH256_BLOCK_LOOP MERKLE_ROOT_4096 MERKLE_LEVELS_4096 HASH160_33b HASH160_33b_MANY_4096 HASH160_33b_LOOP_4096 HMAC_SHA512_32b HMAC_SHA512_MANY_4096 HMAC_SHA512_LOOP_4096 SIPHASH_32b SHA3_256_1M \
            MUHASH MUHASH_MUL MUHASH_DIV MUHASH_PRECOMPUTE MUHASH_FINALIZE \
            KECCAK256_32b KECCAK256_128b KECCAK256_1K SHAKE256_1M BLAKE3_32b BLAKE3_128b BLAKE3_1M \
            SCRYPT_1024_1_1_256 SCRYPT_1024_1_1_256_BATCH16 PBKDF2_SHA512_2048 BIP39_SEED_BATCH8 HKDF_SHA256_32 \
            AES256_CBC_ENC_1M AES256_CBC_DEC_1M; do
  printf '%s\n' "$out" | grep -Eq "^${name}(_[A-Za-z0-9_]+)?," || fail "no row for $name"
done
bad=$(printf '%s\n' "$out" | grep -v '^#' | awk -F, 'NF != 8 || $1 !~ /^[A-Za-z0-9_]+$/ ||
  $2 !~ /^[0-9]+$/ || $2 < 1 || $3 !~ /^[0-9]+\.[0-9]+$/ || $4 !~ /^[0-9]+\.[0-9]+$/ ||
  $5 !~ /^[0-9]+\.[0-9]+$/ || $6 !~ /^[0-9]+$/ || $7 !~ /^[0-9]+$/ || $8 !~ /^[0-9]+$/')
[ -z "$bad" ] || fail "malformed rows:
$bad"

# With OpenSSL as a peer (configure found libcrypto): its rows follow ours, well formed.
if run -sanity-check -filter='^$' -peer=openssl >/dev/null 2>&1; then
  peer=$(run -sanity-check -peer=openssl -filter='^(SHA256_1M|SHA3_256_1M|SCRYPT_1024_1_1_256|CHACHA20_64BYTES|POLY1305_64BYTES|PBKDF2_SHA512_2048|HMAC_SHA512_32b|AES256_CBC_DEC_1M)$') ||
    fail "'$BENCH -sanity-check -peer=openssl' exited non-zero"
  peer=$(printf '%s\n' "$peer" | tr -d '\r' | grep -v '^#')
  for name in SHA256_1M SHA3_256_1M SCRYPT_1024_1_1_256 CHACHA20_64BYTES POLY1305_64BYTES PBKDF2_SHA512_2048 HMAC_SHA512_32b \
              AES256_CBC_DEC_1M; do
    printf '%s\n' "$peer" | grep -A1 "^${name}," | tail -n 1 | grep -Eq "^${name}_openssl,[0-9]+,[0-9.]+,[0-9.]+,[0-9.]+,[0-9]+,[0-9]+,[0-9]+$" ||
      fail "no well-formed ${name}_openssl row after ${name}"
  done
fi

list=$(run -list -filter=SHA256_1M) || fail "'$BENCH -list' exited non-zero"
list=$(printf '%s\n' "$list" | tr -d '\r')
[ -n "$list" ] || fail "-list -filter=SHA256_1M lists nothing"
printf '%s\n' "$list" | grep -v '^SHA256_1M' && fail "-list -filter=SHA256_1M lists the rows above"

if run -bogus >/dev/null 2>&1; then fail "'$BENCH -bogus' exited 0"; fi

# An unknown COINCRYPTO_CPU name is reported, and leaves the library on portable code (unless
# the wrapper sets COINCRYPTO_CPU itself, as a CI guard may).
case ${WRAPPER_CMD:-} in
  *COINCRYPTO_CPU=*) ;;
  *)
    bogus=$(COINCRYPTO_CPU=avx2,bogus run -sanity-check -filter='^$' 2>&1 | tr -d '\r')
    printf '%s\n' "$bogus" | grep -q "unknown feature 'bogus'" || fail "COINCRYPTO_CPU=avx2,bogus was not reported"
    printf '%s\n' "$bogus" | grep -qx '# CPU features in use: none' || fail "COINCRYPTO_CPU=avx2,bogus left features in use" ;;
esac
# The same selection on every start, however loaded the machine: 20 fresh processes while
# another runs a benchmark must print the same '#' lines wherever the tuning table decided
# ("[cpu]"), and where the table is named for any CPU (COINCRYPTO_TUNING=emr) all of them.
# Orders timed at selection ("[timed]", a CPU the table lacks) are counted, not required.
# Native runs only: under an emulator the timing means nothing.
if [ -z "${WRAPPER_CMD:-}" ]; then
  run -filter='^SHA256D64_1024$' -time=60 >/dev/null 2>&1 &
  load=$!
  for tuning in "" emr; do
    starts=$(for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
      COINCRYPTO_TUNING=$tuning run -filter='^NOPE$' | grep '^# .*\]$' | tr -d '\r' | sed "s/^/$i /"
    done)
    tuned=$(printf '%s\n' "$starts" | grep -v ' \[timed\]$' | cut -d' ' -f2- | sort | uniq -c | awk '$1 != 20')
    [ -z "$tuned" ] || { kill $load; fail "COINCRYPTO_TUNING='$tuning': the table's selections differ between 20 starts:
$tuned"; }
    [ -z "$tuning" ] || ! printf '%s\n' "$starts" | grep -q '\[timed\]$' ||
      { kill $load; fail "COINCRYPTO_TUNING=$tuning left orders timed"; }
    timed=$(printf '%s\n' "$starts" | grep ' \[timed\]$' | cut -d' ' -f2- | sort -u | wc -l)
    echo "sanity-check: COINCRYPTO_TUNING='$tuning': 20 starts under load, table selections identical; $timed distinct timed lines"
  done
  kill $load
fi
echo "sanity-check: OK ($(printf '%s\n' "$out" | grep -vc '^#') rows)"
