// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
//
// coin_merkle_root against Bitcoin Core's ComputeMerkleRoot, written out below one pair at a
// time over coin_hash256 (checked against the official vectors by sha256_tests), on every
// sha256d64 backend: random trees of 0..70 leaves, equal siblings at every level and position,
// the CVE-2012-2459 pairs of lists with one root; and real blocks' merkle roots.
#include "hash_check.h"

#include "merkle.h"

#include <algorithm>
#include <array>
#include <sstream>

using namespace coin_test;

namespace {

using Node = std::array<unsigned char, 32>;

// Core's ComputeMerkleRoot (consensus/merkle.cpp), its semantics exactly.
Node ReferenceRoot(std::vector<Node> hashes, bool* mutated)
{
    bool mutation = false;
    while (hashes.size() > 1) {
        for (size_t pos = 0; pos + 1 < hashes.size(); pos += 2) {
            if (hashes[pos] == hashes[pos + 1]) mutation = true;
        }
        if (hashes.size() & 1) hashes.push_back(hashes.back());
        std::vector<Node> next(hashes.size() / 2);
        for (size_t i = 0; i < next.size(); i++) {
            unsigned char pair[64];
            std::copy(hashes[2 * i].begin(), hashes[2 * i].end(), pair);
            std::copy(hashes[2 * i + 1].begin(), hashes[2 * i + 1].end(), pair + 32);
            coin_hash256(next[i].data(), pair, sizeof(pair));
        }
        hashes = next;
    }
    *mutated = mutation;
    return hashes.empty() ? Node{} : hashes[0];
}

Node Root(const std::vector<Node>& leaves, int* mutated)
{
    std::vector<Node> nodes = leaves; // coin_merkle_root overwrites its nodes
    Node root;
    root.fill(0xaa);
    coin_merkle_root(root.data(), nodes.empty() ? nullptr : nodes[0].data(), nodes.size(), mutated);
    return root;
}

std::vector<Node> RandomLeaves(size_t n, uint32_t seed)
{
    const Bytes bytes = random_bytes(32 * n, seed);
    std::vector<Node> leaves(n);
    for (size_t i = 0; i < n; i++) std::copy(bytes.begin() + 32 * i, bytes.begin() + 32 * (i + 1), leaves[i].begin());
    return leaves;
}

void CheckAgainstReference(const std::vector<Node>& leaves, const std::string& what)
{
    bool want_mutated;
    const Node want = ReferenceRoot(leaves, &want_mutated);
    int mutated = -1;
    BOOST_CHECK_MESSAGE(Root(leaves, &mutated) == want, what << ": root differs from ComputeMerkleRoot's");
    BOOST_CHECK_MESSAGE(mutated == (want_mutated ? 1 : 0), what << ": mutated " << mutated << ", ComputeMerkleRoot says " << want_mutated);
    BOOST_CHECK_MESSAGE(Root(leaves, nullptr) == want, what << ": root without mutated differs");
}

template <class F>
void OnEveryBackend(F&& body)
{
    for_each_listed_backend("sha256d64", coin_sha256d64_backend, nullptr, [&](const char*) { body(); });
}

} // namespace

BOOST_AUTO_TEST_SUITE(merkle_tests)

BOOST_AUTO_TEST_CASE(random_trees)
{
    OnEveryBackend([] {
        for (size_t n = 0; n <= 70; n++) CheckAgainstReference(RandomLeaves(n, 1000 + (uint32_t)n), std::to_string(n) + " leaves");
    });
}

// Two equal siblings at each level and position of trees of 2..40 leaves: mutated exactly
// where Core says, and a list with its odd last node doubled has the same root, mutated.
BOOST_AUTO_TEST_CASE(equal_siblings)
{
    OnEveryBackend([] {
        for (size_t n = 2; n <= 40; n++) {
            for (size_t pos = 0; pos + 1 < n; pos++) {
                std::vector<Node> leaves = RandomLeaves(n, 2000 + (uint32_t)n);
                leaves[pos + 1] = leaves[pos]; // siblings when pos is even, else across pairs
                CheckAgainstReference(leaves, std::to_string(n) + " leaves, " + std::to_string(pos) + " = " + std::to_string(pos + 1));
            }
            // Equal nodes one level up: the leaves repeat in pairs of pairs.
            std::vector<Node> leaves = RandomLeaves(n, 3000 + (uint32_t)n);
            for (size_t i = 2; i < n; i++) leaves[i] = leaves[i - 2];
            CheckAgainstReference(leaves, std::to_string(n) + " leaves repeating a b a b");
            if (n % 2 == 1) {
                std::vector<Node> doubled = RandomLeaves(n, 4000 + (uint32_t)n);
                const Node root = Root(doubled, nullptr);
                int mutated = -1;
                doubled.push_back(doubled.back());
                BOOST_CHECK_MESSAGE(Root(doubled, &mutated) == root && mutated == 1,
                                    n << " leaves and their last doubled: the same root, mutated");
            }
        }
    });
}

BOOST_AUTO_TEST_CASE(edges)
{
    Node root;
    int mutated = -1;
    coin_merkle_root(root.data(), nullptr, 0, &mutated); // no leaves: zeros, not mutated
    BOOST_CHECK(root == Node{});
    BOOST_CHECK_EQUAL(mutated, 0);
    const std::vector<Node> one = RandomLeaves(1, 5);
    BOOST_CHECK(Root(one, &mutated) == one[0]); // one leaf is its own root
    BOOST_CHECK_EQUAL(mutated, 0);
    const std::vector<Node> same(2, one[0]);
    Root(same, &mutated);
    BOOST_CHECK_EQUAL(mutated, 1);
}

BOOST_AUTO_TEST_CASE(real_blocks)
{
    const std::vector<Record> blocks = load_vectors("merkle_blocks.txt");
    OnEveryBackend([&] {
        for (const Record& r : blocks) {
            const Bytes header = r.bytes("Header");
            BOOST_REQUIRE_EQUAL(header.size(), 80u);
            Node hash;
            coin_hash256(hash.data(), header.data(), header.size());
            std::reverse(hash.begin(), hash.end());
            BOOST_REQUIRE_MESSAGE(to_hex(hash.data(), 32) == r.get("Hash"), r.where() << ": the header is not the block's");
            std::vector<Node> txids;
            std::istringstream words(r.get("Txids"));
            for (std::string hex; words >> hex;) {
                const Bytes b = from_hex(hex);
                BOOST_REQUIRE_EQUAL(b.size(), 32u);
                txids.emplace_back();
                std::reverse_copy(b.begin(), b.end(), txids.back().begin());
            }
            int mutated = -1;
            const Node root = Root(txids, &mutated);
            BOOST_CHECK_MESSAGE(std::equal(root.begin(), root.end(), header.begin() + 36), r.where() << ": merkle root");
            BOOST_CHECK_EQUAL(mutated, 0);
        }
    });
}

BOOST_AUTO_TEST_SUITE_END()
