/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-1 with AVX2 and BMI2, for CPUs without the SHA extensions.
 *
 * Compiled with -mavx2 -mbmi2 only; the dispatcher calls it when CPUID and XGETBV report
 * AVX2 and BMI2.
 *
 * As sha1_ssse3.c (see there for the schedule), with two blocks at a time: the vector unit
 * computes the schedules of a pair of blocks together, the first block's words in the low
 * 128-bit lane and the second's in the high one, and the scalar rounds do the first block,
 * then the second. The rounds use the BMI2 rotate rorx, which leaves its source alone, so
 * rol(a, 5) needs no copy of a.
 *
 * The vector work is spread over both blocks, one step (four words of each) every eight
 * rounds: the rounds of the first block compute words 40..79 of the pair, those of the
 * second words 0..39 of the next pair, each into the place of words its own rounds have
 * read. Only the first pair's words 0..39 are computed before any round, so that one block
 * costs little more than with SSSE3. With one block left, the high lane schedules it again
 * and is not used; after the last pair, the second block schedules this pair again.
 *
 * On an Intel Xeon (Emerald Rapids), 1 MB in 2.49 cycles of the time-stamp counter a byte,
 * where OpenSSL 3.0's AVX2 code takes 2.66 and our SSSE3 code 2.64 (timed as in
 * sha1_ssse3.c); a single block in 184 cycles, where SSSE3 takes 180 and the portable code
 * 198.
 *
 * x86-64 only (COIN_SHA1_AVX2): with the 8 general-purpose and 8 vector registers of 32-bit
 * x86, the rounds and the 8 vectors of the schedule do not fit, and the stack realigned for
 * the ymm spills takes ebp too; an i686 build ran 1 MB at 3.34 cycles of the time-stamp
 * counter a byte, no faster than the portable code (3.39), where SSSE3 takes 2.70. */

#include "backends.h"

#if COIN_SHA1_AVX2
#include <immintrin.h>

#include "sha1_rounds.h"

typedef __m256i vec;

static ALWAYS_INLINE vec Xor(vec x, vec y) { return _mm256_xor_si256(x, y); }
#define ROL(x, n) _mm256_or_si256(_mm256_slli_epi32((x), (n)), _mm256_srli_epi32((x), 32 - (n)))

/* Four words of each of two blocks, from big-endian bytes at lo and hi (any alignment). */
static ALWAYS_INLINE vec load_words(const unsigned char *lo, const unsigned char *hi)
{
    const vec bswap = _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                                       3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    vec x = _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)lo));
    x = _mm256_inserti128_si256(x, _mm_loadu_si128((const __m128i *)(const void *)hi), 1);
    return _mm256_shuffle_epi8(x, bswap);
}

/* W[t..t+3], 16 <= t < 32, in each lane (see schedule_16 in sha1_ssse3.c). */
static ALWAYS_INLINE vec schedule_16(vec w16, vec w12, vec w8, vec w4)
{
    vec x = Xor(Xor(w16, _mm256_alignr_epi8(w12, w16, 8)), Xor(w8, _mm256_srli_si256(w4, 4)));
    return Xor(ROL(x, 1), ROL(_mm256_slli_si256(x, 12), 2));
}

/* W[t..t+3], t >= 32, in each lane. */
static ALWAYS_INLINE vec schedule_32(vec w32, vec w28, vec w16, vec w8, vec w4)
{
    return ROL(Xor(Xor(w32, w28), Xor(w16, _mm256_alignr_epi8(w4, w8, 8))), 2);
}

/* Stores w + k to p[0..7]. p is 32-byte aligned, but the store does not insist: MinGW GCC
 * cannot align the stack beyond 16 bytes (GCC bug 54412). */
static ALWAYS_INLINE void store_wk(uint32_t *p, vec w, uint32_t k)
{
    _mm256_storeu_si256((vec *)(void *)p, _mm256_add_epi32(w, _mm256_set1_epi32((int)k)));
}

/* Group g of the schedule, words 4g..4g+3 of both blocks (of the blocks at lo and hi): in
 * x[g % 8] (g is a constant in every use, so x lives in registers), and with K added at
 * wk[8g..8g+7]. */
#define X(g) x[(g) & 7]
#define K(g) ((g) < 5 ? SHA1_K0 : (g) < 10 ? SHA1_K1 : (g) < 15 ? SHA1_K2 : SHA1_K3)
#define STEP(g)                                                                                      \
    do {                                                                                             \
        if ((g) < 4) X(g) = load_words((lo) + 16 * (g), (hi) + 16 * (g));                            \
        else if ((g) < 8) X(g) = schedule_16(X((g) - 4), X((g) - 3), X((g) - 2), X((g) - 1));        \
        else X(g) = schedule_32(X((g) - 8), X((g) - 7), X((g) - 4), X((g) - 2), X((g) - 1));         \
        store_wk(wk + 8 * (g), X(g), K(g));                                                          \
        SHA1_BARRIER();                                                                              \
    } while (0)

/* Four rounds of group j of a block (rounds 4j..4j+3), reading W + K from p + 8j, after the
 * schedule step that this block's slot j holds, if any (see below). */
#define ROUNDS4(F, a, b, c, d, e, p, j, SLOT)                                   \
    do {                                                                        \
        if (SLOT(j) >= 0) STEP(SLOT(j));                                        \
        SHA1_ROUNDS4(F, a, b, c, d, e, (p) + 8 * (j));                          \
    } while (0)

/* The 80 rounds of one block, with the steps of its slots. */
#define BLOCK(p, SLOT)                                                          \
    do {                                                                        \
        ROUNDS4(SHA1_CH, a, b, c, d, e, p, 0, SLOT);                            \
        ROUNDS4(SHA1_CH, b, c, d, e, a, p, 1, SLOT);                            \
        ROUNDS4(SHA1_CH, c, d, e, a, b, p, 2, SLOT);                            \
        ROUNDS4(SHA1_CH, d, e, a, b, c, p, 3, SLOT);                            \
        ROUNDS4(SHA1_CH, e, a, b, c, d, p, 4, SLOT);                            \
        ROUNDS4(SHA1_PARITY, a, b, c, d, e, p, 5, SLOT);                        \
        ROUNDS4(SHA1_PARITY, b, c, d, e, a, p, 6, SLOT);                        \
        ROUNDS4(SHA1_PARITY, c, d, e, a, b, p, 7, SLOT);                        \
        ROUNDS4(SHA1_PARITY, d, e, a, b, c, p, 8, SLOT);                        \
        ROUNDS4(SHA1_PARITY, e, a, b, c, d, p, 9, SLOT);                        \
        ROUNDS4(SHA1_MAJ, a, b, c, d, e, p, 10, SLOT);                          \
        ROUNDS4(SHA1_MAJ, b, c, d, e, a, p, 11, SLOT);                          \
        ROUNDS4(SHA1_MAJ, c, d, e, a, b, p, 12, SLOT);                          \
        ROUNDS4(SHA1_MAJ, d, e, a, b, c, p, 13, SLOT);                          \
        ROUNDS4(SHA1_MAJ, e, a, b, c, d, p, 14, SLOT);                          \
        ROUNDS4(SHA1_PARITY, a, b, c, d, e, p, 15, SLOT);                       \
        ROUNDS4(SHA1_PARITY, b, c, d, e, a, p, 16, SLOT);                       \
        ROUNDS4(SHA1_PARITY, c, d, e, a, b, p, 17, SLOT);                       \
        ROUNDS4(SHA1_PARITY, d, e, a, b, c, p, 18, SLOT);                       \
        ROUNDS4(SHA1_PARITY, e, a, b, c, d, p, 19, SLOT);                       \
        a = s0 += a; b = s1 += b; c = s2 += c; d = s3 += d; e = s4 += e;        \
    } while (0)

/* The step that slot j of a block holds, before its rounds 4j..4j+3, or -1. The first block
 * of a pair computes groups 10..19 of the pair, each two slots or more before its rounds
 * read it (slots 0, 1, 3, 5, ..., 17); the second computes groups 0..9 of the next pair
 * (slots 1, 3, ..., 19), each after its own rounds have read the row it overwrites. */
#define FIRST_SLOT(j) ((j) == 0 ? 10 : (j) % 2 && (j) < 18 ? 11 + (j) / 2 : -1)
#define SECOND_SLOT(j) ((j) % 2 ? (j) / 2 : -1)

void coin_sha1_transform_avx2(uint32_t *s, const unsigned char *blocks, size_t n)
{
    /* W[t] + K[t] of a pair of blocks: group g at [8g..8g+7], the first block's four words,
     * then the second's. The rounds read it through a volatile pointer, as in sha1_ssse3.c
     * (without it, 2.73 cycles a byte instead of 2.49). */
    _Alignas(32) uint32_t wk[160];
    const volatile uint32_t *r = wk;
    vec x[8];
    uint32_t s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3], s4 = s[4];
    uint32_t a = s0, b = s1, c = s2, d = s3, e = s4;
    const unsigned char *lo = blocks, *hi = n >= 2 ? blocks + 64 : blocks;

    if (n == 0) return;
    /* Groups 0..9 of the first pair. */
    STEP(0); STEP(1); STEP(2); STEP(3); STEP(4); STEP(5); STEP(6); STEP(7); STEP(8); STEP(9);
    for (;;) {
        BLOCK(r, FIRST_SLOT);
        if (n == 1) break;
        /* The pair whose groups 0..9 the second block computes: the next, or this one again
         * after the last (computed and not used). */
        lo = n > 2 ? blocks + 128 : blocks;
        hi = n > 3 ? lo + 64 : lo;
        BLOCK(r + 4, SECOND_SLOT);
        if (n == 2) break;
        n -= 2;
        blocks += 128;
    }
    s[0] = s0; s[1] = s1; s[2] = s2; s[3] = s3; s[4] = s4;
}
#endif
