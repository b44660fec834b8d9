#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ABI check: the shared library's SONAME (doc/ABI.md).

usage: check-soname.py LIBRARY.so EXPECTED_SONAME VERSION CURRENT REVISION AGE

Fails when
  - the SONAME recorded in the library (readelf -d) is not the one meson
    computed (expected_soname in the top-level meson.build);
  - the libtool arithmetic does not hold: SONAME major = current - age,
    0 <= age <= current, revision >= 0;
  - the SONAME of this release differs from the one pinned below: moving it
    is a deliberate act (an ABI break) that must edit this table and
    doc/ABI.md, never the side effect of a bump of abi_current/abi_age.
"""
import re
import subprocess
import sys

# release -> SONAME it must ship with
PINNED = {
    "0.1.0": "libskirmish.so.1",
    "0.2.0": "libskirmish.so.1",
    "0.3.0": "libskirmish.so.1",
}


def soname(lib):
    out = subprocess.run(["readelf", "-d", lib], check=True, capture_output=True,
                         text=True).stdout
    m = re.search(r"\(SONAME\)\s+Library soname: \[([^\]]+)\]", out)
    return m.group(1) if m else None


def main(argv):
    if len(argv) != 7:
        print(__doc__)
        return 2
    lib, expected, version = argv[1], argv[2], argv[3]
    current, revision, age = (int(a) for a in argv[4:7])
    errors = []
    actual = soname(lib)
    if actual is None:
        errors.append("%s has no SONAME" % lib)
    elif actual != expected:
        errors.append("SONAME is %s, meson computed %s" % (actual, expected))
    if not (0 <= age <= current) or revision < 0:
        errors.append("bad libtool numbers: current %d revision %d age %d"
                      % (current, revision, age))
    if expected != "libskirmish.so.%d" % (current - age):
        errors.append("expected_soname %s is not libskirmish.so.<current - age> = "
                      "libskirmish.so.%d" % (expected, current - age))
    pinned = PINNED.get(version)
    if pinned is None:
        errors.append("release %s has no pinned SONAME in %s: add it (doc/ABI.md)"
                      % (version, __file__))
    elif pinned != expected:
        errors.append("release %s must ship %s, not %s: an ABI break must be deliberate "
                      "(doc/ABI.md)" % (version, pinned, expected))
    for e in errors:
        print("check-soname: " + e, file=sys.stderr)
    if errors:
        return 1
    print("check-soname: %s (current %d, revision %d, age %d)"
          % (actual, current, revision, age))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
