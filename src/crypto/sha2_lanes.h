/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Internal: the rounds of SHA-256 and SHA-512 on the lanes of a vector, one message per
 * lane, for the templates sha256d64_lanes.h and sha512_lanes.h. The including template has
 * vec, C, Add, Add3, Sigma0, Sigma1, sigma0, sigma1, Ch and Maj (see there) for its word
 * size, and defines SHA2_LANES_K, the table of round constants, first. The rounds work on
 * the variables a .. h, and the schedule on the array w, of the function that uses them.
 * No include guard: each template includes it once and undefines its macros at its end. */

/* One round; wk is W[i] + K[i]. With x = h + wk + Ch(e, f, g), the new e is
 * (d + x) + Sigma1(e) and the new a is (x + Maj(a, b, c) + Sigma1(e)) + Sigma0(a): one
 * addition more than T1 = x + Sigma1(e), but d + x need not wait for Sigma1. Using
 * Sigma1(e) twice, and evaluating wk (the schedule) first, also matters to GCC, which
 * emits vector shifts where they stand and the logic operations that combine them at
 * their last use: otherwise it holds every shifted copy live at once and spills. With
 * GCC 12 this is 10% faster with AVX2 and 20% with AVX-512 for SHA-256 (about the same with
 * SSE4.1, and with clang). Adding Sigma0(a) last suits SHA-512's 8 lanes of AVX-512 (2.5%
 * faster than adding it first); SHA-256's sha256d64 is within 1 to 4% either way. */
#define SHA2_LANES_ROUND(a, b, c, d, e, f, g, h, wk)                           \
    do {                                                                       \
        vec wk_ = (wk);                                                        \
        vec x_ = Add3(h, wk_, Ch(e, f, g)), s1_ = Sigma1(e);                   \
        d = Add(Add(d, x_), s1_);                                              \
        h = Add(Add3(x_, Maj(a, b, c), s1_), Sigma0(a));                       \
    } while (0)

/* Rounds i..i+7; WK(i) is W[i] + K[i]. The working variables return to their names. */
#define SHA2_LANES_ROUNDS8(i, WK)                                              \
    do {                                                                       \
        SHA2_LANES_ROUND(a, b, c, d, e, f, g, h, WK(i));                       \
        SHA2_LANES_ROUND(h, a, b, c, d, e, f, g, WK((i) + 1));                 \
        SHA2_LANES_ROUND(g, h, a, b, c, d, e, f, WK((i) + 2));                 \
        SHA2_LANES_ROUND(f, g, h, a, b, c, d, e, WK((i) + 3));                 \
        SHA2_LANES_ROUND(e, f, g, h, a, b, c, d, WK((i) + 4));                 \
        SHA2_LANES_ROUND(d, e, f, g, h, a, b, c, WK((i) + 5));                 \
        SHA2_LANES_ROUND(c, d, e, f, g, h, a, b, WK((i) + 6));                 \
        SHA2_LANES_ROUND(b, c, d, e, f, g, h, a, WK((i) + 7));                 \
    } while (0)

/* The sources of W[i] + K[i]: a word already in w[i]; the next schedule word, computed
 * into w[i]. */
#define SHA2_LANES_WK_W(i) Add(w[i], C(SHA2_LANES_K[i]))
#define SHA2_LANES_WK_SCHED(i)                                                 \
    Add(C(SHA2_LANES_K[i]),                                                    \
        w[i] = Add(Add(w[(i) - 16], sigma0(w[(i) - 15])), Add(w[(i) - 7], sigma1(w[(i) - 2]))))

/* One block compressed into the chaining value st[0..7], from its words w[0..15] through all
 * `rounds` rounds (64 or 80) of the schedule; i is an int of the caller. */
#define SHA2_LANES_COMPRESS(st, rounds)                                        \
    do {                                                                       \
        a = st[0]; b = st[1]; c = st[2]; d = st[3];                            \
        e = st[4]; f = st[5]; g = st[6]; h = st[7];                            \
        for (i = 0; i < 16; i += 8) SHA2_LANES_ROUNDS8(i, SHA2_LANES_WK_W);    \
        for (i = 16; i < (rounds); i += 8) SHA2_LANES_ROUNDS8(i, SHA2_LANES_WK_SCHED); \
        st[0] = Add(st[0], a); st[1] = Add(st[1], b);                          \
        st[2] = Add(st[2], c); st[3] = Add(st[3], d);                          \
        st[4] = Add(st[4], e); st[5] = Add(st[5], f);                          \
        st[6] = Add(st[6], g); st[7] = Add(st[7], h);                          \
    } while (0)
