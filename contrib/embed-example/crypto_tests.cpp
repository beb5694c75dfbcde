// The parent's crypto tests, in the style of Bitcoin Core's src/test/crypto_tests.cpp, on the
// part of Core's src/crypto API that coincrypto provides. Official vectors only: FIPS 180-2,
// the RIPEMD-160 authors', RFC 4231, BIP32 test vector 1, the SipHash reference vectors, and
// Bitcoin's chain.
#define BOOST_TEST_MODULE embed_example
#include <boost/test/included/unit_test.hpp>

#include "chain.h"

#include <crypto/common.h>
#include <crypto/hmac_sha256.h>
#include <crypto/hmac_sha512.h>
#include <crypto/ripemd160.h>
#include <crypto/sha1.h>
#include <crypto/sha256.h>
#include <crypto/sha3.h>
#include <crypto/sha512.h>
#include <crypto/siphash.h>

#include <array>
#include <string>
#include <vector>

namespace {

std::vector<unsigned char> Bytes(const std::string& s) { return std::vector<unsigned char>(s.begin(), s.end()); }

// A copy of h hashes the input in one write, then in pieces of 1, 2, 3, ... bytes, finishing
// a copy of itself after each piece too (a midstate).
template <typename Hasher>
void TestVector(const Hasher& h, const std::vector<unsigned char>& in, const std::string& hexout)
{
    unsigned char out[Hasher::OUTPUT_SIZE];
    Hasher(h).Write(in.data(), in.size()).Finalize(out);
    BOOST_CHECK_EQUAL(HexStr(out, sizeof(out)), hexout);
    Hasher pieces(h);
    for (size_t pos = 0, len = 1; pos < in.size(); pos += len, len++) {
        len = std::min(len, in.size() - pos);
        pieces.Write(in.data() + pos, len);
        Hasher(pieces).Write(in.data() + pos + len, in.size() - pos - len).Finalize(out);
        BOOST_CHECK_EQUAL(HexStr(out, sizeof(out)), hexout);
    }
    pieces.Finalize(out);
    BOOST_CHECK_EQUAL(HexStr(out, sizeof(out)), hexout);
}

const std::string ABC = "abc";
const std::string TWO_BLOCKS = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
const std::string SHA512_TWO_BLOCKS = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                                      "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

// The SipHash reference key 00 01 .. 0f as Core passes it: (k0, k1) little-endian.
const uint64_t K0 = 0x0706050403020100ULL, K1 = 0x0F0E0D0C0B0A0908ULL;

} // namespace

BOOST_AUTO_TEST_SUITE(crypto_tests)

BOOST_AUTO_TEST_CASE(parse_hex_takes_whole_pairs_only)
{
    BOOST_CHECK(ParseHex("00ff7A") == (std::vector<unsigned char>{0x00, 0xff, 0x7a}));
    BOOST_CHECK(ParseHex("").empty());
    for (const char* bad : {"abc", "0x12", " f12", "-1", "zz"}) {
        BOOST_CHECK_THROW(ParseHex(bad), std::invalid_argument);
    }
}

BOOST_AUTO_TEST_CASE(sha1_testvectors)
{
    TestVector(CSHA1(), Bytes(ABC), "a9993e364706816aba3e25717850c26c9cd0d89d");
    TestVector(CSHA1(), Bytes(TWO_BLOCKS), "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
}

BOOST_AUTO_TEST_CASE(sha256_testvectors)
{
    TestVector(CSHA256(), Bytes(ABC), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    TestVector(CSHA256(), Bytes(TWO_BLOCKS), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

BOOST_AUTO_TEST_CASE(sha512_testvectors)
{
    TestVector(CSHA512(), Bytes(ABC),
               "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
               "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
    TestVector(CSHA512(), Bytes(SHA512_TWO_BLOCKS),
               "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
               "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909");
    CSHA512 hasher;
    BOOST_CHECK_EQUAL(hasher.Write(Bytes(SHA512_TWO_BLOCKS).data(), 112).Size(), 112u);
}

// NIST's SHA3-256 examples, written as Core's Tor v3 address code does (Span-like arguments).
BOOST_AUTO_TEST_CASE(sha3_256_testvectors)
{
    const struct { std::string in, out; } vectors[] = {
        {"", "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
        {ABC, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
        {TWO_BLOCKS, "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376"},
    };
    for (const auto& v : vectors) {
        unsigned char out[SHA3_256::OUTPUT_SIZE];
        SHA3_256().Write(Bytes(v.in)).Finalize(out);
        BOOST_CHECK_EQUAL(HexStr(out, sizeof(out)), v.out);
    }
}

BOOST_AUTO_TEST_CASE(ripemd160_testvectors)
{
    TestVector(CRIPEMD160(), Bytes(ABC), "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc");
    TestVector(CRIPEMD160(), Bytes("message digest"), "5d0689ef49d2fae572b881b123a85ffa21595f36");
}

// RFC 4231 test case 2, and CHMAC_SHA256's Copy (Dogecoin's).
BOOST_AUTO_TEST_CASE(hmac_testvectors)
{
    const std::vector<unsigned char> key = Bytes("Jefe"), msg = Bytes("what do ya want for nothing?");
    const std::string mac256 = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
    TestVector(CHMAC_SHA256(key.data(), key.size()), msg, mac256);
    TestVector(CHMAC_SHA512(key.data(), key.size()), msg,
               "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
               "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737");
    CHMAC_SHA256 keyed(key.data(), key.size()), copy(nullptr, 0);
    keyed.Write(msg.data(), 10).Copy(&copy);
    unsigned char out[CHMAC_SHA256::OUTPUT_SIZE];
    copy.Write(msg.data() + 10, msg.size() - 10).Finalize(out);
    BOOST_CHECK_EQUAL(HexStr(out, sizeof(out)), mac256);
}

// BIP32 test vector 1: the master key and chain code, as CExtKey::SetSeed derives them.
BOOST_AUTO_TEST_CASE(bip32_master_key)
{
    static const unsigned char hashkey[] = {'B', 'i', 't', 'c', 'o', 'i', 'n', ' ', 's', 'e', 'e', 'd'};
    const std::vector<unsigned char> seed = ParseHex("000102030405060708090a0b0c0d0e0f");
    unsigned char out[CHMAC_SHA512::OUTPUT_SIZE];
    CHMAC_SHA512{hashkey, sizeof(hashkey)}.Write(seed.data(), seed.size()).Finalize(out);
    BOOST_CHECK_EQUAL(HexStr(out, 32), "e8f32e723decf4051aefac8e2c93c9c5b214313817cdb01a1494b917c8436b35");
    BOOST_CHECK_EQUAL(HexStr(out + 32, 32), "873dff81c02f525623fd1fe5167eac3a55a049de3d314bb42ee227ffed37d508");
}

// CHash160 of the compressed secp256k1 generator: the public key hash of private key 1.
BOOST_AUTO_TEST_CASE(hash160)
{
    const std::vector<unsigned char> pubkey = ParseHex("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
    unsigned char sha[CSHA256::OUTPUT_SIZE], id[CRIPEMD160::OUTPUT_SIZE];
    CSHA256().Write(pubkey.data(), pubkey.size()).Finalize(sha);
    CRIPEMD160().Write(sha, sizeof(sha)).Finalize(id);
    BOOST_CHECK_EQUAL(HexStr(id, sizeof(id)), "751e76e8199196d454941c45d1b3a323f1433bd6");
}

// The reference vectors of the SipHash authors for messages 00 01 .. (n-1), n = 0, 15, 32, 36.
BOOST_AUTO_TEST_CASE(siphash)
{
    std::vector<unsigned char> msg;
    for (unsigned char i = 0; i < 36; i++) msg.push_back(i);
    BOOST_CHECK_EQUAL(CSipHasher(K0, K1).Finalize(), 0x726fdb47dd0e0e31ULL);
    BOOST_CHECK_EQUAL(CSipHasher(K0, K1).Write(msg.data(), 15).Finalize(), 0xa129ca6149be45e5ULL);
    const std::vector<unsigned char> first15(msg.begin(), msg.begin() + 15);
    BOOST_CHECK_EQUAL(CSipHasher(K0, K1).Write(first15).Finalize(), 0xa129ca6149be45e5ULL);
    BOOST_CHECK_EQUAL(CSipHasher(K0, K1).Write(0x0706050403020100ULL).Write(0x0F0E0D0C0B0A0908ULL)
                          .Write(0x1716151413121110ULL).Write(0x1F1E1D1C1B1A1918ULL).Finalize(),
                      0x7127512f72f27cceULL);
    uint256 val; // the header's stand-in: this parent tree has no <uint256.h>
    std::copy(msg.begin(), msg.begin() + 32, val.begin());
    BOOST_CHECK_EQUAL(SipHashUint256(K0, K1, val), 0x7127512f72f27cceULL);
    BOOST_CHECK_EQUAL(SipHashUint256Extra(K0, K1, val, 0x23222120), 0x314dffbe0815a3b4ULL);
}

BOOST_AUTO_TEST_CASE(common)
{
    const unsigned char b[8] = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08};
    BOOST_CHECK_EQUAL(ReadLE16(b), 0x0201u);
    BOOST_CHECK_EQUAL(ReadLE32(b), 0x04030201u);
    BOOST_CHECK_EQUAL(ReadLE64(b), 0x0807060504030201ULL);
    BOOST_CHECK_EQUAL(ReadBE16(b), 0x0102u);
    BOOST_CHECK_EQUAL(ReadBE32(b), 0x01020304u);
    BOOST_CHECK_EQUAL(ReadBE64(b), 0x0102030405060708ULL);
    unsigned char w[8];
    WriteLE64(w, 0x0807060504030201ULL);
    BOOST_CHECK_EQUAL(HexStr(w, 8), "0102030405060708");
    WriteBE64(w, 0x0102030405060708ULL);
    BOOST_CHECK_EQUAL(HexStr(w, 8), "0102030405060708");
    WriteLE32(w, 0x04030201u);
    WriteBE32(w + 4, 0x05060708u);
    BOOST_CHECK_EQUAL(HexStr(w, 8), "0102030405060708");
    WriteLE16(w, 0x0201);
    BOOST_CHECK_EQUAL(HexStr(w, 2), "0102");
}

BOOST_AUTO_TEST_CASE(block_hashes)
{
    BOOST_CHECK_EQUAL(HashToString(GenesisHeader().GetHash()), GENESIS_HASH);
    BOOST_CHECK_EQUAL(HashToString(Block100000Header().GetHash()), BLOCK100000_HASH);
}

// SHA256D64 builds the merkle root of block 100000 from its four txids (two levels).
BOOST_AUTO_TEST_CASE(sha256d64_merkle_root)
{
    BOOST_CHECK_EQUAL(HashToString(ComputeMerkleRoot(Block100000Txids())),
                      "f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766");
}

// SHA256AutoDetect() names what coincrypto runs; STANDARD is its portable code.
BOOST_AUTO_TEST_CASE(sha256_autodetect)
{
    BOOST_CHECK_EQUAL(SHA256AutoDetect(), coin_sha256_implementation());
    BOOST_CHECK_EQUAL(SHA256AutoDetect(sha256_implementation::STANDARD), "generic(1way)");
    TestVector(CSHA256(), Bytes(ABC), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    BOOST_CHECK_EQUAL(HashToString(ComputeMerkleRoot(Block100000Txids())),
                      "f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766");
    BOOST_TEST_MESSAGE("Using the '" << SHA256AutoDetect() << "' SHA256 implementation");
    BOOST_CHECK_EQUAL(SHA256AutoDetect(), coin_sha256_implementation());
}

BOOST_AUTO_TEST_SUITE_END()
