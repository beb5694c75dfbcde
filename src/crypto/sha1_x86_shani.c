/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-1 with the Intel SHA extensions (SHA-NI).
 *
 * Compiled with -msse4.1 -msha only: every instruction here has a legacy SSE encoding, so
 * the code runs on CPUs that have SHA-NI but no AVX (Goldmont, Tremont). The dispatcher
 * calls it only when CPUID reports SHA, SSSE3 and SSE4.1.
 *
 * Register layout. sha1rnds4 keeps a, b, c, d in one register, a in the highest dword
 * ({d, c, b, a}, dword 0 first), and performs four rounds with the round function and
 * constant its immediate selects (0 for rounds 0-19, ..., 3 for rounds 60-79). Its second
 * operand is {W[i+3], W[i+2], W[i+1], W[i] + e}: message vectors therefore hold four
 * schedule words in reverse order, and sha1nexte adds e, which four rounds later is the a of
 * four rounds earlier rotated by 30, to the word in the top dword. */

#include <immintrin.h>

#include "backends.h"

/* pshufb mask that reverses the 16 bytes of a block's quarter: four big-endian words to
 * host order, W[i] in the highest dword. */
#if defined(_MSC_VER) && !defined(__clang__)
__declspec(align(16))
#else
_Alignas(16)
#endif
static const unsigned char BSWAP128[16] = {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0};

/* Four message words from any address, as sha1rnds4 expects them. */
static inline __m128i load_words(const unsigned char *p)
{
    return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)p),
                            _mm_load_si128((const __m128i *)(const void *)BSWAP128));
}

/* W[i..i+3] from w0 = W[i-16..i-13], w1 = W[i-12..], w2 = W[i-8..] and w3 = W[i-4..]:
 * sha1msg1 forms W[i-16] ^ W[i-14], the xor adds W[i-8], and sha1msg2 adds W[i-3] and
 * rotates, resolving the dependency of W[i+3] on W[i]. */
static inline __m128i schedule(__m128i w0, __m128i w1, __m128i w2, __m128i w3)
{
    return _mm_sha1msg2_epu32(_mm_xor_si128(_mm_sha1msg1_epu32(w0, w1), w2), w3);
}

/* Four rounds, then sha1rnds4's message operand for the next four: next_w with e added, e
 * being the a of abcd as it was before these rounds, rotated by 30. The rounds are the
 * chain every block waits on, so abcd stays in its register: without the empty asm on the
 * copy, GCC 12 and clang 14 run sha1rnds4 on a new copy instead and keep the old value for
 * sha1nexte, a move on the chain, and put each step's schedule ahead of its rounds; 1 MB took
 * 2% longer than OpenSSL's SHA-NI code (1.430 TSC cycles a byte against 1.401 on an Intel Xeon
 * Emerald Rapids), and takes 0.3-0.7% longer now (1.406). f selects the round function, and
 * must be a constant. */
#define STEP(f, next_w)                                  \
    do {                                                 \
        __m128i before = abcd;                           \
        COIN_OPAQUE_VEC(before);                         \
        abcd = _mm_sha1rnds4_epu32(abcd, e_w, (f));      \
        e_w = _mm_sha1nexte_epu32(before, (next_w));     \
    } while (0)

/* The same, then the schedule extended: w0, the oldest four words, becomes the next. */
#define STEP_SCHED(f, w0, w1, w2, w3)                    \
    do {                                                 \
        STEP((f), (w1));                                 \
        (w0) = schedule((w0), (w1), (w2), (w3));         \
    } while (0)

void coin_sha1_transform_x86_shani(uint32_t *s, const unsigned char *blocks, size_t n)
{
    __m128i abcd, e;

    if (n == 0) return;
    /* {a, b, c, d} -> {d, c, b, a}; e alone in the highest dword, the others zero. */
    abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(const void *)s), 0x1b);
    e = _mm_insert_epi32(_mm_setzero_si128(), (int)s[4], 3);

    do {
        const __m128i abcd_save = abcd, e_save = e;
        __m128i w0, w1, w2, w3, e_w;

        w0 = load_words(blocks);
        w1 = load_words(blocks + 16);
        w2 = load_words(blocks + 32);
        w3 = load_words(blocks + 48);

        /* Rounds 0-3 take e from the state as it is. */
        e_w = _mm_add_epi32(e, w0);
        STEP_SCHED(0, w0, w1, w2, w3);
        STEP_SCHED(0, w1, w2, w3, w0);
        STEP_SCHED(0, w2, w3, w0, w1);
        STEP_SCHED(0, w3, w0, w1, w2);
        STEP_SCHED(0, w0, w1, w2, w3); /* rounds 16-19 */
        STEP_SCHED(1, w1, w2, w3, w0);
        STEP_SCHED(1, w2, w3, w0, w1);
        STEP_SCHED(1, w3, w0, w1, w2);
        STEP_SCHED(1, w0, w1, w2, w3);
        STEP_SCHED(1, w1, w2, w3, w0); /* rounds 36-39 */
        STEP_SCHED(2, w2, w3, w0, w1);
        STEP_SCHED(2, w3, w0, w1, w2);
        STEP_SCHED(2, w0, w1, w2, w3);
        STEP_SCHED(2, w1, w2, w3, w0);
        STEP_SCHED(2, w2, w3, w0, w1); /* rounds 56-59 */
        STEP_SCHED(3, w3, w0, w1, w2); /* the last schedule words, W[76..79] */
        STEP(3, w1);
        STEP(3, w2);
        STEP(3, w3);
        /* The final e is the a of four rounds earlier rotated by 30: sha1nexte adds it to the
         * saved e, leaving the other dwords of e_save (zero) as they are. */
        STEP(3, e_save);
        e = e_w;
        abcd = _mm_add_epi32(abcd, abcd_save);
        blocks += 64;
    } while (--n);

    _mm_storeu_si128((__m128i *)(void *)s, _mm_shuffle_epi32(abcd, 0x1b));
    s[4] = (uint32_t)_mm_extract_epi32(e, 3);
}
