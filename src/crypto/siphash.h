/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_SIPHASH_H
#define COINCRYPTO_SIPHASH_H

/* SipHash-2-4 with a 64-bit output, with the semantics of Bitcoin Core's src/crypto/siphash.h:
 * CSipHasher (coin_siphash_ctx), SipHashUint256 and SipHashUint256Extra on a pre-keyed state
 * (coin_siphash_key, Core's PresaltedSipHasher); and Core's SipHash-1-3-UJ (SipHasher13UJ,
 * the UTXO cache's hash). The key is k0 || k1, each read as a little-endian 64-bit word, as
 * the reference implementation reads its 16-byte key. Portable code only: there are no
 * backends. */

#include <stddef.h>
#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

/* A streaming context: a plain struct, copyable by value (a midstate). */
typedef struct coin_siphash_ctx {
    uint64_t v[4];
    uint64_t tmp;   /* the pending bytes of the current 8-byte word, little-endian */
    uint64_t bytes; /* bytes written so far */
} coin_siphash_ctx;

COIN_API void coin_siphash_init(coin_siphash_ctx *ctx, uint64_t k0, uint64_t k1);
/* data may be NULL when len is 0; it needs no particular alignment. */
COIN_API void coin_siphash_write(coin_siphash_ctx *ctx, const unsigned char *data, size_t len);
/* Writes x as 8 little-endian bytes. Precondition (checked in debug builds): the number of
 * bytes written so far is a multiple of 8, as for Core's CSipHasher::Write(uint64_t). */
COIN_API void coin_siphash_write_u64(coin_siphash_ctx *ctx, uint64_t x);
/* The hash of what was written; ctx is not modified and may be written to further. */
COIN_API uint64_t coin_siphash_finalize(const coin_siphash_ctx *ctx);
COIN_API uint64_t coin_siphash(uint64_t k0, uint64_t k1, const unsigned char *data, size_t len);

/* The state after keying, for the fast paths (Core's PresaltedSipHasher). */
typedef struct coin_siphash_key {
    uint64_t v[4];
} coin_siphash_key;

COIN_API void coin_siphash_key_init(coin_siphash_key *key, uint64_t k0, uint64_t k1);
/* SipHash-2-4 of the 32 bytes of val (Core's SipHashUint256). */
COIN_API uint64_t coin_siphash_uint256(const coin_siphash_key *key, const unsigned char val[32]);
/* SipHash-2-4 of the 36 bytes val || extra as 4 little-endian bytes (SipHashUint256Extra). */
COIN_API uint64_t coin_siphash_uint256_extra(const coin_siphash_key *key, const unsigned char val[32],
                                             uint32_t extra);

/* SipHash-1-3-UJ, Bitcoin Core's SipHasher13UJ: one round per block and three to finalize,
 * over a sequence of blocks rather than bytes, with no padding and a distinct finalizer
 * (v2 ^= 0x6465646461706e75, "unpadded"). A block is a normal one (a 64-bit word) or a jumbo
 * one (32 bytes: four little-endian words d0..d3, xored into (v0,v1,v2,v3) as (d1,d2,d3,d0)
 * before the round and as (d0,d1,d2,d3) after it). Not standard SipHash-1-3: a jumbo block
 * is not four normal ones, and the result of a normal block differs from SipHash-1-3's. */
typedef struct coin_siphash13_ctx {
    uint64_t v[4];
} coin_siphash13_ctx;

COIN_API void coin_siphash13_init(coin_siphash13_ctx *ctx, uint64_t k0, uint64_t k1);
COIN_API void coin_siphash13_write_u64(coin_siphash13_ctx *ctx, uint64_t x);
COIN_API void coin_siphash13_write_jumbo(coin_siphash13_ctx *ctx, const unsigned char val[32]);
/* The hash of the blocks written; ctx is not modified and may be written to further. */
COIN_API uint64_t coin_siphash13_finalize(const coin_siphash13_ctx *ctx);
/* The fast paths, ctx unchanged: the hash after a jumbo block val (SipHasher13UJ::Hash), and
 * after val then the normal block extra. */
COIN_API uint64_t coin_siphash13_uint256(const coin_siphash13_ctx *ctx, const unsigned char val[32]);
COIN_API uint64_t coin_siphash13_uint256_extra(const coin_siphash13_ctx *ctx, const unsigned char val[32],
                                               uint64_t extra);

COIN_END_DECLS

#endif
