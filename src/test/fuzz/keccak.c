/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SHA3-256, SHA3-512, SHAKE128, SHAKE256, Keccak-256 and Keccak-512: absorbed in fuzzer-chosen
 * pieces and (SHAKE) squeezed in pieces, on every backend, against the portable one-shot
 * result and OpenSSL's (which has no Keccak-256/512). Input: a selector byte, a cut seed
 * byte, an output length byte (SHAKE: 0 to 255 bytes), then the message. */

#include <openssl/evp.h>

#include "fuzz.h"
#include "keccak.h"

enum { SHA3_256, SHA3_512, SHAKE128, SHAKE256, KECCAK256, KECCAK512, KINDS };

struct job {
    int kind;
    const uint8_t *msg;
    size_t len, outlen;
    uint32_t seed;
    unsigned char want[256];
};

static void oneshot(const struct job *j, unsigned char *out)
{
    switch (j->kind) {
    case SHA3_256: coin_sha3_256(out, j->msg, j->len); break;
    case SHA3_512: coin_sha3_512(out, j->msg, j->len); break;
    case SHAKE128: coin_shake128(out, j->outlen, j->msg, j->len); break;
    case SHAKE256: coin_shake256(out, j->outlen, j->msg, j->len); break;
    case KECCAK256: coin_keccak256(out, j->msg, j->len); break;
    default: coin_keccak512(out, j->msg, j->len); break;
    }
}

static void on_backend(const char *name, void *arg)
{
    const struct job *j = arg;
    struct fuzz_cuts cuts = {j->seed};
    coin_keccak_ctx ctx;
    unsigned char got[256];
    size_t pos = 0;

    oneshot(j, got);
    fuzz_check(memcmp(got, j->want, j->outlen) == 0, "one-shot", name);
    switch (j->kind) {
    case SHA3_256: coin_sha3_256_init(&ctx); break;
    case SHA3_512: coin_sha3_512_init(&ctx); break;
    case SHAKE128: coin_shake128_init(&ctx); break;
    case SHAKE256: coin_shake256_init(&ctx); break;
    case KECCAK256: coin_keccak256_init(&ctx); break;
    default: coin_keccak512_init(&ctx); break;
    }
    while (pos < j->len) {
        size_t n = fuzz_next_cut(&cuts);
        if (n > j->len - pos) n = j->len - pos;
        coin_keccak_write(&ctx, j->msg + pos, n);
        pos += n;
    }
    if (j->kind == SHAKE128 || j->kind == SHAKE256) {
        for (pos = 0; pos < j->outlen;) {
            size_t n = fuzz_next_cut(&cuts);
            if (n > j->outlen - pos) n = j->outlen - pos;
            coin_keccak_squeeze(&ctx, got + pos, n);
            pos += n;
        }
    } else {
        coin_keccak_finalize(&ctx, got);
    }
    fuzz_check(memcmp(got, j->want, j->outlen) == 0, "streamed", name);
}

static int openssl(const struct job *j, unsigned char *out)
{
    const EVP_MD *md = j->kind == SHA3_256 ? EVP_sha3_256() : j->kind == SHA3_512 ? EVP_sha3_512()
                     : j->kind == SHAKE128 ? EVP_shake128() : EVP_shake256();
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned int len;
    int ok = ctx && EVP_DigestInit_ex(ctx, md, NULL) && EVP_DigestUpdate(ctx, j->msg, j->len) &&
             (j->kind == SHAKE128 || j->kind == SHAKE256 ? EVP_DigestFinalXOF(ctx, out, j->outlen)
                                                         : EVP_DigestFinal_ex(ctx, out, &len));
    EVP_MD_CTX_free(ctx);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const size_t fixed[KINDS] = {32, 64, 0, 0, 32, 64};
    struct fuzz_input in = {data, size};
    struct job j;
    unsigned char ref[256];
    j.kind = (int)(fuzz_byte(&in) % KINDS);
    j.seed = fuzz_byte(&in);
    j.outlen = fixed[j.kind] ? fixed[j.kind] : fuzz_byte(&in);
    j.msg = in.p;
    j.len = in.n;
    coin_cpu_set_features(0);
    oneshot(&j, j.want);
    coin_cpu_set_features(~0u);
    if (j.kind < KECCAK256) {
        fuzz_check(j.outlen == 0 || (openssl(&j, ref) && memcmp(ref, j.want, j.outlen) == 0), "OpenSSL's answer", "generic");
    }
    fuzz_each_backend(coin_keccak_backend, coin_keccak_implementation, 0, on_backend, &j);
    return 0;
}
