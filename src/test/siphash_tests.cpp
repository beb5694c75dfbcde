// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#include "hash_check.h"

#include "siphash.h"

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

BOOST_AUTO_TEST_SUITE_END()
