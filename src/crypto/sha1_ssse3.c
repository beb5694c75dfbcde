/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-1 with SSSE3, for CPUs without the SHA extensions.
 *
 * Compiled with -mssse3 only; the dispatcher calls it when CPUID reports SSSE3.
 *
 * The approach of Intel's "Improving the Performance of the Secure Hash Algorithm (SHA-1)"
 * (Locktyukhin, 2010). The rounds of a block are a serial chain of scalar operations
 * (sha1_rounds.h), done in general-purpose registers. The message schedule does not depend
 * on them: the vector unit computes it four words at a time, with K added, into a buffer on
 * the stack, sixteen rounds ahead of the rounds that read it; during the last sixteen rounds
 * of a block it loads the next block's first sixteen words. The words of one vector are in
 * memory order, W[t] in element 0.
 *
 * Words 16..31 follow the definition, W[t] = rol(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16], 1), in
 * which W[t+3] needs the W[t] of the same vector. From word 32 on, the schedule uses
 * W[t] = rol(W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32], 2): the definition with each of its four
 * terms written out by the definition again, where the sixteen words they give cancel in
 * pairs but for these four (the terms need t - 16 >= 16). No word of a vector then needs
 * another; the schedule keeps the last 32 words, 8 vectors.
 *
 * On an Intel Xeon (Emerald Rapids), 1 MB in 2.64 cycles of the time-stamp counter a byte,
 * where the portable code takes 3.0 and OpenSSL 3.0's SSSE3 and AVX code 2.75 (each timed in
 * turn with ours in one process, the minimum of 100 runs). */

#include <immintrin.h>

#include "backends.h"
#include "sha1_rounds.h"

typedef __m128i vec;

static ALWAYS_INLINE vec Xor(vec x, vec y) { return _mm_xor_si128(x, y); }
#define ROL(x, n) _mm_or_si128(_mm_slli_epi32((x), (n)), _mm_srli_epi32((x), 32 - (n)))

/* Four words of a block, from big-endian bytes at p (any alignment). */
static ALWAYS_INLINE vec load_words(const unsigned char *p)
{
    const vec bswap = _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    return _mm_shuffle_epi8(_mm_loadu_si128((const vec *)(const void *)p), bswap);
}

/* W[t..t+3], 16 <= t < 32, from w16 = W[t-16..t-13], w12, w8 and w4 = W[t-4..t-1]. */
static ALWAYS_INLINE vec schedule_16(vec w16, vec w12, vec w8, vec w4)
{
    /* W[t-16..] ^ W[t-14..] ^ W[t-8..] ^ {W[t-3], W[t-2], W[t-1], 0}: W[t+3] lacks W[t]. */
    vec x = Xor(Xor(w16, _mm_alignr_epi8(w12, w16, 8)), Xor(w8, _mm_srli_si128(w4, 4)));
    /* Rotated, the first three words are done; W[t] is rol(x[0], 1), and its share of W[t+3]
     * is rol(W[t], 1) = rol(x[0], 2), since rol distributes over xor. */
    return Xor(ROL(x, 1), ROL(_mm_slli_si128(x, 12), 2));
}

/* W[t..t+3], t >= 32, from w32 = W[t-32..t-29], w28, w16, w8 and w4 = W[t-4..t-1]. */
static ALWAYS_INLINE vec schedule_32(vec w32, vec w28, vec w16, vec w8, vec w4)
{
    /* W[t-6..t-3]: the upper half of w8 and the lower half of w4. */
    return ROL(Xor(Xor(w32, w28), Xor(w16, _mm_alignr_epi8(w4, w8, 8))), 2);
}

static ALWAYS_INLINE void store_wk(uint32_t *p, vec w, uint32_t k)
{
    _mm_store_si128((vec *)(void *)p, _mm_add_epi32(w, _mm_set1_epi32((int)k)));
}

/* The words of group g (W[4g..4g+3]) live in x[g % 8]; g is a constant in every use, so
 * the compiler keeps x in registers. */
#define X(g) x[(g) & 7]

#define LOAD(g, p)                                                                      \
    do {                                                                                \
        X(g) = load_words((p) + 16 * (g));                                              \
        store_wk(wk + 4 * (g), X(g), SHA1_K0);                                          \
        SHA1_BARRIER();                                                                 \
    } while (0)
#define SCHED16(g, k)                                                                   \
    do {                                                                                \
        X(g) = schedule_16(X((g) - 4), X((g) - 3), X((g) - 2), X((g) - 1));             \
        store_wk(wk + 4 * (g), X(g), k);                                                \
        SHA1_BARRIER();                                                                 \
    } while (0)
#define SCHED32(g, k)                                                                   \
    do {                                                                                \
        X(g) = schedule_32(X((g) - 8), X((g) - 7), X((g) - 4), X((g) - 2), X((g) - 1)); \
        store_wk(wk + 4 * (g), X(g), k);                                                \
        SHA1_BARRIER();                                                                 \
    } while (0)

void coin_sha1_transform_ssse3(uint32_t *s, const unsigned char *blocks, size_t n)
{
    /* W[t] + K[t] of the block. The rounds read it through a volatile pointer, which makes
     * each word a load: otherwise GCC forwards the vectors stored there to the rounds element
     * by element (movd, pshufd), many more instructions than a load of each word
     * (2.93 cycles of the time-stamp counter a byte instead of 2.64). */
    _Alignas(16) uint32_t wk[80];
    const volatile uint32_t *r = wk;
    vec x[8];
    uint32_t s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3], s4 = s[4];
    uint32_t a = s0, b = s1, c = s2, d = s3, e = s4;

    if (n == 0) return;
    LOAD(0, blocks);
    LOAD(1, blocks);
    LOAD(2, blocks);
    LOAD(3, blocks);
    do {
        /* The block whose first words the last rounds load: the next, or this one again
         * after the last (loaded and not used). */
        const unsigned char *next = n > 1 ? blocks + 64 : blocks;

        /* Rounds 4g..4g+3 beside the schedule of words 4g+16..4g+19. */
        SCHED16(4, SHA1_K0);
        SHA1_ROUNDS4(SHA1_CH, a, b, c, d, e, r);
        SCHED16(5, SHA1_K1);
        SHA1_ROUNDS4(SHA1_CH, b, c, d, e, a, r + 4);
        SCHED16(6, SHA1_K1);
        SHA1_ROUNDS4(SHA1_CH, c, d, e, a, b, r + 8);
        SCHED16(7, SHA1_K1);
        SHA1_ROUNDS4(SHA1_CH, d, e, a, b, c, r + 12);
        SCHED32(8, SHA1_K1);
        SHA1_ROUNDS4(SHA1_CH, e, a, b, c, d, r + 16);
        SCHED32(9, SHA1_K1);
        SHA1_ROUNDS4(SHA1_PARITY, a, b, c, d, e, r + 20);
        SCHED32(10, SHA1_K2);
        SHA1_ROUNDS4(SHA1_PARITY, b, c, d, e, a, r + 24);
        SCHED32(11, SHA1_K2);
        SHA1_ROUNDS4(SHA1_PARITY, c, d, e, a, b, r + 28);
        SCHED32(12, SHA1_K2);
        SHA1_ROUNDS4(SHA1_PARITY, d, e, a, b, c, r + 32);
        SCHED32(13, SHA1_K2);
        SHA1_ROUNDS4(SHA1_PARITY, e, a, b, c, d, r + 36);
        SCHED32(14, SHA1_K2);
        SHA1_ROUNDS4(SHA1_MAJ, a, b, c, d, e, r + 40);
        SCHED32(15, SHA1_K3);
        SHA1_ROUNDS4(SHA1_MAJ, b, c, d, e, a, r + 44);
        SCHED32(16, SHA1_K3);
        SHA1_ROUNDS4(SHA1_MAJ, c, d, e, a, b, r + 48);
        SCHED32(17, SHA1_K3);
        SHA1_ROUNDS4(SHA1_MAJ, d, e, a, b, c, r + 52);
        SCHED32(18, SHA1_K3);
        SHA1_ROUNDS4(SHA1_MAJ, e, a, b, c, d, r + 56);
        SCHED32(19, SHA1_K3);
        SHA1_ROUNDS4(SHA1_PARITY, a, b, c, d, e, r + 60);
        /* Words 0..15 of the next block: rounds 0..15 read their place, and are done. */
        LOAD(0, next);
        SHA1_ROUNDS4(SHA1_PARITY, b, c, d, e, a, r + 64);
        LOAD(1, next);
        SHA1_ROUNDS4(SHA1_PARITY, c, d, e, a, b, r + 68);
        LOAD(2, next);
        SHA1_ROUNDS4(SHA1_PARITY, d, e, a, b, c, r + 72);
        LOAD(3, next);
        SHA1_ROUNDS4(SHA1_PARITY, e, a, b, c, d, r + 76);

        a = s0 += a; b = s1 += b; c = s2 += c; d = s3 += d; e = s4 += e;
        blocks = next;
    } while (--n);
    s[0] = s0; s[1] = s1; s[2] = s2; s[3] = s3; s[4] = s4;
}
