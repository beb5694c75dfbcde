/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* bench_coincrypto: prints the bench_dogecoin (Bitcoin Core 0.14) CSV, one row for what the
 * dispatcher selects and one per backend the CPU can run, e.g. SHA256_1M, SHA256_1M_generic.
 * Run with -help for the options. */

#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
# define _POSIX_C_SOURCE 200809L /* clock_gettime, regcomp under -std=c11 */
#endif

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
# define WIN32_LEAN_AND_MEAN
# include <windows.h>
#else
# include <regex.h> /* absent on mingw: -filter falls back to substring matching there */
# include <time.h>
# define BENCH_HAVE_REGEX 1
#endif

#if defined(__x86_64__) || defined(__i386__)
# include <cpuid.h>
# include <x86intrin.h>
#endif

#include "aes.h"
#include "blake3.h"
#include "chacha20.h"
#include "chacha20poly1305.h"
#include "cpu.h"
#include "hkdf_sha256.h"
#include "hmac_sha256.h"
#include "hmac_sha512.h"
#include "keccak.h"
#include "merkle.h"
#include "muhash.h"
#include "pbkdf2.h"
#include "poly1305.h"
#include "ripemd160.h"
#include "scrypt.h"
#include "sha1.h"
#include "sha256.h"
#include "sha512.h"
#include "siphash.h"

/* Every benchmark folds its results in here, so the compiler cannot drop the work. */
static volatile unsigned char sink;

/* ---- clocks ---- */

/* Seconds from a fixed, arbitrary origin. */
static double now_seconds(void)
{
#if defined(_WIN32)
    LARGE_INTEGER freq, t;
    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&t);
    return (double)t.QuadPart / (double)freq.QuadPart;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
}

/* A cycle counter: the TSC on x86, the virtual counter on AArch64, 0 elsewhere. */
static uint64_t now_cycles(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __rdtsc();
#elif defined(__aarch64__)
    uint64_t v;
    __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(v));
    return v;
#else
    return 0;
#endif
}

/* ---- timing: the semantics of Bitcoin Core 0.14's benchmark::State::KeepRunning ---- */

struct state {
    char name[96];
    double budget; /* seconds */
    int once;      /* -sanity-check: exactly one iteration */
    int quiet;     /* a slice of an interleaved row: no row printed; the end in end, end_cycles */
    uint64_t count;
    uint64_t mask; /* iterations are timed in batches of mask + 1 */
    double mask_inv;
    double begin, last, min, max, end;
    uint64_t begin_cycles, last_cycles, min_cycles, max_cycles, end_cycles;
};

static void state_init(struct state *st, const char *name, double budget, int once)
{
    memset(st, 0, sizeof(*st));
    snprintf(st->name, sizeof(st->name), "%s", name);
    st->budget = budget;
    st->once = once;
    st->mask = 1;
    st->mask_inv = 0.5;
    st->min = 1e300;
    st->max = 0;
    st->min_cycles = UINT64_MAX;
    st->max_cycles = 0;
}

static void print_row(struct state *st, double t, uint64_t c)
{
    st->end = t;
    st->end_cycles = c;
    if (st->quiet) return;
    printf("%s,%" PRIu64 ",%.15f,%.15f,%.15f,%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", st->name, st->count,
           st->min, st->max, (t - st->begin) / (double)st->count, st->min_cycles, st->max_cycles,
           (c - st->begin_cycles) / st->count);
    fflush(stdout);
}

/* Call before each iteration: returns 1 to run it, or prints the row and returns 0. */
static int keep_running(struct state *st)
{
    double t, elapsed;
    uint64_t c, one_cycles;

    if (st->once) { /* one timed iteration */
        if (st->count == 0) {
            st->count = 1;
            st->begin = now_seconds();
            st->begin_cycles = now_cycles();
            return 1;
        }
        t = now_seconds();
        c = now_cycles();
        st->min = st->max = t - st->begin;
        st->min_cycles = st->max_cycles = c - st->begin_cycles;
        print_row(st, t, c);
        return 0;
    }
    if (st->count & st->mask) {
        ++st->count;
        return 1;
    }
    if (st->count == 0) {
        st->last = st->begin = t = now_seconds();
        st->last_cycles = st->begin_cycles = c = now_cycles();
    } else {
        t = now_seconds();
        c = now_cycles();
        elapsed = t - st->last;
        if (elapsed * st->mask_inv < st->min) st->min = elapsed * st->mask_inv;
        if (elapsed * st->mask_inv > st->max) st->max = elapsed * st->mask_inv;
        /* Only differences are used: a wrap-around of the counter needs no special case. */
        one_cycles = (uint64_t)((double)(c - st->last_cycles) * st->mask_inv);
        if (one_cycles < st->min_cycles) st->min_cycles = one_cycles;
        if (one_cycles > st->max_cycles) st->max_cycles = one_cycles;

        if (elapsed * 128 < st->budget) {
            /* Far too short to measure: batches 8x larger, and restart the timing without
             * the overhead of this code. */
            st->mask = ((st->mask << 3) | 7) & ((UINT64_C(1) << 60) - 1);
            st->mask_inv = 1.0 / ((double)st->mask + 1);
            st->count = 0;
            st->min = 1e300;
            st->max = 0;
            st->min_cycles = UINT64_MAX;
            st->max_cycles = 0;
            return 1;
        }
        if (elapsed * 16 < st->budget) {
            uint64_t mask = ((st->mask << 1) | 1) & ((UINT64_C(1) << 60) - 1);
            if ((st->count & mask) == 0) {
                st->mask = mask;
                st->mask_inv = 1.0 / ((double)mask + 1);
            }
        }
    }
    st->last = t;
    st->last_cycles = c;
    ++st->count;
    if (t - st->begin < st->budget) return 1; /* keep going */
    --st->count;
    print_row(st, t, c);
    return 0;
}

/* ---- benchmarks ---- */

/* Any one-shot hash: coin_sha256, coin_hash160, ... */
typedef void (*hash_fn)(unsigned char *out, const unsigned char *in, size_t len);
/* A primitive's backend list: coin_sha256_backend, ... */
typedef const char *(*backend_fn)(size_t i, uint32_t *needs);

struct bench {
    const char *name;
    void (*run)(struct state *st, const struct bench *b);
    hash_fn hash;              /* the primitive run() drives, when it takes one */
    size_t len;                /* bytes per message (or messages per call for SHA256D64) */
    const unsigned char *data; /* the message's first bytes; NULL for zeros */
    backend_fn backend;        /* each of its backends gets a row NAME_backend; NULL: none */
    /* A batch whose coin_*_with forces one backend, this its width (0: not usable): then each
     * backend gets a row NAME_backend_Nway forcing it alone. */
    int (*width)(size_t i);
};

/* The backend a row forces through the batch's coin_*_with, or -1 for the dispatcher's order. */
static long forced = -1;

static int d64_width(size_t i) { return coin_sha256d64_with(i, NULL, NULL, 0); }
static int many_width(size_t i) { return coin_sha256_many_with(i, 1, NULL, NULL, NULL, 0); }
static int hash160_width(size_t i) { return coin_hash160_many_with(i, NULL, NULL, 0, 0); }
static int hmac_many_width(size_t i) { return coin_hmac_sha512_many_with(i, NULL, NULL, 0, NULL, NULL, 0); }
static int scrypt_width(size_t i) { return coin_scrypt_1024_1_1_256_with(i, NULL, NULL, 0, NULL, 0); }
static int chacha20_width(size_t i) { return coin_chacha20_crypt_blocks_with(i, NULL, NULL, NULL, 0); }

#define MAX_LEN (1 << 20) /* 1 MiB, the 1MB of Core's cipher benchmarks */
static unsigned char buffer[MAX_LEN];

/* One hash of b->len bytes per iteration. */
static void run_hash(struct state *st, const struct bench *b)
{
    unsigned char out[64];
    memset(buffer, 0, b->len);
    if (b->data) memcpy(buffer, b->data, b->len);
    while (keep_running(st)) {
        b->hash(out, buffer, b->len);
        buffer[b->len - 1] ^= out[0]; /* a dependency between iterations */
        sink += out[0];
    }
}

/* The calls per iteration of the _32b rows: a million, as bench_dogecoin's; a thousand under
 * -sanity-check, which checks that every row runs (a million Keccak calls take 5 s under qemu,
 * and make check runs the check under every emulator and valgrind). */
static long calls_32b = 1000000;

/* As bench_dogecoin: a 32-byte buffer hashed into itself with b->hash a million times per
 * iteration. */
static void run_hash_32b(struct state *st, const struct bench *b)
{
    unsigned char in[32] = {0};
    long i;
    while (keep_running(st)) {
        for (i = 0; i < calls_32b; i++) b->hash(in, in, sizeof(in));
        sink += in[0];
    }
}

/* SHA256_32b through a context, as bench_dogecoin's CSHA256().Write(in).Finalize(in): the
 * write copies the message into the context's buffer. */
static void run_sha256_ctx_32b(struct state *st, const struct bench *b)
{
    unsigned char in[32] = {0};
    coin_sha256_ctx ctx;
    long i;
    (void)b;
    while (keep_running(st)) {
        for (i = 0; i < calls_32b; i++) {
            coin_sha256_init(&ctx);
            coin_sha256_write(&ctx, in, sizeof(in));
            coin_sha256_finalize(&ctx, in);
        }
        sink += in[0];
    }
}

/* SHAKE256 as a hash: the input absorbed, 32 bytes squeezed. */
static void shake256_32(unsigned char *out, const unsigned char *in, size_t len)
{
    coin_shake256(out, 32, in, len);
}

/* As Bitcoin Core's SipHash_32b: a pre-keyed SipHash of a 32-byte value a million times per
 * iteration, each result fed back into the value. */
static void run_siphash_32b(struct state *st, const struct bench *b)
{
    unsigned char val[32] = {0};
    coin_siphash_key key;
    uint64_t h = 0;
    long i;
    (void)b;
    coin_siphash_key_init(&key, UINT64_C(0x0706050403020100), UINT64_C(0x0f0e0d0c0b0a0908));
    while (keep_running(st)) {
        for (i = 0; i < calls_32b; i++) {
            h = coin_siphash_uint256(&key, val);
            memcpy(val, &h, sizeof(h));
        }
        sink += val[0];
    }
}

/* One merkle level of b->len 64-byte nodes per iteration, in place as bench_dogecoin. */
static void run_sha256d64(struct state *st, const struct bench *b)
{
    memset(buffer, 0, 64 * b->len);
    while (keep_running(st)) {
        if (forced < 0) {
            coin_sha256d64(buffer, buffer, b->len);
        } else {
            coin_sha256d64_with((size_t)forced, buffer, buffer, b->len);
        }
        sink += buffer[0];
    }
}

/* The txids of a block: b->len messages one after another, whose lengths follow a fixed mix
 * (a linear congruential sequence from a fixed seed): 70% from 150 to 399 bytes, 25% from 400 to
 * 999, 5% from 1000 to 2000, and a first one of 60 bytes. HASH256_MANY_BLOCK hashes them with
 * coin_hash256_many, HASH256_BLOCK_LOOP one by one with coin_hash256. */
#define BLOCK_TXS 2500
static const unsigned char *block_txs[BLOCK_TXS];
static size_t block_tx_lens[BLOCK_TXS];
static unsigned char block_digests[32 * BLOCK_TXS];

static void block_make(size_t n)
{
    static unsigned char data[BLOCK_TXS * 2000];
    uint32_t x = 20090103;
    size_t i, at = 0;
    for (i = 0; i < sizeof(data); i++) data[i] = (unsigned char)(i * 2654435761u >> 13);
    for (i = 0; i < n; i++) {
        uint32_t r;
        x = x * 1103515245u + 12345u;
        r = (x >> 8) % 1000;
        block_tx_lens[i] = i == 0 ? 60 : r < 700 ? 150 + r % 250 : r < 950 ? 400 + r * 7 % 600 : 1000 + r * 13 % 1001;
        block_txs[i] = data + at;
        at += block_tx_lens[i];
    }
}

static void run_hash256_many(struct state *st, const struct bench *b)
{
    block_make(b->len);
    while (keep_running(st)) {
        if (forced < 0) {
            coin_hash256_many(block_digests, block_txs, block_tx_lens, b->len);
        } else {
            coin_sha256_many_with((size_t)forced, 1, block_digests, block_txs, block_tx_lens, b->len);
        }
        sink += block_digests[0];
    }
}

static void run_hash256_loop(struct state *st, const struct bench *b)
{
    size_t i;
    block_make(b->len);
    while (keep_running(st)) {
        for (i = 0; i < b->len; i++) coin_hash256(block_digests + 32 * i, block_txs[i], block_tx_lens[i]);
        sink += block_digests[0];
    }
}

/* HASH160 of b->len 33-byte public keys (pseudo-random bytes) one after another:
 * HASH160_33b_MANY_4096 with coin_hash160_many (a row per RIPEMD-160 batch backend),
 * HASH160_33b_LOOP_4096 one by one with coin_hash160. */
static void pubkeys_make(size_t n)
{
    size_t i;
    for (i = 0; i < 33 * n; i++) buffer[i] = (unsigned char)(i * 2654435761u >> 11);
}

static void run_hash160_many(struct state *st, const struct bench *b)
{
    static unsigned char out[20 * 4096];
    pubkeys_make(b->len);
    while (keep_running(st)) {
        if (forced < 0) {
            coin_hash160_many(out, buffer, 33, b->len);
        } else {
            coin_hash160_many_with((size_t)forced, out, buffer, 33, b->len);
        }
        sink += out[0];
    }
}

static void run_hash160_loop(struct state *st, const struct bench *b)
{
    static unsigned char out[20 * 4096];
    size_t i;
    pubkeys_make(b->len);
    while (keep_running(st)) {
        for (i = 0; i < b->len; i++) coin_hash160(out + 20 * i, buffer + 33 * i, 33);
        sink += out[0];
    }
}

/* HMAC-SHA512 of b->len 37-byte messages (BIP32's 0x00 || key || index) under one 32-byte key
 * (a chain code): HMAC_SHA512_MANY_4096 with coin_hmac_sha512_many (a row per SHA-512 lanes
 * backend), HMAC_SHA512_LOOP_4096 one by one with coin_hmac_sha512. */
static const unsigned char *bip32_msgs[4096];
static size_t bip32_lens[4096];

static void bip32_make(size_t n)
{
    size_t i;
    for (i = 0; i < 37 * n; i++) buffer[i] = (unsigned char)(i * 2654435761u >> 7);
    for (i = 0; i < n; i++) {
        bip32_msgs[i] = buffer + 37 * i;
        bip32_lens[i] = 37;
    }
}

static void run_hmac_sha512_many(struct state *st, const struct bench *b)
{
    static unsigned char out[64 * 4096];
    static const unsigned char key[32] = {1};
    bip32_make(b->len);
    while (keep_running(st)) {
        if (forced < 0) {
            coin_hmac_sha512_many(out, key, sizeof(key), bip32_msgs, bip32_lens, b->len);
        } else {
            coin_hmac_sha512_many_with((size_t)forced, out, key, sizeof(key), bip32_msgs, bip32_lens, b->len);
        }
        sink += out[0];
    }
}

static void run_hmac_sha512_loop(struct state *st, const struct bench *b)
{
    static unsigned char out[64 * 4096];
    static const unsigned char key[32] = {1};
    size_t i;
    bip32_make(b->len);
    while (keep_running(st)) {
        for (i = 0; i < b->len; i++) coin_hmac_sha512(out + 64 * i, key, sizeof(key), bip32_msgs[i], 37);
        sink += out[0];
    }
}

/* The merkle root of b->len leaves (the same pseudo-random hashes each iteration, copied into
 * the buffer the levels overwrite): MERKLE_ROOT through coin_merkle_root, MERKLE_LEVELS as a
 * node's own loop computes it with coin_sha256d64 (Core's ComputeMerkleRoot, without its check
 * for equal siblings). */
static void merkle_leaves(unsigned char *leaves, size_t n)
{
    size_t i;
    for (i = 0; i < 32 * n; i++) leaves[i] = (unsigned char)(i * 2654435761u >> 13);
}

static void run_merkle_root(struct state *st, const struct bench *b)
{
    static unsigned char leaves[32 * 4096];
    unsigned char root[32];
    int mutated;
    merkle_leaves(leaves, b->len);
    while (keep_running(st)) {
        memcpy(buffer, leaves, 32 * b->len);
        coin_merkle_root(root, buffer, b->len, &mutated);
        sink += root[0] + (unsigned)mutated;
    }
}

static void run_merkle_levels(struct state *st, const struct bench *b)
{
    static unsigned char leaves[32 * 4096];
    size_t n;
    merkle_leaves(leaves, b->len);
    while (keep_running(st)) {
        memcpy(buffer, leaves, 32 * b->len);
        for (n = b->len; n > 1; n = (n + 1) / 2) {
            if (n & 1) memcpy(buffer + 32 * n, buffer + 32 * (n - 1), 32);
            coin_sha256d64(buffer, buffer, (n + 1) / 2);
        }
        sink += buffer[0];
    }
}

/* One HMAC-SHA512 of b->len bytes with a 32-byte key per iteration. */
static void run_hmac_sha512(struct state *st, const struct bench *b)
{
    unsigned char key[32] = {0}, out[COIN_HMAC_SHA512_OUTPUT_SIZE];
    memset(buffer, 0, b->len);
    while (keep_running(st)) {
        coin_hmac_sha512(out, key, sizeof(key), buffer, b->len);
        buffer[0] ^= out[0];
        sink += out[0];
    }
}

/* A compressed public key: the secp256k1 generator. */
static const unsigned char pubkey33[33] = {
    0x02, 0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0, 0x62, 0x95, 0xce, 0x87, 0x0b, 0x07,
    0x02, 0x9b, 0xfc, 0xdb, 0x2d, 0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16, 0xf8, 0x17, 0x98,
};

/* One scrypt proof of work (N = 1024, r = 1, p = 1) of an 80-byte header per iteration, the
 * nonce changed by each result. */
static void run_scrypt_pow(struct state *st, const struct bench *b)
{
    unsigned char header[80] = {0}, out[32];
    (void)b;
    while (keep_running(st)) {
        coin_scrypt_1024_1_1_256(header, out);
        memcpy(header + 76, out, 4);
        sink += out[0];
    }
}

/* b->len headers' proof of work per iteration, through the batch API. */
static void run_scrypt_batch(struct state *st, const struct bench *b)
{
    static unsigned char scratch[COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE];
    unsigned char out[32 * 16];
    memset(buffer, 0, 80 * b->len);
    while (keep_running(st)) {
        if (forced < 0) {
            coin_scrypt_1024_1_1_256_batch(buffer, out, b->len, scratch, sizeof(scratch));
        } else {
            coin_scrypt_1024_1_1_256_with((size_t)forced, buffer, out, b->len, scratch, sizeof(scratch));
        }
        buffer[76] ^= out[0];
        sink += out[0];
    }
}

/* One BIP39 seed (PBKDF2-HMAC-SHA512, 2048 iterations) of a 12-word mnemonic per iteration. */
static void run_bip39_seed(struct state *st, const struct bench *b)
{
    static const char mnemonic[] = "legal winner thank year wave sausage worth useful legal winner thank yellow";
    unsigned char seed[COIN_BIP39_SEED_SIZE];
    char pass[8] = "TREZOR";
    (void)b;
    while (keep_running(st)) {
        coin_bip39_seed(mnemonic, sizeof(mnemonic) - 1, pass, 6, seed);
        pass[0] = (char)('A' + (seed[0] & 15));
        sink += seed[0];
    }
}

/* b->len BIP39 seeds per iteration, through the batch API. */
static void run_bip39_batch(struct state *st, const struct bench *b)
{
    static const char mnemonic[] = "legal winner thank year wave sausage worth useful legal winner thank yellow";
    const char *mnemonics[8], *passphrases[8];
    size_t mlens[8], plens[8], k;
    unsigned char seeds[8 * COIN_BIP39_SEED_SIZE];
    char pass[8][8];
    for (k = 0; k < b->len; k++) {
        snprintf(pass[k], sizeof(pass[k]), "TREZOR%u", (unsigned)k);
        mnemonics[k] = mnemonic;
        mlens[k] = sizeof(mnemonic) - 1;
        passphrases[k] = pass[k];
        plens[k] = strlen(pass[k]);
    }
    while (keep_running(st)) {
        coin_bip39_seed_batch(mnemonics, mlens, passphrases, plens, seeds, b->len);
        pass[0][0] = (char)('A' + (seeds[0] & 15));
        sink += seeds[0];
    }
}

/* One CHKDF_HMAC_SHA256_L32 derivation per iteration, as BIP324 does: extract from a 32-byte
 * shared secret and a salt, then Expand32 of one label. */
static void run_hkdf32(struct state *st, const struct bench *b)
{
    static const char salt[] = "bitcoin_v2_shared_secret\xf9\xbe\xb4\xd9";
    static const char info[] = "initiator_L";
    unsigned char ikm[32] = {0}, out[32];
    coin_hkdf_sha256_l32 ctx;
    (void)b;
    while (keep_running(st)) {
        coin_hkdf_sha256_l32_init(&ctx, ikm, sizeof(ikm), (const unsigned char *)salt, sizeof(salt) - 1);
        coin_hkdf_sha256_l32_expand32(&ctx, (const unsigned char *)info, sizeof(info) - 1, out);
        ikm[0] ^= out[0];
        sink += out[0];
    }
    coin_hkdf_sha256_l32_clear(&ctx);
}

/* Core's MuHash benchmarks (bench/crypto_hash.cpp), with its names. MUHASH: acc *= MuHash3072(key)
 * with a new key each iteration (an element, then a multiplication of numerators and of
 * denominators). */
static void run_muhash(struct state *st, const struct bench *b)
{
    unsigned char key[32] = {0};
    uint32_t i = 0;
    coin_muhash3072 acc, one;
    (void)b;
    coin_muhash3072_init(&acc);
    while (keep_running(st)) {
        key[0] = (unsigned char)++i;
        coin_muhash3072_init_data(&one, key, sizeof(key));
        coin_muhash3072_mul(&acc, &one);
    }
    sink += (unsigned char)acc.numerator.limbs[0];
}

/* A fixed 32-byte element in place of Core's random one (the cost does not depend on it). */
static void muhash_element32(coin_muhash3072 *m, unsigned char seed)
{
    unsigned char data[32];
    size_t i;
    for (i = 0; i < sizeof(data); i++) data[i] = (unsigned char)(seed + 37 * i);
    coin_muhash3072_init_data(m, data, sizeof(data));
}

/* MUHASH_MUL and MUHASH_DIV: acc *= m and acc /= m (two multiplications each). */
static void run_muhash_mul(struct state *st, const struct bench *b)
{
    coin_muhash3072 acc, m;
    (void)b;
    coin_muhash3072_init(&acc);
    muhash_element32(&m, 1);
    while (keep_running(st)) coin_muhash3072_mul(&acc, &m);
    sink += (unsigned char)acc.numerator.limbs[0];
}

static void run_muhash_div(struct state *st, const struct bench *b)
{
    coin_muhash3072 acc, m;
    (void)b;
    coin_muhash3072_init(&acc);
    muhash_element32(&m, 2);
    while (keep_running(st)) coin_muhash3072_div(&acc, &m);
    sink += (unsigned char)acc.numerator.limbs[0];
}

/* MUHASH_PRECOMPUTE: MuHash3072{key}, the element of 32 bytes (SHA-256, 384 bytes of ChaCha20). */
static void run_muhash_precompute(struct state *st, const struct bench *b)
{
    coin_muhash3072 m;
    (void)b;
    while (keep_running(st)) {
        muhash_element32(&m, 3);
        sink += (unsigned char)m.numerator.limbs[0];
    }
}

/* MUHASH_FINALIZE: Finalize (a modular inverse, a multiplication and SHA-256), then
 * acc /= MuHash3072{out} so that the next one has a new denominator. */
static void run_muhash_finalize(struct state *st, const struct bench *b)
{
    unsigned char out[32];
    coin_muhash3072 acc, m;
    (void)b;
    muhash_element32(&acc, 4);
    muhash_element32(&m, 5);
    coin_muhash3072_div(&acc, &m);
    while (keep_running(st)) {
        coin_muhash3072_finalize(&acc, out);
        coin_muhash3072_init_data(&m, out, sizeof(out));
        coin_muhash3072_div(&acc, &m);
        sink += out[0];
    }
}

/* As Core's CHACHA20_*: b->len bytes encrypted per iteration, from the start of a stream. */
static void run_chacha20(struct state *st, const struct bench *b)
{
    unsigned char key[32] = {0};
    coin_chacha20_ctx ctx;
    memset(buffer, 0, b->len);
    coin_chacha20_init(&ctx, key);
    while (keep_running(st)) {
        coin_chacha20_seek96(&ctx, 0, 0, 0);
        if (forced >= 0) {
            coin_chacha20_crypt_blocks_with((size_t)forced, &ctx, buffer, buffer, b->len);
        } else {
            coin_chacha20_crypt(&ctx, buffer, buffer, b->len);
        }
        sink += buffer[0];
    }
    coin_chacha20_wipe(&ctx);
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__AVX__)
/* Leaves the upper halves of the ymm registers dirty, as AVX code that returns without
 * vzeroupper does (OpenSSL's AVX-512 Poly1305, for one): a 256-bit instruction in an asm
 * statement, in a function not compiled for AVX, so that the compiler adds no vzeroupper after
 * it (gcc 12 adds one at the return of a function compiled for AVX, asm or not; a bench built
 * with -mavx or -march=native has no _DIRTY rows, nor does a 32-bit one, whose baseline has no
 * xmm registers to name). Run only on a CPU with AVX. */
static void dirty_upper_avx(void)
{
    __asm__ volatile("vorps %%ymm6, %%ymm7, %%ymm7" ::: "xmm7");
}
#else
static void dirty_upper_avx(void) {} /* no row calls it */
#endif

/* AES256_CBC_*: b->len bytes encrypted or decrypted in CBC (no padding) per iteration, each
 * from the same IV, as a wallet encrypts its keys. The _DIRTY rows leave the upper register
 * halves dirty before each call (where the CPU has AVX, whatever the row's backend: the SSE
 * one, x86_aesni, is the one that pays for it), as AVX code run before it may. */
static void run_aes256_cbc(struct state *st, const struct bench *b)
{
    const unsigned char key[32] = {0}, iv[16] = {0};
    const int decrypt = strstr(b->name, "_DEC_") != NULL;
    const int dirty = strstr(b->name, "_DIRTY") != NULL && (coin_cpu_detected() & COIN_CPU_AVX);
    coin_aes256_ctx ctx;
    memset(buffer, 0, b->len);
    coin_aes256_init(&ctx, key);
    while (keep_running(st)) {
        if (dirty) dirty_upper_avx();
        if (decrypt) coin_aes256_cbc_decrypt(&ctx, iv, buffer, buffer, b->len, 0);
        else coin_aes256_cbc_encrypt(&ctx, iv, buffer, buffer, b->len, 0);
        sink += buffer[0];
    }
    coin_aes256_wipe(&ctx);
}

/* As Core's POLY1305_*: the tag of b->len bytes under one key per iteration (as there, no
 * iteration waits for the one before). */
static void run_poly1305(struct state *st, const struct bench *b)
{
    unsigned char key[32] = {0}, tag[16];
    memset(buffer, 0, b->len);
    while (keep_running(st)) {
        coin_poly1305(tag, buffer, b->len, key);
        sink += tag[0];
    }
}

/* As Core's FSCHACHA20POLY1305_*: one BIP324 packet of b->len bytes encrypted per iteration
 * (no AAD), under a cipher that rekeys every 224 packets. */
static void run_fschacha20poly1305(struct state *st, const struct bench *b)
{
    static unsigned char out[MAX_LEN + 16];
    unsigned char key[32] = {0};
    coin_fschacha20poly1305_ctx ctx;
    memset(buffer, 0, b->len);
    coin_fschacha20poly1305_init(&ctx, key, 224);
    while (keep_running(st)) {
        coin_fschacha20poly1305_encrypt(&ctx, NULL, 0, buffer, b->len, NULL, 0, out);
        sink += out[b->len];
    }
    coin_fschacha20poly1305_wipe(&ctx);
}

#if defined(BENCH_PEER_OPENSSL)
/* ---- -peer=openssl: the same work through OpenSSL 3, as its callers use it ---- */

# include <openssl/evp.h>
# include <openssl/hmac.h>

static void peer_fail(const char *what)
{
    fprintf(stderr, "bench_coincrypto: OpenSSL failed: %s\n", what);
    exit(1);
}

/* A digest through a fetched EVP_MD and a context kept between calls (32 bytes squeezed
 * from an XOF). */
static void peer_digest(const char *alg, unsigned char *out, const unsigned char *in, size_t len)
{
    static EVP_MD_CTX *ctx;
    static EVP_MD *md;
    static const char *fetched;
    if (fetched != alg) {
        EVP_MD_free(md);
        md = EVP_MD_fetch(NULL, alg, NULL);
        fetched = alg;
        if (md == NULL) peer_fail(alg);
    }
    if (ctx == NULL && (ctx = EVP_MD_CTX_new()) == NULL) peer_fail("EVP_MD_CTX_new");
    if (!EVP_DigestInit_ex2(ctx, md, NULL) || !EVP_DigestUpdate(ctx, in, len) ||
        !((EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) ? EVP_DigestFinalXOF(ctx, out, 32) : EVP_DigestFinal_ex(ctx, out, NULL))) {
        peer_fail(alg);
    }
}

# define PEER_HASH(fn, alg) \
    static void fn(unsigned char *out, const unsigned char *in, size_t len) { peer_digest(alg, out, in, len); }
PEER_HASH(peer_sha1, "SHA1")
PEER_HASH(peer_sha256, "SHA256")
PEER_HASH(peer_sha512, "SHA512")
PEER_HASH(peer_ripemd160, "RIPEMD160")
PEER_HASH(peer_sha3_256, "SHA3-256")
PEER_HASH(peer_shake256, "SHAKE256")

static void peer_scrypt_pow(struct state *st, const struct bench *b)
{
    unsigned char header[80] = {0}, out[32];
    (void)b;
    while (keep_running(st)) {
        if (!EVP_PBE_scrypt((const char *)header, 80, header, 80, 1024, 1, 1, 0, out, 32)) peer_fail("EVP_PBE_scrypt");
        memcpy(header + 76, out, 4);
        sink += out[0];
    }
}

static void peer_bip39_seed(struct state *st, const struct bench *b)
{
    static const char mnemonic[] = "legal winner thank year wave sausage worth useful legal winner thank yellow";
    unsigned char seed[64], salt[14] = "mnemonicTREZOR";
    (void)b;
    while (keep_running(st)) {
        if (!PKCS5_PBKDF2_HMAC(mnemonic, sizeof(mnemonic) - 1, salt, sizeof(salt), 2048, EVP_sha512(), 64, seed)) {
            peer_fail("PKCS5_PBKDF2_HMAC");
        }
        salt[8] = (unsigned char)('A' + (seed[0] & 15));
        sink += seed[0];
    }
}

static void peer_hmac_sha512(struct state *st, const struct bench *b)
{
    unsigned char key[32] = {0}, out[64];
    memset(buffer, 0, b->len);
    while (keep_running(st)) {
        if (HMAC(EVP_sha512(), key, sizeof(key), buffer, b->len, out, NULL) == NULL) peer_fail("HMAC");
        buffer[0] ^= out[0];
        sink += out[0];
    }
}

static void peer_chacha20(struct state *st, const struct bench *b)
{
    const unsigned char key[32] = {0}, iv[16] = {0}; /* a 32-bit block counter, then the nonce */
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n;
    memset(buffer, 0, b->len);
    if (ctx == NULL || !EVP_EncryptInit_ex(ctx, EVP_chacha20(), NULL, key, iv)) peer_fail("EVP_chacha20");
    while (keep_running(st)) {
        if (!EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, iv) || !EVP_EncryptUpdate(ctx, buffer, &n, buffer, (int)b->len)) {
            peer_fail("EVP_EncryptUpdate");
        }
        sink += buffer[0];
    }
    EVP_CIPHER_CTX_free(ctx);
}

static void peer_aes256_cbc(struct state *st, const struct bench *b)
{
    const unsigned char key[32] = {0}, iv[16] = {0};
    const int decrypt = strstr(b->name, "_DEC_") != NULL;
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n;
    memset(buffer, 0, b->len);
    if (ctx == NULL || !EVP_CipherInit_ex(ctx, EVP_aes_256_cbc(), NULL, key, iv, !decrypt)) peer_fail("EVP_aes_256_cbc");
    EVP_CIPHER_CTX_set_padding(ctx, 0);
    while (keep_running(st)) {
        if (!EVP_CipherInit_ex(ctx, NULL, NULL, NULL, iv, -1) || !EVP_CipherUpdate(ctx, buffer, &n, buffer, (int)b->len)) {
            peer_fail("EVP_CipherUpdate");
        }
        sink += buffer[0];
    }
    EVP_CIPHER_CTX_free(ctx);
}

static void peer_poly1305(struct state *st, const struct bench *b)
{
    unsigned char key[32] = {0}, tag[16];
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
    EVP_MAC_CTX *ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
    size_t n;
    memset(buffer, 0, b->len);
    if (ctx == NULL) peer_fail("POLY1305");
    while (keep_running(st)) {
        if (!EVP_MAC_init(ctx, key, sizeof(key), NULL) || !EVP_MAC_update(ctx, buffer, b->len) ||
            !EVP_MAC_final(ctx, tag, &n, sizeof(tag))) {
            peer_fail("EVP_MAC POLY1305");
        }
        sink += tag[0];
    }
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
}

/* One BIP324 packet's AEAD through EVP_chacha20_poly1305, the key set once for the context as
 * a long-lived session has it, the nonce per message (no rekeying: a little less work than
 * FSChaCha20Poly1305's every 224 packets). */
static void peer_fschacha20poly1305(struct state *st, const struct bench *b)
{
    static unsigned char out[MAX_LEN + 16];
    const unsigned char key[32] = {0};
    unsigned char nonce[12] = {0};
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint32_t packet = 0;
    int n;
    memset(buffer, 0, b->len);
    if (ctx == NULL || !EVP_EncryptInit_ex(ctx, EVP_chacha20_poly1305(), NULL, key, NULL)) peer_fail("EVP_chacha20_poly1305");
    while (keep_running(st)) {
        memcpy(nonce, &packet, 4);
        packet++;
        if (!EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, nonce) || !EVP_EncryptUpdate(ctx, out, &n, buffer, (int)b->len) ||
            !EVP_EncryptFinal_ex(ctx, out + n, &n) ||
            !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, out + b->len)) {
            peer_fail("EVP_chacha20_poly1305");
        }
        sink += out[b->len];
    }
    EVP_CIPHER_CTX_free(ctx);
}

/* The rows with a peer: its hash in place of the row's own (run by the row's run), or its
 * own run. */
struct peer {
    const char *bench;
    hash_fn hash;
    void (*run)(struct state *st, const struct bench *b);
};

static const struct peer peers[] = {
    {"SHA1_1M", peer_sha1, NULL},
    {"SHA256_1M", peer_sha256, NULL},
    {"SHA512_1M", peer_sha512, NULL},
    {"RIPEMD160_1M", peer_ripemd160, NULL},
    {"SHA256_64b", peer_sha256, NULL},
    {"SHA256_1K", peer_sha256, NULL},
    {"HMAC_SHA512_32b", NULL, peer_hmac_sha512},
    {"SHA3_256_1M", peer_sha3_256, NULL},
    {"SHAKE256_1M", peer_shake256, NULL},
    {"SCRYPT_1024_1_1_256", NULL, peer_scrypt_pow},
    {"PBKDF2_SHA512_2048", NULL, peer_bip39_seed},
    {"CHACHA20_64BYTES", NULL, peer_chacha20},
    {"CHACHA20_256BYTES", NULL, peer_chacha20},
    {"CHACHA20_1MB", NULL, peer_chacha20},
    {"POLY1305_64BYTES", NULL, peer_poly1305},
    {"POLY1305_256BYTES", NULL, peer_poly1305},
    {"POLY1305_1MB", NULL, peer_poly1305},
    {"AES256_CBC_ENC_1M", NULL, peer_aes256_cbc},
    {"AES256_CBC_DEC_1M", NULL, peer_aes256_cbc},
    {"FSCHACHA20POLY1305_64BYTES", NULL, peer_fschacha20poly1305},
    {"FSCHACHA20POLY1305_256BYTES", NULL, peer_fschacha20poly1305},
    {"FSCHACHA20POLY1305_1KB", NULL, peer_fschacha20poly1305},
    {"FSCHACHA20POLY1305_16KB", NULL, peer_fschacha20poly1305},
    {"FSCHACHA20POLY1305_1MB", NULL, peer_fschacha20poly1305},
};

static const struct peer *peer_of(const char *bench)
{
    size_t i;
    for (i = 0; i < sizeof(peers) / sizeof(peers[0]); i++) {
        if (strcmp(peers[i].bench, bench) == 0) return &peers[i];
    }
    return NULL;
}

static void run_peer(struct state *st, const struct bench *b, const struct peer *p)
{
    struct bench with = *b;
    if (p->run) {
        p->run(st, b);
        return;
    }
    with.hash = p->hash;
    b->run(st, &with);
}
#endif

/* One line per benchmark. The backend list is that of the primitive doing the work; a size
 * its backends do not run at has none (Poly1305 under the dispatcher's crossover, 32 blocks
 * at least; BLAKE3 under 3 chunks; the AEAD's one-block ChaCha20 calls, which take the backend
 * fastest on them), so that a row NAME_backend runs that backend. */
static const struct bench benches[] = {
    /* name                         run                 hash             len       data       backends, width */
    {"SHA1_1M",                     run_hash,           coin_sha1,       1000000,  NULL,      coin_sha1_backend, NULL},
    {"SHA256_1M",                   run_hash,           coin_sha256,     1000000,  NULL,      coin_sha256_backend, NULL},
    {"SHA512_1M",                   run_hash,           coin_sha512,     1000000,  NULL,      coin_sha512_backend, NULL},
    {"RIPEMD160_1M",                run_hash,           coin_ripemd160,  1000000,  NULL,      coin_ripemd160_backend, NULL},
    {"SHA256_32b",                  run_hash_32b,       coin_sha256,     32,       NULL,      coin_sha256_backend, NULL},
    {"SHA256_CTX_32b",              run_sha256_ctx_32b, NULL,            32,       NULL,      coin_sha256_backend, NULL},
    {"SHA256_64b",                  run_hash,           coin_sha256,     64,       NULL,      coin_sha256_backend, NULL},
    {"SHA256_1K",                   run_hash,           coin_sha256,     1024,     NULL,      coin_sha256_backend, NULL},
    {"SHA256D64_1024",              run_sha256d64,      NULL,            1024,     NULL,      coin_sha256d64_backend, d64_width},
    {"HASH256_MANY_BLOCK",          run_hash256_many,   NULL,            BLOCK_TXS, NULL,     coin_sha256_many_backend, many_width},
    {"HASH256_BLOCK_LOOP",          run_hash256_loop,   NULL,            BLOCK_TXS, NULL,     coin_sha256_backend, NULL},
    {"MERKLE_ROOT_4096",            run_merkle_root,    NULL,            4096,     NULL,      NULL, NULL},
    {"MERKLE_LEVELS_4096",          run_merkle_levels,  NULL,            4096,     NULL,      NULL, NULL},
    {"MUHASH",                      run_muhash,         NULL,            32,       NULL,      NULL, NULL},
    {"MUHASH_MUL",                  run_muhash_mul,     NULL,            0,        NULL,      NULL, NULL},
    {"MUHASH_DIV",                  run_muhash_div,     NULL,            0,        NULL,      NULL, NULL},
    {"MUHASH_PRECOMPUTE",           run_muhash_precompute, NULL,         32,       NULL,      NULL, NULL},
    {"MUHASH_FINALIZE",             run_muhash_finalize, NULL,           0,        NULL,      NULL, NULL},
    {"HASH160_33b",                 run_hash,           coin_hash160,    33,       pubkey33,  coin_sha256_backend, NULL},
    {"HASH160_33b_MANY_4096",       run_hash160_many,   NULL,            4096,     NULL,      coin_hash160_many_backend, hash160_width},
    {"HASH160_33b_LOOP_4096",       run_hash160_loop,   NULL,            4096,     NULL,      coin_sha256_backend, NULL},
    {"HMAC_SHA512_32b",             run_hmac_sha512,    NULL,            32,       NULL,      coin_sha512_backend, NULL},
    {"HMAC_SHA512_MANY_4096",       run_hmac_sha512_many, NULL,          4096,     NULL,      coin_bip39_seed_batch_backend, hmac_many_width},
    {"HMAC_SHA512_LOOP_4096",       run_hmac_sha512_loop, NULL,          4096,     NULL,      coin_sha512_backend, NULL},
    {"SIPHASH_32b",                 run_siphash_32b,    NULL,            32,       NULL,      NULL, NULL},
    {"SHA3_256_1M",                 run_hash,           coin_sha3_256,   1000000,  NULL,      coin_keccak_backend, NULL},
    {"KECCAK256_32b",               run_hash_32b,       coin_keccak256,  32,       NULL,      coin_keccak_backend, NULL},
    {"KECCAK256_128b",              run_hash,           coin_keccak256,  128,      NULL,      coin_keccak_backend, NULL},
    {"KECCAK256_1K",                run_hash,           coin_keccak256,  1024,     NULL,      coin_keccak_backend, NULL},
    {"SHAKE256_1M",                 run_hash,           shake256_32,     1000000,  NULL,      coin_keccak_backend, NULL},
    {"BLAKE3_32b",                  run_hash_32b,       coin_blake3,     32,       NULL,      NULL, NULL},
    {"BLAKE3_128b",                 run_hash,           coin_blake3,     128,      NULL,      NULL, NULL},
    {"BLAKE3_1K",                   run_hash,           coin_blake3,     1024,     NULL,      NULL, NULL},
    {"BLAKE3_1M",                   run_hash,           coin_blake3,     1000000,  NULL,      coin_blake3_backend, NULL},
    {"SCRYPT_1024_1_1_256",         run_scrypt_pow,     NULL,            80,       NULL,      NULL, NULL},
    {"SCRYPT_1024_1_1_256_BATCH16", run_scrypt_batch,   NULL,            16,       NULL,      coin_scrypt_backend, scrypt_width},
    {"PBKDF2_SHA512_2048",          run_bip39_seed,     NULL,            64,       NULL,      coin_sha512_backend, NULL},
    {"BIP39_SEED_BATCH8",           run_bip39_batch,    NULL,            8,        NULL,      coin_bip39_seed_batch_backend, NULL},
    {"HKDF_SHA256_32",              run_hkdf32,         NULL,            32,       NULL,      coin_sha256_backend, NULL},
    {"AES256_CBC_ENC_1M",           run_aes256_cbc,     NULL,            1 << 20,  NULL,      coin_aes256_backend, NULL},
    {"AES256_CBC_DEC_1M",           run_aes256_cbc,     NULL,            1 << 20,  NULL,      coin_aes256_backend, NULL},
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__AVX__)
    {"AES256_CBC_DEC_1M_DIRTY",     run_aes256_cbc,     NULL,            1 << 20,  NULL,      coin_aes256_backend, NULL},
#endif
    {"CHACHA20_64BYTES",            run_chacha20,       NULL,            64,       NULL,      coin_chacha20_backend, chacha20_width},
    {"CHACHA20_256BYTES",           run_chacha20,       NULL,            256,      NULL,      coin_chacha20_backend, chacha20_width},
    {"CHACHA20_1MB",                run_chacha20,       NULL,            1 << 20,  NULL,      coin_chacha20_backend, chacha20_width},
    {"POLY1305_64BYTES",            run_poly1305,       NULL,            64,       NULL,      NULL, NULL},
    {"POLY1305_256BYTES",           run_poly1305,       NULL,            256,      NULL,      NULL, NULL},
    {"POLY1305_1MB",                run_poly1305,       NULL,            1 << 20,  NULL,      coin_poly1305_backend, NULL},
    {"FSCHACHA20POLY1305_64BYTES",  run_fschacha20poly1305, NULL,        64,       NULL,      NULL, NULL},
    {"FSCHACHA20POLY1305_256BYTES", run_fschacha20poly1305, NULL,        256,      NULL,      coin_chacha20_backend, NULL},
    {"FSCHACHA20POLY1305_1KB",      run_fschacha20poly1305, NULL,        1024,     NULL,      coin_chacha20_backend, NULL},
    {"FSCHACHA20POLY1305_16KB",     run_fschacha20poly1305, NULL,        16384,    NULL,      coin_chacha20_backend, NULL},
    {"FSCHACHA20POLY1305_1MB",      run_fschacha20poly1305, NULL,        1 << 20,  NULL,      coin_chacha20_backend, NULL},
};

/* ---- options and output ---- */

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: bench_coincrypto [options]\n"
            "Prints a CSV: #Benchmark,count,min,max,average,min_cycles,max_cycles,average_cycles\n"
            "(seconds and cycles per iteration). A row NAME uses the backends the dispatcher\n"
            "selects (see COINCRYPTO_CPU); a row NAME_backend forces that backend.\n"
            "Options:\n"
            "  -filter=REGEX   run the rows whose name matches REGEX (POSIX extended, searched\n"
            "                  anywhere in the name: anchor with ^ and $; default .*)\n"
            "  -list           print the names of the rows that would run, and exit\n"
            "  -time=SECONDS   time budget per row (default 0.25)\n"
            "  -sanity-check   run each row once, for one iteration (of a thousand calls in\n"
            "                  the _32b rows): a check that every row runs\n"
            "  -peer=openssl   also a row NAME_openssl for each primitive OpenSSL 3 has, timed\n"
            "                  in turn with NAME (built only where configure found libcrypto)\n"
            "  -h, -help       print this help\n");
}

struct filter {
    const char *pattern;
#if defined(BENCH_HAVE_REGEX)
    regex_t re;
#endif
};

static int filter_match(const struct filter *f, const char *name)
{
#if defined(BENCH_HAVE_REGEX)
    return regexec(&f->re, name, 0, NULL, 0) == 0;
#else
    return strcmp(f->pattern, ".*") == 0 || strstr(name, f->pattern) != NULL;
#endif
}

static void print_features(const char *what, uint32_t mask)
{
    unsigned i;
    const char *sep = "";
    printf("# CPU features %s: ", what);
    if (mask == 0) printf("none");
    for (i = 0; i < 32; i++) {
        uint32_t bit = UINT32_C(1) << i;
        const char *name = coin_cpu_feature_name(bit);
        if (!(mask & bit)) continue;
        if (name) {
            printf("%s%s", sep, name);
        } else {
            printf("%sbit%u", sep, i);
        }
        sep = ",";
    }
    printf("\n");
}

static void print_cpu(void)
{
#if defined(__x86_64__) || defined(__i386__)
    unsigned regs[12], a, b, c, d, i;
    char brand[49] = {0};
    const char *p = brand;
    size_t n;
    if (__get_cpuid(0x80000000u, &a, &b, &c, &d) && a >= 0x80000004u) {
        for (i = 0; i < 3; i++) {
            __get_cpuid(0x80000002u + i, &regs[4 * i], &regs[4 * i + 1], &regs[4 * i + 2], &regs[4 * i + 3]);
        }
        memcpy(brand, regs, 48);
    }
    while (*p == ' ') p++;
    n = strlen(p);
    while (n > 0 && p[n - 1] == ' ') n--;
    if (n == 0) {
# if defined(__x86_64__)
        p = "x86_64";
# else
        p = "i386";
# endif
        n = strlen(p);
    }
    printf("# CPU: %.*s\n", (int)n, p);
#else
    const char *arch =
# if defined(__aarch64__)
        "aarch64";
# elif defined(__arm__)
        "arm";
# elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
        "ppc64le";
# elif defined(__powerpc64__)
        "ppc64";
# elif defined(__powerpc__)
        "ppc";
# elif defined(__s390x__)
        "s390x";
# elif defined(__riscv)
        "riscv";
# elif defined(__mips__)
        "mips";
# else
        "unknown";
# endif
    printf("# CPU: %s\n", arch);
#endif
}

/* Selects (and self-tests) every primitive's backends now, not inside a timed loop. */
static void select_all(void)
{
    (void)coin_sha1_implementation();
    (void)coin_sha256_implementation();
    (void)coin_sha256_many_implementation();
    (void)coin_sha512_implementation();
    (void)coin_ripemd160_implementation();
    (void)coin_hash160_many_implementation();
    (void)coin_keccak_implementation();
    (void)coin_scrypt_implementation();
    (void)coin_chacha20_implementation();
    (void)coin_poly1305_implementation();
    (void)coin_blake3_implementation();
    coin_bip39_seed_batch(NULL, NULL, NULL, NULL, NULL, 0); /* selects the SHA-512 lanes */
}

#if defined(BENCH_PEER_OPENSSL)
# define PEER_SLICES 5

/* Adds a slice's timings to a row's. */
static void merge(struct state *sum, const struct state *slice)
{
    sum->count += slice->count;
    if (slice->min < sum->min) sum->min = slice->min;
    if (slice->max > sum->max) sum->max = slice->max;
    if (slice->min_cycles < sum->min_cycles) sum->min_cycles = slice->min_cycles;
    if (slice->max_cycles > sum->max_cycles) sum->max_cycles = slice->max_cycles;
    sum->end += slice->end - slice->begin;
    sum->end_cycles += slice->end_cycles - slice->begin_cycles;
}

/* Row b (the dispatcher's selection) and its peer's, NAME_openssl, in turn: PEER_SLICES
 * slices of each, so that both meet the same machine, and a row of each from its slices. */
static void run_with_peer(const struct bench *b, const struct peer *p, double budget, int once)
{
    struct state sum[2], slice;
    int k, side;
    for (side = 0; side < 2; side++) {
        char name[96];
        snprintf(name, sizeof(name), side ? "%s_openssl" : "%s", b->name);
        state_init(&sum[side], name, budget, once);
        sum[side].count = 0;
    }
    for (k = 0; k < (once ? 1 : PEER_SLICES); k++) {
        for (side = 0; side < 2; side++) {
            state_init(&slice, "", once ? budget : budget / PEER_SLICES, once);
            slice.quiet = 1;
            if (side) {
                run_peer(&slice, b, p);
            } else {
                b->run(&slice, b);
            }
            merge(&sum[side], &slice);
        }
    }
    for (side = 0; side < 2; side++) {
        const double t = sum[side].end;
        const uint64_t c = sum[side].end_cycles;
        print_row(&sum[side], t, c);
    }
}
#endif

/* Runs (or lists, with list set) every row the filter matches; with peer set, a row that
 * has a peer runs in turn with it. */
static void run_rows(const struct filter *f, int list, double budget, int once, int peer)
{
    uint32_t features = coin_cpu_features(), needs;
    size_t i, j;
    char name[96];
    const char *backend;
    struct state st;

    for (i = 0; i < sizeof(benches) / sizeof(benches[0]); i++) {
        const struct bench *b = &benches[i];
        /* j == 0 is the dispatcher's choice; j > 0 is backend j - 1 of the primitive. */
        for (j = 0;; j++) {
            if (j == 0) {
                snprintf(name, sizeof(name), "%s", b->name);
                needs = features;
            } else {
                if (b->backend == NULL) break; /* portable code only */
                backend = b->backend(j - 1, &needs);
                if (backend == NULL) break;
                if (needs & ~features) continue;
                if (b->width) {
                    int width = b->width(j - 1);
                    if (width == 0) continue; /* failed its self-test */
                    snprintf(name, sizeof(name), "%s_%s_%dway", b->name, backend, width);
                } else {
                    snprintf(name, sizeof(name), "%s_%s", b->name, backend);
                }
            }
#if defined(BENCH_PEER_OPENSSL)
            if (j == 0 && peer && peer_of(b->name) != NULL) {
                char peer_name[112];
                snprintf(peer_name, sizeof(peer_name), "%s_openssl", name);
                if (!filter_match(f, name) && !filter_match(f, peer_name)) continue;
                if (list) {
                    printf("%s\n%s\n", name, peer_name);
                } else {
                    coin_cpu_set_features(features);
                    select_all();
                    forced = -1;
                    run_with_peer(b, peer_of(b->name), budget, once);
                }
                continue;
            }
#else
            (void)peer;
#endif
            if (!filter_match(f, name)) continue;
            if (list) {
                printf("%s\n", name);
                continue;
            }
            /* A primitive's backend is forced by leaving it only the features it needs; a
             * batch's backend by its coin_*_with, with every feature, so that what it leaves
             * to other code (a message's last blocks, the SHA-256 of HASH160) runs as selected. */
            coin_cpu_set_features(b->width ? features : needs);
            select_all();
            state_init(&st, name, budget, once);
            forced = b->width && j > 0 ? (long)(j - 1) : -1;
            b->run(&st, b);
            coin_cpu_set_features(features);
        }
    }
}

int main(int argc, char **argv)
{
    struct filter f;
    double budget = 0.25;
    int list = 0, once = 0, peer = 0, i;

    f.pattern = ".*";
    for (i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strncmp(arg, "--", 2) == 0 && arg[2] != '\0') arg++; /* --opt works as -opt */
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "-help") == 0 || strcmp(arg, "-?") == 0) {
            usage(stdout);
            return 0;
        } else if (strncmp(arg, "-filter=", 8) == 0) {
            f.pattern = arg + 8;
        } else if (strcmp(arg, "-list") == 0) {
            list = 1;
        } else if (strncmp(arg, "-time=", 6) == 0) {
            char *end;
            budget = strtod(arg + 6, &end);
            if (end == arg + 6 || *end != '\0' || !(budget > 0 && budget < 1e9)) {
                fprintf(stderr, "bench_coincrypto: invalid -time: '%s'\n", arg + 6);
                usage(stderr);
                return 1;
            }
        } else if (strcmp(arg, "-sanity-check") == 0) {
            once = 1;
            calls_32b = 1000;
        } else if (strcmp(arg, "-peer=openssl") == 0) {
#if defined(BENCH_PEER_OPENSSL)
            peer = 1;
#else
            fprintf(stderr, "bench_coincrypto: built without -peer=openssl (configure found no libcrypto >= 3)\n");
            return 1;
#endif
        } else {
            fprintf(stderr, "bench_coincrypto: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 1;
        }
    }

#if defined(BENCH_HAVE_REGEX)
    {
        int err = regcomp(&f.re, f.pattern, REG_EXTENDED | REG_NOSUB);
        if (err != 0) {
            char msg[256];
            regerror(err, &f.re, msg, sizeof(msg));
            fprintf(stderr, "bench_coincrypto: invalid -filter '%s': %s\n", f.pattern, msg);
            return 1;
        }
    }
#endif

    if (!list) {
        print_cpu();
        print_features("detected", coin_cpu_detected());
        print_features("in use", coin_cpu_features());
        printf("# SHA1: %s\n", coin_sha1_implementation());
        printf("# SHA256: %s\n", coin_sha256_implementation());
        printf("# SHA256_MANY: %s\n", coin_sha256_many_implementation());
        printf("# SHA512: %s\n", coin_sha512_implementation());
        printf("# RIPEMD160: %s\n", coin_ripemd160_implementation());
        printf("# HASH160_MANY: %s\n", coin_hash160_many_implementation());
        printf("# KECCAK: %s\n", coin_keccak_implementation());
        printf("# SCRYPT: %s\n", coin_scrypt_implementation());
        printf("# AES256: %s\n", coin_aes256_implementation());
        printf("# CHACHA20: %s\n", coin_chacha20_implementation());
        printf("# POLY1305: %s\n", coin_poly1305_implementation());
        printf("# BLAKE3: %s\n", coin_blake3_implementation());
        printf("#Benchmark,count,min,max,average,min_cycles,max_cycles,average_cycles\n");
    }
    run_rows(&f, list, budget, once, peer);

#if defined(BENCH_HAVE_REGEX)
    regfree(&f.re);
#endif
    return 0;
}
