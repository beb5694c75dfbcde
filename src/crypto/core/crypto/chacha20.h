// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_CHACHA20_H
#define COINCRYPTO_CORE_CRYPTO_CHACHA20_H

// <crypto/chacha20.h>, inline over coincrypto's C API. In C++20 (Bitcoin Core v28 and
// master): Core's ChaCha20Aligned, ChaCha20 and FSChaCha20, whose Span or std::span
// arguments become anything with data() and size() over bytes (Span, std::span,
// std::vector, std::array) or a byte array. Before C++20 (Dogecoin 1.14, C++11 to C++17;
// Litecoin 0.21, C++14 or C++17): their ChaCha20 with its 64-bit counter and nonce (keys of 32
// bytes only; their nodes use no other, only Litecoin's crypto_chacha20 fuzz target does).

#include "../../chacha20.h"

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace coincrypto_core {
//! Bytes read: from anything with data() and size() over a 1-byte type, or a byte array.
struct ConstBytes {
    const unsigned char* p{nullptr};
    size_t n{0};
    ConstBytes() = default;
    template <typename C, typename = decltype(std::declval<const C&>().data() + std::declval<const C&>().size())>
    ConstBytes(const C& c) : p(reinterpret_cast<const unsigned char*>(c.data())), n(c.size())
    {
        static_assert(sizeof(*c.data()) == 1, "a span of bytes");
    }
    template <typename T, size_t N>
    ConstBytes(const T (&a)[N]) : p(reinterpret_cast<const unsigned char*>(a)), n(N)
    {
        static_assert(sizeof(T) == 1, "an array of bytes");
    }
};
//! Bytes written: the same over non-const bytes.
struct MutBytes {
    unsigned char* p{nullptr};
    size_t n{0};
    MutBytes() = default;
    template <typename C, typename = decltype(std::declval<C&>().data() + std::declval<C&>().size()),
              typename = typename std::enable_if<!std::is_const<typename std::remove_pointer<decltype(std::declval<C&>().data())>::type>::value>::type>
    MutBytes(C&& c) : p(reinterpret_cast<unsigned char*>(c.data())), n(c.size())
    {
        static_assert(sizeof(*c.data()) == 1, "a span of bytes");
    }
    template <typename T, size_t N>
    MutBytes(T (&a)[N]) : p(reinterpret_cast<unsigned char*>(a)), n(N)
    {
        static_assert(sizeof(T) == 1, "an array of bytes");
    }
};
} // namespace coincrypto_core

#if __cplusplus >= 202002L

//! ChaCha20 that only operates on multiples of 64 bytes.
class ChaCha20Aligned
{
    coin_chacha20_ctx m_ctx;

public:
    static constexpr unsigned KEYLEN{32};
    static constexpr unsigned BLOCKLEN{64};

    ChaCha20Aligned() noexcept = delete;
    ChaCha20Aligned(coincrypto_core::ConstBytes key) noexcept { SetKey(key); }
    ~ChaCha20Aligned() { coin_chacha20_wipe(&m_ctx); }

    //! Sets the 32-byte key, and seeks to nonce 0 and block 0.
    void SetKey(coincrypto_core::ConstBytes key) noexcept
    {
        assert(key.n == KEYLEN);
        coin_chacha20_init(&m_ctx, key.p);
    }
    //! The nonce's first 4 bytes (little-endian) and its last 8 (little-endian).
    using Nonce96 = std::pair<uint32_t, uint64_t>;
    //! Seeks to byte 64 * block_counter; past 2^32 blocks, nonce.first is incremented.
    void Seek(Nonce96 nonce, uint32_t block_counter) noexcept
    {
        coin_chacha20_seek96(&m_ctx, nonce.first, nonce.second, block_counter);
    }
    //! The keystream, a multiple of BLOCKLEN bytes.
    void Keystream(coincrypto_core::MutBytes out) noexcept
    {
        assert(out.n % BLOCKLEN == 0);
        coin_chacha20_keystream_blocks(&m_ctx, out.p, out.n);
    }
    //! output = input XOR the keystream; equal sizes, a multiple of BLOCKLEN.
    void Crypt(coincrypto_core::ConstBytes input, coincrypto_core::MutBytes output) noexcept
    {
        assert(input.n == output.n && input.n % BLOCKLEN == 0);
        coin_chacha20_crypt_blocks(&m_ctx, output.p, input.p, input.n);
    }
};

//! Unrestricted ChaCha20: any lengths.
class ChaCha20
{
    coin_chacha20_ctx m_ctx;

public:
    static constexpr unsigned KEYLEN = ChaCha20Aligned::KEYLEN;

    ChaCha20() noexcept = delete;
    ChaCha20(coincrypto_core::ConstBytes key) noexcept { SetKey(key); }
    ~ChaCha20() { coin_chacha20_wipe(&m_ctx); }

    void SetKey(coincrypto_core::ConstBytes key) noexcept
    {
        assert(key.n == KEYLEN);
        coin_chacha20_init(&m_ctx, key.p);
    }
    using Nonce96 = ChaCha20Aligned::Nonce96;
    void Seek(Nonce96 nonce, uint32_t block_counter) noexcept
    {
        coin_chacha20_seek96(&m_ctx, nonce.first, nonce.second, block_counter);
    }
    //! out_bytes = in_bytes XOR the keystream; equal sizes.
    void Crypt(coincrypto_core::ConstBytes in_bytes, coincrypto_core::MutBytes out_bytes) noexcept
    {
        assert(in_bytes.n == out_bytes.n);
        coin_chacha20_crypt(&m_ctx, out_bytes.p, in_bytes.p, in_bytes.n);
    }
    void Keystream(coincrypto_core::MutBytes out) noexcept { coin_chacha20_keystream(&m_ctx, out.p, out.n); }
};

//! BIP324's forward-secure ChaCha20: rekeys every rekey_interval Crypt() calls.
class FSChaCha20
{
    coin_fschacha20_ctx m_ctx;

public:
    static constexpr unsigned KEYLEN = 32;

    FSChaCha20(const FSChaCha20&) = delete;
    FSChaCha20(FSChaCha20&&) = delete;
    FSChaCha20& operator=(const FSChaCha20&) = delete;
    FSChaCha20& operator=(FSChaCha20&&) = delete;

    FSChaCha20(coincrypto_core::ConstBytes key, uint32_t rekey_interval) noexcept
    {
        assert(key.n == KEYLEN);
        coin_fschacha20_init(&m_ctx, key.p, rekey_interval);
    }
    ~FSChaCha20() { coin_fschacha20_wipe(&m_ctx); }

    void Crypt(coincrypto_core::ConstBytes input, coincrypto_core::MutBytes output) noexcept
    {
        assert(input.n == output.n);
        coin_fschacha20_crypt(&m_ctx, output.p, input.p, input.n);
    }
};

#else

//! The ChaCha20 of Dogecoin 1.14 (a PRNG) and of Core 0.21 (Litecoin): a 64-bit block counter
//! and a 64-bit nonce; each call starts at a block boundary (the rest of a partial block is
//! skipped, as in both). Dogecoin's keystream is Output(), Core 0.21's Keystream(), with Crypt().
class ChaCha20
{
    coin_chacha20_ctx m_ctx;

public:
    //! An all-zero key (Core 0.21 zeroes the constants too; nothing reads it before SetKey).
    ChaCha20()
    {
        static const unsigned char zero[32] = {0};
        coin_chacha20_init(&m_ctx, zero);
    }
    ChaCha20(const unsigned char* key, size_t keylen) { SetKey(key, keylen); }
    ~ChaCha20() { coin_chacha20_wipe(&m_ctx); }

    //! A 32-byte key (the 16-byte keys Dogecoin and Core 0.21 also take are not supported);
    //! the nonce and counter are 0.
    void SetKey(const unsigned char* key, size_t keylen)
    {
        assert(keylen == 32);
        (void)keylen;
        coin_chacha20_init(&m_ctx, key);
    }
    void SetIV(uint64_t iv)
    {
        m_ctx.input[10] = static_cast<uint32_t>(iv);
        m_ctx.input[11] = static_cast<uint32_t>(iv >> 32);
    }
    //! Seeks to block pos (the counter and the nonce's first word are one 64-bit counter).
    void Seek(uint64_t pos)
    {
        m_ctx.input[8] = static_cast<uint32_t>(pos);
        m_ctx.input[9] = static_cast<uint32_t>(pos >> 32);
        m_ctx.bufleft = 0;
    }
    void Output(unsigned char* output, size_t bytes)
    {
        coin_chacha20_keystream(&m_ctx, output, bytes);
        m_ctx.bufleft = 0;
    }
    void Keystream(unsigned char* c, size_t bytes) { Output(c, bytes); }
    //! XORs the keystream into bytes of input, written to output (Core 0.21's argument order).
    void Crypt(const unsigned char* input, unsigned char* output, size_t bytes)
    {
        coin_chacha20_crypt(&m_ctx, output, input, bytes);
        m_ctx.bufleft = 0;
    }
};

#endif

#endif
