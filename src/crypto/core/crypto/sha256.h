// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_SHA256_H
#define COINCRYPTO_CORE_CRYPTO_SHA256_H

// Bitcoin Core's <crypto/sha256.h> (Dogecoin's has CSHA256 only), inline over coincrypto's
// C API.

#include "../../cpu.h"
#include "../../sha256.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

/** A hasher class for SHA-256. */
class CSHA256
{
    coin_sha256_ctx m_ctx;

public:
    static constexpr size_t OUTPUT_SIZE = COIN_SHA256_OUTPUT_SIZE;

    CSHA256() { coin_sha256_init(&m_ctx); }
    CSHA256& Write(const unsigned char* data, size_t len)
    {
        coin_sha256_write(&m_ctx, data, len);
        return *this;
    }
    void Finalize(unsigned char hash[OUTPUT_SIZE]) { coin_sha256_finalize(&m_ctx, hash); }
    CSHA256& Reset()
    {
        coin_sha256_init(&m_ctx);
        return *this;
    }
};

namespace sha256_implementation {
enum UseImplementation : uint8_t {
    STANDARD = 0,
    USE_SSE4 = 1 << 0,
    USE_AVX2 = 1 << 1,
    USE_SHANI = 1 << 2,
    USE_SSE4_AND_AVX2 = USE_SSE4 | USE_AVX2,
    USE_SSE4_AND_SHANI = USE_SSE4 | USE_SHANI,
    USE_ALL = USE_SSE4 | USE_AVX2 | USE_SHANI,
};
}

/** The SHA-256 backends in use, as coin_sha256_implementation() names them. coincrypto
 *  selects and self-tests its backends by itself on first use; this only restricts them:
 *  it starts again from the CPU features COINCRYPTO_CPU allows (all detected ones when it is
 *  unset) and turns off those of each implementation that use_implementation leaves out:
 *    USE_SSE4   ssse3 sse41            the 4-way sha256d64
 *    USE_AVX2   avx avx2 bmi2 avx512   1-way, and the 8- and 16-way sha256d64
 *    USE_SHANI  shani (x86), sha2 (ARM)
 *  The features are the library's, so SHA-1 and SHA-512 follow the same restriction. */
inline std::string SHA256AutoDetect(sha256_implementation::UseImplementation use_implementation = sha256_implementation::USE_ALL)
{
    uint32_t off = 0;
    if (!(use_implementation & sha256_implementation::USE_SSE4)) off |= COIN_CPU_SSSE3 | COIN_CPU_SSE41;
    if (!(use_implementation & sha256_implementation::USE_AVX2)) {
        off |= COIN_CPU_AVX | COIN_CPU_AVX2 | COIN_CPU_BMI2 | COIN_CPU_AVX512;
    }
    if (!(use_implementation & sha256_implementation::USE_SHANI)) off |= COIN_CPU_SHANI | COIN_CPU_ARM_SHA2;
    coin_cpu_restrict(std::getenv("COINCRYPTO_CPU"));
    coin_cpu_set_features(coin_cpu_features() & ~off);
    return coin_sha256_implementation();
}

/** The SHA-256 compression of n_blocks 64-byte blocks into state, on the dispatched backend:
 *  the function Core (PR #36188) hands libsecp256k1, with the type of
 *  secp256k1_sha256_compression_function:
 *    secp256k1_context_set_sha256_compression(ctx, SHA256Transform); */
inline void SHA256Transform(uint32_t* state, const unsigned char* blocks64, size_t n_blocks)
{
    coin_sha256_transform(state, blocks64, n_blocks);
}

/** Compute multiple double-SHA256's of 64-byte blobs.
 *  output:  pointer to a blocks*32 byte output buffer
 *  input:   pointer to a blocks*64 byte input buffer (may be output itself)
 *  blocks:  the number of hashes to compute.
 */
inline void SHA256D64(unsigned char* output, const unsigned char* input, size_t blocks)
{
    coin_sha256d64(output, input, blocks);
}

/** coincrypto's helpers (Core has no such calls): many independent messages of any lengths at
 *  once, in lanes where the CPU has them (coin_sha256_many, coin_hash256_many): for each
 *  i < count, output[32*i..] = SHA-256 (SHA256Many) or double SHA-256 (Hash256Many: a block's
 *  txids) of msgs[i][0..lens[i]). output must not overlap any message. */
inline void SHA256Many(unsigned char* output, const unsigned char* const* msgs, const size_t* lens, size_t count)
{
    coin_sha256_many(output, msgs, lens, count);
}

inline void Hash256Many(unsigned char* output, const unsigned char* const* msgs, const size_t* lens, size_t count)
{
    coin_hash256_many(output, msgs, lens, count);
}

#endif
