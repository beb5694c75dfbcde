// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_TEST_CALLS_H
#define COINCRYPTO_TEST_CALLS_H

// The call-shape tests: one program per tree flavour (Bitcoin Core v28, Core master,
// Dogecoin), each compiled with that tree's language standard and with stand-ins for the
// tree's own headers that the drop-in headers meet there (uint256.h, span.h, ...) on its
// include path, making the calls node code makes. That they compile is most of the test;
// each call's result is also checked against the C API (itself checked against the official
// vectors by test_coincrypto) or against a published vector. Plain C++11 with no Boost, so
// that each flavour builds in its own standard.

#include <cstdio>
#include <string>

namespace calls {
int passed = 0, failed = 0;

inline void check(bool ok, const char* what, const char* file, int line)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        std::printf("%s:%d: check failed: %s\n", file, line, what);
    }
}

inline std::string hex(const unsigned char* p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    std::string s;
    for (size_t i = 0; i < n; i++) {
        s += digits[p[i] >> 4];
        s += digits[p[i] & 15];
    }
    return s;
}

// The closing line, and the exit status.
inline int report(const char* flavour)
{
    std::printf("calls %s: %d passed, %d failed\n", flavour, passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}
} // namespace calls

#define CHECK(...) calls::check((__VA_ARGS__), #__VA_ARGS__, __FILE__, __LINE__)

#endif
