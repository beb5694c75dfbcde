/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Internal: the scalar rounds of one SHA-256 message whose schedule a vector unit computes
 * (W[i] + K[i] read from a buffer), for sha256_avx2.c and sha256_sse41.c. The rounds work
 * on the variables a .. h, x and y of the function that uses them. */
#ifndef COINCRYPTO_SHA256_ROUNDS_H
#define COINCRYPTO_SHA256_ROUNDS_H

#include <stdint.h>

/* Compiles to rorx with -mbmi2, to ror otherwise. */
static inline uint32_t ror32(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

/* The rounds are a chain from e to the new e and one from a to the new a. The sums are
 * written as one expression each, which GCC and Clang reassociate so that the terms known
 * early are added first. Ch is g ^ (e & (f ^ g)): andn would need BMI1, which the dispatcher
 * does not check. */
#define BSIG0(x) (ror32(x, 2) ^ ror32(x, 13) ^ ror32(x, 22))
#define BSIG1(x) (ror32(x, 6) ^ ror32(x, 11) ^ ror32(x, 25))

/* A round, wk being W[t] + K[t], in the two forms of sha512_avx2.c (see there): the callers
 * rotate the names, so the new e lands in d and the new a in h; bc holds b ^ c on entry (the
 * a ^ b of the round before) and ab receives this round's a ^ b. RND_SCHED, for the rounds
 * that share the core with the vector schedule, takes the fewest operations; RND, for the
 * rounds alone, the shortest chain from e to the new e. */
#define RND_SCHED(a, b, c, d, e, f, g, h, wk, bc, ab)                          \
    do {                                                                        \
        uint32_t t1_ = h + (wk) + (g ^ (e & (f ^ g))) + BSIG1(e);              \
        ab = a ^ b;                                                             \
        d += t1_;                                                               \
        h = t1_ + (b ^ (ab & bc)) + BSIG0(a);                                   \
    } while (0)

#define RND(a, b, c, d, e, f, g, h, wk, bc, ab)                                \
    do {                                                                        \
        uint32_t e_ = d + h + (wk) + (g ^ (e & (f ^ g))) + BSIG1(e);           \
        ab = a ^ b;                                                             \
        h = e_ - d + (a & bc) + (b & c) + BSIG0(a);                             \
        d = e_;                                                                 \
    } while (0)

/* Four rounds of the form R, reading W[i] + K[i] from p[0..3]; the working variables shift
 * by four, and x and y carry a ^ b from round to round. */
#define RND4(R, a, b, c, d, e, f, g, h, p)                                     \
    do {                                                                       \
        R(a, b, c, d, e, f, g, h, (p)[0], x, y);                               \
        R(h, a, b, c, d, e, f, g, (p)[1], y, x);                               \
        R(g, h, a, b, c, d, e, f, (p)[2], x, y);                               \
        R(f, g, h, a, b, c, d, e, (p)[3], y, x);                               \
    } while (0)

#endif
