/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* The probe of the armv82-crypto backend (configure and CMake): it compiles with the backend's flags
 * only if the compiler has the exact intrinsics the backend uses. */
#include <arm_neon.h>
uint64x2_t probe(uint64x2_t a, uint64x2_t b, uint64x2_t c);
uint64x2_t probe(uint64x2_t a, uint64x2_t b, uint64x2_t c) {
  a = vsha512hq_u64(a, b, c);
  b = vsha512h2q_u64(b, a, c);
  a = vsha512su1q_u64(vsha512su0q_u64(a, b), b, c);
  a = vbcaxq_u64(veor3q_u64(a, b, c), vrax1q_u64(a, b), vxarq_u64(b, c, 20));
  return vreinterpretq_u64_u8(vrev64q_u8(vreinterpretq_u8_u64(a)));
}