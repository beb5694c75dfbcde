/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-256 with SSE4.1, for CPUs with neither the SHA extensions nor AVX2 (Nehalem to Ivy
 * Bridge, Silvermont, Jaguar).
 *
 * Compiled with -msse4.1 only; the dispatcher calls it when CPUID reports SSE4.1 (and
 * SSSE3, for pshufb).
 *
 * coin_sha256d64_sse41_4way: each __m128i holds the same 32-bit word of 4 independent
 * messages, one per lane; the algorithm, common to the SIMD backends, is in
 * sha256d64_lanes.h. SSE has no vector rotate: a rotate is two shifts and an OR.
 * coin_sha256_lanes_sse41_4way compresses one block of each of 4 messages of any length
 * (coin_sha256_many) with the same rounds.
 *
 * coin_sha256_transform_sse41: one message, as coin_sha256_transform_avx2 but for one block
 * at a time: the vector unit schedules four words at a time, 16 rounds ahead of the scalar
 * rounds (sha256_rounds.h), which read W + K from a buffer on the stack. */

#include <immintrin.h>

#include "backends.h"
#include "sha256_rounds.h"

typedef __m128i vec;
#define SHA256_LANES_WIDTH 4

static inline vec C(uint32_t x) { return _mm_set1_epi32((int)x); }
static inline vec Add(vec x, vec y) { return _mm_add_epi32(x, y); }
static inline vec Add3(vec x, vec y, vec z) { return Add(Add(x, y), z); }
static inline vec Xor3(vec x, vec y, vec z) { return _mm_xor_si128(_mm_xor_si128(x, y), z); }
#define ROR(x, n) _mm_or_si128(_mm_srli_epi32(x, n), _mm_slli_epi32(x, 32 - (n)))

static inline vec Sigma0(vec x) { return Xor3(ROR(x, 2), ROR(x, 13), ROR(x, 22)); }
static inline vec Sigma1(vec x) { return Xor3(ROR(x, 6), ROR(x, 11), ROR(x, 25)); }
static inline vec sigma0(vec x) { return Xor3(ROR(x, 7), ROR(x, 18), _mm_srli_epi32(x, 3)); }
static inline vec sigma1(vec x) { return Xor3(ROR(x, 17), ROR(x, 19), _mm_srli_epi32(x, 10)); }
/* (e & f) ^ (~e & g) */
static inline vec Ch(vec e, vec f, vec g)
{
    return _mm_xor_si128(_mm_and_si128(e, f), _mm_andnot_si128(e, g));
}
/* b ^ ((a ^ b) & (b ^ c)): a ^ b is the next round's b ^ c, which the compiler reuses. */
static inline vec Maj(vec a, vec b, vec c)
{
    return _mm_xor_si128(b, _mm_and_si128(_mm_xor_si128(a, b), _mm_xor_si128(b, c)));
}

/* Unaligned loads and stores (through void * so that no cast claims an alignment). */
static inline vec loadu(const unsigned char *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}
static inline void storeu(unsigned char *p, vec x)
{
    _mm_storeu_si128((__m128i *)(void *)p, x);
}

/* Byte-swaps each 32-bit word: SHA-256 words are big-endian. */
static inline vec bswap32(vec x)
{
    return _mm_shuffle_epi8(x, _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));
}

/* 4x4 transpose of 32-bit elements: r[j] element k becomes r[k] element j. */
static inline void transpose4(vec r[4])
{
    vec t0 = _mm_unpacklo_epi32(r[0], r[1]), t1 = _mm_unpackhi_epi32(r[0], r[1]);
    vec t2 = _mm_unpacklo_epi32(r[2], r[3]), t3 = _mm_unpackhi_epi32(r[2], r[3]);
    r[0] = _mm_unpacklo_epi64(t0, t2);
    r[1] = _mm_unpackhi_epi64(t0, t2);
    r[2] = _mm_unpacklo_epi64(t1, t3);
    r[3] = _mm_unpackhi_epi64(t1, t3);
}

/* v[j] = word j, in memory order, of the 4 lanes' data p[0], .., p[3] (any alignment), for
 * j < words (a multiple of 4). */
static inline void load_words(vec *v, int words, const unsigned char *const p[4])
{
    int j, k;
    for (j = 0; j < words; j += 4) {
        for (k = 0; k < 4; k++) v[j + k] = loadu(p[k] + 4 * j);
        transpose4(v + j);
    }
}

/* out[32 * k + 4 * j..] = word j of lane k of s, in memory order; s is clobbered. */
static inline void store_words(unsigned char *out, vec s[8])
{
    int j, k;
    for (j = 0; j < 8; j += 4) {
        transpose4(s + j);
        for (k = 0; k < 4; k++) storeu(out + 32 * k + 4 * j, s[j + k]);
    }
}

/* Defines coin_sha256d64_sse41_4way and coin_sha256_lanes_sse41_4way (see backends.h): the
 * template's rounds on the lanes of vec. */
#define SHA256D64_LANES_ENTRY coin_sha256d64_sse41_4way
#define SHA256_LANES_ENTRY coin_sha256_lanes_sse41_4way
#include "sha256d64_lanes.h"

/* ------------------------------------------------------------------------------------ */
/* One message: scalar rounds, vector schedule                                           */

/* sigma1 of two schedule words: of elements 2 and 3 into elements 0 and 1 (hi = 0), or of
 * elements 0 and 1 into elements 2 and 3 (hi = 1), the other two zero; each word is copied
 * into both halves of a 64-bit element, so that a 64-bit shift leaves a 32-bit rotate in
 * the low half. */
static inline vec sigma1_half(vec x, int hi)
{
    const vec to_lo = _mm_setr_epi8(0, 1, 2, 3, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1);
    const vec to_hi = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 8, 9, 10, 11);
    vec d = hi ? _mm_shuffle_epi32(x, 0x50) : _mm_shuffle_epi32(x, 0xfa);
    vec r = Xor3(_mm_srli_epi64(d, 17), _mm_srli_epi64(d, 19), _mm_srli_epi32(d, 10));
    return _mm_shuffle_epi8(r, hi ? to_hi : to_lo);
}

/* W[t..t+3] from x0..x3 = W[t-16..t-13], W[t-12..t-9], W[t-8..t-5], W[t-4..t-1]. W[t+2] and
 * W[t+3] need W[t] and W[t+1]: sigma1 goes in two halves. */
static inline vec schedule4(vec x0, vec x1, vec x2, vec x3)
{
    vec r = Add3(x0, _mm_alignr_epi8(x3, x2, 4), sigma0(_mm_alignr_epi8(x1, x0, 4)));
    r = Add(r, sigma1_half(x3, 0));
    return Add(r, sigma1_half(r, 1));
}

/* Stores x + K[i..i+3] to the 16-byte-aligned p[0..3]. */
static inline void store_wk(uint32_t *p, vec x, int i)
{
    _mm_store_si128((vec *)(void *)p, Add(x, loadu((const unsigned char *)(coin_sha256_k + i))));
}

void coin_sha256_transform_sse41(uint32_t *s, const unsigned char *blocks, size_t n)
{
    _Alignas(16) uint32_t wk[64];
    uint32_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7], x, y;

    for (; n > 0; n--, blocks += 64) {
        vec x0 = bswap32(loadu(blocks)), x1 = bswap32(loadu(blocks + 16));
        vec x2 = bswap32(loadu(blocks + 32)), x3 = bswap32(loadu(blocks + 48));
        int q;

        store_wk(wk, x0, 0);
        store_wk(wk + 4, x1, 4);
        store_wk(wk + 8, x2, 8);
        store_wk(wk + 12, x3, 12);
        x = b ^ c;
        /* Rounds 0..47, while the vector unit schedules words 16..63. */
        for (q = 0; q < 48; q += 16) {
            x0 = schedule4(x0, x1, x2, x3);
            store_wk(wk + q + 16, x0, q + 16);
            RND4(RND_SCHED, a, b, c, d, e, f, g, h, wk + q);
            x1 = schedule4(x1, x2, x3, x0);
            store_wk(wk + q + 20, x1, q + 20);
            RND4(RND_SCHED, e, f, g, h, a, b, c, d, wk + q + 4);
            x2 = schedule4(x2, x3, x0, x1);
            store_wk(wk + q + 24, x2, q + 24);
            RND4(RND_SCHED, a, b, c, d, e, f, g, h, wk + q + 8);
            x3 = schedule4(x3, x0, x1, x2);
            store_wk(wk + q + 28, x3, q + 28);
            RND4(RND_SCHED, e, f, g, h, a, b, c, d, wk + q + 12);
        }
        RND4(RND, a, b, c, d, e, f, g, h, wk + 48);
        RND4(RND, e, f, g, h, a, b, c, d, wk + 52);
        RND4(RND, a, b, c, d, e, f, g, h, wk + 56);
        RND4(RND, e, f, g, h, a, b, c, d, wk + 60);
        a = s[0] += a; b = s[1] += b; c = s[2] += c; d = s[3] += d;
        e = s[4] += e; f = s[5] += f; g = s[6] += g; h = s[7] += h;
    }
}
