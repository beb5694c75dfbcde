/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_CPU_H
#define COINCRYPTO_CPU_H

#include <stdint.h>

#include "api.h"

COIN_BEGIN_DECLS

/* CPU features the accelerated backends need. A feature is "detected" when the CPU has it,
 * the operating system saves the registers it uses, and the features it builds on are detected
 * too (SSE2 < SSSE3 < SSE4.1 < AVX < AVX2 < AVX-512 < AVX-512 IFMA, AVX2 on BMI2, SHA-NI on
 * SSE4.1, AES-NI on SSE2, the ARM crypto extensions on NEON); it is "in use" when it is
 * detected and not excluded by COINCRYPTO_CPU or coin_cpu_restrict(). */
#define COIN_CPU_SSSE3  (1u << 0)
#define COIN_CPU_SSE41  (1u << 1)
#define COIN_CPU_AVX    (1u << 2)
#define COIN_CPU_AVX2   (1u << 3)
#define COIN_CPU_BMI2   (1u << 4) /* BMI1 and BMI2 */
#define COIN_CPU_AVX512 (1u << 5) /* AVX-512 F, VL, BW and DQ */
#define COIN_CPU_SHANI  (1u << 6)
#define COIN_CPU_SSE2   (1u << 7)
#define COIN_CPU_AESNI  (1u << 13) /* AES-NI (SSE encodings) */
#define COIN_CPU_AVX512IFMA (1u << 15) /* AVX-512 IFMA (52-bit multiply-add); used with COIN_CPU_AVX512 */
/* ARM: the crypto extension instructions, which only AArch64 builds have backends for (32-bit
 * ARM reports SHA-1 and SHA-256 too, unused), and NEON. */
#define COIN_CPU_ARM_SHA1   (1u << 8)
#define COIN_CPU_ARM_SHA2   (1u << 9)  /* SHA-256 */
#define COIN_CPU_ARM_SHA512 (1u << 10) /* ARMv8.2 */
#define COIN_CPU_ARM_SHA3   (1u << 11) /* ARMv8.2 */
#define COIN_CPU_ARM_NEON   (1u << 12) /* Advanced SIMD: every AArch64 CPU, most 32-bit ones */
#define COIN_CPU_ARM_AES    (1u << 14) /* AArch64 */

/* The features this CPU and OS support, detected once. */
COIN_API uint32_t coin_cpu_detected(void);

/* The features the backends may use now. The first call reads the environment variable
 * COINCRYPTO_CPU (see coin_cpu_restrict); an invalid value is reported on stderr and
 * restricts the library to portable code. */
COIN_API uint32_t coin_cpu_features(void);

/* Restrict the features in use, with the syntax of COINCRYPTO_CPU:
 *   NULL or ""        every detected feature
 *   "none"            portable code only
 *   "avx2,shani"      only these and what they build on (those the CPU lacks stay off)
 *   "-shani,-avx512"  every detected feature but these and what builds on them
 * Positive and negative names may be mixed: the positive ones are the starting set. A name
 * brings in the features it builds on ("avx2" is SSE2 to AVX2, and BMI2), and taking one away
 * takes away those that build on it ("-avx" leaves no AVX2 or AVX-512).
 * Returns 0, or -1 and leaves the features unchanged when spec names an unknown feature.
 * Every primitive re-selects its backends (and re-runs its self-test) on its next call. */
COIN_API int coin_cpu_restrict(const char *spec);

/* Use the detected features in mask only, as they are (none brought in or taken away with
 * another); returns the features now in use. */
COIN_API uint32_t coin_cpu_set_features(uint32_t mask);

/* The COINCRYPTO_CPU name of one feature bit, or NULL if the bit is not a feature. */
COIN_API const char *coin_cpu_feature_name(uint32_t feature);

COIN_END_DECLS

#endif
