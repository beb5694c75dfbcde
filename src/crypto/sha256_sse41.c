/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-256d64 of 4 messages at once with SSE4.1.
 *
 * Compiled with -msse4.1 only; the dispatcher calls it when CPUID reports SSE4.1 (and
 * SSSE3, for pshufb).
 *
 * Layout. Each __m128i holds the same 32-bit word of 4 independent messages, one per
 * lane; the algorithm, common to the SIMD backends, is in sha256d64_lanes.h. SSE has no
 * vector rotate: a rotate is two shifts and an OR. */

#include <immintrin.h>

#include "backends.h"

typedef __m128i vec;

static inline vec C(uint32_t x) { return _mm_set1_epi32((int)x); }
static inline vec Add(vec x, vec y) { return _mm_add_epi32(x, y); }
static inline vec Add3(vec x, vec y, vec z) { return Add(Add(x, y), z); }
static inline vec Xor3(vec x, vec y, vec z) { return _mm_xor_si128(_mm_xor_si128(x, y), z); }
#define ROR(x, n) _mm_or_si128(_mm_srli_epi32(x, n), _mm_slli_epi32(x, 32 - (n)))

static inline vec Sigma0(vec x) { return Xor3(ROR(x, 2), ROR(x, 13), ROR(x, 22)); }
static inline vec Sigma1(vec x) { return Xor3(ROR(x, 6), ROR(x, 11), ROR(x, 25)); }
static inline vec sigma0(vec x) { return Xor3(ROR(x, 7), ROR(x, 18), _mm_srli_epi32(x, 3)); }
static inline vec sigma1(vec x) { return Xor3(ROR(x, 17), ROR(x, 19), _mm_srli_epi32(x, 10)); }
/* (e & f) ^ (~e & g) */
static inline vec Ch(vec e, vec f, vec g)
{
    return _mm_xor_si128(_mm_and_si128(e, f), _mm_andnot_si128(e, g));
}
/* b ^ ((a ^ b) & (b ^ c)): a ^ b is the next round's b ^ c, which the compiler reuses. */
static inline vec Maj(vec a, vec b, vec c)
{
    return _mm_xor_si128(b, _mm_and_si128(_mm_xor_si128(a, b), _mm_xor_si128(b, c)));
}

/* Unaligned loads and stores (through void * so that no cast claims an alignment). */
static inline vec loadu(const unsigned char *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}
static inline void storeu(unsigned char *p, vec x)
{
    _mm_storeu_si128((__m128i *)(void *)p, x);
}

/* Byte-swaps each 32-bit word: SHA-256 words are big-endian. */
static inline vec bswap32(vec x)
{
    return _mm_shuffle_epi8(x, _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));
}

/* 4x4 transpose of 32-bit elements: r[j] element k becomes r[k] element j. */
static inline void transpose4(vec r[4])
{
    vec t0 = _mm_unpacklo_epi32(r[0], r[1]), t1 = _mm_unpackhi_epi32(r[0], r[1]);
    vec t2 = _mm_unpacklo_epi32(r[2], r[3]), t3 = _mm_unpackhi_epi32(r[2], r[3]);
    r[0] = _mm_unpacklo_epi64(t0, t2);
    r[1] = _mm_unpackhi_epi64(t0, t2);
    r[2] = _mm_unpacklo_epi64(t1, t3);
    r[3] = _mm_unpackhi_epi64(t1, t3);
}

/* w[j] = word j of the 4 messages in[0..63], in[64..127], ... */
static inline void load_messages(vec w[16], const unsigned char *in)
{
    int j, k;
    for (j = 0; j < 16; j += 4) {
        for (k = 0; k < 4; k++) w[j + k] = bswap32(loadu(in + 64 * k + 4 * j));
        transpose4(w + j);
    }
}

/* out[32 * k + 4 * j..] = word j of lane k of s, big-endian. */
static inline void store_digests(unsigned char *out, vec s[8])
{
    int j, k;
    for (j = 0; j < 8; j += 4) {
        transpose4(s + j);
        for (k = 0; k < 4; k++) storeu(out + 32 * k + 4 * j, bswap32(s[j + k]));
    }
}

/* Defines coin_sha256d64_sse41_4way (see backends.h): the template's rounds on the
 * lanes of vec, between load_messages and store_digests. */
#define SHA256D64_LANES_ENTRY coin_sha256d64_sse41_4way
#include "sha256d64_lanes.h"
