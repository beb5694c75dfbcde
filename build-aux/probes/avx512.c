/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* The probe of the avx512 backend (configure and CMake): it compiles with the backend's flags
 * only if the compiler has the exact intrinsics the backend uses. */
#include <immintrin.h>
__m512i probe(__m512i a, __m512i b, __m128i c);
__m512i probe(__m512i a, __m512i b, __m128i c) {
  unsigned char buf[32];
  a = _mm512_add_epi32(_mm512_ror_epi32(a, 7), _mm512_ternarylogic_epi32(a, b, b, 0x96));
  a = _mm512_inserti32x4(a, _mm512_extracti32x4_epi32(b, 3), 1);
  a = _mm512_permutex2var_epi64(a, _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4), _mm512_shuffle_i32x4(a, b, 0x44));
  _mm256_storeu_si256((__m256i *)(void *)buf, _mm512_extracti64x4_epi64(a, 1));
  c = _mm_xor_si128(c, _mm_loadu_si128((const __m128i *)(const void *)buf));
  return _mm512_shuffle_epi8(a, _mm512_broadcast_i32x4(c));
}