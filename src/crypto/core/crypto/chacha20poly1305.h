// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_CHACHA20POLY1305_H
#define COINCRYPTO_CORE_CRYPTO_CHACHA20POLY1305_H

// Bitcoin Core's <crypto/chacha20poly1305.h> (v28 and master; C++20), inline over
// coincrypto's C API: AEADChaCha20Poly1305 (RFC 8439) and BIP324's FSChaCha20Poly1305. Their
// Span or std::span arguments become anything with data() and size() over bytes (see
// <crypto/chacha20.h>).

#include "../../chacha20poly1305.h"
#include "chacha20.h"
#include "poly1305.h"

#include <cassert>

class AEADChaCha20Poly1305
{
    coin_chacha20poly1305_ctx m_ctx;

public:
    static constexpr unsigned KEYLEN = 32;
    static constexpr unsigned EXPANSION = Poly1305::TAGLEN;
    using Nonce96 = ChaCha20::Nonce96;

    AEADChaCha20Poly1305(coincrypto_core::ConstBytes key) noexcept { SetKey(key); }
    ~AEADChaCha20Poly1305() { coin_chacha20poly1305_wipe(&m_ctx); }

    void SetKey(coincrypto_core::ConstBytes key) noexcept
    {
        assert(key.n == KEYLEN);
        coin_chacha20poly1305_init(&m_ctx, key.p);
    }
    //! cipher.size() = plain.size() + EXPANSION.
    void Encrypt(coincrypto_core::ConstBytes plain, coincrypto_core::ConstBytes aad, Nonce96 nonce,
                 coincrypto_core::MutBytes cipher) noexcept
    {
        Encrypt(plain, {}, aad, nonce, cipher);
    }
    //! cipher.size() = plain1.size() + plain2.size() + EXPANSION.
    void Encrypt(coincrypto_core::ConstBytes plain1, coincrypto_core::ConstBytes plain2, coincrypto_core::ConstBytes aad,
                 Nonce96 nonce, coincrypto_core::MutBytes cipher) noexcept
    {
        assert(cipher.n == plain1.n + plain2.n + EXPANSION);
        coin_chacha20poly1305_encrypt(&m_ctx, nonce.first, nonce.second, aad.p, aad.n, plain1.p, plain1.n, plain2.p,
                                      plain2.n, cipher.p);
    }
    //! True when authentic (plain is written only then); cipher.size() = plain.size() + EXPANSION.
    bool Decrypt(coincrypto_core::ConstBytes cipher, coincrypto_core::ConstBytes aad, Nonce96 nonce,
                 coincrypto_core::MutBytes plain) noexcept
    {
        return Decrypt(cipher, aad, nonce, plain, {});
    }
    bool Decrypt(coincrypto_core::ConstBytes cipher, coincrypto_core::ConstBytes aad, Nonce96 nonce,
                 coincrypto_core::MutBytes plain1, coincrypto_core::MutBytes plain2) noexcept
    {
        assert(cipher.n == plain1.n + plain2.n + EXPANSION);
        return coin_chacha20poly1305_decrypt(&m_ctx, nonce.first, nonce.second, aad.p, aad.n, cipher.p, cipher.n, plain1.p,
                                             plain1.n, plain2.p, plain2.n) == COIN_OK;
    }
    //! The keystream that Encrypt() would XOR into a message of keystream.size() bytes.
    void Keystream(Nonce96 nonce, coincrypto_core::MutBytes keystream) noexcept
    {
        coin_chacha20poly1305_keystream(&m_ctx, nonce.first, nonce.second, keystream.p, keystream.n);
    }
};

class FSChaCha20Poly1305
{
    coin_fschacha20poly1305_ctx m_ctx;

public:
    static constexpr auto KEYLEN = AEADChaCha20Poly1305::KEYLEN;
    static constexpr auto EXPANSION = AEADChaCha20Poly1305::EXPANSION;

    FSChaCha20Poly1305(const FSChaCha20Poly1305&) = delete;
    FSChaCha20Poly1305(FSChaCha20Poly1305&&) = delete;
    FSChaCha20Poly1305& operator=(const FSChaCha20Poly1305&) = delete;
    FSChaCha20Poly1305& operator=(FSChaCha20Poly1305&&) = delete;

    FSChaCha20Poly1305(coincrypto_core::ConstBytes key, uint32_t rekey_interval) noexcept
    {
        assert(key.n == KEYLEN);
        coin_fschacha20poly1305_init(&m_ctx, key.p, rekey_interval);
    }
    ~FSChaCha20Poly1305() { coin_fschacha20poly1305_wipe(&m_ctx); }

    void Encrypt(coincrypto_core::ConstBytes plain, coincrypto_core::ConstBytes aad, coincrypto_core::MutBytes cipher) noexcept
    {
        Encrypt(plain, {}, aad, cipher);
    }
    void Encrypt(coincrypto_core::ConstBytes plain1, coincrypto_core::ConstBytes plain2, coincrypto_core::ConstBytes aad,
                 coincrypto_core::MutBytes cipher) noexcept
    {
        assert(cipher.n == plain1.n + plain2.n + EXPANSION);
        coin_fschacha20poly1305_encrypt(&m_ctx, aad.p, aad.n, plain1.p, plain1.n, plain2.p, plain2.n, cipher.p);
    }
    bool Decrypt(coincrypto_core::ConstBytes cipher, coincrypto_core::ConstBytes aad, coincrypto_core::MutBytes plain) noexcept
    {
        return Decrypt(cipher, aad, plain, {});
    }
    bool Decrypt(coincrypto_core::ConstBytes cipher, coincrypto_core::ConstBytes aad, coincrypto_core::MutBytes plain1,
                 coincrypto_core::MutBytes plain2) noexcept
    {
        assert(cipher.n == plain1.n + plain2.n + EXPANSION);
        return coin_fschacha20poly1305_decrypt(&m_ctx, aad.p, aad.n, cipher.p, cipher.n, plain1.p, plain1.n, plain2.p,
                                               plain2.n) == COIN_OK;
    }
};

#endif
