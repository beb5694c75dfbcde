/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-256 with AVX2 and BMI2, for CPUs without the SHA extensions.
 *
 * Compiled with -mavx2 -mbmi2 only; the dispatcher calls it when CPUID and XGETBV report
 * AVX2 and BMI2.
 *
 * coin_sha256d64_avx2_8way: SHA-256d64 of 8 messages at once. Each __m256i holds the same
 * 32-bit word of 8 independent messages, one per lane; the algorithm, common to the SIMD
 * backends, is in sha256d64_lanes.h. AVX2 has no vector rotate: a rotate is two shifts and
 * an OR. The messages are loaded 16 bytes at a time and transposed, which is faster than
 * gathering them (vpgatherdd). coin_sha256_lanes_avx2_8way compresses one block of each of 8
 * messages of any length (coin_sha256_many), with the same rounds.
 *
 * coin_sha256_transform_avx2: one message, the approach of Intel's "Fast SHA-256
 * Implementations on Intel Architecture Processors" (Guilford, Yap, Gopal, 2012). The
 * rounds of one message are a serial chain of scalar operations, done in general-purpose
 * registers with the BMI2 rotate rorx, which does not overwrite its source. The message
 * schedule does not depend on the rounds: the vector unit computes it alongside, for two
 * blocks at once (one per 128-bit lane) and four words at a time, while the scalar rounds
 * of the first block consume the words computed before. W[i] + K[i] goes through a buffer
 * on the stack, so each round adds it with one memory operand, and the rounds of the
 * second block find their whole schedule there. */

#include <immintrin.h>

#include "backends.h"

typedef __m256i vec;
#define SHA256_LANES_WIDTH 8

/* Unaligned 128-bit loads and stores (through void * so that no cast claims an alignment). */
static inline __m128i load128(const unsigned char *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}
static inline void store128(unsigned char *p, __m128i x)
{
    _mm_storeu_si128((__m128i *)(void *)p, x);
}

/* {lo, hi}: 16 bytes from lo in the low 128-bit lane, 16 bytes from hi in the high one. */
static inline vec load2x128(const unsigned char *lo, const unsigned char *hi)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(load128(lo)), load128(hi), 1);
}

/* Byte-swaps each 32-bit word: SHA-256 words are big-endian. */
static inline vec bswap32(vec x)
{
    const __m128i m = _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    return _mm256_shuffle_epi8(x, _mm256_broadcastsi128_si256(m));
}

static inline vec Add(vec x, vec y) { return _mm256_add_epi32(x, y); }
static inline vec Add3(vec x, vec y, vec z) { return Add(Add(x, y), z); }
static inline vec Xor3(vec x, vec y, vec z) { return _mm256_xor_si256(_mm256_xor_si256(x, y), z); }
#define ROR(x, n) _mm256_or_si256(_mm256_srli_epi32(x, n), _mm256_slli_epi32(x, 32 - (n)))
static inline vec sigma0(vec x) { return Xor3(ROR(x, 7), ROR(x, 18), _mm256_srli_epi32(x, 3)); }

/* ------------------------------------------------------------------------------------ */
/* sha256d64, 8 messages                                                                 */

static inline vec C(uint32_t x) { return _mm256_set1_epi32((int)x); }
static inline vec Sigma0(vec x) { return Xor3(ROR(x, 2), ROR(x, 13), ROR(x, 22)); }
static inline vec Sigma1(vec x) { return Xor3(ROR(x, 6), ROR(x, 11), ROR(x, 25)); }
static inline vec sigma1(vec x) { return Xor3(ROR(x, 17), ROR(x, 19), _mm256_srli_epi32(x, 10)); }
/* (e & f) ^ (~e & g) */
static inline vec Ch(vec e, vec f, vec g)
{
    return _mm256_xor_si256(_mm256_and_si256(e, f), _mm256_andnot_si256(e, g));
}
/* b ^ ((a ^ b) & (b ^ c)): a ^ b is the next round's b ^ c, which the compiler reuses. */
static inline vec Maj(vec a, vec b, vec c)
{
    return _mm256_xor_si256(b, _mm256_and_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(b, c)));
}

/* 4x4 transposes of 32-bit elements within each 128-bit lane: in both lanes, r[j]
 * element k becomes r[k] element j. */
static inline void transpose4(vec r[4])
{
    vec t0 = _mm256_unpacklo_epi32(r[0], r[1]), t1 = _mm256_unpackhi_epi32(r[0], r[1]);
    vec t2 = _mm256_unpacklo_epi32(r[2], r[3]), t3 = _mm256_unpackhi_epi32(r[2], r[3]);
    r[0] = _mm256_unpacklo_epi64(t0, t2);
    r[1] = _mm256_unpackhi_epi64(t0, t2);
    r[2] = _mm256_unpacklo_epi64(t1, t3);
    r[3] = _mm256_unpackhi_epi64(t1, t3);
}

/* v[j] = word j, in memory order, of the 8 lanes' data p[0], .., p[7] (any alignment), for
 * j < words (a multiple of 4). Lanes k and k + 4 share the vector loaded for k, one per
 * 128-bit lane, which the in-lane transpose turns into the order 0..7. */
static inline void load_words(vec *v, int words, const unsigned char *const p[8])
{
    int j, k;
    GCC_UNROLL4 for (j = 0; j < words; j += 4) {
        GCC_UNROLL4 for (k = 0; k < 4; k++) v[j + k] = load2x128(p[k] + 4 * j, p[k + 4] + 4 * j);
        transpose4(v + j);
    }
}

/* out[32 * k + 4 * j..] = word j of lane k of s, in memory order; s is clobbered. */
static inline void store_words(unsigned char *out, vec s[8])
{
    int k;
    transpose4(s);
    transpose4(s + 4);
    /* s[k] now holds words 0..3 of lanes k and k + 4, s[k + 4] their words 4..7. */
    GCC_UNROLL4 for (k = 0; k < 4; k++) {
        store128(out + 32 * k, _mm256_castsi256_si128(s[k]));
        store128(out + 32 * k + 16, _mm256_castsi256_si128(s[k + 4]));
        store128(out + 32 * k + 128, _mm256_extracti128_si256(s[k], 1));
        store128(out + 32 * k + 144, _mm256_extracti128_si256(s[k + 4], 1));
    }
}

/* Defines coin_sha256d64_avx2_8way and coin_sha256_lanes_avx2_8way (see backends.h): the
 * template's rounds on the lanes of vec. */
#define SHA256D64_LANES_ENTRY coin_sha256d64_avx2_8way
#define SHA256_LANES_ENTRY coin_sha256_lanes_avx2_8way
#include "sha256d64_lanes.h"

/* ------------------------------------------------------------------------------------ */
/* One message: scalar rounds, vector schedule                                           */

#include "sha256_rounds.h"

/* sigma1 of two schedule words per 128-bit lane: of elements 2 and 3 into elements 0 and
 * 1 (hi = 0), or of elements 0 and 1 into elements 2 and 3 (hi = 1); the other two
 * elements are zero. Each word is copied into both halves of a 64-bit element, so that a
 * 64-bit shift leaves a 32-bit rotate in the low half. */
static inline vec sigma1_half(vec x, int hi)
{
    const vec to_lo = _mm256_setr_epi8(0, 1, 2, 3, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1,
                                       0, 1, 2, 3, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1);
    const vec to_hi = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 8, 9, 10, 11,
                                       -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 8, 9, 10, 11);
    vec d = hi ? _mm256_shuffle_epi32(x, 0x50)  /* elements {0, 0, 1, 1} */
               : _mm256_shuffle_epi32(x, 0xfa); /* elements {2, 2, 3, 3} */
    vec s = Xor3(_mm256_srli_epi64(d, 17), _mm256_srli_epi64(d, 19), _mm256_srli_epi32(d, 10));
    return _mm256_shuffle_epi8(s, hi ? to_hi : to_lo);
}

/* W[t..t+3] from x0..x3 = W[t-16..t-13], W[t-12..t-9], W[t-8..t-5], W[t-4..t-1], in each
 * 128-bit lane. W[t+2] and W[t+3] need W[t] and W[t+1]: sigma1 goes in two halves. */
static inline vec schedule4(vec x0, vec x1, vec x2, vec x3)
{
    vec w15 = _mm256_alignr_epi8(x1, x0, 4); /* W[t-15..t-12] */
    vec w7 = _mm256_alignr_epi8(x3, x2, 4);  /* W[t-7..t-4] */
    vec r = Add3(x0, w7, sigma0(w15));
    r = Add(r, sigma1_half(x3, 0)); /* W[t], W[t+1] are complete */
    return Add(r, sigma1_half(r, 1));
}

/* Stores x + K[i..i+3] (in both lanes) to p[0..7]. p is 32-byte aligned, but the store
 * does not insist: MinGW GCC cannot align the stack beyond 16 bytes (GCC bug 54412). */
static inline void store_wk(uint32_t *p, vec x, int i)
{
    const __m128i *k4 = (const __m128i *)(const void *)(coin_sha256_k + i);
    vec k = _mm256_broadcastsi128_si256(_mm_loadu_si128(k4));
    _mm256_storeu_si256((vec *)(void *)p, Add(x, k));
}

/* Adds the working variables into the chaining value, which starts the next block. */
#define FEED_FORWARD()                                                         \
    (s0 = a += s0, s1 = b += s1, s2 = c += s2, s3 = d += s3,                   \
     s4 = e += s4, s5 = f += s5, s6 = g += s6, s7 = h += s7)

void coin_sha256_transform_avx2(uint32_t *s, const unsigned char *blocks, size_t n)
{
    /* W[i] + K[i] for two blocks: words 4q..4q+3 of the first block at wk[8q..8q+3], of
     * the second at wk[8q+4..8q+7], as the vector schedule produces them. */
    _Alignas(32) uint32_t wk[128];
    /* The chaining value, in locals until the end (GCC handles them better than s[]). */
    uint32_t s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3], s4 = s[4], s5 = s[5], s6 = s[6], s7 = s[7];
    uint32_t a = s0, b = s1, c = s2, d = s3, e = s4, f = s5, g = s6, h = s7, x, y;

    while (n) {
        /* With one block left, the second lane schedules it again and is not used. */
        const unsigned char *second = n >= 2 ? blocks + 64 : blocks;
        vec x0 = bswap32(load2x128(blocks, second));
        vec x1 = bswap32(load2x128(blocks + 16, second + 16));
        vec x2 = bswap32(load2x128(blocks + 32, second + 32));
        vec x3 = bswap32(load2x128(blocks + 48, second + 48));
        int q;

        store_wk(wk, x0, 0);
        store_wk(wk + 8, x1, 4);
        store_wk(wk + 16, x2, 8);
        store_wk(wk + 24, x3, 12);
        x = b ^ c;
        /* Rounds 0..47 of the first block, while the vector unit schedules words 16..63:
         * the words for rounds q + 16.. are stored 16 rounds before they are needed. */
        for (q = 0; q < 48; q += 16) {
            x0 = schedule4(x0, x1, x2, x3);
            store_wk(wk + 2 * q + 32, x0, q + 16);
            RND4(RND_SCHED, a, b, c, d, e, f, g, h, wk + 2 * q);
            x1 = schedule4(x1, x2, x3, x0);
            store_wk(wk + 2 * q + 40, x1, q + 20);
            RND4(RND_SCHED, e, f, g, h, a, b, c, d, wk + 2 * q + 8);
            x2 = schedule4(x2, x3, x0, x1);
            store_wk(wk + 2 * q + 48, x2, q + 24);
            RND4(RND_SCHED, a, b, c, d, e, f, g, h, wk + 2 * q + 16);
            x3 = schedule4(x3, x0, x1, x2);
            store_wk(wk + 2 * q + 56, x3, q + 28);
            RND4(RND_SCHED, e, f, g, h, a, b, c, d, wk + 2 * q + 24);
        }
        RND4(RND, a, b, c, d, e, f, g, h, wk + 96);
        RND4(RND, e, f, g, h, a, b, c, d, wk + 104);
        RND4(RND, a, b, c, d, e, f, g, h, wk + 112);
        RND4(RND, e, f, g, h, a, b, c, d, wk + 120);
        FEED_FORWARD();
        if (n == 1) break;

        /* The second block: its whole schedule is in wk already. */
        x = b ^ c;
        for (q = 0; q < 128; q += 32) {
            RND4(RND, a, b, c, d, e, f, g, h, wk + q + 4);
            RND4(RND, e, f, g, h, a, b, c, d, wk + q + 12);
            RND4(RND, a, b, c, d, e, f, g, h, wk + q + 20);
            RND4(RND, e, f, g, h, a, b, c, d, wk + q + 28);
        }
        FEED_FORWARD();
        blocks += 128;
        n -= 2;
    }
    s[0] = s0; s[1] = s1; s[2] = s2; s[3] = s3; s[4] = s4; s[5] = s5; s[6] = s6; s[7] = s7;
}
