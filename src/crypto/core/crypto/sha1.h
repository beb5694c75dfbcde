// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_SHA1_H
#define COINCRYPTO_CORE_CRYPTO_SHA1_H

// Bitcoin Core's and Dogecoin's <crypto/sha1.h>, inline over coincrypto's C API.

#include "../../sha1.h"

#include <cstddef>

/** A hasher class for SHA1. */
class CSHA1
{
    coin_sha1_ctx m_ctx;

public:
    static constexpr size_t OUTPUT_SIZE = COIN_SHA1_OUTPUT_SIZE;

    CSHA1() { coin_sha1_init(&m_ctx); }
    CSHA1& Write(const unsigned char* data, size_t len)
    {
        coin_sha1_write(&m_ctx, data, len);
        return *this;
    }
    void Finalize(unsigned char hash[OUTPUT_SIZE]) { coin_sha1_finalize(&m_ctx, hash); }
    CSHA1& Reset()
    {
        coin_sha1_init(&m_ctx);
        return *this;
    }
};

#endif
