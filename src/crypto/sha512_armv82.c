/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-512 with the Armv8.2 SHA-512 instructions (FEAT_SHA512).
 *
 * Compiled with -march=armv8.2-a+sha3 only (the spelling gcc and clang accept for the
 * SHA-512 and SHA-3 instructions). The dispatcher calls it only when the operating system
 * reports the SHA512 feature (HWCAP_SHA512 on Linux).
 *
 * Register layout. The state is four vectors, ab = {a, b}, cd = {c, d}, ef = {e, f} and
 * gh = {g, h} (lane 0 first): the order of the state words in memory. A double round is
 *   t  = sha512h(gh + {WK[i+1], WK[i]}, {f, g}, {d, e})    = {T1 of round i+1, T1 of round i}
 *   ef' = cd + t                                            = {e'', e'}
 *   ab' = sha512h2(t, cd, ab)                               = {a'', a'}
 * with WK[i] = W[i] + K[i], after which cd' = ab and gh' = ef: the names rotate, and every
 * other double round they are back in place. A message vector holds two consecutive
 * schedule words, W[i] in lane 0; sha512su0 and sha512su1 extend the schedule two words at a
 * time. */

#include <arm_neon.h>

#include "backends.h"

#if defined(__AARCH64EB__)
# error "sha512_armv82.c supports little-endian AArch64 only"
#endif

/* Two big-endian message words from any address, in host order. */
static inline uint64x2_t load_be(const unsigned char *p)
{
    return vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p)));
}

/* Two rounds with wk = {WK[i], WK[i+1]}. The new ab lands in cd and the new ef in gh, so the
 * next two rounds are ROUNDS2(cd, ab, gh, ef, ...). */
#define ROUNDS2(ab, cd, ef, gh, wk)                                                         \
    do {                                                                                    \
        const uint64x2_t t_ = vsha512hq_u64(vaddq_u64((gh), vextq_u64((wk), (wk), 1)),      \
                                            vextq_u64((ef), (gh), 1), vextq_u64((cd), (ef), 1)); \
        (gh) = vaddq_u64((cd), t_);                                                         \
        (cd) = vsha512h2q_u64(t_, (cd), (ab));                                              \
    } while (0)

/* W[i+16..i+17] from W[i..i+1] in w0, W[i+2..] in w1, W[i+8..] in w4, W[i+10..] in w5 and
 * W[i+14..] in w7: sha512su0 adds s0(W[i+1..i+2]), sha512su1 adds W[i+9..i+10] and
 * s1(W[i+14..i+15]). */
#define SCHEDULE(w0, w1, w4, w5, w7) \
    ((w0) = vsha512su1q_u64(vsha512su0q_u64((w0), (w1)), (w7), vextq_u64((w4), (w5), 1)))

/* Four rounds from the schedule words in w[j] and w[j + 1], with the constants at k. */
#define ROUNDS4(j, k)                                                   \
    do {                                                                \
        ROUNDS2(ab, cd, ef, gh, vaddq_u64(w[j], vld1q_u64((k))));       \
        ROUNDS2(cd, ab, gh, ef, vaddq_u64(w[(j) + 1], vld1q_u64((k) + 2))); \
    } while (0)

/* Four rounds that first extend the schedule by four words, replacing w[j] and w[j + 1]. */
#define SCHED_ROUNDS4(j, k)                                                             \
    do {                                                                                \
        SCHEDULE(w[j], w[(j) + 1], w[((j) + 4) & 7], w[((j) + 5) & 7], w[((j) + 7) & 7]); \
        SCHEDULE(w[(j) + 1], w[((j) + 2) & 7], w[((j) + 5) & 7], w[((j) + 6) & 7], w[j]); \
        ROUNDS4(j, k);                                                                  \
    } while (0)

void coin_sha512_transform_armv82(uint64_t *s, const unsigned char *blocks, size_t n)
{
    uint64x2_t ab, cd, ef, gh;

    if (n == 0) return;
    ab = vld1q_u64(s);
    cd = vld1q_u64(s + 2);
    ef = vld1q_u64(s + 4);
    gh = vld1q_u64(s + 6);

    do {
        const uint64x2_t ab_save = ab, cd_save = cd, ef_save = ef, gh_save = gh;
        uint64x2_t w[8];
        int i;

        w[0] = load_be(blocks);
        w[1] = load_be(blocks + 16);
        w[2] = load_be(blocks + 32);
        w[3] = load_be(blocks + 48);
        w[4] = load_be(blocks + 64);
        w[5] = load_be(blocks + 80);
        w[6] = load_be(blocks + 96);
        w[7] = load_be(blocks + 112);

        ROUNDS4(0, coin_sha512_k);
        ROUNDS4(2, coin_sha512_k + 4);
        ROUNDS4(4, coin_sha512_k + 8);
        ROUNDS4(6, coin_sha512_k + 12);
        for (i = 16; i < 80; i += 16) {
            SCHED_ROUNDS4(0, coin_sha512_k + i);
            SCHED_ROUNDS4(2, coin_sha512_k + i + 4);
            SCHED_ROUNDS4(4, coin_sha512_k + i + 8);
            SCHED_ROUNDS4(6, coin_sha512_k + i + 12);
        }

        ab = vaddq_u64(ab, ab_save);
        cd = vaddq_u64(cd, cd_save);
        ef = vaddq_u64(ef, ef_save);
        gh = vaddq_u64(gh, gh_save);
        blocks += 128;
    } while (--n);

    vst1q_u64(s, ab);
    vst1q_u64(s + 2, cd);
    vst1q_u64(s + 4, ef);
    vst1q_u64(s + 6, gh);
}
