// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_CORE_CRYPTO_HEX_BASE_H
#define COINCRYPTO_CORE_CRYPTO_HEX_BASE_H

// Bitcoin Core's <crypto/hex_base.h> (v28 and master): HexStr and HexDigit, inline. Both are
// computed without a table indexed by the data (HexStr also prints keys). The tree's
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

/** Convert a span of bytes to a lower-case hexadecimal string. */
inline std::string HexStr(std::span<const uint8_t> s)
{
    std::string rv(s.size() * 2, '\0');
    char* it = rv.data();
    for (uint8_t v : s) {
        for (unsigned n : {unsigned{v} >> 4, unsigned{v} & 15u}) {
            // '0' + n, plus 'a' - '0' - 10 when n > 9 (n - 10 borrows when n <= 9)
            *it++ = static_cast<char>('0' + n + (~((n - 10u) >> 8) & 39u));
        }
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

/** The value of a hexadecimal digit (either case), or -1. */
inline signed char HexDigit(char c)
{
    const int u = static_cast<unsigned char>(c);
    // in [lo, hi]: all ones, else 0, without a branch
    auto in = [u](int lo, int hi) { return ((lo - 1 - u) & (u - hi - 1)) >> 8; };
    const int v = (in('0', '9') & (u - '0')) | (in('a', 'f') & (u - 'a' + 10)) | (in('A', 'F') & (u - 'A' + 10));
    const int any = in('0', '9') | in('a', 'f') | in('A', 'F');
    return static_cast<signed char>((v & any) | ~any);
}

#endif
