// node_hashes: what a node hashes first, on Bitcoin Core's crypto API. It logs the SHA-256
// implementation as bitcoind does at startup, checks the genesis block hash as chainparams
// does, and checks block 100000: its merkle root from its txids, and its hash.
#include "chain.h"

#include <crypto/sha256.h>

#include <cstdio>
#include <string>

static bool Check(const char* what, const std::string& got, const std::string& want)
{
    const bool ok = got == want;
    std::printf("%s: %s%s%s\n", what, got.c_str(), ok ? "" : ", expected ", ok ? "" : want.c_str());
    return ok;
}

int main()
{
    std::printf("Using the '%s' SHA256 implementation\n", SHA256AutoDetect().c_str());
    const BlockHeader block = Block100000Header();
    bool ok = Check("genesis block hash", HashToString(GenesisHeader().GetHash()), GENESIS_HASH);
    ok &= Check("block 100000 merkle root", HashToString(ComputeMerkleRoot(Block100000Txids())),
                HashToString(block.merkle_root));
    ok &= Check("block 100000 hash", HashToString(block.GetHash()), BLOCK100000_HASH);
    return ok ? 0 : 1;
}
