/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* ChaCha20 on 4 blocks at once with Advanced SIMD (NEON), each uint32x4_t holding one word
 * of the 4 blocks: rotations by 16 are vrev32 on 16-bit halves, the others a shift left and
 * a shift right and insert (sri); fewer than 4 blocks take some of 4 blocks' keystream.
 *
 * Compiled without extra flags on AArch64, where Advanced SIMD is part of the baseline, and
 * with -mfpu=neon on 32-bit ARM, where the dispatcher calls it only when AT_HWCAP reports
 * NEON. */

#include <arm_neon.h>

#include "backends.h"
#include "chacha20_lanes.h"
#include "common.h"
#include "neon_transpose.h"

#if defined(__AARCH64EB__) || defined(__ARMEB__)
# error "chacha20_neon.c supports little-endian ARM only"
#endif

#define N4_R16(x) vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)))
#define N4_R12(x) vsriq_n_u32(vshlq_n_u32(x, 12), x, 20)
#define N4_R8(x) vsriq_n_u32(vshlq_n_u32(x, 8), x, 24)
#define N4_R7(x) vsriq_n_u32(vshlq_n_u32(x, 7), x, 25)

/* Words 4g .. 4g + 3 of the 4 blocks, in a .. d: transposed to 16 bytes of each block,
 * XORed into in unless NULL, stored at out (which is out + 16 g of the 4 blocks). */
static inline void n4_store(unsigned char *out, const unsigned char *in, uint32x4_t a, uint32x4_t b, uint32x4_t c,
                            uint32x4_t d)
{
    uint32x4_t r[4];
    int k;
    r[0] = a; r[1] = b; r[2] = c; r[3] = d;
    neon_transpose4(r);
    for (k = 0; k < 4; k++) {
        uint8x16_t v = vreinterpretq_u8_u32(r[k]);
        if (in) v = veorq_u8(v, vld1q_u8(in + 64 * k));
        vst1q_u8(out + 64 * k, v);
    }
}

static void chacha20_n4(const uint32_t input[12], uint32_t ctr, uint32_t n0, unsigned char *out, const unsigned char *in)
{
    uint32_t c[4], n[4];
    uint32x4_t x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15, j12, j13;
    int i;
    chacha20_counters(c, n, ctr, n0, 4);
    j12 = vld1q_u32(c);
    j13 = vld1q_u32(n);
    CHACHA20_LANES_INIT(vdupq_n_u32, input, j12, j13);
    for (i = 0; i < 10; i++) CHACHA20_DOUBLE_ROUND(vaddq_u32, veorq_u32, N4_R16, N4_R12, N4_R8, N4_R7);
    CHACHA20_LANES_FEED(vaddq_u32, vdupq_n_u32, input, j12, j13);
    n4_store(out, in, x0, x1, x2, x3);
    n4_store(out + 16, in ? in + 16 : NULL, x4, x5, x6, x7);
    n4_store(out + 32, in ? in + 32 : NULL, x8, x9, x10, x11);
    n4_store(out + 48, in ? in + 48 : NULL, x12, x13, x14, x15);
}

void coin_chacha20_blocks_neon(uint32_t input[12], unsigned char *out, const unsigned char *in, size_t n)
{
    uint32_t ctr = input[8], n0 = input[9];
    chacha20_advance(&input[8], &input[9], n);
    for (; n >= 4; n -= 4) {
        chacha20_n4(input, ctr, n0, out, in);
        chacha20_advance(&ctr, &n0, 4);
        out += 256;
        if (in) in += 256;
    }
    if (n) {
        unsigned char ks[256];
        size_t i;
        chacha20_n4(input, ctr, n0, ks, NULL);
        for (i = 0; i < 64 * n; i++) out[i] = in ? (unsigned char)(in[i] ^ ks[i]) : ks[i];
        memory_cleanse(ks, sizeof(ks));
    }
}
