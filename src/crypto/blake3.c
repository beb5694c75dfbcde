/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <string.h>

#include "blake3.h"
#include "byteorder.h"
#include "common.h"

/* The domain flags of the specification's section 2.1. */
enum {
    CHUNK_START = 1,
    CHUNK_END = 2,
    PARENT = 4,
    ROOT = 8,
    KEYED_HASH = 16,
    DERIVE_KEY_CONTEXT = 32,
    DERIVE_KEY_MATERIAL = 64
};

/* SHA-256's initial hash value. */
static const uint32_t IV[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

#define G(a, b, c, d, x, y)                       \
    do {                                          \
        a += b + (x); d = rotr32(d ^ a, 16);      \
        c += d;       b = rotr32(b ^ c, 12);      \
        a += b + (y); d = rotr32(d ^ a, 8);       \
        c += d;       b = rotr32(b ^ c, 7);       \
    } while (0)

/* One round: the columns, then the diagonals. Round r reads the message words in the order
 * the permutation (2,6,3,10,7,0,4,13,1,11,12,5,9,14,15,8) applied r times gives, so the words
 * are never moved. */
#define ROUND(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15) \
    do {                                                                         \
        G(v0, v4, v8, v12, m[s0], m[s1]);                                        \
        G(v1, v5, v9, v13, m[s2], m[s3]);                                        \
        G(v2, v6, v10, v14, m[s4], m[s5]);                                       \
        G(v3, v7, v11, v15, m[s6], m[s7]);                                       \
        G(v0, v5, v10, v15, m[s8], m[s9]);                                       \
        G(v1, v6, v11, v12, m[s10], m[s11]);                                     \
        G(v2, v7, v8, v13, m[s12], m[s13]);                                      \
        G(v3, v4, v9, v14, m[s14], m[s15]);                                      \
    } while (0)

/* The compression function: out[0..7] is the next chaining value; out[8..15], when out has
 * 16 words, the rest of an extended output block. */
static void compress(uint32_t *out, int words, const uint32_t cv[8], const uint32_t m[16], uint64_t counter,
                     unsigned block_len, unsigned flags)
{
    uint32_t v0 = cv[0], v1 = cv[1], v2 = cv[2], v3 = cv[3], v4 = cv[4], v5 = cv[5], v6 = cv[6], v7 = cv[7];
    uint32_t v8 = IV[0], v9 = IV[1], v10 = IV[2], v11 = IV[3];
    uint32_t v12 = (uint32_t)counter, v13 = (uint32_t)(counter >> 32), v14 = block_len, v15 = flags;

    ROUND(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    ROUND(2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8);
    ROUND(3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1);
    ROUND(10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6);
    ROUND(12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4);
    ROUND(9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7);
    ROUND(11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13);

    out[0] = v0 ^ v8; out[1] = v1 ^ v9; out[2] = v2 ^ v10; out[3] = v3 ^ v11;
    out[4] = v4 ^ v12; out[5] = v5 ^ v13; out[6] = v6 ^ v14; out[7] = v7 ^ v15;
    if (words == 16) {
        out[8] = v8 ^ cv[0]; out[9] = v9 ^ cv[1]; out[10] = v10 ^ cv[2]; out[11] = v11 ^ cv[3];
        out[12] = v12 ^ cv[4]; out[13] = v13 ^ cv[5]; out[14] = v14 ^ cv[6]; out[15] = v15 ^ cv[7];
    }
}

static void load_block(uint32_t m[16], const unsigned char *p)
{
    int i;
    for (i = 0; i < 16; i++) m[i] = coin_read_le32(p + 4 * i);
}

/* A chunk's block: the first one carries CHUNK_START. */
static void chunk_block(coin_blake3_ctx *ctx, const unsigned char *p, unsigned block_len, unsigned end)
{
    uint32_t m[16];
    load_block(m, p);
    compress(ctx->cv, 8, ctx->cv, m, ctx->chunk, block_len,
             ctx->flags | (ctx->blocks == 0 ? CHUNK_START : 0) | end);
    ctx->blocks++;
}

static void parent_cv(uint32_t out[8], const uint32_t left[8], const uint32_t right[8], const coin_blake3_ctx *ctx)
{
    uint32_t m[16];
    memcpy(m, left, 32);
    memcpy(m + 8, right, 32);
    compress(out, 8, ctx->key, m, 0, COIN_BLAKE3_BLOCK_SIZE, ctx->flags | PARENT);
}

static void start(coin_blake3_ctx *ctx, const uint32_t key[8], unsigned flags)
{
    memcpy(ctx->key, key, 32);
    ctx->flags = (uint8_t)flags;
    coin_blake3_reset(ctx);
}

void coin_blake3_reset(coin_blake3_ctx *ctx)
{
    memcpy(ctx->cv, ctx->key, 32);
    ctx->chunk = 0;
    ctx->buf_len = 0;
    ctx->blocks = 0;
    ctx->stack_len = 0;
}

void coin_blake3_init(coin_blake3_ctx *ctx) { start(ctx, IV, 0); }

static void start_keyed(coin_blake3_ctx *ctx, const unsigned char key[COIN_BLAKE3_KEY_SIZE], unsigned flags)
{
    uint32_t k[8];
    int i;
    for (i = 0; i < 8; i++) k[i] = coin_read_le32(key + 4 * i);
    start(ctx, k, flags);
    memory_cleanse(k, sizeof(k));
}

void coin_blake3_init_keyed(coin_blake3_ctx *ctx, const unsigned char key[COIN_BLAKE3_KEY_SIZE])
{
    start_keyed(ctx, key, KEYED_HASH);
}

void coin_blake3_init_derive_key(coin_blake3_ctx *ctx, const char *context, size_t context_len)
{
    coin_blake3_ctx c;
    unsigned char key[COIN_BLAKE3_KEY_SIZE];
    start(&c, IV, DERIVE_KEY_CONTEXT);
    coin_blake3_write(&c, (const unsigned char *)context, context_len);
    coin_blake3_finalize(&c, key, sizeof(key));
    start_keyed(ctx, key, DERIVE_KEY_MATERIAL);
    memory_cleanse(key, sizeof(key));
}

/* A full block that more input follows. The last block of a chunk ends it: the chunk's
 * chaining value joins the stack, merged with every finished subtree of its size (as many as
 * total, the chunks so far, has trailing zero bits). */
static void next_block(coin_blake3_ctx *ctx, const unsigned char *p)
{
    uint64_t total = ctx->chunk + 1;
    uint32_t cv[8];
    if (ctx->blocks < COIN_BLAKE3_CHUNK_SIZE / COIN_BLAKE3_BLOCK_SIZE - 1) {
        chunk_block(ctx, p, COIN_BLAKE3_BLOCK_SIZE, 0);
        return;
    }
    chunk_block(ctx, p, COIN_BLAKE3_BLOCK_SIZE, CHUNK_END);
    memcpy(cv, ctx->cv, 32);
    for (; (total & 1) == 0; total >>= 1) parent_cv(cv, ctx->stack[--ctx->stack_len], cv, ctx);
    memcpy(ctx->stack[ctx->stack_len++], cv, 32);
    memcpy(ctx->cv, ctx->key, 32);
    ctx->chunk++;
    ctx->blocks = 0;
}

void coin_blake3_write(coin_blake3_ctx *ctx, const unsigned char *data, size_t len)
{
    /* The input's last block, full or not, waits in buf for finalize (it is the only one that
     * can end the root's chunk). */
    while (len != 0) {
        size_t n;
        if (ctx->buf_len == COIN_BLAKE3_BLOCK_SIZE) {
            next_block(ctx, ctx->buf);
            ctx->buf_len = 0;
        }
        if (ctx->buf_len == 0) {
            for (; len > COIN_BLAKE3_BLOCK_SIZE; data += COIN_BLAKE3_BLOCK_SIZE, len -= COIN_BLAKE3_BLOCK_SIZE) {
                next_block(ctx, data);
            }
        }
        n = COIN_BLAKE3_BLOCK_SIZE - ctx->buf_len;
        if (n > len) n = len;
        memcpy(ctx->buf + ctx->buf_len, data, n);
        ctx->buf_len = (uint8_t)(ctx->buf_len + n);
        data += n;
        len -= n;
    }
}

void coin_blake3_finalize_seek(const coin_blake3_ctx *ctx, uint64_t seek, unsigned char *out, size_t outlen)
{
    /* The root node's compression input: first the current chunk's last block, then, up the
     * stack, each parent of a finished subtree and the node below. */
    uint32_t cv[8], m[16], w[16];
    unsigned char block[COIN_BLAKE3_BLOCK_SIZE] = {0};
    uint64_t counter = ctx->chunk, k = seek / COIN_BLAKE3_BLOCK_SIZE;
    unsigned block_len = ctx->buf_len, i;
    unsigned flags = ctx->flags | (ctx->blocks == 0 ? CHUNK_START : 0) | CHUNK_END;
    size_t skip = (size_t)(seek % COIN_BLAKE3_BLOCK_SIZE), n;
    memcpy(block, ctx->buf, ctx->buf_len);
    load_block(m, block);
    memcpy(cv, ctx->cv, 32);
    for (i = ctx->stack_len; i-- > 0;) {
        compress(m + 8, 8, cv, m, counter, block_len, flags);
        memcpy(m, ctx->stack[i], 32);
        memcpy(cv, ctx->key, 32);
        counter = 0;
        block_len = COIN_BLAKE3_BLOCK_SIZE;
        flags = ctx->flags | PARENT;
    }
    /* The output stream: block k of 64 bytes is the root compressed with counter k. */
    while (outlen != 0) {
        compress(w, 16, cv, m, k++, block_len, flags | ROOT);
        for (i = 0; i < 16; i++) coin_write_le32(block + 4 * i, w[i]);
        n = COIN_BLAKE3_BLOCK_SIZE - skip;
        if (n > outlen) n = outlen;
        memcpy(out, block + skip, n);
        out += n;
        outlen -= n;
        skip = 0;
    }
}

void coin_blake3_finalize(const coin_blake3_ctx *ctx, unsigned char *out, size_t outlen)
{
    coin_blake3_finalize_seek(ctx, 0, out, outlen);
}

void coin_blake3(unsigned char out[COIN_BLAKE3_OUTPUT_SIZE], const unsigned char *data, size_t len)
{
    coin_blake3_ctx ctx;
    coin_blake3_init(&ctx);
    coin_blake3_write(&ctx, data, len);
    coin_blake3_finalize(&ctx, out, COIN_BLAKE3_OUTPUT_SIZE);
}

void coin_blake3_wipe(coin_blake3_ctx *ctx) { memory_cleanse(ctx, sizeof(*ctx)); }
