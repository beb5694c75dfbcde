// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_RIPEMD160_H
#define COINCRYPTO_CORE_CRYPTO_RIPEMD160_H

// Bitcoin Core's and Dogecoin's <crypto/ripemd160.h>, inline over coincrypto's C API.

#include "../../ripemd160.h"

#include <cstddef>

/** A hasher class for RIPEMD-160. */
class CRIPEMD160
{
    coin_ripemd160_ctx m_ctx;

public:
    static constexpr size_t OUTPUT_SIZE = COIN_RIPEMD160_OUTPUT_SIZE;

    CRIPEMD160() { coin_ripemd160_init(&m_ctx); }
    CRIPEMD160& Write(const unsigned char* data, size_t len)
    {
        coin_ripemd160_write(&m_ctx, data, len);
        return *this;
    }
    void Finalize(unsigned char hash[OUTPUT_SIZE]) { coin_ripemd160_finalize(&m_ctx, hash); }
    CRIPEMD160& Reset()
    {
        coin_ripemd160_init(&m_ctx);
        return *this;
    }
};

#endif
