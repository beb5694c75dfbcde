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
#endif
#if defined(_WIN32)
# define WIN32_LEAN_AND_MEAN
# include <windows.h>
#else
# include <sched.h>
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

/* ---- The tuning table ----
 * For each CPU model measured, each costed list's backends fastest first, as "name/width"
 * from the bench's rows that force one backend (min times, three interleaved runs on a quiet
 * machine; contrib/devtools/tuning.sh prints them). An entry names every backend its
 * architecture has in that list; one a later version adds, and any the entry lacks, follows
 * in the list's order. A CPU without an entry for a list is timed (measure()). Entries are
 * added by whoever measures on a new CPU model, with the numbers behind them. Keccak's list,
 * one stream and no cost function, has entries too; where the table lacks the CPU, its
 * list's order decides, untimed.
 *
 * The entries hold for the features they were measured with, all the CPU's: a list's
 * one-at-a-time entry runs the single-stream transform selected, SHA-NI there, and is slower
 * than the lanes without it. So where any of MEASURED_WITH is not in use (COINCRYPTO_CPU, a
 * VM that hides it), the order is timed, unless COINCRYPTO_TUNING names the entries. */
#define MEASURED_WITH (COIN_CPU_SSE2 | COIN_CPU_SSSE3 | COIN_CPU_SSE41 | COIN_CPU_AVX | COIN_CPU_AVX2 | \
                       COIN_CPU_BMI2 | COIN_CPU_AVX512 | COIN_CPU_SHANI)
struct tuning {
    const char *cpu;       /* coin_cpu_tuning() */
    const char *primitive; /* coin_dispatch.primitive */
    const char *order;
};

static const struct tuning tunings[] = {
    /* Intel Xeon, Emerald Rapids (family 6 model 207; KVM, 2 vCPUs), GCC 12. Microseconds:
     * SHA256D64_1024 avx512 16-way 58.2, x86_shani 4-way 107.7, 2-way 111.5, avx2 149.8,
     * one at a time through SHA-NI 151.5, sse41 288.3. HASH256_MANY_BLOCK avx512 690,
     * x86_shani 4 lanes 917, 2 lanes 920, one at a time 970, avx2 1,441, sse41 2,528.
     * HASH160_33b_MANY_4096 (RIPEMD-160 lanes after the same SHA-256 lanes) avx512 16 281,
     * 32 282, avx2 8 372, 16 378, sse2 513, one at a time 930.
     * SCRYPT_1024_1_1_256_BATCH16 avx512 599, avx2 1,110, generic 3,180-3,210, sse2
     * 3,356-3,368. CHACHA20_64BYTES (one block) avx512 0.083, avx2 0.108, ssse3 0.108,
     * generic 0.119. SHA3_256_1M (Keccak, one stream) avx512 1,863-1,950, avx2 (the scalar
     * BMI build) 1,996-2,058, generic 2,582-2,886. */
    {"emr", "sha256d64", "avx512/16 x86_shani/4 x86_shani/2 avx2/8 generic/1 sse41/4"},
    {"emr", "sha256 lanes", "avx512/16 x86_shani/4 x86_shani/2 generic/1 avx2/8 sse41/4"},
    {"emr", "ripemd160 lanes", "avx512/16 avx512/32 avx2/8 avx2/16 sse2/4 generic/1"},
    {"emr", "scrypt", "avx512/16 avx2/8 generic/1 sse2/1"},
    {"emr", "chacha20", "avx512/16 avx2/8 ssse3/4 generic/1"},
    {"emr", "keccak", "avx512/1 avx2/1 generic/1"},
    /* AMD EPYC Zen 4 (family 25 model 17), TSC cycles per input of sha256d64: x86_shani
     * 4-way 129, 2-way 158; SHA256D64_1024 x86_shani 4-way 45 us, avx512 16-way 55 us. Many
     * messages: 4 SHA-NI lanes are the fastest kernel (HASH256_MANY_BLOCK 1.67x one message at
     * a time). Below those the list's order, not measured there. Keccak's AVX-512 backend
     * measured no faster there than the portable code (SHA3-256 of 1 MB, within noise), so
     * Zen 4 has no keccak entry: the list's order puts the scalar BMI build first. */
    {"zen4", "sha256d64", "x86_shani/4 x86_shani/2 avx512/16 avx2/8 sse41/4 generic/1"},
    {"zen4", "sha256 lanes", "x86_shani/4 x86_shani/2 avx512/16 avx2/8 sse41/4 generic/1"},
    /* AMD EPYC Zen 5 (family 26 model 2; KVM, 2 vCPUs, TSC 2.69 GHz), GCC 12, tuning.sh with
     * RUNS=5, twice, microseconds: SHA256D64_1024 avx512 16-way 39.5-43.1, x86_shani 4-way
     * 60.4-67.7, 2-way 70.7-77.5, one at a time through SHA-NI 118.5-129.4, avx2 128.6-143.7,
     * sse41 282-324. HASH256_MANY_BLOCK avx512 400-447, x86_shani 4 lanes 475-526, 2 lanes
     * 555-622, one at a time 790-864, avx2 1,028-1,322, sse41 1,974-2,136.
     * HASH160_33b_MANY_4096 (again at 17212a1, twice; at first AVX-512's 16 lanes 195-214 and
     * 32 198-265, a tie) avx512 32 173-238, 16 191-260, avx2 16 249-329, 8 289-378, sse2
     * 441-551, one at a time 613-787. SCRYPT_1024_1_1_256_BATCH16 avx512 475-525, avx2
     * 980-1,074, generic 2,263-2,463, sse2 4,925-5,351. CHACHA20_64BYTES (one block, each
     * backend forced: tuning.sh of 2026-12-06; the rows before it had run the portable code
     * for all but AVX-512) generic 0.083-0.088, avx512 0.122-0.130, avx2 0.149-0.160, ssse3
     * 0.152-0.161.
     * SHA3_256_1M avx512 1,389-1,520, avx2 (the scalar BMI build) 1,836-2,006, generic
     * 1,902-2,076. */
    {"zen5", "sha256d64", "avx512/16 x86_shani/4 x86_shani/2 generic/1 avx2/8 sse41/4"},
    {"zen5", "sha256 lanes", "avx512/16 x86_shani/4 x86_shani/2 generic/1 avx2/8 sse41/4"},
    {"zen5", "ripemd160 lanes", "avx512/32 avx512/16 avx2/16 avx2/8 sse2/4 generic/1"},
    {"zen5", "scrypt", "avx512/16 avx2/8 generic/1 sse2/1"},
    {"zen5", "chacha20", "generic/1 avx512/16 avx2/8 ssse3/4"},
    {"zen5", "keccak", "avx512/1 avx2/1 generic/1"},
    /* Poly1305's counts of blocks from which each backend takes a run (poly1305.c's defaults:
     * 48, and 64 for AVX-512 without IFMA). One-shot tags with every backend allowed from 8
     * blocks, TSC cycles, min of 200 x 20, two runs: 512 bytes portable 380-388, avx2 376-390,
     * avx512 450-459, avx512ifma 368-375; 640 bytes 472-481, 409-421, 557-568, 475-487; 768
     * bytes 561-573, 440-452, 481-491, 398-405; 1 KiB 746-762, 502-514, 513-523, 426-434. AVX2
     * pays from 40 blocks here, IFMA from 48 as on the Emerald Rapids. */
    {"zen5", "poly1305 from", "avx512ifma/48 avx2/40"},
};

/* The table's entry for d's primitive followed by suffix ("" for its order, " from" for its
 * counts) on this CPU with these features, or NULL. */
static const char *tuned_entry(const struct coin_dispatch *d, const char *suffix, uint32_t features)
{
    int forced;
    const char *cpu = coin_cpu_tuning(&forced);
    const size_t len = strlen(d->primitive);
    size_t i;
    if (!forced && (features & MEASURED_WITH) != MEASURED_WITH) return NULL;
    for (i = 0; cpu != NULL && i < sizeof(tunings) / sizeof(tunings[0]); i++) {
        const char *p = tunings[i].primitive;
        if (strcmp(tunings[i].cpu, cpu) == 0 && strncmp(p, d->primitive, len) == 0 && strcmp(p + len, suffix) == 0) {
            return tunings[i].order;
        }
    }
    return NULL;
}

/* The next "name/number" item of a table entry at *p, or NULL at its end: the name (its
 * length in *len, the number in *num, 0 for an item without one); *p moves past the item. */
static const char *next_item(const char **p, size_t *len, unsigned long *num)
{
    const char *name = *p;
    if (*name == '\0') return NULL;
    *len = strcspn(name, "/ ");
    *num = name[*len] == '/' ? strtoul(name + *len + 1, NULL, 10) : 0;
    *p = name + *len + strcspn(name + *len, " ");
    *p += strspn(*p, " ");
    return name;
}

/* 1 when b is the backend an item names (len bytes at name). */
static int named(const struct coin_backend *b, const char *name, size_t len)
{
    return strncmp(b->name, name, len) == 0 && b->name[len] == '\0';
}

/* The word of coin_dispatch_from for d on this CPU with these features: the counts of its
 * "from" entry, byte i for backends[i] (at most 255). */
static uint32_t tuned_from(const struct coin_dispatch *d, uint32_t features)
{
    const char *p = tuned_entry(d, " from", features), *name;
    uint32_t from = 0;
    unsigned long count;
    size_t len, j;
    while (p != NULL && (name = next_item(&p, &len, &count)) != NULL) {
        for (j = 0; j < d->count && j < 4; j++) {
            if (named(&d->backends[j], name, len)) from |= (uint32_t)(count < 255 ? count : 255) << (8 * j);
        }
    }
    return from;
}

/* idx[0..n) in the table's order: the backends it names first, the rest after them. */
static void apply_tuning(const struct coin_dispatch *d, const char *order, unsigned *idx, size_t n)
{
    unsigned sorted[COIN_DISPATCH_MAX_ORDERED];
    size_t placed = 0, i, j, len;
    unsigned long width;
    uint32_t done = 0;
    const char *name;
    while ((name = next_item(&order, &len, &width)) != NULL) {
        for (j = 0; j < n; j++) {
            const struct coin_backend *b = &d->backends[idx[j]];
            if (!(done & (1u << j)) && b->width == width && named(b, name, len)) {
                sorted[placed++] = idx[j];
                done |= 1u << j;
            }
        }
    }
    for (j = 0; j < n; j++) {
        if (!(done & (1u << j))) sorted[placed++] = idx[j];
    }
    for (i = 0; i < n; i++) idx[i] = sorted[i];
}

#define SCREEN_ROUNDS 4
#define RACE_ROUNDS 15

/* Each usable backend's cost per run, in ticks, into key[]: its best run. All are run
 * SCREEN_ROUNDS times in turn, so that a clock speeding up weighs on all alike; then the
 * ones within 3/2 of the fastest race on, RACE_ROUNDS more runs each in turn. The best run
 * is the one the machine disturbed least, as a bench's min time is. On a shared Zen 4 EPYC,
 * where SHA-NI 4-way is 10-20% faster than 2-way in the bench, the median of neighbouring
 * runs' ratios put 4-way first in 663 of 1,200 selections and the best run in 1,189. But a
 * busy sibling core moves the costs themselves: SHA-NI and SSE runs slow by a quarter and
 * AVX-512 ones hardly at all, so that backends closer than that swap places from one start to
 * the next; hence the table, and the quarter a timed backend must gain to pass another. */
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

/* The order word of coin_dispatch_order for this usable set; *basis as coin_dispatch_basis. */
static uint32_t order_of(const struct coin_dispatch *d, uint32_t features, uint32_t usable, const char **basis)
{
    uint64_t key[COIN_DISPATCH_MAX_ORDERED], c;
    unsigned idx[COIN_DISPATCH_MAX_ORDERED], x;
    size_t n = 0, i, j;
    uint32_t order = 0xFFFFFFFFu;
    const char *tuned;

    for (i = 0; i < d->count && n < COIN_DISPATCH_MAX_ORDERED; i++) {
        if (usable & (1u << i)) idx[n++] = (unsigned)i;
    }
    *basis = NULL;
    if (n > 1 && (tuned = tuned_entry(d, "", features)) != NULL) {
        apply_tuning(d, tuned, idx, n);
        *basis = coin_cpu_tuning(NULL);
    } else if (d->cost != NULL && n > 1) {
        measure(d, idx, n, key);
        for (i = 1; i < n; i++) {
            x = idx[i];
            c = key[i];
            for (j = i; j > 0 && c + c / 4 < key[j - 1]; j--) {
                idx[j] = idx[j - 1];
                key[j] = key[j - 1];
            }
            idx[j] = x;
            key[j] = c;
        }
        *basis = "timed";
    }
    for (j = n; j-- > 0;) order = (order << 4) | idx[j];
    return order;
}

void coin_dispatch_select(struct coin_dispatch *d, uint32_t features)
{
    /* Selection takes microseconds (under a millisecond with a cost function) and happens
     * once per feature set: a spin lock is enough, and keeps two threads from running (and
     * reporting) the same self-test at once. A waiting thread yields its core to the selecting
     * one, as a node may run more threads than it has cores (test_threads, 10 threads on 2
     * cores under ThreadSanitizer, took 6 minutes spinning, 89% of it in the lock). */
    while (atomic_flag_test_and_set_explicit(&d->lock, memory_order_acquire)) {
#if defined(_WIN32)
        SwitchToThread();
#else
        sched_yield();
#endif
    }
    if (atomic_load_explicit(&d->key, memory_order_relaxed) != features) {
        uint32_t usable = 0, order, from;
        const char *basis;
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
        order = order_of(d, features, usable, &basis);
        from = tuned_from(d, features);
        if (from != 0 && basis == NULL) basis = coin_cpu_tuning(NULL);
        atomic_store_explicit(&d->usable, usable, memory_order_relaxed);
        atomic_store_explicit(&d->order, order, memory_order_relaxed);
        atomic_store_explicit(&d->from, from, memory_order_relaxed);
        atomic_store_explicit(&d->basis, basis, memory_order_relaxed);
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
    return coin_dispatch_tag(d, desc, size);
}

const char *coin_dispatch_tag(struct coin_dispatch *d, char *desc, size_t size)
{
    const char *basis = coin_dispatch_basis(d);
    const size_t len = strlen(desc);
    if (basis != NULL && len < size) snprintf(desc + len, size - len, " [%s]", basis);
    return desc;
}
