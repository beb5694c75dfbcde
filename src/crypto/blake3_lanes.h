/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Internal: BLAKE3's compression written once for the portable code (blake3.c) and for the
 * backends that compress one block of several inputs at once, each vector holding the same
 * word of every input (blake3_sse41.c, blake3_avx2.c, blake3_avx512.c, blake3_neon.c). The
 * including file passes its operations on a word or a vector of words: ADD, XOR and the
 * right rotations R16, R12, R8 and R7. The rounds work on the variables v0 .. v15 of the
 * function that uses them, and read the message words through M(i). */

#ifndef BLAKE3_LANES_H_
#define BLAKE3_LANES_H_

#include <stddef.h>
#include <stdint.h>

/* The domain flags of the specification's section 2.1. */
#define BLAKE3_CHUNK_START 1u
#define BLAKE3_CHUNK_END 2u
#define BLAKE3_PARENT 4u
#define BLAKE3_ROOT 8u
#define BLAKE3_KEYED_HASH 16u
#define BLAKE3_DERIVE_KEY_CONTEXT 32u
#define BLAKE3_DERIVE_KEY_MATERIAL 64u

/* SHA-256's initial hash value, the first four words of which fill v8 .. v11. */
#define BLAKE3_IV0 0x6a09e667u
#define BLAKE3_IV1 0xbb67ae85u
#define BLAKE3_IV2 0x3c6ef372u
#define BLAKE3_IV3 0xa54ff53au
#define BLAKE3_IV4 0x510e527fu
#define BLAKE3_IV5 0x9b05688cu
#define BLAKE3_IV6 0x1f83d9abu
#define BLAKE3_IV7 0x5be0cd19u

/* A chunk is 16 blocks of 64 bytes. */
#define BLAKE3_CHUNK_BLOCKS 16

/* The seven rounds: round r reads the message words in the order the permutation
 * (2,6,3,10,7,0,4,13,1,11,12,5,9,14,15,8) applied r times gives, so the words are never
 * moved. ROUND takes the sixteen indices. */
#define BLAKE3_SEVEN_ROUNDS(ROUND)                                  \
    do {                                                            \
        ROUND(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15); \
        ROUND(2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8); \
        ROUND(3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1); \
        ROUND(10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6); \
        ROUND(12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4); \
        ROUND(9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7); \
        ROUND(11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13); \
    } while (0)

/* The G function of four columns (or diagonals) side by side, step by step, so that each
 * step has four independent operations; x0, y0 .. x3, y3 are the message words. */
#define BLAKE3_G4(ADD, XOR, R16, R12, R8, R7, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3, \
                  x0, y0, x1, y1, x2, y2, x3, y3)                                                           \
    do {                                                                                                    \
        a0 = ADD(ADD(a0, b0), x0); a1 = ADD(ADD(a1, b1), x1); a2 = ADD(ADD(a2, b2), x2); a3 = ADD(ADD(a3, b3), x3); \
        d0 = R16(XOR(d0, a0)); d1 = R16(XOR(d1, a1)); d2 = R16(XOR(d2, a2)); d3 = R16(XOR(d3, a3));         \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); c2 = ADD(c2, d2); c3 = ADD(c3, d3);                             \
        b0 = R12(XOR(b0, c0)); b1 = R12(XOR(b1, c1)); b2 = R12(XOR(b2, c2)); b3 = R12(XOR(b3, c3));         \
        a0 = ADD(ADD(a0, b0), y0); a1 = ADD(ADD(a1, b1), y1); a2 = ADD(ADD(a2, b2), y2); a3 = ADD(ADD(a3, b3), y3); \
        d0 = R8(XOR(d0, a0)); d1 = R8(XOR(d1, a1)); d2 = R8(XOR(d2, a2)); d3 = R8(XOR(d3, a3));             \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); c2 = ADD(c2, d2); c3 = ADD(c3, d3);                             \
        b0 = R7(XOR(b0, c0)); b1 = R7(XOR(b1, c1)); b2 = R7(XOR(b2, c2)); b3 = R7(XOR(b3, c3));             \
    } while (0)

/* One round on v0 .. v15: the columns, then the diagonals. The including file defines
 * BLAKE3_OPS as its ADD, XOR, R16, R12, R8, R7 and M(i) as message word i. */
#define BLAKE3_LANES_ROUND(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15)              \
    do {                                                                                                   \
        BLAKE3_G4_(BLAKE3_OPS, v0, v4, v8, v12, v1, v5, v9, v13, v2, v6, v10, v14, v3, v7, v11, v15,        \
                   M(s0), M(s1), M(s2), M(s3), M(s4), M(s5), M(s6), M(s7));                                \
        BLAKE3_G4_(BLAKE3_OPS, v0, v5, v10, v15, v1, v6, v11, v12, v2, v7, v8, v13, v3, v4, v9, v14,        \
                   M(s8), M(s9), M(s10), M(s11), M(s12), M(s13), M(s14), M(s15));                          \
    } while (0)
/* BLAKE3_OPS expands to six arguments only through one more macro call. */
#define BLAKE3_G4_(...) BLAKE3_G4(__VA_ARGS__)

/* The kernels of a lanes backend (backends.h):
 * chunks: `chunks` whole chunks (1024 bytes each) at in, chunk i compressed from the key
 *   words key with the counter counter + i and the mode's flags (CHUNK_START and CHUNK_END
 *   added on its first and last block); chunk i's chaining value, 8 little-endian words, to
 *   out + 32 i.
 * parents: n parent nodes, node i's block the 64 bytes at in + 64 i (two chaining values),
 *   compressed from key with the counter 0 and flags (PARENT included by the caller); its
 *   chaining value to out + 32 i. Each call reads all of a batch's input (its width of nodes)
 *   before it writes that batch's output, so out may be in, or lie before in. */
typedef void (*blake3_chunks_fn)(const unsigned char *in, size_t chunks, const uint32_t key[8], uint64_t counter,
                                 unsigned flags, unsigned char *out);
typedef void (*blake3_parents_fn)(const unsigned char *in, size_t n, const uint32_t key[8], unsigned flags,
                                  unsigned char *out);

#endif
