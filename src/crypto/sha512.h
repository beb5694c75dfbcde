/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_SHA512_H
#define COINCRYPTO_SHA512_H

#include <stddef.h>
#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

#define COIN_SHA512_OUTPUT_SIZE 64
#define COIN_SHA512_BLOCK_SIZE 128

/* A streaming SHA-512 context: a plain struct, copyable by value. */
typedef struct coin_sha512_ctx {
    uint64_t s[8];
    unsigned char buf[COIN_SHA512_BLOCK_SIZE];
    uint64_t bytes;
} coin_sha512_ctx;

COIN_API void coin_sha512_init(coin_sha512_ctx *ctx);
/* data may be NULL when len is 0; it needs no particular alignment. */
COIN_API void coin_sha512_write(coin_sha512_ctx *ctx, const unsigned char *data, size_t len);
/* Writes the digest. The context then holds the message with its padding, as Bitcoin Core's
 * classes leave theirs: writing on or finalizing again hashes on from there, the same on
 * every backend. Initialise it again for a new message. */
COIN_API void coin_sha512_finalize(coin_sha512_ctx *ctx, unsigned char out[COIN_SHA512_OUTPUT_SIZE]);
COIN_API void coin_sha512(unsigned char out[COIN_SHA512_OUTPUT_SIZE], const unsigned char *data, size_t len);

/* SHA-512/256 (FIPS 180-4): SHA-512 with its own initial state, truncated to 32 bytes. */
#define COIN_SHA512_256_OUTPUT_SIZE 32
typedef coin_sha512_ctx coin_sha512_256_ctx;
COIN_API void coin_sha512_256_init(coin_sha512_256_ctx *ctx);
COIN_API void coin_sha512_256_write(coin_sha512_256_ctx *ctx, const unsigned char *data, size_t len);
/* As coin_sha512_finalize: the context then holds the message with its padding. */
COIN_API void coin_sha512_256_finalize(coin_sha512_256_ctx *ctx, unsigned char out[COIN_SHA512_256_OUTPUT_SIZE]);
COIN_API void coin_sha512_256(unsigned char out[COIN_SHA512_256_OUTPUT_SIZE], const unsigned char *data, size_t len);

/* The backend in use ("generic", ...), and the i-th backend this build has (see sha256.h). */
COIN_API const char *coin_sha512_implementation(void);
COIN_API const char *coin_sha512_backend(size_t i, uint32_t *needs);

COIN_END_DECLS

#endif
