// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_SIPHASH_H
#define COINCRYPTO_CORE_CRYPTO_SIPHASH_H

// Bitcoin Core's <crypto/siphash.h>, v28's and master's in one, inline over coincrypto's C
// API: CSipHasher, v28's SipHashUint256 and SipHashUint256Extra, master's PresaltedSipHasher
// and SipHasher13UJ. Dogecoin has the same CSipHasher and SipHashUint256 in its hash.h, and
// keeps them there (a file cannot include both).
//
// As Core's, this includes the tree's <uint256.h>. Where there is none (a program outside a
// node tree), a stand-in uint256 below takes its place: 32 bytes with Core's begin(), data(),
// size() and GetUint64(). Byte spans are anything with data() and size() over bytes, a byte
// array, and where the standard library has std::span (C++20) a braced {pointer, size}.

#include "../../byteorder.h"
#include "../../siphash.h"

#include <cstddef>
#include <cstdint>
#if defined(__has_include)
#if __has_include(<version>)
#include <version>
#endif
#if __has_include(<uint256.h>)
#include <uint256.h>
#define COIN_TREE_UINT256 1
#endif
#endif
#if defined(__cpp_lib_span) && __cpp_lib_span >= 202002L
#include <span>
#endif

#ifndef COIN_TREE_UINT256
/** A stand-in for a node tree's uint256, where the program has none. */
class uint256
{
    unsigned char m_data[32];

public:
    uint256() : m_data() {}
    explicit uint256(const unsigned char (&bytes)[32])
    {
        for (size_t i = 0; i < 32; i++) m_data[i] = bytes[i];
    }
    const unsigned char* data() const { return m_data; }
    unsigned char* data() { return m_data; }
    const unsigned char* begin() const { return m_data; }
    unsigned char* begin() { return m_data; }
    const unsigned char* end() const { return m_data + 32; }
    unsigned char* end() { return m_data + 32; }
    static constexpr unsigned int size() { return 32; }
    uint64_t GetUint64(int pos) const { return coin_read_le64(m_data + 8 * pos); }
};
#endif
#undef COIN_TREE_UINT256

/** SipHash-2-4 */
class CSipHasher
{
    coin_siphash_ctx m_ctx;

public:
    /** Construct a SipHash calculator initialized with 128-bit key (k0, k1) */
    CSipHasher(uint64_t k0, uint64_t k1) { coin_siphash_init(&m_ctx, k0, k1); }
    /** Hash a 64-bit integer worth of data, as the little-endian interpretation of 8 bytes.
     *  This function can only be used when a multiple of 8 bytes have been written so far. */
    CSipHasher& Write(uint64_t data)
    {
        coin_siphash_write_u64(&m_ctx, data);
        return *this;
    }
    /** Hash arbitrary bytes, Core's Write(Span<const unsigned char>): anything with data()
     *  and size() over bytes (Span, std::span, std::vector, std::array, CScript, uint256). */
    template <typename Bytes>
    auto Write(const Bytes& data) -> decltype(data.data() + data.size(), *this)
    {
        static_assert(sizeof(*data.data()) == 1, "CSipHasher::Write hashes bytes");
        return Write(reinterpret_cast<const unsigned char*>(data.data()), data.size());
    }
    /** The same from a byte array. */
    template <size_t N>
    CSipHasher& Write(const unsigned char (&data)[N])
    {
        return Write(data, N);
    }
#if defined(__cpp_lib_span) && __cpp_lib_span >= 202002L
    /** The same from a braced {pointer, size}, as master's Write(std::span<const unsigned char>). */
    CSipHasher& Write(std::span<const unsigned char> data) { return Write(data.data(), data.size()); }
#endif
    /** Hash arbitrary bytes: the form of Dogecoin and of Core before v26. */
    CSipHasher& Write(const unsigned char* data, size_t size)
    {
        coin_siphash_write(&m_ctx, data, size);
        return *this;
    }
    /** Compute the 64-bit SipHash-2-4 of the data written so far. The object remains untouched. */
    uint64_t Finalize() const { return coin_siphash_finalize(&m_ctx); }
};

/** Optimized SipHash-2-4 of a uint256 (Core v28's): equal to
 *  CSipHasher(k0, k1).Write(val.GetUint64(0)) ... .Write(val.GetUint64(3)).Finalize(). */
inline uint64_t SipHashUint256(uint64_t k0, uint64_t k1, const uint256& val)
{
    coin_siphash_key key;
    coin_siphash_key_init(&key, k0, k1);
    return coin_siphash_uint256(&key, val.begin());
}

/** The same of val followed by extra as 4 little-endian bytes. */
inline uint64_t SipHashUint256Extra(uint64_t k0, uint64_t k1, const uint256& val, uint32_t extra)
{
    coin_siphash_key key;
    coin_siphash_key_init(&key, k0, k1);
    return coin_siphash_uint256_extra(&key, val.begin(), extra);
}

/** Core master's SipHash-1-3-UJ: blocks of 8 bytes (Write) or 32 (WriteJumbo), unpadded
 *  (see coin_siphash13_ctx). */
class SipHasher13UJ
{
    coin_siphash13_ctx m_ctx;

public:
    /** Construct a SipHash-1-3-UJ calculator initialized with 128-bit key (k0, k1). */
    SipHasher13UJ(uint64_t k0, uint64_t k1) noexcept { coin_siphash13_init(&m_ctx, k0, k1); }
    /** Hash a normal 64-bit value. */
    SipHasher13UJ& Write(uint64_t data) noexcept
    {
        coin_siphash13_write_u64(&m_ctx, data);
        return *this;
    }
    /** Hash a 256-bit value as a jumbo block. */
    SipHasher13UJ& WriteJumbo(const uint256& hash) noexcept
    {
        coin_siphash13_write_jumbo(&m_ctx, hash.begin());
        return *this;
    }
    /** Compute the 64-bit SipHash-1-3-UJ of the data written so far. The object remains untouched. */
    uint64_t Finalize() const noexcept { return coin_siphash13_finalize(&m_ctx); }
    /** Hash a jumbo block after the data written so far and finalize, without modifying the object. */
    uint64_t Hash(const uint256& hash) const noexcept { return coin_siphash13_uint256(&m_ctx, hash.begin()); }
    /** The same with a normal block extra after the jumbo one. */
    uint64_t Hash(const uint256& hash, uint64_t extra) const noexcept
    {
        return coin_siphash13_uint256_extra(&m_ctx, hash.begin(), extra);
    }
};

/** Core master's SipHash-2-4 of a uint256 under a key set once. */
class PresaltedSipHasher
{
    const coin_siphash_key m_key; // const, as Core's state: copyable, not assignable

    static coin_siphash_key Keyed(uint64_t k0, uint64_t k1) noexcept
    {
        coin_siphash_key key;
        coin_siphash_key_init(&key, k0, k1);
        return key;
    }

public:
    explicit PresaltedSipHasher(uint64_t k0, uint64_t k1) noexcept : m_key(Keyed(k0, k1)) {}
    /** Equivalent to CSipHasher(k0, k1).Write(val).Finalize(). */
    uint64_t operator()(const uint256& val) const noexcept { return coin_siphash_uint256(&m_key, val.begin()); }
    /** Equivalent to CSipHasher(k0, k1).Write(val).Write(extra).Finalize(), with extra as 4
     *  little-endian bytes. */
    uint64_t operator()(const uint256& val, uint32_t extra) const noexcept
    {
        return coin_siphash_uint256_extra(&m_key, val.begin(), extra);
    }
};

#endif
