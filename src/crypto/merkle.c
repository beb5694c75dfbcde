/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <string.h>

#include "merkle.h"
#include "sha256.h"

void coin_merkle_root(unsigned char root[32], unsigned char *nodes, size_t n, int *mutated)
{
    int mutation = 0;
    while (n > 1) {
        const size_t pairs = n / 2;
        size_t i;
        if (mutated) {
            for (i = 0; i < pairs && !mutation; i++) mutation = memcmp(nodes + 64 * i, nodes + 64 * i + 32, 32) == 0;
        }
        coin_sha256d64(nodes, nodes, pairs); /* pair i's hash lands at or below pair i */
        if (n & 1) { /* the last node, at 64 * pairs, past what that wrote, with itself */
            unsigned char last[64];
            memcpy(last, nodes + 64 * pairs, 32);
            memcpy(last + 32, last, 32);
            coin_sha256d64(nodes + 32 * pairs, last, 1);
        }
        n = pairs + (n & 1);
    }
    if (mutated) *mutated = mutation;
    if (n == 0) {
        memset(root, 0, 32);
    } else {
        memcpy(root, nodes, 32);
    }
}
