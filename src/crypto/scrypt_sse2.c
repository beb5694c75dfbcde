/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* scrypt's ROMix with r = 1 on one block with SSE2: the four words of each Salsa20 column
 * side by side, in the diagonal layout of Colin Percival's SSE2 code (the one Litecoin's and
 * Dogecoin's SSE2 path took up). Word 5i mod 16 of a 16-word block sits at position i, so
 * that the four quarter rounds of a column round are one vector operation each, and a
 * rotation of three of the four vectors turns the columns into the rows. The table V holds
 * the blocks in that layout too; X is converted on entry and back on exit.
 *
 * Compiled with -msse2 only (the x86-64 baseline); the dispatcher calls it when CPUID reports
 * SSE2, and, of the one-block ROMix code, only where it measures faster than the portable
 * code: its rounds are one chain of dependent vector operations, where the portable code has
 * four independent chains of scalar ones. */

#include <emmintrin.h>

#include "backends.h"
#include "common.h"

#define ROTL_XOR(x, t, n) x = _mm_xor_si128(_mm_xor_si128(x, _mm_slli_epi32(t, n)), _mm_srli_epi32(t, 32 - (n)))

/* A column round then a row round on x0 .. x3. */
#define DOUBLE_ROUND(x0, x1, x2, x3)                                                     \
    do {                                                                                 \
        __m128i t = _mm_add_epi32(x0, x3);                                               \
        ROTL_XOR(x1, t, 7);                                                              \
        t = _mm_add_epi32(x1, x0);                                                       \
        ROTL_XOR(x2, t, 9);                                                              \
        t = _mm_add_epi32(x2, x1);                                                       \
        ROTL_XOR(x3, t, 13);                                                             \
        t = _mm_add_epi32(x3, x2);                                                       \
        ROTL_XOR(x0, t, 18);                                                             \
        x1 = _mm_shuffle_epi32(x1, 0x93);                                                \
        x2 = _mm_shuffle_epi32(x2, 0x4e);                                                \
        x3 = _mm_shuffle_epi32(x3, 0x39);                                                \
        t = _mm_add_epi32(x0, x1);                                                       \
        ROTL_XOR(x3, t, 7);                                                              \
        t = _mm_add_epi32(x3, x0);                                                       \
        ROTL_XOR(x2, t, 9);                                                              \
        t = _mm_add_epi32(x2, x3);                                                       \
        ROTL_XOR(x1, t, 13);                                                             \
        t = _mm_add_epi32(x1, x2);                                                       \
        ROTL_XOR(x0, t, 18);                                                             \
        x1 = _mm_shuffle_epi32(x1, 0x39);                                                \
        x2 = _mm_shuffle_epi32(x2, 0x4e);                                                \
        x3 = _mm_shuffle_epi32(x3, 0x93);                                                \
    } while (0)

/* b0..b3 = Salsa20/8(b0..b3 ^ c0..c3), both in the diagonal layout. Named variables rather
 * than arrays: GCC keeps an array of the block's vectors on the stack. */
#define XOR_SALSA8(b0, b1, b2, b3, c0, c1, c2, c3)                                       \
    do {                                                                                 \
        __m128i x0_, x1_, x2_, x3_;                                                      \
        int i_;                                                                          \
        x0_ = b0 = _mm_xor_si128(b0, c0);                                                \
        x1_ = b1 = _mm_xor_si128(b1, c1);                                                \
        x2_ = b2 = _mm_xor_si128(b2, c2);                                                \
        x3_ = b3 = _mm_xor_si128(b3, c3);                                                \
        for (i_ = 0; i_ < 4; i_++) DOUBLE_ROUND(x0_, x1_, x2_, x3_);                     \
        b0 = _mm_add_epi32(b0, x0_);                                                     \
        b1 = _mm_add_epi32(b1, x1_);                                                     \
        b2 = _mm_add_epi32(b2, x2_);                                                     \
        b3 = _mm_add_epi32(b3, x3_);                                                     \
    } while (0)

#define LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE(p, x) _mm_storeu_si128((__m128i *)(void *)(p), x)

void coin_scrypt_romix_sse2(uint32_t *X, uint32_t *V, uint32_t N)
{
    __m128i x0, x1, x2, x3, y0, y1, y2, y3, *v = (__m128i *)(void *)V;
    uint32_t d[32];
    uint32_t i;
    int k, j;

    for (k = 0; k < 2; k++) {
        for (j = 0; j < 16; j++) d[16 * k + j] = X[16 * k + (5 * j) % 16];
    }
    x0 = LOAD(d), x1 = LOAD(d + 4), x2 = LOAD(d + 8), x3 = LOAD(d + 12);
    y0 = LOAD(d + 16), y1 = LOAD(d + 20), y2 = LOAD(d + 24), y3 = LOAD(d + 28);
    for (i = 0; i < N; i++, v += 8) {
        v[0] = x0, v[1] = x1, v[2] = x2, v[3] = x3, v[4] = y0, v[5] = y1, v[6] = y2, v[7] = y3;
        XOR_SALSA8(x0, x1, x2, x3, y0, y1, y2, y3);
        XOR_SALSA8(y0, y1, y2, y3, x0, x1, x2, x3);
    }
    v = (__m128i *)(void *)V;
    for (i = 0; i < N; i++) {
        /* Integerify: word 16, position 0 of the second block in either layout. */
        const __m128i *e = &v[8 * ((uint32_t)_mm_cvtsi128_si32(y0) & (N - 1))];
        x0 = _mm_xor_si128(x0, e[0]), x1 = _mm_xor_si128(x1, e[1]);
        x2 = _mm_xor_si128(x2, e[2]), x3 = _mm_xor_si128(x3, e[3]);
        y0 = _mm_xor_si128(y0, e[4]), y1 = _mm_xor_si128(y1, e[5]);
        y2 = _mm_xor_si128(y2, e[6]), y3 = _mm_xor_si128(y3, e[7]);
        XOR_SALSA8(x0, x1, x2, x3, y0, y1, y2, y3);
        XOR_SALSA8(y0, y1, y2, y3, x0, x1, x2, x3);
    }
    STORE(d, x0), STORE(d + 4, x1), STORE(d + 8, x2), STORE(d + 12, x3);
    STORE(d + 16, y0), STORE(d + 20, y1), STORE(d + 24, y2), STORE(d + 28, y3);
    for (k = 0; k < 2; k++) {
        for (j = 0; j < 16; j++) X[16 * k + (5 * j) % 16] = d[16 * k + j];
    }
    memory_cleanse(d, sizeof(d)); /* coin_scrypt's ROMix output, from its password */
}
