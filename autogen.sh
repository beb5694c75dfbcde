#!/bin/sh
# Generates ./configure from configure.ac (needs autoconf, automake and libtool).
set -e
cd "$(dirname "$0")"
autoreconf --install --force
