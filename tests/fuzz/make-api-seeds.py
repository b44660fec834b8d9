# SPDX-License-Identifier: MIT
# Writes the seed corpus of fuzz-api (doc/TESTING.md): python3 make-api-seeds.py api-corpus
import random, struct, os, sys
out = sys.argv[1]
W = {0:72,1:48}
def u8(v): return bytes([v & 255])
def table_pt(x, y, w=72, d=48):
    dx = round(x*255/w) - 128; dy = round(y*255/d) - 128
    return u8(0) + u8(dx) + u8(dy)
# the bit of the turn limit's byte that asks for a save, load and save at the end
FINAL_SAVE_LOAD = 0x08
# the bit that allows 16 calls of play (else 8)
LONG_PROGRAM = 0x10
def header(sampson, players=2, umpire=False, turn_limit=0, order=0, seed=1, final=False, long=False):
    flags = (1 if sampson else 0) | (2 if umpire else 0)
    return u8(flags) + u8(players-2) + u8(turn_limit | (FINAL_SAVE_LOAD if final else 0) | (LONG_PROGRAM if long else 0)) + u8(0) + u8(0) + u8(order) + struct.pack('<Q', seed)
def figure(sampson, preset, player, x, y, facing_deg, mounted=False, missile=None):
    flags = 0x40 if mounted else 0
    if sampson and missile is not None: flags |= 0x20
    b = u8(0) + u8(flags) + u8(preset) + u8(player) + table_pt(x, y) + u8(facing_deg//2)
    if sampson:
        if missile is not None: b += u8(missile)
        b += u8(1)
    return b
def terrain(x, y, flags):
    # op 4: shape, flags, height, penalty, point(how dx dy), width, depth, angle, radius, npoints, points?
    return u8(4) + u8(0) + u8(flags) + u8(0) + u8(1) + table_pt(x, y) + u8(4) + u8(6) + u8(0) + u8(0) + u8(0) + u8(0)
START = u8(8)
def play_legal(i): return u8(7) + u8(251) + u8(i)  # figure -1, act here
def play(op, *rest): return u8(op) + bytes(rest)
def seed_file(name, data):
    open(os.path.join(out, name), 'wb').write(data)

rnd = random.Random(5)
for sampson in (0, 1):
    for k in range(3):
        b = header(sampson, players=2 + (k == 2), umpire=(k==1 and not sampson), turn_limit=k*2, order=k % 2, seed=100+k,
                   final=(k == 0))  # a third of the seeds end with a save and load
        b += figure(sampson, 2, 0, 30, 20, 90, missile=0)
        b += figure(sampson, 7, 0, 33, 20, 90)
        b += figure(sampson, 3 if not sampson else 4, 0, 36, 20, 90, mounted=(k==0))
        b += figure(sampson, 5 if not sampson else 8, 1, 30, 26, 270, missile=1)
        b += figure(sampson, 8, 1, 33, 24, 270)
        if k == 2:
            b += figure(sampson, 1 if not sampson else 0, 2, 50, 30, 180)
        b += terrain(40, 24, 3 if k else 0x88)
        b += u8(5) + table_pt(20, 10)  # objective
        b += START
        for j in range(16):  # short: CI fuzzes with -max_len=192
            r = rnd.random()
            if r < 0.5:
                b += play_legal(rnd.randrange(256))
            elif r < 0.75:
                b += play(rnd.randrange(6), *[rnd.randrange(256) for _ in range(12)])
            else:
                b += play(rnd.randrange(8, 16), *[rnd.randrange(256) for _ in range(6)])
        seed_file('%s-%d' % ('sampson' if sampson else 'senso', k), b)
seed_file('empty', b'')
seed_file('setup-only', header(0, final=True) + figure(0, 2, 0, 10, 10, 0) + figure(0, 2, 1, 11, 10, 0))
# melees from the start: two enemies set up 1" apart (a "how" of 200: near
# the figure before), then end phase and fight in turn, to reach the fights
# (Sampson Ships' Melee phase, push-backs) within a short program
def near(sampson, preset, player, dx40, dy40, facing_deg, missile=None):
    flags = 0x20 if sampson and missile is not None else 0
    b = u8(0) + u8(flags) + u8(preset) + u8(player) + u8(200) + u8(dx40) + u8(dy40) + u8(facing_deg//2)
    if sampson:
        if missile is not None: b += u8(missile)
        b += u8(1)
    return b
def raw(kind, fig, target, odds=False):
    # op 0 (an action of the input): kind, figure, target, facing, 1 point near the figure, odds?
    return u8(0) + u8(kind) + u8(fig) + u8(target) + u8(0) + u8(1) + u8(0) + u8(0) + u8(0) + u8(0 if odds else 255)
END_PHASE, FIGHT, CHARGE = 7, 3, 9
for sampson in (0, 1):
    b = header(sampson, seed=7, long=True)
    b += figure(sampson, 7, 0, 30, 20, 90) + near(sampson, 7, 1, 40, 0, 270)
    b += near(sampson, 8, 0, 0, 44, 90) + near(sampson, 2, 1, 44, 0, 270)
    b += START
    for j in range(6):
        b += raw(FIGHT, j % 2, 1 - j % 2, odds=j < 2) + raw(END_PHASE, 0, 0)
    b += raw(CHARGE, 2, 1)
    seed_file('%s-melee' % ('sampson' if sampson else 'senso'), b)
