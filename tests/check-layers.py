#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The layers of lib/ (doc/DESIGN.md, "Layers"): no file includes a header
of a layer above its own, nor calls a function defined in one.

usage: check-layers.py LIBDIR ARCHIVE [--plant FILE:WHAT]...

LIBDIR is lib/ (its .c and .h files are read for their #include lines);
ARCHIVE is a static archive of lib/'s objects, one member per source file
(NAME.c.o), whose undefined symbols are the calls (nm).

Fails when
  (a) a file of lib/ has no layer: every file is in LAYERS below, except a
      ruleset, which is any .c file that defines a struct sk_ruleset
      sk_ruleset_NAME (layer 5, doc/DESIGN.md "Adding a ruleset");
  (b) a file includes a header of a higher layer, or the umbrella header
      skirmish-private.h (for the tests only);
  (c) an object calls (has undefined) a symbol that an object of a higher
      layer defines;
  (d) the calls between files have a loop, even within one layer;
  (e) nothing was read: no includes, no objects, no calls between files.

--plant FILE:HEADER.h adds an #include of HEADER.h to FILE, and
--plant FILE:SYMBOL a call from FILE to SYMBOL, before the checks; then
the check passes only when every plant is caught and nothing else is
wrong. The suite plants an upward include and an upward call (test
"layers-planted"), so that this check is known to be able to fail.
"""
import os
import re
import subprocess
import sys

# The layers, from the ground up. A file may include and call its own
# layer and the ones below; within a layer the calls may not loop.
LAYERS = {
    # 1: pure geometry and integer arithmetic, knowing nothing of a game
    "geom.h": 1, "geometry.c": 1,
    # 2: the table: the game's data (the spine), the game object's
    #    errors and allocator, figures, the spatial index, terrain
    "core.h": 2, "table.h": 2,
    "object.c": 2, "table.c": 2, "grid.c": 2, "contact.c": 2, "terrain.c": 2,
    # 3: dice and results
    "dice.h": 3, "result.h": 3, "dice.c": 3, "result.c": 3,
    # 4: the action framework: journal, objectives, history, turns, actions
    "act.h": 4,
    "journal.c": 4, "objective.c": 4, "history.c": 4, "turn.c": 4, "act.c": 4,
    # 5: the rulesets behind one table of procedures
    "ruleset.h": 5, "ruleset.c": 5, "senso.c": 5, "sampson.c": 5,
    # 6: services: setup and queries, odds, legal actions, policies and
    #    playouts, clone, save and hash, load
    "odds.h": 6, "state.h": 6,
    "game.c": 6, "odds.c": 6, "legal.c": 6, "playout.c": 6, "search.c": 6,
    "clone.c": 6, "save.c": 6, "load.c": 6, "referee.h": 6, "referee.c": 6,
    "invariant.h": 6, "invariant.c": 6,
}
UMBRELLA = "skirmish-private.h"
RULESET_DEF = re.compile(r"^const struct sk_ruleset sk_ruleset_\w+\s*=", re.M)
NM_LINE = re.compile(r"^.*[:/]([^:/]+\.c\.o):\s*[0-9a-fA-F]*\s+([A-Za-z])\s+(\S+)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def fail(errors):
    for e in errors:
        print("layers:", e)
    print("layers: %d error(s); the layers are in doc/DESIGN.md" % len(errors))
    sys.exit(1)


def layer_of(libdir, name):
    if name in LAYERS:
        return LAYERS[name]
    if name.endswith(".c"):
        text = open(os.path.join(libdir, name), encoding="utf-8").read()
        if RULESET_DEF.search(text):
            return 5
    return None


def nm_archive(archive):
    """{member: (defined, undefined)} for each NAME.c.o of the archive."""
    out = subprocess.run(["nm", "-A", archive], check=True, capture_output=True,
                         text=True).stdout
    objs = {}
    for line in out.splitlines():
        # "archive:member:[addr] TYPE symbol"
        m = NM_LINE.match(line)
        if not m:
            continue
        member, kind, sym = m.group(1), m.group(2), m.group(3)
        d, u = objs.setdefault(member[:-2], (set(), set()))
        if kind == "U":
            u.add(sym)
        elif kind.isupper():
            d.add(sym)
    return objs


def find_loop(edges):
    """A loop in the graph {file: {file}}, as a list of files, or None."""
    state = {}
    stack = []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(edges.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                loop = visit(m)
                if loop:
                    return loop
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(edges):
        if n not in state:
            loop = visit(n)
            if loop:
                return loop
    return None


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    libdir, archive = argv[1], argv[2]
    plants = []
    rest = argv[3:]
    while rest:
        if rest[0] != "--plant" or len(rest) < 2 or ":" not in rest[1]:
            sys.exit(__doc__)
        plants.append(rest[1].split(":", 1))
        rest = rest[2:]

    errors = []
    files = sorted(f for f in os.listdir(libdir) if f.endswith((".c", ".h")))
    layers = {}
    includes = {}
    for f in files:
        if f == UMBRELLA:
            continue
        layers[f] = layer_of(libdir, f)
        if layers[f] is None:
            errors.append("%s: no layer (add it to LAYERS in tests/check-layers.py "
                          "and to doc/DESIGN.md)" % f)
        text = open(os.path.join(libdir, f), encoding="utf-8").read()
        includes[f] = INCLUDE.findall(text)

    objs = nm_archive(archive)
    for f, what in plants:
        if what.endswith(".h"):
            includes.setdefault(f, []).append(what)
        else:
            objs.setdefault(f, (set(), set()))[1].add(what)

    # (b) includes
    nincludes = 0
    for f, incs in sorted(includes.items()):
        for h in incs:
            if h.startswith("skirmish/"):
                continue        # the public headers
            nincludes += 1
            if h == UMBRELLA:
                errors.append("%s includes %s, which is for the tests only" % (f, h))
            elif h not in layers or layers[h] is None:
                errors.append("%s includes %s, which has no layer" % (f, h))
            elif layers[f] is not None and layers[h] > layers[f]:
                errors.append("%s (layer %d) includes %s (layer %d)" %
                              (f, layers[f], h, layers[h]))

    # (c) calls
    owner = {}
    for o, (d, _) in objs.items():
        for s in d:
            owner[s] = o
    edges = {}
    ncalls = 0
    for o, (_, u) in sorted(objs.items()):
        if o not in layers:
            errors.append("%s.o: no source %s in %s" % (o, o, libdir))
            continue
        for s in sorted(u):
            t = owner.get(s)
            if t is None or t == o:
                continue
            ncalls += 1
            edges.setdefault(o, set()).add(t)
            if layers[o] is not None and layers.get(t) is not None and \
               layers[t] > layers[o]:
                errors.append("%s (layer %d) calls %s of %s (layer %d)" %
                              (o, layers[o], s, t, layers[t]))

    # (d) no loop, even within a layer
    loop = find_loop(edges)
    if loop:
        errors.append("the calls loop: " + " -> ".join(loop))

    # (e) something was read
    nsources = sum(1 for f in layers if f.endswith(".c"))
    if nincludes == 0 or len(objs) < nsources or ncalls == 0:
        errors.append("read %d includes, %d objects for %d sources, %d calls between "
                      "files: nothing to check" % (nincludes, len(objs), nsources, ncalls))
    if plants:
        caught = [p for p in plants
                  if any(e.startswith("%s " % p[0]) and " %s " % p[1] in e + " "
                         for e in errors)]
        rest = [e for e in errors
                if not any(e.startswith("%s " % p[0]) and " %s " % p[1] in e + " "
                           for p in plants) and not e.startswith("the calls loop")]
        for e in errors:
            print("layers: planted:", e)
        if len(caught) != len(plants) or rest:
            print("layers: %d of %d plants caught, %d other error(s)" %
                  (len(caught), len(plants), len(rest)))
            sys.exit(1)
        print("layers: all %d plants caught" % len(plants))
        return
    if errors:
        fail(errors)
    print("layers: %d files, %d includes, %d calls between files, in %d layers: "
          "none upward, no loop" % (len(layers), nincludes, ncalls,
                                    len(set(layers.values()))))


if __name__ == "__main__":
    main(sys.argv)
