/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* The probe of the sse41 backend (configure and CMake): it compiles with the backend's flags
 * only if the compiler has the exact intrinsics the backend uses. */
#include <immintrin.h>
__m128i probe(__m128i a, __m128i b);
__m128i probe(__m128i a, __m128i b) {
  return _mm_unpacklo_epi64(_mm_shuffle_epi8(_mm_add_epi32(a, b), b), _mm_andnot_si128(a, b));
}