#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every public call that can refuse has a bad-input test that compares the
full state hash, and the callbacks suite calls every public function
(doc/TESTING.md).

usage: check-refusals.py HEADER CALLBACKS_TEST.c --lib LIB.c... --tests TEST.c...

Fails when
  (a) a function of the public header that takes a game (skirmish_game *
      or const skirmish_game *) and is not in SCALARS below has no
      ck_assert_rejected() or ck_assert_query_fails() around a call of it
      in the test sources (both assertions compare skirmish_game_hash
      before and after, tests/test-common.h);
  (b) a function in SCALARS can refuse after all: its definition in lib/
      sets an error (sk_error, sk_busy, sk_refuse) or names more than one
      SKIRMISH_E_ code (the one for a NULL game), or it is no longer in
      the header;
  (c) a function of the header is missing from the CALLS table of the
      callbacks suite (X(name, ...) rows), or the table names one the
      header does not declare.
Each list must be non-empty, so the check cannot pass by reading nothing.
"""
import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("check_symbols",
                                               os.path.join(HERE, "check-symbols.py"))
check_symbols = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_symbols)

# Calls on a game that refuse only a NULL game: they read a scalar and
# return it. A NULL game has no state hash to compare.
SCALARS = {
    "skirmish_game_errcode", "skirmish_game_errmsg", "skirmish_game_ruleset",
    "skirmish_game_state", "skirmish_game_turn", "skirmish_game_active_player",
    "skirmish_game_phase", "skirmish_game_player_count", "skirmish_game_umpire",
    "skirmish_game_winner", "skirmish_game_figure_count", "skirmish_game_terrain_count",
    "skirmish_game_objective_count", "skirmish_game_script_remaining",
    "skirmish_game_history_length", "skirmish_game_history_limit",
    "skirmish_game_get_referee",
}
# void: it cannot refuse with a code; the callbacks suite checks that it
# does nothing from inside a callback (doc/API.md)
VOID = {"skirmish_game_free"}

ASSERTION = re.compile(r"\bck_assert_(?:rejected|query_fails)\s*\(\s*[A-Za-z_][\w.>\[\]-]*\s*,"
                       r"\s*(skirmish_\w+)\s*\(")
TABLE_ROW = re.compile(r"\bX\(\s*(skirmish_\w+)\s*,")


def header_params(path):
    """The parameter list of each function of the public header."""
    text = check_symbols.strip_c_comments(open(path, encoding="utf-8").read())
    text = check_symbols.DEFINE.sub(" ", text)
    names = check_symbols.header_functions(path)
    params = {}
    for m in re.finditer(r"\b(skirmish_\w+)\s*\(([^;{}]*?)\)\s*;", text, flags=re.S):
        if m.group(1) in names:
            params[m.group(1)] = m.group(2)
    return params


def definitions(sources):
    """The body of each SKIRMISH_EXPORT function definition."""
    bodies = {}
    for src in sources:
        text = check_symbols.strip_c_comments(open(src, encoding="utf-8").read())
        for m in re.finditer(r"\bSKIRMISH_EXPORT\b[^;{(]*?\b(skirmish_\w+)\s*\([^)]*\)\s*\{",
                             text):
            depth, i = 1, m.end()
            while depth and i < len(text):
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
            bodies[m.group(1)] = text[m.end():i]
    return bodies


def main(argv):
    if len(argv) < 6 or "--lib" not in argv or "--tests" not in argv:
        print(__doc__)
        return 2
    header, callbacks = argv[1], argv[2]
    lib = argv[argv.index("--lib") + 1:argv.index("--tests")]
    tests = argv[argv.index("--tests") + 1:]
    errors = []

    params = header_params(header)
    takes_game = {n for n, p in params.items()
                  if re.search(r"\bskirmish_game\s*\*\s*(?!\*)\w", p)}
    bodies = definitions(lib)
    asserted = set()
    for src in tests:
        asserted |= set(ASSERTION.findall(open(src, encoding="utf-8").read()))
    table = TABLE_ROW.findall(open(callbacks, encoding="utf-8").read())

    for what, names in (("header functions", params), ("functions taking a game", takes_game),
                        ("definitions in lib/", bodies), ("hash-checked assertions", asserted),
                        ("rows of the CALLS table", table)):
        if not names:
            errors.append("found no %s: the check would prove nothing" % what)

    for name in sorted(takes_game - SCALARS - VOID):
        if name not in asserted:
            errors.append("%s can refuse, but no test asserts a refusal of it with the "
                          "state hash compared (ck_assert_rejected)" % name)
    for name in sorted(SCALARS):
        if name not in params:
            errors.append("%s is listed as a scalar query but the header has no such "
                          "function" % name)
            continue
        body = bodies.get(name)
        if body is None:
            errors.append("%s: no SKIRMISH_EXPORT definition found in lib/" % name)
        elif re.search(r"\bsk_(error|busy\w*|refuse)\s*\(", body) or \
                len(re.findall(r"\bSKIRMISH_E_\w+", body)) > 1:
            errors.append("%s is listed as refusing only a NULL game, but its definition "
                          "can refuse more: give it a bad-input test and take it out of "
                          "SCALARS" % name)
    for name in sorted(set(params) - set(table)):
        errors.append("%s: no row in the CALLS table of %s" % (name, callbacks))
    for name in sorted(set(table) - set(params)):
        errors.append("%s: a row of the CALLS table, not a function of the header" % name)

    for e in errors:
        print("check-refusals: " + e)
    if not errors:
        print("check-refusals: %d functions; %d take a game; %d can refuse, each with a "
              "hash-checked bad-input test; %d rows of the callbacks table"
              % (len(params), len(takes_game), len(takes_game - SCALARS - VOID), len(table)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
