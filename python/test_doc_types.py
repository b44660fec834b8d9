#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The examples of the documentation type-checked (run by `meson test`,
suite 'python', test 'python-doc-types'): mypy --strict, with the settings
of pyproject.toml, over

  - doc/python.md: its pycon examples (>>> and ... lines) in order, as one
    module, since doctest runs them in one namespace; each ```python block
    follows them in that module (a block may use a game the examples made);
  - every docstring example of the package (python/skirmish/*.py), one
    module per docstring.

A doc example that a user copies must type-check as their own code would.
Skipped (77) when no Python of the extension's ABI has mypy (Debian: mypy).

Usage: test_doc_types.py SOURCE
"""
import doctest
import os
import re
import subprocess
import sys
import tempfile
from typing import List, Tuple

from _optional import require

require("mypy")


def python_md(path: str) -> str:
    """The code of doc/python.md's examples, as one module."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    sessions: List[str] = []
    blocks: List[str] = []
    for kind, body in re.findall(r"```(pycon|python)\n(.*?)```", text, re.S):
        if kind == "pycon":
            for ex in doctest.DocTestParser().get_examples(body):
                sessions.append(ex.source)
        else:
            blocks.append(body)
    return "".join(sessions) + "\n" + "\n".join(blocks)


def docstrings(package: str) -> List[Tuple[str, str]]:
    """(name, code) of every docstring with examples in the package."""
    out = []
    for name in sorted(os.listdir(package)):
        if not name.endswith(".py"):
            continue
        path = os.path.join(package, name)
        with open(path, encoding="utf-8") as f:
            source = f.read()
        for m in re.finditer(r'"""(.*?)"""', source, re.S):
            examples = doctest.DocTestParser().get_examples(m.group(1))
            if examples:
                line = source.count("\n", 0, m.start()) + 1
                out.append(("%s_%d" % (name[:-3], line), "".join(e.source for e in examples)))
    return out


def main(argv: List[str]) -> int:
    source = os.path.abspath(argv[1])
    py = os.path.join(source, "python")
    with tempfile.TemporaryDirectory(prefix="skirmish-doc-types-") as tmp:
        files = []
        modules = [("doc_python_md", python_md(os.path.join(source, "doc", "python.md")))]
        modules += docstrings(os.path.join(py, "skirmish"))
        for name, code in modules:
            path = os.path.join(tmp, name + ".py")
            with open(path, "w", encoding="utf-8") as f:
                f.write(code)
            files.append(path)
        if len(files) < 3:
            print("test_doc_types: only %d example modules found" % len(files))
            return 1
        print("examples: %s" % ", ".join(n for n, _ in modules), flush=True)
        env = dict(os.environ, MYPYPATH=py)
        cmd = [sys.executable, "-m", "mypy", "--config-file",
               os.path.join(source, "pyproject.toml"), "--strict", "--no-incremental",
               "--cache-dir", os.devnull] + files
        print("+", " ".join(cmd), flush=True)
        return subprocess.run(cmd, env=env, cwd=tmp).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv))
