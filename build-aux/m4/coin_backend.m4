dnl Copyright (c) 2026 The coincrypto developers
dnl Distributed under the MIT software license, see the accompanying file COPYING.

dnl COIN_BACKEND(NAME, OPTION, DESCRIPTION, HOST-CONDITION, FLAGS, PROBE-BODY)
dnl An accelerated backend, built when the option (--enable-OPTION=yes|no|auto, default auto)
dnl allows it, HOST-CONDITION (a shell test on the host and compiler) holds, and the compiler accepts FLAGS
dnl and compiles PROBE-BODY (C code, with its includes, using the exact intrinsics the backend
dnl uses) with them.
dnl Sets NAME_CFLAGS, defines ENABLE_NAME, and the conditional ENABLE_NAME. With yes, a
dnl backend that cannot be built fails configure. Appends a summary line to coin_summary.
AC_DEFUN([COIN_BACKEND], [
  AC_ARG_ENABLE([$2],
    [AS_HELP_STRING([--enable-$2@<:@=yes|no|auto@:>@], [$3 (default: auto)])],
    [coin_want=$enableval], [coin_want=auto])
  coin_built=no
  $1_CFLAGS=
  AS_IF([test "x$coin_want" = xno], [coin_why="disabled"],
        [! $4], [coin_why="not for $host with this compiler"],
        [
    AC_MSG_CHECKING([whether $CC builds the $2 backend with $5])
    coin_saved_CFLAGS="$CFLAGS"
    dnl An intrinsic the headers lack must fail the probe, not be declared implicitly.
    CFLAGS="$CFLAGS $5 -Werror=implicit-function-declaration"
    AC_COMPILE_IFELSE([AC_LANG_SOURCE([[
$6
]])], [coin_built=yes], [coin_why="the compiler lacks $5 or its intrinsics"])
    CFLAGS="$coin_saved_CFLAGS"
    AC_MSG_RESULT([$coin_built])
  ])
  AS_IF([test "x$coin_built" = xyes],
        [$1_CFLAGS="$5"
         coin_why="$5"
         AC_DEFINE([ENABLE_$1], [1], [Define to build the $2 backend])],
        [test "x$coin_want" = xyes],
        [AC_MSG_ERROR([--enable-$2=yes, but the $2 backend cannot be built: $coin_why])])
  AC_SUBST([$1_CFLAGS])
  AM_CONDITIONAL([ENABLE_$1], [test "x$coin_built" = xyes])
  coin_summary="$coin_summary
    $2: $coin_built ($coin_why)"
])
