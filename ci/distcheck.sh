#!/usr/bin/env bash
# The tarball, run by the gcc job (ci/jobs/gcc.env) on its build, the README's in the tree:
# make distcheck builds the tarball out of tree and passes make check there; it installs, and
# make installcheck builds a C program (C API) and a C++11 one (Core API: the embed example's
# node_hashes) against the installed copy with pkg-config, and runs them. Built at -O0, the
# library and the tests: the backends' intrinsics without the optimiser, checked against the
# portable code (the gcc-O0 job's, until December 2026). Without the suite's `long` tests (the
# Monte Carlo and million-a vectors, the short vectors' paths many times over), which the
# README's suite has just run at -O2.
set -euo pipefail
BOOST_TEST_RUN_FILTERS='!@long' make -j2 distcheck DISTCHECK_CONFIGURE_FLAGS="CFLAGS=-O0 CXXFLAGS=-O0"
