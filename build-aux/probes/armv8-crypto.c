/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* The probe of the armv8-crypto backend (configure and CMake): it compiles with the backend's flags
 * only if the compiler has the exact intrinsics the backend uses. */
#include <arm_neon.h>
uint32x4_t probe(uint32x4_t a, uint32x4_t b, uint32x4_t c);
uint32x4_t probe(uint32x4_t a, uint32x4_t b, uint32x4_t c) {
  a = vsha256hq_u32(a, b, c);
  b = vsha256h2q_u32(b, a, c);
  a = vsha256su1q_u32(vsha256su0q_u32(a, b), b, c);
  a = vsha1cq_u32(a, vsha1h_u32(vgetq_lane_u32(b, 0)), c);
  a = vsha1pq_u32(a, 1, vsha1su1q_u32(vsha1su0q_u32(a, b, c), b));
  uint8x16_t x = vaesmcq_u8(vaeseq_u8(vreinterpretq_u8_u32(a), vdupq_n_u8(0)));
  x = vaesimcq_u8(vaesdq_u8(x, vreinterpretq_u8_u32(b)));
  return vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(vsha1mq_u32(vreinterpretq_u32_u8(x), 2, c))));
}