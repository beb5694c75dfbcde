/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "dispatch.h"

#if defined(__x86_64__) || defined(__i386__)
# include <cpuid.h>
#elif defined(__aarch64__) || defined(_M_ARM64) || defined(__arm__)
# if defined(_WIN32)
#  include <windows.h>
/* Microsoft's values (IsProcessorFeaturePresent's documentation), which mingw-w64's winnt.h
 * and older SDKs lack; a Windows that does not know one answers FALSE. */
#  ifndef PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE
#   define PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE 64
#  endif
#  ifndef PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE
#   define PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE 65
#  endif
# elif defined(__APPLE__)
#  include <sys/sysctl.h>
# elif defined(__linux__) || defined(__FreeBSD__) || defined(__OpenBSD__)
#  include <sys/auxv.h>
# endif
#endif

/* Each feature with those it builds on (needs), which a feature is never used without: the
 * x86 levels each on the one below, as their instruction sets are (the AVX-512 files hold AVX2
 * instructions too, and a virtual CPU may report AVX-512 without AVX2); AVX2 on BMI1/BMI2
 * too, as every AVX2 file is compiled with them; SHA-NI on SSE4.1 and AES-NI on SSE2, whose
 * instructions their files use; the ARM crypto extensions on Advanced SIMD, whose registers
 * they use. Each is listed after those it builds on. */
static const struct {
    const char *name;
    uint32_t bit, needs;
} features[] = {
    {"sse2", COIN_CPU_SSE2, 0},
    {"ssse3", COIN_CPU_SSSE3, COIN_CPU_SSE2},
    {"sse41", COIN_CPU_SSE41, COIN_CPU_SSSE3},
    {"avx", COIN_CPU_AVX, COIN_CPU_SSE41},
    {"bmi2", COIN_CPU_BMI2, 0},
    {"avx2", COIN_CPU_AVX2, COIN_CPU_AVX | COIN_CPU_BMI2},
    {"avx512", COIN_CPU_AVX512, COIN_CPU_AVX2},
    {"shani", COIN_CPU_SHANI, COIN_CPU_SSE41},
    {"aesni", COIN_CPU_AESNI, COIN_CPU_SSE2},
    {"avx512ifma", COIN_CPU_AVX512IFMA, COIN_CPU_AVX512},
    {"neon", COIN_CPU_ARM_NEON, 0},
    {"sha1", COIN_CPU_ARM_SHA1, COIN_CPU_ARM_NEON},
    {"sha2", COIN_CPU_ARM_SHA2, COIN_CPU_ARM_NEON},
    {"sha512", COIN_CPU_ARM_SHA512, COIN_CPU_ARM_NEON},
    {"sha3", COIN_CPU_ARM_SHA3, COIN_CPU_ARM_NEON},
    {"aes", COIN_CPU_ARM_AES, COIN_CPU_ARM_NEON},
};
#define FEATURES (sizeof(features) / sizeof(features[0]))

_Atomic uint32_t coin_cpu_in_use = COIN_CPU_UNSET;
static _Atomic uint32_t detected = COIN_CPU_UNSET;

#if defined(__x86_64__) || defined(__i386__)
static uint32_t detect(void)
{
    unsigned a, b, c, d, b7 = 0, unused;
    uint32_t f = 0;
    uint64_t xcr0 = 0;

    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (__get_cpuid_max(0, NULL) >= 7) __cpuid_count(7, 0, a, b7, unused, unused);
    if (d & bit_SSE2) f |= COIN_CPU_SSE2;
    if (c & bit_SSSE3) f |= COIN_CPU_SSSE3;
    if (c & bit_SSE4_1) f |= COIN_CPU_SSE41;
    /* SHA-NI code uses SSE encodings only; it is gated on what those need. */
    if ((b7 & bit_SHA) && (c & bit_SSSE3) && (c & bit_SSE4_1)) f |= COIN_CPU_SHANI;
    /* BMI2 code may use BMI1 (andn) too: every CPU with BMI2 has both. */
    if ((b7 & bit_BMI) && (b7 & bit_BMI2)) f |= COIN_CPU_BMI2;
    if ((c & bit_AES) && (d & bit_SSE2)) f |= COIN_CPU_AESNI;
    /* AVX state must be enabled by the OS (OSXSAVE, then XCR0) before any VEX code runs. */
    if (c & bit_OSXSAVE) {
        unsigned lo, hi;
        __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        xcr0 = ((uint64_t)hi << 32) | lo;
    }
    if ((xcr0 & 0x6) == 0x6 && (c & bit_AVX)) {
        f |= COIN_CPU_AVX;
        if (b7 & bit_AVX2) f |= COIN_CPU_AVX2;
        if ((xcr0 & 0xe0) == 0xe0 && (b7 & bit_AVX512F) && (b7 & bit_AVX512VL) &&
            (b7 & bit_AVX512BW) && (b7 & bit_AVX512DQ)) {
            f |= COIN_CPU_AVX512;
            if (b7 & bit_AVX512IFMA) f |= COIN_CPU_AVX512IFMA;
        }
    }
    return f;
}
#elif defined(__aarch64__) || defined(_M_ARM64)
/* The operating system says what the CPU has; user space never reads the ID registers. */
# if defined(_WIN32)
static uint32_t detect(void)
{
    uint32_t f = 0;
    if (IsProcessorFeaturePresent(PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE)) {
        f |= COIN_CPU_ARM_SHA1 | COIN_CPU_ARM_SHA2 | COIN_CPU_ARM_AES;
    }
    if (IsProcessorFeaturePresent(PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE)) f |= COIN_CPU_ARM_SHA512;
    if (IsProcessorFeaturePresent(PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE)) f |= COIN_CPU_ARM_SHA3;
    return f;
}
# elif defined(__APPLE__)
/* A key the kernel does not know means the feature is absent. */
static int has_sysctl(const char *name)
{
    int v = 0;
    size_t len = sizeof(v);
    return sysctlbyname(name, &v, &len, NULL, 0) == 0 && v != 0;
}
static uint32_t detect(void)
{
    uint32_t f = 0;
    if (has_sysctl("hw.optional.arm.FEAT_SHA1")) f |= COIN_CPU_ARM_SHA1;
    if (has_sysctl("hw.optional.arm.FEAT_SHA256")) f |= COIN_CPU_ARM_SHA2;
    if (has_sysctl("hw.optional.arm.FEAT_SHA512")) f |= COIN_CPU_ARM_SHA512;
    if (has_sysctl("hw.optional.arm.FEAT_SHA3")) f |= COIN_CPU_ARM_SHA3;
    if (has_sysctl("hw.optional.arm.FEAT_AES")) f |= COIN_CPU_ARM_AES;
    return f;
}
# elif defined(__linux__) || defined(__FreeBSD__) || defined(__OpenBSD__)
/* AT_HWCAP bits, the same on Linux, Android, FreeBSD and OpenBSD. */
#  define HWCAP_BIT_AES (1ul << 3)
#  define HWCAP_BIT_SHA1 (1ul << 5)
#  define HWCAP_BIT_SHA2 (1ul << 6)
#  define HWCAP_BIT_SHA3 (1ul << 17)
#  define HWCAP_BIT_SHA512 (1ul << 21)
static uint32_t detect(void)
{
    unsigned long hwcap = 0;
    uint32_t f = 0;
#  if defined(__linux__)
    hwcap = getauxval(AT_HWCAP);
#  else
    if (elf_aux_info(AT_HWCAP, &hwcap, sizeof(hwcap)) != 0) hwcap = 0;
#  endif
    if (hwcap & HWCAP_BIT_SHA1) f |= COIN_CPU_ARM_SHA1;
    if (hwcap & HWCAP_BIT_SHA2) f |= COIN_CPU_ARM_SHA2;
    if (hwcap & HWCAP_BIT_SHA512) f |= COIN_CPU_ARM_SHA512;
    if (hwcap & HWCAP_BIT_SHA3) f |= COIN_CPU_ARM_SHA3;
    if (hwcap & HWCAP_BIT_AES) f |= COIN_CPU_ARM_AES;
    return f;
}
# else
static uint32_t detect(void)
{
    return 0; /* an OS we cannot ask: portable code only */
}
# endif
#elif defined(__arm__) && defined(__linux__)
/* 32-bit ARM on Linux: NEON is bit 12 of AT_HWCAP (HWCAP_NEON), the crypto extensions are in
 * AT_HWCAP2. */
static uint32_t detect(void)
{
    unsigned long hwcap = getauxval(AT_HWCAP), hwcap2 = getauxval(AT_HWCAP2);
    uint32_t f = 0;
    if (hwcap & (1ul << 12)) f |= COIN_CPU_ARM_NEON;
    if (hwcap2 & (1ul << 2)) f |= COIN_CPU_ARM_SHA1;
    if (hwcap2 & (1ul << 3)) f |= COIN_CPU_ARM_SHA2;
    return f;
}
#else
static uint32_t detect(void)
{
    return 0;
}
#endif

#if defined(__x86_64__) || defined(__i386__)
/* The tuning table's name for this CPU model (dispatch.c), from CPUID's vendor string and its
 * family and model as Intel and AMD define them (the extended fields added where the base
 * family is 6 or 15). */
static const char *model_name(void)
{
    unsigned a, b, c, d, family, model;
    char vendor[13];
    if (!__get_cpuid(0, &a, &b, &c, &d)) return NULL;
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &c, 4);
    vendor[12] = '\0';
    if (!__get_cpuid(1, &a, &b, &c, &d)) return NULL;
    family = (a >> 8) & 0xf;
    model = (a >> 4) & 0xf;
    if (family == 6 || family == 15) model |= ((a >> 16) & 0xf) << 4;
    if (family == 15) family += (a >> 20) & 0xff;
    if (strcmp(vendor, "GenuineIntel") == 0 && family == 6 && model == 0xcf) return "emr";
    if (strcmp(vendor, "AuthenticAMD") == 0) {
        /* Family 25: Zen 3 and Zen 4 by model range. Family 26: Zen 5 where it runs 512-bit
         * operations at full width, Turin (models 0x00-0x1f) and Granite Ridge (0x40-0x4f);
         * the mobile parts split them in two, and are timed. */
        if (family == 0x19 && ((model >= 0x10 && model <= 0x1f) || (model >= 0x60 && model <= 0x7f) ||
                               (model >= 0xa0 && model <= 0xaf))) {
            return "zen4";
        }
        if (family == 0x1a && (model <= 0x1f || (model >= 0x40 && model <= 0x4f))) return "zen5";
    }
    return NULL;
}
#else
static const char *model_name(void)
{
    return NULL;
}
#endif

const char *coin_cpu_tuning(int *forced)
{
    static const char *_Atomic name;
    static _Atomic int read, from_env;
    if (!atomic_load_explicit(&read, memory_order_acquire)) {
        /* the same answer in every thread: the race is benign */
        const char *env = getenv("COINCRYPTO_TUNING");
        const int set = env != NULL && *env != '\0';
        atomic_store_explicit(&name, set ? env : model_name(), memory_order_relaxed);
        atomic_store_explicit(&from_env, set, memory_order_relaxed);
        atomic_store_explicit(&read, 1, memory_order_release);
    }
    if (forced) *forced = atomic_load_explicit(&from_env, memory_order_relaxed);
    return atomic_load_explicit(&name, memory_order_relaxed);
}

/* f with what its features build on, or without the features whose foundations it lacks:
 * one pass each, as the table lists every feature after its foundations. */
static uint32_t with_needs(uint32_t f)
{
    size_t i;
    for (i = FEATURES; i-- > 0;) {
        if (f & features[i].bit) f |= features[i].needs;
    }
    return f;
}

static uint32_t without_unmet(uint32_t f)
{
    size_t i;
    for (i = 0; i < FEATURES; i++) {
        if (features[i].needs & ~f) f &= ~features[i].bit;
    }
    return f;
}

uint32_t coin_cpu_detected(void)
{
    uint32_t f = atomic_load_explicit(&detected, memory_order_relaxed);
    if (f == COIN_CPU_UNSET) {
        f = detect(); /* the same answer in every thread: the race is benign */
#if defined(__aarch64__) || defined(_M_ARM64)
        f |= COIN_CPU_ARM_NEON; /* part of the architecture */
#endif
        f = without_unmet(f);
#ifdef COIN_EMULATED_CPU
        f |= COIN_CPU_SHANI | COIN_CPU_AVX512; /* a test build whose backends emulate them */
#endif
        atomic_store_explicit(&detected, f, memory_order_relaxed);
    }
    return f;
}

/* Parse spec into a feature set; -1 on an unknown name, reported in *bad. A name brings in
 * what its feature builds on ("avx2" is AVX2 with AVX, BMI2 and SSE2 to SSE4.1), and taking a
 * feature away takes away what builds on it ("-avx" leaves no AVX2 or AVX-512). */
static int parse(const char *spec, uint32_t *out, const char **bad, size_t *badlen)
{
    uint32_t plus = 0, minus = 0;
    int any_plus = 0;
    const char *p = spec;

    if (spec == NULL || *spec == '\0') {
        *out = coin_cpu_detected();
        return 0;
    }
    if (strcmp(spec, "none") == 0) {
        *out = 0;
        return 0;
    }
    for (;;) {
        size_t len = strcspn(p, ",");
        int neg = (*p == '-');
        const char *name = p + neg;
        size_t nlen = len - (size_t)neg, i;
        uint32_t bit = 0;
        for (i = 0; i < FEATURES; i++) {
            if (strlen(features[i].name) == nlen && memcmp(features[i].name, name, nlen) == 0) {
                bit = features[i].bit;
            }
        }
        if (bit == 0) {
            *bad = p;
            *badlen = len;
            return -1;
        }
        if (neg) {
            minus |= bit;
        } else {
            plus |= bit;
            any_plus = 1;
        }
        p += len;
        if (*p == '\0') break;
        p++; /* the comma: an item must follow */
    }
    *out = without_unmet((any_plus ? with_needs(plus) : coin_cpu_detected()) & ~minus & coin_cpu_detected());
    return 0;
}

int coin_cpu_restrict(const char *spec)
{
    uint32_t f;
    const char *bad;
    size_t badlen;
    if (parse(spec, &f, &bad, &badlen) != 0) return -1;
    atomic_store_explicit(&coin_cpu_in_use, f, memory_order_relaxed);
    return 0;
}

uint32_t coin_cpu_set_features(uint32_t mask)
{
    uint32_t f = coin_cpu_detected() & mask;
    atomic_store_explicit(&coin_cpu_in_use, f, memory_order_relaxed);
    return f;
}

uint32_t coin_cpu_features(void)
{
    uint32_t f = atomic_load_explicit(&coin_cpu_in_use, memory_order_relaxed);
    if (f == COIN_CPU_UNSET) {
        const char *spec = getenv("COINCRYPTO_CPU");
        const char *bad;
        size_t badlen, i;
        if (parse(spec, &f, &bad, &badlen) != 0) {
            fprintf(stderr, "coincrypto: COINCRYPTO_CPU: unknown feature '%.*s' (known: none",
                    (int)badlen, bad);
            for (i = 0; i < FEATURES; i++) {
                fprintf(stderr, ", %s", features[i].name);
            }
            fprintf(stderr, "); using portable code only\n");
            f = 0;
        }
        /* Another thread may have restricted the features meanwhile: keep its choice. */
        uint32_t expected = COIN_CPU_UNSET;
        if (!atomic_compare_exchange_strong(&coin_cpu_in_use, &expected, f)) f = expected;
    }
    return f;
}

const char *coin_cpu_feature_name(uint32_t feature)
{
    size_t i;
    for (i = 0; i < FEATURES; i++) {
        if (features[i].bit == feature) return features[i].name;
    }
    return NULL;
}
