// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_TEST_CALLS_CORE_UINT256_H
#define COINCRYPTO_TEST_CALLS_CORE_UINT256_H

// A stand-in for Bitcoin Core's <uint256.h> (v28 and master), for the call-shape tests: as
// Core's, it includes <crypto/common.h> (which crypto/siphash.h then meets through this file)
// and its GetUint64 is a constexpr call of ReadLE64.

#include <crypto/common.h>

#include <algorithm>
#include <array>
#include <vector>

template <unsigned int BITS>
class base_blob
{
protected:
    static constexpr int WIDTH = BITS / 8;
    std::array<uint8_t, WIDTH> m_data{};

public:
    constexpr base_blob() = default;
    explicit base_blob(const std::vector<unsigned char>& v) { std::copy(v.begin(), v.end(), m_data.begin()); }
    constexpr const unsigned char* data() const { return m_data.data(); }
    constexpr unsigned char* data() { return m_data.data(); }
    constexpr unsigned char* begin() { return m_data.data(); }
    constexpr unsigned char* end() { return m_data.data() + WIDTH; }
    constexpr const unsigned char* begin() const { return m_data.data(); }
    constexpr const unsigned char* end() const { return m_data.data() + WIDTH; }
    static constexpr unsigned int size() { return WIDTH; }
    constexpr uint64_t GetUint64(int pos) const { return ReadLE64(m_data.data() + pos * 8); }
};

class uint256 : public base_blob<256>
{
public:
    constexpr uint256() = default;
    explicit uint256(const std::vector<unsigned char>& v) : base_blob<256>(v) {}
};

// Core's Txid and Wtxid (util/transaction_identifier.h in v28, primitives/ in master): a
// uint256 whose begin() is std::byte, with v28's implicit conversion to const uint256&.
template <bool has_witness>
class transaction_identifier
{
    uint256 m_wrapped;

public:
    transaction_identifier() = default;
    static transaction_identifier FromUint256(const uint256& id)
    {
        transaction_identifier t;
        t.m_wrapped = id;
        return t;
    }
    const uint256& ToUint256() const { return m_wrapped; }
    static constexpr auto size() { return uint256::size(); }
    constexpr const std::byte* data() const { return reinterpret_cast<const std::byte*>(m_wrapped.data()); }
    constexpr const std::byte* begin() const { return reinterpret_cast<const std::byte*>(m_wrapped.begin()); }
    constexpr const std::byte* end() const { return reinterpret_cast<const std::byte*>(m_wrapped.end()); }
#ifdef CALLS_TXID_CONVERTS
    operator const uint256&() const { return m_wrapped; }
#endif
};
using Txid = transaction_identifier<false>;
using Wtxid = transaction_identifier<true>;

#endif
