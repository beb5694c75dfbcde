// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#include "hash_check.h"

using namespace coin_test;

BOOST_AUTO_TEST_SUITE(sha256_tests)

BOOST_AUTO_TEST_CASE(cavp_short_msg) { check_vectors_on_every_backend(kSha256, load_vectors("SHA256ShortMsg.rsp")); }
BOOST_AUTO_TEST_CASE(cavp_long_msg) { check_vectors_on_every_backend(kSha256, load_vectors("SHA256LongMsg.rsp")); }
BOOST_AUTO_TEST_CASE(cavp_monte_carlo, *boost::unit_test::label("long")) { check_monte_on_every_backend(kSha256, load_vectors("SHA256Monte.rsp")); }
BOOST_AUTO_TEST_CASE(block_boundaries) { check_vectors_on_every_backend(kSha256, load_section("block_boundaries.txt", "sha256")); }
BOOST_AUTO_TEST_CASE(million_a, *boost::unit_test::label("long")) { check_vectors_on_every_backend(kSha256, load_section("million_a.txt", "sha256")); }
BOOST_AUTO_TEST_CASE(backends_match_portable) { check_backends_against_portable(kSha256); }
BOOST_AUTO_TEST_CASE(finalize_then_continue) { check_finalize_then_continue(kSha256, false); }

BOOST_AUTO_TEST_CASE(hash256)
{
    const auto vectors = select(load_vectors("bitcoin_hashes.txt"), "Func", "hash256");
    for_each_backend(kSha256, [&](const char*) {
        for (const Record& r : vectors) check_oneshot(coin_hash256, COIN_SHA256_OUTPUT_SIZE, r.message(), r.bytes("MD"), r.where());
    });
}

// coin_sha256d64 against coin_hash256 (checked above) of each block, as the portable code
// computes it, with the features of each batch backend: the backend alone (coin_sha256d64_with)
// and the order the dispatcher timed; 0..70 blocks (every width, with every remainder),
// unaligned input and output, and in place. A backend the CPU has must pass its self-test.
BOOST_AUTO_TEST_CASE(sha256d64)
{
    constexpr size_t kMaxBlocks = 70;
    const Bytes in = random_bytes(64 * kMaxBlocks, 64);
    Bytes expect(32 * kMaxBlocks);
    CpuRestore restore;
    BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
    for (size_t i = 0; i < kMaxBlocks; i++) coin_hash256(&expect[32 * i], &in[64 * i], 64);
    auto width_of = [](size_t i) { return coin_sha256d64_with(i, nullptr, nullptr, 0); };
    for_each_timed_backend("sha256d64", coin_sha256d64_backend, coin_sha256_implementation, width_of,
                           [&](size_t i, const char* name, int width) {
        coin_sha256d64(nullptr, nullptr, 0);
        for (bool alone : {true, false}) {
            auto run = [&](unsigned char* out, const unsigned char* src, size_t blocks) {
                if (alone) {
                    BOOST_CHECK_EQUAL(coin_sha256d64_with(i, out, src, blocks), width);
                } else {
                    coin_sha256d64(out, src, blocks);
                }
            };
            for (size_t blocks = 0; blocks <= kMaxBlocks; blocks++) {
                const std::string label = std::string(name) + (alone ? " alone" : " and the timed order") +
                                          ", sha256d64 of " + std::to_string(blocks) + " blocks";
                const Bytes want(expect.begin(), expect.begin() + 32 * blocks);
                const Bytes msg(in.begin(), in.begin() + 64 * blocks);
                for (size_t off : {size_t{0}, 1 + blocks % 7}) {
                    const Unaligned src(msg, off);
                    COIN_CHECK_DIGEST(guarded_output(32 * blocks, (off + 3) % 8, [&](unsigned char* out) {
                        run(out, src.data(), blocks);
                    }, label), want, label, "input at offset " << off);
                }
                Bytes inplace = guarded_output(64 * blocks, blocks % 8, [&](unsigned char* buf) {
                    std::copy(msg.begin(), msg.end(), buf);
                    run(buf, buf, blocks);
                }, label);
                inplace.resize(32 * blocks);
                COIN_CHECK_DIGEST(inplace, want, label, "in place");
            }
        }
    });
    // Past the end of the list, nothing runs.
    size_t count = 0;
    while (coin_sha256d64_backend(count, nullptr)) count++;
    unsigned char out[32] = {0};
    BOOST_CHECK_EQUAL(coin_sha256d64_with(count, out, in.data(), 1), 0);
    BOOST_CHECK(std::all_of(out, out + 32, [](unsigned char c) { return c == 0; }));
}

// coin_sha256_many and coin_hash256_many against coin_sha256 and coin_hash256 of each message
// as the portable code computes them, with the features of each lanes backend: the backend
// alone (coin_sha256_many_with) and the timed choice. Batches of 0..70 messages whose lengths
// cycle through the block boundaries (the padding in one block or two), a batch with a 1 MiB
// message among short ones and the same pointer given twice, and CAVP's messages as one batch
// against their official digests.
BOOST_AUTO_TEST_CASE(many)
{
    static const size_t kLens[] = {0, 1, 55, 56, 63, 64, 119, 120, 127, 128, 183, 184, 300, 1000, 4095};
    constexpr size_t kMax = 70;
    const Bytes pool = random_bytes(1 << 20, 0x6d616e79);
    std::vector<std::pair<std::string, std::vector<Bytes>>> batches;
    for (size_t n = 0; n <= kMax; n++) {
        std::vector<Bytes> msgs;
        for (size_t i = 0; i < n; i++) {
            const size_t len = kLens[(i + n) % (sizeof(kLens) / sizeof(kLens[0]))];
            msgs.emplace_back(pool.begin() + (i * 131) % 8192, pool.begin() + (i * 131) % 8192 + len);
        }
        batches.emplace_back(std::to_string(n) + " messages", msgs);
    }
    {
        std::vector<Bytes> msgs;
        for (size_t i = 0; i < 40; i++) msgs.emplace_back(pool.begin() + i, pool.begin() + i + (i * 37) % 150);
        msgs[5] = pool; // 1 MiB
        batches.emplace_back("1 MiB among short messages", msgs);
    }
    std::vector<std::vector<Bytes>> want(2);
    {
        CpuRestore restore;
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
        for (int twice = 0; twice < 2; twice++) {
            for (const auto& [label, msgs] : batches) {
                Bytes digests(32 * msgs.size());
                for (size_t i = 0; i < msgs.size(); i++) {
                    (twice ? coin_hash256 : coin_sha256)(&digests[32 * i], msgs[i].data(), msgs[i].size());
                }
                want[twice].push_back(digests);
            }
        }
    }
    std::vector<Record> cavp = load_vectors("SHA256ShortMsg.rsp");
    for (const Record& r : load_vectors("SHA256LongMsg.rsp")) cavp.push_back(r);

    auto width_of = [](size_t i) { return coin_sha256_many_with(i, 0, nullptr, nullptr, nullptr, 0); };
    for_each_timed_backend("sha256 lanes", coin_sha256_many_backend, coin_sha256_many_implementation, width_of,
                           [&](size_t i, const char* name, int width) {
        for (bool alone : {true, false}) {
            auto run = [&](int twice, unsigned char* out, const unsigned char* const* msgs, const size_t* lens, size_t n) {
                if (alone) {
                    BOOST_CHECK_EQUAL(coin_sha256_many_with(i, twice, out, msgs, lens, n), width);
                } else {
                    (twice ? coin_hash256_many : coin_sha256_many)(out, msgs, lens, n);
                }
            };
            for (int twice = 0; twice < 2; twice++) {
                for (size_t b = 0; b < batches.size(); b++) {
                    const std::vector<Bytes>& msgs = batches[b].second;
                    const std::string label = std::string(name) + (alone ? " alone" : " as chosen") +
                                              (twice ? ", hash256 of " : ", sha256 of ") + batches[b].first;
                    std::vector<const unsigned char*> ptrs;
                    std::vector<size_t> lens;
                    for (const Bytes& m : msgs) {
                        ptrs.push_back(m.data());
                        lens.push_back(m.size());
                    }
                    COIN_CHECK_DIGEST(guarded_output(32 * msgs.size(), b % 8, [&](unsigned char* out) {
                        run(twice, out, ptrs.data(), lens.data(), msgs.size());
                    }, label), want[twice][b], label, "one batch");
                    if (msgs.size() >= 2) { // message 0 given again in place of message 1
                        ptrs[1] = ptrs[0];
                        lens[1] = lens[0];
                        Bytes again = want[twice][b];
                        std::copy(again.begin(), again.begin() + 32, again.begin() + 32);
                        COIN_CHECK_DIGEST(guarded_output(32 * msgs.size(), 3, [&](unsigned char* out) {
                            run(twice, out, ptrs.data(), lens.data(), msgs.size());
                        }, label), again, label, "message 0 twice");
                    }
                }
            }
            std::vector<Bytes> msgs;
            std::vector<const unsigned char*> ptrs;
            std::vector<size_t> lens;
            Bytes expect;
            for (const Record& r : cavp) {
                msgs.push_back(r.message());
                const Bytes md = r.bytes("MD");
                expect.insert(expect.end(), md.begin(), md.end());
            }
            for (const Bytes& m : msgs) {
                ptrs.push_back(m.data());
                lens.push_back(m.size());
            }
            const std::string label = std::string(name) + (alone ? " alone" : " as chosen") + ", CAVP's messages";
            COIN_CHECK_DIGEST(guarded_output(expect.size(), 5, [&](unsigned char* out) {
                run(0, out, ptrs.data(), lens.data(), msgs.size());
            }, label), expect, label, "one batch of " << msgs.size());
        }
    });
    // Past the end of the list, nothing runs.
    size_t count = 0;
    while (coin_sha256_many_backend(count, nullptr)) count++;
    unsigned char out[32] = {0};
    const unsigned char* msg = out;
    const size_t len = 1;
    BOOST_CHECK_EQUAL(coin_sha256_many_with(count, 1, out, &msg, &len, 1), 0);
    BOOST_CHECK(std::all_of(out, out + 32, [](unsigned char c) { return c == 0; }));
}

// BIP340 tagged hashes, from coin_sha256_tagged_init and from libsecp256k1's midstates.
BOOST_AUTO_TEST_CASE(bip340_tagged)
{
    const auto vectors = load_vectors("bip340_tagged.txt");
    for_each_backend(kSha256, [&](const char*) {
        size_t midstates = 0;
        for (const Record& r : vectors) {
            const Bytes tag = to_bytes(r.get("Tag"));
            coin_sha256_ctx tagged;
            coin_sha256_tagged_init(&tagged, data_or_null(tag), tag.size());
            if (r.has("MD")) {
                check_stream(kSha256, tagged, r.message(), r.bytes("MD"), r.where());
                continue;
            }
            const std::vector<uint32_t> want = r.words("Midstate");
            const uint64_t want_bytes = std::stoull(r.get("Bytes"));
            BOOST_REQUIRE_EQUAL(want.size(), 8u);
            uint32_t state[8];
            uint64_t bytes = 0;
            BOOST_CHECK_EQUAL(coin_sha256_get_midstate(&tagged, state, &bytes), 1);
            BOOST_CHECK_EQUAL_COLLECTIONS(state, state + 8, want.begin(), want.end());
            BOOST_CHECK_EQUAL(bytes, want_bytes);
            coin_sha256_ctx from_constants;
            coin_sha256_init_midstate(&from_constants, want.data(), want_bytes);
            for (const Record& v : select(vectors, "Tag", r.get("Tag"))) {
                if (v.has("MD")) check_stream(kSha256, from_constants, v.message(), v.bytes("MD"), r.where() + " with " + v.where());
            }
            midstates++;
        }
        BOOST_CHECK_EQUAL(midstates, 3u);
    });
}

// A midstate taken after whole blocks resumes to the full digest; with a partial block
// buffered, coin_sha256_get_midstate returns 0 and copies nothing.
BOOST_AUTO_TEST_CASE(midstate)
{
    for (const Record& r : load_section("block_boundaries.txt", "sha256")) {
        const Bytes msg = r.message();
        for (size_t cut = 0; cut <= msg.size(); cut++) {
            coin_sha256_ctx ctx;
            coin_sha256_init(&ctx);
            coin_sha256_write(&ctx, data_or_null(msg), cut);
            uint32_t state[8];
            std::fill(state, state + 8, 0x5a5a5a5au);
            uint64_t bytes = 12345;
            const int got = coin_sha256_get_midstate(&ctx, state, &bytes);
            if (cut % 64 != 0) {
                BOOST_CHECK_MESSAGE(got == 0 && bytes == 12345 && std::count(state, state + 8, 0x5a5a5a5au) == 8,
                                    r.where() << ": get_midstate with " << cut % 64 << " bytes buffered");
                continue;
            }
            BOOST_CHECK_EQUAL(got, 1);
            BOOST_CHECK_EQUAL(bytes, cut);
            coin_sha256_ctx resumed;
            coin_sha256_init_midstate(&resumed, state, bytes);
            check_stream(kSha256, resumed, Bytes(msg.begin() + cut, msg.end()), r.bytes("MD"),
                         r.where() + " resumed at byte " + std::to_string(cut));
        }
    }
}

// coin_sha256_transform, libsecp256k1's compression callback, on every backend: the CAVP
// messages padded here (FIPS 180-4, 5.1.1), compressed from the initial state in runs of
// 0, 1, 2, ... blocks from an odd address, give the digest as the state's big-endian words.
BOOST_AUTO_TEST_CASE(transform)
{
    const std::vector<Record> vectors = load_vectors("SHA256ShortMsg.rsp");
    const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    for_each_backend(kSha256, [&](const char*) {
        for (const Record& r : vectors) {
            Bytes padded = r.message();
            const uint64_t bits = 8 * static_cast<uint64_t>(padded.size());
            padded.push_back(0x80);
            while (padded.size() % 64 != 56) padded.push_back(0);
            for (int i = 7; i >= 0; i--) padded.push_back(static_cast<unsigned char>(bits >> (8 * i)));
            Unaligned in(padded, 1);
            uint32_t state[8];
            std::copy(iv, iv + 8, state);
            for (size_t pos = 0, run = 0; pos < padded.size(); pos += 64 * run, run++) {
                run = std::min(run, (padded.size() - pos) / 64);
                coin_sha256_transform(state, in.data() + pos, run);
            }
            Bytes digest;
            for (uint32_t w : state) {
                for (int i = 3; i >= 0; i--) digest.push_back(static_cast<unsigned char>(w >> (8 * i)));
            }
            COIN_CHECK_DIGEST(digest, r.bytes("MD"), r.where(), "coin_sha256_transform");
        }
    });
}

BOOST_AUTO_TEST_SUITE_END()
