/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* BLAKE3 (portable code only; OpenSSL has no BLAKE3) in its three modes: the message written
 * in pieces, with a finalize between two of them, against the one-pass result; the 32-byte
 * output against the start of a 200-byte one; that output read from a chosen byte on with
 * finalize_seek; and reset. Input: a mode byte (hash, keyed hash, key derivation), a cut seed
 * byte, a seek byte, 32 bytes of key (the context string in the key derivation mode), then
 * the message. */

#include "blake3.h"
#include "fuzz.h"

static void start(coin_blake3_ctx *ctx, unsigned mode, const uint8_t *key)
{
    if (mode == 0) coin_blake3_init(ctx);
    else if (mode == 1) coin_blake3_init_keyed(ctx, key);
    else coin_blake3_init_derive_key(ctx, (const char *)key, 32);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_input in = {data, size};
    struct fuzz_cuts cuts;
    coin_blake3_ctx whole, ctx;
    unsigned char want[200], got[200];
    unsigned mode, seek;
    const uint8_t *key;
    size_t pos, pause;

    if (size < 35) return 0;
    mode = fuzz_byte(&in) % 3;
    cuts.state = fuzz_byte(&in);
    seek = fuzz_byte(&in) % sizeof(want);
    key = in.p;
    in.p += 32;
    in.n -= 32;

    start(&whole, mode, key);
    coin_blake3_write(&whole, in.p, in.n);
    coin_blake3_finalize(&whole, want, sizeof(want));
    if (mode == 0) {
        coin_blake3(got, in.p, in.n);
        fuzz_check(memcmp(got, want, 32) == 0, "BLAKE3 one-shot", "generic");
    }
    coin_blake3_finalize(&whole, got, 32);
    fuzz_check(memcmp(got, want, 32) == 0, "BLAKE3 32-byte output", "generic");
    coin_blake3_finalize_seek(&whole, seek, got, sizeof(want) - seek);
    fuzz_check(memcmp(got, want + seek, sizeof(want) - seek) == 0, "BLAKE3 output from a seek", "generic");

    start(&ctx, mode, key);
    pause = in.n / 2;
    for (pos = 0; pos < in.n;) {
        size_t n = fuzz_next_cut(&cuts);
        if (n > in.n - pos) n = in.n - pos;
        coin_blake3_write(&ctx, in.p + pos, n);
        pos += n;
        if (pos >= pause && pause != (size_t)-1) {
            coin_blake3_finalize(&ctx, got, sizeof(got)); /* leaves ctx as it was */
            pause = (size_t)-1;
        }
    }
    coin_blake3_finalize(&ctx, got, sizeof(got));
    fuzz_check(memcmp(got, want, sizeof(want)) == 0, "BLAKE3 streamed", "generic");

    coin_blake3_reset(&ctx);
    coin_blake3_write(&ctx, in.p, in.n);
    coin_blake3_finalize(&ctx, got, sizeof(got));
    fuzz_check(memcmp(got, want, sizeof(want)) == 0, "BLAKE3 after reset", "generic");
    return 0;
}
