/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_MUHASH_H
#define COINCRYPTO_MUHASH_H

/* MuHash3072, the rolling set hash of Bitcoin Core's src/crypto/muhash.h (the UTXO set hash
 * of gettxoutsetinfo and coinstatsindex): an element is a number modulo the prime
 * p = 2^3072 - 1103717, the set is the product of its elements, and removing an element
 * divides by it. Semantics and serialisation are Core's exactly:
 * - a number is coin_num3072, Core's Num3072: limbs[], least significant first, 48 64-bit
 *   limbs where the compiler has a 128-bit type (__SIZEOF_INT128__), else 96 32-bit limbs.
 *   Either way its bytes, limb by limb little-endian, are the number's 384 little-endian
 *   bytes, which is how Core serialises it.
 * - a number read from bytes may be p or above (up to 2^3072 - 1); every operation that
 *   computes a result reduces it fully, to 0..p-1, as Core's Multiply and Divide do.
 * - an element (any bytes) is the ChaCha20 keystream of 384 bytes, nonce 0 and block 0,
 *   keyed with the element's SHA-256, read as a little-endian number.
 * - the set is a fraction (numerator / denominator) so that a removal costs a
 *   multiplication; finalising divides once (a modular inverse) and hashes the result's
 *   384 bytes with SHA-256.
 * The inputs are public (UTXO data), so the code runs in variable time. */

#include <stddef.h>
#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

#define COIN_NUM3072_SIZE 384          /* bytes */
#define COIN_MUHASH3072_OUTPUT_SIZE 32 /* bytes */

#if defined(__SIZEOF_INT128__)
typedef uint64_t coin_num3072_limb;
# define COIN_NUM3072_LIMBS 48
#else
typedef uint32_t coin_num3072_limb;
# define COIN_NUM3072_LIMBS 96
#endif

/* A number below 2^3072; a plain struct, copyable by value. */
typedef struct coin_num3072 {
    coin_num3072_limb limbs[COIN_NUM3072_LIMBS];
} coin_num3072;

/* a = 1. */
COIN_API void coin_num3072_set_one(coin_num3072 *a);
/* a = the little-endian number in; as Core's Num3072(data): not reduced. */
COIN_API void coin_num3072_from_bytes(coin_num3072 *a, const unsigned char in[COIN_NUM3072_SIZE]);
/* out = a's 384 little-endian bytes, as Core's ToBytes: the value as it is, not reduced. */
COIN_API void coin_num3072_to_bytes(unsigned char out[COIN_NUM3072_SIZE], const coin_num3072 *a);
/* a = a * b mod p, in 0..p-1 (Core's Multiply). b may be a. */
COIN_API void coin_num3072_multiply(coin_num3072 *a, const coin_num3072 *b);
/* a = a / b mod p = a * b^-1 mod p, in 0..p-1 (Core's Divide); when b is 0 mod p, a becomes
 * 0, as in Core (whose inverse of 0 is 0). b may be a. */
COIN_API void coin_num3072_divide(coin_num3072 *a, const coin_num3072 *b);
/* out = a^-1 mod p, in 0..p-1; 0 when a is 0 mod p. out may be a. */
COIN_API void coin_num3072_inverse(coin_num3072 *out, const coin_num3072 *a);

/* A set: numerator / denominator. A plain struct, copyable by value. */
typedef struct coin_muhash3072 {
    coin_num3072 numerator;
    coin_num3072 denominator;
} coin_muhash3072;

/* The number of an element (MuHash3072::ToNum3072 in Core). data may be NULL when len is 0. */
COIN_API void coin_muhash3072_element(coin_num3072 *out, const unsigned char *data, size_t len);
/* The empty set: 1/1. */
COIN_API void coin_muhash3072_init(coin_muhash3072 *m);
/* The set holding one element (Core's MuHash3072(in)). */
COIN_API void coin_muhash3072_init_data(coin_muhash3072 *m, const unsigned char *data, size_t len);
/* Adds an element (the numerator is multiplied by it). */
COIN_API void coin_muhash3072_insert(coin_muhash3072 *m, const unsigned char *data, size_t len);
/* Removes an element (the denominator is multiplied by it). */
COIN_API void coin_muhash3072_remove(coin_muhash3072 *m, const unsigned char *data, size_t len);
/* m = m * other: the union of the sets (Core's operator*=). other may be m. */
COIN_API void coin_muhash3072_mul(coin_muhash3072 *m, const coin_muhash3072 *other);
/* m = m / other: the difference of the sets (Core's operator/=). other may be m. */
COIN_API void coin_muhash3072_div(coin_muhash3072 *m, const coin_muhash3072 *other);
/* out = SHA-256 of the 384 bytes of numerator / denominator. As Core's Finalize, this stores
 * that quotient as the numerator and 1 as the denominator: the set's value is unchanged. */
COIN_API void coin_muhash3072_finalize(coin_muhash3072 *m, unsigned char out[COIN_MUHASH3072_OUTPUT_SIZE]);

COIN_END_DECLS

#endif
