/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <string.h>

#include "common.h"
#include "hkdf_sha256.h"

void coin_hkdf_sha256_extract(unsigned char prk[32], const unsigned char *salt, size_t saltlen,
                              const unsigned char *ikm, size_t ikmlen)
{
    /* RFC 5869: an absent salt is HashLen zeros; as an HMAC key that is the empty key. */
    coin_hmac_sha256(prk, salt, saltlen, ikm, ikmlen);
}

/* T(i) = HMAC(prk, T(i-1) || info || i), T(0) empty, from a keyed context. */
static void expand_keyed(const coin_hmac_sha256_ctx *keyed, unsigned char *out, size_t len,
                         const unsigned char *info, size_t infolen)
{
    unsigned char t[32];
    unsigned char i = 1;
    coin_hmac_sha256_ctx c;
    size_t n;
    while (len > 0) {
        c = *keyed;
        if (i > 1) coin_hmac_sha256_write(&c, t, sizeof(t));
        coin_hmac_sha256_write(&c, info, infolen);
        coin_hmac_sha256_write(&c, &i, 1);
        coin_hmac_sha256_finalize(&c, t);
        n = len < sizeof(t) ? len : sizeof(t);
        memcpy(out, t, n);
        out += n;
        len -= n;
        i++;
    }
    memory_cleanse(t, sizeof(t));
}

int coin_hkdf_sha256_expand(unsigned char *out, size_t len, const unsigned char *prk, size_t prklen,
                            const unsigned char *info, size_t infolen)
{
    coin_hmac_sha256_ctx keyed;
    if (len > COIN_HKDF_SHA256_MAX_OUTPUT) return COIN_ERR_PARAM;
    coin_hmac_sha256_init(&keyed, prk, prklen);
    expand_keyed(&keyed, out, len, info, infolen);
    memory_cleanse(&keyed, sizeof(keyed));
    return COIN_OK;
}

int coin_hkdf_sha256(unsigned char *out, size_t len, const unsigned char *ikm, size_t ikmlen,
                     const unsigned char *salt, size_t saltlen, const unsigned char *info, size_t infolen)
{
    unsigned char prk[32];
    int ret;
    if (len > COIN_HKDF_SHA256_MAX_OUTPUT) return COIN_ERR_PARAM;
    coin_hkdf_sha256_extract(prk, salt, saltlen, ikm, ikmlen);
    ret = coin_hkdf_sha256_expand(out, len, prk, sizeof(prk), info, infolen);
    memory_cleanse(prk, sizeof(prk));
    return ret;
}

void coin_hkdf_sha256_l32_init(coin_hkdf_sha256_l32 *ctx, const unsigned char *ikm, size_t ikmlen,
                               const unsigned char *salt, size_t saltlen)
{
    unsigned char prk[32];
    coin_hkdf_sha256_extract(prk, salt, saltlen, ikm, ikmlen);
    coin_hmac_sha256_init(&ctx->prk, prk, sizeof(prk));
    memory_cleanse(prk, sizeof(prk));
}

void coin_hkdf_sha256_l32_expand32(const coin_hkdf_sha256_l32 *ctx, const unsigned char *info, size_t infolen,
                                   unsigned char out[32])
{
    expand_keyed(&ctx->prk, out, 32, info, infolen);
}

void coin_hkdf_sha256_l32_clear(coin_hkdf_sha256_l32 *ctx)
{
    memory_cleanse(ctx, sizeof(*ctx));
}
