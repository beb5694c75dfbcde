/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* The probe of the x86-aesni backend (configure and CMake): it compiles with the backend's flags
 * only if the compiler has the exact intrinsics the backend uses. */
#include <immintrin.h>
__m128i probe(__m128i a, __m128i k);
__m128i probe(__m128i a, __m128i k) {
  __m128i t = _mm_shuffle_epi32(_mm_aeskeygenassist_si128(k, 1), 0xff);
  a = _mm_aesenc_si128(_mm_xor_si128(a, _mm_slli_si128(t, 4)), _mm_aesimc_si128(k));
  a = _mm_aesenclast_si128(a, k);
  return _mm_aesdeclast_si128(_mm_aesdec_si128(a, k), _mm_setzero_si128());
}
