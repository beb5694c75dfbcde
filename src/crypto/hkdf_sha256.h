/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_HKDF_SHA256_H
#define COINCRYPTO_HKDF_SHA256_H

#include <stddef.h>

#include "api.h"
#include "hmac_sha256.h"

COIN_BEGIN_DECLS

#define COIN_HKDF_SHA256_PRK_SIZE 32
#define COIN_HKDF_SHA256_MAX_OUTPUT (255 * 32)

/* HKDF with HMAC-SHA-256 (RFC 5869). Any pointer may be NULL when its length is 0.
 * extract: prk = HMAC(salt, ikm) (an empty salt is HashLen zero bytes, the same key). */
COIN_API void coin_hkdf_sha256_extract(unsigned char prk[COIN_HKDF_SHA256_PRK_SIZE], const unsigned char *salt,
                                       size_t saltlen, const unsigned char *ikm, size_t ikmlen);
/* expand: len bytes of T(1) || T(2) || ... from a pseudorandom key of prklen bytes (at least
 * 32 in RFC 5869's terms) and info. Returns COIN_OK, or COIN_ERR_PARAM (and writes nothing)
 * when len > COIN_HKDF_SHA256_MAX_OUTPUT. */
COIN_API int coin_hkdf_sha256_expand(unsigned char *out, size_t len, const unsigned char *prk, size_t prklen,
                                     const unsigned char *info, size_t infolen);
/* extract, then expand. */
COIN_API int coin_hkdf_sha256(unsigned char *out, size_t len, const unsigned char *ikm, size_t ikmlen,
                              const unsigned char *salt, size_t saltlen, const unsigned char *info, size_t infolen);

/* Bitcoin Core's CHKDF_HMAC_SHA256_L32 (BIP324): a key extracted once, then any number of
 * 32-byte outputs T(1) = HMAC(prk, info || 0x01). The context holds HMAC's midstates keyed
 * with the PRK, so an output with an info shorter than 55 bytes costs two compressions (Core
 * keys HMAC again each time: four). It is key material, a plain struct the caller wipes
 * with coin_hkdf_sha256_l32_clear when done. */
typedef struct coin_hkdf_sha256_l32 {
    coin_hmac_sha256_ctx prk;
} coin_hkdf_sha256_l32;

COIN_API void coin_hkdf_sha256_l32_init(coin_hkdf_sha256_l32 *ctx, const unsigned char *ikm, size_t ikmlen,
                                        const unsigned char *salt, size_t saltlen);
COIN_API void coin_hkdf_sha256_l32_expand32(const coin_hkdf_sha256_l32 *ctx, const unsigned char *info,
                                            size_t infolen, unsigned char out[32]);
COIN_API void coin_hkdf_sha256_l32_clear(coin_hkdf_sha256_l32 *ctx);

COIN_END_DECLS

#endif
