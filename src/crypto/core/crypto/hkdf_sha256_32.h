// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_HKDF_SHA256_32_H
#define COINCRYPTO_CORE_CRYPTO_HKDF_SHA256_32_H

// Bitcoin Core's <crypto/hkdf_sha256_32.h> (v28), inline over coincrypto's C API.

#include "../../hkdf_sha256.h"

#include <cstddef>
#include <string>

/** A rfc5869 HKDF implementation with HMAC_SHA256 and fixed key output length of 32 bytes (L=32) */
class CHKDF_HMAC_SHA256_L32
{
private:
    coin_hkdf_sha256_l32 m_ctx; // HMAC keyed with the PRK; wiped by the destructor
    static const size_t OUTPUT_SIZE = 32;

public:
    CHKDF_HMAC_SHA256_L32(const unsigned char* ikm, size_t ikmlen, const std::string& salt)
    {
        coin_hkdf_sha256_l32_init(&m_ctx, ikm, ikmlen, reinterpret_cast<const unsigned char*>(salt.data()), salt.size());
    }
    ~CHKDF_HMAC_SHA256_L32() { coin_hkdf_sha256_l32_clear(&m_ctx); }
    void Expand32(const std::string& info, unsigned char hash[OUTPUT_SIZE])
    {
        coin_hkdf_sha256_l32_expand32(&m_ctx, reinterpret_cast<const unsigned char*>(info.data()), info.size(), hash);
    }
};

#endif
