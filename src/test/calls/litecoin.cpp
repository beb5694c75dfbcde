// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
//
// Litecoin's calls on the drop-in headers (Litecoin 0.21, from Core 0.21: C++14), where they
// differ from Dogecoin's (dogecoin.cpp: the scrypt names, CountBits, the hashers, AES): Core
// 0.21's ChaCha20 (random.h, crypto_tests.cpp, chacha_poly_aead.cpp, which Litecoin keeps),
// poly1305_auth, CSipHasher and SipHashUint256 before C++20 (txrequest.cpp, blockencodings.cpp,
// hash_tests.cpp), SHA3_256 on Core 0.21's Span (netaddress.cpp), CHKDF_HMAC_SHA256_L32,
// SHA256AutoDetect, scrypt_detect_sse2's string (init.cpp with --enable-sse2), and MWEB's
// BLAKE3 (libmw's Hasher and SecretKey::FromHash, on the BLAKE3 team's C API).
#include "calls.h"

#include "span.h"
#include "uint256.h"

#include "crypto/blake3/blake3.h"
#include "crypto/chacha20.h"
#include "crypto/hkdf_sha256_32.h"
#include "crypto/poly1305.h"
#include "crypto/scrypt.h"
#include "crypto/sha256.h"
#include "crypto/sha3.h"
#include "crypto/siphash.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#define BEGIN(a) ((char*)&(a)) // Litecoin's serialize.h

namespace {

// crypto_tests.cpp's TestChaCha20 (Core 0.21): a 64-bit IV and a 64-bit block position.
void chacha20()
{
    // RFC 7539 2.4.2: the IV is the nonce's last 8 bytes, block 1.
    const std::vector<unsigned char> key = calls::unhex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    const std::string plain = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";
    std::vector<unsigned char> out(plain.size());
    ChaCha20 rng(key.data(), key.size());
    rng.SetIV(0x4a000000UL);
    rng.Seek(1);
    rng.Crypt(reinterpret_cast<const unsigned char*>(plain.data()), out.data(), out.size());
    CHECK(calls::hex(out.data(), out.size()) ==
          "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b3571639d"
          "624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab77937365af90bbf74"
          "a35be6b40b8eedf2785e42874d");
    // draft-agl-tls-chacha20poly1305-04 section 7: the IV's two words.
    const uint256 zero;
    unsigned char block[64];
    ChaCha20 iv1(zero.begin(), 32);
    iv1.SetIV(1);
    iv1.Keystream(block, sizeof(block));
    CHECK(calls::hex(block, 16) == "ef3fdfd6c61578fbf5cf35bd3dd33b80");
    ChaCha20 iv_high(zero.begin(), 32);
    iv_high.SetIV(0x0100000000000000ULL);
    iv_high.Keystream(block, sizeof(block));
    CHECK(calls::hex(block, 16) == "de9cba7bf3d69ef5e786dc63973f653a");
    // random.h's FastRandomContext: a default ChaCha20, keyed later; a partial block's rest is
    // skipped, so the next call starts at block 1.
    ChaCha20 fast;
    fast.SetKey(zero.begin(), 32);
    unsigned char bytes[10];
    fast.Keystream(bytes, sizeof(bytes));
    fast.Keystream(block, sizeof(block));
    const std::string zero_block = calls::chacha20_zero_block();
    CHECK(calls::hex(bytes, sizeof(bytes)) == zero_block.substr(0, 20));
    ChaCha20 whole(zero.begin(), 32);
    unsigned char two[128];
    whole.Keystream(two, sizeof(two));
    // RFC 8439 A.1, test vector 2: block 1 of the all-zero key.
    CHECK(calls::hex(two + 64, 64) ==
          "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
          "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f");
    CHECK(std::memcmp(block, two + 64, 64) == 0);
    // Crypt after a partial Crypt also starts at the next block.
    unsigned char in[70] = {0}, enc[70];
    ChaCha20 parts(zero.begin(), 32);
    parts.Crypt(in, enc, 6);
    parts.Crypt(in + 6, enc + 6, 64);
    CHECK(std::memcmp(enc, two, 6) == 0 && std::memcmp(enc + 6, two + 64, 64) == 0);
    // Seek's high word, and the carry into it: block 2^32 of the all-zero key (its first 16
    // bytes, from OpenSSL's ChaCha20 with counter words 0, 1).
    ChaCha20 high(zero.begin(), 32);
    high.Seek(uint64_t{1} << 32);
    high.Keystream(block, sizeof(block));
    CHECK(calls::hex(block, 16) == "3db41d3aa0d329285de6f225e6e24bd5");
    ChaCha20 carry(zero.begin(), 32);
    carry.Seek(0xffffffffULL);
    carry.Keystream(two, sizeof(two));
    CHECK(std::memcmp(two + 64, block, 64) == 0);
}

// crypto_tests.cpp's TestPoly1305 and chacha_poly_aead.cpp: RFC 8439 2.5.2.
void poly1305()
{
    const std::vector<unsigned char> key = calls::unhex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
    const std::string msg = "Cryptographic Forum Research Group";
    static_assert(POLY1305_KEYLEN == 32 && POLY1305_TAGLEN == 16, "Core 0.21's constants");
    std::vector<unsigned char> tag(POLY1305_TAGLEN);
    poly1305_auth(tag.data(), reinterpret_cast<const unsigned char*>(msg.data()), msg.size(), key.data());
    CHECK(calls::hex(tag.data(), tag.size()) == "a8061dc1305136c6c22b8baf0c0127a9");
}

// txrequest.cpp, bytevectorhash.cpp, net.cpp, blockencodings.cpp and hash_tests.cpp.
void siphash()
{
    const uint64_t k0 = 0x0706050403020100ULL, k1 = 0x0F0E0D0C0B0A0908ULL;
    std::vector<unsigned char> fifteen;
    for (unsigned char i = 0; i < 15; i++) fifteen.push_back(i);
    // The SipHash-2-4 authors' vector for 15 bytes.
    CHECK(CSipHasher(k0, k1).Write(fifteen.data(), fifteen.size()).Finalize() == 0xa129ca6149be45e5ULL);
    uint256 txhash;
    for (unsigned char i = 0; i < 32; i++) txhash.begin()[i] = i;
    const uint64_t peer = 42;
    const uint64_t by_bytes = CSipHasher(k0, k1).Write(txhash.begin(), txhash.size()).Write(peer).Finalize();
    const uint64_t by_words = CSipHasher(k0, k1).Write(txhash.GetUint64(0)).Write(txhash.GetUint64(1)).Write(txhash.GetUint64(2)).Write(txhash.GetUint64(3)).Write(peer).Finalize();
    CHECK(by_bytes == by_words);
    CHECK(SipHashUint256(k0, k1, txhash) == 0x7127512f72f27cceULL); // hash_tests.cpp
    CSipHasher extra(k0, k1);
    extra.Write(txhash.begin(), txhash.size());
    CHECK(SipHashUint256Extra(k0, k1, txhash, 7) == CSipHasher(extra).Write(reinterpret_cast<const unsigned char*>("\x07\0\0\0"), 4).Finalize());
}

// netaddress.cpp's Tor v3 checksum on Core 0.21's Span.
void sha3()
{
    static const unsigned char prefix[] = ".onion checksum";
    static constexpr size_t prefix_len = 15;
    static constexpr uint8_t VERSION[] = {3};
    uint256 pubkey;
    for (unsigned char i = 0; i < 32; i++) pubkey.begin()[i] = static_cast<unsigned char>(0xa0 + i);
    const Span<const uint8_t> addr_pubkey(pubkey.data(), pubkey.size());
    SHA3_256 hasher;
    hasher.Write(MakeSpan(prefix).first(prefix_len));
    hasher.Write(addr_pubkey);
    hasher.Write(VERSION);
    uint8_t checksum_full[SHA3_256::OUTPUT_SIZE];
    hasher.Finalize(checksum_full);
    CHECK(calls::is_onion_checksum(checksum_full, pubkey.data()));
}

// crypto_tests.cpp's hkdf_hmac_sha256_l32_tests: RFC 5869 A.1, the first 32 bytes.
void hkdf_and_detect()
{
    const std::vector<unsigned char> ikm(22, 0x0b);
    const std::vector<unsigned char> salt = calls::unhex("000102030405060708090a0b0c");
    const std::vector<unsigned char> info = calls::unhex("f0f1f2f3f4f5f6f7f8f9");
    CHKDF_HMAC_SHA256_L32 hkdf32(ikm.data(), ikm.size(), std::string(salt.begin(), salt.end()));
    std::vector<unsigned char> out(32);
    hkdf32.Expand32(std::string(info.begin(), info.end()), out.data());
    CHECK(calls::hex(out.data(), out.size()) == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf");
    // init.cpp logs it; 0.21 calls it without an argument.
    const std::string impl = SHA256AutoDetect();
    CHECK(!impl.empty() && impl == coin_sha256_implementation());
}

// init.cpp and scrypt_tests.cpp with --enable-sse2 (USE_SSE2): the detection is a string to
// log; then the tree's first test header through the SSE2 name, displayed byte-reversed.
void scrypt()
{
    std::string sse2detect = scrypt_detect_sse2();
    CHECK(sse2detect.find(coin_scrypt_implementation()) != std::string::npos);
    (void)scrypt_detect_sse2();
    const std::vector<unsigned char> inputbytes = calls::unhex(
        "020000004c1271c211717198227392b029a64a7971931d351b387bb80db027f270411e398a07046f7d4a08dd815412a8712f874a7ebf0507e3878bd24e20a3b73fd750a667d2f451eac7471b00de6659");
    static char scratchpad[SCRYPT_SCRATCHPAD_SIZE];
    uint256 scrypthash;
    scrypt_1024_1_1_256_sp_sse2((const char*)&inputbytes[0], BEGIN(scrypthash), scratchpad);
    std::string shown = calls::hex(scrypthash.begin(), 32), reversed;
    for (size_t i = shown.size(); i >= 2; i -= 2) reversed += shown.substr(i - 2, 2);
    CHECK(reversed == "00000000002bef4107f882f6115e0b01f348d21195dacd3582aa2dabd7985806");
}

// libmw's Hasher (a tag byte, then serialized bytes as char, a 32-byte mw::Hash out) and
// SecretKey::FromHash (a char array tag, a hash, a 4-byte counter); keyed and derive_key as the
// team's header declares them. Inputs are the official test vectors' (bytes i mod 251), cut
// into the callers' pieces; the expected values are the first 32 bytes of those vectors.
void blake3()
{
    std::vector<char> pattern(1025);
    for (size_t i = 0; i < pattern.size(); i++) pattern[i] = static_cast<char>(i % 251);
    std::array<uint8_t, 32> hashed;
    blake3_hasher hasher;
    blake3_hasher_init(&hasher);
    const char c_tag = pattern[0];
    blake3_hasher_update(&hasher, &c_tag, 1);
    blake3_hasher_update(&hasher, pattern.data() + 1, pattern.size() - 1);
    blake3_hasher_finalize(&hasher, hashed.data(), hashed.size());
    CHECK(calls::hex(hashed.data(), 32) == "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444");

    static constexpr char tag[] = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a";
    std::array<uint8_t, 32> hash;
    std::memcpy(hash.data(), pattern.data() + 27, 32);
    const uint32_t counter = 0x3e3d3c3b; // bytes 59..62
    std::array<uint8_t, 4> counter_bytes{static_cast<uint8_t>(counter), static_cast<uint8_t>(counter >> 8),
                                         static_cast<uint8_t>(counter >> 16), static_cast<uint8_t>(counter >> 24)};
    std::array<uint8_t, 32> key;
    blake3_hasher h2;
    blake3_hasher_init(&h2);
    blake3_hasher_update(&h2, tag, sizeof(tag) - 1);
    blake3_hasher_update(&h2, hash.data(), hash.size());
    blake3_hasher_update(&h2, counter_bytes.data(), counter_bytes.size());
    blake3_hasher_finalize(&h2, key.data(), key.size());
    CHECK(calls::hex(key.data(), 32) == "e9bc37a594daad83be9470df7f7b3798297c3d834ce80ba85d6e207627b7db7b");

    uint8_t out[BLAKE3_OUT_LEN];
    blake3_hasher keyed;
    blake3_hasher_init_keyed(&keyed, reinterpret_cast<const uint8_t*>("whats the Elvish word for friend"));
    blake3_hasher_finalize(&keyed, out, sizeof(out));
    CHECK(calls::hex(out, 32) == "92b2b75604ed3c761f9d6f62392c8a9227ad0ea3f09573e783f1498a4ed60d26");
    blake3_hasher derive;
    blake3_hasher_init_derive_key(&derive, "BLAKE3 2019-12-27 16:29:52 test vectors context");
    blake3_hasher_finalize(&derive, out, sizeof(out));
    CHECK(calls::hex(out, 32) == "2cc39783c223154fea8dfb7c1b1660f2ac2dcbd1c1de8277b0b0dd39b7e50d7d");
}

} // namespace

int main()
{
    chacha20();
    poly1305();
    siphash();
    sha3();
    hkdf_and_detect();
    scrypt();
    blake3();
    return calls::report("litecoin");
}
