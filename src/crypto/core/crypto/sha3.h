// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_SHA3_H
#define COINCRYPTO_CORE_CRYPTO_SHA3_H

// Bitcoin Core's <crypto/sha3.h> (v28; Tor v3 addresses), inline over coincrypto's C API.
// Core's Span arguments become anything std::data() and std::size() take (Span, std::span,
// std::vector, std::array, C arrays). C++17.

#include "../../keccak.h"

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <iterator>

//! The Keccak-f[1600] transform.
inline void KeccakF(uint64_t (&st)[25]) { coin_keccakf(st); }

class SHA3_256
{
    coin_keccak_ctx m_ctx;

public:
    static constexpr size_t OUTPUT_SIZE = COIN_SHA3_256_OUTPUT_SIZE;

    SHA3_256() { coin_sha3_256_init(&m_ctx); }
    template <typename Bytes>
    SHA3_256& Write(const Bytes& data)
    {
        static_assert(sizeof(*std::data(data)) == 1, "SHA3_256::Write hashes bytes");
        coin_keccak_write(&m_ctx, reinterpret_cast<const unsigned char*>(std::data(data)), std::size(data));
        return *this;
    }
    //! Writes the digest; as in Core, output must be OUTPUT_SIZE bytes and Reset() comes next.
    template <typename Bytes>
    SHA3_256& Finalize(Bytes&& output)
    {
        static_assert(sizeof(*std::data(output)) == 1, "SHA3_256::Finalize writes bytes");
        assert(std::size(output) == OUTPUT_SIZE);
        coin_keccak_finalize(&m_ctx, reinterpret_cast<unsigned char*>(std::data(output)));
        return *this;
    }
    SHA3_256& Reset()
    {
        coin_sha3_256_init(&m_ctx);
        return *this;
    }
};

#endif
