# SPDX-License-Identifier: MIT
"""The OpenSpiel loop from Python, ``acts = g.legal_actions(); g.act(acts[pick])``
with a random pick, against the same loop written in C
(skirmish_game_legal_actions, the pick, skirmish_game_act; compiled into
the extension for this benchmark), and against the binding as it was
before its actions and results became lazy (every legal action a Python
object, every result with its sentence, two C calls to list the actions).
The three loops take the same random picks, so they play the same games.
Best of 3 runs of each, alternating; prints actions per second and both
ratios (targets: Python at least 50% of C, and at least 10x the first
binding). doc/python.md gives the figures."""
import random
import sys
import time
from typing import Any, Callable, List

from python_playouts import army
from skirmish import Action, Game, ffi, lib
from skirmish.results import Result

ACTIONS = 4000
RUNS = 3


def scenario(ruleset: str, per_side: int) -> Game:
    """per_side figures a side, in two lines 40" apart, started."""
    g: Game = army(ruleset, per_side)
    g.start()
    return g


_rng = random.Random(7)
PICKS = [_rng.getrandbits(32) for _ in range(ACTIONS)]
PICKS_C = ffi.new("uint32_t[]", PICKS)


def python_loop(start: Game, n: int) -> None:
    """The loop as a Python user writes it."""
    g = start.clone()
    for pick in PICKS[:n]:
        if g.over:
            g.copy_from(start)
        acts = g.legal_actions()
        g.act(acts[pick % len(acts)])


def c_loop(start: Game, n: int) -> None:
    done = lib._skirmish_py_bench_loop(start._game(), n, PICKS_C)
    if done != n:
        sys.exit("the C loop stopped after %d actions (status %d)" % (max(done, 0), done))


def old_legal_actions(g: Game) -> List[Action]:
    """Game.legal_actions() of the first binding: count, fill, convert all."""
    count = ffi.new("int *")
    lib.skirmish_game_legal_actions(g._game(), -1, ffi.NULL, 0, count)
    n = count[0]
    arr = ffi.new("skirmish_action[]", max(n, 1))
    for i in range(n):
        arr[i].version = lib.SKIRMISH_ACTION_VERSION
    lib.skirmish_game_legal_actions(g._game(), -1, arr, n, count)
    out = []
    for i in range(min(n, count[0])):
        a = Action._from_c(arr + i)
        a.kind            # the old Action made its members at once
        out.append(a)
    return out


def old_act(g: Game, action: Action) -> Result:
    """Game.act() of the first binding: a new C result, then everything in
    it (and the sentence) as Python objects."""
    r = ffi.new("skirmish_result *")
    lib.skirmish_result_init(r, lib.SKIRMISH_RESULT_VERSION)
    c = ffi.new("skirmish_action *")
    c[0] = action._to_c()[0]
    if lib.skirmish_game_act(g._game(), c, r) < 0:
        sys.exit("the old loop's action was refused")
    return Result._from_c(r)


def old_loop(start: Game, n: int) -> None:
    g = start.clone()
    for pick in PICKS[:n]:
        if g.over:
            g.copy_from(start)
        acts = old_legal_actions(g)
        old_act(g, acts[pick % len(acts)])


def best(fn: Callable[[Game, int], None], start: Game, n: int) -> float:
    t = time.perf_counter()
    fn(start, n)
    return time.perf_counter() - t


def benchmark(actions: int = ACTIONS, runs: int = RUNS) -> List[Any]:
    """Prints, for each scenario, the actions per second of the three
    loops and the two ratios; returns the rows."""
    print("python loop: g.act(acts[pick]) of acts = g.legal_actions() against the same "
          "loop in C\n  and the first binding's; best of %d runs of %d actions "
          "(targets: >= 50%% of C, >= 10x the first binding)" % (runs, actions))
    rows = []
    for ruleset, per_side in (("senso", 1), ("senso", 4), ("senso", 12),
                              ("sampson", 4), ("sampson", 12)):
        start = scenario(ruleset, per_side)
        times = {"python": 1e9, "c": 1e9, "old": 1e9}
        for _ in range(runs):
            times["c"] = min(times["c"], best(c_loop, start, actions))
            times["python"] = min(times["python"], best(python_loop, start, actions))
            times["old"] = min(times["old"], best(old_loop, start, actions))
        rate = {k: actions / v for k, v in times.items()}
        rows.append((ruleset, per_side, rate))
        print("  %-7s %2d a side: C %8.0f/s, Python %8.0f/s (%3.0f%% of C), "
              "first binding %6.0f/s (Python %4.1fx)" % (
                  ruleset, per_side, rate["c"], rate["python"],
                  100 * rate["python"] / rate["c"], rate["old"],
                  rate["python"] / rate["old"]))
    return rows


if __name__ == "__main__":
    benchmark()
