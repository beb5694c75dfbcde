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

// What each feature builds on, as cpu.h states it: the x86 levels, AVX2 on BMI2, SHA-NI on
// SSE4.1, AES-NI on SSE2, the ARM crypto extensions on NEON.
const std::pair<uint32_t, uint32_t> kBuildsOn[] = {
    {COIN_CPU_SSSE3, COIN_CPU_SSE2},
    {COIN_CPU_SSE41, COIN_CPU_SSSE3},
    {COIN_CPU_AVX, COIN_CPU_SSE41},
    {COIN_CPU_AVX2, COIN_CPU_AVX | COIN_CPU_BMI2},
    {COIN_CPU_AVX512, COIN_CPU_AVX2},
    {COIN_CPU_AVX512IFMA, COIN_CPU_AVX512},
    {COIN_CPU_SHANI, COIN_CPU_SSE41},
    {COIN_CPU_AESNI, COIN_CPU_SSE2},
    {COIN_CPU_ARM_SHA1, COIN_CPU_ARM_NEON},
    {COIN_CPU_ARM_SHA2, COIN_CPU_ARM_NEON},
    {COIN_CPU_ARM_SHA512, COIN_CPU_ARM_NEON},
    {COIN_CPU_ARM_SHA3, COIN_CPU_ARM_NEON},
    {COIN_CPU_ARM_AES, COIN_CPU_ARM_NEON},
};

// Checks that no feature of f is there without what it builds on.
void check_foundations(uint32_t f, const std::string& what)
{
    for (const auto& [feature, needs] : kBuildsOn) {
        BOOST_CHECK_MESSAGE(!(f & feature) || (f & needs) == needs,
                            what << ": " << name_of(feature) << " in use without all of 0x" << std::hex << needs);
    }
}

const uint32_t kAvxUp = COIN_CPU_AVX | COIN_CPU_AVX2 | COIN_CPU_AVX512 | COIN_CPU_AVX512IFMA;
const uint32_t kArm = COIN_CPU_ARM_NEON | COIN_CPU_ARM_SHA1 | COIN_CPU_ARM_SHA2 | COIN_CPU_ARM_SHA512 |
                      COIN_CPU_ARM_SHA3 | COIN_CPU_ARM_AES;

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

#ifndef COIN_EMULATED_CPU // there SHA-NI and AVX-512 are reported whatever the CPU has
BOOST_AUTO_TEST_CASE(detected_features_have_their_foundations)
{
    check_foundations(coin_cpu_detected(), "detected");
}
#endif

BOOST_AUTO_TEST_CASE(negative_names_remove_what_builds_on_them)
{
    const uint32_t detected = coin_cpu_detected();
    const std::pair<const char*, uint32_t> cases[] = {
        {"-shani", COIN_CPU_SHANI},
        {"-shani,-avx512", COIN_CPU_SHANI | COIN_CPU_AVX512 | COIN_CPU_AVX512IFMA},
        {"-avx512ifma", COIN_CPU_AVX512IFMA},
        {"-avx2", COIN_CPU_AVX2 | COIN_CPU_AVX512 | COIN_CPU_AVX512IFMA},
        {"-bmi2", COIN_CPU_BMI2 | COIN_CPU_AVX2 | COIN_CPU_AVX512 | COIN_CPU_AVX512IFMA},
        {"-avx", kAvxUp},
        {"-sse41", COIN_CPU_SSE41 | COIN_CPU_SHANI | kAvxUp},
        {"-ssse3", COIN_CPU_SSSE3 | COIN_CPU_SSE41 | COIN_CPU_SHANI | kAvxUp},
        {"-sse2", COIN_CPU_SSE2 | COIN_CPU_SSSE3 | COIN_CPU_SSE41 | COIN_CPU_SHANI | COIN_CPU_AESNI | kAvxUp},
        {"-aesni", COIN_CPU_AESNI},
        {"-neon", kArm},
        {"-sha2,-aes", COIN_CPU_ARM_SHA2 | COIN_CPU_ARM_AES},
    };
    for (const auto& [spec, off] : cases) {
        BOOST_CHECK_EQUAL(coin_cpu_restrict(spec), 0);
        BOOST_CHECK_MESSAGE(coin_cpu_features() == (detected & ~off), spec << ": 0x" << std::hex << coin_cpu_features());
    }
    // "-avx" leaves no backend of AVX or later in use.
    BOOST_REQUIRE_EQUAL(coin_cpu_restrict("-avx"), 0);
    for (auto implementation : kImplementations) {
        BOOST_CHECK_MESSAGE(std::string(implementation()).find("avx") == std::string::npos, implementation());
    }
    for (uint32_t bit : named_bits()) {
        BOOST_CHECK_EQUAL(coin_cpu_restrict(("-" + name_of(bit)).c_str()), 0);
        BOOST_CHECK_EQUAL(coin_cpu_features() & bit, 0u);
        BOOST_CHECK_EQUAL(coin_cpu_features() & ~detected, 0u);
        check_foundations(coin_cpu_features(), "-" + name_of(bit));
    }
}

// A positive name brings in what it builds on: the detected features are closed under it, so
// the features in use are exactly the detected ones of that closure.
BOOST_AUTO_TEST_CASE(positive_names_bring_in_what_they_build_on)
{
    const uint32_t detected = coin_cpu_detected();
    const uint32_t sse41 = COIN_CPU_SSE2 | COIN_CPU_SSSE3 | COIN_CPU_SSE41;
    const uint32_t avx2 = sse41 | COIN_CPU_AVX | COIN_CPU_AVX2 | COIN_CPU_BMI2;
    const std::pair<const char*, uint32_t> cases[] = {
        {"avx2,shani", avx2 | COIN_CPU_SHANI},
        {"avx2,shani,-shani", avx2},
        {"sse41", sse41},
        {"shani", sse41 | COIN_CPU_SHANI},
        {"aesni", COIN_CPU_SSE2 | COIN_CPU_AESNI},
        {"avx512ifma", avx2 | COIN_CPU_AVX512 | COIN_CPU_AVX512IFMA},
        {"avx512ifma,-avx2", sse41 | COIN_CPU_AVX | COIN_CPU_BMI2},
        {"sha512,aes", COIN_CPU_ARM_NEON | COIN_CPU_ARM_SHA512 | COIN_CPU_ARM_AES},
    };
    for (const auto& [spec, want] : cases) {
        BOOST_CHECK_EQUAL(coin_cpu_restrict(spec), 0);
        BOOST_CHECK_MESSAGE(coin_cpu_features() == (detected & want), spec << ": 0x" << std::hex << coin_cpu_features());
    }
    // The example of cpu.h and doc/api.md: "avx2" alone runs the AVX2 backends.
    if ((detected & avx2) == avx2) {
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict("avx2"), 0);
        BOOST_CHECK_EQUAL(std::string(coin_sha512_implementation()), "avx2");
        BOOST_CHECK_EQUAL(std::string(coin_blake3_implementation()), "avx2(8way)");
    }
}

BOOST_AUTO_TEST_CASE(positive_names_keep_only_detected_ones)
{
    const uint32_t detected = coin_cpu_detected();
    std::string all;
    for (uint32_t bit : named_bits()) {
        BOOST_CHECK_EQUAL(coin_cpu_restrict(name_of(bit).c_str()), 0);
        BOOST_CHECK_EQUAL(coin_cpu_features() & bit, detected & bit);
        BOOST_CHECK_EQUAL(coin_cpu_features() & ~detected, 0u);
        check_foundations(coin_cpu_features(), name_of(bit));
        // coin_cpu_set_features takes the mask as it is.
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
        BOOST_CHECK_EQUAL(coin_cpu_features() & bit, coin_cpu_detected() & bit);
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
