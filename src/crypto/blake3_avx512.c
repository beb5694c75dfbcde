/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* BLAKE3 with AVX-512: 16 chunks, or 16 parent nodes, at once, one in each 32-bit lane of
 * the zmm registers: each block's message words transposed into 16 vectors, the state in 16
 * more, vprord for every rotation, and the chaining values transposed back out.
 *
 * Compiled with -mavx512f -mavx512vl -mavx512bw -mavx512dq only; the dispatcher calls it
 * when CPUID and XGETBV report AVX-512 F, VL, BW and DQ with the ZMM state enabled. */

#include <immintrin.h>

#include "backends.h"
#include "blake3_lanes.h"

#define Z_ADD(a, b) _mm512_add_epi32(a, b)
#define Z_XOR(a, b) _mm512_xor_si512(a, b)
#define Z_R16(x) _mm512_ror_epi32(x, 16)
#define Z_R12(x) _mm512_ror_epi32(x, 12)
#define Z_R8(x) _mm512_ror_epi32(x, 8)
#define Z_R7(x) _mm512_ror_epi32(x, 7)
#define Z_SET1(w) _mm512_set1_epi32((int)(w))
#define BLAKE3_OPS Z_ADD, Z_XOR, Z_R16, Z_R12, Z_R8, Z_R7
#define M(i) m[i]

/* 16 rows of 16 words in r: afterwards r[i] holds word i of each former row, row k's in
 * lane k. Pairs of rows interleaved by words, then by pairs of words, give in each 128-bit
 * lane L of u[4g + w] word 4L + w of rows 4g .. 4g + 3; two rounds of moves of whole
 * 128-bit lanes gather those for each word. */
static ALWAYS_INLINE void z16_transpose(__m512i r[16])
{
    __m512i t[16], u[16];
    int i, w;
    BLAKE3_UNROLL
    for (i = 0; i < 16; i += 2) {
        t[i] = _mm512_unpacklo_epi32(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_epi32(r[i], r[i + 1]);
    }
    BLAKE3_UNROLL
    for (i = 0; i < 16; i += 4) {
        u[i] = _mm512_unpacklo_epi64(t[i], t[i + 2]);
        u[i + 1] = _mm512_unpackhi_epi64(t[i], t[i + 2]);
        u[i + 2] = _mm512_unpacklo_epi64(t[i + 1], t[i + 3]);
        u[i + 3] = _mm512_unpackhi_epi64(t[i + 1], t[i + 3]);
    }
    BLAKE3_UNROLL
    for (w = 0; w < 4; w++) {
        /* Lanes 0 and 1, then 2 and 3, of rows 0-3 and 4-7 (a, b), and of rows 8-11 and 12-15 (c, d). */
        const __m512i a = _mm512_shuffle_i32x4(u[w], u[4 + w], 0x44), b = _mm512_shuffle_i32x4(u[w], u[4 + w], 0xee);
        const __m512i c = _mm512_shuffle_i32x4(u[8 + w], u[12 + w], 0x44), d = _mm512_shuffle_i32x4(u[8 + w], u[12 + w], 0xee);
        r[w] = _mm512_shuffle_i32x4(a, c, 0x88);
        r[4 + w] = _mm512_shuffle_i32x4(a, c, 0xdd);
        r[8 + w] = _mm512_shuffle_i32x4(b, d, 0x88);
        r[12 + w] = _mm512_shuffle_i32x4(b, d, 0xdd);
    }
}

/* The chaining values h[0..7] of the first n lanes to out + 32 k: interleaved as in the
 * transpose, u[w] and u[4 + w] hold words 0-3 and 4-7 of lanes w, 4 + w, 8 + w and 12 + w,
 * one in each 128-bit lane; one two-source permute makes two lanes' values of them. */
static ALWAYS_INLINE void z16_store_cvs(const __m512i h[8], size_t n, unsigned char *out)
{
    const __m512i lo = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0), hi = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);
    __m512i t[8], u[8];
    size_t w;
    int i;
    BLAKE3_UNROLL
    for (i = 0; i < 8; i += 2) {
        t[i] = _mm512_unpacklo_epi32(h[i], h[i + 1]);
        t[i + 1] = _mm512_unpackhi_epi32(h[i], h[i + 1]);
    }
    BLAKE3_UNROLL
    for (i = 0; i < 8; i += 4) {
        u[i] = _mm512_unpacklo_epi64(t[i], t[i + 2]);
        u[i + 1] = _mm512_unpackhi_epi64(t[i], t[i + 2]);
        u[i + 2] = _mm512_unpacklo_epi64(t[i + 1], t[i + 3]);
        u[i + 3] = _mm512_unpackhi_epi64(t[i + 1], t[i + 3]);
    }
    BLAKE3_UNROLL
    for (w = 0; w < 4; w++) {
        const __m512i a = _mm512_permutex2var_epi64(u[w], lo, u[4 + w]); /* lanes w, 4 + w */
        const __m512i b = _mm512_permutex2var_epi64(u[w], hi, u[4 + w]); /* lanes 8 + w, 12 + w */
        if (w < n) _mm256_storeu_si256((__m256i *)(void *)(out + 32 * w), _mm512_castsi512_si256(a));
        if (4 + w < n) _mm256_storeu_si256((__m256i *)(void *)(out + 32 * (4 + w)), _mm512_extracti64x4_epi64(a, 1));
        if (8 + w < n) _mm256_storeu_si256((__m256i *)(void *)(out + 32 * (8 + w)), _mm512_castsi512_si256(b));
        if (12 + w < n) _mm256_storeu_si256((__m256i *)(void *)(out + 32 * (12 + w)), _mm512_extracti64x4_epi64(b, 1));
    }
}

/* One block of each lane into the chaining values h, with the lanes' counters lo, hi. */
static ALWAYS_INLINE void z16_compress(__m512i h[8], const __m512i m[16], __m512i lo, __m512i hi, unsigned flags)
{
    __m512i v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3], v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
    __m512i v8 = Z_SET1(BLAKE3_IV0), v9 = Z_SET1(BLAKE3_IV1), v10 = Z_SET1(BLAKE3_IV2), v11 = Z_SET1(BLAKE3_IV3);
    __m512i v12 = lo, v13 = hi, v14 = Z_SET1(64), v15 = Z_SET1(flags);
    BLAKE3_SEVEN_ROUNDS(BLAKE3_LANES_ROUND);
    h[0] = Z_XOR(v0, v8); h[1] = Z_XOR(v1, v9); h[2] = Z_XOR(v2, v10); h[3] = Z_XOR(v3, v11);
    h[4] = Z_XOR(v4, v12); h[5] = Z_XOR(v5, v13); h[6] = Z_XOR(v6, v14); h[7] = Z_XOR(v7, v15);
}

/* n <= 16 inputs of `blocks` blocks, input k at in + stride k with the counter counter + step k;
 * the idle lanes hash input 0 again, and their values are not stored. */
static ALWAYS_INLINE void z16_hash(const unsigned char *in, size_t n, size_t stride, int blocks, const uint32_t key[8],
                                   uint64_t counter, unsigned step, unsigned flags, unsigned start, unsigned end,
                                   unsigned char *out)
{
    const unsigned char *p[16];
    uint32_t c[2][16];
    __m512i h[8], m[16], lo, hi;
    int b, i;
    BLAKE3_UNROLL
    for (i = 0; i < 16; i++) {
        const uint64_t ctr = counter + (uint64_t)step * (unsigned)i;
        p[i] = in + stride * ((size_t)i < n ? (size_t)i : 0);
        c[0][i] = (uint32_t)ctr;
        c[1][i] = (uint32_t)(ctr >> 32);
    }
    lo = _mm512_loadu_si512((const void *)c[0]);
    hi = _mm512_loadu_si512((const void *)c[1]);
    BLAKE3_UNROLL
    for (i = 0; i < 8; i++) h[i] = Z_SET1(key[i]);
    for (b = 0; b < blocks; b++) {
        BLAKE3_UNROLL
        for (i = 0; i < 16; i++) m[i] = _mm512_loadu_si512((const void *)(p[i] + 64 * b));
        z16_transpose(m);
        z16_compress(h, m, lo, hi, flags | (b == 0 ? start : 0) | (b == blocks - 1 ? end : 0));
    }
    z16_store_cvs(h, n, out);
}

void coin_blake3_chunks_avx512(const unsigned char *in, size_t chunks, const uint32_t key[8], uint64_t counter,
                               unsigned flags, unsigned char *out)
{
    while (chunks > 0) {
        const size_t n = chunks < 16 ? chunks : 16;
        z16_hash(in, n, 1024, BLAKE3_CHUNK_BLOCKS, key, counter, 1, flags, BLAKE3_CHUNK_START, BLAKE3_CHUNK_END, out);
        in += 1024 * n;
        out += 32 * n;
        counter += n;
        chunks -= n;
    }
}

void coin_blake3_parents_avx512(const unsigned char *in, size_t n, const uint32_t key[8], unsigned flags,
                                unsigned char *out)
{
    while (n > 0) {
        const size_t k = n < 16 ? n : 16;
        z16_hash(in, k, 64, 1, key, 0, 0, flags, 0, 0, out);
        in += 64 * k;
        out += 32 * k;
        n -= k;
    }
}
