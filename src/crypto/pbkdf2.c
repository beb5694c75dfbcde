/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <string.h>

#include "common.h"
#include "hmac_sha256.h"
#include "hmac_sha512.h"
#include "pbkdf2.h"

/* The PBKDF2 loop of RFC 8018 over one HMAC. keyed holds the pads hashed once (HMAC's inner
 * and outer midstates); salted is keyed's inner context with the salt written after the pad.
 * Block i is U_1 ^ ... ^ U_c with U_1 = HMAC(P, S || INT(i)) and U_j = HMAC(P, U_{j-1}): each
 * U_j copies the two midstates and hashes one hash-sized message into each, one compression
 * apiece (SHA-256: 64 + 32 bytes, SHA-512: 128 + 64 bytes, padding included). */
#define PBKDF2_CORE(NAME, HMAC_CTX, CTX, WRITE, FINALIZE, HLEN)                                      \
    static void NAME(const HMAC_CTX *keyed, const CTX *salted, uint64_t iterations, unsigned char *out, \
                     size_t dklen)                                                                    \
    {                                                                                                 \
        unsigned char u[HLEN], t[HLEN], ctr[4];                                                       \
        CTX c;                                                                                        \
        uint32_t block = 1;                                                                           \
        uint64_t j;                                                                                   \
        size_t k, n;                                                                                  \
        while (dklen > 0) {                                                                           \
            c = *salted;                                                                              \
            coin_write_be32(ctr, block);                                                              \
            WRITE(&c, ctr, sizeof(ctr));                                                              \
            FINALIZE(&c, u);                                                                          \
            c = keyed->outer;                                                                         \
            WRITE(&c, u, HLEN);                                                                       \
            FINALIZE(&c, u);                                                                          \
            memcpy(t, u, HLEN);                                                                       \
            for (j = 1; j < iterations; j++) {                                                        \
                c = keyed->inner;                                                                     \
                WRITE(&c, u, HLEN);                                                                   \
                FINALIZE(&c, u);                                                                      \
                c = keyed->outer;                                                                     \
                WRITE(&c, u, HLEN);                                                                   \
                FINALIZE(&c, u);                                                                      \
                for (k = 0; k < HLEN; k++) t[k] ^= u[k];                                              \
            }                                                                                         \
            n = dklen < HLEN ? dklen : HLEN;                                                          \
            memcpy(out, t, n);                                                                        \
            out += n;                                                                                 \
            dklen -= n;                                                                               \
            block++;                                                                                  \
        }                                                                                             \
        memory_cleanse(u, sizeof(u));                                                                 \
        memory_cleanse(t, sizeof(t));                                                                 \
        memory_cleanse(&c, sizeof(c));                                                                \
    }

PBKDF2_CORE(pbkdf2_sha256_core, coin_hmac_sha256_ctx, coin_sha256_ctx, coin_sha256_write, coin_sha256_finalize, 32)
PBKDF2_CORE(pbkdf2_sha512_core, coin_hmac_sha512_ctx, coin_sha512_ctx, coin_sha512_write, coin_sha512_finalize, 64)

/* At most 2^32 - 1 blocks (RFC 8018: "derived key too long"). */
static int dklen_ok(size_t dklen, size_t hlen)
{
    return (uint64_t)dklen <= UINT64_C(0xffffffff) * hlen;
}

int coin_pbkdf2_hmac_sha256(const unsigned char *pass, size_t passlen, const unsigned char *salt, size_t saltlen,
                            uint64_t iterations, unsigned char *out, size_t dklen)
{
    coin_hmac_sha256_ctx keyed;
    coin_sha256_ctx salted;
    if (iterations == 0 || !dklen_ok(dklen, 32)) return COIN_ERR_PARAM;
    coin_hmac_sha256_init(&keyed, pass, passlen);
    salted = keyed.inner;
    coin_sha256_write(&salted, salt, saltlen);
    pbkdf2_sha256_core(&keyed, &salted, iterations, out, dklen);
    memory_cleanse(&keyed, sizeof(keyed));
    memory_cleanse(&salted, sizeof(salted));
    return COIN_OK;
}

int coin_pbkdf2_hmac_sha512(const unsigned char *pass, size_t passlen, const unsigned char *salt, size_t saltlen,
                            uint64_t iterations, unsigned char *out, size_t dklen)
{
    coin_hmac_sha512_ctx keyed;
    coin_sha512_ctx salted;
    if (iterations == 0 || !dklen_ok(dklen, 64)) return COIN_ERR_PARAM;
    coin_hmac_sha512_init(&keyed, pass, passlen);
    salted = keyed.inner;
    coin_sha512_write(&salted, salt, saltlen);
    pbkdf2_sha512_core(&keyed, &salted, iterations, out, dklen);
    memory_cleanse(&keyed, sizeof(keyed));
    memory_cleanse(&salted, sizeof(salted));
    return COIN_OK;
}

void coin_bip39_seed(const char *mnemonic, size_t mlen, const char *passphrase, size_t plen,
                     unsigned char out64[COIN_BIP39_SEED_SIZE])
{
    static const unsigned char prefix[8] = {'m', 'n', 'e', 'm', 'o', 'n', 'i', 'c'};
    coin_hmac_sha512_ctx keyed;
    coin_sha512_ctx salted;
    coin_hmac_sha512_init(&keyed, (const unsigned char *)mnemonic, mlen);
    salted = keyed.inner;
    coin_sha512_write(&salted, prefix, sizeof(prefix));
    coin_sha512_write(&salted, (const unsigned char *)passphrase, plen);
    pbkdf2_sha512_core(&keyed, &salted, 2048, out64, COIN_BIP39_SEED_SIZE);
    memory_cleanse(&keyed, sizeof(keyed));
    memory_cleanse(&salted, sizeof(salted));
}
