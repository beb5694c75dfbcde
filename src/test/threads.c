/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* The lazy dispatch under threads (CI runs it under ThreadSanitizer, ci/jobs/tsan.env):
 * THREADS threads call every primitive for the first time at once, and must all see the
 * same implementation strings; then they hash on while RESTRICTERS threads change the
 * features in use with coin_cpu_restrict, and every result must stay right. The expected
 * values are the published ones (FIPS 180 and 202 "abc" examples, RFC 4231 case 2, RFC 7914,
 * the SipHash paper's example, a Litecoin-era block header's scrypt hash, draft-agl-tls-
 * chacha20poly1305-04's 256 bytes of ChaCha20, RFC 8439's Poly1305 test vector A.3 #3, the BLAKE3
 * team's hash of 102,400 bytes). */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blake3.h"
#include "chacha20.h"
#include "cpu.h"
#include "hmac_sha256.h"
#include "keccak.h"
#include "pbkdf2.h"
#include "poly1305.h"
#include "ripemd160.h"
#include "scrypt.h"
#include "sha1.h"
#include "sha256.h"
#include "sha512.h"
#include "siphash.h"

#define THREADS 8
#define RESTRICTERS 2
#define ROUNDS 8

static pthread_barrier_t start;
static _Atomic int failures;
static _Atomic int hashers_done;

static int hexeq(const unsigned char *got, size_t len, const char *hex)
{
    size_t i;
    for (i = 0; i < len; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1 || v != got[i]) return 0;
    }
    return hex[2 * len] == '\0';
}

static void expect(int ok, const char *what)
{
    if (!ok) {
        failures++;
        fprintf(stderr, "threads: wrong %s\n", what);
    }
}

static const char kHeader[] = "020000004c1271c211717198227392b029a64a7971931d351b387bb80db027f270411e398a07046f7d4a08dd815412a8712f874a7ebf0507e3878bd24e20a3b73fd750a667d2f451eac7471b00de6659";

/* Every primitive once, checked. */
static void hash_all(unsigned char *scratch, size_t scratch_len)
{
    const unsigned char *abc = (const unsigned char *)"abc";
    unsigned char out[64], header[16 * 80], pows[16 * 32], blocks[16 * 64], d64[16 * 32], one[32];
    const unsigned char sip[15] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
    size_t i;

    coin_sha1(out, abc, 3);
    expect(hexeq(out, 20, "a9993e364706816aba3e25717850c26c9cd0d89d"), "SHA-1");
    coin_sha256(out, abc, 3);
    expect(hexeq(out, 32, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"), "SHA-256");
    coin_hash256(out, abc, 3);
    expect(hexeq(out, 32, "4f8b42c22dd3729b519ba6f68d2da7cc5b2d606d05daed5ad5128cc03e6c6358"), "hash256");
    coin_sha512(out, abc, 3);
    expect(hexeq(out, 64, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                          "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"), "SHA-512");
    coin_ripemd160(out, abc, 3);
    expect(hexeq(out, 20, "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"), "RIPEMD-160");
    coin_sha3_256(out, abc, 3);
    expect(hexeq(out, 32, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"), "SHA3-256");
    coin_hmac_sha256(out, (const unsigned char *)"Jefe", 4, (const unsigned char *)"what do ya want for nothing?", 28);
    expect(hexeq(out, 32, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"), "HMAC-SHA256");
    expect(coin_siphash(0x0706050403020100ULL, 0x0F0E0D0C0B0A0908ULL, sip, 15) == 0xa129ca6149be45e5ULL, "SipHash");
    expect(coin_pbkdf2_hmac_sha512((const unsigned char *)"passwd", 6, (const unsigned char *)"salt", 4, 1, out, 64) == COIN_OK &&
               hexeq(out, 64, "c74319d99499fc3e9013acff597c23c5baf0a0bec5634c46b8352b793e324723"
                              "d55caa76b2b25c43402dcfdc06cdcf66f95b7d0429420b39520006749c51a04e"), "PBKDF2-HMAC-SHA512");
    expect(coin_scrypt(NULL, 0, NULL, 0, 16, 1, 1, out, 64, scratch, scratch_len) == COIN_OK &&
               hexeq(out, 64, "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
                              "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"), "scrypt (RFC 7914)");
    for (i = 0; i < 80; i++) sscanf(kHeader + 2 * i, "%2hhx", &header[i]);
    for (i = 1; i < 16; i++) memcpy(header + 80 * i, header, 80);
    expect(coin_scrypt_1024_1_1_256_batch(header, pows, 16, scratch, scratch_len) == COIN_OK, "scrypt batch");
    for (i = 0; i < 16; i++) {
        expect(hexeq(pows + 32 * i, 32, "065898d7ab2daa8235cdda9511d248f3010b5e11f682f80741ef2b0000000000"), "scrypt PoW");
    }
    {
        unsigned char key[32], ks[256];
        coin_chacha20_ctx c;
        for (i = 0; i < 32; i++) key[i] = (unsigned char)i;
        coin_chacha20_init(&c, key);
        coin_chacha20_seek96(&c, 0, 0x0706050403020100ULL, 0);
        coin_chacha20_keystream(&c, ks, sizeof(ks));
        expect(hexeq(ks, 256, "f798a189f195e66982105ffb640bb7757f579da31602fc93ec01ac56f85ac3c134a4547b733b46413042c9440049176905d3be59ea1c53f15916155c2be8241a"
                              "38008b9a26bc35941e2444177c8ade6689de95264986d95889fb60e84629c9bd9a5acb1cc118be563eb9b3a4a472f82e09a7e778492b562ef7130e88dfe031c7"
                              "9db9d4f7c7a899151b9a475032b63fc385245fe054e3dd5a97a5f576fe064025d3ce042c566ab2c507b138db853e3d6959660996546cc9c4a6eafdc777c040d7"
                              "0eaf46f76dad3979e5c5360c3317166a1c894c94a371876a94df7628fe4eaaf2ccb27d5aaae0ad7ad0f9d4b6ad3b54098746d4524d38407a6deb3ab78fab78c9"),
               "ChaCha20");
        coin_chacha20_wipe(&c);
    }
    {
        static const char text[] =
        "416e79207375626d697373696f6e20746f20746865204945544620696e74656e6465642062792074686520436f6e7472696275746f7220666f72207075626c69"
        "636174696f6e20617320616c6c206f722070617274206f6620616e204945544620496e7465726e65742d4472616674206f722052464320616e6420616e792073"
        "746174656d656e74206d6164652077697468696e2074686520636f6e74657874206f6620616e204945544620616374697669747920697320636f6e7369646572"
        "656420616e20224945544620436f6e747269627574696f6e222e20537563682073746174656d656e747320696e636c756465206f72616c2073746174656d656e"
        "747320696e20494554462073657373696f6e732c2061732077656c6c206173207772697474656e20616e6420656c656374726f6e696320636f6d6d756e696361"
        "74696f6e73206d61646520617420616e792074696d65206f7220706c6163652c207768696368206172652061646472657373656420746f";
        static const char r[] = "36e5f6b5c5e06070f0efca96227a863e"; /* the key's first half; s = 0 */
        unsigned char key[32] = {0}, msg[375], tag[16];
        for (i = 0; i < 16; i++) sscanf(r + 2 * i, "%2hhx", &key[i]);
        for (i = 0; i < sizeof(msg); i++) sscanf(text + 2 * i, "%2hhx", &msg[i]);
        coin_poly1305(tag, msg, sizeof(msg), key);
        expect(hexeq(tag, 16, "f3477e7cd95417af89a6b8794c310cf0"), "Poly1305");
    }
    if (scratch_len >= 102400) { /* the thread's own scratch, done with by scrypt */
        for (i = 0; i < 102400; i++) scratch[i] = (unsigned char)(i % 251);
        coin_blake3(out, scratch, 102400);
        expect(hexeq(out, 32, "bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085"), "BLAKE3");
    } else {
        expect(0, "scratch size");
    }
    /* sha256d64 against hash256 of each block, two code paths. */
    for (i = 0; i < sizeof(blocks); i++) blocks[i] = (unsigned char)(i * 7 + 3);
    coin_sha256d64(d64, blocks, 16);
    for (i = 0; i < 16; i++) {
        coin_hash256(one, blocks + 64 * i, 64);
        expect(memcmp(one, d64 + 32 * i, 32) == 0, "sha256d64");
    }
}

struct impl {
    char sha1[64], sha256[128], sha512[64], ripemd160[64], keccak[64], scrypt[64], chacha20[64], poly1305[64], blake3[64];
};

static void read_impl(struct impl *s)
{
    snprintf(s->sha1, sizeof(s->sha1), "%s", coin_sha1_implementation());
    snprintf(s->sha256, sizeof(s->sha256), "%s", coin_sha256_implementation());
    snprintf(s->sha512, sizeof(s->sha512), "%s", coin_sha512_implementation());
    snprintf(s->ripemd160, sizeof(s->ripemd160), "%s", coin_ripemd160_implementation());
    snprintf(s->keccak, sizeof(s->keccak), "%s", coin_keccak_implementation());
    snprintf(s->scrypt, sizeof(s->scrypt), "%s", coin_scrypt_implementation());
    snprintf(s->chacha20, sizeof(s->chacha20), "%s", coin_chacha20_implementation());
    snprintf(s->poly1305, sizeof(s->poly1305), "%s", coin_poly1305_implementation());
    snprintf(s->blake3, sizeof(s->blake3), "%s", coin_blake3_implementation());
}

static struct impl first[THREADS];

static void *hasher(void *arg)
{
    const size_t id = (size_t)arg, len = COIN_SCRYPT_1024_1_1_256_BATCH_SCRATCH_SIZE;
    unsigned char *scratch = malloc(len);
    int r;
    if (scratch == NULL) abort();
    pthread_barrier_wait(&start);
    hash_all(scratch, len); /* the first call of every primitive, in every thread at once */
    read_impl(&first[id]);
    pthread_barrier_wait(&start);
    for (r = 0; r < ROUNDS; r++) {
        struct impl now;
        hash_all(scratch, len);
        read_impl(&now); /* whichever features are in use: a whole string, never a torn one */
        expect(strchr(now.sha256, '(') != NULL && strchr(now.scrypt, '(') != NULL, "implementation string");
    }
    hashers_done++;
    free(scratch);
    return NULL;
}

static void *restricter(void *arg)
{
    static const char *const specs[] = {"none", "", "-shani", "-avx512,-avx2", "sse2,ssse3,sse41", "-bmi2"};
    size_t i = (size_t)arg;
    pthread_barrier_wait(&start);
    pthread_barrier_wait(&start);
    while (hashers_done < THREADS) {
        if (coin_cpu_restrict(specs[i++ % (sizeof(specs) / sizeof(specs[0]))]) != 0) expect(0, "restriction");
    }
    return NULL;
}

int main(void)
{
    pthread_t t[THREADS + RESTRICTERS];
    size_t i;
    pthread_barrier_init(&start, NULL, THREADS + RESTRICTERS);
    for (i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, hasher, (void *)i);
    for (i = 0; i < RESTRICTERS; i++) pthread_create(&t[THREADS + i], NULL, restricter, (void *)i);
    for (i = 0; i < THREADS + RESTRICTERS; i++) pthread_join(t[i], NULL);
    for (i = 1; i < THREADS; i++) expect(memcmp(&first[i], &first[0], sizeof(first[0])) == 0, "first selection");
    printf("threads: %d threads, first selection SHA-256 %s, scrypt %s; %d failures\n", THREADS, first[0].sha256,
           first[0].scrypt, (int)failures);
    return failures != 0;
}
