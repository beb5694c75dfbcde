/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <string.h>

#include "backends.h"
#include "common.h"
#include "dispatch.h"
#include "sha1.h"

static const uint32_t IV[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};

#define F1(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define F2(b, c, d) ((b) ^ (c) ^ (d))
#define F3(b, c, d) (((b) & (c)) | ((d) & ((b) | (c))))

/* Word i of the message schedule, kept in a circular buffer of 16. */
#define W(i)                                                                              \
    ((i) < 16 ? (w[(i) & 15] = coin_read_be32(blocks + 4 * ((i) & 15)))                        \
              : (w[(i) & 15] = rotl32(w[((i) + 13) & 15] ^ w[((i) + 8) & 15] ^            \
                                      w[((i) + 2) & 15] ^ w[(i) & 15], 1)))

#ifdef COIN_SMALL
/* --enable-small: one round at a time, the working variables moved along by assignments. */
static void transform_generic(uint32_t *s, const unsigned char *blocks, size_t n)
{
    while (n--) {
        uint32_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f, k, t;
        uint32_t w[16];
        unsigned i;

        for (i = 0; i < 80; i++) {
            if (i < 20) {
                f = F1(b, c, d);
                k = 0x5a827999;
            } else if (i < 40) {
                f = F2(b, c, d);
                k = 0x6ed9eba1;
            } else if (i < 60) {
                f = F3(b, c, d);
                k = 0x8f1bbcdc;
            } else {
                f = F2(b, c, d);
                k = 0xca62c1d6;
            }
            t = rotl32(a, 5) + f + e + k + W(i);
            e = d;
            d = c;
            c = rotl32(b, 30);
            b = a;
            a = t;
        }

        s[0] += a; s[1] += b; s[2] += c; s[3] += d; s[4] += e;
        blocks += 64;
    }
}
#else
#define ROUND(a, b, c, d, e, f, k, i)                       \
    do {                                                    \
        e += rotl32(a, 5) + f(b, c, d) + (k) + W(i);        \
        b = rotl32(b, 30);                                  \
    } while (0)
#define ROUNDS5(f, k, i)                                    \
    do {                                                    \
        ROUND(a, b, c, d, e, f, k, (i));                    \
        ROUND(e, a, b, c, d, f, k, (i) + 1);                \
        ROUND(d, e, a, b, c, f, k, (i) + 2);                \
        ROUND(c, d, e, a, b, f, k, (i) + 3);                \
        ROUND(b, c, d, e, a, f, k, (i) + 4);                \
    } while (0)
#define ROUNDS20(f, k, i)                                   \
    do {                                                    \
        ROUNDS5(f, k, (i));                                 \
        ROUNDS5(f, k, (i) + 5);                             \
        ROUNDS5(f, k, (i) + 10);                            \
        ROUNDS5(f, k, (i) + 15);                            \
    } while (0)

static void transform_generic(uint32_t *s, const unsigned char *blocks, size_t n)
{
    while (n--) {
        uint32_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4];
        uint32_t w[16];

        ROUNDS20(F1, 0x5a827999, 0);
        ROUNDS20(F2, 0x6ed9eba1, 20);
        ROUNDS20(F3, 0x8f1bbcdc, 40);
        ROUNDS20(F2, 0xca62c1d6, 60);

        s[0] += a; s[1] += b; s[2] += c; s[3] += d; s[4] += e;
        blocks += 64;
    }
}
#endif

static const struct coin_backend backends[] = {
#ifdef ENABLE_X86_SHANI
    {"x86_shani", COIN_CPU_SHANI, 1, (coin_fn)coin_sha1_transform_x86_shani},
#endif
#if defined(ENABLE_AVX2) && COIN_SHA1_AVX2
    {"avx2", COIN_CPU_AVX2 | COIN_CPU_BMI2, 1, (coin_fn)coin_sha1_transform_avx2},
#endif
#ifdef ENABLE_SSSE3
    {"ssse3", COIN_CPU_SSSE3, 1, (coin_fn)coin_sha1_transform_ssse3},
#endif
#ifdef ENABLE_ARMV8_CRYPTO
    {"arm_shani", COIN_CPU_ARM_SHA1, 1, (coin_fn)coin_sha1_transform_arm_shani},
#endif
    {"generic", 0, 1, (coin_fn)transform_generic},
};

static int selftest(const struct coin_backend *b);
static struct coin_dispatch dispatch = COIN_DISPATCH_INIT("sha1", backends, selftest);

static md32_transform_fn transform(void)
{
    return (md32_transform_fn)coin_dispatch(&dispatch)->fn;
}

void coin_sha1_init(coin_sha1_ctx *ctx)
{
    memcpy(ctx->s, IV, sizeof(IV));
    ctx->bytes = 0;
}

void coin_sha1_write(coin_sha1_ctx *ctx, const unsigned char *data, size_t len)
{
    if (len == 0) return;
    md32_write(ctx->s, ctx->buf, &ctx->bytes, data, len, transform());
}

void coin_sha1_finalize(coin_sha1_ctx *ctx, unsigned char out[20])
{
    md32_finalize(ctx->s, ctx->buf, ctx->bytes, 1, transform(), out, 5);
    ctx->bytes = md32_padded(ctx->bytes);
}

void coin_sha1(unsigned char out[20], const unsigned char *data, size_t len)
{
    coin_sha1_ctx ctx;
    coin_sha1_init(&ctx);
    coin_sha1_write(&ctx, data, len);
    coin_sha1_finalize(&ctx, out);
}

const char *coin_sha1_implementation(void)
{
    return coin_dispatch(&dispatch)->name;
}

const char *coin_sha1_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&dispatch, i, needs);
}


/* Known answers for the shared self-test message, from an independent implementation
 * (Python's hashlib): the digests of its first 311 and 184 bytes. */
static int selftest(const struct coin_backend *b)
{
    static const unsigned char expect[2 * 20] = {
        0xca, 0x56, 0x5e, 0x8e, 0x45, 0x20, 0x4a, 0x95, 0xe7, 0xbd, 0xa7, 0x68, 0x3c, 0xea, 0xf0, 0xd9,
        0xd5, 0x07, 0x07, 0xf6, 0xb6, 0xe2, 0x29, 0xac, 0x2f, 0xae, 0x3b, 0x6e, 0x06, 0xd8, 0xc3, 0xe7,
        0xcc, 0x5f, 0x0e, 0x03, 0x11, 0xe0, 0x87, 0xd2,
    };
    return coin_md32_selftest((md32_transform_fn)b->fn, IV, 5, 1, expect);
}
