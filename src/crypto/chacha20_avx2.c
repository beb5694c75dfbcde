/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* ChaCha20 on 8 blocks at once with AVX2, each ymm register holding one word of the 8
 * blocks; fewer than 8 blocks go through the 4-way code of chacha20_x86.h.
 *
 * Compiled with -mavx2 -mbmi2 only; the dispatcher calls it when CPUID and XGETBV report
 * AVX2 with the YMM state enabled. */

#include "chacha20_x86.h"

#define Y8_SHUFFLE(x, m) _mm256_shuffle_epi8(x, _mm256_broadcastsi128_si256(m))
#define Y8_R16(x) Y8_SHUFFLE(x, _mm_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2))
#define Y8_R8(x) Y8_SHUFFLE(x, _mm_set_epi8(14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3))
#define Y8_R12(x) _mm256_or_si256(_mm256_slli_epi32(x, 12), _mm256_srli_epi32(x, 20))
#define Y8_SET1(w) _mm256_set1_epi32((int)(w))
#define Y8_R7(x) _mm256_or_si256(_mm256_slli_epi32(x, 7), _mm256_srli_epi32(x, 25))

/* Words 4g .. 4g + 3 of the 8 blocks, in a .. d: r[b] gets them for block b in its low half
 * and for block b + 4 in its high half. */
static ALWAYS_INLINE void y8_transpose(__m256i *r, __m256i a, __m256i b, __m256i c, __m256i d)
{
    const __m256i t0 = _mm256_unpacklo_epi32(a, b), t1 = _mm256_unpackhi_epi32(a, b);
    const __m256i t2 = _mm256_unpacklo_epi32(c, d), t3 = _mm256_unpackhi_epi32(c, d);
    r[0] = _mm256_unpacklo_epi64(t0, t2);
    r[1] = _mm256_unpackhi_epi64(t0, t2);
    r[2] = _mm256_unpacklo_epi64(t1, t3);
    r[3] = _mm256_unpackhi_epi64(t1, t3);
}

/* 32 bytes of each block from the transposed words 4g .. 4g + 3 (p) and 4g + 4 .. 4g + 7
 * (q), XORed into in unless NULL. */
static ALWAYS_INLINE void y8_store(unsigned char *out, const unsigned char *in, const __m256i *p, const __m256i *q)
{
    int b;
    UNROLL8 for (b = 0; b < 4; b++) {
        __m256i lo = _mm256_permute2x128_si256(p[b], q[b], 0x20), hi = _mm256_permute2x128_si256(p[b], q[b], 0x31);
        if (in) {
            lo = _mm256_xor_si256(lo, _mm256_loadu_si256((const __m256i *)(const void *)(in + 64 * b)));
            hi = _mm256_xor_si256(hi, _mm256_loadu_si256((const __m256i *)(const void *)(in + 64 * (b + 4))));
        }
        _mm256_storeu_si256((__m256i *)(void *)(out + 64 * b), lo);
        _mm256_storeu_si256((__m256i *)(void *)(out + 64 * (b + 4)), hi);
    }
}

#if defined(__x86_64__) && defined(__GNUC__)
/* The 20 rounds in assembly on x86-64, as CHACHA20_ROUNDS_16REGS lays them out: the a, b and d
 * words and two c words in 14 registers, the other two c words in cw, and two temporaries for
 * the 12- and 7-bit rotations. Written in C, GCC 12 spilled about 18 vectors a double round
 * even so (it keeps more values live than the layout needs); here nothing is spilled, and
 * the byte shuffles read their masks from memory. */
#define Y8_ADD(a, b) "vpaddd %[" #b "], %[" #a "], %[" #a "]\n\t"
#define Y8_XOR(a, b) "vpxor %[" #b "], %[" #a "], %[" #a "]\n\t"
#define Y8_SHUF(a, m) "vpshufb " #m "(%[rot]), %[" #a "], %[" #a "]\n\t"
#define Y8_ROT(a, t, n, m) "vpsrld $" #m ", %[" #a "], %%" #t "\n\tvpslld $" #n ", %[" #a "], %[" #a "]\n\tvpor %%" #t ", %[" #a "], %[" #a "]\n\t"
#define Y8_PAIR(a0, b0, c0, d0, a1, b1, c1, d1)                                                     \
    Y8_ADD(a0, b0) Y8_ADD(a1, b1) Y8_XOR(d0, a0) Y8_XOR(d1, a1) Y8_SHUF(d0, 0) Y8_SHUF(d1, 0) \
    Y8_ADD(c0, d0) Y8_ADD(c1, d1) Y8_XOR(b0, c0) Y8_XOR(b1, c1)                                   \
    Y8_ROT(b0, ymm14, 12, 20) Y8_ROT(b1, ymm15, 12, 20)                                           \
    Y8_ADD(a0, b0) Y8_ADD(a1, b1) Y8_XOR(d0, a0) Y8_XOR(d1, a1) Y8_SHUF(d0, 32) Y8_SHUF(d1, 32)   \
    Y8_ADD(c0, d0) Y8_ADD(c1, d1) Y8_XOR(b0, c0) Y8_XOR(b1, c1)                                   \
    Y8_ROT(b0, ymm14, 7, 25) Y8_ROT(b1, ymm15, 7, 25)
/* c words out to cw[out], cw[out + 1]; in from cw[out ^ 2], cw[(out ^ 2) + 1] */
#define Y8_SWAP(out, in)                                                                              \
    "vmovdqu %[p], " #out "*32(%[cw])\n\tvmovdqu %[q], " #out "*32+32(%[cw])\n\t"                   \
    "vmovdqu " #in "*32(%[cw]), %[p]\n\tvmovdqu " #in "*32+32(%[cw]), %[q]\n\t"

/* The byte shuffles of the rotations by 16 and by 8, for every 128-bit lane. */
static const unsigned char Y8_ROT[64] = {2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                                         2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                                         3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
                                         3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};
/* The rounds on x0 .. x15 in the caller. */
#define Y8_ROUNDS()                                                                                     \
    do {                                                                                              \
        __m256i p = x8, q = x9, cw[4];                                                                \
        int i_;                                                                                       \
        cw[2] = x10;                                                                                  \
        cw[3] = x11;                                                                                  \
        for (i_ = 0; i_ < 10; i_++) {                                                                 \
            __asm__(Y8_PAIR(x0, x4, p, x12, x1, x5, q, x13) Y8_SWAP(0, 2)                             \
                    Y8_PAIR(x2, x6, p, x14, x3, x7, q, x15)                                           \
                    Y8_PAIR(x0, x5, p, x15, x1, x6, q, x12) Y8_SWAP(2, 0)                             \
                    Y8_PAIR(x2, x7, p, x13, x3, x4, q, x14)                                           \
                    : [x0] "+x"(x0), [x1] "+x"(x1), [x2] "+x"(x2), [x3] "+x"(x3), [x4] "+x"(x4),      \
                      [x5] "+x"(x5), [x6] "+x"(x6), [x7] "+x"(x7), [p] "+x"(p), [q] "+x"(q),          \
                      [x12] "+x"(x12), [x13] "+x"(x13), [x14] "+x"(x14), [x15] "+x"(x15)                \
                    : [cw] "r"(cw), [rot] "r"(Y8_ROT)                                                 \
                    : "xmm14", "xmm15", "memory");                                                    \
        }                                                                                             \
        x8 = p;                                                                                       \
        x9 = q;                                                                                       \
        x10 = cw[2];                                                                                  \
        x11 = cw[3];                                                                                  \
    } while (0)
#else
#define Y8_ROUNDS() CHACHA20_ROUNDS_16REGS(__m256i, _mm256_add_epi32, _mm256_xor_si256, Y8_R16, Y8_R12, Y8_R8, Y8_R7)
#endif

/* hi, plus 1 in each lane where the sum lo wrapped below was. AVX2 has no unsigned compare: 1 is
 * added to every lane, and the compare's -1 takes it back where max(lo, was) is lo. */
static ALWAYS_INLINE __m256i y8_carry(__m256i hi, __m256i lo, __m256i was)
{
    return _mm256_add_epi32(_mm256_add_epi32(hi, Y8_SET1(1)), _mm256_cmpeq_epi32(_mm256_max_epu32(lo, was), lo));
}

static ALWAYS_INLINE void chacha20_y8(const uint32_t input[12], __m256i j12, __m256i j13, unsigned char *out,
                                      const unsigned char *in)
{
    __m256i x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15, r[4][4];
    CHACHA20_LANES_INIT(Y8_SET1, input, j12, j13);
    Y8_ROUNDS();
    CHACHA20_LANES_FEED(_mm256_add_epi32, Y8_SET1, input, j12, j13);
    y8_transpose(r[0], x0, x1, x2, x3);
    y8_transpose(r[1], x4, x5, x6, x7);
    y8_store(out, in, r[0], r[1]);
    y8_transpose(r[2], x8, x9, x10, x11);
    y8_transpose(r[3], x12, x13, x14, x15);
    y8_store(out + 32, in ? in + 32 : NULL, r[2], r[3]);
}

void coin_chacha20_blocks_avx2(uint32_t input[12], unsigned char *out, const unsigned char *in, size_t n)
{
    uint32_t ctr = input[8], n0 = input[9];
    /* The lanes' counters are carried from one step to the next in vectors, the next step's
     * made at the start of this one; see coin_chacha20_blocks_avx512. 64 KiB in place took
     * 0.743 TSC cycles a byte instead of 0.760 on an Intel Xeon Emerald Rapids (OpenSSL's
     * ChaCha20_8x: 0.743). */
    if (n >= 8) {
        const __m256i cb = Y8_SET1(ctr), eight = Y8_SET1(8);
        __m256i j12 = _mm256_add_epi32(cb, _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0));
        __m256i j13 = y8_carry(Y8_SET1(n0), j12, cb);
        chacha20_advance(&ctr, &n0, n & ~(size_t)7);
        for (; n >= 8; n -= 8) {
            const __m256i k12 = _mm256_add_epi32(j12, eight), k13 = y8_carry(j13, k12, j12);
            chacha20_y8(input, j12, j13, out, in);
            j12 = k12;
            j13 = k13;
            out += 512;
            if (in) in += 512;
        }
    }
    chacha20_x4_blocks(input, ctr, n0, out, in, n);
    chacha20_advance(&ctr, &n0, n);
    input[8] = ctr;
    input[9] = n0;
}
