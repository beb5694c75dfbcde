/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_PBKDF2_H
#define COINCRYPTO_PBKDF2_H

#include <stddef.h>
#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

/* PBKDF2 (RFC 8018, section 5.2) with HMAC-SHA-256 and HMAC-SHA-512 as the PRF: dklen bytes
 * of key from the password and the salt with `iterations` rounds. The HMAC pads are hashed
 * once, so each iteration costs two compression function calls. Any dklen (a last partial
 * block is truncated); pass, salt and out may be NULL when their length is 0. No allocation;
 * the keyed state is wiped before returning.
 * Returns COIN_OK, or COIN_ERR_PARAM (and writes nothing) when iterations is 0 or dklen is
 * more than (2^32 - 1) blocks of the hash's output. */
COIN_API int coin_pbkdf2_hmac_sha256(const unsigned char *pass, size_t passlen, const unsigned char *salt,
                                     size_t saltlen, uint64_t iterations, unsigned char *out, size_t dklen);
COIN_API int coin_pbkdf2_hmac_sha512(const unsigned char *pass, size_t passlen, const unsigned char *salt,
                                     size_t saltlen, uint64_t iterations, unsigned char *out, size_t dklen);

#define COIN_BIP39_SEED_SIZE 64

/* The BIP39 seed of a mnemonic: PBKDF2-HMAC-SHA512 with the mnemonic as password, "mnemonic"
 * followed by the passphrase as salt, 2048 iterations, 64 bytes. Both strings are UTF-8
 * bytes (no terminating NUL counted) that the caller has already put in Unicode NFKD
 * normalisation form, as BIP39 requires: this function does not normalise. */
COIN_API void coin_bip39_seed(const char *mnemonic, size_t mlen, const char *passphrase, size_t plen,
                              unsigned char out64[COIN_BIP39_SEED_SIZE]);

/* The BIP39 seeds of n mnemonics (with their passphrases), as coin_bip39_seed gives them, into
 * out (64 bytes each, one after another): several at a time on the multi-lane SHA-512
 * backends (8 with AVX-512, 4 with AVX2), for a wallet scanner deriving many. */
COIN_API void coin_bip39_seed_batch(const char *const *mnemonics, const size_t *mlens, const char *const *passphrases,
                                    const size_t *plens, unsigned char *out, size_t n);
/* The i-th multi-lane backend this build has (see sha256.h). */
COIN_API const char *coin_bip39_seed_batch_backend(size_t i, uint32_t *needs);

COIN_END_DECLS

#endif
