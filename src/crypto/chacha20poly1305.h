/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_CHACHA20POLY1305_H
#define COINCRYPTO_CHACHA20POLY1305_H

/* The AEAD_CHACHA20_POLY1305 construction of RFC 8439 section 2.8, and BIP324's
 * FSChaCha20Poly1305, with the semantics of Bitcoin Core's src/crypto/chacha20poly1305.h.
 * The nonce is Core's Nonce96 (see chacha20.h: the RFC's first 4 bytes as a little-endian
 * 32-bit number nonce0, the last 8 as a 64-bit one nonce1). A message may be given in two
 * parts (plain1 then plain2, either may be empty), as BIP324's length and contents. */

#include <stddef.h>
#include <stdint.h>

#include "api.h"
#include "chacha20.h"

COIN_BEGIN_DECLS

#define COIN_CHACHA20POLY1305_KEY_SIZE 32
#define COIN_CHACHA20POLY1305_TAG_SIZE 16 /* the expansion: ciphertext = plaintext + tag */

/* The AEAD under one key: a plain struct; it holds the key: wipe it when done. */
typedef struct coin_chacha20poly1305_ctx {
    coin_chacha20_ctx c;
} coin_chacha20poly1305_ctx;

COIN_API void coin_chacha20poly1305_init(coin_chacha20poly1305_ctx *ctx, const unsigned char key[32]);
/* cipher gets the len1 + len2 bytes of encrypted plain1 || plain2, then the 16-byte tag over
 * them and the aad_len bytes of aad. A pointer may be NULL when its length is 0; cipher may
 * be plain1 itself (encryption in place) when len2 is 0, and otherwise overlaps neither. */
COIN_API void coin_chacha20poly1305_encrypt(coin_chacha20poly1305_ctx *ctx, uint32_t nonce0, uint64_t nonce1,
                                            const unsigned char *aad, size_t aad_len,
                                            const unsigned char *plain1, size_t len1,
                                            const unsigned char *plain2, size_t len2, unsigned char *cipher);
/* Checks the tag of cipher (cipher_len = len1 + len2 + 16 bytes, or COIN_ERR_PARAM), and only
 * when it is authentic decrypts into plain1 (len1 bytes) and plain2 (len2): COIN_OK, or
 * COIN_ERR_AUTH with plain1 and plain2 untouched. plain1 may be cipher itself when len2 is 0. */
COIN_API int coin_chacha20poly1305_decrypt(coin_chacha20poly1305_ctx *ctx, uint32_t nonce0, uint64_t nonce1,
                                           const unsigned char *aad, size_t aad_len,
                                           const unsigned char *cipher, size_t cipher_len,
                                           unsigned char *plain1, size_t len1, unsigned char *plain2, size_t len2);
/* The keystream that encrypts a message under this nonce (ChaCha20 from block 1). */
COIN_API void coin_chacha20poly1305_keystream(coin_chacha20poly1305_ctx *ctx, uint32_t nonce0, uint64_t nonce1,
                                              unsigned char *out, size_t len);
COIN_API void coin_chacha20poly1305_wipe(coin_chacha20poly1305_ctx *ctx);

/* BIP324's FSChaCha20Poly1305: message i after the last rekey has the nonce {i, rekeys};
 * after every rekey_interval messages, the key becomes the first 32 bytes of the keystream
 * of nonce {0xffffffff, rekeys}. A failed decryption counts as a message. */
typedef struct coin_fschacha20poly1305_ctx {
    coin_chacha20poly1305_ctx aead;
    uint32_t rekey_interval; /* at least 1 */
    uint32_t packet_counter;
    uint64_t rekey_counter;
} coin_fschacha20poly1305_ctx;

COIN_API void coin_fschacha20poly1305_init(coin_fschacha20poly1305_ctx *ctx, const unsigned char key[32],
                                           uint32_t rekey_interval);
COIN_API void coin_fschacha20poly1305_encrypt(coin_fschacha20poly1305_ctx *ctx, const unsigned char *aad, size_t aad_len,
                                              const unsigned char *plain1, size_t len1,
                                              const unsigned char *plain2, size_t len2, unsigned char *cipher);
COIN_API int coin_fschacha20poly1305_decrypt(coin_fschacha20poly1305_ctx *ctx, const unsigned char *aad, size_t aad_len,
                                             const unsigned char *cipher, size_t cipher_len,
                                             unsigned char *plain1, size_t len1, unsigned char *plain2, size_t len2);
COIN_API void coin_fschacha20poly1305_wipe(coin_fschacha20poly1305_ctx *ctx);

COIN_END_DECLS

#endif
