/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Internal: Poly1305 on 2 POLY1305_LANES blocks at once, for poly1305_avx2.c (4 lanes) and
 * poly1305_avx512.c (8), each compiled with its own flags. The including file defines
 * POLY1305_LANES and, on its vector of 64-bit elements vec: V_MUL(a, b) (the 64-bit products
 * of the low 32 bits), V_ADD, V_AND, V_OR, V_SRL(a, n), V_SLL(a, n), V_SET1(x), V_LOADU(p)
 * and V_UNPACKLO/HI (the 64-bit interleaves within 128-bit lanes); then this defines
 * poly1305_lanes(h, r, m, n) for n a multiple of 2 POLY1305_LANES (see backends.h). It may
 * also define POLY1305_STEP(H, R, S, m), the main loop's step (mul_lanes, then add_blocks of
 * the blocks at m) in its own code.
 *
 * Method (as in Goll and Gueron's vectorised Poly1305). Horner's rule h = (h + m_i) r,
 * block after block, is regrouped G = 2 W blocks at a time (W = POLY1305_LANES): each of the
 * 2 W lanes, in two independent accumulators of W, takes every G-th block, times r^G per
 * step, and at the end each lane is multiplied by r^(G - p), p being its blocks' place in a
 * group, and the lanes are added. Two accumulators because one step is a chain of
 * multiplications, additions and carries: one alone leaves the multipliers waiting on it.
 * Numbers are five 26-bit limbs, one per register, each limb of the W lanes in the low halves
 * of the W 64-bit elements: the multiplications give 52-bit products, and a limb product that
 * lands at 2^130 or above comes back times 5 (the s = 5 r limbs). After each multiplication
 * the limbs are carried back to about 26 bits in two interleaved chains (from limb 0 and from
 * limb 3, the top one's carry times 5 into the bottom one), four steps deep instead of seven;
 * limbs 1 and 4 stay a little over 26 bits, which the next products allow (under 2^27 times
 * 5 times 2^26.1, five of them, is under 2^60). */

#define M26 0x3ffffffu
#define HALF (POLY1305_LANES / 2)
#define GROUP (2 * POLY1305_LANES)

/* a = a * b mod 2^130 - 5, scalar, for the powers of r. */
static void mul26(uint32_t a[5], const uint32_t b[5])
{
    const uint64_t s1 = b[1] * 5ull, s2 = b[2] * 5ull, s3 = b[3] * 5ull, s4 = b[4] * 5ull;
    const uint64_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4];
    uint64_t d0 = a0 * b[0] + a1 * s4 + a2 * s3 + a3 * s2 + a4 * s1;
    uint64_t d1 = a0 * b[1] + a1 * b[0] + a2 * s4 + a3 * s3 + a4 * s2;
    uint64_t d2 = a0 * b[2] + a1 * b[1] + a2 * b[0] + a3 * s4 + a4 * s3;
    uint64_t d3 = a0 * b[3] + a1 * b[2] + a2 * b[1] + a3 * b[0] + a4 * s4;
    uint64_t d4 = a0 * b[4] + a1 * b[3] + a2 * b[2] + a3 * b[1] + a4 * b[0];
    d1 += d0 >> 26; d2 += d1 >> 26; d3 += d2 >> 26; d4 += d3 >> 26;
    d0 = (d0 & M26) + (d4 >> 26) * 5;
    a[0] = (uint32_t)(d0 & M26);
    a[1] = (uint32_t)((d1 & M26) + (d0 >> 26));
    a[2] = (uint32_t)(d2 & M26);
    a[3] = (uint32_t)(d3 & M26);
    a[4] = (uint32_t)(d4 & M26);
}

/* h = h * r in each lane, s = 5 r; the limbs of h carried back to 26 bits (1 and 4 a bit over). */
static ALWAYS_INLINE void mul_lanes(vec h[5], const vec r[5], const vec s[5])
{
    const vec mask = V_SET1(M26);
    vec d0 = V_ADD(V_ADD(V_MUL(h[0], r[0]), V_MUL(h[1], s[4])), V_ADD(V_ADD(V_MUL(h[2], s[3]), V_MUL(h[3], s[2])), V_MUL(h[4], s[1])));
    vec d1 = V_ADD(V_ADD(V_MUL(h[0], r[1]), V_MUL(h[1], r[0])), V_ADD(V_ADD(V_MUL(h[2], s[4]), V_MUL(h[3], s[3])), V_MUL(h[4], s[2])));
    vec d2 = V_ADD(V_ADD(V_MUL(h[0], r[2]), V_MUL(h[1], r[1])), V_ADD(V_ADD(V_MUL(h[2], r[0]), V_MUL(h[3], s[4])), V_MUL(h[4], s[3])));
    vec d3 = V_ADD(V_ADD(V_MUL(h[0], r[3]), V_MUL(h[1], r[2])), V_ADD(V_ADD(V_MUL(h[2], r[1]), V_MUL(h[3], r[0])), V_MUL(h[4], s[4])));
    vec d4 = V_ADD(V_ADD(V_MUL(h[0], r[4]), V_MUL(h[1], r[3])), V_ADD(V_ADD(V_MUL(h[2], r[2]), V_MUL(h[3], r[1])), V_MUL(h[4], r[0])));
    vec c;
    d4 = V_ADD(d4, V_SRL(d3, 26)); d3 = V_AND(d3, mask);
    d1 = V_ADD(d1, V_SRL(d0, 26)); d0 = V_AND(d0, mask);
    c = V_SRL(d4, 26); d4 = V_AND(d4, mask);
    d0 = V_ADD(d0, V_ADD(c, V_SLL(c, 2)));
    d2 = V_ADD(d2, V_SRL(d1, 26)); d1 = V_AND(d1, mask);
    d3 = V_ADD(d3, V_SRL(d2, 26)); h[2] = V_AND(d2, mask);
    h[1] = V_ADD(d1, V_SRL(d0, 26)); h[0] = V_AND(d0, mask);
    h[4] = V_ADD(d4, V_SRL(d3, 26)); h[3] = V_AND(d3, mask);
}

/* h += the W blocks at m as limbs, with 2^128 added to each. Two loads of W / 2 blocks and
 * their 64-bit interleaves put in element e the block e / 2 + (e % 2) W / 2. */
static ALWAYS_INLINE void add_blocks(vec h[5], const unsigned char *m)
{
    const vec mask = V_SET1(M26);
    const vec a = V_LOADU(m), b = V_LOADU(m + 16 * HALF);
    const vec lo = V_UNPACKLO(a, b), hi = V_UNPACKHI(a, b);
    h[0] = V_ADD(h[0], V_AND(lo, mask));
    h[1] = V_ADD(h[1], V_AND(V_SRL(lo, 26), mask));
    h[2] = V_ADD(h[2], V_AND(V_OR(V_SRL(lo, 52), V_SLL(hi, 12)), mask));
    h[3] = V_ADD(h[3], V_AND(V_SRL(hi, 14), mask));
    h[4] = V_ADD(h[4], V_OR(V_SRL(hi, 40), V_SET1(1 << 24)));
}

static void poly1305_lanes(uint32_t h[5], const uint32_t r[5], const unsigned char *m, size_t n)
{
    uint32_t pow[POLY1305_LANES + 1][5], rg[5]; /* pow[k] = r^k, rg = r^G */
    uint64_t t[5], l[POLY1305_LANES], rl[5][POLY1305_LANES], sl[5][POLY1305_LANES];
    vec H[5], H2[5], R[5], S[5];
    int i, e, k, a;

    /* r^k = r^a r^(k - a), a the greatest power of 2 under k: three multiplications deep for
     * W = 8, where one after the other would be seven. */
    for (i = 0; i < 5; i++) pow[1][i] = r[i];
    for (k = 2, a = 1; k <= POLY1305_LANES; k++) {
        if (2 * a < k) a *= 2;
        for (i = 0; i < 5; i++) pow[k][i] = pow[a][i];
        mul26(pow[k], pow[k - a]);
    }
    for (i = 0; i < 5; i++) rg[i] = pow[POLY1305_LANES][i];
    mul26(rg, pow[POLY1305_LANES]);
    /* The last step's powers for each element (see there), stored now: a vector load of
     * scalar stores just made waits for them (about 90 TSC cycles a call in all, with h's
     * limbs below, on an Intel Xeon Emerald Rapids). */
    for (i = 0; i < 5; i++) {
        for (e = 0; e < POLY1305_LANES; e++) {
            rl[i][e] = pow[POLY1305_LANES - e / 2 - (e % 2) * HALF][i];
            sl[i][e] = rl[i][e] * 5;
        }
    }
    /* These loops over H and H2 unrolled (UNROLL8), or GCC 12 keeps both arrays on the stack and
     * stores them at every step of the main loop. */
    UNROLL8 for (i = 0; i < 5; i++) {
        static const uint64_t first[POLY1305_LANES] = {~(uint64_t)0}; /* h in element 0 */
        R[i] = V_SET1(rg[i]);
        S[i] = V_SET1(rg[i] * 5ull);
        H[i] = V_AND(V_SET1(h[i]), V_LOADU(first));
        H2[i] = V_SET1(0);
    }
    add_blocks(H, m);
    add_blocks(H2, m + 16 * POLY1305_LANES);
    for (m += 16 * GROUP, n -= GROUP; n >= GROUP; m += 16 * GROUP, n -= GROUP) {
#ifdef POLY1305_STEP
        POLY1305_STEP(H, R, S, m);
        POLY1305_STEP(H2, R, S, m + 16 * POLY1305_LANES);
#else
        mul_lanes(H, R, S);
        mul_lanes(H2, R, S);
        add_blocks(H, m);
        add_blocks(H2, m + 16 * POLY1305_LANES);
#endif
    }
    /* The last group's blocks: element e of H holds the one at place p = e / 2 + (e % 2) W / 2,
     * of H2 the one at W + p, and each is to be multiplied by r^(G - place): H by r^W, plus
     * H2, all times r^(W - p). The sums of the limbs are then under 2^28, which the
     * multiplication allows as well (five products under 2^28 times 5 times 2^26.1). */
    for (i = 0; i < 5; i++) {
        R[i] = V_SET1(pow[POLY1305_LANES][i]);
        S[i] = V_SET1(pow[POLY1305_LANES][i] * 5ull);
    }
    mul_lanes(H, R, S);
    UNROLL8 for (i = 0; i < 5; i++) {
        R[i] = V_LOADU(rl[i]);
        S[i] = V_LOADU(sl[i]);
        H[i] = V_ADD(H[i], H2[i]);
    }
    mul_lanes(H, R, S);
    UNROLL8 for (i = 0; i < 5; i++) {
        V_STOREU(l, H[i]);
        for (t[i] = 0, e = 0; e < POLY1305_LANES; e++) t[i] += l[e];
    }
    t[1] += t[0] >> 26; t[2] += t[1] >> 26; t[3] += t[2] >> 26; t[4] += t[3] >> 26;
    t[0] = (t[0] & M26) + (t[4] >> 26) * 5;
    h[0] = (uint32_t)(t[0] & M26);
    h[1] = (uint32_t)((t[1] & M26) + (t[0] >> 26));
    h[2] = (uint32_t)(t[2] & M26);
    h[3] = (uint32_t)(t[3] & M26);
    h[4] = (uint32_t)(t[4] & M26);
    /* r's powers, kept on the stack, wiped with unrolled stores (a memset of them was a rep
     * stosq, slow to start: FSCHACHA20POLY1305_1KB took 2.6% longer) */
    UNROLL8 for (i = 0; i < 5; i++) {
        rg[i] = 0;
        V_STOREU(rl[i], V_SET1(0));
        V_STOREU(sl[i], V_SET1(0));
        UNROLL16 for (k = 0; k <= POLY1305_LANES; k++) pow[k][i] = 0;
    }
    __asm__ __volatile__("" : : "r"(pow), "r"(rg), "r"(rl), "r"(sl) : "memory");
}

#undef M26
#undef HALF
#undef GROUP
