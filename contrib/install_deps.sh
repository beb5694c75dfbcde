#!/bin/sh
# Installs the Debian packages that building and testing coincrypto need, when missing.
# Usage: contrib/install_deps.sh [extra-package ...]
set -e
pkgs="build-essential autoconf automake libtool pkg-config libboost-dev libboost-test-dev $*"
missing=
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
echo "Installing:$missing"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing
