/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* ROMix of scrypt with r = 1 and a power-of-two N (1024 for the proof of work) for 16
 * hashes at once with AVX-512.
 *
 * Compiled with -mavx512f -mavx512vl -mavx512bw -mavx512dq only; the dispatcher calls it
 * when CPUID and XGETBV report AVX-512 F, VL, BW and DQ with the ZMM state enabled.
 *
 * Layout. Each __m512i holds the same 32-bit word of the 16 hashes' blocks, one hash per
 * lane, so Salsa20/8 runs on all 16 with the scalar code's operations; vprold does each
 * rotate, and the 16 words and the 16 saved for the final addition fit in the 32 registers.
 * The second loop reads a different table entry for each hash, so V is kept per hash:
 * entry i of hash k is the 32 words at V + (N k + i) * 32. The first loop transposes
 * the state (16x16 blocks of words) to store it there, the second loads each hash's entry
 * with 2 loads of 16 words and transposes it back, which is faster than gathering the
 * words (vpgatherdd). */

#include <immintrin.h>

#include "backends.h"

typedef __m512i vec;

/* a ^= (b + c) <<< n, in each lane. */
#define STEP(a, b, c, n) a = _mm512_xor_si512(a, _mm512_rol_epi32(_mm512_add_epi32(b, c), n))
#define VEC_XOR _mm512_xor_si512
#define VEC_ADD _mm512_add_epi32
#include "salsa_lanes.h" /* xor_salsa8 */

/* Transposes the 16x16 matrix of 32-bit elements r: element k of r[j] becomes element j
 * of r[k]. */
static ALWAYS_INLINE void transpose16(vec r[16])
{
    vec t[16], u[16], p0, p1, p2, p3;
    int i, m;
    for (i = 0; i < 16; i += 2) {
        t[i] = _mm512_unpacklo_epi32(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_epi32(r[i], r[i + 1]);
    }
    /* u[4 g + m], in 128-bit lane L: element 4 L + m of r[4 g .. 4 g + 3]. */
    for (i = 0; i < 16; i += 4) {
        u[i] = _mm512_unpacklo_epi64(t[i], t[i + 2]);
        u[i + 1] = _mm512_unpackhi_epi64(t[i], t[i + 2]);
        u[i + 2] = _mm512_unpacklo_epi64(t[i + 1], t[i + 3]);
        u[i + 3] = _mm512_unpackhi_epi64(t[i + 1], t[i + 3]);
    }
    /* Gather 128-bit lane L of u[m], u[4 + m], u[8 + m], u[12 + m] into r[4 L + m]. */
    for (m = 0; m < 4; m++) {
        p0 = _mm512_shuffle_i32x4(u[m], u[4 + m], 0x88);     /* lanes 0, 2 of each */
        p1 = _mm512_shuffle_i32x4(u[m], u[4 + m], 0xdd);     /* lanes 1, 3 of each */
        p2 = _mm512_shuffle_i32x4(u[8 + m], u[12 + m], 0x88);
        p3 = _mm512_shuffle_i32x4(u[8 + m], u[12 + m], 0xdd);
        r[m] = _mm512_shuffle_i32x4(p0, p2, 0x88);
        r[4 + m] = _mm512_shuffle_i32x4(p1, p3, 0x88);
        r[8 + m] = _mm512_shuffle_i32x4(p0, p2, 0xdd);
        r[12 + m] = _mm512_shuffle_i32x4(p1, p3, 0xdd);
    }
}


void coin_scrypt_romix_avx512_16way(uint32_t *X, uint32_t *V, uint32_t N)
{
    _Alignas(64) uint32_t idx[16];
    vec B[32], t[16];
    uint32_t i;
    int g, k;

    for (g = 0; g < 32; g += 16) {
        for (k = 0; k < 16; k++) B[g + k] = _mm512_loadu_si512(X + 32 * k + g);
        transpose16(B + g);
    }
    for (i = 0; i < N; i++) {
        for (g = 0; g < 32; g += 16) {
            for (k = 0; k < 16; k++) t[k] = B[g + k];
            transpose16(t);
            for (k = 0; k < 16; k++) _mm512_store_si512(V + (N * k + i) * 32 + g, t[k]);
        }
        xor_salsa8(&B[0], &B[16]);
        xor_salsa8(&B[16], &B[0]);
    }
    for (i = 0; i < N; i++) {
        _mm512_store_si512(idx, _mm512_and_si512(B[16], _mm512_set1_epi32((int)(N - 1))));
        for (g = 0; g < 32; g += 16) {
            for (k = 0; k < 16; k++) t[k] = _mm512_load_si512(V + (N * k + idx[k]) * 32 + g);
            transpose16(t);
            for (k = 0; k < 16; k++) B[g + k] = _mm512_xor_si512(B[g + k], t[k]);
        }
        xor_salsa8(&B[0], &B[16]);
        xor_salsa8(&B[16], &B[0]);
    }
    for (g = 0; g < 32; g += 16) {
        transpose16(B + g);
        for (k = 0; k < 16; k++) _mm512_storeu_si512(X + 32 * k + g, B[g + k]);
    }
}
