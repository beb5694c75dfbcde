/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* ROMix of scrypt with r = 1 and a power-of-two N (1024 for the proof of work) for 4
 * hashes at once with Advanced SIMD (NEON).
 *
 * Compiled without extra flags on AArch64, where Advanced SIMD is part of the baseline, and
 * with -mfpu=neon on 32-bit ARM, where the dispatcher calls it only when AT_HWCAP reports
 * NEON.
 *
 * Layout. Each uint32x4_t holds the same 32-bit word of the 4 hashes' blocks, one hash per
 * lane, so Salsa20/8 runs on all 4 with the scalar code's operations. A rotate is a shift
 * left and a shift right and insert (sri) into it. The second loop reads a different table
 * entry for each hash, so V is kept per hash: entry i of hash k is the 32 words at
 * V + (N k + i) * 32. The first loop transposes the state (4x4 blocks of words) to store it
 * there, the second loads each hash's entry with 8 loads of 4 words and transposes it back. */

#include <arm_neon.h>

#include "backends.h"
#include "neon_transpose.h"

#if defined(__AARCH64EB__) || defined(__ARMEB__)
# error "scrypt_neon.c supports little-endian ARM only"
#endif

typedef uint32x4_t vec;

/* a ^= (b + c) <<< n, in each lane. */
#define STEP(a, b, c, n)                                                     \
    do {                                                                     \
        const vec s_ = vaddq_u32((b), (c));                                  \
        (a) = veorq_u32((a), vsriq_n_u32(vshlq_n_u32(s_, n), s_, 32 - (n))); \
    } while (0)
#define VEC_XOR veorq_u32
#define VEC_ADD vaddq_u32
#include "salsa_lanes.h" /* xor_salsa8 */

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
        neon_transpose4(B + g);
    }
    /* The accesses to the 4 tables are written out: GCC -O2 keeps a loop over them, and t on
     * the stack. */
    for (i = 0; i < N; i++) {
        for (g = 0; g < 32; g += 4) {
            t[0] = B[g]; t[1] = B[g + 1]; t[2] = B[g + 2]; t[3] = B[g + 3];
            neon_transpose4(t);
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
            neon_transpose4(t);
            B[g] = veorq_u32(B[g], t[0]); B[g + 1] = veorq_u32(B[g + 1], t[1]);
            B[g + 2] = veorq_u32(B[g + 2], t[2]); B[g + 3] = veorq_u32(B[g + 3], t[3]);
        }
        xor_salsa8(&B[0], &B[16]);
        xor_salsa8(&B[16], &B[0]);
    }
    for (g = 0; g < 32; g += 4) {
        neon_transpose4(B + g);
        for (k = 0; k < 4; k++) vst1q_u32(X + 32 * k + g, B[g + k]);
    }
}
