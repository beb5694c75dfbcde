/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Poly1305 on 16 blocks at once (two sets of 8 lanes) with AVX-512 (poly1305_lanes.h), for
 * long messages (poly1305.c hands it runs of 1024 bytes or more).
 *
 * Compiled with -mavx512f -mavx512vl -mavx512bw -mavx512dq only; the dispatcher calls it
 * when CPUID and XGETBV report AVX-512 F, VL, BW and DQ with the ZMM state enabled. */

#include <immintrin.h>

#include "backends.h"

typedef __m512i vec;
#define POLY1305_LANES 8
#define V_MUL(a, b) _mm512_mul_epu32(a, b)
#define V_ADD(a, b) _mm512_add_epi64(a, b)
#define V_AND(a, b) _mm512_and_si512(a, b)
#define V_OR(a, b) _mm512_or_si512(a, b)
#define V_SRL(a, n) _mm512_srli_epi64(a, n)
#define V_SLL(a, n) _mm512_slli_epi64(a, n)
#define V_SET1(x) _mm512_set1_epi64((long long)(x))
#define V_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define V_STOREU(p, v) _mm512_storeu_si512((void *)(p), v)
#define V_UNPACKLO(a, b) _mm512_unpacklo_epi64(a, b)
#define V_UNPACKHI(a, b) _mm512_unpackhi_epi64(a, b)
#include "poly1305_lanes.h"

void coin_poly1305_blocks_avx512(uint32_t h[5], const uint32_t r[5], const unsigned char *m, size_t n)
{
    poly1305_lanes(h, r, m, n);
}
