/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_POLY1305_H
#define COINCRYPTO_POLY1305_H

/* The Poly1305 one-time authenticator of RFC 8439 (Bitcoin Core's src/crypto/poly1305.h).
 * Portable code: 64-bit limbs and 128-bit products where the compiler has them (64-bit
 * targets), five 26-bit limbs and 64-bit products elsewhere; AVX2 and AVX-512 backends, 8 and 16
 * blocks at a time, for runs of 768 and 1024 bytes or more. Constant time in the key and the message. */

#include <stddef.h>
#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

#define COIN_POLY1305_KEY_SIZE 32
#define COIN_POLY1305_TAG_SIZE 16
#define COIN_POLY1305_BLOCK_SIZE 16

/* A streaming context: a plain struct, copyable by value. It holds the key: finalize wipes
 * it (and coin_poly1305_wipe does, for a context not finalized). */
typedef struct coin_poly1305_ctx {
    union {
        struct { uint64_t r[2], h[3], pad[2]; } l64; /* 64-bit limbs */
        struct { uint32_t r[5], h[5], pad[4]; } l26; /* 26-bit limbs */
    } u;
    unsigned char buf[COIN_POLY1305_BLOCK_SIZE];
    uint32_t buffered;  /* bytes in buf */
} coin_poly1305_ctx;

COIN_API void coin_poly1305_init(coin_poly1305_ctx *ctx, const unsigned char key[COIN_POLY1305_KEY_SIZE]);
/* data may be NULL when len is 0; any alignment. */
COIN_API void coin_poly1305_write(coin_poly1305_ctx *ctx, const unsigned char *data, size_t len);
/* Writes the tag and wipes the context. */
COIN_API void coin_poly1305_finalize(coin_poly1305_ctx *ctx, unsigned char tag[COIN_POLY1305_TAG_SIZE]);
COIN_API void coin_poly1305_wipe(coin_poly1305_ctx *ctx);
COIN_API void coin_poly1305(unsigned char tag[COIN_POLY1305_TAG_SIZE], const unsigned char *data, size_t len,
                            const unsigned char key[COIN_POLY1305_KEY_SIZE]);

/* The backend in use for the longest messages ("avx512ifma", "avx512", "avx2", "generic"), then
 * " [cpu]" where the tuning table gave this CPU its own counts of blocks from which each backend
 * takes a run (see sha256.h); and the i-th backend this build has. */
COIN_API const char *coin_poly1305_implementation(void);
COIN_API const char *coin_poly1305_backend(size_t i, uint32_t *needs);

/* 1 when the 16-byte tags are equal, else 0, in time independent of their contents. */
COIN_API int coin_poly1305_verify(const unsigned char a[COIN_POLY1305_TAG_SIZE], const unsigned char b[COIN_POLY1305_TAG_SIZE]);

COIN_END_DECLS

#endif
