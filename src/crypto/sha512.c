/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <string.h>

#include "backends.h"
#include "common.h"
#include "dispatch.h"
#include "sha512.h"

typedef void (*sha512_transform_fn)(uint64_t s[8], const unsigned char *blocks, size_t n);

/* The round constants; 16-byte aligned, shared with the ARMv8.2 backend (backends.h). */
_Alignas(16) const uint64_t coin_sha512_k[80] = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
    0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
    0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
    0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
    0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
    0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
    0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
    0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
    0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
    0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
    0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
    0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
    0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
};

static const uint64_t IV[8] = {
    0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
    0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
};

static const uint64_t IV_256[8] = {
    0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151, 0x963877195940eabd,
    0x96283ee2a88effe3, 0xbe5e1e2553863992, 0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2,
};

#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define BSIG0(x) (rotr64(x, 28) ^ rotr64(x, 34) ^ rotr64(x, 39))
#define BSIG1(x) (rotr64(x, 14) ^ rotr64(x, 18) ^ rotr64(x, 41))
#define SSIG0(x) (rotr64(x, 1) ^ rotr64(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (rotr64(x, 19) ^ rotr64(x, 61) ^ ((x) >> 6))

/* Word i (0..15) of the circular message schedule, from round 16 on. */
#define SCHEDULE(i) (w[i] += SSIG1(w[(i + 14) & 15]) + w[(i + 9) & 15] + SSIG0(w[(i + 1) & 15]))

#ifdef COIN_SMALL
/* --enable-small: one round at a time, the working variables moved along by assignments,
 * the message schedule in a circular buffer of 16 words. */
static void transform_generic(uint64_t s[8], const unsigned char *blocks, size_t n)
{
    while (n--) {
        uint64_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
        uint64_t w[16], t1, t2;
        unsigned i, j;

        for (i = 0; i < 80; i++) {
            j = i & 15;
            if (i < 16) {
                w[j] = coin_read_be64(blocks + 8 * j);
            } else {
                SCHEDULE(j);
            }
            t1 = h + BSIG1(e) + CH(e, f, g) + coin_sha512_k[i] + w[j];
            t2 = BSIG0(a) + MAJ(a, b, c);
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }

        s[0] += a; s[1] += b; s[2] += c; s[3] += d;
        s[4] += e; s[5] += f; s[6] += g; s[7] += h;
        blocks += 128;
    }
}
#else
#define ROUND(a, b, c, d, e, f, g, h, k, wi)                      \
    do {                                                         \
        uint64_t t1 = h + BSIG1(e) + CH(e, f, g) + (k) + (wi);    \
        uint64_t t2 = BSIG0(a) + MAJ(a, b, c);                    \
        d += t1;                                                 \
        h = t1 + t2;                                             \
    } while (0)
#define LOAD(i) (w[i] = coin_read_be64(blocks + 8 * (i)))
#define ROUNDS16(k0, W)                                          \
    do {                                                         \
        ROUND(a, b, c, d, e, f, g, h, (k0)[0], W(0));             \
        ROUND(h, a, b, c, d, e, f, g, (k0)[1], W(1));             \
        ROUND(g, h, a, b, c, d, e, f, (k0)[2], W(2));             \
        ROUND(f, g, h, a, b, c, d, e, (k0)[3], W(3));             \
        ROUND(e, f, g, h, a, b, c, d, (k0)[4], W(4));             \
        ROUND(d, e, f, g, h, a, b, c, (k0)[5], W(5));             \
        ROUND(c, d, e, f, g, h, a, b, (k0)[6], W(6));             \
        ROUND(b, c, d, e, f, g, h, a, (k0)[7], W(7));             \
        ROUND(a, b, c, d, e, f, g, h, (k0)[8], W(8));             \
        ROUND(h, a, b, c, d, e, f, g, (k0)[9], W(9));             \
        ROUND(g, h, a, b, c, d, e, f, (k0)[10], W(10));           \
        ROUND(f, g, h, a, b, c, d, e, (k0)[11], W(11));           \
        ROUND(e, f, g, h, a, b, c, d, (k0)[12], W(12));           \
        ROUND(d, e, f, g, h, a, b, c, (k0)[13], W(13));           \
        ROUND(c, d, e, f, g, h, a, b, (k0)[14], W(14));           \
        ROUND(b, c, d, e, f, g, h, a, (k0)[15], W(15));           \
    } while (0)

static void transform_generic(uint64_t s[8], const unsigned char *blocks, size_t n)
{
    while (n--) {
        uint64_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
        uint64_t w[16];
        int j;

        ROUNDS16(coin_sha512_k, LOAD);
        for (j = 16; j < 80; j += 16) ROUNDS16(coin_sha512_k + j, SCHEDULE);

        s[0] += a; s[1] += b; s[2] += c; s[3] += d;
        s[4] += e; s[5] += f; s[6] += g; s[7] += h;
        blocks += 128;
    }
}
#endif

static const struct coin_backend backends[] = {
#ifdef ENABLE_AVX2
    {"avx2", COIN_CPU_AVX2 | COIN_CPU_BMI2, 1, (coin_fn)coin_sha512_transform_avx2},
#endif
#ifdef ENABLE_ARMV82_CRYPTO
    {"armv82", COIN_CPU_ARM_SHA512, 1, (coin_fn)coin_sha512_transform_armv82},
#endif
    {"generic", 0, 1, (coin_fn)transform_generic},
};

static int selftest(const struct coin_backend *b);
static struct coin_dispatch dispatch = COIN_DISPATCH_INIT("sha512", backends, selftest);

static sha512_transform_fn transform(void)
{
    return (sha512_transform_fn)coin_dispatch(&dispatch)->fn;
}

static void write_with(coin_sha512_ctx *ctx, const unsigned char *data, size_t len, sha512_transform_fn tf)
{
    size_t fill = (size_t)(ctx->bytes & 127);
    ctx->bytes += len;
    if (fill) {
        size_t take = 128 - fill;
        if (len < take) {
            memcpy(ctx->buf + fill, data, len);
            return;
        }
        memcpy(ctx->buf + fill, data, take);
        tf(ctx->s, ctx->buf, 1);
        data += take;
        len -= take;
    }
    if (len >= 128) {
        tf(ctx->s, data, len / 128);
        data += len - len % 128;
        len %= 128;
    }
    if (len) memcpy(ctx->buf, data, len);
}

/* Pads the tail (the bit count takes 128 bits) and writes the first `words` state words; the
 * context then holds the message with its padding, as md32_finalize's callers leave theirs. */
static void finalize_with(coin_sha512_ctx *ctx, unsigned char *out, size_t words, sha512_transform_fn tf)
{
    size_t fill = (size_t)(ctx->bytes & 127), i;
    ctx->buf[fill++] = 0x80;
    if (fill > 112) {
        memset(ctx->buf + fill, 0, 128 - fill);
        tf(ctx->s, ctx->buf, 1);
        fill = 0;
    }
    memset(ctx->buf + fill, 0, 112 - fill);
    coin_write_be64(ctx->buf + 112, ctx->bytes >> 61);
    coin_write_be64(ctx->buf + 120, ctx->bytes << 3);
    tf(ctx->s, ctx->buf, 1);
    for (i = 0; i < words; i++) coin_write_be64(out + 8 * i, ctx->s[i]);
    ctx->bytes = (ctx->bytes + 144) & ~(uint64_t)127;
}

void coin_sha512_transform(uint64_t s[8], const unsigned char *blocks, size_t n)
{
    transform()(s, blocks, n);
}

void coin_sha512_init(coin_sha512_ctx *ctx)
{
    memcpy(ctx->s, IV, sizeof(IV));
    ctx->bytes = 0;
}

void coin_sha512_write(coin_sha512_ctx *ctx, const unsigned char *data, size_t len)
{
    if (len == 0) return;
    write_with(ctx, data, len, transform());
}

void coin_sha512_finalize(coin_sha512_ctx *ctx, unsigned char out[64])
{
    finalize_with(ctx, out, 8, transform());
}

void coin_sha512(unsigned char out[64], const unsigned char *data, size_t len)
{
    coin_sha512_ctx ctx;
    coin_sha512_init(&ctx);
    coin_sha512_write(&ctx, data, len);
    coin_sha512_finalize(&ctx, out);
}

void coin_sha512_256_init(coin_sha512_256_ctx *ctx)
{
    memcpy(ctx->s, IV_256, sizeof(IV_256));
    ctx->bytes = 0;
}

void coin_sha512_256_write(coin_sha512_256_ctx *ctx, const unsigned char *data, size_t len)
{
    coin_sha512_write(ctx, data, len);
}

void coin_sha512_256_finalize(coin_sha512_256_ctx *ctx, unsigned char out[32])
{
    finalize_with(ctx, out, 4, transform());
}

void coin_sha512_256(unsigned char out[32], const unsigned char *data, size_t len)
{
    coin_sha512_256_ctx ctx;
    coin_sha512_256_init(&ctx);
    coin_sha512_256_write(&ctx, data, len);
    coin_sha512_256_finalize(&ctx, out);
}

const char *coin_sha512_implementation(void)
{
    return coin_dispatch(&dispatch)->name;
}

const char *coin_sha512_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&dispatch, i, needs);
}

/* Known answers from an independent implementation (Python's hashlib): the digests of the
 * first 375 bytes of the shared self-test message (2 whole blocks from an odd address, then a
 * tail padded in two blocks) and of the first 228 (1 block, then a tail padded in one). */
static int selftest(const struct coin_backend *b)
{
    static const size_t lens[2] = {375, 228};
    static const unsigned char expect[2 * 64] = {
        0xe2, 0x8d, 0x0b, 0xfb, 0x7b, 0x84, 0x0a, 0xdf, 0x41, 0x56, 0xb9, 0xed, 0xcf, 0xd9, 0x91, 0xe4,
        0x5f, 0x13, 0x79, 0xf2, 0x99, 0x61, 0x4d, 0xeb, 0xc1, 0x37, 0x34, 0xce, 0x65, 0x17, 0x6c, 0x67,
        0xe8, 0x7b, 0x20, 0x1e, 0x65, 0x2e, 0x7a, 0x5a, 0xc5, 0x7a, 0x18, 0x56, 0x5f, 0x5e, 0xca, 0xe6,
        0xd3, 0x73, 0x47, 0xd1, 0x1d, 0x69, 0x48, 0x10, 0x9c, 0xf2, 0xb5, 0x48, 0x5f, 0x98, 0xe1, 0x7a,
        0x3e, 0x53, 0x61, 0x7c, 0x4a, 0xf0, 0x20, 0x74, 0x0d, 0x8d, 0x8b, 0x00, 0x5e, 0x99, 0xac, 0x25,
        0x44, 0x78, 0x62, 0xad, 0x87, 0x4d, 0xf0, 0x7f, 0xce, 0x03, 0xd5, 0xed, 0xad, 0x6a, 0x78, 0x9e,
        0xeb, 0x72, 0xda, 0xa3, 0x4d, 0x5a, 0x5a, 0xe0, 0xd3, 0xba, 0xf2, 0xac, 0xd1, 0xc1, 0x0b, 0xa6,
        0x4f, 0xbe, 0xed, 0xff, 0xa6, 0xf5, 0x86, 0xca, 0x40, 0xd7, 0xbe, 0x3b, 0x6b, 0x64, 0x39, 0x45,
    };
    sha512_transform_fn tf = (sha512_transform_fn)b->fn;
    unsigned char msg[1 + 375], out[64];
    size_t i;

    coin_selftest_message(msg + 1, 375);
    for (i = 0; i < 2; i++) {
        coin_sha512_ctx ctx;
        coin_sha512_init(&ctx);
        write_with(&ctx, msg + 1, lens[i], tf);
        finalize_with(&ctx, out, 8, tf);
        if (memcmp(out, expect + 64 * i, 64) != 0) return 0;
    }
    return 1;
}
