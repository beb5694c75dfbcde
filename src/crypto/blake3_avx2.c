/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* BLAKE3 with AVX2: 8 chunks, or 8 parent nodes, at once, one in each 32-bit lane of the
 * ymm registers: each block's message words transposed into 16 vectors (which the compiler
 * keeps on the stack: with the state's 16 they outnumber the registers), rotations by 16 and
 * 8 as byte shuffles, by 12 and 7 as two shifts and an OR.
 *
 * Compiled with -mavx2 -mbmi2 only; the dispatcher calls it when CPUID and XGETBV report
 * AVX2 (and BMI2, which the compiler may use anywhere in this file) with the YMM state
 * enabled. */

#include <immintrin.h>

#include "backends.h"
#include "blake3_lanes.h"

#define Y_ADD(a, b) _mm256_add_epi32(a, b)
#define Y_XOR(a, b) _mm256_xor_si256(a, b)
#define Y_SHUFFLE(x, m) _mm256_shuffle_epi8(x, _mm256_broadcastsi128_si256(m))
#define Y_R16(x) Y_SHUFFLE(x, _mm_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2))
#define Y_R8(x) Y_SHUFFLE(x, _mm_set_epi8(12, 15, 14, 13, 8, 11, 10, 9, 4, 7, 6, 5, 0, 3, 2, 1))
#define Y_R12(x) _mm256_or_si256(_mm256_srli_epi32(x, 12), _mm256_slli_epi32(x, 20))
#define Y_R7(x) _mm256_or_si256(_mm256_srli_epi32(x, 7), _mm256_slli_epi32(x, 25))
#define Y_SET1(w) _mm256_set1_epi32((int)(w))
#define BLAKE3_OPS Y_ADD, Y_XOR, Y_R16, Y_R12, Y_R8, Y_R7
#define M(i) m[i]

/* Interleaving the 8 vectors r by words, then by pairs of words: in each 128-bit half, u[w]
 * (w < 4) holds word w of that half of r[0], r[1], r[2] and r[3], and u[4 + w] the same of
 * r[4..7]. */
static ALWAYS_INLINE void y8_interleave(__m256i u[8], const __m256i r[8])
{
    __m256i t[8];
    int i;
    UNROLL16
    for (i = 0; i < 8; i += 2) {
        t[i] = _mm256_unpacklo_epi32(r[i], r[i + 1]);
        t[i + 1] = _mm256_unpackhi_epi32(r[i], r[i + 1]);
    }
    UNROLL16
    for (i = 0; i < 8; i += 4) {
        u[i] = _mm256_unpacklo_epi64(t[i], t[i + 2]);
        u[i + 1] = _mm256_unpackhi_epi64(t[i], t[i + 2]);
        u[i + 2] = _mm256_unpacklo_epi64(t[i + 1], t[i + 3]);
        u[i + 3] = _mm256_unpackhi_epi64(t[i + 1], t[i + 3]);
    }
}

/* Word w of the 8 inputs' 64 bytes at p[k] + off into m[w], input k's in lane k. Of each 32
 * bytes, r[i] (i < 4) holds words 0-3 of inputs i and 4 + i in its halves, and r[4 + i] words
 * 4-7, so that interleaved they are in order. The high halves loaded into place (vinserti128
 * from memory) take a slot on any vector port, where the shuffles of 128-bit lanes they save
 * could take only port 5 on Intel's cores. */
static ALWAYS_INLINE void y8_load(__m256i m[16], const unsigned char *const p[8], size_t off)
{
    __m256i r[8];
    int half, i;
    for (half = 0; half < 2; half++) {
        UNROLL16
        for (i = 0; i < 8; i++) {
            const size_t o = off + 32 * (size_t)half + 16 * (size_t)(i / 4);
            r[i] = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p[i % 4] + o))),
                                           _mm_loadu_si128((const __m128i *)(const void *)(p[4 + i % 4] + o)), 1);
        }
        y8_interleave(m + 8 * half, r);
    }
}

/* 8 rows of 8 words in r: afterwards r[i] holds word i of each former row, row k's in lane
 * k (the halves of y8_interleave's output exchanged). */
static ALWAYS_INLINE void y8_transpose(__m256i r[8])
{
    __m256i u[8];
    int i;
    y8_interleave(u, r);
    UNROLL16
    for (i = 0; i < 4; i++) {
        r[i] = _mm256_permute2x128_si256(u[i], u[4 + i], 0x20);
        r[4 + i] = _mm256_permute2x128_si256(u[i], u[4 + i], 0x31);
    }
}

/* One block of each lane into the chaining values h, with the lanes' counters lo, hi. */
static ALWAYS_INLINE void y8_compress(__m256i h[8], const __m256i m[16], __m256i lo, __m256i hi, unsigned flags)
{
    __m256i v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3], v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
    __m256i v8 = Y_SET1(BLAKE3_IV0), v9 = Y_SET1(BLAKE3_IV1), v10 = Y_SET1(BLAKE3_IV2), v11 = Y_SET1(BLAKE3_IV3);
    __m256i v12 = lo, v13 = hi, v14 = Y_SET1(64), v15 = Y_SET1(flags);
    BLAKE3_SEVEN_ROUNDS(BLAKE3_LANES_ROUND);
    h[0] = Y_XOR(v0, v8); h[1] = Y_XOR(v1, v9); h[2] = Y_XOR(v2, v10); h[3] = Y_XOR(v3, v11);
    h[4] = Y_XOR(v4, v12); h[5] = Y_XOR(v5, v13); h[6] = Y_XOR(v6, v14); h[7] = Y_XOR(v7, v15);
}

/* n <= 8 inputs of `blocks` blocks, input k at in + stride k with the counter counter + step k;
 * the idle lanes hash input 0 again, and their values are not stored. */
static ALWAYS_INLINE void y8_hash(const unsigned char *in, size_t n, size_t stride, int blocks, const uint32_t key[8],
                                  uint64_t counter, unsigned step, unsigned flags, unsigned start, unsigned end,
                                  unsigned char *out)
{
    const unsigned char *p[8];
    uint32_t c[2][8];
    __m256i h[8], m[16], lo, hi;
    int b, i;
    UNROLL16
    for (i = 0; i < 8; i++) {
        const uint64_t ctr = counter + (uint64_t)step * (unsigned)i;
        p[i] = in + stride * ((size_t)i < n ? (size_t)i : 0);
        c[0][i] = (uint32_t)ctr;
        c[1][i] = (uint32_t)(ctr >> 32);
    }
    lo = _mm256_loadu_si256((const __m256i *)(const void *)c[0]);
    hi = _mm256_loadu_si256((const __m256i *)(const void *)c[1]);
    UNROLL16
    for (i = 0; i < 8; i++) h[i] = Y_SET1(key[i]);
    /* The next block's words before this block's rounds, as in blake3_avx512.c. */
    y8_load(m, p, 0);
    for (b = 0; b < blocks; b++) {
        __m256i next[16];
        y8_load(next, p, 64 * (size_t)(b + 1 < blocks ? b + 1 : b));
        y8_compress(h, m, lo, hi, flags | (b == 0 ? start : 0) | (b == blocks - 1 ? end : 0));
        UNROLL16
        for (i = 0; i < 16; i++) m[i] = next[i];
    }
    y8_transpose(h);
    UNROLL16
    for (i = 0; (size_t)i < n; i++) _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), h[i]);
}

void coin_blake3_chunks_avx2(const unsigned char *in, size_t chunks, const uint32_t key[8], uint64_t counter,
                             unsigned flags, unsigned char *out)
{
    while (chunks > 0) {
        const size_t n = chunks < 8 ? chunks : 8;
        y8_hash(in, n, 1024, BLAKE3_CHUNK_BLOCKS, key, counter, 1, flags, BLAKE3_CHUNK_START, BLAKE3_CHUNK_END, out);
        in += 1024 * n;
        out += 32 * n;
        counter += n;
        chunks -= n;
    }
}

void coin_blake3_parents_avx2(const unsigned char *in, size_t n, const uint32_t key[8], unsigned flags,
                              unsigned char *out)
{
    while (n > 0) {
        const size_t k = n < 8 ? n : 8;
        y8_hash(in, k, 64, 1, key, 0, 0, flags, 0, 0, out);
        in += 64 * k;
        out += 32 * k;
        n -= k;
    }
}
