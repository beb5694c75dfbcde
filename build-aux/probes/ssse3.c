/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* The probe of the ssse3 backend (configure and CMake): it compiles with the backend's flags
 * only if the compiler has the exact intrinsics the backend uses. */
#include <immintrin.h>
__m128i probe(__m128i a, __m128i b);
__m128i probe(__m128i a, __m128i b) {
  a = _mm_alignr_epi8(_mm_shuffle_epi8(_mm_add_epi32(a, b), b), a, 8);
  return _mm_unpackhi_epi64(_mm_unpacklo_epi32(a, b), _mm_or_si128(_mm_slli_epi32(a, 7), _mm_srli_epi32(b, 25)));
}