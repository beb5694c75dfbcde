/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_SHA256D64_LANES_H
#define COINCRYPTO_SHA256D64_LANES_H

/* Internal template: SHA-256d64 (SHA-256(SHA-256(x)) of 64-byte messages) on the lanes of a
 * vector, one message per 32-bit lane, so that the rounds are the scalar ones done on every
 * lane. sha256_sse41.c (4 lanes), sha256_avx2.c (8) and sha256_avx512.c (16) include it once
 * each, so that it is compiled with that file's ISA flags only. Not a public header.
 *
 * Before including it, the file includes backends.h (the tables and the prototype of its
 * entry point) and defines, as static inline functions with its ISA's best instructions:
 *   vec, SHA256_LANES_WIDTH      the vector type, one uint32_t per lane, and its lanes
 *   vec C(uint32_t x)            x in every lane
 *   vec Add(vec x, vec y)        x + y, and Add3(x, y, z) = x + y + z, lane by lane mod 2^32
 *   vec Sigma0(vec), Sigma1(vec), sigma0(vec), sigma1(vec)    as in FIPS 180-4
 *   vec Ch(vec e, vec f, vec g)  (e & f) ^ (~e & g)
 *   vec Maj(vec a, vec b, vec c) the bitwise majority of a, b and c
 *   vec bswap32(vec x)           each 32-bit word byte-swapped
 *   void load_words(vec *v, int words, const unsigned char *const *p)
 *                                v[j] = word j, in memory order, of lane k's data p[k] (any
 *                                alignment), for j < words (8 or 16)
 *   void store_words(unsigned char *out, vec s[8])
 *                                out[32 * k + 4 * j ..] = word j of lane k of s, in memory
 *                                order; s may be clobbered
 * and, as a macro, SHA256D64_LANES_ENTRY: the name of its entry point in backends.h, e.g.
 * coin_sha256d64_sse41_4way. The template defines that function,
 *   void SHA256D64_LANES_ENTRY(unsigned char *out, const unsigned char *in);
 * which reads all of in before it writes out, so the two may overlap; and, if the file also
 * defines SHA256_LANES_ENTRY (e.g. coin_sha256_lanes_avx2_8way), that function: one block
 * compressed per lane for messages of any length (coin_sha256_many),
 *   void SHA256_LANES_ENTRY(uint32_t *s, const unsigned char *const *blocks);
 * lane k's state at s[8k..8k+7] and its block at blocks[k]. The macros below are undefined at
 * the end.
 *
 * Why the template defines the entry point rather than a static function that the entry
 * point calls: with clang 14 any function boundary here, even one inlined, made the SSE4.1
 * and AVX2 code 4 to 5% slower on Zen 5 (GCC did not care), and the one loop shape that
 * clang liked behind a boundary cost GCC's AVX2 code 3.5%.
 *
 * Constant blocks. Of the three compressions of SHA-256(SHA-256(x)) for a 64-byte x, only
 * the first depends on x alone:
 *   - the second block of the first hash is the padding {0x80000000, 0 x 14, 512}, whose
 *     whole schedule is constant: its rounds add a precomputed W[i] + K[i]
 *     (coin_sha256d64_pad64_wk);
 *   - the block of the second hash is {digest, 0x80000000, 0 x 6, 256}: words 8..15 are
 *     constant, so rounds 8..15 add precomputed constants (coin_sha256d64_tail32_wk) and
 *     the schedule words 16..31 drop the terms that are zero or constant.
 *
 * The schedule is kept in w[64] and the rounds run in loops of 8, so the compiler keeps W
 * in memory (each word is read by rounds up to 16 apart) and the working variables in
 * registers. */

#ifndef SHA256D64_LANES_ENTRY
# error "define SHA256D64_LANES_ENTRY (and the operations listed above) first"
#endif

#define SHA2_LANES_K coin_sha256_k
#include "sha2_lanes.h" /* SHA2_LANES_ROUNDS8, SHA2_LANES_WK_W, SHA2_LANES_WK_SCHED */

/* W[i] + K[i] of the padding block, and of the second hash's constant words. */
#define WK_PAD64(i) C(coin_sha256d64_pad64_wk[i])
#define WK_TAIL32(i) C(coin_sha256d64_tail32_wk[(i) - 8])

/* The working variables start from the initial hash value, and end a hash's first block
 * with it added: the chaining value, stored in s too. */
#define SET_IV()                                                               \
    (a = C(coin_sha256_iv[0]), b = C(coin_sha256_iv[1]),                       \
     c = C(coin_sha256_iv[2]), d = C(coin_sha256_iv[3]),                       \
     e = C(coin_sha256_iv[4]), f = C(coin_sha256_iv[5]),                       \
     g = C(coin_sha256_iv[6]), h = C(coin_sha256_iv[7]))
#define ADD_IV(s)                                                              \
    (s[0] = a = Add(a, C(coin_sha256_iv[0])), s[1] = b = Add(b, C(coin_sha256_iv[1])), \
     s[2] = c = Add(c, C(coin_sha256_iv[2])), s[3] = d = Add(d, C(coin_sha256_iv[3])), \
     s[4] = e = Add(e, C(coin_sha256_iv[4])), s[5] = f = Add(f, C(coin_sha256_iv[5])), \
     s[6] = g = Add(g, C(coin_sha256_iv[6])), s[7] = h = Add(h, C(coin_sha256_iv[7])))

/* Message words (big-endian) and states (host order) between memory and the lanes. */
static inline void load_blocks(vec w[16], const unsigned char *const *blocks)
{
    int j;
    load_words(w, 16, blocks);
    for (j = 0; j < 16; j++) w[j] = bswap32(w[j]);
}

static inline void load_messages(vec w[16], const unsigned char *in)
{
    const unsigned char *p[SHA256_LANES_WIDTH];
    int k;
    for (k = 0; k < SHA256_LANES_WIDTH; k++) p[k] = in + 64 * k;
    load_blocks(w, p);
}

static inline void store_digests(unsigned char *out, vec s[8])
{
    int j;
    for (j = 0; j < 8; j++) s[j] = bswap32(s[j]);
    store_words(out, s);
}

void SHA256D64_LANES_ENTRY(unsigned char *out, const unsigned char *in)
{
    vec a, b, c, d, e, f, g, h, w[64], s[8];
    int i;

    /* First hash, first block: the message. */
    load_messages(w, in);
    SET_IV();
    for (i = 0; i < 16; i += 8) SHA2_LANES_ROUNDS8(i, SHA2_LANES_WK_W);
    for (i = 16; i < 64; i += 8) SHA2_LANES_ROUNDS8(i, SHA2_LANES_WK_SCHED);
    ADD_IV(s);

    /* First hash, second block: the padding, a constant schedule. */
    for (i = 0; i < 64; i += 8) SHA2_LANES_ROUNDS8(i, WK_PAD64);

    /* Second hash: the first digest is W[0..7], and W[8..15] = {0x80000000, 0 x 6, 256}.
     * W[16..31] are computed up front, without the terms that are zero and with
     * sigma1(256) = 0xa00000, sigma0(0x80000000) = 0x11002000, sigma0(256) = 0x400022. */
    w[0] = Add(a, s[0]);
    w[1] = Add(b, s[1]);
    w[2] = Add(c, s[2]);
    w[3] = Add(d, s[3]);
    w[4] = Add(e, s[4]);
    w[5] = Add(f, s[5]);
    w[6] = Add(g, s[6]);
    w[7] = Add(h, s[7]);
    w[16] = Add(w[0], sigma0(w[1]));
    w[17] = Add3(w[1], sigma0(w[2]), C(0xa00000));
    w[18] = Add3(w[2], sigma0(w[3]), sigma1(w[16]));
    w[19] = Add3(w[3], sigma0(w[4]), sigma1(w[17]));
    w[20] = Add3(w[4], sigma0(w[5]), sigma1(w[18]));
    w[21] = Add3(w[5], sigma0(w[6]), sigma1(w[19]));
    w[22] = Add3(Add(w[6], C(256)), sigma0(w[7]), sigma1(w[20]));
    w[23] = Add3(Add(w[7], C(0x11002000)), w[16], sigma1(w[21]));
    w[24] = Add3(w[17], sigma1(w[22]), C(0x80000000));
    w[25] = Add(w[18], sigma1(w[23]));
    w[26] = Add(w[19], sigma1(w[24]));
    w[27] = Add(w[20], sigma1(w[25]));
    w[28] = Add(w[21], sigma1(w[26]));
    w[29] = Add(w[22], sigma1(w[27]));
    w[30] = Add3(w[23], sigma1(w[28]), C(0x400022));
    w[31] = Add3(Add(w[24], C(256)), sigma0(w[16]), sigma1(w[29]));
    SET_IV();
    SHA2_LANES_ROUNDS8(0, SHA2_LANES_WK_W);
    SHA2_LANES_ROUNDS8(8, WK_TAIL32);
    for (i = 16; i < 32; i += 8) SHA2_LANES_ROUNDS8(i, SHA2_LANES_WK_W);
    for (i = 32; i < 64; i += 8) SHA2_LANES_ROUNDS8(i, SHA2_LANES_WK_SCHED);
    ADD_IV(s);

    store_digests(out, s);
}

#ifdef SHA256_LANES_ENTRY
static inline void load_states(vec st[8], const uint32_t *s)
{
    const unsigned char *p[SHA256_LANES_WIDTH];
    int k;
    for (k = 0; k < SHA256_LANES_WIDTH; k++) p[k] = (const unsigned char *)(s + 8 * k);
    load_words(st, 8, p);
}

void SHA256_LANES_ENTRY(uint32_t *s, const unsigned char *const *blocks)
{
    vec a, b, c, d, e, f, g, h, w[64], st[8];
    int i;

    load_states(st, s);
    load_blocks(w, blocks);
    SHA2_LANES_COMPRESS(st, 64);
    store_words((unsigned char *)s, st);
}
#endif

#undef SHA2_LANES_K
#undef SHA2_LANES_ROUND
#undef SHA2_LANES_ROUNDS8
#undef SHA2_LANES_WK_W
#undef SHA2_LANES_WK_SCHED
#undef SHA2_LANES_COMPRESS
#undef WK_PAD64
#undef WK_TAIL32
#undef SET_IV
#undef ADD_IV

#endif
