#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The static library exports what the shared one does, and no more
(doc/ABI.md: the partial link).

usage: check-archive.py SYMFILE FILE...

Each FILE is libskirmish.a, or the one object it is made of (skirmish.o).
Fails when a FILE

  (a) defines a global symbol (nm -g --defined-only) that is not in the
      version script, or lacks the skirmish_ prefix: it could collide with
      a name of the program that links it;
  (b) does not define every symbol of the version script;
  (c) has no local sk_ symbol: the internal functions must still be there,
      made local, or this check would pass on an archive that lost them.
"""
import importlib.util
import os
import re
import subprocess
import sys

# the version script reader of check-symbols.py
_spec = importlib.util.spec_from_file_location(
    "check_symbols", os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-symbols.py"))
check_symbols = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_symbols)

PREFIX = "skirmish_"


def symbols(path):
    """(global defined, local) symbol names of an archive or object."""
    out = subprocess.run(["nm", path], capture_output=True, text=True, check=True).stdout
    glob, local = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) != 3:
            continue            # a member's name, or an undefined symbol
        kind, name = parts[1], parts[2]
        if kind in "UwvN":
            continue
        (glob if kind.isupper() else local).add(name)
    return glob, local


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    exported = {s for _, syms in check_symbols.version_script(sys.argv[1]) for s in syms}
    if len(exported) < 10:
        print("check-archive: the version script lists {} symbols".format(len(exported)),
              file=sys.stderr)
        return 1
    failed = False
    for path in sys.argv[2:]:
        glob, local = symbols(path)
        extra = sorted(s for s in glob if s not in exported or not s.startswith(PREFIX))
        missing = sorted(exported - glob)
        internal = sorted(s for s in local if re.match(r"sk_", s))
        if extra:
            print("{}: {} global symbols outside the API: {}".format(
                path, len(extra), " ".join(extra)), file=sys.stderr)
        if missing:
            print("{}: does not define {}".format(path, " ".join(missing)), file=sys.stderr)
        if not internal:
            print("{}: no local sk_ symbol: not the library's objects?".format(path),
                  file=sys.stderr)
        if extra or missing or not internal:
            failed = True
        else:
            print("{}: {} global symbols, all {}*; {} internal sk_ symbols local".format(
                path, len(glob), PREFIX, len(internal)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
