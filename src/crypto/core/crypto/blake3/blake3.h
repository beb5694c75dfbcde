/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_CORE_CRYPTO_BLAKE3_BLAKE3_H
#define COINCRYPTO_CORE_CRYPTO_BLAKE3_BLAKE3_H

/* The BLAKE3 team's C API (their blake3.h), which Litecoin keeps as src/crypto/blake3/ for
 * MWEB (libmw's Hasher and SecretKey), inline over coincrypto's BLAKE3. C and C++ alike.
 * blake3_hasher is coincrypto's context, not the team's struct: code that only calls these
 * functions, as Litecoin's does, cannot tell. blake3_version() is left out: no tree calls it,
 * and it would name another project's release. */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../../blake3.h"

#define BLAKE3_KEY_LEN COIN_BLAKE3_KEY_SIZE
#define BLAKE3_OUT_LEN COIN_BLAKE3_OUTPUT_SIZE
#define BLAKE3_BLOCK_LEN COIN_BLAKE3_BLOCK_SIZE
#define BLAKE3_CHUNK_LEN COIN_BLAKE3_CHUNK_SIZE
#define BLAKE3_MAX_DEPTH COIN_BLAKE3_MAX_DEPTH

typedef coin_blake3_ctx blake3_hasher;

static inline void blake3_hasher_init(blake3_hasher *self) { coin_blake3_init(self); }
static inline void blake3_hasher_init_keyed(blake3_hasher *self, const uint8_t key[BLAKE3_KEY_LEN])
{
    coin_blake3_init_keyed(self, key);
}
static inline void blake3_hasher_init_derive_key_raw(blake3_hasher *self, const void *context, size_t context_len)
{
    coin_blake3_init_derive_key(self, (const char *)context, context_len);
}
static inline void blake3_hasher_init_derive_key(blake3_hasher *self, const char *context)
{
    coin_blake3_init_derive_key(self, context, strlen(context));
}
static inline void blake3_hasher_update(blake3_hasher *self, const void *input, size_t input_len)
{
    coin_blake3_write(self, (const unsigned char *)input, input_len);
}
static inline void blake3_hasher_finalize(const blake3_hasher *self, uint8_t *out, size_t out_len)
{
    coin_blake3_finalize(self, out, out_len);
}
static inline void blake3_hasher_finalize_seek(const blake3_hasher *self, uint64_t seek, uint8_t *out,
                                               size_t out_len)
{
    coin_blake3_finalize_seek(self, seek, out, out_len);
}
static inline void blake3_hasher_reset(blake3_hasher *self) { coin_blake3_reset(self); }

#endif
