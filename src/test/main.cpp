// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#define BOOST_TEST_MODULE coincrypto
#include <boost/test/included/unit_test.hpp>
