/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <stdatomic.h>
#include <string.h>

#include "backends.h"
#include "common.h"
#include "dispatch.h"
#include "hmac_sha256.h"
#include "scrypt.h"

/* ---- Salsa20/8 and BlockMix (RFC 7914, sections 3 and 4) ----
 * Blocks are held as native 32-bit words (converted from little-endian bytes once, on the
 * way in and out), so the inner loops never touch byte order. */

/* Salsa20/8 on words (salsa_lanes.h). */
typedef uint32_t vec;
#define VEC_XOR(a, b) ((a) ^ (b))
#define VEC_ADD(a, b) ((a) + (b))
#define STEP(a, b, c, n) ((a) ^= rotl32((b) + (c), n))
#include "salsa_lanes.h" /* xor_salsa8 */

/* Y = BlockMix(B) for 2r 16-word blocks: the even outputs first, then the odd ones; X is the
 * caller's, so that it can wipe it once. */
static void blockmix(const uint32_t *B, uint32_t *Y, uint32_t X[16], size_t r)
{
    size_t i;
    memcpy(X, &B[(2 * r - 1) * 16], 64);
    for (i = 0; i < 2 * r; i++) {
        xor_salsa8(X, &B[i * 16]);
        memcpy(&Y[((i >> 1) + (i & 1) * r) * 16], X, 64);
    }
}

/* Integerify(B) mod N: the first 64 bits of the last 16-word block, little-endian. */
static inline size_t integerify(const uint32_t *B, size_t r, uint64_t mask)
{
    const uint32_t *last = &B[(2 * r - 1) * 16];
    return (size_t)((last[0] | ((uint64_t)last[1] << 32)) & mask);
}

/* ROMix (RFC 7914, section 5) on X (32r words) with the table V (N * 32r words) and Y
 * (32r words) as work space. N is even, so the steps go in pairs X -> Y -> X, without copies. */
static void romix(uint32_t *X, uint32_t *Y, uint32_t *V, uint64_t N, size_t r)
{
    const size_t words = 32 * r;
    const uint64_t mask = N - 1;
    uint32_t T[16]; /* BlockMix's running block, wiped at the end */
    uint64_t i;
    size_t j, k;
    for (i = 0; i < N; i += 2) {
        memcpy(&V[i * words], X, 4 * words);
        blockmix(X, Y, T, r);
        memcpy(&V[(i + 1) * words], Y, 4 * words);
        blockmix(Y, X, T, r);
    }
    for (i = 0; i < N; i += 2) {
        j = integerify(X, r, mask);
        for (k = 0; k < words; k++) X[k] ^= V[j * words + k];
        blockmix(X, Y, T, r);
        j = integerify(Y, r, mask);
        for (k = 0; k < words; k++) Y[k] ^= V[j * words + k];
        blockmix(Y, X, T, r);
    }
    memory_cleanse(T, sizeof(T));
}

/* ROMix with r = 1, BlockMix in place: the proof-of-work case. */
static void romix_r1(uint32_t *restrict X, uint32_t *restrict V, uint32_t N)
{
    uint32_t i;
    for (i = 0; i < N; i++) {
        memcpy(&V[i * 32], X, 128);
        xor_salsa8(&X[0], &X[16]);
        xor_salsa8(&X[16], &X[0]);
    }
    for (i = 0; i < N; i++) {
        xor_salsa8_entry(&X[0], &X[16], &V[32 * (X[16] & (N - 1))]);
        xor_salsa8(&X[16], &X[0]);
    }
}

/* ---- PBKDF2-HMAC-SHA256 with one iteration, in pieces ---- */

/* out = HMAC(P, M || INT(i)) from keyed (HMAC's midstates for P) and inner (keyed's inner
 * context with M written): T_i of PBKDF2 with c = 1. */
static void hmac_block(const coin_hmac_sha256_ctx *keyed, const coin_sha256_ctx *inner, uint32_t i,
                       unsigned char out[32])
{
    unsigned char ctr[4];
    coin_sha256_ctx c = *inner;
    coin_write_be32(ctr, i);
    coin_sha256_write(&c, ctr, sizeof(ctr));
    coin_sha256_finalize(&c, out);
    c = keyed->outer;
    coin_sha256_write(&c, out, 32);
    coin_sha256_finalize(&c, out);
    memory_cleanse(&c, sizeof(c)); /* the password's outer midstate, as pbkdf2.c wipes its own */
}

/* X (words) = PBKDF2(P, S, 1, ...)[first_block-th 32-byte block ...], nblocks blocks. */
static void pbkdf2_words(const coin_hmac_sha256_ctx *keyed, const coin_sha256_ctx *salted, uint32_t first_block,
                         size_t nblocks, uint32_t *X)
{
    unsigned char t[32];
    size_t b, k;
    for (b = 0; b < nblocks; b++) {
        hmac_block(keyed, salted, first_block + (uint32_t)b, t);
        for (k = 0; k < 8; k++) X[8 * b + k] = coin_read_le32(t + 4 * k);
    }
    memory_cleanse(t, sizeof(t));
}

/* Writes the words of X as little-endian bytes into c. */
static void write_words(coin_sha256_ctx *c, const uint32_t *X, size_t words)
{
    unsigned char buf[64];
    size_t i, k;
    for (i = 0; i < words; i += 16) {
        for (k = 0; k < 16; k++) coin_write_le32(buf + 4 * k, X[i + k]);
        coin_sha256_write(c, buf, sizeof(buf));
    }
    memory_cleanse(buf, sizeof(buf));
}

/* out = PBKDF2(P, B, 1, dklen) given keyed and the inner context with B written. */
static void pbkdf2_out(const coin_hmac_sha256_ctx *keyed, const coin_sha256_ctx *with_b, unsigned char *out,
                       size_t dklen)
{
    unsigned char t[32];
    uint32_t i = 1;
    size_t n;
    while (dklen > 0) {
        hmac_block(keyed, with_b, i++, t);
        n = dklen < 32 ? dklen : 32;
        memcpy(out, t, n);
        out += n;
        dklen -= n;
    }
    memory_cleanse(t, sizeof(t));
}

static void *align64(void *p)
{
    return (void *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
}

/* ---- ROMix backends ----
 * A backend runs ROMix with r = 1 on `width` blocks at once: X holds the blocks one after
 * another (32 words each), V is width * N * 32 words, 64-byte aligned (see backends.h). */
typedef void (*romix_fn)(uint32_t *X, uint32_t *V, uint32_t N);

/* A batch takes as many groups of a backend's width as remain, then the next, in the order
 * fastest per block on the running CPU (coin_dispatch_order); a single hash runs
 * the first of width 1 in that order. Of those, the SSE2 code is 10% faster than the portable
 * code on a Zen 1 EPYC and was measured 2x slower on Zen 5, where a vector operation's
 * latency is 2 cycles. The list holds the order of a tie. */
static const struct coin_backend backends[] = {
#ifdef ENABLE_AVX512
    {"avx512", COIN_CPU_AVX512, 16, (coin_fn)coin_scrypt_romix_avx512_16way},
#endif
#ifdef ENABLE_AVX2
    {"avx2", COIN_CPU_AVX2 | COIN_CPU_BMI2, 8, (coin_fn)coin_scrypt_romix_avx2_8way},
#endif
#ifdef ENABLE_NEON
    {"neon", COIN_CPU_ARM_NEON, 4, (coin_fn)coin_scrypt_romix_neon_4way},
#endif
#ifdef ENABLE_SSE2
    {"sse2", COIN_CPU_SSE2, 1, (coin_fn)coin_scrypt_romix_sse2},
#endif
    {"generic", 0, 1, (coin_fn)romix_r1},
};
_Static_assert(sizeof(backends) / sizeof(backends[0]) <= COIN_DISPATCH_MAX_ORDERED, "too many to order");

static int selftest(const struct coin_backend *b);
static uint64_t cost(const struct coin_backend *b);
static struct coin_dispatch dispatch = COIN_DISPATCH_INIT_COST("scrypt", backends, selftest, cost);

/* The first backend of width 1 in the dispatcher's order. */
static romix_fn single(void)
{
    uint32_t order = coin_dispatch_order(&dispatch);
    while (backends[order & 0xF].width != 1) order >>= 4;
    return (romix_fn)backends[order & 0xF].fn;
}

/* ---- The API ---- */

static int params_ok(uint64_t N, uint32_t r, uint32_t p)
{
    if (N < 2 || (N & (N - 1)) != 0) return 0;
    if (r == 0 || p == 0 || (uint64_t)r * p >= (UINT64_C(1) << 30)) return 0;
    if ((uint64_t)r < 4 && N >> (16 * r) != 0) return 0; /* N < 2^(128 r / 8) */
    return 1;
}

size_t coin_scrypt_scratch_size(uint64_t N, uint32_t r)
{
    uint64_t blocks;
    if (!params_ok(N, r, 1)) return 0;
    /* 128 r (N + 2) + 63 <= SIZE_MAX */
    if (N > (uint64_t)SIZE_MAX - 2) return 0;
    blocks = N + 2;
    if (blocks > ((uint64_t)SIZE_MAX - 63) / 128 / r) return 0;
    return (size_t)(UINT64_C(128) * r * blocks + 63);
}

int coin_scrypt(const unsigned char *pass, size_t passlen, const unsigned char *salt, size_t saltlen, uint64_t N,
                uint32_t r, uint32_t p, unsigned char *out, size_t dklen, void *scratch, size_t scratch_len)
{
    const size_t need = coin_scrypt_scratch_size(N, r);
    coin_hmac_sha256_ctx keyed;
    coin_sha256_ctx salted, with_b;
    uint32_t *V, *X, *Y;
    uint32_t i;

    if (!params_ok(N, r, p) || need == 0 || (uint64_t)dklen > UINT64_C(0xffffffff) * 32) return COIN_ERR_PARAM;
    if (scratch == NULL || scratch_len < need) return COIN_ERR_SCRATCH;
    V = (uint32_t *)align64(scratch);
    X = V + (size_t)N * 32 * r;
    Y = X + 32 * (size_t)r;

    coin_hmac_sha256_init(&keyed, pass, passlen);
    salted = keyed.inner;
    coin_sha256_write(&salted, salt, saltlen);
    with_b = keyed.inner;
    /* B = PBKDF2(P, S, 1, 128 r p), one 128r-byte block at a time: each is mixed and then
     * written into the final PBKDF2's salt, so B never exists whole. */
    for (i = 0; i < p; i++) {
        pbkdf2_words(&keyed, &salted, 1 + i * 4 * r, 4 * (size_t)r, X);
        if (r == 1) {
            single()(X, V, (uint32_t)N); /* N < 2^16 when r = 1 */
        } else {
            romix(X, Y, V, N, r);
        }
        write_words(&with_b, X, 32 * (size_t)r);
    }
    pbkdf2_out(&keyed, &with_b, out, dklen);

    memory_cleanse(scratch, need);
    memory_cleanse(&keyed, sizeof(keyed));
    memory_cleanse(&salted, sizeof(salted));
    memory_cleanse(&with_b, sizeof(with_b));
    return COIN_OK;
}

/* ---- The proof of work, scrypt(header, header, N, 1, 1, 32), one header or many ---- */

/* n headers (80 bytes apart) to n hashes (32 bytes apart) with ROMix(N) through fn, which
 * takes n blocks at once; V as fn needs it. */
static void pow_with(romix_fn fn, size_t n, const unsigned char *headers, unsigned char *out, uint32_t N, uint32_t *V)
{
    coin_hmac_sha256_ctx keyed[16];
    coin_sha256_ctx c;
    uint32_t X[16 * 32];
    size_t k;
    for (k = 0; k < n; k++) {
        coin_hmac_sha256_init(&keyed[k], headers + 80 * k, 80);
        c = keyed[k].inner;
        coin_sha256_write(&c, headers + 80 * k, 80);
        pbkdf2_words(&keyed[k], &c, 1, 4, X + 32 * k);
    }
    fn(X, V, N);
    for (k = 0; k < n; k++) {
        c = keyed[k].inner;
        write_words(&c, X + 32 * k, 32);
        pbkdf2_out(&keyed[k], &c, out + 32 * k, 32);
    }
}

void coin_scrypt_1024_1_1_256_sp(const unsigned char header80[80], unsigned char out32[32], void *scratch)
{
    pow_with(single(), 1, header80, out32, 1024, (uint32_t *)align64(scratch));
}

void coin_scrypt_1024_1_1_256(const unsigned char header80[80], unsigned char out32[32])
{
    _Alignas(64) uint32_t V[1024 * 32];
    pow_with(single(), 1, header80, out32, 1024, V);
}

int coin_scrypt_1024_1_1_256_batch(const unsigned char *headers, unsigned char *out, size_t n, void *scratch,
                                   size_t scratch_len)
{
    uint32_t order;
    uint32_t *V = (uint32_t *)align64(scratch);
    if (scratch == NULL || scratch_len < COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE) return COIN_ERR_SCRATCH;
    for (order = coin_dispatch_order(&dispatch); (order & 0xF) != 0xF; order >>= 4) {
        const struct coin_backend *b = &backends[order & 0xF];
        for (; n >= b->width; n -= b->width, headers += 80 * b->width, out += 32 * b->width) {
            pow_with((romix_fn)b->fn, b->width, headers, out, 1024, V);
        }
    }
    return COIN_OK;
}

int coin_scrypt_1024_1_1_256_with(size_t i, const unsigned char *headers, unsigned char *out, size_t n,
                                  void *scratch, size_t scratch_len)
{
    uint32_t *V = (uint32_t *)align64(scratch);
    const struct coin_backend *b;
    if (i >= dispatch.count || !(coin_dispatch_usable(&dispatch) & (1u << i))) return 0;
    b = &backends[i];
    if (n == 0) return (int)b->width;
    if (scratch == NULL || scratch_len < COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE) return COIN_ERR_SCRATCH;
    for (; n >= b->width; n -= b->width, headers += 80 * b->width, out += 32 * b->width) {
        pow_with((romix_fn)b->fn, b->width, headers, out, 1024, V);
    }
    for (; n > 0; n--, headers += 80, out += 32) pow_with(romix_r1, 1, headers, out, 1024, V);
    return (int)b->width;
}

/* The backends in use, in the order taken: "avx512(16way);sse2(1way)". The string is the
 * calling thread's own and stays valid until its next call. */
const char *coin_scrypt_implementation(void)
{
    static _Thread_local char desc[96]; /* each thread's own: no lock, never torn */
    return coin_dispatch_describe(&dispatch, desc, sizeof(desc));
}

const char *coin_scrypt_backend(size_t i, uint32_t *needs)
{
    return coin_dispatch_backend(&dispatch, i, needs);
}

/* The cost of a backend: the ticks of one ROMix with N = 16 on its width of blocks, counted
 * for 16 blocks. */
static uint64_t cost(const struct coin_backend *b)
{
    _Alignas(64) uint32_t V[16 * 16 * 32];
    uint32_t X[16 * 32];
    uint64_t t;
    memset(X, 0, sizeof(X));
    t = coin_ticks();
    ((romix_fn)b->fn)(X, V, 16);
    return (coin_ticks() - t) * (16 / b->width);
}

/* Known answers from an independent implementation (Python's hashlib.scrypt): the proof of
 * work with N = 16 of two headers, the first 80 bytes of the shared self-test message and the
 * next 80, given to the backend's lanes in turn. */
static int selftest(const struct coin_backend *b)
{
    static const unsigned char expect[2 * 32] = {
        0x01, 0xa8, 0x5e, 0xd4, 0xb6, 0x4e, 0xa8, 0xbd, 0x35, 0x94, 0x09, 0x24, 0x7d, 0x63, 0xdc, 0x02,
        0x2c, 0x3a, 0x50, 0xb4, 0x06, 0x9e, 0x1c, 0x84, 0x8a, 0x21, 0x50, 0x1c, 0x8d, 0xc9, 0x14, 0xcc,
        0xea, 0x14, 0xd2, 0xb2, 0xcb, 0x4b, 0x1b, 0x12, 0xde, 0x14, 0x35, 0x23, 0x86, 0xd6, 0x74, 0x5a,
        0xdb, 0xf9, 0x6e, 0x01, 0xb1, 0x17, 0xf5, 0x35, 0xb7, 0x4c, 0xe5, 0xe3, 0x0f, 0x83, 0x98, 0xca,
    };
    _Alignas(64) uint32_t V[16 * 16 * 32];
    unsigned char msg[160], headers[16 * 80], out[16 * 32];
    unsigned k;
    coin_selftest_message(msg, sizeof(msg));
    for (k = 0; k < b->width; k++) memcpy(headers + 80 * k, msg + 80 * (k % 2), 80);
    pow_with((romix_fn)b->fn, b->width, headers, out, 16, V);
    for (k = 0; k < b->width; k++) {
        if (memcmp(out + 32 * k, expect + 32 * (k % 2), 32) != 0) return 0;
    }
    return 1;
}
