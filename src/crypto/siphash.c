/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <assert.h>

#include "common.h"
#include "siphash.h"

/* One SipRound on the four state words (rotations left by n as right by 64 - n). */
#define SIPROUND(v0, v1, v2, v3)                                          \
    do {                                                                  \
        v0 += v1; v1 = rotr64(v1, 64 - 13); v1 ^= v0; v0 = rotr64(v0, 32); \
        v2 += v3; v3 = rotr64(v3, 64 - 16); v3 ^= v2;                     \
        v0 += v3; v3 = rotr64(v3, 64 - 21); v3 ^= v0;                     \
        v2 += v1; v1 = rotr64(v1, 64 - 17); v1 ^= v2; v2 = rotr64(v2, 32); \
    } while (0)

/* Absorbs one 64-bit message word: two compression rounds. */
#define SIPCOMPRESS(v0, v1, v2, v3, m) \
    do {                               \
        const uint64_t m_ = (m);       \
        v3 ^= m_;                      \
        SIPROUND(v0, v1, v2, v3);      \
        SIPROUND(v0, v1, v2, v3);      \
        v0 ^= m_;                      \
    } while (0)

/* Four finalization rounds and the output. */
#define SIPFINAL(v0, v1, v2, v3)  \
    do {                          \
        v2 ^= 0xff;               \
        SIPROUND(v0, v1, v2, v3); \
        SIPROUND(v0, v1, v2, v3); \
        SIPROUND(v0, v1, v2, v3); \
        SIPROUND(v0, v1, v2, v3); \
    } while (0)

static void key_state(uint64_t v[4], uint64_t k0, uint64_t k1)
{
    v[0] = UINT64_C(0x736f6d6570736575) ^ k0;
    v[1] = UINT64_C(0x646f72616e646f6d) ^ k1;
    v[2] = UINT64_C(0x6c7967656e657261) ^ k0;
    v[3] = UINT64_C(0x7465646279746573) ^ k1;
}

void coin_siphash_init(coin_siphash_ctx *ctx, uint64_t k0, uint64_t k1)
{
    key_state(ctx->v, k0, k1);
    ctx->tmp = 0;
    ctx->bytes = 0;
}

void coin_siphash_write(coin_siphash_ctx *ctx, const unsigned char *data, size_t len)
{
    uint64_t v0 = ctx->v[0], v1 = ctx->v[1], v2 = ctx->v[2], v3 = ctx->v[3];
    uint64_t t = ctx->tmp;
    unsigned fill = (unsigned)(ctx->bytes & 7);

    ctx->bytes += len;
    /* Complete a pending word byte by byte. */
    while (fill != 0 && len != 0) {
        t |= (uint64_t)*data++ << (8 * fill);
        len--;
        if (++fill == 8) {
            SIPCOMPRESS(v0, v1, v2, v3, t);
            t = 0;
            fill = 0;
        }
    }
    /* Whole words straight from the input. */
    while (len >= 8) {
        const uint64_t m = coin_read_le64(data);
        SIPCOMPRESS(v0, v1, v2, v3, m);
        data += 8;
        len -= 8;
    }
    /* Start the next word with the tail (fill is 0 here whenever len is not). */
    while (len != 0) {
        t |= (uint64_t)*data++ << (8 * fill++);
        len--;
    }
    ctx->v[0] = v0;
    ctx->v[1] = v1;
    ctx->v[2] = v2;
    ctx->v[3] = v3;
    ctx->tmp = t;
}

void coin_siphash_write_u64(coin_siphash_ctx *ctx, uint64_t x)
{
    uint64_t v0 = ctx->v[0], v1 = ctx->v[1], v2 = ctx->v[2], v3 = ctx->v[3];
    assert(ctx->bytes % 8 == 0);
    SIPCOMPRESS(v0, v1, v2, v3, x);
    ctx->v[0] = v0;
    ctx->v[1] = v1;
    ctx->v[2] = v2;
    ctx->v[3] = v3;
    ctx->bytes += 8;
}

/* Absorbs the last word (the tail and the length byte) and finishes. */
static inline uint64_t finish(uint64_t v0, uint64_t v1, uint64_t v2, uint64_t v3, uint64_t last)
{
    SIPCOMPRESS(v0, v1, v2, v3, last);
    SIPFINAL(v0, v1, v2, v3);
    return v0 ^ v1 ^ v2 ^ v3;
}

uint64_t coin_siphash_finalize(const coin_siphash_ctx *ctx)
{
    return finish(ctx->v[0], ctx->v[1], ctx->v[2], ctx->v[3], ctx->tmp | (ctx->bytes << 56));
}

uint64_t coin_siphash(uint64_t k0, uint64_t k1, const unsigned char *data, size_t len)
{
    coin_siphash_ctx ctx;
    coin_siphash_init(&ctx, k0, k1);
    coin_siphash_write(&ctx, data, len);
    return coin_siphash_finalize(&ctx);
}

void coin_siphash_key_init(coin_siphash_key *key, uint64_t k0, uint64_t k1)
{
    key_state(key->v, k0, k1);
}

/* The 32 bytes of val as four whole words, then last: unrolled, nothing buffered. */
static inline uint64_t hash_uint256(const coin_siphash_key *key, const unsigned char val[32], uint64_t last)
{
    uint64_t v0 = key->v[0], v1 = key->v[1], v2 = key->v[2], v3 = key->v[3];
    SIPCOMPRESS(v0, v1, v2, v3, coin_read_le64(val));
    SIPCOMPRESS(v0, v1, v2, v3, coin_read_le64(val + 8));
    SIPCOMPRESS(v0, v1, v2, v3, coin_read_le64(val + 16));
    SIPCOMPRESS(v0, v1, v2, v3, coin_read_le64(val + 24));
    return finish(v0, v1, v2, v3, last);
}

uint64_t coin_siphash_uint256(const coin_siphash_key *key, const unsigned char val[32])
{
    return hash_uint256(key, val, UINT64_C(32) << 56);
}

uint64_t coin_siphash_uint256_extra(const coin_siphash_key *key, const unsigned char val[32], uint32_t extra)
{
    return hash_uint256(key, val, (UINT64_C(36) << 56) | extra);
}

/* SipHash-1-3-UJ: one round per block, three to finalize with the unpadded finalizer. */
#define SIP13_NORMAL(v0, v1, v2, v3, m) \
    do {                                \
        const uint64_t m_ = (m);        \
        v3 ^= m_;                       \
        SIPROUND(v0, v1, v2, v3);       \
        v0 ^= m_;                       \
    } while (0)

#define SIP13_JUMBO(v0, v1, v2, v3, val)                                  \
    do {                                                                  \
        const uint64_t d0 = coin_read_le64(val), d1 = coin_read_le64((val) + 8); \
        const uint64_t d2 = coin_read_le64((val) + 16), d3 = coin_read_le64((val) + 24); \
        v3 ^= d0; v0 ^= d1; v1 ^= d2; v2 ^= d3;                           \
        SIPROUND(v0, v1, v2, v3);                                         \
        v0 ^= d0; v1 ^= d1; v2 ^= d2; v3 ^= d3;                           \
    } while (0)

static inline uint64_t finish13(uint64_t v0, uint64_t v1, uint64_t v2, uint64_t v3)
{
    v2 ^= UINT64_C(0x6465646461706e75);
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    return v0 ^ v1 ^ v2 ^ v3;
}

void coin_siphash13_init(coin_siphash13_ctx *ctx, uint64_t k0, uint64_t k1)
{
    key_state(ctx->v, k0, k1);
}

void coin_siphash13_write_u64(coin_siphash13_ctx *ctx, uint64_t x)
{
    SIP13_NORMAL(ctx->v[0], ctx->v[1], ctx->v[2], ctx->v[3], x);
}

void coin_siphash13_write_jumbo(coin_siphash13_ctx *ctx, const unsigned char val[32])
{
    SIP13_JUMBO(ctx->v[0], ctx->v[1], ctx->v[2], ctx->v[3], val);
}

uint64_t coin_siphash13_finalize(const coin_siphash13_ctx *ctx)
{
    return finish13(ctx->v[0], ctx->v[1], ctx->v[2], ctx->v[3]);
}

uint64_t coin_siphash13_uint256(const coin_siphash13_ctx *ctx, const unsigned char val[32])
{
    uint64_t v0 = ctx->v[0], v1 = ctx->v[1], v2 = ctx->v[2], v3 = ctx->v[3];
    SIP13_JUMBO(v0, v1, v2, v3, val);
    return finish13(v0, v1, v2, v3);
}

uint64_t coin_siphash13_uint256_extra(const coin_siphash13_ctx *ctx, const unsigned char val[32], uint64_t extra)
{
    uint64_t v0 = ctx->v[0], v1 = ctx->v[1], v2 = ctx->v[2], v3 = ctx->v[3];
    SIP13_JUMBO(v0, v1, v2, v3, val);
    SIP13_NORMAL(v0, v1, v2, v3, extra);
    return finish13(v0, v1, v2, v3);
}
