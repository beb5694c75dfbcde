/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Internal: a Keccak-f[1600] round on named 64-bit lanes, as the Keccak team's optimised
 * 64-bit code has it, for the portable code (keccak.c) and the x86 BMI build of it
 * (keccak_avx2.c). Lanes are named by row (b g k m s: y = 0..4) and column (a e i o u:
 * x = 0..4), Aba .. Asu for one state and Eba .. Esu for the next; theta, rho and pi are
 * folded into the loads of chi. CHI(E, r, x) writes row r of E from Ba .. Bu, and XORs x into
 * its first lane (iota: the round constant in row b, 0 in the others); the including
 * file gives it: the plain chi, E[x] = B[x] ^ (~B[x+1] & B[x+2]), where the CPU has and-not,
 * or one on lanes kept complemented, where it has not. */

#ifndef COINCRYPTO_KECCAK_ROUND_H
#define COINCRYPTO_KECCAK_ROUND_H

#include <stdint.h>

#include "common.h"

#define KECCAK_LANES(X) X##ba, X##be, X##bi, X##bo, X##bu, X##ga, X##ge, X##gi, X##go, X##gu, \
                        X##ka, X##ke, X##ki, X##ko, X##ku, X##ma, X##me, X##mi, X##mo, X##mu, \
                        X##sa, X##se, X##si, X##so, X##su

#define KECCAK_ROUND(A, E, rc, CHI)                                                           \
    do {                                                                                      \
        uint64_t Ca = A##ba ^ A##ga ^ A##ka ^ A##ma ^ A##sa, Ce = A##be ^ A##ge ^ A##ke ^ A##me ^ A##se; \
        uint64_t Ci = A##bi ^ A##gi ^ A##ki ^ A##mi ^ A##si, Co = A##bo ^ A##go ^ A##ko ^ A##mo ^ A##so; \
        uint64_t Cu = A##bu ^ A##gu ^ A##ku ^ A##mu ^ A##su;                                  \
        uint64_t Da = Cu ^ rotl64(Ce, 1), De = Ca ^ rotl64(Ci, 1), Di = Ce ^ rotl64(Co, 1);   \
        uint64_t Do = Ci ^ rotl64(Cu, 1), Du = Co ^ rotl64(Ca, 1);                            \
        uint64_t Ba, Be, Bi, Bo, Bu;                                                          \
        Ba = A##ba ^ Da; Be = rotl64(A##ge ^ De, 44); Bi = rotl64(A##ki ^ Di, 43);            \
        Bo = rotl64(A##mo ^ Do, 21); Bu = rotl64(A##su ^ Du, 14);                             \
        CHI(E, b, rc);                                                                        \
        Ba = rotl64(A##bo ^ Do, 28); Be = rotl64(A##gu ^ Du, 20); Bi = rotl64(A##ka ^ Da, 3); \
        Bo = rotl64(A##me ^ De, 45); Bu = rotl64(A##si ^ Di, 61);                             \
        CHI(E, g, 0);                                                                         \
        Ba = rotl64(A##be ^ De, 1); Be = rotl64(A##gi ^ Di, 6); Bi = rotl64(A##ko ^ Do, 25);  \
        Bo = rotl64(A##mu ^ Du, 8); Bu = rotl64(A##sa ^ Da, 18);                              \
        CHI(E, k, 0);                                                                         \
        Ba = rotl64(A##bu ^ Du, 27); Be = rotl64(A##ga ^ Da, 36); Bi = rotl64(A##ke ^ De, 10); \
        Bo = rotl64(A##mi ^ Di, 15); Bu = rotl64(A##so ^ Do, 56);                             \
        CHI(E, m, 0);                                                                         \
        Ba = rotl64(A##bi ^ Di, 62); Be = rotl64(A##go ^ Do, 55); Bi = rotl64(A##ku ^ Du, 39); \
        Bo = rotl64(A##ma ^ Da, 41); Bu = rotl64(A##se ^ De, 2);                              \
        CHI(E, s, 0);                                                                         \
    } while (0)

/* The plain chi. */
#define KECCAK_CHI(E, r, x)                                                                   \
    do {                                                                                      \
        E##r##a = Ba ^ (~Be & Bi) ^ (x); E##r##e = Be ^ (~Bi & Bo); E##r##i = Bi ^ (~Bo & Bu); \
        E##r##o = Bo ^ (~Bu & Ba); E##r##u = Bu ^ (~Ba & Be);                                 \
    } while (0)

/* Keccak-f[1600] on st (lane (x, y) at st[x + 5 y]) with the chi CHI: two rounds a loop turn,
 * A to E and back. */
#define KECCAK_PERMUTE(st, CHI)                                                               \
    do {                                                                                      \
        uint64_t KECCAK_LANES(A), KECCAK_LANES(E);                                            \
        int i_;                                                                               \
        Aba = st[0]; Abe = st[1]; Abi = st[2]; Abo = st[3]; Abu = st[4];                      \
        Aga = st[5]; Age = st[6]; Agi = st[7]; Ago = st[8]; Agu = st[9];                      \
        Aka = st[10]; Ake = st[11]; Aki = st[12]; Ako = st[13]; Aku = st[14];                 \
        Ama = st[15]; Ame = st[16]; Ami = st[17]; Amo = st[18]; Amu = st[19];                 \
        Asa = st[20]; Ase = st[21]; Asi = st[22]; Aso = st[23]; Asu = st[24];                 \
        for (i_ = 0; i_ < 24; i_ += 2) {                                                      \
            KECCAK_ROUND(A, E, coin_keccak_rc[i_], CHI);                                      \
            KECCAK_ROUND(E, A, coin_keccak_rc[i_ + 1], CHI);                                  \
        }                                                                                     \
        st[0] = Aba; st[1] = Abe; st[2] = Abi; st[3] = Abo; st[4] = Abu;                      \
        st[5] = Aga; st[6] = Age; st[7] = Agi; st[8] = Ago; st[9] = Agu;                      \
        st[10] = Aka; st[11] = Ake; st[12] = Aki; st[13] = Ako; st[14] = Aku;                 \
        st[15] = Ama; st[16] = Ame; st[17] = Ami; st[18] = Amo; st[19] = Amu;                 \
        st[20] = Asa; st[21] = Ase; st[22] = Asi; st[23] = Aso; st[24] = Asu;                 \
    } while (0)

#endif
