/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Keccak-f[1600] absorb with the Armv8.2 SHA-3 instructions (FEAT_SHA3).
 *
 * Compiled with -march=armv8.2-a+sha3 only. The dispatcher calls it only when the operating
 * system reports the SHA3 feature (HWCAP_SHA3 on Linux).
 *
 * Register layout. Lane (x, y) lives in lane 0 of its own vector a[x + 5y] for the whole call;
 * whatever lane 1 holds is never stored. A round is
 *   theta:      c[x] = a[x] ^ a[x+5] ^ ... ^ a[x+20]                    (eor3, eor3)
 *               d[x] = c[x-1] ^ rol(c[x+1], 1)                          (rax1)
 *   rho, pi:    b[y + 5((2x + 3y) % 5)] = rol(a[x + 5y] ^ d[x], r[x][y]) (xar)
 *   chi:        a[x + 5y] = b[x + 5y] ^ (~b[x+1 + 5y] & b[x+2 + 5y])    (bcax, x mod 5)
 *   iota:       a[0] ^= rc.
 * The d are made in the order that frees a c each time, and each column of rho and pi follows
 * its d, so at most 31 vectors are live: the state stays in the 32 registers. The order of the
 * chi rows is free; rows 4, 3, 0, 1, 2 is the one clang allocates without moves. */

#include <arm_neon.h>

#include "backends.h"

#if defined(__AARCH64EB__)
# error "keccak_armv82.c supports little-endian AArch64 only"
#endif

/* rol(a ^ d, r) for 0 < r < 64; xar rotates right. */
#define ROL_XOR(a, d, r) vxarq_u64((a), (d), 64 - (r))

/* Chi on one row, from b0..b4 into o0..o4. */
#define CHI(o0, o1, o2, o3, o4, b0, b1, b2, b3, b4) \
    do {                                            \
        (o0) = vbcaxq_u64((b0), (b2), (b1));        \
        (o1) = vbcaxq_u64((b1), (b3), (b2));        \
        (o2) = vbcaxq_u64((b2), (b4), (b3));        \
        (o3) = vbcaxq_u64((b3), (b0), (b4));        \
        (o4) = vbcaxq_u64((b4), (b1), (b0));        \
    } while (0)

/* A little-endian lane from any address, in lane 0. */
static inline uint64x2_t load_lane(const unsigned char *p)
{
    return vcombine_u64(vreinterpret_u64_u8(vld1_u8(p)), vdup_n_u64(0));
}

#define LOAD(i) (a##i = vcombine_u64(vld1_u64(st + (i)), vdup_n_u64(0)))
#define STORE(i) vst1_u64(st + (i), vget_low_u64(a##i))
/* XOR message lane i into a##i if the rate covers it. */
#define ABSORB(i) \
    if (lanes > (i)) a##i = veorq_u64(a##i, load_lane(data + 8 * (i)))

void coin_keccak_absorb_armv82(uint64_t st[25], const unsigned char *data, size_t n, size_t rate)
{
    const size_t lanes = rate / 8;
    uint64x2_t a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12;
    uint64x2_t a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24;

    if (n == 0) return;
    LOAD(0);  LOAD(1);  LOAD(2);  LOAD(3);  LOAD(4);  LOAD(5);  LOAD(6);  LOAD(7);  LOAD(8);
    LOAD(9);  LOAD(10); LOAD(11); LOAD(12); LOAD(13); LOAD(14); LOAD(15); LOAD(16); LOAD(17);
    LOAD(18); LOAD(19); LOAD(20); LOAD(21); LOAD(22); LOAD(23); LOAD(24);

    do {
        int i;

        if (lanes) { /* with rate 0, data may be NULL: no arithmetic on it */
            ABSORB(0);  ABSORB(1);  ABSORB(2);  ABSORB(3);  ABSORB(4);  ABSORB(5);  ABSORB(6);
            ABSORB(7);  ABSORB(8);  ABSORB(9);  ABSORB(10); ABSORB(11); ABSORB(12); ABSORB(13);
            ABSORB(14); ABSORB(15); ABSORB(16); ABSORB(17); ABSORB(18); ABSORB(19); ABSORB(20);
            data += rate;
        }

        for (i = 0; i < 24; i++) {
            const uint64x2_t c0 = veor3q_u64(veor3q_u64(a0, a5, a10), a15, a20);
            const uint64x2_t c1 = veor3q_u64(veor3q_u64(a1, a6, a11), a16, a21);
            const uint64x2_t c2 = veor3q_u64(veor3q_u64(a2, a7, a12), a17, a22);
            const uint64x2_t c3 = veor3q_u64(veor3q_u64(a3, a8, a13), a18, a23);
            const uint64x2_t c4 = veor3q_u64(veor3q_u64(a4, a9, a14), a19, a24);

            const uint64x2_t d0 = vrax1q_u64(c4, c1);
            const uint64x2_t b0 = veorq_u64(a0, d0);
            const uint64x2_t b16 = ROL_XOR(a5, d0, 36);
            const uint64x2_t b7 = ROL_XOR(a10, d0, 3);
            const uint64x2_t b23 = ROL_XOR(a15, d0, 41);
            const uint64x2_t b14 = ROL_XOR(a20, d0, 18);

            const uint64x2_t d2 = vrax1q_u64(c1, c3);
            const uint64x2_t b20 = ROL_XOR(a2, d2, 62);
            const uint64x2_t b11 = ROL_XOR(a7, d2, 6);
            const uint64x2_t b2 = ROL_XOR(a12, d2, 43);
            const uint64x2_t b18 = ROL_XOR(a17, d2, 15);
            const uint64x2_t b9 = ROL_XOR(a22, d2, 61);

            const uint64x2_t d4 = vrax1q_u64(c3, c0);
            const uint64x2_t b15 = ROL_XOR(a4, d4, 27);
            const uint64x2_t b6 = ROL_XOR(a9, d4, 20);
            const uint64x2_t b22 = ROL_XOR(a14, d4, 39);
            const uint64x2_t b13 = ROL_XOR(a19, d4, 8);
            const uint64x2_t b4 = ROL_XOR(a24, d4, 14);

            const uint64x2_t d1 = vrax1q_u64(c0, c2);
            const uint64x2_t b10 = ROL_XOR(a1, d1, 1);
            const uint64x2_t b1 = ROL_XOR(a6, d1, 44);
            const uint64x2_t b17 = ROL_XOR(a11, d1, 10);
            const uint64x2_t b8 = ROL_XOR(a16, d1, 45);
            const uint64x2_t b24 = ROL_XOR(a21, d1, 2);

            const uint64x2_t d3 = vrax1q_u64(c2, c4);
            const uint64x2_t b5 = ROL_XOR(a3, d3, 28);
            const uint64x2_t b21 = ROL_XOR(a8, d3, 55);
            const uint64x2_t b12 = ROL_XOR(a13, d3, 25);
            const uint64x2_t b3 = ROL_XOR(a18, d3, 21);
            const uint64x2_t b19 = ROL_XOR(a23, d3, 56);

            CHI(a20, a21, a22, a23, a24, b20, b21, b22, b23, b24);
            CHI(a15, a16, a17, a18, a19, b15, b16, b17, b18, b19);
            CHI(a0, a1, a2, a3, a4, b0, b1, b2, b3, b4);
            CHI(a5, a6, a7, a8, a9, b5, b6, b7, b8, b9);
            CHI(a10, a11, a12, a13, a14, b10, b11, b12, b13, b14);
            a0 = veorq_u64(a0, vld1q_dup_u64(&coin_keccak_rc[i]));
        }
    } while (--n);

    STORE(0);  STORE(1);  STORE(2);  STORE(3);  STORE(4);  STORE(5);  STORE(6);  STORE(7);
    STORE(8);  STORE(9);  STORE(10); STORE(11); STORE(12); STORE(13); STORE(14); STORE(15);
    STORE(16); STORE(17); STORE(18); STORE(19); STORE(20); STORE(21); STORE(22); STORE(23);
    STORE(24);
}
