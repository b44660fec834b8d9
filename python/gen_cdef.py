#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate the cffi cdef of libskirmish from its public header.

The public header (include/skirmish/skirmish.h) is the authority; the cdef
the binding is built from is derived from it at build time, never copied by
hand, so that the binding cannot drift from the C API.

cffi's cdef parser understands plain C declarations but not the
preprocessor. This script:
  - joins backslash-continued lines and removes comments;
  - drops preprocessor lines (#include, #ifndef/#endif guards, #ifdef
    __cplusplus), the `extern "C" {` wrapper and its closing brace;
  - drops the *_INIT macros (struct initialisers, not values) and
    function-like macros;
  - keeps integer #defines: a plain integer literal as is (cffi then knows
    its value when parsing array sizes), any other integer expression as
    `#define NAME ...` (API mode takes the value from the C compiler);
    a floating-point #define becomes `static const double NAME;` and a
    string #define `static char *const NAME;`.

Usage: gen_cdef.py skirmish.h version.h [-o OUT]
"""
import argparse
import re
import sys

_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_DEFINE = re.compile(r"^#\s*define\s+([A-Za-z_]\w*)(\(?)\s*(.*)$")
_INT_LITERAL = re.compile(r"^\(?\s*-?\s*(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*\)?$")
_FLOAT = re.compile(r"^\(?\s*-?\s*(\d+\.\d*|\.\d+)([eE][-+]?\d+)?[fF]?\s*\)?$")


def _logical_lines(text):
    """Lines with comments removed and backslash continuations joined."""
    text = _COMMENT.sub(" ", text)
    text = re.sub(r"//[^\n]*", "", text)
    text = text.replace("\\\n", " ")
    return text.split("\n")


def _define(line):
    """The cdef text for one #define line, or None to drop it."""
    m = _DEFINE.match(line.strip())
    if not m:
        return None
    name, paren, value = m.group(1), m.group(2), m.group(3).strip()
    if paren:                       # function-like macro
        return None
    if not value:                   # include guard
        return None
    if name.endswith("_INIT"):      # struct initialiser
        return None
    if value.startswith('"'):
        return "static char *const %s;" % name
    if _FLOAT.match(value):
        return "static const double %s;" % name
    if _INT_LITERAL.match(value):
        return "#define %s %s" % (name, value.strip("() ").replace(" ", ""))
    # an integer expression (e.g. SKIRMISH_VERSION_NUMBER): let C compute it
    return "#define %s ..." % name


def convert(text):
    """cdef text for one header's text."""
    out = []
    for line in _logical_lines(text):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            d = _define(stripped)
            if d is not None:
                out.append(d)
            continue
        if stripped.startswith('extern "C"'):
            continue
        out.append(line.rstrip())
    # The closing brace of extern "C" is a lone "}" at top level: drop any
    # "}" line that does not close a declaration of ours.
    depth = 0
    kept = []
    for line in out:
        s = line.strip()
        if s == "}" and depth == 0:
            continue
        depth += line.count("{") - line.count("}")
        kept.append(line)
    return "\n".join(kept) + "\n"


def generate(header_paths):
    parts = []
    for path in header_paths:
        with open(path, encoding="utf-8") as f:
            parts.append("/* from %s */\n" % path.replace("\\", "/").split("/")[-1])
            parts.append(convert(f.read()))
    return "".join(parts)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("headers", nargs="+", help="skirmish.h then version.h")
    ap.add_argument("-o", "--output", help="output file (default: stdout)")
    args = ap.parse_args(argv)
    # version.h first: skirmish.h's declarations may use its values.
    headers = sorted(args.headers, key=lambda p: not p.endswith("version.h"))
    text = generate(headers)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
