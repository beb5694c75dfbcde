/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_SHA256_H
#define COINCRYPTO_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

#define COIN_SHA256_OUTPUT_SIZE 32
#define COIN_SHA256_BLOCK_SIZE 64

/* A streaming SHA-256 context: a plain struct, copyable by value (a midstate). */
typedef struct coin_sha256_ctx {
    uint32_t s[8];
    unsigned char buf[COIN_SHA256_BLOCK_SIZE];
    uint64_t bytes;
} coin_sha256_ctx;

COIN_API void coin_sha256_init(coin_sha256_ctx *ctx);
/* data may be NULL when len is 0; it needs no particular alignment. */
COIN_API void coin_sha256_write(coin_sha256_ctx *ctx, const unsigned char *data, size_t len);
/* Writes the digest. The context then holds the message with its padding, as Bitcoin Core's
 * classes leave theirs: writing on or finalizing again hashes on from there, the same on
 * every backend. Initialise it again for a new message. */
COIN_API void coin_sha256_finalize(coin_sha256_ctx *ctx, unsigned char out[COIN_SHA256_OUTPUT_SIZE]);
COIN_API void coin_sha256(unsigned char out[COIN_SHA256_OUTPUT_SIZE], const unsigned char *data, size_t len);

/* SHA-256(SHA-256(data)): block and transaction hashes. */
COIN_API void coin_hash256(unsigned char out[COIN_SHA256_OUTPUT_SIZE], const unsigned char *data, size_t len);

/* out[32*i..] = SHA-256(SHA-256(in[64*i..64*i+63])) for i < blocks: one merkle tree level.
 * in and out may be the same buffer. */
COIN_API void coin_sha256d64(unsigned char *out, const unsigned char *in, size_t blocks);

/* Many independent messages at once, of any lengths: out[32*i..] = SHA-256(msgs[i][0..lens[i]))
 * (coin_sha256_many) or SHA-256(SHA-256(...)) (coin_hash256_many, a block's txids) for
 * i < n. The messages are fed to the lanes of the widest fast backend (SHA-NI 2 or 4 at a
 * time, AVX2 8, AVX-512 16), each lane taking the next message as its own ends; with none,
 * one after the other. No allocation. The same message may be given more than once; out
 * must not overlap any message. */
COIN_API void coin_sha256_many(unsigned char *out, const unsigned char *const *msgs, const size_t *lens, size_t n);
COIN_API void coin_hash256_many(unsigned char *out, const unsigned char *const *msgs, const size_t *lens, size_t n);

/* BIP340 tagged hash: starts ctx with SHA-256(tag) || SHA-256(tag) already written. */
COIN_API void coin_sha256_tagged_init(coin_sha256_ctx *ctx, const unsigned char *tag, size_t taglen);

/* Midstates, to cache a common prefix (or a tag) as constants.
 * get: copies the chaining state and the byte count; returns 1, or 0 (and copies nothing)
 * when a partial block is buffered, i.e. ctx->bytes is not a multiple of 64.
 * init: starts ctx from such a state; bytes must be a multiple of 64. */
COIN_API int coin_sha256_get_midstate(const coin_sha256_ctx *ctx, uint32_t state[8], uint64_t *bytes);
COIN_API void coin_sha256_init_midstate(coin_sha256_ctx *ctx, const uint32_t state[8], uint64_t bytes);

/* The compression function, dispatched: n (>= 0) consecutive 64-byte blocks at blocks64 (any
 * alignment) update state in place, with no padding or byte count. It has the type of
 * libsecp256k1's secp256k1_sha256_compression_function, so a node passes it to
 * secp256k1_context_set_sha256_compression(ctx, coin_sha256_transform). */
COIN_API void coin_sha256_transform(uint32_t state[8], const unsigned char *blocks64, size_t n);

/* The backends in use with their widths, in Bitcoin Core's style: "generic(1way)",
 * "x86_shani(1way;2way;4way)", "avx2(1way;8way);avx512(16way)". The string is the calling
 * thread's own and stays valid until its next call. */
COIN_API const char *coin_sha256_implementation(void);

/* The i-th single-stream backend this build has, best first, with the COIN_CPU_* features it
 * needs; NULL past the end. Restricting the features to *needs selects it. */
COIN_API const char *coin_sha256_backend(size_t i, uint32_t *needs);

/* The same for the coin_sha256d64 batches (a name may appear once per width). coin_sha256d64
 * takes the usable ones in the order fastest per input on the running CPU: the order measured
 * on that CPU model where the library's tuning table has it (and every feature is in use),
 * the same on every start;
 * otherwise timed when it selects them (a fraction of a millisecond, at the first call and
 * after coin_cpu_restrict), where only a clear difference reorders them. The implementation
 * strings of the primitives ordered this way end with what decided it: " [emr]", " [zen4]",
 * ... (the table's CPU name) or " [timed]". COINCRYPTO_TUNING=name uses the table's entries
 * for that CPU name instead of the detected one, and COINCRYPTO_TUNING=timed times every
 * order. */
COIN_API const char *coin_sha256d64_backend(size_t i, uint32_t *needs);

/* For tests and benchmarks: coin_sha256d64 through the i-th batch backend alone, as many of
 * its batches as fit, then one input at a time through the selected transform. Returns the
 * backend's width (blocks may be 0 to learn it), or 0, writing nothing, when i is past the
 * end or that backend is not usable with the features in use. */
COIN_API int coin_sha256d64_with(size_t i, unsigned char *out, const unsigned char *in, size_t blocks);

/* The same for coin_sha256_many's lanes backends ("generic" is one message at a time), the
 * one in use ("x86_shani(4way) [zen4]": the fastest per block on this CPU, as above), and
 * for tests and benchmarks coin_sha256_many (twice = 0) or coin_hash256_many (twice = 1)
 * through the i-th alone: returns its width, or 0, writing nothing, when it is not usable. */
COIN_API const char *coin_sha256_many_backend(size_t i, uint32_t *needs);
COIN_API const char *coin_sha256_many_implementation(void);
COIN_API int coin_sha256_many_with(size_t i, int twice, unsigned char *out, const unsigned char *const *msgs,
                                   const size_t *lens, size_t n);

COIN_END_DECLS

#endif
