// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
//
// ChaCha20, FSChaCha20, Poly1305, ChaCha20-Poly1305 and FSChaCha20Poly1305: the vectors of
// data/chacha20.txt (RFC 8439 and Bitcoin Core's cases) on every ChaCha20 backend, every
// backend against the portable code, forgeries, and the wiping of keys.
#include "hash_check.h"

#include "chacha20.h"
#include "chacha20poly1305.h"
#include "poly1305.h"

#include <array>
#include <cstring>
#include <utility>

using namespace coin_test;

namespace {

// A hex field, "-" standing for the empty string.
Bytes field(const Record& r, const std::string& name)
{
    return r.get(name) == "-" ? Bytes() : r.bytes(name);
}

uint64_t number(const Record& r, const std::string& name) { return std::stoull(r.get(name)); }

const unsigned char* ptr(const Bytes& b) { return b.empty() ? nullptr : b.data(); }

// Runs body once for each ChaCha20 backend this CPU has.
template <class F>
void each_backend(F&& body)
{
    for_each_listed_backend("chacha20", coin_chacha20_backend, coin_chacha20_implementation, std::forward<F>(body));
}

// Splits len into three pieces at random points.
std::array<size_t, 3> three_pieces(size_t len, std::mt19937& rng)
{
    const size_t a = rng() % (len + 1), b = rng() % (len - a + 1);
    return {a, b, len - a - b};
}

void check_chacha20_vector(const Record& r, std::mt19937& rng)
{
    const Bytes key = r.bytes("Key"), expect = r.bytes("Out");
    const bool keystream = !r.has("Msg");
    const Bytes msg = keystream ? Bytes(expect.size()) : r.bytes("Msg");
    const uint32_t n0 = static_cast<uint32_t>(number(r, "Nonce0")), seek = static_cast<uint32_t>(number(r, "Seek"));
    const uint64_t n1 = number(r, "Nonce1");
    BOOST_REQUIRE_EQUAL(key.size(), 32u);
    BOOST_REQUIRE_EQUAL(msg.size(), expect.size());
    // The RFC's nonce bytes of the same Nonce96.
    unsigned char nonce[12];
    for (int i = 0; i < 4; i++) nonce[i] = static_cast<unsigned char>(n0 >> (8 * i));
    for (int i = 0; i < 8; i++) nonce[4 + i] = static_cast<unsigned char>(n1 >> (8 * i));
    for (int split = 0; split < 11; split++) {
        coin_chacha20_ctx c;
        coin_chacha20_init(&c, key.data());
        if (split % 2) {
            coin_chacha20_seek(&c, nonce, seek);
        } else {
            coin_chacha20_seek96(&c, n0, n1, seek);
        }
        // One call first, then ten times in three pieces of random lengths.
        const auto pieces = split ? three_pieces(msg.size(), rng) : std::array<size_t, 3>{msg.size(), 0, 0};
        Bytes out(msg.size());
        size_t pos = 0;
        for (size_t len : pieces) {
            if (keystream) {
                coin_chacha20_keystream(&c, out.data() + pos, len);
            } else {
                coin_chacha20_crypt(&c, out.data() + pos, msg.data() + pos, len);
            }
            pos += len;
        }
        BOOST_CHECK_MESSAGE(out == expect, r.where() << " split " << split << ": " << to_hex(out));
    }
}

void check_fschacha20_vector(const Record& r)
{
    const Bytes key = r.bytes("Key"), msg = r.bytes("Msg"), expect = r.bytes("Out");
    const uint32_t interval = static_cast<uint32_t>(number(r, "Interval"));
    coin_fschacha20_ctx fs;
    coin_chacha20_ctx plain;
    coin_fschacha20_init(&fs, key.data(), interval);
    coin_chacha20_init(&plain, key.data());
    Bytes a(msg.size()), b(msg.size());
    // Until the first rekey, the same stream as ChaCha20 under the key.
    for (uint32_t i = 0; i < interval; i++) {
        coin_fschacha20_crypt(&fs, a.data(), msg.data(), msg.size());
        coin_chacha20_crypt(&plain, b.data(), msg.data(), msg.size());
        BOOST_REQUIRE_MESSAGE(a == b, r.where() << " chunk " << i);
    }
    coin_fschacha20_crypt(&fs, a.data(), msg.data(), msg.size());
    BOOST_CHECK_MESSAGE(a == expect, r.where() << ": " << to_hex(a));
    coin_fschacha20_wipe(&fs);
    coin_chacha20_wipe(&plain);
}

void check_poly1305_vector(const Record& r, std::mt19937& rng)
{
    const Bytes key = r.bytes("Key"), msg = field(r, "Msg"), expect = r.bytes("Tag");
    unsigned char tag[16];
    coin_poly1305(tag, ptr(msg), msg.size(), key.data());
    BOOST_CHECK_MESSAGE(Bytes(tag, tag + 16) == expect, r.where() << ": " << to_hex(tag, 16));
    for (int i = 0; i < 10; i++) {
        coin_poly1305_ctx p;
        coin_poly1305_init(&p, key.data());
        size_t pos = 0;
        for (size_t len : three_pieces(msg.size(), rng)) {
            coin_poly1305_write(&p, ptr(msg) ? msg.data() + pos : nullptr, len);
            pos += len;
        }
        coin_poly1305_finalize(&p, tag);
        BOOST_CHECK_MESSAGE(Bytes(tag, tag + 16) == expect, r.where() << " in pieces: " << to_hex(tag, 16));
    }
}

// Decrypts cipher (of a message of len bytes, split at `split`) into buffers filled with 0xa5
// first; returns the result and leaves the plaintext in plain.
int decrypt(coin_chacha20poly1305_ctx* c, uint32_t n0, uint64_t n1, const Bytes& aad, const Bytes& cipher, size_t split,
            Bytes& plain)
{
    const size_t len = cipher.size() - 16;
    plain.assign(len, 0xa5);
    return coin_chacha20poly1305_decrypt(c, n0, n1, ptr(aad), aad.size(), cipher.data(), cipher.size(), plain.data(), split,
                                         plain.data() + split, len - split);
}

void check_aead_vector(const Record& r, std::mt19937& rng)
{
    const Bytes key = r.bytes("Key"), aad = field(r, "AAD"), msg = field(r, "Msg"), expect = r.bytes("Out");
    const uint32_t n0 = static_cast<uint32_t>(number(r, "Nonce0"));
    const uint64_t n1 = number(r, "Nonce1");
    BOOST_REQUIRE_EQUAL(expect.size(), msg.size() + 16);
    coin_chacha20poly1305_ctx c;
    coin_chacha20poly1305_init(&c, key.data());
    for (int i = 0; i < 10; i++) {
        const size_t split = i ? rng() % (msg.size() + 1) : msg.size();
        Bytes cipher(msg.size() + 16), plain;
        coin_chacha20poly1305_encrypt(&c, n0, n1, ptr(aad), aad.size(), ptr(msg), split, ptr(msg) ? msg.data() + split : nullptr,
                                      msg.size() - split, cipher.data());
        BOOST_CHECK_MESSAGE(cipher == expect, r.where() << " split " << split << ": " << to_hex(cipher));
        BOOST_CHECK_EQUAL(decrypt(&c, n0, n1, aad, expect, split, plain), COIN_OK);
        BOOST_CHECK_MESSAGE(plain == msg, r.where() << " decrypted, split " << split);
    }
    // In place, one part.
    Bytes buf = msg;
    buf.resize(msg.size() + 16);
    coin_chacha20poly1305_encrypt(&c, n0, n1, ptr(aad), aad.size(), buf.data(), msg.size(), nullptr, 0, buf.data());
    BOOST_CHECK_MESSAGE(buf == expect, r.where() << " in place");
    BOOST_CHECK_EQUAL(coin_chacha20poly1305_decrypt(&c, n0, n1, ptr(aad), aad.size(), buf.data(), buf.size(), buf.data(),
                                                    msg.size(), nullptr, 0), COIN_OK);
    BOOST_CHECK_MESSAGE(Bytes(buf.begin(), buf.begin() + msg.size()) == msg, r.where() << " decrypted in place");
    // The keystream encrypts the message.
    Bytes ks(msg.size());
    coin_chacha20poly1305_keystream(&c, n0, n1, ks.empty() ? nullptr : ks.data(), ks.size());
    for (size_t i = 0; i < msg.size(); i++) BOOST_REQUIRE_EQUAL(msg[i] ^ ks[i], expect[i]);
    // Forgeries: every bit of the ciphertext, the tag and the AAD flipped in turn, and another
    // nonce; each rejected, with nothing written to the plaintext (counted, then checked once).
    Bytes plain;
    const Bytes untouched(msg.size(), 0xa5);
    size_t accepted = 0, written = 0;
    auto forge = [&](const Bytes& a, const Bytes& cipher, uint32_t m0, uint64_t m1) {
        accepted += decrypt(&c, m0, m1, a, cipher, msg.size() / 2, plain) != COIN_ERR_AUTH;
        written += plain != untouched;
    };
    for (size_t bit = 0; bit < 8 * expect.size(); bit++) {
        Bytes forged = expect;
        forged[bit / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
        forge(aad, forged, n0, n1);
    }
    for (size_t bit = 0; bit < 8 * aad.size(); bit++) {
        Bytes forged = aad;
        forged[bit / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
        forge(forged, expect, n0, n1);
    }
    forge(aad, expect, n0 ^ 1, n1);
    forge(aad, expect, n0, n1 ^ (1ULL << 63));
    BOOST_CHECK_MESSAGE(accepted == 0, r.where() << ": " << accepted << " forgeries not rejected as such");
    BOOST_CHECK_MESSAGE(written == 0, r.where() << ": " << written << " forgeries wrote plaintext");
    // Wrong lengths are rejected as such, and write nothing.
    plain.assign(msg.size() + 1, 0xa5);
    BOOST_CHECK_EQUAL(coin_chacha20poly1305_decrypt(&c, n0, n1, ptr(aad), aad.size(), expect.data(), expect.size(),
                                                    plain.data(), msg.size() + 1, nullptr, 0), COIN_ERR_PARAM);
    BOOST_CHECK(plain == Bytes(msg.size() + 1, 0xa5));
    BOOST_CHECK_EQUAL(coin_chacha20poly1305_decrypt(&c, n0, n1, ptr(aad), aad.size(), expect.data(), 15, nullptr, 0,
                                                    nullptr, 0), COIN_ERR_PARAM);
    coin_chacha20poly1305_wipe(&c);
}

void check_fsaead_vector(const Record& r, std::mt19937& rng)
{
    const Bytes key = r.bytes("Key"), aad = field(r, "AAD"), msg = field(r, "Msg"), expect = r.bytes("Out");
    const uint64_t index = number(r, "Index");
    // Index empty messages first, each decrypted too; then the message, from copies of the
    // contexts (plain structs), split three ways.
    coin_fschacha20poly1305_ctx enc0, dec0;
    coin_fschacha20poly1305_init(&enc0, key.data(), 224);
    coin_fschacha20poly1305_init(&dec0, key.data(), 224);
    unsigned char tag[16];
    for (uint64_t k = 0; k < index; k++) {
        coin_fschacha20poly1305_encrypt(&enc0, nullptr, 0, nullptr, 0, nullptr, 0, tag);
        BOOST_REQUIRE_EQUAL(coin_fschacha20poly1305_decrypt(&dec0, nullptr, 0, tag, 16, nullptr, 0, nullptr, 0), COIN_OK);
    }
    for (int i = 0; i < 3; i++) {
        const size_t split = i ? rng() % (msg.size() + 1) : msg.size();
        coin_fschacha20poly1305_ctx enc = enc0, dec = dec0;
        Bytes cipher(msg.size() + 16), plain(msg.size());
        coin_fschacha20poly1305_encrypt(&enc, ptr(aad), aad.size(), ptr(msg), split, ptr(msg) ? msg.data() + split : nullptr,
                                        msg.size() - split, cipher.data());
        BOOST_CHECK_MESSAGE(cipher == expect, r.where() << " split " << split << ": " << to_hex(cipher));
        BOOST_CHECK_EQUAL(coin_fschacha20poly1305_decrypt(&dec, ptr(aad), aad.size(), cipher.data(), cipher.size(),
                                                          plain.data(), split, plain.data() + split, msg.size() - split),
                          COIN_OK);
        BOOST_CHECK(plain == msg);
        coin_fschacha20poly1305_wipe(&enc);
        coin_fschacha20poly1305_wipe(&dec);
    }
    // A wrong length and a forged tag are rejected as such and write no plaintext, and each
    // counts as a message: the packet sent after them decrypts under its own nonce.
    {
        coin_fschacha20poly1305_ctx enc = enc0, dec = dec0;
        Bytes sent(msg.size() + 16), forged(msg.size() + 16), next(msg.size() + 16), plain(msg.size(), 0xa5);
        const Bytes untouched = plain;
        coin_fschacha20poly1305_encrypt(&enc, ptr(aad), aad.size(), ptr(msg), msg.size(), nullptr, 0, sent.data());
        coin_fschacha20poly1305_encrypt(&enc, ptr(aad), aad.size(), ptr(msg), msg.size(), nullptr, 0, forged.data());
        coin_fschacha20poly1305_encrypt(&enc, ptr(aad), aad.size(), ptr(msg), msg.size(), nullptr, 0, next.data());
        BOOST_CHECK_EQUAL(coin_fschacha20poly1305_decrypt(&dec, ptr(aad), aad.size(), sent.data(), sent.size() - 1,
                                                          plain.data(), msg.size(), nullptr, 0), COIN_ERR_PARAM);
        BOOST_CHECK(plain == untouched);
        forged.back() ^= 0x80;
        BOOST_CHECK_EQUAL(coin_fschacha20poly1305_decrypt(&dec, ptr(aad), aad.size(), forged.data(), forged.size(),
                                                          plain.data(), msg.size(), nullptr, 0), COIN_ERR_AUTH);
        BOOST_CHECK(plain == untouched);
        BOOST_CHECK_EQUAL(coin_fschacha20poly1305_decrypt(&dec, ptr(aad), aad.size(), next.data(), next.size(),
                                                          plain.data(), msg.size(), nullptr, 0), COIN_OK);
        BOOST_CHECK(plain == msg);
        coin_fschacha20poly1305_wipe(&enc);
        coin_fschacha20poly1305_wipe(&dec);
    }
    coin_fschacha20poly1305_wipe(&enc0);
    coin_fschacha20poly1305_wipe(&dec0);
}

void check_polykey_vector(const Record& r)
{
    const Bytes key = r.bytes("Key"), nonce = r.bytes("Nonce"), expect = r.bytes("Out");
    BOOST_REQUIRE_EQUAL(nonce.size(), 12u);
    coin_chacha20_ctx c;
    coin_chacha20_init(&c, key.data());
    coin_chacha20_seek(&c, nonce.data(), 0);
    unsigned char out[32];
    coin_chacha20_keystream(&c, out, 32);
    BOOST_CHECK_MESSAGE(Bytes(out, out + 32) == expect, r.where() << ": " << to_hex(out, 32));
}

template <class F>
void each_record(const std::string& section, F&& check)
{
    for (const Record& r : load_section("chacha20.txt", section)) check(r);
}

} // namespace

BOOST_AUTO_TEST_SUITE(chacha20_tests)

BOOST_AUTO_TEST_CASE(vectors_on_every_backend)
{
    each_backend([](const char*) {
        std::mt19937 rng(0xc4ac4a);
        each_record("ChaCha20", [&](const Record& r) { check_chacha20_vector(r, rng); });
        each_record("FSChaCha20", [&](const Record& r) { check_fschacha20_vector(r); });
        each_record("ChaCha20Poly1305", [&](const Record& r) { check_aead_vector(r, rng); });
        each_record("FSChaCha20Poly1305", [&](const Record& r) { check_fsaead_vector(r, rng); });
        each_record("Poly1305KeyGen", [&](const Record& r) { check_polykey_vector(r); });
    });
}

BOOST_AUTO_TEST_CASE(poly1305_vectors_on_every_backend)
{
    for_each_listed_backend("poly1305", coin_poly1305_backend, coin_poly1305_implementation, [](const char*) {
        std::mt19937 rng(0x9017);
        each_record("Poly1305", [&](const Record& r) { check_poly1305_vector(r, rng); });
    });
}

// Every Poly1305 backend against the portable code: every length 0..2048 and 1 MiB from odd
// addresses, whole and in random pieces (the pieces decide which runs are long enough for a
// backend), with keys whose r has every clamped bit set or clear, and the largest r over a
// message of 0xff bytes (the largest limbs the kernels' carries leave).
BOOST_AUTO_TEST_CASE(poly1305_backends_against_portable)
{
    const size_t kMaxLen = 2048, kBig = 1 << 20;
    const Bytes random_msg = random_bytes(kBig + 8, 0x9017u), ones(kBig + 8, 0xff);
    const Bytes zero_r = [] { Bytes k(32, 0); k[16] = 1; return k; }();
    const std::pair<Bytes, const Bytes*> cases[] = {
        {random_bytes(32, 3), &random_msg}, {Bytes(32, 0xff), &random_msg}, {zero_r, &random_msg}, {Bytes(32, 0xff), &ones}};
    auto tag = [&](const Bytes& key, const Bytes& msg, size_t len, bool pieces) {
        coin_poly1305_ctx p;
        coin_poly1305_init(&p, key.data());
        std::mt19937 rng(static_cast<uint32_t>(len));
        for (size_t pos = 0; pos < len;) {
            const size_t take = pieces ? std::min<size_t>(len - pos, rng() % 700) : len - pos;
            coin_poly1305_write(&p, msg.data() + 1 + pos, take);
            pos += take;
        }
        unsigned char t[16];
        coin_poly1305_finalize(&p, t);
        return Bytes(t, t + 16);
    };
    std::vector<Bytes> ref;
    {
        CpuRestore restore;
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
        for (const auto& c : cases) {
            for (size_t n = 0; n <= kMaxLen; n++) ref.push_back(tag(c.first, *c.second, n, false));
            ref.push_back(tag(c.first, *c.second, kBig, false));
        }
    }
    auto check = [&](const char*) {
        size_t k = 0, bad = 0;
        for (const auto& c : cases) {
            const Bytes &key = c.first, &msg = *c.second;
            for (size_t n = 0; n <= kMaxLen; n++, k++) {
                if ((tag(key, msg, n, false) != ref[k] || (n % 5 == 0 && tag(key, msg, n, true) != ref[k])) && bad++ < 5) {
                    BOOST_ERROR(n << " bytes: the tag differs from the portable code's");
                }
            }
            BOOST_CHECK_MESSAGE(tag(key, msg, kBig, true) == ref[k] && tag(key, msg, kBig, false) == ref[k], "1 MiB: the tag differs");
            k++;
        }
    };
    for_each_listed_backend("poly1305", coin_poly1305_backend, coin_poly1305_implementation, check);
    // And as selected with every feature this CPU has: on a CPU in the tuning table, from the
    // counts of blocks its entry gives (runs shorter than the default counts).
    BOOST_TEST_CONTEXT("poly1305 as selected: " << coin_poly1305_implementation()) { check(nullptr); }
}

// Every backend against the portable code: every length 0..2048 and 1 MiB, from an odd
// address to any, out of place and in place, at counters just before the 32-bit counter wraps,
// and in random pieces.
BOOST_AUTO_TEST_CASE(backends_against_portable)
{
    const size_t kMaxLen = 2048, kBig = 1 << 20;
    const Bytes msg = random_bytes(kBig + 8, 0xc4a20u), key = random_bytes(32, 7);
    const uint32_t counters[] = {0, 0xffffffffu, 0xfffffff1u, 0xfffffff9u};
    auto run = [&](uint32_t ctr, size_t len, size_t misalign, bool in_place, bool pieces) {
        coin_chacha20_ctx c;
        coin_chacha20_init(&c, key.data());
        coin_chacha20_seek96(&c, 0xfffffffeu + (ctr & 1), 0x0123456789abcdefULL, ctr);
        Bytes out(len + 64 + misalign);
        unsigned char* o = out.data() + misalign;
        const unsigned char* in = in_place ? o : msg.data() + 1;
        if (in_place) std::memcpy(o, msg.data() + 1, len);
        std::mt19937 rng(static_cast<uint32_t>(len));
        size_t pos = 0;
        while (pos < len) {
            const size_t take = pieces ? std::min<size_t>(len - pos, rng() % 200) : len - pos;
            coin_chacha20_crypt(&c, o + pos, in + pos, take);
            pos += take;
        }
        coin_chacha20_keystream(&c, o + len, 64); // where the stream goes on
        return Bytes(o, o + len + 64);
    };
    std::vector<Bytes> ref;
    std::vector<Bytes> big;
    {
        CpuRestore restore;
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
        for (uint32_t ctr : counters) {
            for (size_t n = 0; n <= kMaxLen; n++) ref.push_back(run(ctr, n, n % 8, false, false));
            big.push_back(run(ctr, kBig, 3, false, false));
        }
    }
    each_backend([&](const char*) {
        size_t k = 0, bad = 0;
        for (size_t ci = 0; ci < std::size(counters); ci++) {
            for (size_t n = 0; n <= kMaxLen; n++, k++) {
                const bool ok = run(counters[ci], n, n % 8, false, false) == ref[k] &&
                                run(counters[ci], n, (n + 3) % 8, true, false) == ref[k] &&
                                (n % 7 != 0 || run(counters[ci], n, 1, n % 2 == 0, true) == ref[k]);
                if (!ok && bad++ < 5) BOOST_ERROR("counter " << counters[ci] << ", " << n << " bytes differ from the portable code");
            }
            BOOST_CHECK_MESSAGE(run(counters[ci], kBig, 5, ci % 2 == 1, ci == 0) == big[ci],
                                "counter " << counters[ci] << ", 1 MiB differs from the portable code");
        }
    });
}

// Each backend alone through coin_chacha20_crypt_blocks_with, at 0 to 20 blocks (the one- and
// two-block calls the dispatcher gives the backend fastest on them, often the portable code),
// keystream and in place, at counters before the 32-bit counter wraps, against the portable
// code; the width returned, and 0 with nothing written past the last backend.
BOOST_AUTO_TEST_CASE(blocks_with_each_backend)
{
    constexpr size_t kMax = 20;
    const Bytes msg = random_bytes(64 * kMax, 0xb10c5u), key = random_bytes(32, 9);
    auto run = [&](size_t i, uint32_t ctr, size_t n, bool keystream) {
        coin_chacha20_ctx c;
        coin_chacha20_init(&c, key.data());
        coin_chacha20_seek96(&c, 1, 2, ctr);
        Bytes out(msg.begin(), msg.begin() + 64 * n);
        if (i == SIZE_MAX && keystream) {
            coin_chacha20_keystream_blocks(&c, out.data(), out.size());
        } else if (i == SIZE_MAX) {
            coin_chacha20_crypt_blocks(&c, out.data(), out.data(), out.size());
        } else {
            coin_chacha20_crypt_blocks_with(i, &c, out.data(), keystream ? nullptr : out.data(), out.size());
        }
        return out;
    };
    std::vector<Bytes> ref;
    {
        CpuRestore restore;
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
        for (uint32_t ctr : {0u, 0xfffffff5u}) {
            for (size_t n = 0; n <= kMax; n++) {
                for (bool keystream : {false, true}) ref.push_back(run(SIZE_MAX, ctr, n, keystream));
            }
        }
    }
    auto width_of = [](size_t i) { return coin_chacha20_crypt_blocks_with(i, nullptr, nullptr, nullptr, 0); };
    for_each_timed_backend("chacha20 blocks", coin_chacha20_backend, coin_chacha20_implementation, width_of,
                           [&](size_t i, const char* name, int) {
        size_t k = 0, bad = 0;
        for (uint32_t ctr : {0u, 0xfffffff5u}) {
            for (size_t n = 0; n <= kMax; n++) {
                for (bool keystream : {false, true}) {
                    if (run(i, ctr, n, keystream) != ref[k++] && bad++ < 5) {
                        BOOST_ERROR(name << ": " << n << " blocks from counter " << ctr << " differ from the portable code");
                    }
                }
            }
        }
    });
    size_t i = 0;
    while (coin_chacha20_backend(i, nullptr)) i++;
    Bytes out(64, 0xa5);
    coin_chacha20_ctx c;
    coin_chacha20_init(&c, key.data());
    BOOST_CHECK_EQUAL(coin_chacha20_crypt_blocks_with(i, &c, out.data(), nullptr, 64), 0);
    BOOST_CHECK(out == Bytes(64, 0xa5));
}

// Every context that held a key is zero after its wipe; Poly1305's after its finalize.
BOOST_AUTO_TEST_CASE(wiping)
{
    const Bytes key = random_bytes(32, 11);
    auto zero = [](const void* p, size_t n) {
        const unsigned char* b = static_cast<const unsigned char*>(p);
        return std::all_of(b, b + n, [](unsigned char x) { return x == 0; });
    };
    unsigned char buf[100] = {0};
    coin_chacha20_ctx c;
    coin_chacha20_init(&c, key.data());
    coin_chacha20_keystream(&c, buf, 10);
    BOOST_CHECK(!zero(&c, sizeof(c)));
    coin_chacha20_wipe(&c);
    BOOST_CHECK(zero(&c, sizeof(c)));
    coin_poly1305_ctx p;
    coin_poly1305_init(&p, key.data());
    coin_poly1305_write(&p, buf, 7);
    BOOST_CHECK(!zero(&p, sizeof(p)));
    coin_poly1305_finalize(&p, buf);
    BOOST_CHECK(zero(&p, sizeof(p)));
    coin_fschacha20poly1305_ctx f;
    coin_fschacha20poly1305_init(&f, key.data(), 3);
    coin_fschacha20poly1305_wipe(&f);
    BOOST_CHECK(zero(&f, sizeof(f)));
    coin_fschacha20_ctx fs;
    coin_fschacha20_init(&fs, key.data(), 3);
    coin_fschacha20_wipe(&fs);
    BOOST_CHECK(zero(&fs, sizeof(fs)));
}

BOOST_AUTO_TEST_CASE(tag_comparison)
{
    unsigned char a[16], b[16];
    for (int i = 0; i < 16; i++) a[i] = b[i] = static_cast<unsigned char>(i * 17);
    BOOST_CHECK_EQUAL(coin_poly1305_verify(a, b), 1);
    for (int bit = 0; bit < 128; bit++) {
        b[bit / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
        BOOST_CHECK_EQUAL(coin_poly1305_verify(a, b), 0);
        b[bit / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
    }
}

BOOST_AUTO_TEST_SUITE_END()
