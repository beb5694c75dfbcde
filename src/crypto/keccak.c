/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <stdio.h>
#include <string.h>

#include "backends.h"
#include "common.h"
#include "dispatch.h"
#include "keccak.h"
#include "keccak_round.h"

/* A backend: for each of n blocks, XOR rate / 8 little-endian lanes of data into the state,
 * then permute; rate 0 permutes n times and reads nothing (see backends.h). */
typedef void (*keccak_absorb_fn)(uint64_t st[25], const unsigned char *data, size_t n, size_t rate);

/* The round constants (iota), shared with the backends. */
_Alignas(64) const uint64_t coin_keccak_rc[24] = {
    0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
    0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
    0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
    0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
    0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
};

/* The portable permutation (keccak_round.h) with lane complementing, as the Keccak team's
 * optimised 64-bit code does it for CPUs without an and-not instruction: the lanes be, bi, go,
 * ki, mi and sa (1, 2, 8, 12, 17, 20) are kept inverted, which turns all but one NOT per row
 * of chi into AND/OR. */
#define COMPLEMENTED(st) \
    do { (st)[1] = ~(st)[1]; (st)[2] = ~(st)[2]; (st)[8] = ~(st)[8]; \
         (st)[12] = ~(st)[12]; (st)[17] = ~(st)[17]; (st)[20] = ~(st)[20]; } while (0)

#define CHI_COMPLEMENTED(E, r, x) CHI_COMPLEMENTED_##r(E, x)
#define CHI_COMPLEMENTED_b(E, x)                                                              \
    do {                                                                                      \
        E##ba = Ba ^ (Be | Bi) ^ (x); E##be = Be ^ (~Bi | Bo); E##bi = Bi ^ (Bo & Bu);        \
        E##bo = Bo ^ (Bu | Ba); E##bu = Bu ^ (Ba & Be);                                       \
    } while (0)
#define CHI_COMPLEMENTED_g(E, x)                                                              \
    do {                                                                                      \
        E##ga = Ba ^ (Be | Bi) ^ (x); E##ge = Be ^ (Bi & Bo); E##gi = Bi ^ (Bo | ~Bu);        \
        E##go = Bo ^ (Bu | Ba); E##gu = Bu ^ (Ba & Be);                                       \
    } while (0)
#define CHI_COMPLEMENTED_k(E, x)                                                              \
    do {                                                                                      \
        E##ka = Ba ^ (Be | Bi) ^ (x); E##ke = Be ^ (Bi & Bo); E##ki = Bi ^ (~Bo & Bu);        \
        E##ko = ~Bo ^ (Bu | Ba); E##ku = Bu ^ (Ba & Be);                                      \
    } while (0)
#define CHI_COMPLEMENTED_m(E, x)                                                              \
    do {                                                                                      \
        E##ma = Ba ^ (Be & Bi) ^ (x); E##me = Be ^ (Bi | Bo); E##mi = Bi ^ (~Bo | Bu);        \
        E##mo = ~Bo ^ (Bu & Ba); E##mu = Bu ^ (Ba | Be);                                      \
    } while (0)
#define CHI_COMPLEMENTED_s(E, x)                                                              \
    do {                                                                                      \
        E##sa = Ba ^ (~Be & Bi) ^ (x); E##se = ~Be ^ (Bi | Bo); E##si = Bi ^ (Bo & Bu);       \
        E##so = Bo ^ (Bu | Ba); E##su = Bu ^ (Ba & Be);                                       \
    } while (0)

/* Keccak-f[1600] on a state whose lanes 1, 2, 8, 12, 17 and 20 are complemented. */
static void permute_complemented(uint64_t st[25])
{
    KECCAK_PERMUTE(st, CHI_COMPLEMENTED);
}

static void absorb_generic(uint64_t st[25], const unsigned char *data, size_t n, size_t rate)
{
    size_t i, k;
    COMPLEMENTED(st);
    for (k = 0; k < n; k++) { /* rate 0, a bare permutation, reads nothing: data may be NULL */
        for (i = 0; i < rate / 8; i++) st[i] ^= coin_read_le64(data + k * rate + 8 * i);
        permute_complemented(st);
    }
    COMPLEMENTED(st);
}

/* The BMI build first: AVX-512 only where the tuning table (dispatch.c) measured it faster. */
static const struct coin_backend backends[] = {
#ifdef ENABLE_AVX2
    {"avx2", COIN_CPU_AVX2 | COIN_CPU_BMI2, 1, (coin_fn)coin_keccak_absorb_avx2},
#endif
#ifdef ENABLE_AVX512
    {"avx512", COIN_CPU_AVX512, 1, (coin_fn)coin_keccak_absorb_avx512},
#endif
#ifdef ENABLE_ARMV82_CRYPTO
    {"armv82", COIN_CPU_ARM_SHA3, 1, (coin_fn)coin_keccak_absorb_armv82},
#endif
    {"generic", 0, 1, (coin_fn)absorb_generic},
};

static int selftest(const struct coin_backend *b);
static struct coin_dispatch dispatch = COIN_DISPATCH_INIT("keccak", backends, selftest);

/* The first of the order: the tuning table's for a CPU it has, else the list's. */
static const struct coin_backend *selected(void)
{
    return &backends[coin_dispatch_order(&dispatch) & 0xF];
}

static keccak_absorb_fn absorb(void)
{
    return (keccak_absorb_fn)selected()->fn;
}

/* XORs len bytes into the state from byte pos of the sponge on: whole lanes where it can. */
static void xor_bytes(uint64_t st[25], size_t pos, const unsigned char *data, size_t len)
{
    for (; len && pos % 8; len--, pos++) st[pos / 8] ^= (uint64_t)*data++ << (8 * (pos % 8));
    for (; len >= 8; len -= 8, pos += 8, data += 8) st[pos / 8] ^= coin_read_le64(data);
    for (; len; len--, pos++) st[pos / 8] ^= (uint64_t)*data++ << (8 * (pos % 8));
}

static void extract_bytes(const uint64_t st[25], size_t pos, unsigned char *out, size_t len)
{
    for (; len && pos % 8; len--, pos++) *out++ = (unsigned char)(st[pos / 8] >> (8 * (pos % 8)));
    for (; len >= 8; len -= 8, pos += 8, out += 8) coin_write_le64(out, st[pos / 8]);
    for (; len; len--, pos++) *out++ = (unsigned char)(st[pos / 8] >> (8 * (pos % 8)));
}

static void init(coin_keccak_ctx *ctx, uint32_t rate, uint8_t pad)
{
    memset(ctx->st, 0, sizeof(ctx->st));
    ctx->rate = rate;
    ctx->pos = 0;
    ctx->pad = pad;
    ctx->squeezing = 0;
}

void coin_sha3_256_init(coin_keccak_ctx *ctx) { init(ctx, 136, 0x06); }
void coin_sha3_512_init(coin_keccak_ctx *ctx) { init(ctx, 72, 0x06); }
void coin_keccak256_init(coin_keccak_ctx *ctx) { init(ctx, 136, 0x01); }
void coin_keccak512_init(coin_keccak_ctx *ctx) { init(ctx, 72, 0x01); }
void coin_shake128_init(coin_keccak_ctx *ctx) { init(ctx, 168, 0x1f); }
void coin_shake256_init(coin_keccak_ctx *ctx) { init(ctx, 136, 0x1f); }

static void write_with(coin_keccak_ctx *ctx, const unsigned char *data, size_t len, keccak_absorb_fn f)
{
    size_t rate = ctx->rate;
    if (ctx->pos) {
        size_t take = rate - ctx->pos < len ? rate - ctx->pos : len;
        xor_bytes(ctx->st, ctx->pos, data, take);
        ctx->pos += (uint32_t)take;
        if (ctx->pos < rate) return;
        f(ctx->st, NULL, 1, 0);
        ctx->pos = 0;
        data += take;
        len -= take;
    }
    if (len >= rate) {
        f(ctx->st, data, len / rate, rate);
        data += len - len % rate;
        len %= rate;
    }
    xor_bytes(ctx->st, 0, data, len);
    ctx->pos = (uint32_t)len;
}

static void squeeze_with(coin_keccak_ctx *ctx, unsigned char *out, size_t len, keccak_absorb_fn f)
{
    if (!ctx->squeezing) {
        ctx->st[ctx->pos / 8] ^= (uint64_t)ctx->pad << (8 * (ctx->pos % 8));
        ctx->st[(ctx->rate - 1) / 8] ^= (uint64_t)0x80 << (8 * ((ctx->rate - 1) % 8));
        ctx->squeezing = 1;
        ctx->pos = ctx->rate; /* the permutation below starts the output */
    }
    while (len) {
        size_t take;
        if (ctx->pos == ctx->rate) {
            f(ctx->st, NULL, 1, 0);
            ctx->pos = 0;
        }
        take = ctx->rate - ctx->pos < len ? ctx->rate - ctx->pos : len;
        extract_bytes(ctx->st, ctx->pos, out, take);
        ctx->pos += (uint32_t)take;
        out += take;
        len -= take;
    }
}

void coin_keccak_write(coin_keccak_ctx *ctx, const unsigned char *data, size_t len)
{
    if (len == 0) return;
    write_with(ctx, data, len, absorb());
}

void coin_keccak_squeeze(coin_keccak_ctx *ctx, unsigned char *out, size_t len)
{
    squeeze_with(ctx, out, len, absorb());
}

void coin_keccak_finalize(coin_keccak_ctx *ctx, unsigned char *out)
{
    squeeze_with(ctx, out, (200 - ctx->rate) / 2, absorb());
}

/* The one-shot functions: a fresh state takes the input lanes and its padding directly. */
static void oneshot(unsigned char *out, size_t outlen, const unsigned char *data, size_t len,
                    uint32_t rate, uint8_t pad)
{
    keccak_absorb_fn f = absorb();
    coin_keccak_ctx ctx;
    init(&ctx, rate, pad);
    if (len) write_with(&ctx, data, len, f);
    squeeze_with(&ctx, out, outlen, f);
}

void coin_sha3_256(unsigned char out[32], const unsigned char *data, size_t len) { oneshot(out, 32, data, len, 136, 0x06); }
void coin_sha3_512(unsigned char out[64], const unsigned char *data, size_t len) { oneshot(out, 64, data, len, 72, 0x06); }
void coin_keccak256(unsigned char out[32], const unsigned char *data, size_t len) { oneshot(out, 32, data, len, 136, 0x01); }
void coin_keccak512(unsigned char out[64], const unsigned char *data, size_t len) { oneshot(out, 64, data, len, 72, 0x01); }

void coin_shake128(unsigned char *out, size_t outlen, const unsigned char *data, size_t len)
{
    oneshot(out, outlen, data, len, 168, 0x1f);
}

void coin_shake256(unsigned char *out, size_t outlen, const unsigned char *data, size_t len)
{
    oneshot(out, outlen, data, len, 136, 0x1f);
}

void coin_keccakf(uint64_t st[25])
{
    absorb()(st, NULL, 1, 0);
}

/* The backend in use, and what chose it where a choice was made: "avx512 [emr]". The string is
 * the calling thread's own and stays valid until its next call. */
const char *coin_keccak_implementation(void)
{
    static _Thread_local char desc[32];
    snprintf(desc, sizeof(desc), "%s", selected()->name);
    return coin_dispatch_tag(&dispatch, desc, sizeof(desc));
}

const char *coin_keccak_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&dispatch, i, needs);
}

/* Known answers from an independent implementation (Python's hashlib), on the shared
 * self-test message from an odd address: SHA3-256 of 311 bytes (2 blocks in one call, then
 * a tail), SHA3-512 of 184 (2 blocks of the other rate and a tail), and bytes 168..199 of
 * SHAKE128 of 100 bytes (past a permutation made while squeezing). */
static int selftest(const struct coin_backend *b)
{
    static const unsigned char expect[32 + 64 + 32] = {
        0x99, 0x58, 0xad, 0x76, 0xe8, 0x65, 0x26, 0x93, 0xde, 0x48, 0x85, 0x4f, 0xa8, 0x38, 0xbb, 0x76,
        0x3e, 0xbf, 0x24, 0xe4, 0x56, 0x18, 0xd6, 0x31, 0x62, 0x61, 0x45, 0x26, 0xd8, 0x73, 0x9a, 0x38,
        0xf0, 0xe5, 0x72, 0x99, 0x83, 0x58, 0xbb, 0x84, 0x44, 0xa6, 0x9e, 0x60, 0x1a, 0x9f, 0x41, 0x38,
        0x36, 0x69, 0x32, 0xcc, 0x91, 0x38, 0xe5, 0x37, 0x0d, 0x42, 0x1f, 0x09, 0x7d, 0x90, 0x09, 0x35,
        0xb0, 0xfc, 0x13, 0xe6, 0x54, 0x95, 0xbe, 0xd9, 0xfe, 0xf8, 0x4d, 0x59, 0x1e, 0xe4, 0x33, 0xd6,
        0x68, 0x5e, 0x94, 0x5e, 0x11, 0xeb, 0x16, 0x69, 0xf9, 0xf7, 0xf8, 0x82, 0x19, 0x04, 0x2f, 0xcd,
        0xc5, 0x0a, 0x55, 0x81, 0xcf, 0x09, 0xbf, 0x61, 0xc1, 0x3e, 0xff, 0xbd, 0xc3, 0xa3, 0x25, 0x62,
        0xf1, 0x00, 0x98, 0x1c, 0x4a, 0x9f, 0xc3, 0x53, 0xc8, 0x6d, 0x26, 0xd1, 0x25, 0x31, 0x2d, 0x81,
    };
    keccak_absorb_fn f = (keccak_absorb_fn)b->fn;
    unsigned char msg[1 + 311], out[200];
    coin_keccak_ctx ctx;

    coin_selftest_message(msg + 1, 311);
    coin_sha3_256_init(&ctx);
    write_with(&ctx, msg + 1, 311, f);
    squeeze_with(&ctx, out, 32, f);
    if (memcmp(out, expect, 32) != 0) return 0;
    coin_sha3_512_init(&ctx);
    write_with(&ctx, msg + 1, 184, f);
    squeeze_with(&ctx, out, 64, f);
    if (memcmp(out, expect + 32, 64) != 0) return 0;
    coin_shake128_init(&ctx);
    write_with(&ctx, msg + 1, 100, f);
    squeeze_with(&ctx, out, 200, f);
    return memcmp(out + 168, expect + 96, 32) == 0;
}
