/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-256d64 of 16 messages at once with AVX-512, and one block of each of 16 messages
 * (coin_sha256_many).
 *
 * Compiled with -mavx512f -mavx512vl -mavx512bw -mavx512dq only; the dispatcher calls it
 * when CPUID and XGETBV report AVX-512 F, VL, BW and DQ with the ZMM state enabled.
 *
 * Layout. Each __m512i holds the same 32-bit word of 16 independent messages, one per
 * lane; the algorithm, common to the SIMD backends, is in sha256d64_lanes.h. AVX-512 has a
 * vector rotate (vprord), and vpternlogd evaluates any function of three inputs in one
 * instruction: Ch, Maj and the three-way XORs of the Sigma functions each take one. The
 * messages are loaded 16 bytes at a time and transposed, which is faster than gathering
 * them (vpgatherdd). */

#include <immintrin.h>

#include "backends.h"

typedef __m512i vec;
#define SHA256_LANES_WIDTH 16

static inline vec C(uint32_t x) { return _mm512_set1_epi32((int)x); }
static inline vec Add(vec x, vec y) { return _mm512_add_epi32(x, y); }
static inline vec Add3(vec x, vec y, vec z) { return Add(Add(x, y), z); }
#define ROR _mm512_ror_epi32
/* vpternlogd(x, y, z, table): bit (x << 2) | (y << 1) | z of table is the result. */
#define TERNLOG _mm512_ternarylogic_epi32
#define XOR3 0x96 /* x ^ y ^ z */
#define CH 0xca   /* x ? y : z */
#define MAJ 0xe8  /* at least two of x, y, z */

static inline vec Sigma0(vec x) { return TERNLOG(ROR(x, 2), ROR(x, 13), ROR(x, 22), XOR3); }
static inline vec Sigma1(vec x) { return TERNLOG(ROR(x, 6), ROR(x, 11), ROR(x, 25), XOR3); }
static inline vec sigma0(vec x) { return TERNLOG(ROR(x, 7), ROR(x, 18), _mm512_srli_epi32(x, 3), XOR3); }
static inline vec sigma1(vec x) { return TERNLOG(ROR(x, 17), ROR(x, 19), _mm512_srli_epi32(x, 10), XOR3); }
static inline vec Ch(vec e, vec f, vec g) { return TERNLOG(e, f, g, CH); }
static inline vec Maj(vec a, vec b, vec c) { return TERNLOG(a, b, c, MAJ); }

/* Unaligned 128-bit loads and stores (through void * so that no cast claims an alignment). */
static inline __m128i load128(const unsigned char *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}
static inline void store128(unsigned char *p, __m128i x)
{
    _mm_storeu_si128((__m128i *)(void *)p, x);
}

/* Byte-swaps each 32-bit word: SHA-256 words are big-endian. */
static inline vec bswap32(vec x)
{
    const __m128i m = _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    return _mm512_shuffle_epi8(x, _mm512_broadcast_i32x4(m));
}

/* 4x4 transposes of 32-bit elements within each 128-bit lane: in every lane, r[j]
 * element k becomes r[k] element j. */
static inline void transpose4(vec r[4])
{
    vec t0 = _mm512_unpacklo_epi32(r[0], r[1]), t1 = _mm512_unpackhi_epi32(r[0], r[1]);
    vec t2 = _mm512_unpacklo_epi32(r[2], r[3]), t3 = _mm512_unpackhi_epi32(r[2], r[3]);
    r[0] = _mm512_unpacklo_epi64(t0, t2);
    r[1] = _mm512_unpackhi_epi64(t0, t2);
    r[2] = _mm512_unpacklo_epi64(t1, t3);
    r[3] = _mm512_unpackhi_epi64(t1, t3);
}

/* v[j] = word j, in memory order, of the 16 lanes' data p[0], .., p[15] (any alignment),
 * for j < words (a multiple of 4). Lane k + 4 l goes to 128-bit lane l of the vector loaded
 * for k, which the in-lane transpose turns into the order 0..15. */
static inline void load_words(vec *v, int words, const unsigned char *const p[16])
{
    int j, k;
    GCC_UNROLL4 for (j = 0; j < words; j += 4) {
        GCC_UNROLL4 for (k = 0; k < 4; k++) {
            vec x = _mm512_castsi128_si512(load128(p[k] + 4 * j));
            x = _mm512_inserti32x4(x, load128(p[k + 4] + 4 * j), 1);
            x = _mm512_inserti32x4(x, load128(p[k + 8] + 4 * j), 2);
            v[j + k] = _mm512_inserti32x4(x, load128(p[k + 12] + 4 * j), 3);
        }
        transpose4(v + j);
    }
}

/* out[32 * k + 4 * j..] = word j of lane k of s, in memory order; s is clobbered. */
static inline void store_words(unsigned char *out, vec s[8])
{
    int k;
    transpose4(s);
    transpose4(s + 4);
    /* Lane l of s[k] now holds words 0..3 of lane k + 4 * l, of s[k + 4] its words 4..7. */
    GCC_UNROLL4 for (k = 0; k < 4; k++) {
        unsigned char *p = out + 32 * k;
        store128(p, _mm512_castsi512_si128(s[k]));
        store128(p + 16, _mm512_castsi512_si128(s[k + 4]));
        store128(p + 128, _mm512_extracti32x4_epi32(s[k], 1));
        store128(p + 144, _mm512_extracti32x4_epi32(s[k + 4], 1));
        store128(p + 256, _mm512_extracti32x4_epi32(s[k], 2));
        store128(p + 272, _mm512_extracti32x4_epi32(s[k + 4], 2));
        store128(p + 384, _mm512_extracti32x4_epi32(s[k], 3));
        store128(p + 400, _mm512_extracti32x4_epi32(s[k + 4], 3));
    }
}

/* Defines coin_sha256d64_avx512_16way and coin_sha256_lanes_avx512_16way (see backends.h):
 * the template's rounds on the lanes of vec. */
#define SHA256D64_LANES_ENTRY coin_sha256d64_avx512_16way
#define SHA256_LANES_ENTRY coin_sha256_lanes_avx512_16way
#include "sha256d64_lanes.h"
