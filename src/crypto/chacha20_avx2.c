/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* ChaCha20 on 8 blocks at once with AVX2, each ymm register holding one word of the 8
 * blocks; fewer than 8 blocks go through the 4-way code of chacha20_x86.h.
 *
 * Compiled with -mavx2 -mbmi2 only; the dispatcher calls it when CPUID and XGETBV report
 * AVX2 with the YMM state enabled. */

#include "chacha20_x86.h"

#define Y8_SHUFFLE(x, m) _mm256_shuffle_epi8(x, _mm256_broadcastsi128_si256(m))
#define Y8_R16(x) Y8_SHUFFLE(x, _mm_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2))
#define Y8_R8(x) Y8_SHUFFLE(x, _mm_set_epi8(14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3))
#define Y8_R12(x) _mm256_or_si256(_mm256_slli_epi32(x, 12), _mm256_srli_epi32(x, 20))
#define Y8_SET1(w) _mm256_set1_epi32((int)(w))
#define Y8_R7(x) _mm256_or_si256(_mm256_slli_epi32(x, 7), _mm256_srli_epi32(x, 25))

/* Words 4g .. 4g + 3 of the 8 blocks, in a .. d: r[b] gets them for block b in its low half
 * and for block b + 4 in its high half. */
static ALWAYS_INLINE void y8_transpose(__m256i *r, __m256i a, __m256i b, __m256i c, __m256i d)
{
    const __m256i t0 = _mm256_unpacklo_epi32(a, b), t1 = _mm256_unpackhi_epi32(a, b);
    const __m256i t2 = _mm256_unpacklo_epi32(c, d), t3 = _mm256_unpackhi_epi32(c, d);
    r[0] = _mm256_unpacklo_epi64(t0, t2);
    r[1] = _mm256_unpackhi_epi64(t0, t2);
    r[2] = _mm256_unpacklo_epi64(t1, t3);
    r[3] = _mm256_unpackhi_epi64(t1, t3);
}

/* 32 bytes of each block from the transposed words 4g .. 4g + 3 (p) and 4g + 4 .. 4g + 7
 * (q), XORed into in unless NULL. */
static ALWAYS_INLINE void y8_store(unsigned char *out, const unsigned char *in, const __m256i *p, const __m256i *q)
{
    int b;
    for (b = 0; b < 4; b++) {
        __m256i lo = _mm256_permute2x128_si256(p[b], q[b], 0x20), hi = _mm256_permute2x128_si256(p[b], q[b], 0x31);
        if (in) {
            lo = _mm256_xor_si256(lo, _mm256_loadu_si256((const __m256i *)(const void *)(in + 64 * b)));
            hi = _mm256_xor_si256(hi, _mm256_loadu_si256((const __m256i *)(const void *)(in + 64 * (b + 4))));
        }
        _mm256_storeu_si256((__m256i *)(void *)(out + 64 * b), lo);
        _mm256_storeu_si256((__m256i *)(void *)(out + 64 * (b + 4)), hi);
    }
}

static ALWAYS_INLINE void chacha20_y8(const uint32_t input[12], uint32_t ctr, uint32_t n0, unsigned char *out,
                                      const unsigned char *in)
{
    uint32_t c[8], n[8];
    __m256i x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15, j12, j13, r[4][4];
    chacha20_counters(c, n, ctr, n0, 8);
    j12 = _mm256_loadu_si256((const __m256i *)(const void *)c);
    j13 = _mm256_loadu_si256((const __m256i *)(const void *)n);
    CHACHA20_LANES_INIT(Y8_SET1, input, j12, j13);
    CHACHA20_ROUNDS_16REGS(__m256i, _mm256_add_epi32, _mm256_xor_si256, Y8_R16, Y8_R12, Y8_R8, Y8_R7);
    CHACHA20_LANES_FEED(_mm256_add_epi32, Y8_SET1, input, j12, j13);
    y8_transpose(r[0], x0, x1, x2, x3);
    y8_transpose(r[1], x4, x5, x6, x7);
    y8_store(out, in, r[0], r[1]);
    y8_transpose(r[2], x8, x9, x10, x11);
    y8_transpose(r[3], x12, x13, x14, x15);
    y8_store(out + 32, in ? in + 32 : NULL, r[2], r[3]);
}

void coin_chacha20_blocks_avx2(uint32_t input[12], unsigned char *out, const unsigned char *in, size_t n)
{
    uint32_t ctr = input[8], n0 = input[9];
    for (; n >= 8; n -= 8) {
        chacha20_y8(input, ctr, n0, out, in);
        chacha20_advance(&ctr, &n0, 8);
        out += 512;
        if (in) in += 512;
    }
    chacha20_x4_blocks(input, ctr, n0, out, in, n);
    chacha20_advance(&ctr, &n0, n);
    input[8] = ctr;
    input[9] = n0;
}
