#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The package's annotations checked (run by `meson test`, suite 'python',
test 'python-types'): python3 -m mypy --strict over the package and the
demos, with the settings of pyproject.toml. Skipped (77) when no Python of
the extension's ABI has mypy (Debian: mypy).

Usage: test_types.py SOURCE
"""
import os
import subprocess
import sys

from _optional import require

require("mypy")


def main(argv: list) -> int:
    source = os.path.abspath(argv[1])
    py = os.path.join(source, "python")
    files = [os.path.join(py, f) for f in ("skirmish", "demo.py", "balance.py",
                                           "_find_build.py")]
    files.append(os.path.join(source, "bench", "python_loop.py"))
    env = dict(os.environ, MYPYPATH=py + os.pathsep + os.path.join(source, "bench"))
    cmd = [sys.executable, "-m", "mypy", "--config-file",
           os.path.join(source, "pyproject.toml"), "--strict", "--no-incremental",
           "--cache-dir", os.devnull] + files
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd, env=env).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv))
