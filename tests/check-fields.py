#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every public function that reads a caller's struct has its fields planted
by the fields suite (doc/TESTING.md).

usage: check-fields.py HEADER API.md TEST_FIELDS.c

Walks the table of doc/API.md's section "What a callback may call": each
backticked name in its first column (`figure`, `set_referee`, `*_init()`,
`skirmish_move()`) is a function of the header, skirmish_game_NAME or else
skirmish_NAME (`*_init()`: every skirmish_..._init of the header). Fails when
  (a) a name of the table is no function of the header;
  (b) a function of the table whose parameters include a pointer to a
      skirmish_* struct other than skirmish_game has no row of the PLANTS
      table of the fields suite, X(function, struct, ...), for each such
      struct;
  (c) a function of the header that takes such a pointer is not in the
      table.
Each list (the table's names, the functions that take a struct, the PLANTS
rows) must be non-empty, so that the check cannot pass by reading nothing.
"""
import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# the header's parameter lists, read as check-refusals.py reads them
_spec = importlib.util.spec_from_file_location("check_refusals",
                                               os.path.join(HERE, "check-refusals.py"))
check_refusals = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_refusals)
header_params = check_refusals.header_params

SECTION = "## What a callback may call"
ROW = re.compile(r"\bX\(\s*(skirmish_\w+)\s*,\s*(skirmish_\w+)\s*,")


def struct_params(params):
    """The skirmish_* struct types a parameter list points to."""
    types = set(re.findall(r"\b(skirmish_\w+)\s*\*", params))
    # the opaque handles are the library's, not a caller's struct
    types.discard("skirmish_game")
    types.discard("skirmish_searcher")
    return types


def table_names(path):
    """The backticked names of the first column of the section's table."""
    text = open(path, encoding="utf-8").read()
    start = text.find(SECTION)
    if start < 0:
        return []
    rest = text[start + len(SECTION):]
    end = rest.find("\n## ")
    rest = rest if end < 0 else rest[:end]
    names = []
    for line in rest.splitlines():
        if not line.startswith("|") or line.startswith("| ---"):
            continue
        cells = line.split("|")
        if len(cells) < 3 or cells[1].strip() == "call":
            continue
        names += re.findall(r"`([A-Za-z_*][\w*]*)(?:\(\))?`", cells[1])
    return names


def resolve(name, functions):
    """The header functions a table name stands for; empty if none."""
    if name == "*_init":
        return sorted(f for f in functions if re.fullmatch(r"skirmish_\w+_init", f))
    if name.startswith("skirmish_"):
        return [name] if name in functions else []
    for full in ("skirmish_game_" + name, "skirmish_" + name):
        if full in functions:
            return [full]
    return []


def plants(path):
    """The (function, struct) pairs of the rows of the PLANTS table."""
    text = open(path, encoding="utf-8").read()
    m = re.search(r"#define\s+PLANTS\(X\)((?:[^\n]*\\\n)*[^\n]*)", text)
    if not m:
        return set()
    return set(ROW.findall(m.group(1)))


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    header, api, test = argv[1:]
    params = header_params(header)
    errors = []

    names = table_names(api)
    if not names:
        errors.append(f"{api}: no names in the table of \"{SECTION[3:]}\"")
    listed = set()
    for name in names:
        found = resolve(name, params)
        if not found:
            errors.append(f"{api}: `{name}` in the table is no function of {header}")
        listed.update(found)

    takes = {fn: struct_params(p) for fn, p in params.items() if struct_params(p)}
    if not takes:
        errors.append(f"{header}: no function takes a pointer to a skirmish_* struct")
    rows = plants(test)
    if not rows:
        errors.append(f"{test}: no rows X(function, struct, ...) in PLANTS(X)")

    for fn in sorted(takes):
        if fn not in listed:
            errors.append(f"{fn} takes a caller's struct ({', '.join(sorted(takes[fn]))}) "
                          f"but is not in the table of {api}")
            continue
        for t in sorted(takes[fn]):
            if (fn, t) not in rows:
                errors.append(f"{fn} takes a {t} but {test} plants no field of it "
                              f"(no PLANTS row X({fn}, {t}, ...))")

    for e in errors:
        print("check-fields: " + e)
    if errors:
        return 1
    print(f"check-fields: {len(takes)} functions that take a caller's struct, "
          f"{len(rows)} (function, struct) pairs planted, {len(listed)} functions in the table")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
