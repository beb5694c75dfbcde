#!/usr/bin/env bash
# The CMake jobs (run by ci/run.sh from a clean copy of the tree): ci/cmake.sh gcc|clang|aarch64.
#   gcc      CMakeLists.txt and Makefile.am list the same sources; cmake, build (no suite), ctest; the
#            same backends selected as the autotools build; install, then find_package(coincrypto)
#            (the CMake embed example on the installed copy) and pkg-config (a C program); the
#            autotools tarball builds a shared library with CMake that passes ctest and exports
#            the same symbols as the autotools build
#   clang    cmake, build, ctest; contrib/embed-example-cmake as a parent tree, coincrypto its
#            subtree by add_subdirectory: its tests pass, no flag of ours reaches its objects
#            and no instruction of the guarded backends is in them
#   aarch64  the cross build through depends/'s toolchain.cmake, every ARM backend (no suite),
#            ctest under qemu-aarch64 -cpu max and cortex-a53, each selecting what that CPU has
set -euo pipefail
tree=$PWD
mode=${1:?usage: ci/cmake.sh gcc|clang|aarch64}
# The C++ built from this tree is the tests' own: at -O1 without -g (the build type's -O2 -g),
# Boost.Test's macros compile in half the time. The library's C keeps the build type's flags.
tests_cxx=-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1

# The '# NAME: backend' lines bench_coincrypto prints, run by "$@".
selected() { "$@" -sanity-check -filter='^$' | tr -d '\r' | grep '^# [A-Z0-9]*:'; }
# expect "LINES" PATTERN...: each bash pattern matches one of the lines.
expect() {
  local lines=$1 want line found
  shift
  for want in "$@"; do
    found=
    while IFS= read -r line; do [[ $line == "# "$want ]] && found=1; done <<< "$lines"
    [ -n "$found" ] || { echo "ci/cmake.sh: expected '# $want' among:" >&2; echo "$lines" >&2; exit 1; }
  done
}

case $mode in
gcc)
  contrib/devtools/check-build-lists.py
  # Without the suite: it runs on a CMake build in the clang mode, and on gcc's autotools
  # build in the gcc job; here each backend's self-test (the bench's '#' lines,
  # compared below) and ctest's bench sanity check run on CMake's flags for gcc on x86.
  cmake -S . -B build-cmake -DCMAKE_C_FLAGS="-O2 -Werror" -DCOINCRYPTO_BUILD_TESTS=OFF -DCOINCRYPTO_BENCH_PEER=openssl \
    -DCMAKE_INSTALL_PREFIX="$tree/inst" -DCMAKE_INSTALL_LIBDIR=lib
  cmake --build build-cmake -j2
  (cd build-cmake && ctest --output-on-failure)

  # The autotools build of the same tree: the same backends, the same exported symbols.
  [ -x configure ] || ./autogen.sh >/dev/null
  ./configure --disable-tests --disable-static CFLAGS=-O2 >/dev/null
  make -j2 libcoincrypto.la bench_coincrypto
  # (where the order was timed, on a CPU the tuning table lacks, the batch widths are left out,
  # and so is scrypt's one-header ROMix, sse2 or generic, the last of its line)
  backends() { selected "$@" | sed '/ \[timed\]$/{s/([^)]*)//g; /^# SCRYPT:/s/;[a-z0-9_]* \[timed\]$/ [timed]/;}'; }
  diff <(backends ./bench_coincrypto) <(backends build-cmake/bench_coincrypto)
  echo "ci/cmake.sh: autotools and CMake select the same backends"

  # Installed: find_package(coincrypto) and pkg-config.
  cmake --install build-cmake
  cmake -S contrib/embed-example-cmake -B build-installed -DEMBED_USE_INSTALLED=ON \
    -DCMAKE_PREFIX_PATH="$tree/inst" -DEMBED_SOURCES="$tree/contrib/embed-example"
  cmake --build build-installed -j2
  (cd build-installed && ctest --output-on-failure)
  pc="PKG_CONFIG_PATH=$tree/inst/lib/pkgconfig"
  # shellcheck disable=SC2046
  gcc src/test/installcheck.c $(env "$pc" pkg-config --cflags --libs coincrypto) -o installcheck-c
  ./installcheck-c

  # The tarball of the autotools build holds the CMake build, which builds from it and passes.
  make dist >/dev/null
  # Reproducible: a second make dist gives the same bytes.
  mv coincrypto-*.tar.gz first.tar.gz && make dist >/dev/null && cmp first.tar.gz coincrypto-*.tar.gz
  echo "ci/cmake.sh: make dist twice: the same $(wc -c < first.tar.gz) bytes"
  rm -rf dist-cmake && mkdir dist-cmake
  tar -xzf coincrypto-*.tar.gz -C dist-cmake --strip-components=1
  # Shared: it exports the same symbols as the autotools build, with the same SONAME (Debug,
  # -O0: those do not depend on the optimiser, and it compiles in half the time).
  cmake -S dist-cmake -B build-dist -DCOINCRYPTO_BUILD_TESTS=OFF -DBUILD_SHARED_LIBS=ON -DCMAKE_BUILD_TYPE=Debug
  cmake --build build-dist -j2
  (cd build-dist && ctest --output-on-failure)
  exported() { nm -D --defined-only "$1" | awk '{ print $NF }' | grep -v '^_' | sort; }
  diff <(exported .libs/libcoincrypto.so) <(exported build-dist/libcoincrypto.so)
  soname() { objdump -p "$1" | awk '$1 == "SONAME" { print $2 }'; }
  [ "$(soname .libs/libcoincrypto.so)" = "$(soname build-dist/libcoincrypto.so)" ]
  echo "ci/cmake.sh: autotools and CMake export the same $(exported .libs/libcoincrypto.so | wc -l) symbols, SONAME $(soname .libs/libcoincrypto.so)"
  ;;
clang)
  cmake -S . -B build-cmake -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_FLAGS="-O2 -Werror" \
    "$tests_cxx"
  cmake --build build-cmake -j2
  (cd build-cmake && ctest --output-on-failure)

  parent=$tree/embed-cmake
  mkdir "$parent"
  cp -R contrib/embed-example-cmake/. "$parent"
  mkdir "$parent/coincrypto"
  tar --exclude='./embed-cmake' --exclude='./build-cmake' -cf - . | tar -xf - -C "$parent/coincrypto"
  cmake -S "$parent" -B "$parent/build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_CXX_FLAGS=-O2 -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
  cmake --build "$parent/build" -j2
  (cd "$parent/build" && ctest --output-on-failure)
  # The parent's objects: compiled without our flags, and holding no guarded instruction.
  python3 - "$parent/build/compile_commands.json" <<'PY'
import json, sys
ours = ("-fvisibility", "-Wshadow", "-Wvla", "-msse", "-mssse", "-msha", "-mavx", "-mbmi", "COINCRYPTO_BUILD", "ENABLE_")
for entry in json.load(open(sys.argv[1])):
    if entry["directory"].rstrip("/").endswith("/coincrypto"):
        continue
    leaked = [f for f in ours if f in entry["command"]]
    if leaked:
        sys.exit(f"ci/cmake.sh: coincrypto's flags {leaked} reached the parent's {entry['file']}")
print("ci/cmake.sh: the parent's objects are compiled with its own flags only")
PY
  # shellcheck disable=SC2046
  contrib/devtools/check-isa.sh --portable $(find "$parent/build/CMakeFiles" -path '*.dir/*' -name '*.o')
  contrib/devtools/check-isa.sh "$parent/build/coincrypto"
  ;;
aarch64)
  make -C depends HOST=aarch64-linux-gnu
  qemu="qemu-aarch64;-L;/usr/aarch64-linux-gnu;-cpu"
  # Without the suite, as in the gcc mode: it runs on the aarch64 job's autotools build under
  # the same CPUs, and on a CMake build in the clang mode; here each backend's self-test (the
  # bench's '#' lines, checked below) and ctest's bench sanity check run on CMake's flags for
  # each ARM extension.
  cmake -S . -B build-cmake -DCMAKE_TOOLCHAIN_FILE="$tree/depends/aarch64-linux-gnu/share/toolchain.cmake" \
    -DCOINCRYPTO_BUILD_TESTS=OFF \
    -DCOINCRYPTO_ENABLE_NEON=yes -DCOINCRYPTO_WITH_ARMV8_CRYPTO=yes -DCOINCRYPTO_WITH_ARMV82_CRYPTO=yes \
    -DCMAKE_C_FLAGS="-O2 -Werror" -DCMAKE_CROSSCOMPILING_EMULATOR="$qemu;max"
  cmake --build build-cmake -j2
  for cpu in max cortex-a53; do
    cmake build-cmake -DCMAKE_CROSSCOMPILING_EMULATOR="$qemu;$cpu" >/dev/null
    echo "ci/cmake.sh: ctest under qemu-aarch64 -cpu $cpu"
    (cd build-cmake && ctest --output-on-failure)
    lines=$(selected qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu $cpu build-cmake/bench_coincrypto)
    if [ $cpu = max ]; then
      expect "$lines" 'SHA256: arm_shani(1way*' 'SHA1: arm_shani' 'SHA512: armv82' 'KECCAK: armv82' 'CHACHA20: neon(4way)*' \
        'BLAKE3: neon(4way)'
    else
      expect "$lines" 'SHA256: arm_shani(1way*' 'SHA1: arm_shani' 'SHA512: generic' 'KECCAK: generic' 'CHACHA20: neon(4way)*' \
        'BLAKE3: neon(4way)'
    fi
  done
  ;;
*)
  echo "ci/cmake.sh: no mode '$mode'" >&2
  exit 2
  ;;
esac
echo "ci/cmake.sh: $mode passed"
