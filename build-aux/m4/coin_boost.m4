dnl Copyright (c) 2026 The coincrypto developers
dnl Distributed under the MIT software license, see the accompanying file COPYING.

dnl COIN_CHECK_BOOST_TEST([ACTION-IF-FOUND], [ACTION-IF-NOT-FOUND])
dnl Looks for the header-only Boost.Test (no library to link, so cross builds need only the
dnl headers). --with-boost=DIR names a prefix whose include/ holds boost/.
AC_DEFUN([COIN_CHECK_BOOST_TEST], [
  AC_ARG_WITH([boost],
    [AS_HELP_STRING([--with-boost=DIR], [prefix of the Boost headers (default: the compiler's search path)])],
    [AS_IF([test "x$withval" != xyes && test "x$withval" != xno], [BOOST_CPPFLAGS="-I$withval/include"])])
  AC_LANG_PUSH([C++])
  coin_saved_CPPFLAGS="$CPPFLAGS"
  CPPFLAGS="$BOOST_CPPFLAGS $CPPFLAGS"
  AC_MSG_CHECKING([for the header-only Boost.Test])
  dnl Preprocessed, not compiled: compiling the whole of Boost.Test took 15 s of CPU per configure,
  dnl and test_coincrypto's main.cpp compiles it anyway.
  AC_PREPROC_IFELSE([AC_LANG_SOURCE([[
#define BOOST_TEST_MODULE probe
#include <boost/test/included/unit_test.hpp>
]])],
    [AC_MSG_RESULT([yes]); $1], [AC_MSG_RESULT([no]); $2])
  CPPFLAGS="$coin_saved_CPPFLAGS"
  AC_LANG_POP([C++])
  AC_SUBST([BOOST_CPPFLAGS])
])
