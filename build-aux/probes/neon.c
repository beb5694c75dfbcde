/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* The probe of the neon backend (configure and CMake): it compiles with the backend's flags
 * only if the compiler has the exact intrinsics the backend uses. */
#include <arm_neon.h>
uint32x4_t probe(uint32x4_t a, uint32x4_t b);
uint32x4_t probe(uint32x4_t a, uint32x4_t b) {
  uint8x16_t v = vreinterpretq_u8_u32(vsriq_n_u32(vshlq_n_u32(vaddq_u32(a, b), 7), b, 25));
  a = vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(vreinterpretq_u32_u8(veorq_u8(v, v)))));
#if defined(__aarch64__)
  return vreinterpretq_u32_u64(vtrn1q_u64(vreinterpretq_u64_u32(a), vreinterpretq_u64_u32(vtrn2q_u32(a, b))));
#else
  return vcombine_u32(vget_low_u32(vtrnq_u32(a, b).val[0]), vget_high_u32(b));
#endif
}