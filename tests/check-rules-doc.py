#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The rules documents against the code and the tests.

Usage: check-rules-doc.py [SOURCE_ROOT]

Fails (exit status 1) when
  (a) a ruling id that lib/, tests/ or examples/ cite (S25, A7, G5a, O3,
      H4, ...) is stated nowhere in doc/rules/*.md or doc/FORMAT.md (a
      table row whose id cell is the id, or a paragraph or list item that
      starts with it in bold), and likewise for an id that doc/rules/ cites;
  (b) a name in a "Carried out by" (or "function") cell or sentence is no
      identifier of the C code in lib/, examples/ or include/ (comments and
      strings do not count);
  (c) a name in a "Checked by" (or "test") cell or sentence is no test: a
      START_TEST(name) in tests/, a Python test_* function in python/ or
      tests/, or a console-NAME or example-NAME test of tests/meson.build
      (named by tests/console/NAME.skirmish, tests/examples/NAME.out); a
      name with * is a pattern that must match at least one test.
Names in PENDING are reported as warnings instead: they belong to rulings
being carried out now, and each must leave the list when its code lands
(the check then says so).
"""

import fnmatch
import os
import re
import sys

# Names of the second rulings (G13, G14, S25-S28, A26-A29) that the code
# and tests do not have yet. Empty this as they are written.
PENDING = {
    'functions': set(),
    'tests': set(),
}

RULING_ID = re.compile(r'\b([GSAOH][0-9]{1,2}[a-z]?)\b')
IDENT = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')
# A backticked name: an identifier, possibly with members, an index or
# arguments: `melee_rules.counters_mounted`, `on[SH_UNARMOURED]`,
# `sk_roll(g, dv, ...)`; anything else in backticks is not a name.
CODE_NAME = re.compile(
    r'^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?:\[([A-Za-z_]\w*)\])?(?:\(.*\))?$')
TEST_NAME = re.compile(r'^[A-Za-z_*][A-Za-z0-9_*]*$')
C_EXT = ('.c', '.h', '.cc', '.in')
BOLD_START = re.compile(r'^(?:[-*]\s+)?\*\*([GSAOH][0-9]{1,2}[a-z]?)\b')


def read_text(path):
    """A file's text, or None for a binary file."""
    with open(path, 'rb') as f:
        data = f.read()
    if b'\0' in data:
        return None
    try:
        return data.decode('utf-8')
    except UnicodeDecodeError:
        return None


def walk(root, top):
    for d, dirs, files in os.walk(os.path.join(root, top)):
        dirs.sort()
        for name in sorted(files):
            yield os.path.join(d, name)


def strip_c(text):
    """C text with comments, string and character literals blanked."""
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
                  ' ', text, flags=re.S)


def code_identifiers(root):
    names = set()
    for top in ('lib', 'examples', 'include'):
        for path in walk(root, top):
            if path.endswith(C_EXT):
                text = read_text(path)
                if text is not None:
                    names.update(IDENT.findall(strip_c(text)))
    return names


def test_names(root):
    names = set()
    for top in ('tests', 'python'):
        for path in walk(root, top):
            text = read_text(path)
            if text is None:
                continue
            if path.endswith(('.c', '.cc')):
                names.update(re.findall(r'^\s*START_TEST\s*\(\s*(\w+)\s*\)',
                                        text, re.M))
            elif path.endswith('.py'):
                names.update(re.findall(r'^\s*def\s+(test_\w+)\s*\(', text, re.M))
    # Tests of tests/meson.build named by their files: console-NAME for
    # tests/console/NAME.skirmish, example-NAME for tests/examples/NAME.out.
    for sub, prefix, ext in (('console', 'console-', '.skirmish'),
                             ('examples', 'example-', '.out')):
        d = os.path.join(root, 'tests', sub)
        if os.path.isdir(d):
            for name in os.listdir(d):
                if name.endswith(ext):
                    names.add(prefix + name[:-len(ext)])
    return names


def cited_ids(root):
    """Ruling id -> the first file and line that cites it."""
    cited = {}
    for top in ('lib', 'tests', 'examples'):
        for path in walk(root, top):
            if os.path.abspath(path) == os.path.abspath(__file__):
                continue
            text = read_text(path)
            if text is None:
                continue
            for n, line in enumerate(text.splitlines(), 1):
                for rid in RULING_ID.findall(line):
                    cited.setdefault(rid, '%s:%d' % (os.path.relpath(path, root), n))
    return cited


def split_row(line):
    cells = line.strip().strip('|').split('|')
    return [c.strip() for c in cells]


def backticked(text):
    return re.findall(r'`([^`]+)`', text)


class Doc:
    """What the rules documents state and name."""

    def __init__(self):
        self.stated = {}        # id -> where
        self.cites = []         # (id, where)
        self.functions = []     # (name, where)
        self.tests = []         # (name, where)

    def add_functions(self, text, where):
        for span in backticked(text):
            m = CODE_NAME.match(span.strip())
            if not m:
                continue
            for part in m.group(1).split('.'):
                self.functions.append((part, where))
            if m.group(2):
                self.functions.append((m.group(2), where))

    def add_tests(self, text, where):
        for span in backticked(text):
            if TEST_NAME.match(span.strip()):
                self.tests.append((span.strip(), where))

    def read(self, path, rel, rules):
        lines = read_text(path).splitlines()
        header = None
        para = []
        para_start = 0
        for n, line in enumerate(lines, 1):
            where = '%s:%d' % (rel, n)
            s = line.strip()
            if s.startswith('|'):
                cells = split_row(s)
                if header is None:
                    header = [c.lower() for c in cells]
                    continue
                if all(re.fullmatch(r':?-+:?', c) for c in cells if c):
                    continue
                self.read_row(header, cells, where, rules)
                continue
            header = None
            if rules:
                for rid in RULING_ID.findall(line):
                    self.cites.append((rid, where))
            if not s or BOLD_START.match(s):
                self.read_paragraph(para, para_start, rel, rules)
                para = []
                para_start = n
            if s:
                para.append(s)
        self.read_paragraph(para, para_start, rel, rules)

    def read_row(self, header, cells, where, rules):
        for col, cell in zip(header, cells):
            if col == 'id':
                if RULING_ID.fullmatch(cell):
                    self.stated.setdefault(cell, where)
            elif not rules:
                continue
            elif col in ('carried out by', 'function'):
                self.add_functions(cell, where)
            elif col in ('checked by', 'test'):
                self.add_tests(cell, where)
            if rules:
                for rid in RULING_ID.findall(cell):
                    self.cites.append((rid, where))

    def read_paragraph(self, para, start, rel, rules):
        if not para:
            return
        where = '%s:%d' % (rel, start)
        m = BOLD_START.match(para[0])
        if m:
            self.stated.setdefault(m.group(1), where)
        if not rules:
            return
        text = ' '.join(para)
        # "Carried out by A, B. Checked by C, D." and "Test(s): C, D."
        for m in re.finditer(r'Carried out by (.*?)(?=Checked by|Tests?:|$)', text):
            self.add_functions(m.group(1), where)
        for m in re.finditer(r'(?:Checked by|Tests?:) (.*?)(?=Carried out by|$)', text):
            self.add_tests(m.group(1), where)


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))
    doc = Doc()
    rules_dir = os.path.join(root, 'doc', 'rules')
    for name in sorted(os.listdir(rules_dir)):
        if name.endswith('.md'):
            doc.read(os.path.join(rules_dir, name), 'doc/rules/' + name, True)
    doc.read(os.path.join(root, 'doc', 'FORMAT.md'), 'doc/FORMAT.md', False)

    errors = []
    warnings = []

    for rid, where in sorted(cited_ids(root).items()):
        if rid not in doc.stated:
            errors.append('%s: ruling %s is stated nowhere in doc/rules/ or '
                          'doc/FORMAT.md' % (where, rid))
    for rid, where in doc.cites:
        if rid not in doc.stated:
            errors.append('%s: ruling %s is cited but stated nowhere' % (where, rid))

    idents = code_identifiers(root)
    used_pending = set()
    for name, where in doc.functions:
        if name in idents:
            continue
        if name in PENDING['functions']:
            used_pending.add(name)
            continue
        errors.append('%s: "Carried out by" names %s, which is not in the '
                      'code of lib/, examples/ or include/' % (where, name))

    tests = test_names(root)
    for name, where in doc.tests:
        found = (fnmatch.filter(tests, name) if '*' in name else name in tests)
        if found:
            continue
        if name in PENDING['tests']:
            used_pending.add(name)
            continue
        errors.append('%s: "Checked by" names %s, which is no test' % (where, name))

    for name in sorted(PENDING['functions']):
        if name in idents:
            warnings.append('%s is in the code now: take it off the pending '
                            'list' % name)
    for name in sorted(PENDING['tests']):
        if fnmatch.filter(tests, name) if '*' in name else name in tests:
            warnings.append('%s is a test now: take it off the pending list'
                            % name)
    for name in sorted((PENDING['functions'] | PENDING['tests']) - used_pending):
        if not any(n == name for n, _ in doc.functions + doc.tests):
            warnings.append('%s is on the pending list but no rules '
                            'document names it' % name)
    for name in sorted(used_pending):
        warnings.append('pending: %s is named by doc/rules/ but not written yet'
                        % name)

    for w in warnings:
        print('warning: ' + w)
    for e in errors:
        print('error: ' + e)
    print('%d rulings stated, %d function and %d test names checked, '
          '%d pending, %d errors' % (len(doc.stated), len(doc.functions),
                                     len(doc.tests), len(used_pending), len(errors)))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
