/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Poly1305 on 4 blocks at once with AVX2, for long messages (poly1305.c calls it on runs of
 * at least POLY1305_AVX2_MIN_BLOCKS blocks).
 *
 * Compiled with -mavx2 -mbmi2 only; the dispatcher calls it when CPUID and XGETBV report
 * AVX2 with the YMM state enabled.
 *
 * Method (as in Goll and Gueron's vectorised Poly1305). Horner's rule h = (h + m_i) r,
 * block after block, is regrouped 4 blocks at a time: each of 4 lanes accumulates every
 * fourth block, times r^4 per step, and at the end the lanes are multiplied by r^4, r^3,
 * r^2 and r (their blocks' distance from the end) and added. Numbers are five 26-bit limbs,
 * one per register, each limb of the 4 lanes in the low halves of the 4 64-bit elements:
 * vpmuludq gives the 52-bit products, and a limb product that lands at 2^130 or above comes
 * back times 5 (the s = 5 r limbs). After each multiplication the limbs are carried back to 26
 * bits (the top one's carry times 5 into the bottom one). */

#include <immintrin.h>

#include "backends.h"

#define M26 0x3ffffffu

/* a = a * b mod 2^130 - 5, scalar, for the powers of r. */
static void mul26(uint32_t a[5], const uint32_t b[5])
{
    const uint64_t s1 = b[1] * 5ull, s2 = b[2] * 5ull, s3 = b[3] * 5ull, s4 = b[4] * 5ull;
    const uint64_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4];
    uint64_t d0 = a0 * b[0] + a1 * s4 + a2 * s3 + a3 * s2 + a4 * s1;
    uint64_t d1 = a0 * b[1] + a1 * b[0] + a2 * s4 + a3 * s3 + a4 * s2;
    uint64_t d2 = a0 * b[2] + a1 * b[1] + a2 * b[0] + a3 * s4 + a4 * s3;
    uint64_t d3 = a0 * b[3] + a1 * b[2] + a2 * b[1] + a3 * b[0] + a4 * s4;
    uint64_t d4 = a0 * b[4] + a1 * b[3] + a2 * b[2] + a3 * b[1] + a4 * b[0];
    d1 += d0 >> 26; d2 += d1 >> 26; d3 += d2 >> 26; d4 += d3 >> 26;
    d0 = (d0 & M26) + (d4 >> 26) * 5;
    a[0] = (uint32_t)(d0 & M26);
    a[1] = (uint32_t)((d1 & M26) + (d0 >> 26));
    a[2] = (uint32_t)(d2 & M26);
    a[3] = (uint32_t)(d3 & M26);
    a[4] = (uint32_t)(d4 & M26);
}

typedef __m256i vec;

#define MUL(a, b) _mm256_mul_epu32(a, b)
#define ADD(a, b) _mm256_add_epi64(a, b)

/* h = h * r in each lane, s = 5 r; the limbs of h carried back to 26 bits (h1 a bit over). */
static ALWAYS_INLINE void mul4(vec h[5], const vec r[5], const vec s[5])
{
    const vec mask = _mm256_set1_epi64x(M26);
    vec d0 = ADD(ADD(MUL(h[0], r[0]), MUL(h[1], s[4])), ADD(ADD(MUL(h[2], s[3]), MUL(h[3], s[2])), MUL(h[4], s[1])));
    vec d1 = ADD(ADD(MUL(h[0], r[1]), MUL(h[1], r[0])), ADD(ADD(MUL(h[2], s[4]), MUL(h[3], s[3])), MUL(h[4], s[2])));
    vec d2 = ADD(ADD(MUL(h[0], r[2]), MUL(h[1], r[1])), ADD(ADD(MUL(h[2], r[0]), MUL(h[3], s[4])), MUL(h[4], s[3])));
    vec d3 = ADD(ADD(MUL(h[0], r[3]), MUL(h[1], r[2])), ADD(ADD(MUL(h[2], r[1]), MUL(h[3], r[0])), MUL(h[4], s[4])));
    vec d4 = ADD(ADD(MUL(h[0], r[4]), MUL(h[1], r[3])), ADD(ADD(MUL(h[2], r[2]), MUL(h[3], r[1])), MUL(h[4], r[0])));
    vec c;
    d1 = ADD(d1, _mm256_srli_epi64(d0, 26));
    d2 = ADD(d2, _mm256_srli_epi64(d1, 26));
    d3 = ADD(d3, _mm256_srli_epi64(d2, 26));
    d4 = ADD(d4, _mm256_srli_epi64(d3, 26));
    c = _mm256_srli_epi64(d4, 26);
    d0 = ADD(_mm256_and_si256(d0, mask), ADD(c, _mm256_slli_epi64(c, 2)));
    h[0] = _mm256_and_si256(d0, mask);
    h[1] = ADD(_mm256_and_si256(d1, mask), _mm256_srli_epi64(d0, 26));
    h[2] = _mm256_and_si256(d2, mask);
    h[3] = _mm256_and_si256(d3, mask);
    h[4] = _mm256_and_si256(d4, mask);
}

/* h += the 4 blocks at m as limbs, with 2^128 added to each: lanes 0 to 3 take blocks 0, 2,
 * 1 and 3 (the order the 64-bit unpacks give). */
static ALWAYS_INLINE void add_blocks(vec h[5], const unsigned char *m)
{
    const vec mask = _mm256_set1_epi64x(M26);
    const vec a = _mm256_loadu_si256((const __m256i *)m), b = _mm256_loadu_si256((const __m256i *)(m + 32));
    const vec lo = _mm256_unpacklo_epi64(a, b), hi = _mm256_unpackhi_epi64(a, b);
    h[0] = ADD(h[0], _mm256_and_si256(lo, mask));
    h[1] = ADD(h[1], _mm256_and_si256(_mm256_srli_epi64(lo, 26), mask));
    h[2] = ADD(h[2], _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(lo, 52), _mm256_slli_epi64(hi, 12)), mask));
    h[3] = ADD(h[3], _mm256_and_si256(_mm256_srli_epi64(hi, 14), mask));
    h[4] = ADD(h[4], _mm256_or_si256(_mm256_srli_epi64(hi, 40), _mm256_set1_epi64x(1 << 24)));
}

void coin_poly1305_blocks_avx2(uint32_t h[5], const uint32_t r[5], const unsigned char *m, size_t n)
{
    uint32_t r2[5], r3[5], r4[5];
    vec H[5], R[5], S[5];
    uint64_t t[5], l[4];
    int i;

    for (i = 0; i < 5; i++) r2[i] = r[i];
    mul26(r2, r);
    for (i = 0; i < 5; i++) r3[i] = r2[i];
    mul26(r3, r);
    for (i = 0; i < 5; i++) r4[i] = r3[i];
    mul26(r4, r);
    for (i = 0; i < 5; i++) {
        R[i] = _mm256_set1_epi64x(r4[i]);
        S[i] = _mm256_set1_epi64x(r4[i] * 5ull);
        H[i] = _mm256_set_epi64x(0, 0, 0, h[i]);
    }
    add_blocks(H, m);
    for (m += 64, n -= 4; n >= 4; m += 64, n -= 4) {
        mul4(H, R, S);
        add_blocks(H, m);
    }
    /* Lanes 0 to 3 hold blocks 4k, 4k + 2, 4k + 1 and 4k + 3: times r^4, r^2, r^3 and r. */
    for (i = 0; i < 5; i++) {
        R[i] = _mm256_set_epi64x(r[i], r3[i], r2[i], r4[i]);
        S[i] = _mm256_set_epi64x(r[i] * 5ull, r3[i] * 5ull, r2[i] * 5ull, r4[i] * 5ull);
    }
    mul4(H, R, S);
    for (i = 0; i < 5; i++) {
        _mm256_storeu_si256((__m256i *)l, H[i]);
        t[i] = l[0] + l[1] + l[2] + l[3];
    }
    t[1] += t[0] >> 26; t[2] += t[1] >> 26; t[3] += t[2] >> 26; t[4] += t[3] >> 26;
    t[0] = (t[0] & M26) + (t[4] >> 26) * 5;
    h[0] = (uint32_t)(t[0] & M26);
    h[1] = (uint32_t)((t[1] & M26) + (t[0] >> 26));
    h[2] = (uint32_t)(t[2] & M26);
    h[3] = (uint32_t)(t[3] & M26);
    h[4] = (uint32_t)(t[4] & M26);
}
