#!/usr/bin/env bash
# The embed job (run by ci/run.sh from a clean copy of the tree): contrib/embed-example as a
# parent tree with this tree as its coincrypto/ subtree, as Bitcoin Core has src/secp256k1/.
# With gcc: configure it (CXXFLAGS=-O2, the parent's own), make check (its crypto tests and
# node_hashes, then coincrypto's make check), and check that the parent's flags stay its own:
# its Makefile has the CXXFLAGS it was given, and its objects hold no instruction that only
# coincrypto's guarded backends may use, and a shared library linking coincrypto exports none
# of its functions; then make distcheck. (A clang pass was dropped in December 2026: clang's
# autotools build of coincrypto is the tsan and fuzz jobs', and a parent tree with clang the
# cmake-clang job's.)
set -euo pipefail
tree=$PWD
parent=$tree/embed-gcc
echo "ci/embed.sh: the parent tree with gcc in $parent"
mkdir "$parent"
cp -R contrib/embed-example/. "$parent"
mkdir "$parent/coincrypto"
tar --exclude='./embed-*' -cf - . | tar -xf - -C "$parent/coincrypto"
cd "$parent"
autoreconf --install --force
export CC=gcc CXX=g++ CXXFLAGS=-O2
# -C: the subtree's configure reads the parent's cache (AC_CONFIG_SUBDIRS passes it on), as in a
# parent configured with -C: its compiler and libtool checks are read from there (the two
# configures took 30 s, 24 with the cache).
./configure -C
make -j2 check
grep -qx 'CXXFLAGS = -O2' Makefile || { echo "ci/embed.sh: the parent's CXXFLAGS changed:" >&2; grep '^CXXFLAGS' Makefile >&2; exit 1; }
coincrypto/contrib/devtools/check-isa.sh --portable ./*.o
# A shared library of the parent's that links coincrypto (as libdogecoinconsensus does) exports
# none of its functions: a static-only build hides them (--enable-static-exports would not).
gcc -shared -o libparent.so -Wl,--whole-archive coincrypto/.libs/libcoincrypto.a -Wl,--no-whole-archive
exported=$(nm -D --defined-only libparent.so | grep -c ' coin_' || true)
[ "$exported" = 0 ] || { echo "ci/embed.sh: libparent.so exports $exported coin_* functions" >&2; exit 1; }
# The tarball is what distcheck proves (it holds what builds, passes and cleans up), not the
# optimiser: built at -O0, it compiles in less than half the time.
make -j2 distcheck DISTCHECK_CONFIGURE_FLAGS="-C CFLAGS=-O0 CXXFLAGS=-O0"
