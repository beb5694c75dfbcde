/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <string.h>

#include "chacha20.h"
#include "common.h"
#include "muhash.h"
#include "sha256.h"

/* Arithmetic modulo p = 2^3072 - P_DIFF, the largest 3072-bit safe prime.
 *
 * Numbers are W-bit limbs (W = 64 with a 128-bit type, else 32), least significant first.
 * Multiplication is a schoolbook product computed column by column (product scanning)
 * into 2 * 3072 bits, folded once with 2^3072 = P_DIFF (mod p) and then once more for the
 * few bits that fold leaves above 2^3072; a last conditional subtraction makes it canonical.
 *
 * The inverse is Bernstein and Yang's safegcd ("Fast constant-time gcd computation and
 * modular inversion", 2019), in the variable-time form that libsecp256k1 uses for its
 * public-data inverses (modinv64_var, doc/safegcd_implementation.md): divsteps are applied
 * S_BITS (62, or 30 without a 128-bit type) at a time, each batch computed from the bottom
 * limb of f and g alone as a 2x2 matrix, then applied to the full f, g and to d, e, kept as
 * signed S_BITS-bit limbs; d and e are divided by 2^S_BITS modulo p on the way, which is
 * cheap because p's signed-limb form has two nonzero limbs only. Why this one:
 * - MuHash's inputs are public UTXO data, so nothing needs constant time, and the variable
 *   time form takes about 1.6 divsteps per bit where the constant-time bound is ~2.9 per
 *   bit (and it may shrink f and g as they shrink).
 * - Fermat's p-2 power costs ~3072 squarings plus ~700 multiplications (measured about 40x
 *   slower); a plain binary extended gcd works bit by bit on full-length numbers.
 * - Within a batch, runs of zero bits are skipped with a count of trailing zeros, and up to
 *   8 bits of g are cancelled at once, with f's inverse mod 2^8 from a table. Up to 12 bits,
 *   with an inverse mod 2^12 by Newton's iteration, took 4-10% longer on an AMD Zen 5: its
 *   dependent multiplications lie on the chain after each swap, where the table's load is
 *   shorter. */

#define N COIN_NUM3072_LIMBS
#define P_DIFF 1103717 /* p = 2^3072 - P_DIFF */

#if defined(__SIZEOF_INT128__)
typedef uint64_t limb_t;
typedef int64_t slimb_t;
__extension__ typedef unsigned __int128 dlimb_t;
__extension__ typedef __int128 sdlimb_t;
# define W 64
# define S_BITS 62
# define S_LIMBS 50
#else
typedef uint32_t limb_t;
typedef int32_t slimb_t;
typedef uint64_t dlimb_t;
typedef int64_t sdlimb_t;
# define W 32
# define S_BITS 30
# define S_LIMBS 103
#endif

#define S_MASK ((((limb_t)1) << S_BITS) - 1)
#define TOP_BITS (3072 % S_BITS) /* p's signed limb S_LIMBS - 1 is 2^TOP_BITS, limb 0 is -P_DIFF */

typedef char limb_type_matches[(sizeof(limb_t) == sizeof(coin_num3072_limb) && W * N == 3072) ? 1 : -1];
typedef char signed_limbs_cover[(S_BITS * (S_LIMBS - 1) <= 3072 && 3072 < S_BITS * S_LIMBS) ? 1 : -1];

/* ---- reduction helpers ---- */

/* a >= p: all limbs but the lowest are all ones, and the lowest is at least 2^W - P_DIFF. */
static int is_ge_p(const limb_t *a)
{
    int i;
    if (a[0] < (limb_t)0 - P_DIFF) return 0;
    for (i = 1; i < N; i++) {
        if (a[i] != (limb_t)-1) return 0;
    }
    return 1;
}

/* a += c over n limbs; returns the carry out. */
static limb_t add_small(limb_t *a, int n, dlimb_t c)
{
    int i;
    for (i = 0; i < n && c != 0; i++) {
        c += a[i];
        a[i] = (limb_t)c;
        c >>= W;
    }
    return (limb_t)c;
}

/* a < 2^3072 becomes a mod p (one subtraction of p at most: 2^3072 - 1 < 2p). */
static void reduce_once(limb_t *a)
{
    if (is_ge_p(a)) add_small(a, N, P_DIFF); /* a - p = a + P_DIFF - 2^3072 */
}

/* ---- multiplication ---- */

/* acc (a 2W-bit value with carries counted in *over) += x * y */
#if defined(__GNUC__) && !defined(COIN_MUHASH_NO_BUILTIN_OVERFLOW)
# define MULADD(acc, over, x, y) over += __builtin_add_overflow(acc, (dlimb_t)(x) * (y), &(acc))
#else
# define MULADD(acc, over, x, y) do { dlimb_t pr_ = (dlimb_t)(x) * (y); acc += pr_; over += acc < pr_; } while (0)
#endif

/* r = a * b mod p, in 0..p-1; r may be a or b. Its inner loop is a few instructions, whose speed
 * moved by a tenth with where the linker placed the function (MUHASH_MUL 3.35 us or 3.70 on an
 * Intel Emerald Rapids, from one build to the next of unrelated files): it starts on a 64-byte
 * boundary, the same in every build. */
#if defined(__GNUC__)
__attribute__((aligned(64)))
#endif
static void mul_mod(limb_t *r, const limb_t *a, const limb_t *b)
{
    limb_t t[2 * N];
    dlimb_t acc = 0, fold;
    limb_t over = 0;
    int k, i;
    /* t = a * b, column k holding the sum of a[i] * b[k - i] (at most N products of 2W bits
     * each: acc and over, 3W bits, hold it with the carry in). */
    for (k = 0; k < N; k++) {
        for (i = 0; i <= k; i++) MULADD(acc, over, a[i], b[k - i]);
        t[k] = (limb_t)acc;
        acc = (acc >> W) | ((dlimb_t)over << W);
        over = 0;
    }
    for (k = N; k < 2 * N - 1; k++) {
        for (i = k - N + 1; i < N; i++) MULADD(acc, over, a[i], b[k - i]);
        t[k] = (limb_t)acc;
        acc = (acc >> W) | ((dlimb_t)over << W);
        over = 0;
    }
    t[2 * N - 1] = (limb_t)acc;
    /* t = lo + 2^3072 * hi = lo + P_DIFF * hi (mod p): below 2^3072 * (P_DIFF + 1). */
    fold = 0;
    for (k = 0; k < N; k++) {
        fold += (dlimb_t)t[N + k] * P_DIFF + t[k];
        r[k] = (limb_t)fold;
        fold >>= W;
    }
    /* fold * 2^3072 = fold * P_DIFF again, below 2^42: a carry out of that leaves r tiny,
     * so folding the carry cannot carry again. */
    if (add_small(r, N, fold * P_DIFF)) add_small(r, N, P_DIFF);
    reduce_once(r);
}

/* ---- inverse: safegcd, variable time ---- */

/* A number as sum(v[i] * 2^(S_BITS * i)); limbs may be negative or exceed S_BITS bits. */
typedef struct {
    slimb_t v[S_LIMBS];
} signed_num;

/* The matrix of a batch of S_BITS divsteps, scaled by 2^S_BITS. */
typedef struct {
    slimb_t u, v, q, r;
} divstep_matrix;

/* (2i + 1)^-1 mod 256 for i = 0..127: odd f's inverse mod 2^8 is at (f >> 1) & 127. */
static const unsigned char inverse_mod_256[128] = {
    0x01, 0xab, 0xcd, 0xb7, 0x39, 0xa3, 0xc5, 0xef, 0xf1, 0x1b, 0x3d, 0xa7, 0x29, 0x13, 0x35, 0xdf,
    0xe1, 0x8b, 0xad, 0x97, 0x19, 0x83, 0xa5, 0xcf, 0xd1, 0xfb, 0x1d, 0x87, 0x09, 0xf3, 0x15, 0xbf,
    0xc1, 0x6b, 0x8d, 0x77, 0xf9, 0x63, 0x85, 0xaf, 0xb1, 0xdb, 0xfd, 0x67, 0xe9, 0xd3, 0xf5, 0x9f,
    0xa1, 0x4b, 0x6d, 0x57, 0xd9, 0x43, 0x65, 0x8f, 0x91, 0xbb, 0xdd, 0x47, 0xc9, 0xb3, 0xd5, 0x7f,
    0x81, 0x2b, 0x4d, 0x37, 0xb9, 0x23, 0x45, 0x6f, 0x71, 0x9b, 0xbd, 0x27, 0xa9, 0x93, 0xb5, 0x5f,
    0x61, 0x0b, 0x2d, 0x17, 0x99, 0x03, 0x25, 0x4f, 0x51, 0x7b, 0x9d, 0x07, 0x89, 0x73, 0x95, 0x3f,
    0x41, 0xeb, 0x0d, 0xf7, 0x79, 0xe3, 0x05, 0x2f, 0x31, 0x5b, 0x7d, 0xe7, 0x69, 0x53, 0x75, 0x1f,
    0x21, 0xcb, 0xed, 0xd7, 0x59, 0xc3, 0xe5, 0x0f, 0x11, 0x3b, 0x5d, 0xc7, 0x49, 0x33, 0x55, 0xff,
};

/* P_DIFF^-1 mod 2^W (so mod 2^S_BITS too): five Newton steps from 3 correct bits. */
static limb_t p_diff_inverse(void)
{
    limb_t x = P_DIFF;
    int i;
    for (i = 0; i < 5; i++) x *= 2 - (limb_t)P_DIFF * x;
    return x;
}

/* S_BITS divsteps on the bottom bits of f (odd) and g, starting from eta (= -delta); returns
 * the eta after them, and their matrix in *m: (u f + v g, q f + r g) = 2^S_BITS (f', g'). */
static slimb_t divsteps(slimb_t eta, limb_t f, limb_t g, divstep_matrix *m)
{
    limb_t u = 1, v = 0, q = 0, r = 1, finv = inverse_mod_256[(f >> 1) & 127], w, tmp;
    int left = S_BITS, zeros, n;
    for (;;) {
        /* A run of even g: each divstep halves g (and doubles f's row, as the scale grows). */
        zeros = ctz64(g | ((limb_t)-1 << left));
        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        eta -= zeros;
        left -= zeros;
        if (left == 0) break;
        /* g is odd. With delta > 0 the divstep swaps: (f, g) = (g, -f), then as below. */
        if (eta < 0) {
            eta = -eta;
            tmp = f; f = g; g = (limb_t)0 - tmp;
            tmp = u; u = q; q = (limb_t)0 - tmp;
            tmp = v; v = r; r = (limb_t)0 - tmp;
            finv = inverse_mod_256[(f >> 1) & 127];
        }
        /* Now the next divsteps add f to g while g is odd: n of them at once is g + w f with
         * w = -g / f mod 2^n, for n up to eta + 1 (after which delta would turn positive),
         * the steps left, and the 8 bits of finv. */
        n = (int)eta + 1 < left ? (int)eta + 1 : left;
        if (n > 8) n = 8;
        w = ((limb_t)0 - g * finv) & ((limb_t)-1 >> (W - n));
        g += f * w;
        q += u * w;
        r += v * w;
    }
    m->u = (slimb_t)u;
    m->v = (slimb_t)v;
    m->q = (slimb_t)q;
    m->r = (slimb_t)r;
    return eta;
}

/* (f, g) = m (f, g) / 2^S_BITS over their first len limbs (the division is exact). */
static void update_fg(signed_num *f, signed_num *g, int len, const divstep_matrix *m)
{
    const slimb_t u = m->u, v = m->v, q = m->q, r = m->r;
    sdlimb_t cf = (sdlimb_t)u * f->v[0] + (sdlimb_t)v * g->v[0];
    sdlimb_t cg = (sdlimb_t)q * f->v[0] + (sdlimb_t)r * g->v[0];
    int i;
    cf >>= S_BITS;
    cg >>= S_BITS;
    for (i = 1; i < len; i++) {
        const slimb_t fi = f->v[i], gi = g->v[i];
        /* the products first, then the carry: a shorter dependency chain per limb */
        cf += (sdlimb_t)u * fi + (sdlimb_t)v * gi;
        cg += (sdlimb_t)q * fi + (sdlimb_t)r * gi;
        f->v[i - 1] = (slimb_t)((limb_t)cf & S_MASK);
        g->v[i - 1] = (slimb_t)((limb_t)cg & S_MASK);
        cf >>= S_BITS;
        cg >>= S_BITS;
    }
    f->v[len - 1] = (slimb_t)cf;
    g->v[len - 1] = (slimb_t)cg;
}

/* (d, e) = m (d, e) / 2^S_BITS mod p, for d and e in (-2p, p), and again in (-2p, p):
 * a multiple of p is added to each to make the division exact, chosen as in libsecp256k1's
 * modinv so that the range holds (start from m's columns where d or e is negative). */
static void update_de(signed_num *d, signed_num *e, const divstep_matrix *m, limb_t p_diff_inv)
{
    const slimb_t u = m->u, v = m->v, q = m->q, r = m->r;
    const slimb_t sd = d->v[S_LIMBS - 1] < 0 ? -1 : 0, se = e->v[S_LIMBS - 1] < 0 ? -1 : 0;
    slimb_t md = (u & sd) + (v & se), me = (q & sd) + (r & se);
    sdlimb_t cd = (sdlimb_t)u * d->v[0] + (sdlimb_t)v * e->v[0];
    sdlimb_t ce = (sdlimb_t)q * d->v[0] + (sdlimb_t)r * e->v[0];
    int i;
    /* p's bottom limb is -P_DIFF: cd - P_DIFF md = 0 mod 2^S_BITS for md = cd / P_DIFF. */
    md -= (slimb_t)(((limb_t)md - p_diff_inv * (limb_t)cd) & S_MASK);
    me -= (slimb_t)(((limb_t)me - p_diff_inv * (limb_t)ce) & S_MASK);
    cd -= (sdlimb_t)P_DIFF * md;
    ce -= (sdlimb_t)P_DIFF * me;
    cd >>= S_BITS;
    ce >>= S_BITS;
    for (i = 1; i < S_LIMBS - 1; i++) { /* p's middle limbs are 0 */
        const slimb_t di = d->v[i], ei = e->v[i];
        cd += (sdlimb_t)u * di + (sdlimb_t)v * ei;
        ce += (sdlimb_t)q * di + (sdlimb_t)r * ei;
        d->v[i - 1] = (slimb_t)((limb_t)cd & S_MASK);
        e->v[i - 1] = (slimb_t)((limb_t)ce & S_MASK);
        cd >>= S_BITS;
        ce >>= S_BITS;
    }
    /* p's top limb is 2^TOP_BITS. */
    cd += (sdlimb_t)u * d->v[S_LIMBS - 1] + (sdlimb_t)v * e->v[S_LIMBS - 1] + (sdlimb_t)md * ((sdlimb_t)1 << TOP_BITS);
    ce += (sdlimb_t)q * d->v[S_LIMBS - 1] + (sdlimb_t)r * e->v[S_LIMBS - 1] + (sdlimb_t)me * ((sdlimb_t)1 << TOP_BITS);
    d->v[S_LIMBS - 2] = (slimb_t)((limb_t)cd & S_MASK);
    e->v[S_LIMBS - 2] = (slimb_t)((limb_t)ce & S_MASK);
    d->v[S_LIMBS - 1] = (slimb_t)(cd >> S_BITS);
    e->v[S_LIMBS - 1] = (slimb_t)(ce >> S_BITS);
}

/* out = a in signed limbs, each of S_BITS bits (a < 2^3072). */
static void to_signed(signed_num *out, const limb_t *a)
{
    dlimb_t acc = 0;
    int i, bits = 0, o = 0;
    for (i = 0; i < N; i++) {
        acc |= (dlimb_t)a[i] << bits;
        bits += W;
        while (bits >= S_BITS) {
            out->v[o++] = (slimb_t)((limb_t)acc & S_MASK);
            acc >>= S_BITS;
            bits -= S_BITS;
        }
    }
    out->v[o] = (slimb_t)acc; /* o == S_LIMBS - 1 */
}

/* out = (negate ? -d : d) mod p, in 0..p-1, for d in (-2p, p). */
static void from_signed(limb_t *out, signed_num *d, int negate)
{
    limb_t x[N + 1]; /* two's complement */
    dlimb_t acc = 0;
    sdlimb_t top;
    int i, bits = 0, o = 0;
    if (negate) {
        for (i = 0; i < S_LIMBS; i++) d->v[i] = -d->v[i];
    }
    for (i = 0; i < S_LIMBS - 1; i++) { /* limbs 0..S_LIMBS-2 to 0..2^S_BITS-1 */
        d->v[i + 1] += d->v[i] >> S_BITS;
        d->v[i] = (slimb_t)((limb_t)d->v[i] & S_MASK);
    }
    for (i = 0; i < S_LIMBS - 1; i++) {
        acc |= (dlimb_t)(limb_t)d->v[i] << bits;
        bits += S_BITS;
        while (bits >= W) {
            x[o++] = (limb_t)acc;
            acc >>= W;
            bits -= W;
        }
    }
    top = (sdlimb_t)acc + (sdlimb_t)d->v[S_LIMBS - 1] * ((sdlimb_t)1 << bits); /* o == N - 1 */
    x[o] = (limb_t)top;
    x[o + 1] = (limb_t)(top >> W);
    while (x[N] >> (W - 1)) { /* negative: + p = + 2^3072 - P_DIFF */
        x[N] += 1;
        for (i = 0, acc = P_DIFF; i <= N && acc != 0; i++) { /* subtract with borrow */
            limb_t before = x[i];
            x[i] -= (limb_t)acc;
            acc = before < (limb_t)acc;
        }
    }
    while (x[N] != 0 || is_ge_p(x)) { /* at least p: - p = + P_DIFF - 2^3072 */
        add_small(x, N + 1, P_DIFF);
        x[N] -= 1;
    }
    memcpy(out, x, sizeof(limb_t) * N);
}

/* out = a^-1 mod p for a < p (0 for a = 0). */
static void inverse(limb_t *out, const limb_t *a)
{
    signed_num d, e, f, g;
    divstep_matrix m;
    const limb_t p_diff_inv = p_diff_inverse();
    slimb_t eta = -1; /* delta = 1 */
    int i, len = S_LIMBS;
    limb_t any = 0;
    for (i = 0; i < N; i++) any |= a[i];
    if (any == 0) {
        memset(out, 0, sizeof(limb_t) * N);
        return;
    }
    /* f = p, g = a; d a = f and e a = g mod p throughout: d = 0, e = 1. */
    memset(&d, 0, sizeof(d));
    memset(&e, 0, sizeof(e));
    memset(&f, 0, sizeof(f));
    e.v[0] = 1;
    f.v[0] = -P_DIFF;
    f.v[S_LIMBS - 1] = (slimb_t)1 << TOP_BITS;
    to_signed(&g, a);
    for (;;) {
        eta = divsteps(eta, (limb_t)f.v[0], (limb_t)g.v[0], &m);
        update_fg(&f, &g, len, &m);
        update_de(&d, &e, &m, p_diff_inv);
        if (g.v[0] == 0) {
            slimb_t rest = 0;
            for (i = 1; i < len; i++) rest |= g.v[i];
            if (rest == 0) break;
        }
        /* When f's and g's top limbs are both 0 or -1 (the sign only), fold them into the
         * limb below: f and g shrink as the gcd proceeds. */
        if (len > 1) {
            const slimb_t fn = f.v[len - 1], gn = g.v[len - 1];
            if ((fn == 0 || fn == -1) && (gn == 0 || gn == -1)) {
                f.v[len - 2] = (slimb_t)((limb_t)f.v[len - 2] | ((limb_t)fn << S_BITS));
                g.v[len - 2] = (slimb_t)((limb_t)g.v[len - 2] | ((limb_t)gn << S_BITS));
                len--;
            }
        }
    }
    /* g = 0 and f = gcd(p, a) = +-1 = d a: a^-1 = d f. */
    from_signed(out, &d, f.v[len - 1] < 0);
}

/* ---- the public API ---- */

void coin_num3072_set_one(coin_num3072 *a)
{
    memset(a->limbs, 0, sizeof(a->limbs));
    a->limbs[0] = 1;
}

void coin_num3072_from_bytes(coin_num3072 *a, const unsigned char in[COIN_NUM3072_SIZE])
{
    int i;
    for (i = 0; i < N; i++) {
#if W == 64
        a->limbs[i] = coin_read_le64(in + 8 * i);
#else
        a->limbs[i] = coin_read_le32(in + 4 * i);
#endif
    }
}

void coin_num3072_to_bytes(unsigned char out[COIN_NUM3072_SIZE], const coin_num3072 *a)
{
    int i;
    for (i = 0; i < N; i++) {
#if W == 64
        coin_write_le64(out + 8 * i, a->limbs[i]);
#else
        coin_write_le32(out + 4 * i, a->limbs[i]);
#endif
    }
}

void coin_num3072_multiply(coin_num3072 *a, const coin_num3072 *b)
{
    mul_mod(a->limbs, a->limbs, b->limbs);
}

void coin_num3072_inverse(coin_num3072 *out, const coin_num3072 *a)
{
    limb_t x[N];
    memcpy(x, a->limbs, sizeof(x));
    reduce_once(x);
    inverse(out->limbs, x);
}

void coin_num3072_divide(coin_num3072 *a, const coin_num3072 *b)
{
    coin_num3072 inv;
    coin_num3072_inverse(&inv, b);
    mul_mod(a->limbs, a->limbs, inv.limbs);
}

void coin_muhash3072_element(coin_num3072 *out, const unsigned char *data, size_t len)
{
    unsigned char key[COIN_CHACHA20_KEY_SIZE], stream[COIN_NUM3072_SIZE];
    coin_chacha20_ctx c;
    coin_sha256(key, data, len);
    coin_chacha20_init(&c, key); /* nonce 0, block 0 */
    coin_chacha20_keystream_blocks(&c, stream, sizeof(stream));
    coin_num3072_from_bytes(out, stream);
    coin_chacha20_wipe(&c);
    memory_cleanse(key, sizeof(key));
    memory_cleanse(stream, sizeof(stream));
}

void coin_muhash3072_init(coin_muhash3072 *m)
{
    coin_num3072_set_one(&m->numerator);
    coin_num3072_set_one(&m->denominator);
}

void coin_muhash3072_init_data(coin_muhash3072 *m, const unsigned char *data, size_t len)
{
    coin_muhash3072_element(&m->numerator, data, len);
    coin_num3072_set_one(&m->denominator);
}

void coin_muhash3072_insert(coin_muhash3072 *m, const unsigned char *data, size_t len)
{
    coin_num3072 x;
    coin_muhash3072_element(&x, data, len);
    coin_num3072_multiply(&m->numerator, &x);
}

void coin_muhash3072_remove(coin_muhash3072 *m, const unsigned char *data, size_t len)
{
    coin_num3072 x;
    coin_muhash3072_element(&x, data, len);
    coin_num3072_multiply(&m->denominator, &x);
}

void coin_muhash3072_mul(coin_muhash3072 *m, const coin_muhash3072 *other)
{
    coin_num3072_multiply(&m->numerator, &other->numerator);
    coin_num3072_multiply(&m->denominator, &other->denominator);
}

void coin_muhash3072_div(coin_muhash3072 *m, const coin_muhash3072 *other)
{
    const coin_num3072 num = other->numerator; /* other may be m */
    coin_num3072_multiply(&m->numerator, &other->denominator);
    coin_num3072_multiply(&m->denominator, &num);
}

void coin_muhash3072_finalize(coin_muhash3072 *m, unsigned char out[COIN_MUHASH3072_OUTPUT_SIZE])
{
    unsigned char bytes[COIN_NUM3072_SIZE];
    coin_num3072_divide(&m->numerator, &m->denominator);
    coin_num3072_set_one(&m->denominator);
    coin_num3072_to_bytes(bytes, &m->numerator);
    coin_sha256(out, bytes, sizeof(bytes));
}
