/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <string.h>

#include "common.h"
#include "hmac_sha512.h"

void coin_hmac_sha512_init(coin_hmac_sha512_ctx *ctx, const unsigned char *key, size_t keylen)
{
    unsigned char rkey[128];
    size_t i;

    memset(rkey, 0, sizeof(rkey));
    if (keylen > sizeof(rkey)) {
        /* hashed through a context wiped here: the one-shot hash leaves the key's last
         * partial block in its own, on the stack */
        coin_sha512_ctx h;
        coin_sha512_init(&h);
        coin_sha512_write(&h, key, keylen);
        coin_sha512_finalize(&h, rkey);
        memory_cleanse(&h, sizeof(h));
    } else if (keylen) {
        memcpy(rkey, key, keylen);
    }
    for (i = 0; i < sizeof(rkey); i++) rkey[i] ^= 0x5c;
    coin_sha512_init(&ctx->outer);
    coin_sha512_write(&ctx->outer, rkey, sizeof(rkey));
    for (i = 0; i < sizeof(rkey); i++) rkey[i] ^= 0x5c ^ 0x36;
    coin_sha512_init(&ctx->inner);
    coin_sha512_write(&ctx->inner, rkey, sizeof(rkey));
    memory_cleanse(rkey, sizeof(rkey));
}

void coin_hmac_sha512_write(coin_hmac_sha512_ctx *ctx, const unsigned char *data, size_t len)
{
    coin_sha512_write(&ctx->inner, data, len);
}

void coin_hmac_sha512_finalize(coin_hmac_sha512_ctx *ctx, unsigned char out[64])
{
    unsigned char inner[64];
    coin_sha512_finalize(&ctx->inner, inner);
    coin_sha512_write(&ctx->outer, inner, sizeof(inner));
    coin_sha512_finalize(&ctx->outer, out);
    memory_cleanse(inner, sizeof(inner));
    memory_cleanse(ctx, sizeof(*ctx));
}

void coin_hmac_sha512(unsigned char out[64], const unsigned char *key, size_t keylen,
                     const unsigned char *data, size_t len)
{
    coin_hmac_sha512_ctx ctx;
    coin_hmac_sha512_init(&ctx, key, keylen);
    coin_hmac_sha512_write(&ctx, data, len);
    coin_hmac_sha512_finalize(&ctx, out);
}
