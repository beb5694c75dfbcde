/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Poly1305 on 8 blocks at once (two sets of 4 lanes) with AVX2 (poly1305_lanes.h), for long
 * messages (poly1305.c hands it runs of 768 bytes or more).
 *
 * Compiled with -mavx2 -mbmi2 only; the dispatcher calls it when CPUID and XGETBV report
 * AVX2 with the YMM state enabled. */

#include <immintrin.h>

#include "backends.h"

typedef __m256i vec;
#define POLY1305_LANES 4
#define V_MUL(a, b) _mm256_mul_epu32(a, b)
#define V_ADD(a, b) _mm256_add_epi64(a, b)
#define V_AND(a, b) _mm256_and_si256(a, b)
#define V_OR(a, b) _mm256_or_si256(a, b)
#define V_SRL(a, n) _mm256_srli_epi64(a, n)
#define V_SLL(a, n) _mm256_slli_epi64(a, n)
#define V_SET1(x) _mm256_set1_epi64x((long long)(x))
#define V_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define V_UNPACKLO(a, b) _mm256_unpacklo_epi64(a, b)
#define V_UNPACKHI(a, b) _mm256_unpackhi_epi64(a, b)
#include "poly1305_lanes.h"

void coin_poly1305_blocks_avx2(uint32_t h[5], const uint32_t r[5], const unsigned char *m, size_t n)
{
    poly1305_lanes(h, r, m, n);
}
