/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* SipHash-2-4 and SipHash-1-3-UJ (portable code only; OpenSSL has neither API). SipHash-2-4:
 * the one-shot result against the message written in pieces, against whole words through
 * coin_siphash_write_u64, and against the pre-keyed uint256 paths. SipHash-1-3-UJ: blocks
 * chosen by the input, each normal block also written as the jumbo block of the same word
 * (Core's equivalence), and the fast paths against writing then finalizing. Input: 16 key
 * bytes, a cut seed byte, then the message. */

#include "fuzz.h"
#include "siphash.h"

static uint64_t le64(const uint8_t *p)
{
    uint64_t x = 0;
    int i;
    for (i = 7; i >= 0; i--) x = (x << 8) | p[i];
    return x;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_input in = {data, size};
    struct fuzz_cuts cuts;
    coin_siphash_ctx ctx, words;
    coin_siphash_key key;
    coin_siphash13_ctx a, b;
    uint64_t k0, k1, want;
    size_t pos;

    if (size < 17) return 0;
    k0 = le64(in.p);
    k1 = le64(in.p + 8);
    in.p += 16;
    in.n -= 16;
    cuts.state = fuzz_byte(&in);

    want = coin_siphash(k0, k1, in.p, in.n);
    coin_siphash_init(&ctx, k0, k1);
    coin_siphash_init(&words, k0, k1);
    for (pos = 0; pos < in.n;) {
        size_t n = fuzz_next_cut(&cuts);
        if (n > in.n - pos) n = in.n - pos;
        coin_siphash_write(&ctx, in.p + pos, n);
        pos += n;
    }
    fuzz_check(coin_siphash_finalize(&ctx) == want, "SipHash-2-4 streamed", "generic");
    for (pos = 0; pos + 8 <= in.n; pos += 8) coin_siphash_write_u64(&words, le64(in.p + pos));
    coin_siphash_write(&words, in.p + pos, in.n - pos);
    fuzz_check(coin_siphash_finalize(&words) == want, "SipHash-2-4 by words", "generic");
    coin_siphash_key_init(&key, k0, k1);
    if (in.n == 32) fuzz_check(coin_siphash_uint256(&key, in.p) == want, "SipHash-2-4 uint256", "generic");
    if (in.n == 36) {
        const uint32_t extra = (uint32_t)(le64(in.p + 28) >> 32);
        fuzz_check(coin_siphash_uint256_extra(&key, in.p, extra) == want, "SipHash-2-4 uint256_extra", "generic");
    }

    /* SipHash-1-3-UJ: a cut value below 100 takes a normal block, else a jumbo one. */
    coin_siphash13_init(&a, k0, k1);
    coin_siphash13_init(&b, k0, k1);
    for (pos = 0; pos + 8 <= in.n;) {
        if (fuzz_next_cut(&cuts) < 100 || pos + 32 > in.n) {
            unsigned char jumbo[32] = {0};
            memcpy(jumbo, in.p + pos, 8);
            coin_siphash13_write_u64(&a, le64(in.p + pos));
            coin_siphash13_write_jumbo(&b, jumbo);
            pos += 8;
        } else {
            const coin_siphash13_ctx before = a;
            const uint64_t fast = coin_siphash13_uint256(&a, in.p + pos);
            const uint64_t extra = pos + 40 <= in.n ? le64(in.p + pos + 32) : 0;
            const uint64_t fast_extra = coin_siphash13_uint256_extra(&a, in.p + pos, extra);
            coin_siphash13_ctx c = a;
            fuzz_check(memcmp(&before, &a, sizeof(a)) == 0, "SipHash-1-3-UJ fast path changed the context", "generic");
            coin_siphash13_write_jumbo(&c, in.p + pos);
            fuzz_check(coin_siphash13_finalize(&c) == fast, "SipHash-1-3-UJ uint256", "generic");
            coin_siphash13_write_u64(&c, extra);
            fuzz_check(coin_siphash13_finalize(&c) == fast_extra, "SipHash-1-3-UJ uint256_extra", "generic");
            coin_siphash13_write_jumbo(&a, in.p + pos);
            coin_siphash13_write_jumbo(&b, in.p + pos);
            pos += 32;
        }
    }
    fuzz_check(coin_siphash13_finalize(&a) == coin_siphash13_finalize(&b), "SipHash-1-3-UJ normal as jumbo", "generic");
    return 0;
}
