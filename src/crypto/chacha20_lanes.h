/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Internal: the ChaCha20 rounds, written once for the portable code and the backends that
 * run several blocks at once (each vector holding the same word of every block). The
 * including file passes its operations on a word or a vector of words: ADD, XOR, and the
 * left rotations R16, R12, R8 and R7. The rounds work on the variables x0 .. x15 of the
 * function that uses them. */

#ifndef CHACHA20_LANES_H_
#define CHACHA20_LANES_H_

/* The four quarter rounds of a column (or diagonal) round, step by step, so that each step
 * has four independent operations. */
#define CHACHA20_QUARTERS(ADD, XOR, R16, R12, R8, R7, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3) \
    do {                                                                                              \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1); a2 = ADD(a2, b2); a3 = ADD(a3, b3);                       \
        d0 = R16(XOR(d0, a0)); d1 = R16(XOR(d1, a1)); d2 = R16(XOR(d2, a2)); d3 = R16(XOR(d3, a3));   \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); c2 = ADD(c2, d2); c3 = ADD(c3, d3);                       \
        b0 = R12(XOR(b0, c0)); b1 = R12(XOR(b1, c1)); b2 = R12(XOR(b2, c2)); b3 = R12(XOR(b3, c3));   \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1); a2 = ADD(a2, b2); a3 = ADD(a3, b3);                       \
        d0 = R8(XOR(d0, a0)); d1 = R8(XOR(d1, a1)); d2 = R8(XOR(d2, a2)); d3 = R8(XOR(d3, a3));       \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); c2 = ADD(c2, d2); c3 = ADD(c3, d3);                       \
        b0 = R7(XOR(b0, c0)); b1 = R7(XOR(b1, c1)); b2 = R7(XOR(b2, c2)); b3 = R7(XOR(b3, c3));       \
    } while (0)

/* A column round and a diagonal round. */
#define CHACHA20_DOUBLE_ROUND(ADD, XOR, R16, R12, R8, R7)                                             \
    do {                                                                                              \
        CHACHA20_QUARTERS(ADD, XOR, R16, R12, R8, R7, x0, x4, x8, x12, x1, x5, x9, x13, x2, x6, x10, x14, x3, x7, x11, x15); \
        CHACHA20_QUARTERS(ADD, XOR, R16, R12, R8, R7, x0, x5, x10, x15, x1, x6, x11, x12, x2, x7, x8, x13, x3, x4, x9, x14); \
    } while (0)

/* Two quarter rounds, step by step. */
#define CHACHA20_PAIR(ADD, XOR, R16, R12, R8, R7, a0, b0, c0, d0, a1, b1, c1, d1)                   \
    do {                                                                                              \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1); d0 = R16(XOR(d0, a0)); d1 = R16(XOR(d1, a1));             \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); b0 = R12(XOR(b0, c0)); b1 = R12(XOR(b1, c1));             \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1); d0 = R8(XOR(d0, a0)); d1 = R8(XOR(d1, a1));               \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); b0 = R7(XOR(b0, c0)); b1 = R7(XOR(b1, c1));               \
    } while (0)

/* The 20 rounds for a vector unit of 16 registers (SSE, AVX2), as OpenSSL's ChaCha20_8x does
 * them: two quarter rounds at a time, with the c words x8 .. x11 in memory but for the two
 * those use. That needs 14 vectors and two temporaries, which fit; four quarter rounds at
 * once, or every c word in a register, make GCC spill at every step. T is the vector type;
 * the empty asm, which may read and write the array cw_ through its address, keeps the
 * compiler from holding the array in registers. */
#define CHACHA20_SWAP_C(cw, p, q, out)                                                                \
    do {                                                                                              \
        cw[out] = p;                                                                                  \
        cw[(out) + 1] = q;                                                                            \
        __asm__("" : : "r"(cw) : "memory");                                                           \
        p = cw[(out) ^ 2];                                                                            \
        q = cw[((out) ^ 2) + 1];                                                                      \
    } while (0)
#define CHACHA20_ROUNDS_16REGS(T, ADD, XOR, R16, R12, R8, R7)                                         \
    do {                                                                                              \
        T cw_[4], p_ = x8, q_ = x9; /* the c words of the quarter rounds at hand */                   \
        int i_;                                                                                       \
        cw_[2] = x10;                                                                                 \
        cw_[3] = x11;                                                                                 \
        for (i_ = 0; i_ < 10; i_++) {                                                                 \
            CHACHA20_PAIR(ADD, XOR, R16, R12, R8, R7, x0, x4, p_, x12, x1, x5, q_, x13);              \
            CHACHA20_SWAP_C(cw_, p_, q_, 0); /* x8, x9 out, x10, x11 in */                            \
            CHACHA20_PAIR(ADD, XOR, R16, R12, R8, R7, x2, x6, p_, x14, x3, x7, q_, x15);              \
            CHACHA20_PAIR(ADD, XOR, R16, R12, R8, R7, x0, x5, p_, x15, x1, x6, q_, x12);              \
            CHACHA20_SWAP_C(cw_, p_, q_, 2); /* x10, x11 out, x8, x9 in */                            \
            CHACHA20_PAIR(ADD, XOR, R16, R12, R8, R7, x2, x7, p_, x13, x3, x4, q_, x14);              \
        }                                                                                             \
        x8 = p_;                                                                                      \
        x9 = q_;                                                                                      \
        x10 = cw_[2];                                                                                 \
        x11 = cw_[3];                                                                                 \
    } while (0)

/* "expand 32-byte k", the first four words of every block. */
#define CHACHA20_C0 0x61707865u
#define CHACHA20_C1 0x3320646eu
#define CHACHA20_C2 0x79622d32u
#define CHACHA20_C3 0x6b206574u

/* The state of the blocks from input (the key, counter and nonce words; see backends.h) in
 * x0 .. x15, SET1 broadcasting a word to every lane, and j12 and j13 each lane's counter and
 * first nonce word; then, after the rounds, the same added back (the feed-forward). */
#define CHACHA20_LANES_INIT(SET1, input, j12, j13)                                                    \
    do {                                                                                              \
        x0 = SET1(CHACHA20_C0); x1 = SET1(CHACHA20_C1); x2 = SET1(CHACHA20_C2); x3 = SET1(CHACHA20_C3); \
        x4 = SET1((input)[0]); x5 = SET1((input)[1]); x6 = SET1((input)[2]); x7 = SET1((input)[3]);   \
        x8 = SET1((input)[4]); x9 = SET1((input)[5]); x10 = SET1((input)[6]); x11 = SET1((input)[7]); \
        x12 = (j12); x13 = (j13); x14 = SET1((input)[10]); x15 = SET1((input)[11]);                    \
    } while (0)
#define CHACHA20_LANES_FEED(ADD, SET1, input, j12, j13)                                               \
    do {                                                                                              \
        x0 = ADD(x0, SET1(CHACHA20_C0)); x1 = ADD(x1, SET1(CHACHA20_C1));                             \
        x2 = ADD(x2, SET1(CHACHA20_C2)); x3 = ADD(x3, SET1(CHACHA20_C3));                             \
        x4 = ADD(x4, SET1((input)[0])); x5 = ADD(x5, SET1((input)[1]));                               \
        x6 = ADD(x6, SET1((input)[2])); x7 = ADD(x7, SET1((input)[3]));                               \
        x8 = ADD(x8, SET1((input)[4])); x9 = ADD(x9, SET1((input)[5]));                               \
        x10 = ADD(x10, SET1((input)[6])); x11 = ADD(x11, SET1((input)[7]));                           \
        x12 = ADD(x12, j12); x13 = ADD(x13, j13);                                                     \
        x14 = ADD(x14, SET1((input)[10])); x15 = ADD(x15, SET1((input)[11]));                         \
    } while (0)

/* For the backends (after backends.h): the counters of blocks ctr, ctr + 1, ... (w of them)
 * in c, and in n the nonce word n0, plus one for the blocks past a wrap of the 32-bit
 * counter; and the counter advanced by k blocks, carrying into the nonce word. */
static ALWAYS_INLINE void chacha20_counters(uint32_t *c, uint32_t *n, uint32_t ctr, uint32_t n0, unsigned w)
{
    unsigned i;
    for (i = 0; i < w; i++) {
        c[i] = ctr + i;
        n[i] = n0 + (c[i] < ctr);
    }
}

static ALWAYS_INLINE void chacha20_advance(uint32_t *ctr, uint32_t *n0, uint64_t k)
{
    const uint64_t t = *ctr + k;
    *ctr = (uint32_t)t;
    *n0 += (uint32_t)(t >> 32);
}

#endif
