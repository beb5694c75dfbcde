// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#include "hash_check.h"

using namespace coin_test;

BOOST_AUTO_TEST_SUITE(sha512_tests)

BOOST_AUTO_TEST_CASE(cavp_short_msg) { check_vectors_on_every_backend(kSha512, load_vectors("SHA512ShortMsg.rsp")); }
BOOST_AUTO_TEST_CASE(cavp_long_msg) { check_vectors_on_every_backend(kSha512, load_vectors("SHA512LongMsg.rsp")); }
BOOST_AUTO_TEST_CASE(cavp_monte_carlo, *boost::unit_test::label("long")) { check_monte_on_every_backend(kSha512, load_vectors("SHA512Monte.rsp")); }
BOOST_AUTO_TEST_CASE(block_boundaries) { check_vectors_on_every_backend(kSha512, load_section("block_boundaries.txt", "sha512")); }
BOOST_AUTO_TEST_CASE(million_a, *boost::unit_test::label("long")) { check_vectors_on_every_backend(kSha512, load_section("million_a.txt", "sha512")); }
BOOST_AUTO_TEST_CASE(backends_match_portable) { check_backends_against_portable(kSha512); }
BOOST_AUTO_TEST_CASE(finalize_then_continue) { check_finalize_then_continue(kSha512, false); check_finalize_then_continue(kSha512_256, false); }

// SHA-512/256: the same compression function with its own initial state, truncated.
BOOST_AUTO_TEST_CASE(sha512_256_cavp_short_msg) { check_vectors_on_every_backend(kSha512_256, load_vectors("SHA512_256ShortMsg.rsp")); }
BOOST_AUTO_TEST_CASE(sha512_256_cavp_long_msg) { check_vectors_on_every_backend(kSha512_256, load_vectors("SHA512_256LongMsg.rsp")); }
BOOST_AUTO_TEST_CASE(sha512_256_cavp_monte_carlo) { check_monte_on_every_backend(kSha512_256, load_vectors("SHA512_256Monte.rsp")); }
BOOST_AUTO_TEST_CASE(sha512_256_block_boundaries) { check_vectors_on_every_backend(kSha512_256, load_section("block_boundaries.txt", "sha512_256")); }
BOOST_AUTO_TEST_CASE(sha512_256_million_a) { check_vectors_on_every_backend(kSha512_256, load_section("million_a.txt", "sha512_256")); }
BOOST_AUTO_TEST_CASE(sha512_256_backends_match_portable) { check_backends_against_portable(kSha512_256); }

BOOST_AUTO_TEST_SUITE_END()
