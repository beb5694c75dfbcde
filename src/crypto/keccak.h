/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_KECCAK_H
#define COINCRYPTO_KECCAK_H

/* The Keccak-f[1600] sponge: SHA3-256 and SHA3-512 (FIPS 202), the SHAKE128 and SHAKE256
 * extendable-output functions, and Keccak-256 and Keccak-512 with the original Keccak
 * padding (Ethereum's Keccak-256). They share one context type and its write function. */

#include <stddef.h>
#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

#define COIN_SHA3_256_OUTPUT_SIZE 32
#define COIN_SHA3_512_OUTPUT_SIZE 64
#define COIN_KECCAK256_OUTPUT_SIZE 32
#define COIN_KECCAK512_OUTPUT_SIZE 64

/* A streaming context: a plain struct, copyable by value. The state lane (x, y) is
 * st[x + 5 * y]; input bytes are XORed straight into the lanes, so there is no buffer. */
typedef struct coin_keccak_ctx {
    uint64_t st[25];
    uint32_t rate;      /* bytes absorbed (or squeezed) per permutation */
    uint32_t pos;       /* bytes of the current block absorbed, or squeezed once squeezing */
    uint8_t pad;        /* the domain bits and first padding bit: 0x06, 0x1f or 0x01 */
    uint8_t squeezing;
} coin_keccak_ctx;

COIN_API void coin_sha3_256_init(coin_keccak_ctx *ctx);
COIN_API void coin_sha3_512_init(coin_keccak_ctx *ctx);
COIN_API void coin_keccak256_init(coin_keccak_ctx *ctx);
COIN_API void coin_keccak512_init(coin_keccak_ctx *ctx);
COIN_API void coin_shake128_init(coin_keccak_ctx *ctx);
COIN_API void coin_shake256_init(coin_keccak_ctx *ctx);

/* Absorbs data (NULL when len is 0; any alignment). Not after squeezing has begun. */
COIN_API void coin_keccak_write(coin_keccak_ctx *ctx, const unsigned char *data, size_t len);
/* SHA-3 and Keccak: writes the digest, (200 - rate) / 2 bytes (the *_OUTPUT_SIZE of the
 * init used); the context must be initialised again before reuse. */
COIN_API void coin_keccak_finalize(coin_keccak_ctx *ctx, unsigned char *out);
/* SHAKE: writes the next len bytes of output; may be called any number of times, and the
 * pieces concatenate to the same stream as one call would give. */
COIN_API void coin_keccak_squeeze(coin_keccak_ctx *ctx, unsigned char *out, size_t len);

COIN_API void coin_sha3_256(unsigned char out[COIN_SHA3_256_OUTPUT_SIZE], const unsigned char *data, size_t len);
COIN_API void coin_sha3_512(unsigned char out[COIN_SHA3_512_OUTPUT_SIZE], const unsigned char *data, size_t len);
COIN_API void coin_keccak256(unsigned char out[COIN_KECCAK256_OUTPUT_SIZE], const unsigned char *data, size_t len);
COIN_API void coin_keccak512(unsigned char out[COIN_KECCAK512_OUTPUT_SIZE], const unsigned char *data, size_t len);
COIN_API void coin_shake128(unsigned char *out, size_t outlen, const unsigned char *data, size_t len);
COIN_API void coin_shake256(unsigned char *out, size_t outlen, const unsigned char *data, size_t len);

/* The Keccak-f[1600] permutation on a state of 25 lanes, lane (x, y) at st[x + 5 * y]
 * (Bitcoin Core's KeccakF). */
COIN_API void coin_keccakf(uint64_t st[25]);

/* The backend in use ("generic", "avx2", ...; "avx512 [emr]" where the tuning table chose it
 * for this CPU model), and the i-th backend this build has (see sha256.h). */
COIN_API const char *coin_keccak_implementation(void);
COIN_API const char *coin_keccak_backend(size_t i, uint32_t *needs);

COIN_END_DECLS

#endif
