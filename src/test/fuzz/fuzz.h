/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_TEST_FUZZ_H
#define COINCRYPTO_TEST_FUZZ_H

/* What the libFuzzer harnesses of src/test/fuzz (built and run by ci/fuzz.sh) share: the
 * input read as parameters then data, cut points taken from it, and a walk over every
 * backend of a primitive that this CPU runs. Each harness is differential: streamed calls on
 * every backend against the portable one-shot result, and against OpenSSL where it has the
 * primitive. A mismatch aborts, which libFuzzer reports as a finding. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

/* The input, consumed from the front. */
struct fuzz_input {
    const uint8_t *p;
    size_t n;
};

static inline unsigned fuzz_byte(struct fuzz_input *in)
{
    if (in->n == 0) return 0;
    in->n--;
    return *in->p++;
}

/* Splits the rest of the input in two at a length byte read first (capped at what is left):
 * *a of *alen bytes (a key, a password), then *b of *blen (the message, the salt). */
static inline void fuzz_split(struct fuzz_input *in, const uint8_t **a, size_t *alen, const uint8_t **b, size_t *blen)
{
    const size_t want = fuzz_byte(in);
    *alen = want < in->n ? want : in->n;
    *a = in->p;
    *b = in->p + *alen;
    *blen = in->n - *alen;
}

/* The cut points of a streamed write: lengths from a generator seeded by the input, 0 to 199
 * bytes, so that pieces start and end on every side of the block boundaries. */
struct fuzz_cuts {
    uint32_t state;
};

static inline size_t fuzz_next_cut(struct fuzz_cuts *c)
{
    c->state = c->state * 1103515245u + 12345u;
    return (c->state >> 16) % 200;
}

static inline void fuzz_fail(const char *what, const char *backend)
{
    fprintf(stderr, "fuzz: %s differs on backend %s\n", what, backend);
    abort();
}

static inline void fuzz_check(int ok, const char *what, const char *backend)
{
    if (!ok) fuzz_fail(what, backend);
}

/* Calls body(name, arg) with the features in use restricted to each backend of the list
 * (see coin_sha256_backend) that this CPU runs, then restores them. With timed 0 the backend
 * must then be in use, named first by implementation() (a backend that failed its self-test
 * is a finding too); with timed 1 (a batched primitive, whose dispatcher takes the backends
 * in the order it times) it may not be. */
static inline void fuzz_each_backend(const char *(*backend)(size_t, uint32_t *), const char *(*implementation)(void),
                                     int timed, void (*body)(const char *name, void *arg), void *arg)
{
    const uint32_t saved = coin_cpu_features(), detected = coin_cpu_detected();
    uint32_t needs;
    size_t i;
    for (i = 0; (backend(i, &needs)) != NULL; i++) {
        const char *name = backend(i, &needs);
        if (needs & ~detected) continue;
        coin_cpu_set_features(needs);
        if (!timed && strncmp(implementation(), name, strlen(name)) != 0) {
            fuzz_fail("the selection", name);
        }
        body(name, arg);
    }
    coin_cpu_set_features(saved);
}

#endif
