// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
//
// The key derivation functions: PBKDF2-HMAC-SHA256/512 and BIP39 seeds, HKDF-SHA256 (and
// Core's L32 form), scrypt and the scrypt proof of work, on official and chain vectors.
#include "hash_check.h"

#include "hkdf_sha256.h"
#include "pbkdf2.h"
#include "scrypt.h"

#include <algorithm>
#include <memory>

using namespace coin_test;

namespace {

// A field holding an ASCII string hex-encoded, with its length in `len_field` when present
// (so that "00" can stand for the empty string).
Bytes sized(const Record& r, const std::string& field, const std::string& len_field)
{
    Bytes b = r.bytes(field);
    if (r.has(len_field)) b.resize(std::stoul(r.get(len_field)));
    return b;
}

using Pbkdf2 = int (*)(const unsigned char*, size_t, const unsigned char*, size_t, uint64_t, unsigned char*, size_t);

// Every record of a PBKDF2 file, for the whole DK and for every shorter length (a prefix of
// it: the lengths that are not whole blocks), into guarded unaligned buffers. The prefixes are
// taken of the records of up to 4096 iterations: RFC 7914's 80,000 would make them 1.4 million
// compressions, 9 s under qemu, for the same truncation code.
void check_pbkdf2(Pbkdf2 fn, const std::vector<Record>& vectors, bool prefixes)
{
    for (const Record& r : vectors) {
        const Bytes pass = sized(r, "Password", "Plen"), salt = sized(r, "Salt", "Slen"), dk = r.bytes("DK");
        const uint64_t c = std::stoull(r.get("c"));
        std::vector<size_t> lengths{dk.size()};
        if (prefixes && c <= 4096) {
            for (size_t n : {1, 31, 32, 33, 63, 64, 65}) {
                if (n < dk.size()) lengths.push_back(n);
            }
        }
        for (size_t n : lengths) {
            const Bytes got = guarded_output(n, n % 7, [&](unsigned char* out) {
                BOOST_CHECK_EQUAL(fn(data_or_null(pass), pass.size(), data_or_null(salt), salt.size(), c, out, n), COIN_OK);
            }, r.where());
            COIN_CHECK_DIGEST(got, Bytes(dk.begin(), dk.begin() + n), r.where(), "dkLen " << n);
        }
    }
}

} // namespace

BOOST_AUTO_TEST_SUITE(kdf_tests)

BOOST_AUTO_TEST_CASE(pbkdf2_sha256_rfc7914)
{
    check_pbkdf2(coin_pbkdf2_hmac_sha256, load_section("rfc-7914-scrypt.txt", "pbkdf2_sha256"), true);
}

BOOST_AUTO_TEST_CASE(pbkdf2_published)
{
    check_pbkdf2(coin_pbkdf2_hmac_sha256, load_section("pbkdf2.txt", "sha256"), false);
    check_pbkdf2(coin_pbkdf2_hmac_sha512, load_section("pbkdf2.txt", "sha512"), true);
}

BOOST_AUTO_TEST_CASE(pbkdf2_bad_parameters)
{
    unsigned char out[4] = {1, 2, 3, 4};
    const unsigned char p[1] = {'p'};
    BOOST_CHECK_EQUAL(coin_pbkdf2_hmac_sha256(p, 1, p, 1, 0, out, sizeof(out)), COIN_ERR_PARAM);
    BOOST_CHECK_EQUAL(coin_pbkdf2_hmac_sha512(p, 1, p, 1, 0, out, sizeof(out)), COIN_ERR_PARAM);
    BOOST_CHECK(out[0] == 1 && out[3] == 4); // nothing written
    BOOST_CHECK_EQUAL(coin_pbkdf2_hmac_sha256(nullptr, 0, nullptr, 0, 1, nullptr, 0), COIN_OK);
}

BOOST_AUTO_TEST_CASE(bip39_trezor)
{
    const std::vector<Record> vectors = load_vectors("bip39_trezor.txt");
    BOOST_CHECK_EQUAL(vectors.size(), 24u);
    for (const Record& r : vectors) {
        const std::string m = r.get("Mnemonic"), pp = r.get("Passphrase");
        const Bytes got = guarded_output(COIN_BIP39_SEED_SIZE, 3, [&](unsigned char* out) {
            coin_bip39_seed(m.data(), m.size(), pp.data(), pp.size(), out);
        }, r.where());
        COIN_CHECK_DIGEST(got, r.bytes("Seed"), r.where(), "BIP39 seed");
    }
}

// The reference seeds through the batch on every multi-lane backend this CPU has, all 24 at
// once and 23 from the second on (other groupings and a remainder), into a guarded buffer.
BOOST_AUTO_TEST_CASE(bip39_trezor_batch)
{
    const std::vector<Record> vectors = load_vectors("bip39_trezor.txt");
    std::vector<std::string> m, pp;
    std::vector<const char*> mp, ppp;
    std::vector<size_t> ml, pl;
    Bytes expect;
    for (const Record& r : vectors) {
        m.push_back(r.get("Mnemonic"));
        pp.push_back(r.get("Passphrase"));
        const Bytes seed = r.bytes("Seed");
        expect.insert(expect.end(), seed.begin(), seed.end());
    }
    for (size_t k = 0; k < m.size(); k++) {
        mp.push_back(m[k].data());
        ml.push_back(m[k].size());
        ppp.push_back(pp[k].data());
        pl.push_back(pp[k].size());
    }
    for_each_listed_backend("sha512 lanes", coin_bip39_seed_batch_backend, nullptr, [&](const char*) {
        for (size_t first : {0, 1}) {
            const size_t n = m.size() - first;
            const Bytes got = guarded_output(64 * n, 1, [&](unsigned char* out) {
                coin_bip39_seed_batch(&mp[first], &ml[first], &ppp[first], &pl[first], out, n);
            }, "bip39_trezor.txt");
            COIN_CHECK_DIGEST(got, Bytes(expect.begin() + 64 * first, expect.end()), "bip39_trezor.txt",
                              "batch of " << n);
        }
    });
}

BOOST_AUTO_TEST_CASE(hkdf_rfc5869)
{
    for (const Record& r : load_section("rfc-5869-hkdf.txt", "rfc5869")) {
        const Bytes ikm = r.bytes("IKM"), salt = sized(r, "Salt", "Saltlen"), info = sized(r, "Info", "Infolen");
        const Bytes prk = r.bytes("PRK"), okm = r.bytes("OKM");
        const size_t L = std::stoul(r.get("L"));
        BOOST_REQUIRE_EQUAL(okm.size(), L);
        COIN_CHECK_DIGEST(guarded_output(32, 1, [&](unsigned char* out) {
            coin_hkdf_sha256_extract(out, data_or_null(salt), salt.size(), ikm.data(), ikm.size());
        }, r.where()), prk, r.where(), "extract");
        // Every length up to L: each output is a prefix of the longest.
        for (size_t n = 0; n <= L; n++) {
            COIN_CHECK_DIGEST(guarded_output(n, n % 5, [&](unsigned char* out) {
                BOOST_CHECK_EQUAL(coin_hkdf_sha256_expand(out, n, prk.data(), prk.size(), data_or_null(info), info.size()), COIN_OK);
            }, r.where()), Bytes(okm.begin(), okm.begin() + n), r.where(), "expand, L = " << n);
        }
        COIN_CHECK_DIGEST(guarded_output(L, 0, [&](unsigned char* out) {
            BOOST_CHECK_EQUAL(coin_hkdf_sha256(out, L, ikm.data(), ikm.size(), data_or_null(salt), salt.size(),
                                               data_or_null(info), info.size()), COIN_OK);
        }, r.where()), okm, r.where(), "extract and expand");
    }
}

BOOST_AUTO_TEST_CASE(hkdf_lengths)
{
    const Bytes prk(32, 0x42);
    std::vector<unsigned char> out(COIN_HKDF_SHA256_MAX_OUTPUT + 1, 0xa5);
    BOOST_CHECK_EQUAL(coin_hkdf_sha256_expand(out.data(), out.size(), prk.data(), prk.size(), nullptr, 0), COIN_ERR_PARAM);
    BOOST_CHECK(std::all_of(out.begin(), out.end(), [](unsigned char b) { return b == 0xa5; }));
    BOOST_CHECK_EQUAL(coin_hkdf_sha256(out.data(), out.size(), prk.data(), prk.size(), nullptr, 0, nullptr, 0), COIN_ERR_PARAM);
    BOOST_CHECK(std::all_of(out.begin(), out.end(), [](unsigned char b) { return b == 0xa5; }));
    BOOST_CHECK_EQUAL(coin_hkdf_sha256_expand(out.data(), out.size() - 1, prk.data(), prk.size(), nullptr, 0), COIN_OK);
}

BOOST_AUTO_TEST_CASE(hkdf_core_l32)
{
    for (const Record& r : load_section("rfc-5869-hkdf.txt", "core_l32")) {
        const Bytes ikm = r.bytes("IKM"), salt = sized(r, "Salt", "Saltlen"), info = sized(r, "Info", "Infolen");
        coin_hkdf_sha256_l32 ctx;
        coin_hkdf_sha256_l32_init(&ctx, ikm.data(), ikm.size(), data_or_null(salt), salt.size());
        for (int k = 0; k < 2; k++) { // the context is reusable
            COIN_CHECK_DIGEST(guarded_output(32, k, [&](unsigned char* out) {
                coin_hkdf_sha256_l32_expand32(&ctx, data_or_null(info), info.size(), out);
            }, r.where()), r.bytes("OKM"), r.where(), "Expand32 #" << k);
        }
        coin_hkdf_sha256_l32_clear(&ctx);
        const auto* p = reinterpret_cast<const unsigned char*>(&ctx);
        BOOST_CHECK(std::all_of(p, p + sizeof(ctx), [](unsigned char b) { return b == 0; }));
    }
}

BOOST_AUTO_TEST_CASE(scrypt_rfc7914)
{
    for (const Record& r : load_section("rfc-7914-scrypt.txt", "scrypt")) {
        const Bytes pass = sized(r, "Password", "Plen"), salt = sized(r, "Salt", "Slen"), dk = r.bytes("DK");
        const uint64_t N = std::stoull(r.get("N"));
        const uint32_t rr = std::stoul(r.get("r")), p = std::stoul(r.get("p"));
        const size_t need = coin_scrypt_scratch_size(N, rr);
        BOOST_REQUIRE_EQUAL(need, COIN_SCRYPT_SCRATCH_SIZE(N, rr));
        std::vector<unsigned char> scratch(need + 1);
        for (size_t n : {dk.size(), size_t{1}, size_t{33}, size_t{47}}) {
            const Bytes got = guarded_output(n, n % 3, [&](unsigned char* out) {
                // scratch at an odd address: any alignment is accepted
                BOOST_CHECK_EQUAL(coin_scrypt(data_or_null(pass), pass.size(), data_or_null(salt), salt.size(), N, rr, p,
                                              out, n, scratch.data() + 1, need), COIN_OK);
            }, r.where());
            COIN_CHECK_DIGEST(got, Bytes(dk.begin(), dk.begin() + n), r.where(), "dkLen " << n);
        }
        BOOST_CHECK(std::all_of(scratch.begin() + 1, scratch.end(), [](unsigned char b) { return b == 0; }));
    }
}

BOOST_AUTO_TEST_CASE(scrypt_bad_parameters)
{
    std::vector<unsigned char> scratch(COIN_SCRYPT_SCRATCH_SIZE(1024, 2));
    unsigned char out[32];
    const unsigned char pw[3] = {'p', 'w', 'd'};
    auto run = [&](uint64_t N, uint32_t r, uint32_t p, size_t len) {
        std::fill(out, out + sizeof(out), 0xa5);
        const int ret = coin_scrypt(pw, sizeof(pw), pw, sizeof(pw), N, r, p, out, sizeof(out), scratch.data(), len);
        if (ret != COIN_OK) BOOST_CHECK(std::all_of(out, out + sizeof(out), [](unsigned char b) { return b == 0xa5; }));
        return ret;
    };
    for (uint64_t N : {0, 1, 3, 1000, 1023, 1025}) BOOST_CHECK_EQUAL(run(N, 1, 1, scratch.size()), COIN_ERR_PARAM);
    BOOST_CHECK_EQUAL(coin_scrypt_scratch_size(1000, 1), 0u);
    BOOST_CHECK_EQUAL(run(1024, 0, 1, scratch.size()), COIN_ERR_PARAM);
    BOOST_CHECK_EQUAL(run(1024, 1, 0, scratch.size()), COIN_ERR_PARAM);
    BOOST_CHECK_EQUAL(run(1024, 1u << 15, 1u << 15, scratch.size()), COIN_ERR_PARAM); // r * p = 2^30
    BOOST_CHECK_EQUAL(run(65536, 1, 1, scratch.size()), COIN_ERR_PARAM); // N >= 2^(16 r)
    BOOST_CHECK_EQUAL(run(1024, 2, 1, COIN_SCRYPT_SCRATCH_SIZE(1024, 2) - 1), COIN_ERR_SCRATCH);
    BOOST_CHECK_EQUAL(run(1024, 1, 1, 0), COIN_ERR_SCRATCH);
    BOOST_CHECK_EQUAL(coin_scrypt(pw, 3, pw, 3, 1024, 1, 1, out, 32, nullptr, 1u << 20), COIN_ERR_SCRATCH);
    BOOST_CHECK_EQUAL(coin_scrypt_scratch_size(UINT64_C(1) << 62, 1u << 20), 0u); // overflows
    if (SIZE_MAX > UINT32_MAX) { // 128 r does not fit in 32 bits: computed in 64
        BOOST_CHECK_EQUAL(static_cast<uint64_t>(coin_scrypt_scratch_size(2, 1u << 25)), (UINT64_C(1) << 34) + 63);
    } else {
        BOOST_CHECK_EQUAL(coin_scrypt_scratch_size(2, 1u << 25), 0u);
    }
    BOOST_CHECK_EQUAL(run(1024, 2, 3, scratch.size()), COIN_OK);
}

// The width of scrypt's i-th backend, 0 when it is not usable.
static int scrypt_width(size_t i) { return coin_scrypt_1024_1_1_256_with(i, nullptr, nullptr, 0, nullptr, 0); }

// The proof of work of real block headers, both forms, from unaligned headers and scratch;
// and through coin_scrypt, which must agree.
// The chain's headers, repeated to fill 16 lanes, through the batch on every backend, the
// caller's scratch at an odd address.
BOOST_AUTO_TEST_CASE(scrypt_batch_block_headers)
{
    const std::vector<Record> vectors = load_vectors("scrypt_headers.txt");
    Bytes headers, expect;
    for (size_t k = 0; k < 16; k++) {
        const Record& r = vectors[k % vectors.size()];
        const Bytes h = r.bytes("Header"), md = r.bytes("Hash");
        headers.insert(headers.end(), h.begin(), h.end());
        expect.insert(expect.end(), md.rbegin(), md.rend()); // written as uint256::ToString()
    }
    std::unique_ptr<unsigned char[]> scratch(new unsigned char[COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE + 1]);
    for_each_timed_backend("scrypt", coin_scrypt_backend, coin_scrypt_implementation, scrypt_width,
                           [&](size_t i, const char*, int width) {
        const Bytes alone = guarded_output(32 * 16, 3, [&](unsigned char* out) {
            BOOST_CHECK_EQUAL(coin_scrypt_1024_1_1_256_with(i, headers.data(), out, 16, scratch.get() + 1,
                                                            COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE), width);
        }, "batch of 16, the backend alone");
        COIN_CHECK_DIGEST(alone, expect, "scrypt_headers.txt", "batch of 16, the backend alone");
        const Bytes got = guarded_output(32 * 16, 3, [&](unsigned char* out) {
            BOOST_CHECK_EQUAL(coin_scrypt_1024_1_1_256_batch(headers.data(), out, 16, scratch.get() + 1,
                                                             COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE), COIN_OK);
        }, "batch of 16");
        COIN_CHECK_DIGEST(got, expect, "scrypt_headers.txt", "batch of 16");
    });
}

// Every backend, single and batched over counts that leave every remainder, against the
// portable code on pseudo-random headers; a short scratch is refused.
BOOST_AUTO_TEST_CASE(scrypt_backends_match_portable)
{
    const size_t n = 33;
    const Bytes headers = random_bytes(80 * n, 0x5c1e7u);
    Bytes ref(32 * n);
    {
        CpuRestore restore;
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
        BOOST_CHECK_EQUAL(std::string(coin_scrypt_implementation()), "generic(1way)");
        for (size_t k = 0; k < n; k++) coin_scrypt_1024_1_1_256(headers.data() + 80 * k, ref.data() + 32 * k);
    }
    std::unique_ptr<unsigned char[]> scratch(new unsigned char[COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE]);
    for_each_timed_backend("scrypt", coin_scrypt_backend, coin_scrypt_implementation, scrypt_width,
                           [&](size_t i, const char*, int width) {
        Bytes one(32);
        coin_scrypt_1024_1_1_256(headers.data(), one.data());
        COIN_CHECK_DIGEST(one, Bytes(ref.begin(), ref.begin() + 32), "header 0", "single");
        for (size_t count : {1, 8, 9, 16, 17, 33}) {
            const Bytes got = guarded_output(32 * count, 0, [&](unsigned char* out) {
                BOOST_CHECK_EQUAL(coin_scrypt_1024_1_1_256_batch(headers.data(), out, count, scratch.get(),
                                                                 COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE), COIN_OK);
            }, "batch");
            COIN_CHECK_DIGEST(got, Bytes(ref.begin(), ref.begin() + 32 * count), "batch of " + std::to_string(count), "vs portable");
            const Bytes alone = guarded_output(32 * count, 0, [&](unsigned char* out) {
                BOOST_CHECK_EQUAL(coin_scrypt_1024_1_1_256_with(i, headers.data(), out, count, scratch.get(),
                                                                COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE), width);
            }, "the backend alone");
            COIN_CHECK_DIGEST(alone, Bytes(ref.begin(), ref.begin() + 32 * count), "batch of " + std::to_string(count),
                              "the backend alone vs portable");
        }
    });
    // Past the end of the list, or with a short scratch, nothing is written.
    size_t count = 0;
    while (coin_scrypt_backend(count, nullptr)) count++;
    const Bytes none = guarded_output(32, 0, [&](unsigned char* out) {
        BOOST_CHECK_EQUAL(coin_scrypt_1024_1_1_256_with(count, headers.data(), out, 1, scratch.get(),
                                                        COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE), 0);
        BOOST_CHECK_EQUAL(coin_scrypt_1024_1_1_256_with(count - 1, headers.data(), out, 1, scratch.get(),
                                                        COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE - 1), COIN_ERR_SCRATCH);
    }, "past the end");
    BOOST_CHECK(std::all_of(none.begin(), none.end(), [](unsigned char b) { return b == kGuardByte; }));
    const Bytes untouched = guarded_output(32, 0, [&](unsigned char* out) {
        BOOST_CHECK_EQUAL(coin_scrypt_1024_1_1_256_batch(headers.data(), out, 1, scratch.get(),
                                                         COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE - 1), COIN_ERR_SCRATCH);
        BOOST_CHECK_EQUAL(coin_scrypt_1024_1_1_256_batch(headers.data(), out, 1, nullptr,
                                                         COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE), COIN_ERR_SCRATCH);
    }, "short scratch");
    BOOST_CHECK(std::all_of(untouched.begin(), untouched.end(), [](unsigned char b) { return b == kGuardByte; }));
}

BOOST_AUTO_TEST_CASE(scrypt_block_headers)
{
    const std::vector<Record> vectors = load_vectors("scrypt_headers.txt");
    BOOST_CHECK_GE(vectors.size(), 5u);
    std::unique_ptr<unsigned char[]> scratch(new unsigned char[COIN_SCRYPT_1024_1_1_256_SCRATCH_SIZE + 3]);
    std::vector<unsigned char> big(COIN_SCRYPT_SCRATCH_SIZE(1024, 1));
    for (const Record& r : vectors) {
        const Bytes header = r.bytes("Header");
        BOOST_REQUIRE_EQUAL(header.size(), 80u);
        Bytes expect = r.bytes("Hash");
        std::reverse(expect.begin(), expect.end()); // written as uint256::ToString()
        const Unaligned in(header, 3);
        COIN_CHECK_DIGEST(guarded_output(32, 0, [&](unsigned char* out) { coin_scrypt_1024_1_1_256(header.data(), out); }, r.where()),
                          expect, r.where(), "stack");
        COIN_CHECK_DIGEST(guarded_output(32, 5, [&](unsigned char* out) { coin_scrypt_1024_1_1_256(in.data(), out); }, r.where()),
                          expect, r.where(), "stack, header at offset 3");
        for (size_t off : {0, 3}) {
            COIN_CHECK_DIGEST(guarded_output(32, 1, [&](unsigned char* out) {
                coin_scrypt_1024_1_1_256_sp(in.data(), out, scratch.get() + off);
            }, r.where()), expect, r.where(), "caller's scratch at offset " << off);
        }
        COIN_CHECK_DIGEST(guarded_output(32, 2, [&](unsigned char* out) {
            BOOST_CHECK_EQUAL(coin_scrypt(header.data(), 80, header.data(), 80, 1024, 1, 1, out, 32, big.data(), big.size()), COIN_OK);
        }, r.where()), expect, r.where(), "coin_scrypt");
    }
}

BOOST_AUTO_TEST_SUITE_END()
