// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#include "hash_check.h"

using namespace coin_test;

namespace {

template <class Ctx>
using HmacInit = void (*)(Ctx*, const unsigned char*, size_t);
using HmacOneShot = void (*)(unsigned char*, const unsigned char*, size_t, const unsigned char*, size_t);

// Every record (Key, optionally Klen in bytes, Len/Msg, MD) on every backend of the hash
// under the HMAC: the streaming checks start from copies of one keyed context; the one-shot
// function gets the key at unaligned addresses too.
template <class Ctx>
void check_hmac(const Hash<Ctx>& h, HmacInit<Ctx> init, HmacOneShot oneshot, const std::vector<Record>& vectors)
{
    for_each_backend(h, [&](const char*) {
        for (const Record& r : vectors) {
            Bytes key = r.bytes("Key");
            if (r.has("Klen")) key.resize(std::stoul(r.get("Klen")));
            const Bytes msg = r.message(), md = r.bytes("MD");
            Ctx keyed;
            init(&keyed, data_or_null(key), key.size());
            check_stream(h, keyed, msg, md, r.where());
            for (size_t off : {0, 5}) {
                const Unaligned k(key, off);
                const unsigned char* kp = off == 0 ? data_or_null(key) : k.data();
                check_oneshot([&](unsigned char* out, const unsigned char* d, size_t n) { oneshot(out, kp, key.size(), d, n); },
                              h.size, msg, md, r.where() + (off ? " key at offset 5" : ""));
            }
        }
    });
}

// finalize wipes the key material: nothing of the keyed state is left in the context.
template <class Ctx>
void check_wiped(const Hash<Ctx>& h)
{
    Ctx ctx = fresh(h);
    h.write(&ctx, kHmacKey, 10);
    unsigned char out[64];
    h.finalize(&ctx, out);
    const auto* p = reinterpret_cast<const unsigned char*>(&ctx);
    BOOST_CHECK_MESSAGE(std::all_of(p, p + sizeof(ctx), [](unsigned char b) { return b == 0; }),
                        h.name << ": the context is not wiped by finalize: " << to_hex(p, sizeof(ctx)));
}

} // namespace

BOOST_AUTO_TEST_SUITE(hmac_tests)

BOOST_AUTO_TEST_CASE(rfc4231_sha256)
{
    check_hmac(kHmacSha256, coin_hmac_sha256_init, coin_hmac_sha256, load_vectors("rfc-4231-sha256.txt"));
}

BOOST_AUTO_TEST_CASE(rfc4231_sha512)
{
    check_hmac(kHmacSha512, coin_hmac_sha512_init, coin_hmac_sha512, load_vectors("rfc-4231-sha512.txt"));
}

BOOST_AUTO_TEST_CASE(key_lengths_sha256)
{
    check_hmac(kHmacSha256, coin_hmac_sha256_init, coin_hmac_sha256, load_section("hmac_keys.txt", "sha256"));
}

BOOST_AUTO_TEST_CASE(key_lengths_sha512)
{
    check_hmac(kHmacSha512, coin_hmac_sha512_init, coin_hmac_sha512, load_section("hmac_keys.txt", "sha512"));
}

BOOST_AUTO_TEST_CASE(backends_match_portable)
{
    check_backends_against_portable(kHmacSha256);
    check_backends_against_portable(kHmacSha512);
}

BOOST_AUTO_TEST_CASE(finalize_wipes_context)
{
    check_wiped(kHmacSha256);
    check_wiped(kHmacSha512);
}

BOOST_AUTO_TEST_SUITE_END()
