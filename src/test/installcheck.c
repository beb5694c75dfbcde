/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* make installcheck: a C program on the installed C API, built with
 * pkg-config --cflags --libs coincrypto. FIPS 180-2's and the RIPEMD-160 authors' "abc". */
#include <coincrypto/ripemd160.h>
#include <coincrypto/sha256.h>

#include <stdio.h>
#include <string.h>

static int check(const char *what, const unsigned char *digest, size_t len, const char *want)
{
    char hex[2 * COIN_SHA256_OUTPUT_SIZE + 1];
    size_t i;
    for (i = 0; i < len; i++) sprintf(hex + 2 * i, "%02x", digest[i]);
    printf("%s: %s\n", what, hex);
    if (strcmp(hex, want) == 0) return 1;
    fprintf(stderr, "%s: expected %s\n", what, want);
    return 0;
}

int main(void)
{
    static const unsigned char abc[3] = {'a', 'b', 'c'};
    unsigned char sha256[COIN_SHA256_OUTPUT_SIZE], ripemd160[COIN_RIPEMD160_OUTPUT_SIZE];
    int ok;
    coin_sha256(sha256, abc, sizeof(abc));
    coin_ripemd160(ripemd160, abc, sizeof(abc));
    ok = check("SHA-256(\"abc\")", sha256, sizeof(sha256), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    ok &= check("RIPEMD-160(\"abc\")", ripemd160, sizeof(ripemd160), "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc");
    printf("SHA-256 backends: %s\n", coin_sha256_implementation());
    return ok ? 0 : 1;
}
