/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Internal: the 80 steps of both lines of a RIPEMD-160 compression, from the message-word
 * order and rotation tables of the RIPEMD-160 specification, for ripemd160.c (scalar) and
 * ripemd160_lanes.h (one message per lane of a vector). Included inside a function, after its
 * definitions of ROUND(a, b, c, d, e, f, k, x, r) (one step: a = rotl(a + f(b, c, d) + x + k,
 * r) + e, c = rotl(c, 10)), of F1 .. F5, and of the working variables a1 .. e1 (left line),
 * a2 .. e2 (right) and the message words w[0..15]. Each step rotates the roles of a .. e
 * instead of moving values. No include guard. */

/* The constants of the left line (KL) and the right line (KR), one per round of 16 steps. */
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

#undef KL0
#undef KL1
#undef KL2
#undef KL3
#undef KL4
#undef KR0
#undef KR1
#undef KR2
#undef KR3
#undef KR4
