// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_TEST_HASH_CHECK_H
#define COINCRYPTO_TEST_HASH_CHECK_H

// The checks every hash suite shares: one template over a table of the primitive's
// functions, so no suite has its own copy of the checking logic.

#include "cavp.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "cpu.h"
#include "hmac_sha256.h"
#include "hmac_sha512.h"
#include "ripemd160.h"
#include "sha1.h"
#include "sha256.h"
#include "sha512.h"

namespace coin_test {

// One streaming primitive: its context type and functions. implementation() and backend()
// are those of the hash whose backends it runs on (HMAC-SHA-256 runs on SHA-256's).
template <class Ctx>
struct Hash {
    const char* name;  // also the section name in million_a.txt and block_boundaries.txt
    size_t size;       // output bytes
    size_t block;      // block bytes
    void (*init)(Ctx*);
    void (*write)(Ctx*, const unsigned char*, size_t);
    void (*finalize)(Ctx*, unsigned char*);
    void (*oneshot)(unsigned char*, const unsigned char*, size_t);
    const char* (*implementation)();
    const char* (*backend)(size_t, uint32_t*);
};

inline const Hash<coin_sha1_ctx> kSha1{"sha1", COIN_SHA1_OUTPUT_SIZE, COIN_SHA1_BLOCK_SIZE,
    coin_sha1_init, coin_sha1_write, coin_sha1_finalize, coin_sha1, coin_sha1_implementation, coin_sha1_backend};
inline const Hash<coin_sha256_ctx> kSha256{"sha256", COIN_SHA256_OUTPUT_SIZE, COIN_SHA256_BLOCK_SIZE,
    coin_sha256_init, coin_sha256_write, coin_sha256_finalize, coin_sha256, coin_sha256_implementation,
    coin_sha256_backend};
inline const Hash<coin_sha512_ctx> kSha512{"sha512", COIN_SHA512_OUTPUT_SIZE, COIN_SHA512_BLOCK_SIZE,
    coin_sha512_init, coin_sha512_write, coin_sha512_finalize, coin_sha512, coin_sha512_implementation,
    coin_sha512_backend};
inline const Hash<coin_sha512_256_ctx> kSha512_256{"sha512_256", COIN_SHA512_256_OUTPUT_SIZE,
    COIN_SHA512_BLOCK_SIZE, coin_sha512_256_init, coin_sha512_256_write, coin_sha512_256_finalize,
    coin_sha512_256, coin_sha512_implementation, coin_sha512_backend};
inline const Hash<coin_ripemd160_ctx> kRipemd160{"ripemd160", COIN_RIPEMD160_OUTPUT_SIZE,
    COIN_RIPEMD160_BLOCK_SIZE, coin_ripemd160_init, coin_ripemd160_write, coin_ripemd160_finalize,
    coin_ripemd160, coin_ripemd160_implementation, coin_ripemd160_backend};

// HMAC with a fixed key (longer than SHA-256's block, shorter than SHA-512's), for the checks
// that need an init() and a one-shot; the vector tests key their own contexts.
inline const unsigned char kHmacKey[100] = {1, 2, 3, 5, 7, 11, 13, 17, 19, 23};
inline void hmac_sha256_init_fixed(coin_hmac_sha256_ctx* c) { coin_hmac_sha256_init(c, kHmacKey, sizeof(kHmacKey)); }
inline void hmac_sha512_init_fixed(coin_hmac_sha512_ctx* c) { coin_hmac_sha512_init(c, kHmacKey, sizeof(kHmacKey)); }
inline void hmac_sha256_fixed(unsigned char* out, const unsigned char* data, size_t len)
{
    coin_hmac_sha256(out, kHmacKey, sizeof(kHmacKey), data, len);
}
inline void hmac_sha512_fixed(unsigned char* out, const unsigned char* data, size_t len)
{
    coin_hmac_sha512(out, kHmacKey, sizeof(kHmacKey), data, len);
}
inline const Hash<coin_hmac_sha256_ctx> kHmacSha256{"hmac_sha256", COIN_HMAC_SHA256_OUTPUT_SIZE,
    COIN_SHA256_BLOCK_SIZE, hmac_sha256_init_fixed, coin_hmac_sha256_write, coin_hmac_sha256_finalize,
    hmac_sha256_fixed, coin_sha256_implementation, coin_sha256_backend};
inline const Hash<coin_hmac_sha512_ctx> kHmacSha512{"hmac_sha512", COIN_HMAC_SHA512_OUTPUT_SIZE,
    COIN_SHA512_BLOCK_SIZE, hmac_sha512_init_fixed, coin_hmac_sha512_write, coin_hmac_sha512_finalize,
    hmac_sha512_fixed, coin_sha512_implementation, coin_sha512_backend};

// ---- Outputs in guarded buffers: nothing may be written outside the caller's buffer.

constexpr size_t kGuard = 16;
constexpr unsigned char kGuardByte = 0xa5;

// Runs fn(out) with out at the (possibly unaligned) offset `misalign` of a buffer guarded on
// both sides, reports any write outside the size bytes, and returns the output.
template <class F>
Bytes guarded_output(size_t size, size_t misalign, F&& fn, const std::string& label)
{
    Bytes buf(size + 2 * kGuard + misalign, kGuardByte);
    unsigned char* out = buf.data() + kGuard + misalign;
    fn(out);
    const bool intact = std::all_of(buf.begin(), buf.begin() + kGuard + misalign,
                                    [](unsigned char b) { return b == kGuardByte; }) &&
                        std::all_of(buf.end() - kGuard, buf.end(), [](unsigned char b) { return b == kGuardByte; });
    if (!intact) BOOST_ERROR(label << ": wrote outside the " << size << "-byte output");
    return Bytes(out, out + size);
}

// msg copied at offset 1..7 of a buffer that ends with it (so that a sanitizer sees over-reads).
class Unaligned {
public:
    Unaligned(const Bytes& msg, size_t offset) : buf_(msg.size() + offset, kGuardByte), offset_(offset)
    {
        std::copy(msg.begin(), msg.end(), buf_.begin() + offset);
    }
    const unsigned char* data() const { return buf_.data() + offset_; }

private:
    Bytes buf_;
    size_t offset_;
};

// A pointer to msg, or NULL when it is empty: NULL with length 0 must be accepted everywhere.
inline const unsigned char* data_or_null(const Bytes& msg) { return msg.empty() ? nullptr : msg.data(); }

// Evaluates got and expect once; `how` (streamed) is only built for a failure message.
#define COIN_CHECK_DIGEST(got, expect, label, how)                                                    \
    do {                                                                                              \
        const coin_test::Bytes &coin_got_ = (got), &coin_expect_ = (expect);                          \
        BOOST_CHECK_MESSAGE(coin_got_ == coin_expect_, (label) << " (" << how << "): got "            \
                                << coin_test::to_hex(coin_got_) << ", expected " << coin_test::to_hex(coin_expect_)); \
    } while (0)

template <class Ctx>
Bytes finish(const Hash<Ctx>& h, Ctx& ctx, const std::string& label, size_t misalign = 0)
{
    return guarded_output(h.size, misalign, [&](unsigned char* out) { h.finalize(&ctx, out); }, label);
}

// A one-shot function, out(size) = fn(data, len), on msg as given (NULL when empty) and from
// unaligned copies to unaligned outputs.
template <class F>
void check_oneshot(F&& fn, size_t size, const Bytes& msg, const Bytes& expect, const std::string& label)
{
    COIN_CHECK_DIGEST(guarded_output(size, 0, [&](unsigned char* out) { fn(out, data_or_null(msg), msg.size()); }, label),
                      expect, label, "one-shot");
    for (size_t off : {1, 3, 6}) {
        Unaligned in(msg, off);
        COIN_CHECK_DIGEST(guarded_output(size, 8 - off, [&](unsigned char* out) { fn(out, in.data(), msg.size()); }, label),
                          expect, label, "one-shot, input at offset " << off);
    }
}

// Writes msg[from, to) in random pieces (some empty, some NULL with length 0).
template <class Ctx>
void write_split(const Hash<Ctx>& h, Ctx& ctx, const unsigned char* msg, size_t from, size_t to, std::mt19937& rng)
{
    while (from < to) {
        const unsigned kind = rng() % 8;
        size_t n;
        if (kind == 0) {
            h.write(&ctx, nullptr, 0);
            continue;
        } else if (kind == 1) {
            n = 0;
        } else if (kind == 2) {
            n = to - from; // the rest at once
        } else {
            n = std::min<size_t>(to - from, rng() % (3 * h.block + 1));
        }
        h.write(&ctx, msg + from, n);
        from += n;
    }
}

// Every way of hashing msg into expect, starting from a copy of `start` (an initialised or
// keyed context, which stays untouched): one write; random splits with zero-length and NULL
// writes; input at unaligned offsets; a context copied by value mid-stream.
template <class Ctx>
void check_stream(const Hash<Ctx>& h, const Ctx& start, const Bytes& msg, const Bytes& expect,
                  const std::string& label)
{
    if (expect.size() != h.size) BOOST_FAIL(label << ": the expected digest has the wrong size");
    std::mt19937 rng(static_cast<uint32_t>(msg.size() * 2654435761u));
    {
        Ctx c = start;
        h.write(&c, data_or_null(msg), msg.size());
        COIN_CHECK_DIGEST(finish(h, c, label), expect, label, "one write");
    }
    for (int k = 0; k < 3; k++) {
        Ctx c = start;
        h.write(&c, nullptr, 0);
        write_split(h, c, msg.data(), 0, msg.size(), rng);
        h.write(&c, nullptr, 0);
        COIN_CHECK_DIGEST(finish(h, c, label, k + 1), expect, label, "random split writes #" << k);
    }
    for (size_t off = 1; off <= 7; off++) {
        Unaligned in(msg, off);
        Ctx c = start;
        const size_t cut = msg.size() / 3; // the pieces start misaligned in several ways
        h.write(&c, in.data(), cut);
        h.write(&c, in.data() + cut, msg.size() - cut);
        COIN_CHECK_DIGEST(finish(h, c, label, off), expect, label, "input at offset " << off);
    }
    {
        const size_t cut = msg.empty() ? 0 : rng() % (msg.size() + 1);
        Ctx a = start;
        write_split(h, a, msg.data(), 0, cut, rng);
        Ctx b = a; // a midstate: both copies must continue independently
        h.write(&a, msg.data() + cut, msg.size() - cut);
        COIN_CHECK_DIGEST(finish(h, a, label), expect, label, "original after a copy at byte " << cut);
        write_split(h, b, msg.data(), cut, msg.size(), rng);
        COIN_CHECK_DIGEST(finish(h, b, label), expect, label, "copy made at byte " << cut);
    }
}

template <class Ctx>
Ctx fresh(const Hash<Ctx>& h)
{
    Ctx c;
    h.init(&c);
    return c;
}

// check_stream from init(), and the one-shot function.
template <class Ctx>
void check_hash(const Hash<Ctx>& h, const Bytes& msg, const Bytes& expect, const std::string& label)
{
    check_stream(h, fresh(h), msg, expect, label);
    check_oneshot(h.oneshot, h.size, msg, expect, label);
}

// Every record (Len/Msg/MD, optionally Repeat) of a set of vectors.
template <class Ctx>
void check_vectors(const Hash<Ctx>& h, const std::vector<Record>& vectors)
{
    for (const Record& r : vectors) check_hash(h, r.message(), r.bytes("MD"), r.where());
}

// The CAVP Monte Carlo test of SHA-1 and SHA-2 (SHAVS 6.4): from MD0 = MD1 = MD2 = Seed,
// 1000 times MDi = H(MDi-3 || MDi-2 || MDi-1); the last is the checkpoint and the next seed.
template <class Ctx>
void check_monte(const Hash<Ctx>& h, const std::vector<Record>& vectors)
{
    BOOST_REQUIRE(vectors.front().has("Seed"));
    Bytes seed = vectors.front().bytes("Seed");
    BOOST_REQUIRE_EQUAL(seed.size(), h.size);
    size_t checkpoints = 0;
    for (const Record& r : vectors) {
        if (!r.has("COUNT")) continue;
        std::vector<Bytes> md(3, seed);
        for (int i = 0; i < 1000; i++) {
            Ctx c = fresh(h);
            for (const Bytes& m : md) h.write(&c, m.data(), m.size());
            Bytes next(h.size);
            h.finalize(&c, next.data());
            md.erase(md.begin());
            md.push_back(std::move(next));
        }
        seed = md.back();
        COIN_CHECK_DIGEST(seed, r.bytes("MD"), r.where(), "Monte Carlo checkpoint " << r.get("COUNT"));
        checkpoints++;
    }
    BOOST_CHECK_EQUAL(checkpoints, 100u);
}

// ---- Backends.

// Restores every detected feature however the scope is left.
struct CpuRestore {
    CpuRestore() = default;
    CpuRestore(const CpuRestore&) = delete;
    CpuRestore& operator=(const CpuRestore&) = delete;
    ~CpuRestore() { coin_cpu_restrict(nullptr); }
};

// Runs body(name) once with each backend of a primitive's list (backend(i, &needs), as
// coin_sha256_backend) that this CPU supports selected, checking with implementation(), when
// there is one, that it is in use: named first in the string (a string that merely mentions
// it, as SHA-256's "generic(1way);x86_shani(2way;4way)", means that it failed its self-test).
// Backends the CPU lacks are reported and skipped, and so are those checked under an earlier
// CPU model (run_unless_checked_earlier).
template <class F>
void for_each_listed_backend(const char* what, const char* (*backend)(size_t, uint32_t*),
                             const char* (*implementation)(), F&& body)
{
    CpuRestore restore;
    const uint32_t detected = coin_cpu_detected();
    const std::string loop = backend_loop_key(what);
    bool portable = false;
    uint32_t needs = 0;
    for (size_t i = 0; const char* name = backend(i, &needs); i++) {
        portable |= needs == 0;
        if (needs & ~detected) {
            BOOST_TEST_MESSAGE(what << ": backend " << name << " skipped: this CPU lacks features 0x"
                                    << std::hex << (needs & ~detected) << std::dec);
            continue;
        }
        coin_cpu_set_features(needs);
        BOOST_TEST_CONTEXT(what << " backend " << name)
        {
            if (implementation) {
                const std::string in_use = implementation(), n = name;
                auto named_at = [&](size_t pos) {
                    const size_t end = pos + n.size();
                    return in_use.compare(pos, n.size(), n) == 0 &&
                           (end == in_use.size() || in_use[end] == '(' || in_use[end] == ';');
                };
                const bool ok = named_at(0);
                BOOST_TEST_MESSAGE(what << ": backend " << name << ", in use: " << in_use);
                BOOST_CHECK_MESSAGE(ok, "restricting to the features of " << name << " selected " << in_use);
            } else {
                BOOST_TEST_MESSAGE(what << ": backend " << name);
            }
            run_unless_checked_earlier(loop, what, name, [&] { body(name); });
        }
    }
    BOOST_CHECK_MESSAGE(portable, what << " lists no portable backend");
}

// The same for a batched primitive, whose dispatcher takes its backends in the order it
// times on the CPU, and so may leave a slower one out: body(i, name, width) runs once with
// each backend i the CPU supports, the features in use restricted to its own, for the test to
// run it alone (its coin_*_with) and through the dispatcher. width_of(i), that function with
// no input, must report it usable: it passed its self-test.
template <class W, class F>
void for_each_timed_backend(const char* what, const char* (*backend)(size_t, uint32_t*), const char* (*implementation)(),
                            W&& width_of, F&& body)
{
    CpuRestore restore;
    const uint32_t detected = coin_cpu_detected();
    const std::string loop = backend_loop_key(what);
    uint32_t needs = 0;
    for (size_t i = 0; const char* name = backend(i, &needs); i++) {
        if (needs & ~detected) {
            BOOST_TEST_MESSAGE(what << ": backend " << name << " skipped: this CPU lacks features 0x" << std::hex
                                    << (needs & ~detected) << std::dec);
            continue;
        }
        coin_cpu_set_features(needs);
        const int width = width_of(i);
        BOOST_TEST_MESSAGE(what << ": backend " << name << ", " << width << "way, in use: " << implementation());
        BOOST_TEST_CONTEXT(what << " backend " << name << " (" << width << "way)")
        {
            BOOST_CHECK_MESSAGE(width > 0, "not usable on a CPU that has it");
            if (width > 0) run_unless_checked_earlier(loop, what, name, [&] { body(i, name, width); });
        }
    }
}

// The same for a hash's backends.
template <class Ctx, class F>
void for_each_backend(const Hash<Ctx>& h, F&& body)
{
    for_each_listed_backend(h.name, h.backend, h.implementation, std::forward<F>(body));
}

// The official vectors, and the Monte Carlo test, on every backend.
template <class Ctx>
void check_vectors_on_every_backend(const Hash<Ctx>& h, const std::vector<Record>& vectors)
{
    for_each_backend(h, [&](const char*) { check_vectors(h, vectors); });
}

template <class Ctx>
void check_monte_on_every_backend(const Hash<Ctx>& h, const std::vector<Record>& vectors)
{
    for_each_backend(h, [&](const char*) { check_monte(h, vectors); });
}

// Every backend against the portable code (COINCRYPTO_CPU=none): every length 0..kMaxLen of a
// pseudo-random message, starting at rotating misalignments and ending where its allocation
// does, and random split writes.
template <class Ctx>
void check_backends_against_portable(const Hash<Ctx>& h)
{
    constexpr size_t kMaxLen = 2048;
    const Bytes msg = random_bytes(kMaxLen + 8, 0xc0111u);
    auto input = [&](size_t n) { return msg.data() + n % 8; };
    std::vector<Bytes> ref(kMaxLen + 1, Bytes(h.size));
    {
        CpuRestore restore;
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
        for (size_t n = 0; n <= kMaxLen; n++) h.oneshot(ref[n].data(), input(n), n);
    }
    for_each_backend(h, [&](const char* name) {
        size_t mismatches = 0;
        for (size_t n = 0; n <= kMaxLen; n++) {
            const std::string label = std::string(name) + ", length " + std::to_string(n);
            // The message in a copy that ends where it does, so that a read past its end is
            // caught (AddressSanitizer, valgrind).
            const Bytes exact(msg.begin(), msg.begin() + n % 8 + n);
            const unsigned char* in = n ? exact.data() + n % 8 : input(n);
            const Bytes got = guarded_output(h.size, n % 5, [&](unsigned char* out) { h.oneshot(out, in, n); }, label);
            if (got != ref[n] && mismatches++ < 5) BOOST_ERROR(label << ": differs from the portable code");
        }
        BOOST_CHECK_MESSAGE(mismatches == 0, name << ": " << mismatches << " lengths differ from the portable code");
        std::mt19937 rng(7);
        for (size_t n = 0; n <= kMaxLen; n += 1 + rng() % (2 * h.block)) {
            const std::string label = std::string(name) + ", split writes, length " + std::to_string(n);
            Ctx c = fresh(h);
            write_split(h, c, input(n), 0, n, rng);
            COIN_CHECK_DIGEST(finish(h, c, label), ref[n], label, "vs portable");
        }
    });
}

// After finalize a context holds the message with its padding (FIPS 180-4 5.1; RIPEMD-160's
// the same with a little-endian length), as Bitcoin Core's classes leave theirs: finalizing
// again gives the hash of m || pad(m), and writing on that of m || pad(m) || more, on every
// backend. The padded messages are built here and hashed in one piece by the portable code.
template <class Ctx>
void check_finalize_then_continue(const Hash<Ctx>& h, bool little_endian)
{
    const size_t count = h.block / 8; // bytes of the bit count: 8, or 16 for SHA-512
    const Bytes msg = random_bytes(2 * h.block + 8, 0xf1a1u), more = random_bytes(h.block + 5, 0xf1a2u);
    const std::vector<size_t> lengths = {0, 1, h.block - count - 1, h.block - count, h.block - 1, h.block,
                                         2 * h.block - count, 2 * h.block + 8};
    std::vector<Bytes> padded, again, on;
    for (size_t n : lengths) {
        Bytes p(msg.begin(), msg.begin() + n);
        p.push_back(0x80);
        while ((p.size() + count) % h.block) p.push_back(0);
        for (size_t i = 0; i < count; i++) {
            const size_t shift = 8 * (little_endian ? i : count - 1 - i);
            p.push_back(shift < 64 ? static_cast<unsigned char>(static_cast<uint64_t>(n) * 8 >> shift) : 0);
        }
        padded.push_back(p);
    }
    {
        CpuRestore restore;
        BOOST_REQUIRE_EQUAL(coin_cpu_restrict("none"), 0);
        for (const Bytes& p : padded) {
            Bytes with_more = p;
            with_more.insert(with_more.end(), more.begin(), more.end());
            again.emplace_back(h.size);
            on.emplace_back(h.size);
            h.oneshot(again.back().data(), p.data(), p.size());
            h.oneshot(on.back().data(), with_more.data(), with_more.size());
        }
    }
    for_each_backend(h, [&](const char* name) {
        for (size_t k = 0; k < lengths.size(); k++) {
            const std::string label = std::string(name) + ", length " + std::to_string(lengths[k]);
            Bytes out(h.size);
            Ctx c = fresh(h);
            h.write(&c, msg.data(), lengths[k]);
            h.finalize(&c, out.data());
            Ctx c2 = c;
            h.finalize(&c, out.data());
            COIN_CHECK_DIGEST(out, again[k], label, "finalized twice");
            h.write(&c2, more.data(), more.size());
            h.finalize(&c2, out.data());
            COIN_CHECK_DIGEST(out, on[k], label, "written on after a finalize");
        }
    });
}

} // namespace coin_test

#endif
