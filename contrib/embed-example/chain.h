// Block hashing as a node does it, on Bitcoin Core's crypto API, and two blocks of Bitcoin's
// chain to hash: the genesis block and block 100000 (its header and txids).
#ifndef EXAMPLE_CHAIN_H
#define EXAMPLE_CHAIN_H

#include <crypto/common.h>
#include <crypto/sha256.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

// A 256-bit hash as stored and hashed; it is displayed byte-reversed, as uint256 is.
typedef std::array<unsigned char, 32> Hash256;

inline int HexValue(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

// Whole pairs of hex digits only, as Core's TryParseHex takes them (without its spaces).
inline std::vector<unsigned char> ParseHex(const std::string& hex)
{
    if (hex.size() % 2 != 0) throw std::invalid_argument("ParseHex: odd length");
    std::vector<unsigned char> out;
    for (size_t i = 0; i < hex.size(); i += 2) {
        const int hi = HexValue(hex[i]), lo = HexValue(hex[i + 1]);
        if (hi < 0 || lo < 0) throw std::invalid_argument("ParseHex: not a hex digit");
        out.push_back(static_cast<unsigned char>(hi << 4 | lo));
    }
    return out;
}

inline std::string HexStr(const unsigned char* data, size_t len)
{
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (size_t i = 0; i < len; i++) {
        out += digits[data[i] >> 4];
        out += digits[data[i] & 15];
    }
    return out;
}

inline Hash256 ParseHash(const std::string& display)
{
    const std::vector<unsigned char> bytes = ParseHex(display);
    Hash256 hash;
    std::reverse_copy(bytes.begin(), bytes.end(), hash.begin());
    return hash;
}

inline std::string HashToString(const Hash256& hash)
{
    Hash256 display;
    std::reverse_copy(hash.begin(), hash.end(), display.begin());
    return HexStr(display.data(), display.size());
}

struct BlockHeader {
    int32_t version;
    Hash256 prev_block;
    Hash256 merkle_root;
    uint32_t time, bits, nonce;

    // The block hash: SHA-256 twice over the 80-byte serialization (Core's CHash256).
    Hash256 GetHash() const
    {
        unsigned char data[80];
        WriteLE32(data, static_cast<uint32_t>(version));
        std::copy(prev_block.begin(), prev_block.end(), data + 4);
        std::copy(merkle_root.begin(), merkle_root.end(), data + 36);
        WriteLE32(data + 68, time);
        WriteLE32(data + 72, bits);
        WriteLE32(data + 76, nonce);
        Hash256 hash;
        CSHA256 sha;
        sha.Write(data, sizeof(data)).Finalize(hash.data());
        sha.Reset().Write(hash.data(), hash.size()).Finalize(hash.data());
        return hash;
    }
};

// Core's ComputeMerkleRoot: each level hashes its pairs in place with SHA256D64, the last
// hash paired with itself on an odd level.
inline Hash256 ComputeMerkleRoot(std::vector<Hash256> hashes)
{
    while (hashes.size() > 1) {
        if (hashes.size() & 1) hashes.push_back(hashes.back());
        SHA256D64(hashes[0].data(), hashes[0].data(), hashes.size() / 2);
        hashes.resize(hashes.size() / 2);
    }
    return hashes.empty() ? Hash256() : hashes[0];
}

const char* const GENESIS_HASH = "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f";

inline BlockHeader GenesisHeader()
{
    return {1, Hash256(), ParseHash("4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"),
            1231006505, 0x1d00ffff, 2083236893};
}

const char* const BLOCK100000_HASH = "000000000003ba27aa200b1cecaad478d2b00432346c3f1f3986da1afd33e506";

inline BlockHeader Block100000Header()
{
    return {1, ParseHash("000000000002d01c1fccc21636b607dfd930d31d01c3a62104612a1719011250"),
            ParseHash("f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766"),
            1293623863, 0x1b04864c, 274148111};
}

inline std::vector<Hash256> Block100000Txids()
{
    return {ParseHash("8c14f0db3df150123e6f3dbbf30f8b955a8249b62ac1d1ff16284aefa3d06d87"),
            ParseHash("fff2525b8931402dd09222c50775608f75787bd2b87e56995a7bdd30f79702c4"),
            ParseHash("6359f0868171b1d194cbee1af2f16ea598ae8fad666d9b012c8ed2b79a236ec4"),
            ParseHash("e9a66845e05d5abc0ad04ec80f774a7e585c6e8db975962d069a522137b80c1d")};
}

#endif
