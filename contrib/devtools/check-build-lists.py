#!/usr/bin/env python3
# Copyright (c) 2026 The coincrypto developers
# Distributed under the MIT software license, see the accompanying file COPYING.
"""Fails when Makefile.am and CMakeLists.txt do not build the same thing: the same sources in
each library (the portable one and each ISA's), the same test sources and installed C headers,
and every .c file of src/crypto in exactly one library of each, every drop-in header of
src/crypto/core/crypto installed by Makefile.am (CMakeLists.txt installs them all).
Usage: contrib/devtools/check-build-lists.py [TOP]"""
import glob
import os
import re
import sys

top = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
am = open(os.path.join(top, "Makefile.am")).read().replace("\\\n", " ")
cm = open(os.path.join(top, "CMakeLists.txt")).read()


def am_list(var):
    m = re.search(r"^%s\s*=(.*)$" % re.escape(var), am, re.M)
    if not m:
        sys.exit(f"check-build-lists: Makefile.am has no {var}")
    return {w for w in m.group(1).split() if not w.startswith("$")}


def cm_list(pattern):
    m = re.search(pattern, cm, re.S)
    if not m:
        sys.exit(f"check-build-lists: CMakeLists.txt has nothing matching {pattern}")
    return set(m.group(1).split())


pairs = {"libcoincrypto": (am_list("libcoincrypto_la_SOURCES"), cm_list(r"set\(coin_sources\s(.*?)\)"))}
for lib in re.findall(r"^libcoincrypto_(\w+)_la_SOURCES", am, re.M):
    pairs["libcoincrypto_" + lib] = (am_list(f"libcoincrypto_{lib}_la_SOURCES"),
                                     cm_list(r"coin_isa_library\(%s \w+ (.*?)\)" % lib))
cm_isa = set(re.findall(r"^coin_isa_library\((\w+) ", cm, re.M))
am_isa = {k[len("libcoincrypto_"):] for k in pairs if k != "libcoincrypto"}
pairs["test_coincrypto (.cpp)"] = ({s for s in am_list("test_coincrypto_SOURCES") if s.endswith(".cpp")},
                                   cm_list(r"add_executable\(test_coincrypto\s(.*?)\)"))
pairs["installed C headers"] = (am_list("coincryptoinclude_HEADERS"), cm_list(r"set\(coin_public_headers\s(.*?)\)"))

bad = []
for what, (a, c) in pairs.items():
    if a != c:
        bad.append(f"{what}: only in Makefile.am: {sorted(a - c)}; only in CMakeLists.txt: {sorted(c - a)}")
if am_isa != cm_isa:
    bad.append(f"ISA libraries: Makefile.am {sorted(am_isa)}, CMakeLists.txt {sorted(cm_isa)}")
built = [s for k, (a, _) in pairs.items() if k.startswith("libcoincrypto") for s in a]
for src in sorted(os.path.relpath(p, top) for p in glob.glob(os.path.join(top, "src/crypto/*.c"))):
    if built.count(src) != 1:
        bad.append(f"{src} is in {built.count(src)} libraries, not 1")
core = {os.path.relpath(p, top) for p in glob.glob(os.path.join(top, "src/crypto/core/crypto/*.h"))}
missing = core - am_list("coincryptocore_HEADERS")
if missing:
    bad.append(f"drop-in headers Makefile.am does not install: {sorted(missing)}")

for line in bad:
    print("check-build-lists: " + line, file=sys.stderr)
if bad:
    sys.exit(1)
print(f"check-build-lists: Makefile.am and CMakeLists.txt list the same {len(built)} library sources")
