/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_HMAC_SHA512_H
#define COINCRYPTO_HMAC_SHA512_H

#include <stddef.h>

#include "api.h"
#include "sha512.h"

COIN_BEGIN_DECLS

#define COIN_HMAC_SHA512_OUTPUT_SIZE COIN_SHA512_OUTPUT_SIZE

/* HMAC-SHA-512 (RFC 2104) with a key of any length. The context holds key material: it is
 * wiped by finalize; copy it before finalizing to reuse the keyed state. */
typedef struct coin_hmac_sha512_ctx {
    coin_sha512_ctx inner;
    coin_sha512_ctx outer;
} coin_hmac_sha512_ctx;

COIN_API void coin_hmac_sha512_init(coin_hmac_sha512_ctx *ctx, const unsigned char *key, size_t keylen);
COIN_API void coin_hmac_sha512_write(coin_hmac_sha512_ctx *ctx, const unsigned char *data, size_t len);
COIN_API void coin_hmac_sha512_finalize(coin_hmac_sha512_ctx *ctx, unsigned char out[COIN_HMAC_SHA512_OUTPUT_SIZE]);
COIN_API void coin_hmac_sha512(unsigned char out[COIN_HMAC_SHA512_OUTPUT_SIZE], const unsigned char *key, size_t keylen,
                             const unsigned char *data, size_t len);

/* HMAC-SHA-512 of n messages under one key (BIP32 child derivations under one chain code):
 * out[64*i..] = HMAC(key, msgs[i][0..lens[i])). The key's pads are hashed once; messages of up
 * to 111 bytes (BIP32's are 37) are two compressions each, on the SHA-512 lanes of the BIP39
 * batch (AVX2 4, AVX-512 8 at a time; coin_bip39_seed_batch_backend lists them), longer ones
 * one at a time. No allocation; out must not overlap any message. */
COIN_API void coin_hmac_sha512_many(unsigned char *out, const unsigned char *key, size_t keylen,
                                    const unsigned char *const *msgs, const size_t *lens, size_t n);
/* For tests and benchmarks: the same through the i-th of those lanes backends alone; returns its
 * width, or 0, writing nothing, when it is not usable. */
COIN_API int coin_hmac_sha512_many_with(size_t i, unsigned char *out, const unsigned char *key, size_t keylen,
                                        const unsigned char *const *msgs, const size_t *lens, size_t n);

COIN_END_DECLS

#endif
