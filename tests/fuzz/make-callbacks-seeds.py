# SPDX-License-Identifier: MIT
# Writes the seed corpus of fuzz-callbacks (doc/TESTING.md):
#   python3 make-callbacks-seeds.py callbacks-corpus
# contract-WHERE-CALL: the start's first callback of a kind (the roll-off's
# first die, its first event, its first allocation) calls CALL back in, one
# seed for every call the target makes from a callback (doc/API.md's table);
# play-*: short random games; garbage-*: a roller's garbage answers;
# nomem-*: an allocation of the play fails.
import os
import random
import sys

out = sys.argv[1]

# the program's calls from a callback, by their byte (fuzz-callbacks.c)
CALLS = ([('mutating-%02d' % k, k) for k in range(26)] +
         [('probing-%d' % k, 100 + k) for k in range(4)] +
         [('keeping-%d' % k, 120 + k) for k in range(4)] +
         [('array-%d' % k, 150 + k) for k in range(6)] +
         [('free', 200), ('scalar', 210)])


def header(sampson=False, players=2, fail=False, figures=((0, 2, 0, 0, 0), (0, 2, 44, 0, 90))):
    flags = (1 if sampson else 0) | (2 if players == 3 else 0) | (0x30 if fail else 0)
    b = bytes([flags, 1, len(figures) - 2])
    for f in figures:
        b += bytes([v & 255 for v in f])
    return b


def write(name, data):
    with open(os.path.join(out, name), 'wb') as f:
        f.write(data)


CALL_ONCE = 162  # "call back in once"
for name, op in CALLS:
    # the roller: no allocator call-back; the roll-off's first die calls back
    write('contract-roller-' + name, header() + bytes([0, CALL_ONCE, op, 3, 0, 5]))
    # the event callback: two roll-off dice, then the first event calls back
    write('contract-event-' + name, header() + bytes([0, 0, 3, 0, 5, CALL_ONCE, op]))
    # the allocator: the start's first allocation calls back
    write('contract-alloc-' + name, header() + bytes([224, CALL_ONCE, op]))

rnd = random.Random(14)
for sampson in (0, 1):
    for k in range(3):
        figs = [(rnd.randrange(256), rnd.randrange(9), rnd.randrange(-60, 60),
                 rnd.randrange(-60, 60), rnd.randrange(180)) for _ in range(3 + k)]
        b = header(sampson=bool(sampson), players=2 + (k == 2), figures=figs)
        b += bytes(rnd.randrange(256) for _ in range(120))
        write('play-%s-%d' % ('sampson' if sampson else 'senso', k), b)
# garbage: the roll-off's first die is each of the garbage answers
for k in range(8):
    write('garbage-%d' % k, header() + bytes([0, 0, 232 + k]))
# one allocation of the play fails: the 1st, 10th, 100th
for n in (0, 9, 99):
    write('nomem-%d' % (n + 1), header(fail=True) + bytes([n & 255, n >> 8]) +
          bytes(rnd.randrange(256) for _ in range(60)))
write('empty', b'')
