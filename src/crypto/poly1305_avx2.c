/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Poly1305 on 8 blocks at once (two sets of 4 lanes) with AVX2 (poly1305_lanes.h), for long
 * messages (poly1305.c hands it runs of 768 bytes or more).
 *
 * Compiled with -mavx2 -mbmi2 only; the dispatcher calls it when CPUID and XGETBV report
 * AVX2 with the YMM state enabled. */

#include <immintrin.h>

#include "backends.h"

typedef __m256i vec;
#define POLY1305_LANES 4
#define V_MUL(a, b) _mm256_mul_epu32(a, b)
#define V_ADD(a, b) _mm256_add_epi64(a, b)
#define V_AND(a, b) _mm256_and_si256(a, b)
#define V_OR(a, b) _mm256_or_si256(a, b)
#define V_SRL(a, n) _mm256_srli_epi64(a, n)
#define V_SLL(a, n) _mm256_slli_epi64(a, n)
#define V_SET1(x) _mm256_set1_epi64x((long long)(x))
#define V_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define V_UNPACKLO(a, b) _mm256_unpacklo_epi64(a, b)
#define V_UNPACKHI(a, b) _mm256_unpackhi_epi64(a, b)

#if defined(__x86_64__) && defined(__GNUC__)
/* The loop's step in assembly on x86-64: h = h r^8 (R, S), carried, plus the next 4 blocks,
 * as mul_lanes and add_blocks do it. Written in C, the two accumulators, r^8 and 5 r^8 need 20
 * registers of 16, and GCC 12 kept about 20 vectors on the stack a step (1 MiB: 0.409 TSC
 * cycles a byte on an Intel Xeon Emerald Rapids, OpenSSL's AVX2 code 0.394). Here the powers
 * are memory operands (R and S, r^8's limbs and 5 times them, as the C step has them), and a
 * step needs 10 registers: h, then its products d, then h again. */
/* d = h times R[k]; d += h times R[k] or S[k] (rs: r or s), through tmp */
#define Y4_MUL(h, k, d) "vpmuludq " #k "*32(%[r]), %[" #h "], %[" #d "]\n\t"
#define Y4_MAC(h, rs, k, d, tmp) "vpmuludq " #k "*32(%[" #rs "]), %[" #h "], %[" #tmp "]\n\tvpaddq %[" #tmp "], %[" #d "], %[" #d "]\n\t"
/* d += d_from >> 26 and d_from &= 2^26 - 1, through tmp */
#define Y4_CARRY(from, to, tmp) "vpsrlq $26, %[" #from "], %[" #tmp "]\n\tvpand (%[c]), %[" #from "], %[" #from "]\n\tvpaddq %[" #tmp "], %[" #to "], %[" #to "]\n\t"
/* c: y4_const, the mask 2^26 - 1 in each element, then 2^24 */
#define Y4_ASM                                                                                        \
    Y4_MUL(h0, 0, d0) Y4_MUL(h0, 1, d1) Y4_MUL(h0, 2, d2) Y4_MUL(h0, 3, d3) Y4_MUL(h0, 4, d4)         \
    Y4_MAC(h1, s, 4, d0, h0) Y4_MAC(h1, r, 0, d1, h0) Y4_MAC(h1, r, 1, d2, h0) Y4_MAC(h1, r, 2, d3, h0) Y4_MAC(h1, r, 3, d4, h0) \
    Y4_MAC(h2, s, 3, d0, h1) Y4_MAC(h2, s, 4, d1, h1) Y4_MAC(h2, r, 0, d2, h1) Y4_MAC(h2, r, 1, d3, h1) Y4_MAC(h2, r, 2, d4, h1) \
    Y4_MAC(h3, s, 2, d0, h2) Y4_MAC(h3, s, 3, d1, h2) Y4_MAC(h3, s, 4, d2, h2) Y4_MAC(h3, r, 0, d3, h2) Y4_MAC(h3, r, 1, d4, h2) \
    Y4_MAC(h4, s, 1, d0, h3) Y4_MAC(h4, s, 2, d1, h3) Y4_MAC(h4, s, 3, d2, h3) Y4_MAC(h4, s, 4, d3, h3) Y4_MAC(h4, r, 0, d4, h3) \
    Y4_CARRY(d3, d4, h3) Y4_CARRY(d0, d1, h0)                                                         \
    "vpsrlq $26, %[d4], %[h4]\n\tvpand (%[c]), %[d4], %[d4]\n\t"                                \
    Y4_CARRY(d1, d2, h1)                                                                              \
    "vpaddq %[h4], %[d0], %[d0]\n\tvpsllq $2, %[h4], %[h4]\n\tvpaddq %[h4], %[d0], %[d0]\n\t"        \
    Y4_CARRY(d2, d3, h2) Y4_CARRY(d0, d1, h0) Y4_CARRY(d3, d4, h3)                                    \
    /* the 4 blocks at m as limbs, element e holding block e / 2 + 2 (e % 2) (as add_blocks) */  \
    "vmovdqu (%[m]), %[h0]\n\tvmovdqu 32(%[m]), %[h1]\n\t"                                          \
    "vpunpckhqdq %[h1], %[h0], %[h4]\n\tvpunpcklqdq %[h1], %[h0], %[h0]\n\t"                        \
    "vpsrlq $52, %[h0], %[h2]\n\tvpsllq $12, %[h4], %[h3]\n\tvpor %[h3], %[h2], %[h2]\n\t"           \
    "vpsrlq $26, %[h0], %[h1]\n\tvpsrlq $14, %[h4], %[h3]\n\tvpsrlq $40, %[h4], %[h4]\n\t"           \
    "vpand (%[c]), %[h0], %[h0]\n\tvpand (%[c]), %[h1], %[h1]\n\tvpand (%[c]), %[h2], %[h2]\n\t" \
    "vpand (%[c]), %[h3], %[h3]\n\tvpor 32(%[c]), %[h4], %[h4]\n\t"                         \
    "vpaddq %[d0], %[h0], %[h0]\n\tvpaddq %[d1], %[h1], %[h1]\n\tvpaddq %[d2], %[h2], %[h2]\n\t"     \
    "vpaddq %[d3], %[h3], %[h3]\n\tvpaddq %[d4], %[h4], %[h4]\n\t"
static const uint64_t y4_const[8] = {0x3ffffff, 0x3ffffff, 0x3ffffff, 0x3ffffff,
                                     1 << 24,   1 << 24,   1 << 24,   1 << 24};
#define POLY1305_STEP(H, R, S, blocks)                                                                \
    do {                                                                                              \
        __m256i d0_, d1_, d2_, d3_, d4_;                                                              \
        __asm__(Y4_ASM                                                                                \
                : [h0] "+x"(H[0]), [h1] "+x"(H[1]), [h2] "+x"(H[2]), [h3] "+x"(H[3]), [h4] "+x"(H[4]), \
                  [d0] "=&x"(d0_), [d1] "=&x"(d1_), [d2] "=&x"(d2_), [d3] "=&x"(d3_), [d4] "=&x"(d4_)  \
                : [r] "r"(R), [s] "r"(S), [c] "r"(y4_const), [m] "r"(blocks), "m"(*(const vec(*)[5])(R)), \
                  "m"(*(const vec(*)[5])(S)), "m"(y4_const), "m"(*(const unsigned char(*)[64])(const void *)(blocks))); \
    } while (0)
#endif

#include "poly1305_lanes.h"

void coin_poly1305_blocks_avx2(uint32_t h[5], const uint32_t r[5], const unsigned char *m, size_t n)
{
    poly1305_lanes(h, r, m, n);
}
