/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* ChaCha20 on 4 blocks at once with SSSE3 (chacha20_x86.h).
 *
 * Compiled with -mssse3 only; the dispatcher calls it when CPUID reports SSSE3. */

#include "chacha20_x86.h"

void coin_chacha20_blocks_ssse3(uint32_t input[12], unsigned char *out, const unsigned char *in, size_t n)
{
    chacha20_x4_blocks(input, input[8], input[9], out, in, n);
    chacha20_advance(&input[8], &input[9], n);
}
