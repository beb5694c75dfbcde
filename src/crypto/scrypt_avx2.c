/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* ROMix of scrypt with r = 1 and a power-of-two N (1024 for the proof of work) for 8
 * hashes at once with AVX2.
 *
 * Compiled with -mavx2 -mbmi2 only; the dispatcher calls it when CPUID and XGETBV report
 * AVX2 and BMI2.
 *
 * The loops are those of scrypt_lanes.h, on 8 lanes: each __m256i holds the same 32-bit word
 * of the 8 hashes' blocks. AVX2 has no vector rotate: a rotate is two shifts and an OR. The
 * table entries are loaded 8 words at a time and transposed, which is faster than gathering
 * them (vpgatherdd). */

#include <immintrin.h>

#include "backends.h"

typedef __m256i vec;

#define ROTL(x, n) _mm256_or_si256(_mm256_slli_epi32(x, n), _mm256_srli_epi32(x, 32 - (n)))
/* a ^= (b + c) <<< n, in each lane. */
#define STEP(a, b, c, n) a = _mm256_xor_si256(a, ROTL(_mm256_add_epi32(b, c), n))
#define VEC_XOR _mm256_xor_si256
#define VEC_ADD _mm256_add_epi32
#include "salsa_lanes.h" /* xor_salsa8 */

/* Transposes the 8x8 matrix of 32-bit elements r: element k of r[j] becomes element j of
 * r[k]. */
static ALWAYS_INLINE void transpose(vec r[8])
{
    vec t0 = _mm256_unpacklo_epi32(r[0], r[1]), t1 = _mm256_unpackhi_epi32(r[0], r[1]);
    vec t2 = _mm256_unpacklo_epi32(r[2], r[3]), t3 = _mm256_unpackhi_epi32(r[2], r[3]);
    vec t4 = _mm256_unpacklo_epi32(r[4], r[5]), t5 = _mm256_unpackhi_epi32(r[4], r[5]);
    vec t6 = _mm256_unpacklo_epi32(r[6], r[7]), t7 = _mm256_unpackhi_epi32(r[6], r[7]);
    /* u_m, in 128-bit lane L: element 4 L + m of r[0..3] (u_m) or r[4..7] (u_{m+4}). */
    vec u0 = _mm256_unpacklo_epi64(t0, t2), u1 = _mm256_unpackhi_epi64(t0, t2);
    vec u2 = _mm256_unpacklo_epi64(t1, t3), u3 = _mm256_unpackhi_epi64(t1, t3);
    vec u4 = _mm256_unpacklo_epi64(t4, t6), u5 = _mm256_unpackhi_epi64(t4, t6);
    vec u6 = _mm256_unpacklo_epi64(t5, t7), u7 = _mm256_unpackhi_epi64(t5, t7);
    r[0] = _mm256_permute2x128_si256(u0, u4, 0x20);
    r[1] = _mm256_permute2x128_si256(u1, u5, 0x20);
    r[2] = _mm256_permute2x128_si256(u2, u6, 0x20);
    r[3] = _mm256_permute2x128_si256(u3, u7, 0x20);
    r[4] = _mm256_permute2x128_si256(u0, u4, 0x31);
    r[5] = _mm256_permute2x128_si256(u1, u5, 0x31);
    r[6] = _mm256_permute2x128_si256(u2, u6, 0x31);
    r[7] = _mm256_permute2x128_si256(u3, u7, 0x31);
}


/* Loads and stores of 8 words (through void * so that no cast claims an alignment). */
static inline vec load(const uint32_t *p) { return _mm256_loadu_si256((const vec *)(const void *)p); }
static inline void store(uint32_t *p, vec x) { _mm256_storeu_si256((vec *)(void *)p, x); }
static inline vec load_aligned(const uint32_t *p) { return _mm256_load_si256((const vec *)(const void *)p); }
static inline void store_aligned(uint32_t *p, vec x) { _mm256_store_si256((vec *)(void *)p, x); }

#define SCRYPT_LANES 8
#define SCRYPT_LANES_ENTRY coin_scrypt_romix_avx2_8way
#include "scrypt_lanes.h"
