/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_MERKLE_H
#define COINCRYPTO_MERKLE_H

#include <stddef.h>

#include "api.h"

COIN_BEGIN_DECLS

/* The merkle root of n 32-byte hashes (a block's txids or wtxids), as Bitcoin Core's
 * ComputeMerkleRoot computes it: each level is the double SHA-256 of each pair of nodes, the
 * last node paired with itself when a level has an odd number; one hash is its own root, and
 * none gives 32 zero bytes. The levels are computed in place, with coin_sha256d64: nodes
 * holds the n leaves and is overwritten (pass a copy to keep them); nothing else is needed.
 * When mutated is not NULL, *mutated is 1 when some level has two equal nodes side by side
 * (a pair, not the duplicated last node): CVE-2012-2459, a list of transactions that is not
 * the block's but has its root. Else 0. nodes may be NULL when n is 0. */
COIN_API void coin_merkle_root(unsigned char root[32], unsigned char *nodes, size_t n, int *mutated);

COIN_END_DECLS

#endif
