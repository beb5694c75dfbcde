dnl Copyright (c) 2026 The coincrypto developers
dnl Distributed under the MIT software license, see the accompanying file COPYING.

dnl COIN_CHECK_BOOST_TEST([ACTION-IF-FOUND], [ACTION-IF-NOT-FOUND])
dnl Looks for Boost.Test's headers (no library needed, so cross builds need only the headers).
dnl --with-boost=DIR names a prefix whose include/ holds boost/. Without it, the framework is
dnl linked from the system's Boost.Test library where it has one (Debian: libboost-test-dev),
dnl which saves compiling it in src/test/main.cpp (15-40 s of CPU a build); BOOST_TEST_LIBS
dnl then names it, and BOOST_CPPFLAGS defines BOOST_TEST_DYN_LINK. Headers from DIR are not
dnl mixed with a library of another version.
AC_DEFUN([COIN_CHECK_BOOST_TEST], [
  AC_ARG_WITH([boost],
    [AS_HELP_STRING([--with-boost=DIR], [prefix of the Boost headers (default: the compiler's search path)])],
    [AS_IF([test "x$withval" != xyes && test "x$withval" != xno], [BOOST_CPPFLAGS="-I$withval/include"])])
  AC_LANG_PUSH([C++])
  coin_saved_CPPFLAGS="$CPPFLAGS"
  CPPFLAGS="$BOOST_CPPFLAGS $CPPFLAGS"
  AC_MSG_CHECKING([for the header-only Boost.Test])
  dnl Preprocessed, not compiled: compiling the whole of Boost.Test took 15 s of CPU per configure.
  AC_PREPROC_IFELSE([AC_LANG_SOURCE([[
#define BOOST_TEST_MODULE probe
#include <boost/test/included/unit_test.hpp>
]])],
    [AC_MSG_RESULT([yes]); coin_boost_test=yes], [AC_MSG_RESULT([no]); coin_boost_test=no])
  BOOST_TEST_LIBS=
  AS_IF([test "x$coin_boost_test" = xyes && test "x$BOOST_CPPFLAGS" = x], [
    AC_MSG_CHECKING([for the Boost.Test library])
    coin_saved_LIBS="$LIBS"
    LIBS="-lboost_unit_test_framework $LIBS"
    dnl The entry point BOOST_TEST_DYN_LINK's main() calls, declared as boost/test/unit_test.hpp
    dnl declares it (compiling that header would take seconds).
    AC_LINK_IFELSE([AC_LANG_SOURCE([[
namespace boost { namespace unit_test { typedef bool (*init_unit_test_func)();
int unit_test_main(init_unit_test_func init_func, int argc, char* argv[]); } }
static bool init() { return true; }
int main(int argc, char* argv[]) { return boost::unit_test::unit_test_main(&init, argc, argv); }
]])],
      [BOOST_TEST_LIBS=-lboost_unit_test_framework; BOOST_CPPFLAGS=-DBOOST_TEST_DYN_LINK; AC_MSG_RESULT([yes])],
      [AC_MSG_RESULT([no: src/test/main.cpp compiles the header-only framework])])
    LIBS="$coin_saved_LIBS"
  ])
  CPPFLAGS="$coin_saved_CPPFLAGS"
  AC_LANG_POP([C++])
  AC_SUBST([BOOST_CPPFLAGS])
  AC_SUBST([BOOST_TEST_LIBS])
  AS_IF([test "x$coin_boost_test" = xyes], [$1], [$2])
])
