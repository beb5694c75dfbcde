/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* BLAKE3 with Advanced SIMD (NEON): 4 chunks, or 4 parent nodes, at once, one in each 32-bit
 * lane of a uint32x4_t: each block's message words transposed into 16 vectors (4 x 4
 * transposes, neon_transpose.h), rotations by 16 as vrev32 on 16-bit halves, the others a
 * shift left and a shift right and insert (sri).
 *
 * Compiled without extra flags on AArch64, where Advanced SIMD is part of the baseline, and
 * with -mfpu=neon on 32-bit ARM, where the dispatcher calls it only when AT_HWCAP reports
 * NEON. */

#include <arm_neon.h>

#include "backends.h"
#include "blake3_lanes.h"
#include "neon_transpose.h"

#if defined(__AARCH64EB__) || defined(__ARMEB__)
# error "blake3_neon.c supports little-endian ARM only"
#endif

#define N_ADD(a, b) vaddq_u32(a, b)
#define N_XOR(a, b) veorq_u32(a, b)
#define N_R16(x) vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)))
#define N_R12(x) vsriq_n_u32(vshlq_n_u32(x, 20), x, 12)
#define N_R8(x) vsriq_n_u32(vshlq_n_u32(x, 24), x, 8)
#define N_R7(x) vsriq_n_u32(vshlq_n_u32(x, 25), x, 7)
#define BLAKE3_OPS N_ADD, N_XOR, N_R16, N_R12, N_R8, N_R7
#define M(i) m[i]

/* One block of each lane into the chaining values h, with the lanes' counters lo, hi. */
static ALWAYS_INLINE void n4_compress(uint32x4_t h[8], const uint32x4_t m[16], uint32x4_t lo, uint32x4_t hi,
                                      unsigned flags)
{
    uint32x4_t v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3], v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
    uint32x4_t v8 = vdupq_n_u32(BLAKE3_IV0), v9 = vdupq_n_u32(BLAKE3_IV1), v10 = vdupq_n_u32(BLAKE3_IV2);
    uint32x4_t v11 = vdupq_n_u32(BLAKE3_IV3), v12 = lo, v13 = hi, v14 = vdupq_n_u32(64), v15 = vdupq_n_u32(flags);
    BLAKE3_SEVEN_ROUNDS(BLAKE3_LANES_ROUND);
    h[0] = N_XOR(v0, v8); h[1] = N_XOR(v1, v9); h[2] = N_XOR(v2, v10); h[3] = N_XOR(v3, v11);
    h[4] = N_XOR(v4, v12); h[5] = N_XOR(v5, v13); h[6] = N_XOR(v6, v14); h[7] = N_XOR(v7, v15);
}

/* n <= 4 inputs of `blocks` blocks, input k at in + stride k with the counter counter + step k;
 * the idle lanes hash input 0 again, and their values are not stored. */
static ALWAYS_INLINE void n4_hash(const unsigned char *in, size_t n, size_t stride, int blocks, const uint32_t key[8],
                                  uint64_t counter, unsigned step, unsigned flags, unsigned start, unsigned end,
                                  unsigned char *out)
{
    const unsigned char *p[4];
    uint32_t c[2][4];
    uint32x4_t h[8], m[16], lo, hi;
    int b, i, g;
    UNROLL16
    for (i = 0; i < 4; i++) {
        const uint64_t ctr = counter + (uint64_t)step * (unsigned)i;
        p[i] = in + stride * ((size_t)i < n ? (size_t)i : 0);
        c[0][i] = (uint32_t)ctr;
        c[1][i] = (uint32_t)(ctr >> 32);
    }
    lo = vld1q_u32(c[0]);
    hi = vld1q_u32(c[1]);
    UNROLL16
    for (i = 0; i < 8; i++) h[i] = vdupq_n_u32(key[i]);
    for (b = 0; b < blocks; b++) {
        /* m[4 g + k]: words 4g .. 4g + 3 of lane k, transposed to words 4g .. 4g + 3 of the lanes. */
        UNROLL16
        for (g = 0; g < 4; g++) {
            UNROLL16
            for (i = 0; i < 4; i++) m[4 * g + i] = vreinterpretq_u32_u8(vld1q_u8(p[i] + 64 * b + 16 * g));
            neon_transpose4(m + 4 * g);
        }
        n4_compress(h, m, lo, hi, flags | (b == 0 ? start : 0) | (b == blocks - 1 ? end : 0));
    }
    /* Words 0-3 and 4-7 of each lane. */
    neon_transpose4(h);
    neon_transpose4(h + 4);
    UNROLL16
    for (i = 0; (size_t)i < n; i++) {
        vst1q_u8(out + 32 * i, vreinterpretq_u8_u32(h[i]));
        vst1q_u8(out + 32 * i + 16, vreinterpretq_u8_u32(h[4 + i]));
    }
}

void coin_blake3_chunks_neon(const unsigned char *in, size_t chunks, const uint32_t key[8], uint64_t counter,
                             unsigned flags, unsigned char *out)
{
    while (chunks > 0) {
        const size_t n = chunks < 4 ? chunks : 4;
        n4_hash(in, n, 1024, BLAKE3_CHUNK_BLOCKS, key, counter, 1, flags, BLAKE3_CHUNK_START, BLAKE3_CHUNK_END, out);
        in += 1024 * n;
        out += 32 * n;
        counter += n;
        chunks -= n;
    }
}

void coin_blake3_parents_neon(const unsigned char *in, size_t n, const uint32_t key[8], unsigned flags,
                              unsigned char *out)
{
    while (n > 0) {
        const size_t k = n < 4 ? n : 4;
        n4_hash(in, k, 64, 1, key, 0, 0, flags, 0, 0, out);
        in += 64 * k;
        out += 32 * k;
        n -= k;
    }
}
