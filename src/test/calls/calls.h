// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_TEST_CALLS_H
#define COINCRYPTO_TEST_CALLS_H

// The call-shape tests: one program per tree flavour (Bitcoin Core v28, Core master, Dogecoin,
// Litecoin), each compiled with that tree's language standard and with stand-ins for the tree's
// own headers that the drop-in headers meet there (uint256.h, span.h, ...) on its include path,
// making the calls node code makes. That they compile is most of the test; each call's result
// is also checked against the C API (itself checked against the official vectors by
// test_coincrypto) or against a published vector. Plain C++11 with no Boost, so that each
// flavour builds in its own standard.

#include "../../crypto/keccak.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace calls {
int passed = 0, failed = 0;

inline void check(bool ok, const char* what, const char* file, int line)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        std::printf("%s:%d: check failed: %s\n", file, line, what);
    }
}

// The bytes of a hex string (an even number of hex digits).
inline std::vector<unsigned char> unhex(const std::string& hex)
{
    std::vector<unsigned char> out;
    for (size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(static_cast<unsigned char>(std::stoul(hex.substr(i, 2), nullptr, 16)));
    return out;
}

inline std::string hex(const unsigned char* p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    std::string s;
    for (size_t i = 0; i < n; i++) {
        s += digits[p[i] >> 4];
        s += digits[p[i] & 15];
    }
    return s;
}

// netaddress.cpp's Tor v3 checksum, SHA3-256(".onion checksum" || pubkey || 3), by the C API.
inline bool is_onion_checksum(const unsigned char* got, const unsigned char* pubkey)
{
    unsigned char msg[48], want[32];
    std::memcpy(msg, ".onion checksum", 15);
    std::memcpy(msg + 15, pubkey, 32);
    msg[47] = 3;
    coin_sha3_256(want, msg, 48);
    return std::memcmp(got, want, 32) == 0;
}

// Block 0 of ChaCha20 with the all-zero key and nonce: RFC 8439 A.1, test vector 1.
inline const char* chacha20_zero_block()
{
    return "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
           "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586";
}

// A compression function of libsecp256k1's callback type (Core PR #36188) on the padded
// block of "abc", from SHA-256's initial state: FIPS 180-4's digest.
inline bool compresses_abc(void (*compression)(uint32_t*, const unsigned char*, size_t))
{
    uint32_t state[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    unsigned char block[64] = {'a', 'b', 'c', 0x80};
    block[63] = 24;
    compression(state, block, 1);
    return state[0] == 0xba7816bf && state[7] == 0xf20015ad;
}

// The closing line, and the exit status.
inline int report(const char* flavour)
{
    std::printf("calls %s: %d passed, %d failed\n", flavour, passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}
} // namespace calls

#define CHECK(...) calls::check((__VA_ARGS__), #__VA_ARGS__, __FILE__, __LINE__)

#endif
