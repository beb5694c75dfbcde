// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#include "hash_check.h"

#include "blake3.h"

#include <set>

using namespace coin_test;

namespace {

const char* (*const kImplementations[])() = {
    coin_sha1_implementation, coin_sha256_implementation, coin_sha512_implementation, coin_ripemd160_implementation,
    coin_blake3_implementation,
};

const uint32_t kDocumented[] = {
    COIN_CPU_SSSE3, COIN_CPU_SSE41, COIN_CPU_AVX, COIN_CPU_AVX2, COIN_CPU_BMI2, COIN_CPU_AVX512, COIN_CPU_SHANI,
};

// Every single bit that coin_cpu_feature_name knows.
std::vector<uint32_t> named_bits()
{
    std::vector<uint32_t> bits;
    for (int i = 0; i < 32; i++) {
        if (coin_cpu_feature_name(1u << i)) bits.push_back(1u << i);
    }
    return bits;
}

std::string name_of(uint32_t bit) { return coin_cpu_feature_name(bit); }

} // namespace

// Each test case starts from, and ends with, every detected feature in use.
struct CpuFixture : CpuRestore {
    CpuFixture() { BOOST_REQUIRE_EQUAL(coin_cpu_restrict(nullptr), 0); }
};

BOOST_FIXTURE_TEST_SUITE(cpu_tests, CpuFixture)

BOOST_AUTO_TEST_CASE(none_selects_portable_code)
{
    BOOST_CHECK_EQUAL(coin_cpu_restrict("none"), 0);
    BOOST_CHECK_EQUAL(coin_cpu_features(), 0u);
    for (auto implementation : kImplementations) {
        const bool ways = implementation == coin_sha256_implementation || implementation == coin_blake3_implementation;
        const std::string want = ways ? "generic(1way)" : "generic";
        BOOST_CHECK_EQUAL(std::string(implementation()), want);
    }
    BOOST_CHECK_EQUAL(coin_cpu_set_features(0), 0u);
    BOOST_CHECK_EQUAL(coin_cpu_features(), 0u);
}

BOOST_AUTO_TEST_CASE(unknown_feature_is_rejected)
{
    for (const char* start : {"none", "-shani", static_cast<const char*>(nullptr)}) {
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict(start), 0);
        const uint32_t before = coin_cpu_features();
        for (const char* bad : {"bogus", "avx2,bogus", "-bogus", "bogus,-avx2", "sha", "shanix", "avx51", "-avx5120"}) {
            BOOST_CHECK_MESSAGE(coin_cpu_restrict(bad) == -1, "'" << bad << "' accepted");
            BOOST_CHECK_EQUAL(coin_cpu_features(), before);
        }
    }
}

BOOST_AUTO_TEST_CASE(negative_names_remove_only_those)
{
    const uint32_t detected = coin_cpu_detected();
    BOOST_CHECK_EQUAL(coin_cpu_restrict("-shani"), 0);
    BOOST_CHECK_EQUAL(coin_cpu_features(), detected & ~COIN_CPU_SHANI);
    BOOST_CHECK_EQUAL(coin_cpu_restrict("-shani,-avx512"), 0);
    BOOST_CHECK_EQUAL(coin_cpu_features(), detected & ~(COIN_CPU_SHANI | COIN_CPU_AVX512));
    for (uint32_t bit : named_bits()) {
        BOOST_CHECK_EQUAL(coin_cpu_restrict(("-" + name_of(bit)).c_str()), 0);
        BOOST_CHECK_EQUAL(coin_cpu_features(), detected & ~bit);
    }
}

BOOST_AUTO_TEST_CASE(positive_names_keep_only_detected_ones)
{
    const uint32_t detected = coin_cpu_detected();
    BOOST_CHECK_EQUAL(coin_cpu_restrict("avx2,shani"), 0);
    BOOST_CHECK_EQUAL(coin_cpu_features(), detected & (COIN_CPU_AVX2 | COIN_CPU_SHANI));
    BOOST_CHECK_EQUAL(coin_cpu_restrict("avx2,shani,-shani"), 0);
    BOOST_CHECK_EQUAL(coin_cpu_features(), detected & COIN_CPU_AVX2);
    std::string all;
    for (uint32_t bit : named_bits()) {
        BOOST_CHECK_EQUAL(coin_cpu_restrict(name_of(bit).c_str()), 0);
        BOOST_CHECK_EQUAL(coin_cpu_features(), detected & bit);
        BOOST_CHECK_EQUAL(coin_cpu_set_features(bit), detected & bit);
        BOOST_CHECK_EQUAL(coin_cpu_features(), detected & bit);
        all += (all.empty() ? "" : ",") + name_of(bit);
    }
    BOOST_CHECK_EQUAL(coin_cpu_restrict(all.c_str()), 0);
    BOOST_CHECK_EQUAL(coin_cpu_features(), detected);
    BOOST_CHECK_EQUAL(coin_cpu_set_features(~0u), detected);
}

BOOST_AUTO_TEST_CASE(feature_names_round_trip)
{
    const std::vector<uint32_t> bits = named_bits();
    uint32_t named = 0;
    std::set<std::string> names;
    for (uint32_t bit : bits) {
        named |= bit;
        const std::string name = name_of(bit);
        BOOST_CHECK_MESSAGE(!name.empty() && name != "none" && name.find_first_of(",- ") == std::string::npos,
                            "bad feature name '" << name << "'");
        BOOST_CHECK_MESSAGE(names.insert(name).second, "two features are named " << name);
        BOOST_CHECK_EQUAL(coin_cpu_restrict(name.c_str()), 0);
        BOOST_CHECK_EQUAL(coin_cpu_features(), coin_cpu_detected() & bit);
    }
    for (uint32_t bit : kDocumented) BOOST_CHECK_MESSAGE(named & bit, "COIN_CPU bit 0x" << std::hex << bit << " has no name");
    BOOST_CHECK_EQUAL(coin_cpu_detected() & ~named, 0u);
    BOOST_CHECK(coin_cpu_feature_name(0) == nullptr);
    BOOST_CHECK(coin_cpu_feature_name(COIN_CPU_SSSE3 | COIN_CPU_SSE41) == nullptr);
}

BOOST_AUTO_TEST_CASE(null_and_empty_restore_detected)
{
    for (const char* spec : {static_cast<const char*>(nullptr), ""}) {
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
        BOOST_CHECK_EQUAL(coin_cpu_restrict(spec), 0);
        BOOST_CHECK_EQUAL(coin_cpu_features(), coin_cpu_detected());
    }
}

BOOST_AUTO_TEST_SUITE_END()
