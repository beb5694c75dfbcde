/* Copyright (c) 2026 The coincrypto developers
 * Distributed under the MIT software license, see the accompanying file COPYING. */
#ifndef COINCRYPTO_API_H
#define COINCRYPTO_API_H

/* COIN_API marks the exported symbols; everything else in the library is hidden. A static-only
 * build hides them too (COINCRYPTO_HIDE_API, see configure's --enable-static-exports), so that a
 * shared library that links it does not export them. */
#if defined(_WIN32) || defined(__CYGWIN__)
# if defined(COINCRYPTO_BUILD) && defined(DLL_EXPORT)
#  define COIN_API __declspec(dllexport)
# else
#  define COIN_API
# endif
#elif defined(COINCRYPTO_BUILD) && defined(__GNUC__) && !defined(COINCRYPTO_HIDE_API)
# define COIN_API __attribute__((visibility("default")))
#else
# define COIN_API
#endif

/* What the functions that can reject their parameters (the key derivation functions) or
 * their input (the AEADs' decryption) return. */
#define COIN_OK 0
#define COIN_ERR_PARAM (-1)   /* a parameter out of its documented range */
#define COIN_ERR_SCRATCH (-2) /* the caller's scratch memory is too small */
#define COIN_ERR_AUTH (-3)    /* the ciphertext is not authentic: nothing was decrypted */

#ifdef __cplusplus
# define COIN_BEGIN_DECLS extern "C" {
# define COIN_END_DECLS }
#else
# define COIN_BEGIN_DECLS
# define COIN_END_DECLS
#endif

#endif
