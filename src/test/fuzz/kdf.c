/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* PBKDF2-HMAC-SHA256, PBKDF2-HMAC-SHA512, HKDF-SHA256 and scrypt with small costs, on every
 * backend of the hash underneath (scrypt: SHA-256's), against the portable result and
 * OpenSSL's. Input: a selector byte, a cost byte, an output length byte, a password length
 * byte, then the password and the salt (HKDF: the input key and the salt, with info "fuzz"). */

#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/core_names.h>

#include "fuzz.h"
#include "hkdf_sha256.h"
#include "pbkdf2.h"
#include "scrypt.h"
#include "sha256.h"
#include "sha512.h"

enum { PBKDF2_256, PBKDF2_512, HKDF, SCRYPT, KINDS };

struct job {
    int kind;
    const uint8_t *pass, *salt;
    size_t passlen, saltlen, outlen;
    uint64_t iterations, N;
    uint32_t r, p;
    int status;
    unsigned char want[256];
};

static unsigned char scratch[64 * 1024];

static int derive(const struct job *j, unsigned char *out)
{
    switch (j->kind) {
    case PBKDF2_256: return coin_pbkdf2_hmac_sha256(j->pass, j->passlen, j->salt, j->saltlen, j->iterations, out, j->outlen);
    case PBKDF2_512: return coin_pbkdf2_hmac_sha512(j->pass, j->passlen, j->salt, j->saltlen, j->iterations, out, j->outlen);
    case HKDF:
        return coin_hkdf_sha256(out, j->outlen, j->pass, j->passlen, j->salt, j->saltlen, (const unsigned char *)"fuzz", 4);
    default:
        return coin_scrypt(j->pass, j->passlen, j->salt, j->saltlen, j->N, j->r, j->p, out, j->outlen, scratch,
                           sizeof(scratch));
    }
}

static int openssl(const struct job *j, unsigned char *out)
{
    EVP_KDF *kdf;
    EVP_KDF_CTX *ctx;
    OSSL_PARAM params[6], *q = params;
    int ok;
    switch (j->kind) {
    case PBKDF2_256:
        return PKCS5_PBKDF2_HMAC((const char *)j->pass, (int)j->passlen, j->salt, (int)j->saltlen, (int)j->iterations,
                                 EVP_sha256(), (int)j->outlen, out);
    case PBKDF2_512:
        return PKCS5_PBKDF2_HMAC((const char *)j->pass, (int)j->passlen, j->salt, (int)j->saltlen, (int)j->iterations,
                                 EVP_sha512(), (int)j->outlen, out);
    case SCRYPT:
        return EVP_PBE_scrypt((const char *)j->pass, j->passlen, j->salt, j->saltlen, j->N, j->r, j->p, 0, out, j->outlen);
    default:
        kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
        ctx = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
        *q++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA256", 0);
        *q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)j->pass, j->passlen);
        *q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)j->salt, j->saltlen);
        *q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)"fuzz", 4);
        *q = OSSL_PARAM_construct_end();
        ok = ctx && EVP_KDF_derive(ctx, out, j->outlen, params) > 0;
        EVP_KDF_CTX_free(ctx);
        EVP_KDF_free(kdf);
        return ok;
    }
}

static void on_backend(const char *name, void *arg)
{
    const struct job *j = arg;
    unsigned char got[256];
    fuzz_check(derive(j, got) == j->status, "the status", name);
    fuzz_check(j->status != COIN_OK || memcmp(got, j->want, j->outlen) == 0, "the key", name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_input in = {data, size};
    struct job j;
    unsigned char ref[256];
    unsigned cost;

    j.kind = (int)(fuzz_byte(&in) % KINDS);
    cost = fuzz_byte(&in);
    j.outlen = fuzz_byte(&in);
    fuzz_split(&in, &j.pass, &j.passlen, &j.salt, &j.saltlen);
    j.iterations = 1 + cost % 3;
    j.N = (uint64_t)2 << (cost % 6); /* 2 .. 64 */
    j.r = 1 + (cost >> 3) % 2;
    j.p = 1 + (cost >> 4) % 2;
    if (j.kind != HKDF && j.outlen == 0) j.outlen = 1;

    coin_cpu_set_features(0);
    j.status = derive(&j, j.want);
    coin_cpu_set_features(~0u);
    fuzz_check(j.status == COIN_OK, "a valid derivation failed", "generic");
    if (j.outlen) fuzz_check(openssl(&j, ref) && memcmp(ref, j.want, j.outlen) == 0, "OpenSSL's answer", "generic");
    fuzz_each_backend(j.kind == PBKDF2_512 ? coin_sha512_backend : coin_sha256_backend,
                      j.kind == PBKDF2_512 ? coin_sha512_implementation : coin_sha256_implementation, 0, on_backend, &j);
    if (j.kind == SCRYPT) fuzz_each_backend(coin_scrypt_backend, coin_scrypt_implementation, 1, on_backend, &j);
    return 0;
}
