/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* ROMix of scrypt with r = 1 and a power-of-two N (1024 for the proof of work) for 4
 * hashes at once with Advanced SIMD (NEON).
 *
 * Compiled without extra flags: Advanced SIMD is part of the AArch64 baseline, so the
 * dispatcher may call it on any AArch64 CPU.
 *
 * Layout. Each uint32x4_t holds the same 32-bit word of the 4 hashes' blocks, one hash per
 * lane, so Salsa20/8 runs on all 4 with the scalar code's operations. A rotate is a shift
 * left and a shift right and insert (sri) into it. The second loop reads a different table
 * entry for each hash, so V is kept per hash: entry i of hash k is the 32 words at
 * V + (N k + i) * 32. The first loop transposes the state (4x4 blocks of words) to store it
 * there, the second loads each hash's entry with 8 loads of 4 words and transposes it back. */

#include <arm_neon.h>

#include "backends.h"

#if defined(__AARCH64EB__)
# error "scrypt_neon.c supports little-endian AArch64 only"
#endif

/* The helpers must be inlined, so that the words live in registers. */
#if defined(__GNUC__)
# define ALWAYS_INLINE inline __attribute__((always_inline))
#else
# define ALWAYS_INLINE inline
#endif

typedef uint32x4_t vec;

/* a ^= (b + c) <<< n, in each lane. */
#define STEP(a, b, c, n)                                                     \
    do {                                                                     \
        const vec s_ = vaddq_u32((b), (c));                                  \
        (a) = veorq_u32((a), vsriq_n_u32(vshlq_n_u32(s_, n), s_, 32 - (n))); \
    } while (0)

/* Transposes the 4x4 matrix of 32-bit elements r: element k of r[j] becomes element j of
 * r[k]. */
static ALWAYS_INLINE void transpose4(vec r[4])
{
    /* t0 = {r0[0], r1[0], r0[2], r1[2]}, t1 = {r0[1], r1[1], r0[3], r1[3]}; t2, t3 alike. */
    const uint64x2_t t0 = vreinterpretq_u64_u32(vtrn1q_u32(r[0], r[1]));
    const uint64x2_t t1 = vreinterpretq_u64_u32(vtrn2q_u32(r[0], r[1]));
    const uint64x2_t t2 = vreinterpretq_u64_u32(vtrn1q_u32(r[2], r[3]));
    const uint64x2_t t3 = vreinterpretq_u64_u32(vtrn2q_u32(r[2], r[3]));
    r[0] = vreinterpretq_u32_u64(vtrn1q_u64(t0, t2));
    r[1] = vreinterpretq_u32_u64(vtrn1q_u64(t1, t3));
    r[2] = vreinterpretq_u32_u64(vtrn2q_u64(t0, t2));
    r[3] = vreinterpretq_u32_u64(vtrn2q_u64(t1, t3));
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

/* B = Salsa20/8(B ^ Bx), word w of the 4 blocks in B[w]. */
static ALWAYS_INLINE void xor_salsa8(vec B[16], const vec Bx[16])
{
    vec x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15;
    x0 = B[0] = veorq_u32(B[0], Bx[0]);
    x1 = B[1] = veorq_u32(B[1], Bx[1]);
    x2 = B[2] = veorq_u32(B[2], Bx[2]);
    x3 = B[3] = veorq_u32(B[3], Bx[3]);
    x4 = B[4] = veorq_u32(B[4], Bx[4]);
    x5 = B[5] = veorq_u32(B[5], Bx[5]);
    x6 = B[6] = veorq_u32(B[6], Bx[6]);
    x7 = B[7] = veorq_u32(B[7], Bx[7]);
    x8 = B[8] = veorq_u32(B[8], Bx[8]);
    x9 = B[9] = veorq_u32(B[9], Bx[9]);
    x10 = B[10] = veorq_u32(B[10], Bx[10]);
    x11 = B[11] = veorq_u32(B[11], Bx[11]);
    x12 = B[12] = veorq_u32(B[12], Bx[12]);
    x13 = B[13] = veorq_u32(B[13], Bx[13]);
    x14 = B[14] = veorq_u32(B[14], Bx[14]);
    x15 = B[15] = veorq_u32(B[15], Bx[15]);
    DOUBLE_ROUND();
    DOUBLE_ROUND();
    DOUBLE_ROUND();
    DOUBLE_ROUND();
    B[0] = vaddq_u32(B[0], x0);
    B[1] = vaddq_u32(B[1], x1);
    B[2] = vaddq_u32(B[2], x2);
    B[3] = vaddq_u32(B[3], x3);
    B[4] = vaddq_u32(B[4], x4);
    B[5] = vaddq_u32(B[5], x5);
    B[6] = vaddq_u32(B[6], x6);
    B[7] = vaddq_u32(B[7], x7);
    B[8] = vaddq_u32(B[8], x8);
    B[9] = vaddq_u32(B[9], x9);
    B[10] = vaddq_u32(B[10], x10);
    B[11] = vaddq_u32(B[11], x11);
    B[12] = vaddq_u32(B[12], x12);
    B[13] = vaddq_u32(B[13], x13);
    B[14] = vaddq_u32(B[14], x14);
    B[15] = vaddq_u32(B[15], x15);
}

void coin_scrypt_romix_neon_4way(uint32_t *X, uint32_t *V, uint32_t N)
{
    const vec mask = vdupq_n_u32(N - 1);
    uint32_t *T[4];       /* T[k]: hash k's table */
    const uint32_t *E[4]; /* E[k]: the entry hash k reads in the second loop */
    vec B[32], t[4];
    uint32_t i;
    int g, k;

    for (k = 0; k < 4; k++) T[k] = V + (size_t)N * 32 * (size_t)k;
    for (g = 0; g < 32; g += 4) {
        for (k = 0; k < 4; k++) B[g + k] = vld1q_u32(X + 32 * k + g);
        transpose4(B + g);
    }
    /* The accesses to the 4 tables are written out: GCC -O2 keeps a loop over them, and t on
     * the stack. */
    for (i = 0; i < N; i++) {
        for (g = 0; g < 32; g += 4) {
            t[0] = B[g]; t[1] = B[g + 1]; t[2] = B[g + 2]; t[3] = B[g + 3];
            transpose4(t);
            vst1q_u32(T[0] + (size_t)i * 32 + g, t[0]);
            vst1q_u32(T[1] + (size_t)i * 32 + g, t[1]);
            vst1q_u32(T[2] + (size_t)i * 32 + g, t[2]);
            vst1q_u32(T[3] + (size_t)i * 32 + g, t[3]);
        }
        xor_salsa8(&B[0], &B[16]);
        xor_salsa8(&B[16], &B[0]);
    }
    for (i = 0; i < N; i++) {
        const vec j = vandq_u32(B[16], mask);
        E[0] = T[0] + (size_t)vgetq_lane_u32(j, 0) * 32;
        E[1] = T[1] + (size_t)vgetq_lane_u32(j, 1) * 32;
        E[2] = T[2] + (size_t)vgetq_lane_u32(j, 2) * 32;
        E[3] = T[3] + (size_t)vgetq_lane_u32(j, 3) * 32;
        for (g = 0; g < 32; g += 4) {
            t[0] = vld1q_u32(E[0] + g); t[1] = vld1q_u32(E[1] + g);
            t[2] = vld1q_u32(E[2] + g); t[3] = vld1q_u32(E[3] + g);
            transpose4(t);
            B[g] = veorq_u32(B[g], t[0]); B[g + 1] = veorq_u32(B[g + 1], t[1]);
            B[g + 2] = veorq_u32(B[g + 2], t[2]); B[g + 3] = veorq_u32(B[g + 3], t[3]);
        }
        xor_salsa8(&B[0], &B[16]);
        xor_salsa8(&B[16], &B[0]);
    }
    for (g = 0; g < 32; g += 4) {
        transpose4(B + g);
        for (k = 0; k < 4; k++) vst1q_u32(X + 32 * k + g, B[g + k]);
    }
}
