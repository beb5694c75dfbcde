// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_POLY1305_H
#define COINCRYPTO_CORE_CRYPTO_POLY1305_H

// Bitcoin Core's <crypto/poly1305.h> (v28 and master), inline over coincrypto's C API. Its
// Span or std::span arguments become anything with data() and size() over bytes (see
// <crypto/chacha20.h>). Core's internal poly1305_donna functions are not provided. Core 0.21's
// (Litecoin's) one-shot poly1305_auth and its two constants are, in every language standard.

#include "../../poly1305.h"
#include "chacha20.h"

#include <cassert>

#define POLY1305_BLOCK_SIZE 16
#define POLY1305_KEYLEN 32
#define POLY1305_TAGLEN 16

inline void poly1305_auth(unsigned char out[POLY1305_TAGLEN], const unsigned char* m, size_t inlen,
                          const unsigned char key[POLY1305_KEYLEN])
{
    coin_poly1305(out, m, inlen, key);
}

class Poly1305
{
    coin_poly1305_ctx m_ctx;

public:
    static constexpr unsigned TAGLEN{16};
    static constexpr unsigned KEYLEN{32};

    Poly1305(coincrypto_core::ConstBytes key) noexcept
    {
        assert(key.n == KEYLEN);
        coin_poly1305_init(&m_ctx, key.p);
    }
    ~Poly1305() { coin_poly1305_wipe(&m_ctx); }

    Poly1305& Update(coincrypto_core::ConstBytes msg) noexcept
    {
        coin_poly1305_write(&m_ctx, msg.p, msg.n);
        return *this;
    }
    //! Writes the 16-byte tag.
    void Finalize(coincrypto_core::MutBytes out) noexcept
    {
        assert(out.n == TAGLEN);
        coin_poly1305_finalize(&m_ctx, out.p);
    }
};

#endif
