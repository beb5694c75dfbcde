/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* ROMix of scrypt with r = 1 and a power-of-two N (1024 for the proof of work) for 16
 * hashes at once with AVX-512.
 *
 * Compiled with -mavx512f -mavx512vl -mavx512bw -mavx512dq only; the dispatcher calls it
 * when CPUID and XGETBV report AVX-512 F, VL, BW and DQ with the ZMM state enabled.
 *
 * The loops are those of scrypt_lanes.h, on 16 lanes: each __m512i holds the same 32-bit
 * word of the 16 hashes' blocks. vprold does each rotate, and the 16 words and the 16 saved
 * for the final addition fit in the 32 registers. The table entries are loaded 16 words at a
 * time and transposed, which is faster than gathering them (vpgatherdd). */

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
static ALWAYS_INLINE void transpose(vec r[16])
{
    vec t[16], u[16], p0, p1, p2, p3;
    int i, m;
    UNROLL8 for (i = 0; i < 16; i += 2) {
        t[i] = _mm512_unpacklo_epi32(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_epi32(r[i], r[i + 1]);
    }
    /* u[4 g + m], in 128-bit lane L: element 4 L + m of r[4 g .. 4 g + 3]. */
    UNROLL8 for (i = 0; i < 16; i += 4) {
        u[i] = _mm512_unpacklo_epi64(t[i], t[i + 2]);
        u[i + 1] = _mm512_unpackhi_epi64(t[i], t[i + 2]);
        u[i + 2] = _mm512_unpacklo_epi64(t[i + 1], t[i + 3]);
        u[i + 3] = _mm512_unpackhi_epi64(t[i + 1], t[i + 3]);
    }
    /* Gather 128-bit lane L of u[m], u[4 + m], u[8 + m], u[12 + m] into r[4 L + m]. */
    UNROLL8 for (m = 0; m < 4; m++) {
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

static inline vec load(const uint32_t *p) { return _mm512_loadu_si512(p); }
static inline void store(uint32_t *p, vec x) { _mm512_storeu_si512(p, x); }
static inline vec load_aligned(const uint32_t *p) { return _mm512_load_si512(p); }
static inline void store_aligned(uint32_t *p, vec x) { _mm512_store_si512(p, x); }

#define SCRYPT_LANES 16
#define SCRYPT_LANES_ENTRY coin_scrypt_romix_avx512_16way
#include "scrypt_lanes.h"
