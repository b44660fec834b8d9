#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks skirmish-demo: demo-check.py DEMO ARGS...

Runs the battle twice with the same arguments (a --seed must be among
them): both runs must succeed, end with a "Winner:" line and a casualty
summary, and print the same battle die for die (G8). The battle must open
with a key to reading it, name the players in every sentence, say why it
ended and by which rule, and show dice and modifiers only with -v (which
must not change the battle). A third run writes
SVG pictures into a temporary directory: there must be one per turn, each
well-formed XML with an <svg> root, a scale, a caption of its turn and
terrain named in words, the last one the result; and the battle must be
the same.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET


def run(cmd):
    t = time.time()
    p = subprocess.run(cmd, capture_output=True, timeout=60)
    return p, time.time() - t


def main():
    demo, args = sys.argv[1], sys.argv[2:]
    if '--seed' not in args:
        print('give a --seed')
        return 2
    a, ta = run([demo] + args)
    b, _ = run([demo] + args)
    ok = True
    for p in (a, b):
        if p.returncode != 0:
            print('exit status', p.returncode, p.stderr.decode())
            ok = False
    out = a.stdout.decode()
    if a.stdout != b.stdout:
        print('two runs with the same seed told different battles')
        ok = False
    if '\nWinner: ' not in out or 'Casualties:' not in out:
        print('no winner line or casualty summary')
        ok = False
    if ta > 30:
        print('the battle took %.1f s' % ta)
        ok = False
    # the demo teaches: a key first, names for the players, the reason the
    # game ended by its rule; dice and modifiers only with -v
    if 'How to read ' not in out.split('=== Turn ')[0]:
        print('no key to reading the battle before the first turn')
        ok = False
    if re.search(r'\b[Pp]layer \d', out):
        print('a sentence names a player by number:',
              re.search(r'.*\b[Pp]layer \d.*', out).group(0))
        ok = False
    if '    dice:' in out or '    modifiers:' in out:
        print('dice or modifier lines without -v')
        ok = False
    why = out.split('\nWinner: ', 1)[-1].split('Casualties:')[0]
    if not re.search(r'\((G9|O4|O5)\)', why):
        print('the summary does not say by which rule the game ended:', why)
        ok = False
    v, _ = run([demo] + args + ['-v'])
    vout = v.stdout.decode()
    if '    dice:' not in vout:
        print('-v shows no dice')
        ok = False
    if [l for l in vout.split('\n') if not l.startswith('    ')] != out.split('\n'):
        print('-v tells another battle than without it')
        ok = False
    turns = out.count('=== Turn ')
    if turns < 2:
        print('fewer than two turns were played')
        ok = False
    with tempfile.TemporaryDirectory() as d:
        c, _ = run([demo] + args + ['--svg', d])
        files = sorted(glob.glob(os.path.join(d, 'turn-*.svg')))
        if c.returncode != 0 or not files:
            print('--svg failed:', c.returncode, c.stderr.decode())
            ok = False
        for k, f in enumerate(files):
            try:
                root = ET.parse(f).getroot()
                if not root.tag.endswith('svg'):
                    raise ValueError('root is ' + root.tag)
                if not root.findall('.//{http://www.w3.org/2000/svg}rect'):
                    raise ValueError('no bases or terrain drawn')
                texts = [''.join(e.itertext()) for e in
                         root.iter('{http://www.w3.org/2000/svg}text')]
                # a picture a player reads: a scale, a caption of the
                # turn, terrain in words, the result on the last one
                if '6 inches' not in texts:
                    raise ValueError('no scale')
                if not any(t.startswith('Turn %d:' % (k + 1)) for t in texts):
                    raise ValueError('no caption for turn %d' % (k + 1))
                slugs = [t for t in texts if re.fullmatch(r'[a-z]+(-[a-z]+)+', t)]
                if slugs:
                    raise ValueError('names as slugs: %s' % slugs)
                last = k == len(files) - 1
                if last != any(t.startswith('Result: ') for t in texts):
                    raise ValueError('the result is %s' % ('missing' if last else
                                                           'on an earlier picture'))
            except Exception as e:
                print('%s: %s' % (os.path.basename(f), e))
                ok = False
        if c.stdout.decode().split('\n')[:-2] != out.split('\n')[:-1]:
            print('the battle with --svg differs from the one without')
            ok = False
        if files and os.path.basename(files[0]) != 'turn-001.svg':
            print('the first picture is', os.path.basename(files[0]))
            ok = False
    print(out.splitlines()[-1] if out else '')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
