/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Internal: Salsa20/8, the core of scrypt's BlockMix, written once for the portable code and
 * for the backends that run it on several blocks at once (each vector holding the same word
 * of every block). The including file defines
 *   vec               a word (uint32_t), or a vector of words;
 *   VEC_XOR(a, b), VEC_ADD(a, b)  on them;
 *   STEP(a, b, c, n)  a ^= (b + c) <<< n;
 * and gets xor_salsa8(B, Bx): B = Salsa20/8(B ^ Bx), word w in B[w], and xor_salsa8_entry
 * (below). No include guard: each file includes it once, with its own types. */

#define SALSA_EACH(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15)
#define SALSA_IN(i) x##i = B[i] = VEC_XOR(B[i], Bx[i]);
#define SALSA_OUT(i) B[i] = VEC_ADD(B[i], x##i);

/* One column round and one row round on the words in x0..x15. */
#define SALSA_DOUBLE_ROUND()                                                                         \
    do {                                                                                             \
        STEP(x4, x0, x12, 7); STEP(x9, x5, x1, 7); STEP(x14, x10, x6, 7); STEP(x3, x15, x11, 7);     \
        STEP(x8, x4, x0, 9); STEP(x13, x9, x5, 9); STEP(x2, x14, x10, 9); STEP(x7, x3, x15, 9);      \
        STEP(x12, x8, x4, 13); STEP(x1, x13, x9, 13); STEP(x6, x2, x14, 13); STEP(x11, x7, x3, 13);  \
        STEP(x0, x12, x8, 18); STEP(x5, x1, x13, 18); STEP(x10, x6, x2, 18); STEP(x15, x11, x7, 18); \
        STEP(x1, x0, x3, 7); STEP(x6, x5, x4, 7); STEP(x11, x10, x9, 7); STEP(x12, x15, x14, 7);     \
        STEP(x2, x1, x0, 9); STEP(x7, x6, x5, 9); STEP(x8, x11, x10, 9); STEP(x13, x12, x15, 9);     \
        STEP(x3, x2, x1, 13); STEP(x4, x7, x6, 13); STEP(x9, x8, x11, 13); STEP(x14, x13, x12, 13);  \
        STEP(x0, x3, x2, 18); STEP(x5, x4, x7, 18); STEP(x10, x9, x8, 18); STEP(x15, x14, x13, 18);  \
    } while (0)

static ALWAYS_INLINE void xor_salsa8(vec *restrict B, const vec *restrict Bx)
{
    vec x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15;
    SALSA_EACH(SALSA_IN)
    SALSA_DOUBLE_ROUND();
    SALSA_DOUBLE_ROUND();
    SALSA_DOUBLE_ROUND();
    SALSA_DOUBLE_ROUND();
    SALSA_EACH(SALSA_OUT)
}

/* The same in ROMix's second loop, where both halves of the block are first xored with the
 * table entry E (32 words): B = Salsa20/8(B ^ E[0..15] ^ Bx'), with Bx' = Bx ^ E[16..31]
 * kept in Bx. Doing the table's xor here, word by word, lets the first round start as soon as
 * its words arrive, rather than after a loop over the 32 words stored and loaded again. */
#define SALSA_IN_ENTRY(i) Bx[i] = VEC_XOR(Bx[i], E[16 + i]); x##i = B[i] = VEC_XOR(VEC_XOR(B[i], E[i]), Bx[i]);
static ALWAYS_INLINE void xor_salsa8_entry(vec *restrict B, vec *restrict Bx, const vec *restrict E)
{
    vec x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15;
    SALSA_EACH(SALSA_IN_ENTRY)
    SALSA_DOUBLE_ROUND();
    SALSA_DOUBLE_ROUND();
    SALSA_DOUBLE_ROUND();
    SALSA_DOUBLE_ROUND();
    SALSA_EACH(SALSA_OUT)
}

#undef SALSA_IN_ENTRY
#undef SALSA_EACH
#undef SALSA_IN
#undef SALSA_OUT
#undef SALSA_DOUBLE_ROUND
