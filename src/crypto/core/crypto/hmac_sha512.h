// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_HMAC_SHA512_H
#define COINCRYPTO_CORE_CRYPTO_HMAC_SHA512_H

// Bitcoin Core's and Dogecoin's <crypto/hmac_sha512.h>, inline over coincrypto's C API.

#include "../../hmac_sha512.h"
#include "sha512.h" // CSHA512, as the header it replaces includes it

#include <cstddef>

/** A hasher class for HMAC-SHA-512. */
class CHMAC_SHA512
{
    coin_hmac_sha512_ctx m_ctx;

public:
    static constexpr size_t OUTPUT_SIZE = COIN_HMAC_SHA512_OUTPUT_SIZE;

    CHMAC_SHA512(const unsigned char* key, size_t keylen) { coin_hmac_sha512_init(&m_ctx, key, keylen); }
    CHMAC_SHA512& Write(const unsigned char* data, size_t len)
    {
        coin_hmac_sha512_write(&m_ctx, data, len);
        return *this;
    }
    /** Writes the MAC and wipes the keyed state. */
    void Finalize(unsigned char hash[OUTPUT_SIZE]) { coin_hmac_sha512_finalize(&m_ctx, hash); }
};

/** A coincrypto helper (Core has no such call): HMAC-SHA512 of count messages under one key,
 *  e.g. BIP32 children under one chain code (coin_hmac_sha512_many): output[64*i..] =
 *  HMAC(key, msgs[i][0..lens[i])). output must not overlap any message. */
inline void HMACSHA512Many(unsigned char* output, const unsigned char* key, size_t keylen,
                           const unsigned char* const* msgs, const size_t* lens, size_t count)
{
    coin_hmac_sha512_many(output, key, keylen, msgs, lens, count);
}

#endif
