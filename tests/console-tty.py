#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Types a short game into skirmish-console at a terminal (tmux).

console-tty.py CONSOLE [--no-libedit]

A new player's keystrokes: commands and names finished with Tab, an
earlier command brought back with the up arrow, `help COMMAND`. The
screen must show the completed lines and their answers, never a raw
escape sequence; the history must be in the file afterwards, and a second
session must bring it back. A third, `skirmish-console FILE -`, sets up
from the file and then keeps the prompt, with Tab over the file's
figures, `board`, `undo`, `save` and `open`. Skips (77) without tmux or
when the console was built without libedit.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time


class Screen:
    def __init__(self, sock, cmd, env):
        self.sock = sock
        self.tmux(['new-session', '-d', '-s', 't', '-x', '100', '-y', '50',
                   'env ' + ' '.join('%s=%s' % kv for kv in env.items()) + ' ' + cmd])
        self.prompts = 0
        self.wait_prompt()

    def tmux(self, args):
        return subprocess.run(['tmux', '-S', self.sock] + args, capture_output=True,
                              text=True, timeout=20)

    def text(self):
        return self.tmux(['capture-pane', '-p', '-J', '-S', '-200', '-t', 't']).stdout

    def wait_prompt(self):
        """Waits until one more prompt than before is on the screen."""
        deadline = time.time() + 10
        while time.time() < deadline:
            if self.text().count('skirmish> ') > self.prompts:
                self.prompts = self.text().count('skirmish> ')
                return
            time.sleep(0.05)
        raise TimeoutError('no prompt; the screen:\n' + self.text())

    def keys(self, *keys):
        """Sends keys one by one (text, or tmux key names such as Tab)."""
        for k in keys:
            self.tmux(['send-keys', '-t', 't'] + (['-l', k] if len(k) > 1 and
                                                   k not in ('Tab', 'Enter', 'Up', 'Down')
                                                   else [k]))
            time.sleep(0.08)

    def line(self, *keys):
        self.keys(*keys, 'Enter')
        self.wait_prompt()

    def close(self):
        self.tmux(['kill-server'])


def main():
    console = os.path.abspath(sys.argv[1])
    if not shutil.which('tmux'):
        print('skipped: no tmux')
        return 77
    if '--no-libedit' in sys.argv[2:]:
        print('skipped: the console was built without libedit (Debian: libedit-dev)')
        return 77
    ok = True
    with tempfile.TemporaryDirectory() as d:
        history = os.path.join(d, 'history')
        env = {'SKIRMISH_HISTORY': history, 'HOME': d, 'TERM': 'xterm'}
        s = Screen(os.path.join(d, 'sock'), console, env)
        try:
            s.line('rules', 'Tab', 'sen', 'Tab')              # ruleset senso
            s.line('order 0 1')
            s.line('player 0 Red')
            s.line('player 1 Blue')
            s.line('figure Kenji player 0 at 10 10 preset sam', 'Tab')
            s.line('figure Taro player 1 at 10 20 preset peas', 'Tab')
            s.line('star', 'Tab')                             # start
            s.line('dice 3')
            s.line('shoot Ke', 'Tab', 'Ta', 'Tab')            # shoot Kenji Taro
            s.line('show Ta', 'Tab')                          # show Taro
            s.line('end turn')
            s.line('Up', 'Up')                                # show Taro again
            s.line('statu', 'Tab')                            # status
            s.line('help cos', 'Tab')                         # help cost
            s.line('sho Kenji')                               # a typo
            screen = s.text()
            s.keys('quit', 'Enter')
            time.sleep(0.3)
        finally:
            s.close()
        want = [
            'skirmish> ruleset senso',
            'skirmish> player 0 Red',
            'skirmish> figure Kenji player 0 at 10 10 preset samurai',
            'skirmish> figure Taro player 1 at 10 20 preset peasant',
            'The game starts; order of play: Red, Blue; turn 1: Red to play.',
            'skirmish> shoot Kenji Taro',
            'Kenji (d6, bow) shoots Taro at 9.0": rolls 3',
            'Taro takes 1 ring.',
            'skirmish> show Taro',
            'senso: turn 1, Blue to play, actions phase',
            'skirmish> help cost',
            'example: cost Kenji 16 10',
            "unknown command `sho`; did you mean `show`?",
        ]
        for w in want:
            if w not in screen:
                print('not on the screen: %r' % w)
                ok = False
        if screen.count('#1 Taro (Blue) at (10.00, 20.00)') != 2:
            print('the up arrow did not bring `show Taro` back')
            ok = False
        if '^[' in screen or '\x1b' in screen:
            print('a raw escape sequence is on the screen')
            ok = False
        try:
            with open(history, encoding='utf-8', errors='replace') as f:
                kept = f.read()
        except OSError as e:
            kept = ''
            print('no history file:', e)
        if 'show\\040Taro' not in kept and 'show Taro' not in kept:
            print('the history file does not hold `show Taro`:', kept[:200])
            ok = False
        # a second session brings the history back
        s = Screen(os.path.join(d, 'sock2'), console, env)
        try:
            s.keys('Up', 'Up')
            time.sleep(0.3)
            again = s.text()
            s.keys('Down', 'Down')
        finally:
            s.close()
        if 'skirmish> sho Kenji' not in again:
            print('the second session does not recall the first one\'s lines:')
            print(again)
            ok = False
        # FILE -: the file sets up, the prompt plays on
        setup = os.path.join(d, 'setup.skirmish')
        with open(setup, 'w', encoding='utf-8') as f:
            f.write('ruleset senso\norder 0 1\nplayer 0 Red\nplayer 1 Blue\n'
                    'figure Kenji player 0 at 10 10 preset samurai\n'
                    'figure Taro player 1 at 10 20 preset peasant\nstart\n')
        s = Screen(os.path.join(d, 'sock3'), console + ' -q ' + setup + ' -', env)
        try:
            s.line('show Ke', 'Tab')                          # show Kenji
            s.line('move Kenji 12 10 facing north')
            s.line('board 0 0 24 24')
            s.line('undo')
            s.line('save ' + os.path.join(d, 'g.skg'))
            s.line('open ' + os.path.join(d, 'g.skg'))
            third = s.text()
            s.keys('quit', 'Enter')
            time.sleep(0.3)
        finally:
            s.close()
        for w in ['skirmish> show Kenji', '#0 Kenji (Red) at (10.00, 10.00) facing 0 (east)',
                  'Kenji moves from (10.0, 10.0) to (12.0, 10.0)',
                  'Part of the table, x 0 to 24, y 0 to 24',
                  'undid move by Kenji; senso: turn 1, Red to play',
                  'opened ' + os.path.join(d, 'g.skg') + ': senso: turn 1, Red to play']:
            if w not in third:
                print('FILE -: not on the screen: %r' % w)
                ok = False
        if not ok:
            print('--- the screen ---')
            print(screen)
            print('--- FILE - ---')
            print(third)
    print('typed a game at a terminal: %s' % ('ok' if ok else 'FAILED'))
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
