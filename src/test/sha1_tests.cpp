// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#include "hash_check.h"

using namespace coin_test;

BOOST_AUTO_TEST_SUITE(sha1_tests)

BOOST_AUTO_TEST_CASE(cavp_short_msg) { check_vectors_on_every_backend(kSha1, load_vectors("SHA1ShortMsg.rsp")); }
BOOST_AUTO_TEST_CASE(cavp_long_msg) { check_vectors_on_every_backend(kSha1, load_vectors("SHA1LongMsg.rsp")); }
BOOST_AUTO_TEST_CASE(cavp_monte_carlo, *boost::unit_test::label("long")) { check_monte_on_every_backend(kSha1, load_vectors("SHA1Monte.rsp")); }
BOOST_AUTO_TEST_CASE(block_boundaries) { check_vectors_on_every_backend(kSha1, load_section("block_boundaries.txt", "sha1")); }
BOOST_AUTO_TEST_CASE(million_a, *boost::unit_test::label("long")) { check_vectors_on_every_backend(kSha1, load_section("million_a.txt", "sha1")); }
BOOST_AUTO_TEST_CASE(backends_match_portable) { check_backends_against_portable(kSha1); }
BOOST_AUTO_TEST_CASE(finalize_then_continue) { check_finalize_then_continue(kSha1, false); }

BOOST_AUTO_TEST_SUITE_END()
