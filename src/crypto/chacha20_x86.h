/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Internal: ChaCha20 on 4 blocks at once in 128-bit registers (SSSE3), each register holding
 * one word of the 4 blocks. The SSSE3 backend is this code; the AVX2 and AVX-512 backends
 * include it for the blocks that do not fill their wider registers, compiled there with their
 * own flags (so in VEX or EVEX encoding). */

#ifndef CHACHA20_X86_H_
#define CHACHA20_X86_H_

#include <immintrin.h>

#include "backends.h"
#include "chacha20_lanes.h"
#include "common.h"

/* Rotations by whole bytes are byte shuffles; the others two shifts and an OR. Compiled for
 * AVX-512 (VL), each is one vprold. */
#if defined(__AVX512VL__)
#define X4_R16(x) _mm_rol_epi32(x, 16)
#define X4_R8(x) _mm_rol_epi32(x, 8)
#define X4_R12(x) _mm_rol_epi32(x, 12)
#define X4_R7(x) _mm_rol_epi32(x, 7)
#else
#define X4_R16(x) _mm_shuffle_epi8(x, _mm_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2))
#define X4_R8(x) _mm_shuffle_epi8(x, _mm_set_epi8(14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3))
#define X4_R12(x) _mm_or_si128(_mm_slli_epi32(x, 12), _mm_srli_epi32(x, 20))
#define X4_R7(x) _mm_or_si128(_mm_slli_epi32(x, 7), _mm_srli_epi32(x, 25))
#endif
#define X4_SET1(w) _mm_set1_epi32((int)(w))

/* Words 4g .. 4g + 3 of the 4 blocks, in a .. d (word w of block b in lane b of the w-th):
 * transposed to 16 bytes of each block, XORed into in if not NULL, stored at out + 16 g. */
static ALWAYS_INLINE void x4_store(unsigned char *out, const unsigned char *in, __m128i a, __m128i b, __m128i c, __m128i d)
{
    const __m128i t0 = _mm_unpacklo_epi32(a, b), t1 = _mm_unpackhi_epi32(a, b);
    const __m128i t2 = _mm_unpacklo_epi32(c, d), t3 = _mm_unpackhi_epi32(c, d);
    __m128i r0 = _mm_unpacklo_epi64(t0, t2), r1 = _mm_unpackhi_epi64(t0, t2);
    __m128i r2 = _mm_unpacklo_epi64(t1, t3), r3 = _mm_unpackhi_epi64(t1, t3);
    if (in) {
        r0 = _mm_xor_si128(r0, _mm_loadu_si128((const __m128i *)(const void *)in));
        r1 = _mm_xor_si128(r1, _mm_loadu_si128((const __m128i *)(const void *)(in + 64)));
        r2 = _mm_xor_si128(r2, _mm_loadu_si128((const __m128i *)(const void *)(in + 128)));
        r3 = _mm_xor_si128(r3, _mm_loadu_si128((const __m128i *)(const void *)(in + 192)));
    }
    _mm_storeu_si128((__m128i *)(void *)out, r0);
    _mm_storeu_si128((__m128i *)(void *)(out + 64), r1);
    _mm_storeu_si128((__m128i *)(void *)(out + 128), r2);
    _mm_storeu_si128((__m128i *)(void *)(out + 192), r3);
}

/* hi, plus 1 in each lane where the sum lo wrapped below was (an unsigned compare made signed by
 * flipping the top bits; the compare's -1 is subtracted). */
static ALWAYS_INLINE __m128i x4_carry(__m128i hi, __m128i lo, __m128i was)
{
    const __m128i top = X4_SET1(0x80000000u);
    return _mm_sub_epi32(hi, _mm_cmplt_epi32(_mm_xor_si128(lo, top), _mm_xor_si128(was, top)));
}

/* The lanes' counters j12 (ctr + 0 .. 3) and nonce words j13 for 4 blocks from ctr, n0. */
static ALWAYS_INLINE void x4_counters(__m128i *j12, __m128i *j13, uint32_t ctr, uint32_t n0)
{
    *j12 = _mm_add_epi32(X4_SET1(ctr), _mm_set_epi32(3, 2, 1, 0));
    *j13 = x4_carry(X4_SET1(n0), *j12, X4_SET1(ctr));
}

/* 4 blocks from the lanes' counters j12 and nonce words j13 to out, XORed into in unless NULL. */
static ALWAYS_INLINE void chacha20_x4(const uint32_t input[12], __m128i j12, __m128i j13, unsigned char *out,
                                      const unsigned char *in)
{
    __m128i x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15;
    CHACHA20_LANES_INIT(X4_SET1, input, j12, j13);
    CHACHA20_ROUNDS_16REGS(__m128i, _mm_add_epi32, _mm_xor_si128, X4_R16, X4_R12, X4_R8, X4_R7);
    CHACHA20_LANES_FEED(_mm_add_epi32, X4_SET1, input, j12, j13);
    x4_store(out, in, x0, x1, x2, x3);
    x4_store(out + 16, in ? in + 16 : NULL, x4, x5, x6, x7);
    x4_store(out + 32, in ? in + 32 : NULL, x8, x9, x10, x11);
    x4_store(out + 48, in ? in + 48 : NULL, x12, x13, x14, x15);
}

/* One block with its rows in 4 registers (constants, key, key, counter and nonce): the
 * quarter rounds of the 4 columns at once, and for the diagonals, rows 1 to 3 rotated by 1, 2
 * and 3 words first and back after. No transpose: each register is 16 bytes of the block. */
static ALWAYS_INLINE void chacha20_x1(const uint32_t input[12], uint32_t ctr, uint32_t n0, unsigned char *out,
                                      const unsigned char *in)
{
    const __m128i j0 = _mm_set_epi32((int)CHACHA20_C3, (int)CHACHA20_C2, (int)CHACHA20_C1, (int)CHACHA20_C0);
    const __m128i j1 = _mm_loadu_si128((const __m128i *)(const void *)input), j2 = _mm_loadu_si128((const __m128i *)(const void *)(input + 4));
    const __m128i j3 = _mm_set_epi32((int)input[11], (int)input[10], (int)n0, (int)ctr);
    __m128i a = j0, b = j1, c = j2, d = j3;
    int i;
#define X1_QUARTER()                                                  \
    do {                                                              \
        a = _mm_add_epi32(a, b); d = X4_R16(_mm_xor_si128(d, a));     \
        c = _mm_add_epi32(c, d); b = X4_R12(_mm_xor_si128(b, c));     \
        a = _mm_add_epi32(a, b); d = X4_R8(_mm_xor_si128(d, a));      \
        c = _mm_add_epi32(c, d); b = X4_R7(_mm_xor_si128(b, c));      \
    } while (0)
    for (i = 0; i < 10; i++) {
        X1_QUARTER();
        b = _mm_shuffle_epi32(b, 0x39); c = _mm_shuffle_epi32(c, 0x4e); d = _mm_shuffle_epi32(d, 0x93);
        X1_QUARTER();
        b = _mm_shuffle_epi32(b, 0x93); c = _mm_shuffle_epi32(c, 0x4e); d = _mm_shuffle_epi32(d, 0x39);
    }
#undef X1_QUARTER
    a = _mm_add_epi32(a, j0); b = _mm_add_epi32(b, j1); c = _mm_add_epi32(c, j2); d = _mm_add_epi32(d, j3);
    if (in) {
        a = _mm_xor_si128(a, _mm_loadu_si128((const __m128i *)(const void *)in));
        b = _mm_xor_si128(b, _mm_loadu_si128((const __m128i *)(const void *)(in + 16)));
        c = _mm_xor_si128(c, _mm_loadu_si128((const __m128i *)(const void *)(in + 32)));
        d = _mm_xor_si128(d, _mm_loadu_si128((const __m128i *)(const void *)(in + 48)));
    }
    _mm_storeu_si128((__m128i *)(void *)out, a);
    _mm_storeu_si128((__m128i *)(void *)(out + 16), b);
    _mm_storeu_si128((__m128i *)(void *)(out + 32), c);
    _mm_storeu_si128((__m128i *)(void *)(out + 48), d);
}

/* The last n < 4 blocks (n > 0): one or two one at a time, three as some of 4 blocks'
 * keystream computed on the stack (one block alone takes 60% of the time of four). */
static ALWAYS_INLINE void chacha20_x4_tail(const uint32_t input[12], uint32_t ctr, uint32_t n0, unsigned char *out,
                                           const unsigned char *in, size_t n)
{
    unsigned char ks[256];
    __m128i j12, j13;
    size_t i;
    if (n < 3) {
        for (; n; n--) {
            chacha20_x1(input, ctr, n0, out, in);
            chacha20_advance(&ctr, &n0, 1);
            out += 64;
            if (in) in += 64;
        }
        return;
    }
    x4_counters(&j12, &j13, ctr, n0);
    chacha20_x4(input, j12, j13, ks, NULL);
    for (i = 0; i < 64 * n; i++) out[i] = in ? (unsigned char)(in[i] ^ ks[i]) : ks[i];
    memory_cleanse(ks, sizeof(ks));
}

/* n blocks, 4 at a time, from the counter and nonce word given (the caller advances its
 * own). The lanes' counters are carried from one step to the next in vectors, the next step's
 * made at the start of this one, as in coin_chacha20_blocks_avx512 (made from scalars, they
 * were a vector load of 4 scalar stores, which waits for the stores to reach the cache); the
 * scalar counter is advanced once, past the whole steps, for the last blocks. */
static ALWAYS_INLINE void chacha20_x4_blocks(const uint32_t input[12], uint32_t ctr, uint32_t n0, unsigned char *out,
                                             const unsigned char *in, size_t n)
{
    if (n >= 4) {
        const __m128i four = X4_SET1(4);
        __m128i j12, j13;
        x4_counters(&j12, &j13, ctr, n0);
        chacha20_advance(&ctr, &n0, n & ~(size_t)3);
        for (; n >= 4; n -= 4) {
            const __m128i k12 = _mm_add_epi32(j12, four), k13 = x4_carry(j13, k12, j12);
            chacha20_x4(input, j12, j13, out, in);
            j12 = k12;
            j13 = k13;
            out += 256;
            if (in) in += 256;
        }
    }
    if (n) chacha20_x4_tail(input, ctr, n0, out, in, n);
}

#endif
