/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_TEST_EMULATED_SHA_MODEL_H
#define COINCRYPTO_TEST_EMULATED_SHA_MODEL_H

/* A portable model of the x86 SHA extensions, written from the operation sections of
 * Intel's SDM (SHA1RNDS4, SHA1NEXTE, SHA1MSG1, SHA1MSG2, SHA256RNDS2, SHA256MSG1,
 * SHA256MSG2), for the emulated build only. A register is four 32-bit elements, w[0] being
 * bits 31:0; the SDM's names are kept. */

#include <stdint.h>
#include <string.h>

typedef struct { uint32_t w[4]; } coin_emu_x4;

static inline coin_emu_x4 coin_emu_get(simde__m128i x)
{
    coin_emu_x4 r;
    memcpy(r.w, &x, 16);
    return r;
}

static inline simde__m128i coin_emu_put(uint32_t w3, uint32_t w2, uint32_t w1, uint32_t w0)
{
    const uint32_t w[4] = {w0, w1, w2, w3};
    simde__m128i r;
    memcpy(&r, w, 16);
    return r;
}

static inline uint32_t coin_emu_rol(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }
static inline uint32_t coin_emu_ror(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

/* SHA-1: f0 (Ch) with K0 for imm8 0, f1 (parity) with K1, f2 (Maj) with K2, f3 (parity) with K3. */
static inline uint32_t coin_emu_sha1_f(int i, uint32_t b, uint32_t c, uint32_t d)
{
    switch (i) {
    case 0: return (b & c) ^ (~b & d);
    case 2: return (b & c) ^ (b & d) ^ (c & d);
    default: return b ^ c ^ d;
    }
}

static inline simde__m128i _mm_sha1rnds4_epu32(simde__m128i src1, simde__m128i src2, const int imm8)
{
    static const uint32_t k[4] = {0x5A827999, 0x6ED9EBA1, 0x8F1BBCDC, 0xCA62C1D6};
    const coin_emu_x4 s1 = coin_emu_get(src1), s2 = coin_emu_get(src2);
    const int f = imm8 & 3;
    uint32_t a = s1.w[3], b = s1.w[2], c = s1.w[1], d = s1.w[0], e = 0;
    const uint32_t w[4] = {s2.w[3], s2.w[2], s2.w[1], s2.w[0]}; /* W0E, W1, W2, W3 */
    int i;
    for (i = 0; i < 4; i++) {
        /* Round 0 adds W0E, which already holds E (SHA1NEXTE); the others add E_i. */
        const uint32_t a1 = coin_emu_sha1_f(f, b, c, d) + coin_emu_rol(a, 5) + w[i] + (i ? e : 0) + k[f];
        e = d;
        d = c;
        c = coin_emu_rol(b, 30);
        b = a;
        a = a1;
    }
    return coin_emu_put(a, b, c, d);
}

static inline simde__m128i _mm_sha1nexte_epu32(simde__m128i src1, simde__m128i src2)
{
    const coin_emu_x4 s1 = coin_emu_get(src1), s2 = coin_emu_get(src2);
    return coin_emu_put(s2.w[3] + coin_emu_rol(s1.w[3], 30), s2.w[2], s2.w[1], s2.w[0]);
}

static inline simde__m128i _mm_sha1msg1_epu32(simde__m128i src1, simde__m128i src2)
{
    const coin_emu_x4 s1 = coin_emu_get(src1), s2 = coin_emu_get(src2);
    const uint32_t w0 = s1.w[3], w1 = s1.w[2], w2 = s1.w[1], w3 = s1.w[0], w4 = s2.w[3], w5 = s2.w[2];
    return coin_emu_put(w2 ^ w0, w3 ^ w1, w4 ^ w2, w5 ^ w3);
}

static inline simde__m128i _mm_sha1msg2_epu32(simde__m128i src1, simde__m128i src2)
{
    const coin_emu_x4 s1 = coin_emu_get(src1), s2 = coin_emu_get(src2);
    const uint32_t w13 = s2.w[2], w14 = s2.w[1], w15 = s2.w[0];
    const uint32_t w16 = coin_emu_rol(s1.w[3] ^ w13, 1), w17 = coin_emu_rol(s1.w[2] ^ w14, 1);
    const uint32_t w18 = coin_emu_rol(s1.w[1] ^ w15, 1), w19 = coin_emu_rol(s1.w[0] ^ w16, 1);
    return coin_emu_put(w16, w17, w18, w19);
}

/* SHA-256: src1 holds C, D, G, H (from the top), src2 A, B, E, F, k the two rounds' W + K. */
static inline simde__m128i _mm_sha256rnds2_epu32(simde__m128i src1, simde__m128i src2, simde__m128i k)
{
    const coin_emu_x4 s1 = coin_emu_get(src1), s2 = coin_emu_get(src2), wk = coin_emu_get(k);
    uint32_t a = s2.w[3], b = s2.w[2], c = s1.w[3], d = s1.w[2];
    uint32_t e = s2.w[1], f = s2.w[0], g = s1.w[1], h = s1.w[0];
    int i;
    for (i = 0; i < 2; i++) {
        const uint32_t ch = (e & f) ^ (~e & g), maj = (a & b) ^ (a & c) ^ (b & c);
        const uint32_t sigma1 = coin_emu_ror(e, 6) ^ coin_emu_ror(e, 11) ^ coin_emu_ror(e, 25);
        const uint32_t sigma0 = coin_emu_ror(a, 2) ^ coin_emu_ror(a, 13) ^ coin_emu_ror(a, 22);
        const uint32_t t = ch + sigma1 + wk.w[i] + h;
        h = g;
        g = f;
        f = e;
        e = t + d;
        d = c;
        c = b;
        b = a;
        a = t + maj + sigma0;
    }
    return coin_emu_put(a, b, e, f);
}

static inline uint32_t coin_emu_s0(uint32_t x) { return coin_emu_ror(x, 7) ^ coin_emu_ror(x, 18) ^ (x >> 3); }
static inline uint32_t coin_emu_s1(uint32_t x) { return coin_emu_ror(x, 17) ^ coin_emu_ror(x, 19) ^ (x >> 10); }

static inline simde__m128i _mm_sha256msg1_epu32(simde__m128i src1, simde__m128i src2)
{
    const coin_emu_x4 s1 = coin_emu_get(src1), s2 = coin_emu_get(src2);
    const uint32_t w4 = s2.w[0], w3 = s1.w[3], w2 = s1.w[2], w1 = s1.w[1], w0 = s1.w[0];
    return coin_emu_put(w3 + coin_emu_s0(w4), w2 + coin_emu_s0(w3), w1 + coin_emu_s0(w2), w0 + coin_emu_s0(w1));
}

static inline simde__m128i _mm_sha256msg2_epu32(simde__m128i src1, simde__m128i src2)
{
    const coin_emu_x4 s1 = coin_emu_get(src1), s2 = coin_emu_get(src2);
    const uint32_t w14 = s2.w[2], w15 = s2.w[3];
    const uint32_t w16 = s1.w[0] + coin_emu_s1(w14), w17 = s1.w[1] + coin_emu_s1(w15);
    const uint32_t w18 = s1.w[2] + coin_emu_s1(w16), w19 = s1.w[3] + coin_emu_s1(w17);
    return coin_emu_put(w19, w18, w17, w16);
}

#endif
