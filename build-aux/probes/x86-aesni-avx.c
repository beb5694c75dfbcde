/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* The probe of the x86-aesni-avx backend: the x86-aesni one's intrinsics, with -mavx -maes. */
#include "x86-aesni.c"
