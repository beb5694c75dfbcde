/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_RIPEMD160_H
#define COINCRYPTO_RIPEMD160_H

#include <stddef.h>
#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

#define COIN_RIPEMD160_OUTPUT_SIZE 20
#define COIN_RIPEMD160_BLOCK_SIZE 64

/* A streaming RIPEMD-160 context: a plain struct, copyable by value. */
typedef struct coin_ripemd160_ctx {
    uint32_t s[5];
    unsigned char buf[COIN_RIPEMD160_BLOCK_SIZE];
    uint64_t bytes;
} coin_ripemd160_ctx;

COIN_API void coin_ripemd160_init(coin_ripemd160_ctx *ctx);
/* data may be NULL when len is 0; it needs no particular alignment. */
COIN_API void coin_ripemd160_write(coin_ripemd160_ctx *ctx, const unsigned char *data, size_t len);
/* Writes the digest. The context then holds the message with its padding, as Bitcoin Core's
 * classes leave theirs: writing on or finalizing again hashes on from there, the same on
 * every backend. Initialise it again for a new message. */
COIN_API void coin_ripemd160_finalize(coin_ripemd160_ctx *ctx, unsigned char out[COIN_RIPEMD160_OUTPUT_SIZE]);
COIN_API void coin_ripemd160(unsigned char out[COIN_RIPEMD160_OUTPUT_SIZE], const unsigned char *data, size_t len);

/* RIPEMD-160(SHA-256(data)): public key and script hashes. */
COIN_API void coin_hash160(unsigned char out[COIN_RIPEMD160_OUTPUT_SIZE], const unsigned char *data, size_t len);

/* The backend in use ("generic", ...), and the i-th backend this build has (see sha256.h). */
/* HASH160 of n inputs of len bytes each, one after another at in (public keys: 33, 65 or 32
 * bytes): out[20*i..] = RIPEMD-160(SHA-256(in[len*i..len*i+len))). SHA-256 through
 * coin_sha256_many's lanes, RIPEMD-160 through lanes of its own (SSE2 4, AVX2 8, AVX-512 16,
 * NEON 4), taken in the order fastest on the running CPU. No allocation; out must not overlap
 * in. */
COIN_API void coin_hash160_many(unsigned char *out, const unsigned char *in, size_t len, size_t n);

COIN_API const char *coin_ripemd160_implementation(void);
COIN_API const char *coin_ripemd160_backend(size_t i, uint32_t *needs);

/* coin_hash160_many's RIPEMD-160 batches: the i-th with the features it needs (NULL past the
 * end), the ones it reaches ("avx512(16way);sse2(4way);generic(1way)"), and for tests and
 * benchmarks coin_hash160_many with the i-th alone, then one at a time: returns its width, or
 * 0, writing nothing, when it is not usable. */
COIN_API const char *coin_hash160_many_backend(size_t i, uint32_t *needs);
COIN_API const char *coin_hash160_many_implementation(void);
COIN_API int coin_hash160_many_with(size_t i, unsigned char *out, const unsigned char *in, size_t len, size_t n);

COIN_END_DECLS

#endif
