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

COIN_END_DECLS

#endif
