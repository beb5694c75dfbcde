/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Keccak-f[1600] sponge absorb with AVX-512.
 *
 * Compiled with -mavx512f -mavx512vl -mavx512bw -mavx512dq only; the dispatcher calls it
 * when CPUID and XGETBV report AVX-512 F, VL, BW and DQ with the ZMM state enabled.
 *
 * Layout. Plane y of the state, lanes x = 0..4, sits in slots 0..4 of the zmm register a_y;
 * slots 5..7 carry garbage that no permute ever moves into slots 0..4. The state stays in
 * these five registers across all the blocks.
 *
 * Round. Theta's column parities are two vpternlogq over the five rows, and
 * D[x] = C[x-1] ^ rol(C[x+1], 1) needs two vpermq. Pi comes first: plane Y of pi's output
 * consists of the lanes (3Y+X, X), X = 0..4, one from each row and each in its own slot
 * x = 3Y+X (mod 5), so blends of the five rows gather it without moving any lane. Theta (D
 * depends only on the slot) and rho (a per-register vector of rotation counts for vprolvq)
 * are then applied to the gathered planes q_Y; the blends do not wait for the parities.
 * In q_Y the lane of column X is in slot 3Y+X, so chi, which combines columns X, X+1 and X+2
 * into slot X of the new row, takes q_Y rotated by 3Y, 3Y+1 and 3Y+2 slots (one of these
 * is the identity for rows 0, 1 and 3): twelve vpermq. Iota touches slot 0 of row 0. */

#include <immintrin.h>

#include "backends.h"

typedef __m512i vec;

/* vpternlogq(a, b, c, table): bit (a << 2) | (b << 1) | c of table is the result. a is also the
 * destination, and on Zen 5 its latency is a cycle shorter than that of b or c (2 against 3),
 * so the input that is ready last goes first. */
#define XOR3(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0x96)
/* Chi's a ^ (~b & c), with a, b or c as the first operand. */
#define CHI_A(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0xD2)
#define CHI_B(b, a, c) _mm512_ternarylogic_epi64(b, a, c, 0xC6)
#define CHI_C(c, a, b) _mm512_ternarylogic_epi64(c, a, b, 0x9C)

/* Slot x of ROT(t, v) is slot x + t (mod 5) of v. */
#define ROT(t, v) _mm512_permutexvar_epi64(rot##t, v)

/* x hidden from the optimiser. Without it clang merges pairs of blends into vinserti32x4, which
 * takes a slot on the two shuffle pipes that the vpermq need, and moves cp out of vpternlogq's
 * first operand; with it both compilers also schedule the parities ahead of the blends (about
 * 3% faster with gcc, 7% with clang). */
static inline vec opaque(vec x)
{
    COIN_OPAQUE_VEC(x);
    return x;
}

/* Plane y of pi's output: row X goes to slot X + 3y (mod 5). a0 is blended in last, as it is
 * ready last (iota). */
static inline vec pi_plane(vec a0, vec a1, vec a2, vec a3, vec a4, unsigned y)
{
    vec q = _mm512_mask_blend_epi64((__mmask8)(1u << ((2 + 3 * y) % 5)), a1, opaque(a2));
    q = _mm512_mask_blend_epi64((__mmask8)(1u << ((3 + 3 * y) % 5)), q, opaque(a3));
    q = _mm512_mask_blend_epi64((__mmask8)(1u << ((4 + 3 * y) % 5)), q, opaque(a4));
    return _mm512_mask_blend_epi64((__mmask8)(1u << (3 * y % 5)), q, opaque(a0));
}

void coin_keccak_absorb_avx512(uint64_t st[25], const unsigned char *data, size_t n, size_t rate)
{
    const vec rot1 = _mm512_setr_epi64(1, 2, 3, 4, 0, 5, 6, 7);
    const vec rot2 = _mm512_setr_epi64(2, 3, 4, 0, 1, 5, 6, 7);
    const vec rot3 = _mm512_setr_epi64(3, 4, 0, 1, 2, 5, 6, 7);
    const vec rot4 = _mm512_setr_epi64(4, 0, 1, 2, 3, 5, 6, 7);
    /* Rho's rotation counts for the lanes in slots 0..4 of q_0..q_4. */
    const vec rho0 = _mm512_setr_epi64(0, 44, 43, 21, 14, 0, 0, 0);
    const vec rho1 = _mm512_setr_epi64(3, 45, 61, 28, 20, 0, 0, 0);
    const vec rho2 = _mm512_setr_epi64(18, 1, 6, 25, 8, 0, 0, 0);
    const vec rho3 = _mm512_setr_epi64(36, 10, 15, 56, 27, 0, 0, 0);
    const vec rho4 = _mm512_setr_epi64(41, 2, 62, 55, 39, 0, 0, 0);
    /* Data lanes 5y..5y+4 go to row y: its load mask, and its offset in the block (0 where the
     * mask is empty, so that no address lies past the block). */
    const size_t lanes = rate / 8;
    const unsigned all = (1u << lanes) - 1;
    const __mmask8 m0 = (__mmask8)(all & 31), m1 = (__mmask8)((all >> 5) & 31);
    const __mmask8 m2 = (__mmask8)((all >> 10) & 31), m3 = (__mmask8)((all >> 15) & 31);
    const __mmask8 m4 = (__mmask8)((all >> 20) & 31);
    const size_t o1 = m1 ? 40 : 0, o2 = m2 ? 80 : 0, o3 = m3 ? 120 : 0, o4 = m4 ? 160 : 0;
    vec a0 = _mm512_maskz_loadu_epi64(31, st), a1 = _mm512_maskz_loadu_epi64(31, st + 5);
    vec a2 = _mm512_maskz_loadu_epi64(31, st + 10), a3 = _mm512_maskz_loadu_epi64(31, st + 15);
    vec a4 = _mm512_maskz_loadu_epi64(31, st + 20);

    while (n--) {
        int r;
        if (lanes) {
            a0 = _mm512_xor_si512(a0, _mm512_maskz_loadu_epi64(m0, data));
            a1 = _mm512_xor_si512(a1, _mm512_maskz_loadu_epi64(m1, data + o1));
            a2 = _mm512_xor_si512(a2, _mm512_maskz_loadu_epi64(m2, data + o2));
            a3 = _mm512_xor_si512(a3, _mm512_maskz_loadu_epi64(m3, data + o3));
            a4 = _mm512_xor_si512(a4, _mm512_maskz_loadu_epi64(m4, data + o4));
            data += rate;
        }
        for (r = 0; r < 24; r++) {
            const vec c = XOR3(XOR3(a1, a2, a3), a4, a0);
            const vec cm = ROT(4, c), cp = ROT(1, _mm512_rol_epi64(c, 1));
            vec q0 = pi_plane(a0, a1, a2, a3, a4, 0), q1 = pi_plane(a0, a1, a2, a3, a4, 1);
            vec q2 = pi_plane(a0, a1, a2, a3, a4, 2), q3 = pi_plane(a0, a1, a2, a3, a4, 3);
            vec q4 = pi_plane(a0, a1, a2, a3, a4, 4);
            q0 = _mm512_rolv_epi64(XOR3(opaque(cp), q0, cm), rho0);
            q1 = _mm512_rolv_epi64(XOR3(opaque(cp), q1, cm), rho1);
            q2 = _mm512_rolv_epi64(XOR3(opaque(cp), q2, cm), rho2);
            q3 = _mm512_rolv_epi64(XOR3(opaque(cp), q3, cm), rho3);
            q4 = _mm512_rolv_epi64(XOR3(opaque(cp), q4, cm), rho4);
            a0 = CHI_C(ROT(2, q0), q0, ROT(1, q0));
            a0 = _mm512_mask_xor_epi64(a0, 1, a0, _mm512_set1_epi64((long long)coin_keccak_rc[r]));
            a1 = CHI_B(ROT(4, q1), ROT(3, q1), q1);
            a2 = CHI_A(ROT(1, q2), ROT(2, q2), ROT(3, q2));
            a3 = CHI_C(ROT(1, q3), ROT(4, q3), q3);
            a4 = CHI_A(ROT(2, q4), ROT(3, q4), ROT(4, q4));
        }
    }

    _mm512_mask_storeu_epi64(st, 31, a0);
    _mm512_mask_storeu_epi64(st + 5, 31, a1);
    _mm512_mask_storeu_epi64(st + 10, 31, a2);
    _mm512_mask_storeu_epi64(st + 15, 31, a3);
    _mm512_mask_storeu_epi64(st + 20, 31, a4);
}
