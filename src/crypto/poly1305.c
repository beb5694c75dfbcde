/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Poly1305 with the accumulator h and the clamped key r in limbs: h = (h + block
 * + 2^128) * r mod 2^130 - 5 for each 16-byte block (2^8 times the last partial block's
 * length instead of 2^128 for a last partial block, padded with a 1 byte), and the tag is
 * h + s mod 2^128, s being the key's second half. The multiplications use 5 * 2^130 = 5
 * mod p: a limb's product that lands above 2^130 comes back multiplied by 5 (the s1, s2 ...
 * below). Carries are propagated without branches. Two portable forms: 64-bit limbs where the
 * compiler has 128-bit products, else Andrew Moon's poly1305-donna (public domain) in 26-bit
 * limbs, which Bitcoin Core's poly1305.cpp also follows.
 *
 * Long runs of blocks go to a backend that takes several blocks at once (poly1305_lanes.h),
 * in the 26-bit form; the 26-bit block loop here is the portable one of that form. */

#include <stdio.h>

#include "backends.h"
#include "common.h"
#include "dispatch.h"
#include "poly1305.h"

#define M26 0x3ffffffu

/* h = (h + block + hibit) * r for each of n blocks, in five 26-bit limbs (hibit: 2^128 is
 * 1 << 24 in the top limb, or 0 for a padded last block). */
static void blocks26(uint32_t h[5], const uint32_t r[5], const unsigned char *m, size_t n, uint32_t hibit)
{
    const uint32_t r0 = r[0], r1 = r[1], r2 = r[2], r3 = r[3], r4 = r[4];
    const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    uint32_t h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4], c;
    for (; n; n--, m += 16) {
        uint64_t d0, d1, d2, d3, d4;
        h0 += coin_read_le32(m) & M26;
        h1 += (coin_read_le32(m + 3) >> 2) & M26;
        h2 += (coin_read_le32(m + 6) >> 4) & M26;
        h3 += (coin_read_le32(m + 9) >> 6) & M26;
        h4 += (coin_read_le32(m + 12) >> 8) | hibit;
        d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 + (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
        d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 + (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
        d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 + (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
        d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 + (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
        d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 + (uint64_t)h3 * r1 + (uint64_t)h4 * r0;
        c = (uint32_t)(d0 >> 26); h0 = (uint32_t)d0 & M26;
        d1 += c; c = (uint32_t)(d1 >> 26); h1 = (uint32_t)d1 & M26;
        d2 += c; c = (uint32_t)(d2 >> 26); h2 = (uint32_t)d2 & M26;
        d3 += c; c = (uint32_t)(d3 >> 26); h3 = (uint32_t)d3 & M26;
        d4 += c; c = (uint32_t)(d4 >> 26); h4 = (uint32_t)d4 & M26;
        h0 += c * 5; c = h0 >> 26; h0 &= M26;
        h1 += c;
    }
    h[0] = h0; h[1] = h1; h[2] = h2; h[3] = h3; h[4] = h4;
}

#if defined(__SIZEOF_INT128__)

typedef unsigned __int128 u128;

/* Where the compiler has 128-bit products, h is h0 + h1 2^64 + h2 2^128 (h2 under 5 between
 * calls) and r is r0 + r1 2^64, as in OpenSSL's x86-64 and ARMv8 code: four 64 x 64-bit
 * products a block where 44-bit limbs take nine. The clamp leaves r0 and r1 under 2^60 and r1
 * a multiple of 4, so that r1 2^128 = r1 / 4 2^130 = 5 r1 / 4 mod p: the products that land
 * at 2^128 and above come back as s1 = r1 + r1 / 4 times the limb, still under 2^61. */
void coin_poly1305_init(coin_poly1305_ctx *ctx, const unsigned char key[32])
{
    /* r &= 0x0ffffffc0ffffffc0ffffffc0fffffff */
    ctx->u.l64.r[0] = coin_read_le64(key) & 0x0ffffffc0fffffffULL;
    ctx->u.l64.r[1] = coin_read_le64(key + 8) & 0x0ffffffc0ffffffcULL;
    ctx->u.l64.h[0] = ctx->u.l64.h[1] = ctx->u.l64.h[2] = 0;
    ctx->u.l64.pad[0] = coin_read_le64(key + 16);
    ctx->u.l64.pad[1] = coin_read_le64(key + 24);
    ctx->buffered = 0;
}

/* h = h + 5 (h2 / 4) with h2 reduced to its low two bits: the same number mod p. */
static ALWAYS_INLINE void fold(uint64_t *h0, uint64_t *h1, uint64_t *h2)
{
    const uint64_t c = (*h2 >> 2) + (*h2 & ~(uint64_t)3);
    const u128 t = ((u128)*h1 << 64 | *h0) + c;
    *h0 = (uint64_t)t;
    *h1 = (uint64_t)(t >> 64);
    *h2 = (*h2 & 3) + (t < c);
}

/* n whole blocks; hibit is 2^128 at its place in h2 (1), or 0 for the padded last one. The
 * sums of two 64-bit halves are whole u128 additions, a carry out being the sum's wrap; the
 * loop runs to an end pointer, and hibit is a constant in each copy of it (blocks): so gcc 12
 * keeps more of the loop in registers. On a Zen 5 a 64-byte tag took 26.8 ns with gcc's build
 * of the loop as it was (sums of halves, hibit a variable), 21.7 ns now; clang's, either way,
 * 17.8. */
static ALWAYS_INLINE void blocks_hibit(coin_poly1305_ctx *ctx, const unsigned char *m, size_t n, const uint64_t hibit)
{
    const uint64_t r0 = ctx->u.l64.r[0], r1 = ctx->u.l64.r[1], s1 = r1 + (r1 >> 2);
    uint64_t h0 = ctx->u.l64.h[0], h1 = ctx->u.l64.h[1], h2 = ctx->u.l64.h[2];
    const unsigned char *const end = m + 16 * n;
    for (; m != end; m += 16) {
        const u128 b = (u128)coin_read_le64(m + 8) << 64 | coin_read_le64(m);
        u128 d0 = ((u128)h1 << 64 | h0) + b, d1;
        h2 += (d0 < b) + hibit; /* under 7 */
        h0 = (uint64_t)d0;
        h1 = (uint64_t)(d0 >> 64);
        /* d0 and d1 under 2^126, h2 under 2^64 (h2 r0 under 2^63, plus d1's high half) */
        d0 = (u128)h0 * r0 + (u128)h1 * s1;
        d1 = (u128)h0 * r1 + (u128)h1 * r0 + h2 * s1 + (uint64_t)(d0 >> 64);
        h2 = h2 * r0 + (uint64_t)(d1 >> 64);
        h0 = (uint64_t)d0;
        h1 = (uint64_t)d1;
        fold(&h0, &h1, &h2); /* h2 under 5 */
    }
    ctx->u.l64.h[0] = h0;
    ctx->u.l64.h[1] = h1;
    ctx->u.l64.h[2] = h2;
}

static void blocks(coin_poly1305_ctx *ctx, const unsigned char *m, size_t n, uint64_t hibit)
{
    if (hibit) {
        blocks_hibit(ctx, m, n, 1);
    } else {
        blocks_hibit(ctx, m, n, 0);
    }
}

/* The 26-bit form of h and r for a backend, and h back (the 26-bit limbs under 2^27). */
static void split26(uint64_t x0, uint64_t x1, uint64_t x2, uint32_t y[5])
{
    y[0] = (uint32_t)x0 & M26;
    y[1] = (uint32_t)(x0 >> 26) & M26;
    y[2] = (uint32_t)((x0 >> 52) | (x1 << 12)) & M26;
    y[3] = (uint32_t)(x1 >> 14) & M26;
    y[4] = (uint32_t)((x1 >> 40) | (x2 << 24));
}

static void to26(const coin_poly1305_ctx *ctx, uint32_t h[5], uint32_t r[5])
{
    split26(ctx->u.l64.h[0], ctx->u.l64.h[1], ctx->u.l64.h[2], h);
    split26(ctx->u.l64.r[0], ctx->u.l64.r[1], 0, r);
}

static void from26(coin_poly1305_ctx *ctx, const uint32_t h[5])
{
    u128 t = (u128)h[0] + ((u128)h[1] << 26) + ((u128)h[2] << 52);
    ctx->u.l64.h[0] = (uint64_t)t;
    t = (t >> 64) + ((u128)h[3] << 14) + ((u128)h[4] << 40);
    ctx->u.l64.h[1] = (uint64_t)t;
    ctx->u.l64.h[2] = (uint64_t)(t >> 64); /* under 8 */
    fold(&ctx->u.l64.h[0], &ctx->u.l64.h[1], &ctx->u.l64.h[2]);
}

#define HIBIT 1

static void finish(coin_poly1305_ctx *ctx, unsigned char tag[16])
{
    uint64_t h0 = ctx->u.l64.h[0], h1 = ctx->u.l64.h[1], h2 = ctx->u.l64.h[2];
    u128 h, g, mask;
    /* h under 2^130 + 5 after a fold; g = h - p = h + 5 - 2^130, taken when it does not
     * borrow (h >= p), that is when h + 5 reaches 2^130 */
    fold(&h0, &h1, &h2);
    h = (u128)h1 << 64 | h0;
    g = h + 5;
    mask = 0 - (u128)((h2 + (g < 5)) >> 2); /* all ones when h >= p */
    h = (h & ~mask) | (g & mask);
    /* h + s mod 2^128 */
    h += (u128)ctx->u.l64.pad[1] << 64 | ctx->u.l64.pad[0];
    coin_write_le64(tag, (uint64_t)h);
    coin_write_le64(tag + 8, (uint64_t)(h >> 64));
}

#else

void coin_poly1305_init(coin_poly1305_ctx *ctx, const unsigned char key[32])
{
    int i;
    /* r &= 0x0ffffffc0ffffffc0ffffffc0fffffff, split into five 26-bit limbs */
    ctx->u.l26.r[0] = coin_read_le32(key) & 0x3ffffff;
    ctx->u.l26.r[1] = (coin_read_le32(key + 3) >> 2) & 0x3ffff03;
    ctx->u.l26.r[2] = (coin_read_le32(key + 6) >> 4) & 0x3ffc0ff;
    ctx->u.l26.r[3] = (coin_read_le32(key + 9) >> 6) & 0x3f03fff;
    ctx->u.l26.r[4] = (coin_read_le32(key + 12) >> 8) & 0x00fffff;
    for (i = 0; i < 5; i++) ctx->u.l26.h[i] = 0;
    for (i = 0; i < 4; i++) ctx->u.l26.pad[i] = coin_read_le32(key + 16 + 4 * i);
    ctx->buffered = 0;
}

static void blocks(coin_poly1305_ctx *ctx, const unsigned char *m, size_t n, uint32_t hibit)
{
    blocks26(ctx->u.l26.h, ctx->u.l26.r, m, n, hibit);
}

/* The 26-bit form is this build's own. */
static void to26(const coin_poly1305_ctx *ctx, uint32_t h[5], uint32_t r[5])
{
    int i;
    for (i = 0; i < 5; i++) {
        h[i] = ctx->u.l26.h[i];
        r[i] = ctx->u.l26.r[i];
    }
}

static void from26(coin_poly1305_ctx *ctx, const uint32_t h[5])
{
    int i;
    for (i = 0; i < 5; i++) ctx->u.l26.h[i] = h[i];
}

#define HIBIT (1u << 24)

static void finish(coin_poly1305_ctx *ctx, unsigned char tag[16])
{
    uint32_t h0 = ctx->u.l26.h[0], h1 = ctx->u.l26.h[1], h2 = ctx->u.l26.h[2], h3 = ctx->u.l26.h[3],
             h4 = ctx->u.l26.h[4], g0, g1, g2, g3, g4, c, mask;
    uint64_t f;
    /* fully carry h */
    c = h1 >> 26; h1 &= M26; h2 += c;
    c = h2 >> 26; h2 &= M26; h3 += c;
    c = h3 >> 26; h3 &= M26; h4 += c;
    c = h4 >> 26; h4 &= M26; h0 += c * 5;
    c = h0 >> 26; h0 &= M26; h1 += c;
    /* g = h - p = h + 5 - 2^130; take it when it does not borrow (h >= p) */
    g0 = h0 + 5; c = g0 >> 26; g0 &= M26;
    g1 = h1 + c; c = g1 >> 26; g1 &= M26;
    g2 = h2 + c; c = g2 >> 26; g2 &= M26;
    g3 = h3 + c; c = g3 >> 26; g3 &= M26;
    g4 = h4 + c - (1u << 26);
    mask = (g4 >> 31) - 1; /* all ones when no borrow */
    h0 = (h0 & ~mask) | (g0 & mask);
    h1 = (h1 & ~mask) | (g1 & mask);
    h2 = (h2 & ~mask) | (g2 & mask);
    h3 = (h3 & ~mask) | (g3 & mask);
    h4 = (h4 & ~mask) | (g4 & mask);
    /* h in four 32-bit words, + s mod 2^128 */
    h0 = h0 | (h1 << 26);
    h1 = (h1 >> 6) | (h2 << 20);
    h2 = (h2 >> 12) | (h3 << 14);
    h3 = (h3 >> 18) | (h4 << 8);
    f = (uint64_t)h0 + ctx->u.l26.pad[0]; coin_write_le32(tag, (uint32_t)f);
    f = (uint64_t)h1 + ctx->u.l26.pad[1] + (f >> 32); coin_write_le32(tag + 4, (uint32_t)f);
    f = (uint64_t)h2 + ctx->u.l26.pad[2] + (f >> 32); coin_write_le32(tag + 8, (uint32_t)f);
    f = (uint64_t)h3 + ctx->u.l26.pad[3] + (f >> 32); coin_write_le32(tag + 12, (uint32_t)f);
}

#endif

/* A backend: n blocks (n a multiple of its width, at least that) into h, in the 26-bit form. */
typedef void (*poly1305_blocks_fn)(uint32_t h[5], const uint32_t r[5], const unsigned char *m, size_t n);

static void blocks26_full(uint32_t h[5], const uint32_t r[5], const unsigned char *m, size_t n)
{
    blocks26(h, r, m, n, 1u << 24);
}

static const struct coin_backend backends[] = {
#ifdef ENABLE_AVX512IFMA
    {"avx512ifma", COIN_CPU_AVX512 | COIN_CPU_AVX512IFMA, 16, (coin_fn)coin_poly1305_blocks_avx512ifma},
#endif
#ifdef ENABLE_AVX512
    {"avx512", COIN_CPU_AVX512, 16, (coin_fn)coin_poly1305_blocks_avx512},
#endif
#ifdef ENABLE_AVX2
    {"avx2", COIN_CPU_AVX2 | COIN_CPU_BMI2, 8, (coin_fn)coin_poly1305_blocks_avx2},
#endif
    {"generic", 0, 1, (coin_fn)blocks26_full},
};

static int selftest(const struct coin_backend *b);
static struct coin_dispatch dispatch = COIN_DISPATCH_INIT("poly1305", backends, selftest);

/* From how many blocks a backend takes a run by default: below, its setup (the powers of r,
 * the last group's multiplications) costs more than it saves. Measured on an AMD EPYC Zen 5
 * with the kernels of then (the tuning table's Zen 5 entry has today's figures), one-shot
 * tags, TSC cycles (min of 300 x 20, two runs): 512 bytes 346 portable, 436-451 with AVX2;
 * 768 bytes 504-510, 497-513; 1 KiB 660-669, 557-575, 546-551 with AVX-512; 2 KiB 1291-1304,
 * 807-825, 660-667. (On an AVX-512 Xeon, with the 44-bit portable code and one accumulator in
 * the kernels then, AVX2 won from 512 bytes and AVX-512 from 2 KiB.) With IFMA, on an Intel
 * Xeon Emerald Rapids: 512 bytes 530-537 portable, 520-545 IFMA; 640 652-654, 655-702; 768
 * 784-785, 560-596; 1 KiB 1,035-1,037, 599-638. The tuning table (dispatch.c) gives a CPU
 * its own counts, none taken below LEAST_BLOCKS (512 bytes, where no backend was clearly
 * faster on any CPU measured). */
#define LEAST_BLOCKS 32

/* From how many blocks backends[i] takes a run; from: coin_dispatch_from's word. */
static size_t min_blocks(size_t i, uint32_t from)
{
    const size_t tuned = (from >> (8 * i)) & 0xFF;
    if (tuned != 0) return tuned > LEAST_BLOCKS ? tuned : LEAST_BLOCKS;
    return backends[i].width == 16 && !(backends[i].needs & COIN_CPU_AVX512IFMA) ? 64 : 48;
}

/* n whole blocks: a run of a multiple of its width through the first backend that is usable
 * and takes a run this long, then the rest in the portable code. */
static void bulk(coin_poly1305_ctx *ctx, const unsigned char *m, size_t n)
{
    if (n >= LEAST_BLOCKS) {
        const uint32_t usable = coin_dispatch_usable(&dispatch), from = coin_dispatch_from(&dispatch);
        size_t i;
        for (i = 0; i < dispatch.count; i++) {
            const struct coin_backend *b = &backends[i];
            uint32_t h[5], r[5];
            size_t run;
            if (!(usable & (1u << i)) || b->needs == 0 || n < min_blocks(i, from)) continue;
            run = n - n % b->width;
            to26(ctx, h, r);
            ((poly1305_blocks_fn)b->fn)(h, r, m, run);
            from26(ctx, h);
            memory_cleanse(r, sizeof(r));
            m += 16 * run;
            n -= run;
            break;
        }
    }
    if (n) blocks(ctx, m, n, HIBIT);
}

void coin_poly1305_write(coin_poly1305_ctx *ctx, const unsigned char *data, size_t len)
{
    if (len == 0) return;
    if (ctx->buffered) {
        size_t take = 16 - ctx->buffered;
        if (len < take) take = len;
        memcpy(ctx->buf + ctx->buffered, data, take);
        ctx->buffered += (uint32_t)take;
        data += take;
        len -= take;
        if (ctx->buffered < 16) return;
        blocks(ctx, ctx->buf, 1, HIBIT);
        ctx->buffered = 0;
    }
    if (len >= 16) {
        bulk(ctx, data, len / 16);
        data += len & ~(size_t)15;
        len &= 15;
    }
    if (len) {
        memcpy(ctx->buf, data, len);
        ctx->buffered = (uint32_t)len;
    }
}

void coin_poly1305_finalize(coin_poly1305_ctx *ctx, unsigned char tag[16])
{
    if (ctx->buffered) {
        ctx->buf[ctx->buffered] = 1;
        memset(ctx->buf + ctx->buffered + 1, 0, 15 - ctx->buffered);
        blocks(ctx, ctx->buf, 1, 0);
    }
    finish(ctx, tag);
    coin_poly1305_wipe(ctx);
}

void coin_poly1305_wipe(coin_poly1305_ctx *ctx)
{
    memory_cleanse(ctx, sizeof(*ctx));
}

void coin_poly1305(unsigned char tag[16], const unsigned char *data, size_t len, const unsigned char key[32])
{
    coin_poly1305_ctx ctx;
    coin_poly1305_init(&ctx, key);
    coin_poly1305_write(&ctx, data, len);
    coin_poly1305_finalize(&ctx, tag);
}

int coin_poly1305_verify(const unsigned char a[16], const unsigned char b[16])
{
    unsigned d = 0;
    int i;
    for (i = 0; i < 16; i++) d |= (unsigned)(a[i] ^ b[i]);
    return (int)(1 & ((d - 1) >> 8));
}

const char *coin_poly1305_implementation(void)
{
    static _Thread_local char desc[32];
    snprintf(desc, sizeof(desc), "%s", coin_dispatch(&dispatch)->name);
    return coin_dispatch_tag(&dispatch, desc, sizeof(desc));
}

const char *coin_poly1305_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&dispatch, i, needs);
}

/* A known answer from an independent implementation (OpenSSL, through Python's cryptography
 * package): the tag of the 1024 bytes of the shared self-test message after its first 32,
 * read from an odd address, with those 32 as the key; the blocks go through the backend. */
static int selftest(const struct coin_backend *b)
{
    static const unsigned char expect[16] = {
        0x4f, 0xcf, 0x64, 0x91, 0x21, 0xe5, 0x0c, 0x63, 0xe4, 0x1d, 0x81, 0x72, 0x97, 0xe3, 0x91, 0xbe,
    };
    unsigned char msg[1 + 32 + 1024], tag[16];
    coin_poly1305_ctx ctx;
    uint32_t h[5], r[5];

    coin_selftest_message(msg + 1, sizeof(msg) - 1);
    coin_poly1305_init(&ctx, msg + 1);
    to26(&ctx, h, r);
    ((poly1305_blocks_fn)b->fn)(h, r, msg + 1 + 32, 64);
    from26(&ctx, h);
    finish(&ctx, tag);
    return memcmp(tag, expect, 16) == 0;
}
