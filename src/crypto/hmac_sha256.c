/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <string.h>

#include "common.h"
#include "hmac_sha256.h"

void coin_hmac_sha256_init(coin_hmac_sha256_ctx *ctx, const unsigned char *key, size_t keylen)
{
    unsigned char rkey[64];
    size_t i;

    memset(rkey, 0, sizeof(rkey));
    if (keylen > sizeof(rkey)) {
        /* hashed through a context wiped here: the one-shot hash leaves the key's last
         * partial block in its own, on the stack */
        coin_sha256_ctx h;
        coin_sha256_init(&h);
        coin_sha256_write(&h, key, keylen);
        coin_sha256_finalize(&h, rkey);
        memory_cleanse(&h, sizeof(h));
    } else if (keylen) {
        memcpy(rkey, key, keylen);
    }
    for (i = 0; i < sizeof(rkey); i++) rkey[i] ^= 0x5c;
    coin_sha256_init(&ctx->outer);
    coin_sha256_write(&ctx->outer, rkey, sizeof(rkey));
    for (i = 0; i < sizeof(rkey); i++) rkey[i] ^= 0x5c ^ 0x36;
    coin_sha256_init(&ctx->inner);
    coin_sha256_write(&ctx->inner, rkey, sizeof(rkey));
    memory_cleanse(rkey, sizeof(rkey));
}

void coin_hmac_sha256_write(coin_hmac_sha256_ctx *ctx, const unsigned char *data, size_t len)
{
    coin_sha256_write(&ctx->inner, data, len);
}

void coin_hmac_sha256_finalize(coin_hmac_sha256_ctx *ctx, unsigned char out[32])
{
    unsigned char inner[32];
    coin_sha256_finalize(&ctx->inner, inner);
    coin_sha256_write(&ctx->outer, inner, sizeof(inner));
    coin_sha256_finalize(&ctx->outer, out);
    memory_cleanse(inner, sizeof(inner));
    memory_cleanse(ctx, sizeof(*ctx));
}

void coin_hmac_sha256(unsigned char out[32], const unsigned char *key, size_t keylen,
                     const unsigned char *data, size_t len)
{
    coin_hmac_sha256_ctx ctx;
    coin_hmac_sha256_init(&ctx, key, keylen);
    coin_hmac_sha256_write(&ctx, data, len);
    coin_hmac_sha256_finalize(&ctx, out);
}
