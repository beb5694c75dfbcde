/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <stdio.h>
#include <string.h>

#include "backends.h"
#include "blake3.h"
#include "blake3_lanes.h"
#include "byteorder.h"
#include "common.h"
#include "dispatch.h"

enum {
    CHUNK_START = BLAKE3_CHUNK_START,
    CHUNK_END = BLAKE3_CHUNK_END,
    PARENT = BLAKE3_PARENT,
    ROOT = BLAKE3_ROOT,
    KEYED_HASH = BLAKE3_KEYED_HASH,
    DERIVE_KEY_CONTEXT = BLAKE3_DERIVE_KEY_CONTEXT,
    DERIVE_KEY_MATERIAL = BLAKE3_DERIVE_KEY_MATERIAL
};

static const uint32_t IV[8] = {BLAKE3_IV0, BLAKE3_IV1, BLAKE3_IV2, BLAKE3_IV3,
                               BLAKE3_IV4, BLAKE3_IV5, BLAKE3_IV6, BLAKE3_IV7};

#define G(a, b, c, d, x, y)                       \
    do {                                          \
        a += b + (x); d = rotr32(d ^ a, 16);      \
        c += d;       b = rotr32(b ^ c, 12);      \
        a += b + (y); d = rotr32(d ^ a, 8);       \
        c += d;       b = rotr32(b ^ c, 7);       \
    } while (0)

/* One round (the schedules are blake3_lanes.h's): the columns, then the diagonals. */
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

    BLAKE3_SEVEN_ROUNDS(ROUND);

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

/* ---- Whole chunks in lanes ----
 * A write that holds at least LANES_FROM whole chunks with more input after them (the last
 * chunk must wait for finalize, which may make it the root) hashes them through the selected
 * backend: a batch of chunks at once, one chunk per vector lane, then the parents of their
 * chaining values level by level, as many at once as each level has, and the subtrees that
 * come out of it join the stack. The portable backend does the same one node at a time. */

/* The portable kernels (blake3_lanes.h). */
static void chunks_generic(const unsigned char *in, size_t chunks, const uint32_t key[8], uint64_t counter,
                           unsigned flags, unsigned char *out)
{
    uint32_t cv[8], m[16];
    size_t i;
    int b, w;
    for (i = 0; i < chunks; i++, in += COIN_BLAKE3_CHUNK_SIZE, out += 32) {
        memcpy(cv, key, 32);
        for (b = 0; b < BLAKE3_CHUNK_BLOCKS; b++) {
            load_block(m, in + COIN_BLAKE3_BLOCK_SIZE * b);
            compress(cv, 8, cv, m, counter + i, COIN_BLAKE3_BLOCK_SIZE,
                     flags | (b == 0 ? CHUNK_START : 0) | (b == BLAKE3_CHUNK_BLOCKS - 1 ? CHUNK_END : 0));
        }
        for (w = 0; w < 8; w++) coin_write_le32(out + 4 * w, cv[w]);
    }
}

static void parents_generic(const unsigned char *in, size_t n, const uint32_t key[8], unsigned flags,
                            unsigned char *out)
{
    uint32_t cv[8], m[16];
    size_t i;
    int w;
    for (i = 0; i < n; i++, in += 64, out += 32) {
        load_block(m, in);
        compress(cv, 8, key, m, 0, COIN_BLAKE3_BLOCK_SIZE, flags);
        for (w = 0; w < 8; w++) coin_write_le32(out + 4 * w, cv[w]);
    }
}

/* The backends, widest first; fn is the chunks kernel, parents_of() gives the other. */
static const struct coin_backend backends[] = {
#ifdef ENABLE_AVX512
    {"avx512", COIN_CPU_AVX512, 16, (coin_fn)coin_blake3_chunks_avx512},
#endif
#ifdef ENABLE_AVX2
    {"avx2", COIN_CPU_AVX2 | COIN_CPU_BMI2, 8, (coin_fn)coin_blake3_chunks_avx2},
#endif
#ifdef ENABLE_SSE41
    {"sse41", COIN_CPU_SSSE3 | COIN_CPU_SSE41, 4, (coin_fn)coin_blake3_chunks_sse41},
#endif
#ifdef ENABLE_NEON
    {"neon", COIN_CPU_ARM_NEON, 4, (coin_fn)coin_blake3_chunks_neon},
#endif
    {"generic", 0, 1, (coin_fn)chunks_generic},
};

static int selftest(const struct coin_backend *b);
static struct coin_dispatch dispatch = COIN_DISPATCH_INIT("blake3", backends, selftest);

static blake3_parents_fn parents_of(const struct coin_backend *b)
{
#ifdef ENABLE_AVX512
    if (b->fn == (coin_fn)coin_blake3_chunks_avx512) return coin_blake3_parents_avx512;
#endif
#ifdef ENABLE_AVX2
    if (b->fn == (coin_fn)coin_blake3_chunks_avx2) return coin_blake3_parents_avx2;
#endif
#ifdef ENABLE_SSE41
    if (b->fn == (coin_fn)coin_blake3_chunks_sse41) return coin_blake3_parents_sse41;
#endif
#ifdef ENABLE_NEON
    if (b->fn == (coin_fn)coin_blake3_chunks_neon) return coin_blake3_parents_neon;
#endif
    (void)b;
    return parents_generic;
}

/* The fewest chunks, or parent nodes, worth a batch of a lanes backend: a batch costs as
 * much however few of its lanes are busy. On an Intel Xeon (Emerald Rapids), a batch of 16
 * chunks (TSC cycles) costs about 6,700 with AVX-512, of 8 about 7,000 with AVX2, of 4 about
 * 7,200 with SSE4.1, and a chunk 3,300 one block at a time: a write of 2 chunks and a byte
 * took 7,900, 7,380 and 7,410 through them against 7,080, one of 3 chunks and a byte 8,080,
 * 7,560 and 7,610 against 10,470. A parent node is one block: the same ratio. */
#define LANES_FROM 3

/* The chunks of one batch: their chaining values take 4 KiB of stack, and the levels of
 * parents above them are 64, 32 and 16 nodes wide (16 lanes of AVX-512). */
#define BATCH_CHUNKS 128

static void put_cv(unsigned char *p, const uint32_t cv[8])
{
    int i;
    for (i = 0; i < 8; i++) coin_write_le32(p + 4 * i, cv[i]);
}

static void get_cv(uint32_t cv[8], const unsigned char *p)
{
    int i;
    for (i = 0; i < 8; i++) cv[i] = coin_read_le32(p + 4 * i);
}

/* Folds the chaining values of the m chunks from ctx->chunk on, at buf + 32 (buf's first 32
 * bytes are room for one node more), into the stack, as m calls of next_block's merge would.
 * Level by level: a first node whose left sibling is on the stack (its position at that level
 * is odd) takes it from there; a last node without a right sibling waits, to join the stack
 * after every subtree above it; the pairs between become their parents, one level up, at
 * buf + 32 again, through the parents kernel when there are `from` of them or more. */
static void fold(coin_blake3_ctx *ctx, blake3_parents_fn parents, size_t from, unsigned char *buf, size_t m)
{
    uint32_t waiting[COIN_BLAKE3_MAX_DEPTH][8]; /* at most one a level */
    unsigned char *p = buf + 32;
    uint64_t at = ctx->chunk; /* the position of the first node at the level at hand */
    size_t n = m, w = 0, left;
    for (;;) {
        if (at & 1) {
            p -= 32;
            put_cv(p, ctx->stack[--ctx->stack_len]);
            at--;
            n++;
        }
        if (n & 1) get_cv(waiting[w++], p + 32 * --n);
        if (n == 0) break;
        (n / 2 >= from ? parents : parents_generic)(p, n / 2, ctx->key, ctx->flags | PARENT, buf + 32);
        p = buf + 32;
        at >>= 1;
        n /= 2;
    }
    for (left = w; left > 0;) memcpy(ctx->stack[ctx->stack_len++], waiting[--left], 32);
    ctx->chunk += m;
    memory_cleanse(waiting, 32 * w);
}

/* Hashes the whole chunks at data that more of the len bytes follow, through backend b, in
 * batches of BATCH_CHUNKS and a last one of fewer, which leaves a last part of its width with
 * fewer than `from` chunks to the caller; ctx is at the start of a chunk with nothing
 * buffered. Returns the bytes hashed. */
static size_t write_chunks(coin_blake3_ctx *ctx, const struct coin_backend *b, size_t from,
                           const unsigned char *data, size_t len)
{
    unsigned char buf[32 + 32 * BATCH_CHUNKS];
    const blake3_chunks_fn chunks_fn = (blake3_chunks_fn)b->fn;
    const blake3_parents_fn parents = parents_of(b);
    size_t chunks = (len - 1) / COIN_BLAKE3_CHUNK_SIZE, done = 0, m, used = 0;
    for (;; chunks -= m) {
        m = chunks < BATCH_CHUNKS ? chunks : BATCH_CHUNKS;
        if (m % b->width < from) m -= m % b->width;
        if (m == 0) break;
        chunks_fn(data + done, m, ctx->key, ctx->chunk, ctx->flags, buf + 32);
        fold(ctx, parents, from, buf, m);
        done += m * COIN_BLAKE3_CHUNK_SIZE;
        if (m > used) used = m;
    }
    if (used) memory_cleanse(buf, 32 + 32 * used);
    return done;
}

/* coin_blake3_write through backend b (NULL: the selected one, looked up when a write
 * first reaches whole chunks), hashing whole chunks in lanes from `from` of them on. Inlined,
 * so that the writes of fewer chunks see a constant: 128 bytes took 1% longer through a
 * call. */
static ALWAYS_INLINE void write_with(coin_blake3_ctx *ctx, const struct coin_backend *b, size_t from,
                                     const unsigned char *data, size_t len)
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
            while (len > COIN_BLAKE3_BLOCK_SIZE) {
                if (len > from * COIN_BLAKE3_CHUNK_SIZE && ctx->blocks == 0) {
                    if (b == NULL) b = coin_dispatch(&dispatch);
                    n = write_chunks(ctx, b, from, data, len);
                    data += n;
                    len -= n;
                    if (len <= COIN_BLAKE3_BLOCK_SIZE) break;
                }
                next_block(ctx, data);
                data += COIN_BLAKE3_BLOCK_SIZE;
                len -= COIN_BLAKE3_BLOCK_SIZE;
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

void coin_blake3_write(coin_blake3_ctx *ctx, const unsigned char *data, size_t len)
{
    write_with(ctx, NULL, LANES_FROM, data, len);
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

/* "avx512(16way)": the backend whole chunks go through. */
const char *coin_blake3_implementation(void)
{
    static _Thread_local char desc[32]; /* each thread's own: no lock, never torn */
    const struct coin_backend *b = coin_dispatch(&dispatch);
    snprintf(desc, sizeof(desc), "%s(%uway)", b->name, b->width);
    return desc;
}

const char *coin_blake3_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&dispatch, i, needs);
}

/* Known answers from an independent implementation (the BLAKE3 team's C, b3sum's library):
 * the hash of the first 38,407 bytes of the shared self-test message, written from an odd
 * address in two pieces of 5,137 and 33,270 bytes; and the keyed hash, with the message's
 * first 32 bytes as the key, of its 17,409 bytes from byte 32 written at once. Through backend
 * b with chunks in lanes from one chunk on, they reach its batches full and not, its parents
 * at several levels, the stack's nodes taken into a level (from chunk 6 on) and left waiting,
 * and the mode's flags and key in the lanes. */
static int selftest(const struct coin_backend *b)
{
    static const unsigned char expect[2][32] = {
        {0x86, 0x98, 0x4d, 0xcc, 0xb4, 0x23, 0xd7, 0x5f, 0xf6, 0x34, 0x60, 0xc2, 0xc3, 0xcf, 0xdc, 0xa2,
         0x13, 0x47, 0x13, 0x6c, 0x55, 0x94, 0xc1, 0x1e, 0x00, 0x93, 0x73, 0xd8, 0x9c, 0x06, 0x54, 0x17},
        {0x7d, 0x18, 0xfc, 0x95, 0x41, 0xee, 0x1c, 0xca, 0xdc, 0xa0, 0x01, 0x32, 0xb8, 0x86, 0x6d, 0x17,
         0x69, 0x19, 0xda, 0xc7, 0x2f, 0x48, 0xe5, 0x92, 0x16, 0xd5, 0x5a, 0x21, 0x49, 0x32, 0x21, 0xb2},
    };
    /* Static, not 38 KiB of the caller's stack: self-tests run one at a time, under the
     * dispatcher's lock. */
    static unsigned char msg[1 + 38407];
    unsigned char out[32];
    coin_blake3_ctx ctx;

    coin_selftest_message(msg + 1, sizeof(msg) - 1);
    coin_blake3_init(&ctx);
    write_with(&ctx, b, 1, msg + 1, 5137);
    write_with(&ctx, b, 1, msg + 1 + 5137, 38407 - 5137);
    coin_blake3_finalize(&ctx, out, 32);
    if (memcmp(out, expect[0], 32) != 0) return 0;
    coin_blake3_init_keyed(&ctx, msg + 1);
    write_with(&ctx, b, 1, msg + 1 + 32, 17409);
    coin_blake3_finalize(&ctx, out, 32);
    coin_blake3_wipe(&ctx);
    return memcmp(out, expect[1], 32) == 0;
}
