/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_COMMON_H
#define COINCRYPTO_COMMON_H

/* Internal helpers shared by every primitive: byte-order loads and stores that accept any
 * alignment (public, in byteorder.h), rotates, and a memory wipe the compiler may not
 * remove; a count of trailing zeros. Not installed. */

#include <stdint.h>
#include <string.h>

#include "byteorder.h"

static inline uint32_t rotl32(uint32_t x, unsigned n) { return (x << n) | (x >> ((32 - n) & 31)); }
static inline uint32_t rotr32(uint32_t x, unsigned n) { return (x >> n) | (x << ((32 - n) & 31)); }
static inline uint64_t rotr64(uint64_t x, unsigned n) { return (x >> n) | (x << ((64 - n) & 63)); }
static inline uint64_t rotl64(uint64_t x, unsigned n) { return (x << n) | (x >> ((64 - n) & 63)); }

/* The number of zero bits below the lowest set bit of a nonzero x. */
static inline int ctz64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* Overwrite len bytes at p with zeros in a way the optimiser keeps. */
static inline void memory_cleanse(void *p, size_t len)
{
    if (len == 0) return;
#if defined(__GNUC__)
    memset(p, 0, len);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    {
        volatile unsigned char *v = (volatile unsigned char *)p;
        while (len--) *v++ = 0;
    }
#endif
}

/* Buffering and padding for the hashes with 64-byte blocks, 32-bit words and a 64-bit bit
 * count (SHA-1, SHA-256, RIPEMD-160). tf compresses n whole blocks into the state s. */
typedef void (*md32_transform_fn)(uint32_t *s, const unsigned char *blocks, size_t n);

/* Copies len < 64 bytes into the block buffer in 16-byte pieces, then the rest. A short
 * message is often a digest just stored in 16-byte pieces, and the transforms load 16 bytes
 * at a time: loads that match the stores before them take their data straight from those
 * stores, where a wider or narrower copy would stall them (store forwarding). */
static inline void md32_buffer(unsigned char *buf, const unsigned char *data, size_t len)
{
    for (; len >= 16; len -= 16, buf += 16, data += 16) memcpy(buf, data, 16);
    memcpy(buf, data, len);
}

static inline void md32_write(uint32_t *s, unsigned char buf[64], uint64_t *bytes,
                              const unsigned char *data, size_t len, md32_transform_fn tf)
{
    size_t fill = (size_t)(*bytes & 63);
    *bytes += len;
    if (fill) {
        size_t take = 64 - fill;
        if (len < take) {
            md32_buffer(buf + fill, data, len);
            return;
        }
        memcpy(buf + fill, data, take);
        tf(s, buf, 1);
        data += take;
        len -= take;
    }
    if (len >= 64) {
        tf(s, data, len / 64);
        data += len - len % 64;
        len %= 64;
    }
    md32_buffer(buf, data, len);
}

/* The length of a message of `bytes` bytes with its padding (a 0x80 byte, zeros, and the 8-byte
 * bit count), which is what a context has hashed once finalized: as Bitcoin Core's classes,
 * which write the padding into theirs, so that finalizing again or writing on gives the same
 * results as there, whatever the backend. */
static inline uint64_t md32_padded(uint64_t bytes)
{
    return (bytes + 72) & ~(uint64_t)63;
}

/* Pads the buffered tail and writes the first `words` words of the state to out; the bit
 * count and the digest are big-endian (SHA) or little-endian (RIPEMD). */
static inline void md32_finalize(uint32_t *s, unsigned char buf[64], uint64_t bytes, int big_endian,
                                 md32_transform_fn tf, unsigned char *out, size_t words)
{
    size_t fill = (size_t)(bytes & 63), i;
    buf[fill++] = 0x80;
    if (fill > 56) {
        memset(buf + fill, 0, 64 - fill);
        tf(s, buf, 1);
        fill = 0;
    }
    memset(buf + fill, 0, 56 - fill);
    if (big_endian) {
        coin_write_be64(buf + 56, bytes << 3);
    } else {
        coin_write_le64(buf + 56, bytes << 3);
    }
    tf(s, buf, 1);
    for (i = 0; i < words; i++) {
        if (big_endian) {
            coin_write_be32(out + 4 * i, s[i]);
        } else {
            coin_write_le32(out + 4 * i, s[i]);
        }
    }
}

#endif
