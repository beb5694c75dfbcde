dnl Copyright (c) 2026 The coincrypto developers
dnl Distributed under the MIT software license, see the accompanying file COPYING.

dnl COIN_TRY_APPEND_CFLAGS(FLAGS, VAR)
dnl Appends FLAGS to VAR when the C compiler accepts them without a warning.
AC_DEFUN([COIN_TRY_APPEND_CFLAGS], [
  AS_VAR_PUSHDEF([coin_cv], [coin_cv_cflags_$1])
  AC_CACHE_CHECK([whether the C compiler accepts $1], [coin_cv], [
    coin_saved_CFLAGS="$CFLAGS"
    CFLAGS="$CFLAGS $1 -Werror"
    AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[]], [[]])],
                      [AS_VAR_SET([coin_cv], [yes])], [AS_VAR_SET([coin_cv], [no])])
    CFLAGS="$coin_saved_CFLAGS"])
  AS_VAR_IF([coin_cv], [yes], [$2="$$2 $1"])
  AS_VAR_POPDEF([coin_cv])
])
