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

/** A coincrypto helper (Core has no such call): HASH160 of count inputs of len bytes each, one
 *  after another at input (public keys), SHA-256 and RIPEMD-160 in lanes (coin_hash160_many):
 *  output[20*i..] = RIPEMD-160(SHA-256(input[len*i..len*i+len))). output must not overlap input. */
inline void Hash160Many(unsigned char* output, const unsigned char* input, size_t len, size_t count)
{
    coin_hash160_many(output, input, len, count);
}

#endif
