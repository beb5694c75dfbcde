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

/* The helpers must be inlined, so that the words live in registers. */
#if defined(__GNUC__)
# define ALWAYS_INLINE inline __attribute__((always_inline))
#else
# define ALWAYS_INLINE inline
#endif

typedef __m256i vec;

#define ROTL(x, n) _mm256_or_si256(_mm256_slli_epi32(x, n), _mm256_srli_epi32(x, 32 - (n)))
/* a ^= (b + c) <<< n, in each lane. */
#define STEP(a, b, c, n) a = _mm256_xor_si256(a, ROTL(_mm256_add_epi32(b, c), n))

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

/* One column round and one row round on the words in locals x0..x15. */
#define DOUBLE_ROUND()                                                                               \
    do {                                                                                             \
        STEP(x4, x0, x12, 7); STEP(x9, x5, x1, 7); STEP(x14, x10, x6, 7); STEP(x3, x15, x11, 7);     \
        STEP(x8, x4, x0, 9); STEP(x13, x9, x5, 9); STEP(x2, x14, x10, 9); STEP(x7, x3, x15, 9);      \
        STEP(x12, x8, x4, 13); STEP(x1, x13, x9, 13); STEP(x6, x2, x14, 13); STEP(x11, x7, x3, 13);  \
        STEP(x0, x12, x8, 18); STEP(x5, x1, x13, 18); STEP(x10, x6, x2, 18); STEP(x15, x11, x7, 18); \
        STEP(x1, x0, x3, 7); STEP(x6, x5, x4, 7); STEP(x11, x10, x9, 7); STEP(x12, x15, x14, 7);     \
        STEP(x2, x1, x0, 9); STEP(x7, x6, x5, 9); STEP(x8, x11, x10, 9); STEP(x13, x12, x15, 9);     \
        STEP(x3, x2, x1, 13); STEP(x4, x7, x6, 13); STEP(x9, x8, x11, 13); STEP(x14, x13, x12, 13);  \
        STEP(x0, x3, x2, 18); STEP(x5, x4, x7, 18); STEP(x10, x9, x8, 18); STEP(x15, x14, x13, 18);  \
    } while (0)

/* B = Salsa20/8(B ^ Bx), word w of the 8 blocks in B[w]. */
static ALWAYS_INLINE void xor_salsa8(vec B[16], const vec Bx[16])
{
    vec x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15;
    x0 = B[0] = _mm256_xor_si256(B[0], Bx[0]);
    x1 = B[1] = _mm256_xor_si256(B[1], Bx[1]);
    x2 = B[2] = _mm256_xor_si256(B[2], Bx[2]);
    x3 = B[3] = _mm256_xor_si256(B[3], Bx[3]);
    x4 = B[4] = _mm256_xor_si256(B[4], Bx[4]);
    x5 = B[5] = _mm256_xor_si256(B[5], Bx[5]);
    x6 = B[6] = _mm256_xor_si256(B[6], Bx[6]);
    x7 = B[7] = _mm256_xor_si256(B[7], Bx[7]);
    x8 = B[8] = _mm256_xor_si256(B[8], Bx[8]);
    x9 = B[9] = _mm256_xor_si256(B[9], Bx[9]);
    x10 = B[10] = _mm256_xor_si256(B[10], Bx[10]);
    x11 = B[11] = _mm256_xor_si256(B[11], Bx[11]);
    x12 = B[12] = _mm256_xor_si256(B[12], Bx[12]);
    x13 = B[13] = _mm256_xor_si256(B[13], Bx[13]);
    x14 = B[14] = _mm256_xor_si256(B[14], Bx[14]);
    x15 = B[15] = _mm256_xor_si256(B[15], Bx[15]);
    DOUBLE_ROUND();
    DOUBLE_ROUND();
    DOUBLE_ROUND();
    DOUBLE_ROUND();
    B[0] = _mm256_add_epi32(B[0], x0);
    B[1] = _mm256_add_epi32(B[1], x1);
    B[2] = _mm256_add_epi32(B[2], x2);
    B[3] = _mm256_add_epi32(B[3], x3);
    B[4] = _mm256_add_epi32(B[4], x4);
    B[5] = _mm256_add_epi32(B[5], x5);
    B[6] = _mm256_add_epi32(B[6], x6);
    B[7] = _mm256_add_epi32(B[7], x7);
    B[8] = _mm256_add_epi32(B[8], x8);
    B[9] = _mm256_add_epi32(B[9], x9);
    B[10] = _mm256_add_epi32(B[10], x10);
    B[11] = _mm256_add_epi32(B[11], x11);
    B[12] = _mm256_add_epi32(B[12], x12);
    B[13] = _mm256_add_epi32(B[13], x13);
    B[14] = _mm256_add_epi32(B[14], x14);
    B[15] = _mm256_add_epi32(B[15], x15);
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
