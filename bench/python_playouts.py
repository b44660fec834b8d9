# SPDX-License-Identifier: MIT
"""Batch playouts called from Python (the binding's Game.playouts) against
the same C function called with the same game and options directly through
the cffi lib object, alternating, best of 5 (doc/PERFORMANCE.md). Prints
the ratio of the two rates (target: at least 90%)."""
import sys
import time
from typing import Any

from skirmish import Game, ffi, lib

GAMES = 20


def army(ruleset: str, per_side: int = 12) -> Game:
    """per_side figures a side, in two lines 40" apart (in setup)."""
    g = Game(ruleset, seed=3, player_order=[0, 1])
    for i in range(per_side):
        x, y = 36 - per_side + 2.0 * i + 1, 4.0
        if ruleset == "senso":
            g.add_figure(0, x, y, 90, preset="samurai" if i % 2 else "ashigaru_yari")
            g.add_figure(1, x, 48 - y, 270, preset="ashigaru_bow" if i % 2 else "monk")
        else:
            g.add_figure(0, x, y, 90, melee_weapon="spear", shield=True,
                         missile_weapon="short bow" if i % 2 else None)
            g.add_figure(1, x, 48 - y, 270, melee_weapon="spear", shield=True,
                         missile_weapon="javelin" if i % 2 else None)
    return g


def direct(g: Game) -> Any:
    opt = ffi.new("skirmish_playout_options *")
    lib.skirmish_playout_options_init(opt, lib.SKIRMISH_PLAYOUT_OPTIONS_VERSION)
    opt.games = GAMES
    opt.seed = 11
    st = ffi.new("skirmish_playout_stats *")
    lib.skirmish_playout_stats_init(st, lib.SKIRMISH_PLAYOUT_STATS_VERSION)
    if lib.skirmish_game_playouts(g._game(), opt, st) < 0:
        sys.exit("playouts failed")
    return st.actions


def main() -> None:
    print("python: batch playouts from Python (Game.playouts) against the same C "
          "call\n        through cffi, %d games of 12 against 12 (target >= 90%%)" % GAMES)
    for ruleset in ("senso", "sampson"):
        g = army(ruleset)
        best_py = best_c = 1e9
        for _ in range(5):
            t = time.perf_counter()
            st = g.playouts(GAMES, seed=11)
            best_py = min(best_py, time.perf_counter() - t)
            t = time.perf_counter()
            actions = direct(g)
            best_c = min(best_c, time.perf_counter() - t)
            if actions != st.actions:
                sys.exit("the two calls played different games")
        print("  %-8s Python / C speed = %.1f%% (%d actions a batch)"
              % (ruleset, 100.0 * best_c / best_py, actions))


if __name__ == "__main__":
    main()
