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

/* "expand 32-byte k", the first four words of every block. */
#define CHACHA20_C0 0x61707865u
#define CHACHA20_C1 0x3320646eu
#define CHACHA20_C2 0x79622d32u
#define CHACHA20_C3 0x6b206574u

#endif
