#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The README's short example, built and run as the README says: from the
build tree, without installing.

usage: check-readme.py SOURCE_DIR BUILD_DIR CC

Takes the C program under "## A short example" and the shell lines under
the readme-example marker, then runs those lines as written (with sh -e)
in a scratch directory where `build` leads to BUILD_DIR and `include` to
SOURCE_DIR/include, with `cc` the compiler of the build. Then the exact
cc line without pkg-config that the README gives next to them. Each
program must run and print the shot's sentence.
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile


def section(text, heading):
    start = text.index(heading)
    end = text.find('\n## ', start + len(heading))
    return text[start:end if end >= 0 else len(text)]


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    source, build, cc = sys.argv[1:]
    with open(os.path.join(source, 'README.md'), encoding='utf-8') as f:
        readme = f.read()
    example = section(readme, '## A short example')
    program = re.search(r'```c\n(.*?)```', example, re.S)
    lines = re.search(r'<!-- readme-example[^\n]*\n```sh\n(.*?)```', example, re.S)
    exact = re.search(r'`(cc -o shoot shoot\.c -I[^`]*)`', example)
    if not program or not lines or not exact:
        print('check-readme: README.md has no short example, no readme-example '
              'lines or no exact cc line', file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix='skirmish-readme-') as tmp:
        os.symlink(os.path.abspath(build), os.path.join(tmp, 'build'))
        os.symlink(os.path.join(os.path.abspath(source), 'include'), os.path.join(tmp, 'include'))
        with open(os.path.join(tmp, 'shoot.c'), 'w', encoding='utf-8') as f:
            f.write(program.group(1))
        bindir = os.path.join(tmp, 'bin')
        os.mkdir(bindir)
        os.symlink(cc if os.path.isabs(cc) else
                   subprocess.run(['sh', '-c', 'command -v "$1"', 'sh', cc],
                                  stdout=subprocess.PIPE, universal_newlines=True,
                                  check=True).stdout.strip(),
                   os.path.join(bindir, 'cc'))
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ['PATH'])
        env.pop('PKG_CONFIG_PATH', None)
        env.pop('LD_LIBRARY_PATH', None)
        for what, script in (('the readme-example lines', lines.group(1)),
                             ('the exact cc line', exact.group(1) +
                              '\nLD_LIBRARY_PATH=build/lib ./shoot\n')):
            if os.path.exists(os.path.join(tmp, 'shoot')):
                os.unlink(os.path.join(tmp, 'shoot'))
            p = subprocess.run(['sh', '-ec', script], cwd=tmp, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               universal_newlines=True)
            out = p.stdout.strip()
            if p.returncode != 0 or not re.search(r' shoots ', out):
                print('check-readme: %s failed (status %d):\n%s\n%s' % (
                    what, p.returncode, script, out), file=sys.stderr)
                return 1
            print('%s: %s' % (what, out.splitlines()[-1]))
    return 0


if __name__ == '__main__':
    sys.exit(main())
