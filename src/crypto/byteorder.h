/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_BYTEORDER_H
#define COINCRYPTO_BYTEORDER_H

/* Little- and big-endian loads and stores at any alignment. Inline only, no symbols: the
 * library's code uses them, and so does <crypto/common.h>, Bitcoin Core's ReadLE32 family. */

#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__)
# define COIN_BIG_ENDIAN (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
#elif defined(WORDS_BIGENDIAN)
# define COIN_BIG_ENDIAN 1
#else
# define COIN_BIG_ENDIAN 0
#endif

#if defined(__GNUC__)
# define coin_bswap16(x) __builtin_bswap16(x)
# define coin_bswap32(x) __builtin_bswap32(x)
# define coin_bswap64(x) __builtin_bswap64(x)
#else
static inline uint16_t coin_bswap16(uint16_t x)
{
    return (uint16_t)((x >> 8) | (x << 8));
}
static inline uint32_t coin_bswap32(uint32_t x)
{
    return (x >> 24) | ((x >> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);
}
static inline uint64_t coin_bswap64(uint64_t x)
{
    return ((uint64_t)coin_bswap32((uint32_t)x) << 32) | coin_bswap32((uint32_t)(x >> 32));
}
#endif

static inline uint16_t coin_read_le16(const unsigned char *p)
{
    uint16_t x;
    memcpy(&x, p, 2);
    return COIN_BIG_ENDIAN ? coin_bswap16(x) : x;
}

static inline uint32_t coin_read_le32(const unsigned char *p)
{
    uint32_t x;
    memcpy(&x, p, 4);
    return COIN_BIG_ENDIAN ? coin_bswap32(x) : x;
}

static inline uint64_t coin_read_le64(const unsigned char *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return COIN_BIG_ENDIAN ? coin_bswap64(x) : x;
}

static inline uint16_t coin_read_be16(const unsigned char *p)
{
    uint16_t x;
    memcpy(&x, p, 2);
    return COIN_BIG_ENDIAN ? x : coin_bswap16(x);
}

static inline uint32_t coin_read_be32(const unsigned char *p)
{
    uint32_t x;
    memcpy(&x, p, 4);
    return COIN_BIG_ENDIAN ? x : coin_bswap32(x);
}

static inline uint64_t coin_read_be64(const unsigned char *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return COIN_BIG_ENDIAN ? x : coin_bswap64(x);
}

static inline void coin_write_le16(unsigned char *p, uint16_t x)
{
    if (COIN_BIG_ENDIAN) x = coin_bswap16(x);
    memcpy(p, &x, 2);
}

static inline void coin_write_le32(unsigned char *p, uint32_t x)
{
    if (COIN_BIG_ENDIAN) x = coin_bswap32(x);
    memcpy(p, &x, 4);
}

static inline void coin_write_le64(unsigned char *p, uint64_t x)
{
    if (COIN_BIG_ENDIAN) x = coin_bswap64(x);
    memcpy(p, &x, 8);
}

static inline void coin_write_be16(unsigned char *p, uint16_t x)
{
    if (!COIN_BIG_ENDIAN) x = coin_bswap16(x);
    memcpy(p, &x, 2);
}

static inline void coin_write_be32(unsigned char *p, uint32_t x)
{
    if (!COIN_BIG_ENDIAN) x = coin_bswap32(x);
    memcpy(p, &x, 4);
}

static inline void coin_write_be64(unsigned char *p, uint64_t x)
{
    if (!COIN_BIG_ENDIAN) x = coin_bswap64(x);
    memcpy(p, &x, 8);
}

#endif
