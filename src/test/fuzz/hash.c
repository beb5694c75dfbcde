/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA-1, SHA-256, SHA-512, SHA-512/256, RIPEMD-160, HASH160, hash256 and HMAC-SHA256/512:
 * the message written in fuzzer-chosen pieces on every backend, against the portable one-shot
 * result and OpenSSL's. Input: a selector byte, a cut seed byte, an HMAC key length byte, then
 * the key and the message. */

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "fuzz.h"
#include "hmac_sha256.h"
#include "hmac_sha512.h"
#include "ripemd160.h"
#include "sha1.h"
#include "sha256.h"
#include "sha512.h"

enum { SHA1, SHA256, HASH256, SHA512, SHA512_256, RIPEMD160, HASH160, HMAC256, HMAC512, KINDS };

struct job {
    int kind;
    const uint8_t *key, *msg;
    size_t keylen, len;
    uint32_t seed;
    unsigned char want[64];
    size_t outlen;
};

/* The one-shot result of the selected backends. */
static void oneshot(const struct job *j, unsigned char *out)
{
    switch (j->kind) {
    case SHA1: coin_sha1(out, j->msg, j->len); break;
    case SHA256: coin_sha256(out, j->msg, j->len); break;
    case HASH256: coin_hash256(out, j->msg, j->len); break;
    case SHA512: coin_sha512(out, j->msg, j->len); break;
    case SHA512_256: coin_sha512_256(out, j->msg, j->len); break;
    case RIPEMD160: coin_ripemd160(out, j->msg, j->len); break;
    case HASH160: coin_hash160(out, j->msg, j->len); break;
    case HMAC256: coin_hmac_sha256(out, j->key, j->keylen, j->msg, j->len); break;
    default: coin_hmac_sha512(out, j->key, j->keylen, j->msg, j->len); break;
    }
}

/* The same through a context, written in pieces (the double hashes: their inner hash). */
static void streamed(const struct job *j, unsigned char *out)
{
    struct fuzz_cuts cuts = {j->seed};
    coin_sha1_ctx c1;
    coin_sha256_ctx c256;
    coin_sha512_ctx c512;
    coin_sha512_256_ctx c512_256;
    coin_ripemd160_ctx c160;
    coin_hmac_sha256_ctx h256;
    coin_hmac_sha512_ctx h512;
    size_t pos = 0;
    unsigned char inner[32];

    switch (j->kind) {
    case SHA1: coin_sha1_init(&c1); break;
    case SHA256: case HASH256: case HASH160: coin_sha256_init(&c256); break;
    case SHA512: coin_sha512_init(&c512); break;
    case SHA512_256: coin_sha512_256_init(&c512_256); break;
    case RIPEMD160: coin_ripemd160_init(&c160); break;
    case HMAC256: coin_hmac_sha256_init(&h256, j->key, j->keylen); break;
    default: coin_hmac_sha512_init(&h512, j->key, j->keylen); break;
    }
    while (pos < j->len) {
        size_t n = fuzz_next_cut(&cuts);
        if (n > j->len - pos) n = j->len - pos;
        switch (j->kind) {
        case SHA1: coin_sha1_write(&c1, j->msg + pos, n); break;
        case SHA256: case HASH256: case HASH160: coin_sha256_write(&c256, j->msg + pos, n); break;
        case SHA512: coin_sha512_write(&c512, j->msg + pos, n); break;
        case SHA512_256: coin_sha512_256_write(&c512_256, j->msg + pos, n); break;
        case RIPEMD160: coin_ripemd160_write(&c160, j->msg + pos, n); break;
        case HMAC256: coin_hmac_sha256_write(&h256, j->msg + pos, n); break;
        default: coin_hmac_sha512_write(&h512, j->msg + pos, n); break;
        }
        pos += n;
    }
    switch (j->kind) {
    case SHA1: coin_sha1_finalize(&c1, out); break;
    case SHA256: coin_sha256_finalize(&c256, out); break;
    case HASH256: coin_sha256_finalize(&c256, inner); coin_sha256(out, inner, 32); break;
    case HASH160: coin_sha256_finalize(&c256, inner); coin_ripemd160(out, inner, 32); break;
    case SHA512: coin_sha512_finalize(&c512, out); break;
    case SHA512_256: coin_sha512_256_finalize(&c512_256, out); break;
    case RIPEMD160: coin_ripemd160_finalize(&c160, out); break;
    case HMAC256: coin_hmac_sha256_finalize(&h256, out); break;
    default: coin_hmac_sha512_finalize(&h512, out); break;
    }
}

/* OpenSSL's answer, where it has one. */
static int openssl(const struct job *j, unsigned char *out)
{
    unsigned char inner[32];
    unsigned int len;
    switch (j->kind) {
    case SHA1: return EVP_Digest(j->msg, j->len, out, &len, EVP_sha1(), NULL);
    case SHA256: return EVP_Digest(j->msg, j->len, out, &len, EVP_sha256(), NULL);
    case HASH256:
        return EVP_Digest(j->msg, j->len, inner, &len, EVP_sha256(), NULL) && EVP_Digest(inner, 32, out, &len, EVP_sha256(), NULL);
    case SHA512: return EVP_Digest(j->msg, j->len, out, &len, EVP_sha512(), NULL);
    case SHA512_256: return EVP_Digest(j->msg, j->len, out, &len, EVP_sha512_256(), NULL);
    case RIPEMD160: return EVP_Digest(j->msg, j->len, out, &len, EVP_ripemd160(), NULL);
    case HASH160:
        return EVP_Digest(j->msg, j->len, inner, &len, EVP_sha256(), NULL) && EVP_Digest(inner, 32, out, &len, EVP_ripemd160(), NULL);
    case HMAC256: return HMAC(EVP_sha256(), j->key, (int)j->keylen, j->msg, j->len, out, &len) != NULL;
    default: return HMAC(EVP_sha512(), j->key, (int)j->keylen, j->msg, j->len, out, &len) != NULL;
    }
}

static const char *(*const listing[KINDS])(size_t, uint32_t *) = {
    coin_sha1_backend, coin_sha256_backend, coin_sha256_backend, coin_sha512_backend, coin_sha512_backend,
    coin_ripemd160_backend, coin_sha256_backend, coin_sha256_backend, coin_sha512_backend};
static const char *(*const implementation[KINDS])(void) = {
    coin_sha1_implementation, coin_sha256_implementation, coin_sha256_implementation, coin_sha512_implementation,
    coin_sha512_implementation, coin_ripemd160_implementation, coin_sha256_implementation, coin_sha256_implementation,
    coin_sha512_implementation};
static const size_t outlens[KINDS] = {20, 32, 32, 64, 32, 20, 20, 32, 64};

static void on_backend(const char *name, void *arg)
{
    const struct job *j = arg;
    unsigned char got[64];
    oneshot(j, got);
    fuzz_check(memcmp(got, j->want, j->outlen) == 0, "one-shot", name);
    streamed(j, got);
    fuzz_check(memcmp(got, j->want, j->outlen) == 0, "streamed", name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_input in = {data, size};
    struct job j;
    unsigned char ref[64];

    j.kind = (int)(fuzz_byte(&in) % KINDS);
    j.seed = fuzz_byte(&in);
    fuzz_split(&in, &j.key, &j.keylen, &j.msg, &j.len);
    j.outlen = outlens[j.kind];

    coin_cpu_set_features(0); /* the portable one-shot result is the reference */
    oneshot(&j, j.want);
    coin_cpu_set_features(~0u);
    fuzz_check(openssl(&j, ref) && memcmp(ref, j.want, j.outlen) == 0, "OpenSSL's answer", "generic");
    fuzz_each_backend(listing[j.kind], implementation[j.kind], 0, on_backend, &j);
    return 0;
}
