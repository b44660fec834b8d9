#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ABI check: the version script, the exported definitions and the shared
library's dynamic symbols must agree (doc/ABI.md).

usage: check-symbols.py SYMFILE HEADER LIBRARY.so SOURCE.c...

Fails when
  (a) lib/libskirmish.sym, the SKIRMISH_EXPORT definitions in lib/*.c and the
      defined dynamic symbols of the built library (nm -D --defined-only)
      are not the same set;
  (b) an exported symbol lacks the skirmish_ prefix;
  (c) a function declared in the public header is not exported (or an
      exported function is not declared there);
  (d) the version script has no node, or a symbol sits in two nodes.
Each list must be non-empty, so the check cannot pass by reading nothing.
"""
import os
import re
import subprocess
import sys

PREFIX = "skirmish_"


def strip_c_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def version_script(path):
    """Symbols of each node of a GNU ld version script, in order."""
    text = strip_c_comments(open(path, encoding="utf-8").read())
    nodes = []
    for m in re.finditer(r"([A-Za-z_][A-Za-z0-9_.]*)\s*\{(.*?)\}\s*([A-Za-z0-9_.]*)\s*;",
                         text, flags=re.S):
        name, body = m.group(1), m.group(2)
        syms = []
        section = "global"
        for tok in re.split(r"[;\s]+", body):
            if not tok:
                continue
            if tok.endswith(":"):
                section = tok[:-1]
                continue
            if section == "global":
                syms.append(tok)
        nodes.append((name, syms))
    return nodes


DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))?"
                    r"((?:[^\n]*\\\n)*[^\n]*)", re.M)


def exported_definitions(sources):
    """Names defined with SKIRMISH_EXPORT, directly or through a macro whose
    body puts SKIRMISH_EXPORT on one of its parameters (NAME_TABLE(fn, t))."""
    names = set()
    for src in sources:
        text = strip_c_comments(open(src, encoding="utf-8").read())
        macros = {}
        for d in DEFINE.finditer(text):
            params = [p.strip() for p in (d.group(2) or "()")[1:-1].split(",")]
            m = re.search(r"\bSKIRMISH_EXPORT\b[^(]*?\b([A-Za-z_][A-Za-z0-9_]*)\s*\(",
                          d.group(3))
            if m and m.group(1) in params:
                macros[d.group(1)] = params.index(m.group(1))
        body = DEFINE.sub(" ", text)
        for m in re.finditer(r"\bSKIRMISH_EXPORT\b[^;{(]*?\b([A-Za-z_][A-Za-z0-9_]*)\s*\(",
                             body):
            names.add(m.group(1))
        for macro, index in macros.items():
            for call in re.finditer(r"\b" + macro + r"\s*\(([^)]*)\)", body):
                args = [a.strip() for a in call.group(1).split(",")]
                if index < len(args):
                    names.add(args[index])
    return names


def header_functions(path):
    """Functions declared in the public header (not function-pointer types)."""
    text = strip_c_comments(open(path, encoding="utf-8").read())
    text = DEFINE.sub(" ", text)
    names = set()
    for m in re.finditer(r"\b(" + PREFIX + r"[A-Za-z0-9_]*)\s*\(", text):
        names.add(m.group(1))
    for m in re.finditer(r"\(\s*\*\s*(" + PREFIX + r"[A-Za-z0-9_]*)\s*\)", text):
        names.discard(m.group(1))
    return names


def dynamic_symbols(lib):
    out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True,
                         capture_output=True, text=True).stdout
    syms = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue
        kind, name = parts[1], parts[2]
        name = name.split("@")[0]
        if kind == "A":        # the version node itself (SKIRMISH_0.1.0)
            continue
        syms.add(name)
    return syms


def main(argv):
    if len(argv) < 5:
        print(__doc__)
        return 2
    symfile, header, lib, sources = argv[1], argv[2], argv[3], argv[4:]
    errors = []

    nodes = version_script(symfile)
    if not nodes:
        errors.append("%s: no version node" % symfile)
    script = set()
    for name, syms in nodes:
        if not re.match(r"^SKIRMISH_\d+\.\d+\.\d+$", name):
            errors.append("%s: node %s is not SKIRMISH_<version>" % (symfile, name))
        for s in syms:
            if s in script:
                errors.append("%s: %s appears twice" % (symfile, s))
            script.add(s)
    defined = exported_definitions(sources)
    dynamic = dynamic_symbols(lib)
    declared = header_functions(header)

    for what, names in (("version script", script), ("SKIRMISH_EXPORT definitions", defined),
                        ("dynamic symbols", dynamic), ("header functions", declared)):
        if not names:
            errors.append("found no %s: the check would prove nothing" % what)

    def diff(a_name, a, b_name, b):
        for s in sorted(a - b):
            errors.append("%s in %s but not in %s" % (s, a_name, b_name))

    diff("the version script", script, "the SKIRMISH_EXPORT definitions", defined)
    diff("the SKIRMISH_EXPORT definitions", defined, "the version script", script)
    diff("the version script", script, "the library's dynamic symbols", dynamic)
    diff("the library's dynamic symbols", dynamic, "the version script", script)
    diff("the public header", declared, "the exported symbols", script)
    diff("the exported symbols", script, "the public header", declared)
    for s in sorted(script | defined | dynamic):
        if not s.startswith(PREFIX):
            errors.append("%s is exported without the %s prefix" % (s, PREFIX))

    for e in errors:
        print("check-symbols: " + e, file=sys.stderr)
    if errors:
        return 1
    print("check-symbols: %d symbols agree in %s, %d source files, %s and %s" %
          (len(script), os.path.basename(symfile), len(sources), os.path.basename(header),
           os.path.basename(lib)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
