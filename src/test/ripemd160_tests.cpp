// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#include "hash_check.h"

using namespace coin_test;

BOOST_AUTO_TEST_SUITE(ripemd160_tests)

BOOST_AUTO_TEST_CASE(authors_vectors) { check_vectors_on_every_backend(kRipemd160, load_vectors("ripevectors.txt")); }
BOOST_AUTO_TEST_CASE(block_boundaries) { check_vectors_on_every_backend(kRipemd160, load_section("block_boundaries.txt", "ripemd160")); }
BOOST_AUTO_TEST_CASE(million_a) { check_vectors_on_every_backend(kRipemd160, load_section("million_a.txt", "ripemd160")); }
BOOST_AUTO_TEST_CASE(backends_match_portable) { check_backends_against_portable(kRipemd160); }

BOOST_AUTO_TEST_CASE(hash160)
{
    const auto vectors = select(load_vectors("bitcoin_hashes.txt"), "Func", "hash160");
    for_each_backend(kRipemd160, [&](const char*) {
        for (const Record& r : vectors) check_oneshot(coin_hash160, COIN_RIPEMD160_OUTPUT_SIZE, r.message(), r.bytes("MD"), r.where());
    });
}

BOOST_AUTO_TEST_SUITE_END()
