/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "backends.h"
#include "common.h"
#include "dispatch.h"
#include "sha256.h"

/* The round constants, the initial state, and two tables the sha256d64 backends share (they
 * are declared in backends.h): W[i] + K[i] for the padding block of a 64-byte message,
 * {0x80000000, 0 x 14, 512}, whose whole schedule is constant, and W[i] + K[i], i = 8..15,
 * for the block of the second hash, {digest, 0x80000000, 0 x 6, 256}. 16-byte aligned for
 * the SIMD loads. */
_Alignas(16) const uint32_t coin_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

_Alignas(16) const uint32_t coin_sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

_Alignas(16) const uint32_t coin_sha256d64_pad64_wk[64] = {
    0xc28a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf374,
    0x649b69c1, 0xf0fe4786, 0x0fe1edc6, 0x240cf254, 0x4fe9346f, 0x6cc984be, 0x61b9411e, 0x16f988fa,
    0xf2c65152, 0xa88e5a6d, 0xb019fc65, 0xb9d99ec7, 0x9a1231c3, 0xe70eeaa0, 0xfdb1232b, 0xc7353eb0,
    0x3069bad5, 0xcb976d5f, 0x5a0f118f, 0xdc1eeefd, 0x0a35b689, 0xde0b7a04, 0x58f4ca9d, 0xe15d5b16,
    0x007f3e86, 0x37088980, 0xa507ea32, 0x6fab9537, 0x17406110, 0x0d8cd6f1, 0xcdaa3b6d, 0xc0bbbe37,
    0x83613bda, 0xdb48a363, 0x0b02e931, 0x6fd15ca7, 0x521afaca, 0x31338431, 0x6ed41a95, 0x6d437890,
    0xc39c91f2, 0x9eccabbd, 0xb5c9a0e6, 0x532fb63c, 0xd2c741c6, 0x07237ea3, 0xa4954b68, 0x4c191d76,
};

_Alignas(16) const uint32_t coin_sha256d64_tail32_wk[8] = {
    0x5807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf274,
};

#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define BSIG0(x) (rotr32(x, 2) ^ rotr32(x, 13) ^ rotr32(x, 22))
#define BSIG1(x) (rotr32(x, 6) ^ rotr32(x, 11) ^ rotr32(x, 25))
#define SSIG0(x) (rotr32(x, 7) ^ rotr32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (rotr32(x, 17) ^ rotr32(x, 19) ^ ((x) >> 10))

/* Word i (0..15) of the circular message schedule, from round 16 on. */
#define SCHEDULE(i) (w[i] += SSIG1(w[(i + 14) & 15]) + w[(i + 9) & 15] + SSIG0(w[(i + 1) & 15]))

#ifdef COIN_SMALL
/* --enable-small: one round at a time, the working variables moved along by assignments,
 * the message schedule in a circular buffer of 16 words. */
static void transform_generic(uint32_t s[8], const unsigned char *blocks, size_t n)
{
    while (n--) {
        uint32_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
        uint32_t w[16], t1, t2;
        unsigned i, j;

        for (i = 0; i < 64; i++) {
            j = i & 15;
            if (i < 16) {
                w[j] = coin_read_be32(blocks + 4 * j);
            } else {
                SCHEDULE(j);
            }
            t1 = h + BSIG1(e) + CH(e, f, g) + coin_sha256_k[i] + w[j];
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
        blocks += 64;
    }
}
#else
/* Round i of 16: w[] is the circular message schedule, k the round's constant. t1 sums the
 * terms known a round ahead (h, k, w) apart from those of e, the round's critical path. */
#define ROUND(a, b, c, d, e, f, g, h, k, wi)                      \
    do {                                                         \
        uint32_t t1 = (h + ((k) + (wi))) + (BSIG1(e) + CH(e, f, g)); \
        uint32_t t2 = BSIG0(a) + MAJ(a, b, c);                    \
        d += t1;                                                 \
        h = t1 + t2;                                             \
    } while (0)
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
#define LOAD(i) (w[i] = coin_read_be32(blocks + 4 * (i)))

static void transform_generic(uint32_t s[8], const unsigned char *blocks, size_t n)
{
    while (n--) {
        uint32_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
        uint32_t w[16];
        int j;

        ROUNDS16(coin_sha256_k, LOAD);
        for (j = 16; j < 64; j += 16) ROUNDS16(coin_sha256_k + j, SCHEDULE);

        s[0] += a; s[1] += b; s[2] += c; s[3] += d;
        s[4] += e; s[5] += f; s[6] += g; s[7] += h;
        blocks += 64;
    }
}
#endif

static const struct coin_backend backends[] = {
#ifdef ENABLE_X86_SHANI
    {"x86_shani", COIN_CPU_SHANI, 1, (coin_fn)coin_sha256_transform_x86_shani},
#endif
#ifdef ENABLE_AVX2
    {"avx2", COIN_CPU_AVX2 | COIN_CPU_BMI2, 1, (coin_fn)coin_sha256_transform_avx2},
#endif
#ifdef ENABLE_SSE41
    {"sse41", COIN_CPU_SSSE3 | COIN_CPU_SSE41, 1, (coin_fn)coin_sha256_transform_sse41},
#endif
#ifdef ENABLE_ARMV8_CRYPTO
    {"arm_shani", COIN_CPU_ARM_SHA2, 1, (coin_fn)coin_sha256_transform_arm_shani},
#endif
    {"generic", 0, 1, (coin_fn)transform_generic},
};

static int selftest(const struct coin_backend *b);
static struct coin_dispatch dispatch = COIN_DISPATCH_INIT("sha256", backends, selftest);

static md32_transform_fn transform(void)
{
    return (md32_transform_fn)coin_dispatch(&dispatch)->fn;
}

void coin_sha256_transform(uint32_t state[8], const unsigned char *blocks64, size_t n)
{
    if (n != 0) transform()(state, blocks64, n);
}

void coin_sha256_init(coin_sha256_ctx *ctx)
{
    memcpy(ctx->s, coin_sha256_iv, sizeof(coin_sha256_iv));
    ctx->bytes = 0;
}

void coin_sha256_write(coin_sha256_ctx *ctx, const unsigned char *data, size_t len)
{
    if (len == 0) return;
    md32_write(ctx->s, ctx->buf, &ctx->bytes, data, len, transform());
}

/* The digest from the state s after a message's whole blocks and its last bytes % 64 bytes
 * at tail, when those are under 56: one final block. A backend may have its own, padding in
 * registers and reading nothing outside the tail (see coin_sha256_final_x86_shani); its
 * self-test covers it. */
typedef void (*final_fn)(const uint32_t *s, const unsigned char *tail, uint64_t bytes, unsigned char *out);

/* The one-block final of backend b, or NULL. */
static final_fn final_of(const struct coin_backend *b)
{
#ifdef ENABLE_X86_SHANI
    if (b->fn == (coin_fn)coin_sha256_transform_x86_shani) return coin_sha256_final_x86_shani;
#endif
    (void)b;
    return NULL;
}

void coin_sha256_finalize(coin_sha256_ctx *ctx, unsigned char out[32])
{
    const struct coin_backend *b = coin_dispatch(&dispatch);
    final_fn f = final_of(b);
    int i;
    if (f != NULL && (ctx->bytes & 63) < 56) {
        f(ctx->s, ctx->buf, ctx->bytes, out);
        for (i = 0; i < 8; i++) ctx->s[i] = coin_read_be32(out + 4 * i); /* the state is the digest */
    } else {
        md32_finalize(ctx->s, ctx->buf, ctx->bytes, 1, (md32_transform_fn)b->fn, out, 8);
    }
    ctx->bytes = md32_padded(ctx->bytes);
}

void coin_sha256(unsigned char out[32], const unsigned char *data, size_t len)
{
    coin_sha256_ctx ctx;
    if (len < 56) {
        /* One block, read straight from data: no copy into a buffer, which would put a second
         * store and load between a digest just computed and the next hash of it. */
        final_fn f = final_of(coin_dispatch(&dispatch));
        if (f != NULL) {
            f(coin_sha256_iv, data, len, out);
            return;
        }
    }
    coin_sha256_init(&ctx);
    coin_sha256_write(&ctx, data, len);
    coin_sha256_finalize(&ctx, out);
}

void coin_hash256(unsigned char out[32], const unsigned char *data, size_t len)
{
    unsigned char h[32];
    coin_sha256(h, data, len);
    coin_sha256(out, h, 32);
}

/* The padding block of a 64-byte message, and the tail of a 32-byte one. */
static const unsigned char pad64[64] = {0x80, [62] = 0x02};
static const unsigned char pad32[32] = {0x80, [30] = 0x01};

/* sha256d64 of one input with the transform tf. */
static void d64_with(md32_transform_fn tf, unsigned char out[32], const unsigned char in[64])
{
    uint32_t s[8];
    unsigned char mid[64];
    int i;
    memcpy(s, coin_sha256_iv, sizeof(coin_sha256_iv));
    tf(s, in, 1);
    tf(s, pad64, 1);
    for (i = 0; i < 8; i++) coin_write_be32(mid + 4 * i, s[i]);
    memcpy(mid + 32, pad32, 32);
    memcpy(s, coin_sha256_iv, sizeof(coin_sha256_iv));
    tf(s, mid, 1);
    for (i = 0; i < 8; i++) coin_write_be32(out + 4 * i, s[i]);
}

#ifndef COIN_SMALL
#define ZERO(i) 0
#define WORD(i) w[i]
/* sha256d64 of one input in the portable code, as Core's TransformD64 does it: the padding
 * block's rounds take its schedule plus K from the table, and the second hash's block is the
 * digest's words, with no bytes between. On an Intel Xeon Emerald Rapids, 1,024 inputs took
 * 592 us against 688-712 with three transforms (Core's TransformD64: 584). */
static void d64_generic(unsigned char out[32], const unsigned char in[64])
{
    uint32_t s[8], w[16], a, b, c, d, e, f, g, h;
    int j;
    memcpy(s, coin_sha256_iv, sizeof(s));
    transform_generic(s, in, 1);
    a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
    for (j = 0; j < 64; j += 16) ROUNDS16(coin_sha256d64_pad64_wk + j, ZERO);
    w[0] = s[0] + a, w[1] = s[1] + b, w[2] = s[2] + c, w[3] = s[3] + d;
    w[4] = s[4] + e, w[5] = s[5] + f, w[6] = s[6] + g, w[7] = s[7] + h;
    w[8] = 0x80000000u, w[9] = w[10] = w[11] = w[12] = w[13] = w[14] = 0, w[15] = 256;
    a = coin_sha256_iv[0], b = coin_sha256_iv[1], c = coin_sha256_iv[2], d = coin_sha256_iv[3];
    e = coin_sha256_iv[4], f = coin_sha256_iv[5], g = coin_sha256_iv[6], h = coin_sha256_iv[7];
    ROUNDS16(coin_sha256_k, WORD);
    for (j = 16; j < 64; j += 16) ROUNDS16(coin_sha256_k + j, SCHEDULE);
    coin_write_be32(out, coin_sha256_iv[0] + a);
    coin_write_be32(out + 4, coin_sha256_iv[1] + b);
    coin_write_be32(out + 8, coin_sha256_iv[2] + c);
    coin_write_be32(out + 12, coin_sha256_iv[3] + d);
    coin_write_be32(out + 16, coin_sha256_iv[4] + e);
    coin_write_be32(out + 20, coin_sha256_iv[5] + f);
    coin_write_be32(out + 24, coin_sha256_iv[6] + g);
    coin_write_be32(out + 28, coin_sha256_iv[7] + h);
}
#undef ZERO
#undef WORD
#endif

static void d64_1way(unsigned char *out, const unsigned char *in)
{
    const md32_transform_fn tf = transform();
#ifndef COIN_SMALL
    if (tf == transform_generic) {
        d64_generic(out, in);
        return;
    }
#endif
    d64_with(tf, out, in);
}

typedef void (*d64_fn)(unsigned char *out, const unsigned char *in);

/* The sha256d64 backends. coin_sha256d64 walks them in the order fastest on the
 * running CPU (coin_dispatch_order), each taking as many batches of its width as remain, so
 * an entry after one of the same or a smaller width is never reached. No fixed order is
 * right everywhere: per input, SHA-NI 4-way beats 2-way on an AMD EPYC Zen 4 (129 TSC cycles
 * against 158) and loses on Zen 3 and on a Zen 1 EPYC (there 185 against 180), where AVX2
 * 8-way (810) barely beats SSE4.1 4-way (910) and loses to one input at a time through
 * SHA-NI (about 370). The list holds the order of a tie: SHA-NI 2-way before 4-way, as Bitcoin
 * Core has it (Core has no 4-way), otherwise widest first. On ARM, the ARMv8 SHA-256
 * instructions hash two interleaved inputs. The last entry, one input at a time through the
 * selected transform, takes the rest. */
static const struct coin_backend d64_backends[] = {
#ifdef ENABLE_AVX512
    {"avx512", COIN_CPU_AVX512, 16, (coin_fn)coin_sha256d64_avx512_16way},
#endif
#ifdef ENABLE_AVX2
    {"avx2", COIN_CPU_AVX2 | COIN_CPU_BMI2, 8, (coin_fn)coin_sha256d64_avx2_8way},
#endif
#ifdef ENABLE_X86_SHANI
    {"x86_shani", COIN_CPU_SHANI, 2, (coin_fn)coin_sha256d64_x86_shani_2way},
    {"x86_shani", COIN_CPU_SHANI, 4, (coin_fn)coin_sha256d64_x86_shani_4way},
#endif
#ifdef ENABLE_SSE41
    {"sse41", COIN_CPU_SSSE3 | COIN_CPU_SSE41, 4, (coin_fn)coin_sha256d64_sse41_4way},
#endif
#ifdef ENABLE_ARMV8_CRYPTO
    {"arm_shani", COIN_CPU_ARM_SHA2, 2, (coin_fn)coin_sha256d64_arm_shani_2way},
#endif
    {"generic", 0, 1, (coin_fn)d64_1way},
};
_Static_assert(sizeof(d64_backends) / sizeof(d64_backends[0]) <= COIN_DISPATCH_MAX_ORDERED, "too many to order");

static int d64_selftest(const struct coin_backend *b);
static uint64_t d64_cost(const struct coin_backend *b);
static struct coin_dispatch d64_dispatch = COIN_DISPATCH_INIT_COST("sha256d64", d64_backends, d64_selftest, d64_cost);

/* Hashes as many batches of b's width as there are; returns how many inputs remain. */
static size_t d64_run(const struct coin_backend *b, unsigned char **out, const unsigned char **in, size_t blocks)
{
    while (blocks >= b->width) {
        ((d64_fn)b->fn)(*out, *in);
        *out += 32 * b->width;
        *in += 64 * b->width;
        blocks -= b->width;
    }
    return blocks;
}

/* The d64 backends coin_sha256d64 actually reaches: each narrower than every one before. */
static uint32_t d64_reached(void)
{
    uint32_t order = coin_dispatch_order(&d64_dispatch), reached = 0;
    unsigned narrowest = ~0u;
    for (; (order & 0xF) != 0xF; order >>= 4) {
        if (d64_backends[order & 0xF].width < narrowest) {
            reached |= 1u << (order & 0xF);
            narrowest = d64_backends[order & 0xF].width;
        }
    }
    return reached;
}

void coin_sha256d64(unsigned char *out, const unsigned char *in, size_t blocks)
{
    uint32_t order;
    if (blocks == 0) return;
    for (order = coin_dispatch_order(&d64_dispatch); blocks > 0 && (order & 0xF) != 0xF; order >>= 4) {
        blocks = d64_run(&d64_backends[order & 0xF], &out, &in, blocks);
    }
}

int coin_sha256d64_with(size_t i, unsigned char *out, const unsigned char *in, size_t blocks)
{
    if (i >= d64_dispatch.count || !(coin_dispatch_usable(&d64_dispatch) & (1u << i))) return 0;
    blocks = d64_run(&d64_backends[i], &out, &in, blocks);
    d64_run(&d64_backends[d64_dispatch.count - 1], &out, &in, blocks);
    return (int)d64_backends[i].width;
}

/* ---- Many messages at once: coin_sha256_many, coin_hash256_many ---- */

typedef void (*lanes_fn)(uint32_t *s, const unsigned char *const *blocks);

/* One lane through the selected transform: where no wider backend is faster per block, the
 * messages are hashed one after the other (coin_sha256, coin_hash256). */
static void lanes_1way(uint32_t *s, const unsigned char *const *blocks)
{
    transform()(s, blocks[0], 1);
}

/* The lanes backends, each compressing one block of every lane per call, in the order of a
 * tie; coin_sha256_many takes the one fastest per block on the running CPU (ordered as the
 * sha256d64 batches are). SHA-NI 4 lanes come before 2 here (19.6 against 24.5 ns per block
 * on a Zen 5; within the timing's noise, 2 lanes were chosen in one selection of twelve and
 * ran no faster than one message at a time). */
static const struct coin_backend many_backends[] = {
#ifdef ENABLE_AVX512
    {"avx512", COIN_CPU_AVX512, 16, (coin_fn)coin_sha256_lanes_avx512_16way},
#endif
#ifdef ENABLE_AVX2
    {"avx2", COIN_CPU_AVX2 | COIN_CPU_BMI2, 8, (coin_fn)coin_sha256_lanes_avx2_8way},
#endif
#ifdef ENABLE_X86_SHANI
    {"x86_shani", COIN_CPU_SHANI, 4, (coin_fn)coin_sha256_lanes_x86_shani_4way},
    {"x86_shani", COIN_CPU_SHANI, 2, (coin_fn)coin_sha256_lanes_x86_shani_2way},
#endif
#ifdef ENABLE_SSE41
    {"sse41", COIN_CPU_SSSE3 | COIN_CPU_SSE41, 4, (coin_fn)coin_sha256_lanes_sse41_4way},
#endif
#ifdef ENABLE_ARMV8_CRYPTO
    {"arm_shani", COIN_CPU_ARM_SHA2, 2, (coin_fn)coin_sha256_lanes_arm_shani_2way},
#endif
    {"generic", 0, 1, (coin_fn)lanes_1way},
};
_Static_assert(sizeof(many_backends) / sizeof(many_backends[0]) <= COIN_DISPATCH_MAX_ORDERED, "too many to order");

#define MANY_MAX_WIDTH 16

static int many_selftest(const struct coin_backend *b);
static uint64_t many_cost(const struct coin_backend *b);
static struct coin_dispatch many_dispatch = COIN_DISPATCH_INIT_COST("sha256 lanes", many_backends, many_selftest, many_cost);

/* A message in a lane: the blocks left at p (the message's whole blocks, then the tail's);
 * stage 0 while p is in the message, 1 in the padded tail, 2 in the second hash's block. */
struct many_lane {
    const unsigned char *p;
    size_t blocks, msg, tail_blocks;
    int stage;
    unsigned char tail[128];
};

struct many_job {
    unsigned char *out;
    const unsigned char *const *msgs;
    const size_t *lens;
    size_t n, next; /* next: the first message not yet in a lane */
    int twice;      /* hash256 */
};

/* Puts the job's next message in lane x with state s; returns 0 when none is left. */
static int many_start(struct many_job *job, struct many_lane *x, uint32_t *s)
{
    static const uint64_t zero = 0;
    size_t len, whole, rest, tail, i;
    if (job->next == job->n) return 0;
    len = job->lens[job->next];
    whole = len / 64;
    rest = len % 64;
    tail = rest < 56 ? 64 : 128; /* the bytes of the padded tail: one block or two */
    x->msg = job->next++;
    x->p = job->msgs[x->msg];
    x->blocks = whole;
    x->stage = 0;
    /* The tail cleared 8 bytes at a time, unrolled: gcc 12 -O2 makes a memset of its 128 bytes
     * a rep stosq, slow to start, once a message (HASH160_33b_MANY_4096 on a Zen 5 with
     * AVX-512: 179 us with it, 156 without; clang's build, which stored vectors, 149). */
    UNROLL16 for (i = 0; i < sizeof(x->tail); i += 8) memcpy(x->tail + i, &zero, 8);
    if (rest) memcpy(x->tail, x->p + 64 * whole, rest);
    x->tail[rest] = 0x80;
    coin_write_be32(x->tail + tail - 8, (uint32_t)((uint64_t)len >> 29));
    coin_write_be32(x->tail + tail - 4, (uint32_t)len << 3);
    x->tail_blocks = tail / 64;
    if (whole == 0) {
        x->p = x->tail;
        x->blocks = x->tail_blocks;
        x->stage = 1;
    }
    memcpy(s, coin_sha256_iv, sizeof(coin_sha256_iv));
    return 1;
}

/* Lane x has compressed all its blocks into s: moves it on to its padded tail or its second
 * hash's block, or, at the end of its message, writes the digest and starts the next
 * message. Returns 0 when the lane is left empty. */
static int many_advance(struct many_job *job, struct many_lane *x, uint32_t *s)
{
    int i;
    if (x->stage == 0) {
        x->p = x->tail;
        x->blocks = x->tail_blocks;
        x->stage = 1;
        return 1;
    }
    if (x->stage == 1 && job->twice) {
        for (i = 0; i < 8; i++) coin_write_be32(x->tail + 4 * i, s[i]);
        memcpy(x->tail + 32, pad32, 32);
        memcpy(s, coin_sha256_iv, sizeof(coin_sha256_iv));
        x->p = x->tail;
        x->blocks = 1;
        x->stage = 2;
        return 1;
    }
    for (i = 0; i < 8; i++) coin_write_be32(job->out + 32 * x->msg + 4 * i, s[i]);
    return many_start(job, x, s);
}

/* The job through backend b: every lane takes a message and, as each ends, the next one;
 * when none is left and at most half the lanes are busy, the rest go one at a time. Between
 * calls each lane's pointer steps on and its count of blocks goes down, with no branch:
 * the lanes whose count reaches zero, a few per call at unforeseeable places, are found
 * from a bit mask (a branch per lane cost a misprediction for each of them). */
static void many_run(const struct coin_backend *b, struct many_job *job)
{
    struct many_lane x[MANY_MAX_WIDTH];
    uint32_t s[8 * MANY_MAX_WIDTH];
    const unsigned char *blocks[MANY_MAX_WIDTH];
    size_t left[MANY_MAX_WIDTH], step[MANY_MAX_WIDTH];
    const unsigned width = b->width;
    const md32_transform_fn tf = transform();
    unsigned k, busy = 0;
    uint32_t ended;

    /* An empty lane hashes its stale tail into its stale state, unread, and never ends. */
    for (k = 0; k < width; k++) {
        const int live = many_start(job, &x[k], s + 8 * k);
        busy += (unsigned)live;
        blocks[k] = live ? x[k].p : x[k].tail;
        left[k] = live ? x[k].blocks : SIZE_MAX;
        step[k] = live ? 64 : 0;
    }
    while (busy > 0 && width > 1 && (job->next < job->n || 2 * busy > width)) {
        ((lanes_fn)b->fn)(s, blocks);
        ended = 0;
        for (k = 0; k < width; k++) {
            blocks[k] += step[k];
            ended |= (uint32_t)(--left[k] == 0) << k;
        }
        for (; ended != 0; ended &= ended - 1) {
            k = (unsigned)ctz64(ended);
            if (many_advance(job, &x[k], s + 8 * k)) {
                blocks[k] = x[k].p;
                left[k] = x[k].blocks;
            } else {
                blocks[k] = x[k].tail;
                left[k] = SIZE_MAX;
                step[k] = 0;
                busy--;
            }
        }
    }
    for (k = 0; k < width; k++) {
        if (step[k] == 0) continue;
        x[k].p = blocks[k];
        x[k].blocks = left[k];
        do tf(s + 8 * k, x[k].p, x[k].blocks);
        while (many_advance(job, &x[k], s + 8 * k));
    }
    memory_cleanse(x, sizeof(x));
    memory_cleanse(s, sizeof(s));
}

/* The fastest lanes backend per block on this CPU. */
static const struct coin_backend *many_best(void)
{
    return &many_backends[coin_dispatch_order(&many_dispatch) & 0xF];
}

static void many(const struct coin_backend *b, unsigned char *out, const unsigned char *const *msgs,
                 const size_t *lens, size_t n, int twice)
{
    struct many_job job;
    size_t i;
    if (b->width == 1) {
        for (i = 0; i < n; i++) (twice ? coin_hash256 : coin_sha256)(out + 32 * i, msgs[i], lens[i]);
        return;
    }
    job.out = out;
    job.msgs = msgs;
    job.lens = lens;
    job.n = n;
    job.next = 0;
    job.twice = twice;
    many_run(b, &job);
}

void coin_sha256_many(unsigned char *out, const unsigned char *const *msgs, const size_t *lens, size_t n)
{
    if (n > 0) many(many_best(), out, msgs, lens, n, 0);
}

void coin_hash256_many(unsigned char *out, const unsigned char *const *msgs, const size_t *lens, size_t n)
{
    if (n > 0) many(many_best(), out, msgs, lens, n, 1);
}

int coin_sha256_many_with(size_t i, int twice, unsigned char *out, const unsigned char *const *msgs,
                          const size_t *lens, size_t n)
{
    if (i >= many_dispatch.count || !(coin_dispatch_usable(&many_dispatch) & (1u << i))) return 0;
    if (n > 0) many(&many_backends[i], out, msgs, lens, n, twice != 0);
    return (int)many_backends[i].width;
}

const char *coin_sha256_many_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&many_dispatch, i, needs);
}

const char *coin_sha256_many_implementation(void)
{
    static _Thread_local char desc[48];
    const struct coin_backend *b = many_best();
    snprintf(desc, sizeof(desc), "%s(%uway)", b->name, b->width);
    return coin_dispatch_tag(&many_dispatch, desc, sizeof(desc));
}

void coin_sha256_tagged_init(coin_sha256_ctx *ctx, const unsigned char *tag, size_t taglen)
{
    unsigned char h[32];
    coin_sha256(h, tag, taglen);
    coin_sha256_init(ctx);
    coin_sha256_write(ctx, h, 32);
    coin_sha256_write(ctx, h, 32);
}

int coin_sha256_get_midstate(const coin_sha256_ctx *ctx, uint32_t state[8], uint64_t *bytes)
{
    if (ctx->bytes % 64) return 0;
    memcpy(state, ctx->s, sizeof(ctx->s));
    *bytes = ctx->bytes;
    return 1;
}

void coin_sha256_init_midstate(coin_sha256_ctx *ctx, const uint32_t state[8], uint64_t bytes)
{
    assert(bytes % 64 == 0);
    memcpy(ctx->s, state, sizeof(ctx->s));
    ctx->bytes = bytes;
}

/* Appends "name(" [1way] and the widths of the reached d64 batches of that name, smallest
 * first, then ")". */
static size_t describe(char *desc, size_t size, size_t len, const char *name, int one_way, uint32_t reached)
{
    const char *sep = "";
    uint32_t widths = one_way ? 1u << 1 : 0; /* bit w: width w */
    unsigned w;
    size_t i;
    for (i = 0; i < d64_dispatch.count; i++) {
        const struct coin_backend *b = &d64_backends[i];
        if ((reached & (1u << i)) && b->width > 1 && strcmp(b->name, name) == 0) widths |= 1u << b->width;
    }
    len += (size_t)snprintf(desc + len, size - len, "%s%s(", len ? ";" : "", name);
    for (w = 1; w < 32; w++) {
        if (widths & (1u << w)) {
            len += (size_t)snprintf(desc + len, size - len, "%s%uway", sep, w);
            sep = ";";
        }
    }
    return len + (size_t)snprintf(desc + len, size - len, ")");
}

/* Each backend in use with its widths, in Bitcoin Core's style: the transform, then the
 * sha256d64 batches coin_sha256d64 reaches, e.g. "x86_shani(1way;2way;4way)". The string is
 * the calling thread's own and stays valid until its next call. */
const char *coin_sha256_implementation(void)
{
    static _Thread_local char desc[128]; /* each thread's own: no lock, never torn */
    const char *transform_name = coin_dispatch(&dispatch)->name;
    uint32_t reached = d64_reached(), done = 0;
    size_t len, i, j;

    len = describe(desc, sizeof(desc), 0, transform_name, 1, reached);
    for (i = 0; i < d64_dispatch.count; i++) {
        const char *name = d64_backends[i].name;
        if (!(reached & (1u << i)) || d64_backends[i].width == 1 || strcmp(name, transform_name) == 0) continue;
        for (j = 0; j < i; j++) {
            if ((done & (1u << j)) && strcmp(d64_backends[j].name, name) == 0) break;
        }
        if (j == i) len = describe(desc, sizeof(desc), len, name, 0, reached);
        done |= 1u << i;
    }
    return coin_dispatch_tag(&d64_dispatch, desc, sizeof(desc));
}

const char *coin_sha256_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&dispatch, i, needs);
}

const char *coin_sha256d64_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&d64_dispatch, i, needs);
}

/* A one-block final against the portable code: every tail length it takes, after a state
 * other than the initial one, with a byte count whose bit length needs both of the length's
 * words (as from coin_sha256_init_midstate). */
static int final_selftest(final_fn f)
{
    const uint64_t before = UINT64_C(0x1234567840); /* whole blocks before the tail */
    unsigned char msg[64 + 55], buf[64], got[32], want[32];
    uint32_t s0[8], s[8];
    size_t n;
    coin_selftest_message(msg, sizeof(msg));
    memcpy(s0, coin_sha256_iv, sizeof(s0));
    transform_generic(s0, msg, 1);
    for (n = 0; n < 56; n++) {
        f(s0, msg + 64, before + n, got);
        memcpy(s, s0, sizeof(s));
        memcpy(buf, msg + 64, n);
        md32_finalize(s, buf, before + n, 1, transform_generic, want, 8);
        if (memcmp(got, want, 32) != 0) return 0;
    }
    return 1;
}

/* Known answers for the shared self-test message, from an independent implementation
 * (Python's hashlib): the digests of its first 311 and 184 bytes. */
static int selftest(const struct coin_backend *b)
{
    static const unsigned char expect[2 * 32] = {
        0x4f, 0x67, 0x4d, 0x2f, 0x16, 0x0e, 0x9e, 0x4f, 0xb4, 0xa8, 0x64, 0x76, 0x65, 0x39, 0x7d, 0x87,
        0x13, 0x00, 0x41, 0x3f, 0x04, 0x84, 0xce, 0x9d, 0x2f, 0x0a, 0xaf, 0xc1, 0xae, 0xbe, 0xea, 0x18,
        0x91, 0xe6, 0xc9, 0xaf, 0x89, 0x3d, 0xf5, 0x92, 0xdd, 0xfb, 0x4f, 0xf9, 0x6f, 0x6a, 0x5a, 0x2c,
        0x24, 0x52, 0x35, 0xda, 0x64, 0xff, 0x10, 0xc1, 0xff, 0x58, 0xb5, 0x53, 0x5e, 0x4f, 0xd8, 0x36,
    };
    const final_fn f = final_of(b);
    if (f != NULL && !final_selftest(f)) return 0;
    return coin_md32_selftest((md32_transform_fn)b->fn, coin_sha256_iv, 8, 1, expect);
}

/* The cost of a batch backend: the ticks of 64 inputs (with 32, a best of 19 runs still
 * chose SHA-NI 2-way over the faster 4-way on a Zen 4 in one selection in ten). */
static uint64_t d64_cost(const struct coin_backend *b)
{
    unsigned char buf[64 * 64];
    const unsigned char *in = buf;
    unsigned char *out = buf;
    uint64_t t;
    memset(buf, 0, sizeof(buf));
    t = coin_ticks();
    d64_run(b, &out, &in, 64);
    return coin_ticks() - t;
}

/* A batch backend against the portable code, on its width of inputs from an odd address. */
static int d64_selftest(const struct coin_backend *b)
{
    unsigned char msg[1 + 16 * 64], got[16 * 32], want[32];
    size_t i;

    if (b->width > 16) return 0;
    coin_selftest_message(msg + 1, 64 * b->width);
    ((d64_fn)b->fn)(got, msg + 1);
    for (i = 0; i < b->width; i++) {
        d64_with(transform_generic, want, msg + 1 + 64 * i);
        if (memcmp(got + 32 * i, want, 32) != 0) return 0;
    }
    return 1;
}

/* The ticks of 64 blocks through a lanes backend: 64 / width calls. */
static uint64_t many_cost(const struct coin_backend *b)
{
    uint32_t s[8 * MANY_MAX_WIDTH];
    unsigned char buf[64];
    const unsigned char *blocks[MANY_MAX_WIDTH];
    unsigned k;
    uint64_t t;
    memset(s, 0, sizeof(s));
    memset(buf, 0, sizeof(buf));
    for (k = 0; k < MANY_MAX_WIDTH; k++) blocks[k] = buf;
    t = coin_ticks();
    for (k = 0; k < 64; k += b->width) ((lanes_fn)b->fn)(s, blocks);
    return coin_ticks() - t;
}

/* A lanes backend against the portable transform: each lane its own state and a block of the
 * self-test message from an odd address, the lanes' blocks in reverse order. */
static int many_selftest(const struct coin_backend *b)
{
    unsigned char msg[1 + 64 * MANY_MAX_WIDTH];
    const unsigned char *blocks[MANY_MAX_WIDTH];
    uint32_t got[8 * MANY_MAX_WIDTH], want[8];
    unsigned k;
    int i;

    if (b->width > MANY_MAX_WIDTH) return 0;
    coin_selftest_message(msg + 1, sizeof(msg) - 1);
    for (k = 0; k < b->width; k++) {
        blocks[k] = msg + 1 + 64 * (b->width - 1 - k);
        for (i = 0; i < 8; i++) got[8 * k + i] = coin_sha256_iv[i] ^ (0x9e3779b9u * (k + 1) + (uint32_t)i);
    }
    ((lanes_fn)b->fn)(got, blocks);
    for (k = 0; k < b->width; k++) {
        for (i = 0; i < 8; i++) want[i] = coin_sha256_iv[i] ^ (0x9e3779b9u * (k + 1) + (uint32_t)i);
        transform_generic(want, blocks[k], 1);
        if (memcmp(got + 8 * k, want, sizeof(want)) != 0) return 0;
    }
    return 1;
}
