// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_AES_H
#define COINCRYPTO_CORE_CRYPTO_AES_H

// Bitcoin Core's and Dogecoin's <crypto/aes.h> (AES-256 and CBC, in place of ctaes), inline over
// coincrypto's C API, with their semantics: the CBC classes keep the IV of their construction
// (each call starts from it), Encrypt and Decrypt return the bytes written, 0 on a null
// pointer, a size of 0, a bad length or (decrypting) malformed padding. Inside a tree that has
// Core's secure allocator (support/allocators/secure.h: Core and Dogecoin), the expanded key
// lives in its locked memory, as in Core master; elsewhere in the object. Either way it is wiped
// on destruction. Dogecoin's AES-128 classes too (its tests still call them).

#include "../../aes.h"

#include <cstring>

#if defined(__has_include)
#if __has_include(<support/allocators/secure.h>)
#include <support/allocators/secure.h>
#define COINCRYPTO_AES_SECURE_ALLOCATOR 1
#endif
#endif

static const int AES_BLOCKSIZE = COIN_AES_BLOCK_SIZE;
static const int AES256_KEYSIZE = COIN_AES256_KEY_SIZE;
static const int AES128_KEYSIZE = COIN_AES128_KEY_SIZE;

namespace coincrypto_detail {
/** An expanded AES key (KEYSIZE bytes: 32 or 16), wiped when destroyed; not copyable. */
template <int KEYSIZE>
class AESKey
{
#ifdef COINCRYPTO_AES_SECURE_ALLOCATOR
    secure_allocator<coin_aes256_ctx> m_allocator;
    coin_aes256_ctx* m_ctx;
#else
    coin_aes256_ctx m_storage;
    coin_aes256_ctx* m_ctx{&m_storage};
#endif

public:
    explicit AESKey(const unsigned char* key)
    {
#ifdef COINCRYPTO_AES_SECURE_ALLOCATOR
        m_ctx = m_allocator.allocate(1);
#endif
        (KEYSIZE == AES256_KEYSIZE ? coin_aes256_init : coin_aes128_init)(m_ctx, key);
    }
    ~AESKey()
    {
        coin_aes256_wipe(m_ctx);
#ifdef COINCRYPTO_AES_SECURE_ALLOCATOR
        m_allocator.deallocate(m_ctx, 1);
#endif
    }
    AESKey(const AESKey&) = delete;
    AESKey& operator=(const AESKey&) = delete;
    const coin_aes256_ctx* get() const { return m_ctx; }
};
} // namespace coincrypto_detail

namespace coincrypto_detail {
template <int KEYSIZE>
class AESEncrypt
{
    AESKey<KEYSIZE> m_key;

public:
    explicit AESEncrypt(const unsigned char* key) : m_key(key) {}
    void Encrypt(unsigned char ciphertext[16], const unsigned char plaintext[16]) const
    {
        coin_aes256_encrypt(m_key.get(), ciphertext, plaintext, 1);
    }
};

template <int KEYSIZE>
class AESDecrypt
{
    AESKey<KEYSIZE> m_key;

public:
    explicit AESDecrypt(const unsigned char* key) : m_key(key) {}
    void Decrypt(unsigned char plaintext[16], const unsigned char ciphertext[16]) const
    {
        coin_aes256_decrypt(m_key.get(), plaintext, ciphertext, 1);
    }
};

template <int KEYSIZE>
class AESCBCEncrypt
{
    AESKey<KEYSIZE> m_key;
    unsigned char m_iv[AES_BLOCKSIZE];
    const bool m_pad;

public:
    AESCBCEncrypt(const unsigned char* key, const unsigned char ivIn[AES_BLOCKSIZE], bool padIn)
        : m_key(key), m_pad(padIn)
    {
        std::memcpy(m_iv, ivIn, AES_BLOCKSIZE);
    }
    int Encrypt(const unsigned char* data, int size, unsigned char* out) const
    {
        if (!data || size <= 0 || !out) return 0;
        const size_t n = coin_aes256_cbc_encrypt(m_key.get(), m_iv, out, data, static_cast<size_t>(size), m_pad);
        return n == COIN_AES_CBC_ERROR ? 0 : static_cast<int>(n);
    }
};

template <int KEYSIZE>
class AESCBCDecrypt
{
    AESKey<KEYSIZE> m_key;
    unsigned char m_iv[AES_BLOCKSIZE];
    const bool m_pad;

public:
    AESCBCDecrypt(const unsigned char* key, const unsigned char ivIn[AES_BLOCKSIZE], bool padIn)
        : m_key(key), m_pad(padIn)
    {
        std::memcpy(m_iv, ivIn, AES_BLOCKSIZE);
    }
    int Decrypt(const unsigned char* data, int size, unsigned char* out) const
    {
        if (!data || size <= 0 || !out) return 0;
        const size_t n = coin_aes256_cbc_decrypt(m_key.get(), m_iv, out, data, static_cast<size_t>(size), m_pad);
        return n == COIN_AES_CBC_ERROR ? 0 : static_cast<int>(n); // Core's contract: 0 on any error
    }
};
} // namespace coincrypto_detail

/** An encryption class for AES-256. */
class AES256Encrypt : public coincrypto_detail::AESEncrypt<AES256_KEYSIZE>
{
public:
    explicit AES256Encrypt(const unsigned char key[32]) : AESEncrypt(key) {}
};

/** A decryption class for AES-256. */
class AES256Decrypt : public coincrypto_detail::AESDecrypt<AES256_KEYSIZE>
{
public:
    explicit AES256Decrypt(const unsigned char key[32]) : AESDecrypt(key) {}
};

class AES256CBCEncrypt : public coincrypto_detail::AESCBCEncrypt<AES256_KEYSIZE>
{
public:
    AES256CBCEncrypt(const unsigned char key[AES256_KEYSIZE], const unsigned char ivIn[AES_BLOCKSIZE], bool padIn)
        : AESCBCEncrypt(key, ivIn, padIn) {}
};

class AES256CBCDecrypt : public coincrypto_detail::AESCBCDecrypt<AES256_KEYSIZE>
{
public:
    AES256CBCDecrypt(const unsigned char key[AES256_KEYSIZE], const unsigned char ivIn[AES_BLOCKSIZE], bool padIn)
        : AESCBCDecrypt(key, ivIn, padIn) {}
};

/** Dogecoin's AES-128 classes. */
class AES128Encrypt : public coincrypto_detail::AESEncrypt<AES128_KEYSIZE>
{
public:
    explicit AES128Encrypt(const unsigned char key[16]) : AESEncrypt(key) {}
};

class AES128Decrypt : public coincrypto_detail::AESDecrypt<AES128_KEYSIZE>
{
public:
    explicit AES128Decrypt(const unsigned char key[16]) : AESDecrypt(key) {}
};

class AES128CBCEncrypt : public coincrypto_detail::AESCBCEncrypt<AES128_KEYSIZE>
{
public:
    AES128CBCEncrypt(const unsigned char key[AES128_KEYSIZE], const unsigned char ivIn[AES_BLOCKSIZE], bool padIn)
        : AESCBCEncrypt(key, ivIn, padIn) {}
};

class AES128CBCDecrypt : public coincrypto_detail::AESCBCDecrypt<AES128_KEYSIZE>
{
public:
    AES128CBCDecrypt(const unsigned char key[AES128_KEYSIZE], const unsigned char ivIn[AES_BLOCKSIZE], bool padIn)
        : AESCBCDecrypt(key, ivIn, padIn) {}
};

#endif
