/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_BACKENDS_H
#define COINCRYPTO_BACKENDS_H

/* Internal: the entry points of the accelerated backends, one file per ISA, each compiled
 * with that ISA's flags only. Only the dispatcher calls them, after the run-time guard. */

#include <stddef.h>
#include <stdint.h>

#include "aes.h"

/* For the helpers a backend needs inlined, so that its vectors live in registers. */
#if defined(__GNUC__)
# define ALWAYS_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
# define ALWAYS_INLINE __forceinline
#else
# define ALWAYS_INLINE inline
#endif

/* For a loop of up to 8 (or 16) steps over an array held in registers (the 8 bit planes of
 * AES's bitsliced state, the 5 limbs of the Poly1305 lanes, the lanes and rows of the BLAKE3
 * and scrypt transposes): unrolled, the array lives in registers; gcc -O2 otherwise keeps it
 * in memory and stores and loads it at every step (portable AES 1.6x slower, BLAKE3's
 * AVX-512 1 MB 10%, the scrypt batch with AVX-512 1.48x: scrypt_lanes.h). */
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 8)
# define UNROLL8 _Pragma("GCC unroll 8")
# define UNROLL16 _Pragma("GCC unroll 16")
#else
# define UNROLL8
# define UNROLL16
#endif

/* For the loops of four steps that load and store the SHA-256 lanes (sha256_avx2.c,
 * sha256_avx512.c): gcc -O2 keeps them rolled, and the vectors they fill in memory
 * (HASH256_MANY_BLOCK 1.09-1.17x slower with AVX-512, 1.07-1.10x with AVX2, on a Zen 5).
 * clang's code, another shape, measured 4-6% slower with the pragma, so only gcc reads it. */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8
# define GCC_UNROLL4 _Pragma("GCC unroll 4")
#else
# define GCC_UNROLL4
#endif

/* An empty asm through which the vector x passes: the compiler can no longer see its value and
 * keeps x as it is, so the copy or order it was written in stays (keccak_avx512.c and
 * sha1_x86_shani.c say why each needs it). The emulated build's <immintrin.h>
 * (src/test/emulated) keeps vectors in memory, and says so with COIN_ASM_VEC. */
#ifndef COIN_ASM_VEC
# define COIN_ASM_VEC "+v"
#endif
#define COIN_OPAQUE_VEC(x) __asm__("" : COIN_ASM_VEC(x))

/* Tables defined in sha256.c (see there), 16-byte aligned. */
extern const uint32_t coin_sha256_k[64];
extern const uint32_t coin_sha256_iv[8];
extern const uint32_t coin_sha256d64_pad64_wk[64];
extern const uint32_t coin_sha256d64_tail32_wk[8];

/* Compress n whole 64-byte blocks into the SHA-256 state s (any alignment). */
void coin_sha256_transform_x86_shani(uint32_t *s, const unsigned char *blocks, size_t n);
void coin_sha256_transform_avx2(uint32_t *s, const unsigned char *blocks, size_t n);
void coin_sha256_transform_arm_shani(uint32_t *s, const unsigned char *blocks, size_t n);

/* The SHA-256 digest of a message of `bytes` bytes from the state s after its whole blocks
 * and its last bytes % 64 bytes at tail, when bytes % 64 < 56 (one final block). Reads no
 * byte outside tail[0..bytes % 64), so tail may be the caller's message itself. */
void coin_sha256_final_x86_shani(const uint32_t *s, const unsigned char *tail, uint64_t bytes, unsigned char *out);

/* sha256d64 on exactly WIDTH 64-byte inputs: out[32*i..] = SHA-256(SHA-256(in[64*i..])). */
void coin_sha256d64_x86_shani_2way(unsigned char *out, const unsigned char *in);
void coin_sha256d64_x86_shani_4way(unsigned char *out, const unsigned char *in);
void coin_sha256d64_sse41_4way(unsigned char *out, const unsigned char *in);
void coin_sha256_transform_sse41(uint32_t *s, const unsigned char *blocks, size_t n);
void coin_sha256d64_avx2_8way(unsigned char *out, const unsigned char *in);
void coin_sha256d64_avx512_16way(unsigned char *out, const unsigned char *in);
void coin_sha256d64_arm_shani_2way(unsigned char *out, const unsigned char *in);

/* coin_sha256_many's lanes: for each lane k < WIDTH, compress the 64-byte block at blocks[k]
 * (any alignment) into the state s + 8k. */
void coin_sha256_lanes_x86_shani_2way(uint32_t *s, const unsigned char *const *blocks);
void coin_sha256_lanes_x86_shani_4way(uint32_t *s, const unsigned char *const *blocks);
void coin_sha256_lanes_sse41_4way(uint32_t *s, const unsigned char *const *blocks);
void coin_sha256_lanes_avx2_8way(uint32_t *s, const unsigned char *const *blocks);
void coin_sha256_lanes_avx512_16way(uint32_t *s, const unsigned char *const *blocks);
void coin_sha256_lanes_arm_shani_2way(uint32_t *s, const unsigned char *const *blocks);

/* RIPEMD-160 of WIDTH 32-byte messages (HASH160's second hash): out[20k..] =
 * RIPEMD-160(in[32k..32k+31]); all of in is read before out is written. */
void coin_ripemd160_d32_sse2_4way(unsigned char *out, const unsigned char *in);
void coin_ripemd160_d32_avx2_8way(unsigned char *out, const unsigned char *in);
void coin_ripemd160_d32_avx2_16way(unsigned char *out, const unsigned char *in);
void coin_ripemd160_d32_avx512_16way(unsigned char *out, const unsigned char *in);
void coin_ripemd160_d32_avx512_32way(unsigned char *out, const unsigned char *in);
void coin_ripemd160_d32_neon_4way(unsigned char *out, const unsigned char *in);

/* Compress n whole 64-byte blocks into the SHA-1 state s. The AVX2 one is built for x86-64
 * only (sha1_avx2.c says why). */
#if defined(__x86_64__) || defined(_M_X64)
# define COIN_SHA1_AVX2 1
#else
# define COIN_SHA1_AVX2 0
#endif
void coin_sha1_transform_x86_shani(uint32_t *s, const unsigned char *blocks, size_t n);
void coin_sha1_transform_avx2(uint32_t *s, const unsigned char *blocks, size_t n);
void coin_sha1_transform_ssse3(uint32_t *s, const unsigned char *blocks, size_t n);
void coin_sha1_transform_arm_shani(uint32_t *s, const unsigned char *blocks, size_t n);

/* The SHA-512 round constants, defined in sha512.c, 16-byte aligned. */
extern const uint64_t coin_sha512_k[80];

/* Compress n whole 128-byte blocks into the SHA-512 state s. */
void coin_sha512_transform_avx2(uint64_t *s, const unsigned char *blocks, size_t n);
void coin_sha512_transform_armv82(uint64_t *s, const unsigned char *blocks, size_t n);
/* For each lane k = 0..3 (0..7), compress the 128-byte block at blocks + 128 k (any
 * alignment) into the state s + 8 k: PBKDF2-HMAC-SHA512 on several passwords at once. */
void coin_sha512_transform_avx2_4way(uint64_t *s, const unsigned char *blocks);
void coin_sha512_transform_avx512_8way(uint64_t *s, const unsigned char *blocks);
/* The same with the SHA-512 transform selected now (sha512.c). */
void coin_sha512_transform(uint64_t s[8], const unsigned char *blocks, size_t n);

/* The Keccak-f[1600] round constants, defined in keccak.c, 64-byte aligned. */
extern const uint64_t coin_keccak_rc[24];

/* For each of n blocks: XOR the block's rate / 8 little-endian lanes into st[0 .. rate/8 - 1],
 * then apply Keccak-f[1600]; data advances by rate bytes (any alignment). rate is a multiple
 * of 8 up to 168, or 0: permute n times and read nothing. st is the plain state, lane (x, y)
 * at st[x + 5 * y]. */
void coin_keccak_absorb_avx2(uint64_t st[25], const unsigned char *data, size_t n, size_t rate);
void coin_keccak_absorb_avx512(uint64_t st[25], const unsigned char *data, size_t n, size_t rate);
void coin_keccak_absorb_armv82(uint64_t st[25], const unsigned char *data, size_t n, size_t rate);

/* scrypt's ROMix with r = 1 on 1, 4, 8 or 16 blocks at once: X holds the blocks (32 words each) one
 * after another, V is WIDTH * N * 32 words of scratch, 64-byte aligned; N is a power of two. */
void coin_scrypt_romix_sse2(uint32_t *X, uint32_t *V, uint32_t N);
void coin_scrypt_romix_avx2_8way(uint32_t *X, uint32_t *V, uint32_t N);
void coin_scrypt_romix_avx512_16way(uint32_t *X, uint32_t *V, uint32_t N);
void coin_scrypt_romix_neon_4way(uint32_t *X, uint32_t *V, uint32_t N);

/* ChaCha20: n 64-byte blocks of keystream from input (the key's 8 words, the block counter,
 * the nonce's 3 words), XORed into in[0 .. 64 n) unless in is NULL, written to out (in and
 * out any alignment, equal or not overlapping); the counter input[8] advances by n, and
 * each time it wraps to 0, input[9] is incremented. */
void coin_chacha20_blocks_ssse3(uint32_t input[12], unsigned char *out, const unsigned char *in, size_t n);
void coin_chacha20_blocks_avx2(uint32_t input[12], unsigned char *out, const unsigned char *in, size_t n);
void coin_chacha20_blocks_avx512(uint32_t input[12], unsigned char *out, const unsigned char *in, size_t n);
void coin_chacha20_blocks_neon(uint32_t input[12], unsigned char *out, const unsigned char *in, size_t n);

/* Poly1305: h = (h + block + 2^128) * r mod 2^130 - 5 for each of the n 16-byte blocks at m
 * (n a multiple of the width, 8 or 16, and at least that; any alignment), h and r in five
 * 26-bit limbs (h's under 2^27 in and out, r clamped). */
void coin_poly1305_blocks_avx2(uint32_t h[5], const uint32_t r[5], const unsigned char *m, size_t n);
void coin_poly1305_blocks_avx512(uint32_t h[5], const uint32_t r[5], const unsigned char *m, size_t n);
void coin_poly1305_blocks_avx512ifma(uint32_t h[5], const uint32_t r[5], const unsigned char *m, size_t n);

/* BLAKE3 (blake3.c): the chunks and parents kernels of blake3_lanes.h, WIDTH inputs per
 * vector (SSE4.1 and NEON 4, AVX2 8, AVX-512 16); any count, the last batch with lanes left
 * idle. */
void coin_blake3_chunks_sse41(const unsigned char *in, size_t chunks, const uint32_t key[8], uint64_t counter,
                              unsigned flags, unsigned char *out);
void coin_blake3_parents_sse41(const unsigned char *in, size_t n, const uint32_t key[8], unsigned flags,
                               unsigned char *out);
void coin_blake3_chunks_avx2(const unsigned char *in, size_t chunks, const uint32_t key[8], uint64_t counter,
                             unsigned flags, unsigned char *out);
void coin_blake3_parents_avx2(const unsigned char *in, size_t n, const uint32_t key[8], unsigned flags,
                              unsigned char *out);
void coin_blake3_chunks_avx512(const unsigned char *in, size_t chunks, const uint32_t key[8], uint64_t counter,
                               unsigned flags, unsigned char *out);
void coin_blake3_parents_avx512(const unsigned char *in, size_t n, const uint32_t key[8], unsigned flags,
                                unsigned char *out);
void coin_blake3_chunks_neon(const unsigned char *in, size_t chunks, const uint32_t key[8], uint64_t counter,
                             unsigned flags, unsigned char *out);
void coin_blake3_parents_neon(const unsigned char *in, size_t n, const uint32_t key[8], unsigned flags,
                              unsigned char *out);

/* AES-256 and AES-128 (aes.c): the key (of ctx->rounds - 6 words) set up in the backend's layout; ECB on `blocks` blocks; CBC on
 * `blocks` whole blocks from the chaining value iv, left in iv for the next call. out may be
 * in itself, or not overlap it. */
typedef void (*coin_aes256_blocks_fn)(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks);
typedef void (*coin_aes256_cbc_fn)(const coin_aes256_ctx *ctx, unsigned char iv[16], unsigned char *out,
                                   const unsigned char *in, size_t blocks);
void coin_aes256_setup_arm_aes(coin_aes256_ctx *ctx, const unsigned char *key);
void coin_aes256_encrypt_arm_aes(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks);
void coin_aes256_decrypt_arm_aes(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks);
void coin_aes256_cbc_encrypt_arm_aes(const coin_aes256_ctx *ctx, unsigned char iv[16], unsigned char *out,
                                     const unsigned char *in, size_t blocks);
void coin_aes256_cbc_decrypt_arm_aes(const coin_aes256_ctx *ctx, unsigned char iv[16], unsigned char *out,
                                     const unsigned char *in, size_t blocks);
void coin_aes256_setup_x86_aesni(coin_aes256_ctx *ctx, const unsigned char *key);
void coin_aes256_encrypt_x86_aesni(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks);
void coin_aes256_decrypt_x86_aesni(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks);
void coin_aes256_cbc_encrypt_x86_aesni(const coin_aes256_ctx *ctx, unsigned char iv[16], unsigned char *out,
                                       const unsigned char *in, size_t blocks);
void coin_aes256_cbc_decrypt_x86_aesni(const coin_aes256_ctx *ctx, unsigned char iv[16], unsigned char *out,
                                       const unsigned char *in, size_t blocks);
void coin_aes256_setup_x86_aesni_avx(coin_aes256_ctx *ctx, const unsigned char *key);
void coin_aes256_encrypt_x86_aesni_avx(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks);
void coin_aes256_decrypt_x86_aesni_avx(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks);
void coin_aes256_cbc_encrypt_x86_aesni_avx(const coin_aes256_ctx *ctx, unsigned char iv[16], unsigned char *out,
                                           const unsigned char *in, size_t blocks);
void coin_aes256_cbc_decrypt_x86_aesni_avx(const coin_aes256_ctx *ctx, unsigned char iv[16], unsigned char *out,
                                           const unsigned char *in, size_t blocks);

#endif
