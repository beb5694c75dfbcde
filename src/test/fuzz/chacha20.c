/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */

/* ChaCha20, Poly1305 and ChaCha20-Poly1305. ChaCha20: the portable one-shot encryption against
 * the message encrypted in pieces (in place for odd cut seeds) on every backend, from a block
 * counter the input chooses (so across the 32-bit counter's wrap too), and against OpenSSL's
 * EVP_chacha20 where the counter does not wrap (OpenSSL's counter is 32 bits). Poly1305: in
 * pieces against one call and OpenSSL's EVP_MAC. The AEAD: against OpenSSL's
 * EVP_chacha20_poly1305, decrypted back in two parts, and a flipped bit rejected without
 * plaintext written. Input: 32 key bytes, 12 nonce bytes, 4 counter bytes, a cut seed byte,
 * then an AAD length byte, the AAD and the message. */

#include <openssl/core_names.h>
#include <openssl/evp.h>

#include "chacha20.h"
#include "chacha20poly1305.h"
#include "fuzz.h"
#include "poly1305.h"

struct job {
    const uint8_t *key, *nonce, *aad, *msg;
    size_t aadlen, len;
    uint32_t counter;
    unsigned cut_seed;
    uint8_t *want, *got;
};

static uint32_t le32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

static uint64_t le64(const uint8_t *p) { return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32; }

static void crypt_in_pieces(const char *name, void *arg)
{
    struct job *j = arg;
    struct fuzz_cuts cuts = {j->cut_seed};
    coin_chacha20_ctx c;
    size_t pos;
    const int in_place = j->cut_seed & 1;
    coin_chacha20_init(&c, j->key);
    coin_chacha20_seek(&c, j->nonce, j->counter);
    if (in_place) memcpy(j->got, j->msg, j->len);
    for (pos = 0; pos < j->len;) {
        size_t n = fuzz_next_cut(&cuts);
        if (n > j->len - pos) n = j->len - pos;
        coin_chacha20_crypt(&c, j->got + pos, in_place ? j->got + pos : j->msg + pos, n);
        pos += n;
    }
    fuzz_check(memcmp(j->got, j->want, j->len) == 0, "ChaCha20 in pieces", name);
}

static int openssl_chacha20(const struct job *j, uint8_t *out)
{
    uint8_t iv[16];
    int n = 0, ok;
    EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
    iv[0] = (uint8_t)j->counter; iv[1] = (uint8_t)(j->counter >> 8);
    iv[2] = (uint8_t)(j->counter >> 16); iv[3] = (uint8_t)(j->counter >> 24);
    memcpy(iv + 4, j->nonce, 12);
    ok = e && EVP_EncryptInit_ex(e, EVP_chacha20(), NULL, j->key, iv) &&
         EVP_EncryptUpdate(e, out, &n, j->msg, (int)j->len) && (size_t)n == j->len;
    EVP_CIPHER_CTX_free(e);
    return ok;
}

static int openssl_poly1305(const uint8_t *key, const uint8_t *msg, size_t len, uint8_t tag[16])
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, OSSL_MAC_NAME_POLY1305, NULL);
    EVP_MAC_CTX *m = mac ? EVP_MAC_CTX_new(mac) : NULL;
    size_t n = 0;
    int ok = m && EVP_MAC_init(m, key, 32, NULL) && EVP_MAC_update(m, msg, len) && EVP_MAC_final(m, tag, &n, 16) && n == 16;
    EVP_MAC_CTX_free(m);
    EVP_MAC_free(mac);
    return ok;
}

static int openssl_aead(const struct job *j, uint8_t *out)
{
    int n = 0, ok;
    EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
    ok = e && EVP_EncryptInit_ex(e, EVP_chacha20_poly1305(), NULL, j->key, j->nonce) &&
         (j->aadlen == 0 || EVP_EncryptUpdate(e, NULL, &n, j->aad, (int)j->aadlen)) &&
         EVP_EncryptUpdate(e, out, &n, j->msg, (int)j->len) && (size_t)n == j->len &&
         EVP_EncryptFinal_ex(e, out + j->len, &n) &&
         EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_AEAD_GET_TAG, 16, out + j->len) > 0;
    EVP_CIPHER_CTX_free(e);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_input in = {data, size};
    struct job j;
    struct fuzz_cuts cuts;
    coin_chacha20poly1305_ctx aead;
    coin_poly1305_ctx poly;
    uint8_t *ours, *theirs, tag[16], tag2[16];
    size_t pos, split;
    int r;

    if (size < 49) return 0;
    j.key = in.p;
    j.nonce = in.p + 32;
    j.counter = le32(in.p + 44);
    in.p += 48;
    in.n -= 48;
    j.cut_seed = fuzz_byte(&in);
    fuzz_split(&in, &j.aad, &j.aadlen, &j.msg, &j.len);
    j.want = malloc(j.len + 16);
    j.got = malloc(j.len + 16);
    ours = malloc(j.len + 16);
    theirs = malloc(j.len + 16);
    if (!j.want || !j.got || !ours || !theirs) abort();

    /* ChaCha20 */
    {
        const uint32_t saved = coin_cpu_features();
        coin_chacha20_ctx c;
        coin_cpu_set_features(0);
        coin_chacha20_init(&c, j.key);
        coin_chacha20_seek(&c, j.nonce, j.counter);
        coin_chacha20_crypt(&c, j.want, j.msg, j.len);
        coin_cpu_set_features(saved);
    }
    if ((uint64_t)j.counter + (j.len + 63) / 64 <= 0x100000000ULL) {
        fuzz_check(openssl_chacha20(&j, theirs) && memcmp(theirs, j.want, j.len) == 0, "ChaCha20 against OpenSSL", "generic");
    }
    fuzz_each_backend(coin_chacha20_backend, coin_chacha20_implementation, 0, crypt_in_pieces, &j);

    /* Poly1305, keyed with the key */
    coin_poly1305(tag, j.msg, j.len, j.key);
    fuzz_check(openssl_poly1305(j.key, j.msg, j.len, tag2) && memcmp(tag, tag2, 16) == 0, "Poly1305 against OpenSSL", "generic");
    coin_poly1305_init(&poly, j.key);
    cuts.state = j.cut_seed;
    for (pos = 0; pos < j.len;) {
        size_t n = fuzz_next_cut(&cuts);
        if (n > j.len - pos) n = j.len - pos;
        coin_poly1305_write(&poly, j.msg + pos, n);
        pos += n;
    }
    coin_poly1305_finalize(&poly, tag2);
    fuzz_check(memcmp(tag, tag2, 16) == 0, "Poly1305 in pieces", "generic");

    /* ChaCha20-Poly1305 */
    split = j.len ? j.cut_seed % (j.len + 1) : 0;
    coin_chacha20poly1305_init(&aead, j.key);
    coin_chacha20poly1305_encrypt(&aead, le32(j.nonce), le64(j.nonce + 4), j.aad, j.aadlen, j.msg, split,
                                  j.msg + split, j.len - split, ours);
    fuzz_check(openssl_aead(&j, theirs) && memcmp(ours, theirs, j.len + 16) == 0, "ChaCha20-Poly1305 against OpenSSL", "in use");
    r = coin_chacha20poly1305_decrypt(&aead, le32(j.nonce), le64(j.nonce + 4), j.aad, j.aadlen, ours, j.len + 16, j.got,
                                      j.len - split, j.got + j.len - split, split);
    fuzz_check(r == COIN_OK && memcmp(j.got, j.msg, j.len) == 0, "ChaCha20-Poly1305 decrypted", "in use");
    ours[(j.cut_seed * 7u) % (j.len + 16)] ^= (uint8_t)(1u << (j.cut_seed % 8));
    memset(j.got, 0x5a, j.len);
    r = coin_chacha20poly1305_decrypt(&aead, le32(j.nonce), le64(j.nonce + 4), j.aad, j.aadlen, ours, j.len + 16, j.got,
                                      j.len, NULL, 0);
    for (pos = 0; pos < j.len && j.got[pos] == 0x5a; pos++) {
    }
    fuzz_check(r == COIN_ERR_AUTH && pos == j.len, "ChaCha20-Poly1305 forgery", "in use");
    coin_chacha20poly1305_wipe(&aead);

    free(j.want);
    free(j.got);
    free(ours);
    free(theirs);
    return 0;
}
