/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* RIPEMD-160 of 16, or 32 as two sets of 16, 32-byte messages at once with AVX-512
 * (HASH160's second hash; see ripemd160_lanes.h). Compiled with the AVX-512 backends' flags
 * only; the dispatcher calls it when CPUID and XGETBV report AVX-512 F, VL, BW and DQ with the
 * ZMM state enabled. A rotate is one vprold, and each of the five boolean functions one
 * vpternlogd, whose table has bit (x << 2) | (y << 1) | z set where the function is 1. */

#include <immintrin.h>

#include "backends.h"

typedef __m512i vec;
#define RIPEMD160_LANES_WIDTH 16

static inline vec C(uint32_t x) { return _mm512_set1_epi32((int)x); }
static inline vec Add(vec x, vec y) { return _mm512_add_epi32(x, y); }
#define Rol _mm512_rol_epi32
static inline vec LoadU(const uint32_t *p) { return _mm512_loadu_si512((const void *)p); }
static inline void StoreU(uint32_t *p, vec x) { _mm512_storeu_si512((void *)p, x); }
#define F1(x, y, z) _mm512_ternarylogic_epi32(x, y, z, 0x96) /* x ^ y ^ z */
#define F2(x, y, z) _mm512_ternarylogic_epi32(x, y, z, 0xca) /* x ? y : z */
#define F3(x, y, z) _mm512_ternarylogic_epi32(x, y, z, 0x59) /* (x | ~y) ^ z */
#define F4(x, y, z) _mm512_ternarylogic_epi32(x, y, z, 0xe4) /* z ? x : y */
#define F5(x, y, z) _mm512_ternarylogic_epi32(x, y, z, 0x2d) /* x ^ (y | ~z) */

#define RIPEMD160_LANES_ENTRY coin_ripemd160_d32_avx512_16way
#define RIPEMD160_LANES_X2_ENTRY coin_ripemd160_d32_avx512_32way
#include "ripemd160_lanes.h"
