/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* AES-256 with AES-NI (x86-64 and i686), reached through the dispatcher's guard. CBC
 * encryption is serial by nature; CBC decryption and ECB run 8 blocks at a time, enough to
 * cover aesdec's latency on current cores.
 *
 * Compiled twice: here with -maes -msse2 (the x86_aesni backend, legacy SSE encodings, for
 * CPUs without AVX), and through aes_x86_aesni_avx.c with -mavx -maes (x86_aesni_avx, the same
 * code in VEX encodings, for CPUs with AVX). Legacy SSE code run while another function has left the
 * upper halves of the ymm/zmm registers dirty (AVX code without vzeroupper, as OpenSSL's
 * AVX-512 Poly1305) pays for the transition: on an AMD Zen 4, CBC decryption took about 1.6
 * times as long. VEX code does not. */
#include <string.h>
#include <immintrin.h>

#include "backends.h"

#ifdef COIN_AESNI_AVX
# define AESNI(f) f##_x86_aesni_avx
#else
# define AESNI(f) f##_x86_aesni
#endif

/* Round key i+1 of AES-256 from round keys i-1 and i: t is aeskeygenassist of key i, whose
 * word 3 (odd steps: RotWord, SubWord and rcon) or word 2 (even steps: SubWord) is spread. */
static ALWAYS_INLINE __m128i next_key(__m128i prev, __m128i t)
{
    prev = _mm_xor_si128(prev, _mm_slli_si128(prev, 4));
    prev = _mm_xor_si128(prev, _mm_slli_si128(prev, 8));
    return _mm_xor_si128(prev, t);
}

/* Round keys i (odd step) and i + 1 (even step). */
#define ODD(i, rcon) rk[i] = next_key(rk[i - 2], _mm_shuffle_epi32(_mm_aeskeygenassist_si128(rk[i - 1], rcon), 0xff))
#define EVEN(i) rk[i] = next_key(rk[i - 2], _mm_shuffle_epi32(_mm_aeskeygenassist_si128(rk[i - 1], 0), 0xaa))

/* n vectors on the stack zeroed before returning (the wipe must not be optimised away): round
 * keys, the setup's or a call's copy, and decrypted blocks. */
static ALWAYS_INLINE void wipe(__m128i *v, int n)
{
    int i;
    UNROLL16 for (i = 0; i < n; i++) v[i] = _mm_setzero_si128(); /* stores, not a rep stos */
    __asm__ __volatile__("" : : "r"(v) : "memory");
}

/* AES-128's round key i from key i - 1. */
#define NEXT128(i, rcon) rk[i] = next_key(rk[i - 1], _mm_shuffle_epi32(_mm_aeskeygenassist_si128(rk[i - 1], rcon), 0xff))

void AESNI(coin_aes256_setup)(coin_aes256_ctx *ctx, const unsigned char *key)
{
    const int rounds = (int)ctx->rounds;
    __m128i rk[15];
    int i;
    rk[0] = _mm_loadu_si128((const __m128i *)(const void *)key);
    if (rounds == 14) {
        rk[1] = _mm_loadu_si128((const __m128i *)(const void *)(key + 16));
        ODD(2, 0x01); EVEN(3);
        ODD(4, 0x02); EVEN(5);
        ODD(6, 0x04); EVEN(7);
        ODD(8, 0x08); EVEN(9);
        ODD(10, 0x10); EVEN(11);
        ODD(12, 0x20); EVEN(13);
        ODD(14, 0x40);
    } else {
        NEXT128(1, 0x01); NEXT128(2, 0x02); NEXT128(3, 0x04); NEXT128(4, 0x08); NEXT128(5, 0x10);
        NEXT128(6, 0x20); NEXT128(7, 0x40); NEXT128(8, 0x80); NEXT128(9, 0x1b); NEXT128(10, 0x36);
    }
    /* Decryption (the equivalent inverse cipher): the keys reversed, InvMixColumns on the
     * inner ones. */
    for (i = 0; i <= rounds; i++) {
        __m128i d = rk[rounds - i];
        if (i > 0 && i < rounds) d = _mm_aesimc_si128(d);
        _mm_storeu_si128((__m128i *)(void *)ctx->k.rk[0][i], rk[i]);
        _mm_storeu_si128((__m128i *)(void *)ctx->k.rk[1][i], d);
    }
    wipe(rk, 15);
}

static ALWAYS_INLINE void load_keys(__m128i k[15], const unsigned char rk[15][16], int rounds)
{
    int i;
    for (i = 0; i <= rounds; i++) k[i] = _mm_loadu_si128((const __m128i *)(const void *)rk[i]);
}

static ALWAYS_INLINE __m128i encrypt1(const __m128i k[15], int rounds, __m128i x)
{
    int r;
    x = _mm_xor_si128(x, k[0]);
    for (r = 1; r < rounds; r++) x = _mm_aesenc_si128(x, k[r]);
    return _mm_aesenclast_si128(x, k[rounds]);
}

static ALWAYS_INLINE __m128i decrypt1(const __m128i k[15], int rounds, __m128i x)
{
    int r;
    x = _mm_xor_si128(x, k[0]);
    for (r = 1; r < rounds; r++) x = _mm_aesdec_si128(x, k[r]);
    return _mm_aesdeclast_si128(x, k[rounds]);
}

/* 8 blocks in flight together, round by round (spelt out: compilers keep such loops). */
#define ALL8(f, key)                                                                   \
    do {                                                                               \
        x[0] = f(x[0], key); x[1] = f(x[1], key); x[2] = f(x[2], key); x[3] = f(x[3], key); \
        x[4] = f(x[4], key); x[5] = f(x[5], key); x[6] = f(x[6], key); x[7] = f(x[7], key); \
    } while (0)

static ALWAYS_INLINE void encrypt8(const __m128i k[15], int rounds, __m128i x[8])
{
    int r;
    ALL8(_mm_xor_si128, k[0]);
    for (r = 1; r < rounds; r++) {
        ALL8(_mm_aesenc_si128, k[r]);
    }
    ALL8(_mm_aesenclast_si128, k[rounds]);
}

static ALWAYS_INLINE void decrypt8(const __m128i k[15], int rounds, __m128i x[8])
{
    int r;
    ALL8(_mm_xor_si128, k[0]);
    for (r = 1; r < rounds; r++) {
        ALL8(_mm_aesdec_si128, k[r]);
    }
    ALL8(_mm_aesdeclast_si128, k[rounds]);
}

void AESNI(coin_aes256_encrypt)(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks)
{
    const int rounds = (int)ctx->rounds;
    __m128i k[15], x[8];
    int j;
    load_keys(k, ctx->k.rk[0], rounds);
    for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
        for (j = 0; j < 8; j++) x[j] = _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * j));
        encrypt8(k, rounds, x);
        for (j = 0; j < 8; j++) _mm_storeu_si128((__m128i *)(void *)(out + 16 * j), x[j]);
    }
    for (; blocks > 0; blocks--, in += 16, out += 16) {
        _mm_storeu_si128((__m128i *)(void *)out, encrypt1(k, rounds, _mm_loadu_si128((const __m128i *)(const void *)in)));
    }
    wipe(k, 15);
}

void AESNI(coin_aes256_decrypt)(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks)
{
    const int rounds = (int)ctx->rounds;
    __m128i k[15], x[8];
    int j;
    load_keys(k, ctx->k.rk[1], rounds);
    for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
        for (j = 0; j < 8; j++) x[j] = _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * j));
        decrypt8(k, rounds, x);
        for (j = 0; j < 8; j++) _mm_storeu_si128((__m128i *)(void *)(out + 16 * j), x[j]);
    }
    for (; blocks > 0; blocks--, in += 16, out += 16) {
        _mm_storeu_si128((__m128i *)(void *)out, decrypt1(k, rounds, _mm_loadu_si128((const __m128i *)(const void *)in)));
    }
    wipe(k, 15);
    wipe(x, 8);
}

/* CBC encryption is one chain through the blocks. The two XORs between one block's last round
 * and the next block's first (its plaintext, the first round key) are taken off that chain:
 * aesenclast ends with the XOR of its round key, so aesenclast(x, last key ^ p ^ k[0]) is
 * already the next block's input to round 1, and the ciphertext block is that ^ p ^ k[0]. */
void AESNI(coin_aes256_cbc_encrypt)(const coin_aes256_ctx *ctx, unsigned char iv[16], unsigned char *out,
                                     const unsigned char *in, size_t blocks)
{
    const int rounds = (int)ctx->rounds;
    __m128i k[15], x, t;
    int r;
    if (blocks == 0) return;
    load_keys(k, ctx->k.rk[0], rounds);
    t = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)in), k[0]);
    x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)iv), t);
    for (;;) {
        for (r = 1; r < rounds; r++) x = _mm_aesenc_si128(x, k[r]);
        if (--blocks == 0) break;
        in += 16;
        t = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)in), k[0]);
        x = _mm_aesenclast_si128(x, _mm_xor_si128(k[rounds], t));
        _mm_storeu_si128((__m128i *)(void *)out, _mm_xor_si128(x, t));
        out += 16;
    }
    x = _mm_aesenclast_si128(x, k[rounds]);
    _mm_storeu_si128((__m128i *)(void *)out, x);
    _mm_storeu_si128((__m128i *)(void *)iv, x);
    wipe(k, 15);
}

void AESNI(coin_aes256_cbc_decrypt)(const coin_aes256_ctx *ctx, unsigned char iv[16], unsigned char *out,
                                     const unsigned char *in, size_t blocks)
{
    const int rounds = (int)ctx->rounds;
    __m128i k[15], x[8], c[8], prev = _mm_loadu_si128((const __m128i *)(const void *)iv);
    int j;
    load_keys(k, ctx->k.rk[1], rounds);
    for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
        for (j = 0; j < 8; j++) x[j] = c[j] = _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * j));
        decrypt8(k, rounds, x);
        _mm_storeu_si128((__m128i *)(void *)out, _mm_xor_si128(x[0], prev));
        for (j = 1; j < 8; j++) _mm_storeu_si128((__m128i *)(void *)(out + 16 * j), _mm_xor_si128(x[j], c[j - 1]));
        prev = c[7];
    }
    for (; blocks > 0; blocks--, in += 16, out += 16) {
        __m128i cj = _mm_loadu_si128((const __m128i *)(const void *)in);
        _mm_storeu_si128((__m128i *)(void *)out, _mm_xor_si128(decrypt1(k, rounds, cj), prev));
        prev = cj;
    }
    _mm_storeu_si128((__m128i *)(void *)iv, prev);
    wipe(k, 15);
    wipe(x, 8);
}
