/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Internal: the scalar rounds of one SHA-1 block whose schedule a vector unit computes
 * (W[t] + K[t] read from a buffer), for sha1_ssse3.c and sha1_avx2.c. The rounds work on
 * the variables a .. e of the function that uses them. */
#ifndef COINCRYPTO_SHA1_ROUNDS_H
#define COINCRYPTO_SHA1_ROUNDS_H

#include <stdint.h>

/* The round constants, one per 20 rounds. */
#define SHA1_K0 0x5a827999
#define SHA1_K1 0x6ed9eba1
#define SHA1_K2 0x8f1bbcdc
#define SHA1_K3 0xca62c1d6

/* Compiles to rol (rorx with -mbmi2: it leaves its source alone, so a needs no copy). */
static inline uint32_t sha1_rol(uint32_t x, unsigned n) { return (x << n) | (x >> (32 - n)); }

/* The round functions. Majority is the sum of two terms with no bit in common, one of which
 * (c & d) is known a round ahead. Ch is d ^ (b & (c ^ d)): andn would need BMI1, which the
 * dispatcher does not check. */
#define SHA1_CH(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define SHA1_PARITY(b, c, d) ((b) ^ (c) ^ (d))
#define SHA1_MAJ(b, c, d) (((c) & (d)) + ((b) & ((c) ^ (d))))

/* GCC only: an empty volatile asm, after each round and each step of the vector schedule,
 * across which GCC's scheduler does not move instructions, so that they stay in the order
 * written. GCC's own order, which spreads the vector instructions among the scalar ones, was
 * slower on an Intel Xeon (Emerald Rapids): 1 MB took 6% longer with SSSE3 (2.78 cycles of
 * the time-stamp counter a byte against 2.64) and 4% with AVX2 (2.60 against 2.49); with
 * -fno-schedule-insns2 instead, 2.66 and 2.52. Clang 14's order needs no help (2.63 and 2.59),
 * and the asm made its SSSE3 code slower (2.73). */
#if defined(__GNUC__) && !defined(__clang__)
# define SHA1_BARRIER() __asm__ __volatile__("")
#else
# define SHA1_BARRIER() ((void)0)
#endif

/* A round, wk being W[t] + K[t]. The new a is two operations from a, rol(a, 5) and one add;
 * the rest of the sum does not need a. The callers rotate the names: the new a lands in e,
 * and b becomes the next round's c. */
#define SHA1_ROUND(F, a, b, c, d, e, wk)                \
    do {                                                \
        e += (wk) + F(b, c, d) + sha1_rol(a, 5);        \
        b = sha1_rol(b, 30);                            \
        SHA1_BARRIER();                                 \
    } while (0)

/* Four rounds reading W + K from p[0..3]; the names shift by four, so the next four start
 * from (b, c, d, e, a). */
#define SHA1_ROUNDS4(F, a, b, c, d, e, p)               \
    do {                                                \
        SHA1_ROUND(F, a, b, c, d, e, (p)[0]);           \
        SHA1_ROUND(F, e, a, b, c, d, (p)[1]);           \
        SHA1_ROUND(F, d, e, a, b, c, (p)[2]);           \
        SHA1_ROUND(F, c, d, e, a, b, (p)[3]);           \
    } while (0)

#endif
