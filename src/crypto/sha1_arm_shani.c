/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-1 with the Armv8 cryptographic extension (FEAT_SHA1).
 *
 * Compiled with -march=armv8-a+crypto only. The dispatcher calls it only when the operating
 * system reports the SHA1 feature (HWCAP_SHA1 on Linux).
 *
 * Register layout. sha1c, sha1p and sha1m keep a, b, c, d in one vector, {a, b, c, d} (lane
 * 0 first, the order of the state words in memory), take e in a scalar register, and perform
 * four rounds with the round function of rounds 0-19 (choose), 20-39 and 60-79 (parity) or
 * 40-59 (majority), taking W[i..i+3] + K from a message vector that holds four consecutive
 * schedule words, W[i] in lane 0. The e of the next four rounds is the a of these four
 * rounds' input rotated by 30, which sha1h computes. sha1su0 and sha1su1 extend the schedule
 * four words at a time. */

#include <arm_neon.h>

#include "backends.h"

#if defined(__AARCH64EB__)
# error "sha1_arm_shani.c supports little-endian AArch64 only"
#endif

/* Four big-endian message words from any address, in host order. */
static inline uint32x4_t load_be(const unsigned char *p)
{
    return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

/* W[i..i+3] from w0 = W[i-16..i-13], w1 = W[i-12..], w2 = W[i-8..] and w3 = W[i-4..]:
 * sha1su0 forms W[i-16] ^ W[i-14] ^ W[i-8], and sha1su1 xors W[i-3] and rotates, resolving
 * the dependency of W[i+3] on W[i]. */
static inline uint32x4_t schedule(uint32x4_t w0, uint32x4_t w1, uint32x4_t w2, uint32x4_t w3)
{
    return vsha1su1q_u32(vsha1su0q_u32(w0, w1, w2), w3);
}

/* Four rounds with the round instruction op (vsha1cq_u32, vsha1pq_u32 or vsha1mq_u32) and
 * the constant k: e_in is their e, and e_out receives the e of the next four. */
#define ROUNDS4(op, k, w, e_in, e_out)                          \
    do {                                                        \
        (e_out) = vsha1h_u32(vgetq_lane_u32(abcd, 0));          \
        abcd = op(abcd, (e_in), vaddq_u32((w), (k)));           \
    } while (0)

/* Four rounds that first extend the schedule: w0, the oldest four words, becomes the next. */
#define SCHED_ROUNDS4(op, k, w0, w1, w2, w3, e_in, e_out)       \
    do {                                                        \
        (w0) = schedule((w0), (w1), (w2), (w3));                \
        ROUNDS4(op, (k), (w0), (e_in), (e_out));                \
    } while (0)

void coin_sha1_transform_arm_shani(uint32_t *s, const unsigned char *blocks, size_t n)
{
    const uint32x4_t k0 = vdupq_n_u32(0x5a827999), k1 = vdupq_n_u32(0x6ed9eba1);
    const uint32x4_t k2 = vdupq_n_u32(0x8f1bbcdc), k3 = vdupq_n_u32(0xca62c1d6);
    uint32x4_t abcd;
    uint32_t e;

    if (n == 0) return;
    abcd = vld1q_u32(s);
    e = s[4];

    do {
        const uint32x4_t abcd_save = abcd;
        uint32x4_t w0, w1, w2, w3;
        uint32_t e0 = e, e1;

        w0 = load_be(blocks);
        w1 = load_be(blocks + 16);
        w2 = load_be(blocks + 32);
        w3 = load_be(blocks + 48);

        ROUNDS4(vsha1cq_u32, k0, w0, e0, e1); /* rounds 0-3 */
        ROUNDS4(vsha1cq_u32, k0, w1, e1, e0);
        ROUNDS4(vsha1cq_u32, k0, w2, e0, e1);
        ROUNDS4(vsha1cq_u32, k0, w3, e1, e0);
        SCHED_ROUNDS4(vsha1cq_u32, k0, w0, w1, w2, w3, e0, e1); /* rounds 16-19 */
        SCHED_ROUNDS4(vsha1pq_u32, k1, w1, w2, w3, w0, e1, e0);
        SCHED_ROUNDS4(vsha1pq_u32, k1, w2, w3, w0, w1, e0, e1);
        SCHED_ROUNDS4(vsha1pq_u32, k1, w3, w0, w1, w2, e1, e0);
        SCHED_ROUNDS4(vsha1pq_u32, k1, w0, w1, w2, w3, e0, e1);
        SCHED_ROUNDS4(vsha1pq_u32, k1, w1, w2, w3, w0, e1, e0); /* rounds 36-39 */
        SCHED_ROUNDS4(vsha1mq_u32, k2, w2, w3, w0, w1, e0, e1);
        SCHED_ROUNDS4(vsha1mq_u32, k2, w3, w0, w1, w2, e1, e0);
        SCHED_ROUNDS4(vsha1mq_u32, k2, w0, w1, w2, w3, e0, e1);
        SCHED_ROUNDS4(vsha1mq_u32, k2, w1, w2, w3, w0, e1, e0);
        SCHED_ROUNDS4(vsha1mq_u32, k2, w2, w3, w0, w1, e0, e1); /* rounds 56-59 */
        SCHED_ROUNDS4(vsha1pq_u32, k3, w3, w0, w1, w2, e1, e0);
        SCHED_ROUNDS4(vsha1pq_u32, k3, w0, w1, w2, w3, e0, e1);
        SCHED_ROUNDS4(vsha1pq_u32, k3, w1, w2, w3, w0, e1, e0);
        SCHED_ROUNDS4(vsha1pq_u32, k3, w2, w3, w0, w1, e0, e1);
        SCHED_ROUNDS4(vsha1pq_u32, k3, w3, w0, w1, w2, e1, e0); /* rounds 76-79 */

        /* e0 is the e after round 79: the a of round 76's input rotated by 30. */
        abcd = vaddq_u32(abcd, abcd_save);
        e += e0;
        blocks += 64;
    } while (--n);

    vst1q_u32(s, abcd);
    s[4] = e;
}
