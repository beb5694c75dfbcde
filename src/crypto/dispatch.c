/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
# define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#endif

#include <stdio.h>
#include <stdlib.h>

#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64) || defined(_M_IX86)
# if defined(_MSC_VER)
#  include <intrin.h>
# else
#  include <x86intrin.h>
# endif
# define COIN_TICKS_TSC 1
#elif defined(_WIN32)
# define WIN32_LEAN_AND_MEAN
# include <windows.h>
#else
# include <time.h>
#endif

#include "common.h"
#include "dispatch.h"

#ifdef COIN_TEST_FAULTS
/* A test build's fault (configure --enable-test-faults): COINCRYPTO_TEST_FAULT=primitive:name
 * makes that backend's self-test see a wrong answer, as if its output were corrupt. */
static int injected_fault(const struct coin_dispatch *d, const struct coin_backend *b)
{
    const char *f = getenv("COINCRYPTO_TEST_FAULT");
    const size_t n = strlen(d->primitive);
    return f != NULL && strncmp(f, d->primitive, n) == 0 && f[n] == ':' && strcmp(f + n + 1, b->name) == 0;
}
#else
#define injected_fault(d, b) 0
#endif

uint64_t coin_ticks(void)
{
#if defined(COIN_TICKS_TSC)
    return __rdtsc();
#elif defined(_WIN32)
    LARGE_INTEGER t;
    QueryPerformanceCounter(&t);
    return (uint64_t)t.QuadPart;
#else
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 0; /* no clock: every cost ties */
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

#define SCREEN_ROUNDS 4
#define RACE_ROUNDS 15

/* Each usable backend's cost per run, in ticks, into key[]: its best run. All are run
 * SCREEN_ROUNDS times in turn, so that a clock speeding up weighs on all alike; then the
 * ones within 3/2 of the fastest race on, RACE_ROUNDS more runs each in turn. The best run
 * is the one the machine disturbed least, as a bench's min time is. On a shared Zen 4 EPYC,
 * where SHA-NI 4-way is 10-20% faster than 2-way in the bench, the median of neighbouring
 * runs' ratios put 4-way first in 663 of 1,200 selections and the best run in 1,189. While
 * the host loads the core, SHA-NI and SSE runs there slow by a quarter and AVX-512 ones
 * hardly at all: AVX-512 16-way is then the fastest, and is put first. */
static void measure(const struct coin_dispatch *d, const unsigned *idx, size_t n, uint64_t *key)
{
    uint64_t fastest = UINT64_MAX, c;
    size_t j, round;

    for (j = 0; j < n; j++) key[j] = UINT64_MAX;
    for (round = 0; round < SCREEN_ROUNDS + RACE_ROUNDS; round++) {
        if (round == SCREEN_ROUNDS) {
            for (j = 0; j < n; j++) fastest = key[j] < fastest ? key[j] : fastest;
        }
        for (j = 0; j < n; j++) {
            if (round >= SCREEN_ROUNDS && key[j] / 3 > fastest / 2) continue;
            c = d->cost(&d->backends[idx[j]]);
            if (c < key[j]) key[j] = c;
        }
    }
}

/* The order word of coin_dispatch_order for this usable set. */
static uint32_t order_of(const struct coin_dispatch *d, uint32_t usable)
{
    uint64_t key[COIN_DISPATCH_MAX_ORDERED], c;
    unsigned idx[COIN_DISPATCH_MAX_ORDERED], x;
    size_t n = 0, i, j;
    uint32_t order = 0xFFFFFFFFu;

    for (i = 0; i < d->count && n < COIN_DISPATCH_MAX_ORDERED; i++) {
        if (usable & (1u << i)) idx[n++] = (unsigned)i;
    }
    if (d->cost != NULL) {
        measure(d, idx, n, key);
        for (i = 1; i < n; i++) {
            x = idx[i];
            c = key[i];
            for (j = i; j > 0 && c + c / 32 < key[j - 1]; j--) {
                idx[j] = idx[j - 1];
                key[j] = key[j - 1];
            }
            idx[j] = x;
            key[j] = c;
        }
    }
    for (j = n; j-- > 0;) order = (order << 4) | idx[j];
    return order;
}

void coin_dispatch_select(struct coin_dispatch *d, uint32_t features)
{
    /* Selection takes microseconds (under a millisecond with a cost function) and happens
     * once per feature set: a spin lock is enough, and keeps two threads from running (and
     * reporting) the same self-test at once. */
    while (atomic_flag_test_and_set_explicit(&d->lock, memory_order_acquire)) {
    }
    if (atomic_load_explicit(&d->key, memory_order_relaxed) != features) {
        uint32_t usable = 0;
        size_t i;
        for (i = 0; i < d->count; i++) {
            const struct coin_backend *b = &d->backends[i];
            if (b->needs & ~features) continue;
            if (d->selftest(b) && !injected_fault(d, b)) {
                usable |= 1u << i;
                continue;
            }
            fprintf(stderr, "coincrypto: %s backend '%s' (%u-way) failed its self-test and is not used\n",
                    d->primitive, b->name, b->width);
            if (b->needs == 0) {
                /* The portable code is wrong (a miscompilation): nothing correct is left. */
                atomic_flag_clear_explicit(&d->lock, memory_order_release);
                abort();
            }
        }
        atomic_store_explicit(&d->usable, usable, memory_order_relaxed);
        atomic_store_explicit(&d->order, order_of(d, usable), memory_order_relaxed);
        atomic_store_explicit(&d->key, features, memory_order_release);
    }
    atomic_flag_clear_explicit(&d->lock, memory_order_release);
}

void coin_selftest_message(unsigned char *out, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) out[i] = (unsigned char)(37 * i + 11);
}

int coin_md32_selftest(md32_transform_fn tf, const uint32_t *iv, size_t words, int big_endian,
                       const unsigned char *expect)
{
    static const size_t lens[2] = {311, 184};
    unsigned char msg[1 + 311], buf[64], out[32];
    size_t i;

    coin_selftest_message(msg + 1, 311);
    for (i = 0; i < 2; i++) {
        uint32_t s[8];
        uint64_t bytes = 0;
        memcpy(s, iv, words * 4);
        md32_write(s, buf, &bytes, msg + 1, lens[i], tf);
        md32_finalize(s, buf, bytes, big_endian, tf, out, words);
        if (memcmp(out, expect + i * words * 4, words * 4) != 0) return 0;
    }
    return 1;
}

const char *coin_dispatch_describe(struct coin_dispatch *d, char *desc, size_t size)
{
    uint32_t order = coin_dispatch_order(d);
    unsigned narrowest = ~0u;
    size_t len = 0;
    desc[0] = '\0';
    for (; (order & 0xF) != 0xF && narrowest > 1; order >>= 4) {
        const struct coin_backend *b = &d->backends[order & 0xF];
        if (b->width >= narrowest) continue;
        narrowest = b->width;
        len += (size_t)snprintf(desc + len, size - len, "%s%s(%uway)", len ? ";" : "", b->name, b->width);
    }
    return desc;
}
