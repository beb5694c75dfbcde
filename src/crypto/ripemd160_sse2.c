/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* RIPEMD-160 of 4 32-byte messages at once with SSE2 (HASH160's second hash; see
 * ripemd160_lanes.h). Compiled with -msse2 only; the dispatcher calls it when CPUID reports
 * SSE2 (every x86-64 CPU). SSE2 has no vector rotate: a rotate is two shifts and an OR. */

#include <emmintrin.h>

#include "backends.h"

typedef __m128i vec;
#define RIPEMD160_LANES_WIDTH 4

static inline vec C(uint32_t x) { return _mm_set1_epi32((int)x); }
static inline vec Add(vec x, vec y) { return _mm_add_epi32(x, y); }
#define Rol(x, n) _mm_or_si128(_mm_slli_epi32(x, n), _mm_srli_epi32(x, 32 - (n)))
static inline vec LoadU(const uint32_t *p) { return _mm_loadu_si128((const vec *)(const void *)p); }
static inline void StoreU(uint32_t *p, vec x) { _mm_storeu_si128((vec *)(void *)p, x); }
static inline vec Not(vec x) { return _mm_xor_si128(x, _mm_set1_epi32(-1)); }
static inline vec F1(vec x, vec y, vec z) { return _mm_xor_si128(_mm_xor_si128(x, y), z); }
static inline vec F2(vec x, vec y, vec z) { return _mm_xor_si128(_mm_and_si128(_mm_xor_si128(y, z), x), z); }
static inline vec F3(vec x, vec y, vec z) { return _mm_xor_si128(_mm_or_si128(x, Not(y)), z); }
static inline vec F4(vec x, vec y, vec z) { return _mm_xor_si128(_mm_and_si128(_mm_xor_si128(x, y), z), y); }
static inline vec F5(vec x, vec y, vec z) { return _mm_xor_si128(x, _mm_or_si128(y, Not(z))); }

#define RIPEMD160_LANES_ENTRY coin_ripemd160_d32_sse2_4way
#include "ripemd160_lanes.h"
