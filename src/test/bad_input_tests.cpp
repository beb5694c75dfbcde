// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
//
// Bad input, as tables. Every function that takes a size or a parameter, with the values out
// of its documented range: each returns its documented error code and writes nothing, not
// even inside its output (a guarded buffer; the sanitizers job runs this under ASan). Then
// NULL with length 0 everywhere: the documented result, which for the hashes is the published
// digest of the empty message. And the one-shot hashes, HMACs and Poly1305 with their output
// over their input (doc/api.md allows it: they read all of it first).
#include "hash_check.h"

#include "blake3.h"

#include "hkdf_sha256.h"
#include "hmac_sha256.h"
#include "hmac_sha512.h"
#include "keccak.h"
#include "pbkdf2.h"
#include "poly1305.h"
#include "ripemd160.h"
#include "scrypt.h"
#include "sha1.h"
#include "sha256.h"
#include "sha512.h"
#include "siphash.h"

#include <cstdint>
#include <functional>

using namespace coin_test;

namespace {

struct BadCase {
    const char* what;
    int expect;
    // Called with a 64-byte output that the call must leave alone.
    std::function<int(unsigned char* out)> call;
};

const unsigned char kPw[3] = {'p', 'w', 'd'};
std::vector<unsigned char> g_scratch(COIN_SCRYPT_SCRATCH_SIZE(1024, 2));
std::vector<unsigned char> g_batch_scratch(COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE);

int scrypt_with(uint64_t N, uint32_t r, uint32_t p, size_t dklen, size_t scratch_len, unsigned char* out)
{
    return coin_scrypt(kPw, 3, kPw, 3, N, r, p, out, dklen, g_scratch.data(), scratch_len);
}

const std::vector<BadCase>& bad_cases()
{
    static const size_t big = SIZE_MAX;
    static const std::vector<BadCase> cases = {
        {"pbkdf2_sha256 iterations 0", COIN_ERR_PARAM, [](unsigned char* o) { return coin_pbkdf2_hmac_sha256(kPw, 3, kPw, 3, 0, o, 32); }},
        {"pbkdf2_sha512 iterations 0", COIN_ERR_PARAM, [](unsigned char* o) { return coin_pbkdf2_hmac_sha512(kPw, 3, kPw, 3, 0, o, 64); }},
        {"pbkdf2_sha256 dklen SIZE_MAX", SIZE_MAX / 32 >= UINT32_MAX ? COIN_ERR_PARAM : COIN_OK,
         [](unsigned char* o) { return SIZE_MAX / 32 >= UINT32_MAX ? coin_pbkdf2_hmac_sha256(kPw, 3, kPw, 3, 1, o, big) : COIN_OK; }},
        {"pbkdf2_sha512 dklen SIZE_MAX", SIZE_MAX / 64 >= UINT32_MAX ? COIN_ERR_PARAM : COIN_OK,
         [](unsigned char* o) { return SIZE_MAX / 64 >= UINT32_MAX ? coin_pbkdf2_hmac_sha512(kPw, 3, kPw, 3, 1, o, big) : COIN_OK; }},
        // One byte over 2^32 - 1 blocks, where size_t holds it (the call rejects it before any work).
        {"pbkdf2_sha256 dklen (2^32 - 1) * 32 + 1", SIZE_MAX / 32 >= UINT32_MAX ? COIN_ERR_PARAM : COIN_OK, [](unsigned char* o) {
             return SIZE_MAX / 32 >= UINT32_MAX ? coin_pbkdf2_hmac_sha256(kPw, 3, kPw, 3, 1, o, static_cast<size_t>(UINT64_C(0xffffffff) * 32 + 1)) : COIN_OK;
         }},
        {"pbkdf2_sha512 dklen (2^32 - 1) * 64 + 1", SIZE_MAX / 64 >= UINT32_MAX ? COIN_ERR_PARAM : COIN_OK, [](unsigned char* o) {
             return SIZE_MAX / 64 >= UINT32_MAX ? coin_pbkdf2_hmac_sha512(kPw, 3, kPw, 3, 1, o, static_cast<size_t>(UINT64_C(0xffffffff) * 64 + 1)) : COIN_OK;
         }},
        {"hkdf_expand 255 blocks + 1 byte", COIN_ERR_PARAM,
         [](unsigned char* o) { return coin_hkdf_sha256_expand(o, COIN_HKDF_SHA256_MAX_OUTPUT + 1, kPw, 3, nullptr, 0); }},
        {"hkdf_expand SIZE_MAX", COIN_ERR_PARAM, [](unsigned char* o) { return coin_hkdf_sha256_expand(o, big, kPw, 3, nullptr, 0); }},
        {"hkdf SIZE_MAX", COIN_ERR_PARAM, [](unsigned char* o) { return coin_hkdf_sha256(o, big, kPw, 3, kPw, 3, nullptr, 0); }},
        {"scrypt N 0", COIN_ERR_PARAM, [](unsigned char* o) { return scrypt_with(0, 1, 1, 32, g_scratch.size(), o); }},
        {"scrypt N 1", COIN_ERR_PARAM, [](unsigned char* o) { return scrypt_with(1, 1, 1, 32, g_scratch.size(), o); }},
        {"scrypt N 3", COIN_ERR_PARAM, [](unsigned char* o) { return scrypt_with(3, 1, 1, 32, g_scratch.size(), o); }},
        {"scrypt N 1000", COIN_ERR_PARAM, [](unsigned char* o) { return scrypt_with(1000, 1, 1, 32, g_scratch.size(), o); }},
        {"scrypt N 2^63 + 1", COIN_ERR_PARAM, [](unsigned char* o) { return scrypt_with((UINT64_C(1) << 63) + 1, 1, 1, 32, g_scratch.size(), o); }},
        {"scrypt N 2^16 with r 1", COIN_ERR_PARAM, [](unsigned char* o) { return scrypt_with(65536, 1, 1, 32, g_scratch.size(), o); }},
        {"scrypt N 2^32 with r 2", COIN_ERR_PARAM, [](unsigned char* o) { return scrypt_with(UINT64_C(1) << 32, 2, 1, 32, g_scratch.size(), o); }},
        // Valid parameters whose scratch size does not fit in 64 bits.
        {"scrypt scratch size overflows", COIN_ERR_PARAM,
         [](unsigned char* o) { return scrypt_with(UINT64_C(1) << 62, 1u << 20, 1, 32, g_scratch.size(), o); }},
        {"scrypt r 0", COIN_ERR_PARAM, [](unsigned char* o) { return scrypt_with(1024, 0, 1, 32, g_scratch.size(), o); }},
        {"scrypt p 0", COIN_ERR_PARAM, [](unsigned char* o) { return scrypt_with(1024, 1, 0, 32, g_scratch.size(), o); }},
        {"scrypt r p 2^30", COIN_ERR_PARAM, [](unsigned char* o) { return scrypt_with(1024, 1u << 15, 1u << 15, 32, g_scratch.size(), o); }},
        {"scrypt r p 2^32 - 1", COIN_ERR_PARAM, [](unsigned char* o) { return scrypt_with(1024, UINT32_MAX, UINT32_MAX, 32, g_scratch.size(), o); }},
        {"scrypt dklen SIZE_MAX", SIZE_MAX / 32 >= UINT32_MAX ? COIN_ERR_PARAM : COIN_OK,
         [](unsigned char* o) { return SIZE_MAX / 32 >= UINT32_MAX ? scrypt_with(16, 1, 1, big, g_scratch.size(), o) : COIN_OK; }},
        {"scrypt dklen (2^32 - 1) * 32 + 1", SIZE_MAX / 32 >= UINT32_MAX ? COIN_ERR_PARAM : COIN_OK, [](unsigned char* o) {
             return SIZE_MAX / 32 >= UINT32_MAX ? scrypt_with(16, 1, 1, static_cast<size_t>(UINT64_C(0xffffffff) * 32 + 1), g_scratch.size(), o) : COIN_OK;
         }},
        {"scrypt scratch one byte short", COIN_ERR_SCRATCH,
         [](unsigned char* o) { return scrypt_with(1024, 2, 1, 32, COIN_SCRYPT_SCRATCH_SIZE(1024, 2) - 1, o); }},
        {"scrypt scratch 0", COIN_ERR_SCRATCH, [](unsigned char* o) { return scrypt_with(1024, 1, 1, 32, 0, o); }},
        {"scrypt scratch NULL", COIN_ERR_SCRATCH,
         [](unsigned char* o) { return coin_scrypt(kPw, 3, kPw, 3, 1024, 1, 1, o, 32, nullptr, big); }},
        {"scrypt batch scratch short", COIN_ERR_SCRATCH, [](unsigned char* o) {
             unsigned char headers[2 * 80] = {0};
             return coin_scrypt_1024_1_1_256_batch(headers, o, 2, g_batch_scratch.data(), g_batch_scratch.size() - 1);
         }},
        {"scrypt batch of 0, scratch short", COIN_ERR_SCRATCH, [](unsigned char* o) {
             return coin_scrypt_1024_1_1_256_batch(nullptr, o, 0, g_batch_scratch.data(), g_batch_scratch.size() - 1);
         }},
        {"scrypt batch scratch NULL", COIN_ERR_SCRATCH, [](unsigned char* o) {
             unsigned char headers[80] = {0};
             return coin_scrypt_1024_1_1_256_batch(headers, o, 1, nullptr, big);
         }},
    };
    return cases;
}

} // namespace

BOOST_AUTO_TEST_SUITE(bad_input_tests)

BOOST_AUTO_TEST_CASE(out_of_range_parameters)
{
    for (const BadCase& c : bad_cases()) {
        int got = 0;
        guarded_output(64, 1, [&](unsigned char* out) {
            std::fill(out, out + 64, kGuardByte);
            got = c.call(out);
            BOOST_CHECK_MESSAGE(std::all_of(out, out + 64, [](unsigned char b) { return b == kGuardByte; }),
                                c.what << ": wrote into its output");
        }, c.what);
        BOOST_CHECK_MESSAGE(got == c.expect, c.what << ": returned " << got << ", expected " << c.expect);
    }
    BOOST_CHECK_EQUAL(coin_scrypt_scratch_size(1000, 1), 0u);             // not a power of 2
    BOOST_CHECK_EQUAL(coin_scrypt_scratch_size(UINT64_C(1) << 62, 1u << 20), 0u); // overflows
}

// NULL with length 0: the hashes give the published digests of the empty message (FIPS
// 180-4 and 202 examples, the RIPEMD-160 authors', HMAC with an empty key over the empty
// message as OpenSSL gives it), the KDFs succeed, sha256d64 of 0 blocks writes nothing.
BOOST_AUTO_TEST_CASE(null_with_length_zero)
{
    struct Empty {
        const char* what;
        size_t size;
        std::function<void(unsigned char*)> call;
        const char* hex;
    };
    const std::vector<Empty> empties = {
        {"sha1", 20, [](unsigned char* o) { coin_sha1(o, nullptr, 0); }, "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
        {"sha256", 32, [](unsigned char* o) { coin_sha256(o, nullptr, 0); }, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"sha512", 64, [](unsigned char* o) { coin_sha512(o, nullptr, 0); },
         "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"},
        {"ripemd160", 20, [](unsigned char* o) { coin_ripemd160(o, nullptr, 0); }, "9c1185a5c5e9fc54612808977ee8f548b2258d31"},
        {"sha3_256", 32, [](unsigned char* o) { coin_sha3_256(o, nullptr, 0); }, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
        {"keccak256", 32, [](unsigned char* o) { coin_keccak256(o, nullptr, 0); }, "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"},
        {"blake3", 32, [](unsigned char* o) { coin_blake3(o, nullptr, 0); }, "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"},
        // Poly1305 of nothing is the key's second half, s (RFC 8439: the accumulator stays 0).
        {"poly1305", 16, [](unsigned char* o) {
             unsigned char k[32];
             for (int i = 0; i < 32; i++) k[i] = static_cast<unsigned char>(i);
             coin_poly1305(o, nullptr, 0, k);
         }, "101112131415161718191a1b1c1d1e1f"},
        {"shake128, 16 bytes", 16, [](unsigned char* o) { coin_shake128(o, 16, nullptr, 0); }, "7f9c2ba4e88f827d616045507605853e"},
        {"hmac_sha256", 32, [](unsigned char* o) { coin_hmac_sha256(o, nullptr, 0, nullptr, 0); },
         "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad"},
        {"hmac_sha512", 64, [](unsigned char* o) { coin_hmac_sha512(o, nullptr, 0, nullptr, 0); },
         "b936cee86c9f87aa5d3c6f2e84cb5a4239a5fe50480a6ec66b70ab5b1f4ac6730c6c515421b327ec1d69402e53dfb49ad7381eb067b338fd7b0cb22247225d47"},
        {"pbkdf2_sha256, 32 bytes", 32, [](unsigned char* o) { BOOST_CHECK_EQUAL(coin_pbkdf2_hmac_sha256(nullptr, 0, nullptr, 0, 1, o, 32), COIN_OK); },
         "f7ce0b653d2d72a4108cf5abe912ffdd777616dbbb27a70e8204f3ae2d0f6fad"},
        {"scrypt N 16, 16 bytes", 16, [](unsigned char* o) {
             BOOST_CHECK_EQUAL(coin_scrypt(nullptr, 0, nullptr, 0, 16, 1, 1, o, 16, g_scratch.data(), g_scratch.size()), COIN_OK);
         }, "77d6576238657b203b19ca42c18a0497"},
    };
    for (const Empty& e : empties) {
        const Bytes got = guarded_output(e.size, 3, e.call, e.what);
        COIN_CHECK_DIGEST(got, from_hex(e.hex), e.what, "NULL with length 0");
    }
    // Nothing to write: NULL outputs with length 0, and sha256d64 of no blocks.
    BOOST_CHECK_EQUAL(coin_pbkdf2_hmac_sha512(nullptr, 0, nullptr, 0, 1, nullptr, 0), COIN_OK);
    BOOST_CHECK_EQUAL(coin_hkdf_sha256(nullptr, 0, nullptr, 0, nullptr, 0, nullptr, 0), COIN_OK);
    coin_shake256(nullptr, 0, nullptr, 0);
    coin_sha256d64(nullptr, nullptr, 0);
    BOOST_CHECK_EQUAL(coin_scrypt_1024_1_1_256_batch(nullptr, nullptr, 0, g_batch_scratch.data(), g_batch_scratch.size()), COIN_OK);
    coin_sha256_ctx ctx;
    coin_sha256_init(&ctx);
    coin_sha256_write(&ctx, nullptr, 0);
    BOOST_CHECK_EQUAL(coin_siphash(0x0706050403020100ULL, 0x0F0E0D0C0B0A0908ULL, nullptr, 0), 0x726fdb47dd0e0e31ULL);
}

// Output over input: the result written into the first bytes of the message buffer itself
// equals the result into a buffer of its own, for messages shorter and longer than a block.
BOOST_AUTO_TEST_CASE(output_over_input)
{
    struct OneShot {
        const char* what;
        size_t size;
        std::function<void(unsigned char* out, const unsigned char* in, size_t len)> call;
    };
    static const unsigned char key[32] = {1, 2, 3};
    const std::vector<OneShot> fns = {
        {"sha1", 20, [](unsigned char* o, const unsigned char* i, size_t n) { coin_sha1(o, i, n); }},
        {"sha256", 32, [](unsigned char* o, const unsigned char* i, size_t n) { coin_sha256(o, i, n); }},
        {"hash256", 32, [](unsigned char* o, const unsigned char* i, size_t n) { coin_hash256(o, i, n); }},
        {"sha512", 64, [](unsigned char* o, const unsigned char* i, size_t n) { coin_sha512(o, i, n); }},
        {"sha512_256", 32, [](unsigned char* o, const unsigned char* i, size_t n) { coin_sha512_256(o, i, n); }},
        {"ripemd160", 20, [](unsigned char* o, const unsigned char* i, size_t n) { coin_ripemd160(o, i, n); }},
        {"hash160", 20, [](unsigned char* o, const unsigned char* i, size_t n) { coin_hash160(o, i, n); }},
        {"sha3_256", 32, [](unsigned char* o, const unsigned char* i, size_t n) { coin_sha3_256(o, i, n); }},
        {"sha3_512", 64, [](unsigned char* o, const unsigned char* i, size_t n) { coin_sha3_512(o, i, n); }},
        {"keccak256", 32, [](unsigned char* o, const unsigned char* i, size_t n) { coin_keccak256(o, i, n); }},
        {"keccak512", 64, [](unsigned char* o, const unsigned char* i, size_t n) { coin_keccak512(o, i, n); }},
        {"shake128, 64 bytes", 64, [](unsigned char* o, const unsigned char* i, size_t n) { coin_shake128(o, 64, i, n); }},
        {"shake256, 64 bytes", 64, [](unsigned char* o, const unsigned char* i, size_t n) { coin_shake256(o, 64, i, n); }},
        {"blake3", 32, [](unsigned char* o, const unsigned char* i, size_t n) { coin_blake3(o, i, n); }},
        {"hmac_sha256", 32, [](unsigned char* o, const unsigned char* i, size_t n) { coin_hmac_sha256(o, key, 32, i, n); }},
        {"hmac_sha512", 64, [](unsigned char* o, const unsigned char* i, size_t n) { coin_hmac_sha512(o, key, 32, i, n); }},
        {"poly1305", 16, [](unsigned char* o, const unsigned char* i, size_t n) { coin_poly1305(o, i, n, key); }},
    };
    for (const OneShot& f : fns) {
        for (size_t len : {64, 100, 200, 1100}) {
            const Bytes msg = random_bytes(len, 7 + static_cast<uint32_t>(len));
            Bytes apart(f.size), over = msg;
            f.call(apart.data(), msg.data(), len);
            f.call(over.data(), over.data(), len);
            BOOST_CHECK_MESSAGE(Bytes(over.begin(), over.begin() + f.size) == apart, f.what << ", length " << len << ": differs in place");
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
