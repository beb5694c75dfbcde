/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-256 with the Intel SHA extensions (SHA-NI).
 *
 * Compiled with -msse4.1 -msha only: every instruction here has a legacy SSE encoding, so
 * the code runs on CPUs that have SHA-NI but no AVX (Goldmont, Tremont). The dispatcher
 * calls it only when CPUID reports SHA, SSSE3 and SSE4.1.
 *
 * Register layout. sha256rnds2 keeps the eight working variables in two registers,
 *   abef = {f, e, b, a} and cdgh = {h, g, d, c}   (dword 0 first),
 * and performs two rounds, taking W[i] + K[i] and W[i+1] + K[i+1] from the low two dwords
 * of its implicit xmm0 operand. A message vector holds four consecutive schedule words,
 * W[i] in dword 0, and sha256msg1/sha256msg2 extend the schedule four words at a time.
 *
 * Latency and throughput. sha256rnds2 has a latency of several cycles (4 on Zen 5, which
 * issues one every 2 cycles), and the 64 rounds of a block form one dependency chain: the
 * one-message transform runs at that latency. The sha256d64 functions hash 2 or 4
 * independent messages with their instructions interleaved, so that a sha256rnds2 is ready
 * to issue whenever the unit is free. With two messages, the rounds and the schedule
 * (sha256msg2 followed by a dependent alignr and add, per four words) are about equally
 * long chains on Zen 5, which leaves no slack, and four are faster; on Zen 1 and Zen 3,
 * where four messages' vectors do not fit in the 16 registers, two are. The dispatcher
 * times both on the running CPU. */

#include <immintrin.h>
#include <string.h>

#include "backends.h"

/* The round constants and the W + K of sha256d64's constant blocks are the tables of
 * backends.h. Those and the tables below are 16-byte aligned, so that their loads are
 * aligned (and may be folded into the instruction that uses them). */

/* The initial hash value, in the abef/cdgh layout. */
static _Alignas(16) const uint32_t IV_ABEF[4] = {0x9b05688c, 0x510e527f, 0xbb67ae85, 0x6a09e667};
static _Alignas(16) const uint32_t IV_CDGH[4] = {0x5be0cd19, 0x1f83d9ab, 0xa54ff53a, 0x3c6ef372};

/* The block of the second SHA-256 in sha256d64 is the 32-byte digest followed by the
 * padding of a 32-byte message: W[8..15] = {0x80000000, 0 x 6, 256}, whose W + K are
 * coin_sha256d64_tail32_wk; the schedule needs the words themselves. */
static _Alignas(16) const uint32_t PAD32_W8[4] = {0x80000000, 0, 0, 0};
static _Alignas(16) const uint32_t PAD32_W12[4] = {0, 0, 0, 256};

/* pshufb mask that byte-swaps each dword: big-endian message words to host order. */
static _Alignas(16) const unsigned char BSWAP32[16] = {3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12};

/* The helpers below are inlined into their callers (ALWAYS_INLINE), with the lane count a
 * constant: only then do the lanes' vectors live in registers and the FOR_LANES branches
 * fold away. */

/* Runs stmt for l = 0 .. lanes - 1, where lanes (<= 4) is a variable in scope, as
 * straight-line code: a loop over the lanes would be left rolled by some compilers, which
 * then keep the lanes' vectors in memory. */
#define FOR_LANES(l, stmt)                                  \
    do {                                                    \
        { const int l = 0; stmt; }                          \
        if (lanes > 1) { const int l = 1; stmt; }           \
        if (lanes > 2) { const int l = 2; stmt; }           \
        if (lanes > 3) { const int l = 3; stmt; }           \
    } while (0)

/* One message being hashed: the working state, and the last 16 words of the message
 * schedule in a circular buffer of four vectors. */
struct lane {
    __m128i abef, cdgh;
    __m128i w[4];
};

/* Aligned load from one of the tables above. */
static ALWAYS_INLINE __m128i load_const(const void *p)
{
    return _mm_load_si128((const __m128i *)p);
}

/* Four big-endian message words from any address, in host order. */
static ALWAYS_INLINE __m128i load_be(const unsigned char *p)
{
    return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), load_const(BSWAP32));
}

/* {a, b, c, d} and {e, f, g, h} from the abef/cdgh layout. */
static ALWAYS_INLINE void unpack_state(__m128i abef, __m128i cdgh, __m128i *abcd, __m128i *efgh)
{
    __m128i feba = _mm_shuffle_epi32(abef, 0x1b); /* {a, b, e, f} */
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1); /* {g, h, c, d} */
    *abcd = _mm_blend_epi16(feba, dchg, 0xf0);
    *efgh = _mm_alignr_epi8(dchg, feba, 8);
}

/* Writes the digest of the state abef/cdgh: eight big-endian words. As unpack_state with
 * each dword shuffle and the byte swap merged into one pshufb (the blend and alignr move
 * whole dwords, so the swap may come first): one instruction less between the last round
 * and the store. */
static ALWAYS_INLINE void store_digest(unsigned char *out, __m128i abef, __m128i cdgh)
{
    static _Alignas(16) const unsigned char FEBA_BE[16] = {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
    static _Alignas(16) const unsigned char DCHG_BE[16] = {7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8};
    __m128i feba = _mm_shuffle_epi8(abef, load_const(FEBA_BE)); /* {a, b, e, f}, big-endian */
    __m128i dchg = _mm_shuffle_epi8(cdgh, load_const(DCHG_BE)); /* {g, h, c, d}, big-endian */
    _mm_storeu_si128((__m128i *)(void *)out, _mm_blend_epi16(feba, dchg, 0xf0));
    _mm_storeu_si128((__m128i *)(void *)(out + 16), _mm_alignr_epi8(dchg, feba, 8));
}

/* W[i+16..i+19] from x = sha256msg1(W[i..i+3], W[i+4..i+7]) (or any vector known to equal
 * it), w2 = W[i+8..i+11] and w3 = W[i+12..i+15]: sha256msg1 adds s0(W[i+1..i+4]) to
 * W[i..i+3], alignr supplies W[i+9..i+12], and sha256msg2 adds s1(W[i+14..i+17]). */
static ALWAYS_INLINE __m128i schedule_x(__m128i x, __m128i w2, __m128i w3)
{
    return _mm_sha256msg2_epu32(_mm_add_epi32(x, _mm_alignr_epi8(w3, w2, 4)), w3);
}

/* The same, for one lane, with W[i+12] (the only word of w3 that alignr brings) added after
 * sha256msg2, into the result and into W + K from the 16-byte-aligned k. That is exact:
 * sha256msg2 makes no other use of its first operand's last word. The chain from each four
 * words to the next is then sha256msg2 and an add, not an alignr, an add and sha256msg2. In
 * a lone block whose message was just computed (a short message hashed again and again) the
 * schedule is otherwise as long a chain as the rounds, which wait for it; with more lanes
 * the extra instructions cost more than they save. */
static ALWAYS_INLINE void schedule_1lane(__m128i *w, int j, const uint32_t *k, __m128i *wk)
{
    const __m128i w3 = w[(j + 3) & 3], w12 = _mm_slli_si128(w3, 12);
    const __m128i m = _mm_sha256msg2_epu32(
        _mm_add_epi32(_mm_sha256msg1_epu32(w[j], w[(j + 1) & 3]), _mm_srli_si128(w[(j + 2) & 3], 4)), w3);
    w[j] = _mm_add_epi32(m, w12);
    *wk = _mm_add_epi32(m, _mm_add_epi32(w12, load_const(k)));
}

/* Four rounds of one lane, wk holding W[i..i+3] + K[i..i+3]. */
static ALWAYS_INLINE void rounds4_lane(struct lane *x, __m128i wk)
{
    x->cdgh = _mm_sha256rnds2_epu32(x->cdgh, x->abef, wk);
    x->abef = _mm_sha256rnds2_epu32(x->abef, x->cdgh, _mm_shuffle_epi32(wk, 0x0e));
}

/* Four rounds of every lane, wk[l] holding lane l's W + K: one lane after the other, which
 * the out-of-order core interleaves anyway. Alternating the lanes' instructions keeps more
 * vectors live: with two lanes GCC then spills, and sha256d64 was 7% slower on Zen 1. */
static ALWAYS_INLINE void rounds4(struct lane *x, const __m128i *wk, int lanes)
{
    FOR_LANES(l, rounds4_lane(&x[l], wk[l]));
}

/* Four rounds of every lane with the same constant W + K, from the 16-byte-aligned wk: the
 * second pair is loaded on its own rather than shuffled out of the first. */
static ALWAYS_INLINE void rounds4_const(struct lane *x, const uint32_t *wk, int lanes)
{
    FOR_LANES(l, {
        x[l].cdgh = _mm_sha256rnds2_epu32(x[l].cdgh, x[l].abef, load_const(wk));
        x[l].abef = _mm_sha256rnds2_epu32(x[l].abef, x[l].cdgh, _mm_loadl_epi64((const __m128i *)(const void *)(wk + 2)));
    });
}

/* Sixteen rounds of rounds4_const, written out as quads4_15 is. */
static ALWAYS_INLINE void rounds16_const(struct lane *x, const uint32_t *wk, int lanes)
{
    rounds4_const(x, wk, lanes);
    rounds4_const(x, wk + 4, lanes);
    rounds4_const(x, wk + 8, lanes);
    rounds4_const(x, wk + 12, lanes);
}

/* The one-message transform's rounds, of its lone lane x. */

/* Rounds 4i..4i+3 for i < 4, from W[4i..4i+3] in w[i]. */
static ALWAYS_INLINE void rounds4_first(struct lane *x, int i)
{
    const __m128i wk = _mm_add_epi32(x->w[i], load_const(coin_sha256_k + 4 * i));
    rounds4(x, &wk, 1);
}

/* Rounds 4i..4i+3 for i < 4: loads W[4i..4i+3] of the block into w[i]. */
static ALWAYS_INLINE void rounds4_load(struct lane *x, const unsigned char *block, int i)
{
    x->w[i] = load_be(block + 16 * i);
    rounds4_first(x, i);
}

/* Rounds 4i..4i+3 for i >= 4, with j = i % 4 and k = coin_sha256_k + 4i: first extends
 * the schedule by W[4i..4i+3], which replace W[4i-16..4i-13] in w[j]. */
static ALWAYS_INLINE void rounds4_sched(struct lane *x, int j, const uint32_t *k)
{
    __m128i wk;
    schedule_1lane(x->w, j, k, &wk);
    rounds4(x, &wk, 1);
}

/* Rounds 16 to 63, from the first 16 schedule words in w. */
static ALWAYS_INLINE void rounds16_63(struct lane *x)
{
    int i;
    for (i = 16; i < 64; i += 16) {
        rounds4_sched(x, 0, coin_sha256_k + i);
        rounds4_sched(x, 1, coin_sha256_k + i + 4);
        rounds4_sched(x, 2, coin_sha256_k + i + 8);
        rounds4_sched(x, 3, coin_sha256_k + i + 12);
    }
}

/* Compresses one 64-byte block. */
static ALWAYS_INLINE void compress(struct lane *x, const unsigned char *block)
{
    const __m128i abef = x->abef, cdgh = x->cdgh;
    rounds4_load(x, block, 0);
    rounds4_load(x, block, 1);
    rounds4_load(x, block, 2);
    rounds4_load(x, block, 3);
    rounds16_63(x);
    x->abef = _mm_add_epi32(x->abef, abef);
    x->cdgh = _mm_add_epi32(x->cdgh, cdgh);
}

/* The abef/cdgh layout of the state s = {a, b, ..., h}. */
static ALWAYS_INLINE void pack_state(struct lane *x, const uint32_t *s)
{
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(const void *)s), 0xb1);       /* {b, a, d, c} */
    __m128i efgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(const void *)(s + 4)), 0x1b); /* {h, g, f, e} */
    x->abef = _mm_alignr_epi8(abcd, efgh, 8);
    x->cdgh = _mm_blend_epi16(efgh, abcd, 0xf0);
}

/* The inverse of pack_state. */
static ALWAYS_INLINE void store_state(uint32_t *s, __m128i abef, __m128i cdgh)
{
    __m128i abcd, efgh;
    unpack_state(abef, cdgh, &abcd, &efgh);
    _mm_storeu_si128((__m128i *)(void *)s, abcd);
    _mm_storeu_si128((__m128i *)(void *)(s + 4), efgh);
}

void coin_sha256_transform_x86_shani(uint32_t *s, const unsigned char *blocks, size_t n)
{
    struct lane x[1];

    if (n == 0) return;
    pack_state(x, s);
    do {
        compress(x, blocks);
        blocks += 64;
    } while (--n);
    store_state(s, x[0].abef, x[0].cdgh);
}

/* Message words 4i..4i+3 of the final block of a message whose last bytes tail[0..fill)
 * number under 56: tail's bytes below fill, 0x80 at fill, zeros after it. No byte outside
 * tail[0..fill) is read: a 16-byte piece that ends past fill is loaded as the 16 bytes that
 * end at fill, shifted into place, or, for a tail under 16 bytes, copied. */
static ALWAYS_INLINE __m128i final_words(const unsigned char *tail, int fill, int i)
{
    const __m128i iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m128i f = _mm_set1_epi8((char)fill);
    const __m128i pos = _mm_add_epi8(iota, _mm_set1_epi8((char)(16 * i))); /* each byte's offset */
    __m128i in = _mm_setzero_si128();
    if (16 * i + 16 <= fill) return load_be(tail + 16 * i);
    if (fill >= 16 && 16 * i < fill) {
        /* Byte j of the piece is byte j + shift of the 16 that end at fill; pshufb zeroes the
         * bytes whose index has its top bit set, those from fill on. */
        const __m128i idx = _mm_add_epi8(iota, _mm_set1_epi8((char)(16 * i + 16 - fill)));
        in = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(tail + fill - 16)),
                              _mm_or_si128(idx, _mm_cmpgt_epi8(idx, _mm_set1_epi8(15))));
    } else if (i == 0 && fill > 0) { /* fill < 16 */
        unsigned char piece[16] = {0};
        memcpy(piece, tail, (size_t)fill);
        in = _mm_loadu_si128((const __m128i *)(const void *)piece);
    }
    in = _mm_or_si128(in, _mm_and_si128(_mm_cmpeq_epi8(pos, f), _mm_set1_epi8((char)0x80)));
    return _mm_shuffle_epi8(in, load_const(BSWAP32));
}

/* Ch(e, f, g) = (e & f) ^ (~e & g), bitwise. */
static ALWAYS_INLINE __m128i ch(__m128i e, __m128i f, __m128i g)
{
    return _mm_xor_si128(_mm_and_si128(_mm_xor_si128(f, g), e), g);
}

/* Rounds 0 to 3 of a lone block, from W[0..3] in w[0]: K[0] and K[1] go into the state
 * rather than into the message words, so that the first sha256rnds2 takes W[0] and W[1] as
 * loaded. When a short message was just stored (a digest hashed again), that is one add,
 * two cycles on Zen 5, less between the message and its digest: the state is known early.
 * Round 0 uses h only in a sum, where K[0] may go. Round 1 uses g, as its h, only in that
 * sum too, but round 0 uses g in Ch(e, f, g): g + K[1] is exact once h also takes away the
 * difference that it makes there. Both words leave the state after round 1. */
static ALWAYS_INLINE void rounds0_3_folded(struct lane *x)
{
    const __m128i abef = x->abef, cdgh = x->cdgh, w = x->w[0];
    const __m128i hg = _mm_add_epi32(cdgh, _mm_loadl_epi64((const __m128i *)(const void *)coin_sha256_k));
    const __m128i f = _mm_shuffle_epi32(abef, 0x90); /* f to dword 1, where e and g are */
    /* What g + K[1] changes in Ch, in dword 1; dword 0 is shifted out below, and dwords 2
     * and 3, where hg and cdgh agree, are zero. */
    const __m128i diff = _mm_sub_epi32(ch(abef, f, hg), ch(abef, f, cdgh));
    const __m128i wk = _mm_add_epi32(w, load_const(coin_sha256_k));
    x->cdgh = _mm_sha256rnds2_epu32(_mm_sub_epi32(hg, _mm_srli_si128(diff, 4)), abef, w); /* h - diff */
    x->abef = _mm_sha256rnds2_epu32(abef, x->cdgh, _mm_shuffle_epi32(wk, 0x0e));
}

/* The final block, the message's last bytes and the padding, is assembled in registers, and
 * the digest leaves in two 16-byte stores. A short message thus costs one compression and no
 * byte-wise stores, which would stall the loads that follow them (store forwarding). */
void coin_sha256_final_x86_shani(const uint32_t *s, const unsigned char *tail, uint64_t bytes, unsigned char *out)
{
    const int fill = (int)(bytes & 63);
    struct lane x[1];
    __m128i abef, cdgh;

    x[0].w[0] = final_words(tail, fill, 0);
    x[0].w[1] = final_words(tail, fill, 1);
    x[0].w[2] = final_words(tail, fill, 2);
    /* W[14], W[15]: the message length in bits. */
    x[0].w[3] = _mm_or_si128(final_words(tail, fill, 3),
                             _mm_set_epi32((int)(uint32_t)(bytes << 3), (int)(uint32_t)(bytes >> 29), 0, 0));
    pack_state(x, s);
    abef = x[0].abef;
    cdgh = x[0].cdgh;
    rounds0_3_folded(x);
    rounds4_first(x, 1);
    rounds4_first(x, 2);
    rounds4_first(x, 3);
    rounds16_63(x);
    store_digest(out, _mm_add_epi32(x[0].abef, abef), _mm_add_epi32(x[0].cdgh, cdgh));
}

/* Rounds 4q..4q+3 of every lane from W[4q..4q+3] in w[q % 4], then the schedule one step
 * ahead, as sha256msg1 and sha256msg2 leave most room for the rounds: W[4q+4..4q+7] into
 * w[(q + 1) % 4] (whose sha256msg1 term was formed two steps ago) for 3 <= q < 15, and the
 * sha256msg1 term of W[4q+12..4q+15] into w[(q + 3) % 4] for 1 <= q < 13. */
static ALWAYS_INLINE void quad_ahead(struct lane *x, int q, const uint32_t *k, int lanes)
{
    FOR_LANES(l, rounds4_lane(&x[l], _mm_add_epi32(x[l].w[q & 3], load_const(k + 4 * q))));
    if (q >= 3 && q < 15) {
        FOR_LANES(l, x[l].w[(q + 1) & 3] = schedule_x(x[l].w[(q + 1) & 3], x[l].w[(q + 3) & 3], x[l].w[q & 3]));
    }
    if (q >= 1 && q < 13) FOR_LANES(l, x[l].w[(q + 3) & 3] = _mm_sha256msg1_epu32(x[l].w[(q + 3) & 3], x[l].w[q & 3]));
}

/* quad_ahead for q = 4 .. 15, written out: a loop would index the lanes' vectors by a
 * variable, which keeps them in memory. */
static ALWAYS_INLINE void quads4_15(struct lane *x, const uint32_t *k, int lanes)
{
    quad_ahead(x, 4, k, lanes);
    quad_ahead(x, 5, k, lanes);
    quad_ahead(x, 6, k, lanes);
    quad_ahead(x, 7, k, lanes);
    quad_ahead(x, 8, k, lanes);
    quad_ahead(x, 9, k, lanes);
    quad_ahead(x, 10, k, lanes);
    quad_ahead(x, 11, k, lanes);
    quad_ahead(x, 12, k, lanes);
    quad_ahead(x, 13, k, lanes);
    quad_ahead(x, 14, k, lanes);
    quad_ahead(x, 15, k, lanes);
}

/* The 64 rounds of every lane on its block p[l] (any alignment), without the feed-forward. */
static ALWAYS_INLINE void block_rounds(struct lane *x, const unsigned char *const *p, int lanes)
{
    const uint32_t *k = coin_sha256_k;
    FOR_LANES(l, x[l].w[0] = load_be(p[l]));
    quad_ahead(x, 0, k, lanes);
    FOR_LANES(l, x[l].w[1] = load_be(p[l] + 16));
    quad_ahead(x, 1, k, lanes);
    FOR_LANES(l, x[l].w[2] = load_be(p[l] + 32));
    quad_ahead(x, 2, k, lanes);
    FOR_LANES(l, x[l].w[3] = load_be(p[l] + 48));
    quad_ahead(x, 3, k, lanes);
    quads4_15(x, k, lanes);
}

/* sha256d64 of `lanes` consecutive 64-byte messages at in, with their rounds interleaved.
 * Of the three blocks compressed per message only the first comes from memory; the second
 * is constant and the third is constant but for the 32-byte intermediate digest. */
static ALWAYS_INLINE void sha256d64_lanes(unsigned char *out, const unsigned char *in, int lanes)
{
    struct lane x[4];
    __m128i abef[4], cdgh[4], wk[4];
    const uint32_t *k = coin_sha256_k;
    const unsigned char *const p[4] = {in, in + 64, in + 128, in + 192};

    /* First SHA-256, block 1: the message. */
    FOR_LANES(l, x[l].abef = load_const(IV_ABEF));
    FOR_LANES(l, x[l].cdgh = load_const(IV_CDGH));
    block_rounds(x, p, lanes);
    FOR_LANES(l, x[l].abef = _mm_add_epi32(x[l].abef, load_const(IV_ABEF)));
    FOR_LANES(l, x[l].cdgh = _mm_add_epi32(x[l].cdgh, load_const(IV_CDGH)));

    /* First SHA-256, block 2: the padding, whose W + K are all precomputed. */
    FOR_LANES(l, abef[l] = x[l].abef);
    FOR_LANES(l, cdgh[l] = x[l].cdgh);
    rounds16_const(x, coin_sha256d64_pad64_wk, lanes);
    rounds16_const(x, coin_sha256d64_pad64_wk + 16, lanes);
    rounds16_const(x, coin_sha256d64_pad64_wk + 32, lanes);
    rounds16_const(x, coin_sha256d64_pad64_wk + 48, lanes);
    FOR_LANES(l, x[l].abef = _mm_add_epi32(x[l].abef, abef[l]));
    FOR_LANES(l, x[l].cdgh = _mm_add_epi32(x[l].cdgh, cdgh[l]));

    /* Second SHA-256 of the 32-byte digest: W[0..7] is the digest, already in host
     * order, and W[8..15] the padding, whose W + K are precomputed. The constant words
     * shorten the schedule: W[9..12] = 0, so W[16..19] needs no alignr term, and
     * sha256msg1(W[8..11], W[12..15]) = W[8..11] (s0(0) = 0). */
    FOR_LANES(l, unpack_state(x[l].abef, x[l].cdgh, &x[l].w[0], &x[l].w[1]));
    /* The round constants are loaded again, not kept from the first block in spilled
     * registers, which GCC would otherwise do. */
    __asm__("" : "+r"(k));
    FOR_LANES(l, x[l].abef = load_const(IV_ABEF));
    FOR_LANES(l, x[l].cdgh = load_const(IV_CDGH));
    FOR_LANES(l, x[l].w[2] = load_const(PAD32_W8));
    FOR_LANES(l, x[l].w[3] = load_const(PAD32_W12));
    FOR_LANES(l, wk[l] = _mm_add_epi32(x[l].w[0], load_const(k)));
    rounds4(x, wk, lanes);
    FOR_LANES(l, wk[l] = _mm_add_epi32(x[l].w[1], load_const(k + 4)));
    rounds4(x, wk, lanes);
    FOR_LANES(l, x[l].w[0] = _mm_sha256msg1_epu32(x[l].w[0], x[l].w[1]));
    rounds4_const(x, coin_sha256d64_tail32_wk, lanes);
    FOR_LANES(l, x[l].w[1] = _mm_sha256msg1_epu32(x[l].w[1], x[l].w[2]));
    rounds4_const(x, coin_sha256d64_tail32_wk + 4, lanes);
    FOR_LANES(l, x[l].w[0] = _mm_sha256msg2_epu32(x[l].w[0], x[l].w[3]));
    quads4_15(x, k, lanes);

    /* All of in has been read by now, so out may overlap it. */
    FOR_LANES(l, store_digest(out + 32 * l, _mm_add_epi32(x[l].abef, load_const(IV_ABEF)),
                              _mm_add_epi32(x[l].cdgh, load_const(IV_CDGH))));
}

void coin_sha256d64_x86_shani_2way(unsigned char *out, const unsigned char *in)
{
    sha256d64_lanes(out, in, 2);
}

void coin_sha256d64_x86_shani_4way(unsigned char *out, const unsigned char *in)
{
    sha256d64_lanes(out, in, 4);
}

/* One block of each of `lanes` messages of any length (coin_sha256_many): lane l's state at
 * s + 8l, its block at blocks[l]. */
static ALWAYS_INLINE void compress_lanes(uint32_t *s, const unsigned char *const *blocks, int lanes)
{
    struct lane x[4];
    __m128i abef[4], cdgh[4];

    FOR_LANES(l, pack_state(&x[l], s + 8 * l));
    FOR_LANES(l, abef[l] = x[l].abef);
    FOR_LANES(l, cdgh[l] = x[l].cdgh);
    block_rounds(x, blocks, lanes);
    FOR_LANES(l, store_state(s + 8 * l, _mm_add_epi32(x[l].abef, abef[l]), _mm_add_epi32(x[l].cdgh, cdgh[l])));
}

void coin_sha256_lanes_x86_shani_2way(uint32_t *s, const unsigned char *const *blocks)
{
    compress_lanes(s, blocks, 2);
}

void coin_sha256_lanes_x86_shani_4way(uint32_t *s, const unsigned char *const *blocks)
{
    compress_lanes(s, blocks, 4);
}
