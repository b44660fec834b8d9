#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The command line of an installed tool or example (examples/cli.h).

usage: cli-check.py PROGRAM VERSION OPTION-WITH-ARGUMENT|none

Checks that --help and -h print the usage on stdout and exit 0, that
--version and -V print "NAME (libskirmish) VERSION", and that an unknown
long or short option, an option missing its argument and a stray argument
each exit 2 with a message on stderr that names what was wrong and no
output on stdout.
"""
import os
import subprocess
import sys


def run(args):
    p = subprocess.run(args, capture_output=True, text=True, timeout=60,
                       stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    prog, version, with_arg = sys.argv[1:]
    name = os.path.basename(prog)
    errors = []

    def expect(what, ok):
        if not ok:
            errors.append(what)

    for flag in ['--help', '-h']:
        rc, out, err = run([prog, flag])
        expect(flag + ' exits 0', rc == 0)
        expect(flag + ' prints the usage', out.startswith('usage: ' + name + ' '))
        expect(flag + ' lists --version', '--version' in out)
    for flag in ['--version', '-V']:
        rc, out, err = run([prog, flag])
        expect(flag + ' exits 0', rc == 0)
        expect(flag + ' prints the version',
               out == '{} (libskirmish) {}\n'.format(name, version))
    bad = [(['--bogus'], '`--bogus`'), (['-Z'], '`-Z`'),
           (['--bogus=3'], '`--bogus=3`')]
    if with_arg != 'none':
        bad.append(([with_arg], '`{}` needs an argument'.format(with_arg)))
    if name != 'skirmish-console':          # the console's arguments are files
        bad.append((['stray'], 'unexpected argument `stray`'))
    for args, said in bad:
        rc, out, err = run([prog] + args)
        expect(' '.join(args) + ' exits 2', rc == 2)
        expect(' '.join(args) + ' prints nothing on stdout', out == '')
        expect(' '.join(args) + ' says ' + said, said in err and name + ': ' in err)
        expect(' '.join(args) + ' points to --help', '--help' in err)
    for e in errors:
        print('cli-check: {}: {}'.format(name, e), file=sys.stderr)
    if not errors:
        print('cli-check: {}: help, version and {} bad command lines'.format(name, len(bad)))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
