/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_RIPEMD160_LANES_H
#define COINCRYPTO_RIPEMD160_LANES_H

/* Internal template: RIPEMD-160 of 32-byte messages (HASH160's second hash, of a SHA-256
 * digest) on the lanes of a vector, one message per 32-bit lane, so that each step of both
 * lines is the scalar one done on every lane (ripemd160_steps.h). RIPEMD-160 is additions,
 * rotations and boolean functions of 32-bit words, with no message schedule: it vectorises as
 * the SHA-256 lanes do. ripemd160_sse2.c (4 lanes), ripemd160_avx2.c (8), ripemd160_avx512.c
 * (16) and ripemd160_neon.c (4) include it once each, so that it is compiled with that file's
 * ISA flags only. Not a public header.
 *
 * Before including it, the file includes backends.h and defines, with its ISA's best
 * instructions:
 *   vec, RIPEMD160_LANES_WIDTH   the vector type and its number of 32-bit lanes
 *   vec C(uint32_t x)            x in every lane
 *   vec Add(vec x, vec y)        x + y lane by lane, mod 2^32
 *   vec Rol(vec x, int n)        x rotated left by n (a constant), lane by lane
 *   vec LoadU(const uint32_t *p), void StoreU(uint32_t *p, vec x)
 *                                the lanes from and to p[0 .. WIDTH - 1]
 *   F1 .. F5                     RIPEMD-160's boolean functions of three vectors (functions or
 *                                macros): (x ^ y ^ z), (x & y | ~x & z), ((x | ~y) ^ z),
 *                                (x & z | y & ~z), (x ^ (y | ~z))
 * and, as a macro, RIPEMD160_LANES_ENTRY: the name of its entry point in backends.h, e.g.
 * coin_ripemd160_d32_avx2_8way. The template defines that function,
 *   void RIPEMD160_LANES_ENTRY(unsigned char *out, const unsigned char *in);
 * out[20k..20k+19] = RIPEMD-160(in[32k..32k+31]) for each lane k; it reads all of in before it
 * writes out. If the file also defines RIPEMD160_LANES_X2_ENTRY (e.g.
 * coin_ripemd160_d32_avx2_16way), that function does the same for 2 * WIDTH messages, as two
 * sets of lanes step by step. The message words are gathered through a small array on the
 * stack, lane by lane (and the digests scattered back so): a fraction of the 160 steps, and
 * the same code for every ISA. Those loops are unrolled (UNROLL8, UNROLL16): gcc 12 -O2 kept
 * them rolled, each vector loaded from eight or sixteen word stores just made, and the words
 * in memory; unrolled, it builds the vectors in registers (HASH160_33b_MANY_4096 on a Zen 5
 * 1.06x as fast with AVX2's 8 lanes, 1.14x with 16, 1.11x with SSE2's 4, 1.05x with AVX-512's
 * 32). */

#ifndef RIPEMD160_LANES_ENTRY
# error "define RIPEMD160_LANES_ENTRY (and the operations listed above) first"
#endif

#include "common.h"

/* One step on vectors, as ripemd160.c's on words. */
#define RIPEMD160_LANES_STEP(a, b, c, d, e, f, k, x, r)                        \
    do {                                                                       \
        a = Add(Rol(Add(Add(a, f(b, c, d)), Add(x, C(k))), r), e);            \
        c = Rol(c, 10);                                                        \
    } while (0)

/* w[0..15]: the words of the lanes' messages in[32k..32k+31] and their padding (0x80, zeros,
 * the length in bits, 256); t is scratch. */
static inline void load_words(vec w[16], uint32_t *t, const unsigned char *in)
{
    int j, k;
    UNROLL8 for (j = 0; j < 8; j++) {
        UNROLL16 for (k = 0; k < RIPEMD160_LANES_WIDTH; k++) t[k] = coin_read_le32(in + 32 * k + 4 * j);
        w[j] = LoadU(t);
    }
    w[8] = C(0x80);
    w[9] = w[10] = w[11] = w[12] = w[13] = w[15] = C(0);
    w[14] = C(256);
}

/* The digests of the lanes to out[20k..20k+19], from the two lines' final variables. */
#define RIPEMD160_LANES_STORE(out, t, a1, b1, c1, d1, e1, a2, b2, c2, d2, e2)  \
    do {                                                                       \
        int j_, k_;                                                            \
        StoreU(t[0], Add(Add(C(0xefcdab89), c1), d2));                         \
        StoreU(t[1], Add(Add(C(0x98badcfe), d1), e2));                         \
        StoreU(t[2], Add(Add(C(0x10325476), e1), a2));                         \
        StoreU(t[3], Add(Add(C(0xc3d2e1f0), a1), b2));                         \
        StoreU(t[4], Add(Add(C(0x67452301), b1), c2));                         \
        UNROLL16 for (k_ = 0; k_ < RIPEMD160_LANES_WIDTH; k_++) {              \
            UNROLL8 for (j_ = 0; j_ < 5; j_++) coin_write_le32((out) + 20 * k_ + 4 * j_, t[j_][k_]); \
        }                                                                      \
    } while (0)

#define RIPEMD160_LANES_IV(a, b, c, d, e)                                      \
    (a = C(0x67452301), b = C(0xefcdab89), c = C(0x98badcfe), d = C(0x10325476), e = C(0xc3d2e1f0))

void RIPEMD160_LANES_ENTRY(unsigned char *out, const unsigned char *in)
{
    uint32_t t[5][RIPEMD160_LANES_WIDTH];
    vec w[16], a1, b1, c1, d1, e1, a2, b2, c2, d2, e2;

    load_words(w, t[0], in);
    RIPEMD160_LANES_IV(a1, b1, c1, d1, e1);
    RIPEMD160_LANES_IV(a2, b2, c2, d2, e2);
#define ROUND RIPEMD160_LANES_STEP
#include "ripemd160_steps.h"
#undef ROUND
    RIPEMD160_LANES_STORE(out, t, a1, b1, c1, d1, e1, a2, b2, c2, d2, e2);
}

#ifdef RIPEMD160_LANES_X2_ENTRY
/* Twice the lanes: two sets of messages, step by step, the second set's variables named with
 * a trailing _ and its words at w[16..31]. Four independent chains in flight instead of two,
 * for CPUs whose vector latency one set's two lines leave waiting (Zen 5: two cycles for an
 * addition or a shift). */
void RIPEMD160_LANES_X2_ENTRY(unsigned char *out, const unsigned char *in)
{
    uint32_t t[5][RIPEMD160_LANES_WIDTH];
    vec w[32], a1, b1, c1, d1, e1, a2, b2, c2, d2, e2, a1_, b1_, c1_, d1_, e1_, a2_, b2_, c2_, d2_, e2_;

    load_words(w, t[0], in);
    load_words(w + 16, t[0], in + 32 * RIPEMD160_LANES_WIDTH);
    RIPEMD160_LANES_IV(a1, b1, c1, d1, e1);
    RIPEMD160_LANES_IV(a2, b2, c2, d2, e2);
    RIPEMD160_LANES_IV(a1_, b1_, c1_, d1_, e1_);
    RIPEMD160_LANES_IV(a2_, b2_, c2_, d2_, e2_);
#define ROUND(a, b, c, d, e, f, k, x, r)                                       \
    do {                                                                       \
        RIPEMD160_LANES_STEP(a, b, c, d, e, f, k, x, r);                       \
        RIPEMD160_LANES_STEP(a##_, b##_, c##_, d##_, e##_, f, k, (&(x))[16], r); \
    } while (0)
#include "ripemd160_steps.h"
#undef ROUND
    RIPEMD160_LANES_STORE(out, t, a1, b1, c1, d1, e1, a2, b2, c2, d2, e2);
    RIPEMD160_LANES_STORE(out + 20 * RIPEMD160_LANES_WIDTH, t, a1_, b1_, c1_, d1_, e1_, a2_, b2_, c2_, d2_, e2_);
}
#endif

#undef RIPEMD160_LANES_STEP
#undef RIPEMD160_LANES_STORE
#undef RIPEMD160_LANES_IV

#endif
