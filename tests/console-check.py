#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks skirmish-console (doc/console.md).

console-check.py CONSOLE FILE EXPECTED [--status N]
    runs the console on FILE and compares its output with EXPECTED and its
    exit status with N (default 0). With SKIRMISH_UPDATE=1 in the
    environment it rewrites EXPECTED instead (read the diff before
    committing it).
console-check.py CONSOLE --fuzz
    feeds it long lines, binary junk and huge numbers, and the commands
    among them (board, undo, redo, save, open ...): it must answer every
    time with status 0 or 1, never crash or hang.
console-check.py CONSOLE --edges
    what once went wrong: `load` of a FIFO hung in the open; a NUL byte
    cut a line short instead of refusing it; setting up N figures was
    O(N^3) (each `figure` line looked its name up through every figure,
    10,000 took over 2 minutes): 20,000 figures set up and named right;
    a 1,024-byte line was refused when it ended in a newline but accepted
    as a file's last line without one: the limit is now the same wherever
    a line comes from (a file, its last line, stdin, `load`, "\r\n").
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile


def run(console, args, stdin=None):
    return subprocess.run([console] + args, input=stdin, capture_output=True,
                          timeout=60)


def compare(console, path, expected, status):
    # run from a scratch directory holding a copy of the file, named by its
    # base name, so that the output holds no machine path and the files a
    # transcript writes (save, html) land outside the source tree
    with tempfile.TemporaryDirectory() as d:
        shutil.copy(path, d)
        p = subprocess.run([os.path.abspath(console), os.path.basename(path)],
                           cwd=d, capture_output=True, timeout=60)
    out = p.stdout.decode('utf-8', 'replace')
    if os.environ.get('SKIRMISH_UPDATE') == '1':
        with open(expected, 'w', encoding='utf-8') as f:
            f.write(out)
        print('updated', expected)
        return 0
    with open(expected, encoding='utf-8') as f:
        want = f.read()
    ok = True
    if out != want:
        import difflib
        sys.stdout.writelines(difflib.unified_diff(
            want.splitlines(True), out.splitlines(True), 'expected', 'got'))
        ok = False
    if p.returncode != status:
        print('exit status %d, expected %d' % (p.returncode, status))
        print(p.stderr.decode('utf-8', 'replace'))
        ok = False
    return 0 if ok else 1


def fuzz(console):
    rnd = random.Random(42)
    words = ['ruleset', 'senso', 'sampson', 'players', 'figure', 'terrain', 'rect',
             'circle', 'polygon', 'move', 'shoot', 'charge', 'fight', 'start', 'end',
             'turn', 'phase', 'dice', 'seed', 'expect', 'expect-error', 'at', 'player',
             '0', '1', '-1', '1e308', '-1e308', '99999999999999999999', 'nan', 'inf',
             '"', '""', '#0', '#99999999999', 'A', 'B', 'facing', 'preset', 'samurai',
             'hill', '2.5', '0x1p3', '\x01', '\xff', 'load', 'load /dev/zero',
             'board', 'board 0 0 1 1', 'terrains', 'undo', 'redo', 'save', 'open',
             'save f.skg', 'open f.skg', 'open /dev/zero', 'help', 'north', 'NE',
             'reset', 'html', 'Show', 'a']
    setup = (b'figure A player 0 at 5 5 dv 6 missile bow\n'
             b'figure B player 1 at 15 5 dv 8\nstart\n')
    inputs = [b'x' * 5000 + b'\n' + b'status\n', b'\0\0\0status\n', bytes(range(256)) * 8,
              b'"' * 3000, b'move A' + b' 1' * 3000 + b'\n']
    for _ in range(300):
        lines = []
        for _ in range(rnd.randint(1, 12)):
            lines.append(' '.join(rnd.choice(words) for _ in range(rnd.randint(0, 9))))
        inputs.append(setup + '\n'.join(lines).encode('utf-8', 'replace'))
    with tempfile.TemporaryDirectory() as d:     # where `save` writes
        for data in inputs:
            p = subprocess.run([os.path.abspath(console), '-q', '-'], input=data, capture_output=True,
                               timeout=60, cwd=d)
            if p.returncode not in (0, 1):
                print('status %d on input %r' % (p.returncode, data[:200]))
                return 1
    print('%d inputs, no crash' % len(inputs))
    return 0


def expect(what, p, out_has, status=1):
    out = p.stdout.decode('utf-8', 'replace')
    if out_has not in out or p.returncode != status:
        print('%s: status %d (expected %d), output without %r:\n%s'
              % (what, p.returncode, status, out_has, out[-2000:]))
        return 1
    return 0


def edges(console):
    bad = 0
    with tempfile.TemporaryDirectory() as d:
        # a FIFO nobody writes to: refused at once, not waited on
        fifo = os.path.join(d, 'fifo')
        os.mkfifo(fifo)
        p = run(console, ['-q', '-'], ('load %s\nprint after\n' % fifo).encode())
        bad += expect('load FIFO', p, 'is not a regular file')
        bad += expect('load FIFO, then on', p, 'after')
    # a NUL byte: the line is refused whole, the next one runs
    p = run(console, ['-q', '-'], b'print one\0two\nprint three\n')
    bad += expect('NUL', p, 'control characters are not allowed (a NUL byte)')
    bad += expect('NUL, then on', p, 'three')
    if b'one' in p.stdout:
        print('NUL: the part before the NUL ran: %r' % p.stdout)
        bad += 1
    # the line limit: 1,024 bytes without the line's end, wherever the line
    # comes from (issue 23 item 5)
    fits, over = 'print ' + 'x' * 1018, 'print ' + 'y' * 1019
    for what, data in [('a line', fits + '\n'), ('a last line', fits),
                       ('a CRLF line', fits + '\r\n'), ('a CRLF last line', fits + '\r')]:
        for via in ('stdin', 'file', 'load'):
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, 'f.skirmish')
                with open(path, 'w', encoding='ascii', newline='') as f:
                    f.write(data)
                if via == 'stdin':
                    p = run(console, ['-q', '-'], data.encode())
                elif via == 'file':
                    p = run(console, ['-q', path])
                else:
                    p = run(console, ['-q', '-'], ('load %s\n' % path).encode())
            bad += expect('%s of 1,024 bytes by %s' % (what, via), p, 'x' * 1018, status=0)
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, 'f.skirmish')
                with open(path, 'w', encoding='ascii', newline='') as f:
                    f.write(data.replace(fits, over))
                p = run(console, ['-q', path])
            bad += expect('%s of 1,025 bytes by file' % what, p, 'line too long')
    # 20,000 figures: every name found, a repeated one refused
    n = 20000
    lines = ['ruleset senso', 'table 1000 1000']
    lines += ['figure f%d player %d at %d %d dv 6' % (i, i % 2, 1 + 2 * (i % 400),
                                                      1 + 2 * (i // 400)) for i in range(n)]
    lines += ['expect-error figure f%d player 0 at 999 999 dv 6' % (n // 2),
              'distance f0 f%d' % (n - 1), 'print set up']
    p = run(console, ['-q', '-'], ('\n'.join(lines) + '\n').encode())
    bad += expect('%d figures' % n, p, 'set up', status=0)
    bad += expect('%d figures, the last found' % n, p, 'f0', status=0)
    if not bad:
        print('FIFO, NUL byte, line limits and %d figures: as documented' % n)
    return 1 if bad else 0


def main():
    a = sys.argv[1:]
    if len(a) == 2 and a[1] == '--fuzz':
        return fuzz(a[0])
    if len(a) == 2 and a[1] == '--edges':
        return edges(a[0])
    status = 0
    if '--status' in a:
        i = a.index('--status')
        status = int(a[i + 1])
        del a[i:i + 2]
    if len(a) != 3:
        print(__doc__)
        return 2
    return compare(a[0], a[1], a[2], status)


if __name__ == '__main__':
    sys.exit(main())
