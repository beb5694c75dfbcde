// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_TEST_CALLS_LITECOIN_UINT256_H
#define COINCRYPTO_TEST_CALLS_LITECOIN_UINT256_H

// A stand-in for Litecoin's <uint256.h> (Core 0.21, C++14): begin(), end(), data(), size()
// and GetUint64() over 32 bytes; unlike Dogecoin's and Core's, it does not include
// "crypto/common.h".

#include <cstdint>
#include <cstring>

class uint256
{
    uint8_t m_data[32];

public:
    uint256() { std::memset(m_data, 0, sizeof(m_data)); }
    uint8_t* data() { return m_data; }
    const uint8_t* data() const { return m_data; }
    uint8_t* begin() { return &m_data[0]; }
    uint8_t* end() { return &m_data[32]; }
    const uint8_t* begin() const { return &m_data[0]; }
    const uint8_t* end() const { return &m_data[32]; }
    unsigned int size() const { return sizeof(m_data); }
    uint64_t GetUint64(int pos) const
    {
        uint64_t x = 0;
        for (int i = 7; i >= 0; i--) x = (x << 8) | m_data[pos * 8 + i];
        return x;
    }
};

#endif
