/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_NEON_TRANSPOSE_H
#define COINCRYPTO_NEON_TRANSPOSE_H

/* Internal: the 4 x 4 transpose of 32-bit words the NEON backends share (scrypt_neon.c,
 * chacha20_neon.c): afterwards r[i][j] is the former r[j][i]. AArch64 has trn1/trn2 on whole
 * registers; 32-bit ARM has vtrn on pairs of words and the register halves. */

#include <arm_neon.h>

#include "backends.h"

static ALWAYS_INLINE void neon_transpose4(uint32x4_t r[4])
{
#if defined(__aarch64__)
    /* t0 = {r0[0], r1[0], r0[2], r1[2]}, t1 = {r0[1], r1[1], r0[3], r1[3]}; t2, t3 alike. */
    const uint64x2_t t0 = vreinterpretq_u64_u32(vtrn1q_u32(r[0], r[1]));
    const uint64x2_t t1 = vreinterpretq_u64_u32(vtrn2q_u32(r[0], r[1]));
    const uint64x2_t t2 = vreinterpretq_u64_u32(vtrn1q_u32(r[2], r[3]));
    const uint64x2_t t3 = vreinterpretq_u64_u32(vtrn2q_u32(r[2], r[3]));
    r[0] = vreinterpretq_u32_u64(vtrn1q_u64(t0, t2));
    r[1] = vreinterpretq_u32_u64(vtrn1q_u64(t1, t3));
    r[2] = vreinterpretq_u32_u64(vtrn2q_u64(t0, t2));
    r[3] = vreinterpretq_u32_u64(vtrn2q_u64(t1, t3));
#else
    /* a.val[0] = {r0[0], r1[0], r0[2], r1[2]}, a.val[1] = {r0[1], r1[1], r0[3], r1[3]}; b alike. */
    const uint32x4x2_t a = vtrnq_u32(r[0], r[1]), b = vtrnq_u32(r[2], r[3]);
    r[0] = vcombine_u32(vget_low_u32(a.val[0]), vget_low_u32(b.val[0]));
    r[1] = vcombine_u32(vget_low_u32(a.val[1]), vget_low_u32(b.val[1]));
    r[2] = vcombine_u32(vget_high_u32(a.val[0]), vget_high_u32(b.val[0]));
    r[3] = vcombine_u32(vget_high_u32(a.val[1]), vget_high_u32(b.val[1]));
#endif
}

#endif
