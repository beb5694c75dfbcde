/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_SCRYPT_H
#define COINCRYPTO_SCRYPT_H

#include <stddef.h>
#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

/* The scratch memory coin_scrypt needs for cost N and block size r, in bytes: ROMix's table
 * V (128 * r * N), two working blocks (2 * 128 * r) and 63 bytes to align the table to 64
 * (the caller's buffer needs no alignment). p costs time, not memory. The macro does not
 * check for overflow; coin_scrypt_scratch_size does. */
#define COIN_SCRYPT_SCRATCH_SIZE(N, r) ((size_t)128 * (size_t)(r) * ((size_t)(N) + 2) + 63)

/* The same, or 0 when the parameters are invalid (see coin_scrypt) or the size does not fit
 * in a size_t. */
COIN_API size_t coin_scrypt_scratch_size(uint64_t N, uint32_t r);

/* scrypt (RFC 7914): dklen bytes from the password and salt with cost N, block size r and
 * parallelism p, using the caller's scratch memory (at least coin_scrypt_scratch_size(N, r)
 * bytes, any alignment); nothing is allocated. The scratch holds values derived from the
 * password and is wiped before returning. pass, salt and out may be NULL when their length
 * is 0. Returns
 *   COIN_OK          out written;
 *   COIN_ERR_PARAM   N is not a power of 2 greater than 1, or N >= 2^(16 r), r or p is 0,
 *                    r * p >= 2^30, dklen > (2^32 - 1) * 32, or the scratch size overflows;
 *   COIN_ERR_SCRATCH scratch is smaller than coin_scrypt_scratch_size(N, r) (or NULL);
 * and writes nothing on an error. */
COIN_API int coin_scrypt(const unsigned char *pass, size_t passlen, const unsigned char *salt, size_t saltlen,
                         uint64_t N, uint32_t r, uint32_t p, unsigned char *out, size_t dklen, void *scratch,
                         size_t scratch_len);

/* The proof of work of Litecoin, Dogecoin and their forks: scrypt(header, header, N = 1024,
 * r = 1, p = 1), 32 bytes, of an 80-byte block header. The hash is the raw output bytes;
 * nodes read it as a little-endian uint256 (as they read the SHA-256d block hash).
 * coin_scrypt_1024_1_1_256 keeps its 128 KiB table on the stack; the _sp form takes the
 * caller's scratch of COIN_SCRYPT_1024_1_1_256_SCRATCH_SIZE bytes (any alignment), as
 * Dogecoin's scrypt_1024_1_1_256_sp does with its scratchpad. Both are safe to call from
 * several threads at once (with one scratch each). The header is public, so the table is
 * not wiped. */
#define COIN_SCRYPT_1024_1_1_256_SCRATCH_SIZE (131072 + 63)
COIN_API void coin_scrypt_1024_1_1_256(const unsigned char header80[80], unsigned char out32[32]);
COIN_API void coin_scrypt_1024_1_1_256_sp(const unsigned char header80[80], unsigned char out32[32], void *scratch);

/* The proof of work of n headers (80 bytes each, one after another) into n hashes (32 bytes
 * each): a node checking many headers, several at a time on the wide backends (16 with
 * AVX-512, 8 with AVX2). The scratch is the caller's, COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE
 * bytes (any alignment); one scratch per thread. Returns COIN_OK, or COIN_ERR_SCRATCH (and
 * writes nothing) when the scratch is smaller or NULL. */
#define COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE (16 * 131072 + 63)
COIN_API int coin_scrypt_1024_1_1_256_batch(const unsigned char *headers, unsigned char *out, size_t n, void *scratch,
                                            size_t scratch_len);

/* The ROMix backends in use, in the order the batch takes them ("avx2(8way);sse2(1way)"),
 * in a string of the calling thread's own (see coin_sha256_implementation), and the i-th
 * backend this build has (see sha256.h). The batch and the single hash take the usable ones
 * in the order fastest per header on the running CPU (see coin_sha256d64_backend). */
COIN_API const char *coin_scrypt_implementation(void);
COIN_API const char *coin_scrypt_backend(size_t i, uint32_t *needs);

/* For tests and benchmarks: coin_scrypt_1024_1_1_256_batch through the i-th backend alone, as
 * many of its groups as fit, then one header at a time through the portable code. Returns
 * the backend's width (n may be 0 to learn it), 0 (writing nothing) when i is past the end
 * or that backend is not usable with the features in use, or COIN_ERR_SCRATCH. */
COIN_API int coin_scrypt_1024_1_1_256_with(size_t i, const unsigned char *headers, unsigned char *out, size_t n,
                                           void *scratch, size_t scratch_len);

COIN_END_DECLS

#endif
