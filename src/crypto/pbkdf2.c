/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <string.h>

#include "backends.h"
#include "common.h"
#include "dispatch.h"
#include "hmac_sha256.h"
#include "hmac_sha512.h"
#include "pbkdf2.h"

/* PBKDF2 (RFC 8018): block i of the key is U_1 ^ ... ^ U_c with U_1 = HMAC(P, S || INT(i)) and
 * U_j = HMAC(P, U_{j-1}). keyed holds HMAC's pads hashed once (its inner and outer
 * midstates); salted is keyed's inner context with the salt written after the pad. Each U_j
 * copies the two midstates and hashes one hash-sized message into each: one compression
 * apiece. */

/* At most 2^32 - 1 blocks (RFC 8018: "derived key too long"). */
static int dklen_ok(size_t dklen, size_t hlen)
{
    return (uint64_t)dklen <= UINT64_C(0xffffffff) * hlen;
}

/* PBKDF2-HMAC-SHA256, through the SHA-256 contexts. */
static void pbkdf2_sha256(const coin_hmac_sha256_ctx *keyed, const coin_sha256_ctx *salted, uint64_t iterations,
                          unsigned char *out, size_t dklen)
{
    unsigned char u[32], t[32], ctr[4];
    coin_sha256_ctx c;
    uint32_t block = 1;
    uint64_t j;
    size_t k, n;
    while (dklen > 0) {
        c = *salted;
        coin_write_be32(ctr, block);
        coin_sha256_write(&c, ctr, sizeof(ctr));
        coin_sha256_finalize(&c, u);
        c = keyed->outer;
        coin_sha256_write(&c, u, 32);
        coin_sha256_finalize(&c, u);
        memcpy(t, u, 32);
        for (j = 1; j < iterations; j++) {
            c = keyed->inner;
            coin_sha256_write(&c, u, 32);
            coin_sha256_finalize(&c, u);
            c = keyed->outer;
            coin_sha256_write(&c, u, 32);
            coin_sha256_finalize(&c, u);
            for (k = 0; k < 32; k++) t[k] ^= u[k];
        }
        n = dklen < 32 ? dklen : 32;
        memcpy(out, t, n);
        out += n;
        dklen -= n;
        block++;
    }
    memory_cleanse(u, sizeof(u));
    memory_cleanse(t, sizeof(t));
    memory_cleanse(&c, sizeof(c));
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
    pbkdf2_sha256(&keyed, &salted, iterations, out, dklen);
    memory_cleanse(&keyed, sizeof(keyed));
    memory_cleanse(&salted, sizeof(salted));
    return COIN_OK;
}

/* ---- PBKDF2-HMAC-SHA512 on multi-lane SHA-512: BIP39 seeds, one or many ----
 * A lanes backend compresses one 128-byte block per lane, lane k's block at blocks + 128 k
 * into the state s + 8 k (see backends.h). Widest first; the last entry is one lane on
 * SHA-512's own selected transform. */
typedef void (*lanes_fn)(uint64_t *s, const unsigned char *blocks);

/* One lane on the selected single-stream SHA-512 transform. */
static void one_lane(uint64_t *s, const unsigned char *blocks)
{
    coin_sha512_transform(s, blocks, 1);
}

static const struct coin_backend lanes_backends[] = {
#ifdef ENABLE_AVX512
    {"avx512", COIN_CPU_AVX512, 8, (coin_fn)coin_sha512_transform_avx512_8way},
#endif
#ifdef ENABLE_AVX2
    {"avx2", COIN_CPU_AVX2 | COIN_CPU_BMI2, 4, (coin_fn)coin_sha512_transform_avx2_4way},
#endif
    {"generic", 0, 1, (coin_fn)one_lane},
};

static int lanes_selftest(const struct coin_backend *b);
static struct coin_dispatch lanes_dispatch = COIN_DISPATCH_INIT("sha512 lanes", lanes_backends, lanes_selftest);

#define MAX_LANES 8

/* Writes the 64-byte value of each lane's state (big-endian) into its block, whose padding
 * for a 192-byte message (the 128-byte pad block, then this value) stays in place. */
static void state_to_blocks(const uint64_t *s, unsigned char *blocks, unsigned width)
{
    unsigned k, i;
    for (k = 0; k < width; k++) {
        for (i = 0; i < 8; i++) coin_write_be64(blocks + 128 * k + 8 * i, s[8 * k + i]);
    }
}

/* PBKDF2-HMAC-SHA512 of width passwords at once through fn, from their keyed HMACs and salted
 * inner contexts (see above): dklen bytes for lane k at out + dklen k. Each lane's block holds
 * the 64-byte value of its last hash and the padding of a 192-byte message, which stays. */
static void pbkdf2_sha512_lanes(lanes_fn fn, unsigned width, const coin_hmac_sha512_ctx *keyed,
                                const coin_sha512_ctx *salted, uint64_t iterations, unsigned char *out, size_t dklen)
{
    uint64_t s[8 * MAX_LANES], t[8 * MAX_LANES], j;
    unsigned char blocks[128 * MAX_LANES], ctr[4], last[64];
    uint32_t block = 1;
    size_t done, n;
    unsigned k, i;

    for (done = 0; done < dklen; done += n, block++) {
        coin_write_be32(ctr, block);
        for (k = 0; k < width; k++) {
            unsigned char *b = blocks + 128 * k;
            coin_sha512_ctx c = salted[k]; /* U_1 */
            coin_sha512_write(&c, ctr, sizeof(ctr));
            coin_sha512_finalize(&c, b);
            c = keyed[k].outer;
            coin_sha512_write(&c, b, 64);
            coin_sha512_finalize(&c, b);
            memset(b + 64, 0, 64);
            b[64] = 0x80;
            coin_write_be64(b + 120, (128 + 64) * 8);
            for (i = 0; i < 8; i++) t[8 * k + i] = coin_read_be64(b + 8 * i);
            memory_cleanse(&c, sizeof(c));
        }
        for (j = 1; j < iterations; j++) {
            for (k = 0; k < width; k++) memcpy(s + 8 * k, keyed[k].inner.s, 64);
            fn(s, blocks);
            state_to_blocks(s, blocks, width);
            for (k = 0; k < width; k++) memcpy(s + 8 * k, keyed[k].outer.s, 64);
            fn(s, blocks);
            state_to_blocks(s, blocks, width);
            for (i = 0; i < 8 * width; i++) t[i] ^= s[i];
        }
        n = dklen - done < 64 ? dklen - done : 64;
        for (k = 0; k < width; k++) {
            for (i = 0; i < 8; i++) coin_write_be64(last + 8 * i, t[8 * k + i]);
            memcpy(out + dklen * k + done, last, n);
        }
    }
    memory_cleanse(s, sizeof(s));
    memory_cleanse(t, sizeof(t));
    memory_cleanse(blocks, sizeof(blocks));
    memory_cleanse(last, sizeof(last));
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
    pbkdf2_sha512_lanes(one_lane, 1, &keyed, &salted, iterations, out, dklen);
    memory_cleanse(&keyed, sizeof(keyed));
    memory_cleanse(&salted, sizeof(salted));
    return COIN_OK;
}

/* width BIP39 seeds at once through fn: the salt is "mnemonic" followed by the passphrase. */
static void seeds_with(lanes_fn fn, unsigned width, const char *const *mnemonics, const size_t *mlens,
                       const char *const *passphrases, const size_t *plens, unsigned char *out)
{
    static const unsigned char prefix[8] = {'m', 'n', 'e', 'm', 'o', 'n', 'i', 'c'};
    coin_hmac_sha512_ctx keyed[MAX_LANES];
    coin_sha512_ctx salted[MAX_LANES];
    unsigned k;
    for (k = 0; k < width; k++) {
        coin_hmac_sha512_init(&keyed[k], (const unsigned char *)mnemonics[k], mlens[k]);
        salted[k] = keyed[k].inner;
        coin_sha512_write(&salted[k], prefix, sizeof(prefix));
        coin_sha512_write(&salted[k], (const unsigned char *)passphrases[k], plens[k]);
    }
    pbkdf2_sha512_lanes(fn, width, keyed, salted, 2048, out, COIN_BIP39_SEED_SIZE);
    memory_cleanse(keyed, sizeof(keyed));
    memory_cleanse(salted, sizeof(salted));
}

void coin_bip39_seed(const char *mnemonic, size_t mlen, const char *passphrase, size_t plen,
                     unsigned char out64[COIN_BIP39_SEED_SIZE])
{
    seeds_with(one_lane, 1, &mnemonic, &mlen, &passphrase, &plen, out64);
}

void coin_bip39_seed_batch(const char *const *mnemonics, const size_t *mlens, const char *const *passphrases,
                           const size_t *plens, unsigned char *out, size_t n)
{
    uint32_t usable = coin_dispatch_usable(&lanes_dispatch);
    size_t i;
    for (i = 0; i < lanes_dispatch.count; i++) {
        const struct coin_backend *b = &lanes_backends[i];
        if (!(usable & (1u << i))) continue;
        for (; n >= b->width; n -= b->width, mnemonics += b->width, mlens += b->width, passphrases += b->width,
                              plens += b->width, out += 64 * b->width) {
            seeds_with((lanes_fn)b->fn, b->width, mnemonics, mlens, passphrases, plens, out);
        }
    }
}

/* ---- HMAC-SHA512 of many messages under one key, on the same lanes ----
 * A message of up to 111 bytes is one block after the key's inner pad, and its inner digest
 * one block after the outer pad: two compressions from the keyed midstates, `width` messages
 * at a time. Longer ones go one at a time. */

#define HMAC_ONE_BLOCK 111 /* the most bytes that a 128-byte block holds with SHA-512's padding */

/* HMAC-SHA512 through fn of the width messages msgs[idx[k]], to out + 64 idx[k]. */
static void hmac_lanes(lanes_fn fn, unsigned width, const coin_hmac_sha512_ctx *keyed, unsigned char *out,
                       const unsigned char *const *msgs, const size_t *lens, const size_t *idx)
{
    uint64_t s[8 * MAX_LANES];
    unsigned char blocks[128 * MAX_LANES];
    unsigned k, i;
    memset(blocks, 0, 128 * width);
    for (k = 0; k < width; k++) {
        unsigned char *b = blocks + 128 * k;
        const size_t len = lens[idx[k]];
        if (len > 0) memcpy(b, msgs[idx[k]], len);
        b[len] = 0x80;
        coin_write_be64(b + 120, (uint64_t)(128 + len) * 8);
        memcpy(s + 8 * k, keyed->inner.s, 64);
    }
    fn(s, blocks);
    state_to_blocks(s, blocks, width);
    for (k = 0; k < width; k++) {
        unsigned char *b = blocks + 128 * k;
        memset(b + 64, 0, 64);
        b[64] = 0x80;
        coin_write_be64(b + 120, (128 + 64) * 8);
        memcpy(s + 8 * k, keyed->outer.s, 64);
    }
    fn(s, blocks);
    for (k = 0; k < width; k++) {
        for (i = 0; i < 8; i++) coin_write_be64(out + 64 * idx[k] + 8 * i, s[8 * k + i]);
    }
    memory_cleanse(s, sizeof(s));
    memory_cleanse(blocks, sizeof(blocks));
}

/* coin_hmac_sha512_many through the lanes of b, the rest one at a time. */
static void hmac_many(const struct coin_backend *b, unsigned char *out, const unsigned char *key, size_t keylen,
                      const unsigned char *const *msgs, const size_t *lens, size_t n)
{
    coin_hmac_sha512_ctx keyed;
    size_t idx[MAX_LANES], i;
    unsigned k = 0;
    coin_hmac_sha512_init(&keyed, key, keylen);
    for (i = 0; i < n; i++) {
        if (lens[i] > HMAC_ONE_BLOCK) {
            coin_hmac_sha512_ctx c = keyed;
            coin_hmac_sha512_write(&c, msgs[i], lens[i]);
            coin_hmac_sha512_finalize(&c, out + 64 * i);
            continue;
        }
        idx[k++] = i;
        if (k == b->width) {
            hmac_lanes((lanes_fn)b->fn, b->width, &keyed, out, msgs, lens, idx);
            k = 0;
        }
    }
    for (i = 0; i < k; i++) hmac_lanes(one_lane, 1, &keyed, out, msgs, lens, idx + i);
    memory_cleanse(&keyed, sizeof(keyed));
}

void coin_hmac_sha512_many(unsigned char *out, const unsigned char *key, size_t keylen,
                           const unsigned char *const *msgs, const size_t *lens, size_t n)
{
    hmac_many(coin_dispatch(&lanes_dispatch), out, key, keylen, msgs, lens, n);
}

int coin_hmac_sha512_many_with(size_t i, unsigned char *out, const unsigned char *key, size_t keylen,
                               const unsigned char *const *msgs, const size_t *lens, size_t n)
{
    if (i >= lanes_dispatch.count || !(coin_dispatch_usable(&lanes_dispatch) & (1u << i))) return 0;
    hmac_many(&lanes_backends[i], out, key, keylen, msgs, lens, n);
    return (int)lanes_backends[i].width;
}

const char *coin_bip39_seed_batch_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&lanes_dispatch, i, needs);
}

/* Known answers from an independent implementation (Python's hashlib): SHA-512 of the first
 * 111 bytes of the shared self-test message and of the next 111 (each one padded block),
 * given to the lanes in turn. */
static int lanes_selftest(const struct coin_backend *b)
{
    static const unsigned char expect[2 * 64] = {
        0x4d, 0x1d, 0xb9, 0x00, 0x25, 0x0c, 0x96, 0x43, 0x60, 0x52, 0xfb, 0xca, 0x79, 0xc1, 0x3a, 0xcb,
        0xf3, 0x78, 0xaa, 0xd9, 0xc3, 0x5b, 0x87, 0xd9, 0x4c, 0x38, 0x03, 0x26, 0x4d, 0xf6, 0x1f, 0xd2,
        0x2c, 0xbd, 0x32, 0x7c, 0x89, 0x38, 0xd0, 0x24, 0xdb, 0x37, 0x2a, 0xbf, 0x42, 0x08, 0x93, 0x4e,
        0xe0, 0x93, 0x67, 0xd5, 0x71, 0xd6, 0xc6, 0x70, 0xbf, 0x74, 0xee, 0x07, 0xb8, 0x3e, 0x75, 0x06,
        0x73, 0xe3, 0x9a, 0x55, 0x6d, 0x52, 0x87, 0x12, 0x9d, 0x5a, 0x22, 0x90, 0x46, 0x7f, 0xec, 0xd4,
        0x51, 0xd0, 0xd2, 0xbd, 0xb6, 0x59, 0x9d, 0x36, 0x1d, 0xa0, 0xe4, 0x13, 0x1a, 0xce, 0xcc, 0x84,
        0x0f, 0xfa, 0x46, 0x47, 0x5f, 0x2f, 0xec, 0xe1, 0xe6, 0xa2, 0x53, 0xcf, 0x5c, 0x04, 0x0d, 0x72,
        0x1e, 0x1b, 0x07, 0x40, 0xd4, 0x95, 0x07, 0x38, 0x58, 0x51, 0xad, 0x8b, 0xbb, 0x23, 0x91, 0x5a,
    };
    unsigned char msg[222], blocks[128 * MAX_LANES];
    uint64_t s[8 * MAX_LANES];
    coin_sha512_ctx iv;
    unsigned k;
    coin_selftest_message(msg, sizeof(msg));
    coin_sha512_init(&iv);
    for (k = 0; k < b->width; k++) {
        unsigned char *block = blocks + 128 * k;
        memcpy(block, msg + 111 * (k % 2), 111);
        memset(block + 111, 0, 17);
        block[111] = 0x80;
        block[127] = 111 * 8 % 256;
        block[126] = 111 * 8 / 256;
        memcpy(s + 8 * k, iv.s, 64);
    }
    ((lanes_fn)b->fn)(s, blocks);
    state_to_blocks(s, blocks, b->width);
    for (k = 0; k < b->width; k++) {
        if (memcmp(blocks + 128 * k, expect + 64 * (k % 2), 64) != 0) return 0;
    }
    return 1;
}
