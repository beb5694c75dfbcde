// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_HMAC_SHA256_H
#define COINCRYPTO_CORE_CRYPTO_HMAC_SHA256_H

// Bitcoin Core's and Dogecoin's <crypto/hmac_sha256.h>, inline over coincrypto's C API.

#include "../../hmac_sha256.h"
#include "sha256.h" // CSHA256, as the header it replaces includes it

#include <cstddef>

/** A hasher class for HMAC-SHA-256. */
class CHMAC_SHA256
{
    coin_hmac_sha256_ctx m_ctx;

public:
    static constexpr size_t OUTPUT_SIZE = COIN_HMAC_SHA256_OUTPUT_SIZE;

    CHMAC_SHA256(const unsigned char* key, size_t keylen) { coin_hmac_sha256_init(&m_ctx, key, keylen); }
    /** Dogecoin's: copies the keyed state, with what was written so far, to *dest. */
    void Copy(CHMAC_SHA256* dest) { *dest = *this; }
    CHMAC_SHA256& Write(const unsigned char* data, size_t len)
    {
        coin_hmac_sha256_write(&m_ctx, data, len);
        return *this;
    }
    /** Writes the MAC and wipes the keyed state. */
    void Finalize(unsigned char hash[OUTPUT_SIZE]) { coin_hmac_sha256_finalize(&m_ctx, hash); }
};

#endif
