#!/usr/bin/env bash
# Checks that the test suite notices a broken primitive: applies one small mutation at a time
# (a round constant, a rotation, a padding byte, a carry) to a private copy of the tree,
# rebuilds, and expects test_coincrypto to fail. Prints one line per mutation; exits 1 if any
# survived.
# Usage: contrib/devtools/mutation-check.sh   (takes a few minutes)
#        contrib/devtools/mutation-check.sh --applies   (that each still applies: no build)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)

# file|sed expression (each must change exactly the line it names)
mutations=(
  "src/crypto/sha256.c|s/0x428a2f98, 0x71374491/0x428a2f99, 0x71374491/"
  "src/crypto/sha256.c|s/rotr32(x, 13)/rotr32(x, 12)/"
  "src/crypto/sha256.c|s/((x) >> 10))/((x) >> 11))/"
  "src/crypto/sha256.c|s/\[62\] = 0x02/[62] = 0x03/"
  "src/crypto/sha256.c|s/\[30\] = 0x01/[30] = 0x03/"
  "src/crypto/sha256_x86_shani.c|s/_mm_set1_epi8((char)0x80)/_mm_set1_epi8((char)0x81)/"
  "src/crypto/sha256_x86_shani.c|s/(int)(uint32_t)(bytes >> 29)/(int)(uint32_t)(bytes >> 28)/"
  "src/crypto/sha256_x86_shani.c|s/_mm_add_epi32(w12, load_const(k))/w12/"
  "src/crypto/sha256_x86_shani.c|s/_mm_srli_si128(diff, 4)/_mm_srli_si128(diff, 8)/"
  "src/crypto/sha256_x86_shani.c|s/(char)(16 \* i + 16 - fill)/(char)(16 * i + 17 - fill)/"
  "src/crypto/sha256_x86_shani.c|s/memcpy(piece, tail, (size_t)fill)/memcpy(piece, tail, (size_t)fill - 1)/"
  "src/crypto/sha1.c|s/0x8f1bbcdc/0x8f1bbcdd/"
  "src/crypto/sha1.c|s/rotl32(a, 5)/rotl32(a, 6)/"
  "src/crypto/sha1.c|s/rotl32(b, 30)/rotl32(b, 29)/"
  "src/crypto/sha512.c|s/0x6c44198c4a475817/0x6c44198c4a475816/"
  "src/crypto/sha512.c|s/rotr64(x, 61)/rotr64(x, 60)/"
  "src/crypto/sha512.c|s/0x22312194fc2bf72c/0x22312194fc2bf72d/"
  "src/crypto/sha512.c|s/ctx->buf\[fill++\] = 0x80/ctx->buf[fill++] = 0x81/"
  "src/crypto/sha512.c|s/if (fill > 112)/if (fill > 113)/"
  "src/crypto/ripemd160_steps.h|s/#define KL3 0x8f1bbcdcu/#define KL3 0x8f1bbcddu/"
  "src/crypto/ripemd160_steps.h|s/#define KR4 0x00000000u/#define KR4 0x00000001u/"
  "src/crypto/ripemd160_steps.h|0,/w\[0\], 11);/s//w[0], 12);/"
  "src/crypto/ripemd160.c|s/c = rotl32(c, 10)/c = rotl32(c, 11)/"
  "src/crypto/common.h|s/buf\[fill++\] = 0x80/buf[fill++] = 0x01/"
  "src/crypto/common.h|s/if (fill > 56)/if (fill > 57)/"
  "src/crypto/hmac_sha256.c|s/rkey\[i\] ^= 0x5c;/rkey[i] ^= 0x5d;/"
  "src/crypto/hmac_sha512.c|s/0x5c ^ 0x36/0x5c ^ 0x37/"
  "src/crypto/siphash.c|s/0x736f6d6570736575/0x736f6d6570736574/"
  "src/crypto/siphash.c|s/v1 = rotr64(v1, 64 - 13)/v1 = rotr64(v1, 64 - 12)/"
  "src/crypto/siphash.c|s/v2 ^= 0xff;/v2 ^= 0xfe;/"
  "src/crypto/poly1305.c|s/h2 += (d0 < b) + hibit;/h2 += hibit;/"
  "src/crypto/poly1305.c|s/\*h2 = (\*h2 \& 3) + (t < c);/*h2 = *h2 \& 3;/"
  "src/crypto/poly1305.c|s/(h2 + (g < 5)) >> 2/h2 >> 2/"
  "src/crypto/poly1305.c|s/for (i = 0; i < 16; i++) d |=/for (i = 0; i < 15; i++) d |=/"
  "src/crypto/chacha20.c|s/#define R12(x) rotl32(x, 12)/#define R12(x) rotl32(x, 11)/"
  "src/crypto/chacha20poly1305.c|s/zeros, (16 - len % 16) % 16)/zeros, 16 - len % 16)/"
  "src/crypto/aes.c|s/(0x11b \& -(rcon >> 7))/(0x11d \& -(rcon >> 7))/"
  "src/crypto/merkle.c|s/for (i = 0; i < pairs \&\& !mutation; i++)/for (i = 0; i + 1 < pairs \&\& !mutation; i++)/"
  "src/crypto/muhash.c|s/#define P_DIFF 1103717/#define P_DIFF 1103719/"
  "src/crypto/keccak.c|s/0x8000000080008008,/0x8000000080008009,/"
  "src/crypto/keccak_round.h|s/rotl64(A##ku ^ Du, 39)/rotl64(A##ku ^ Du, 38)/"
  "src/crypto/keccak.c|s/E##ki = Bi ^ (~Bo \& Bu)/E##ki = Bi ^ (Bo \& Bu)/"
  "src/crypto/keccak.c|s/(uint64_t)0x80 << (8 \* ((ctx->rate - 1) % 8))/(uint64_t)0x81 << (8 * ((ctx->rate - 1) % 8))/"
  "src/crypto/keccak.c|s/{ init(ctx, 136, 0x01); }/{ init(ctx, 136, 0x06); }/"
  "src/crypto/keccak.c|s/out, outlen, data, len, 168, 0x1f)/out, outlen, data, len, 160, 0x1f)/"
  "src/crypto/salsa_lanes.h|s/STEP(x4, x0, x12, 7);/STEP(x4, x0, x12, 8);/"
  "src/crypto/scrypt.c|s/\&V\[32 \* (X\[16\] \& (N - 1))\]/\&V[32 * (X[17] \& (N - 1))]/"
  "src/crypto/pbkdf2.c|s/keyed, salted, 2048, out/keyed, salted, 2047, out/"
  "src/crypto/pbkdf2.c|s/<= UINT64_C(0xffffffff) \* hlen/<= UINT64_C(0xffffffff) * hlen + 1/"
  "src/crypto/scrypt.c|s/need == 0 || //"
  "src/crypto/chacha20poly1305.c|/int r = /,/return r/s/    next_packet(ctx);/    if (r == COIN_OK) next_packet(ctx);/"
  "src/crypto/hkdf_sha256.c|s/unsigned char i = 1;/unsigned char i = 2;/"
  "src/crypto/blake3_avx512.c|s/c\[1\]\[i\] = (uint32_t)(ctr >> 32);/c[1][i] = (uint32_t)(counter >> 32);/"
  "src/crypto/blake3_avx2.c|s/4, 7, 6, 5, 0, 3, 2, 1))/4, 7, 6, 5, 0, 3, 1, 2))/"
  "src/crypto/blake3_sse41.c|s/_mm_slli_epi32(x, 25)/_mm_slli_epi32(x, 24)/"
  "src/crypto/blake3.c|s/waiting\[--left\], 32)/waiting[w - left--], 32)/"
)

# --applies: only check, without a build, that each mutation still changes its file, so that
# a change to the code cannot leave one behind that no longer applies (.ci/run runs it).
if [ "${1:-}" = --applies ]; then
  bad=0
  for m in "${mutations[@]}"; do
    file=${m%%|*}
    expr=${m#*|}
    sed "$expr" "$top/$file" | cmp -s "$top/$file" - && { echo "NOT APPLIED  $file: $expr" >&2; bad=1; }
  done
  exit $bad
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$top" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar cf -) | (cd "$work" && tar xf -)
cd "$work"
./autogen.sh >/dev/null 2>&1
./configure --disable-bench --disable-shared >/dev/null
make -j2 test_coincrypto >/dev/null 2>&1
./test_coincrypto >/dev/null 2>&1 || { echo "the unmutated tree fails its tests" >&2; exit 1; }

survived=0
for m in "${mutations[@]}"; do
  file=${m%%|*}
  expr=${m#*|}
  cp "$file" "$file.orig"
  sed -i "$expr" "$file"
  if cmp -s "$file" "$file.orig"; then
    echo "NOT APPLIED  $file: $expr"
    survived=1
  elif ! make -j2 test_coincrypto >/dev/null 2>&1; then
    echo "NO BUILD     $file: $expr"
    survived=1
  # A mutated portable backend aborts in its self-test, possibly inside another primitive's
  # (HMAC inside scrypt's); Boost must not catch that abort, or the outer lock stays taken.
  elif timeout 600 ./test_coincrypto --catch_system_errors=no >/dev/null 2>&1; then
    echo "SURVIVED     $file: $expr"
    survived=1
  else
    echo "caught       $file: $expr"
  fi
  mv "$file.orig" "$file"
  touch "$file" # newer than the mutated objects, so the next build drops them
done
exit $survived
