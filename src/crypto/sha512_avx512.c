/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-512 compression of 8 independent blocks at once with AVX-512.
 *
 * Compiled with -mavx512f -mavx512vl -mavx512bw -mavx512dq only; the dispatcher calls it
 * when CPUID and XGETBV report AVX-512 F, VL, BW and DQ with the ZMM state enabled.
 *
 * Layout. Each __m512i holds the same 64-bit word of 8 independent lanes (one block and
 * one state each), so the rounds are the scalar ones done on every lane. vprorq rotates,
 * and vpternlogq evaluates Ch, Maj and the three-way XORs of the Sigma and sigma functions
 * in one instruction each. The blocks and states are loaded 64 bytes per lane and put in
 * word order by an 8x8 transpose of 64-bit elements (vpunpck{l,h}qdq, then two rounds of
 * vshufi64x2), which is faster than gathering them. */

#include <immintrin.h>
#include <stdint.h>

#include "backends.h"

typedef __m512i vec;

static inline vec C(uint64_t x) { return _mm512_set1_epi64((long long)x); }
static inline vec Add(vec x, vec y) { return _mm512_add_epi64(x, y); }
static inline vec Add3(vec x, vec y, vec z) { return Add(Add(x, y), z); }
#define ROR _mm512_ror_epi64
/* vpternlogq(x, y, z, table): bit (x << 2) | (y << 1) | z of table is the result. */
#define TERNLOG _mm512_ternarylogic_epi64
#define XOR3 0x96 /* x ^ y ^ z */
#define CH 0xca   /* x ? y : z */
#define MAJ 0xe8  /* at least two of x, y, z */

static inline vec Sigma0(vec x) { return TERNLOG(ROR(x, 28), ROR(x, 34), ROR(x, 39), XOR3); }
static inline vec Sigma1(vec x) { return TERNLOG(ROR(x, 14), ROR(x, 18), ROR(x, 41), XOR3); }
static inline vec sigma0(vec x) { return TERNLOG(ROR(x, 1), ROR(x, 8), _mm512_srli_epi64(x, 7), XOR3); }
static inline vec sigma1(vec x) { return TERNLOG(ROR(x, 19), ROR(x, 61), _mm512_srli_epi64(x, 6), XOR3); }
static inline vec Ch(vec e, vec f, vec g) { return TERNLOG(e, f, g, CH); }
static inline vec Maj(vec a, vec b, vec c) { return TERNLOG(a, b, c, MAJ); }

/* Byte-swaps each 64-bit word: SHA-512 words are big-endian. */
static inline vec bswap64(vec x)
{
    const __m128i m = _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    return _mm512_shuffle_epi8(x, _mm512_broadcast_i32x4(m));
}

/* 8x8 transpose of 64-bit elements: r[j] element k becomes r[k] element j. */
static inline void transpose8(vec r[8])
{
    vec t0 = _mm512_unpacklo_epi64(r[0], r[1]), t1 = _mm512_unpackhi_epi64(r[0], r[1]);
    vec t2 = _mm512_unpacklo_epi64(r[2], r[3]), t3 = _mm512_unpackhi_epi64(r[2], r[3]);
    vec t4 = _mm512_unpacklo_epi64(r[4], r[5]), t5 = _mm512_unpackhi_epi64(r[4], r[5]);
    vec t6 = _mm512_unpacklo_epi64(r[6], r[7]), t7 = _mm512_unpackhi_epi64(r[6], r[7]);
    /* t0 = {r0[0], r1[0] | r0[2], r1[2] | r0[4], r1[4] | r0[6], r1[6]}, t1 the odd elements.
     * 0x88 takes 128-bit lanes 0, 2 of each source, 0xdd lanes 1, 3. */
    vec u0 = _mm512_shuffle_i64x2(t0, t2, 0x88), u1 = _mm512_shuffle_i64x2(t1, t3, 0x88);
    vec u2 = _mm512_shuffle_i64x2(t0, t2, 0xdd), u3 = _mm512_shuffle_i64x2(t1, t3, 0xdd);
    vec u4 = _mm512_shuffle_i64x2(t4, t6, 0x88), u5 = _mm512_shuffle_i64x2(t5, t7, 0x88);
    vec u6 = _mm512_shuffle_i64x2(t4, t6, 0xdd), u7 = _mm512_shuffle_i64x2(t5, t7, 0xdd);
    /* u0 = {r0[0], r1[0], r0[4], r1[4], r2[0], r3[0], r2[4], r3[4]}, u2 the same for
     * elements 2 and 6; u1, u3 for 1, 5 and 3, 7; u4..u7 likewise for r4..r7. */
    r[0] = _mm512_shuffle_i64x2(u0, u4, 0x88);
    r[4] = _mm512_shuffle_i64x2(u0, u4, 0xdd);
    r[1] = _mm512_shuffle_i64x2(u1, u5, 0x88);
    r[5] = _mm512_shuffle_i64x2(u1, u5, 0xdd);
    r[2] = _mm512_shuffle_i64x2(u2, u6, 0x88);
    r[6] = _mm512_shuffle_i64x2(u2, u6, 0xdd);
    r[3] = _mm512_shuffle_i64x2(u3, u7, 0x88);
    r[7] = _mm512_shuffle_i64x2(u3, u7, 0xdd);
}

/* The template's loads and stores: 64 bytes per lane, then a transpose. */
static inline void load_states(vec st[8], const uint64_t *s)
{
    int i;
    for (i = 0; i < 8; i++) st[i] = _mm512_loadu_si512((const void *)(s + 8 * i));
    transpose8(st);
}

static inline void load_blocks(vec w[16], const unsigned char *blocks)
{
    int i;
    for (i = 0; i < 8; i++) {
        w[i] = bswap64(_mm512_loadu_si512((const void *)(blocks + 128 * i)));
        w[i + 8] = bswap64(_mm512_loadu_si512((const void *)(blocks + 128 * i + 64)));
    }
    transpose8(w);
    transpose8(w + 8);
}

static inline void store_states(uint64_t *s, vec st[8])
{
    int i;
    transpose8(st);
    for (i = 0; i < 8; i++) _mm512_storeu_si512((void *)(s + 8 * i), st[i]);
}

#define SHA512_LANES_ENTRY coin_sha512_transform_avx512_8way
#include "sha512_lanes.h"

#undef ROR
#undef TERNLOG
#undef XOR3
#undef CH
#undef MAJ
