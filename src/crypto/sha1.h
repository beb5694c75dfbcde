/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_SHA1_H
#define COINCRYPTO_SHA1_H

#include <stddef.h>
#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

#define COIN_SHA1_OUTPUT_SIZE 20
#define COIN_SHA1_BLOCK_SIZE 64

/* A streaming SHA-1 context: a plain struct, copyable by value. */
typedef struct coin_sha1_ctx {
    uint32_t s[5];
    unsigned char buf[COIN_SHA1_BLOCK_SIZE];
    uint64_t bytes;
} coin_sha1_ctx;

COIN_API void coin_sha1_init(coin_sha1_ctx *ctx);
/* data may be NULL when len is 0; it needs no particular alignment. */
COIN_API void coin_sha1_write(coin_sha1_ctx *ctx, const unsigned char *data, size_t len);
/* Writes the digest. The context then holds the message with its padding, as Bitcoin Core's
 * classes leave theirs: writing on or finalizing again hashes on from there, the same on
 * every backend. Initialise it again for a new message. */
COIN_API void coin_sha1_finalize(coin_sha1_ctx *ctx, unsigned char out[COIN_SHA1_OUTPUT_SIZE]);
COIN_API void coin_sha1(unsigned char out[COIN_SHA1_OUTPUT_SIZE], const unsigned char *data, size_t len);

/* The backend in use ("generic", ...), and the i-th backend this build has (see sha256.h). */
COIN_API const char *coin_sha1_implementation(void);
COIN_API const char *coin_sha1_backend(size_t i, uint32_t *needs);

COIN_END_DECLS

#endif
