// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_TEST_CALLS_V28_SPAN_H
#define COINCRYPTO_TEST_CALLS_V28_SPAN_H

// A stand-in for Bitcoin Core v28's <span.h>: its own Span (not std::span), built from a
// pointer and a size, a C array or a container with data() and size(), with the same
// deduction guides, and MakeUCharSpan.

#include <cstddef>
#include <type_traits>
#include <utility>

template <typename C>
class Span
{
    C* m_data = nullptr;
    std::size_t m_size = 0;

public:
    constexpr Span() noexcept = default;
    template <typename T, typename std::enable_if<std::is_convertible<T (*)[], C (*)[]>::value, int>::type = 0>
    constexpr Span(T* begin, std::size_t size) noexcept : m_data(begin), m_size(size) {}
    template <std::size_t N>
    constexpr Span(C (&a)[N]) noexcept : m_data(a), m_size(N) {}
    template <typename V, typename std::enable_if<std::is_convertible<typename std::remove_pointer<decltype(std::declval<V&>().data())>::type (*)[], C (*)[]>::value, int>::type = 0>
    constexpr Span(V& other) noexcept : m_data(other.data()), m_size(other.size()) {}
    template <typename V, typename std::enable_if<std::is_convertible<typename std::remove_pointer<decltype(std::declval<const V&>().data())>::type (*)[], C (*)[]>::value, int>::type = 0>
    constexpr Span(const V& other) noexcept : m_data(other.data()), m_size(other.size()) {}
    constexpr C* data() const noexcept { return m_data; }
    constexpr C* begin() const noexcept { return m_data; }
    constexpr C* end() const noexcept { return m_data + m_size; }
    constexpr std::size_t size() const noexcept { return m_size; }
    constexpr Span<C> first(std::size_t count) const noexcept { return Span<C>(m_data, count); }
    constexpr Span<C> subspan(std::size_t offset) const noexcept { return Span<C>(m_data + offset, m_size - offset); }
};

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
