/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_SHA512_LANES_H
#define COINCRYPTO_SHA512_LANES_H

/* Internal template: SHA-512 compression of one block for each lane of a vector, one block
 * and one state per 64-bit lane, so that the rounds are the scalar ones done on every lane
 * (sha2_lanes.h); for batches of short messages, such as the iterations of
 * PBKDF2-HMAC-SHA512. sha512_avx2.c (4 lanes) and sha512_avx512.c (8) include it once each,
 * so that it is compiled with that file's ISA flags only. Not a public header.
 *
 * Before including it, the file includes backends.h and defines, as static inline functions
 * with its ISA's best instructions:
 *   vec                          the vector type, one uint64_t per lane
 *   vec C(uint64_t x)            x in every lane
 *   vec Add(vec x, vec y)        x + y, and Add3(x, y, z) = x + y + z, lane by lane mod 2^64
 *   vec Sigma0(vec), Sigma1(vec), sigma0(vec), sigma1(vec)    as in FIPS 180-4
 *   vec Ch(vec e, vec f, vec g)  (e & f) ^ (~e & g)
 *   vec Maj(vec a, vec b, vec c) the bitwise majority of a, b and c
 *   void load_states(vec st[8], const uint64_t *s)
 *                                st[j] = word j of each lane's state: lane k's is s[8k..8k+7]
 *   void load_blocks(vec w[16], const unsigned char *blocks)
 *                                w[j] = big-endian word j, in host order, of each lane's
 *                                block: lane k's is blocks[128k..128k+127]
 *   void store_states(uint64_t *s, vec st[8])
 *                                the inverse of load_states; st may be clobbered
 * and, as a macro, SHA512_LANES_ENTRY: the name of its entry point in backends.h, e.g.
 * coin_sha512_transform_avx512_8way. The template defines that function,
 *   void SHA512_LANES_ENTRY(uint64_t *s, const unsigned char *blocks);
 * and undefines its macros at the end. */

#ifndef SHA512_LANES_ENTRY
# error "define SHA512_LANES_ENTRY (and the operations listed above) first"
#endif

#define SHA2_LANES_K coin_sha512_k
#include "sha2_lanes.h" /* SHA2_LANES_ROUNDS8, SHA2_LANES_WK_W, SHA2_LANES_WK_SCHED */

void SHA512_LANES_ENTRY(uint64_t *s, const unsigned char *blocks)
{
    vec a, b, c, d, e, f, g, h, w[80], st[8];
    int i;

    load_states(st, s);
    load_blocks(w, blocks);
    SHA2_LANES_COMPRESS(st, 80);
    store_states(s, st);
}

#undef SHA2_LANES_K
#undef SHA2_LANES_ROUND
#undef SHA2_LANES_ROUNDS8
#undef SHA2_LANES_WK_W
#undef SHA2_LANES_WK_SCHED
#undef SHA2_LANES_COMPRESS

#endif
