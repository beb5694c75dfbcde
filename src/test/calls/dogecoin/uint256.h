// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_TEST_CALLS_DOGECOIN_UINT256_H
#define COINCRYPTO_TEST_CALLS_DOGECOIN_UINT256_H

// A stand-in for Dogecoin's <uint256.h> (C++11): as Dogecoin's, it includes
// "crypto/common.h"; its uint256 has begin(), end() and size() but no data().

#include "crypto/common.h"

#include <cstring>

class uint256
{
    unsigned char data[32];

public:
    uint256() { std::memset(data, 0, sizeof(data)); }
    unsigned char* begin() { return &data[0]; }
    unsigned char* end() { return &data[32]; }
    const unsigned char* begin() const { return &data[0]; }
    const unsigned char* end() const { return &data[32]; }
    unsigned int size() const { return sizeof(data); }
    uint64_t GetUint64(int pos) const { return ReadLE64(data + pos * 8); }
};

#endif
