#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The verdict on one abidiff report (tests/abi/check-abi.sh, doc/ABI.md).

usage: abidiff-verdict.py BASELINE.abi REPORT STATUS
       abidiff-verdict.py --recorded BASELINE.abi DIR

REPORT is what `abidiff --leaf-changes-only` printed comparing BASELINE.abi
with the new library, STATUS its exit status. Passes only additions:

  - new functions and variables (nothing removed, no signature changed);
  - a versioned struct (its first member is `version`, in BASELINE.abi)
    that grew: its size grew and the only change is members inserted after
    the last member it had (the report lists an old member that moved or
    changed type as a "data member change", and that fails);
  - enumerators added to an enum reached by a type.

Anything else abidiff reports fails: a member moved, changed or removed, a
struct without a version that changed at all, a changed typedef, ...
abidiff's own incompatible-change and error bits fail too.

--recorded judges the reports recorded in DIR, each named
pass-WHAT.STATUS.txt or fail-WHAT.STATUS.txt (abidiff's report of a change
WHAT made on purpose to a copy of the tree, and its status), and fails
unless each is judged as its name says (test abi-verdict).
"""
import os
import re
import sys
import xml.etree.ElementTree as ET


def versioned_structs(baseline):
    """name -> the offset in bits of its last member, for each struct of the
    baseline whose first member is `version`."""
    out = {}
    for c in ET.parse(baseline).getroot().iter("class-decl"):
        members = [(int(d.get("layout-offset-in-bits", "0")), d.find("var-decl").get("name"))
                   for d in c.findall("data-member") if d.find("var-decl") is not None]
        if members and members[0][1] == "version":
            out[c.get("name")] = max(off for off, _ in members)
    return out


def blocks(report):
    """(header line, body lines) of each leaf change: a line "'KIND NAME'
    changed:" at the margin, and the indented lines under it."""
    out = []
    under = None
    for line in report.splitlines():
        if re.match(r"^'[^']+' changed:", line):
            under = []
            out.append((line, under))
        elif line.startswith(" "):
            if under is not None:
                under.append(line.strip())
        elif line.strip():
            under = None  # a summary, or a list of functions (counted there)
    return out


def judge_struct(name, body, last_offset):
    """Why a versioned struct's change is not a growth at its end, or None."""
    if last_offset is None:
        return "struct %s is not versioned: it may not change" % name
    grew = False
    inserting = False
    for i, line in enumerate(body):
        if line == "type size hasn't changed":
            continue
        m = re.match(r"type size changed from (\d+) to (\d+) \(in bits\)$", line)
        if m:
            if int(m.group(2)) <= int(m.group(1)):
                return "struct %s shrank" % name
            grew = True
            inserting = False
            continue
        if re.match(r"\d+ data member insertions?:$", line):
            inserting = True
            continue
        m = re.match(r"'[^']*', at offset (\d+) \(in bits\)", line)
        if inserting and m:
            if int(m.group(1)) <= last_offset:
                return ("struct %s: a member inserted at bit %s, before its last old "
                        "member (at bit %d)" % (name, m.group(1), last_offset))
            continue
        return ("struct %s changed otherwise than by growing at its end: %s"
                % (name, "; ".join(body[i:i + 3])))
    if not grew:
        return "struct %s changed without growing" % name
    return None


def judge_enum(name, body):
    inserting = False
    for line in body:
        if line == "type size hasn't changed":
            continue
        if re.match(r"\d+ enumerator insertions?:$", line):
            inserting = True
            continue
        if inserting and re.match(r"'[^']*' value '", line):
            continue
        return "enum %s: %s" % (name, line)
    return None


def verdict(baseline, report, status):
    """The reasons the report fails, as sentences (none: it passes)."""
    reasons = []
    if status & 1:
        reasons.append("abidiff failed (status %d)" % status)
    if status & 2:
        reasons.append("abidiff was used wrongly (status %d)" % status)
    if status & 8:
        reasons.append("abidiff found an incompatible change (status %d)" % status)
    summaries = re.findall(r"Removed/Changed/Added (functions|variables) summary: "
                           r"(\d+) Removed, (\d+) Changed", report)
    if len(summaries) != 2:
        reasons.append("the report has no leaf summary of functions and variables "
                       "(abidiff --leaf-changes-only?)")
    for what, removed, changed in summaries:
        if int(removed) or int(changed):
            reasons.append("%s %s removed, %s changed" % (what, removed, changed))
    versioned = versioned_structs(baseline)
    if not versioned:
        reasons.append("%s has no versioned struct: not a baseline of this library" % baseline)
    for head, body in blocks(report):
        m = re.match(r"^'(struct|enum|union|typedef) ([^']+)' changed:", head)
        if m and m.group(1) == "struct":
            why = judge_struct(m.group(2), body, versioned.get(m.group(2)))
        elif m and m.group(1) == "enum":
            why = judge_enum(m.group(2), body)
        else:
            why = "%s %s" % (head.rstrip(":"), "; ".join(body))
        if why:
            reasons.append(why)
    return reasons


def recorded(baseline, directory):
    wrong = 0
    names = sorted(n for n in os.listdir(directory) if n.endswith(".txt"))
    kinds = set()
    for name in names:
        m = re.match(r"^(pass|fail)-([\w-]+)\.(\d+)\.txt$", name)
        if not m:
            print("abidiff-verdict: %s: not pass|fail-WHAT.STATUS.txt" % name)
            wrong += 1
            continue
        with open(os.path.join(directory, name), encoding="utf-8") as f:
            reasons = verdict(baseline, f.read(), int(m.group(3)))
        got = "fail" if reasons else "pass"
        kinds.add(m.group(1))
        print("%-4s %s: %s%s" % ("ok" if got == m.group(1) else "FAIL", m.group(2), got,
                                 " (" + reasons[0] + ")" if reasons else ""))
        wrong += got != m.group(1)
    if kinds != {"pass", "fail"}:
        print("abidiff-verdict: %s needs reports that pass and reports that fail" % directory)
        wrong += 1
    return 1 if wrong else 0


def main(argv):
    if len(argv) == 4 and argv[1] == "--recorded":
        return recorded(argv[2], argv[3])
    if len(argv) != 4:
        print(__doc__)
        return 2
    with open(argv[2], encoding="utf-8", errors="replace") as f:
        report = f.read()
    reasons = verdict(argv[1], report, int(argv[3]))
    for r in reasons:
        print("ABI check: " + r, file=sys.stderr)
    return 1 if reasons else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
