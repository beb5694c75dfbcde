// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_MUHASH_H
#define COINCRYPTO_CORE_CRYPTO_MUHASH_H

// Bitcoin Core's <crypto/muhash.h> (v22 to master), inline over coincrypto's C API: Num3072
// with Core's public limbs[] and constants (its serialisation is Core's, limb by limb), and
// MuHash3072, whose Span (v28) or std::span (master) arguments become anything with data()
// and size() over bytes (Span, std::span, std::vector, uint256) or a byte array. It uses the
// tree's <serialize.h> (SERIALIZE_METHODS) and <uint256.h>, as the header it replaces does.
// v28's public Num3072::Square() is kept; GetInverse, FullReduce and IsOverflow were private.

#include "../../muhash.h"
#include "../../sha256.h"
#include "chacha20.h" // coincrypto_core::ConstBytes

#include <serialize.h>
#include <uint256.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

class Num3072 : public coin_num3072
{
public:
    static constexpr size_t BYTE_SIZE = COIN_NUM3072_SIZE;

#ifdef __SIZEOF_INT128__
    typedef unsigned __int128 double_limb_t;
    typedef signed __int128 signed_double_limb_t;
    typedef uint64_t limb_t;
    typedef int64_t signed_limb_t;
    static constexpr int LIMBS = 48;
    static constexpr int SIGNED_LIMBS = 50;
    static constexpr int LIMB_SIZE = 64;
    static constexpr int SIGNED_LIMB_SIZE = 62;
#else
    typedef uint64_t double_limb_t;
    typedef int64_t signed_double_limb_t;
    typedef uint32_t limb_t;
    typedef int32_t signed_limb_t;
    static constexpr int LIMBS = 96;
    static constexpr int SIGNED_LIMBS = 103;
    static constexpr int LIMB_SIZE = 32;
    static constexpr int SIGNED_LIMB_SIZE = 30;
#endif
    // limbs[LIMBS], least significant first, is coin_num3072's.
    static_assert(std::is_same<limb_t, coin_num3072_limb>::value && LIMBS == COIN_NUM3072_LIMBS,
                  "Num3072's limbs are the C library's");
    static_assert(LIMB_SIZE * LIMBS == 3072, "Num3072 isn't 3072 bits");
    static_assert(sizeof(double_limb_t) == sizeof(limb_t) * 2, "bad size for double_limb_t");

    //! this = this * a mod p, fully reduced.
    void Multiply(const Num3072& a) { coin_num3072_multiply(this, &a); }
    //! this = this / a mod p, fully reduced (0 when a is 0 mod p).
    void Divide(const Num3072& a) { coin_num3072_divide(this, &a); }
    void SetToOne() { coin_num3072_set_one(this); }
    //! this = this^2 mod p (public in Core v28).
    void Square() { coin_num3072_multiply(this, this); }
    void ToBytes(unsigned char (&out)[BYTE_SIZE]) const { coin_num3072_to_bytes(out, this); }

    Num3072() { SetToOne(); }
    Num3072(const unsigned char (&data)[BYTE_SIZE]) { coin_num3072_from_bytes(this, data); }

    SERIALIZE_METHODS(Num3072, obj)
    {
        for (auto& limb : obj.limbs) {
            READWRITE(limb);
        }
    }
};

/** A set hash: elements can be added and removed in any order (see coincrypto's muhash.h). */
class MuHash3072
{
private:
    Num3072 m_numerator;
    Num3072 m_denominator;

    static Num3072 ToNum3072(coincrypto_core::ConstBytes in)
    {
        Num3072 out;
        coin_muhash3072_element(&out, in.p, in.n);
        return out;
    }

public:
    /* The empty set. */
    MuHash3072() noexcept = default;

    /* A singleton with variable sized data in it. */
    explicit MuHash3072(coincrypto_core::ConstBytes in) noexcept : m_numerator(ToNum3072(in)) {}

    /* Insert a single piece of data into the set. */
    MuHash3072& Insert(coincrypto_core::ConstBytes in) noexcept
    {
        m_numerator.Multiply(ToNum3072(in));
        return *this;
    }

    /* Remove a single piece of data from the set. */
    MuHash3072& Remove(coincrypto_core::ConstBytes in) noexcept
    {
        m_denominator.Multiply(ToNum3072(in));
        return *this;
    }

    /* Multiply (resulting in a hash for the union of the sets) */
    MuHash3072& operator*=(const MuHash3072& mul) noexcept
    {
        m_numerator.Multiply(mul.m_numerator);
        m_denominator.Multiply(mul.m_denominator);
        return *this;
    }

    /* Divide (resulting in a hash for the difference of the sets). In Core's order exactly:
     * x /= x multiplies the denominator by the already multiplied numerator (not the empty
     * set; coin_muhash3072_div(&m, &m) gives the empty set). */
    MuHash3072& operator/=(const MuHash3072& div) noexcept
    {
        m_numerator.Multiply(div.m_denominator);
        m_denominator.Multiply(div.m_numerator);
        return *this;
    }

    /* Finalize into a 32-byte hash. Does not change this object's value (it becomes
     * quotient / 1, as in Core). */
    void Finalize(uint256& out) noexcept
    {
        unsigned char data[Num3072::BYTE_SIZE];
        m_numerator.Divide(m_denominator);
        m_denominator.SetToOne();
        m_numerator.ToBytes(data);
        coin_sha256(out.data(), data, sizeof(data));
    }

    SERIALIZE_METHODS(MuHash3072, obj)
    {
        READWRITE(obj.m_numerator);
        READWRITE(obj.m_denominator);
    }
};

#endif
