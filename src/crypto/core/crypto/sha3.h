// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_SHA3_H
#define COINCRYPTO_CORE_CRYPTO_SHA3_H

// Bitcoin Core's <crypto/sha3.h> (v28; Tor v3 addresses), inline over coincrypto's C API.
// Core's Span arguments become anything with data() and size() over bytes (Span, std::span,
// std::vector, std::array) or a byte array.

#include "../../keccak.h"

#include <cassert>
#include <cstddef>
#include <cstdint>
#if defined(__has_include)
#if __has_include(<version>)
#include <version>
#endif
#endif
#if defined(__cpp_lib_span) && __cpp_lib_span >= 202002L
#include <span>
#endif

//! The Keccak-f[1600] transform.
inline void KeccakF(uint64_t (&st)[25]) { coin_keccakf(st); }

class SHA3_256
{
    coin_keccak_ctx m_ctx;

public:
    static constexpr size_t OUTPUT_SIZE = COIN_SHA3_256_OUTPUT_SIZE;

    SHA3_256() { coin_sha3_256_init(&m_ctx); }
    //! Core's Write(Span<const unsigned char>): anything with data() and size() over bytes.
    template <typename Bytes>
    auto Write(const Bytes& data) -> decltype(data.data() + data.size(), *this)
    {
        static_assert(sizeof(*data.data()) == 1, "SHA3_256::Write hashes bytes");
        coin_keccak_write(&m_ctx, reinterpret_cast<const unsigned char*>(data.data()), data.size());
        return *this;
    }
    //! The same from a byte array (Core makes a Span of it).
    template <typename T, size_t N>
    SHA3_256& Write(const T (&data)[N])
    {
        static_assert(sizeof(T) == 1, "SHA3_256::Write hashes bytes");
        coin_keccak_write(&m_ctx, reinterpret_cast<const unsigned char*>(data), N);
        return *this;
    }
#if defined(__cpp_lib_span) && __cpp_lib_span >= 202002L
    //! The same from a braced {pointer, size}, as master's Write(std::span<const unsigned char>).
    SHA3_256& Write(std::span<const unsigned char> data)
    {
        coin_keccak_write(&m_ctx, data.data(), data.size());
        return *this;
    }
#endif
    //! Writes the digest into OUTPUT_SIZE bytes (Core asserts the size); Reset() comes next.
    template <typename Bytes>
    auto Finalize(Bytes&& output) -> decltype(output.data() + output.size(), *this)
    {
        static_assert(sizeof(*output.data()) == 1, "SHA3_256::Finalize writes bytes");
        assert(output.size() == OUTPUT_SIZE);
        coin_keccak_finalize(&m_ctx, reinterpret_cast<unsigned char*>(output.data()));
        return *this;
    }
    SHA3_256& Finalize(unsigned char (&output)[OUTPUT_SIZE])
    {
        coin_keccak_finalize(&m_ctx, output);
        return *this;
    }
    SHA3_256& Reset()
    {
        coin_sha3_256_init(&m_ctx);
        return *this;
    }
};

#endif
