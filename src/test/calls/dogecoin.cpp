// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
//
// Dogecoin master's calls on the drop-in headers (C++11; a tree configured with
// --enable-scrypt-sse2, so USE_SSE2 is defined), as random.h, primitives/pureheader.cpp,
// init.cpp, hash.cpp, key.cpp, random.cpp and the tree's scrypt_tests.cpp and crypto_tests.cpp
// make them.
// Dogecoin keeps its own CSipHasher in hash.h, so crypto/siphash.h is not included here.
#define USE_SSE2 1
#include "calls.h"

#include <algorithm>

#include "uint256.h"

#include "crypto/aes.h"
#include "crypto/chacha20.h"
#include "crypto/common.h"
#include "crypto/hmac_sha256.h"
#include "crypto/hmac_sha512.h"
#include "crypto/ripemd160.h"
#include "crypto/scrypt.h"
#include "crypto/sha1.h"
#include "crypto/sha256.h"
#include "crypto/sha512.h"

#include <cstring>
#include <string>
#include <vector>

#define BEGIN(a) ((char*)&(a)) // Dogecoin's serialize.h

namespace {

// random.h's FastRandomContext::randrange.
void count_bits()
{
    CHECK(CountBits(0) == 0);
    CHECK(CountBits(1) == 1);
    CHECK(CountBits(0x80) == 8);
    CHECK(CountBits(~uint64_t(0)) == 64);
    const uint64_t range = 1000;
    int bits = CountBits(range);
    CHECK(bits == 10);
}

void byte_order()
{
    unsigned char buf[8];
    WriteLE32(buf, 0x04030201);
    WriteBE32(buf + 4, 0x05060708);
    CHECK(ReadLE32(buf) == 0x04030201 && ReadBE32(buf + 4) == 0x05060708 && buf[4] == 5);
    WriteLE64(buf, 0x0807060504030201ULL);
    CHECK(ReadLE64(buf) == 0x0807060504030201ULL && ReadBE64(buf) == 0x0102030405060708ULL);
    WriteLE16(buf, 0x0201);
    CHECK(ReadLE16(buf) == 0x0201);
    uint256 h;
    WriteLE64(h.begin() + 8, 42);
    CHECK(h.GetUint64(1) == 42);
}

// primitives/pureheader.cpp's GetPoWHash and scrypt_tests.cpp: the first block header of the
// tree's test, and its hash as the test displays it (byte-reversed).
void scrypt()
{
    const std::vector<unsigned char> header = calls::unhex(
        "020000004c1271c211717198227392b029a64a7971931d351b387bb80db027f270411e398a07046f7d4a08dd815412a8712f874a7ebf0507e3878bd24e20a3b73fd750a667d2f451eac7471b00de6659");
    const std::string expected = "00000000002bef4107f882f6115e0b01f348d21195dacd3582aa2dabd7985806";
    uint256 thash;
    scrypt_1024_1_1_256((const char*)&header[0], BEGIN(thash));
    std::string shown = calls::hex(thash.begin(), 32), reversed;
    for (size_t i = shown.size(); i >= 2; i -= 2) reversed += shown.substr(i - 2, 2);
    CHECK(reversed == expected);

    static char scratchpad[SCRYPT_SCRATCHPAD_SIZE];
#if defined(USE_SSE2)
    bool sse2 = false;
    if (scrypt_detect_sse2()) sse2 = true; // as init.cpp chooses its log line
    CHECK(sse2 == (std::strstr(coin_scrypt_implementation(), "generic(1way)") == nullptr));
    uint256 sse2_hash;
    scrypt_1024_1_1_256_sp_sse2((const char*)&header[0], BEGIN(sse2_hash), scratchpad);
    CHECK(std::memcmp(sse2_hash.begin(), thash.begin(), 32) == 0);
#endif
    uint256 generic;
    scrypt_1024_1_1_256_sp_generic((const char*)&header[0], BEGIN(generic), scratchpad);
    CHECK(std::memcmp(generic.begin(), thash.begin(), 32) == 0);
    uint256 sp;
    scrypt_1024_1_1_256_sp((const char*)&header[0], BEGIN(sp), scratchpad);
    CHECK(std::memcmp(sp.begin(), thash.begin(), 32) == 0);

    // RFC 7914, section 11: PBKDF2-HMAC-SHA256("passwd", "salt", 1, 64), first bytes.
    unsigned char dk[64];
    PBKDF2_SHA256((const uint8_t*)"passwd", 6, (const uint8_t*)"salt", 4, 1, dk, sizeof(dk));
    CHECK(calls::hex(dk, 8) == "55ac046e56e3089f");
}

void hashes()
{
    const std::string abc = "abc";
    const unsigned char* p = (const unsigned char*)abc.data();
    unsigned char out[CSHA256::OUTPUT_SIZE];
    CSHA256 sha;
    sha.Write(p, abc.size()).Finalize(out);
    CHECK(calls::hex(out, 32) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    unsigned char out1[CSHA1::OUTPUT_SIZE], out160[CRIPEMD160::OUTPUT_SIZE], out512[CSHA512::OUTPUT_SIZE];
    CSHA1().Write(p, 3).Finalize(out1);
    CHECK(calls::hex(out1, 20) == "a9993e364706816aba3e25717850c26c9cd0d89d");
    CRIPEMD160().Write(p, 3).Finalize(out160);
    CHECK(calls::hex(out160, 20) == "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc");
    CSHA512().Write(p, 3).Finalize(out512);
    CHECK(calls::hex(out512, 8) == "ddaf35a193617aba");

    // hash.cpp's BIP32Hash, and the HMAC_SHA256 key copied with Dogecoin's Copy.
    uint256 chainCode;
    unsigned char header = 0, data[32] = {0}, num[4] = {0, 0, 0, 1}, output[64], want[64];
    CHMAC_SHA512(chainCode.begin(), chainCode.size()).Write(&header, 1).Write(data, 32).Write(num, 4).Finalize(output);
    unsigned char msg[37] = {0};
    msg[36] = 1;
    coin_hmac_sha512(want, chainCode.begin(), 32, msg, 37);
    CHECK(std::memcmp(output, want, 64) == 0);
    CHMAC_SHA256 keyed(data, 32), copy(data, 1);
    keyed.Copy(&copy);
    unsigned char mac[CHMAC_SHA256::OUTPUT_SIZE], mac2[CHMAC_SHA256::OUTPUT_SIZE];
    keyed.Write(p, 3).Finalize(mac);
    copy.Write(p, 3).Finalize(mac2);
    CHECK(std::memcmp(mac, mac2, 32) == 0);
}


// random.cpp's ChaCha20 RNG and the tree's crypto_tests.cpp (RFC 7539's keystream, nonce
// 0x4a000000 from block 1); each Output() starts at a block boundary.
void chacha20()
{
    const std::vector<unsigned char> key = calls::unhex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    ChaCha20 rng(key.data(), key.size());
    rng.SetIV(0x4a000000UL);
    rng.Seek(1);
    std::vector<unsigned char> out(114);
    rng.Output(out.data(), out.size());
    CHECK(calls::hex(out.data(), out.size()) ==
          "224f51f3401bd9e12fde276fb8631ded8c131f823d2c06e27e4fcaec9ef3cf788a3b0aa372600a92b57974cded2b9334794cb"
          "a40c63e34cdea212c4cf07d41b769a6749f3f630f4122cafe28ec4dc47e26d4346d70b98c73f3e9c53ac40c5945398b6eda1a"
          "832c89c167eacd901d7e2bf363");
    const uint256 seed;
    ChaCha20 fresh;
    fresh.SetKey(seed.begin(), 32);
    unsigned char five[5], block[64];
    fresh.Output(five, sizeof(five));
    fresh.Output(block, sizeof(block));
    std::string zero_block = calls::chacha20_zero_block();
    CHECK(calls::hex(five, 5) == zero_block.substr(0, 10));
    unsigned char want[128];
    coin_chacha20_ctx c;
    coin_chacha20_init(&c, seed.begin());
    coin_chacha20_keystream(&c, want, sizeof(want));
    CHECK(std::memcmp(block, want + 64, 64) == 0); // block 1, not bytes 5 .. 68
    coin_chacha20_wipe(&c);
}

// The AES classes as wallet/crypter.cpp calls them: padded CBC into &v[0], a size_t size.
void aes()
{
    std::vector<unsigned char> key(32, 0x42), iv(16, 0x24), plain(40, 0x07);
    std::vector<unsigned char> cipher(plain.size() + AES_BLOCKSIZE), back(cipher.size()), want(cipher.size());
    AES256CBCEncrypt enc(&key[0], &iv[0], true);
    size_t n = enc.Encrypt(&plain[0], plain.size(), &cipher[0]);
    coin_aes256_ctx c;
    coin_aes256_init(&c, &key[0]);
    CHECK(n == 48 && coin_aes256_cbc_encrypt(&c, &iv[0], &want[0], &plain[0], plain.size(), 1) == 48 && cipher == want);
    AES256CBCDecrypt dec(&key[0], &iv[0], true);
    CHECK(dec.Decrypt(&cipher[0], n, &back[0]) == 40 && std::equal(plain.begin(), plain.end(), back.begin()));
    unsigned char block[16];
    AES256Encrypt(&key[0]).Encrypt(block, &plain[0]);
    AES256Decrypt(&key[0]).Decrypt(block, block);
    CHECK(std::equal(block, block + 16, plain.begin()));
    // AES-128, which Dogecoin's tests still call: FIPS 197 appendix C.1.
    const unsigned char key128[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    const unsigned char pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
    AES128Encrypt(key128).Encrypt(block, pt);
    CHECK(calls::hex(block, 16) == "69c4e0d86a7b0430d8cdb78070b4c55a");
    unsigned char back128[16], zero_iv[16] = {0};
    AES128Decrypt(key128).Decrypt(back128, block);
    CHECK(std::equal(back128, back128 + 16, pt));
    AES128CBCEncrypt enc128(key128, zero_iv, false); // one block from a zero IV: the cipher itself
    CHECK(enc128.Encrypt(pt, 16, back128) == 16 && std::equal(back128, back128 + 16, block));
    coin_aes256_wipe(&c);
}

} // namespace

int main()
{
    count_bits();
    byte_order();
    scrypt();
    hashes();
    chacha20();
    aes();
    return calls::report("dogecoin");
}
