/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* The x86_aesni_avx backend: aes_x86_aesni.c compiled with -mavx -maes, in VEX encodings. */
#define COIN_AESNI_AVX 1
#include "aes_x86_aesni.c"
