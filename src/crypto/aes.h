/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_AES_H
#define COINCRYPTO_AES_H

/* AES-256 (FIPS 197): single blocks and CBC with optional PKCS#7 padding, as the wallets of
 * Bitcoin Core and Dogecoin encrypt their keys. The portable code is bitsliced and constant
 * time (no table indexed by key or data); AES-NI and the ARMv8 AES instructions run where the
 * CPU has them. */

#include <stddef.h>
#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

#define COIN_AES_BLOCK_SIZE 16
#define COIN_AES256_KEY_SIZE 32
#define COIN_AES128_KEY_SIZE 16

/* An expanded key, for both directions: a plain struct, copyable by value. Its layout belongs
 * to the backend selected when it was set up, which it keeps using. It holds the key: wipe it
 * with coin_aes256_wipe when done. */
typedef struct coin_aes256_ctx {
    union {
        uint64_t sliced[15][8];        /* the portable code's bitsliced round keys */
        unsigned char rk[2][15][16];   /* the hardware's: encryption, then decryption */
    } k;
    uint32_t backend;
    uint32_t rounds;                   /* 14, or 10 for AES-128 */
} coin_aes256_ctx;

COIN_API void coin_aes256_init(coin_aes256_ctx *ctx, const unsigned char key[COIN_AES256_KEY_SIZE]);
/* AES-128, for Dogecoin's <crypto/aes.h>: the context then runs AES-128 through every function
 * below. */
COIN_API void coin_aes128_init(coin_aes256_ctx *ctx, const unsigned char key[COIN_AES128_KEY_SIZE]);
COIN_API void coin_aes256_wipe(coin_aes256_ctx *ctx);

/* Encrypt or decrypt `blocks` independent 16-byte blocks (ECB); out may be in itself, or not
 * overlap it. */
COIN_API void coin_aes256_encrypt(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks);
COIN_API void coin_aes256_decrypt(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks);

/* CBC from the initial vector iv; out may be in itself, or not overlap it. Both return the
 * number of bytes of the result, or COIN_AES_CBC_ERROR, which no result can equal.
 * Encryption writes len bytes when pad is 0 (an error, writing nothing, when len is not a
 * multiple of 16), else len rounded up to the next multiple of 16 (a whole block of padding
 * when len is one already). Decryption takes a multiple of 16 (with pad, at least 16: else an
 * error, writing nothing), writes len bytes, and returns len, or with pad the length without the
 * PKCS#7 padding. When that padding is malformed, it returns the error and leaves all len bytes
 * of out zero, whatever it held (in place: the ciphertext too). The padding is checked, and out
 * wiped, in constant time. */
#define COIN_AES_CBC_ERROR ((size_t)-1)
COIN_API size_t coin_aes256_cbc_encrypt(const coin_aes256_ctx *ctx, const unsigned char iv[COIN_AES_BLOCK_SIZE],
                                        unsigned char *out, const unsigned char *in, size_t len, int pad);
COIN_API size_t coin_aes256_cbc_decrypt(const coin_aes256_ctx *ctx, const unsigned char iv[COIN_AES_BLOCK_SIZE],
                                        unsigned char *out, const unsigned char *in, size_t len, int pad);

/* The backend a key set up now would use ("generic", "x86_aesni", ...), and the i-th backend
 * this build has (see sha256.h). */
COIN_API const char *coin_aes256_implementation(void);
COIN_API const char *coin_aes256_backend(size_t i, uint32_t *needs);

COIN_END_DECLS

#endif
