// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#define BOOST_TEST_MODULE coincrypto
#ifdef BOOST_TEST_DYN_LINK // configure found the Boost.Test library (build-aux/m4/coin_boost.m4)
#include <boost/test/unit_test.hpp>
#else
#include <boost/test/included/unit_test.hpp>
#endif
