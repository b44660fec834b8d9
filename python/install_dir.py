#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Where `meson install` puts the Python binding for a prefix, asked of
the interpreter the build uses (python/meson.build).

usage: install_dir.py PREFIX

Prints three lines: the directory, "yes" when a Python imports from it
without PYTHONPATH (else "no"), and that Python.

- A directory of this interpreter's sys.path that belongs to PREFIX (the
  part before its lib/pythonX.Y or lib/python3) is the one: for Debian's
  /usr/bin/python3 that is /usr/lib/python3/dist-packages for the prefix
  /usr and /usr/local/lib/python3.Y/dist-packages for /usr/local; for a
  venv or a Python of its own (pyenv), its site-packages for its own
  prefix. The first of them in sys.path's order wins.
- Else the same question to the Python of PREFIX (PREFIX/bin/python3, and
  /usr/bin/python3 for /usr/local, which Debian's reads), when it loads the
  same extensions (the same EXT_SUFFIX: the module built here imports
  there): a pyenv python3 on PATH builds for Debian's python3 3.11 so.
- Else this interpreter's own layout under PREFIX (its posix_prefix
  scheme, as meson itself would choose), which nobody reads: the caller
  says so.

The third line names the interpreter that imports from the directory.
"""
import os
import subprocess
import sys
import sysconfig


def owner(path):
    """The prefix a site directory belongs to: /usr for
    /usr/lib/python3/dist-packages, or None when it is no site directory."""
    parts = os.path.normpath(path).split(os.sep)
    if len(parts) < 3 or parts[-1] not in ("site-packages", "dist-packages"):
        return None
    for i in range(len(parts) - 2, 0, -1):
        if parts[i].startswith("python") and parts[i - 1].startswith("lib"):
            return os.sep.join(parts[:i - 1]) or os.sep
    return None


def own(prefix):
    """A directory of this interpreter's path that belongs to prefix."""
    for p in sys.path:
        if p and owner(p) == prefix:
            return p
    return None


def others(prefix):
    """The Pythons of prefix, other than this one."""
    names = [os.path.join(prefix, "bin", "python3")]
    if prefix == "/usr/local":
        names.append("/usr/bin/python3")
    me = os.path.realpath(sys.executable)
    return [n for n in names if os.path.exists(n) and os.path.realpath(n) != me]


def choose(prefix):
    prefix = os.path.normpath(prefix)
    p = own(prefix)
    if p:
        return p, True, sys.executable
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for python in others(prefix):
        try:
            out = subprocess.run(
                [python, "-c", "import sys, sysconfig; sys.path.insert(0, sys.argv[1]); "
                 "import install_dir as d; print(sysconfig.get_config_var('EXT_SUFFIX')); "
                 "print(d.own(sys.argv[2]) or '')", os.path.dirname(os.path.abspath(__file__)),
                 prefix], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                universal_newlines=True, timeout=60).stdout.splitlines()
        except (OSError, subprocess.SubprocessError):
            continue
        if len(out) == 2 and out[0] == suffix and out[1]:
            return out[1], True, python
    scheme = "posix_prefix" if "posix_prefix" in sysconfig.get_scheme_names() else None
    kw = {"scheme": scheme} if scheme else {}
    path = sysconfig.get_path("platlib", vars={
        "base": prefix, "platbase": prefix,
        "installed_base": prefix, "installed_platbase": prefix}, **kw)
    seen = any(os.path.realpath(p) == os.path.realpath(path) for p in sys.path if p)
    return path, seen, sys.executable if seen else ""


def main(argv):
    if len(argv) != 2 or not os.path.isabs(argv[1]):
        print(__doc__, file=sys.stderr)
        return 2
    path, seen, python = choose(argv[1])
    print(path)
    print("yes" if seen else "no")
    print(python)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
