/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* RIPEMD-160 of 8, or 16 as two sets of 8, 32-byte messages at once with AVX2 (HASH160's
 * second hash; see ripemd160_lanes.h). Compiled with the AVX2 backends' flags only; the
 * dispatcher calls it when CPUID and XGETBV report AVX2. AVX2 has no vector rotate: a rotate
 * is two shifts and an OR. */

#include <immintrin.h>

#include "backends.h"

typedef __m256i vec;
#define RIPEMD160_LANES_WIDTH 8

static inline vec C(uint32_t x) { return _mm256_set1_epi32((int)x); }
static inline vec Add(vec x, vec y) { return _mm256_add_epi32(x, y); }
#define Rol(x, n) _mm256_or_si256(_mm256_slli_epi32(x, n), _mm256_srli_epi32(x, 32 - (n)))
static inline vec LoadU(const uint32_t *p) { return _mm256_loadu_si256((const vec *)(const void *)p); }
static inline void StoreU(uint32_t *p, vec x) { _mm256_storeu_si256((vec *)(void *)p, x); }
static inline vec Not(vec x) { return _mm256_xor_si256(x, _mm256_set1_epi32(-1)); }
static inline vec F1(vec x, vec y, vec z) { return _mm256_xor_si256(_mm256_xor_si256(x, y), z); }
static inline vec F2(vec x, vec y, vec z) { return _mm256_xor_si256(_mm256_and_si256(_mm256_xor_si256(y, z), x), z); }
static inline vec F3(vec x, vec y, vec z) { return _mm256_xor_si256(_mm256_or_si256(x, Not(y)), z); }
static inline vec F4(vec x, vec y, vec z) { return _mm256_xor_si256(_mm256_and_si256(_mm256_xor_si256(x, y), z), y); }
static inline vec F5(vec x, vec y, vec z) { return _mm256_xor_si256(x, _mm256_or_si256(y, Not(z))); }

#define RIPEMD160_LANES_ENTRY coin_ripemd160_d32_avx2_8way
#define RIPEMD160_LANES_X2_ENTRY coin_ripemd160_d32_avx2_16way
#include "ripemd160_lanes.h"
