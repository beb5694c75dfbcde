#!/usr/bin/env bash
# Runs one CI job from a clean build directory: ci/run.sh JOB, or ci/run.sh --list.
# A job is an environment file ci/jobs/JOB.env setting some of:
#   PACKAGES     Debian packages the job needs beyond contrib/install_deps.sh's
#   HOST         a cross build through depends/ (make -C depends HOST=...; the tests then
#                run under GUARDS' wrappers only)
#   CC, CXX      compilers (native builds; depends/ names a cross build's)
#   CONFIGURE    extra ./configure arguments
#   CFLAGS       passed to ./configure
#   CXXFLAGS     passed to ./configure (default: CFLAGS less -Werror, as Boost warns; -O1 in
#                a cross build, whose C++ is the tests' own, not the library's: Boost.Test's
#                macros compile a third faster than at -O2)
#   LDFLAGS      passed to ./configure (native builds)
#   TARGET       make target (default: check)
#   SHARED       no: configure --disable-shared, for a job that tests nothing of the shared
#                library (every test program links the static one), so that libtool compiles
#                each source once, not twice (PIC and not)
#   GUARDS       after the build, runs make check again under each of these lines,
#                "WRAPPER | expected line | expected line ...": WRAPPER runs the tests (e.g.
#                "qemu-x86_64 -cpu Nehalem"), and each expected line must be among the '#'
#                lines bench_coincrypto prints there (the backends selected); a '*' in it
#                matches anything, for the batch orders timed on the (emulated) CPU, and the
#                ' [timed]' that ends such a line (bash [[ ]] patterns: '*(' would be an
#                extended glob, so write '*1way)*'). The richest CPU first: a backend's
#                checks that passed under one line (or in the native make check, on this
#                CPU) are not run again under the next (COINCRYPTO_TEST_VERIFIED,
#                src/test/cavp.h). WRAPPER "env" runs them natively (a cross build this
#                CPU runs, e.g. i686 linked --static).
#   THEN         scripts or programs (and their arguments), one a line, each run from the
#                build directory after the GUARDS lines, on the same build (ci/ctime.sh,
#                the tsan job's test_threads)
#   SCRIPT       a script (and its arguments) to run from the job's copy of the tree instead of
#                the build
#   TREE         yes: no copy and no build of its own: the native make check, the GUARDS lines
#                and THEN run on the tree's build, the one the README's test command makes
#                there (.ci/run runs the job right after that command, in its readme job)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" = "--list" ] || [ $# -ne 1 ]; then
  for f in "$top"/ci/jobs/*.env; do
    printf '%-16s %s\n' "$(basename "$f" .env)" "$(sed -n 's/^# //p' "$f" | head -n 1)"
  done
  [ "${1:-}" = "--list" ] && exit 0
  echo "usage: ci/run.sh JOB | --list" >&2
  exit 2
fi

job=$1
env_file="$top/ci/jobs/$job.env"
[ -f "$env_file" ] || { echo "ci/run.sh: no job '$job' (see ci/run.sh --list)" >&2; exit 2; }
PACKAGES= HOST= CC=gcc CXX=g++ CONFIGURE= CFLAGS="-O2" CXXFLAGS= LDFLAGS= TARGET=check SHARED=yes GUARDS= THEN= SCRIPT= TREE=
# shellcheck disable=SC1090
. "$env_file"
[ -n "$CXXFLAGS" ] || { [ -n "$HOST" ] && CXXFLAGS=-O1 || CXXFLAGS=${CFLAGS//-Werror/}; }

"$top/contrib/install_deps.sh" $PACKAGES

if [ "$TREE" = yes ]; then
  build=$top
  cd "$build"
  [ -f Makefile ] || { echo "ci/run.sh: job $job runs on the tree's build: run the README's test command first" >&2; exit 2; }
  start=$(date +%s)
else
  # A private copy of the tree (tracked and new files, as in the work tree), so a job never
  # meets another build's files: from the tarball CI_TREE names (.ci/run's, made before the
  # README's build began in the tree), else from the tree.
  build="$top/build/ci-$job"
  rm -rf "$build"
  mkdir -p "$build"
  if [ -n "${CI_TREE:-}" ]; then
    tar xf "$CI_TREE" -C "$build"
  else
    (cd "$top" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar cf - ) | (cd "$build" && tar xf -)
  fi
  cd "$build"
  start=$(date +%s)
  if [ -n "$SCRIPT" ]; then
    # shellcheck disable=SC2086
    ./$SCRIPT
    echo "ci/run.sh: job $job passed in $(( $(date +%s) - start )) s"
    exit 0
  fi
  [ -x configure ] || ./autogen.sh >/dev/null
  [ "$SHARED" = no ] && CONFIGURE="--disable-shared $CONFIGURE"
  if [ -n "$HOST" ]; then
    # A cross build goes through depends/, as a packager's would: its config.site names the
    # host, the toolchain and the Boost headers.
    make -C depends HOST="$HOST"
    # shellcheck disable=SC2086
    CONFIG_SITE="$PWD/depends/$HOST/share/config.site" ./configure CFLAGS="$CFLAGS" \
      CXXFLAGS="$CXXFLAGS" $CONFIGURE
  else
    # shellcheck disable=SC2086
    ./configure CC="$CC" CXX="$CXX" CFLAGS="$CFLAGS" CXXFLAGS="$CXXFLAGS" LDFLAGS="$LDFLAGS" $CONFIGURE
  fi
fi
# A native make check records the backends' checks that pass on this CPU, so that the GUARDS
# lines (emulated CPUs, slower than this one) do not run them again.
verified="$top/build/ci-$job.verified"
mkdir -p "$top/build"
rm -f "$verified"
COINCRYPTO_TEST_VERIFIED="$verified" make -j2 "$TARGET"
echo "ci/run.sh: make $TARGET done in $(( $(date +%s) - start )) s"

# Under wine: the prefix set up first, then one wineserver kept for every test, so that no
# test starts while the last one's server is shutting down (a fresh clone's mingw64 job once
# failed a test with "wine client error:0: recvmsg: Connection reset by peer").
case $GUARDS in
  *wine*)
    wineboot --init >/dev/null 2>&1 || true
    wineserver --wait
    wineserver --persistent
    trap 'wineserver --kill || true' EXIT
    ;;
esac
while IFS= read -r guard; do
  [ -n "$guard" ] || continue
  wrapper=${guard%%|*}
  wrapper=$(echo $wrapper)
  # A cross build run natively, on a host that cannot execute it (a kernel or sandbox without
  # 32-bit support, where the shell reports an exec format error, 126): the lines that follow
  # run the tests under qemu instead.
  if [ "$wrapper" = env ] && [ -n "$HOST" ]; then
    rc=0
    ./bench_coincrypto -filter='^$' >/dev/null 2>&1 || rc=$?
    if [ "$rc" -eq 126 ]; then
      echo "ci/run.sh: this host cannot execute $HOST programs: '$wrapper' skipped"
      continue
    fi
  fi
  echo "ci/run.sh: make check under '$wrapper'"
  t=$(date +%s)
  COINCRYPTO_TEST_VERIFIED="$verified" make check WRAPPER_CMD="$wrapper"
  grep -hs "^test_coincrypto: .* skipped" test_coincrypto*.log || true
  bench=./bench_coincrypto
  [ -f $bench.exe ] && bench=$bench.exe
  selected=$($wrapper $bench -sanity-check -filter='^$' | tr -d '\r' | grep '^#')
  case $guard in *"|"*) rest=${guard#*|} ;; *) rest= ;; esac
  while [ -n "$rest" ]; do
    want=${rest%%|*}
    want=$(set -f; echo $want)
    [ "$rest" = "${rest#*|}" ] && rest= || rest=${rest#*|}
    found=
    while IFS= read -r line; do
      # shellcheck disable=SC2053
      [[ $line == "# "$want ]] && found=1
    done <<< "$selected"
    [ -n "$found" ] || {
      echo "ci/run.sh: under '$wrapper' expected '# $want' among:" >&2
      echo "$selected" >&2
      exit 1
    }
  done
  echo "ci/run.sh: under '$wrapper' in $(( $(date +%s) - t )) s"
done <<< "$GUARDS"
while IFS= read -r then; do
  [ -n "$then" ] || continue
  t=$(date +%s)
  # shellcheck disable=SC2086
  "$build"/$then
  echo "ci/run.sh: $then in $(( $(date +%s) - t )) s"
done <<< "$THEN"
echo "ci/run.sh: job $job passed in $(( $(date +%s) - start )) s"
