/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* The probe of the avx512ifma backend (configure and CMake): it compiles with the backend's
 * flags only if the compiler has the exact intrinsics the backend uses. */
#include <immintrin.h>
__m512i probe(__m512i a, __m512i b, __m512i c);
__m512i probe(__m512i a, __m512i b, __m512i c) {
  unsigned __int128 t = (unsigned __int128)(unsigned long long)_mm512_reduce_add_epi64(a) * 3u;
  __m512i x = _mm512_madd52lo_epu64(a, b, c), y = _mm512_madd52hi_epu64(a, b, c);
  x = _mm512_permutex2var_epi64(x, _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), y);
  return _mm512_add_epi64(x, _mm512_set1_epi64((long long)(t >> 64)));
}
