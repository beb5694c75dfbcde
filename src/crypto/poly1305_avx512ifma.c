/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Poly1305 on 8 blocks at once with AVX-512 IFMA (vpmadd52luq/vpmadd52huq), for long messages.
 *
 * Numbers are three limbs of 44, 44 and 42 bits (radix 2^44), one per register, each limb of
 * the 8 lanes in the 8 64-bit elements. IFMA multiplies the low 52 bits of two elements and
 * adds the low or the high 52 bits of the 104-bit product to a third: limb products fit (limbs
 * under 2^45 here), where the 26-bit form of poly1305_lanes.h takes 25 products a block
 * through 32 x 32-bit multiplies, this takes 9 (each a low and a high half). A product's high
 * half lands 52 bits above its limb, 8 bits into the next one; one landing at 2^130 or above
 * comes back times 5: with r's limbs also as s = 20 r (2^132 = 20 mod 2^130 - 5).
 *
 * Horner's rule is regrouped 8 blocks at a time as in poly1305_lanes.h: lane i takes blocks
 * i, i + 8, ..., times r^8 per step, and in the last step times r^(8 - i) instead; then the
 * lanes are added. One accumulator: the 18 multiply-adds of a step keep the one 512-bit IFMA
 * port of current Intel cores busy for longer than a step's chain of products and carries.
 *
 * Compiled with -mavx512f -mavx512vl -mavx512bw -mavx512dq -mavx512ifma only (x86-64: the
 * powers of r use 128-bit products); the dispatcher calls it when CPUID and XGETBV report
 * AVX-512 F, VL, BW, DQ and IFMA with the ZMM state enabled. */

#include <immintrin.h>

#include "backends.h"
#include "common.h"

#define M26 0x3ffffffu
#define M44 0xfffffffffffULL
#define M42 0x3ffffffffffULL

typedef unsigned __int128 u128;

/* The 26-bit limbs (under 2^26 but the top one) as 44-bit ones. */
static void to44(uint64_t a[3], const uint32_t x[5])
{
    a[0] = (x[0] | (uint64_t)x[1] << 26) & M44;
    a[1] = ((uint64_t)x[1] >> 18 | (uint64_t)x[2] << 8 | (uint64_t)x[3] << 34) & M44;
    a[2] = (uint64_t)x[3] >> 10 | (uint64_t)x[4] << 16;
}

/* a = a * b mod 2^130 - 5, scalar: limbs under 2^44, 2^44 and about 2^42 in and out. */
static void mul44(uint64_t a[3], const uint64_t b[3])
{
    const uint64_t s1 = b[1] * 20, s2 = b[2] * 20;
    u128 d0 = (u128)a[0] * b[0] + (u128)a[1] * s2 + (u128)a[2] * s1;
    u128 d1 = (u128)a[0] * b[1] + (u128)a[1] * b[0] + (u128)a[2] * s2;
    u128 d2 = (u128)a[0] * b[2] + (u128)a[1] * b[1] + (u128)a[2] * b[0];
    uint64_t c;
    d1 += (uint64_t)(d0 >> 44);
    d2 += (uint64_t)(d1 >> 44);
    a[0] = (uint64_t)d0 & M44;
    a[1] = (uint64_t)d1 & M44;
    a[2] = (uint64_t)d2 & M42;
    c = (uint64_t)(d2 >> 42) * 5 + a[0];
    a[0] = c & M44;
    a[1] += c >> 44;
}

/* h = h * (r, s) in every lane, then carried to limbs under 2^44, 2^44 + 2^15 and 2^42. */
static ALWAYS_INLINE void mul_lanes(__m512i *h0, __m512i *h1, __m512i *h2, __m512i r0, __m512i r1, __m512i r2,
                                    __m512i s1, __m512i s2)
{
    const __m512i z = _mm512_setzero_si512(), m44 = _mm512_set1_epi64((long long)M44);
    __m512i lo0, lo1, lo2, hi0, hi1, hi2, c;
    lo0 = _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(_mm512_madd52lo_epu64(z, *h0, r0), *h1, s2), *h2, s1);
    hi0 = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(_mm512_madd52hi_epu64(z, *h0, r0), *h1, s2), *h2, s1);
    lo1 = _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(_mm512_madd52lo_epu64(z, *h0, r1), *h1, r0), *h2, s2);
    hi1 = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(_mm512_madd52hi_epu64(z, *h0, r1), *h1, r0), *h2, s2);
    lo2 = _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(_mm512_madd52lo_epu64(z, *h0, r2), *h1, r1), *h2, r0);
    hi2 = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(_mm512_madd52hi_epu64(z, *h0, r2), *h1, r1), *h2, r0);
    /* The high halves 8 bits into the next limb; hi2's at 2^140 = 5 2^10 mod p. */
    lo0 = _mm512_add_epi64(lo0, _mm512_add_epi64(_mm512_slli_epi64(hi2, 12), _mm512_slli_epi64(hi2, 10)));
    lo1 = _mm512_add_epi64(lo1, _mm512_slli_epi64(hi0, 8));
    lo2 = _mm512_add_epi64(lo2, _mm512_slli_epi64(hi1, 8));
    lo1 = _mm512_add_epi64(lo1, _mm512_srli_epi64(lo0, 44));
    lo0 = _mm512_and_si512(lo0, m44);
    lo2 = _mm512_add_epi64(lo2, _mm512_srli_epi64(lo1, 44));
    lo1 = _mm512_and_si512(lo1, m44);
    c = _mm512_srli_epi64(lo2, 42);
    lo2 = _mm512_and_si512(lo2, _mm512_set1_epi64((long long)M42));
    lo0 = _mm512_add_epi64(lo0, _mm512_add_epi64(_mm512_slli_epi64(c, 2), c));
    lo1 = _mm512_add_epi64(lo1, _mm512_srli_epi64(lo0, 44));
    *h0 = _mm512_and_si512(lo0, m44);
    *h1 = lo1;
    *h2 = lo2;
}

/* 8 blocks at m into the lanes of h. */
static ALWAYS_INLINE void add_blocks(__m512i *h0, __m512i *h1, __m512i *h2, const unsigned char *m)
{
    const __m512i m44 = _mm512_set1_epi64((long long)M44);
    const __m512i even = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), odd = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
    /* Blocks 0..3 and 4..7, their low and high 64-bit halves gathered in lane order. */
    const __m512i x = _mm512_loadu_si512((const void *)m), y = _mm512_loadu_si512((const void *)(m + 64));
    const __m512i lo = _mm512_permutex2var_epi64(x, even, y), hi = _mm512_permutex2var_epi64(x, odd, y);
    *h0 = _mm512_add_epi64(*h0, _mm512_and_si512(lo, m44));
    *h1 = _mm512_add_epi64(*h1, _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 44), _mm512_slli_epi64(hi, 20)), m44));
    *h2 = _mm512_add_epi64(*h2, _mm512_or_si512(_mm512_srli_epi64(hi, 24), _mm512_set1_epi64(1LL << 40)));
}

/* Limb j of r^(first), r^(first - 1), ... r^(first - 7) in lanes 0 .. 7. */
static ALWAYS_INLINE __m512i powers(const uint64_t pw[17][3], int first, int j)
{
    return _mm512_set_epi64((long long)pw[first - 7][j], (long long)pw[first - 6][j], (long long)pw[first - 5][j],
                            (long long)pw[first - 4][j], (long long)pw[first - 3][j], (long long)pw[first - 2][j],
                            (long long)pw[first - 1][j], (long long)pw[first][j]);
}

static ALWAYS_INLINE __m512i times20(__m512i x)
{
    return _mm512_add_epi64(_mm512_slli_epi64(x, 4), _mm512_slli_epi64(x, 2));
}

/* n (a multiple of 16, at least 16) whole blocks into h, both in the 26-bit form. Two
 * accumulators of 8 lanes, a (blocks 0..7 of every 16) and b (8..15), times r^16 a step, so
 * that one's multiplications fill the other's carries; in the last step a's lane i is
 * multiplied by r^(16 - i) and b's by r^(8 - i). */
void coin_poly1305_blocks_avx512ifma(uint32_t h[5], const uint32_t r[5], const unsigned char *m, size_t n)
{
    uint64_t pw[17][3], a[3];
    __m512i a0, a1, a2, b0, b1, b2, r0, r1, r2, s1, s2;
    int k;

    to44(pw[1], r);
    for (k = 2; k <= 16; k++) {
        pw[k][0] = pw[k - 1][0];
        pw[k][1] = pw[k - 1][1];
        pw[k][2] = pw[k - 1][2];
        mul44(pw[k], pw[1]);
    }
    to44(a, h);
    a0 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)a[0]);
    a1 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)a[1]);
    a2 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)a[2]);
    b0 = b1 = b2 = _mm512_setzero_si512();
    r0 = _mm512_set1_epi64((long long)pw[16][0]);
    r1 = _mm512_set1_epi64((long long)pw[16][1]);
    r2 = _mm512_set1_epi64((long long)pw[16][2]);
    s1 = times20(r1);
    s2 = times20(r2);
    for (;;) {
        add_blocks(&a0, &a1, &a2, m);
        add_blocks(&b0, &b1, &b2, m + 128);
        m += 256;
        n -= 16;
        if (n == 0) break;
        mul_lanes(&a0, &a1, &a2, r0, r1, r2, s1, s2);
        mul_lanes(&b0, &b1, &b2, r0, r1, r2, s1, s2);
    }
    r0 = powers(pw, 16, 0);
    r1 = powers(pw, 16, 1);
    r2 = powers(pw, 16, 2);
    mul_lanes(&a0, &a1, &a2, r0, r1, r2, times20(r1), times20(r2));
    r0 = powers(pw, 8, 0);
    r1 = powers(pw, 8, 1);
    r2 = powers(pw, 8, 2);
    mul_lanes(&b0, &b1, &b2, r0, r1, r2, times20(r1), times20(r2));
    {
        /* The lanes added, and carried: limbs under 2^44, 2^44 + 1 and 2^42 + 5. */
        uint64_t t0 = (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(a0, b0));
        uint64_t t1 = (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(a1, b1));
        uint64_t t2 = (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(a2, b2));
        t1 += t0 >> 44;
        t0 &= M44;
        t2 += t1 >> 44;
        t1 &= M44;
        t0 += (t2 >> 42) * 5;
        t2 &= M42;
        t1 += t0 >> 44;
        t0 &= M44;
        h[0] = (uint32_t)t0 & M26;
        h[1] = (uint32_t)((t0 >> 26) | (t1 << 18)) & M26;
        h[2] = (uint32_t)(t1 >> 8) & M26;
        h[3] = (uint32_t)((t1 >> 34) | (t2 << 10)) & M26;
        h[4] = (uint32_t)(t2 >> 16);
    }
    memory_cleanse(pw, sizeof(pw));
}
