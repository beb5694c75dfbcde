/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <string.h>

#include "common.h"
#include "dispatch.h"
#include "ripemd160.h"
#include "sha256.h"

static const uint32_t IV[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};

#define F1(x, y, z) ((x) ^ (y) ^ (z))
#define F2(x, y, z) (((x) & (y)) | (~(x) & (z)))
#define F3(x, y, z) (((x) | ~(y)) ^ (z))
#define F4(x, y, z) (((x) & (z)) | ((y) & ~(z)))
#define F5(x, y, z) ((x) ^ ((y) | ~(z)))

/* Constants of the left line (KL) and the right line (KR), one per round of 16 steps. */
#define KL0 0x00000000u
#define KL1 0x5a827999u
#define KL2 0x6ed9eba1u
#define KL3 0x8f1bbcdcu
#define KL4 0xa953fd4eu
#define KR0 0x50a28be6u
#define KR1 0x5c4dd124u
#define KR2 0x6d703ef3u
#define KR3 0x7a6d76e9u
#define KR4 0x00000000u

#ifdef COIN_SMALL
/* --enable-small: one step of each line at a time, from the specification's tables: the
 * message word (RL, RR) and the rotation (SL, SR) of each step of the left and right lines. */
static const unsigned char RL[80] = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8,
    3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12,
    1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2,
    4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13,
};
static const unsigned char RR[80] = {
    5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12,
    6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2,
    15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13,
    8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14,
    12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
};
static const unsigned char SL[80] = {
    11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8,
    7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12,
    11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5,
    11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12,
    9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
};
static const unsigned char SR[80] = {
    8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6,
    9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11,
    9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5,
    15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8,
    8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
};
static const uint32_t KL[5] = {KL0, KL1, KL2, KL3, KL4};
static const uint32_t KR[5] = {KR0, KR1, KR2, KR3, KR4};

/* F1 .. F5 for r = 0 .. 4. */
static uint32_t f_of(unsigned r, uint32_t x, uint32_t y, uint32_t z)
{
    switch (r) {
    case 0: return F1(x, y, z);
    case 1: return F2(x, y, z);
    case 2: return F3(x, y, z);
    case 3: return F4(x, y, z);
    default: return F5(x, y, z);
    }
}

static void transform_generic(uint32_t *s, const unsigned char *blocks, size_t n)
{
    while (n--) {
        uint32_t a1 = s[0], b1 = s[1], c1 = s[2], d1 = s[3], e1 = s[4];
        uint32_t a2 = a1, b2 = b1, c2 = c1, d2 = d1, e2 = e1, t;
        uint32_t w[16];
        unsigned i, r;

        for (i = 0; i < 16; i++) w[i] = coin_read_le32(blocks + 4 * i);

        /* Round r (of 16 steps) uses F(r + 1) on the left line and F(5 - r) on the right. */
        for (i = 0; i < 80; i++) {
            r = i >> 4;
            t = rotl32(a1 + f_of(r, b1, c1, d1) + w[RL[i]] + KL[r], SL[i]) + e1;
            a1 = e1; e1 = d1; d1 = rotl32(c1, 10); c1 = b1; b1 = t;
            t = rotl32(a2 + f_of(4 - r, b2, c2, d2) + w[RR[i]] + KR[r], SR[i]) + e2;
            a2 = e2; e2 = d2; d2 = rotl32(c2, 10); c2 = b2; b2 = t;
        }

        t = s[1] + c1 + d2;
        s[1] = s[2] + d1 + e2;
        s[2] = s[3] + e1 + a2;
        s[3] = s[4] + a1 + b2;
        s[4] = s[0] + b1 + c2;
        s[0] = t;
        blocks += 64;
    }
}
#else
/* One step; the callers rotate the roles of a..e instead of moving values. */
#define ROUND(a, b, c, d, e, f, k, x, r)              \
    do {                                              \
        a = rotl32(a + f(b, c, d) + (x) + (k), r) + e; \
        c = rotl32(c, 10);                            \
    } while (0)

static void transform_generic(uint32_t *s, const unsigned char *blocks, size_t n)
{
    while (n--) {
        uint32_t a1 = s[0], b1 = s[1], c1 = s[2], d1 = s[3], e1 = s[4];
        uint32_t a2 = a1, b2 = b1, c2 = c1, d2 = d1, e2 = e1, t;
        uint32_t w[16];
        int i;

        for (i = 0; i < 16; i++) w[i] = coin_read_le32(blocks + 4 * i);

        /* Steps 0..79 of both lines, from the message-word order and rotation tables of the
         * RIPEMD-160 specification. */
        ROUND(a1, b1, c1, d1, e1, F1, KL0, w[0], 11);
        ROUND(a2, b2, c2, d2, e2, F5, KR0, w[5], 8);
        ROUND(e1, a1, b1, c1, d1, F1, KL0, w[1], 14);
        ROUND(e2, a2, b2, c2, d2, F5, KR0, w[14], 9);
        ROUND(d1, e1, a1, b1, c1, F1, KL0, w[2], 15);
        ROUND(d2, e2, a2, b2, c2, F5, KR0, w[7], 9);
        ROUND(c1, d1, e1, a1, b1, F1, KL0, w[3], 12);
        ROUND(c2, d2, e2, a2, b2, F5, KR0, w[0], 11);
        ROUND(b1, c1, d1, e1, a1, F1, KL0, w[4], 5);
        ROUND(b2, c2, d2, e2, a2, F5, KR0, w[9], 13);
        ROUND(a1, b1, c1, d1, e1, F1, KL0, w[5], 8);
        ROUND(a2, b2, c2, d2, e2, F5, KR0, w[2], 15);
        ROUND(e1, a1, b1, c1, d1, F1, KL0, w[6], 7);
        ROUND(e2, a2, b2, c2, d2, F5, KR0, w[11], 15);
        ROUND(d1, e1, a1, b1, c1, F1, KL0, w[7], 9);
        ROUND(d2, e2, a2, b2, c2, F5, KR0, w[4], 5);
        ROUND(c1, d1, e1, a1, b1, F1, KL0, w[8], 11);
        ROUND(c2, d2, e2, a2, b2, F5, KR0, w[13], 7);
        ROUND(b1, c1, d1, e1, a1, F1, KL0, w[9], 13);
        ROUND(b2, c2, d2, e2, a2, F5, KR0, w[6], 7);
        ROUND(a1, b1, c1, d1, e1, F1, KL0, w[10], 14);
        ROUND(a2, b2, c2, d2, e2, F5, KR0, w[15], 8);
        ROUND(e1, a1, b1, c1, d1, F1, KL0, w[11], 15);
        ROUND(e2, a2, b2, c2, d2, F5, KR0, w[8], 11);
        ROUND(d1, e1, a1, b1, c1, F1, KL0, w[12], 6);
        ROUND(d2, e2, a2, b2, c2, F5, KR0, w[1], 14);
        ROUND(c1, d1, e1, a1, b1, F1, KL0, w[13], 7);
        ROUND(c2, d2, e2, a2, b2, F5, KR0, w[10], 14);
        ROUND(b1, c1, d1, e1, a1, F1, KL0, w[14], 9);
        ROUND(b2, c2, d2, e2, a2, F5, KR0, w[3], 12);
        ROUND(a1, b1, c1, d1, e1, F1, KL0, w[15], 8);
        ROUND(a2, b2, c2, d2, e2, F5, KR0, w[12], 6);
        ROUND(e1, a1, b1, c1, d1, F2, KL1, w[7], 7);
        ROUND(e2, a2, b2, c2, d2, F4, KR1, w[6], 9);
        ROUND(d1, e1, a1, b1, c1, F2, KL1, w[4], 6);
        ROUND(d2, e2, a2, b2, c2, F4, KR1, w[11], 13);
        ROUND(c1, d1, e1, a1, b1, F2, KL1, w[13], 8);
        ROUND(c2, d2, e2, a2, b2, F4, KR1, w[3], 15);
        ROUND(b1, c1, d1, e1, a1, F2, KL1, w[1], 13);
        ROUND(b2, c2, d2, e2, a2, F4, KR1, w[7], 7);
        ROUND(a1, b1, c1, d1, e1, F2, KL1, w[10], 11);
        ROUND(a2, b2, c2, d2, e2, F4, KR1, w[0], 12);
        ROUND(e1, a1, b1, c1, d1, F2, KL1, w[6], 9);
        ROUND(e2, a2, b2, c2, d2, F4, KR1, w[13], 8);
        ROUND(d1, e1, a1, b1, c1, F2, KL1, w[15], 7);
        ROUND(d2, e2, a2, b2, c2, F4, KR1, w[5], 9);
        ROUND(c1, d1, e1, a1, b1, F2, KL1, w[3], 15);
        ROUND(c2, d2, e2, a2, b2, F4, KR1, w[10], 11);
        ROUND(b1, c1, d1, e1, a1, F2, KL1, w[12], 7);
        ROUND(b2, c2, d2, e2, a2, F4, KR1, w[14], 7);
        ROUND(a1, b1, c1, d1, e1, F2, KL1, w[0], 12);
        ROUND(a2, b2, c2, d2, e2, F4, KR1, w[15], 7);
        ROUND(e1, a1, b1, c1, d1, F2, KL1, w[9], 15);
        ROUND(e2, a2, b2, c2, d2, F4, KR1, w[8], 12);
        ROUND(d1, e1, a1, b1, c1, F2, KL1, w[5], 9);
        ROUND(d2, e2, a2, b2, c2, F4, KR1, w[12], 7);
        ROUND(c1, d1, e1, a1, b1, F2, KL1, w[2], 11);
        ROUND(c2, d2, e2, a2, b2, F4, KR1, w[4], 6);
        ROUND(b1, c1, d1, e1, a1, F2, KL1, w[14], 7);
        ROUND(b2, c2, d2, e2, a2, F4, KR1, w[9], 15);
        ROUND(a1, b1, c1, d1, e1, F2, KL1, w[11], 13);
        ROUND(a2, b2, c2, d2, e2, F4, KR1, w[1], 13);
        ROUND(e1, a1, b1, c1, d1, F2, KL1, w[8], 12);
        ROUND(e2, a2, b2, c2, d2, F4, KR1, w[2], 11);
        ROUND(d1, e1, a1, b1, c1, F3, KL2, w[3], 11);
        ROUND(d2, e2, a2, b2, c2, F3, KR2, w[15], 9);
        ROUND(c1, d1, e1, a1, b1, F3, KL2, w[10], 13);
        ROUND(c2, d2, e2, a2, b2, F3, KR2, w[5], 7);
        ROUND(b1, c1, d1, e1, a1, F3, KL2, w[14], 6);
        ROUND(b2, c2, d2, e2, a2, F3, KR2, w[1], 15);
        ROUND(a1, b1, c1, d1, e1, F3, KL2, w[4], 7);
        ROUND(a2, b2, c2, d2, e2, F3, KR2, w[3], 11);
        ROUND(e1, a1, b1, c1, d1, F3, KL2, w[9], 14);
        ROUND(e2, a2, b2, c2, d2, F3, KR2, w[7], 8);
        ROUND(d1, e1, a1, b1, c1, F3, KL2, w[15], 9);
        ROUND(d2, e2, a2, b2, c2, F3, KR2, w[14], 6);
        ROUND(c1, d1, e1, a1, b1, F3, KL2, w[8], 13);
        ROUND(c2, d2, e2, a2, b2, F3, KR2, w[6], 6);
        ROUND(b1, c1, d1, e1, a1, F3, KL2, w[1], 15);
        ROUND(b2, c2, d2, e2, a2, F3, KR2, w[9], 14);
        ROUND(a1, b1, c1, d1, e1, F3, KL2, w[2], 14);
        ROUND(a2, b2, c2, d2, e2, F3, KR2, w[11], 12);
        ROUND(e1, a1, b1, c1, d1, F3, KL2, w[7], 8);
        ROUND(e2, a2, b2, c2, d2, F3, KR2, w[8], 13);
        ROUND(d1, e1, a1, b1, c1, F3, KL2, w[0], 13);
        ROUND(d2, e2, a2, b2, c2, F3, KR2, w[12], 5);
        ROUND(c1, d1, e1, a1, b1, F3, KL2, w[6], 6);
        ROUND(c2, d2, e2, a2, b2, F3, KR2, w[2], 14);
        ROUND(b1, c1, d1, e1, a1, F3, KL2, w[13], 5);
        ROUND(b2, c2, d2, e2, a2, F3, KR2, w[10], 13);
        ROUND(a1, b1, c1, d1, e1, F3, KL2, w[11], 12);
        ROUND(a2, b2, c2, d2, e2, F3, KR2, w[0], 13);
        ROUND(e1, a1, b1, c1, d1, F3, KL2, w[5], 7);
        ROUND(e2, a2, b2, c2, d2, F3, KR2, w[4], 7);
        ROUND(d1, e1, a1, b1, c1, F3, KL2, w[12], 5);
        ROUND(d2, e2, a2, b2, c2, F3, KR2, w[13], 5);
        ROUND(c1, d1, e1, a1, b1, F4, KL3, w[1], 11);
        ROUND(c2, d2, e2, a2, b2, F2, KR3, w[8], 15);
        ROUND(b1, c1, d1, e1, a1, F4, KL3, w[9], 12);
        ROUND(b2, c2, d2, e2, a2, F2, KR3, w[6], 5);
        ROUND(a1, b1, c1, d1, e1, F4, KL3, w[11], 14);
        ROUND(a2, b2, c2, d2, e2, F2, KR3, w[4], 8);
        ROUND(e1, a1, b1, c1, d1, F4, KL3, w[10], 15);
        ROUND(e2, a2, b2, c2, d2, F2, KR3, w[1], 11);
        ROUND(d1, e1, a1, b1, c1, F4, KL3, w[0], 14);
        ROUND(d2, e2, a2, b2, c2, F2, KR3, w[3], 14);
        ROUND(c1, d1, e1, a1, b1, F4, KL3, w[8], 15);
        ROUND(c2, d2, e2, a2, b2, F2, KR3, w[11], 14);
        ROUND(b1, c1, d1, e1, a1, F4, KL3, w[12], 9);
        ROUND(b2, c2, d2, e2, a2, F2, KR3, w[15], 6);
        ROUND(a1, b1, c1, d1, e1, F4, KL3, w[4], 8);
        ROUND(a2, b2, c2, d2, e2, F2, KR3, w[0], 14);
        ROUND(e1, a1, b1, c1, d1, F4, KL3, w[13], 9);
        ROUND(e2, a2, b2, c2, d2, F2, KR3, w[5], 6);
        ROUND(d1, e1, a1, b1, c1, F4, KL3, w[3], 14);
        ROUND(d2, e2, a2, b2, c2, F2, KR3, w[12], 9);
        ROUND(c1, d1, e1, a1, b1, F4, KL3, w[7], 5);
        ROUND(c2, d2, e2, a2, b2, F2, KR3, w[2], 12);
        ROUND(b1, c1, d1, e1, a1, F4, KL3, w[15], 6);
        ROUND(b2, c2, d2, e2, a2, F2, KR3, w[13], 9);
        ROUND(a1, b1, c1, d1, e1, F4, KL3, w[14], 8);
        ROUND(a2, b2, c2, d2, e2, F2, KR3, w[9], 12);
        ROUND(e1, a1, b1, c1, d1, F4, KL3, w[5], 6);
        ROUND(e2, a2, b2, c2, d2, F2, KR3, w[7], 5);
        ROUND(d1, e1, a1, b1, c1, F4, KL3, w[6], 5);
        ROUND(d2, e2, a2, b2, c2, F2, KR3, w[10], 15);
        ROUND(c1, d1, e1, a1, b1, F4, KL3, w[2], 12);
        ROUND(c2, d2, e2, a2, b2, F2, KR3, w[14], 8);
        ROUND(b1, c1, d1, e1, a1, F5, KL4, w[4], 9);
        ROUND(b2, c2, d2, e2, a2, F1, KR4, w[12], 8);
        ROUND(a1, b1, c1, d1, e1, F5, KL4, w[0], 15);
        ROUND(a2, b2, c2, d2, e2, F1, KR4, w[15], 5);
        ROUND(e1, a1, b1, c1, d1, F5, KL4, w[5], 5);
        ROUND(e2, a2, b2, c2, d2, F1, KR4, w[10], 12);
        ROUND(d1, e1, a1, b1, c1, F5, KL4, w[9], 11);
        ROUND(d2, e2, a2, b2, c2, F1, KR4, w[4], 9);
        ROUND(c1, d1, e1, a1, b1, F5, KL4, w[7], 6);
        ROUND(c2, d2, e2, a2, b2, F1, KR4, w[1], 12);
        ROUND(b1, c1, d1, e1, a1, F5, KL4, w[12], 8);
        ROUND(b2, c2, d2, e2, a2, F1, KR4, w[5], 5);
        ROUND(a1, b1, c1, d1, e1, F5, KL4, w[2], 13);
        ROUND(a2, b2, c2, d2, e2, F1, KR4, w[8], 14);
        ROUND(e1, a1, b1, c1, d1, F5, KL4, w[10], 12);
        ROUND(e2, a2, b2, c2, d2, F1, KR4, w[7], 6);
        ROUND(d1, e1, a1, b1, c1, F5, KL4, w[14], 5);
        ROUND(d2, e2, a2, b2, c2, F1, KR4, w[6], 8);
        ROUND(c1, d1, e1, a1, b1, F5, KL4, w[1], 12);
        ROUND(c2, d2, e2, a2, b2, F1, KR4, w[2], 13);
        ROUND(b1, c1, d1, e1, a1, F5, KL4, w[3], 13);
        ROUND(b2, c2, d2, e2, a2, F1, KR4, w[13], 6);
        ROUND(a1, b1, c1, d1, e1, F5, KL4, w[8], 14);
        ROUND(a2, b2, c2, d2, e2, F1, KR4, w[14], 5);
        ROUND(e1, a1, b1, c1, d1, F5, KL4, w[11], 11);
        ROUND(e2, a2, b2, c2, d2, F1, KR4, w[0], 15);
        ROUND(d1, e1, a1, b1, c1, F5, KL4, w[6], 8);
        ROUND(d2, e2, a2, b2, c2, F1, KR4, w[3], 13);
        ROUND(c1, d1, e1, a1, b1, F5, KL4, w[15], 5);
        ROUND(c2, d2, e2, a2, b2, F1, KR4, w[9], 11);
        ROUND(b1, c1, d1, e1, a1, F5, KL4, w[13], 6);
        ROUND(b2, c2, d2, e2, a2, F1, KR4, w[11], 11);

        t = s[1] + c1 + d2;
        s[1] = s[2] + d1 + e2;
        s[2] = s[3] + e1 + a2;
        s[3] = s[4] + a1 + b2;
        s[4] = s[0] + b1 + c2;
        s[0] = t;
        blocks += 64;
    }
}
#endif

static const struct coin_backend backends[] = {
    {"generic", 0, 1, (coin_fn)transform_generic},
};

static int selftest(const struct coin_backend *b);
static struct coin_dispatch dispatch = COIN_DISPATCH_INIT("ripemd160", backends, selftest);

static md32_transform_fn transform(void)
{
    return (md32_transform_fn)coin_dispatch(&dispatch)->fn;
}

void coin_ripemd160_init(coin_ripemd160_ctx *ctx)
{
    memcpy(ctx->s, IV, sizeof(IV));
    ctx->bytes = 0;
}

void coin_ripemd160_write(coin_ripemd160_ctx *ctx, const unsigned char *data, size_t len)
{
    if (len == 0) return;
    md32_write(ctx->s, ctx->buf, &ctx->bytes, data, len, transform());
}

void coin_ripemd160_finalize(coin_ripemd160_ctx *ctx, unsigned char out[20])
{
    md32_finalize(ctx->s, ctx->buf, ctx->bytes, 0, transform(), out, 5);
}

void coin_ripemd160(unsigned char out[20], const unsigned char *data, size_t len)
{
    coin_ripemd160_ctx ctx;
    coin_ripemd160_init(&ctx);
    coin_ripemd160_write(&ctx, data, len);
    coin_ripemd160_finalize(&ctx, out);
}

void coin_hash160(unsigned char out[20], const unsigned char *data, size_t len)
{
    unsigned char h[32];
    coin_sha256(h, data, len);
    coin_ripemd160(out, h, 32);
}

const char *coin_ripemd160_implementation(void)
{
    return coin_dispatch(&dispatch)->name;
}

const char *coin_ripemd160_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&dispatch, i, needs);
}

/* Known answers for the shared self-test message, from an independent implementation
 * (Python's hashlib): the digests of its first 311 and 184 bytes. */
static int selftest(const struct coin_backend *b)
{
    static const unsigned char expect[2 * 20] = {
        0x15, 0xf9, 0x7a, 0x5e, 0x9b, 0x77, 0xd9, 0xbd, 0x0d, 0xc9, 0x51, 0x0d, 0x3e, 0xc4, 0x33, 0x72,
        0xce, 0x98, 0x6d, 0xa9, 0x10, 0xe2, 0xb9, 0xf6, 0x65, 0xe5, 0x1f, 0x92, 0x2d, 0x64, 0x67, 0xc5,
        0x8e, 0xf0, 0xbe, 0x72, 0xc9, 0xc3, 0x69, 0xab,
    };
    return coin_md32_selftest((md32_transform_fn)b->fn, IV, 5, 0, expect);
}
