// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_SCRYPT_H
#define COINCRYPTO_CORE_CRYPTO_SCRYPT_H

// Dogecoin 1.14's and Litecoin 0.21's <crypto/scrypt.h> (one scrypt_1024_1_1_256 family),
// inline over coincrypto's C API. Each function takes and gives raw bytes, as theirs: the
// 80-byte header in, the 32 bytes of the uint256 out.

#include "../../pbkdf2.h"
#include "../../scrypt.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

static const int SCRYPT_SCRATCHPAD_SIZE = 131072 + 63;
static_assert(SCRYPT_SCRATCHPAD_SIZE == COIN_SCRYPT_1024_1_1_256_SCRATCH_SIZE, "Dogecoin's scratchpad size");

/** PBKDF2-HMAC-SHA256 (RFC 8018). As Dogecoin's, c = 0 is taken as one iteration. */
inline void PBKDF2_SHA256(const uint8_t* passwd, size_t passwdlen, const uint8_t* salt, size_t saltlen, uint64_t c,
                          uint8_t* buf, size_t dkLen)
{
    coin_pbkdf2_hmac_sha256(passwd, passwdlen, salt, saltlen, c ? c : 1, buf, dkLen);
}

/** scrypt(input, input, N=1024, r=1, p=1), 32 bytes, of an 80-byte block header. */
inline void scrypt_1024_1_1_256(const char* input, char* output)
{
    coin_scrypt_1024_1_1_256(reinterpret_cast<const unsigned char*>(input), reinterpret_cast<unsigned char*>(output));
}

/** The same with the caller's scratchpad of SCRYPT_SCRATCHPAD_SIZE bytes (any alignment). */
inline void scrypt_1024_1_1_256_sp(const char* input, char* output, char* scratchpad)
{
    coin_scrypt_1024_1_1_256_sp(reinterpret_cast<const unsigned char*>(input), reinterpret_cast<unsigned char*>(output),
                                scratchpad);
}

/** Dogecoin's older name for the portable code, and its newer per-implementation namespaces:
 *  all are coincrypto's one implementation. */
inline void scrypt_1024_1_1_256_sp_generic(const char* input, char* output, char* scratchpad)
{
    scrypt_1024_1_1_256_sp(input, output, scratchpad);
}
namespace scrypt_generic {
inline void scrypt_1024_1_1_256_sp(const char* input, char* output, char* scratchpad)
{
    ::scrypt_1024_1_1_256_sp(input, output, scratchpad);
}
} // namespace scrypt_generic

namespace coincrypto_core {
//! scrypt_detect_sse2's result: Dogecoin's bool, whether one header at a time runs a SIMD
//! backend rather than the portable code (its log line "scrypt: using SSE2 implementation"),
//! and Litecoin's std::string, the line it logs (here, the implementations in use). The bool
//! is explicit, so that std::string{...} or a format argument cannot silently take it instead.
struct ScryptDetection {
    explicit operator bool() const { return std::strstr(coin_scrypt_implementation(), "generic(1way)") == nullptr; }
    operator std::string() const { return std::string("scrypt: using coincrypto's ") + coin_scrypt_implementation(); }
};
} // namespace coincrypto_core

/** Dogecoin's and Litecoin's SSE2 entry points, for a tree still configured with its SSE2
 *  scrypt option (USE_SSE2): the same dispatched code. There is nothing to detect first. */
inline coincrypto_core::ScryptDetection scrypt_detect_sse2() { return {}; }
inline void scrypt_1024_1_1_256_sp_sse2(const char* input, char* output, char* scratchpad)
{
    scrypt_1024_1_1_256_sp(input, output, scratchpad);
}

#endif
