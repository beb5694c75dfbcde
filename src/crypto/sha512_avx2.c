/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-512 compression with AVX2 and BMI2, built with -mavx2 -mbmi2 only; the dispatcher calls
 * it after checking both.
 *
 * The message schedules of two consecutive blocks are computed together, one block in each
 * 128-bit lane of an __m256i (the layout of OpenSSL's AVX2 SHA-512 code): a vector holds the
 * words W[t], W[t+1] of each block, and as both depend only on earlier words, a step of the
 * schedule is one vector expression, vpalignr and the shifts working within lanes. W[t] + K[t]
 * goes to a stack buffer, from which each round takes one memory operand.
 *
 * The rounds are scalar code, in which the compilers emit rorx for the rotates. The rounds of
 * the first block of a pair run beside the schedule of both blocks, a step after every two
 * rounds producing words that block reads 14 rounds later; the rounds of the second block only
 * read the buffer. A lone last block is expanded in both lanes and its copy ignored.
 *
 * On AMD Zen 5, where vector integer operations take two cycles, a step of the schedule
 * (sigma1 of the previous step's result, then an add) takes about as long as the two rounds
 * that pace it, so the first block of a pair runs close to that chain: a vector register
 * spilled on it slowed whole messages by a fifth in other arrangements of this code under
 * GCC. The rounds beside the schedule therefore use the form of the round that needs the
 * fewest instructions and registers (ROUND_SCHED), the others the one with the shortest
 * dependency chains (ROUND). */

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "backends.h"
#include "common.h"

/* The round constants, each pair twice: K[t], K[t+1] for the lane of each block. */
#define K2(k0, k1) k0, k1, k0, k1
static _Alignas(32) const uint64_t K[160] = {
    K2(0x428a2f98d728ae22, 0x7137449123ef65cd), K2(0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc),
    K2(0x3956c25bf348b538, 0x59f111f1b605d019), K2(0x923f82a4af194f9b, 0xab1c5ed5da6d8118),
    K2(0xd807aa98a3030242, 0x12835b0145706fbe), K2(0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2),
    K2(0x72be5d74f27b896f, 0x80deb1fe3b1696b1), K2(0x9bdc06a725c71235, 0xc19bf174cf692694),
    K2(0xe49b69c19ef14ad2, 0xefbe4786384f25e3), K2(0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65),
    K2(0x2de92c6f592b0275, 0x4a7484aa6ea6e483), K2(0x5cb0a9dcbd41fbd4, 0x76f988da831153b5),
    K2(0x983e5152ee66dfab, 0xa831c66d2db43210), K2(0xb00327c898fb213f, 0xbf597fc7beef0ee4),
    K2(0xc6e00bf33da88fc2, 0xd5a79147930aa725), K2(0x06ca6351e003826f, 0x142929670a0e6e70),
    K2(0x27b70a8546d22ffc, 0x2e1b21385c26c926), K2(0x4d2c6dfc5ac42aed, 0x53380d139d95b3df),
    K2(0x650a73548baf63de, 0x766a0abb3c77b2a8), K2(0x81c2c92e47edaee6, 0x92722c851482353b),
    K2(0xa2bfe8a14cf10364, 0xa81a664bbc423001), K2(0xc24b8b70d0f89791, 0xc76c51a30654be30),
    K2(0xd192e819d6ef5218, 0xd69906245565a910), K2(0xf40e35855771202a, 0x106aa07032bbd1b8),
    K2(0x19a4c116b8d2d0c8, 0x1e376c085141ab53), K2(0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8),
    K2(0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb), K2(0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3),
    K2(0x748f82ee5defb2fc, 0x78a5636f43172f60), K2(0x84c87814a1f0ab72, 0x8cc702081a6439ec),
    K2(0x90befffa23631e28, 0xa4506cebde82bde9), K2(0xbef9a3f7b2c67915, 0xc67178f2e372532b),
    K2(0xca273eceea26619c, 0xd186b8c721c0c207), K2(0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178),
    K2(0x06f067aa72176fba, 0x0a637dc5a2c898a6), K2(0x113f9804bef90dae, 0x1b710b35131c471b),
    K2(0x28db77f523047d84, 0x32caab7b40c72493), K2(0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c),
    K2(0x4cc5d4becb3e42b6, 0x597f299cfc657e2a), K2(0x5fcb6fab3ad6faec, 0x6c44198c4a475817),
};
#undef K2

/* ---- Message schedule, two blocks at once ---- */

/* Words 2i and 2i + 1 of the blocks at p0 (low lane) and p1 (high lane), byte-swapped. */
static inline __m256i load_words(const unsigned char *p0, const unsigned char *p1)
{
    const __m256i bswap64 = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                             7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    __m256i x = _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)p0));
    x = _mm256_inserti128_si256(x, _mm_loadu_si128((const __m128i *)(const void *)p1), 1);
    return _mm256_shuffle_epi8(x, bswap64);
}

/* sigma0(x) = ror(x, 1) ^ ror(x, 8) ^ (x >> 7); the rotate by a byte is a shuffle. */
static inline __m256i sigma0(__m256i x)
{
    const __m256i ror8 = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
                                          1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
    __m256i r1 = _mm256_or_si256(_mm256_srli_epi64(x, 1), _mm256_slli_epi64(x, 63));
    return _mm256_xor_si256(_mm256_xor_si256(r1, _mm256_shuffle_epi8(x, ror8)), _mm256_srli_epi64(x, 7));
}

/* sigma1(x) = ror(x, 19) ^ ror(x, 61) ^ (x >> 6). */
static inline __m256i sigma1(__m256i x)
{
    __m256i r = _mm256_xor_si256(_mm256_srli_epi64(x, 19), _mm256_slli_epi64(x, 45));
    r = _mm256_xor_si256(r, _mm256_xor_si256(_mm256_srli_epi64(x, 61), _mm256_slli_epi64(x, 3)));
    return _mm256_xor_si256(r, _mm256_srli_epi64(x, 6));
}

/* W[t], W[t+1] (t even) from w0 = W[t-16..t-15], w1 = W[t-14..t-13], w4 = W[t-8..t-7],
 * w5 = W[t-6..t-5] and w7 = W[t-2..t-1]:
 * W[t] = sigma1(W[t-2]) + W[t-7] + sigma0(W[t-15]) + W[t-16]. */
static inline __m256i schedule(__m256i w0, __m256i w1, __m256i w4, __m256i w5, __m256i w7)
{
    __m256i w15 = _mm256_alignr_epi8(w1, w0, 8); /* W[t-15], W[t-14] */
    __m256i w7x = _mm256_alignr_epi8(w5, w4, 8); /* W[t-7], W[t-6] */
    return _mm256_add_epi64(_mm256_add_epi64(w0, w7x), _mm256_add_epi64(sigma0(w15), sigma1(w7)));
}

/* Stores W[t..t+1] + K[t..t+1] of both blocks to wk[2t..2t+3]: round t of the first block
 * reads wk[4 * (t / 2) + t % 2], and the second block the word 2 places further. */
static inline void store_wk(uint64_t *wk, __m256i w, size_t t)
{
    __m256i k = _mm256_load_si256((const __m256i *)(const void *)(K + 2 * t));
    _mm256_store_si256((__m256i *)(void *)(wk + 2 * t), _mm256_add_epi64(w, k));
}

/* The words t, t+1 into w0, as in schedule(), and their W + K into the buffer. */
#define STEP(w0, w1, w4, w5, w7, t)                 \
    do {                                            \
        w0 = schedule(w0, w1, w4, w5, w7);          \
        store_wk(wk, w0, t);                        \
    } while (0)

/* ---- Rounds ---- */

#define BSIG0(x) (rotr64(x, 28) ^ rotr64(x, 34) ^ rotr64(x, 39))
#define BSIG1(x) (rotr64(x, 14) ^ rotr64(x, 18) ^ rotr64(x, 41))

/* A round, wk being W[t] + K[t]. The callers rotate the names, so the new e lands in d and
 * the new a in h. bc holds b ^ c on entry, which is the a ^ b of the previous round, and ab
 * receives this round's a ^ b.
 *
 * ROUND_SCHED computes T1 once and Maj(a, b, c) as b ^ ((a ^ b) & (b ^ c)).
 *
 * ROUND writes the new e as one sum, d + h + wk + Ch(e, f, g) + Sigma1(e), which GCC and Clang
 * reassociate so that the terms known early are added first: from e to the new e there are
 * then Sigma1 (a rotate and two xors) and one add, Ch and its add running alongside. The new a
 * is the new e minus d (that is T1) plus Maj(a, b, c) + Sigma0(a), with Maj(a, b, c) written
 * as (a & (b ^ c)) + (b & c), whose terms have no bit in common: a is two operations from the
 * sum instead of three. */
#define ROUND_SCHED(a, b, c, d, e, f, g, h, wk, bc, ab)                        \
    do {                                                                        \
        uint64_t t1_ = h + (wk) + (g ^ (e & (f ^ g))) + BSIG1(e);              \
        ab = a ^ b;                                                             \
        d += t1_;                                                               \
        h = t1_ + (b ^ (ab & bc)) + BSIG0(a);                                   \
    } while (0)

#define ROUND(a, b, c, d, e, f, g, h, wk, bc, ab)                              \
    do {                                                                        \
        uint64_t e_ = d + h + (wk) + (g ^ (e & (f ^ g))) + BSIG1(e);           \
        ab = a ^ b;                                                             \
        h = e_ - d + (a & bc) + (b & c) + BSIG0(a);                             \
        d = e_;                                                                 \
    } while (0)

/* Rounds 2i and 2i + 1 of the 16 that read the buffer at p, with the round form R; x and y
 * carry a ^ b from round to round. */
#define ROUNDS2(R, i, a, b, c, d, e, f, g, h)               \
    R(a, b, c, d, e, f, g, h, p[4 * (i)], x, y);            \
    R(h, a, b, c, d, e, f, g, p[4 * (i) + 1], y, x)

#define ROUNDS16(R)                                 \
    do {                                            \
        ROUNDS2(R, 0, a, b, c, d, e, f, g, h);      \
        ROUNDS2(R, 1, g, h, a, b, c, d, e, f);      \
        ROUNDS2(R, 2, e, f, g, h, a, b, c, d);      \
        ROUNDS2(R, 3, c, d, e, f, g, h, a, b);      \
        ROUNDS2(R, 4, a, b, c, d, e, f, g, h);      \
        ROUNDS2(R, 5, g, h, a, b, c, d, e, f);      \
        ROUNDS2(R, 6, e, f, g, h, a, b, c, d);      \
        ROUNDS2(R, 7, c, d, e, f, g, h, a, b);      \
    } while (0)

/* Loads the blocks at first and second (which may be the same block), expands the schedule
 * of both into wk, and compresses the first into s on the way. */
static void compress_first(uint64_t s[8], uint64_t *wk, const unsigned char *first,
                           const unsigned char *second)
{
    const uint64_t *p = wk;
    uint64_t a, b, c, d, e, f, g, h, x, y;
    __m256i w0, w1, w2, w3, w4, w5, w6, w7;
    size_t t;

    w0 = load_words(first, second);
    w1 = load_words(first + 16, second + 16);
    w2 = load_words(first + 32, second + 32);
    w3 = load_words(first + 48, second + 48);
    w4 = load_words(first + 64, second + 64);
    w5 = load_words(first + 80, second + 80);
    w6 = load_words(first + 96, second + 96);
    w7 = load_words(first + 112, second + 112);
    store_wk(wk, w0, 0);
    store_wk(wk, w1, 2);
    store_wk(wk, w2, 4);
    store_wk(wk, w3, 6);
    store_wk(wk, w4, 8);
    store_wk(wk, w5, 10);
    store_wk(wk, w6, 12);
    store_wk(wk, w7, 14);

    a = s[0]; b = s[1]; c = s[2]; d = s[3]; e = s[4]; f = s[5]; g = s[6]; h = s[7];
    x = b ^ c;
    /* Rounds 0..63, each two followed by a step of the schedule. */
    for (t = 16; t < 80; t += 16, p += 32) {
        ROUNDS2(ROUND_SCHED, 0, a, b, c, d, e, f, g, h);
        STEP(w0, w1, w4, w5, w7, t);
        ROUNDS2(ROUND_SCHED, 1, g, h, a, b, c, d, e, f);
        STEP(w1, w2, w5, w6, w0, t + 2);
        ROUNDS2(ROUND_SCHED, 2, e, f, g, h, a, b, c, d);
        STEP(w2, w3, w6, w7, w1, t + 4);
        ROUNDS2(ROUND_SCHED, 3, c, d, e, f, g, h, a, b);
        STEP(w3, w4, w7, w0, w2, t + 6);
        ROUNDS2(ROUND_SCHED, 4, a, b, c, d, e, f, g, h);
        STEP(w4, w5, w0, w1, w3, t + 8);
        ROUNDS2(ROUND_SCHED, 5, g, h, a, b, c, d, e, f);
        STEP(w5, w6, w1, w2, w4, t + 10);
        ROUNDS2(ROUND_SCHED, 6, e, f, g, h, a, b, c, d);
        STEP(w6, w7, w2, w3, w5, t + 12);
        ROUNDS2(ROUND_SCHED, 7, c, d, e, f, g, h, a, b);
        STEP(w7, w0, w3, w4, w6, t + 14);
    }
    ROUNDS16(ROUND); /* rounds 64..79 */
    s[0] += a; s[1] += b; s[2] += c; s[3] += d;
    s[4] += e; s[5] += f; s[6] += g; s[7] += h;
}

/* Compresses the second block of the pair into s; all its W + K are in the buffer at p. */
static void compress_second(uint64_t s[8], const uint64_t *p)
{
    uint64_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
    uint64_t x = b ^ c, y;
    int t;

    for (t = 0; t < 80; t += 16, p += 32) ROUNDS16(ROUND);
    s[0] += a; s[1] += b; s[2] += c; s[3] += d;
    s[4] += e; s[5] += f; s[6] += g; s[7] += h;
}

void coin_sha512_transform_avx2(uint64_t *s, const unsigned char *blocks, size_t n)
{
    _Alignas(32) uint64_t wk[160];

    while (n > 0) {
        compress_first(s, wk, blocks, n > 1 ? blocks + 128 : blocks);
        if (n == 1) break;
        compress_second(s, wk + 2);
        blocks += 256;
        n -= 2;
    }
}

/* ---- SHA-512 compression of 4 independent blocks at once ----
 *
 * Each __m256i holds the same 64-bit word of 4 independent lanes (one block and one state
 * each); the rounds are those of sha512_lanes.h. AVX2 has no vector rotate: a rotate is two
 * shifts and an OR, and the shifts of the Sigma functions are combined by XOR directly. The
 * words are loaded 16 bytes at a time, lanes 0 and 2 in one vector and lanes 1 and 3 in
 * another, so that vpunpck{l,h}qdq put two consecutive words of all four lanes in order
 * without crossing 128-bit lanes. The message schedule uses the single-stream code's sigma0
 * and sigma1, which work on each 64-bit element. */

typedef __m256i vec;

static inline vec C(uint64_t x) { return _mm256_set1_epi64x((long long)x); }
static inline vec Add(vec x, vec y) { return _mm256_add_epi64(x, y); }
static inline vec Add3(vec x, vec y, vec z) { return Add(Add(x, y), z); }
static inline vec Xor(vec x, vec y) { return _mm256_xor_si256(x, y); }
#define SHR _mm256_srli_epi64
#define SHL _mm256_slli_epi64

/* Sigma0(x) = ror(x, 28) ^ ror(x, 34) ^ ror(x, 39), as the XOR of six shifts. */
static inline vec Sigma0(vec x)
{
    vec r = Xor(SHR(x, 28), SHL(x, 36));
    r = Xor(r, Xor(SHR(x, 34), SHL(x, 30)));
    return Xor(r, Xor(SHR(x, 39), SHL(x, 25)));
}

/* Sigma1(x) = ror(x, 14) ^ ror(x, 18) ^ ror(x, 41). */
static inline vec Sigma1(vec x)
{
    vec r = Xor(SHR(x, 14), SHL(x, 50));
    r = Xor(r, Xor(SHR(x, 18), SHL(x, 46)));
    return Xor(r, Xor(SHR(x, 41), SHL(x, 23)));
}

/* Ch(e, f, g) = g ^ (e & (f ^ g)). */
static inline vec Ch(vec e, vec f, vec g)
{
    return Xor(g, _mm256_and_si256(e, Xor(f, g)));
}

/* Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)). */
static inline vec Maj(vec a, vec b, vec c)
{
    return Xor(b, _mm256_and_si256(Xor(a, b), Xor(b, c)));
}

/* {lo, hi}: 16 bytes from lo in the low 128-bit lane, 16 bytes from hi in the high one
 * (any alignment). */
static inline vec load2x128(const void *lo, const void *hi)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)lo)),
                                   _mm_loadu_si128((const __m128i *)hi), 1);
}

/* w[0], w[1] = 64-bit elements 0, 1 of the 4 lanes p, p + stride, p + 2 stride,
 * p + 3 stride (bytes), in host order. */
static inline void load_pair(vec *w, const unsigned char *p, size_t stride)
{
    vec x02 = load2x128(p, p + 2 * stride), x13 = load2x128(p + stride, p + 3 * stride);
    w[0] = _mm256_unpacklo_epi64(x02, x13);
    w[1] = _mm256_unpackhi_epi64(x02, x13);
}

/* The same, element j of lane k going to p + k stride; the inverse of load_pair. */
static inline void store_pair(unsigned char *p, size_t stride, vec w0, vec w1)
{
    vec x02 = _mm256_unpacklo_epi64(w0, w1), x13 = _mm256_unpackhi_epi64(w0, w1);
    _mm_storeu_si128((__m128i *)(void *)p, _mm256_castsi256_si128(x02));
    _mm_storeu_si128((__m128i *)(void *)(p + stride), _mm256_castsi256_si128(x13));
    _mm_storeu_si128((__m128i *)(void *)(p + 2 * stride), _mm256_extracti128_si256(x02, 1));
    _mm_storeu_si128((__m128i *)(void *)(p + 3 * stride), _mm256_extracti128_si256(x13, 1));
}

/* The template's loads and stores, two words at a time. */
static inline void load_states(vec st[8], const uint64_t *s)
{
    int i;
    for (i = 0; i < 8; i += 2) load_pair(st + i, (const unsigned char *)(s + i), 64);
}

static inline void load_blocks(vec w[16], const unsigned char *blocks)
{
    const vec bswap64 = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                         7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    int i;
    for (i = 0; i < 16; i += 2) {
        load_pair(w + i, blocks + 8 * i, 128);
        w[i] = _mm256_shuffle_epi8(w[i], bswap64);
        w[i + 1] = _mm256_shuffle_epi8(w[i + 1], bswap64);
    }
}

static inline void store_states(uint64_t *s, vec st[8])
{
    int i;
    for (i = 0; i < 8; i += 2) store_pair((unsigned char *)(s + i), 64, st[i], st[i + 1]);
}

#define SHA512_LANES_ENTRY coin_sha512_transform_avx2_4way
#include "sha512_lanes.h"

#undef SHR
#undef SHL
