/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* coin_sha256d64 through each batch backend alone (coin_sha256d64_with) and in the order the
 * dispatcher timed (up to 40 blocks: every width with every remainder), out of place at an
 * odd offset and in place, against the portable hash256 of each block and OpenSSL's SHA-256
 * applied twice. Input: the blocks. */

#include <openssl/evp.h>

#include "fuzz.h"
#include "sha256.h"

#define MAX_BLOCKS 40

struct job {
    const uint8_t *in;
    size_t blocks;
    unsigned char want[32 * MAX_BLOCKS];
};

/* Backend i alone, or the timed order for i == SIZE_MAX. */
static void run(size_t i, unsigned char *out, const unsigned char *in, size_t blocks)
{
    if (i == SIZE_MAX) {
        coin_sha256d64(out, in, blocks);
    } else {
        fuzz_check(coin_sha256d64_with(i, out, in, blocks) > 0, "sha256d64 usable", coin_sha256d64_backend(i, NULL));
    }
}

static void check(const struct job *j, size_t i)
{
    const char *name = i == SIZE_MAX ? "the timed order" : coin_sha256d64_backend(i, NULL);
    unsigned char out[32 * MAX_BLOCKS + 1], place[64 * MAX_BLOCKS];
    run(i, out + 1, j->in, j->blocks);
    fuzz_check(memcmp(out + 1, j->want, 32 * j->blocks) == 0, "sha256d64", name);
    memcpy(place, j->in, 64 * j->blocks);
    run(i, place, place, j->blocks);
    fuzz_check(memcmp(place, j->want, 32 * j->blocks) == 0, "sha256d64 in place", name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct job j;
    const uint32_t detected = coin_cpu_detected();
    uint32_t needs;
    size_t i;
    j.in = data;
    j.blocks = size / 64 < MAX_BLOCKS ? size / 64 : MAX_BLOCKS;
    coin_cpu_set_features(0);
    for (i = 0; i < j.blocks; i++) {
        unsigned char ref[32];
        unsigned int len;
        coin_hash256(j.want + 32 * i, data + 64 * i, 64);
        fuzz_check(EVP_Digest(data + 64 * i, 64, ref, &len, EVP_sha256(), NULL) &&
                       EVP_Digest(ref, 32, ref, &len, EVP_sha256(), NULL) && memcmp(ref, j.want + 32 * i, 32) == 0,
                   "OpenSSL's answer", "generic");
    }
    coin_cpu_set_features(~0u);
    for (i = 0; coin_sha256d64_backend(i, &needs) != NULL; i++) {
        if (!(needs & ~detected)) check(&j, i);
    }
    check(&j, SIZE_MAX);
    return 0;
}
