#!/usr/bin/env bash
# The embed job (run by ci/run.sh from a clean copy of the tree): contrib/embed-example as a
# parent tree with this tree as its coincrypto/ subtree, as Bitcoin Core has src/secp256k1/.
# With gcc, then clang: configure it (CXXFLAGS=-O2, the parent's own), make check (its
# crypto tests and node_hashes, then coincrypto's make check), and check that the parent's
# flags stay its own: its Makefile has the CXXFLAGS it was given, and its objects hold no
# instruction that only coincrypto's guarded backends may use. With gcc, then make distcheck.
set -euo pipefail
tree=$PWD
for compilers in "gcc g++" "clang clang++"; do
  read -r cc cxx <<< "$compilers"
  parent=$tree/embed-$cc
  echo "ci/embed.sh: the parent tree with $cc in $parent"
  mkdir "$parent"
  cp -R contrib/embed-example/. "$parent"
  mkdir "$parent/coincrypto"
  tar --exclude='./embed-*' -cf - . | tar -xf - -C "$parent/coincrypto"
  cd "$parent"
  autoreconf --install --force
  export CC=$cc CXX=$cxx CXXFLAGS=-O2
  ./configure
  make -j2 check
  grep -qx 'CXXFLAGS = -O2' Makefile || { echo "ci/embed.sh: the parent's CXXFLAGS changed:" >&2; grep '^CXXFLAGS' Makefile >&2; exit 1; }
  coincrypto/contrib/devtools/check-isa.sh --portable ./*.o
  if [ "$cc" = gcc ]; then make -j2 distcheck; fi
  cd "$tree"
done
