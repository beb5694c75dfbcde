/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_DISPATCH_H
#define COINCRYPTO_DISPATCH_H

/* Internal: run-time selection of a primitive's backends. Each primitive lists its backends,
 * best first, with the CPU features each needs; those whose features are in use are run
 * through the primitive's known-answer self-test, and the ones that pass are usable: a
 * single-stream primitive runs the first (Keccak the first of the tuning table's order where
 * the table has the CPU, see dispatch.c), a batched one (sha256d64, scrypt) walks them in
 * the order fastest on this CPU (see coin_dispatch_order); ChaCha20 runs the first on three
 * blocks or more and the fastest on one block on fewer. The selection
 * is cached and redone only when the features in use change (coin_cpu_restrict). A backend that fails its self-test is reported on stderr and
 * skipped; if the portable code fails, nothing correct is left and the process aborts. */

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "cpu.h"

/* Any backend function; each primitive casts it back to its own type. */
typedef void (*coin_fn)(void);

struct coin_backend {
    const char *name;   /* as in the implementation string and the bench suffix */
    uint32_t needs;     /* COIN_CPU_* bits */
    unsigned width;     /* messages processed in parallel (1 for a single-stream transform) */
    coin_fn fn;
};

struct coin_dispatch {
    const char *primitive;                /* for messages */
    const struct coin_backend *backends;  /* best first, at most 32 */
    size_t count;
    int (*selftest)(const struct coin_backend *b); /* 1 when b gives the known answers */
    /* A batched primitive's (and ChaCha20's, for its calls of one or two blocks), NULL for
     * the others: the clock ticks (coin_ticks) of one run of b over a fixed amount of work,
     * the same for every backend of the list. */
    uint64_t (*cost)(const struct coin_backend *b);
    _Atomic uint32_t key;                 /* the features the selection was made for */
    _Atomic uint32_t usable;              /* bit i: backends[i] has its features and passed */
    _Atomic uint32_t order;               /* see coin_dispatch_order */
    _Atomic uint32_t from;                /* see coin_dispatch_from */
    const char *_Atomic basis;            /* see coin_dispatch_basis */
    atomic_flag lock;
};

#define COIN_DISPATCH_INIT(primitive, list, selftest) COIN_DISPATCH_INIT_COST(primitive, list, selftest, NULL)
#define COIN_DISPATCH_INIT_COST(primitive, list, selftest, cost) \
    { primitive, list, sizeof(list) / sizeof((list)[0]), selftest, cost, COIN_CPU_UNSET, 0, 0, 0, NULL, ATOMIC_FLAG_INIT }

/* The most backends a list with a cost function may have: their order fits one word. */
#define COIN_DISPATCH_MAX_ORDERED 7

/* The features in use; COIN_CPU_UNSET until the first call of coin_cpu_features(). */
#define COIN_CPU_UNSET (1u << 31)
extern _Atomic uint32_t coin_cpu_in_use;

void coin_dispatch_select(struct coin_dispatch *d, uint32_t features);

/* Fills out with the self-test message shared by every primitive: byte i is 37 * i + 11. */
void coin_selftest_message(unsigned char *out, size_t len);

/* The self-test of a hash with 64-byte blocks and 32-bit words (see md32_write): hashes the
 * first 311 bytes of the self-test message from an odd address (4 whole blocks in one call,
 * then a tail padded in one block) and the first 184 (a tail padded in two blocks) with tf,
 * from the initial state iv of `words` words; expect holds both digests, 311 first.
 * Returns 1 when both match. */
int coin_md32_selftest(void (*tf)(uint32_t *s, const unsigned char *blocks, size_t n),
                       const uint32_t *iv, size_t words, int big_endian, const unsigned char *expect);

/* The usable backends for the features in use now, as a bit set over d->backends. */
static inline uint32_t coin_dispatch_usable(struct coin_dispatch *d)
{
    uint32_t f = atomic_load_explicit(&coin_cpu_in_use, memory_order_relaxed);
    if (f == COIN_CPU_UNSET) f = coin_cpu_features();
    if (atomic_load_explicit(&d->key, memory_order_acquire) != f) coin_dispatch_select(d, f);
    return atomic_load_explicit(&d->usable, memory_order_relaxed);
}

/* The selected backend: the first usable one. A list that ends with its portable code
 * always has one. */
static inline const struct coin_backend *coin_dispatch(struct coin_dispatch *d)
{
    uint32_t usable = coin_dispatch_usable(d);
    size_t i = 0;
    while (!(usable & (1u << i))) i++;
    return &d->backends[i];
}

/* The usable backends in the order to try them, 4 bits each, the first in the low bits,
 * ended by 0xF. Without a cost function that is the list's order. With one, it is the order
 * fastest first on this CPU, which does not change from one start to the next however loaded
 * the machine is: for a CPU model in the tuning table (dispatch.c), the order measured there
 * by the bench; for any other, the order the cost function measures at selection (see
 * measure() in dispatch.c: a few dozen runs in all, under a millisecond for sha256d64 and
 * scrypt on a current CPU), in which a backend passes one listed before it only when faster
 * by more than a quarter, so that timing noise and a busy sibling core rarely reorder
 * backends that are close. */
static inline uint32_t coin_dispatch_order(struct coin_dispatch *d)
{
    (void)coin_dispatch_usable(d);
    return atomic_load_explicit(&d->order, memory_order_relaxed);
}

/* From how many units (Poly1305's blocks) a run through each backend pays, as the tuning
 * table has it for this CPU: byte i for backends[i] (the first four), 0 where the table names
 * none, and then the primitive's own count holds. An entry "<primitive> from" lists them as
 * "name/count", under the same conditions as the orders (dispatch.c). */
static inline uint32_t coin_dispatch_from(struct coin_dispatch *d)
{
    (void)coin_dispatch_usable(d);
    return atomic_load_explicit(&d->from, memory_order_relaxed);
}

/* What decided the order, or the counts of coin_dispatch_from: the tuning table's CPU name
 * (see coin_cpu_tuning), "timed", or NULL where nothing had to be decided (no cost function
 * and no counts, or a single usable backend). */
static inline const char *coin_dispatch_basis(struct coin_dispatch *d)
{
    (void)coin_dispatch_usable(d);
    return atomic_load_explicit(&d->basis, memory_order_relaxed);
}

/* The CPU's name in the tuning table: COINCRYPTO_TUNING when set ("timed" or any name the
 * table lacks: time every order), and then *forced is 1; else the model CPUID reports ("emr",
 * "zen4", "zen5"), else NULL. Read once. */
const char *coin_cpu_tuning(int *forced);

/* The batches a batched primitive reaches, each narrower than every one before it, as
 * "avx512(16way);avx2(8way);generic(1way) [emr]", written to desc (size bytes): the order it
 * walks when it takes as many of each width as fit, then what decided it (coin_dispatch_tag).
 * Returns desc. */
const char *coin_dispatch_describe(struct coin_dispatch *d, char *desc, size_t size);

/* Appends " [basis]" (coin_dispatch_basis) to the string in desc (size bytes), if there is
 * a basis. Returns desc. */
const char *coin_dispatch_tag(struct coin_dispatch *d, char *desc, size_t size);

/* A clock for the cost functions: the time-stamp counter on x86, else a monotonic clock in
 * nanoseconds. */
uint64_t coin_ticks(void);

/* The i-th backend of the list, for tests and the bench to enumerate; NULL past the end. */
static inline const char *coin_dispatch_backend(const struct coin_dispatch *d, size_t i, uint32_t *needs)
{
    if (i >= d->count) return NULL;
    if (needs) *needs = d->backends[i].needs;
    return d->backends[i].name;
}

#endif
