#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A game that embeds libskirmish as a meson subproject (doc/ABI.md).

usage: check-subproject.py SOURCE_ROOT MESON

Writes a tiny consumer project (tests/consumer.c) in a scratch directory, with this source
tree as subprojects/libskirmish and default_library=static, then checks:

  - configuring never looks Check up (meson-log.txt), nor builds any of
    the optional parts: only the library's own targets are there;
  - the consumer's `meson test` runs the consumer's test alone;
  - the program links libskirmish statically (no libskirmish.so NEEDED),
    runs, and the archive defines no global symbol outside skirmish_;
  - `meson install` installs the program, the archive and the two
    headers, nothing else (no .pc, no tools, no Python module).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

CONSUMER_BUILD = """\
project('consumer', 'c', default_options: ['default_library=static'])
skirmish_dep = dependency('skirmish', fallback: ['libskirmish', 'skirmish_dep'])
use = executable('use', 'use.c', dependencies: skirmish_dep, install: true)
test('use', use)
"""

# the targets a subproject build may have: the library and its parts
ALLOWED_TARGETS = {'skirmish-internal', 'skirmish-partial.o', 'skirmish.o', 'skirmish'}


def fail(msg):
    print('check-subproject: ' + msg, file=sys.stderr)
    sys.exit(1)


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        print(p.stdout, p.stderr, sep='\n', file=sys.stderr)
        fail('`{}` failed ({})'.format(' '.join(cmd), p.returncode))
    return p.stdout


def main():
    if len(sys.argv) != 3:
        fail('usage: check-subproject.py SOURCE_ROOT MESON')
    source, meson = os.path.abspath(sys.argv[1]), sys.argv[2]
    work = tempfile.mkdtemp(prefix='skirmish-consumer-')
    try:
        check(source, meson, work)
    finally:
        shutil.rmtree(work)


def check(source, meson, work):
    os.makedirs(os.path.join(work, 'subprojects'))
    os.symlink(source, os.path.join(work, 'subprojects', 'libskirmish'))
    with open(os.path.join(work, 'meson.build'), 'w') as f:
        f.write(CONSUMER_BUILD)
    shutil.copy(os.path.join(source, 'tests', 'consumer.c'), os.path.join(work, 'use.c'))

    build = os.path.join(work, 'build')
    env = dict(os.environ)
    env.pop('MESON_TESTTHREADS', None)
    # forcefallback: an installed libskirmish must not stand in for this tree
    run([meson, 'setup', build, work, '--wrap-mode=forcefallback'], env=env)
    with open(os.path.join(build, 'meson-logs', 'meson-log.txt')) as f:
        log = f.read()
    if re.search(r"dependency '?check\b", log, re.IGNORECASE):
        fail('configuring the subproject looked Check up')
    if 'Subproject libskirmish finished' not in log:
        fail('the consumer did not configure libskirmish as a subproject')

    targets = json.loads(run([meson, 'introspect', '--targets', build]))
    names = {t['name'] for t in targets if t.get('subproject') == 'libskirmish'}
    if 'skirmish' not in names or names - ALLOWED_TARGETS:
        fail('the subproject builds more than the library: {}'.format(
            sorted(names - ALLOWED_TARGETS) or sorted(names)))

    run([meson, 'compile', '-C', build], env=env)
    tests = run([meson, 'test', '-C', build, '--no-rebuild', '--list'], env=env).split()
    if tests != ['use']:
        fail('the consumer runs tests that are not its own: {}'.format(tests))

    exe = os.path.join(build, 'use')
    needed = run(['readelf', '-d', exe])
    if 'libskirmish' in needed:
        fail('the program links libskirmish dynamically')
    out = run([exe])
    if 'ends its turn' not in out:
        fail('the program printed {!r}'.format(out))

    archive = os.path.join(build, 'subprojects', 'libskirmish', 'lib', 'libskirmish.a')
    syms = run(['nm', '-g', '--defined-only', archive]).split('\n')
    defined = [line.split()[-1] for line in syms if len(line.split()) == 3]
    bad = [s for s in defined if not s.startswith('skirmish_')]
    if bad or len(defined) < 10:
        fail('libskirmish.a defines {} globals, these without the prefix: {}'.format(
            len(defined), bad[:20]))

    dest = os.path.join(work, 'dest')
    run([meson, 'install', '-C', build, '--destdir', dest, '--no-rebuild'], env=env)
    installed = []
    for root, _, files in os.walk(dest):
        installed += [os.path.relpath(os.path.join(root, f), dest) for f in files]
    kinds = sorted(os.path.basename(p) for p in installed)
    if kinds != ['libskirmish.a', 'skirmish.h', 'use', 'version.h']:
        fail('the consumer installs {}'.format(sorted(installed)))
    print('check-subproject: static, {} skirmish_ globals, no Check, installed {}'.format(
        len(defined), ', '.join(kinds)))
    print(out.strip())


if __name__ == '__main__':
    main()
