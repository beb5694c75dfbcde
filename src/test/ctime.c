/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* Constant-time checks, in the manner of libsecp256k1's ctime_tests: run under valgrind
 * memcheck (ci/ctime.sh), with every secret input marked undefined. Memcheck then reports
 * any branch or memory index that depends on a secret as a use of an undefined value, and
 * the run fails. Outside valgrind the marks do nothing and the program only runs the calls.
 *
 * Secrets: HMAC-SHA256/512 keys and messages (and BIP32's batches of them), PBKDF2 passwords and salts (and BIP39
 * mnemonics and passphrases, in one seed and in a batch), HKDF input keys and salts,
 * SipHash-2-4 and SipHash-1-3-UJ keys and data, BLAKE3's keys and key material, and the
 * messages of every hash, of sha256d64 and of the many-message batches (SHA-256,
 * HASH256, HASH160) (an HMAC is only as constant-time as its hash), ChaCha20 and FSChaCha20 keys and
 * plaintexts, Poly1305 keys and messages, the tags compared by coin_poly1305_verify, and the
 * AEADs' keys, plaintexts and AAD, AES-256 keys and data (and CBC's padding). Lengths, iteration counts, costs, nonces and block counters
 * are public.
 *
 * The exception: scrypt's ROMix reads its table at an index taken from the data
 * (Integerify(X) in RFC 7914), so coin_scrypt is not constant-time in its password by design;
 * it is not called with a secret here. Its PBKDF2 steps are the ones checked above. And the
 * AEADs' decryption branches on whether the tag is authentic (it decrypts only then): that
 * answer is public (a peer sees the connection drop), so decryption is not called with a
 * secret key; its tag is computed by the same code as encryption's, checked here, and
 * compared by coin_poly1305_verify, checked here too. */

#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "aes.h"
#include "blake3.h"
#include "chacha20.h"
#include "chacha20poly1305.h"
#include "cpu.h"
#include "hkdf_sha256.h"
#include "hmac_sha256.h"
#include "hmac_sha512.h"
#include "keccak.h"
#include "pbkdf2.h"
#include "poly1305.h"
#include "ripemd160.h"
#include "sha1.h"
#include "sha256.h"
#include "sha512.h"
#include "siphash.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static unsigned char key[200], msg[300], out[1024];

/* Each hash over secret messages of lengths around its block boundaries, so that every
 * backend path (whole blocks, the tail, one or two padding blocks) sees a secret. */
static void hashes(void)
{
    static const size_t lens[] = {0, 1, 31, 32, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 136, 137, 300};
    size_t i;
    for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
        const size_t n = lens[i];
        SECRET(msg, n);
        coin_sha1(out, msg, n);
        coin_sha256(out + 32, msg, n);
        coin_hash256(out + 64, msg, n);
        coin_sha512(out + 96, msg, n);
        coin_sha512_256(out + 160, msg, n);
        coin_ripemd160(out + 192, msg, n);
        coin_hash160(out + 212, msg, n);
        coin_sha3_256(out + 232, msg, n);
        coin_sha3_512(out + 264, msg, n);
        coin_keccak256(out + 328, msg, n);
        coin_shake256(out + 360, 100, msg, n);
        coin_blake3(out + 460, msg, n);
        PUBLIC(msg, n);
        PUBLIC(out, 492);
    }
    /* sha256d64 in batches of 2, 4, 8 and 16 with a tail (every lanes width), and the
     * many-message calls over secret messages of mixed lengths (their lanes, and their one at
     * a time tails), HASH160's lanes over 33-byte keys. */
    SECRET(msg, 300);
    coin_sha256d64(out, msg, 4);
    coin_sha256d64(out, msg, 15);
    {
        const unsigned char *msgs[9];
        size_t mlens[9], j;
        for (j = 0; j < 9; j++) {
            msgs[j] = msg + 7 * j;
            mlens[j] = 20 + 27 * j; /* 20 to 236: one to four blocks */
        }
        coin_sha256_many(out, msgs, mlens, 9);
        coin_hash256_many(out + 288, msgs, mlens, 9);
        coin_hash160_many(out + 576, msg, 33, 9);
    }
    PUBLIC(msg, 300);
    PUBLIC(out, 576 + 180);
}

static void macs(void)
{
    static const size_t keylens[] = {0, 16, 32, 64, 65, 128, 129, 200};
    size_t i;
    for (i = 0; i < sizeof(keylens) / sizeof(keylens[0]); i++) {
        const size_t k = keylens[i];
        SECRET(key, k);
        SECRET(msg, 100);
        coin_hmac_sha256(out, key, k, msg, 100);
        coin_hmac_sha512(out + 32, key, k, msg, 100);
        PUBLIC(key, k);
        PUBLIC(msg, 100);
        PUBLIC(out, 96);
    }
    /* BIP32's many child derivations under one chain code: 9 messages of 37 bytes (a private
     * key's), and one of 150 (past one SHA-512 block), through the lanes and one at a time. */
    {
        const unsigned char *msgs[10];
        size_t mlens[10], j;
        for (j = 0; j < 10; j++) {
            msgs[j] = msg + 10 * j;
            mlens[j] = j == 9 ? 150 : 37;
        }
        SECRET(key, 32);
        SECRET(msg, 240);
        coin_hmac_sha512_many(out, key, 32, msgs, mlens, 10);
        PUBLIC(key, 32);
        PUBLIC(msg, 240);
        PUBLIC(out, 640);
    }
}

static void kdfs(void)
{
    coin_hkdf_sha256_l32 hkdf;
    const char *mnemonics[8], *passphrases[8];
    size_t mlens[8], plens[8], i;

    SECRET(key, 64);
    SECRET(msg, 64);
    if (coin_pbkdf2_hmac_sha256(key, 64, msg, 16, 3, out, 100) != COIN_OK) puts("ctime: pbkdf2_sha256 failed");
    if (coin_pbkdf2_hmac_sha512(key, 64, msg, 16, 3, out + 100, 130) != COIN_OK) puts("ctime: pbkdf2_sha512 failed");
    if (coin_hkdf_sha256(out + 230, 100, key, 32, msg, 32, (const unsigned char *)"info", 4) != COIN_OK) {
        puts("ctime: hkdf failed");
    }
    coin_hkdf_sha256_l32_init(&hkdf, key, 32, msg, 24);
    coin_hkdf_sha256_l32_expand32(&hkdf, (const unsigned char *)"initiator_L", 11, out + 330);
    coin_hkdf_sha256_l32_clear(&hkdf);
    coin_bip39_seed((const char *)key, 60, (const char *)msg, 20, out + 362);
    for (i = 0; i < 8; i++) {
        mnemonics[i] = (const char *)key + i;
        passphrases[i] = (const char *)msg + i;
        mlens[i] = 40;
        plens[i] = 12;
    }
    coin_bip39_seed_batch(mnemonics, mlens, passphrases, plens, out + 426, 8);
    PUBLIC(key, 64);
    PUBLIC(msg, 64);
    PUBLIC(out, 426 + 8 * 64);
}

static void siphash(void)
{
    uint64_t k0 = 0x0706050403020100ULL, k1 = 0x0F0E0D0C0B0A0908ULL, x = 42, h = 0;
    coin_siphash_ctx ctx;
    coin_siphash_key sk;
    coin_siphash13_ctx s13;

    SECRET(&k0, sizeof(k0));
    SECRET(&k1, sizeof(k1));
    SECRET(&x, sizeof(x));
    SECRET(msg, 37);
    h ^= coin_siphash(k0, k1, msg, 37);
    coin_siphash_init(&ctx, k0, k1);
    coin_siphash_write(&ctx, msg, 16);
    coin_siphash_write_u64(&ctx, x);
    h ^= coin_siphash_finalize(&ctx);
    coin_siphash_key_init(&sk, k0, k1);
    h ^= coin_siphash_uint256(&sk, msg) ^ coin_siphash_uint256_extra(&sk, msg, (uint32_t)x);
    coin_siphash13_init(&s13, k0, k1);
    coin_siphash13_write_u64(&s13, x);
    coin_siphash13_write_jumbo(&s13, msg);
    h ^= coin_siphash13_finalize(&s13) ^ coin_siphash13_uint256(&s13, msg) ^ coin_siphash13_uint256_extra(&s13, msg, x);
    PUBLIC(&h, sizeof(h));
    PUBLIC(msg, 37);
    out[0] = (unsigned char)h;
}

/* BLAKE3's keyed and key derivation modes over secret keys and inputs of one block, past one
 * chunk, past three (whole chunks in lanes, parents from the stack of subtrees) and past 19
 * (full batches of 4, 8 and 16 lanes and a last one of 3, parents in lanes), with outputs past one
 * block. */
static void blake3(void)
{
    static const size_t lens[] = {0, 64, 65, 1024, 1025, 3 * 1024 + 5, 19 * 1024 + 5};
    static unsigned char material[19 * 1024 + 5];
    coin_blake3_ctx ctx;
    size_t i;
    for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
        const size_t n = lens[i];
        memset(material, (int)i, n);
        SECRET(key, 32);
        SECRET(material, n);
        coin_blake3_init_keyed(&ctx, key);
        coin_blake3_write(&ctx, material, n);
        coin_blake3_finalize(&ctx, out, 100);
        coin_blake3_init_derive_key(&ctx, "coincrypto ctime_tests", 22);
        coin_blake3_write(&ctx, material, n);
        coin_blake3_finalize_seek(&ctx, 64, out + 100, 32);
        PUBLIC(key, 32);
        PUBLIC(material, n);
        PUBLIC(out, 132);
    }
    coin_blake3_wipe(&ctx);
}

/* The ciphers over secret keys and plaintexts of lengths that reach every ChaCha20 path (one
 * block, two, three, 4, 8 and 16 at once). */
static void ciphers(void)
{
    static const size_t lens[] = {0, 1, 63, 64, 65, 128, 192, 256, 300, 512, 1024, 1100};
    static unsigned char text[1100], sealed[1100 + 16];
    coin_chacha20_ctx c;
    coin_poly1305_ctx mac;
    coin_fschacha20_ctx fs;
    coin_chacha20poly1305_ctx aead;
    coin_fschacha20poly1305_ctx fsaead;
    size_t i;
    int same;
    for (i = 0; i < sizeof(text); i++) text[i] = (unsigned char)(i * 11 + 3);
    for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
        const size_t n = lens[i];
        SECRET(key, 32);
        SECRET(text, n);
        SECRET(msg, 20);
        coin_chacha20_init(&c, key);
        coin_chacha20_seek96(&c, 1, 2, 0xfffffffe);
        coin_chacha20_crypt(&c, sealed, text, n);
        coin_chacha20_keystream(&c, sealed + n, 16);
        coin_chacha20_crypt_blocks(&c, sealed, text, n / 64 * 64);
        coin_chacha20_keystream_blocks(&c, sealed, n / 64 * 64);
        coin_fschacha20_init(&fs, key, 2);
        coin_fschacha20_crypt(&fs, sealed, text, n);
        coin_fschacha20_crypt(&fs, sealed, text, n); /* and a rekey */
        coin_poly1305(sealed, text, n, key);
        coin_poly1305_init(&mac, key); /* in pieces, buffered between them */
        coin_poly1305_write(&mac, text, n / 3);
        coin_poly1305_write(&mac, text + n / 3, n - n / 3);
        coin_poly1305_finalize(&mac, sealed);
        coin_chacha20poly1305_init(&aead, key);
        coin_chacha20poly1305_encrypt(&aead, 7, 8, msg, 20, text, n / 2, text + n / 2, n - n / 2, sealed);
        coin_fschacha20poly1305_init(&fsaead, key, 1);
        coin_fschacha20poly1305_encrypt(&fsaead, msg, 20, text, n, NULL, 0, sealed);
        PUBLIC(key, 32);
        PUBLIC(text, n);
        PUBLIC(msg, 20);
        PUBLIC(sealed, n + 16);
    }
    /* Two secret tags compared: only the answer is public. */
    SECRET(sealed, 32);
    same = coin_poly1305_verify(sealed, sealed + 16);
    PUBLIC(&same, sizeof(same));
    out[0] = (unsigned char)same;
    coin_chacha20_wipe(&c);
    coin_fschacha20_wipe(&fs);
    coin_chacha20poly1305_wipe(&aead);
    coin_fschacha20poly1305_wipe(&fsaead);
}

/* AES-256 keys and data, both ways, and the PKCS#7 padding's check: its length is as secret
 * as the plaintext until the caller learns it. The IV is public. */
static void aes(void)
{
    coin_aes256_ctx ctx;
    size_t n;
    SECRET(key, 32);
    coin_aes256_init(&ctx, key);
    SECRET(msg, 160);
    coin_aes256_encrypt(&ctx, out, msg, 5);
    coin_aes256_decrypt(&ctx, out, msg, 5);
    n = coin_aes256_cbc_encrypt(&ctx, key + 100, out, msg, 70, 1);
    n += coin_aes256_cbc_decrypt(&ctx, key + 100, out + 200, msg, 160, 1);
    n += coin_aes256_cbc_decrypt(&ctx, key + 100, out + 400, msg, 160, 0);
    SECRET(key, 16);
    coin_aes128_init(&ctx, key);
    coin_aes256_encrypt(&ctx, out, msg, 5);
    PUBLIC(&n, sizeof(n));
    coin_aes256_wipe(&ctx);
}

int main(void)
{
    /* Every backend valgrind lets this CPU select (it hides SHA-NI and AVX-512), those
     * without AVX (the SSE ones, AES-NI's legacy encoding), and the portable code: one process,
     * so one start of valgrind. */
    static const char *const specs[] = {"", "-avx", "none"};
    size_t i, c;
    for (i = 0; i < sizeof(key); i++) key[i] = (unsigned char)(i * 13 + 1);
    for (i = 0; i < sizeof(msg); i++) msg[i] = (unsigned char)(i * 7 + 5);
    for (c = 0; c < sizeof(specs) / sizeof(specs[0]); c++) {
        coin_cpu_restrict(specs[c]);
        /* The backends are selected (and self-tested) on public data first. */
        coin_sha256(out, msg, 1);
        (void)coin_chacha20_implementation();
        (void)coin_aes256_implementation();
        hashes();
        macs();
        kdfs();
        siphash();
        blake3();
        ciphers();
        aes();
        printf("ctime: %s; COINCRYPTO_CPU='%s': SHA-256 %s, SHA-512 %s, Keccak %s, BLAKE3 %s, ChaCha20 %s, AES-256 %s\n",
               RUNNING_ON_VALGRIND ? "under valgrind" : "not under valgrind (nothing checked)", specs[c],
               coin_sha256_implementation(), coin_sha512_implementation(), coin_keccak_implementation(),
               coin_blake3_implementation(), coin_chacha20_implementation(), coin_aes256_implementation());
    }
    return 0;
}
