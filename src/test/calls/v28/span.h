// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_TEST_CALLS_V28_SPAN_H
#define COINCRYPTO_TEST_CALLS_V28_SPAN_H

// A stand-in for Bitcoin Core v28's <span.h>: Core 0.21's Span (../litecoin/span.h; v28 no
// longer has MakeSpan, which nothing here calls) with v28's deduction guides, and
// MakeByteSpan, MakeWritableByteSpan and MakeUCharSpan.

#include "../litecoin/span.h"

#include <cstddef>
#include <utility>

template <typename A, std::size_t N> Span(A (&)[N]) -> Span<A>;
template <typename T> Span(T*, std::size_t) -> Span<T>;
template <typename V> Span(V&) -> Span<typename std::remove_pointer<decltype(std::declval<V&>().data())>::type>;

// The byte spans the tree's code hands to the ciphers.
template <typename V>
Span<const std::byte> MakeByteSpan(V&& v) noexcept
{
    Span s{std::forward<V>(v)};
    return Span<const std::byte>(reinterpret_cast<const std::byte*>(s.data()), s.size() * sizeof(*s.data()));
}
template <typename V>
Span<std::byte> MakeWritableByteSpan(V&& v) noexcept
{
    Span s{std::forward<V>(v)};
    return Span<std::byte>(reinterpret_cast<std::byte*>(s.data()), s.size() * sizeof(*s.data()));
}

template <typename V>
constexpr auto MakeUCharSpan(V&& v) -> Span<const unsigned char>
{
    Span s{std::forward<V>(v)};
    return Span<const unsigned char>(reinterpret_cast<const unsigned char*>(s.data()), s.size());
}

#endif
