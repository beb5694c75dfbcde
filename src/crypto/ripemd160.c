/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <string.h>

#include "backends.h"
#include "common.h"
#include "dispatch.h"
#include "ripemd160.h"
#include "sha256.h"

static const uint32_t IV[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};

#define F1(x, y, z) ((x) ^ (y) ^ (z))
#define F2(x, y, z) (((x) & (y)) | (~(x) & (z)))
#define F3(x, y, z) (((x) | ~(y)) ^ (z))
#define F4(x, y, z) (((x) & (z)) | ((y) & ~(z)))
#define F5(x, y, z) ((x) ^ ((y) | ~(z)))


#ifdef COIN_SMALL
/* --enable-small: one step of each line at a time, from the specification's tables: the
 * message word (RL, RR) and the rotation (SL, SR) of each step of the left and right lines. */
static const unsigned char RL[80] = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8,
    3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12,
    1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2,
    4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13,
};
static const unsigned char RR[80] = {
    5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12,
    6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2,
    15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13,
    8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14,
    12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
};
static const unsigned char SL[80] = {
    11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8,
    7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12,
    11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5,
    11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12,
    9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
};
static const unsigned char SR[80] = {
    8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6,
    9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11,
    9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5,
    15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8,
    8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
};
/* The constants of the left line (KL) and the right line (KR), one per round of 16 steps. */
static const uint32_t KL[5] = {0x00000000, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xa953fd4e};
static const uint32_t KR[5] = {0x50a28be6, 0x5c4dd124, 0x6d703ef3, 0x7a6d76e9, 0x00000000};

/* F1 .. F5 for r = 0 .. 4. */
static uint32_t f_of(unsigned r, uint32_t x, uint32_t y, uint32_t z)
{
    switch (r) {
    case 0: return F1(x, y, z);
    case 1: return F2(x, y, z);
    case 2: return F3(x, y, z);
    case 3: return F4(x, y, z);
    default: return F5(x, y, z);
    }
}

static void transform_generic(uint32_t *s, const unsigned char *blocks, size_t n)
{
    while (n--) {
        uint32_t a1 = s[0], b1 = s[1], c1 = s[2], d1 = s[3], e1 = s[4];
        uint32_t a2 = a1, b2 = b1, c2 = c1, d2 = d1, e2 = e1, t;
        uint32_t w[16];
        unsigned i, r;

        for (i = 0; i < 16; i++) w[i] = coin_read_le32(blocks + 4 * i);

        /* Round r (of 16 steps) uses F(r + 1) on the left line and F(5 - r) on the right. */
        for (i = 0; i < 80; i++) {
            r = i >> 4;
            t = rotl32(a1 + f_of(r, b1, c1, d1) + w[RL[i]] + KL[r], SL[i]) + e1;
            a1 = e1; e1 = d1; d1 = rotl32(c1, 10); c1 = b1; b1 = t;
            t = rotl32(a2 + f_of(4 - r, b2, c2, d2) + w[RR[i]] + KR[r], SR[i]) + e2;
            a2 = e2; e2 = d2; d2 = rotl32(c2, 10); c2 = b2; b2 = t;
        }

        t = s[1] + c1 + d2;
        s[1] = s[2] + d1 + e2;
        s[2] = s[3] + e1 + a2;
        s[3] = s[4] + a1 + b2;
        s[4] = s[0] + b1 + c2;
        s[0] = t;
        blocks += 64;
    }
}
#else
/* One step; the callers rotate the roles of a..e instead of moving values. */
#define ROUND(a, b, c, d, e, f, k, x, r)              \
    do {                                              \
        a = rotl32(a + f(b, c, d) + (x) + (k), r) + e; \
        c = rotl32(c, 10);                            \
    } while (0)

static void transform_generic(uint32_t *s, const unsigned char *blocks, size_t n)
{
    while (n--) {
        uint32_t a1 = s[0], b1 = s[1], c1 = s[2], d1 = s[3], e1 = s[4];
        uint32_t a2 = a1, b2 = b1, c2 = c1, d2 = d1, e2 = e1, t;
        uint32_t w[16];
        int i;

        for (i = 0; i < 16; i++) w[i] = coin_read_le32(blocks + 4 * i);

        /* Steps 0..79 of both lines. */
#include "ripemd160_steps.h"

        t = s[1] + c1 + d2;
        s[1] = s[2] + d1 + e2;
        s[2] = s[3] + e1 + a2;
        s[3] = s[4] + a1 + b2;
        s[4] = s[0] + b1 + c2;
        s[0] = t;
        blocks += 64;
    }
}
#endif

static const struct coin_backend backends[] = {
    {"generic", 0, 1, (coin_fn)transform_generic},
};

static int selftest(const struct coin_backend *b);
static struct coin_dispatch dispatch = COIN_DISPATCH_INIT("ripemd160", backends, selftest);

static md32_transform_fn transform(void)
{
    return (md32_transform_fn)coin_dispatch(&dispatch)->fn;
}

void coin_ripemd160_init(coin_ripemd160_ctx *ctx)
{
    memcpy(ctx->s, IV, sizeof(IV));
    ctx->bytes = 0;
}

void coin_ripemd160_write(coin_ripemd160_ctx *ctx, const unsigned char *data, size_t len)
{
    if (len == 0) return;
    md32_write(ctx->s, ctx->buf, &ctx->bytes, data, len, transform());
}

void coin_ripemd160_finalize(coin_ripemd160_ctx *ctx, unsigned char out[20])
{
    md32_finalize(ctx->s, ctx->buf, ctx->bytes, 0, transform(), out, 5);
    ctx->bytes = md32_padded(ctx->bytes);
}

void coin_ripemd160(unsigned char out[20], const unsigned char *data, size_t len)
{
    coin_ripemd160_ctx ctx;
    coin_ripemd160_init(&ctx);
    coin_ripemd160_write(&ctx, data, len);
    coin_ripemd160_finalize(&ctx, out);
}

void coin_hash160(unsigned char out[20], const unsigned char *data, size_t len)
{
    unsigned char h[32];
    coin_sha256(h, data, len);
    coin_ripemd160(out, h, 32);
}

/* ---- HASH160 of many inputs: SHA-256 in lanes, then RIPEMD-160 in lanes ---- */

typedef void (*d32_fn)(unsigned char *out, const unsigned char *in);

static void d32_1way(unsigned char *out, const unsigned char *in)
{
    coin_ripemd160(out, in, 32);
}

/* RIPEMD-160 of 32-byte messages, WIDTH at a time; coin_hash160_many walks them in the order
 * fastest on the running CPU, as coin_sha256d64 does its batches. The widths of
 * two sets at once (ripemd160_lanes.h) win where one set's two lines leave the vector unit
 * waiting, and come first: where the order is timed, a narrower width passes them only when
 * a quarter faster. On a Zen 5, the selection's cost (64 messages, the best of 19 runs) of
 * AVX2 8 lanes is 1.25-1.35 times that of 16 with GCC 12 and 1.06-1.25 with clang 14, and of
 * AVX-512 16 lanes 1.42-1.47 and 1.11-1.30 times that of 32 (20 starts each, the other core
 * busy): with the narrower first, the wider passed it in some starts and not in others. On
 * an Emerald Rapids the two widths tie (dispatch.c). */
static const struct coin_backend d32_backends[] = {
#ifdef ENABLE_AVX512
    {"avx512", COIN_CPU_AVX512, 32, (coin_fn)coin_ripemd160_d32_avx512_32way},
    {"avx512", COIN_CPU_AVX512, 16, (coin_fn)coin_ripemd160_d32_avx512_16way},
#endif
#ifdef ENABLE_AVX2
    {"avx2", COIN_CPU_AVX2 | COIN_CPU_BMI2, 16, (coin_fn)coin_ripemd160_d32_avx2_16way},
    {"avx2", COIN_CPU_AVX2 | COIN_CPU_BMI2, 8, (coin_fn)coin_ripemd160_d32_avx2_8way},
#endif
#ifdef ENABLE_SSE2
    {"sse2", COIN_CPU_SSE2, 4, (coin_fn)coin_ripemd160_d32_sse2_4way},
#endif
#ifdef ENABLE_NEON
    {"neon", COIN_CPU_ARM_NEON, 4, (coin_fn)coin_ripemd160_d32_neon_4way},
#endif
    {"generic", 0, 1, (coin_fn)d32_1way},
};
_Static_assert(sizeof(d32_backends) / sizeof(d32_backends[0]) <= COIN_DISPATCH_MAX_ORDERED, "too many to order");

static int d32_selftest(const struct coin_backend *b);
static uint64_t d32_cost(const struct coin_backend *b);
static struct coin_dispatch d32_dispatch = COIN_DISPATCH_INIT_COST("ripemd160 lanes", d32_backends, d32_selftest, d32_cost);

/* As many batches of b's width as there are; returns how many messages remain. */
static size_t d32_run(const struct coin_backend *b, unsigned char **out, const unsigned char **in, size_t n)
{
    while (n >= b->width) {
        ((d32_fn)b->fn)(*out, *in);
        *out += 20 * b->width;
        *in += 32 * b->width;
        n -= b->width;
    }
    return n;
}

#define HASH160_CHUNK 64

/* coin_hash160_many, its RIPEMD-160 through backend b then one at a time, or in the dispatcher's
 * order when b is NULL; 64 inputs at a time, their SHA-256 digests on the stack. */
static void hash160_many(const struct coin_backend *b, unsigned char *out, const unsigned char *in, size_t len, size_t n)
{
    unsigned char digests[32 * HASH160_CHUNK];
    const unsigned char *msgs[HASH160_CHUNK];
    size_t lens[HASH160_CHUNK], i;
    while (n > 0) {
        const size_t m = n < HASH160_CHUNK ? n : HASH160_CHUNK;
        const unsigned char *d = digests;
        size_t left = m;
        uint32_t order;
        for (i = 0; i < m; i++) {
            msgs[i] = in + len * i;
            lens[i] = len;
        }
        coin_sha256_many(digests, msgs, lens, m);
        if (b != NULL) {
            left = d32_run(b, &out, &d, left);
            d32_run(&d32_backends[d32_dispatch.count - 1], &out, &d, left);
        } else {
            for (order = coin_dispatch_order(&d32_dispatch); left > 0 && (order & 0xF) != 0xF; order >>= 4) {
                left = d32_run(&d32_backends[order & 0xF], &out, &d, left);
            }
        }
        in += len * m;
        n -= m;
    }
    memory_cleanse(digests, sizeof(digests));
}

void coin_hash160_many(unsigned char *out, const unsigned char *in, size_t len, size_t n)
{
    hash160_many(NULL, out, in, len, n);
}

int coin_hash160_many_with(size_t i, unsigned char *out, const unsigned char *in, size_t len, size_t n)
{
    if (i >= d32_dispatch.count || !(coin_dispatch_usable(&d32_dispatch) & (1u << i))) return 0;
    hash160_many(&d32_backends[i], out, in, len, n);
    return (int)d32_backends[i].width;
}

const char *coin_hash160_many_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&d32_dispatch, i, needs);
}

const char *coin_hash160_many_implementation(void)
{
    static _Thread_local char desc[96]; /* each thread's own: no lock, never torn */
    return coin_dispatch_describe(&d32_dispatch, desc, sizeof(desc));
}

const char *coin_ripemd160_implementation(void)
{
    return coin_dispatch(&dispatch)->name;
}

const char *coin_ripemd160_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&dispatch, i, needs);
}

/* Known answers for the shared self-test message, from an independent implementation
 * (Python's hashlib): the digests of its first 311 and 184 bytes. */
static int selftest(const struct coin_backend *b)
{
    static const unsigned char expect[2 * 20] = {
        0x15, 0xf9, 0x7a, 0x5e, 0x9b, 0x77, 0xd9, 0xbd, 0x0d, 0xc9, 0x51, 0x0d, 0x3e, 0xc4, 0x33, 0x72,
        0xce, 0x98, 0x6d, 0xa9, 0x10, 0xe2, 0xb9, 0xf6, 0x65, 0xe5, 0x1f, 0x92, 0x2d, 0x64, 0x67, 0xc5,
        0x8e, 0xf0, 0xbe, 0x72, 0xc9, 0xc3, 0x69, 0xab,
    };
    return coin_md32_selftest((md32_transform_fn)b->fn, IV, 5, 0, expect);
}

/* The ticks of 64 messages through a RIPEMD-160 batch backend. */
static uint64_t d32_cost(const struct coin_backend *b)
{
    unsigned char buf[32 * 64];
    const unsigned char *in = buf;
    unsigned char *out = buf;
    uint64_t t;
    memset(buf, 0, sizeof(buf));
    t = coin_ticks();
    d32_run(b, &out, &in, 64);
    return coin_ticks() - t;
}

/* A batch backend against the portable transform, on its width of 32-byte pieces of the
 * self-test message from an odd address. */
static int d32_selftest(const struct coin_backend *b)
{
    unsigned char msg[1 + 32 * 32], got[32 * 20], block[64] = {0}, want[20];
    uint32_t s[5];
    size_t i;
    int j;

    if (b->width > 32) return 0;
    coin_selftest_message(msg + 1, 32 * b->width);
    ((d32_fn)b->fn)(got, msg + 1);
    for (i = 0; i < b->width; i++) {
        memcpy(block, msg + 1 + 32 * i, 32);
        block[32] = 0x80;
        block[57] = 1; /* the length, 256 bits, little-endian */
        memcpy(s, IV, sizeof(IV));
        transform_generic(s, block, 1);
        for (j = 0; j < 5; j++) coin_write_le32(want + 4 * j, s[j]);
        if (memcmp(got + 20 * i, want, 20) != 0) return 0;
    }
    return 1;
}
