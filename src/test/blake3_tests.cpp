// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#include "hash_check.h"

#include "blake3.h"

#include <array>
#include <cstring>

using namespace coin_test;

namespace {

using Ctx = coin_blake3_ctx;

// ---- The BLAKE3 team's test_vectors.json, read as it is published.

struct Blake3Case {
    size_t len;
    Bytes hash, keyed, derive; // 131-byte extended outputs
};

struct Blake3Vectors {
    std::string key, context;
    std::vector<Blake3Case> cases;
};

// The value of the next "name": field at or after pos in the JSON text (a string's contents or
// a number's digits), with pos moved past it; false when there is none.
bool next_field(const std::string& text, size_t& pos, const std::string& name, std::string& value)
{
    const std::string key = "\"" + name + "\": ";
    size_t b = text.find(key, pos);
    if (b == std::string::npos) return false;
    b += key.size();
    const bool quoted = text[b] == '"';
    b += quoted;
    const size_t e = quoted ? text.find('"', b) : text.find_first_not_of("0123456789", b);
    BOOST_REQUIRE_MESSAGE(e != std::string::npos && e > b, "blake3_test_vectors.json: no value for " << name);
    value = text.substr(b, e - b);
    pos = e;
    return true;
}

Blake3Vectors blake3_vectors()
{
    const std::string text = read_data_file("blake3_test_vectors.json");
    Blake3Vectors v;
    size_t pos = 0;
    BOOST_REQUIRE(next_field(text, pos, "key", v.key));
    BOOST_REQUIRE(next_field(text, pos, "context_string", v.context));
    std::string len, hash, keyed, derive;
    while (next_field(text, pos, "input_len", len)) {
        BOOST_REQUIRE(next_field(text, pos, "hash", hash) && next_field(text, pos, "keyed_hash", keyed) &&
                      next_field(text, pos, "derive_key", derive));
        v.cases.push_back({std::stoul(len), from_hex(hash), from_hex(keyed), from_hex(derive)});
    }
    BOOST_REQUIRE_EQUAL(v.key.size(), 32u);
    BOOST_REQUIRE_EQUAL(v.cases.size(), 35u); // every case of the file, 0 to 102,400 bytes
    return v;
}

// The vectors' input: bytes 0, 1, ..., 250, 0, 1, ...
Bytes pattern(size_t len)
{
    Bytes b(len);
    for (size_t i = 0; i < len; i++) b[i] = static_cast<unsigned char>(i % 251);
    return b;
}

// ---- An independent BLAKE3, written from the specification's recursive definition (section
// 2.4's tree: the left subtree holds the largest power of two of chunks less than all of them),
// with the message permuted between rounds; the library keeps a stack of subtrees and reads
// the words through a schedule instead.

struct Ref {
    uint32_t key[8];
    uint32_t flags;
};

constexpr uint32_t kIv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

uint32_t ror(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

void ref_g(uint32_t* s, int a, int b, int c, int d, uint32_t x, uint32_t y)
{
    s[a] = s[a] + s[b] + x; s[d] = ror(s[d] ^ s[a], 16);
    s[c] = s[c] + s[d];     s[b] = ror(s[b] ^ s[c], 12);
    s[a] = s[a] + s[b] + y; s[d] = ror(s[d] ^ s[a], 8);
    s[c] = s[c] + s[d];     s[b] = ror(s[b] ^ s[c], 7);
}

// All 16 output words.
std::array<uint32_t, 16> ref_compress(const uint32_t cv[8], const unsigned char block[64], uint64_t counter,
                                      uint32_t block_len, uint32_t flags)
{
    static const int perm[16] = {2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8};
    uint32_t m[16], s[16];
    for (int i = 0; i < 16; i++) m[i] = block[4 * i] | block[4 * i + 1] << 8 | block[4 * i + 2] << 16 | uint32_t(block[4 * i + 3]) << 24;
    for (int i = 0; i < 8; i++) s[i] = cv[i];
    for (int i = 0; i < 4; i++) s[8 + i] = kIv[i];
    s[12] = uint32_t(counter); s[13] = uint32_t(counter >> 32); s[14] = block_len; s[15] = flags;
    for (int r = 0; r < 7; r++) {
        ref_g(s, 0, 4, 8, 12, m[0], m[1]); ref_g(s, 1, 5, 9, 13, m[2], m[3]);
        ref_g(s, 2, 6, 10, 14, m[4], m[5]); ref_g(s, 3, 7, 11, 15, m[6], m[7]);
        ref_g(s, 0, 5, 10, 15, m[8], m[9]); ref_g(s, 1, 6, 11, 12, m[10], m[11]);
        ref_g(s, 2, 7, 8, 13, m[12], m[13]); ref_g(s, 3, 4, 9, 14, m[14], m[15]);
        uint32_t p[16];
        for (int i = 0; i < 16; i++) p[i] = m[perm[i]];
        std::memcpy(m, p, sizeof(m));
    }
    std::array<uint32_t, 16> out;
    for (int i = 0; i < 8; i++) out[i] = s[i] ^ s[i + 8], out[i + 8] = s[i + 8] ^ cv[i];
    return out;
}

// A node before its compression for output: the root is compressed again with ROOT.
struct Node {
    uint32_t cv[8];
    unsigned char block[64];
    uint64_t counter;
    uint32_t block_len, flags;
    void chaining_value(uint32_t out[8]) const
    {
        const auto w = ref_compress(cv, block, counter, block_len, flags);
        std::copy(w.begin(), w.begin() + 8, out);
    }
};

Node ref_chunk(const Ref& r, const unsigned char* p, size_t len, uint64_t index)
{
    Node n;
    std::copy(r.key, r.key + 8, n.cv);
    size_t done = 0;
    for (int b = 0;; b++) {
        const size_t take = std::min<size_t>(64, len - done);
        std::memset(n.block, 0, 64);
        if (take) std::memcpy(n.block, p + done, take);
        n.counter = index;
        n.block_len = uint32_t(take);
        n.flags = r.flags | (b == 0 ? 1 : 0);
        done += take;
        if (done == len) break;
        n.chaining_value(n.cv);
    }
    n.flags |= 2; // CHUNK_END
    return n;
}

Node ref_subtree(const Ref& r, const unsigned char* p, size_t len, uint64_t first_chunk)
{
    if (len <= 1024) return ref_chunk(r, p, len, first_chunk);
    size_t left = 1024;
    while (2 * left < len) left *= 2;
    uint32_t lcv[8], rcv[8];
    ref_subtree(r, p, left, first_chunk).chaining_value(lcv);
    ref_subtree(r, p + left, len - left, first_chunk + left / 1024).chaining_value(rcv);
    Node n;
    std::copy(r.key, r.key + 8, n.cv);
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 4; j++) n.block[4 * i + j] = uint8_t(lcv[i] >> 8 * j), n.block[32 + 4 * i + j] = uint8_t(rcv[i] >> 8 * j);
    }
    n.counter = 0;
    n.block_len = 64;
    n.flags = r.flags | 4; // PARENT
    return n;
}

Bytes ref_output(const Ref& r, const Bytes& msg, size_t outlen)
{
    const Node root = ref_subtree(r, msg.data(), msg.size(), 0);
    Bytes out;
    for (uint64_t k = 0; out.size() < outlen; k++) {
        const auto w = ref_compress(root.cv, root.block, k, root.block_len, root.flags | 8);
        for (uint32_t x : w) for (int j = 0; j < 4 && out.size() < outlen; j++) out.push_back(uint8_t(x >> 8 * j));
    }
    return out;
}

Ref ref_keyed(const unsigned char key[32], uint32_t flags)
{
    Ref r;
    for (int i = 0; i < 8; i++) r.key[i] = key[4 * i] | key[4 * i + 1] << 8 | key[4 * i + 2] << 16 | uint32_t(key[4 * i + 3]) << 24;
    r.flags = flags;
    return r;
}

// ---- The three modes as streaming hashes with a 32-byte output, for hash_check's checks.

const unsigned char kKey[33] = "whats the Elvish word for friend";
const char kContext[] = "BLAKE3 2019-12-27 16:29:52 test vectors context";

void finalize32(Ctx* c, unsigned char* out) { coin_blake3_finalize(c, out, COIN_BLAKE3_OUTPUT_SIZE); }
void init_keyed(Ctx* c) { coin_blake3_init_keyed(c, kKey); }
void init_derive(Ctx* c) { coin_blake3_init_derive_key(c, kContext, sizeof(kContext) - 1); }
template <void (*Init)(Ctx*)>
void oneshot(unsigned char* out, const unsigned char* in, size_t len)
{
    Ctx c;
    Init(&c);
    coin_blake3_write(&c, in, len);
    coin_blake3_finalize(&c, out, COIN_BLAKE3_OUTPUT_SIZE);
}

const Hash<Ctx> kBlake3{"blake3", COIN_BLAKE3_OUTPUT_SIZE, COIN_BLAKE3_BLOCK_SIZE, coin_blake3_init, coin_blake3_write,
    finalize32, coin_blake3, coin_blake3_implementation, coin_blake3_backend};
const Hash<Ctx> kBlake3Keyed{"blake3 keyed", COIN_BLAKE3_OUTPUT_SIZE, COIN_BLAKE3_BLOCK_SIZE, init_keyed, coin_blake3_write,
    finalize32, oneshot<init_keyed>, coin_blake3_implementation, coin_blake3_backend};
const Hash<Ctx> kBlake3Derive{"blake3 derive_key", COIN_BLAKE3_OUTPUT_SIZE, COIN_BLAKE3_BLOCK_SIZE, init_derive,
    coin_blake3_write, finalize32, oneshot<init_derive>, coin_blake3_implementation, coin_blake3_backend};
const Hash<Ctx>* const kModes[] = {&kBlake3, &kBlake3Keyed, &kBlake3Derive};

// ctx's extended output of n bytes, guarded.
Bytes output(const Ctx& ctx, size_t n, uint64_t seek = 0)
{
    return guarded_output(n, 1, [&](unsigned char* out) { coin_blake3_finalize_seek(&ctx, seek, out, n); }, "blake3 output");
}

} // namespace

BOOST_AUTO_TEST_SUITE(blake3_tests)

// Every case of the official file in the three modes on every backend: the extended output
// whole, its first 32 bytes through every way of streaming the input, and every piece of it
// through finalize_seek.
BOOST_AUTO_TEST_CASE(blake3_official_vectors)
{
    const Blake3Vectors v = blake3_vectors();
    BOOST_REQUIRE(v.key == reinterpret_cast<const char*>(kKey) && v.context == kContext);
    for_each_backend(kBlake3, [&](const char* backend) {
        for (const Blake3Case& c : v.cases) {
            const Bytes msg = pattern(c.len);
            const std::string where = std::string(backend) + ", input_len " + std::to_string(c.len);
            const struct {
                const Hash<Ctx>& h;
                const Bytes& expect;
            } modes[] = {{kBlake3, c.hash}, {kBlake3Keyed, c.keyed}, {kBlake3Derive, c.derive}};
            for (const auto& mode : modes) {
                const std::string label = std::string(mode.h.name) + ", " + where;
                check_hash(mode.h, msg, Bytes(mode.expect.begin(), mode.expect.begin() + 32), label);
                Ctx ctx = fresh(mode.h);
                coin_blake3_write(&ctx, data_or_null(msg), msg.size());
                COIN_CHECK_DIGEST(output(ctx, mode.expect.size()), mode.expect, label, "131-byte output");
                for (size_t seek = 0; seek < mode.expect.size(); seek += (c.len % 7) + 1) {
                    const size_t n = (seek * 13 + c.len) % (mode.expect.size() - seek + 1);
                    COIN_CHECK_DIGEST(output(ctx, n, seek), Bytes(mode.expect.begin() + seek, mode.expect.begin() + seek + n),
                                      label, n << " bytes from byte " << seek);
                }
            }
        }
    });
}

// The portable code (COINCRYPTO_CPU=none) against the recursive reference: lengths around every
// block and chunk boundary up to 3 chunks, around powers of two of chunks (where the stack
// merges), 1 MiB + 1, and a long output (the counter past one block). The backends are checked
// against the portable code below.
BOOST_AUTO_TEST_CASE(blake3_against_reference_tree, *boost::unit_test::label("reference"))
{
    on_portable_code("blake3", [] {
        CpuRestore restore;
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
        std::vector<size_t> lengths;
        for (size_t len = 0; len <= 3 * 1024 + 65; len += (len % 64 < 2 || len % 64 > 62) ? 1 : 29) lengths.push_back(len);
        for (size_t chunks = 4; chunks <= 256; chunks *= 2) {
            for (size_t len : {chunks * 1024 - 1, chunks * 1024, chunks * 1024 + 1, chunks * 1024 + 1024 * 3 + 5}) lengths.push_back(len);
        }
        lengths.push_back((1 << 20) + 1);
        const Ref plain{{kIv[0], kIv[1], kIv[2], kIv[3], kIv[4], kIv[5], kIv[6], kIv[7]}, 0};
        const Ref keyed = ref_keyed(kKey, 16);
        Ref context = plain;
        context.flags = 32;
        const Bytes context_key = ref_output(context, Bytes(kContext, kContext + sizeof(kContext) - 1), 32);
        const Ref derive = ref_keyed(context_key.data(), 64);
        for (size_t len : lengths) {
            const Bytes msg = random_bytes(len, uint32_t(len));
            const struct {
                const Hash<Ctx>& h;
                const Ref& ref;
            } modes[] = {{kBlake3, plain}, {kBlake3Keyed, keyed}, {kBlake3Derive, derive}};
            for (const auto& mode : modes) {
                const std::string label = std::string(mode.h.name) + ", " + std::to_string(len) + " random bytes";
                const Bytes expect = ref_output(mode.ref, msg, 200);
                check_stream(mode.h, fresh(mode.h), msg, Bytes(expect.begin(), expect.begin() + 32), label);
                Ctx ctx = fresh(mode.h);
                coin_blake3_write(&ctx, msg.data(), msg.size());
                COIN_CHECK_DIGEST(output(ctx, expect.size()), expect, label, "200-byte output");
            }
        }
    });
}

// Every backend against the portable code (COINCRYPTO_CPU=none) in the three modes: every length
// around the block boundaries up to 3 chunks and a byte (whole chunks go into lanes from 3 of
// them on), chunk counts around the widths (4, 8, 16) and their multiples, around a batch of
// 128 chunks, and past 64 KiB, each written at once and read as a 200-byte output; some of them
// in every way check_stream writes them (random pieces, unaligned, a copied midstate), so that
// the lanes start at every kind of chunk position.
BOOST_AUTO_TEST_CASE(blake3_backends_against_portable)
{
    std::vector<size_t> lengths;
    for (size_t len = 0; len <= 3 * 1024 + 1; len += (len % 64 < 2 || len % 64 > 62) ? 1 : 29) lengths.push_back(len);
    for (size_t chunks : {3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 49, 127, 128, 129, 259}) {
        for (size_t extra : {0, 1, 63, 1023}) lengths.push_back(chunks * 1024 + extra);
    }
    const std::vector<size_t> streamed = {3 * 1024 + 1, 17 * 1024 + 1, 33 * 1024 + 63, 129 * 1024 + 1};
    const Bytes msg = random_bytes(lengths.back() + 1, 0xb1a4e3u);
    std::vector<std::array<Bytes, 3>> ref(lengths.size());
    {
        CpuRestore restore;
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
        for (size_t i = 0; i < lengths.size(); i++) {
            for (int m = 0; m < 3; m++) {
                Ctx ctx = fresh(*kModes[m]);
                coin_blake3_write(&ctx, data_or_null(msg), lengths[i]);
                ref[i][m] = output(ctx, 200);
            }
        }
    }
    for_each_backend(kBlake3, [&](const char* backend) {
        size_t mismatches = 0;
        for (size_t i = 0; i < lengths.size(); i++) {
            for (int m = 0; m < 3; m++) {
                Ctx ctx = fresh(*kModes[m]);
                coin_blake3_write(&ctx, msg.data() + 1, 0);
                coin_blake3_write(&ctx, data_or_null(msg), lengths[i]);
                if (output(ctx, 200) != ref[i][m] && mismatches++ < 5) {
                    BOOST_ERROR(backend << ", " << kModes[m]->name << ", length " << lengths[i] << ": differs from the portable code");
                }
            }
        }
        BOOST_CHECK_MESSAGE(mismatches == 0, backend << ": " << mismatches << " outputs differ from the portable code");
        for (size_t len : streamed) {
            const size_t i = std::find(lengths.begin(), lengths.end(), len) - lengths.begin();
            BOOST_REQUIRE(i < lengths.size());
            for (int m = 0; m < 3; m++) {
                check_stream(*kModes[m], fresh(*kModes[m]), Bytes(msg.begin(), msg.begin() + len),
                             Bytes(ref[i][m].begin(), ref[i][m].begin() + 32),
                             std::string(backend) + ", " + kModes[m]->name + ", " + std::to_string(len) + " bytes");
            }
        }
    });
}

// Chunk counters that reach 2^32 inside a batch (each lane's high counter word), from contexts
// set there by hand, their stacks holding as many made-up subtrees as the count of chunks so
// far has set bits; every backend against the portable code.
BOOST_AUTO_TEST_CASE(blake3_backends_counter_carry)
{
    const Bytes msg = random_bytes(40 * 1024 + 5, 0xca77u);
    for (const uint64_t chunk : {UINT64_C(0xffffffff) - 20, UINT64_C(0xfffffffe), UINT64_C(0x1fffffffa)}) {
        auto start = [chunk](const Hash<Ctx>& h) {
            Ctx c = fresh(h);
            c.chunk = chunk;
            c.stack_len = 0;
            for (uint64_t bits = chunk; bits != 0; bits &= bits - 1, c.stack_len++) {
                for (int j = 0; j < 8; j++) c.stack[c.stack_len][j] = 0x9e3779b9u * uint32_t(8 * c.stack_len + j + 1);
            }
            return c;
        };
        Bytes expect[2];
        {
            CpuRestore restore;
            BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
            for (int m = 0; m < 2; m++) {
                Ctx c = start(*kModes[m]);
                coin_blake3_write(&c, msg.data(), msg.size());
                expect[m] = output(c, 64);
            }
        }
        for_each_backend(kBlake3, [&](const char* backend) {
            for (int m = 0; m < 2; m++) {
                Ctx c = start(*kModes[m]);
                coin_blake3_write(&c, msg.data(), msg.size());
                COIN_CHECK_DIGEST(output(c, 64), expect[m], backend, kModes[m]->name << " from chunk " << chunk);
            }
        });
    }
}

// finalize leaves the context as it was: writing on after it gives the hash of the whole; reset
// starts again in the same mode; the one-shot takes NULL for an empty input.
BOOST_AUTO_TEST_CASE(blake3_finalize_reset_and_empty)
{
    const Blake3Vectors v = blake3_vectors();
    const auto c = std::find_if(v.cases.begin(), v.cases.end(), [](const Blake3Case& x) { return x.len == 2049; });
    BOOST_REQUIRE(c != v.cases.end());
    for (const Hash<Ctx>* h : {&kBlake3, &kBlake3Keyed, &kBlake3Derive}) {
        const Bytes msg = pattern(c->len);
        const Bytes* expect = h == &kBlake3 ? &c->hash : h == &kBlake3Keyed ? &c->keyed : &c->derive;
        Ctx ctx = fresh(*h);
        coin_blake3_write(&ctx, msg.data(), 1500);
        (void)output(ctx, 64);
        coin_blake3_write(&ctx, msg.data() + 1500, msg.size() - 1500);
        COIN_CHECK_DIGEST(output(ctx, 131), *expect, h->name, "written on after a finalize");
        coin_blake3_reset(&ctx);
        coin_blake3_write(&ctx, msg.data(), msg.size());
        COIN_CHECK_DIGEST(output(ctx, 131), *expect, h->name, "after reset");
        COIN_CHECK_DIGEST(output(ctx, 0), Bytes(), h->name, "an empty output");
    }
    unsigned char out[32];
    coin_blake3(out, nullptr, 0);
    COIN_CHECK_DIGEST(Bytes(out, out + 32), Bytes(v.cases[0].hash.begin(), v.cases[0].hash.begin() + 32), "blake3", "NULL, 0");
    Ctx keyed = fresh(kBlake3Keyed);
    coin_blake3_wipe(&keyed);
    BOOST_CHECK(std::all_of(reinterpret_cast<unsigned char*>(&keyed), reinterpret_cast<unsigned char*>(&keyed + 1),
                            [](unsigned char b) { return b == 0; }));
}

BOOST_AUTO_TEST_SUITE_END()
