#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every source file of the tree carries an SPDX licence identifier in its
first lines (NEWS, "0.4.0"; the project's licence is COPYING's, MIT).

usage: check-spdx.py SOURCE_DIR

Walks the source tree as a release tarball has it (build directories,
.git and node_modules left out) and fails, naming them, on source files
(C, C++, Python, shell, meson, JavaScript, TypeScript, HTML, CMake, the
version script and the CI script) whose first five lines lack
"SPDX-License-Identifier: MIT". Fails too when it finds fewer than 100
source files, so that it cannot pass by reading nothing."""
import os
import sys

TAG = "SPDX-License-Identifier: MIT"
SUFFIXES = (".c", ".h", ".cc", ".in", ".sym", ".py", ".pyi", ".sh", ".mjs", ".js", ".ts",
            ".html", ".cross", ".cmake", ".toml")
NAMES = {"meson.build", "meson_options.txt", "run"}
SKIP_DIRS = {".git", "node_modules", "__pycache__", "subprojects"}


def is_source(rel):
    base = os.path.basename(rel)
    if base == "run" and not rel.startswith(".ci" + os.sep):
        return False
    return base in NAMES or base.endswith(SUFFIXES)


def main():
    top = sys.argv[1]
    seen, missing = 0, []
    for root, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("build"))
        for f in sorted(files):
            path = os.path.join(root, f)
            rel = os.path.relpath(path, top)
            if not is_source(rel) or os.path.islink(path):
                continue
            seen += 1
            with open(path, encoding="utf-8", errors="replace") as fh:
                head = "".join(fh.readline() for _ in range(5))
            if TAG not in head:
                missing.append(rel)
    if seen < 100:
        print("check-spdx: only %d source files found under %s" % (seen, top))
        return 1
    for rel in missing:
        print("check-spdx: %s has no '%s' in its first five lines" % (rel, TAG))
    if missing:
        return 1
    print("check-spdx: %d source files, each with its SPDX identifier" % seen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
