# Copyright (c) 2026 The coincrypto developers
# Distributed under the MIT software license, see the accompanying file COPYING.
# find_package(coincrypto) gives the target coincrypto::coincrypto: the library, with the C
# API as <coincrypto/sha256.h> and Bitcoin Core's C++ API as <crypto/sha256.h>.
include("${CMAKE_CURRENT_LIST_DIR}/coincryptoTargets.cmake")
