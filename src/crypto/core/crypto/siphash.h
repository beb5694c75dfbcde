// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_SIPHASH_H
#define COINCRYPTO_CORE_CRYPTO_SIPHASH_H

// Bitcoin Core's <crypto/siphash.h> (v28), inline over coincrypto's C API. Dogecoin 1.14 has
// the same CSipHasher and SipHashUint256 in its hash.h.

#include "../../siphash.h"

#include <cstddef>
#include <cstdint>

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
    /** Hash arbitrary bytes: Core's Write(Span<const unsigned char>), for anything with data()
     *  and size() over bytes (Span, std::span, std::vector, std::array). */
    template <typename Bytes>
    auto Write(const Bytes& data) -> decltype(data.data() + data.size(), *this)
    {
        static_assert(sizeof(*data.data()) == 1, "CSipHasher::Write hashes bytes");
        return Write(reinterpret_cast<const unsigned char*>(data.data()), data.size());
    }
    /** Hash arbitrary bytes: the form of Dogecoin and of Core before v26. */
    CSipHasher& Write(const unsigned char* data, size_t size)
    {
        coin_siphash_write(&m_ctx, data, size);
        return *this;
    }
    /** Compute the 64-bit SipHash-2-4 of the data written so far. The object remains untouched. */
    uint64_t Finalize() const { return coin_siphash_finalize(&m_ctx); }
};

/** SipHash-2-4 of the 32 bytes of val, a uint256: Core's and Dogecoin's (their begin() points
 *  to the 32 bytes), or std::array<unsigned char, 32>. Equal to
 *  CSipHasher(k0, k1).Write(val).Finalize(). */
template <typename Uint256>
uint64_t SipHashUint256(uint64_t k0, uint64_t k1, const Uint256& val)
{
    static_assert(sizeof(val) == 32, "SipHashUint256 hashes a 32-byte value");
    coin_siphash_key key;
    coin_siphash_key_init(&key, k0, k1);
    return coin_siphash_uint256(&key, &*val.begin());
}

/** The same of val followed by extra as 4 little-endian bytes. */
template <typename Uint256>
uint64_t SipHashUint256Extra(uint64_t k0, uint64_t k1, const Uint256& val, uint32_t extra)
{
    static_assert(sizeof(val) == 32, "SipHashUint256Extra hashes a 32-byte value");
    coin_siphash_key key;
    coin_siphash_key_init(&key, k0, k1);
    return coin_siphash_uint256_extra(&key, &*val.begin(), extra);
}

#endif
