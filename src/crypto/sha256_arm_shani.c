/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-256 with the Armv8 cryptographic extension (FEAT_SHA256).
 *
 * Compiled with -march=armv8-a+crypto only. The dispatcher calls it only when the operating
 * system reports the SHA2 feature (HWCAP_SHA2 on Linux).
 *
 * Register layout. The state is two vectors, abcd = {a, b, c, d} and efgh = {e, f, g, h}
 * (lane 0 first): the order of the state words in memory, so it loads and stores as is.
 * sha256h and sha256h2 perform four rounds, the first returning the new abcd and the second
 * the new efgh; both take W[i..i+3] + K[i..i+3] and each needs the other's old half. A
 * message vector holds four consecutive schedule words, W[i] in lane 0, and sha256su0 and
 * sha256su1 extend the schedule four words at a time.
 *
 * The sha256d64 function, and coin_sha256_lanes_arm_shani_2way (one block of each of two
 * messages of any length, for coin_sha256_many), hash two independent messages with their
 * instructions interleaved: the 64 rounds of a block are one dependency chain of
 * sha256h/sha256h2 pairs, and the second message fills the slots the first leaves idle. */

#include <arm_neon.h>

#include "backends.h"

#if defined(__AARCH64EB__)
# error "sha256_arm_shani.c supports little-endian AArch64 only"
#endif

/* The round constants, the initial state and the W + K of sha256d64's constant blocks are the
 * tables of backends.h. The block of the second SHA-256 in sha256d64 is the 32-byte digest
 * followed by the padding of a 32-byte message, W[8..15] = {0x80000000, 0 x 6, 256}; the
 * schedule needs these words themselves. */
static _Alignas(16) const uint32_t PAD32_W8[4] = {0x80000000, 0, 0, 0};
static _Alignas(16) const uint32_t PAD32_W12[4] = {0, 0, 0, 256};

/* The helpers below are inlined into their callers (ALWAYS_INLINE), with the lane count a
 * constant: only then do the lanes' vectors live in registers and the FOR_LANES branches
 * fold away. */

/* Runs stmt for l = 0 .. lanes - 1, where lanes (<= 2) is a variable in scope, as
 * straight-line code. */
#define FOR_LANES(l, stmt)                                  \
    do {                                                    \
        { const int l = 0; stmt; }                          \
        if (lanes > 1) { const int l = 1; stmt; }           \
    } while (0)

/* One message being hashed: the working state, and the last 16 words of the message
 * schedule in a circular buffer of four vectors. */
struct lane {
    uint32x4_t abcd, efgh;
    uint32x4_t w[4];
};

/* Four big-endian message words from any address, in host order. */
static ALWAYS_INLINE uint32x4_t load_be(const unsigned char *p)
{
    return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

/* Four words, big-endian, to any address. */
static ALWAYS_INLINE void store_be(unsigned char *p, uint32x4_t x)
{
    vst1q_u8(p, vrev32q_u8(vreinterpretq_u8_u32(x)));
}

/* W[i+16..i+19] from w0 = W[i..i+3], w1 = W[i+4..], w2 = W[i+8..] and w3 = W[i+12..]:
 * sha256su0 adds s0(W[i+1..i+4]) to W[i..i+3], sha256su1 adds W[i+9..i+12] and
 * s1(W[i+14..i+17]). */
static ALWAYS_INLINE uint32x4_t schedule(uint32x4_t w0, uint32x4_t w1, uint32x4_t w2, uint32x4_t w3)
{
    return vsha256su1q_u32(vsha256su0q_u32(w0, w1), w2, w3);
}

/* Four rounds of every lane, wk[l] holding W[i..i+3] + K[i..i+3] of lane l. */
static ALWAYS_INLINE void rounds4(struct lane *x, const uint32x4_t *wk, int lanes)
{
    uint32x4_t abcd[2];
    FOR_LANES(l, abcd[l] = x[l].abcd);
    FOR_LANES(l, x[l].abcd = vsha256hq_u32(x[l].abcd, x[l].efgh, wk[l]));
    FOR_LANES(l, x[l].efgh = vsha256h2q_u32(x[l].efgh, abcd[l], wk[l]));
}

/* Four rounds of every lane with the same W + K, four words from a table of backends.h. */
static ALWAYS_INLINE void rounds4_const(struct lane *x, const uint32_t *wk, int lanes)
{
    const uint32x4_t v = vld1q_u32(wk);
    uint32x4_t wkv[2];
    FOR_LANES(l, wkv[l] = v);
    rounds4(x, wkv, lanes);
}

/* Rounds 4i..4i+3 for i < 4: loads W[4i..4i+3] of each lane's block into w[i]. */
static ALWAYS_INLINE void rounds4_load(struct lane *x, const unsigned char *const *blocks, int i, int lanes)
{
    const uint32x4_t k = vld1q_u32(coin_sha256_k + 4 * i);
    uint32x4_t wk[2];
    FOR_LANES(l, x[l].w[i] = load_be(blocks[l] + 16 * i));
    FOR_LANES(l, wk[l] = vaddq_u32(x[l].w[i], k));
    rounds4(x, wk, lanes);
}

/* Rounds 4i..4i+3 for i >= 4, with j = i % 4 and k = coin_sha256_k + 4i: first extends
 * the schedule by W[4i..4i+3], which replace W[4i-16..4i-13] in w[j]. */
static ALWAYS_INLINE void rounds4_sched(struct lane *x, int j, const uint32_t *k, int lanes)
{
    const uint32x4_t kv = vld1q_u32(k);
    uint32x4_t wk[2];
    FOR_LANES(l, x[l].w[j] = schedule(x[l].w[j], x[l].w[(j + 1) & 3], x[l].w[(j + 2) & 3], x[l].w[(j + 3) & 3]));
    FOR_LANES(l, wk[l] = vaddq_u32(x[l].w[j], kv));
    rounds4(x, wk, lanes);
}

/* Rounds 16 to 63 of every lane, from the first 16 schedule words in w. */
static ALWAYS_INLINE void rounds16_63(struct lane *x, int lanes)
{
    int i;
    for (i = 16; i < 64; i += 16) {
        rounds4_sched(x, 0, coin_sha256_k + i, lanes);
        rounds4_sched(x, 1, coin_sha256_k + i + 4, lanes);
        rounds4_sched(x, 2, coin_sha256_k + i + 8, lanes);
        rounds4_sched(x, 3, coin_sha256_k + i + 12, lanes);
    }
}

/* Compresses one 64-byte block per lane, blocks[l] into lane l. */
static ALWAYS_INLINE void compress(struct lane *x, const unsigned char *const *blocks, int lanes)
{
    uint32x4_t abcd[2], efgh[2];

    FOR_LANES(l, abcd[l] = x[l].abcd);
    FOR_LANES(l, efgh[l] = x[l].efgh);
    rounds4_load(x, blocks, 0, lanes);
    rounds4_load(x, blocks, 1, lanes);
    rounds4_load(x, blocks, 2, lanes);
    rounds4_load(x, blocks, 3, lanes);
    rounds16_63(x, lanes);
    FOR_LANES(l, x[l].abcd = vaddq_u32(x[l].abcd, abcd[l]));
    FOR_LANES(l, x[l].efgh = vaddq_u32(x[l].efgh, efgh[l]));
}

void coin_sha256_transform_arm_shani(uint32_t *s, const unsigned char *blocks, size_t n)
{
    struct lane x[1];

    if (n == 0) return;
    x[0].abcd = vld1q_u32(s);
    x[0].efgh = vld1q_u32(s + 4);
    do {
        compress(x, &blocks, 1);
        blocks += 64;
    } while (--n);
    vst1q_u32(s, x[0].abcd);
    vst1q_u32(s + 4, x[0].efgh);
}

/* sha256d64 of `lanes` consecutive 64-byte messages at in, with their rounds interleaved.
 * Of the three blocks compressed per message only the first comes from memory; the second
 * is constant and the third is constant but for the 32-byte intermediate digest. */
static ALWAYS_INLINE void sha256d64_lanes(unsigned char *out, const unsigned char *in, int lanes)
{
    const uint32x4_t iv0 = vld1q_u32(coin_sha256_iv), iv1 = vld1q_u32(coin_sha256_iv + 4);
    struct lane x[2];
    const unsigned char *blocks[2];
    uint32x4_t abcd[2], efgh[2], wk[2];
    int i;

    /* First SHA-256, block 1: the message. */
    FOR_LANES(l, blocks[l] = in + 64 * l);
    FOR_LANES(l, x[l].abcd = iv0);
    FOR_LANES(l, x[l].efgh = iv1);
    compress(x, blocks, lanes);

    /* First SHA-256, block 2: the padding, whose W + K are all precomputed. */
    FOR_LANES(l, abcd[l] = x[l].abcd);
    FOR_LANES(l, efgh[l] = x[l].efgh);
    for (i = 0; i < 64; i += 4) rounds4_const(x, coin_sha256d64_pad64_wk + i, lanes);
    FOR_LANES(l, x[l].abcd = vaddq_u32(x[l].abcd, abcd[l]));
    FOR_LANES(l, x[l].efgh = vaddq_u32(x[l].efgh, efgh[l]));

    /* Second SHA-256 of the 32-byte digest: W[0..7] is the digest, already in host order
     * and in the layout of the state, and W[8..15] the padding {0x80000000, 0 x 6, 256},
     * whose W + K are precomputed. */
    FOR_LANES(l, x[l].w[0] = x[l].abcd);
    FOR_LANES(l, x[l].w[1] = x[l].efgh);
    FOR_LANES(l, x[l].abcd = iv0);
    FOR_LANES(l, x[l].efgh = iv1);
    {
        const uint32x4_t k0 = vld1q_u32(coin_sha256_k);
        FOR_LANES(l, wk[l] = vaddq_u32(x[l].w[0], k0));
        rounds4(x, wk, lanes);
    }
    {
        const uint32x4_t k4 = vld1q_u32(coin_sha256_k + 4);
        FOR_LANES(l, wk[l] = vaddq_u32(x[l].w[1], k4));
        rounds4(x, wk, lanes);
    }
    rounds4_const(x, coin_sha256d64_tail32_wk, lanes);
    rounds4_const(x, coin_sha256d64_tail32_wk + 4, lanes);

    /* Rounds 16 to 31. W[9..12] = 0, so sha256su0(W[8..11], W[12..15]) = W[8..11]
     * (s0(0) = 0): W[24..27] needs no sha256su0. */
    FOR_LANES(l, x[l].w[2] = vld1q_u32(PAD32_W8));
    FOR_LANES(l, x[l].w[3] = vld1q_u32(PAD32_W12));
    rounds4_sched(x, 0, coin_sha256_k + 16, lanes);
    rounds4_sched(x, 1, coin_sha256_k + 20, lanes);
    {
        const uint32x4_t k24 = vld1q_u32(coin_sha256_k + 24);
        FOR_LANES(l, x[l].w[2] = vsha256su1q_u32(x[l].w[2], x[l].w[0], x[l].w[1]));
        FOR_LANES(l, wk[l] = vaddq_u32(x[l].w[2], k24));
        rounds4(x, wk, lanes);
    }
    rounds4_sched(x, 3, coin_sha256_k + 28, lanes);

    /* Rounds 32 to 63: the general schedule. */
    for (i = 32; i < 64; i += 16) {
        rounds4_sched(x, 0, coin_sha256_k + i, lanes);
        rounds4_sched(x, 1, coin_sha256_k + i + 4, lanes);
        rounds4_sched(x, 2, coin_sha256_k + i + 8, lanes);
        rounds4_sched(x, 3, coin_sha256_k + i + 12, lanes);
    }

    /* All of in has been read by now, so out may overlap it. */
    FOR_LANES(l, store_be(out + 32 * l, vaddq_u32(x[l].abcd, iv0)));
    FOR_LANES(l, store_be(out + 32 * l + 16, vaddq_u32(x[l].efgh, iv1)));
}

void coin_sha256d64_arm_shani_2way(unsigned char *out, const unsigned char *in)
{
    sha256d64_lanes(out, in, 2);
}

void coin_sha256_lanes_arm_shani_2way(uint32_t *s, const unsigned char *const *blocks)
{
    struct lane x[2];
    const int lanes = 2;
    FOR_LANES(l, x[l].abcd = vld1q_u32(s + 8 * l));
    FOR_LANES(l, x[l].efgh = vld1q_u32(s + 8 * l + 4));
    compress(x, blocks, lanes);
    FOR_LANES(l, vst1q_u32(s + 8 * l, x[l].abcd));
    FOR_LANES(l, vst1q_u32(s + 8 * l + 4, x[l].efgh));
}
