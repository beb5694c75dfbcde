/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "backends.h"
#include "chacha20.h"
#include "chacha20_lanes.h"
#include "common.h"
#include "dispatch.h"
#include "sha256.h"

/* A backend: n blocks of keystream from the state input (see backends.h), XORed into in when
 * in is not NULL, to out; advances the block counter input[8], carrying into input[9]. */
typedef void (*chacha20_blocks_fn)(uint32_t input[12], unsigned char *out, const unsigned char *in, size_t n);

#define ADD1(a, b) ((a) + (b))
#define XOR1(a, b) ((a) ^ (b))
#define R16(x) rotl32(x, 16)
#define R12(x) rotl32(x, 12)
#define R8(x) rotl32(x, 8)
#define R7(x) rotl32(x, 7)

#define EACH_WORD(F) F(0) F(1) F(2) F(3) F(4) F(5) F(6) F(7) F(8) F(9) F(10) F(11) F(12) F(13) F(14) F(15)
#define PUT(i) coin_write_le32(out + 4 * (i), x##i);
#define PUT_XOR(i) coin_write_le32(out + 4 * (i), x##i ^ coin_read_le32(in + 4 * (i)));

static void blocks_generic(uint32_t input[12], unsigned char *out, const unsigned char *in, size_t n)
{
    const uint32_t k0 = input[0], k1 = input[1], k2 = input[2], k3 = input[3], k4 = input[4], k5 = input[5];
    const uint32_t k6 = input[6], k7 = input[7], n1 = input[10], n2 = input[11];
    uint32_t ctr = input[8], n0 = input[9];
    for (; n; n--, out += 64) {
        uint32_t x0 = CHACHA20_C0, x1 = CHACHA20_C1, x2 = CHACHA20_C2, x3 = CHACHA20_C3, x4 = k0, x5 = k1, x6 = k2, x7 = k3;
        uint32_t x8 = k4, x9 = k5, x10 = k6, x11 = k7, x12 = ctr, x13 = n0, x14 = n1, x15 = n2;
        /* The ten double rounds unrolled, as Core's REPEAT10: with a loop, 1 MiB took 5-10%
         * longer than Core's code here. */
#define DR CHACHA20_DOUBLE_ROUND(ADD1, XOR1, R16, R12, R8, R7)
        DR; DR; DR; DR; DR; DR; DR; DR; DR; DR;
#undef DR
        x0 += CHACHA20_C0; x1 += CHACHA20_C1; x2 += CHACHA20_C2; x3 += CHACHA20_C3;
        x4 += k0; x5 += k1; x6 += k2; x7 += k3; x8 += k4; x9 += k5; x10 += k6; x11 += k7;
        x12 += ctr; x13 += n0; x14 += n1; x15 += n2;
        if (in) {
            EACH_WORD(PUT_XOR)
            in += 64;
        } else {
            EACH_WORD(PUT)
        }
        if (++ctr == 0) n0++;
    }
    input[8] = ctr;
    input[9] = n0;
}

static const struct coin_backend backends[] = {
#ifdef ENABLE_AVX512
    {"avx512", COIN_CPU_AVX512, 16, (coin_fn)coin_chacha20_blocks_avx512},
#endif
#ifdef ENABLE_AVX2
    {"avx2", COIN_CPU_AVX2 | COIN_CPU_BMI2, 8, (coin_fn)coin_chacha20_blocks_avx2},
#endif
#ifdef ENABLE_SSSE3
    {"ssse3", COIN_CPU_SSSE3, 4, (coin_fn)coin_chacha20_blocks_ssse3},
#endif
#ifdef ENABLE_NEON
    {"neon", COIN_CPU_ARM_NEON, 4, (coin_fn)coin_chacha20_blocks_neon},
#endif
    {"generic", 0, 1, (coin_fn)blocks_generic},
};

static int selftest(const struct coin_backend *b);
static uint64_t short_cost(const struct coin_backend *b);
static struct coin_dispatch dispatch = COIN_DISPATCH_INIT_COST("chacha20", backends, selftest, short_cost);
_Static_assert(sizeof(backends) / sizeof(backends[0]) <= COIN_DISPATCH_MAX_ORDERED, "too many to order");

/* Calls of three blocks or more take the first usable backend, the widest. Calls of one or
 * two blocks (a BIP324 packet up to 128 bytes, the AEAD's Poly1305 key, a buffered tail) take
 * the backend fastest on one block on this CPU (the dispatcher's order: the tuning table's, or
 * short_cost's): there the vector backends either hold a block's rows in four registers, whose
 * every step waits for the one before, or run their 4-way code with lanes left empty, and the
 * portable code, with a block's four quarter-rounds side by side in general registers, can be
 * ahead. On a Zen 5 (TSC ticks, min of 1,000 calls through coin_chacha20_crypt_blocks_with):
 * one block 147 portable against 189 AVX-512 and 252 AVX2 or SSSE3; two blocks 315 against
 * 231 AVX-512 and 546 AVX2. One block decides: every packet's Poly1305 key is one, and so are a
 * random context's refills; with the AVX-512 code for short calls, FSCHACHA20POLY1305_64BYTES
 * took 631 TSC cycles against 414. Two-block calls take the same backend: there the portable
 * code costs a Zen 5 84 ticks against AVX-512, and saves 231 against AVX2. */
static chacha20_blocks_fn blocks_fn(size_t n)
{
    if (n < 3) return (chacha20_blocks_fn)backends[coin_dispatch_order(&dispatch) & 0xF].fn;
    return (chacha20_blocks_fn)coin_dispatch(&dispatch)->fn;
}

/* The ticks of sixteen one-block calls. (With a two-block call in each pair, as before December
 * 2026, AVX-512's faster pairs made up for its slower single blocks on a Zen 5: a tie, which
 * the list's order gave to AVX-512.) */
static uint64_t short_cost(const struct coin_backend *b)
{
    chacha20_blocks_fn f = (chacha20_blocks_fn)b->fn;
    uint32_t input[12] = {0};
    unsigned char out[64];
    uint64_t t = coin_ticks();
    int i;
    for (i = 0; i < 16; i++) f(input, out, i ? out : NULL, 1);
    return coin_ticks() - t;
}

void coin_chacha20_init(coin_chacha20_ctx *ctx, const unsigned char key[32])
{
    int i;
    for (i = 0; i < 8; i++) ctx->input[i] = coin_read_le32(key + 4 * i);
    ctx->input[8] = ctx->input[9] = ctx->input[10] = ctx->input[11] = 0;
    ctx->bufleft = 0;
}

void coin_chacha20_seek96(coin_chacha20_ctx *ctx, uint32_t nonce0, uint64_t nonce1, uint32_t block)
{
    ctx->input[8] = block;
    ctx->input[9] = nonce0;
    ctx->input[10] = (uint32_t)nonce1;
    ctx->input[11] = (uint32_t)(nonce1 >> 32);
    ctx->bufleft = 0;
}

void coin_chacha20_seek(coin_chacha20_ctx *ctx, const unsigned char nonce[12], uint32_t block)
{
    coin_chacha20_seek96(ctx, coin_read_le32(nonce), coin_read_le64(nonce + 4), block);
}

void coin_chacha20_keystream_blocks(coin_chacha20_ctx *ctx, unsigned char *out, size_t len)
{
    assert(len % 64 == 0);
    if (len) blocks_fn(len / 64)(ctx->input, out, NULL, len / 64);
}

void coin_chacha20_crypt_blocks(coin_chacha20_ctx *ctx, unsigned char *out, const unsigned char *in, size_t len)
{
    assert((in != NULL || len == 0) && len % 64 == 0);
    if (len) blocks_fn(len / 64)(ctx->input, out, in, len / 64);
}

/* Keystream (in NULL) or encryption of len bytes: first the buffered keystream, then whole
 * blocks, then one more block into the buffer for the rest. */
static void stream(coin_chacha20_ctx *ctx, unsigned char *out, const unsigned char *in, size_t len)
{
    size_t i;
    if (len == 0) return;
    if (ctx->bufleft) {
        const unsigned char *ks = ctx->buf + 64 - ctx->bufleft;
        size_t take = len < ctx->bufleft ? len : ctx->bufleft;
        for (i = 0; i < take; i++) out[i] = in ? (unsigned char)(in[i] ^ ks[i]) : ks[i];
        ctx->bufleft -= (uint32_t)take;
        out += take;
        if (in) in += take;
        len -= take;
        if (len == 0) return;
    }
    if (len >= 64) {
        blocks_fn(len / 64)(ctx->input, out, in, len / 64);
        out += len & ~(size_t)63;
        if (in) in += len & ~(size_t)63;
        len &= 63;
    }
    if (len) {
        blocks_fn(1)(ctx->input, ctx->buf, NULL, 1);
        for (i = 0; i < len; i++) out[i] = in ? (unsigned char)(in[i] ^ ctx->buf[i]) : ctx->buf[i];
        ctx->bufleft = (uint32_t)(64 - len);
    }
}

void coin_chacha20_keystream(coin_chacha20_ctx *ctx, unsigned char *out, size_t len)
{
    stream(ctx, out, NULL, len);
}

void coin_chacha20_crypt(coin_chacha20_ctx *ctx, unsigned char *out, const unsigned char *in, size_t len)
{
    assert(in != NULL || len == 0); /* a NULL in would give the keystream: coin_chacha20_keystream */
    stream(ctx, out, in, len);
}

void coin_chacha20_wipe(coin_chacha20_ctx *ctx)
{
    memory_cleanse(ctx, sizeof(*ctx));
}

void coin_fschacha20_init(coin_fschacha20_ctx *ctx, const unsigned char key[32], uint32_t rekey_interval)
{
    coin_chacha20_init(&ctx->c, key);
    ctx->rekey_interval = rekey_interval;
    ctx->chunk_counter = 0;
    ctx->rekey_counter = 0;
}

void coin_fschacha20_crypt(coin_fschacha20_ctx *ctx, unsigned char *out, const unsigned char *in, size_t len)
{
    stream(&ctx->c, out, in, len);
    if (++ctx->chunk_counter == ctx->rekey_interval) {
        unsigned char key[32];
        stream(&ctx->c, key, NULL, 32);
        coin_chacha20_init(&ctx->c, key);
        memory_cleanse(key, sizeof(key));
        coin_chacha20_seek96(&ctx->c, 0, ++ctx->rekey_counter, 0);
        ctx->chunk_counter = 0;
    }
}

void coin_fschacha20_wipe(coin_fschacha20_ctx *ctx)
{
    memory_cleanse(ctx, sizeof(*ctx));
}

/* "avx2(8way;4way)": the backend, its width, and the 4-way code it runs on fewer blocks;
 * then, when another backend is faster on one block and so takes calls of one or two (see
 * blocks_fn), its name:
 * "avx512(16way;4way);short:generic". */
const char *coin_chacha20_implementation(void)
{
    static _Thread_local char desc[64]; /* each thread's own: no lock, never torn */
    const struct coin_backend *b = coin_dispatch(&dispatch), *s = &backends[coin_dispatch_order(&dispatch) & 0xF];
    int len = snprintf(desc, sizeof(desc), b->width > 4 ? "%s(%uway;4way)" : "%s(%uway)", b->name, b->width);
    if (s != b) snprintf(desc + len, sizeof(desc) - (size_t)len, ";short:%s", s->name);
    return coin_dispatch_tag(&dispatch, desc, sizeof(desc));
}

const char *coin_chacha20_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&dispatch, i, needs);
}

int coin_chacha20_crypt_blocks_with(size_t i, coin_chacha20_ctx *ctx, unsigned char *out, const unsigned char *in,
                                    size_t len)
{
    assert(len % 64 == 0);
    if (i >= dispatch.count || !(coin_dispatch_usable(&dispatch) & (1u << i))) return 0;
    if (len) ((chacha20_blocks_fn)backends[i].fn)(ctx->input, out, in, len / 64);
    return (int)backends[i].width;
}

/* Known answers from an independent implementation (OpenSSL, through Python's cryptography
 * package): the SHA-256 of 18 blocks of ChaCha20 from block 1, with the first 32 bytes of the
 * shared self-test message as the key and the next 12 as the nonce, encrypting that message
 * from byte 44 at an odd address; and the SHA-256 of 3 blocks of keystream from block 1 of
 * nonce 0. 18 blocks reach every backend's widest code and its 4-way and 1-block tails. */
static int selftest(const struct coin_backend *b)
{
    static const unsigned char expect[2][32] = {
        {0xca, 0x28, 0x74, 0xe4, 0x97, 0x56, 0x4e, 0x33, 0x7e, 0x05, 0x36, 0x49, 0x30, 0x61, 0x3a, 0xfd,
         0x80, 0x1c, 0xa4, 0xf4, 0xba, 0xef, 0xbf, 0xd5, 0xc4, 0x34, 0x46, 0x97, 0x19, 0x2c, 0x26, 0x28},
        {0xda, 0x54, 0x75, 0xb5, 0x9d, 0x7a, 0x04, 0x77, 0xdc, 0x04, 0x60, 0x4d, 0x0c, 0x92, 0x68, 0x00,
         0xd0, 0xb6, 0x8c, 0x40, 0x25, 0xee, 0xeb, 0x57, 0x36, 0x1f, 0xdf, 0x72, 0x1f, 0xf7, 0xbf, 0xb6},
    };
    chacha20_blocks_fn f = (chacha20_blocks_fn)b->fn;
    unsigned char msg[1 + 44 + 18 * 64], out[18 * 64], digest[32];
    uint32_t input[12];
    int i;

    coin_selftest_message(msg + 1, sizeof(msg) - 1);
    for (i = 0; i < 8; i++) input[i] = coin_read_le32(msg + 1 + 4 * i);
    input[8] = 1;
    for (i = 0; i < 3; i++) input[9 + i] = coin_read_le32(msg + 1 + 32 + 4 * i);
    f(input, out, msg + 1 + 44, 18);
    coin_sha256(digest, out, sizeof(out));
    if (memcmp(digest, expect[0], 32) != 0 || input[8] != 19) return 0;
    input[8] = 1;
    input[9] = input[10] = input[11] = 0;
    f(input, out, NULL, 3);
    coin_sha256(digest, out, 3 * 64);
    return memcmp(digest, expect[1], 32) == 0;
}
