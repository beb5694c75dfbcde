/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_CHACHA20_H
#define COINCRYPTO_CHACHA20_H

/* The ChaCha20 stream cipher of RFC 8439: a 256-bit key, a 96-bit nonce and a 32-bit block
 * counter, with the semantics of Bitcoin Core's src/crypto/chacha20.h: when the block
 * counter overflows, the nonce's first 32-bit word is incremented (so that a 64-bit counter
 * and a 64-bit nonce, as in DJB's original, give the same stream). */

#include <stddef.h>
#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

#define COIN_CHACHA20_KEY_SIZE 32
#define COIN_CHACHA20_BLOCK_SIZE 64

/* A cipher: a plain struct, copyable by value (a copy continues the same stream). It holds
 * the key: wipe it with coin_chacha20_wipe when done. */
typedef struct coin_chacha20_ctx {
    uint32_t input[12];  /* the key's 8 words, the block counter, the nonce's 3 words */
    unsigned char buf[COIN_CHACHA20_BLOCK_SIZE]; /* the rest of a block of keystream */
    uint32_t bufleft;    /* bytes of it not used yet, at its end */
} coin_chacha20_ctx;

/* Sets the key, and seeks to nonce 0 and block 0. */
COIN_API void coin_chacha20_init(coin_chacha20_ctx *ctx, const unsigned char key[COIN_CHACHA20_KEY_SIZE]);
/* Seeks to byte 64 * block of the stream of a nonce: the RFC's 12 bytes, or Core's Nonce96
 * (the first 4 bytes as a little-endian 32-bit number, the last 8 as a 64-bit one). */
COIN_API void coin_chacha20_seek(coin_chacha20_ctx *ctx, const unsigned char nonce[12], uint32_t block);
COIN_API void coin_chacha20_seek96(coin_chacha20_ctx *ctx, uint32_t nonce0, uint64_t nonce1, uint32_t block);
/* Writes the next len bytes of keystream (out may be NULL when len is 0). */
COIN_API void coin_chacha20_keystream(coin_chacha20_ctx *ctx, unsigned char *out, size_t len);
/* out = in XOR the next len bytes of keystream; out may be in itself, or not overlap it. in
 * may be NULL only when len is 0 (asserted in debug builds). */
COIN_API void coin_chacha20_crypt(coin_chacha20_ctx *ctx, unsigned char *out, const unsigned char *in, size_t len);
/* Overwrites the key and keystream; the context must be initialised again before reuse. */
COIN_API void coin_chacha20_wipe(coin_chacha20_ctx *ctx);

/* The multiple-of-64 interface (Core's ChaCha20Aligned): len % 64 == 0, and the buffered
 * keystream is neither used nor kept. */
COIN_API void coin_chacha20_keystream_blocks(coin_chacha20_ctx *ctx, unsigned char *out, size_t len);
COIN_API void coin_chacha20_crypt_blocks(coin_chacha20_ctx *ctx, unsigned char *out, const unsigned char *in, size_t len);

/* BIP324's forward-secure ChaCha20 (Core's FSChaCha20): after every rekey_interval calls of
 * coin_fschacha20_crypt, the next 32 bytes of keystream become the key, and the nonce the
 * number of rekeys so far (Nonce96 {0, n}). */
typedef struct coin_fschacha20_ctx {
    coin_chacha20_ctx c;
    uint32_t rekey_interval; /* at least 1 */
    uint32_t chunk_counter;
    uint64_t rekey_counter;
} coin_fschacha20_ctx;

COIN_API void coin_fschacha20_init(coin_fschacha20_ctx *ctx, const unsigned char key[COIN_CHACHA20_KEY_SIZE],
                                   uint32_t rekey_interval);
COIN_API void coin_fschacha20_crypt(coin_fschacha20_ctx *ctx, unsigned char *out, const unsigned char *in, size_t len);
COIN_API void coin_fschacha20_wipe(coin_fschacha20_ctx *ctx);

/* The backend in use ("generic", "avx2(8way;4way)", ...), and the i-th backend this build
 * has (see sha256.h). */
COIN_API const char *coin_chacha20_implementation(void);
COIN_API const char *coin_chacha20_backend(size_t i, uint32_t *needs);

/* For tests and benchmarks: coin_chacha20_crypt_blocks (keystream_blocks when in is NULL)
 * through the i-th backend alone, however few the blocks (the dispatcher gives calls of one or
 * two blocks the backend fastest on one block, often the portable code). Returns the backend's
 * width (len may be 0 to learn it), or 0, writing nothing, when i is past the end or that
 * backend is not usable with the features in use. */
COIN_API int coin_chacha20_crypt_blocks_with(size_t i, coin_chacha20_ctx *ctx, unsigned char *out,
                                             const unsigned char *in, size_t len);

COIN_END_DECLS

#endif
