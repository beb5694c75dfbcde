#!/bin/sh
# Compiles src/crypto/cpu.c (syntax and warnings) for every operating system whose CPU
# detection it has, including those this machine cannot build for: macOS, FreeBSD, OpenBSD
# and Windows on ARM, with clang and the stub headers in os-stubs/.
# Usage: contrib/devtools/check-cpu-detection.sh   (needs clang)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
stubs="$top/contrib/devtools/os-stubs"
builtin="$(clang -print-resource-dir)/include"
status=0
for t in "arm64-apple-darwin darwin" \
         "aarch64-unknown-freebsd freebsd" \
         "aarch64-unknown-openbsd freebsd" \
         "aarch64-unknown-linux-gnu linux" \
         "armv7-unknown-linux-gnueabihf linux" \
         "aarch64-w64-windows-gnu none" \
         "aarch64-w64-windows-gnu none -DCOIN_STUB_NEW_SDK" \
         "x86_64-unknown-linux-gnu linux"; do
  set -- $t
  target=$1 os=$2
  shift 2
  if clang --target="$target" -std=c11 -ffreestanding -nostdinc -isystem "$builtin" \
       -isystem "$stubs/libc" -isystem "$stubs/$os" -I "$top/src/crypto" "$@" \
       -fsyntax-only -Wall -Wextra -Wundef -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Werror \
       "$top/src/crypto/cpu.c"; then
    echo "check-cpu-detection: $target $* ok"
  else
    echo "check-cpu-detection: $target $* FAILED" >&2
    status=1
  fi
done
exit $status
