// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
//
// Bitcoin Core master's calls on the drop-in headers (C++20, std::span, std::byte, Txid with
// ToUint256() and no conversion), as util/hasher.h, coins.h, blockencodings.h,
// index/txindex.cpp, net.cpp, netaddress.cpp, crypto/chacha20.cpp and the tree's
// hash_tests.cpp make them.
#include "calls.h"

#include <uint256.h>

#include <crypto/aes.h>
#include <crypto/chacha20.h>
#include <crypto/chacha20poly1305.h>
#include <crypto/common.h>
#include <crypto/hex_base.h>
#include <crypto/hkdf_sha256_32.h>
#include <crypto/hmac_sha512.h>
#include <crypto/poly1305.h>
#include <crypto/sha256.h>
#include <crypto/sha3.h>
#include <crypto/siphash.h>

#include <array>
#include <cctype>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <span>
#include <vector>

namespace {

const uint64_t K0 = 0x0706050403020100ULL, K1 = 0x0F0E0D0C0B0A0908ULL;

uint256 Counting(unsigned char first)
{
    std::vector<unsigned char> v;
    for (unsigned char i = 0; i < 32; i++) v.push_back(first + i);
    return uint256{v};
}

// util/hasher.h: a hasher object holding a const PresaltedSipHasher, called with ToUint256().
class SaltedTxidHasher
{
    const PresaltedSipHasher m_hasher;

public:
    SaltedTxidHasher(uint64_t k0, uint64_t k1) : m_hasher(k0, k1) {}
    size_t operator()(const Txid& txid) const { return m_hasher(txid.ToUint256()); }
    size_t operator()(const Txid& txid, uint32_t n) const { return m_hasher(txid.ToUint256(), n); }
};

// coins.h and index/txindex.cpp: a const SipHasher13UJ member, copied and used through Hash.
struct SaltedOutpointHasher {
    const SipHasher13UJ m_hasher;
    size_t operator()(const Txid& txid, uint32_t n) const { return m_hasher.Hash(txid.ToUint256(), n); }
};

void siphash()
{
    const Txid txid = Txid::FromUint256(Counting(0));
    const SaltedTxidHasher salted(K0, K1);
    // The SipHash authors' 32- and 36-byte vectors, as the size_t a hash table keeps of them.
    CHECK(salted(txid) == static_cast<size_t>(0x7127512f72f27cceULL));
    CHECK(salted(txid, 0x23222120) == static_cast<size_t>(0x314dffbe0815a3b4ULL));
    std::optional<PresaltedSipHasher> lazy; // blockencodings.h
    lazy.emplace(K0, K1);
    CHECK((*lazy)(Counting(0)) == 0x7127512f72f27cceULL);

    // SipHash-1-3-UJ, Core's shared vectors (src/test/data/siphash.json).
    const SipHasher13UJ hasher{K0, K1};
    const SaltedOutpointHasher outpoints{SipHasher13UJ{hasher}};
    CHECK(hasher.Finalize() == 0xfeee657d7e331ac3ULL);
    CHECK(hasher.Hash(Counting(0)) == 0xc67d87b08ca4b5c6ULL);
    CHECK(outpoints.m_hasher.Hash(Counting(0), ReadLE64(reinterpret_cast<const std::byte*>("@ABCDEFG"))) == 0x6cfc788446f0491dULL);
    SipHasher13UJ normal{K0, K1};
    const std::array<std::byte, 16> counting{std::byte{0}, std::byte{1}, std::byte{2}, std::byte{3}, std::byte{4}, std::byte{5},
                                             std::byte{6}, std::byte{7}, std::byte{8}, std::byte{9}, std::byte{10}, std::byte{11},
                                             std::byte{12}, std::byte{13}, std::byte{14}, std::byte{15}};
    normal.Write(ReadLE64(counting.data())).Write(ReadLE64(counting.data() + 8));
    CHECK(normal.Finalize() == 0x7c25d372353b5aa1ULL);
    uint256 zero{};
    WriteLE64(zero.data(), 0); // hash_tests.cpp: a normal block written as a jumbo one
    CHECK(SipHasher13UJ{K0, K1}.WriteJumbo(zero).Finalize() == 0x6a74cba00ddbfeba);
    CHECK(SipHasher13UJ{K0, K1}.Write(0).Finalize() == 0x6a74cba00ddbfeba);

    // CSipHasher on std::span, a vector, a braced {pointer, size} and a C array.
    const std::vector<unsigned char> msg{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
    CSipHasher spans(K0, K1);
    for (uint8_t x : msg) spans.Write(std::span{&x, 1});
    CHECK(spans.Finalize() == 0xa129ca6149be45e5ULL); // the paper's 15-byte example
    CHECK(CSipHasher(K0, K1).Write(msg).Finalize() == 0xa129ca6149be45e5ULL);
    CHECK(CSipHasher(K0, K1).Write({msg.data(), msg.size()}).Finalize() == 0xa129ca6149be45e5ULL);
    CHECK(CSipHasher(K0, K1).Write(std::span{msg}.first(8)).Write(std::span{msg}.subspan(8)).Finalize() == 0xa129ca6149be45e5ULL);
    unsigned char t0[1] = {0};
    CHECK(CSipHasher(K0, K1).Write(t0).Finalize() == coin_siphash(K0, K1, t0, 1));
}

// crypto/chacha20.cpp and netaddress.cpp: Core master's ByteType templates over std::byte
// and unsigned char, WriteBE16 included.
void byte_order()
{
    std::array<std::byte, 8> key{};
    WriteLE32(key.data(), 0x04030201);
    CHECK(ReadLE32(key.data()) == 0x04030201 && key[0] == std::byte{1});
    std::span<const std::byte> view{key};
    CHECK(ReadLE16(view.data() + 1) == 0x0302);
    std::array<uint8_t, 16> addr{};
    WriteBE16(addr.data() + 2, 0x0a0b);
    WriteBE32(addr.data() + 12, 0xc0a80001);
    CHECK(ReadBE32(std::span{addr}.last(4).data()) == 0xc0a80001 && ReadBE16(addr.data() + 2) == 0x0a0b);
    WriteBE64(key.data(), 0x0102030405060708ULL);
    CHECK(ReadBE64(key.data()) == 0x0102030405060708ULL && ReadBE16(key.data()) == 0x0102);
    CHECK(ReadBE32(view.data()) == 0x01020304); // wallet/migrate.cpp: a const std::byte*
    WriteLE16(key.data(), 0xbeef);
    WriteLE64(addr.data(), 0x1122334455667788ULL);
    CHECK(ReadLE16(key.data()) == 0xbeef && ReadLE64(addr.data()) == 0x1122334455667788ULL);
    static_assert(uint256::size() == 32);
    CHECK(Counting(0).GetUint64(3) == 0x1F1E1D1C1B1A1918ULL);
}

void hashes()
{
    // netaddress.cpp's Tor v3 checksum over std::span.
    static const unsigned char prefix[] = ".onion checksum";
    const uint256 pubkey = Counting(0);
    const std::span<const uint8_t> addr_pubkey{pubkey.data(), 32};
    const uint8_t version[] = {3};
    uint8_t checksum_full[SHA3_256::OUTPUT_SIZE];
    SHA3_256 sha3;
    sha3.Write(std::span{prefix}.first(15));
    sha3.Write(addr_pubkey);
    sha3.Write(version);
    sha3.Finalize(checksum_full);
    CHECK(calls::is_onion_checksum(checksum_full, pubkey.data()));

    // bip324.cpp: HKDF keyed with std::byte bytes, its output into std::byte.
    std::array<std::byte, 32> secret{}, okm;
    CHKDF_HMAC_SHA256_L32 hkdf(reinterpret_cast<const unsigned char*>(secret.data()), secret.size(), "salt");
    hkdf.Expand32("initiator_L", reinterpret_cast<unsigned char*>(okm.data()));
    unsigned char prk[32], want_okm[32];
    const unsigned char zero[32] = {0};
    coin_hkdf_sha256_extract(prk, reinterpret_cast<const unsigned char*>("salt"), 4, zero, 32);
    coin_hkdf_sha256_expand(want_okm, 32, prk, 32, reinterpret_cast<const unsigned char*>("initiator_L"), 11);
    CHECK(std::memcmp(okm.data(), want_okm, 32) == 0);

    // key.cpp: CHMAC_SHA512 with braces; its size as a constexpr array bound.
    std::array<unsigned char, CHMAC_SHA512::OUTPUT_SIZE> vout;
    CHMAC_SHA512{pubkey.data(), pubkey.size()}.Write(checksum_full, sizeof(checksum_full)).Finalize(vout.data());
    unsigned char want_mac[64];
    coin_hmac_sha512(want_mac, pubkey.data(), 32, checksum_full, sizeof(checksum_full));
    CHECK(std::memcmp(vout.data(), want_mac, 64) == 0);

    // Core PR #36188: the compression handed to libsecp256k1 as its callback type.
    CHECK(calls::compresses_abc(SHA256Transform));
}

// span.h's byte spans (Core master's, for what the tree's code passes to the ciphers).
template <typename V>
std::span<const std::byte> MakeByteSpan(const V& v) { return std::as_bytes(std::span{v}); }
template <typename V>
std::span<std::byte> MakeWritableByteSpan(V& v) { return std::as_writable_bytes(std::span{v}); }

// Core master's ciphers: random.cpp's ChaCha20 RNG (zero key, Keystream and SetKey),
// bip324.cpp's FSChaCha20 for the length and FSChaCha20Poly1305 for header and contents,
// crypto/muhash.cpp's ChaCha20Aligned keystream, and the tree's crypto_tests.cpp's Poly1305
// and AEADChaCha20Poly1305; results against the C API or RFC 8439.
void ciphers()
{
    static constexpr std::array<std::byte, ChaCha20::KEYLEN> ZERO_KEY{};
    ChaCha20 rng{ZERO_KEY};
    std::byte block[64];
    rng.Keystream(std::span{block}.first(5));
    rng.Keystream(std::span{block}.subspan(5));
    CHECK(calls::hex(reinterpret_cast<const unsigned char*>(block), 64) == calls::chacha20_zero_block());
    const uint256 seed = Counting(0);
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
    send_l->Crypt(len, std::span{packet}.first(3));
    send_p->Encrypt(header, contents, {}, std::span{packet}.subspan(3));
    unsigned char want_len[3];
    coin_fschacha20_ctx fl;
    coin_fschacha20_init(&fl, seed.data(), 224);
    coin_fschacha20_crypt(&fl, want_len, reinterpret_cast<const unsigned char*>(len), 3);
    CHECK(std::memcmp(packet.data(), want_len, 3) == 0);
    std::byte got_header[1];
    std::vector<std::byte> got(20);
    CHECK(recv_p->Decrypt(std::span{packet}.subspan(3), {}, got_header, got) && got == contents && got_header[0] == header[0]);
    packet.back() ^= std::byte{1};
    CHECK(!recv_p->Decrypt(std::span{packet}.subspan(3), {}, got_header, got));

    // crypto/muhash.cpp: a 384-byte keystream of a hash as the key.
    unsigned char tmp[384];
    ChaCha20Aligned{MakeByteSpan(seed)}.Keystream(MakeWritableByteSpan(tmp));
    coin_chacha20_init(&c, seed.data());
    unsigned char want_tmp[384];
    coin_chacha20_keystream(&c, want_tmp, 384);
    CHECK(std::memcmp(tmp, want_tmp, 384) == 0);

    // crypto_tests.cpp: Poly1305{key}.Update(m).Finalize(tag), and AEAD round trips.
    std::vector<std::byte> tag(Poly1305::TAGLEN);
    Poly1305{std::span{block}.first(Poly1305::KEYLEN)}.Update(out).Update({}).Finalize(tag);
    unsigned char want_tag[16];
    coin_poly1305(want_tag, reinterpret_cast<const unsigned char*>(out.data()), out.size(), reinterpret_cast<const unsigned char*>(block));
    CHECK(std::memcmp(tag.data(), want_tag, 16) == 0);
    AEADChaCha20Poly1305 aead{MakeByteSpan(seed)};
    std::vector<std::byte> cipher(out.size() + AEADChaCha20Poly1305::EXPANSION), plain(out.size());
    aead.Encrypt(std::span{out}.first(10), std::span{out}.subspan(10), tag, {7, 8}, cipher);
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
    const uint256 u = Counting(0xf0);
    CHECK(HexStr(u) == calls::hex(u.data(), 32));
    const char s[] = "\x12\xef";
    CHECK(HexStr(std::span<const char>(s, 2)) == "12ef");
    CHECK(HexStr(std::as_bytes(std::span{v})) == "0001abff");
    CHECK(HexDigit('7') == 7 && HexDigit('c') == 12 && HexDigit('C') == 12 && HexDigit('g') == -1 && HexDigit('\xff') == -1);
    // Every byte value, and every length through the 16-byte and 4-byte steps and their tails.
    std::vector<unsigned char> all(256 + 37);
    for (size_t i = 0; i < all.size(); i++) all[i] = static_cast<unsigned char>(i * 167 + 13);
    for (size_t n = 0; n <= 40; n++) CHECK(HexStr(std::span{all}.first(n)) == calls::hex(all.data(), n));
    CHECK(HexStr(all) == calls::hex(all.data(), all.size()));
    for (int c = 0; c < 256; c++) {
        const char ch = static_cast<char>(c), text[2] = {ch, 0};
        const int want = std::isxdigit(c) ? static_cast<int>(std::strtol(text, nullptr, 16)) : -1;
        CHECK(HexDigit(ch) == want);
    }

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
    return calls::report("master");
}
