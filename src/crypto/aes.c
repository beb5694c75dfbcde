/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <string.h>

#include "aes.h"
#include "backends.h"
#include "common.h"
#include "dispatch.h"

/* The portable code is bitsliced: a state is 8 words, word b holding bit b of every byte, so
 * that SubBytes is a circuit of AND and XOR on whole words and nothing is indexed by secret
 * data. Up to 4 blocks share a word: byte (row r, column c) of block j is at bit 16r + 4c + j,
 * so that MixColumns, which mixes the rows of each column, turns whole words (one rotation by
 * 16 bits moves every byte up a row), and ShiftRows rotates each row's 16 bits. Encryption in
 * CBC is serial and uses one block; decryption and ECB use all four. */

#define ROW0 0x000000000000ffffull /* the bits of row 0 */

/* The S-box as Boyar and Peralta's circuit (https://eprint.iacr.org/2011/332.pdf): a linear
 * layer of the input bits, the shared non-linear middle (the inversion in GF(2^8) through its
 * tower field), and a linear layer out; the inverse S-box has its own two linear layers around
 * the same middle. */
static ALWAYS_INLINE void sbox_middle(const uint64_t x[21], uint64_t y[18])
{
    uint64_t t0 = x[3] ^ x[12], t1 = x[9] & x[5], t2 = x[17] & x[6], t3 = x[10] ^ t1;
    uint64_t t4 = x[14] & x[0], t5 = t4 ^ t1, t6 = x[3] & x[12], t7 = x[16] & x[7];
    uint64_t t8 = t0 ^ t6, t9 = x[15] & x[13], t10 = t9 ^ t6, t11 = x[1] & x[11];
    uint64_t t12 = x[4] & x[20], t13 = t12 ^ t11, t14 = x[2] & x[8], t15 = t14 ^ t11;
    uint64_t t16 = t3 ^ t2, t17 = t5 ^ x[18], t18 = t8 ^ t7, t19 = t10 ^ t15;
    uint64_t t20 = t16 ^ t13, t21 = t17 ^ t15, t22 = t18 ^ t13, t23 = t19 ^ x[19];
    uint64_t t24 = t22 ^ t23, t25 = t22 & t20, t26 = t21 ^ t25, t27 = t20 ^ t21;
    uint64_t t28 = t23 ^ t25, t29 = t28 & t27, t30 = t26 & t24, t31 = t20 & t23;
    uint64_t t32 = t27 & t31, t33 = t27 ^ t25, t34 = t21 & t22, t35 = t24 & t34;
    uint64_t t36 = t24 ^ t25, t37 = t21 ^ t29, t38 = t32 ^ t33, t39 = t23 ^ t30;
    uint64_t t40 = t35 ^ t36, t41 = t38 ^ t40, t42 = t37 ^ t39, t43 = t37 ^ t38;
    uint64_t t44 = t39 ^ t40, t45 = t42 ^ t41;
    y[0] = t38 & x[7];   y[1] = t37 & x[13];  y[2] = t42 & x[11];  y[3] = t45 & x[20];
    y[4] = t41 & x[8];   y[5] = t44 & x[9];   y[6] = t40 & x[17];  y[7] = t39 & x[14];
    y[8] = t43 & x[3];   y[9] = t38 & x[16];  y[10] = t37 & x[15]; y[11] = t42 & x[1];
    y[12] = t45 & x[4];  y[13] = t41 & x[2];  y[14] = t44 & x[5];  y[15] = t40 & x[6];
    y[16] = t39 & x[0];  y[17] = t43 & x[12];
}

static ALWAYS_INLINE void sub_bytes(uint64_t s[8])
{
    uint64_t x[21], y[18];
    uint64_t t0 = s[3] ^ s[1], t1 = s[6] ^ s[5], t2 = s[6] ^ s[2], t3 = s[5] ^ s[2];
    uint64_t t4 = s[4] ^ s[0], t5 = s[1] ^ s[0];
    x[0] = s[0];
    x[1] = s[7] ^ s[4];
    x[2] = s[7] ^ s[2];
    x[3] = s[7] ^ s[1];
    x[4] = s[4] ^ s[2];
    x[5] = x[1] ^ t0;
    x[6] = s[0] ^ x[5];
    x[7] = s[0] ^ t1;
    x[8] = x[5] ^ t1;
    x[9] = x[3] ^ x[4];
    x[10] = x[5] ^ t2;
    x[11] = t0 ^ t2;
    x[12] = t0 ^ t3;
    x[13] = x[7] ^ x[12];
    x[14] = t1 ^ t4;
    x[15] = x[1] ^ x[14];
    x[16] = t1 ^ t5;
    x[17] = x[2] ^ x[16];
    x[18] = x[2] ^ x[8];
    x[19] = x[15] ^ x[13];
    x[20] = x[1] ^ t3;
    sbox_middle(x, y);
    {
        uint64_t u0 = y[11] ^ y[12], u1 = y[0] ^ y[6], u2 = y[14] ^ y[16], u3 = y[15] ^ y[5];
        uint64_t u4 = y[4] ^ y[8], u5 = y[17] ^ y[11], u6 = y[12] ^ u5, u7 = y[14] ^ u3;
        uint64_t u8 = y[1] ^ y[9], u9 = y[2] ^ y[3], u10 = y[3] ^ u4, u11 = y[10] ^ u2;
        uint64_t u12 = y[16] ^ y[1], u13 = y[0] ^ u0, u14 = y[2] ^ y[11], u15 = y[5] ^ u1;
        uint64_t u16 = y[6] ^ u0, u17 = y[7] ^ u1, u18 = y[8] ^ u8, u19 = y[13] ^ u4;
        uint64_t u20 = u0 ^ u1, u21 = u1 ^ u7, u22 = u3 ^ u12, u23 = u18 ^ u2;
        uint64_t u24 = u15 ^ u9, u25 = u6 ^ u10, u26 = u7 ^ u9, u27 = u8 ^ u10;
        uint64_t u28 = u11 ^ u14, u29 = u11 ^ u17;
        s[0] = ~(u6 ^ u23);
        s[1] = ~(u13 ^ u27);
        s[2] = u25 ^ u29;
        s[3] = u20 ^ u22;
        s[4] = u6 ^ u21;
        s[5] = ~(u19 ^ u28);
        s[6] = ~(u16 ^ u26);
        s[7] = u6 ^ u24;
    }
}

static ALWAYS_INLINE void inv_sub_bytes(uint64_t s[8])
{
    uint64_t x[21], y[18];
    uint64_t t0 = s[1] ^ s[0], t1 = s[6] ^ s[1], t2 = ~(s[5] ^ s[2]), t3 = ~(s[2] ^ s[1]);
    uint64_t t4 = ~(s[5] ^ s[3]);
    x[17] = s[7] ^ s[4];
    x[16] = ~(s[6] ^ s[4]);
    x[2] = ~(s[7] ^ s[6]);
    x[1] = s[4] ^ s[3];
    x[18] = ~(s[3] ^ s[0]);
    x[6] = ~(s[6] ^ x[17]);
    x[14] = x[16] ^ t0;
    x[7] = ~(s[0] ^ x[1]);
    x[8] = x[2] ^ x[18];
    x[9] = x[2] ^ t0;
    x[3] = x[1] ^ t0;
    x[19] = ~(s[5] ^ x[1]);
    x[13] = ~(s[5] ^ x[14]);
    x[15] = x[18] ^ t1;
    x[4] = s[3] ^ x[6];
    x[5] = x[16] ^ t2;
    x[12] = t1 ^ t4;
    x[20] = x[1] ^ t3;
    x[11] = x[8] ^ x[20];
    x[10] = x[8] ^ t3;
    x[0] = s[7] ^ t2;
    sbox_middle(x, y);
    {
        uint64_t u0 = y[2] ^ y[11], u1 = y[8] ^ y[9], u2 = y[4] ^ y[12], u3 = y[15] ^ y[0];
        uint64_t u4 = y[16] ^ y[6], u5 = y[14] ^ y[1], u6 = y[17] ^ y[10], u7 = u0 ^ u1;
        uint64_t u8 = y[0] ^ y[3], u9 = y[5] ^ y[13], u10 = y[7] ^ u4, u11 = u0 ^ u3;
        uint64_t u12 = y[14] ^ y[16], u13 = y[17] ^ y[1], u14 = y[17] ^ y[12], u15 = y[4] ^ y[9];
        uint64_t u16 = y[7] ^ y[11], u17 = y[8] ^ u2, u18 = y[13] ^ u5, u19 = u2 ^ u3;
        uint64_t u20 = u4 ^ u6, u22 = u2 ^ u7, u23 = u7 ^ u8, u24 = u5 ^ u7;
        uint64_t u25 = u6 ^ u10, u26 = u9 ^ u11, u27 = u10 ^ u18, u28 = u11 ^ u25;
        uint64_t u29 = u15 ^ u20;
        s[0] = u9 ^ u16;
        s[1] = u14 ^ u23;
        s[2] = u19 ^ u24;
        s[3] = u23 ^ u27;
        s[4] = u12 ^ u22;
        s[5] = u17 ^ u28;
        s[6] = u26 ^ u29;
        s[7] = u13 ^ u22;
    }
}

/* Row r of column c takes row r of column c + r (ShiftRows) or c - r (InvShiftRows): row r's
 * 16 bits rotate right (left) by 4r. */
static inline uint64_t shift_rows1(uint64_t x)
{
    return (x & ROW0) | ((x >> 4) & 0x0fffull << 16) | ((x << 12) & 0xf000ull << 16) |
           ((x >> 8) & 0x00ffull << 32) | ((x << 8) & 0xff00ull << 32) |
           ((x >> 12) & 0x000full << 48) | ((x << 4) & 0xfff0ull << 48);
}

static inline uint64_t inv_shift_rows1(uint64_t x)
{
    return (x & ROW0) | ((x << 4) & 0xfff0ull << 16) | ((x >> 12) & 0x000full << 16) |
           ((x >> 8) & 0x00ffull << 32) | ((x << 8) & 0xff00ull << 32) |
           ((x >> 4) & 0x0fffull << 48) | ((x << 12) & 0xf000ull << 48);
}

/* Row r of each column takes row r + 1's (rot1) or row r + 2's (rot2) byte. */
static inline uint64_t rot1(uint64_t x) { return (x >> 16) | (x << 48); }
static inline uint64_t rot2(uint64_t x) { return (x >> 32) | (x << 32); }

/* Multiply every byte by x modulo x^8 + x^4 + x^3 + x + 1. */
static inline void xtime(uint64_t s[8])
{
    uint64_t top = s[7];
    s[7] = s[6]; s[6] = s[5]; s[5] = s[4]; s[4] = s[3] ^ top;
    s[3] = s[2] ^ top; s[2] = s[1]; s[1] = s[0] ^ top; s[0] = top;
}

/* out_r = 2 a_r + 3 a_{r+1} + a_{r+2} + a_{r+3} = 2 (a_r + a_{r+1}) + a_{r+1} + (a_{r+2} + a_{r+3}) */
static ALWAYS_INLINE void mix_columns(uint64_t s[8])
{
    uint64_t t[8], u[8];
    int b;
    UNROLL8 for (b = 0; b < 8; b++) {
        t[b] = rot1(s[b]);
        u[b] = s[b] ^ t[b];
    }
    memcpy(s, u, sizeof(u));
    xtime(s);
    UNROLL8 for (b = 0; b < 8; b++) s[b] ^= t[b] ^ rot2(u[b]);
}

/* InvMixColumns is MixColumns after the circulant (5, 0, 4, 0): a_r + 4 (a_r + a_{r+2}). */
static ALWAYS_INLINE void inv_mix_columns(uint64_t s[8])
{
    uint64_t u[8];
    int b;
    UNROLL8 for (b = 0; b < 8; b++) u[b] = s[b] ^ rot2(s[b]);
    xtime(u);
    xtime(u);
    UNROLL8 for (b = 0; b < 8; b++) s[b] ^= u[b];
    mix_columns(s);
}

static inline void add_round_key(uint64_t s[8], const uint64_t k[8])
{
    int b;
    UNROLL8 for (b = 0; b < 8; b++) s[b] ^= k[b];
}

#define BYTES_LSB 0x0101010101010101ull
#define NIBBLES 0x0011001100110011ull /* bits 16r + 4c of the 8 bytes of a block's half */

/* Blocks 0..n-1 (n <= 4) into s, the others zero. For each 8 bytes (columns 2h and 2h + 1)
 * and each b, a multiplication gathers bit b of byte k (at bit 8k) into bit 56 + k, another
 * spreads bit k to bit 16 (k & 3) + 4 (k >> 2); neither makes a carry. */
static void load(uint64_t s[8], const unsigned char *in, size_t n)
{
    size_t i;
    int b;
    memset(s, 0, 8 * sizeof(s[0]));
    for (i = 0; i < 2 * n; i++) {
        const uint64_t w = coin_read_le64(in + 8 * i);
        const unsigned at = 8 * (i & 1) + (unsigned)(i >> 1);
        for (b = 0; b < 8; b++) {
            const uint64_t g = (((w >> b) & BYTES_LSB) * 0x0102040810204080ull) >> 56;
            s[b] |= ((g * 0x0000200040008001ull) & NIBBLES) << at;
        }
    }
}

/* The reverse: the 8 bits gathered into bits 56..63, spread to bit j of byte j, moved to bit b. */
static void store(unsigned char *out, const uint64_t s[8], size_t n)
{
    size_t i;
    int b;
    for (i = 0; i < 2 * n; i++) {
        const unsigned at = 8 * (i & 1) + (unsigned)(i >> 1);
        uint64_t w = 0;
        for (b = 0; b < 8; b++) {
            const uint64_t g = (((s[b] >> at) & NIBBLES) * 0x0100020004000800ull) >> 56;
            const uint64_t spread = (g * BYTES_LSB) & 0x8040201008040201ull;
            w |= (((spread + 0x7f7f7f7f7f7f7f7full) >> 7) & BYTES_LSB) << b;
        }
        coin_write_le64(out + 8 * i, w);
    }
}

static void encrypt_sliced(const uint64_t rk[15][8], int rounds, uint64_t s[8])
{
    int r, b;
    add_round_key(s, rk[0]);
    for (r = 1; r < rounds; r++) {
        sub_bytes(s);
        UNROLL8 for (b = 0; b < 8; b++) s[b] = shift_rows1(s[b]);
        mix_columns(s);
        add_round_key(s, rk[r]);
    }
    sub_bytes(s);
    UNROLL8 for (b = 0; b < 8; b++) s[b] = shift_rows1(s[b]);
    add_round_key(s, rk[rounds]);
}

static void decrypt_sliced(const uint64_t rk[15][8], int rounds, uint64_t s[8])
{
    int r, b;
    add_round_key(s, rk[rounds]);
    for (r = rounds - 1; r > 0; r--) {
        UNROLL8 for (b = 0; b < 8; b++) s[b] = inv_shift_rows1(s[b]);
        inv_sub_bytes(s);
        add_round_key(s, rk[r]);
        inv_mix_columns(s);
    }
    UNROLL8 for (b = 0; b < 8; b++) s[b] = inv_shift_rows1(s[b]);
    inv_sub_bytes(s);
    add_round_key(s, rk[0]);
}

/* SubWord of the key schedule, through the same circuit: the word's bytes in one row. */
static uint32_t sub_word(uint32_t w)
{
    uint64_t s[8];
    uint32_t out = 0;
    int b, i;
    for (b = 0; b < 8; b++) {
        s[b] = 0;
        for (i = 0; i < 4; i++) s[b] |= (uint64_t)((w >> (8 * i + b)) & 1) << i;
    }
    sub_bytes(s);
    for (b = 0; b < 8; b++) {
        for (i = 0; i < 4; i++) out |= (uint32_t)((s[b] >> i) & 1) << (8 * i + b);
    }
    memory_cleanse(s, sizeof(s));
    return out;
}

/* FIPS 197's KeyExpansion for a key of nk words (4 or 8), ctx->rounds = nk + 6 set. */
static void setup_generic(coin_aes256_ctx *ctx, const unsigned char *key)
{
    const int rounds = (int)ctx->rounds, nk = rounds - 6;
    uint32_t w[60];
    unsigned char rk[16];
    uint32_t rcon = 1;
    int i, r, b;
    for (i = 0; i < nk; i++) w[i] = coin_read_le32(key + 4 * i);
    for (i = nk; i < 4 * (rounds + 1); i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = sub_word((t >> 8) | (t << 24)) ^ rcon;
            rcon = (rcon << 1) ^ (0x11b & -(rcon >> 7));
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    for (r = 0; r <= rounds; r++) {
        for (i = 0; i < 4; i++) coin_write_le32(rk + 4 * i, w[4 * r + i]);
        load(ctx->k.sliced[r], rk, 1);
        for (b = 0; b < 8; b++) ctx->k.sliced[r][b] *= 0xf; /* block 0 into 1..3 */
    }
    memory_cleanse(w, sizeof(w));
    memory_cleanse(rk, sizeof(rk));
}

static void encrypt_generic(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks)
{
    uint64_t s[8];
    while (blocks > 0) {
        size_t n = blocks < 4 ? blocks : 4;
        load(s, in, n);
        encrypt_sliced(ctx->k.sliced, (int)ctx->rounds, s);
        store(out, s, n);
        in += 16 * n;
        out += 16 * n;
        blocks -= n;
    }
    memory_cleanse(s, sizeof(s));
}

static void decrypt_generic(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks)
{
    uint64_t s[8];
    while (blocks > 0) {
        size_t n = blocks < 4 ? blocks : 4;
        load(s, in, n);
        decrypt_sliced(ctx->k.sliced, (int)ctx->rounds, s);
        store(out, s, n);
        in += 16 * n;
        out += 16 * n;
        blocks -= n;
    }
    memory_cleanse(s, sizeof(s));
}

static void cbc_encrypt_generic(const coin_aes256_ctx *ctx, unsigned char iv[16], unsigned char *out,
                                const unsigned char *in, size_t blocks)
{
    uint64_t s[8];
    unsigned char x[16];
    int i;
    for (; blocks > 0; blocks--, in += 16, out += 16) {
        for (i = 0; i < 16; i++) x[i] = in[i] ^ iv[i];
        load(s, x, 1);
        encrypt_sliced(ctx->k.sliced, (int)ctx->rounds, s);
        store(iv, s, 1);
        memcpy(out, iv, 16);
    }
    memory_cleanse(s, sizeof(s));
    memory_cleanse(x, sizeof(x));
}

static void cbc_decrypt_generic(const coin_aes256_ctx *ctx, unsigned char iv[16], unsigned char *out,
                                const unsigned char *in, size_t blocks)
{
    uint64_t s[8];
    unsigned char c[64], p[64];
    size_t i;
    while (blocks > 0) {
        size_t n = blocks < 4 ? blocks : 4;
        memcpy(c, in, 16 * n); /* out may be in */
        load(s, c, n);
        decrypt_sliced(ctx->k.sliced, (int)ctx->rounds, s);
        store(p, s, n);
        for (i = 0; i < 16; i++) out[i] = p[i] ^ iv[i];
        for (i = 16; i < 16 * n; i++) out[i] = p[i] ^ c[i - 16];
        memcpy(iv, c + 16 * (n - 1), 16);
        in += 16 * n;
        out += 16 * n;
        blocks -= n;
    }
    memory_cleanse(s, sizeof(s));
    memory_cleanse(p, sizeof(p));
}

struct aes_impl {
    void (*setup)(coin_aes256_ctx *ctx, const unsigned char *key);
    coin_aes256_blocks_fn encrypt, decrypt;
    coin_aes256_cbc_fn cbc_encrypt, cbc_decrypt;
};

/* The same order as backends[]. */
static const struct aes_impl impls[] = {
#ifdef ENABLE_X86_AESNI_AVX
    {coin_aes256_setup_x86_aesni_avx, coin_aes256_encrypt_x86_aesni_avx, coin_aes256_decrypt_x86_aesni_avx,
     coin_aes256_cbc_encrypt_x86_aesni_avx, coin_aes256_cbc_decrypt_x86_aesni_avx},
#endif
#ifdef ENABLE_X86_AESNI
    {coin_aes256_setup_x86_aesni, coin_aes256_encrypt_x86_aesni, coin_aes256_decrypt_x86_aesni,
     coin_aes256_cbc_encrypt_x86_aesni, coin_aes256_cbc_decrypt_x86_aesni},
#endif
#ifdef ENABLE_ARMV8_CRYPTO
    {coin_aes256_setup_arm_aes, coin_aes256_encrypt_arm_aes, coin_aes256_decrypt_arm_aes,
     coin_aes256_cbc_encrypt_arm_aes, coin_aes256_cbc_decrypt_arm_aes},
#endif
    {setup_generic, encrypt_generic, decrypt_generic, cbc_encrypt_generic, cbc_decrypt_generic},
};

static const struct coin_backend backends[] = {
#ifdef ENABLE_X86_AESNI_AVX
    {"x86_aesni_avx", COIN_CPU_AESNI | COIN_CPU_AVX, 8, (coin_fn)coin_aes256_setup_x86_aesni_avx},
#endif
#ifdef ENABLE_X86_AESNI
    {"x86_aesni", COIN_CPU_AESNI, 8, (coin_fn)coin_aes256_setup_x86_aesni},
#endif
#ifdef ENABLE_ARMV8_CRYPTO
    {"arm_aes", COIN_CPU_ARM_AES, 4, (coin_fn)coin_aes256_setup_arm_aes},
#endif
    {"generic", 0, 4, (coin_fn)setup_generic},
};

static int selftest(const struct coin_backend *b);
static struct coin_dispatch dispatch = COIN_DISPATCH_INIT("aes256", backends, selftest);

static const struct aes_impl *impl_of(const coin_aes256_ctx *ctx) { return &impls[ctx->backend]; }

static void init(coin_aes256_ctx *ctx, const unsigned char *key, uint32_t rounds)
{
    ctx->backend = (uint32_t)(coin_dispatch(&dispatch) - backends);
    ctx->rounds = rounds;
    impl_of(ctx)->setup(ctx, key);
}

void coin_aes256_init(coin_aes256_ctx *ctx, const unsigned char key[COIN_AES256_KEY_SIZE])
{
    init(ctx, key, 14);
}

void coin_aes128_init(coin_aes256_ctx *ctx, const unsigned char key[COIN_AES128_KEY_SIZE])
{
    init(ctx, key, 10);
}

void coin_aes256_wipe(coin_aes256_ctx *ctx)
{
    memory_cleanse(ctx, sizeof(*ctx));
}

void coin_aes256_encrypt(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks)
{
    if (blocks) impl_of(ctx)->encrypt(ctx, out, in, blocks);
}

void coin_aes256_decrypt(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks)
{
    if (blocks) impl_of(ctx)->decrypt(ctx, out, in, blocks);
}

size_t coin_aes256_cbc_encrypt(const coin_aes256_ctx *ctx, const unsigned char iv[COIN_AES_BLOCK_SIZE],
                               unsigned char *out, const unsigned char *in, size_t len, int pad)
{
    unsigned char chain[16], last[16];
    size_t whole = len / 16, rest = len % 16, i;
    if (!pad && rest) return COIN_AES_CBC_ERROR;
    memcpy(chain, iv, 16);
    if (whole) impl_of(ctx)->cbc_encrypt(ctx, chain, out, in, whole);
    if (!pad) return len;
    /* PKCS#7: each padding byte is the padding's length, 1 to 16. */
    for (i = 0; i < 16; i++) last[i] = i < rest ? in[16 * whole + i] : (unsigned char)(16 - rest);
    impl_of(ctx)->cbc_encrypt(ctx, chain, out + 16 * whole, last, 1);
    memory_cleanse(last, sizeof(last));
    return 16 * whole + 16;
}

size_t coin_aes256_cbc_decrypt(const coin_aes256_ctx *ctx, const unsigned char iv[COIN_AES_BLOCK_SIZE],
                               unsigned char *out, const unsigned char *in, size_t len, int pad)
{
    unsigned char chain[16], keep;
    unsigned padlen, bad, i;
    size_t j, good;
    if (len % 16 || (pad && len == 0)) return COIN_AES_CBC_ERROR;
    if (len == 0) return 0;
    memcpy(chain, iv, 16);
    impl_of(ctx)->cbc_decrypt(ctx, chain, out, in, len / 16);
    if (!pad) return len;
    /* Constant time: the padding's length is secret until it is known to be well formed. */
    padlen = out[len - 1];
    bad = ((padlen - 1) >> 8) | ((16 - padlen) >> 8); /* padlen == 0 or > 16 */
    for (i = 1; i <= 16; i++) {
        unsigned in_pad = ((i - 1) - padlen) >> 8 & 1; /* i <= padlen */
        bad |= in_pad & ((0u - (unsigned)(out[len - i] ^ padlen)) >> 8);
    }
    /* Malformed: nothing of the plaintext is left in out. The same loop runs either way. */
    good = (size_t)(bad & 1) - 1; /* all ones when well formed, else 0 */
    keep = (unsigned char)good;
    for (j = 0; j < len; j++) out[j] &= keep;
    return ((len - padlen) & good) | (COIN_AES_CBC_ERROR & ~good);
}

const char *coin_aes256_implementation(void)
{
    return coin_dispatch(&dispatch)->name;
}

const char *coin_aes256_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&dispatch, i, needs);
}

/* Known answers: FIPS 197's AES-256 and AES-128 examples (appendix C.3, C.1) both ways, and CBC of 9 blocks of
 * the shared self-test message (from an odd address) under the same key, IV 0f 0e .. 00, as
 * `openssl enc -aes-256-cbc -nopad` gives it: the last 16 bytes of the ciphertext. The blocks
 * and the in-place decryption cover every backend's lanes and tail. */
static int selftest(const struct coin_backend *b)
{
    static const unsigned char pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                         0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
    static const unsigned char ct[16] = {0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
                                         0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89};
    static const unsigned char ct128[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                            0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
    static const unsigned char cbc_last[16] = {0x89, 0x5b, 0x79, 0x2c, 0x0d, 0x73, 0x17, 0x02,
                                               0xb1, 0x78, 0x23, 0xd2, 0xca, 0x79, 0xef, 0xb7};
    const struct aes_impl *im = &impls[b - backends];
    coin_aes256_ctx ctx;
    unsigned char key[32], iv[16], chain[16], buf[1 + 144], msg[144], out[16];
    int i, ok;
    for (i = 0; i < 32; i++) key[i] = (unsigned char)i;
    for (i = 0; i < 16; i++) iv[i] = (unsigned char)(15 - i);
    coin_selftest_message(msg, sizeof(msg));
    ctx.backend = (uint32_t)(b - backends);
    ctx.rounds = 14;
    im->setup(&ctx, key);
    im->encrypt(&ctx, out, pt, 1);
    ok = memcmp(out, ct, 16) == 0;
    im->decrypt(&ctx, out, ct, 1);
    ok &= memcmp(out, pt, 16) == 0;
    memcpy(chain, iv, 16);
    im->cbc_encrypt(&ctx, chain, buf + 1, msg, 9);
    ok &= memcmp(buf + 1 + 128, cbc_last, 16) == 0 && memcmp(chain, cbc_last, 16) == 0;
    memcpy(chain, iv, 16);
    im->cbc_decrypt(&ctx, chain, buf + 1, buf + 1, 9);
    ok &= memcmp(buf + 1, msg, sizeof(msg)) == 0 && memcmp(chain, cbc_last, 16) == 0;
    memcpy(buf + 1, msg, sizeof(msg));
    im->encrypt(&ctx, buf + 1, buf + 1, 9);
    im->decrypt(&ctx, buf + 1, buf + 1, 9);
    ok &= memcmp(buf + 1, msg, sizeof(msg)) == 0;
    ctx.rounds = 10; /* AES-128: FIPS 197 appendix C.1 */
    im->setup(&ctx, key);
    im->encrypt(&ctx, out, pt, 1);
    ok &= memcmp(out, ct128, 16) == 0;
    im->decrypt(&ctx, out, ct128, 1);
    ok &= memcmp(out, pt, 16) == 0;
    coin_aes256_wipe(&ctx);
    return ok;
}
