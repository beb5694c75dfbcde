/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* The probe of the avx2 backend (configure and CMake): it compiles with the backend's flags
 * only if the compiler has the exact intrinsics the backend uses. */
#include <immintrin.h>
__m256i probe(__m256i a, __m256i b, __m128i c);
__m256i probe(__m256i a, __m256i b, __m128i c) {
  a = _mm256_add_epi64(_mm256_shuffle_epi8(a, b), _mm256_alignr_epi8(a, b, 8));
  a = _mm256_inserti128_si256(a, _mm256_extracti128_si256(b, 1), 0);
  return _mm256_add_epi32(_mm256_srli_epi64(a, 6), _mm256_broadcastsi128_si256(c));
}