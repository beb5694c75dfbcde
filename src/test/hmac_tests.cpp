// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#include "hash_check.h"
#include "pbkdf2.h"

using namespace coin_test;

namespace {

template <class Ctx>
using HmacInit = void (*)(Ctx*, const unsigned char*, size_t);
using HmacOneShot = void (*)(unsigned char*, const unsigned char*, size_t, const unsigned char*, size_t);

// Every record (Key, optionally Klen in bytes, Len/Msg, MD) on every backend of the hash
// under the HMAC: the streaming checks start from copies of one keyed context; the one-shot
// function gets the key at unaligned addresses too.
template <class Ctx>
void check_hmac(const Hash<Ctx>& h, HmacInit<Ctx> init, HmacOneShot oneshot, const std::vector<Record>& vectors)
{
    for_each_backend(h, [&](const char*) {
        for (const Record& r : vectors) {
            Bytes key = r.bytes("Key");
            if (r.has("Klen")) key.resize(std::stoul(r.get("Klen")));
            const Bytes msg = r.message(), md = r.bytes("MD");
            Ctx keyed;
            init(&keyed, data_or_null(key), key.size());
            check_stream(h, keyed, msg, md, r.where());
            for (size_t off : {0, 5}) {
                const Unaligned k(key, off);
                const unsigned char* kp = off == 0 ? data_or_null(key) : k.data();
                check_oneshot([&](unsigned char* out, const unsigned char* d, size_t n) { oneshot(out, kp, key.size(), d, n); },
                              h.size, msg, md, r.where() + (off ? " key at offset 5" : ""));
            }
        }
    });
}

// finalize wipes the key material: nothing of the keyed state is left in the context.
template <class Ctx>
void check_wiped(const Hash<Ctx>& h)
{
    Ctx ctx = fresh(h);
    h.write(&ctx, kHmacKey, 10);
    unsigned char out[64];
    h.finalize(&ctx, out);
    const auto* p = reinterpret_cast<const unsigned char*>(&ctx);
    BOOST_CHECK_MESSAGE(std::all_of(p, p + sizeof(ctx), [](unsigned char b) { return b == 0; }),
                        h.name << ": the context is not wiped by finalize: " << to_hex(p, sizeof(ctx)));
}

} // namespace

BOOST_AUTO_TEST_SUITE(hmac_tests)

BOOST_AUTO_TEST_CASE(rfc4231_sha256)
{
    check_hmac(kHmacSha256, coin_hmac_sha256_init, coin_hmac_sha256, load_vectors("rfc-4231-sha256.txt"));
}

BOOST_AUTO_TEST_CASE(rfc4231_sha512)
{
    check_hmac(kHmacSha512, coin_hmac_sha512_init, coin_hmac_sha512, load_vectors("rfc-4231-sha512.txt"));
}

BOOST_AUTO_TEST_CASE(key_lengths_sha256)
{
    check_hmac(kHmacSha256, coin_hmac_sha256_init, coin_hmac_sha256, load_section("hmac_keys.txt", "sha256"));
}

BOOST_AUTO_TEST_CASE(key_lengths_sha512)
{
    check_hmac(kHmacSha512, coin_hmac_sha512_init, coin_hmac_sha512, load_section("hmac_keys.txt", "sha512"));
}

BOOST_AUTO_TEST_CASE(backends_match_portable)
{
    check_backends_against_portable(kHmacSha256);
    check_backends_against_portable(kHmacSha512);
}

BOOST_AUTO_TEST_CASE(finalize_wipes_context)
{
    check_wiped(kHmacSha256);
    check_wiped(kHmacSha512);
}

// coin_hmac_sha512_many on each SHA-512 lanes backend alone (coin_hmac_sha512_many_with) and as
// selected: RFC 4231's vectors, each message at every position of a batch under its key, and
// batches of 0..40 messages whose lengths cross the one-block limit (111 bytes) against
// coin_hmac_sha512 of each as the portable code computes it, under keys of 0, 32 (a BIP32
// chain code) and 131 bytes (longer than a block).
BOOST_AUTO_TEST_CASE(hmac_sha512_many)
{
    static const size_t kLens[] = {37, 0, 1, 33, 64, 110, 111, 112, 127, 128, 200, 37, 37};
    constexpr size_t kMax = 40;
    const Bytes pool = random_bytes(4096, 0x512);
    const std::vector<Record> rfc = load_vectors("rfc-4231-sha512.txt");
    struct Batch {
        Bytes key;
        std::vector<Bytes> msgs;
        Bytes want;
        std::string label;
    };
    std::vector<Batch> batches;
    for (size_t keylen : {0, 32, 131}) {
        for (size_t n = 0; n <= kMax; n++) {
            Batch b{Bytes(pool.end() - keylen, pool.end()), {}, {}, ""};
            for (size_t i = 0; i < n; i++) {
                const size_t len = kLens[(i + n) % (sizeof(kLens) / sizeof(kLens[0]))];
                b.msgs.emplace_back(pool.begin() + 7 * i, pool.begin() + 7 * i + len);
            }
            b.label = std::to_string(n) + " messages, key of " + std::to_string(keylen) + " bytes";
            batches.push_back(b);
        }
    }
    {
        CpuRestore restore;
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
        for (Batch& b : batches) {
            b.want.resize(64 * b.msgs.size());
            for (size_t i = 0; i < b.msgs.size(); i++) {
                coin_hmac_sha512(&b.want[64 * i], b.key.data(), b.key.size(), b.msgs[i].data(), b.msgs[i].size());
            }
        }
    }
    auto run_batch = [](auto&& run, const Bytes& key, const std::vector<Bytes>& msgs, size_t misalign, const std::string& label) {
        std::vector<const unsigned char*> ptrs;
        std::vector<size_t> lens;
        for (const Bytes& m : msgs) {
            ptrs.push_back(m.data());
            lens.push_back(m.size());
        }
        return guarded_output(64 * msgs.size(), misalign, [&](unsigned char* out) {
            run(out, key.data(), key.size(), ptrs.data(), lens.data(), msgs.size());
        }, label);
    };
    auto width_of = [](size_t i) { return coin_hmac_sha512_many_with(i, nullptr, nullptr, 0, nullptr, nullptr, 0); };
    auto in_use = []() -> const char* { return "the first usable"; };
    for_each_timed_backend("sha512 lanes", coin_bip39_seed_batch_backend, in_use, width_of,
                           [&](size_t i, const char* name, int width) {
        for (bool alone : {true, false}) {
            auto run = [&](unsigned char* out, const unsigned char* key, size_t keylen, const unsigned char* const* msgs,
                           const size_t* lens, size_t n) {
                if (alone) {
                    BOOST_CHECK_EQUAL(coin_hmac_sha512_many_with(i, out, key, keylen, msgs, lens, n), width);
                } else {
                    coin_hmac_sha512_many(out, key, keylen, msgs, lens, n);
                }
            };
            const std::string how = std::string(name) + (alone ? " alone" : " as selected");
            for (size_t b = 0; b < batches.size(); b++) {
                const std::string label = how + ", " + batches[b].label;
                COIN_CHECK_DIGEST(run_batch(run, batches[b].key, batches[b].msgs, b % 8, label), batches[b].want, label, "one batch");
            }
            for (const Record& r : rfc) {
                const Bytes key = r.bytes("Key"), msg = r.message(), md = r.bytes("MD");
                for (size_t at = 0; at < 9; at++) {
                    std::vector<Bytes> msgs(9, Bytes(pool.begin(), pool.begin() + 37));
                    msgs[at] = msg;
                    const Bytes got = run_batch(run, key, msgs, at, how + ", " + r.where());
                    BOOST_CHECK_MESSAGE(Bytes(got.begin() + 64 * at, got.begin() + 64 * at + 64) == md,
                                        how << ", " << r.where() << " at position " << at << " of 9");
                }
            }
        }
    });
}

namespace {
// Base58Check (BIP32's serialisation): the payload, its 4-byte checksum checked.
Bytes base58check(const std::string& s)
{
    static const std::string digits = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    Bytes b; // big-endian
    for (char ch : s) {
        const size_t d = digits.find(ch);
        BOOST_REQUIRE_MESSAGE(d != std::string::npos, "not base58: " << s);
        unsigned carry = static_cast<unsigned>(d);
        for (auto it = b.rbegin(); it != b.rend(); ++it) {
            carry += 58u * *it;
            *it = static_cast<unsigned char>(carry);
            carry >>= 8;
        }
        for (; carry; carry >>= 8) b.insert(b.begin(), static_cast<unsigned char>(carry));
    }
    BOOST_REQUIRE_GT(b.size(), 4u);
    unsigned char h[32];
    coin_hash256(h, b.data(), b.size() - 4);
    BOOST_REQUIRE_MESSAGE(std::equal(h, h + 4, b.end() - 4), "bad checksum: " << s);
    return Bytes(b.begin(), b.end() - 4);
}

// a - b mod n, n the order of secp256k1, for 32-byte big-endian a, b < n.
Bytes sub_mod_n(const Bytes& a, const Bytes& b)
{
    static const Bytes n = from_hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
    Bytes d(32);
    int borrow = 0;
    for (int i = 31; i >= 0; i--) {
        const int x = a[i] - b[i] - borrow;
        d[i] = static_cast<unsigned char>(x & 0xff);
        borrow = x < 0;
    }
    if (borrow) {
        int carry = 0;
        for (int i = 31; i >= 0; i--) {
            const int x = d[i] + n[i] + carry;
            d[i] = static_cast<unsigned char>(x & 0xff);
            carry = x >> 8;
        }
    }
    return d;
}
} // namespace

// BIP32's test vectors 1 to 3 through coin_hmac_sha512_many, on each SHA-512 lanes backend
// alone: for each derivation step, from the published extended keys only, the HMAC of the
// step's data under the parent's chain code, at every position of a batch under that key,
// must be (child key - parent key mod n) || child chain code.
BOOST_AUTO_TEST_CASE(bip32_vectors)
{
    const std::vector<Record> steps = load_vectors("bip32.txt");
    BOOST_REQUIRE_EQUAL(steps.size(), 11u);
    const Bytes filler = random_bytes(37, 0x32);
    auto width_of = [](size_t i) { return coin_hmac_sha512_many_with(i, nullptr, nullptr, 0, nullptr, nullptr, 0); };
    auto in_use = []() -> const char* { return "the first usable"; };
    for_each_timed_backend("sha512 lanes", coin_bip39_seed_batch_backend, in_use, width_of,
                           [&](size_t i, const char* name, int width) {
        for (const Record& r : steps) {
            const Bytes pub = base58check(r.get("ParentPub")), prv = base58check(r.get("ParentPrv"));
            const Bytes child = base58check(r.get("ChildPrv"));
            BOOST_REQUIRE(pub.size() == 78 && prv.size() == 78 && child.size() == 78);
            BOOST_REQUIRE(prv[45] == 0 && child[45] == 0);
            const Bytes chain(prv.begin() + 13, prv.begin() + 45), kpar(prv.begin() + 46, prv.end());
            const Bytes index(child.begin() + 9, child.begin() + 13); // ser32(i), big-endian
            Bytes data;
            if (index[0] & 0x80) {
                data.push_back(0);
                data.insert(data.end(), kpar.begin(), kpar.end());
            } else {
                data.insert(data.end(), pub.begin() + 45, pub.end());
            }
            data.insert(data.end(), index.begin(), index.end());
            BOOST_REQUIRE_EQUAL(data.size(), 37u);
            Bytes want = sub_mod_n(Bytes(child.begin() + 46, child.end()), kpar);
            want.insert(want.end(), child.begin() + 13, child.begin() + 45);
            for (size_t at = 0; at < 10; at++) {
                std::vector<const unsigned char*> ptrs(10, filler.data());
                std::vector<size_t> lens(10, filler.size());
                ptrs[at] = data.data();
                Bytes out(64 * 10);
                BOOST_CHECK_EQUAL(coin_hmac_sha512_many_with(i, out.data(), chain.data(), chain.size(), ptrs.data(), lens.data(), 10), width);
                COIN_CHECK_DIGEST(Bytes(out.begin() + 64 * at, out.begin() + 64 * at + 64), want,
                                  std::string(name) + ", " + r.where(), "at position " << at << " of 10");
            }
        }
    });
}

BOOST_AUTO_TEST_SUITE_END()
