/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include "chacha20poly1305.h"
#include "common.h"
#include "poly1305.h"

void coin_chacha20poly1305_init(coin_chacha20poly1305_ctx *ctx, const unsigned char key[32])
{
    coin_chacha20_init(&ctx->c, key);
}

/* The tag over aad and the ciphertext (RFC 8439 section 2.8): the Poly1305 key is the first
 * 32 bytes of block 0 of the nonce's keystream. Leaves the cipher at block 1. */
static void compute_tag(coin_chacha20_ctx *c, uint32_t nonce0, uint64_t nonce1, const unsigned char *aad,
                        size_t aad_len, const unsigned char *cipher, size_t len, unsigned char tag[16])
{
    static const unsigned char zeros[16] = {0};
    unsigned char block0[64], lengths[16];
    coin_poly1305_ctx poly;

    coin_chacha20_seek96(c, nonce0, nonce1, 0);
    coin_chacha20_keystream_blocks(c, block0, 64);
    coin_poly1305_init(&poly, block0);
    memory_cleanse(block0, sizeof(block0));
    coin_poly1305_write(&poly, aad, aad_len);
    coin_poly1305_write(&poly, zeros, (16 - aad_len % 16) % 16);
    coin_poly1305_write(&poly, cipher, len);
    coin_poly1305_write(&poly, zeros, (16 - len % 16) % 16);
    coin_write_le64(lengths, aad_len);
    coin_write_le64(lengths + 8, len);
    coin_poly1305_write(&poly, lengths, 16);
    coin_poly1305_finalize(&poly, tag);
}

void coin_chacha20poly1305_encrypt(coin_chacha20poly1305_ctx *ctx, uint32_t nonce0, uint64_t nonce1,
                                   const unsigned char *aad, size_t aad_len, const unsigned char *plain1, size_t len1,
                                   const unsigned char *plain2, size_t len2, unsigned char *cipher)
{
    coin_chacha20_seek96(&ctx->c, nonce0, nonce1, 1);
    coin_chacha20_crypt(&ctx->c, cipher, plain1, len1);
    coin_chacha20_crypt(&ctx->c, cipher + len1, plain2, len2);
    compute_tag(&ctx->c, nonce0, nonce1, aad, aad_len, cipher, len1 + len2, cipher + len1 + len2);
}

int coin_chacha20poly1305_decrypt(coin_chacha20poly1305_ctx *ctx, uint32_t nonce0, uint64_t nonce1,
                                  const unsigned char *aad, size_t aad_len, const unsigned char *cipher,
                                  size_t cipher_len, unsigned char *plain1, size_t len1, unsigned char *plain2,
                                  size_t len2)
{
    unsigned char tag[16];
    int ok;
    if (cipher_len < 16 || cipher_len - 16 < len1 || cipher_len - 16 - len1 != len2) return COIN_ERR_PARAM;
    compute_tag(&ctx->c, nonce0, nonce1, aad, aad_len, cipher, len1 + len2, tag);
    ok = coin_poly1305_verify(tag, cipher + len1 + len2);
    memory_cleanse(tag, sizeof(tag));
    if (!ok) return COIN_ERR_AUTH;
    coin_chacha20_crypt(&ctx->c, plain1, cipher, len1);
    coin_chacha20_crypt(&ctx->c, plain2, cipher + len1, len2);
    return COIN_OK;
}

void coin_chacha20poly1305_keystream(coin_chacha20poly1305_ctx *ctx, uint32_t nonce0, uint64_t nonce1,
                                     unsigned char *out, size_t len)
{
    coin_chacha20_seek96(&ctx->c, nonce0, nonce1, 1);
    coin_chacha20_keystream(&ctx->c, out, len);
}

void coin_chacha20poly1305_wipe(coin_chacha20poly1305_ctx *ctx)
{
    coin_chacha20_wipe(&ctx->c);
}

void coin_fschacha20poly1305_init(coin_fschacha20poly1305_ctx *ctx, const unsigned char key[32], uint32_t rekey_interval)
{
    coin_chacha20poly1305_init(&ctx->aead, key);
    ctx->rekey_interval = rekey_interval;
    ctx->packet_counter = 0;
    ctx->rekey_counter = 0;
}

static void next_packet(coin_fschacha20poly1305_ctx *ctx)
{
    if (++ctx->packet_counter == ctx->rekey_interval) {
        unsigned char block[64];
        coin_chacha20_seek96(&ctx->aead.c, 0xffffffff, ctx->rekey_counter, 1);
        coin_chacha20_keystream_blocks(&ctx->aead.c, block, 64);
        coin_chacha20_init(&ctx->aead.c, block);
        memory_cleanse(block, sizeof(block));
        ctx->packet_counter = 0;
        ctx->rekey_counter++;
    }
}

void coin_fschacha20poly1305_encrypt(coin_fschacha20poly1305_ctx *ctx, const unsigned char *aad, size_t aad_len,
                                     const unsigned char *plain1, size_t len1, const unsigned char *plain2,
                                     size_t len2, unsigned char *cipher)
{
    coin_chacha20poly1305_encrypt(&ctx->aead, ctx->packet_counter, ctx->rekey_counter, aad, aad_len, plain1, len1,
                                  plain2, len2, cipher);
    next_packet(ctx);
}

int coin_fschacha20poly1305_decrypt(coin_fschacha20poly1305_ctx *ctx, const unsigned char *aad, size_t aad_len,
                                    const unsigned char *cipher, size_t cipher_len, unsigned char *plain1,
                                    size_t len1, unsigned char *plain2, size_t len2)
{
    int r = coin_chacha20poly1305_decrypt(&ctx->aead, ctx->packet_counter, ctx->rekey_counter, aad, aad_len, cipher,
                                          cipher_len, plain1, len1, plain2, len2);
    next_packet(ctx);
    return r;
}

void coin_fschacha20poly1305_wipe(coin_fschacha20poly1305_ctx *ctx)
{
    memory_cleanse(ctx, sizeof(*ctx));
}
