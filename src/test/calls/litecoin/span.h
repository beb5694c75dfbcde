// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_TEST_CALLS_LITECOIN_SPAN_H
#define COINCRYPTO_TEST_CALLS_LITECOIN_SPAN_H

// A stand-in for Litecoin's <span.h> (Core 0.21, C++14): a Span (not std::span) built from a
// pointer and a size, a C array or a container with data() and size(), with no deduction
// guides, and MakeSpan in their place. Core v28's stand-in (v28/span.h) is this class with the
// guides.

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

template <typename A, std::size_t N>
constexpr Span<A> MakeSpan(A (&a)[N]) { return Span<A>(a, N); }
template <typename V>
constexpr Span<typename std::remove_pointer<decltype(std::declval<V&>().data())>::type> MakeSpan(V& v)
{
    return {v.data(), v.size()};
}

#endif
