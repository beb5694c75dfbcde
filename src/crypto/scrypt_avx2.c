/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* ROMix of scrypt with r = 1 and a power-of-two N (1024 for the proof of work) for 8
 * hashes at once with AVX2.
 *
 * Compiled with -mavx2 -mbmi2 only; the dispatcher calls it when CPUID and XGETBV report
 * AVX2 and BMI2.
 *
 * Layout. Each __m256i holds the same 32-bit word of the 8 hashes' blocks, one hash per
 * lane, so Salsa20/8 runs on all 8 with the scalar code's operations. AVX2 has no vector
 * rotate: a rotate is two shifts and an OR. The second loop reads a different table entry
 * for each hash, so V is kept per hash: entry i of hash k is the 32 words at
 * V + (N k + i) * 32. The first loop transposes the state (8x8 blocks of words) to store
 * it there, the second loads each hash's entry with 4 loads of 8 words and transposes it
 * back, which is faster than gathering the words (vpgatherdd). */

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
static ALWAYS_INLINE void transpose8(vec r[8])
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

void coin_scrypt_romix_avx2_8way(uint32_t *X, uint32_t *V, uint32_t N)
{
    _Alignas(32) uint32_t idx[8];
    vec B[32], t[8];
    uint32_t i;
    int g, k;

    for (g = 0; g < 32; g += 8) {
        for (k = 0; k < 8; k++) B[g + k] = load(X + 32 * k + g);
        transpose8(B + g);
    }
    for (i = 0; i < N; i++) {
        for (g = 0; g < 32; g += 8) {
            for (k = 0; k < 8; k++) t[k] = B[g + k];
            transpose8(t);
            for (k = 0; k < 8; k++) _mm256_store_si256((vec *)(void *)(V + (N * k + i) * 32 + g), t[k]);
        }
        xor_salsa8(&B[0], &B[16]);
        xor_salsa8(&B[16], &B[0]);
    }
    for (i = 0; i < N; i++) {
        _mm256_store_si256((vec *)(void *)idx, _mm256_and_si256(B[16], _mm256_set1_epi32((int)(N - 1))));
        for (g = 0; g < 32; g += 8) {
            for (k = 0; k < 8; k++) t[k] = _mm256_load_si256((const vec *)(const void *)(V + (N * k + idx[k]) * 32 + g));
            transpose8(t);
            for (k = 0; k < 8; k++) B[g + k] = _mm256_xor_si256(B[g + k], t[k]);
        }
        xor_salsa8(&B[0], &B[16]);
        xor_salsa8(&B[16], &B[0]);
    }
    for (g = 0; g < 32; g += 8) {
        transpose8(B + g);
        for (k = 0; k < 8; k++) store(X + 32 * k + g, B[g + k]);
    }
}
