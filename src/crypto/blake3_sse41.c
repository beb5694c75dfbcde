/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* BLAKE3 with SSE4.1: 4 chunks, or 4 parent nodes, at once, one in each 32-bit lane of the
 * xmm registers, as the AVX2 backend does 8: each block's message words transposed into 16
 * vectors, rotations by 16 and 8 as byte shuffles (pshufb, SSSE3), by 12 and 7 as two shifts
 * and an OR.
 *
 * Compiled with -msse4.1 only; the dispatcher calls it when CPUID reports SSE4.1 and SSSE3. */

#include <immintrin.h>

#include "backends.h"
#include "blake3_lanes.h"

#define X_ADD(a, b) _mm_add_epi32(a, b)
#define X_XOR(a, b) _mm_xor_si128(a, b)
#define X_R16(x) _mm_shuffle_epi8(x, _mm_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2))
#define X_R8(x) _mm_shuffle_epi8(x, _mm_set_epi8(12, 15, 14, 13, 8, 11, 10, 9, 4, 7, 6, 5, 0, 3, 2, 1))
#define X_R12(x) _mm_or_si128(_mm_srli_epi32(x, 12), _mm_slli_epi32(x, 20))
#define X_R7(x) _mm_or_si128(_mm_srli_epi32(x, 7), _mm_slli_epi32(x, 25))
#define X_SET1(w) _mm_set1_epi32((int)(w))
#define BLAKE3_OPS X_ADD, X_XOR, X_R16, X_R12, X_R8, X_R7
/* The message words are read from memory at each use (volatile): gcc 12 otherwise kept some
 * of them in registers across rounds and spilled state words instead, each spill stored and
 * reloaded on the round's dependency chain. On a Zen 5, 1,024 chunks took 840 us with gcc's
 * build of m[i], 685 with this (clang's, either way, 530-550). */
#define M(i) (*(const volatile __m128i *)&m[i])

/* 4 rows of 4 words in r: afterwards r[i] holds word i of each former row, row k's in lane k. */
static ALWAYS_INLINE void x4_transpose(__m128i r[4])
{
    const __m128i t0 = _mm_unpacklo_epi32(r[0], r[1]), t1 = _mm_unpackhi_epi32(r[0], r[1]);
    const __m128i t2 = _mm_unpacklo_epi32(r[2], r[3]), t3 = _mm_unpackhi_epi32(r[2], r[3]);
    r[0] = _mm_unpacklo_epi64(t0, t2);
    r[1] = _mm_unpackhi_epi64(t0, t2);
    r[2] = _mm_unpacklo_epi64(t1, t3);
    r[3] = _mm_unpackhi_epi64(t1, t3);
}

/* One block of each lane into the chaining values h, with the lanes' counters lo, hi. */
static ALWAYS_INLINE void x4_compress(__m128i h[8], const __m128i m[16], __m128i lo, __m128i hi, unsigned flags)
{
    __m128i v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3], v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
    __m128i v8 = X_SET1(BLAKE3_IV0), v9 = X_SET1(BLAKE3_IV1), v10 = X_SET1(BLAKE3_IV2), v11 = X_SET1(BLAKE3_IV3);
    __m128i v12 = lo, v13 = hi, v14 = X_SET1(64), v15 = X_SET1(flags);
    BLAKE3_SEVEN_ROUNDS(BLAKE3_LANES_ROUND);
    h[0] = X_XOR(v0, v8); h[1] = X_XOR(v1, v9); h[2] = X_XOR(v2, v10); h[3] = X_XOR(v3, v11);
    h[4] = X_XOR(v4, v12); h[5] = X_XOR(v5, v13); h[6] = X_XOR(v6, v14); h[7] = X_XOR(v7, v15);
}

/* n <= 4 inputs of `blocks` blocks, input k at in + stride k with the counter counter + step k;
 * the idle lanes hash input 0 again, and their values are not stored. */
static ALWAYS_INLINE void x4_hash(const unsigned char *in, size_t n, size_t stride, int blocks, const uint32_t key[8],
                                  uint64_t counter, unsigned step, unsigned flags, unsigned start, unsigned end,
                                  unsigned char *out)
{
    const unsigned char *p[4];
    uint32_t c[2][4];
    __m128i h[8], m[16], lo, hi;
    int b, i, g;
    UNROLL16
    for (i = 0; i < 4; i++) {
        const uint64_t ctr = counter + (uint64_t)step * (unsigned)i;
        p[i] = in + stride * ((size_t)i < n ? (size_t)i : 0);
        c[0][i] = (uint32_t)ctr;
        c[1][i] = (uint32_t)(ctr >> 32);
    }
    lo = _mm_loadu_si128((const __m128i *)(const void *)c[0]);
    hi = _mm_loadu_si128((const __m128i *)(const void *)c[1]);
    UNROLL16
    for (i = 0; i < 8; i++) h[i] = X_SET1(key[i]);
    for (b = 0; b < blocks; b++) {
        /* m[4 g + k]: words 4g .. 4g + 3 of lane k, transposed to words 4g .. 4g + 3 of the lanes. */
        UNROLL16
        for (g = 0; g < 4; g++) {
            UNROLL16
            for (i = 0; i < 4; i++) m[4 * g + i] = _mm_loadu_si128((const __m128i *)(const void *)(p[i] + 64 * b + 16 * g));
            x4_transpose(m + 4 * g);
        }
        x4_compress(h, m, lo, hi, flags | (b == 0 ? start : 0) | (b == blocks - 1 ? end : 0));
    }
    /* Words 0-3 and 4-7 of each lane. */
    x4_transpose(h);
    x4_transpose(h + 4);
    UNROLL16
    for (i = 0; (size_t)i < n; i++) {
        _mm_storeu_si128((__m128i *)(void *)(out + 32 * i), h[i]);
        _mm_storeu_si128((__m128i *)(void *)(out + 32 * i + 16), h[4 + i]);
    }
}

void coin_blake3_chunks_sse41(const unsigned char *in, size_t chunks, const uint32_t key[8], uint64_t counter,
                              unsigned flags, unsigned char *out)
{
    while (chunks > 0) {
        const size_t n = chunks < 4 ? chunks : 4;
        x4_hash(in, n, 1024, BLAKE3_CHUNK_BLOCKS, key, counter, 1, flags, BLAKE3_CHUNK_START, BLAKE3_CHUNK_END, out);
        in += 1024 * n;
        out += 32 * n;
        counter += n;
        chunks -= n;
    }
}

void coin_blake3_parents_sse41(const unsigned char *in, size_t n, const uint32_t key[8], unsigned flags,
                               unsigned char *out)
{
    while (n > 0) {
        const size_t k = n < 4 ? n : 4;
        x4_hash(in, k, 64, 1, key, 0, 0, flags, 0, 0, out);
        in += 64 * k;
        out += 32 * k;
        n -= k;
    }
}
