#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The layouts and values of the public header against a shipped release's
(doc/ABI.md, "Layouts and values").

usage: check-layout.py [options] OLD_HEADER NEW_HEADER
  --cc CC         the C compiler (several words; default: cc)
  -I DIR          an include directory for NEW_HEADER (skirmish/version.h)
  --table FILE    also compare OLD_HEADER's table with this committed one
                  (on the data model it was written on, see its first line)
  --write-table FILE   write OLD_HEADER's table into FILE and stop
  --plant NAME    change NEW_HEADER first as NAME says (PLANTS below)
  --planted       run every plant and fail unless each is judged as
                  expected (a check that cannot fail is worse than none)

From each header a C program is generated and compiled with the same
compiler; it prints sizeof and offsetof of every member of every public
struct, every enumerator and every #define'd number. The present header
(NEW) must keep the old one's (OLD) promise:

  - every struct stays, and every member of it keeps its name, type,
    offset and size;
  - a versioned struct (first member `version`, a SKIRMISH_<NAME>_VERSION
    macro) may grow, with members after all its old ones only, and then
    with a greater *_VERSION; any other struct keeps its size and members;
  - every enumerator keeps its value; new ones may come, with values the
    enum did not use;
  - every #define'd number keeps its value, except the *_VERSION of a
    struct (may only increase), the *_COUNT of an enum (may increase with
    it) and SKIRMISH_VERSION_* (the release: may only increase).
"""
import os
import re
import subprocess
import sys
import tempfile


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


DECL = re.compile(r"^(.*?[\s*])(\w+)\s*(\[[^\]]*\])?$")
MORE = re.compile(r"^(\**)\s*(\w+)\s*(\[[^\]]*\])?$")


def norm(s):
    return re.sub(r"\s+", " ", s.replace("*", " * ")).strip().replace("* *", "**")


def parse(text):
    """(structs, enums, defines) of a header: structs maps a name to its
    members in order, each (name, type text); enums maps a name to its
    enumerators; defines maps a name to its value text."""
    code = strip_comments(text)
    structs = {}
    for m in re.finditer(r"\bstruct\s+(skirmish_\w+)\s*\{(.*?)\}", code, flags=re.S):
        members = []
        for decl in m.group(2).split(";"):
            decl = " ".join(decl.split())
            if not decl:
                continue
            fp = re.search(r"\(\s*\*\s*(\w+)\s*\)", decl)
            if fp:  # a function pointer written out: void (*fn)(void *, int)
                members.append((fp.group(1), norm(decl[:fp.start(1)] + decl[fp.end(1):])))
                continue
            parts = decl.split(",")
            d = DECL.match(parts[0].strip())
            if not d:
                raise SystemExit("check-layout: cannot read member %r of %s" % (decl, m.group(1)))
            base = d.group(1).rstrip("* ").strip()
            stars = d.group(1)[len(d.group(1).rstrip("* ")):].count("*")
            members.append((d.group(2), norm(base + "*" * stars + (d.group(3) or ""))))
            for p in parts[1:]:
                e = MORE.match(p.strip())
                if not e:
                    raise SystemExit("check-layout: cannot read member %r of %s" % (p, m.group(1)))
                members.append((e.group(2), norm(base + e.group(1) + (e.group(3) or ""))))
        structs[m.group(1)] = members
    enums = {}
    for m in re.finditer(r"\benum\s+(skirmish_\w+)\s*\{(.*?)\}", code, flags=re.S):
        enums[m.group(1)] = [re.match(r"\s*(\w+)", c).group(1)
                             for c in m.group(2).split(",") if c.strip()]
    defines = {}
    for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(SKIRMISH_\w+)(?![\w(])((?:[^\n]*\\\n)*[^\n]*)",
                         code, flags=re.M):
        value = " ".join(m.group(2).replace("\\\n", " ").split())
        # include guards have no value; the *_INIT initializers are no number
        if value and not value.startswith("{"):
            defines[m.group(1)] = value
    return structs, enums, defines


def program(header, structs, enums, defines):
    """A C program printing the table of a header: one line per fact."""
    out = ["#include <stdio.h>", "#include <stddef.h>", '#include "%s"' % header, "",
           "int main(void)", "{"]
    for s, members in sorted(structs.items()):
        out.append('\tprintf("struct %s size %%lu\\n", (unsigned long)sizeof(struct %s));'
                   % (s, s))
        for name, typ in members:
            out.append('\tprintf("member %s.%s offset %%lu size %%lu type %s\\n", '
                       '(unsigned long)offsetof(struct %s, %s), '
                       '(unsigned long)sizeof(((struct %s *)0)->%s));'
                       % (s, name, typ, s, name, s, name))
    for e, names in sorted(enums.items()):
        for n in names:
            out.append('\tprintf("enum %s %s = %%ld\\n", (long)%s);' % (e, n, n))
    for d, value in sorted(defines.items()):
        if value.startswith('"'):
            out.append('\tprintf("define %s = %%s\\n", %s);' % (d, d))
        else:
            out.append('\tprintf("define %s = %%.17g\\n", (double)(%s));' % (d, d))
    out += ["\treturn 0;", "}", ""]
    return "\n".join(out)


def data_model(cc, tmp):
    src = os.path.join(tmp, "model.c")
    with open(src, "w") as f:
        f.write('#include <stdio.h>\n#include <stddef.h>\n#include <stdint.h>\n'
                'struct d { char c; double v; }; struct i { char c; int64_t v; };\n'
                'int main(void) { printf("int%u-long%u-ptr%u-double%u/%u-int64/%u\\n",'
                ' (unsigned)(8 * sizeof(int)), (unsigned)(8 * sizeof(long)),'
                ' (unsigned)(8 * sizeof(void *)), (unsigned)(8 * sizeof(double)),'
                ' (unsigned)(8 * offsetof(struct d, v)), (unsigned)(8 * offsetof(struct i, v)));'
                ' return 0; }\n')
    return run_c(cc, src, [], tmp, "model").strip()


def run_c(cc, src, includes, tmp, name):
    exe = os.path.join(tmp, name)
    cmd = cc + ["-std=c99", "-w"] + ["-I" + i for i in includes] + [src, "-o", exe]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("check-layout: cannot compile %s:\n%s\n%s"
                         % (src, " ".join(cmd), r.stderr))
    return subprocess.run([exe], check=True, capture_output=True, text=True).stdout


def table(cc, header, includes, tmp, name):
    """(parsed header, its table's lines) for a header file."""
    with open(header, encoding="utf-8") as f:
        text = f.read()
    # the library's own headers it includes (skirmish/version.h) are part of it
    for inc in re.findall(r"^#include <(skirmish/\w+\.h)>", text, flags=re.M):
        for d in includes:
            if os.path.exists(os.path.join(d, inc)):
                with open(os.path.join(d, inc), encoding="utf-8") as f:
                    text += f.read()
                break
        else:
            raise SystemExit("check-layout: %s includes %s, not found in %s"
                             % (header, inc, " ".join(includes)))
    parsed = parse(text)
    src = os.path.join(tmp, name + ".c")
    with open(src, "w") as f:
        f.write(program(os.path.abspath(header), *parsed))
    return parsed, run_c(cc, src, includes, tmp, name).splitlines()


def facts(lines):
    sizes, members, enums, defines = {}, {}, {}, {}
    for line in lines:
        w = line.split()
        if w[0] == "struct":
            sizes[w[1]] = int(w[3])
        elif w[0] == "member":
            s, m = w[1].split(".")
            members.setdefault(s, []).append((m, int(w[3]), int(w[5]), " ".join(w[7:])))
        elif w[0] == "enum":
            enums.setdefault(w[1], {})[w[2]] = int(w[4])
        elif w[0] == "define":
            defines[w[1]] = " ".join(w[3:])
    return sizes, members, enums, defines


def version_macro(struct):
    return struct.upper() + "_VERSION"


def compare(old_lines, new_lines):
    """The broken promises of NEW against OLD, as sentences."""
    osz, omem, oenum, odef = facts(old_lines)
    nsz, nmem, nenum, ndef = facts(new_lines)
    errors = []
    grown = set()
    for s, members in sorted(omem.items()):
        if s not in nsz:
            errors.append("struct %s was removed" % s)
            continue
        versioned = members[0][0] == "version" and version_macro(s) in odef
        new = {m[0]: m for m in nmem.get(s, [])}
        for name, off, size, typ in members:
            if name not in new:
                errors.append("%s.%s was removed or renamed" % (s, name))
                continue
            _, noff, nsize, ntyp = new[name]
            if (noff, nsize, ntyp) != (off, size, typ):
                errors.append("%s.%s moved or changed: offset %d size %d type %s, "
                              "was offset %d size %d type %s"
                              % (s, name, noff, nsize, ntyp, off, size, typ))
        end = max(off + size for _, off, size, _ in members)
        old_names = {m[0] for m in members}
        added = [m for m in nmem.get(s, []) if m[0] not in old_names]
        if not versioned:
            if added or nsz[s] != osz[s]:
                errors.append("struct %s is not versioned, so it may not change: size %d, "
                              "was %d%s" % (s, nsz[s], osz[s],
                                            "; added " + ", ".join(m[0] for m in added)
                                            if added else ""))
            continue
        for name, off, size, _ in added:
            if off < end:
                errors.append("%s.%s is new at offset %d, inside the old members "
                              "(they end at %d): a versioned struct grows at its end only"
                              % (s, name, off, end))
        if nsz[s] < osz[s]:
            errors.append("struct %s shrank from %d to %d bytes" % (s, osz[s], nsz[s]))
        if added or nsz[s] != osz[s]:
            grown.add(s)
            v = version_macro(s)
            if v in ndef and float(ndef[v]) <= float(odef[v]):
                errors.append("struct %s grew (%d to %d bytes: %s) but %s is still %s"
                              % (s, osz[s], nsz[s], ", ".join(m[0] for m in added) or
                                 "no new member", v, ndef[v]))
    for e, values in sorted(oenum.items()):
        new = nenum.get(e)
        if new is None:
            errors.append("enum %s was removed" % e)
            continue
        for name, value in values.items():
            if name not in new:
                errors.append("%s (enum %s) was removed" % (name, e))
            elif new[name] != value:
                errors.append("%s (enum %s) is %d, was %d" % (name, e, new[name], value))
        for name, value in new.items():
            if name not in values and value in values.values():
                errors.append("%s (enum %s) is new with the value %d of an old one"
                              % (name, e, value))
    structs_by_macro = {version_macro(s): s for s in omem}
    for d, value in sorted(odef.items()):
        if d not in ndef:
            errors.append("#define %s was removed" % d)
            continue
        nvalue = ndef[d]
        if nvalue == value:
            continue
        if d == "SKIRMISH_VERSION_STRING":
            continue
        may_grow = (d in structs_by_macro or d.endswith("_COUNT") or
                    d.startswith("SKIRMISH_VERSION_"))
        if may_grow and float(nvalue) > float(value):
            continue
        errors.append("#define %s is %s, was %s" % (d, nvalue, value))
    return errors


PLANTS = {
    # name: (what it does, (old text, new text) replacements, caught?)
    "reorder": ("two members of skirmish_figure_spec change places",
                [("\tint armour;", "\tint planted_tmp;"), ("\tint shield;", "\tint armour;"),
                 ("\tint planted_tmp;", "\tint shield;")], True),
    "path-max": ("SKIRMISH_PATH_MAX grows (so does skirmish_action's path)",
                 [("#define SKIRMISH_PATH_MAX 16", "#define SKIRMISH_PATH_MAX 17")], True),
    "renumber": ("an enumerator is renumbered",
                 [("SKIRMISH_E_NOMEM = -2,", "SKIRMISH_E_NOMEM = -24,")], True),
    "narrower": ("a member's type changes, its size kept",
                 [("\tint dv;                   /**< Senso S1: 4,",
                   "\tunsigned int dv;          /**< Senso S1: 4,")], True),
    "grow-unversioned": ("a struct without a version grows at its end",
                         [("\tint round;                /**< melee: 0 and up with re-rolls */",
                           "\tint round;                /**< melee: 0 and up with re-rolls */\n"
                           "\tint planted;")], True),
    "grow-same-version": ("a versioned struct grows at its end, its version kept",
                          [("\tint rerolls;              /**< nonzero: ties are rolled again (Senso S10) */",
                            "\tint rerolls;              /**< nonzero: ties are rolled again (Senso S10) */\n"
                            "\tint planted;")], True),
    "insert-versioned": ("a member is inserted inside a versioned struct, with a new version",
                         [("\tint noutcomes;            /**< outcomes with a probability above 0, by outcome */",
                           "\tint planted;\n"
                           "\tint noutcomes;            /**< outcomes with a probability above 0, by outcome */"),
                          ("#define SKIRMISH_ODDS_VERSION 1",
                           "#define SKIRMISH_ODDS_VERSION 2")], True),
    "grow-versioned": ("a versioned struct grows at its end with version 2 (allowed)",
                       [("\tint rerolls;              /**< nonzero: ties are rolled again (Senso S10) */",
                         "\tint rerolls;              /**< nonzero: ties are rolled again (Senso S10) */\n"
                         "\tint planted;\n\tdouble planted_too;"),
                        ("#define SKIRMISH_ODDS_VERSION 1",
                         "#define SKIRMISH_ODDS_VERSION 2")], False),
    "new-enumerator": ("an enumerator is added at the end (allowed)",
                       [("\tSKIRMISH_POLICY_ROLLOUT = 2\n",
                         "\tSKIRMISH_POLICY_ROLLOUT = 2,\n"
                         "\tSKIRMISH_POLICY_PLANTED = 3\n")], False),
}


def plant(text, name):
    for old, new in PLANTS[name][1]:
        if text.count(old) != 1:
            raise SystemExit("check-layout: plant %s: %r is not in the header once "
                             "(update the plant to the header)" % (name, old))
        text = text.replace(old, new)
    return text


def check(args, old_lines, plant_name, tmp):
    new_header = args["new"]
    includes = args["includes"]
    if plant_name:
        d = os.path.join(tmp, "plant-" + plant_name)
        os.makedirs(os.path.join(d, "skirmish"))
        with open(new_header, encoding="utf-8") as f:
            text = plant(f.read(), plant_name)
        new_header = os.path.join(d, "skirmish", os.path.basename(args["new"]))
        with open(new_header, "w", encoding="utf-8") as f:
            f.write(text)
        includes = [d] + includes
    _, new_lines = table(args["cc"], new_header, includes, tmp,
                         "new-" + (plant_name or "header"))
    return compare(old_lines, new_lines)


def main(argv):
    args = {"cc": ["cc"], "includes": [], "plants": [], "table": None, "write": None,
            "planted": False}
    pos = []
    it = iter(argv[1:])
    for a in it:
        if a == "--cc":
            args["cc"] = next(it).split()
        elif a == "-I":
            args["includes"].append(next(it))
        elif a == "--table":
            args["table"] = next(it)
        elif a == "--write-table":
            args["write"] = next(it)
        elif a == "--plant":
            args["plants"].append(next(it))
        elif a == "--planted":
            args["planted"] = True
        else:
            pos.append(a)
    if len(pos) != 2 or any(p not in PLANTS for p in args["plants"]):
        print(__doc__ + "\nPLANTS:\n" +
              "\n".join("  %-18s %s" % (k, v[0]) for k, v in PLANTS.items()))
        return 2
    args["old"], args["new"] = pos
    with tempfile.TemporaryDirectory() as tmp:
        model = data_model(args["cc"], tmp)
        parsed, old_lines = table(args["cc"], args["old"], [], tmp, "old")
        if sum(len(m) for m in parsed[0].values()) < 50 or len(parsed[1]) < 10:
            print("check-layout: read too little of %s" % args["old"], file=sys.stderr)
            return 1
        if args["write"]:
            with open(args["write"], "w") as f:
                f.write("# data model %s: the table of %s (tests/abi/check-layout.py "
                        "--write-table)\n" % (model, os.path.basename(args["old"])))
                f.write("\n".join(old_lines) + "\n")
            print("wrote %s (%d lines, %s)" % (args["write"], len(old_lines), model))
            return 0
        errors = []
        if args["table"]:
            with open(args["table"]) as f:
                first, *committed = f.read().splitlines()
            m = re.match(r"# data model (\S+):", first)
            if not m:
                errors.append("%s does not say its data model on its first line"
                              % args["table"])
            elif m.group(1) != model:
                print("check-layout: %s is of %s, this is %s: not compared"
                      % (args["table"], m.group(1), model))
            elif committed != old_lines:
                errors.append("%s is not the table of %s (regenerate it with "
                              "--write-table)" % (args["table"], args["old"]))
        if args["planted"]:
            for name, (what, _, caught) in PLANTS.items():
                found = check(args, old_lines, name, tmp)
                verdict = "caught" if found else "passed"
                ok = bool(found) == caught
                print("%-4s %-18s %s: %s%s" % ("ok" if ok else "FAIL", name, what, verdict,
                                               ": " + found[0] if found else ""))
                if not ok:
                    errors.append("plant %s was %s, expected %s"
                                  % (name, verdict, "caught" if caught else "passed"))
        else:
            for p in args["plants"] or [None]:
                errors += check(args, old_lines, p, tmp)
            print("check-layout: %s against %s on %s: %d structs, %d enumerators, "
                  "%d numbers compared" % (args["new"], args["old"], model,
                                           len(parsed[0]),
                                           sum(len(v) for v in parsed[1].values()),
                                           len(parsed[2])))
        for e in errors:
            print("check-layout: " + e, file=sys.stderr)
        return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
