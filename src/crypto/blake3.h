/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_BLAKE3_H
#define COINCRYPTO_BLAKE3_H

/* BLAKE3 (the BLAKE3 team's specification, 2020): the hash, its keyed mode and its key
 * derivation mode, each with an output of any length (the XOF). Litecoin's MWEB hashes with
 * it (libmw's Hasher). Inputs under 2 KiB, MWEB's, are hashed one block at a time by the
 * portable code; a write with more whole chunks (1 KiB each) hashes them in SIMD lanes, as
 * many chunks at once as the backend's width (SSE4.1 and NEON 4, AVX2 8, AVX-512 16), and then
 * their parent nodes as many at once. */

#include <stddef.h>
#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

#define COIN_BLAKE3_OUTPUT_SIZE 32 /* the default output; any length can be asked for */
#define COIN_BLAKE3_KEY_SIZE 32
#define COIN_BLAKE3_BLOCK_SIZE 64
#define COIN_BLAKE3_CHUNK_SIZE 1024
#define COIN_BLAKE3_MAX_DEPTH 54 /* 2^54 chunks are 2^64 bytes */

/* A streaming context: a plain struct, copyable by value (a midstate). A keyed context holds
 * its key: coin_blake3_wipe it when done. */
typedef struct coin_blake3_ctx {
    uint32_t key[8];         /* the key words, or the IV */
    uint32_t cv[8];          /* the current chunk's chaining value */
    uint64_t chunk;          /* the current chunk's index */
    unsigned char buf[64];   /* the current chunk's last block so far */
    uint8_t buf_len;         /* bytes in buf */
    uint8_t blocks;          /* blocks of the current chunk compressed */
    uint8_t flags;           /* the mode's flags */
    uint8_t stack_len;       /* entries in stack */
    uint32_t stack[COIN_BLAKE3_MAX_DEPTH][8]; /* the chaining values of finished subtrees */
} coin_blake3_ctx;

COIN_API void coin_blake3_init(coin_blake3_ctx *ctx);
COIN_API void coin_blake3_init_keyed(coin_blake3_ctx *ctx, const unsigned char key[COIN_BLAKE3_KEY_SIZE]);
/* The key derivation mode: context is the application's context string (not secret, fixed
 * at design time); the key material is then written as the input. */
COIN_API void coin_blake3_init_derive_key(coin_blake3_ctx *ctx, const char *context, size_t context_len);
/* Back to the state after init, in the same mode with the same key. */
COIN_API void coin_blake3_reset(coin_blake3_ctx *ctx);
/* data may be NULL when len is 0; it needs no particular alignment. */
COIN_API void coin_blake3_write(coin_blake3_ctx *ctx, const unsigned char *data, size_t len);
/* outlen bytes of output from byte seek of the output stream on. ctx is not modified and
 * may be written to further. */
COIN_API void coin_blake3_finalize_seek(const coin_blake3_ctx *ctx, uint64_t seek, unsigned char *out,
                                        size_t outlen);
COIN_API void coin_blake3_finalize(const coin_blake3_ctx *ctx, unsigned char *out, size_t outlen);
/* The 32-byte hash of data. */
COIN_API void coin_blake3(unsigned char out[COIN_BLAKE3_OUTPUT_SIZE], const unsigned char *data, size_t len);
COIN_API void coin_blake3_wipe(coin_blake3_ctx *ctx);

/* The backend whole chunks go through ("avx512(16way)", ..., "generic(1way)"), and the i-th
 * backend this build has (see sha256.h). */
COIN_API const char *coin_blake3_implementation(void);
COIN_API const char *coin_blake3_backend(size_t i, uint32_t *needs);

COIN_END_DECLS

#endif
