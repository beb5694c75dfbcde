/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_SCRYPT_LANES_H
#define COINCRYPTO_SCRYPT_LANES_H

/* Internal template: scrypt's ROMix with r = 1 and a power-of-two N for SCRYPT_LANES hashes
 * at once, one hash per 32-bit lane of a vector. scrypt_avx2.c (8 lanes) and
 * scrypt_avx512.c (16) include it once each, so that it is compiled with that file's ISA
 * flags only. Not a public header.
 *
 * Layout. Each vector holds the same 32-bit word of every hash's block, so Salsa20/8
 * (salsa_lanes.h) runs on all of them with the scalar code's operations. The second loop
 * reads a different table entry for each hash, so V is kept per hash: entry i of hash k is
 * the 32 words at V + (N k + i) * 32. The first loop transposes the state (blocks of
 * SCRYPT_LANES x SCRYPT_LANES words) to store it there, the second loads each hash's entry
 * with 32 / SCRYPT_LANES loads and transposes it back, which is faster than gathering the
 * words.
 *
 * Before including it, the file includes backends.h and salsa_lanes.h (with its vec and
 * operations), and defines SCRYPT_LANES, SCRYPT_LANES_ENTRY (the name of its entry point in
 * backends.h, e.g. coin_scrypt_romix_avx2_8way) and, as static inline functions:
 *   void transpose(vec r[SCRYPT_LANES])  element k of r[j] becomes element j of r[k]
 *   vec load(const uint32_t *p), void store(uint32_t *p, vec x)            any alignment
 *   vec load_aligned(const uint32_t *p), void store_aligned(uint32_t *p, vec x)
 *                                        p aligned to the vector's size
 * The template defines
 *   void SCRYPT_LANES_ENTRY(uint32_t *X, uint32_t *V, uint32_t N);
 * X holds the blocks one after another (32 words each), V is SCRYPT_LANES * N * 32 words,
 * aligned to the vector's size.
 *
 * Every loop over lanes (k) and over the block's halves (g) is unrolled, as are the
 * transposes' (UNROLL8, UNROLL16), so that t and the transposes' arrays stay in registers:
 * gcc 12 -O2 kept those loops, and the arrays in memory. SCRYPT_1024_1_1_256_BATCH16 on a
 * Zen 5, min of five interleaved runs: with gcc, AVX-512 482 us before, 326 after; AVX2
 * 1,023 and 847; with clang 14, 404 and 333, 793 and 791. The loops here unrolled without
 * the transposes', or the transposes' alone, gained at most 3% with gcc. */

#ifndef SCRYPT_LANES_ENTRY
# error "define SCRYPT_LANES_ENTRY (and the operations listed above) first"
#endif

void SCRYPT_LANES_ENTRY(uint32_t *X, uint32_t *V, uint32_t N)
{
    _Alignas(64) uint32_t idx[SCRYPT_LANES];
    vec B[32], t[SCRYPT_LANES];
    uint32_t i;
    int g, k;

    UNROLL8 for (g = 0; g < 32; g += SCRYPT_LANES) {
        UNROLL16 for (k = 0; k < SCRYPT_LANES; k++) B[g + k] = load(X + 32 * k + g);
        transpose(B + g);
    }
    for (i = 0; i < N; i++) {
        UNROLL8 for (g = 0; g < 32; g += SCRYPT_LANES) {
            UNROLL16 for (k = 0; k < SCRYPT_LANES; k++) t[k] = B[g + k];
            transpose(t);
            UNROLL16 for (k = 0; k < SCRYPT_LANES; k++) store_aligned(V + (N * k + i) * 32 + g, t[k]);
        }
        xor_salsa8(&B[0], &B[16]);
        xor_salsa8(&B[16], &B[0]);
    }
    for (i = 0; i < N; i++) {
        store_aligned(idx, B[16]); /* Integerify: word 16 of each block */
        UNROLL8 for (g = 0; g < 32; g += SCRYPT_LANES) {
            UNROLL16 for (k = 0; k < SCRYPT_LANES; k++) t[k] = load_aligned(V + (N * k + (idx[k] & (N - 1))) * 32 + g);
            transpose(t);
            UNROLL16 for (k = 0; k < SCRYPT_LANES; k++) B[g + k] = VEC_XOR(B[g + k], t[k]);
        }
        xor_salsa8(&B[0], &B[16]);
        xor_salsa8(&B[16], &B[0]);
    }
    UNROLL8 for (g = 0; g < 32; g += SCRYPT_LANES) {
        transpose(B + g);
        UNROLL16 for (k = 0; k < SCRYPT_LANES; k++) store(X + 32 * k + g, B[g + k]);
    }
}

#endif
