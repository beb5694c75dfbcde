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

/* Interleaving the 8 vectors r by words, then by pairs of words: in each 128-bit lane, u[w]
 * (w < 4) holds word w of that lane of r[0], r[1], r[2] and r[3], and u[4 + w] the same of
 * r[4..7]. */
static ALWAYS_INLINE void z16_interleave(__m512i u[8], const __m512i r[8])
{
    __m512i t[8];
    int i;
    UNROLL16
    for (i = 0; i < 8; i += 2) {
        t[i] = _mm512_unpacklo_epi32(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_epi32(r[i], r[i + 1]);
    }
    UNROLL16
    for (i = 0; i < 8; i += 4) {
        u[i] = _mm512_unpacklo_epi64(t[i], t[i + 2]);
        u[i + 1] = _mm512_unpackhi_epi64(t[i], t[i + 2]);
        u[i + 2] = _mm512_unpacklo_epi64(t[i + 1], t[i + 3]);
        u[i + 3] = _mm512_unpackhi_epi64(t[i + 1], t[i + 3]);
    }
}

/* Word w of the 16 inputs' 64 bytes at p[k] + off into m[w], input k's in lane k. Each r[i]
 * holds 32 bytes of two inputs, i and 4 + i (i < 4) or 4 + i and 8 + i, so that the 128-bit
 * lanes of the interleaved u[w] hold word w of inputs 0-3, w + 4 of 0-3, w of 4-7 and w + 4
 * of 4-7 (of 8-15 in u[4 + w]); one move of 128-bit lanes puts them in order. Its upper half
 * loaded into place (vinserti64x4 from memory) takes a slot on either vector port, where the
 * shuffle of 128-bit lanes it saves could take only port 5 on Intel's cores, which the rounds
 * share. */
static ALWAYS_INLINE void z16_load(__m512i m[16], const unsigned char *const p[16], size_t off)
{
    __m512i r[8], u[8];
    int half, i, w;
    for (half = 0; half < 2; half++) {
        UNROLL16
        for (i = 0; i < 8; i++) {
            const size_t o = off + 32 * (size_t)half;
            r[i] = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(const void *)(p[i < 4 ? i : 4 + i] + o))),
                                      _mm256_loadu_si256((const __m256i *)(const void *)(p[i < 4 ? 4 + i : 8 + i] + o)), 1);
        }
        z16_interleave(u, r);
        UNROLL16
        for (w = 0; w < 4; w++) {
            m[8 * half + w] = _mm512_shuffle_i32x4(u[w], u[4 + w], 0x88);
            m[8 * half + 4 + w] = _mm512_shuffle_i32x4(u[w], u[4 + w], 0xdd);
        }
    }
}

/* The chaining values h[0..7] of the first n lanes to out + 32 k: interleaved, u[w] and
 * u[4 + w] hold words 0-3 and 4-7 of lanes w, 4 + w, 8 + w and 12 + w, one in each 128-bit
 * lane; one two-source permute makes two lanes' values of them. */
static ALWAYS_INLINE void z16_store_cvs(const __m512i h[8], size_t n, unsigned char *out)
{
    const __m512i lo = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0), hi = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);
    __m512i u[8];
    size_t w;
    z16_interleave(u, h);
    UNROLL16
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
    UNROLL16
    for (i = 0; i < 16; i++) {
        const uint64_t ctr = counter + (uint64_t)step * (unsigned)i;
        p[i] = in + stride * ((size_t)i < n ? (size_t)i : 0);
        c[0][i] = (uint32_t)ctr;
        c[1][i] = (uint32_t)(ctr >> 32);
    }
    lo = _mm512_loadu_si512((const void *)c[0]);
    hi = _mm512_loadu_si512((const void *)c[1]);
    UNROLL16
    for (i = 0; i < 8; i++) h[i] = Z_SET1(key[i]);
    /* The next block's words are loaded and transposed before this block's rounds, which do
     * not wait for them: loaded after, their shuffles queued behind the rounds' operations,
     * and the next rounds waited for the shuffles (a batch of 16 blocks took 388 TSC cycles
     * on an Intel Xeon Emerald Rapids, the rounds alone 314 and the rest alone 55; now 355,
     * the BLAKE3 team's assembly 340). The last block loads its own words again. */
    z16_load(m, p, 0);
    for (b = 0; b < blocks; b++) {
        __m512i next[16];
        z16_load(next, p, 64 * (size_t)(b + 1 < blocks ? b + 1 : b));
        z16_compress(h, m, lo, hi, flags | (b == 0 ? start : 0) | (b == blocks - 1 ? end : 0));
        UNROLL16
        for (i = 0; i < 16; i++) m[i] = next[i];
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
