#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks that a tool's man page says what its --help says (issue 27).

check-man.py PROGRAM PAGE.scd [--commands]

Every option that `PROGRAM --help` names (-q, --quiet, --seed, ...) must be
in the page's OPTIONS section, and every option there must be in --help.
With --commands (skirmish-console), every command that the console's
`help` lists must be in the page's COMMANDS section, and every command
there must be one that `help` lists. The page is the scdoc source, so that
the test needs no scdoc; its definitions are lines that start with a
*bold* word.
"""
import re
import subprocess
import sys

OPTION = re.compile(r'(?<![\w-])(--?[A-Za-z][\w-]*)')


def sections(page):
    """The page's sections: {heading: [lines]}, by its `# HEADING` lines."""
    out, name = {}, None
    for line in page.splitlines():
        m = re.match(r'# (\S.*)', line)
        if m:
            name = m.group(1).strip()
            out[name] = []
        elif name:
            out[name].append(line)
    return out


def page_options(lines):
    found = set()
    for line in lines:
        if line.startswith('*-'):
            found.update(re.findall(r'\*(--?[A-Za-z][\w-]*)\*', line))
    return found


def page_commands(lines):
    found = set()
    for line in lines:
        # "*name* args" or "*a* X, *b* Y": each command of the line
        if line.startswith('*'):
            for part in re.split(r',\s+(?=\*)', line):
                m = re.match(r'\*([a-z][\w-]*)\*', part)
                if m:
                    found.add(m.group(1))
    return found


def help_commands(program):
    p = subprocess.run([program, '-q', '-'], input=b'help\n', capture_output=True,
                       timeout=30)
    found = set()
    for line in p.stdout.decode('utf-8', 'replace').splitlines():
        m = re.match(r'  ([a-z][\w-]*)', line)      # a usage line, not its rest
        if m and not line.startswith('      '):
            found.add(m.group(1))
            # "quit | exit": a one-word alternative is a command too
            for alt in line.split(' | ')[1:]:
                if re.fullmatch(r'[a-z][\w-]*', alt.strip()):
                    found.add(alt.strip())
    return found


def differ(page_path, says_a, a, says_b, b):
    """Prints what one of two sets has and the other lacks; how many."""
    for what, only in ((says_a + ', the page does not', a - b),
                       (says_b + ', it is not in the program\'s help', b - a)):
        for x in sorted(only):
            print('%s: %s' % (page_path, what % x))
    return len(a ^ b)


def main():
    a = sys.argv[1:]
    commands = '--commands' in a
    a = [x for x in a if x != '--commands']
    if len(a) != 2:
        print(__doc__)
        return 2
    program, page_path = a
    with open(page_path, encoding='utf-8') as f:
        page = sections(f.read())
    helptext = subprocess.run([program, '--help'], capture_output=True, text=True,
                              timeout=30).stdout
    want, have = set(OPTION.findall(helptext)), page_options(page.get('OPTIONS', []))
    bad = differ(page_path, '--help names %s', want, 'the page names %s', have)
    if commands:
        want, have = help_commands(program), page_commands(page.get('COMMANDS', []))
        if not want:
            print('`help` listed no commands')
            bad += 1
        bad += differ(page_path, '`help` lists `%s`', want, 'the page has `%s`', have)
    if not bad:
        print('%s: the %d options of --help%s, and nothing else' % (
            page_path, len(set(OPTION.findall(helptext))),
            ' and the %d commands of `help`' % len(want) if commands else ''))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
