// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_SHA512_H
#define COINCRYPTO_CORE_CRYPTO_SHA512_H

// Bitcoin Core's and Dogecoin's <crypto/sha512.h>, inline over coincrypto's C API.

#include "../../sha512.h"

#include <cstddef>
#include <cstdint>

/** A hasher class for SHA-512. */
class CSHA512
{
    coin_sha512_ctx m_ctx;

public:
    static constexpr size_t OUTPUT_SIZE = COIN_SHA512_OUTPUT_SIZE;

    CSHA512() { coin_sha512_init(&m_ctx); }
    CSHA512& Write(const unsigned char* data, size_t len)
    {
        coin_sha512_write(&m_ctx, data, len);
        return *this;
    }
    void Finalize(unsigned char hash[OUTPUT_SIZE]) { coin_sha512_finalize(&m_ctx, hash); }
    CSHA512& Reset()
    {
        coin_sha512_init(&m_ctx);
        return *this;
    }
    /** The number of bytes written so far (Core's; not in Dogecoin 1.14). */
    uint64_t Size() const { return m_ctx.bytes; }
};

#endif
