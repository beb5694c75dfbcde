/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* BLAKE3 (OpenSSL has none) in its three modes, on every backend against the portable code's
 * 200-byte output of the message written at once: the message written at once, its 32-byte
 * output, that output read from a chosen byte on with finalize_seek; written in small pieces
 * with a finalize between two of them, and in pieces 37 times as large (whole chunks in lanes
 * from chunk positions of every kind); and after reset. Input: a mode byte (hash, keyed hash,
 * key derivation), a cut seed byte, a seek byte, 32 bytes of key (the context string in the
 * key derivation mode), then the message. */

#include "blake3.h"
#include "fuzz.h"

struct job {
    unsigned mode, seek, cut_seed;
    const uint8_t *key, *msg;
    size_t len;
    unsigned char want[200];
};

static void start(coin_blake3_ctx *ctx, unsigned mode, const uint8_t *key)
{
    if (mode == 0) coin_blake3_init(ctx);
    else if (mode == 1) coin_blake3_init_keyed(ctx, key);
    else coin_blake3_init_derive_key(ctx, (const char *)key, 32);
}

/* The message in pieces of the cut generator's lengths times scale, with a finalize (which
 * leaves the context as it was) once half of it is written. */
static void streamed(const struct job *j, size_t scale, const char *name)
{
    struct fuzz_cuts cuts = {j->cut_seed};
    coin_blake3_ctx ctx;
    unsigned char got[200];
    size_t pos, pause = j->len / 2;
    start(&ctx, j->mode, j->key);
    for (pos = 0; pos < j->len;) {
        size_t n = fuzz_next_cut(&cuts) * scale;
        if (n > j->len - pos) n = j->len - pos;
        coin_blake3_write(&ctx, j->msg + pos, n);
        pos += n;
        if (pos >= pause && pause != (size_t)-1) {
            coin_blake3_finalize(&ctx, got, sizeof(got));
            pause = (size_t)-1;
        }
    }
    coin_blake3_finalize(&ctx, got, sizeof(got));
    fuzz_check(memcmp(got, j->want, sizeof(got)) == 0, scale == 1 ? "BLAKE3 streamed" : "BLAKE3 streamed in large pieces",
               name);
}

static void on_backend(const char *name, void *arg)
{
    const struct job *j = arg;
    coin_blake3_ctx whole;
    unsigned char got[200];

    start(&whole, j->mode, j->key);
    coin_blake3_write(&whole, j->msg, j->len);
    coin_blake3_finalize(&whole, got, sizeof(got));
    fuzz_check(memcmp(got, j->want, sizeof(got)) == 0, "BLAKE3 written at once", name);
    if (j->mode == 0) {
        coin_blake3(got, j->msg, j->len);
        fuzz_check(memcmp(got, j->want, 32) == 0, "BLAKE3 one-shot", name);
    }
    coin_blake3_finalize(&whole, got, 32);
    fuzz_check(memcmp(got, j->want, 32) == 0, "BLAKE3 32-byte output", name);
    coin_blake3_finalize_seek(&whole, j->seek, got, sizeof(got) - j->seek);
    fuzz_check(memcmp(got, j->want + j->seek, sizeof(got) - j->seek) == 0, "BLAKE3 output from a seek", name);

    streamed(j, 1, name);
    streamed(j, 37, name);

    coin_blake3_reset(&whole);
    coin_blake3_write(&whole, j->msg, j->len);
    coin_blake3_finalize(&whole, got, sizeof(got));
    fuzz_check(memcmp(got, j->want, sizeof(got)) == 0, "BLAKE3 after reset", name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_input in = {data, size};
    struct job j;
    coin_blake3_ctx whole;
    uint32_t saved;

    if (size < 35) return 0;
    j.mode = fuzz_byte(&in) % 3;
    j.cut_seed = fuzz_byte(&in);
    j.seek = fuzz_byte(&in) % sizeof(j.want);
    j.key = in.p;
    j.msg = in.p + 32;
    j.len = in.n - 32;

    saved = coin_cpu_features();
    coin_cpu_set_features(0);
    start(&whole, j.mode, j.key);
    coin_blake3_write(&whole, j.msg, j.len);
    coin_blake3_finalize(&whole, j.want, sizeof(j.want));
    coin_cpu_set_features(saved);
    fuzz_each_backend(coin_blake3_backend, coin_blake3_implementation, 0, on_backend, &j);
    return 0;
}
