// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
//
// AES-256 and AES-128: NIST's AESAVS known-answer and multi-block files for CBC (GFSbox,
// KeySbox, VarKey, VarTxt, MMT) both ways on every backend, PKCS#7 padding against its rule written out here
// (every pad length, corrupted padding, bad lengths, in place), every backend against the
// portable code, and the wiping of keys.
#include "hash_check.h"

#include "aes.h"

#include <algorithm>

using namespace coin_test;

namespace {

template <class F>
void each_backend(F&& body)
{
    for_each_listed_backend("aes256", coin_aes256_backend, coin_aes256_implementation, std::forward<F>(body));
}

struct Key {
    coin_aes256_ctx ctx;
    explicit Key(const Bytes& key)
    {
        BOOST_REQUIRE(key.size() == 32 || key.size() == 16);
        (key.size() == 32 ? coin_aes256_init : coin_aes128_init)(&ctx, key.data());
    }
    ~Key() { coin_aes256_wipe(&ctx); }
};

// One record of a CBC*256.rsp file: [ENCRYPT] or [DECRYPT], through CBC without padding, out
// of place and in place.
void check_cbc_record(const Record& r)
{
    BOOST_TEST_CONTEXT(r.where())
    {
        const Bytes key = r.bytes("KEY"), iv = r.bytes("IV"), pt = r.bytes("PLAINTEXT"), ct = r.bytes("CIPHERTEXT");
        BOOST_REQUIRE(iv.size() == 16 && pt.size() == ct.size() && pt.size() % 16 == 0);
        Key k(key);
        const bool enc = r.section == "ENCRYPT";
        const Bytes& in = enc ? pt : ct;
        const Bytes& want = enc ? ct : pt;
        Bytes out(in.size()), inplace = in;
        auto run = enc ? coin_aes256_cbc_encrypt : coin_aes256_cbc_decrypt;
        BOOST_CHECK_EQUAL(run(&k.ctx, iv.data(), out.data(), in.data(), in.size(), 0), in.size());
        BOOST_CHECK_EQUAL(to_hex(out), to_hex(want));
        BOOST_CHECK_EQUAL(run(&k.ctx, iv.data(), inplace.data(), inplace.data(), inplace.size(), 0), in.size());
        BOOST_CHECK_EQUAL(to_hex(inplace), to_hex(want));
        if (in.size() == 16 && iv == Bytes(16, 0)) { // one block from a zero IV is the cipher itself
            (enc ? coin_aes256_encrypt : coin_aes256_decrypt)(&k.ctx, out.data(), in.data(), 1);
            BOOST_CHECK_EQUAL(to_hex(out), to_hex(want));
        }
    }
}

const char* const kFiles[] = {"CBCGFSbox256.rsp", "CBCKeySbox256.rsp", "CBCVarKey256.rsp", "CBCVarTxt256.rsp",
                              "CBCMMT256.rsp",    "CBCGFSbox128.rsp", "CBCKeySbox128.rsp", "CBCVarKey128.rsp",
                              "CBCVarTxt128.rsp", "CBCMMT128.rsp"};

// PKCS#7 as RFC 5652 section 6.3 states it: 1 to 16 bytes, each holding the count.
Bytes pkcs7(Bytes m)
{
    const size_t n = 16 - m.size() % 16;
    m.insert(m.end(), n, static_cast<unsigned char>(n));
    return m;
}

} // namespace

BOOST_AUTO_TEST_SUITE(aes_tests)

BOOST_AUTO_TEST_CASE(nist_cbc_vectors_every_backend)
{
    for (const char* file : kFiles) {
        const auto records = load_vectors(file);
        each_backend([&](const char*) {
            size_t enc = 0, dec = 0;
            for (const auto& r : records) {
                check_cbc_record(r);
                (r.section == "ENCRYPT" ? enc : dec)++;
            }
            BOOST_CHECK_MESSAGE(enc > 0 && dec > 0, file << ": both directions present");
        });
    }
}

BOOST_AUTO_TEST_CASE(padding_every_length)
{
    const Bytes key = random_bytes(32, 1), iv = random_bytes(16, 2);
    each_backend([&](const char*) {
        Key k(key);
        for (size_t len = 0; len <= 80; len++) {
            BOOST_TEST_CONTEXT("length " << len)
            {
                const Bytes msg = random_bytes(len, 100 + static_cast<uint32_t>(len)), padded = pkcs7(msg);
                // Padding is CBC of the message with PKCS#7's bytes appended.
                Bytes want(padded.size()), out(padded.size() + 16, 0xee);
                coin_aes256_cbc_encrypt(&k.ctx, iv.data(), want.data(), padded.data(), padded.size(), 0);
                BOOST_CHECK_EQUAL(coin_aes256_cbc_encrypt(&k.ctx, iv.data(), out.data(), msg.data(), len, 1), padded.size());
                BOOST_CHECK_EQUAL(to_hex(Bytes(out.begin(), out.begin() + padded.size())), to_hex(want));
                BOOST_CHECK(out[padded.size()] == 0xee); // nothing written past it
                // Without padding, only whole blocks.
                BOOST_CHECK_EQUAL(coin_aes256_cbc_encrypt(&k.ctx, iv.data(), out.data(), msg.data(), len, 0),
                                  len % 16 ? COIN_AES_CBC_ERROR : len);
                // Back, in place: the message's length, and the message.
                Bytes back = want;
                BOOST_CHECK_EQUAL(coin_aes256_cbc_decrypt(&k.ctx, iv.data(), back.data(), back.data(), back.size(), 1), len);
                BOOST_CHECK_EQUAL(to_hex(Bytes(back.begin(), back.begin() + len)), to_hex(msg));
                BOOST_CHECK_EQUAL(to_hex(Bytes(back.begin() + len, back.end())), to_hex(Bytes(padded.begin() + len, padded.end())));
            }
        }
    });
}

BOOST_AUTO_TEST_CASE(bad_padding_and_lengths)
{
    const Bytes key = random_bytes(32, 3), iv = random_bytes(16, 4);
    each_backend([&](const char*) {
        Key k(key);
        // Every value of the last byte over a 32-byte plaintext ending in otherwise valid padding:
        // accepted exactly for 1..16 with that many copies of it; else an error, and out all zero
        // (also when decrypting in place).
        for (unsigned last = 0; last < 256; last++) {
            for (unsigned copies = 1; copies <= 16; copies++) {
                Bytes pt = random_bytes(32, 5 + last);
                for (unsigned i = 0; i < copies; i++) pt[31 - i] = static_cast<unsigned char>(last);
                if (copies < 16 && pt[31 - copies] == last) pt[31 - copies] ^= 1; // exactly `copies`
                Bytes ct(32), out(32);
                coin_aes256_cbc_encrypt(&k.ctx, iv.data(), ct.data(), pt.data(), 32, 0);
                const bool valid = last >= 1 && last <= 16 && copies >= last;
                BOOST_CHECK_EQUAL(coin_aes256_cbc_decrypt(&k.ctx, iv.data(), out.data(), ct.data(), 32, 1),
                                  valid ? 32 - last : COIN_AES_CBC_ERROR);
                BOOST_CHECK(out == (valid ? pt : Bytes(32, 0)));
                Bytes in_place = ct;
                BOOST_CHECK_EQUAL(coin_aes256_cbc_decrypt(&k.ctx, iv.data(), in_place.data(), in_place.data(), 32, 1),
                                  valid ? 32 - last : COIN_AES_CBC_ERROR);
                BOOST_CHECK(in_place == out);
            }
        }
        // Lengths that are not whole blocks, and nothing at all: an error, nothing written, except
        // for an empty message without padding (nothing to do).
        Bytes buf(64, 0x5a), out(64, 0x11);
        for (size_t len : {1, 15, 17, 31, 33, 63}) {
            BOOST_CHECK_EQUAL(coin_aes256_cbc_decrypt(&k.ctx, iv.data(), out.data(), buf.data(), len, 1), COIN_AES_CBC_ERROR);
            BOOST_CHECK_EQUAL(coin_aes256_cbc_decrypt(&k.ctx, iv.data(), out.data(), buf.data(), len, 0), COIN_AES_CBC_ERROR);
            BOOST_CHECK_EQUAL(coin_aes256_cbc_encrypt(&k.ctx, iv.data(), out.data(), buf.data(), len, 0), COIN_AES_CBC_ERROR);
        }
        BOOST_CHECK(out == Bytes(64, 0x11)); // and nothing written
        BOOST_CHECK_EQUAL(coin_aes256_cbc_decrypt(&k.ctx, iv.data(), nullptr, nullptr, 0, 1), COIN_AES_CBC_ERROR);
        BOOST_CHECK_EQUAL(coin_aes256_cbc_decrypt(&k.ctx, iv.data(), nullptr, nullptr, 0, 0), 0u);
        BOOST_CHECK_EQUAL(coin_aes256_cbc_encrypt(&k.ctx, iv.data(), nullptr, nullptr, 0, 0), 0u);
        BOOST_CHECK_EQUAL(coin_aes256_cbc_encrypt(&k.ctx, iv.data(), out.data(), nullptr, 0, 1), 16u);
        BOOST_CHECK(out[0] != 0x11 || out[1] != 0x11); // a whole block of padding
    });
}

BOOST_AUTO_TEST_CASE(every_backend_against_portable)
{
    std::mt19937 rng(7);
    for (int trial = 0; trial < 40; trial++) {
        const Bytes key = random_bytes(trial % 3 ? 32 : 16, 1000 + trial), iv = random_bytes(16, 2000 + trial);
        const size_t blocks = trial < 20 ? static_cast<size_t>(trial) : rng() % 300, off = rng() % 16;
        const Bytes msg = random_bytes(16 * blocks, 3000 + trial);
        Bytes want_ecb(msg.size()), want_cbc(msg.size()), want_dec(msg.size()), want_cbcdec(msg.size());
        {
            CpuRestore restore;
            BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
            BOOST_REQUIRE_EQUAL(std::string(coin_aes256_implementation()), "generic");
            Key k(key);
            coin_aes256_encrypt(&k.ctx, want_ecb.data(), msg.data(), blocks);
            coin_aes256_decrypt(&k.ctx, want_dec.data(), msg.data(), blocks);
            coin_aes256_cbc_encrypt(&k.ctx, iv.data(), want_cbc.data(), msg.data(), msg.size(), 0);
            coin_aes256_cbc_decrypt(&k.ctx, iv.data(), want_cbcdec.data(), msg.data(), msg.size(), 0);
        }
        each_backend([&](const char*) {
            Key k(key);
            Bytes buf(msg.size() + 16);
            unsigned char* p = buf.data() + off; // any alignment, in place
            auto again = [&] { std::copy(msg.begin(), msg.end(), p); };
            again();
            coin_aes256_encrypt(&k.ctx, p, p, blocks);
            BOOST_CHECK_EQUAL(to_hex(p, msg.size()), to_hex(want_ecb));
            again();
            coin_aes256_decrypt(&k.ctx, p, p, blocks);
            BOOST_CHECK_EQUAL(to_hex(p, msg.size()), to_hex(want_dec));
            again();
            coin_aes256_cbc_encrypt(&k.ctx, iv.data(), p, p, msg.size(), 0);
            BOOST_CHECK_EQUAL(to_hex(p, msg.size()), to_hex(want_cbc));
            again();
            coin_aes256_cbc_decrypt(&k.ctx, iv.data(), p, p, msg.size(), 0);
            BOOST_CHECK_EQUAL(to_hex(p, msg.size()), to_hex(want_cbcdec));
        });
    }
}

BOOST_AUTO_TEST_CASE(wipe_clears_the_key)
{
    const Bytes key = random_bytes(32, 9);
    each_backend([&](const char*) {
        coin_aes256_ctx ctx;
        coin_aes256_init(&ctx, key.data());
        coin_aes256_wipe(&ctx);
        const unsigned char* p = reinterpret_cast<const unsigned char*>(&ctx);
        BOOST_CHECK(std::all_of(p, p + sizeof(ctx), [](unsigned char c) { return c == 0; }));
    });
}

BOOST_AUTO_TEST_SUITE_END()
