/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
/* AES-256 and AES-128 with the ARMv8 AES instructions (AArch64), compiled with
 * -march=armv8-a+crypto only and reached through the dispatcher's guard (the AES hwcap bit,
 * which a CPU may lack while it has the SHA ones). AESE is AddRoundKey, ShiftRows and SubBytes,
 * AESMC MixColumns; CBC decryption and ECB run 4 blocks at a time. */
#include <arm_neon.h>
#include <string.h>

#include "backends.h"
#include "common.h"

#if defined(__AARCH64EB__)
# error "aes_arm_aes.c supports little-endian AArch64 only"
#endif

/* SubWord of the key schedule: AESE with a zero key on the word in every column, where
 * ShiftRows moves nothing. */
static uint32_t sub_word(uint32_t w)
{
    uint8x16_t v = vaeseq_u8(vreinterpretq_u8_u32(vdupq_n_u32(w)), vdupq_n_u8(0));
    return vgetq_lane_u32(vreinterpretq_u32_u8(v), 0);
}

void coin_aes256_setup_arm_aes(coin_aes256_ctx *ctx, const unsigned char *key)
{
    const int rounds = (int)ctx->rounds, nk = rounds - 6;
    uint32_t w[60], rcon = 1;
    int i;
    memcpy(w, key, 4 * (size_t)nk); /* little-endian words */
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
    /* Decryption (the equivalent inverse cipher): the keys reversed, InvMixColumns on the
     * inner ones. */
    for (i = 0; i <= rounds; i++) {
        uint8x16_t e = vreinterpretq_u8_u32(vld1q_u32(w + 4 * i)), d = vreinterpretq_u8_u32(vld1q_u32(w + 4 * (rounds - i)));
        if (i > 0 && i < rounds) d = vaesimcq_u8(d);
        vst1q_u8(ctx->k.rk[0][i], e);
        vst1q_u8(ctx->k.rk[1][i], d);
    }
    for (i = 0; i < 60; i++) ((volatile uint32_t *)w)[i] = 0;
}

static inline void load_keys(uint8x16_t k[15], const unsigned char rk[15][16], int rounds)
{
    int i;
    for (i = 0; i <= rounds; i++) k[i] = vld1q_u8(rk[i]);
}

static inline uint8x16_t encrypt1(const uint8x16_t k[15], int rounds, uint8x16_t x)
{
    int r;
    for (r = 0; r < rounds - 1; r++) x = vaesmcq_u8(vaeseq_u8(x, k[r]));
    return veorq_u8(vaeseq_u8(x, k[rounds - 1]), k[rounds]);
}

static inline uint8x16_t decrypt1(const uint8x16_t k[15], int rounds, uint8x16_t x)
{
    int r;
    for (r = 0; r < rounds - 1; r++) x = vaesimcq_u8(vaesdq_u8(x, k[r]));
    return veorq_u8(vaesdq_u8(x, k[rounds - 1]), k[rounds]);
}

/* 4 blocks in flight together, round by round. */
static inline void decrypt4(const uint8x16_t k[15], int rounds, uint8x16_t x[4])
{
    int r;
    for (r = 0; r < rounds - 1; r++) {
        x[0] = vaesimcq_u8(vaesdq_u8(x[0], k[r]));
        x[1] = vaesimcq_u8(vaesdq_u8(x[1], k[r]));
        x[2] = vaesimcq_u8(vaesdq_u8(x[2], k[r]));
        x[3] = vaesimcq_u8(vaesdq_u8(x[3], k[r]));
    }
    for (r = 0; r < 4; r++) x[r] = veorq_u8(vaesdq_u8(x[r], k[rounds - 1]), k[rounds]);
}

static inline void encrypt4(const uint8x16_t k[15], int rounds, uint8x16_t x[4])
{
    int r;
    for (r = 0; r < rounds - 1; r++) {
        x[0] = vaesmcq_u8(vaeseq_u8(x[0], k[r]));
        x[1] = vaesmcq_u8(vaeseq_u8(x[1], k[r]));
        x[2] = vaesmcq_u8(vaeseq_u8(x[2], k[r]));
        x[3] = vaesmcq_u8(vaeseq_u8(x[3], k[r]));
    }
    for (r = 0; r < 4; r++) x[r] = veorq_u8(vaeseq_u8(x[r], k[rounds - 1]), k[rounds]);
}

void coin_aes256_encrypt_arm_aes(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks)
{
    const int rounds = (int)ctx->rounds;
    uint8x16_t k[15], x[4];
    int j;
    load_keys(k, ctx->k.rk[0], rounds);
    for (; blocks >= 4; blocks -= 4, in += 64, out += 64) {
        for (j = 0; j < 4; j++) x[j] = vld1q_u8(in + 16 * j);
        encrypt4(k, rounds, x);
        for (j = 0; j < 4; j++) vst1q_u8(out + 16 * j, x[j]);
    }
    for (; blocks > 0; blocks--, in += 16, out += 16) vst1q_u8(out, encrypt1(k, rounds, vld1q_u8(in)));
    memory_cleanse(k, sizeof(k)); /* the round keys' copy, on the stack */
}

void coin_aes256_decrypt_arm_aes(const coin_aes256_ctx *ctx, unsigned char *out, const unsigned char *in, size_t blocks)
{
    const int rounds = (int)ctx->rounds;
    uint8x16_t k[15], x[4];
    int j;
    load_keys(k, ctx->k.rk[1], rounds);
    for (; blocks >= 4; blocks -= 4, in += 64, out += 64) {
        for (j = 0; j < 4; j++) x[j] = vld1q_u8(in + 16 * j);
        decrypt4(k, rounds, x);
        for (j = 0; j < 4; j++) vst1q_u8(out + 16 * j, x[j]);
    }
    for (; blocks > 0; blocks--, in += 16, out += 16) vst1q_u8(out, decrypt1(k, rounds, vld1q_u8(in)));
    memory_cleanse(k, sizeof(k)); /* the round keys' copy, on the stack */
    memory_cleanse(x, sizeof(x));
}

void coin_aes256_cbc_encrypt_arm_aes(const coin_aes256_ctx *ctx, unsigned char iv[16], unsigned char *out,
                                     const unsigned char *in, size_t blocks)
{
    const int rounds = (int)ctx->rounds;
    uint8x16_t k[15], c = vld1q_u8(iv);
    load_keys(k, ctx->k.rk[0], rounds);
    for (; blocks > 0; blocks--, in += 16, out += 16) {
        c = encrypt1(k, rounds, veorq_u8(c, vld1q_u8(in)));
        vst1q_u8(out, c);
    }
    vst1q_u8(iv, c);
    memory_cleanse(k, sizeof(k)); /* the round keys' copy, on the stack */
}

void coin_aes256_cbc_decrypt_arm_aes(const coin_aes256_ctx *ctx, unsigned char iv[16], unsigned char *out,
                                     const unsigned char *in, size_t blocks)
{
    const int rounds = (int)ctx->rounds;
    uint8x16_t k[15], x[4], c[4], prev = vld1q_u8(iv);
    int j;
    load_keys(k, ctx->k.rk[1], rounds);
    for (; blocks >= 4; blocks -= 4, in += 64, out += 64) {
        for (j = 0; j < 4; j++) x[j] = c[j] = vld1q_u8(in + 16 * j);
        decrypt4(k, rounds, x);
        vst1q_u8(out, veorq_u8(x[0], prev));
        for (j = 1; j < 4; j++) vst1q_u8(out + 16 * j, veorq_u8(x[j], c[j - 1]));
        prev = c[3];
    }
    for (; blocks > 0; blocks--, in += 16, out += 16) {
        uint8x16_t cj = vld1q_u8(in);
        vst1q_u8(out, veorq_u8(decrypt1(k, rounds, cj), prev));
        prev = cj;
    }
    vst1q_u8(iv, prev);
    memory_cleanse(k, sizeof(k)); /* the round keys' copy, on the stack */
    memory_cleanse(x, sizeof(x));
}
