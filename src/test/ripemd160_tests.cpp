// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#include <map>

#include "hash_check.h"

using namespace coin_test;

BOOST_AUTO_TEST_SUITE(ripemd160_tests)

BOOST_AUTO_TEST_CASE(authors_vectors) { check_vectors_on_every_backend(kRipemd160, load_vectors("ripevectors.txt")); }
BOOST_AUTO_TEST_CASE(block_boundaries) { check_vectors_on_every_backend(kRipemd160, load_section("block_boundaries.txt", "ripemd160")); }
BOOST_AUTO_TEST_CASE(million_a, *boost::unit_test::label("long")) { check_vectors_on_every_backend(kRipemd160, load_section("million_a.txt", "ripemd160")); }
BOOST_AUTO_TEST_CASE(backends_match_portable) { check_backends_against_portable(kRipemd160); }
BOOST_AUTO_TEST_CASE(finalize_then_continue) { check_finalize_then_continue(kRipemd160, true); }

BOOST_AUTO_TEST_CASE(hash160)
{
    const auto vectors = select(load_vectors("bitcoin_hashes.txt"), "Func", "hash160");
    for_each_backend(kRipemd160, [&](const char*) {
        for (const Record& r : vectors) check_oneshot(coin_hash160, COIN_RIPEMD160_OUTPUT_SIZE, r.message(), r.bytes("MD"), r.where());
    });
}

// coin_hash160_many with the features of each RIPEMD-160 batch backend, alone
// (coin_hash160_many_with) and in the timed order: batches of 0..70 inputs of 33, 65, 32 and
// 0 bytes against coin_hash160 of each as the portable code computes it, and the published
// HASH160 of the secp256k1 generator (compressed and uncompressed) at every position of a batch.
BOOST_AUTO_TEST_CASE(hash160_many)
{
    constexpr size_t kMax = 70;
    const Bytes pool = random_bytes(65 * kMax, 0x160);
    std::vector<Record> generator;
    for (const Record& r : select(load_vectors("bitcoin_hashes.txt"), "Func", "hash160")) {
        if (!r.message().empty()) generator.push_back(r);
    }
    BOOST_REQUIRE_EQUAL(generator.size(), 2u);
    std::map<size_t, Bytes> want; // by input length: the digests of pool's first kMax inputs
    {
        CpuRestore restore;
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
        for (size_t len : {33, 65, 32, 0}) {
            Bytes& w = want[len];
            w.resize(20 * kMax);
            for (size_t i = 0; i < kMax; i++) coin_hash160(&w[20 * i], &pool[len * i], len);
        }
    }
    auto width_of = [](size_t i) { return coin_hash160_many_with(i, nullptr, nullptr, 0, 0); };
    for_each_timed_backend("ripemd160 lanes", coin_hash160_many_backend, coin_hash160_many_implementation, width_of,
                           [&](size_t i, const char* name, int width) {
        for (bool alone : {true, false}) {
            auto run = [&](unsigned char* out, const unsigned char* in, size_t len, size_t n) {
                if (alone) {
                    BOOST_CHECK_EQUAL(coin_hash160_many_with(i, out, in, len, n), width);
                } else {
                    coin_hash160_many(out, in, len, n);
                }
            };
            const std::string how = std::string(name) + (alone ? " alone" : " in the timed order");
            for (const auto& entry : want) {
                const size_t len = entry.first;
                const Bytes& digests = entry.second;
                for (size_t n = 0; n <= kMax; n++) {
                    const std::string label = how + ", " + std::to_string(n) + " inputs of " + std::to_string(len) + " bytes";
                    const Unaligned in(Bytes(pool.begin(), pool.begin() + len * n), 1 + n % 7);
                    COIN_CHECK_DIGEST(guarded_output(20 * n, n % 8, [&](unsigned char* out) { run(out, in.data(), len, n); }, label),
                                      Bytes(digests.begin(), digests.begin() + 20 * n), label, "one batch");
                }
            }
            for (const Record& r : generator) {
                const Bytes key = r.message(), md = r.bytes("MD");
                for (size_t at = 0; at < 20; at++) {
                    Bytes batch(pool.begin(), pool.begin() + key.size() * 20);
                    std::copy(key.begin(), key.end(), batch.begin() + key.size() * at);
                    Bytes out(20 * 20);
                    run(out.data(), batch.data(), key.size(), 20);
                    BOOST_CHECK_MESSAGE(Bytes(out.begin() + 20 * at, out.begin() + 20 * at + 20) == md,
                                        how << ", " << r.where() << " at position " << at << " of 20");
                }
            }
        }
    });
}

BOOST_AUTO_TEST_SUITE_END()
