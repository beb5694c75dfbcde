// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
//
// MuHash3072 and its arithmetic modulo p = 2^3072 - 1103717: Bitcoin Core's muhash_tests cases
// (data/muhash.txt) through the C API; the element mapping against SHA-256 and ChaCha20 composed
// here; and the arithmetic against a slow reference written below (32-bit limbs, schoolbook
// products reduced by folding, itself checked against long division; Fermat's inverse), over
// random numbers and the edge values 0, 1, p - 1, p, p + 1 and 2^3072 - 1 (numbers read from
// bytes may be p or above).
#include "cavp.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "chacha20.h"
#include "muhash.h"
#include "sha256.h"

using namespace coin_test;

namespace {

// ---- The reference: numbers as 96 32-bit limbs, least significant first. ----

using Ref = std::array<uint32_t, 96>;
constexpr uint32_t P_DIFF = 1103717;

Ref RefFromBytes(const unsigned char* b)
{
    Ref r;
    for (int i = 0; i < 96; i++) {
        r[i] = uint32_t(b[4 * i]) | uint32_t(b[4 * i + 1]) << 8 | uint32_t(b[4 * i + 2]) << 16 | uint32_t(b[4 * i + 3]) << 24;
    }
    return r;
}

Bytes RefToBytes(const Ref& r)
{
    Bytes b(384);
    for (int i = 0; i < 96; i++) {
        for (int j = 0; j < 4; j++) b[4 * i + j] = static_cast<unsigned char>(r[i] >> (8 * j));
    }
    return b;
}

Ref RefModulus()
{
    Ref p;
    p.fill(0xffffffff);
    p[0] = 0xffffffffu - P_DIFF + 1; // 2^3072 - P_DIFF
    return p;
}

Ref RefSmall(uint32_t v)
{
    Ref r{};
    r[0] = v;
    return r;
}

// x >= y over n limbs.
bool Geq(const uint32_t* x, const uint32_t* y, int n)
{
    for (int i = n - 1; i >= 0; i--) {
        if (x[i] != y[i]) return x[i] > y[i];
    }
    return true;
}

// x -= y over n limbs (x >= y).
void Sub(uint32_t* x, const uint32_t* y, int n)
{
    uint64_t borrow = 0;
    for (int i = 0; i < n; i++) {
        const uint64_t d = uint64_t(x[i]) - y[i] - borrow;
        x[i] = static_cast<uint32_t>(d);
        borrow = (d >> 32) & 1;
    }
}

using Wide = std::array<uint32_t, 192>;

// The full product, operand by operand.
Wide RefProduct(const Ref& a, const Ref& b)
{
    Wide t{};
    for (int i = 0; i < 96; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < 96; j++) {
            const uint64_t s = uint64_t(a[i]) * b[j] + t[i + j] + carry;
            t[i + j] = static_cast<uint32_t>(s);
            carry = s >> 32;
        }
        t[i + 96] = static_cast<uint32_t>(carry);
    }
    return t;
}

// t mod p by binary long division: each bit from the top, r = 2 r + bit, less p when that
// reaches p. Very slow; checks RefReduce below.
Ref RefReduceSlow(const Wide& t)
{
    const Ref p = RefModulus();
    std::array<uint32_t, 97> r{}, pp{}; // r < p, so 2 r + 1 < 2^3073
    std::copy(p.begin(), p.end(), pp.begin());
    for (int bit = 192 * 32 - 1; bit >= 0; bit--) {
        for (int i = 96; i > 0; i--) r[i] = r[i] << 1 | r[i - 1] >> 31;
        r[0] = r[0] << 1 | ((t[bit / 32] >> (bit % 32)) & 1);
        if (Geq(r.data(), pp.data(), 97)) Sub(r.data(), pp.data(), 97);
    }
    Ref out;
    std::copy(r.begin(), r.begin() + 96, out.begin());
    return out;
}

// t mod p: while t has bits above 2^3072, t = low + high * P_DIFF; then subtract p while t >= p.
Ref RefReduce(Wide t)
{
    for (;;) {
        bool high = false;
        for (int i = 96; i < 192; i++) high |= t[i] != 0;
        if (!high) break;
        Wide n{};
        std::copy(t.begin(), t.begin() + 96, n.begin());
        uint64_t carry = 0;
        for (int i = 0; i < 97; i++) { // n += high * P_DIFF
            const uint64_t s = uint64_t(i < 96 ? t[96 + i] : 0) * P_DIFF + n[i] + carry;
            n[i] = static_cast<uint32_t>(s);
            carry = s >> 32;
        }
        for (int i = 97; carry != 0 && i < 192; i++) {
            const uint64_t s = uint64_t(n[i]) + carry;
            n[i] = static_cast<uint32_t>(s);
            carry = s >> 32;
        }
        t = n;
    }
    Ref r;
    std::copy(t.begin(), t.begin() + 96, r.begin());
    const Ref p = RefModulus();
    while (Geq(r.data(), p.data(), 96)) Sub(r.data(), p.data(), 96);
    return r;
}

Ref RefMul(const Ref& a, const Ref& b) { return RefReduce(RefProduct(a, b)); }

// a^e mod p, e given as limbs, square and multiply from the top.
Ref RefPow(const Ref& a, const Ref& e)
{
    Ref r = RefSmall(1);
    for (int bit = 96 * 32 - 1; bit >= 0; bit--) {
        r = RefMul(r, r);
        if ((e[bit / 32] >> (bit % 32)) & 1) r = RefMul(r, a);
    }
    return r;
}

// Fermat: a^(p-2), which is 0 for a = 0 mod p (Core's inverse of 0 is 0 too).
Ref RefInverse(const Ref& a)
{
    Ref e = RefModulus();
    e[0] -= 2;
    return RefPow(a, e);
}

// ---- The library's numbers. ----

coin_num3072 Num(const Bytes& b)
{
    BOOST_REQUIRE_EQUAL(b.size(), 384u);
    coin_num3072 n;
    coin_num3072_from_bytes(&n, b.data());
    return n;
}

Bytes NumBytes(const coin_num3072& n)
{
    Bytes b(384);
    coin_num3072_to_bytes(b.data(), &n);
    return b;
}

Bytes Edge(int which)
{
    Bytes b(384, 0);
    switch (which) {
    case 0: break;                                                  // 0
    case 1: b[0] = 1; break;                                        // 1
    case 2: b = RefToBytes(RefModulus()); b[0] -= 1; break;         // p - 1
    case 3: b = RefToBytes(RefModulus()); break;                    // p
    case 4: b = RefToBytes(RefModulus()); b[0] += 1; break;         // p + 1
    case 5: std::fill(b.begin(), b.end(), 0xff); break;             // 2^3072 - 1
    }
    return b;
}
const char* const kEdgeNames[] = {"0", "1", "p-1", "p", "p+1", "2^3072-1"};
constexpr int kEdges = 6;

// Random numbers of every shape: uniform below 2^3072 (so sometimes in [p, 2^3072) when the
// top limbs come out all ones: forced every fourth time), and the edges.
std::vector<std::pair<std::string, Bytes>> Values(uint32_t seed, size_t randoms)
{
    std::vector<std::pair<std::string, Bytes>> v;
    for (int i = 0; i < kEdges; i++) v.emplace_back(kEdgeNames[i], Edge(i));
    for (size_t i = 0; i < randoms; i++) {
        Bytes b = random_bytes(384, seed + static_cast<uint32_t>(i));
        std::string name = "random " + std::to_string(i);
        if (i % 4 == 3) { // in [p, 2^3072): the top 380 bytes all ones, the low 4 at least 2^32 - P_DIFF
            std::fill(b.begin() + 4, b.end(), 0xff);
            const uint32_t low = 0xffffffffu - (b[0] | b[1] << 8 | b[2] << 16) % P_DIFF;
            for (int j = 0; j < 4; j++) b[j] = static_cast<unsigned char>(low >> (8 * j));
            name += " (at or above p)";
        }
        v.emplace_back(name, b);
    }
    return v;
}

bool IsReduced(const Bytes& b) { return !Geq(RefFromBytes(b.data()).data(), RefModulus().data(), 96); }

// MuHash3072's element: the ChaCha20 keystream (nonce 0, block 0) keyed with SHA-256(data).
Bytes Element(const Bytes& data)
{
    unsigned char key[32];
    coin_sha256(key, data.empty() ? nullptr : data.data(), data.size());
    coin_chacha20_ctx c;
    coin_chacha20_init(&c, key);
    Bytes out(384);
    coin_chacha20_keystream(&c, out.data(), out.size());
    return out;
}

Bytes SmallElement(unsigned char i)
{
    Bytes b(32, 0);
    b[0] = i;
    return b;
}

Bytes Finalize(coin_muhash3072 m)
{
    Bytes out(32);
    coin_muhash3072_finalize(&m, out.data());
    return out;
}

Bytes Serialize(const coin_muhash3072& m)
{
    Bytes s = NumBytes(m.numerator), d = NumBytes(m.denominator);
    s.insert(s.end(), d.begin(), d.end());
    return s;
}

// Applies a data file's Ops ("*0 +1 -2 /3") to the empty set.
coin_muhash3072 RunOps(const std::string& ops)
{
    coin_muhash3072 m;
    coin_muhash3072_init(&m);
    std::istringstream in(ops);
    std::string op;
    while (in >> op) {
        const Bytes e = SmallElement(static_cast<unsigned char>(std::stoi(op.substr(1))));
        coin_muhash3072 single;
        coin_muhash3072_init_data(&single, e.data(), e.size());
        switch (op[0]) {
        case '*': coin_muhash3072_mul(&m, &single); break;
        case '/': coin_muhash3072_div(&m, &single); break;
        case '+': coin_muhash3072_insert(&m, e.data(), e.size()); break;
        case '-': coin_muhash3072_remove(&m, e.data(), e.size()); break;
        default: BOOST_FAIL("unknown op " << op);
        }
    }
    return m;
}

} // namespace

BOOST_AUTO_TEST_SUITE(muhash_tests)

BOOST_AUTO_TEST_CASE(reference_self_check)
{
    on_portable_code("num3072", [] {
        // The reference itself, against facts: 2^3072 = P_DIFF (mod p), (p-1)^2 = 1, and Fermat's
        // a^(p-1) = 1 (so RefInverse(a) * a = 1) for a random a.
        Ref half{};
        half[48] = 1; // 2^1536
        BOOST_CHECK(RefMul(half, half) == RefSmall(P_DIFF));
        Ref pm1 = RefModulus();
        pm1[0] -= 1;
        BOOST_CHECK(RefMul(pm1, pm1) == RefSmall(1));
        const Ref a = RefFromBytes(random_bytes(384, 7).data());
        BOOST_CHECK(RefMul(RefInverse(a), a) == RefSmall(1));
        // The folding reduction against long division, on random and edge products.
        for (uint32_t i = 0; i < 6; i++) {
            Ref x = RefFromBytes(random_bytes(384, 40 + i).data()), y = RefFromBytes(random_bytes(384, 50 + i).data());
            if (i == 4) x.fill(0xffffffff);
            if (i == 5) y = RefModulus();
            const Wide t = RefProduct(x, y);
            BOOST_CHECK_MESSAGE(RefReduce(t) == RefReduceSlow(t), "product " << i);
        }
        BOOST_CHECK(RefInverse(RefSmall(0)) == RefSmall(0));
    });
}

BOOST_AUTO_TEST_CASE(core_vectors)
{
    for (const Record& r : load_section("muhash.txt", "Finalize")) {
        BOOST_CHECK_MESSAGE(to_hex(Finalize(RunOps(r.get("Ops")))) == to_hex(r.bytes("Out")), r.where());
    }
    for (const Record& r : load_section("muhash.txt", "Serialize")) {
        BOOST_CHECK_MESSAGE(to_hex(Serialize(RunOps(r.get("Ops")))) == to_hex(r.bytes("Ser")), r.where());
    }
    for (const Record& r : load_section("muhash.txt", "Deserialize")) {
        const Bytes ser = r.bytes("Ser");
        BOOST_REQUIRE_EQUAL(ser.size(), 768u);
        coin_muhash3072 m;
        coin_num3072_from_bytes(&m.numerator, ser.data());
        coin_num3072_from_bytes(&m.denominator, ser.data() + 384);
        BOOST_CHECK_MESSAGE(Serialize(m) == ser, r.where() << ": bytes do not round-trip");
        BOOST_CHECK_MESSAGE(to_hex(Finalize(m)) == to_hex(r.bytes("Out")), r.where());
    }
}

// Core's randomised part: four random multiplications or divisions by elements 0..3 in four
// orders give one hash; X * Y / (Y * X) is the empty set.
BOOST_AUTO_TEST_CASE(core_orders)
{
    std::mt19937 rng(20260101);
    coin_muhash3072 empty;
    coin_muhash3072_init(&empty);
    const Bytes empty_hash = Finalize(empty);
    for (int iter = 0; iter < 10; iter++) {
        int table[4];
        for (int& t : table) t = static_cast<int>(rng() % 8);
        Bytes first;
        for (int order = 0; order < 4; order++) {
            coin_muhash3072 acc;
            coin_muhash3072_init(&acc);
            for (int i = 0; i < 4; i++) {
                const int t = table[i ^ order];
                const Bytes e = SmallElement(static_cast<unsigned char>(t & 3));
                coin_muhash3072 single;
                coin_muhash3072_init_data(&single, e.data(), e.size());
                if (t & 4) {
                    coin_muhash3072_div(&acc, &single);
                } else {
                    coin_muhash3072_mul(&acc, &single);
                }
            }
            const Bytes h = Finalize(acc);
            if (order == 0) {
                first = h;
            } else {
                BOOST_CHECK_MESSAGE(h == first, "iteration " << iter << " order " << order);
            }
        }
        coin_muhash3072 x, y, z;
        const Bytes ex = SmallElement(static_cast<unsigned char>(rng() % 16)), ey = SmallElement(static_cast<unsigned char>(rng() % 16));
        coin_muhash3072_init_data(&x, ex.data(), ex.size());
        coin_muhash3072_init_data(&y, ey.data(), ey.size());
        coin_muhash3072_init(&z);
        coin_muhash3072_mul(&z, &x);
        coin_muhash3072_mul(&z, &y);
        coin_muhash3072_mul(&y, &x);
        coin_muhash3072_div(&z, &y);
        BOOST_CHECK(Finalize(z) == empty_hash);
    }
}

BOOST_AUTO_TEST_CASE(layout_and_bytes)
{
    // Core's layout: the limbs, least significant first, each little-endian, are the bytes.
    BOOST_CHECK_EQUAL(sizeof(coin_num3072), 384u);
    BOOST_CHECK_EQUAL(sizeof(coin_num3072_limb) * 8 * COIN_NUM3072_LIMBS, 3072u);
#if defined(__SIZEOF_INT128__)
    BOOST_CHECK_EQUAL(COIN_NUM3072_LIMBS, 48);
#else
    BOOST_CHECK_EQUAL(COIN_NUM3072_LIMBS, 96);
#endif
    const Bytes b = random_bytes(384, 11);
    const coin_num3072 n = Num(b);
    const size_t w = sizeof(coin_num3072_limb);
    for (size_t i = 0; i < COIN_NUM3072_LIMBS; i++) {
        uint64_t want = 0;
        for (size_t j = 0; j < w; j++) want |= uint64_t(b[w * i + j]) << (8 * j);
        BOOST_CHECK_MESSAGE(uint64_t(n.limbs[i]) == want, "limb " << i);
    }
    BOOST_CHECK(NumBytes(n) == b);
    // Bytes at or above p are kept as they are until an operation.
    BOOST_CHECK(NumBytes(Num(Edge(5))) == Edge(5));
    coin_num3072 one;
    coin_num3072_set_one(&one);
    BOOST_CHECK(NumBytes(one) == Edge(1));
}

BOOST_AUTO_TEST_CASE(element)
{
    for (size_t len : {0, 1, 32, 36, 100, 1000}) {
        const Bytes data = random_bytes(len, static_cast<uint32_t>(len) + 3);
        coin_num3072 n;
        coin_muhash3072_element(&n, data.empty() ? nullptr : data.data(), data.size());
        BOOST_CHECK_MESSAGE(NumBytes(n) == Element(data), "length " << len);
        coin_muhash3072 m;
        coin_muhash3072_init_data(&m, data.empty() ? nullptr : data.data(), data.size());
        BOOST_CHECK(NumBytes(m.numerator) == Element(data));
        BOOST_CHECK(NumBytes(m.denominator) == Edge(1));
    }
}

BOOST_AUTO_TEST_CASE(multiply_matches_reference)
{
    on_portable_code("num3072", [] {
        const auto values = Values(100, 14);
        for (const auto& [an, a] : values) {
            for (const auto& [bn, b] : values) {
                coin_num3072 x = Num(a);
                const coin_num3072 y = Num(b);
                coin_num3072_multiply(&x, &y);
                const Bytes want = RefToBytes(RefMul(RefFromBytes(a.data()), RefFromBytes(b.data())));
                BOOST_CHECK_MESSAGE(NumBytes(x) == want, an << " * " << bn);
            }
            // a * a, in place.
            coin_num3072 x = Num(a);
            coin_num3072_multiply(&x, &x);
            BOOST_CHECK_MESSAGE(NumBytes(x) == RefToBytes(RefMul(RefFromBytes(a.data()), RefFromBytes(a.data()))), an << " squared in place");
            BOOST_CHECK(IsReduced(NumBytes(x)));
        }
    });
}

BOOST_AUTO_TEST_CASE(inverse_and_divide_match_reference, *boost::unit_test::label("reference"))
{
    on_portable_code("num3072", [] {
        const auto values = Values(200, 6);
        const auto others = Values(300, 3);
        for (const auto& [bn, b] : values) {
            const Ref inv = RefInverse(RefFromBytes(b.data())); // 0 for b = 0 mod p
            coin_num3072 i;
            const coin_num3072 y = Num(b);
            coin_num3072_inverse(&i, &y);
            BOOST_CHECK_MESSAGE(NumBytes(i) == RefToBytes(inv), "inverse of " << bn);
            coin_num3072 in_place = Num(b);
            coin_num3072_inverse(&in_place, &in_place);
            BOOST_CHECK_MESSAGE(NumBytes(in_place) == RefToBytes(inv), "inverse of " << bn << " in place");
            // x * x^-1 = 1 unless x = 0 mod p.
            const bool zero = RefMul(RefFromBytes(b.data()), RefSmall(1)) == RefSmall(0);
            coin_num3072 prod = Num(b);
            coin_num3072_multiply(&prod, &i);
            BOOST_CHECK_MESSAGE(NumBytes(prod) == (zero ? Edge(0) : Edge(1)), bn << " * its inverse");
            // a / b = a * (reference inverse of b), for every a.
            for (const auto& [an, a] : others) {
                coin_num3072 x = Num(a);
                coin_num3072_divide(&x, &y);
                BOOST_CHECK_MESSAGE(NumBytes(x) == RefToBytes(RefMul(RefFromBytes(a.data()), inv)), an << " / " << bn);
            }
            coin_num3072 self = Num(b);
            coin_num3072_divide(&self, &self);
            BOOST_CHECK_MESSAGE(NumBytes(self) == (zero ? Edge(0) : Edge(1)), bn << " / itself in place");
        }
    });
}

// Many inverses of random numbers by the library alone, checked by multiplying back (the
// reference checks fewer, slowly): the variable-time inverse's paths depend on the input.
BOOST_AUTO_TEST_CASE(inverse_many)
{
    on_portable_code("num3072", [] {
        for (uint32_t seed = 0; seed < 300; seed++) {
            Bytes b = random_bytes(384, 1000 + seed);
            if (seed % 3 == 1) std::fill(b.begin() + 8 + seed % 300, b.end(), 0); // shorter numbers
            if (seed % 3 == 2) std::fill(b.begin() + 8, b.end(), 0xff);         // near or above p
            const coin_num3072 y = Num(b);
            coin_num3072 i, prod = y;
            coin_num3072_inverse(&i, &y);
            BOOST_CHECK(IsReduced(NumBytes(i)));
            coin_num3072_multiply(&prod, &i);
            BOOST_CHECK_MESSAGE(NumBytes(prod) == Edge(1), "seed " << seed);
        }
    });
}

BOOST_AUTO_TEST_CASE(set_algebra)
{
    std::vector<Bytes> items;
    for (uint32_t i = 0; i < 8; i++) items.push_back(random_bytes(20 + 7 * i, 500 + i));
    coin_muhash3072 empty;
    coin_muhash3072_init(&empty);
    const Bytes empty_hash = Finalize(empty);
    // The empty set's hash is SHA-256 of the number 1's bytes.
    unsigned char want[32];
    coin_sha256(want, Edge(1).data(), 384);
    BOOST_CHECK(empty_hash == Bytes(want, want + 32));

    // Insert then remove: the identity; in any order.
    coin_muhash3072 m;
    coin_muhash3072_init(&m);
    for (const Bytes& it : items) coin_muhash3072_insert(&m, it.data(), it.size());
    const Bytes all = Finalize(m);
    std::vector<size_t> order(items.size());
    for (size_t i = 0; i < order.size(); i++) order[i] = i;
    std::mt19937 rng(9);
    for (int shuffle = 0; shuffle < 5; shuffle++) {
        std::shuffle(order.begin(), order.end(), rng);
        coin_muhash3072 s;
        coin_muhash3072_init(&s);
        for (size_t i : order) coin_muhash3072_insert(&s, items[i].data(), items[i].size());
        BOOST_CHECK(Finalize(s) == all);
        for (size_t i : order) coin_muhash3072_remove(&s, items[i].data(), items[i].size());
        BOOST_CHECK(Finalize(s) == empty_hash);
    }
    // The set's value against the reference: product of elements / product of removed.
    coin_muhash3072 s;
    coin_muhash3072_init(&s);
    Ref num = RefSmall(1), den = RefSmall(1);
    for (size_t i = 0; i < items.size(); i++) {
        const Ref e = RefFromBytes(Element(items[i]).data());
        if (i % 3 == 2) {
            coin_muhash3072_remove(&s, items[i].data(), items[i].size());
            den = RefMul(den, e);
        } else {
            coin_muhash3072_insert(&s, items[i].data(), items[i].size());
            num = RefMul(num, e);
        }
    }
    BOOST_CHECK(NumBytes(s.numerator) == RefToBytes(num));
    BOOST_CHECK(NumBytes(s.denominator) == RefToBytes(den));
    const Bytes value = RefToBytes(RefMul(num, RefInverse(den)));
    coin_sha256(want, value.data(), value.size());
    coin_muhash3072 f = s;
    Bytes h(32);
    coin_muhash3072_finalize(&f, h.data());
    BOOST_CHECK(h == Bytes(want, want + 32));
    // Finalize leaves value / 1, so the set and its hash are unchanged.
    BOOST_CHECK(NumBytes(f.numerator) == value);
    BOOST_CHECK(NumBytes(f.denominator) == Edge(1));
    coin_muhash3072_finalize(&f, h.data());
    BOOST_CHECK(h == Bytes(want, want + 32));

    // Union and difference: (A * B) / B = A; m * m and m / m.
    coin_muhash3072 a, b;
    coin_muhash3072_init(&a);
    coin_muhash3072_init(&b);
    for (size_t i = 0; i < 4; i++) coin_muhash3072_insert(&a, items[i].data(), items[i].size());
    for (size_t i = 4; i < 8; i++) coin_muhash3072_insert(&b, items[i].data(), items[i].size());
    coin_muhash3072_remove(&b, items[0].data(), items[0].size());
    const Bytes ha = Finalize(a);
    coin_muhash3072 u = a;
    coin_muhash3072_mul(&u, &b);
    BOOST_CHECK(Finalize(u) != ha);
    coin_muhash3072_div(&u, &b);
    BOOST_CHECK(Finalize(u) == ha);
    coin_muhash3072 sq = b, sq_ref = b;
    coin_muhash3072_mul(&sq, &sq);
    coin_muhash3072_mul(&sq_ref, &b);
    BOOST_CHECK(Serialize(sq) == Serialize(sq_ref));
    coin_muhash3072 q = b;
    coin_muhash3072_div(&q, &q);
    BOOST_CHECK(Finalize(q) == empty_hash);
}

BOOST_AUTO_TEST_SUITE_END()
