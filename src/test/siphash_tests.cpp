// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#include "hash_check.h"

#include "siphash.h"

#include <cstring>
#include <sstream>

using namespace coin_test;

namespace {

// Little-endian words decoded here, independently of the code under test.
uint64_t le64(const unsigned char* p)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--) x = (x << 8) | p[i];
    return x;
}

// One vector of siphash24.txt: the key as (k0, k1), the message and the expected hash.
struct SipVector {
    uint64_t k0, k1, md;
    Bytes msg;
    std::string where;
};

SipVector sip_vector(const Record& r)
{
    const Bytes key = r.bytes("Key"), md = r.bytes("MD");
    BOOST_REQUIRE_EQUAL(key.size(), 16u);
    BOOST_REQUIRE_EQUAL(md.size(), 8u);
    return {le64(key.data()), le64(key.data() + 8), le64(md.data()), r.message(), r.where()};
}

std::vector<SipVector> sip_vectors(const char* len = nullptr)
{
    std::vector<Record> records = load_vectors("siphash24.txt");
    if (len) records = select(records, "Len", len);
    std::vector<SipVector> out;
    for (const Record& r : records) out.push_back(sip_vector(r));
    return out;
}

#define CHECK_SIP(got, v, how) \
    BOOST_CHECK_MESSAGE((got) == (v).md, (v).where << " (" << how << "): got " << std::hex << (got) << ", expected " << (v).md)

// One vector of siphash_core.txt: the key, the input blocks, the results.
struct CoreVector {
    uint64_t k0, k1, sip24, sip13uj;
    bool has13uj;
    std::vector<Bytes> blocks;
    std::string where;
};

uint64_t hex64(const std::string& hex) { return std::stoull(hex, nullptr, 16); }

std::vector<CoreVector> core_vectors()
{
    std::vector<CoreVector> out;
    for (const Record& r : load_vectors("siphash_core.txt")) {
        CoreVector v{hex64(r.get("K0")), hex64(r.get("K1")), hex64(r.get("SipHash24")), 0, r.has("SipHash13UJ"), {}, r.where()};
        if (v.has13uj) v.sip13uj = hex64(r.get("SipHash13UJ"));
        std::istringstream blocks(r.get("Blocks"));
        for (std::string b; blocks >> b;) {
            if (b != "-") v.blocks.push_back(from_hex(b));
        }
        out.push_back(v);
    }
    return out;
}

// SipHash-1-3-UJ of v's blocks; an 8-byte block as a normal one, or as the jumbo block of the
// same word followed by 24 zero bytes (Core's test: the same result).
uint64_t sip13uj(const CoreVector& v, bool normal_as_jumbo)
{
    coin_siphash13_ctx ctx;
    coin_siphash13_init(&ctx, v.k0, v.k1);
    for (const Bytes& b : v.blocks) {
        if (b.size() == 32) {
            Unaligned in(b, 3);
            coin_siphash13_write_jumbo(&ctx, in.data());
        } else if (normal_as_jumbo) {
            Bytes jumbo(32, 0);
            std::copy(b.begin(), b.end(), jumbo.begin());
            coin_siphash13_write_jumbo(&ctx, jumbo.data());
        } else {
            coin_siphash13_write_u64(&ctx, le64(b.data()));
        }
    }
    const uint64_t first = coin_siphash13_finalize(&ctx);
    BOOST_CHECK_MESSAGE(coin_siphash13_finalize(&ctx) == first, v.where << ": finalize changed the context");
    return first;
}

} // namespace

BOOST_AUTO_TEST_SUITE(siphash_tests)

BOOST_AUTO_TEST_CASE(reference_vectors)
{
    const std::vector<SipVector> vectors = sip_vectors();
    BOOST_CHECK_EQUAL(vectors.size(), 64u);
    std::mt19937 rng(2024);
    for (const SipVector& v : vectors) {
        const unsigned char* msg = data_or_null(v.msg);
        const size_t len = v.msg.size();
        CHECK_SIP(coin_siphash(v.k0, v.k1, msg, len), v, "one-shot");
        for (size_t off = 1; off <= 7; off++) {
            Unaligned in(v.msg, off);
            CHECK_SIP(coin_siphash(v.k0, v.k1, in.data(), len), v, "one-shot, input at offset " << off);
        }
        coin_siphash_ctx start;
        coin_siphash_init(&start, v.k0, v.k1);
        for (int k = 0; k < 4; k++) {
            // Random pieces, some empty and some NULL with length 0, from an unaligned copy.
            Unaligned in(v.msg, 1 + k);
            coin_siphash_ctx c = start;
            for (size_t pos = 0; pos < len;) {
                const unsigned kind = rng() % 6;
                if (kind == 0) {
                    coin_siphash_write(&c, nullptr, 0);
                    continue;
                }
                const size_t n = kind == 1 ? len - pos : std::min<size_t>(len - pos, rng() % 20);
                coin_siphash_write(&c, in.data() + pos, n);
                pos += n;
            }
            coin_siphash_write(&c, nullptr, 0);
            CHECK_SIP(coin_siphash_finalize(&c), v, "random split writes #" << k);
        }
        {
            // Whole words with write_u64 (after a byte write that ends on a word boundary), the tail with write.
            coin_siphash_ctx c = start;
            size_t pos = len >= 8 ? 8 : 0;
            coin_siphash_write(&c, msg, pos);
            for (; pos + 8 <= len; pos += 8) coin_siphash_write_u64(&c, le64(v.msg.data() + pos));
            coin_siphash_write(&c, v.msg.data() + pos, len - pos);
            CHECK_SIP(coin_siphash_finalize(&c), v, "write_u64");
        }
        {
            // A copy made mid-stream, after finalizing the original there: both continue.
            const size_t cut = rng() % (len + 1);
            coin_siphash_ctx a = start;
            coin_siphash_write(&a, msg, cut);
            const uint64_t prefix = coin_siphash_finalize(&a);
            BOOST_CHECK_EQUAL(coin_siphash_finalize(&a), prefix); // finalize leaves ctx alone
            coin_siphash_ctx b = a;
            coin_siphash_write(&a, v.msg.data() + cut, len - cut);
            coin_siphash_write(&b, v.msg.data() + cut, len - cut);
            CHECK_SIP(coin_siphash_finalize(&a), v, "original, copied and finalized at byte " << cut);
            CHECK_SIP(coin_siphash_finalize(&b), v, "copy made at byte " << cut);
        }
    }
}

BOOST_AUTO_TEST_CASE(uint256)
{
    for (const SipVector& v : sip_vectors("256")) { // message 00 01 .. 1f
        coin_siphash_key key;
        coin_siphash_key_init(&key, v.k0, v.k1);
        CHECK_SIP(coin_siphash_uint256(&key, v.msg.data()), v, "uint256");
        Unaligned in(v.msg, 3);
        CHECK_SIP(coin_siphash_uint256(&key, in.data()), v, "uint256, input at offset 3");
    }
}

BOOST_AUTO_TEST_CASE(uint256_extra)
{
    for (const SipVector& v : sip_vectors("288")) { // message 00 01 .. 23: val = 00 .. 1f, extra = 20 21 22 23
        const uint32_t extra = 0x23222120;
        BOOST_REQUIRE_EQUAL(le64(v.msg.data() + 28) >> 32, extra);
        coin_siphash_key key;
        coin_siphash_key_init(&key, v.k0, v.k1);
        CHECK_SIP(coin_siphash_uint256_extra(&key, v.msg.data(), extra), v, "uint256_extra");
        Unaligned in(v.msg, 5);
        CHECK_SIP(coin_siphash_uint256_extra(&key, in.data(), extra), v, "uint256_extra, input at offset 5");
    }
}

// Bitcoin Core's shared vectors: SipHash-2-4 of the concatenated blocks, one-shot and on the
// pre-keyed uint256 paths where the input is a 32-byte block (and 4 bytes more).
BOOST_AUTO_TEST_CASE(core_vectors_siphash24)
{
    const std::vector<CoreVector> vectors = core_vectors();
    BOOST_CHECK_EQUAL(vectors.size(), 146u);
    for (const CoreVector& v : vectors) {
        Bytes msg;
        for (const Bytes& b : v.blocks) msg.insert(msg.end(), b.begin(), b.end());
        const uint64_t got = coin_siphash(v.k0, v.k1, data_or_null(msg), msg.size());
        BOOST_CHECK_MESSAGE(got == v.sip24, v.where << ": got " << std::hex << got);
        coin_siphash_key key;
        coin_siphash_key_init(&key, v.k0, v.k1);
        if (v.blocks.size() == 1 && msg.size() == 32) {
            BOOST_CHECK_MESSAGE(coin_siphash_uint256(&key, msg.data()) == v.sip24, v.where << ": uint256");
        } else if (v.blocks.size() == 2 && v.blocks[0].size() == 32 && v.blocks[1].size() == 4) {
            const Bytes& e = v.blocks[1];
            const uint32_t extra = e[0] | e[1] << 8 | e[2] << 16 | static_cast<uint32_t>(e[3]) << 24;
            BOOST_CHECK_MESSAGE(coin_siphash_uint256_extra(&key, msg.data(), extra) == v.sip24, v.where << ": uint256_extra");
        }
    }
}

// SipHash-1-3-UJ (Core's SipHasher13UJ): streamed block by block, with normal blocks also
// as jumbo ones, and the fast paths after a jumbo block (and a normal one), which leave the
// context as it was.
BOOST_AUTO_TEST_CASE(core_vectors_siphash13uj)
{
    size_t checked = 0, fast = 0;
    for (const CoreVector& v : core_vectors()) {
        if (!v.has13uj) continue;
        checked++;
        BOOST_CHECK_MESSAGE(sip13uj(v, false) == v.sip13uj, v.where << ": normal blocks");
        BOOST_CHECK_MESSAGE(sip13uj(v, true) == v.sip13uj, v.where << ": normal blocks as jumbo ones");
        coin_siphash13_ctx ctx, before;
        coin_siphash13_init(&ctx, v.k0, v.k1);
        before = ctx;
        if (v.blocks.size() == 1 && v.blocks[0].size() == 32) {
            BOOST_CHECK_MESSAGE(coin_siphash13_uint256(&ctx, v.blocks[0].data()) == v.sip13uj, v.where << ": uint256");
            fast++;
        } else if (v.blocks.size() == 2 && v.blocks[0].size() == 32 && v.blocks[1].size() == 8) {
            const uint64_t got = coin_siphash13_uint256_extra(&ctx, v.blocks[0].data(), le64(v.blocks[1].data()));
            BOOST_CHECK_MESSAGE(got == v.sip13uj, v.where << ": uint256_extra");
            fast++;
        }
        BOOST_CHECK(std::memcmp(&ctx, &before, sizeof(ctx)) == 0);
    }
    BOOST_CHECK_EQUAL(checked, 64u);
    BOOST_CHECK_EQUAL(fast, 24u);
}

BOOST_AUTO_TEST_SUITE_END()
