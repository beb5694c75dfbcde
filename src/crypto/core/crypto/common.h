// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_COMMON_H
#define COINCRYPTO_CORE_CRYPTO_COMMON_H

// <crypto/common.h> of Bitcoin Core v28 and master and of Dogecoin, inline over coincrypto's
// byteorder.h: loads and stores at any alignment. Where the language has concepts (C++20,
// Core master's standard) they are Core master's templates over unsigned char and std::byte;
// before C++20, Core v28's and Dogecoin's functions over unsigned char. Dogecoin's CountBits
// too.

#include "../../byteorder.h"

#include <cstddef>
#include <cstdint>

#if defined(__cpp_concepts) && __cpp_concepts >= 201907L
#include <concepts>

template <typename B>
concept ByteType = std::same_as<B, unsigned char> || std::same_as<B, std::byte>;

#define COIN_BYTE_PTR(ptr) reinterpret_cast<const unsigned char*>(ptr)
#define COIN_MUT_BYTE_PTR(ptr) reinterpret_cast<unsigned char*>(ptr)
template <ByteType B> inline uint16_t ReadLE16(const B* ptr) { return coin_read_le16(COIN_BYTE_PTR(ptr)); }
template <ByteType B> inline uint32_t ReadLE32(const B* ptr) { return coin_read_le32(COIN_BYTE_PTR(ptr)); }
template <ByteType B> inline uint64_t ReadLE64(const B* ptr) { return coin_read_le64(COIN_BYTE_PTR(ptr)); }
template <ByteType B> inline void WriteLE16(B* ptr, uint16_t x) { coin_write_le16(COIN_MUT_BYTE_PTR(ptr), x); }
template <ByteType B> inline void WriteLE32(B* ptr, uint32_t x) { coin_write_le32(COIN_MUT_BYTE_PTR(ptr), x); }
template <ByteType B> inline void WriteLE64(B* ptr, uint64_t x) { coin_write_le64(COIN_MUT_BYTE_PTR(ptr), x); }
template <ByteType B> inline uint16_t ReadBE16(const B* ptr) { return coin_read_be16(COIN_BYTE_PTR(ptr)); }
template <ByteType B> inline uint32_t ReadBE32(const B* ptr) { return coin_read_be32(COIN_BYTE_PTR(ptr)); }
template <ByteType B> inline uint64_t ReadBE64(const B* ptr) { return coin_read_be64(COIN_BYTE_PTR(ptr)); }
template <ByteType B> inline void WriteBE16(B* ptr, uint16_t x) { coin_write_be16(COIN_MUT_BYTE_PTR(ptr), x); }
template <ByteType B> inline void WriteBE32(B* ptr, uint32_t x) { coin_write_be32(COIN_MUT_BYTE_PTR(ptr), x); }
template <ByteType B> inline void WriteBE64(B* ptr, uint64_t x) { coin_write_be64(COIN_MUT_BYTE_PTR(ptr), x); }
#undef COIN_BYTE_PTR
#undef COIN_MUT_BYTE_PTR
#else
inline uint16_t ReadLE16(const unsigned char* ptr) { return coin_read_le16(ptr); }
inline uint32_t ReadLE32(const unsigned char* ptr) { return coin_read_le32(ptr); }
inline uint64_t ReadLE64(const unsigned char* ptr) { return coin_read_le64(ptr); }
inline void WriteLE16(unsigned char* ptr, uint16_t x) { coin_write_le16(ptr, x); }
inline void WriteLE32(unsigned char* ptr, uint32_t x) { coin_write_le32(ptr, x); }
inline void WriteLE64(unsigned char* ptr, uint64_t x) { coin_write_le64(ptr, x); }
inline uint16_t ReadBE16(const unsigned char* ptr) { return coin_read_be16(ptr); }
inline uint32_t ReadBE32(const unsigned char* ptr) { return coin_read_be32(ptr); }
inline uint64_t ReadBE64(const unsigned char* ptr) { return coin_read_be64(ptr); }
inline void WriteBE16(unsigned char* ptr, uint16_t x) { coin_write_be16(ptr, x); }
inline void WriteBE32(unsigned char* ptr, uint32_t x) { coin_write_be32(ptr, x); }
inline void WriteBE64(unsigned char* ptr, uint64_t x) { coin_write_be64(ptr, x); }
#endif

/** Dogecoin's: the smallest n such that (x >> n) == 0 (64 when the top bit is set). */
inline uint64_t CountBits(uint64_t x)
{
#if defined(__GNUC__)
    return x ? 8 * sizeof(unsigned long long) - __builtin_clzll(x) : 0;
#else
    uint64_t n = 0;
    for (; x; x >>= 1) n++;
    return n;
#endif
}

#endif
