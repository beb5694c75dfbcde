// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
//
// Bitcoin Core's C++ API (src/crypto/core/crypto/*.h) over the C API: the official vectors
// through the classes, called as node code calls them, and SHA256AutoDetect's restrictions.
#include "hash_check.h"

#include <crypto/aes.h>
#include <crypto/common.h>
#include <crypto/hkdf_sha256_32.h>
#include <crypto/hmac_sha256.h>
#include <crypto/hmac_sha512.h>
#include <crypto/ripemd160.h>
#include <crypto/scrypt.h>
#include <crypto/sha1.h>
#include <crypto/sha256.h>
#include <crypto/sha3.h>
#include <crypto/sha512.h>
#include <crypto/siphash.h>

#include <array>
#include <cstdlib>
#include <set>

using namespace coin_test;

namespace {

// A Core hasher class as a Hash table, so that check_vectors runs every way of streaming
// (split writes, unaligned input, copies mid-stream) through Reset, Write and Finalize, and
// the one-shot as Hasher().Write(...).Finalize(...). Not per backend: the C suites do that.
template <class Hasher>
Hash<Hasher> core_hash(const char* name, size_t block)
{
    return {name, Hasher::OUTPUT_SIZE, block,
            [](Hasher* h) { h->Reset(); },
            [](Hasher* h, const unsigned char* data, size_t len) { h->Write(data, len); },
            [](Hasher* h, unsigned char* out) { h->Finalize(out); },
            [](unsigned char* out, const unsigned char* data, size_t len) { Hasher().Write(data, len).Finalize(out); },
            nullptr, nullptr};
}

template <class Hmac>
void check_hmac(const std::vector<Record>& vectors)
{
    for (const Record& r : vectors) {
        const Bytes key = r.bytes("Key"), msg = r.message();
        Bytes out(Hmac::OUTPUT_SIZE);
        Hmac(key.data(), key.size()).Write(msg.data(), msg.size()).Finalize(out.data());
        COIN_CHECK_DIGEST(out, r.bytes("MD"), r.where(), "Write, Finalize");
    }
}

// The backends an implementation string names: "x86_shani(1way;2way);avx512(16way)".
std::set<std::string> backend_names(const std::string& implementation)
{
    std::set<std::string> names;
    const auto word = [&](size_t i) {
        const char c = implementation[i];
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    };
    for (size_t i = 0, end; i < implementation.size(); i = end + 1) {
        for (end = i; end < implementation.size() && word(end); end++) {}
        if (end > i && end < implementation.size() && implementation[end] == '(') names.insert(implementation.substr(i, end - i));
    }
    return names;
}

// Whether this build has a SHA-256 backend of that name (single or batched) that this CPU runs.
bool runnable(const std::string& name)
{
    uint32_t needs;
    for (auto backend : {coin_sha256_backend, coin_sha256d64_backend}) {
        for (size_t i = 0; const char* b = backend(i, &needs); i++) {
            if (name == b && !(needs & ~coin_cpu_detected())) return true;
        }
    }
    return false;
}

} // namespace

BOOST_AUTO_TEST_SUITE(core_api_tests)

BOOST_AUTO_TEST_CASE(hashers)
{
    check_vectors(core_hash<CSHA1>("CSHA1", 64), load_vectors("SHA1ShortMsg.rsp"));
    check_vectors(core_hash<CSHA256>("CSHA256", 64), load_vectors("SHA256ShortMsg.rsp"));
    check_vectors(core_hash<CSHA512>("CSHA512", 128), load_vectors("SHA512ShortMsg.rsp"));
    check_vectors(core_hash<CRIPEMD160>("CRIPEMD160", 64), load_vectors("ripevectors.txt"));
}

// coincrypto's many-message helpers beside Core's calls, on published vectors: CAVP's short
// messages and Bitcoin's hash256 vectors each as one batch, the secp256k1 generator's HASH160
// and RFC 4231's first HMAC-SHA512 case repeated in a batch.
BOOST_AUTO_TEST_CASE(many_helpers)
{
    auto batch = [](const std::vector<Record>& records, std::vector<Bytes>& msgs, std::vector<const unsigned char*>& ptrs,
                    std::vector<size_t>& lens, Bytes& want) {
        for (const Record& r : records) {
            msgs.push_back(r.message());
            const Bytes md = r.bytes("MD");
            want.insert(want.end(), md.begin(), md.end());
        }
        for (const Bytes& m : msgs) {
            ptrs.push_back(m.data());
            lens.push_back(m.size());
        }
    };
    {
        std::vector<Bytes> msgs;
        std::vector<const unsigned char*> ptrs;
        std::vector<size_t> lens;
        Bytes want, got;
        batch(load_vectors("SHA256ShortMsg.rsp"), msgs, ptrs, lens, want);
        got.resize(want.size());
        SHA256Many(got.data(), ptrs.data(), lens.data(), msgs.size());
        COIN_CHECK_DIGEST(got, want, "SHA256Many", "SHA256ShortMsg.rsp as one batch");
    }
    {
        std::vector<Bytes> msgs;
        std::vector<const unsigned char*> ptrs;
        std::vector<size_t> lens;
        Bytes want, got;
        batch(select(load_vectors("bitcoin_hashes.txt"), "Func", "hash256"), msgs, ptrs, lens, want);
        got.resize(want.size());
        Hash256Many(got.data(), ptrs.data(), lens.data(), msgs.size());
        COIN_CHECK_DIGEST(got, want, "Hash256Many", "bitcoin_hashes.txt's hash256 as one batch");
    }
    for (const Record& r : select(load_vectors("bitcoin_hashes.txt"), "Func", "hash160")) {
        const Bytes key = r.message(), md = r.bytes("MD");
        if (key.empty()) continue;
        Bytes keys, want, got(20 * 21);
        for (int i = 0; i < 21; i++) {
            keys.insert(keys.end(), key.begin(), key.end());
            want.insert(want.end(), md.begin(), md.end());
        }
        Hash160Many(got.data(), keys.data(), key.size(), 21);
        COIN_CHECK_DIGEST(got, want, "Hash160Many", r.where() << " 21 times");
    }
    {
        const Record r = load_vectors("rfc-4231-sha512.txt").front();
        const Bytes key = r.bytes("Key"), msg = r.message(), md = r.bytes("MD");
        std::vector<const unsigned char*> ptrs(19, msg.data());
        std::vector<size_t> lens(19, msg.size());
        Bytes want, got(64 * 19);
        for (int i = 0; i < 19; i++) want.insert(want.end(), md.begin(), md.end());
        HMACSHA512Many(got.data(), key.data(), key.size(), ptrs.data(), lens.data(), 19);
        COIN_CHECK_DIGEST(got, want, "HMACSHA512Many", r.where() << " 19 times");
    }
}

// Core's AES classes as its crypto_tests call them: single blocks, and CBC objects that start
// every call from the IV they were built with.
BOOST_AUTO_TEST_CASE(aes256_classes)
{
    for (const auto& r : load_vectors("CBCMMT256.rsp")) {
        const Bytes key = r.bytes("KEY"), iv = r.bytes("IV"), pt = r.bytes("PLAINTEXT"), ct = r.bytes("CIPHERTEXT");
        const int size = static_cast<int>(pt.size());
        Bytes out(pt.size() + AES_BLOCKSIZE);
        AES256CBCEncrypt enc(key.data(), iv.data(), false);
        AES256CBCDecrypt dec(key.data(), iv.data(), false);
        for (int twice = 0; twice < 2; twice++) {
            BOOST_CHECK_EQUAL(enc.Encrypt(pt.data(), size, out.data()), size);
            BOOST_CHECK_EQUAL(to_hex(out.data(), pt.size()), to_hex(ct));
            BOOST_CHECK_EQUAL(dec.Decrypt(ct.data(), size, out.data()), size);
            BOOST_CHECK_EQUAL(to_hex(out.data(), pt.size()), to_hex(pt));
        }
        // Padded: one more block, and back to the plaintext's size.
        AES256CBCEncrypt penc(key.data(), iv.data(), true);
        AES256CBCDecrypt pdec(key.data(), iv.data(), true);
        Bytes padded(pt.size() + AES_BLOCKSIZE), back(padded.size());
        BOOST_CHECK_EQUAL(penc.Encrypt(pt.data(), size, padded.data()), size + AES_BLOCKSIZE);
        BOOST_CHECK_EQUAL(to_hex(padded.data(), pt.size()), to_hex(ct));
        BOOST_CHECK_EQUAL(pdec.Decrypt(padded.data(), size + AES_BLOCKSIZE, back.data()), size);
        BOOST_CHECK(std::equal(pt.begin(), pt.end(), back.begin()));
        // Core's refusals: null pointers, a size of 0, a size that is not whole blocks.
        BOOST_CHECK_EQUAL(penc.Encrypt(nullptr, size, out.data()), 0);
        BOOST_CHECK_EQUAL(penc.Encrypt(pt.data(), 0, out.data()), 0);
        BOOST_CHECK_EQUAL(enc.Encrypt(pt.data(), size - 1, out.data()), 0);
        BOOST_CHECK_EQUAL(dec.Decrypt(ct.data(), size - 1, out.data()), 0);
        BOOST_CHECK_EQUAL(dec.Decrypt(ct.data(), size, nullptr), 0);
        // And malformed padding (a last byte of 0), where the C function returns COIN_AES_CBC_ERROR.
        Bytes zero_end = pt, ct0(pt.size());
        zero_end.back() = 0;
        BOOST_CHECK_EQUAL(enc.Encrypt(zero_end.data(), size, ct0.data()), size);
        BOOST_CHECK_EQUAL(pdec.Decrypt(ct0.data(), size, back.data()), 0);
        if (pt.size() == AES_BLOCKSIZE && iv == Bytes(16, 0)) {
            AES256Encrypt e(key.data());
            AES256Decrypt d(key.data());
            e.Encrypt(out.data(), pt.data());
            BOOST_CHECK_EQUAL(to_hex(out.data(), 16), to_hex(ct));
            d.Decrypt(out.data(), ct.data());
            BOOST_CHECK_EQUAL(to_hex(out.data(), 16), to_hex(pt));
        }
    }
    // FIPS 197 appendix C.3 through the single-block classes.
    const Bytes key = from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    const Bytes pt = from_hex("00112233445566778899aabbccddeeff");
    unsigned char out[16];
    AES256Encrypt(key.data()).Encrypt(out, pt.data());
    BOOST_CHECK_EQUAL(to_hex(out, 16), "8ea2b7ca516745bfeafc49904b496089");
    AES256Decrypt(key.data()).Decrypt(out, out);
    BOOST_CHECK_EQUAL(to_hex(out, 16), to_hex(pt));
}

BOOST_AUTO_TEST_CASE(sha512_size)
{
    const Bytes msg = random_bytes(203, 1);
    CSHA512 h;
    BOOST_CHECK_EQUAL(h.Size(), 0u);
    h.Write(msg.data(), 3).Write(msg.data() + 3, 200);
    BOOST_CHECK_EQUAL(h.Size(), 203u);
    BOOST_CHECK_EQUAL(h.Reset().Size(), 0u);
}

BOOST_AUTO_TEST_CASE(hmac_rfc4231)
{
    check_hmac<CHMAC_SHA256>(load_vectors("rfc-4231-sha256.txt"));
    check_hmac<CHMAC_SHA512>(load_vectors("rfc-4231-sha512.txt"));
}

// Dogecoin's CHMAC_SHA256::Copy: the copy and the original both finish the MAC.
BOOST_AUTO_TEST_CASE(hmac_sha256_copy)
{
    for (const Record& r : load_vectors("rfc-4231-sha256.txt")) {
        const Bytes key = r.bytes("Key"), msg = r.message(), md = r.bytes("MD");
        const size_t half = msg.size() / 2;
        CHMAC_SHA256 keyed(key.data(), key.size()), copy(nullptr, 0);
        keyed.Write(msg.data(), half).Copy(&copy);
        Bytes out(CHMAC_SHA256::OUTPUT_SIZE);
        keyed.Write(msg.data() + half, msg.size() - half).Finalize(out.data());
        COIN_CHECK_DIGEST(out, md, r.where(), "original");
        copy.Write(msg.data() + half, msg.size() - half).Finalize(out.data());
        COIN_CHECK_DIGEST(out, md, r.where(), "copy");
    }
}

BOOST_AUTO_TEST_CASE(common_loads_and_stores)
{
    const unsigned char b[8] = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08};
    BOOST_CHECK_EQUAL(ReadLE16(b), 0x0201u);
    BOOST_CHECK_EQUAL(ReadLE32(b), 0x04030201u);
    BOOST_CHECK_EQUAL(ReadLE64(b), 0x0807060504030201u);
    BOOST_CHECK_EQUAL(ReadBE16(b), 0x0102u);
    BOOST_CHECK_EQUAL(ReadBE32(b), 0x01020304u);
    BOOST_CHECK_EQUAL(ReadBE64(b), 0x0102030405060708u);
    unsigned char w[9]; // stores at an odd address
    const auto stored = [&](size_t n) { return Bytes(w + 1, w + 1 + n) == Bytes(b, b + n); };
    WriteLE16(w + 1, 0x0201);
    BOOST_CHECK(stored(2));
    WriteLE32(w + 1, 0x04030201);
    BOOST_CHECK(stored(4));
    WriteLE64(w + 1, 0x0807060504030201);
    BOOST_CHECK(stored(8));
    WriteBE32(w + 1, 0x01020304);
    BOOST_CHECK(stored(4));
    WriteBE64(w + 1, 0x0102030405060708);
    BOOST_CHECK(stored(8));
}

// The reference vectors through Write(bytes) (Core's Span form), and through Write(uint64_t)
// for the whole words with the tail by Write(pointer, length); SipHashUint256(Extra) on the
// 32- and 36-byte messages.
BOOST_AUTO_TEST_CASE(siphash)
{
    for (const Record& r : load_vectors("siphash24.txt")) {
        const Bytes key = r.bytes("Key"), msg = r.message(), md = r.bytes("MD");
        const uint64_t k0 = ReadLE64(key.data()), k1 = ReadLE64(key.data() + 8), want = ReadLE64(md.data());
        BOOST_CHECK_MESSAGE(CSipHasher(k0, k1).Write(msg).Finalize() == want, r.where() << ": Write(bytes)");
        CSipHasher words(k0, k1);
        size_t pos = 0;
        for (; pos + 8 <= msg.size(); pos += 8) words.Write(ReadLE64(msg.data() + pos));
        BOOST_CHECK_MESSAGE(words.Write(msg.data() + pos, msg.size() - pos).Finalize() == want, r.where() << ": Write(uint64_t)");
        if (msg.size() == 32 || msg.size() == 36) {
            uint256 val; // the header's stand-in: no <uint256.h> here
            std::copy(msg.begin(), msg.begin() + 32, val.begin());
            const uint64_t got = msg.size() == 32 ? SipHashUint256(k0, k1, val)
                                                  : SipHashUint256Extra(k0, k1, val, ReadLE32(msg.data() + 32));
            BOOST_CHECK_MESSAGE(got == want, r.where() << ": SipHashUint256");
        }
    }
}

// SHA3_256 as Core's Tor v3 code calls it (Span-like arguments, a C array for the digest), and
// KeccakF: the padded empty message permuted once holds SHA3-256("") in its first lanes.
BOOST_AUTO_TEST_CASE(sha3_256)
{
    const std::vector<Record> vectors = load_vectors("SHA3_256ShortMsg.rsp");
    for (const Record& r : vectors) {
        const Bytes msg = r.message();
        unsigned char out[SHA3_256::OUTPUT_SIZE];
        SHA3_256 hasher;
        hasher.Write(Bytes(msg.begin(), msg.begin() + msg.size() / 2)).Write(Bytes(msg.begin() + msg.size() / 2, msg.end()));
        hasher.Finalize(out);
        COIN_CHECK_DIGEST(Bytes(out, out + sizeof(out)), r.bytes("MD"), r.where(), "Write twice, Finalize");
        std::array<unsigned char, 32> again;
        hasher.Reset().Write(msg).Finalize(again);
        COIN_CHECK_DIGEST(Bytes(again.begin(), again.end()), r.bytes("MD"), r.where(), "after Reset");
    }
    uint64_t st[25] = {0x06};
    st[16] = uint64_t{0x80} << 56;
    KeccakF(st);
    Bytes lanes(32);
    for (size_t i = 0; i < 4; i++) WriteLE64(lanes.data() + 8 * i, st[i]);
    BOOST_REQUIRE_EQUAL(vectors.front().get("Len"), "0");
    COIN_CHECK_DIGEST(lanes, vectors.front().bytes("MD"), vectors.front().where(), "KeccakF");
}

// Core's CHKDF_HMAC_SHA256_L32 on its own crypto_tests vectors (std::string salt and info).
BOOST_AUTO_TEST_CASE(hkdf_sha256_32)
{
    for (const Record& r : load_section("rfc-5869-hkdf.txt", "core_l32")) {
        const Bytes ikm = r.bytes("IKM"), salt = r.bytes("Salt"), info = r.bytes("Info");
        const std::string salt_s(salt.begin(), salt.begin() + std::stoul(r.get("Saltlen")));
        const std::string info_s(info.begin(), info.begin() + std::stoul(r.get("Infolen")));
        CHKDF_HMAC_SHA256_L32 hkdf(ikm.data(), ikm.size(), salt_s);
        Bytes out(32);
        hkdf.Expand32(info_s, out.data());
        COIN_CHECK_DIGEST(out, r.bytes("OKM"), r.where(), "Expand32");
    }
}

// Dogecoin's <crypto/scrypt.h>: the headers of its scrypt_tests through every entry point
// with a char scratchpad[SCRYPT_SCRATCHPAD_SIZE], and PBKDF2_SHA256 on RFC 7914's vectors.
BOOST_AUTO_TEST_CASE(dogecoin_scrypt)
{
    static char scratchpad[SCRYPT_SCRATCHPAD_SIZE];
    for (const Record& r : load_vectors("scrypt_headers.txt")) {
        const Bytes header = r.bytes("Header");
        Bytes expect = r.bytes("Hash");
        std::reverse(expect.begin(), expect.end());
        const char* in = reinterpret_cast<const char*>(header.data());
        Bytes out(32);
        char* o = reinterpret_cast<char*>(out.data());
        scrypt_1024_1_1_256(in, o);
        COIN_CHECK_DIGEST(out, expect, r.where(), "scrypt_1024_1_1_256");
        out.assign(32, 0);
        scrypt_1024_1_1_256_sp(in, o, scratchpad);
        COIN_CHECK_DIGEST(out, expect, r.where(), "scrypt_1024_1_1_256_sp");
        out.assign(32, 0);
        scrypt_1024_1_1_256_sp_generic(in, o, scratchpad);
        COIN_CHECK_DIGEST(out, expect, r.where(), "scrypt_1024_1_1_256_sp_generic");
        out.assign(32, 0);
        scrypt_generic::scrypt_1024_1_1_256_sp(in, o, scratchpad);
        COIN_CHECK_DIGEST(out, expect, r.where(), "scrypt_generic::scrypt_1024_1_1_256_sp");
    }
    for (const Record& r : load_section("rfc-7914-scrypt.txt", "pbkdf2_sha256")) {
        const Bytes pass = r.bytes("Password"), salt = r.bytes("Salt"), dk = r.bytes("DK");
        Bytes out(dk.size());
        PBKDF2_SHA256(pass.data(), pass.size(), salt.data(), salt.size(), std::stoull(r.get("c")), out.data(), out.size());
        COIN_CHECK_DIGEST(out, dk, r.where(), "PBKDF2_SHA256");
    }
}

// Each UseImplementation selects only the backends it names, the same string as
// coin_sha256_implementation(), and a SHA-256 that still gives the official answers; with
// COINCRYPTO_CPU unset, a single implementation is selected whenever this build has it and
// this CPU runs it.
BOOST_AUTO_TEST_CASE(sha256_autodetect)
{
    using namespace sha256_implementation;
    CpuRestore restore;
    const bool unrestricted = std::getenv("COINCRYPTO_CPU") == nullptr;
    const std::vector<Record> vectors = load_vectors("SHA256ShortMsg.rsp");
    const struct {
        UseImplementation use;
        std::set<std::string> allowed, selected_when_runnable;
    } cases[] = {
        {STANDARD, {"generic"}, {}},
        {USE_SSE4, {"generic", "sse41"}, {"sse41"}},
        {USE_AVX2, {"generic", "avx2", "avx512"}, {"avx2"}},
        {USE_SHANI, {"generic", "x86_shani", "arm_shani"}, {"x86_shani", "arm_shani"}},
        {USE_SSE4_AND_AVX2, {"generic", "sse41", "avx2", "avx512"}, {}},
        {USE_SSE4_AND_SHANI, {"generic", "sse41", "x86_shani", "arm_shani"}, {}},
        {USE_ALL, {"generic", "sse41", "avx2", "avx512", "x86_shani", "arm_shani"}, {}},
    };
    for (const auto& c : cases) {
        const std::string implementation = SHA256AutoDetect(c.use);
        BOOST_TEST_MESSAGE("SHA256AutoDetect(" << int(c.use) << ") = " << implementation);
        const std::set<std::string> names = backend_names(implementation);
        BOOST_CHECK(!names.empty());
        for (const std::string& name : names) {
            BOOST_CHECK_MESSAGE(c.allowed.count(name), implementation << " for UseImplementation " << int(c.use));
        }
        for (const std::string& name : c.selected_when_runnable) {
            if (unrestricted && runnable(name)) {
                BOOST_CHECK_MESSAGE(names.count(name), implementation << " for UseImplementation " << int(c.use));
            }
        }
        check_vectors(core_hash<CSHA256>("CSHA256", 64), vectors);
    }
    BOOST_CHECK_EQUAL(SHA256AutoDetect(STANDARD), "generic(1way)");
    SHA256AutoDetect();
    if (unrestricted) BOOST_CHECK_EQUAL(coin_cpu_features(), coin_cpu_detected());
}

BOOST_AUTO_TEST_SUITE_END()
