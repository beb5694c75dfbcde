/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* The probe of the x86-shani backend (configure and CMake): it compiles with the backend's flags
 * only if the compiler has the exact intrinsics the backend uses. */
#include <immintrin.h>
__m128i probe(__m128i a, __m128i b, __m128i k);
__m128i probe(__m128i a, __m128i b, __m128i k) {
  a = _mm_sha256rnds2_epu32(a, b, k);
  a = _mm_sha256msg2_epu32(_mm_sha256msg1_epu32(a, b), k);
  a = _mm_sha1rnds4_epu32(a, _mm_sha1nexte_epu32(b, k), 0);
  a = _mm_sha1msg2_epu32(_mm_sha1msg1_epu32(a, b), k);
  a = _mm_insert_epi32(a, _mm_extract_epi32(b, 3), 3);
  return _mm_blend_epi16(_mm_shuffle_epi8(a, k), _mm_alignr_epi8(a, b, 8), 0xf0);
}