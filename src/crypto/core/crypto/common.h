// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_COMMON_H
#define COINCRYPTO_CORE_CRYPTO_COMMON_H

// Bitcoin Core's <crypto/common.h> (v28; Dogecoin 1.14's lacks ReadBE16), inline over
// coincrypto's byteorder.h: loads and stores at any alignment.

#include "../../byteorder.h"

#include <cstdint>

inline uint16_t ReadLE16(const unsigned char* ptr) { return coin_read_le16(ptr); }
inline uint32_t ReadLE32(const unsigned char* ptr) { return coin_read_le32(ptr); }
inline uint64_t ReadLE64(const unsigned char* ptr) { return coin_read_le64(ptr); }
inline void WriteLE16(unsigned char* ptr, uint16_t x) { coin_write_le16(ptr, x); }
inline void WriteLE32(unsigned char* ptr, uint32_t x) { coin_write_le32(ptr, x); }
inline void WriteLE64(unsigned char* ptr, uint64_t x) { coin_write_le64(ptr, x); }
inline uint16_t ReadBE16(const unsigned char* ptr) { return coin_read_be16(ptr); }
inline uint32_t ReadBE32(const unsigned char* ptr) { return coin_read_be32(ptr); }
inline uint64_t ReadBE64(const unsigned char* ptr) { return coin_read_be64(ptr); }
inline void WriteBE32(unsigned char* ptr, uint32_t x) { coin_write_be32(ptr, x); }
inline void WriteBE64(unsigned char* ptr, uint64_t x) { coin_write_be64(ptr, x); }

#endif
