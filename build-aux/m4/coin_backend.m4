dnl Copyright (c) 2026 The coincrypto developers
dnl Distributed under the MIT software license, see the accompanying file COPYING.

dnl COIN_BACKEND(NAME, enable|with, OPTION, DESCRIPTION, HOST-CONDITION, FLAGS)
dnl An accelerated backend, built when the option (--enable-OPTION or --with-OPTION, as the
dnl second argument says, =yes|no|auto, default auto) allows it, HOST-CONDITION (a shell test
dnl on the host and compiler) holds, and the compiler accepts FLAGS and compiles with them the
dnl probe build-aux/probes/OPTION.c (the exact intrinsics the backend uses; CMakeLists.txt
dnl compiles the same file). FLAGS may be a shell variable, for flags that depend on the host.
dnl Sets NAME_CFLAGS, defines ENABLE_NAME, and the conditional ENABLE_NAME. With yes, a
dnl backend that cannot be built fails configure. Appends a summary line to coin_summary.
AC_DEFUN([COIN_BACKEND], [
  m4_if([$2], [with],
    [AC_ARG_WITH([$3],
      [AS_HELP_STRING([--with-$3@<:@=yes|no|auto@:>@], [$4 (default: auto)])],
      [coin_want=$withval], [coin_want=auto])],
    [AC_ARG_ENABLE([$3],
      [AS_HELP_STRING([--enable-$3@<:@=yes|no|auto@:>@], [$4 (default: auto)])],
      [coin_want=$enableval], [coin_want=auto])])
  AS_CASE([$coin_want], [yes|no|auto], [],
          [AC_MSG_ERROR([--$2-$3 takes yes, no or auto, not '$coin_want'])])
  coin_built=no
  $1_CFLAGS=
  AS_IF([test "x$coin_want" = xno], [coin_why="disabled"],
        [! { $5; }], [coin_why="not for $host with this compiler"],
        [
    coin_flags_desc="$6"
    test -n "$coin_flags_desc" || coin_flags_desc="no extra flags"
    AC_MSG_CHECKING([whether $CC builds the $3 backend with $coin_flags_desc])
    coin_saved_CFLAGS="$CFLAGS"
    dnl In the order of the build, where the user's CFLAGS come last (and may undo FLAGS).
    dnl An intrinsic the headers lack must fail the probe, not be declared implicitly.
    CFLAGS="$6 $CFLAGS -Werror=implicit-function-declaration"
    AC_COMPILE_IFELSE([AC_LANG_SOURCE([[#include "$srcdir/build-aux/probes/$3.c"]])], [coin_built=yes], [coin_why="$CC cannot compile its intrinsics with '$6 $coin_saved_CFLAGS'"])
    CFLAGS="$coin_saved_CFLAGS"
    AC_MSG_RESULT([$coin_built])
  ])
  AS_IF([test "x$coin_built" = xyes],
        [$1_CFLAGS="$6"
         coin_why="$coin_flags_desc"
         AC_DEFINE([ENABLE_$1], [1], [Define to build the $3 backend])],
        [test "x$coin_want" = xyes],
        [AC_MSG_ERROR([--$2-$3=yes, but the $3 backend cannot be built: $coin_why])])
  AC_SUBST([$1_CFLAGS])
  AM_CONDITIONAL([ENABLE_$1], [test "x$coin_built" = xyes])
  coin_summary="$coin_summary
    $3: $coin_built ($coin_why)"
])
