/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_TEST_EMULATED_IMMINTRIN_H
#define COINCRYPTO_TEST_EMULATED_IMMINTRIN_H

/* The <immintrin.h> of an emulated build (configure --enable-emulated-isa, for tests only):
 * first on the include path of the SHA-NI and AVX-512 backends, which are then compiled
 * without their ISA flags, so that their own source runs on any x86-64 CPU. AVX-512 and the
 * SSE4.1 intrinsics of the SHA-NI files come from SIMDe (Debian's libsimde-dev) under their
 * Intel names, with the mask types, _mm512_shuffle_i64x2, _mm512_shuffle_epi32,
 * _mm512_cmplt_epu32_mask and the two masked 64-bit loads and stores its version lacks; the SHA
 * extensions from sha_model.h. */

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>

#include <stdint.h>
#include <string.h>

typedef simde__mmask8 __mmask8; /* SIMDe aliases the vector types only */
typedef simde__mmask16 __mmask16;

static inline void coin_emu_mm512_mask_storeu_epi64(void *p, simde__mmask8 k, simde__m512i a)
{
    uint64_t v[8];
    int i;
    memcpy(v, &a, sizeof(v));
    for (i = 0; i < 8; i++) {
        if (k >> i & 1) memcpy((unsigned char *)p + 8 * i, &v[i], 8);
    }
}

static inline simde__m512i coin_emu_mm512_maskz_loadu_epi64(simde__mmask8 k, const void *p)
{
    uint64_t v[8] = {0};
    simde__m512i r;
    int i;
    for (i = 0; i < 8; i++) {
        if (k >> i & 1) memcpy(&v[i], (const unsigned char *)p + 8 * i, 8);
    }
    memcpy(&r, v, sizeof(r));
    return r;
}

/* The words of each 128-bit lane in the order imm8 gives, as _mm512_shuffle_epi32 does. */
static inline simde__m512i coin_emu_mm512_shuffle_epi32(simde__m512i a, int imm8)
{
    uint32_t v[16], r[16];
    int i;
    memcpy(v, &a, sizeof(v));
    for (i = 0; i < 16; i++) r[i] = v[(i & ~3) + ((imm8 >> (2 * (i & 3))) & 3)];
    memcpy(&a, r, sizeof(r));
    return a;
}

/* A vector in an asm operand lives in memory here (keccak_avx512.c's optimisation barrier). */
#define COIN_ASM_VEC "+m"

/* Moves 128-bit lanes, as _mm512_shuffle_i32x4 does (SIMDe has the 256-bit one only). */
#define _mm512_shuffle_i64x2(a, b, imm8) simde_mm512_shuffle_i32x4(a, b, imm8)
#define _mm512_mask_storeu_epi64 coin_emu_mm512_mask_storeu_epi64
#define _mm512_maskz_loadu_epi64 coin_emu_mm512_maskz_loadu_epi64
#define _mm512_shuffle_epi32(a, imm8) coin_emu_mm512_shuffle_epi32(a, imm8)
/* a < b, unsigned, lane by lane: not a >= b (SIMDe has no less-than compare of these). */
#define _mm512_cmplt_epu32_mask(a, b) ((simde__mmask16)~simde_mm512_cmpge_epu32_mask(a, b))

#include "sha_model.h"

#endif
