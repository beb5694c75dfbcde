// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#include "hash_check.h"

#include "keccak.h"


using namespace coin_test;

namespace {

using Ctx = coin_keccak_ctx;

const Hash<Ctx> kSha3_256{"sha3_256", COIN_SHA3_256_OUTPUT_SIZE, 136, coin_sha3_256_init, coin_keccak_write,
    coin_keccak_finalize, coin_sha3_256, coin_keccak_implementation, coin_keccak_backend};
const Hash<Ctx> kSha3_512{"sha3_512", COIN_SHA3_512_OUTPUT_SIZE, 72, coin_sha3_512_init, coin_keccak_write,
    coin_keccak_finalize, coin_sha3_512, coin_keccak_implementation, coin_keccak_backend};
const Hash<Ctx> kKeccak256{"keccak256", COIN_KECCAK256_OUTPUT_SIZE, 136, coin_keccak256_init, coin_keccak_write,
    coin_keccak_finalize, coin_keccak256, coin_keccak_implementation, coin_keccak_backend};
const Hash<Ctx> kKeccak512{"keccak512", COIN_KECCAK512_OUTPUT_SIZE, 72, coin_keccak512_init, coin_keccak_write,
    coin_keccak_finalize, coin_keccak512, coin_keccak_implementation, coin_keccak_backend};

// SHAKE as a hash with a 400-byte output (more than two blocks of either rate), for the
// comparison of the backends with the portable code.
constexpr size_t kShakeOut = 400;
const Hash<Ctx> kShake128{"shake128", kShakeOut, 168, coin_shake128_init, coin_keccak_write,
    [](Ctx* c, unsigned char* out) { coin_keccak_squeeze(c, out, kShakeOut); },
    [](unsigned char* out, const unsigned char* in, size_t len) { coin_shake128(out, kShakeOut, in, len); },
    coin_keccak_implementation, coin_keccak_backend};
const Hash<Ctx> kShake256{"shake256", kShakeOut, 136, coin_shake256_init, coin_keccak_write,
    [](Ctx* c, unsigned char* out) { coin_keccak_squeeze(c, out, kShakeOut); },
    [](unsigned char* out, const unsigned char* in, size_t len) { coin_shake256(out, kShakeOut, in, len); },
    coin_keccak_implementation, coin_keccak_backend};

struct Shake {
    const char* name;
    size_t rate;
    void (*init)(Ctx*);
    void (*oneshot)(unsigned char*, size_t, const unsigned char*, size_t);
};
const Shake kShake128Xof{"SHAKE128", 168, coin_shake128_init, coin_shake128};
const Shake kShake256Xof{"SHAKE256", 136, coin_shake256_init, coin_shake256};

// One SHAKE output: one-shot (guarded, from unaligned input), and streamed with random split
// writes and the output squeezed in random pieces, which must concatenate to the same stream.
void check_shake(const Shake& s, const Bytes& msg, const Bytes& expect, const std::string& label)
{
    const size_t n = expect.size();
    for (size_t off : {0, 3}) {
        Unaligned in(msg, off);
        COIN_CHECK_DIGEST(guarded_output(n, off, [&](unsigned char* out) { s.oneshot(out, n, msg.empty() ? nullptr : in.data(), msg.size()); }, label),
                          expect, label, "one-shot, input at offset " << off);
    }
    std::mt19937 rng(static_cast<uint32_t>(msg.size() * 40503u + n));
    for (int k = 0; k < 2; k++) {
        Ctx c;
        s.init(&c);
        for (size_t from = 0; from < msg.size();) {
            const size_t take = std::min<size_t>(msg.size() - from, rng() % (2 * s.rate + 1));
            coin_keccak_write(&c, msg.data() + from, take);
            from += take;
        }
        Bytes got(n);
        for (size_t from = 0; from < n;) {
            const size_t take = k == 0 ? n : std::min<size_t>(n - from, rng() % (s.rate + 9));
            coin_keccak_squeeze(&c, got.data() + from, take);
            from += take;
        }
        COIN_CHECK_DIGEST(got, expect, label, (k == 0 ? "streamed, one squeeze" : "streamed, squeezed in pieces"));
    }
}

// CAVP SHAKE files: Output holds the expected stream (Outputlen bits of it when given).
void check_shake_vectors(const Shake& s, const std::vector<Record>& vectors)
{
    for (const Record& r : vectors) {
        const Bytes out = r.bytes("Output");
        if (r.has("Outputlen")) BOOST_REQUIRE_EQUAL(std::stoul(r.get("Outputlen")), 8 * out.size());
        check_shake(s, r.message(), out, r.where());
    }
}

// The SHA-3 Monte Carlo test (SHA3VS 6.2.3): from MD0 = Seed, MDi = H(MDi-1); every 1000th
// is a checkpoint.
void check_sha3_monte(const Hash<Ctx>& h, const std::vector<Record>& vectors)
{
    Bytes md = vectors.front().bytes("Seed");
    size_t checkpoints = 0;
    for (const Record& r : vectors) {
        if (!r.has("COUNT")) continue;
        for (int i = 0; i < 1000; i++) {
            Bytes next(h.size);
            h.oneshot(next.data(), md.data(), md.size());
            md = next;
        }
        COIN_CHECK_DIGEST(md, r.bytes("MD"), r.where(), "Monte Carlo checkpoint " << r.get("COUNT"));
        checkpoints++;
    }
    BOOST_CHECK_EQUAL(checkpoints, 100u);
}

unsigned bits_in_header(const std::string& text, const char* what)
{
    const std::string header = std::string("[") + what + " Output Length (bits) = ";
    const size_t at = text.find(header);
    BOOST_REQUIRE_MESSAGE(at != std::string::npos, "no '" << header << "...]'");
    const size_t b = at + header.size(), e = text.find_first_not_of("0123456789", b);
    BOOST_REQUIRE_MESSAGE(e != std::string::npos && e > b && text[e] == ']', "no number in '" << header << "...]'");
    return static_cast<unsigned>(std::stoul(text.substr(b, e - b)));
}

// The SHAKE Monte Carlo test (SHA3VS 6.3.3): each message is the first 16 bytes of the last
// output (zero-padded), and the next output length is drawn from the last output's final
// 16 bits within [min, max] bytes; every 1000th output is a checkpoint.
void check_shake_monte(const Shake& s, const std::string& file)
{
    const std::string text = read_data_file(file);
    const size_t min = bits_in_header(text, "Minimum") / 8, max = bits_in_header(text, "Maximum") / 8;
    const std::vector<Record> vectors = parse_vectors(text, file);
    Bytes out = vectors.front().bytes("Msg");
    size_t len = max, checkpoints = 0;
    for (const Record& r : vectors) {
        if (!r.has("COUNT")) continue;
        for (int i = 0; i < 1000; i++) {
            Bytes msg(16, 0);
            std::copy_n(out.begin(), std::min<size_t>(16, out.size()), msg.begin());
            out.assign(len, 0);
            s.oneshot(out.data(), len, msg.data(), msg.size());
            len = min + (256u * out[len - 2] + out[len - 1]) % (max - min + 1);
        }
        BOOST_CHECK_EQUAL(std::stoul(r.get("Outputlen")), 8 * out.size());
        COIN_CHECK_DIGEST(out, r.bytes("Output"), r.where(), "Monte Carlo checkpoint " << r.get("COUNT"));
        checkpoints++;
    }
    BOOST_CHECK_EQUAL(checkpoints, 100u);
}

template <class F>
void on_every_backend(F&& body)
{
    for_each_backend(kSha3_256, [&](const char*) { body(); });
}

} // namespace

BOOST_AUTO_TEST_SUITE(keccak_tests)

BOOST_AUTO_TEST_CASE(sha3_256_cavp_short_msg) { check_vectors_on_every_backend(kSha3_256, load_vectors("SHA3_256ShortMsg.rsp")); }
BOOST_AUTO_TEST_CASE(sha3_256_cavp_long_msg) { check_vectors_on_every_backend(kSha3_256, load_vectors("SHA3_256LongMsg.rsp")); }
BOOST_AUTO_TEST_CASE(sha3_256_cavp_monte_carlo)
{
    const auto v = load_vectors("SHA3_256Monte.rsp");
    on_every_backend([&] { check_sha3_monte(kSha3_256, v); });
}
BOOST_AUTO_TEST_CASE(sha3_512_cavp_short_msg) { check_vectors_on_every_backend(kSha3_512, load_vectors("SHA3_512ShortMsg.rsp")); }
BOOST_AUTO_TEST_CASE(sha3_512_cavp_long_msg) { check_vectors_on_every_backend(kSha3_512, load_vectors("SHA3_512LongMsg.rsp")); }
BOOST_AUTO_TEST_CASE(sha3_512_cavp_monte_carlo)
{
    const auto v = load_vectors("SHA3_512Monte.rsp");
    on_every_backend([&] { check_sha3_monte(kSha3_512, v); });
}

BOOST_AUTO_TEST_CASE(shake_cavp_short_and_long_msg)
{
    const auto s128 = load_vectors("SHAKE128ShortMsg.rsp"), l128 = load_vectors("SHAKE128LongMsg.rsp");
    const auto s256 = load_vectors("SHAKE256ShortMsg.rsp"), l256 = load_vectors("SHAKE256LongMsg.rsp");
    on_every_backend([&] {
        check_shake_vectors(kShake128Xof, s128);
        check_shake_vectors(kShake128Xof, l128);
        check_shake_vectors(kShake256Xof, s256);
        check_shake_vectors(kShake256Xof, l256);
    });
}

BOOST_AUTO_TEST_CASE(shake_cavp_variable_output)
{
    const auto v128 = load_vectors("SHAKE128VariableOut.rsp"), v256 = load_vectors("SHAKE256VariableOut.rsp");
    on_every_backend([&] {
        check_shake_vectors(kShake128Xof, v128);
        check_shake_vectors(kShake256Xof, v256);
    });
}

BOOST_AUTO_TEST_CASE(shake_cavp_monte_carlo, *boost::unit_test::label("long"))
{
    on_every_backend([&] {
        check_shake_monte(kShake128Xof, "SHAKE128Monte.rsp");
        check_shake_monte(kShake256Xof, "SHAKE256Monte.rsp");
    });
}

// Keccak with the original padding: the Keccak team's known answers, and "abc".
BOOST_AUTO_TEST_CASE(keccak256_reference) { check_vectors_on_every_backend(kKeccak256, load_section("keccak_kat.txt", "keccak256")); }
BOOST_AUTO_TEST_CASE(keccak256_abc) { check_vectors_on_every_backend(kKeccak256, load_section("keccak_kat.txt", "keccak256_abc")); }
BOOST_AUTO_TEST_CASE(keccak512_reference) { check_vectors_on_every_backend(kKeccak512, load_section("keccak_kat.txt", "keccak512")); }

// coin_keccakf, Bitcoin Core's KeccakF: the padded empty message permuted once is SHA3-256("")
// in its first four lanes.
BOOST_AUTO_TEST_CASE(keccakf_permutation)
{
    const Bytes expect = load_vectors("SHA3_256ShortMsg.rsp").front().bytes("MD");
    BOOST_REQUIRE_EQUAL(load_vectors("SHA3_256ShortMsg.rsp").front().get("Len"), "0");
    on_every_backend([&] {
        uint64_t st[25] = {0x06};
        st[16] = uint64_t{0x80} << 56;
        coin_keccakf(st);
        Bytes got(32);
        for (size_t i = 0; i < 32; i++) got[i] = static_cast<unsigned char>(st[i / 8] >> (8 * (i % 8)));
        COIN_CHECK_DIGEST(got, expect, "SHA3_256ShortMsg.rsp Len = 0", "coin_keccakf");
    });
}

// A SHAKE stream read a byte at a time is the stream read at once.
BOOST_AUTO_TEST_CASE(shake_byte_at_a_time)
{
    const Record r = load_vectors("SHAKE256VariableOut.rsp").back();
    const Bytes msg = r.message(), expect = r.bytes("Output");
    on_every_backend([&] {
        Ctx c;
        coin_shake256_init(&c);
        coin_keccak_write(&c, msg.data(), msg.size());
        Bytes got(expect.size());
        for (size_t i = 0; i < got.size(); i++) coin_keccak_squeeze(&c, &got[i], 1);
        COIN_CHECK_DIGEST(got, expect, r.where(), "squeezed a byte at a time");
    });
}

BOOST_AUTO_TEST_CASE(backends_match_portable)
{
    check_backends_against_portable(kSha3_256);
    check_backends_against_portable(kSha3_512);
    check_backends_against_portable(kKeccak256);
    check_backends_against_portable(kKeccak512);
    check_backends_against_portable(kShake128);
    check_backends_against_portable(kShake256);
}

BOOST_AUTO_TEST_SUITE_END()
