// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
//
// Bitcoin Core v28's calls on the drop-in headers (C++20, Core's own Span, Txid converting to
// const uint256&), as util/hasher.cpp, txmempool.cpp, net.cpp, netaddress.cpp, hash.cpp,
// key.cpp, bip324.cpp and the tree's hash_tests.cpp and crypto_tests.cpp make them.
#define CALLS_TXID_CONVERTS // v28's transaction_identifier converts to const uint256&
#include "calls.h"

#include <span.h>
#include <uint256.h>

#include <crypto/aes.h>
#include <crypto/chacha20.h>
#include <crypto/chacha20poly1305.h>
#include <crypto/common.h>
#include <crypto/hex_base.h>
#include <crypto/hkdf_sha256_32.h>
#include <crypto/hmac_sha256.h>
#include <crypto/hmac_sha512.h>
#include <crypto/poly1305.h>
#include <crypto/ripemd160.h>
#include <crypto/sha1.h>
#include <crypto/sha256.h>
#include <crypto/sha3.h>
#include <crypto/sha512.h>
#include <crypto/siphash.h>

#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace {

// The SipHash authors' key 00 01 .. 0f as Core passes it, and their message 00 01 .. 23.
const uint64_t K0 = 0x0706050403020100ULL, K1 = 0x0F0E0D0C0B0A0908ULL;

uint256 Counting()
{
    std::vector<unsigned char> v;
    for (unsigned char i = 0; i < 32; i++) v.push_back(i);
    return uint256{v};
}

// util/hasher.h's SaltedTxidHasher and SaltedOutpointHasher: a Txid where const uint256& is
// taken.
struct COutPoint {
    Txid hash;
    uint32_t n;
};
uint64_t SaltedTxid(uint64_t k0, uint64_t k1, const Txid& txid) { return SipHashUint256(k0, k1, txid); }
uint64_t SaltedOutpoint(uint64_t k0, uint64_t k1, const COutPoint& id) { return SipHashUint256Extra(k0, k1, id.hash, id.n); }

void siphash()
{
    const uint256 x = Counting();
    const Txid txid = Txid::FromUint256(x);
    CHECK(SaltedTxid(K0, K1, txid) == 0x7127512f72f27cceULL); // the authors' 32-byte vector
    CHECK(SaltedOutpoint(K0, K1, COutPoint{txid, 0x23222120}) == 0x314dffbe0815a3b4ULL);
    CHECK(SipHashUint256(K0, K1, x) == 0x7127512f72f27cceULL);

    // hash_tests.cpp: C arrays, then Span{&x, 1}, then a uint256 as bytes.
    CSipHasher hasher(K0, K1);
    static const unsigned char t0[1] = {0};
    hasher.Write(t0);
    unsigned char t1[7] = {1, 2, 3, 4, 5, 6, 7};
    hasher.Write(t1);
    hasher.Write(0x0F0E0D0C0B0A0908ULL);
    CHECK(hasher.Finalize() == 0x3f2acc7f57c29bdbULL); // the authors' vector for 00 .. 0f
    CSipHasher hasher2(K0, K1);
    for (uint8_t b = 0; b < 15; b++) hasher2.Write(Span{&b, 1});
    CHECK(hasher2.Finalize() == 0xa129ca6149be45e5ULL); // the paper's 15-byte example
    CSipHasher sip256(K0, K1);
    sip256.Write(x);
    CSipHasher sip288 = sip256;
    unsigned char nb[4];
    WriteLE32(nb, 0x23222120);
    sip288.Write(nb);
    CHECK(sip256.Finalize() == 0x7127512f72f27cceULL);
    CHECK(sip288.Finalize() == 0x314dffbe0815a3b4ULL);

    // net.cpp: a randomizer written with numbers and byte vectors, chained.
    const std::vector<unsigned char> addr{127, 0, 0, 1};
    const uint64_t got = CSipHasher(K0, K1).Write(uint64_t{7}).Write(addr).Write(MakeUCharSpan(addr)).Finalize();
    CSipHasher want(K0, K1);
    want.Write(uint64_t{7}).Write(addr.data(), addr.size()).Write(addr.data(), addr.size());
    CHECK(got == want.Finalize());
}

void byte_order()
{
    unsigned char buf[8];
    WriteLE32(buf, 0x04030201);
    CHECK(ReadLE32(buf) == 0x04030201 && buf[0] == 1);
    std::array<uint8_t, 8> arr{};
    WriteBE64(arr.data(), 0x0102030405060708ULL);
    CHECK(ReadBE64(arr.data()) == 0x0102030405060708ULL && arr[0] == 1);
    CHECK(ReadBE16(arr.data()) == 0x0102 && ReadLE16(arr.data()) == 0x0201);
    static_assert(uint256::size() == 32, "uint256's constexpr size()");
    CHECK(Counting().GetUint64(1) == 0x0F0E0D0C0B0A0908ULL);
}

void hashes()
{
    const std::string abc = "abc";
    const unsigned char* p = reinterpret_cast<const unsigned char*>(abc.data());
    unsigned char out[CSHA256::OUTPUT_SIZE];
    CSHA256().Write(p, abc.size()).Finalize(out);
    CHECK(calls::hex(out, 32) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    std::array<unsigned char, CSHA512::OUTPUT_SIZE> out512;
    CSHA512 sha512;
    sha512.Write(p, abc.size());
    CHECK(sha512.Size() == 3);
    sha512.Finalize(out512.data());
    unsigned char want512[64];
    coin_sha512(want512, p, 3);
    CHECK(std::memcmp(out512.data(), want512, 64) == 0);
    unsigned char out160[CRIPEMD160::OUTPUT_SIZE], out1[CSHA1::OUTPUT_SIZE];
    CRIPEMD160().Write(p, 3).Finalize(out160);
    CHECK(calls::hex(out160, 20) == "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc");
    CSHA1().Write(p, 3).Finalize(out1);
    CHECK(calls::hex(out1, 20) == "a9993e364706816aba3e25717850c26c9cd0d89d");

    // hash.cpp's BIP32Hash and key.cpp's master key: CHMAC_SHA512 from begin()/size() and braces.
    const uint256 chain_code = Counting();
    unsigned char header = 0, data[32] = {0}, num[4] = {0, 0, 0, 1}, mac[64], mac2[64];
    CHMAC_SHA512(chain_code.begin(), chain_code.size()).Write(&header, 1).Write(data, 32).Write(num, 4).Finalize(mac);
    CHMAC_SHA512{chain_code.data(), chain_code.size()}.Write(&header, 1).Write(data, 32).Write(num, 4).Finalize(mac2);
    CHECK(std::memcmp(mac, mac2, 64) == 0);
    unsigned char mac256[CHMAC_SHA256::OUTPUT_SIZE];
    CHMAC_SHA256(chain_code.begin(), 32).Write(data, 32).Finalize(mac256);

    // bip324.cpp: HKDF with a std::string salt and labels.
    CHKDF_HMAC_SHA256_L32 hkdf(data, 32, std::string("bitcoin_v2_shared_secret") + "\xf9\xbe\xb4\xd9");
    std::array<std::byte, 32> okm;
    hkdf.Expand32("initiator_L", reinterpret_cast<unsigned char*>(okm.data()));
    CHKDF_HMAC_SHA256_L32 hkdf2(data, 32, std::string("bitcoin_v2_shared_secret") + "\xf9\xbe\xb4\xd9");
    unsigned char okm2[32];
    hkdf2.Expand32("initiator_L", okm2);
    CHECK(std::memcmp(okm.data(), okm2, 32) == 0);

    // netaddress.cpp's Tor v3 checksum: SHA3_256 over Spans into a C array.
    static const unsigned char prefix[] = ".onion checksum";
    const uint8_t version[] = {3};
    uint8_t checksum_full[SHA3_256::OUTPUT_SIZE];
    SHA3_256 hasher;
    hasher.Write(Span{prefix}.first(15));
    hasher.Write(Span<const uint8_t>{chain_code.data(), 32});
    hasher.Write(version);
    hasher.Finalize(checksum_full);
    CHECK(calls::is_onion_checksum(checksum_full, chain_code.data()));
    uint64_t st[25] = {0};
    KeccakF(st);
    CHECK(st[0] == 0xF1258F7940E1DDE7ULL); // Keccak-f[1600] of the zero state, the team's answer

    // init.cpp and the bench: SHA256AutoDetect's string; merkle.cpp: SHA256D64.
    const std::string impl = SHA256AutoDetect(sha256_implementation::USE_ALL);
    CHECK(!impl.empty());
    unsigned char in64[64] = {0}, d64[32], want64[32];
    SHA256D64(d64, in64, 1);
    coin_hash256(want64, in64, 64);
    CHECK(std::memcmp(d64, want64, 32) == 0);

    // Core PR #36188: the compression handed to libsecp256k1 as its callback type.
    CHECK(calls::compresses_abc(SHA256Transform));
}


// Core v28's ciphers: random.cpp's ChaCha20 RNG (zero key, Keystream and SetKey),
// bip324.cpp's FSChaCha20 for the length and FSChaCha20Poly1305 for header and contents,
// crypto/muhash.cpp's ChaCha20Aligned keystream, and the tree's crypto_tests.cpp's Poly1305
// and AEADChaCha20Poly1305; results against the C API or RFC 8439.
void ciphers()
{
    static constexpr std::array<std::byte, ChaCha20::KEYLEN> ZERO_KEY{};
    ChaCha20 rng{ZERO_KEY};
    std::byte block[64];
    rng.Keystream(Span{block}.first(5));
    rng.Keystream(Span{block}.subspan(5));
    CHECK(calls::hex(reinterpret_cast<const unsigned char*>(block), 64) == calls::chacha20_zero_block());
    const uint256 seed = Counting();
    rng.SetKey(MakeByteSpan(seed));
    ChaCha20 copy = rng;
    std::vector<std::byte> out(100), again(100);
    rng.Keystream(out);
    copy.Keystream(again);
    unsigned char want[100];
    coin_chacha20_ctx c;
    coin_chacha20_init(&c, seed.data());
    coin_chacha20_keystream(&c, want, 100);
    CHECK(std::memcmp(out.data(), want, 100) == 0 && out == again);

    // bip324.cpp: ciphers in std::optional, emplaced with a key and the rekey interval.
    std::optional<FSChaCha20> send_l;
    std::optional<FSChaCha20Poly1305> send_p, recv_p;
    send_l.emplace(MakeByteSpan(seed), 224);
    send_p.emplace(MakeByteSpan(seed), 224);
    recv_p.emplace(MakeByteSpan(seed), 224);
    const std::byte header[1] = {std::byte{0}};
    std::vector<std::byte> contents(20, std::byte{7}), packet(3 + 1 + 20 + FSChaCha20Poly1305::EXPANSION);
    std::byte len[3] = {std::byte{21}, std::byte{0}, std::byte{0}};
    send_l->Crypt(len, Span{packet}.first(3));
    send_p->Encrypt(header, contents, {}, Span{packet}.subspan(3));
    unsigned char want_len[3];
    coin_fschacha20_ctx fl;
    coin_fschacha20_init(&fl, seed.data(), 224);
    coin_fschacha20_crypt(&fl, want_len, reinterpret_cast<const unsigned char*>(len), 3);
    CHECK(std::memcmp(packet.data(), want_len, 3) == 0);
    std::byte got_header[1];
    std::vector<std::byte> got(20);
    CHECK(recv_p->Decrypt(Span{packet}.subspan(3), {}, got_header, got) && got == contents && got_header[0] == header[0]);
    packet.back() ^= std::byte{1};
    CHECK(!recv_p->Decrypt(Span{packet}.subspan(3), {}, got_header, got));

    // crypto/muhash.cpp: a 384-byte keystream of a hash as the key.
    unsigned char tmp[384];
    ChaCha20Aligned{MakeByteSpan(seed)}.Keystream(MakeWritableByteSpan(tmp));
    coin_chacha20_init(&c, seed.data());
    unsigned char want_tmp[384];
    coin_chacha20_keystream(&c, want_tmp, 384);
    CHECK(std::memcmp(tmp, want_tmp, 384) == 0);

    // crypto_tests.cpp: Poly1305{key}.Update(m).Finalize(tag), and AEAD round trips.
    std::vector<std::byte> tag(Poly1305::TAGLEN);
    Poly1305{Span{block}.first(Poly1305::KEYLEN)}.Update(out).Update({}).Finalize(tag);
    unsigned char want_tag[16];
    coin_poly1305(want_tag, reinterpret_cast<const unsigned char*>(out.data()), out.size(), reinterpret_cast<const unsigned char*>(block));
    CHECK(std::memcmp(tag.data(), want_tag, 16) == 0);
    AEADChaCha20Poly1305 aead{MakeByteSpan(seed)};
    std::vector<std::byte> cipher(out.size() + AEADChaCha20Poly1305::EXPANSION), plain(out.size());
    aead.Encrypt(Span{out}.first(10), Span{out}.subspan(10), tag, {7, 8}, cipher);
    CHECK(aead.Decrypt(cipher, tag, {7, 8}, plain) && plain == out);
    CHECK(!aead.Decrypt(cipher, tag, {7, 9}, plain));
    coin_chacha20_wipe(&c);
    coin_fschacha20_wipe(&fl);
}

// crypto/hex_base.h as util/strencodings.cpp, uint256.h and core_io.cpp call it, and the
// AES classes as wallet/crypter.cpp does (padded CBC, sizes as size_t into int).
void hex_and_aes()
{
    const std::vector<unsigned char> v{0x00, 0x01, 0xab, 0xff};
    CHECK(HexStr(v) == "0001abff");
    const uint256 u = Counting();
    CHECK(HexStr(u) == calls::hex(u.data(), 32));
    const char s[] = "\x12\xef";
    CHECK(HexStr(Span<const char>(s, 2)) == "12ef");
    CHECK(HexStr(MakeByteSpan(v)) == "0001abff");
    CHECK(HexDigit('7') == 7 && HexDigit('c') == 12 && HexDigit('C') == 12 && HexDigit('g') == -1 && HexDigit('\xff') == -1);

    const std::vector<unsigned char> key(32, 0x42), iv(16, 0x24), plain(40, 0x07);
    std::vector<unsigned char> cipher(plain.size() + AES_BLOCKSIZE), back(cipher.size()), want(cipher.size());
    AES256CBCEncrypt enc(key.data(), iv.data(), true);
    const size_t n = enc.Encrypt(plain.data(), plain.size(), cipher.data());
    coin_aes256_ctx c;
    coin_aes256_init(&c, key.data());
    CHECK(n == 48 && coin_aes256_cbc_encrypt(&c, iv.data(), want.data(), plain.data(), plain.size(), 1) == 48 && cipher == want);
    AES256CBCDecrypt dec(key.data(), iv.data(), true);
    CHECK(dec.Decrypt(cipher.data(), n, back.data()) == 40 && std::equal(plain.begin(), plain.end(), back.begin()));
    coin_aes256_wipe(&c);
}

} // namespace

int main()
{
    siphash();
    byte_order();
    hashes();
    ciphers();
    hex_and_aes();
    return calls::report("v28");
}
