/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* The batches of messages: coin_sha256_many and coin_hash256_many of up to 70 messages of any
 * lengths (each a slice of the input, so that slices overlap and repeat), and coin_hash160_many
 * of up to 70 inputs of one length, through each backend alone (the _with calls) and in the
 * timed order, against the portable one-message calls and OpenSSL's SHA-256. Input: a byte for
 * HASH160's length, then four bytes per message (start and length in the input, modulo its
 * size), as many as the input holds. */

#include <openssl/evp.h>

#include "fuzz.h"
#include "ripemd160.h"
#include "sha256.h"

#define MAX_MSGS 70

struct job {
    const unsigned char *msgs[MAX_MSGS];
    size_t lens[MAX_MSGS], n;
    unsigned char want[2][32 * MAX_MSGS]; /* SHA-256, hash256 */
    const unsigned char *keys;
    size_t keylen, keys_n;
    unsigned char want160[20 * MAX_MSGS];
};

static void check_many(const struct job *j, size_t i)
{
    const char *name = i == SIZE_MAX ? "the timed order" : coin_sha256_many_backend(i, NULL);
    unsigned char out[32 * MAX_MSGS + 1];
    int twice;
    for (twice = 0; twice < 2; twice++) {
        if (i == SIZE_MAX) {
            (twice ? coin_hash256_many : coin_sha256_many)(out + 1, j->msgs, j->lens, j->n);
        } else {
            fuzz_check(coin_sha256_many_with(i, twice, out + 1, j->msgs, j->lens, j->n) > 0, "sha256 many usable", name);
        }
        fuzz_check(memcmp(out + 1, j->want[twice], 32 * j->n) == 0, twice ? "hash256 many" : "sha256 many", name);
    }
}

static void check_hash160(const struct job *j, size_t i)
{
    const char *name = i == SIZE_MAX ? "the timed order" : coin_hash160_many_backend(i, NULL);
    unsigned char out[20 * MAX_MSGS + 1];
    if (i == SIZE_MAX) {
        coin_hash160_many(out + 1, j->keys, j->keylen, j->keys_n);
    } else {
        fuzz_check(coin_hash160_many_with(i, out + 1, j->keys, j->keylen, j->keys_n) > 0, "hash160 many usable", name);
    }
    fuzz_check(memcmp(out + 1, j->want160, 20 * j->keys_n) == 0, "hash160 many", name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct job j;
    struct fuzz_input in = {data, size};
    const uint32_t detected = coin_cpu_detected();
    uint32_t needs;
    size_t i;

    if (size == 0) return 0;
    j.keylen = 1 + fuzz_byte(&in) % 80;
    j.keys = data;
    j.keys_n = size / j.keylen < MAX_MSGS ? size / j.keylen : MAX_MSGS;
    for (j.n = 0; j.n < MAX_MSGS && in.n >= 4; j.n++) {
        const size_t start = (fuzz_byte(&in) | fuzz_byte(&in) << 8) % size;
        const size_t len = (fuzz_byte(&in) | fuzz_byte(&in) << 8) % (size - start + 1);
        j.msgs[j.n] = data + start;
        j.lens[j.n] = len;
    }

    coin_cpu_set_features(0);
    for (i = 0; i < j.n; i++) {
        unsigned char ref[32];
        unsigned int len;
        coin_sha256(j.want[0] + 32 * i, j.msgs[i], j.lens[i]);
        coin_hash256(j.want[1] + 32 * i, j.msgs[i], j.lens[i]);
        fuzz_check(EVP_Digest(j.msgs[i], j.lens[i], ref, &len, EVP_sha256(), NULL) &&
                       memcmp(ref, j.want[0] + 32 * i, 32) == 0 && EVP_Digest(ref, 32, ref, &len, EVP_sha256(), NULL) &&
                       memcmp(ref, j.want[1] + 32 * i, 32) == 0,
                   "OpenSSL's answer", "generic");
    }
    for (i = 0; i < j.keys_n; i++) coin_hash160(j.want160 + 20 * i, j.keys + j.keylen * i, j.keylen);

    coin_cpu_set_features(~0u);
    for (i = 0; coin_sha256_many_backend(i, &needs) != NULL; i++) {
        if (!(needs & ~detected)) check_many(&j, i);
    }
    check_many(&j, SIZE_MAX);
    for (i = 0; coin_hash160_many_backend(i, &needs) != NULL; i++) {
        if (!(needs & ~detected)) check_hash160(&j, i);
    }
    check_hash160(&j, SIZE_MAX);
    return 0;
}
