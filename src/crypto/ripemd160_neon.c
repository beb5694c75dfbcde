/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* RIPEMD-160 of 4 32-byte messages at once with NEON (HASH160's second hash; see
 * ripemd160_lanes.h). Compiled with the NEON backends' flags only; the dispatcher calls it
 * when the operating system reports NEON (always on AArch64). A rotate is a shift and a
 * shift-right-and-insert; bsl selects bitwise (F2, F4) and orn is x | ~y (F3, F5). */

#include <arm_neon.h>

#include "backends.h"

typedef uint32x4_t vec;
#define RIPEMD160_LANES_WIDTH 4

static inline vec C(uint32_t x) { return vdupq_n_u32(x); }
static inline vec Add(vec x, vec y) { return vaddq_u32(x, y); }
#define Rol(x, n) vsriq_n_u32(vshlq_n_u32(x, n), x, 32 - (n))
static inline vec LoadU(const uint32_t *p) { return vld1q_u32(p); }
static inline void StoreU(uint32_t *p, vec x) { vst1q_u32(p, x); }
static inline vec F1(vec x, vec y, vec z) { return veorq_u32(veorq_u32(x, y), z); }
static inline vec F2(vec x, vec y, vec z) { return vbslq_u32(x, y, z); }
static inline vec F3(vec x, vec y, vec z) { return veorq_u32(vornq_u32(x, y), z); }
static inline vec F4(vec x, vec y, vec z) { return vbslq_u32(z, x, y); }
static inline vec F5(vec x, vec y, vec z) { return veorq_u32(x, vornq_u32(y, z)); }

#define RIPEMD160_LANES_ENTRY coin_ripemd160_d32_neon_4way
#include "ripemd160_lanes.h"
